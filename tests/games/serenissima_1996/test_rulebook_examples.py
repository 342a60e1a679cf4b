"""Every worked example of the 1996 rulebooks, and the rule statements that carry numbers.

Rulebooks: serenissima-1996.en.txt ("EN") and serenissima-1996.fr.txt ("FR", the fuller text).
Positions are staged by hand (helpers.Stage) and dice are scripted by the faces they show
(helpers.script). In the 4-player line-up the seats are Venetian 0, Genoese 1, Spaniard 2 and
Turk 3.
"""

from __future__ import annotations

import json

import pytest

from arsenale.core.decisions import Decision
from arsenale.core.errors import IllegalAction, OptionError
from arsenale.games.serenissima_1996 import flow
from arsenale.games.serenissima_1996.board import GOODS
from arsenale.games.serenissima_1996.state import Serenissima1996State

from .helpers import (
    BOARD,
    GAME,
    GENOESE,
    SPANIARD,
    TURK,
    VENETIAN,
    Stage,
    area,
    area_of,
    check_invariants,
    deployed,
    good,
    kinds,
    notations,
    port,
    sailors_on_board,
    script,
)


def cargo(s, number, name):
    return s.cargo[7 * (number - 1) + good(name)]


def warehouse(s, name):
    mask = s.warehouse[port(name)]
    return {g for g in GOODS if mask >> good(g) & 1}


# -- set-up ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "options", "nations", "rounds"),
    [
        (2, {}, ["venetians", "genoese"], 12),
        (2, {"nations": "spanish-turks"}, ["spanish", "turks"], 12),
        (3, {}, ["venetians", "genoese", "spanish"], 10),
        (4, {}, ["venetians", "genoese", "spanish", "turks"], 8),
    ],
)
def test_starting_nations_rounds_and_pieces(players, options, nations, rounds):
    """EN, Introduction and Starting; FR, DEROULEMENT GENERAL DE LA PARTIE and POSITIONS DE
    DEPART: 8 rounds with 4 players, 10 with 3, 12 with 2; with 2 players the Venetians and the
    Genoese (historical option) or the Spanish and the Turks; with 3 the Venetians, Genoese and
    Spanish. Each player has 2 galleys in the area of his capital, 10 sailors and 2000 ducats;
    every other port is neutral."""
    s = GAME.new_game(players, 5, options)
    assert s.rounds == rounds
    assert [BOARD.nation_ids[n] for n in s.nation] == nations
    assert s.money == [2000] * players
    s = deployed(players, 5, options, split=(4, 2))
    capitals = {BOARD.nation_capital[n] for n in s.nation}
    for seat in range(players):
        home = s.capital_of(seat)
        assert (
            BOARD.port_ids[home]
            == {
                "venetians": "venezia",
                "genoese": "genova",
                "spanish": "valencia",
                "turks": "istanbul",
            }[nations[seat]]
        )
        galleys = s.galleys_of(seat)
        assert len(galleys) == 2
        assert {s.g_area[g] for g in galleys} == {BOARD.port_area[home]}
        assert sorted(s.g_sailors[g] for g in galleys) == [2, 4]
        assert s.garrison[home] == 10 - 6 and s.owner[home] == seat
        assert s.money[seat] == 2000
    assert all(o == -1 for p, o in enumerate(s.owner) if p not in capitals)
    assert s.round == 1 and s.stack[-1].kind == "bid"
    check_invariants(s)


def test_nations_option_is_for_two_players_only():
    """EN/FR, Starting: the choice of Spanish and Turks exists only in the 2-player game."""
    with pytest.raises(OptionError):
        GAME.new_game(3, 1, {"nations": "spanish-turks"})
    with pytest.raises(OptionError):
        GAME.new_game(2, 1, {"nations": "genoese-turks"})


def test_deployment_is_secret_and_simultaneous():
    """EN, Starting ("The sailors can be placed either on the galleys or in the main town"),
    RULINGS R2: every player splits his 10 sailors at once and in secret; each galley needs
    1 to 5 sailors (5 pieces a galley, at least one a sailor); the rest defends the capital.
    Nobody sees another's split until all are in."""
    s = GAME.new_game(3, 11)
    assert s.to_move() == (0, 1, 2)
    legal = notations(s, 0)
    assert {"deploy 1 1", "deploy 5 5", "deploy 3 4"} <= legal
    assert not any(n in legal for n in ("deploy 0 5", "deploy 6 1", "deploy 6 4"))
    before = s.view(1)
    s.apply(0, "deploy 5 2")
    after = s.view(1)
    assert "my_submission" not in after and s.view(0)["my_submission"]["first"] == 5
    assert after["decision"]["submitted"] == [0]
    assert {k: v for k, v in after.items() if k not in ("ply", "to_move", "decision")} == {
        k: v for k, v in before.items() if k not in ("ply", "to_move", "decision")
    }
    assert after["galleys"] == [], "no galley is placed before every split is in"
    with pytest.raises(IllegalAction):
        s.apply(0, "deploy 1 1")  # one secret choice each
    s.apply(2, "deploy 1 1")
    events = s.apply(1, "deploy 5 5")
    deployed_ = {e["seat"]: e for e in events if e["type"] == "deployed"}
    assert deployed_[0]["galleys"] == [5, 2] and deployed_[0]["capital"] == 3
    assert deployed_[1]["galleys"] == [5, 5] and deployed_[1]["capital"] == 0
    assert deployed_[2]["galleys"] == [1, 1] and deployed_[2]["capital"] == 8
    assert s.box == 176 - 30, "the 30 sailors handed out come from the one box"
    check_invariants(s)


# -- phase 1: bids --------------------------------------------------------------------------------


def test_bid_example():
    """EN, Phase 1, example; FR, Phase 1, Exemple: the Venetian bids 300, the Turk 500, the
    Genoese and the Spaniard nothing. The Turk, highest, takes IV; the Venetian takes I; the
    Genoese rolls a 6 and the Spaniard a 2, so the Genoese chooses II and the Spaniard is
    third. The bids go to the bank; until every bid is in, nobody sees another's."""
    s = deployed()
    quiet = s.view(VENETIAN)
    s.apply(TURK, "bid 500")
    for other in (VENETIAN, GENOESE, SPANIARD, None):
        view = s.view(other)
        assert "my_submission" not in view
        assert view["decision"]["submitted"] == [TURK]
        assert "500" not in json.dumps(view["decision"])
    assert s.view(TURK)["my_submission"] == {"kind": "bid", "ducats": 500}
    view = s.view(VENETIAN)
    assert view["players_info"] == quiet["players_info"] and view["ports"] == quiet["ports"]
    assert s.money[TURK] == 2000, "paid only when the bids are revealed"

    s.apply(VENETIAN, "bid 300")
    s.apply(GENOESE, "bid 0")
    dice = script(s, 6, 2)  # rolled by the Genoese, then the Spaniard
    events = s.apply(SPANIARD, "bid 0")
    assert not dice.values, "only the two players who bid nothing roll"
    assert {"type": "bids", "bids": [300, 0, 0, 500]} in events
    assert {"type": "dice", "rolls": {str(GENOESE): 6, str(SPANIARD): 2}} in events
    assert s.money == [1700, 2000, 2000, 1500]

    assert s.to_move() == (TURK,) and notations(s, TURK) == {f"position {k}" for k in (1, 2, 3, 4)}
    with pytest.raises(IllegalAction):
        s.apply(VENETIAN, "position 1")  # the Turk chooses first
    s.apply(TURK, "position 4")
    assert s.to_move() == (VENETIAN,) and notations(s, VENETIAN) == {
        "position 1",
        "position 2",
        "position 3",
    }
    s.apply(VENETIAN, "position 1")
    assert s.to_move() == (GENOESE,) and notations(s, GENOESE) == {"position 2", "position 3"}
    events = s.apply(GENOESE, "position 2")
    assert {"type": "place", "seat": SPANIARD, "place": 3} in events
    assert s.order == [VENETIAN, GENOESE, SPANIARD, TURK]
    assert s.view(None)["order"] == [VENETIAN, GENOESE, SPANIARD, TURK]
    assert s.phase == 2 and s.stack[-1] == Decision("purchases", (VENETIAN,))
    check_invariants(s)


def test_tied_bids_roll_the_die_highest_chooses_first():
    """EN/FR, Phase 1: players who bid the same sum throw the die, the highest roll choosing
    first (RULINGS R3: a tie of the dice rolls again)."""
    s = deployed()
    s.apply(VENETIAN, "bid 100")
    s.apply(GENOESE, "bid 200")
    s.apply(SPANIARD, "bid 100")
    # Genoese and Turk (200) roll 3 and 3, then 5 and 2; Venetian and Spaniard (100) 1 and 4
    dice = script(s, 3, 3, 5, 2, 1, 4)
    s.apply(TURK, "bid 200")
    assert not dice.values
    assert s.to_move() == (GENOESE,), "the Genoese won the reroll 5 to 2"
    s.apply(GENOESE, "position 1")
    assert s.to_move() == (TURK,)
    s.apply(TURK, "position 2")
    assert s.to_move() == (SPANIARD,), "the Spaniard rolled 4 against the Venetian's 1"
    s.apply(SPANIARD, "position 4")
    assert s.order == [GENOESE, TURK, VENETIAN, SPANIARD]


def test_bids_cannot_exceed_the_treasury():
    """EN/FR, Phase 1: a player bids ducats he has (RULINGS R9: in steps of 100)."""
    s = Stage().capitals().money(GENOESE, 450).bidding()
    assert notations(s, GENOESE) == {"bid 0", "bid 100", "bid 200", "bid 300", "bid 400"}
    with pytest.raises(IllegalAction):
        s.apply(GENOESE, "bid 500")


def test_a_bid_may_be_any_sum_the_bidder_holds():
    """EN Phase 1: "each player puts in his hand a chosen sum of ducats"; FR: "chaque joueur
    mise en secret une somme d'argent". The text sets no ceiling, so none binds a player: a
    bid runs up to the bidder's whole treasury, whatever it is (RULINGS R9 once capped bids
    at 30,000; the catalogue now reaches the most ducats a player can ever hold)."""
    s = Stage().capitals().money(GENOESE, 45_000).bidding()
    bids = {n for n in notations(s, GENOESE) if n.startswith("bid ")}
    assert len(bids) == 451 and "bid 45000" in bids and "bid 45100" not in bids
    s.apply(GENOESE, "bid 45000")
    top = BOARD.money_bound()
    assert s.game.actions.bid[-1]["ducats"] == top == 98_000


# -- phase 2: buying ------------------------------------------------------------------------------


def test_buying_at_a_neutral_or_own_port_costs_100_paid_to_the_bank():
    """EN/FR, Phase 2, Purchase prices: 100 ducats a cube at a neutral port or one's own, paid
    to the bank; only the port's own good; placed at once on a galley in its area."""
    st = Stage().capitals()
    st.port("crete", VENETIAN, 1)
    st.galley(1, VENETIAN, "crete", 2).galley(2, GENOESE, "smyrna", 1)
    s = st.phase(2, VENETIAN)
    legal = notations(s, VENETIAN)
    assert "buy wine g1" in legal and not any(n.startswith("buy cloth") for n in legal)
    events = s.apply(VENETIAN, "buy wine g1")
    assert events == [
        {"type": "bought", "seat": VENETIAN, "good": "wine", "galley": 1, "ducats": 100}
    ]
    assert s.money == [1900, 2000, 2000, 2000] and s.supply[good("wine")] == 14
    s.apply(VENETIAN, "done")
    assert s.to_move() == (GENOESE,)
    s.apply(GENOESE, "buy cloth g2")  # Smyrna is neutral
    assert s.money[GENOESE] == 1900 and cargo(s, 2, "cloth") == 1
    check_invariants(s)


def crete_purchase(offer_owner=VENETIAN):
    st = Stage().capitals()
    st.port("crete", offer_owner, 1)
    st.galley(1, VENETIAN, "aegean-sea", 2).galley(3, GENOESE, "crete", 1)
    s = st.phase(2, GENOESE)
    s.apply(GENOESE, "buy wine g3")
    return s


def test_price_at_another_players_port_between_100_and_300():
    """EN/FR, Phase 2, Purchase prices: at a port another player controls, without a monopoly,
    he sets the price between 100 and 300 ducats, and he receives it; he cannot refuse to sell
    (EN, Purchase of trade goods: "A player can never prevent another player from buying")."""
    s = crete_purchase()
    assert s.to_move() == (VENETIAN,) and s.stack[-1].kind == "offer"
    assert notations(s, VENETIAN) == {"price 100", "price 200", "price 300"}
    assert s.money == [2000] * 4, "nothing is paid before the deal is done"
    s.apply(VENETIAN, "price 300")
    assert s.to_move() == (GENOESE,)
    assert notations(s, GENOESE) == {"accept", "counter 100", "counter 200", "refuse"}
    events = s.apply(GENOESE, "accept")
    assert events[-1]["type"] == "deal_done" and events[-1]["ducats"] == 300
    assert s.money[GENOESE] == 1700 and s.money[VENETIAN] == 2300
    assert cargo(s, 3, "wine") == 1 and s.supply[good("wine")] == 14
    assert s.stack[-1] == Decision("purchases", (GENOESE,))
    check_invariants(s)


def test_monopoly_price_up_to_1000():
    """EN/FR, Phase 2, Purchase prices: a player who controls every port producing a good (one
    port for gems, two for gold and spices, ...) sets its price between 100 and 1000."""
    st = Stage().capitals()
    st.port("cyrene", TURK, 1).port("tunis", TURK, 1)
    st.galley(3, GENOESE, "cyrene", 1).galley(4, GENOESE, "tunis", 1)
    s = st.phase(2, GENOESE)
    s.apply(GENOESE, "buy gems g3")
    assert notations(s, TURK) == {f"price {100 * k}" for k in range(1, 11)}
    s.apply(TURK, "price 1000")
    s.apply(GENOESE, "accept")
    assert s.money[GENOESE] == 1000 and s.money[TURK] == 3000
    s.apply(GENOESE, "buy gold g4")  # Tripoli, the other gold port, is neutral: no monopoly
    assert notations(s, TURK) == {"price 100", "price 200", "price 300"}


def test_counter_offer_accepted():
    """EN/FR, Purchase prices: the buyer may make a (lower) counter offer, which the seller may
    accept; the buyer then pays the counter offer."""
    s = crete_purchase()
    s.apply(VENETIAN, "price 300")
    s.apply(GENOESE, "counter 200")
    assert s.to_move() == (VENETIAN,) and notations(s, VENETIAN) == {"accept", "refuse"}
    assert s.money == [2000] * 4
    s.apply(VENETIAN, "accept")
    assert s.money[GENOESE] == 1800 and s.money[VENETIAN] == 2200
    assert cargo(s, 3, "wine") == 1


@pytest.mark.parametrize("last_word", ["accept", "refuse"])
def test_counter_offer_refused_buyer_takes_first_price_or_gives_up(last_word):
    """EN/FR, Purchase prices: if the seller refuses the counter offer, the buyer either accepts
    the seller's first price or does not buy ("offer, purchase or counter offer, purchase or a
    refusal to purchase"); money moves only when a deal is done."""
    s = crete_purchase()
    s.apply(VENETIAN, "price 200")
    s.apply(GENOESE, "counter 100")
    events = s.apply(VENETIAN, "refuse")
    assert kinds(events) == ["counter_refused"]
    assert s.to_move() == (GENOESE,) and notations(s, GENOESE) == {"accept", "refuse"}
    assert s.money == [2000] * 4
    s.apply(GENOESE, last_word)
    if last_word == "accept":
        assert s.money[GENOESE] == 1800 and s.money[VENETIAN] == 2200
        assert cargo(s, 3, "wine") == 1
    else:
        assert s.money == [2000] * 4 and cargo(s, 3, "wine") == 0
        assert s.supply[good("wine")] == 15
    assert s.stack[-1] == Decision("purchases", (GENOESE,))
    check_invariants(s)


def test_buyer_may_refuse_the_first_price():
    """EN/FR, Purchase prices: the buyer may decline the price outright; nothing moves."""
    s = crete_purchase()
    s.apply(VENETIAN, "price 100")
    assert "counter 100" not in notations(s, GENOESE), "a counter offer is lower than the price"
    s.apply(GENOESE, "refuse")
    assert s.money == [2000] * 4 and cargo(s, 3, "wine") == 0


def test_trade_between_players_outside_the_high_seas():
    """EN/FR, Special rules: players with galleys in the same area may sell each other goods
    aboard, except in the 4 high-seas areas; free price, same protocol (offer, purchase or
    counter offer, purchase or refusal); the buyer pays the seller."""
    for high_seas, coastal in (("western-basin", "ligurian-sea"), ("ionian-sea", "south-adriatic")):
        assert BOARD.area_high_seas[area(high_seas)] and not BOARD.area_high_seas[area(coastal)]
        st = Stage().capitals()
        st.galley(1, VENETIAN, high_seas, 2, iron=1).galley(3, GENOESE, high_seas, 2, wine=1)
        s = st.phase(2, VENETIAN)
        assert not any(a.kind == "trade" for a in s.legal_actions(VENETIAN))

        st = Stage().capitals()
        st.galley(1, VENETIAN, coastal, 2, iron=1).galley(3, GENOESE, coastal, 2, wine=1)
        s = st.phase(2, VENETIAN)
        legal = notations(s, VENETIAN)
        assert {"trade iron g1 g3", "trade wine g3 g1"} <= legal

    s.apply(VENETIAN, "trade iron g1 g3")  # the Venetian sells: he names the price
    assert s.to_move() == (VENETIAN,) and "price 700" in notations(s, VENETIAN)
    s.apply(VENETIAN, "price 700")
    s.apply(GENOESE, "counter 400")
    s.apply(VENETIAN, "accept")
    assert s.money[VENETIAN] == 2400 and s.money[GENOESE] == 1600
    assert cargo(s, 1, "iron") == 0 and cargo(s, 3, "iron") == 1
    s.apply(VENETIAN, "trade wine g3 g1")  # the Venetian buys: the Genoese is asked a price
    assert s.to_move() == (GENOESE,) and "refuse" in notations(s, GENOESE)
    s.apply(GENOESE, "refuse")  # a player is never obliged to sell (FR, REGLES PARTICULIERES)
    assert cargo(s, 3, "wine") == 1 and s.to_move() == (VENETIAN,)
    check_invariants(s)


def test_prices_between_players_are_free_bounded_by_what_the_buyer_can_pay():
    """FR, REGLES PARTICULIERES ("Le prix de vente et d'achat est entièrement libre"); EN,
    Special rules ("The players decide the sale and purchase prices"): a price between players
    has no cap of its own (RULINGS R8). The seller may ask any sum in 100-ducat coins, up to the
    most any player can hold in a game; the buyer accepts only what he can pay and counters
    with no more than he has."""
    bound = BOARD.money_bound()
    assert bound == GAME.actions.max_price * 100 and bound >= 50_000
    st = Stage().capitals().money(GENOESE, 6000)
    st.galley(1, VENETIAN, "ligurian-sea", 2, gems=1).galley(3, GENOESE, "ligurian-sea", 2)
    s = st.phase(2, VENETIAN)
    s.apply(VENETIAN, "trade gems g1 g3")
    legal = notations(s, VENETIAN)
    assert {"price 0", "price 3100", "price 5000", f"price {bound}"} <= legal
    with pytest.raises(IllegalAction):
        s.apply(VENETIAN, f"price {bound + 100}")  # no game holds that sum: not a move

    rich = s.clone()
    rich.apply(VENETIAN, "price 5000")
    assert "accept" in notations(rich, GENOESE)
    rich.apply(GENOESE, "accept")
    assert rich.money[VENETIAN] == 7000 and rich.money[GENOESE] == 1000
    assert cargo(rich, 3, "gems") == 1
    check_invariants(rich)

    s.apply(VENETIAN, "price 7000")  # more than the Genoese has
    legal = notations(s, GENOESE)
    assert "accept" not in legal and "counter 6000" in legal and "counter 6100" not in legal
    with pytest.raises(IllegalAction) as refused:
        s.apply(GENOESE, "accept")
    assert refused.value.reason == "you cannot pay 7000 ducats: you have 6000"
    with pytest.raises(IllegalAction) as refused:
        s.apply(GENOESE, "counter 6500")
    assert refused.value.reason == (
        "you cannot pay more than your 6000 ducats; the range now: counter offer in ducats 0 to 6,000 in steps of 100"
    )
    s.apply(GENOESE, "counter 6000")
    s.apply(VENETIAN, "accept")
    assert s.money[VENETIAN] == 8000 and s.money[GENOESE] == 0
    check_invariants(s)


def test_barter_is_one_offer_of_goods_for_goods_taken_or_refused_whole():
    """EN, Special rules ("Can players sell or barter goods between each other?"); FR, REGLES
    PARTICULIERES ("échanger ou se vendre des marchandises"): players whose galleys share an
    area outside the high seas may exchange goods for goods. The rulebooks give no procedure
    (RULINGS R33): the player on turn puts one offer together, cubes of his galley for cubes of
    the other's, and the other player accepts or refuses it as a whole; nothing moves before.
    One offer per pair of galleys and turn; both galleys must hold the result."""
    st = Stage().capitals()
    st.galley(1, VENETIAN, "ligurian-sea", 2, iron=2).galley(3, GENOESE, "ligurian-sea", 3, gems=1)
    st.galley(5, VENETIAN, "western-basin", 2, iron=1).galley(
        7, GENOESE, "western-basin", 2, gold=1
    )
    s = st.phase(2, VENETIAN)
    legal = notations(s, VENETIAN)
    assert "barter g1 g3" in legal and "barter g5 g7" not in legal, "not on the high seas"
    s.apply(VENETIAN, "barter g1 g3")
    assert notations(s, VENETIAN) == {"offer iron", "ask gems", "cancel"}
    s.apply(VENETIAN, "offer iron")
    s.apply(VENETIAN, "offer iron")
    with pytest.raises(IllegalAction) as refused:
        s.apply(VENETIAN, "propose")
    assert refused.value.reason.startswith("a barter gives goods for goods")
    s.apply(VENETIAN, "ask gems")
    with pytest.raises(IllegalAction) as refused:  # both irons are offered already
        s.apply(VENETIAN, "offer iron")
    assert refused.value.reason == "galley 1 has no more iron to offer"
    s.apply(VENETIAN, "propose")
    assert s.to_move() == (GENOESE,) and notations(s, GENOESE) == {"accept", "refuse"}
    assert cargo(s, 1, "iron") == 2 and cargo(s, 3, "gems") == 1, "nothing moves before"
    assert s.view(SPANIARD)["deal"]["give"] == {"iron": 2}

    refused_ = s.clone()
    refused_.apply(GENOESE, "refuse")
    assert cargo(refused_, 1, "iron") == 2 and cargo(refused_, 3, "gems") == 1
    assert refused_.to_move() == (VENETIAN,)
    with pytest.raises(IllegalAction) as refused:
        refused_.apply(VENETIAN, "barter g1 g3")
    assert "one offer a pair of galleys and turn (RULINGS.md R33)" in refused.value.reason

    s.apply(GENOESE, "accept")
    assert cargo(s, 1, "iron") == 0 and cargo(s, 1, "gems") == 1
    assert cargo(s, 3, "iron") == 2 and cargo(s, 3, "gems") == 0
    assert s.money == [2000] * 4 and s.to_move() == (VENETIAN,)
    check_invariants(s)

    st = Stage().capitals()
    st.galley(1, VENETIAN, "ligurian-sea", 1, iron=2).galley(3, GENOESE, "ligurian-sea", 3, gems=2)
    s = st.phase(2, VENETIAN)
    s.apply(VENETIAN, "barter g1 g3")
    for word in ("offer iron", "offer iron", "ask gems"):
        s.apply(VENETIAN, word)
    with pytest.raises(IllegalAction) as refused:
        s.apply(VENETIAN, "propose")
    assert refused.value.reason == (
        "galley 3 could not hold the result: 5 pieces a galley, at most 4 goods"
    )
    s.apply(VENETIAN, "cancel")
    assert s.stack[-1].kind == "purchases" and "barter g1 g3" not in notations(s, VENETIAN)


def test_fifteen_cubes_per_good():
    """FR, COMPOSITION DU JEU (15 pieces of each colour) and EN, Purchase of trade goods:
    once a good's pieces are all out of the box none can be bought, though a player holding one
    may still sell it to another player."""
    assert BOARD.cubes == (15,) * 7
    st = Stage().capitals()
    st.galley(1, VENETIAN, "crete", 4).galley(3, GENOESE, "crete", 1, wine=1)
    s = st.phase(2, VENETIAN)
    assert s.supply[good("wine")] == 14
    assert "buy wine g1" in notations(s, VENETIAN)
    s.supply[good("wine")] = 0  # as if the 14 others were on galleys and in warehouses
    s._legal = None
    legal = notations(s, VENETIAN)
    assert "buy wine g1" not in legal
    assert "trade wine g3 g1" in legal


def test_five_pieces_per_galley_at_least_one_a_sailor():
    """EN/FR, Phase 2, Purchase of trade goods and Placing playing pieces: at most 5 pieces,
    sailors and goods, per galley, at least one of them a sailor, so at most 4 goods (a galley
    left without a sailor by a transfer sinks with its goods, FR Transfert de pions: here the
    other two galleys could not take the 10 wood, so galley 1 keeps its sailor)."""
    st = Stage().capitals()
    st.galley(1, VENETIAN, "crete", 1, wood=3).galley(2, VENETIAN, "crete", 2, wood=3)
    st.galley(3, VENETIAN, "crete", 1, wood=4)
    s = st.phase(2, VENETIAN)
    legal = notations(s, VENETIAN)
    assert "buy wine g1" in legal
    assert "buy wine g2" not in legal and "buy wine g3" not in legal
    crete = area_of("crete")
    arranging = s.clone()
    arranging.apply(VENETIAN, f"arrange {crete}")
    with pytest.raises(IllegalAction) as refused:
        arranging.apply(VENETIAN, "next")
    assert refused.value.reason == "the pieces left would not fit on the galleys after galley 1"
    for _ in range(4):
        arranging.apply(VENETIAN, "put wood")
    with pytest.raises(IllegalAction) as refused:
        arranging.apply(VENETIAN, "put wood")
    assert refused.value.reason == (
        "galley 1 holds 4 goods: at most 4 goods a galley, the fifth piece a sailor"
    )
    arranging.apply(VENETIAN, "put sailor")
    with pytest.raises(IllegalAction) as refused:
        arranging.apply(VENETIAN, "put sailor")
    assert refused.value.reason == "galley 1 is full: 5 pieces a galley"
    assert "put sailor" not in notations(arranging, VENETIAN)
    s.apply(VENETIAN, "buy wine g1")
    assert s.g_goods[0] == 4 and "buy wine g1" not in notations(s, VENETIAN)
    assert f"arrange {crete}" not in notations(s, VENETIAN), "every galley full: nothing moves"
    check_invariants(s)


def test_discarding_goods_and_sailors():
    """EN/FR, Special rules (discarding): goods may be thrown back into the box to make room,
    for nothing; sailors may be discarded from a galley in a port area, keeping one aboard: to
    the garrison in one's own port, back to the box in another player's port."""
    st = Stage().capitals()
    st.port("crete", TURK, 2)
    st.galley(1, VENETIAN, "crete", 3, wine=1).galley(2, VENETIAN, "venezia", 2, iron=1)
    st.galley(3, VENETIAN, "ionian-sea", 2, gold=1)
    s = st.phase(2, VENETIAN)
    legal = notations(s, VENETIAN)
    venezia = area_of("venezia")
    assert {
        "discard wine g1",
        "discard gold g3",
        "discard sailor g1",
        f"arrange {venezia}",
    } <= legal
    assert "discard sailor g3" not in legal, "no port in the high seas"
    assert "discard sailor g2" not in legal, "in one's own port the sailor joins the garrison"
    s.apply(VENETIAN, "discard wine g1")
    s.apply(VENETIAN, "discard sailor g1")
    s.apply(VENETIAN, "discard sailor g1")
    assert s.g_sailors[0] == 1 and "discard sailor g1" not in notations(s, VENETIAN)
    assert s.garrison[port("crete")] == 2, "the Turk's garrison does not grow"
    for word in (f"arrange {venezia}", "put sailor", "put iron", "next"):
        s.apply(VENETIAN, word)
    assert s.garrison[port("venezia")] == 5 and s.g_sailors[1] == 1
    assert s.supply[good("wine")] == 15 and s.money[VENETIAN] == 2000
    check_invariants(s)


# -- phase 2: hiring and building -----------------------------------------------------------------


def test_hiring_example_smyrna():
    """EN, Hiring of sailors, example; FR, Enrôlement de marins, Exemple: Smyrna holds 3 goods
    in its warehouse, so its owner may hire 1, 2 or 3 sailors there this round, not 4; 100
    ducats each, to the garrison or to a galley in its area."""
    st = Stage().capitals()
    st.port("smyrna", TURK, 1, goods=("wine", "iron", "spices"))
    st.galley(7, TURK, "smyrna", 1)
    s = st.phase(2, TURK)
    assert {"hire smyrna", "hire g7"} <= notations(s, TURK)
    s.apply(TURK, "hire smyrna")
    s.apply(TURK, "hire g7")
    events = s.apply(TURK, "hire smyrna")
    assert events == [{"type": "hired", "seat": TURK, "port": "smyrna", "to": "garrison"}]
    assert s.money[TURK] == 1700
    assert s.garrison[port("smyrna")] == 3 and s.g_sailors[6] == 2
    assert s.hired[port("smyrna")] == 3
    legal = notations(s, TURK)
    assert "hire smyrna" not in legal and "hire g7" not in legal
    assert "hire istanbul" not in legal, "an empty warehouse gives no sailors"
    check_invariants(s)


def test_hiring_only_in_own_ports():
    """EN/FR, Hiring of sailors: sailors are hired in the ports a player controls."""
    st = Stage().capitals()
    st.port("smyrna", TURK, 1, goods=("wine", "iron"))
    st.galley(1, VENETIAN, "smyrna", 1)
    s = st.phase(2, VENETIAN)
    assert not any(a.kind.startswith("hire") for a in s.legal_actions(VENETIAN))


@pytest.mark.parametrize(
    ("name", "needs"),
    [
        ("tunis", {"wood", "iron"}),
        ("alexandria", {"wood", "iron"}),
        ("ragusa", {"iron"}),
        ("modon", {"iron"}),
    ],
)
def test_building_a_galley_needs_wood_and_iron(name, needs):
    """EN, Building galleys, example ("In either Tunis or Alexandria someone must have sold wood
    and iron ... In Ragusa only iron needs to have been sold as Ragusa supplies wood itself");
    FR, Construction de galères, Exemples (Modon for Ragusa): wood and iron must be produced by
    the port or be in its warehouse. A build costs 500 ducats."""
    for missing in needs:
        st = Stage().capitals().port(name, VENETIAN, 2, goods=needs - {missing})
        s = st.phase(2, VENETIAN)
        assert f"build galley {name}" not in notations(s, VENETIAN)
    st = Stage().capitals().port(name, VENETIAN, 2, goods=needs)
    s = st.phase(2, VENETIAN)
    assert f"build galley {name}" in notations(s, VENETIAN)
    events = s.apply(VENETIAN, f"build galley {name}")
    built = [e for e in events if e["type"] == "built_galley"]
    assert built and built[0]["crew"] == "garrison"
    g = built[0]["galley"] - 1
    assert s.g_owner[g] == VENETIAN and s.g_area[g] == BOARD.port_area[port(name)]
    assert s.g_sailors[g] == 1 and s.garrison[port(name)] == 1
    assert s.money[VENETIAN] == 1500
    check_invariants(s)


@pytest.mark.parametrize(
    ("name", "needs"),
    [("sicily", {"wood", "gold"}), ("istanbul", {"wood", "gold"}), ("tunis", {"wood"})],
)
def test_building_a_fort_needs_wood_and_gold(name, needs):
    """FR, Construction de fortifications, Exemples: to build in Sicily or Istanbul the
    warehouse must hold wood and gold; in Tunis only wood, as Tunis produces gold. EN, Building
    of fortresses. 500 ducats."""
    seat = TURK
    for missing in needs:
        st = Stage().capitals().port(name, seat, 3, goods=needs - {missing})
        s = st.phase(2, seat)
        assert f"build fort {name}" not in notations(s, seat)
    st = Stage().capitals().port(name, seat, 3, goods=needs)
    s = st.phase(2, seat)
    assert f"build fort {name}" in notations(s, seat)
    assert s.apply(seat, f"build fort {name}") == [
        {"type": "built_fort", "seat": seat, "port": name}
    ]
    assert s.forts >> port(name) & 1 and s.money[seat] == 1500
    check_invariants(s)


def test_one_build_per_port_per_round():
    """EN/FR, Building ships and fortresses: only one galley or fort per port and round, but
    a player may build in several of his ports in the same round; 500 ducats each."""
    st = Stage().capitals()
    st.port("tunis", VENETIAN, 2, goods=("wood", "iron"))
    st.port("ragusa", VENETIAN, 1, goods=("iron", "gold"))
    s = st.phase(2, VENETIAN)
    assert {
        "build galley tunis",
        "build fort tunis",
        "build galley ragusa",
        "build fort ragusa",
    } <= notations(s, VENETIAN)
    s.apply(VENETIAN, "build fort tunis")
    legal = notations(s, VENETIAN)
    assert "build galley tunis" not in legal and "build fort tunis" not in legal
    s.apply(VENETIAN, "build galley ragusa")
    legal = notations(s, VENETIAN)
    assert "build fort ragusa" not in legal
    assert s.money[VENETIAN] == 1000
    flow.start_round(s, [])  # the next round the ports may build again
    assert s.built == 0 and s.round == 2


def test_new_galley_crew_is_hired_or_taken_from_the_garrison():
    """EN/FR, Building galleys: the new galley gets at least one sailor, newly hired or from the
    port's garrison, as the builder chooses (RULINGS R10); with no garrison only hiring works."""
    st = Stage().capitals().port("ragusa", VENETIAN, 0, goods=("iron",))
    s = st.phase(2, VENETIAN)
    legal = notations(s, VENETIAN)
    assert "build galley ragusa hire" in legal and "build galley ragusa" not in legal
    events = s.apply(VENETIAN, "build galley ragusa hire")
    assert events[-1]["crew"] == "hired"
    assert s.money[VENETIAN] == 1400 and s.hired[port("ragusa")] == 1
    check_invariants(s)


def test_galleys_and_sailors_come_from_one_shared_box():
    """FR, COMPOSITION DU JEU (28 galères miniatures, 176 pions Marins) and POSITIONS DE DEPART
    (the Grand Chancelier hands out galleys and sailors as players need them): the pieces are
    one box shared by every nation, not a stock per nation (RULINGS R11). A nation may build an
    eighth galley and hire its 45th sailor while the box holds them; once the box is empty,
    nobody builds or hires; a capture takes no piece from the box, so it is never refused for
    the number of galleys one has."""
    st = Stage().capitals(garrison=10).port("ragusa", VENETIAN, 2, goods=("iron",))
    st.port("venezia", VENETIAN, 10, goods=("gems", "gold"))
    for n in range(1, 8):  # seven Venetian galleys of 5 sailors in the Adriatic
        st.galley(n, VENETIAN, "ragusa", 5)
    s = st.phase(2, VENETIAN)
    assert s.g_owner.count(VENETIAN) == 7 and s.box == 176 - 40 - 2 - 35
    on_board = 10 + 2 + 35
    assert on_board > 44, "more than a quarter of the sailors already"
    legal = notations(s, VENETIAN)
    assert {"build galley ragusa", "hire ragusa", "hire venezia"} <= legal
    s.apply(VENETIAN, "hire ragusa")
    s.apply(VENETIAN, "build galley ragusa")
    assert s.g_owner.count(VENETIAN) == 8
    check_invariants(s)

    s.box = 0
    s._legal = None
    with pytest.raises(IllegalAction) as refused:
        s.apply(VENETIAN, "hire venezia")
    assert refused.value.reason == "all 176 sailors are on the board: the box is empty"
    for g in range(len(s.g_owner)):
        if s.g_owner[g] < 0:
            s.g_owner[g], s.g_area[g], s.g_sailors[g] = SPANIARD, area("gulf-of-lion"), 1
    s.box = 176 - sailors_on_board(s)
    s.built = 0
    s._legal = None
    with pytest.raises(IllegalAction) as refused:
        s.apply(VENETIAN, "build galley ragusa")
    assert refused.value.reason == "all 28 galleys are on the board: the box is empty"

    st = Stage().capitals()
    for n in range(1, 8):
        st.galley(n, TURK, "aegean-sea", 3)
    st.galley(8, GENOESE, "aegean-sea", 1)
    s = st.phase(4, TURK)
    script(s, 6, 1)
    s.apply(TURK, "attack g1 g8")
    assert s.stack[-1].kind == "victory"
    assert {"capture 1", "capture 2", "sink"} <= notations(s, TURK)
    s.apply(TURK, "capture 1")
    assert s.g_owner.count(TURK) == 8 and s.g_sailors[0] == 2 and s.g_sailors[7] == 1
    check_invariants(s)


# -- phase 3: movement ----------------------------------------------------------------------------


def movement_position():
    """The Turk's galley 1 with 3 sailors in the Sea of Marmara (area 1), where the Genoese
    galley 3 also lies; the Dardanelles (area 2) empty; a Spanish galley 5 in the Aegean Sea."""
    st = Stage().capitals()
    st.galley(1, TURK, "sea-of-marmara", 3).galley(3, GENOESE, "sea-of-marmara", 2)
    st.galley(5, SPANIARD, "aegean-sea", 2)
    return st.phase(3, TURK)


def test_movement_example():
    """EN, Phase 3, Example of movement; FR, Phase 3, Exemple de déplacement: with 3 sailors the
    Turk moves up to 3 areas. He leaves his starting area, where a Genoese galley is, without
    asking; he enters an area with no other galley freely; entering an area where a Spanish
    galley lies with movement left, the Spaniard is asked; if he refuses, the Turk's movement
    ends there for the round (FR: "le joueur turc doit rester sur la case 3 ce tour-ci")."""
    s = movement_position()
    assert notations(s, TURK) == {"sail g1 dardanelles", "done"}
    events = s.apply(TURK, "sail g1 dardanelles")
    assert kinds(events) == ["sail"] and s.to_move() == (TURK,), "the Genoese is not asked"
    events = s.apply(TURK, "sail g1 aegean-sea")
    assert events[-1] == {"type": "permission_asked", "seat": SPANIARD, "galley": 1}
    assert s.to_move() == (SPANIARD,) and notations(s, SPANIARD) == {"allow", "deny"}
    with pytest.raises(IllegalAction):
        s.apply(TURK, "sail g1 messenian-gulf")

    refused = s.clone()
    refused.apply(SPANIARD, "deny")
    assert refused.g_area[0] == area("aegean-sea")
    assert notations(refused, TURK) == {"done"}, "no move on, and no way back"

    s.apply(SPANIARD, "allow")
    legal = notations(s, TURK)
    assert {"sail g1 messenian-gulf", "sail g1 gulf-of-smyrna", "sail g1 dardanelles"} <= legal
    s.apply(TURK, "sail g1 messenian-gulf")
    assert s.g_moved[0] == 3 and not any(a.kind == "sail" for a in s.legal_actions(TURK))
    check_invariants(s)


def test_no_permission_for_the_last_area_of_a_move():
    """EN/FR, Phase 3, Presence of other players' galleys: permission is needed to pass through
    an area; a galley that has no movement left when it enters needs none (RULINGS R12)."""
    st = Stage().capitals()
    st.galley(1, TURK, "dardanelles", 1).galley(5, SPANIARD, "aegean-sea", 2)
    s = st.phase(3, TURK)
    events = s.apply(TURK, "sail g1 aegean-sea")
    assert kinds(events) == ["sail"] and s.to_move() == (TURK,)


def test_permission_of_every_player_present():
    """EN, Phase 3: "If more than one player has a galley in the relevant sea area then
    permission is required from each player"; asked in turn order; one refusal stops."""
    st = Stage().capitals().order(TURK, SPANIARD, VENETIAN, GENOESE)
    st.galley(1, TURK, "dardanelles", 3).galley(5, SPANIARD, "aegean-sea", 2)
    st.galley(7, VENETIAN, "aegean-sea", 1)
    s = st.phase(3, TURK)
    s.apply(TURK, "sail g1 aegean-sea")
    assert s.to_move() == (SPANIARD,)
    s.apply(SPANIARD, "allow")
    assert s.to_move() == (VENETIAN,)
    s.apply(VENETIAN, "deny")
    assert notations(s, TURK) == {"done"} and s.g_area[0] == area("aegean-sea")


def test_coming_back_into_the_starting_area_asks_permission():
    """FR, Phase 3, Autorisation de passage: leave to pass is given or refused when the galley
    is actually in the area ("lorsque la galère se trouve effectivement sur la case"); the
    example (Exemple de déplacement) exempts the starting area only for leaving it ("Il peut
    quitter la case 1 sans l'autorisation du joueur génois car il s'agit de sa case de
    départ"). A galley that leaves and comes back into its starting area, where another
    player's galley lies, is asked when it enters again (RULINGS R12)."""
    s = movement_position()
    s.apply(TURK, "sail g1 dardanelles")
    assert s.to_move() == (TURK,), "leaving the starting area needs no leave"
    events = s.apply(TURK, "sail g1 sea-of-marmara")
    assert events[-1] == {"type": "permission_asked", "seat": GENOESE, "galley": 1}
    assert s.to_move() == (GENOESE,) and notations(s, GENOESE) == {"allow", "deny"}
    refused = s.clone()
    refused.apply(GENOESE, "deny")
    assert notations(refused, TURK) == {"done"}, "refused: its movement ends back home"
    s.apply(GENOESE, "allow")
    assert "sail g1 dardanelles" in notations(s, TURK)
    check_invariants(s)


def test_one_area_per_sailor():
    """EN/FR, Phase 3: a galley moves as many areas as it has sailors, or fewer."""
    st = Stage().capitals().galley(1, VENETIAN, "gulf-of-lion", 2)
    s = st.phase(3, VENETIAN)
    s.apply(VENETIAN, "sail g1 ligurian-sea")
    s.apply(VENETIAN, "sail g1 corsica")
    assert notations(s, VENETIAN) == {"done"}


# -- phase 4: battles -----------------------------------------------------------------------------


def battle_position():
    """The Turk's galleys 1 and 2 (3 sailors each) and a Genoese galley 3 (3 sailors, wine and
    gold) in the Aegean Sea."""
    st = Stage().capitals()
    st.galley(1, TURK, "aegean-sea", 3).galley(2, TURK, "aegean-sea", 3)
    st.galley(3, GENOESE, "aegean-sea", 3, wine=1, gold=1)
    return st.phase(4, TURK)


def fought_battle_example():
    s = battle_position()
    dice = script(s, 2, 3)  # the Turk's die, then the Genoese's
    events = s.apply(TURK, "attack g1 g3")
    assert not dice.values
    assert events == [
        {
            "type": "battle",
            "seat": TURK,
            "defender_seat": GENOESE,
            "attacker": 1,
            "defender": 3,
            "rolls": [2, 3],
            "losses": [2, 1],
        }
    ]
    assert s.g_sailors[:3] == [1, 3, 2]
    assert s.stack[-1] == Decision("battles", (TURK,)), "the Turk may attack again"
    dice = script(s, 4, 3)
    events = s.apply(TURK, "attack g2 g3")
    assert not dice.values
    assert events[0] == {
        "type": "battle",
        "seat": TURK,
        "defender_seat": GENOESE,
        "attacker": 2,
        "defender": 3,
        "rolls": [4, 3],
        "losses": [1, 2],
    }
    return s


def test_battle_example():
    """EN, Example of a battle between galleys; FR, Exemple de combat entre galères: the Turk's
    galley 1 (3 sailors) attacks a Genoese galley (3 sailors) and rolls 2: (2 + 3) // 3 = 1
    Genoese sailor lost; the Genoese rolls 3: (3 + 3) // 3 = 2 Turkish sailors lost. The Turk
    attacks again with galley 2 (3 sailors), rolls 4: (4 + 3) // 3 = 2, the 2 Genoese left;
    the Genoese still fires back, simultaneously, rolls 3: (3 + 2) // 3 = 1 Turk lost. The Turk
    may capture the galley with one sailor of galley 2 (and only of galley 2)."""
    s = fought_battle_example()
    assert s.g_sailors[:3] == [1, 2, 0]
    assert s.to_move() == (TURK,) and s.stack[-1].kind == "victory"
    assert notations(s, TURK) == {"capture 1", "capture 2", "sink"}, "sailors of galley 2 only"
    events = s.apply(TURK, "capture 1")
    assert events[0] == {
        "type": "captured",
        "seat": TURK,
        "galley": 3,
        "from": GENOESE,
        "sailors": 1,
    }
    assert s.g_owner[2] == TURK and s.g_sailors[1] == 1 and s.g_sailors[2] == 1
    assert cargo(s, 3, "wine") == 1 and cargo(s, 3, "gold") == 1
    assert s.stack[-1].kind == "spoils", "the winner may share the goods of the two galleys"
    assert notations(s, TURK) == {"take wine", "take gold", "done"}
    s.apply(TURK, "done")
    assert s.stack[-1] == Decision("battles", (TURK,))
    assert s.box == 176 - 25 + 6, "the 6 sailors lost go back to the box"
    check_invariants(s)


def test_battle_example_sinking_after_taking_the_wine_and_gold():
    """EN/FR, Exemple de combat entre galères (end): if he does not capture the galley, the Turk
    can load its wine and gold onto his own galley and sink the Genoese galley."""
    s = fought_battle_example()
    s.apply(TURK, "sink")
    assert s.g_owner[2] == GENOESE, "the goods are shared before the galley is removed"
    assert notations(s, TURK) == {"take wine", "take gold", "done"}
    s.apply(TURK, "take wine")
    events = s.apply(TURK, "take gold")
    assert {"type": "sunk", "galley": 3, "seat": GENOESE, "cause": "sunk by the winner"} in events
    assert s.g_owner[2] == -1
    assert cargo(s, 2, "wine") == 1 and cargo(s, 2, "gold") == 1 and s.g_sailors[1] == 2
    check_invariants(s)


def test_sharing_sets_the_final_split_and_ends():
    """FR, Combats entre galères ("les pions Marchandises présents sur les deux navires peuvent
    être répartis au choix du joueur"); RULINGS.md R16 and R30: the winner sets the split
    whole, every cube of both galleys placed once; nothing moves before `done`, so a sharing
    always ends."""
    s = fought_battle_example()
    s.apply(TURK, "capture 1")
    events = s.apply(TURK, "take wine")
    assert events == [{"type": "spoils", "seat": TURK, "good": "wine", "to": 2}]
    assert cargo(s, 3, "wine") == 1 and cargo(s, 2, "wine") == 0, "nothing moves yet"
    assert notations(s, TURK) == {"take gold", "done"}, "the wine is placed once"
    assert s.view(None)["deal"] == {
        "kind": "spoils",
        "loading": 2,
        "other": 3,
        "sinking": False,
        "loaded": {"wine": 1},
        "left": {"gold": 1},
    }
    events = s.apply(TURK, "done")
    assert events[0]["type"] == "shared"
    assert cargo(s, 2, "wine") == 1 and cargo(s, 3, "gold") == 1 and s.g_goods[2] == 1
    assert s.stack[-1] == Decision("battles", (TURK,))
    check_invariants(s)


def full_galleys_battle(turk_wood: int, genoese_gold: int) -> Serenissima1996State:
    """The Turk's galley 1 (1 sailor and wood) empties a Genoese galley 3 (1 sailor and gold)
    in the Aegean Sea: 6 + 1 sailor makes 2 hits; the Genoese's 1 + 1 makes none."""
    st = Stage().capitals()
    st.galley(1, TURK, "aegean-sea", 1, wood=turk_wood)
    st.galley(3, GENOESE, "aegean-sea", 1, gold=genoese_gold)
    s = st.phase(4, TURK)
    script(s, 6, 1)
    s.apply(TURK, "attack g1 g3")
    assert s.stack[-1].kind == "victory" and s.g_sailors[:3] == [1, 0, 0]
    return s


def test_a_full_winner_swaps_its_goods_for_the_beaten_galleys():
    """FR, Combats entre galères ("Dans tous les cas de figure, les pions Marchandises présents
    sur les deux navires peuvent être répartis au choix du joueur, en respectant toutefois la
    limite de cinq pions"); EN, Battles between galleys ("In each case the victorious player
    can transfer trade goods that remain between both galleys"); RULINGS.md R16. The Turk's
    galley is full (1 sailor, 4 wood) and sinks the Genoese one (4 gold): he may end with the 4
    gold aboard and the wood sinking with the Genoese galley, which cubes moved one at a time
    could never do."""
    s = full_galleys_battle(4, 4)
    wood = s.supply[good("wood")]
    s.apply(TURK, "sink")
    assert s.stack[-1].kind == "spoils"
    assert notations(s, TURK) == {"take wood", "take gold"}, "8 cubes do not fit on one galley"
    with pytest.raises(IllegalAction) as refused:
        s.apply(TURK, "done")
    assert refused.value.reason == (
        "the goods left would not fit aboard galley 3: 5 pieces a galley, 0 of them sailors"
    )
    for _ in range(3):
        s.apply(TURK, "take gold")
    events = s.apply(TURK, "take gold")
    assert {"type": "sunk", "galley": 3, "seat": GENOESE, "cause": "sunk by the winner"} in events
    assert cargo(s, 1, "gold") == 4 and cargo(s, 1, "wood") == 0 and s.g_sailors[0] == 1
    assert s.g_owner[2] == -1 and s.supply[good("wood")] == wood + 4, "the wood sank"
    check_invariants(s)


def test_capturing_with_every_sailor_lets_the_captured_galley_swap_its_goods():
    """FR, Combats entre galères: the winner may move all his sailors onto the beaten galley
    and sink his own ("il doit dans ce cas couler sa propre galère"); "dans tous les cas de
    figure" the goods of both galleys are then split at his choice (RULINGS.md R16, R25). The
    captured galley (3 gold, room for the 1 sailor) ends with the Turk's 4 wood, the gold
    sinking with the Turk's old galley."""
    s = full_galleys_battle(4, 3)
    assert notations(s, TURK) == {"capture 1", "sink"}
    s.apply(TURK, "capture 1")
    assert s.view(None)["deal"]["loading"] == 3 and s.view(None)["deal"]["sinking"]
    for _ in range(3):
        s.apply(TURK, "take wood")
    events = s.apply(TURK, "take wood")
    assert {
        "type": "sunk",
        "galley": 1,
        "seat": TURK,
        "cause": "crew moved to the captured galley",
    } in events
    assert s.g_owner[2] == TURK and cargo(s, 3, "wood") == 4 and cargo(s, 3, "gold") == 0
    assert s.g_owner[0] == -1
    check_invariants(s)


def test_capture_with_every_sailor_sinks_the_winning_galley():
    """FR, Combats entre galères: "Un joueur peut décider même de transférer tous ses pions
    Marins sur la galère vaincue mais il doit dans ce cas couler sa propre galère"."""
    s = fought_battle_example()
    s.apply(TURK, "capture 2")
    assert s.g_owner[2] == TURK and s.g_sailors[2] == 2
    assert notations(s, TURK) == {"take wine", "take gold", "done"}, (
        "the goods may stay aboard the captured galley or sink with the Turk's own (R16)"
    )
    s.apply(TURK, "take wine")
    events = s.apply(TURK, "take gold")
    assert cargo(s, 3, "wine") == 1 and cargo(s, 3, "gold") == 1
    assert {
        "type": "sunk",
        "galley": 2,
        "seat": TURK,
        "cause": "crew moved to the captured galley",
    } in events
    assert s.g_owner[1] == -1 and s.stack[-1] == Decision("battles", (TURK,))
    check_invariants(s)


def test_capture_keeps_the_captured_galley_within_five_pieces():
    """EN/FR, Phase 2 and Battles between galleys: a galley never holds more than 5 pieces;
    after a capture the goods "can be transferred between both galleys as long as the limit of
    5 playing pieces per galley is not exceeded" (FR: "en respectant toutefois la limite de cinq
    pions Marins et Marchandises par galère"). A galley with 4 goods cannot be captured with 5
    sailors (that would make 9 pieces), and sharing cannot end with either galley over 5."""
    st = Stage().capitals()
    st.galley(1, TURK, "aegean-sea", 5).galley(3, GENOESE, "aegean-sea", 1, wine=2, gold=2)
    s = st.phase(4, TURK)
    script(s, 6, 1)
    s.apply(TURK, "attack g1 g3")
    assert s.g_sailors[2] == 0 and s.stack[-1].kind == "victory"
    for choice in sorted(notations(s, TURK)):
        c = s.clone()
        c.apply(TURK, choice)
        while c.stack[-1].kind == "spoils":
            c.apply(TURK, "done")
        for g in (0, 2):
            if c.g_owner[g] >= 0:
                assert c.g_sailors[g] + c.g_goods[g] <= 5, f"{choice}: galley {g + 1} over 5"


def test_port_attack_example_smyrna():
    """EN/FR, Attacking a port, example: a Venetian galley with 5 sailors attacks Smyrna,
    defended by 4 Turks; the Venetian rolls 4, the Turk 6. Unfortified: 9 // 3 = 3 Turks lost
    and 10 // 3 = 3 Venetians lost. Fortified: the attacker divides by 4, 9 // 4 = 2 Turks lost;
    the Venetian still loses 3."""
    for fort, turks_lost in ((False, 3), (True, 2)):
        st = Stage().capitals().port("smyrna", TURK, 4, fort=fort)
        st.galley(1, VENETIAN, "smyrna", 5)
        s = st.phase(4, VENETIAN)
        assert "attack g1 port" in notations(s, VENETIAN)
        dice = script(s, 4, 6)
        events = s.apply(VENETIAN, "attack g1 port")
        assert not dice.values
        assert events == [
            {
                "type": "port_battle",
                "seat": VENETIAN,
                "defender_seat": TURK,
                "attacker": 1,
                "port": "smyrna",
                "fort": fort,
                "rolls": [4, 6],
                "losses": [3, turks_lost],
            }
        ]
        assert s.garrison[port("smyrna")] == 4 - turks_lost and s.g_sailors[0] == 2
        check_invariants(s)


def test_a_garrison_never_attacks():
    """EN/FR, Attacking a port, exception 1: the garrison of a port can never attack a galley;
    it only defends. The Turk, with no galley in Smyrna's area, has nothing to attack with."""
    st = Stage().capitals().order(TURK, VENETIAN, GENOESE, SPANIARD)
    st.port("smyrna", TURK, 4).galley(1, VENETIAN, "smyrna", 5)
    s = st.phase(4, TURK)
    assert notations(s, TURK) == {"done"}
    s.apply(TURK, "done")
    assert s.to_move() == (VENETIAN,)


def test_emptied_garrison_leaves_the_port_to_phase_5():
    """EN/FR, Attacking a port, exception 2: when a garrison is wiped out the winner cannot
    land at once; he must wait for phase 5. Meanwhile the port keeps its owner, whose galley,
    later in the turn order, may still attack the victorious galley."""
    st = Stage().capitals().order(VENETIAN, TURK, GENOESE, SPANIARD)
    st.port("smyrna", TURK, 2).galley(1, VENETIAN, "smyrna", 5).galley(7, TURK, "smyrna", 2)
    s = st.phase(4, VENETIAN)
    script(s, 3, 1)
    s.apply(VENETIAN, "attack g1 port")
    p = port("smyrna")
    assert s.garrison[p] == 0 and s.owner[p] == TURK
    legal = notations(s, VENETIAN)
    assert "attack g1 port" not in legal and not any(n.startswith("land") for n in legal)
    assert "attack g1 g7" in legal
    s.apply(VENETIAN, "done")
    assert s.to_move() == (TURK,) and "attack g7 g1" in notations(s, TURK)
    s.apply(TURK, "done")
    assert s.phase == 5 and s.to_move() == (VENETIAN,)
    assert {"land g1 1", "land g1 4"} <= notations(s, VENETIAN)
    events = s.apply(VENETIAN, "land g1 2")
    assert events[0] == {
        "type": "landed",
        "seat": VENETIAN,
        "port": "smyrna",
        "sailors": 2,
        "from": TURK,
    }
    assert s.owner[p] == VENETIAN and s.garrison[p] == 2 and s.g_sailors[0] == 4 - 2
    check_invariants(s)


def test_galley_emptied_by_a_garrison_sinks_with_its_goods():
    """EN/FR, Attacking a port, exception 3: if the garrison eliminates every sailor of the
    attacking galley it cannot be captured: it sinks with any goods aboard."""
    st = Stage().capitals(garrison=6)
    st.galley(1, VENETIAN, "istanbul", 2, wine=2)
    s = st.phase(4, VENETIAN)
    script(s, 1, 6)
    events = s.apply(VENETIAN, "attack g1 port")
    assert events[-1] == {"type": "sunk", "galley": 1, "seat": VENETIAN, "cause": "port battle"}
    assert s.g_owner[0] == -1 and s.supply[good("wine")] == 15
    assert s.stack[-1] == Decision("battles", (VENETIAN,)), "no capture decision for the Turk"
    assert s.garrison[port("istanbul")] == 6 - 1, "(1 + 2) // 3: the attacker still hits once"
    check_invariants(s)


def test_battles_are_optional():
    """EN/FR, Phase 4: battles are always optional."""
    s = battle_position()
    assert "done" in notations(s, TURK)
    s.apply(TURK, "done")
    assert s.g_sailors[:3] == [3, 3, 3]


# -- phase 5: landing -----------------------------------------------------------------------------


def test_landing_takes_a_neutral_port_at_once():
    """EN/FR, Phase 5: a player lands sailors from a galley in the port's area onto a port with
    no garrison and controls it at once."""
    st = Stage().capitals().galley(1, VENETIAN, "crete", 3, wine=1)
    s = st.phase(5, VENETIAN)
    assert notations(s, VENETIAN) == {"land g1 1", "land g1 2", "land g1 3", "done"}
    s.apply(VENETIAN, "land g1 1")
    assert s.owner[port("crete")] == VENETIAN and s.garrison[port("crete")] == 1
    assert s.g_sailors[0] == 2 and cargo(s, 1, "wine") == 1
    assert not any(a.kind == "land" for a in s.legal_actions(VENETIAN)), "the port is garrisoned"
    check_invariants(s)


def test_landing_the_last_sailor_sinks_the_galley_with_its_goods():
    """EN/FR, Phase 5, special case: a player may land the last sailor of a galley; the galley
    sinks with its goods."""
    st = Stage().capitals().galley(1, VENETIAN, "crete", 2, iron=2)
    s = st.phase(5, VENETIAN)
    events = s.apply(VENETIAN, "land g1 2")
    assert {"type": "sunk", "galley": 1, "seat": VENETIAN, "cause": "last sailor landed"} in events
    assert s.owner[port("crete")] == VENETIAN and s.garrison[port("crete")] == 2
    assert s.g_owner[0] == -1 and s.supply[good("iron")] == 15
    check_invariants(s)


def test_owner_may_reland_in_his_emptied_port():
    """EN, Phase 4, exception 2 ("Other players, including the player who currently controls the
    port may have galleys in the same sea area") and Phase 5: a port whose garrison was
    eliminated may be landed on by anyone there, its owner included, in turn order."""
    st = Stage().capitals().order(TURK, VENETIAN, GENOESE, SPANIARD)
    st.port("smyrna", TURK, 0).galley(1, VENETIAN, "smyrna", 3).galley(7, TURK, "smyrna", 2)
    s = st.phase(5, TURK)
    check_invariants(s)
    assert "land g7 1" in notations(s, TURK)
    other = s.clone()
    other.apply(TURK, "done")
    assert other.to_move() == (VENETIAN,) and "land g1 3" in notations(other, VENETIAN)
    s.apply(TURK, "land g7 1")
    assert s.owner[port("smyrna")] == TURK and s.garrison[port("smyrna")] == 1
    events = s.apply(TURK, "done")
    assert {"type": "phase", "phase": 6} in events
    assert not any(f.kind == "landing" for f in s.stack), "the Venetian has nothing to land on"
    check_invariants(s)


# -- phase 6: sales, new markets, income ----------------------------------------------------------


def sale_position():
    """The Genoese galley 3 in Tunis (a gold port with a 4-space warehouse, the Spaniard's)
    holding wine; aboard: spices, iron, gold and wine. The Spaniard's Valencia holds spices and
    iron, so no new-market bonus applies (the example mentions none)."""
    st = Stage().capitals()
    st.port("tunis", SPANIARD, 1, goods=("wine",))
    st.port("valencia", SPANIARD, 4, goods=("spices", "iron"))
    st.galley(3, GENOESE, "tunis", 1, spices=1, iron=1, gold=1, wine=1)
    return st.phase(6, GENOESE)


def test_sale_example():
    """EN, Example of the sale of trade goods; FR, Exemple de vente de marchandises: in a gold
    port holding wine, the Genoese receives 300 ducats for spices and 400 for iron (the cubes
    take the lowest free spaces, numbered 3 and 4); he cannot sell gold, which the port
    produces, nor wine, which its warehouse already holds. The bank pays, whoever owns the
    port."""
    s = sale_position()
    assert BOARD.port_good[port("tunis")] == good("gold") and BOARD.port_size[port("tunis")] == 4
    assert notations(s, GENOESE) == {"sell spices g3", "sell iron g3", "done"}
    events = s.apply(GENOESE, "sell spices g3")
    assert events == [
        {
            "type": "sold",
            "seat": GENOESE,
            "good": "spices",
            "port": "tunis",
            "ducats": 300,
            "bonus": 0,
        }
    ]
    events = s.apply(GENOESE, "sell iron g3")
    assert events[0]["ducats"] == 400 and events[0]["bonus"] == 0
    assert s.money[GENOESE] == 2700 and s.money[SPANIARD] == 2000
    assert warehouse(s, "tunis") == {"wine", "spices", "iron"}
    assert notations(s, GENOESE) == {"done"}
    check_invariants(s)


def test_first_sale_in_an_empty_warehouse_pays_200_and_a_full_one_takes_no_more():
    """FR, Vente de marchandises: the cube goes to the lowest free space and pays 100 times its
    number (the spaces run from 2, board.toml [warehouse]); a full warehouse takes no more."""
    st = Stage().capitals().galley(1, VENETIAN, "crete", 1, iron=1, gold=1, cloth=1)
    s = st.phase(6, VENETIAN)
    assert s.apply(VENETIAN, "sell iron g1")[0]["ducats"] == 200
    assert s.apply(VENETIAN, "sell gold g1")[0]["ducats"] == 300
    assert BOARD.port_size[port("crete")] == 2
    assert notations(s, VENETIAN) == {"done"}, "Crete's 2 spaces are full"


def test_new_market_bonus_500_and_1000_in_a_capital():
    """EN/FR, Opening new markets: selling in a port controlled by another player a good that
    none of his ports produces or holds earns 500 more; 1000 in another player's capital. Not
    in one's own or a neutral port."""
    st = Stage().capitals()
    st.port("smyrna", TURK, 1)  # cloth
    st.port("crete", VENETIAN, 1)
    st.galley(1, VENETIAN, "smyrna", 1, gems=1, iron=1)
    st.galley(2, VENETIAN, "istanbul", 1, gems=1, wine=1)
    st.galley(5, VENETIAN, "crete", 1, gems=1)
    st.galley(6, VENETIAN, "cyprus", 1, gems=1)
    s = st.phase(6, VENETIAN)
    assert s.apply(VENETIAN, "sell gems g1")[0]["bonus"] == 500
    assert s.apply(VENETIAN, "sell iron g1")[0]["bonus"] == 0, "Istanbul produces iron"
    assert s.apply(VENETIAN, "sell wine g2")[0]["bonus"] == 1000
    assert s.apply(VENETIAN, "sell gems g2")[0]["bonus"] == 0, "Smyrna now holds gems"
    assert s.apply(VENETIAN, "sell gems g5")[0]["bonus"] == 0, "own port"
    assert s.apply(VENETIAN, "sell gems g6")[0]["bonus"] == 0, "neutral port"
    assert s.money[VENETIAN] == 2000 + 700 + 300 + 200 + 1000 + 300 + 200 + 200


def test_income_300_only_while_holding_ones_own_capital():
    """EN/FR, Income: each player receives 300 ducats at the end of phase 6, but not if his
    capital has been captured by another player."""
    st = Stage().capitals()
    st.port("venezia", GENOESE, 2)
    s = st.phase(6, VENETIAN)
    s.stack = [Decision("sales", (VENETIAN,))]
    events = s.apply(VENETIAN, "done")
    income = {e["seat"]: e["ducats"] for e in events if e["type"] == "income"}
    assert income == {GENOESE: 300, SPANIARD: 300, TURK: 300}
    assert s.money == [2000, 2300, 2300, 2300]
    assert s.round == 2 and s.stack[-1].kind == "bid"


# -- the end --------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_game_ends_after_the_last_round(players):
    """EN/FR, End of the game: the game ends when phase 6 of the final round (8, 10 or 12) is
    over; the round before, a new round begins."""
    rounds = {2: 12, 3: 10, 4: 8}[players]
    s = Stage(players).capitals().round(rounds - 1).phase(6)
    s.apply(s.order[0], "done")
    assert not s.is_over and s.round == rounds
    s = Stage(players).capitals().round(rounds).phase(6)
    events = s.apply(s.order[0], "done")
    assert s.is_over and events[-1]["type"] == "game_over"
    assert s.to_move() == ()
    for seat in (None, *range(players)):
        view = s.view(seat)  # a finished game still has views (it once raised IndexError)
        assert view["over"] and view["turn"] is None and view["decision"] is None
        assert view["result"] == s.result().to_json()


def test_prosperity_points():
    """FR, FIN DE PARTIE: 10 points for holding one's capital; 1 per full 500 ducats; 1 per
    controlled port whose warehouse is not full; 2, 5 and 10 per controlled full small (2),
    medium (4) and capital (6) warehouse; for one's own capital these 10 come on top of the 10
    for holding it. Income is paid before the count."""
    st = Stage().capitals().round(8)
    st.port("venezia", VENETIAN, 3, goods=("wine",))  # own capital, not full: 10 + 1
    st.port("crete", VENETIAN, 1, goods=("iron", "gold"))  # small, full: 2
    st.port("smyrna", VENETIAN, 1, goods=("wine", "iron", "gold", "gems"))  # medium, full: 5
    st.port("genova", VENETIAN, 1, goods=("wine", "gold", "gems", "spices", "cloth", "wood"))
    st.port("modon", VENETIAN, 1, goods=("iron",))  # small, not full: 1
    st.port("valencia", SPANIARD, 2, goods=("wine", "gold", "gems", "spices", "cloth", "iron"))
    st.port("istanbul", TURK, 1)
    st.money(VENETIAN, 2350).money(GENOESE, 499).money(SPANIARD, 1700).money(TURK, 0)
    s = st.phase(6, VENETIAN)
    s.apply(VENETIAN, "done")
    assert s.is_over
    venetian = 10 + 1 + 2 + 5 + 10 + 1 + (2350 + 300) // 500
    genoese = 0  # no capital, no port, 499 ducats
    spaniard = 10 + 10 + (1700 + 300) // 500
    turk = 10 + 1 + 300 // 500
    assert s.result().scores == (venetian, genoese, spaniard, turk)
    assert (venetian, spaniard, turk) == (34, 24, 11)
    assert s.result().ranks == (1, 4, 2, 3)
    view = s.view(None)
    assert [row["prosperity"] for row in view["players_info"]] == [34, 0, 24, 11]


def test_every_game_ends_under_any_fixed_policy():
    """RULINGS.md R28, R29 and R33: an area is not arranged twice with nothing done between, a
    refused deal is not reopened and a pair of galleys barters once a turn, so even a policy
    that always plays the same kind of move ends."""
    import arsenale

    game = arsenale.load_game("serenissima-1996")
    for players in (2, 3, 4):
        for pick in (min, max):
            state = game.new_game(players, seed=1)
            steps = 0
            while not state.is_over and steps < 20_000:
                for seat in state.to_move():
                    state.apply(seat, pick(state.legal_actions(seat), key=lambda a: a.index))
                    steps += 1
            assert state.is_over, (players, pick.__name__)
