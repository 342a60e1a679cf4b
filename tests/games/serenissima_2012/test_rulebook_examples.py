"""Every worked example of the 2012 rulebook, and the rule statements that carry numbers.

Positions are staged by hand (helpers.Stage) and dice are scripted (helpers.script): below(6)
returning 0 is a skull, 5 a blank.
"""

from __future__ import annotations

import pytest

from arsenale import IllegalAction
from arsenale.core.decisions import Decision

from .helpers import (
    BLACK,
    BLANK,
    BLUE,
    BOARD,
    GAME,
    ORANGE,
    RED,
    SKULL,
    Stage,
    check_invariants,
    good,
    port,
    script,
    zone,
)

DOGE = {name: i for i, name in enumerate(BOARD.doge_ids)}


def notations(s, seat):
    return {a.notation for a in s.legal_actions(seat)}


def kinds(events):
    return [e["type"] for e in events]


# -- the galley 4 chain (Loading, Movement, Blockade, Sale, Battle) -------------------------------


def valencia_position():
    """Blue's galley 4 (1 sailor) and galley 6 (3 sailors) in València, which Blue holds with a
    single sailor; Red's galleys 7 (2 sailors, 1 marble) and 10 (2 sailors) in Algiers, a port
    of Red's (not her last one)."""
    st = Stage(money=5)
    st.port("valencia", BLUE, 1).port("algiers", RED, 2).port("genova", RED, 3)
    st.galley(4, BLUE, "valencia", 1).galley(6, BLUE, "valencia", 3)
    st.galley(7, RED, "algiers", 2, marble=1).galley(10, RED, "algiers", 2)
    return st.activate(4)


def loaded_galley_4():
    """The position after the loading example: galley 4 with 3 sailors and 2 wood."""
    s = valencia_position()
    for action in ("sailor from g6", "sailor from g6", "buy wood", "buy wood"):
        s.apply(BLUE, action)
    return s


def test_loading_sailors_example():
    """serenissima-2012.en.txt, A) Action, 1) Loading, Sailors, example: galley 4 (1 sailor) in
    València takes 2 sailors from galley 6; València's only sailor cannot be taken; moving
    galley 4's only sailor to the port or to galley 6 would sink galley 4."""
    s = valencia_position()
    legal = notations(s, BLUE)
    assert "sailor from g6" in legal
    assert "sailor from port" not in legal  # at least 1 sailor must remain in the port
    assert {"sailor to port", "sailor to g6"} <= legal  # allowed: a voluntary sinking

    for move_away in ("sailor to port", "sailor to g6"):
        c = s.clone()
        c.apply(BLUE, move_away)
        assert c.g_sailors[3] == 0 and not any(a.kind == "move" for a in c.legal_actions(BLUE))
        events = c.apply(BLUE, "end")  # loading ends: galley 4 without a sailor sinks (R29)
        assert c.g_owner[3] == -1, "galley 4 without a sailor has sunk"
        assert {"type": "sunk", "galley": 4, "seat": BLUE, "cause": "abandoned"} in events
        assert c.stack[-1].kind == "galley" and c.wheel == 5, "the token moves on to galley 6"
        check_invariants(c)

    with pytest.raises(IllegalAction):
        s.apply(BLUE, "sailor from port")
    s.apply(BLUE, "sailor from g6")
    s.apply(BLUE, "sailor from g6")
    assert s.g_sailors[3] == 3 and s.g_sailors[5] == 1
    assert s.port_sailors[port("valencia")] == 1
    check_invariants(s)


def test_loading_goods_example():
    """serenissima-2012.en.txt, A) Action, 1) Loading, Goods, example (cont'd): València
    produces wood; Blue loads 2 wood and pays 1 ducat, the first cube being free in his own
    port."""
    s = valencia_position()
    s.apply(BLUE, "sailor from g6")
    s.apply(BLUE, "sailor from g6")
    first = s.apply(BLUE, "buy wood")
    second = s.apply(BLUE, "buy wood")
    assert first[0]["ducats"] == 0 and second[0]["ducats"] == 1
    assert second[0]["paid_to"] is None  # paid to the bank
    assert s.money[BLUE] == 4
    assert s.cargo[6 * 3 + good("wood")] == 2 and s.g_goods[3] == 2
    assert s.supply[good("wood")] == 12
    assert "buy stone" not in notations(s, BLUE), "only the good the port produces"
    check_invariants(s)


def test_movement_example_three_sailors_three_zones():
    """serenissima-2012.en.txt, A) Action, 2) Movement, example (cont'd): with 3 sailors galley
    4 may move up to 3 zones; València - Algiers - Tunis - Tripoli reaches Tripoli (here Red
    lets it through Algiers)."""
    s = loaded_galley_4()
    assert {"move algiers", "move marseille"} <= notations(s, BLUE)
    s.apply(BLUE, "move algiers")
    s.apply(RED, "pass")
    s.apply(BLUE, "move tunis")
    s.apply(BLUE, "move tripoli")
    assert s.g_zone[3] == zone("tripoli") and s.moves == 3
    assert not any(a.kind == "move" for a in s.legal_actions(BLUE)), "3 sailors, 3 zones"


def test_movement_blockade_example_algiers():
    """serenissima-2012.en.txt, A) Action, 2) Movement, Blockade during movement, example
    (cont'd): Red's two galleys of 2 sailors each in Algiers (4 > 3) may blockade; Red is asked,
    blockades, and galley 4 stops there: no more move actions."""
    s = loaded_galley_4()
    events = s.apply(BLUE, "move algiers")
    assert events[-1] == {"type": "blockade_question", "seat": RED, "against": 4, "context": "move"}
    assert s.to_move() == (RED,) and s.stack[-1].kind == "blockade"
    assert notations(s, RED) == {"blockade", "pass"}
    with pytest.raises(IllegalAction):
        s.apply(BLUE, "move tunis")  # Blue waits for Red's decision
    s.apply(RED, "blockade")
    assert s.to_move() == (BLUE,) and s.g_zone[3] == zone("algiers")
    legal = notations(s, BLUE)
    assert not any(n.startswith("move ") for n in legal)
    assert legal == {"sell wood", "attack g7", "attack g10", "end"}
    with pytest.raises(IllegalAction):
        s.apply(BLUE, "move tunis")


def blockaded_in_algiers():
    s = loaded_galley_4()
    s.apply(BLUE, "move algiers")
    s.apply(RED, "blockade")
    return s


def test_sale_blockade_example():
    """serenissima-2012.en.txt, A) Action, 3) a) Sale, Blockade during a sale, example
    (cont'd): Blue tries to sell 1 wood in Algiers; Red blockades again, the sale does not
    happen, and Blue must either enter battle or end his turn."""
    s = blockaded_in_algiers()
    money = list(s.money)
    events = s.apply(BLUE, "sell wood")
    assert events == [{"type": "blockade_question", "seat": RED, "against": 4, "context": "sale"}]
    s.apply(RED, "blockade")
    assert s.money == money
    assert s.warehouse[port("algiers")] == 0
    assert s.cargo[6 * 3 + good("wood")] == 2
    assert notations(s, BLUE) == {"attack g7", "attack g10", "end"}
    check_invariants(s)


def test_sale_without_blockade_pays_the_bank_value():
    """serenissima-2012.en.txt, A) Action, 3) a) Sale: the cube goes to the cheapest free
    space (2 ducats in an empty warehouse), paid by the bank even in another player's port."""
    s = blockaded_in_algiers()
    s.apply(BLUE, "sell wood")
    events = s.apply(RED, "pass")
    assert events[-1]["type"] == "sale" and events[-1]["ducats"] == 2
    assert s.money[BLUE] == 4 + 2
    assert s.money[RED] == 5, "the bank pays, not the port's owner"
    assert s.warehouse[port("algiers")] == 1 << good("wood")
    assert "sell wood" not in notations(s, BLUE), "each good is sold once in a port"
    assert not any(a.kind == "attack_galley" for a in s.legal_actions(BLUE)), "sale OR battle"


def test_battle_example_rounds_loot_and_next_combat_value():
    """serenissima-2012.en.txt, A) Action, 3) b) Battle, Battle against a galley, example
    (cont'd, end): Blue attacks galley 7 with combat value 2 (3 sailors - 1 zone crossed)
    against 2; each side rolls 1 skull. Blue goes on with value 2 (2 sailors) against 1; both
    roll 1 skull: Blue loses a sailor, galley 7 sinks. Blue loots the marble; his combat value
    for a further battle is now 1."""
    s = blockaded_in_algiers()
    s.apply(BLUE, "sell wood")
    s.apply(RED, "blockade")

    dice = script(s, SKULL, BLANK, SKULL, BLANK)  # Blue's 2 dice, then Red's 2 dice
    events = s.apply(BLUE, "attack g7")
    assert not dice.values, "2 dice each"
    (round1,) = [e for e in events if e["type"] == "battle_round"]
    assert len(round1["attack_dice"]) == 2 and len(round1["defence_dice"]) == 2
    assert round1["attacker_lost"] == 1 and round1["defender_lost"] == 1
    assert s.g_sailors[3] == 2 and s.g_sailors[6] == 1
    assert s.stack[-1] == Decision("battle", (BLUE,), 6)
    assert notations(s, BLUE) == {"fight", "retreat"}

    dice = script(s, SKULL, BLANK, SKULL)  # Blue's 2 dice, Red's 1 die
    events = s.apply(BLUE, "fight")
    assert not dice.values
    assert s.g_sailors[3] == 1
    assert s.g_owner[6] == -1, "galley 7 has sunk"
    assert {"type": "sunk", "galley": 7, "seat": RED, "cause": "battle"} in events
    assert s.to_move() == (BLUE,) and s.stack[-1].kind == "loot"
    assert notations(s, BLUE) == {"loot marble", "done"}

    s.apply(BLUE, "loot marble")
    assert s.cargo[6 * 3 + good("marble")] == 1 and s.cargo[6 * 3 + good("wood")] == 2
    assert s.stack[-1].kind == "activation"
    legal = notations(s, BLUE)
    assert "attack g10" in legal and "end" in legal
    assert "attack port" not in legal, "Red's galley 10 must be fought before her port"
    check_invariants(s)

    c = s.clone()
    script(c, BLANK, BLANK, BLANK)  # Blue 1 die (his value is now 1), Red 2 dice
    events = c.apply(BLUE, "attack g10")
    (round1,) = [e for e in events if e["type"] == "battle_round"]
    assert len(round1["attack_dice"]) == 1 and len(round1["defence_dice"]) == 2

    events = s.apply(BLUE, "end")
    assert s.stack[-1].kind == "galley" and s.wheel == 5, "the token moves on to galley 6"
    check_invariants(s)


def test_sinking_the_last_defender_opens_the_port():
    """serenissima-2012.en.txt, A) Action, 3) b) Battle, Combat against a port: once the port
    owner's galleys in the zone are sunk, the active galley may attack the port."""
    st = Stage()
    st.port("algiers", RED, 1).port("genova", RED, 3)
    st.galley(4, BLUE, "algiers", 5).galley(7, RED, "algiers", 1)
    s = st.activate(4)
    assert "attack port" not in notations(s, BLUE)
    script(s, SKULL, BLANK, BLANK, BLANK, BLANK, BLANK)
    s.apply(BLUE, "attack g7")
    assert s.g_owner[6] == -1 and s.stack[-1].kind == "activation"
    assert "attack port" in notations(s, BLUE)


# -- Napoli ---------------------------------------------------------------------------------------


def napoli_position(black_sailors):
    st = Stage()
    st.port("valencia", ORANGE, 3)
    st.galley(8, ORANGE, "genova", 3, wood=1).galley(11, BLACK, "napoli", black_sailors)
    return st.activate(8)


def test_napoli_claim_example():
    """serenissima-2012.en.txt, A) Action, 3) b) Battle, Combat against a port, example: galley
    8 of Orange moves to neutral Napoli; Black's galley there has 3 sailors, no more than galley
    8, so no blockade question is asked; Orange unloads one sailor and takes the Napoli card."""
    s = napoli_position(3)
    events = s.apply(ORANGE, "move napoli")
    assert "blockade_question" not in kinds(events)
    assert s.to_move() == (ORANGE,)
    legal = notations(s, ORANGE)
    assert {"claim 1", "claim 2", "claim 3"} <= legal, "1 or more sailors, even all (R28)"
    assert "claim 4" not in legal, "galley 8 carries 3"
    events = s.apply(ORANGE, "claim 1")
    assert "blockade_question" not in kinds(events)
    assert {"type": "port_taken", "seat": ORANGE, "port": "napoli", "sailors": 1} in events
    p = port("napoli")
    assert s.owner[p] == ORANGE and s.port_sailors[p] == 1
    assert s.g_sailors[7] == 2 and s.cargo[6 * 7 + good("wood")] == 1
    assert s.stack[-1].kind == "galley" and s.wheel == 10, "Orange's turn is over"
    assert "napoli" in s.view(None)["players_info"][ORANGE]["ports"]
    check_invariants(s)


def test_napoli_claim_blockaded_by_a_stronger_galley():
    """serenissima-2012.en.txt, A) Action, 3) b) Battle, Blockade and battle: with 4 sailors
    Black could have blockaded the claim; Orange may then only fight him or end her turn."""
    s = napoli_position(4)
    events = s.apply(ORANGE, "move napoli")
    assert events[-1]["type"] == "blockade_question" and s.to_move() == (BLACK,)
    s.apply(BLACK, "pass")
    s.apply(ORANGE, "claim 1")
    assert s.to_move() == (BLACK,) and s.stack[-1].data[0] == "claim"
    s.apply(BLACK, "blockade")
    assert s.owner[port("napoli")] == -1
    assert notations(s, ORANGE) == {"attack g11", "end"}


def test_unloading_every_sailor_claims_the_port_and_sinks_the_galley():
    """serenissima-2012.en.txt, A) Action, 3) b) Battle, Combat against a port: a neutral port
    is claimed "by unloading 1 or more sailors into it"; and 1) Loading, Limitations: "a player
    is allowed to voluntarily sink one of their galleys". So a galley of 3 may land all 3 in
    Napoli (warehouse 4) and sink; it may not land more than it carries (RULINGS.md R28)."""
    st = Stage()
    st.port("valencia", ORANGE, 3).galley(8, ORANGE, "napoli", 3, wood=1)
    s = st.activate(8)
    legal = notations(s, ORANGE)
    assert {"claim 1", "claim 2", "claim 3"} <= legal and "claim 4" not in legal
    with pytest.raises(IllegalAction) as refusal:
        s.check(ORANGE, s.coerce("claim 4"))
    assert (
        refusal.value.reason
        == "the galley carries only 3 sailors; the range now: sailors landed 1 to 3"
    )
    reserve, wood = s.reserve[ORANGE], s.supply[good("wood")]
    events = s.apply(ORANGE, "claim 3")
    assert s.owner[port("napoli")] == ORANGE and s.port_sailors[port("napoli")] == 3
    assert {"type": "sunk", "galley": 8, "seat": ORANGE, "cause": "unloaded"} in events
    assert s.g_owner[7] == -1 and s.reserve[ORANGE] == reserve
    assert s.supply[good("wood")] == wood + 1, "the wreck's cargo goes back to the bank (R14)"
    check_invariants(s)


def test_a_claim_lands_no_more_than_the_warehouse_size():
    """serenissima-2012.en.txt, A) Action, 1) Loading, Limitations: a port holds at most as
    many sailors as its warehouse has spaces (Algiers: 3), so a galley of 5 claims 1 to 3."""
    st = Stage()
    st.port("valencia", ORANGE, 3).galley(8, ORANGE, "algiers", 5)
    s = st.activate(8)
    claims = {n for n in notations(s, ORANGE) if n.startswith("claim")}
    assert claims == {"claim 1", "claim 2", "claim 3"}
    with pytest.raises(IllegalAction) as refusal:
        s.check(ORANGE, s.coerce("claim 4"))
    assert "at most 3 sailors" in refusal.value.reason


def test_a_player_may_sink_the_active_galley_during_loading():
    """serenissima-2012.en.txt, A) Action, 1) Loading, Limitations: "A player is allowed to
    voluntarily sink one of their galleys", even where no port or galley could take its
    sailors (here at open sea, alone): `sink` returns its sailors to the reserve and its cargo
    to the bank, takes its cube off the wheel and ends its turn. Loading over, it is refused
    (RULINGS.md R28)."""

    def alone_at_sea():
        st = Stage()
        st.port("valencia", BLUE, 1).galley(4, BLUE, "ionian-sea", 3, wood=1)
        return st.galley(6, BLUE, "valencia", 2).activate(4)

    s = alone_at_sea()
    assert "sink" in notations(s, BLUE)
    reserve, wood = s.reserve[BLUE], s.supply[good("wood")]
    events = s.apply(BLUE, "sink")
    assert {"type": "sunk", "galley": 4, "seat": BLUE, "cause": "scuttled"} in events
    assert s.g_owner[3] == -1 and s.reserve[BLUE] == reserve + 3
    assert s.supply[good("wood")] == wood + 1
    assert s.stack[-1] == Decision("galley", (BLUE,), 5), "the token moves on to galley 6"
    check_invariants(s)
    s = alone_at_sea()
    s.apply(BLUE, "move " + BOARD.zone_ids[BOARD.adjacent[zone("ionian-sea")][0]])
    with pytest.raises(IllegalAction) as refusal:
        s.check(BLUE, s.coerce("sink"))
    assert refusal.value.rule.endswith("1) Loading")


def test_claim_with_the_last_sailor_sinks_the_galley():
    """serenissima-2012.en.txt, A) Action, 3) b) Battle, Combat against a port: with one sailor
    left the sailor can still be unloaded and the galley sinks."""
    st = Stage()
    st.port("valencia", ORANGE, 3).galley(8, ORANGE, "napoli", 1, wood=2)
    s = st.activate(8)
    assert notations(s, ORANGE) >= {"claim 1"}
    events = s.apply(ORANGE, "claim 1")
    assert s.owner[port("napoli")] == ORANGE and s.g_owner[7] == -1
    assert {"type": "sunk", "galley": 8, "seat": ORANGE, "cause": "unloaded"} in events
    check_invariants(s)


# -- Black's investment ---------------------------------------------------------------------------


def test_black_investment_example():
    """serenissima-2012.en.txt, B) Investment, example: galley 9 is active and Black invests:
    5 sailors (1 in Constantinople, 1 in Antakya, 3 on galley 12 lying in one of his ports);
    Antakya is then full at 3; a basilica at Antakya (produces gold, holds marble). 7 ducats in
    all; his turn is then over."""
    st = Stage(money=20)
    st.port("constantinople", BLACK, 2).port("antakya", BLACK, 2, goods=["marble"])
    st.galley(9, BLACK, "rhodes", 3).galley(12, BLACK, "constantinople", 2)
    s = st.wheel_at(9)
    s.apply(BLACK, "invest")
    assert s.stack[-1].kind == "investment"
    for action in ("recruit constantinople", "recruit antakya", "recruit g12", "recruit g12"):
        s.apply(BLACK, action)
    assert "recruit antakya" not in notations(s, BLACK), "Antakya holds at most 3 sailors"
    assert "recruit g9" not in notations(s, BLACK), "galley 9 is not in one of his ports"
    s.apply(BLACK, "recruit g12")
    assert "recruit g12" not in notations(s, BLACK), "a galley holds 5 sailors"
    assert "basilica antakya" in notations(s, BLACK)
    assert "basilica constantinople" not in notations(s, BLACK), "no gold there"
    events = s.apply(BLACK, "basilica antakya")
    assert events[0]["ducats"] == 2
    assert s.money[BLACK] == 13, "7 ducats in all"
    assert s.port_sailors[port("antakya")] == 3 and s.port_sailors[port("constantinople")] == 3
    assert s.g_sailors[11] == 5
    assert s.basilicas >> port("antakya") & 1
    assert s.warehouse[port("antakya")] == 1 << good("marble"), "the marble is not spent"
    s.apply(BLACK, "end")
    assert s.stack[-1].kind == "galley" and s.wheel == 11, "his turn is over"
    check_invariants(s)


# -- end of the turn, Doge cards and scoring ------------------------------------------------------


def end_of_turn(st, card, track, last=15, seat=BLUE):
    """Galley `last` (the highest on the wheel) acts and ends: the Doge card `card` is drawn."""
    st.galley(last, seat, "ionian-sea", 1)
    s = st.activate(last)
    s.track = track
    s.doge_deck = [c for c in range(len(BOARD.doge_ids)) if c != DOGE[card]] + [DOGE[card]]
    s.doge_discard = []
    return s


def test_valencia_scoring_example():
    """serenissima-2012.en.txt, Scoring, example: València's warehouse holds 4 cubes and a
    basilica: Blue gains 15 + 5 = 20 ducats for it."""
    st = Stage(money=0)
    st.port("valencia", BLUE, 3, goods=["stone", "marble", "wine", "gold"], basilica=True)
    st.port("algiers", RED, 1, goods=["wood"]).galley(1, BLUE, "valencia", 3)
    st.galley(2, RED, "algiers", 3)
    s = end_of_turn(st, "hourglass-1a", track=3)
    events = s.apply(BLUE, "end")
    scoring = {e["seat"]: e["ducats"] for e in events if e["type"] == "scoring"}
    assert scoring[BLUE] == 20
    assert scoring[RED] == BOARD.scoring_by_cubes[1]
    assert scoring[ORANGE] == scoring[BLACK] == 0
    assert s.money[BLUE] == 20 and s.scorings == 1
    check_invariants(s)


def test_doge_card_example_two_hourglasses_pass_a_scoring_space():
    """serenissima-2012.en.txt, End of the Turn, example: the card with 2 hourglasses moves the
    white token 2 spaces; it passes a scoring space so scoring happens; then players with fewer
    than 2 galleys may buy some (special investment): in turn from the first player, galleys up
    to 2 with no one-per-phase limit, sailors for galleys only (RULINGS.md R16)."""
    st = Stage(money=10)
    st.port("valencia", BLUE, 3, goods=["stone"]).port("genova", RED, 3)
    st.port("venezia", ORANGE, 3).port("constantinople", BLACK, 3)
    st.galley(1, BLUE, "valencia", 3).galley(2, RED, "genova", 3)
    st.galley(3, BLACK, "constantinople", 3).galley(4, BLACK, "constantinople", 3)
    space = BOARD.setups[4].scoring[0]
    s = end_of_turn(st, "hourglass-2", track=space - 1)  # galley 15 is Blue's second
    s.first = BLUE
    events = s.apply(BLUE, "end")
    assert kinds(events)[kinds(events).index("doge_card") + 1] == "scoring"
    assert s.track == space + 1 and s.scorings == 1
    assert s.money[BLUE] == 10 + BOARD.scoring_by_cubes[1]
    # scoring comes before the special investment, offered to Red (1 galley), then Orange (0)
    assert kinds(events).index("scoring") < kinds(events).index("special_investment")
    assert s.stack[-1].kind == "special" and s.to_move() == (RED,)
    # galleys and sailors for galleys only: no recruit in Genova itself
    assert notations(s, RED) == {"recruit g2", "end"} | {
        f"galley {n} at genova" for n in range(5, 15)
    }
    events = s.apply(RED, "galley 5 at genova")
    assert events[0]["ducats"] == 2, "1 per galley owned, plus the crew sailor"
    assert not any(a.kind == "buy_galley" for a in s.legal_actions(RED)), "Red has 2 galleys"
    s.apply(RED, "end")
    assert s.to_move() == (ORANGE,)
    assert s.apply(ORANGE, "galley 6 at venezia")[0]["ducats"] == 1
    assert s.apply(ORANGE, "galley 7 at venezia")[0]["ducats"] == 2
    assert not any(a.kind == "buy_galley" for a in s.legal_actions(ORANGE))
    s.apply(ORANGE, "end")
    assert s.stack[-1].kind == "galley" and s.turn == 2, "the next turn begins"
    assert s.money[ORANGE] == 10 - 3
    check_invariants(s)


def test_doge_card_reaching_or_not_reaching_a_scoring_space():
    """serenissima-2012.en.txt, End of the Turn: a 1-hourglass card scores only if the token
    reaches a scoring space; a 2-hourglass card scores if it reaches or passes one; the wine
    card does not move the token."""
    space = BOARD.setups[4].scoring[0]
    for card, track, scores in (
        ("hourglass-1a", space - 2, False),
        ("hourglass-1b", space - 1, True),
        ("hourglass-2", space - 2, True),
        ("hourglass-2-shuffle", space - 1, True),
        ("wine", space - 1, False),
    ):
        st = Stage()
        st.port("valencia", BLUE, 3).galley(1, BLUE, "valencia", 3)
        s = end_of_turn(st, card, track)
        events = s.apply(BLUE, "end")
        assert ("scoring" in kinds(events)) == scores, card
        assert s.track == track + BOARD.doge_steps[DOGE[card]]


def test_shuffle_card_reshuffles_every_card():
    """serenissima-2012.en.txt, End of the Turn, "2 Hourglass + Shuffle" card: the discarded
    and remaining Doge cards are reshuffled face down; the shuffle card itself joins them
    (RULINGS.md R31)."""
    st = Stage()
    st.port("valencia", BLUE, 3).galley(1, BLUE, "valencia", 3)
    s = end_of_turn(st, "hourglass-2-shuffle", track=0)
    s.doge_discard = [s.doge_deck.pop(0)]
    events = s.apply(BLUE, "end")
    assert "doge_shuffle" in kinds(events)
    assert sorted(s.doge_deck) == list(range(5)) and s.doge_discard == []


def test_wine_card_pays_3_per_wine_port():
    """serenissima-2012.en.txt, End of the Turn, "Wine" card: each player gains 3 ducats for
    each of his ports containing or producing wine."""
    st = Stage(money=0)
    st.port("venezia", BLUE, 3).port("genova", BLUE, 1, goods=["wine"]).port("valencia", BLUE, 1)
    st.port("algiers", RED, 1, goods=["wood"])
    st.galley(1, BLUE, "venezia", 3)
    s = end_of_turn(st, "wine", track=0)
    events = s.apply(BLUE, "end")
    assert [e for e in events if e["type"] == "wine_income"] == [
        {"type": "wine_income", "seat": BLUE, "ducats": 6}
    ]
    assert s.money == [6, 0, 0, 0] and s.track == 0
    assert s.view(None)["ports"][port("genova")]["wine_side"]


# -- sales ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("owner", "cubes", "gain"),
    [(None, (), 4), (None, ("wood", "wine"), 6), (RED, ("wood",), 5), (BLUE, (), 2)],
)
def test_spice_bonus(owner, cubes, gain):
    """serenissima-2012.en.txt, A) Action, 3) a) Sale, Spice: 2 ducats more; so 2 in an own
    port and the space value + 2 (4 to 8) elsewhere."""
    st = Stage(money=0)
    st.port("genova", owner, 0 if owner is None else 2, goods=cubes)
    st.port("valencia", RED, 1)
    st.galley(1, BLUE, "genova", 2, spice=1)
    s = st.activate(1)
    events = s.apply(BLUE, "sell spice")
    assert events[-1]["ducats"] == gain and s.money[BLUE] == gain
    assert s.money[RED] == 0


def test_sale_in_own_port_pays_nothing_and_wine_turns_the_card():
    """serenissima-2012.en.txt, A) Action, 3) a) Sale: nothing in an own port; Wine: a port with
    wine in its warehouse shows its wine side. A port never buys the good it produces."""
    st = Stage(money=0)
    st.port("genova", BLUE, 2).galley(1, BLUE, "genova", 2, wine=1, stone=1)
    s = st.activate(1)
    assert "sell stone" not in notations(s, BLUE)
    assert not s.view(None)["ports"][port("genova")]["wine_side"]
    events = s.apply(BLUE, "sell wine")
    assert events[-1]["ducats"] == 0 and s.money[BLUE] == 0
    assert s.view(None)["ports"][port("genova")]["wine_side"]


def test_full_warehouse_buys_nothing():
    """serenissima-2012.en.txt, A) Action, 3) a) Sale: each cube takes a warehouse space; a
    3-space warehouse that is full takes no more."""
    st = Stage()
    st.port("algiers", goods=["wood", "stone", "marble"])
    st.galley(1, BLUE, "algiers", 1, spice=1, wine=1)
    s = st.activate(1)
    assert not any(a.kind == "sell" for a in s.legal_actions(BLUE))


# -- loading rules --------------------------------------------------------------------------------


def test_loading_prices_neutral_and_foreign_ports():
    """serenissima-2012.en.txt, A) Action, 1) Loading, Goods: 1 ducat per cube to the bank in a
    neutral port, to the owner in another player's port."""
    st = Stage(money=5)
    st.port("napoli").port("genova", RED, 2)
    st.galley(1, BLUE, "napoli", 2).galley(2, BLUE, "genova", 2)
    s = st.activate(1)
    events = s.apply(BLUE, "buy wood")
    assert events[0]["ducats"] == 1 and events[0]["paid_to"] is None
    assert s.money[:2] == [4, 5]
    st = Stage(money=5)
    st.port("napoli").port("genova", RED, 2)
    st.galley(2, BLUE, "genova", 2)
    s = st.activate(2)
    events = s.apply(BLUE, "buy stone")
    assert events[0]["ducats"] == 1 and events[0]["paid_to"] == RED
    assert s.money[:2] == [4, 6]
    assert "sailor from port" not in notations(s, BLUE), "not his port"
    assert "sailor to port" not in notations(s, BLUE)


def test_galley_holds_at_most_4_goods_and_5_pieces():
    """serenissima-2012.en.txt, A) Action, 1) Loading: 5 spaces for sailors or goods, at least
    1 sailor, so at most 4 goods cubes; goods may be tossed to make room. The limits hold when
    loading ends (RULINGS.md R29): a galley loaded beyond them may not move, sell, fight or end
    until goods are tossed; a cube is bought only if a space is left on the player's galleys
    or in the port here."""
    for sailors, cargo in ((1, 4), (2, 3)):
        st = Stage()
        st.port("valencia", BLUE, 3).galley(1, BLUE, "valencia", sailors, stone=cargo)
        s = st.activate(1)
        s.apply(BLUE, "buy wood")  # room in the port for the sailor it displaces
        legal = notations(s, BLUE)
        assert not legal & {"end", "move marseille", "move algiers"}, (sailors, cargo)
        refusal = _refused(s, BLUE, "end")
        assert "at most 5 pieces, 4 of them goods" in refusal.reason
        s.apply(BLUE, "toss stone")
        assert {"end", "move marseille"} <= notations(s, BLUE)
        check_invariants(s)
    st = Stage()
    st.galley(1, BLUE, "napoli", 1, stone=4)  # a neutral port: no space anywhere
    s = st.activate(1)
    assert "buy wood" not in notations(s, BLUE)
    assert "no space" in _refused(s, BLUE, "buy wood").reason


def test_port_capacity_is_warehouse_size():
    """serenissima-2012.en.txt, A) Action, 1) Loading, Limitations: a port holds at most as many
    sailors as its warehouse has spaces (València: 5); also for claims and recruits."""
    st = Stage()
    st.port("valencia", BLUE, 5).galley(1, BLUE, "valencia", 3)
    s = st.activate(1)
    assert "sailor to port" not in notations(s, BLUE)
    st = Stage()
    st.port("valencia", BLUE, 4).galley(1, BLUE, "valencia", 3)
    s = st.activate(1)
    s.apply(BLUE, "sailor to port")
    assert s.port_sailors[port("valencia")] == 5
    assert "sailor to port" not in notations(s, BLUE)

    st = Stage()
    st.port("valencia", BLUE, 1).galley(1, BLUE, "antakya", 5)
    s = st.activate(1)
    claims = {a["sailors"] for a in s.legal_actions(BLUE) if a.kind == "claim"}
    assert claims == {1, 2, 3}, "Antakya holds 3 sailors"

    st = Stage()
    st.port("antakya", BLUE, 3).port("valencia", BLUE, 4).galley(1, BLUE, "rhodes", 3)
    s = st.activate(1, "invest")
    assert "recruit antakya" not in notations(s, BLUE)
    assert "recruit valencia" in notations(s, BLUE)


# -- movement and blockades -----------------------------------------------------------------------


def test_no_blockade_in_the_starting_zone():
    """serenissima-2012.en.txt, A) Action, 2) Movement, Blockade during movement: a blockade
    cannot involve a galley's starting space: it may always leave, and coming back to it asks
    nobody."""
    st = Stage()
    st.port("valencia", BLUE, 1)
    st.galley(1, BLUE, "algiers", 2).galley(7, RED, "algiers", 4)
    s = st.activate(1)
    events = s.apply(BLUE, "move valencia")
    assert "blockade_question" not in kinds(events)
    events = s.apply(BLUE, "move algiers")
    assert "blockade_question" not in kinds(events) and s.to_move() == (BLUE,)
    # the same zone is not the starting one for a galley coming from elsewhere
    st = Stage()
    st.port("valencia", BLUE, 1)
    st.galley(1, BLUE, "valencia", 2).galley(7, RED, "algiers", 4)
    s = st.activate(1)
    events = s.apply(BLUE, "move algiers")
    assert events[-1]["type"] == "blockade_question" and s.to_move() == (RED,)


def test_no_blockade_of_a_sale_or_claim_in_the_starting_zone():
    """serenissima-2012.en.txt, A) Action, 3) a) Sale, Blockade during a sale: "the blockade
    rules apply to sales", including the exemption of the starting space (RULINGS.md R13)."""
    st = Stage()
    st.port("valencia", BLUE, 1)
    st.galley(1, BLUE, "algiers", 2, marble=1).galley(7, RED, "algiers", 4)
    s = st.activate(1)
    events = s.apply(BLUE, "sell marble")
    assert "blockade_question" not in kinds(events)
    assert any(e["type"] == "sale" for e in events)
    st = Stage()
    st.port("valencia", BLUE, 1)
    st.galley(1, BLUE, "algiers", 2).galley(7, RED, "algiers", 4)
    s = st.activate(1)
    events = s.apply(BLUE, "claim 1")
    assert "blockade_question" not in kinds(events)
    assert s.owner[port("algiers")] == BLUE


def test_blockade_needs_more_sailors_on_galleys_than_the_active_galley():
    """serenissima-2012.en.txt, A) Action, 2) Movement, Blockade during movement: only sailors
    on galleys count (not those in the port), and they must outnumber the active galley's."""
    for red_galleys, asked in (((3,), False), ((2, 1), False), ((2, 2), True), ((4,), True)):
        st = Stage()
        st.port("valencia", BLUE, 1).port("algiers", RED, 3)  # 3 + 3 in the port do not count
        st.galley(1, BLUE, "valencia", 3)
        for i, n in enumerate(red_galleys):
            st.galley(7 + i, RED, "algiers", n)
        s = st.activate(1)
        events = s.apply(BLUE, "move algiers")
        assert ("blockade_question" in kinds(events)) == asked, red_galleys


def test_blockade_order_most_sailors_then_lowest_galley():
    """serenissima-2012.en.txt, A) Action, 2) Movement, Blockade during movement: the player
    with the most sailors decides first; on a tie, the one with the lowest-numbered galley."""
    st = Stage()
    st.port("valencia", BLUE, 1).galley(1, BLUE, "valencia", 1)
    st.galley(9, RED, "algiers", 2).galley(5, ORANGE, "algiers", 2).galley(3, BLACK, "algiers", 3)
    s = st.activate(1)
    s.apply(BLUE, "move algiers")
    assert s.to_move() == (BLACK,)
    s.apply(BLACK, "pass")
    assert s.to_move() == (ORANGE,), "tie 2-2: Orange has galley 5, Red galley 9"
    s.apply(ORANGE, "pass")
    assert s.to_move() == (RED,)
    s.apply(RED, "blockade")
    assert s.to_move() == (BLUE,)
    assert not any(a.kind == "move" for a in s.legal_actions(BLUE))


def test_first_blockade_settles_it():
    """serenissima-2012.en.txt, A) Action, 2) Movement, Blockade during movement: once a player
    blockades, the others are not asked."""
    st = Stage()
    st.port("valencia", BLUE, 1).galley(1, BLUE, "valencia", 1)
    st.galley(9, RED, "algiers", 2).galley(3, BLACK, "algiers", 3)
    s = st.activate(1)
    s.apply(BLUE, "move algiers")
    events = s.apply(BLACK, "blockade")
    assert "blockade_question" not in kinds(events) and s.to_move() == (BLUE,)


def test_blockaded_sale_leaves_only_battle_with_blockaders_or_end():
    """serenissima-2012.en.txt, A) Action, 3) a) Sale, Blockade during a sale: "The player
    suffering the blockade can then decide to enter battle with the galley(s) causing the
    blockade (see further) or end their turn" (example: "Blue must decide to end his turn or
    enter battle"). Here in a neutral port, with a galley of Orange that did not blockade:
    claiming the port or attacking Orange should not be offered."""
    st = Stage()
    st.port("valencia", BLUE, 1)
    st.galley(4, BLUE, "valencia", 3, wood=1).galley(7, RED, "algiers", 4)
    st.galley(8, ORANGE, "algiers", 1)
    s = st.activate(4)
    s.apply(BLUE, "move algiers")
    s.apply(RED, "pass")
    s.apply(BLUE, "sell wood")
    s.apply(RED, "blockade")
    assert notations(s, BLUE) == {"attack g7", "end"}


# -- battles against ports ------------------------------------------------------------------------


def port_battle(fort=False, red_sailors=2, blue_sailors=4, red_ports=2):
    st = Stage()
    st.port("genova", RED, red_sailors, fort=fort)
    if red_ports > 1:
        st.port("valencia", RED, 1)
    st.galley(1, BLUE, "genova", blue_sailors).galley(9, RED, "napoli", 1)
    return st.activate(1)


def test_fort_fires_two_dice_once_before_a_port_battle():
    """serenissima-2012.en.txt, A) Action, 3) b) Battle, Forts: before the battle against the
    port the fort rolls 2 dice, killing one attacker per skull; it fires only once, and stays
    when the port changes hands."""
    s = port_battle(fort=True)
    dice = script(s, SKULL, BLANK, *[BLANK] * 3, BLANK, BLANK)  # fort 2; Blue 3; Red 2
    events = s.apply(BLUE, "attack port")
    assert not dice.values
    fire = [e for e in events if e["type"] == "fort_fire"]
    assert fire == [{"type": "fort_fire", "port": "genova", "dice": [True, False], "killed": 1}]
    assert s.g_sailors[0] == 3
    dice = script(s, SKULL, SKULL, BLANK, BLANK, BLANK)  # Blue 3 dice, Red 2: no fort
    events = s.apply(BLUE, "fight")
    assert not dice.values and "fort_fire" not in kinds(events)
    assert s.owner[port("genova")] == -1 and s.stack[-1].kind == "occupy"
    assert notations(s, BLUE) == {"claim 1", "claim 2", "claim 3", "end"}  # up to all (R28)
    s.apply(BLUE, "claim 2")
    assert s.owner[port("genova")] == BLUE and s.port_sailors[port("genova")] == 2
    assert s.forts >> port("genova") & 1, "the fort remains"
    check_invariants(s)


def test_fort_shot_comes_before_the_combat_value():
    """serenissima-2012.en.txt, A) Action, 3) b) Battle, Forts: the fort fires "before the
    beginning of the combat against the port"; and (Battle against a galley) the attacker's
    combat value is set "to begin": the sailors aboard minus the zones crossed. So the value
    counts the sailors the shot left: 4 sailors, 1 zone crossed, 1 killed by the fort: 2 dice,
    not 3. The same value then caps the later rounds."""
    st = Stage()
    st.port("genova", RED, 2, fort=True).port("valencia", RED, 1)
    st.galley(1, BLUE, "marseille", 4).galley(9, RED, "napoli", 1)
    s = st.activate(1)
    s.apply(BLUE, "move genova")
    dice = script(s, SKULL, BLANK, BLANK, BLANK, BLANK, BLANK)  # fort 2; Blue 2; Red 2
    events = s.apply(BLUE, "attack port")
    assert not dice.values, "Blue rolled 2 dice, not 3"
    (rnd,) = [e for e in events if e["type"] == "battle_round"]
    assert len(rnd["attack_dice"]) == 2 and len(rnd["defence_dice"]) == 2
    assert s.g_sailors[0] == 3 and s.cap == 2
    dice = script(s, BLANK, BLANK, BLANK, BLANK)  # Blue 2 again, Red 2
    s.apply(BLUE, "fight")
    assert not dice.values
    check_invariants(s)


def test_fort_that_kills_no_more_than_the_zones_crossed_still_costs_dice():
    """serenissima-2012.en.txt, A) Action, 3) b) Battle, Forts and Battle against a galley: 3
    sailors, 1 zone crossed, the fort kills 1: the combat value is 3 - 1 - 1 = 1 (the shot is
    not absorbed by the zones crossed)."""
    st = Stage()
    st.port("genova", RED, 1, fort=True).port("valencia", RED, 1)
    st.galley(1, BLUE, "marseille", 3).galley(9, RED, "napoli", 1)
    s = st.activate(1)
    s.apply(BLUE, "move genova")
    dice = script(s, BLANK, SKULL, BLANK, BLANK)  # fort 2; Blue 1; Red 1
    events = s.apply(BLUE, "attack port")
    assert not dice.values
    (rnd,) = [e for e in events if e["type"] == "battle_round"]
    assert len(rnd["attack_dice"]) == 1


def test_no_fort_no_fire():
    """serenissima-2012.en.txt, A) Action, 3) b) Battle, Forts: without a fort the battle
    starts at once."""
    s = port_battle(fort=False)
    dice = script(s, *[BLANK] * 4, BLANK, BLANK)
    events = s.apply(BLUE, "attack port")
    assert not dice.values and "fort_fire" not in kinds(events)


def test_fort_does_not_fire_on_a_sale():
    """serenissima-2012.en.txt, A) Action, 3) b) Battle, Forts: a fort cannot fire on a galley
    making a sale."""
    st = Stage()
    st.port("genova", RED, 2, fort=True).port("valencia", RED, 1)
    st.galley(1, BLUE, "genova", 2, wood=1)
    s = st.activate(1)
    script(s)  # any die rolled would fail the test
    events = s.apply(BLUE, "sell wood")
    assert events[-1]["type"] == "sale" and s.g_sailors[0] == 2


def test_mutual_destruction_leaves_the_port_neutral():
    """serenissima-2012.en.txt, A) Action, 3) b) Battle, Combat against a port: when both sides
    kill each other off, the port becomes neutral and its card goes back to the reserve."""
    s = port_battle(red_sailors=1, blue_sailors=1)
    script(s, SKULL, SKULL)
    events = s.apply(BLUE, "attack port")
    p = port("genova")
    assert s.owner[p] == -1 and s.port_sailors[p] == 0
    assert s.g_owner[0] == -1
    assert {"type": "port_neutral", "port": "genova", "former_owner": RED} in events
    assert "genova" not in s.view(None)["players_info"][RED]["ports"]
    assert s.stack[-1] == Decision("galley", (RED,), 8), "the token moves on to galley 9"
    check_invariants(s)


def test_last_port_cannot_be_attacked():
    """serenissima-2012.en.txt, A) Action, 3) b) Battle, Player's last port: other players may
    not conquer a player's only port."""
    s = port_battle(red_ports=1)
    assert "attack port" not in notations(s, BLUE)
    with pytest.raises(IllegalAction):
        s.apply(BLUE, "attack port")
    s = port_battle(red_ports=2)
    assert "attack port" in notations(s, BLUE)


def test_last_port_forbids_the_conquest_not_the_battle_against_its_galleys():
    """serenissima-2012.en.txt, A) Action, 3) b) Battle, Player's last port: the text forbids
    only conquering the last port, and in this rulebook a port is conquered by the battle
    against it (3) b) Battle: "attack one or more galleys ... They can also conquer the port").
    So the owner's galleys in the zone may still be attacked and sunk; the battle against the
    port stays refused, with the last-port reason, before and after (RULINGS.md R10)."""
    st = Stage()
    st.port("genova", RED, 2)
    st.galley(1, BLUE, "genova", 4).galley(9, RED, "genova", 2)
    s = st.activate(1)
    assert {"attack g9"} <= notations(s, BLUE) and "attack port" not in notations(s, BLUE)
    refusal = _refused(s, BLUE, "attack port")
    assert "last port" in refusal.reason and refusal.rule.endswith("Player's last port")
    dice = script(s, SKULL, SKULL, BLANK, BLANK, BLANK, BLANK)  # Blue 4 dice, Red 2
    events = s.apply(BLUE, "attack g9")
    assert not dice.values and {"type": "sunk", "galley": 9, "seat": RED, "cause": "battle"} in (
        events
    )
    assert s.owner[port("genova")] == RED and "attack port" not in notations(s, BLUE)
    refusal = _refused(s, BLUE, "attack port")
    assert "last port" in refusal.reason and refusal.rule.endswith("Player's last port")
    check_invariants(s)


def _refused(s, seat, text):
    with pytest.raises(IllegalAction) as refusal:
        s.check(seat, s.coerce(text))
    return refusal.value


# -- investment -----------------------------------------------------------------------------------


def test_galley_price_and_one_galley_per_investment():
    """serenissima-2012.en.txt, B) Investment, Galley: 1 ducat per galley already owned (plus
    its one crew sailor, RULINGS.md R7), placed in an own port; only one new
    galley per investment phase."""
    st = Stage(money=20)
    st.port("valencia", BLUE, 3).galley(1, BLUE, "valencia", 3).galley(2, BLUE, "algiers", 3)
    s = st.activate(1, "invest")
    assert "galley 5 at valencia" in notations(s, BLUE)
    assert "galley 5 at algiers" not in notations(s, BLUE)
    reserve = s.reserve[BLUE]
    events = s.apply(BLUE, "galley 5 at valencia")
    assert events[0]["ducats"] == 2 + 1
    assert s.money[BLUE] == 17 and s.reserve[BLUE] == reserve - 1
    assert s.g_owner[4] == BLUE and s.g_zone[4] == zone("valencia") and s.g_sailors[4] == 1
    assert not any(a.kind == "buy_galley" for a in s.legal_actions(BLUE)), "one per investment"
    assert "recruit g5" in notations(s, BLUE), "more sailors may be recruited onto it (R7)"
    check_invariants(s)


@pytest.mark.parametrize(("number", "next_galley"), [(5, 5), (1, 7)])
def test_galley_bought_ahead_of_the_token_acts_this_turn(number, next_galley):
    """serenissima-2012.en.txt, Game Overview: the black token moves clockwise to the next space
    holding a galley cube. RULINGS.md R9: a galley bought during the turn acts this turn if its
    number is still ahead of the token, and waits for the next turn if it is behind."""
    st = Stage()
    st.port("valencia", BLUE, 3).galley(3, BLUE, "valencia", 3).galley(7, RED, "napoli", 1)
    s = st.activate(3, "invest")
    s.apply(BLUE, f"galley {number} at valencia")
    events = s.apply(BLUE, "end")
    assert [e["galley"] for e in events if e["type"] == "wheel"] == [next_galley]
    assert s.stack[-1] == Decision("galley", (s.g_owner[next_galley - 1],), next_galley - 1)


def test_at_most_six_galleys():
    """serenissima-2012.en.txt, components: 6 galley cubes per player."""
    st = Stage(money=50)
    st.port("valencia", BLUE, 3)
    for n in range(1, 7):
        st.galley(n, BLUE, "valencia", 1)
    s = st.activate(1, "invest")
    assert not any(a.kind == "buy_galley" for a in s.legal_actions(BLUE))


def test_components_limit_forts_and_goods_cubes():
    """serenissima-2012.en.txt, components: 5 Fort tokens and a fixed number of cubes of each
    good. RULINGS.md R27: no fort once all five are on the board, no wood bought once the bank
    has none left."""
    st = Stage()
    st.port("genova", BLUE, 1, goods=("wood",)).port("valencia", BLUE, 1)
    st.galley(1, BLUE, "valencia", 1)
    assert "fort genova" in notations(st.activate(1, "invest"), BLUE)
    assert "buy wood" in notations(st.activate(1), BLUE)
    for name in ("tunis", "tripoli", "marseille", "cagliari", "napoli"):
        st.port(name, fort=True)
    left = BOARD.cubes[good("wood")] - 1  # one is in Genova's warehouse
    for number in (7, 8, 9, 10):
        st.galley(number, RED, "algiers", 1, wood=min(4, left))  # the bank's wood is all aboard
        left -= min(4, left)
    assert left == 0
    s = st.activate(1, "invest")
    assert "fort genova" not in notations(s, BLUE)
    assert "all fort tokens are on the board" in _refused(s, BLUE, "fort genova").reason
    s = st.activate(1)
    assert "buy wood" not in notations(s, BLUE)
    assert "no wood cubes are left in the bank" in _refused(s, BLUE, "buy wood").reason


@pytest.mark.parametrize(
    ("where", "cubes", "allowed"),
    [
        ("valencia", (), False),  # wood only
        ("valencia", ("stone",), True),
        ("genova", ("wood",), True),
        ("genova", ("marble",), False),
        ("napoli", ("gold",), False),
    ],
)
def test_fort_needs_wood_and_stone(where, cubes, allowed):
    """serenissima-2012.en.txt, B) Investment, Fort: 2 ducats, only in a port with wood and
    stone produced or present; the cubes are not spent; one fort per port."""
    st = Stage(money=5)
    st.port(where, BLUE, 1, goods=cubes).galley(1, BLUE, where, 1)
    s = st.activate(1, "invest")
    assert (f"fort {where}" in notations(s, BLUE)) == allowed
    if allowed:
        s.apply(BLUE, f"fort {where}")
        assert s.money[BLUE] == 3
        assert s.warehouse[port(where)] != 0, "the cubes stay"
        assert f"fort {where}" not in notations(s, BLUE), "one fort per port"


# -- set-up ---------------------------------------------------------------------------------------


def play_set_up(players, seed):
    s = new_game(players, seed)
    picks = []
    while s.stack[-1].kind in ("close", "choose_port", "choose_galley"):
        seat = s.to_move()[0]
        action = s.legal_actions(seat)[-1]
        picks.append((seat, action.kind))
        s.apply(seat, action)
    return s, picks


def new_game(players, seed):
    return GAME.new_game(players, seed)


@pytest.mark.parametrize(("players", "sailors", "galleys"), [(2, 30, 3), (3, 26, 2), (4, 22, 2)])
def test_set_up_by_player_count(players, sailors, galleys):
    """serenissima-2012.en.txt, set-up; Serenissima with 3 players; with 2 players: 22/26/30
    sailors, 15 or 12 galleys, one closed port each of wood, wine, stone and marble with 2-3
    players, 2 galleys each (3 with 2 players), 3 sailors on each galley and starting port, 5
    ducats."""
    s, picks = play_set_up(players, 3)
    b = BOARD
    closed = [p for p in range(19) if s.closed >> p & 1]
    if players < 4:
        assert sorted(b.port_good[p] for p in closed) == sorted(
            good(g) for g in ("wood", "wine", "stone", "marble")
        )
        assert not set(closed) & set(b.start_ports)
    else:
        assert closed == []
    assert max(g for g, o in enumerate(s.g_owner) if o >= 0) < b.setups[players].galleys
    for seat in range(players):
        assert len(s.galleys_of(seat)) == galleys
        assert s.reserve[seat] == sailors - 3 - 3 * galleys
        assert s.money[seat] == 5
        (home,) = s.ports_of(seat)
        assert home in b.start_ports and s.port_sailors[home] == 3
        for g in s.galleys_of(seat):
            assert s.g_sailors[g] == 3 and s.g_zone[g] == b.port_zone[home]
    galley_order = [seat for seat, kind in picks if kind == "choose_galley"]
    clockwise = [(s.first + i) % players for i in range(players)]
    expected = clockwise + clockwise[::-1] + (clockwise if galleys == 3 else [])
    assert galley_order == expected, "clockwise, then counter-clockwise from the last player"
    assert s.stack[-1].kind == "galley" and s.turn == 1
    check_invariants(s)


def test_only_twelve_galleys_with_two_or_three_players():
    """serenissima-2012.en.txt, Serenissima with 3 players: galleys 13 to 15 stay in the box."""
    for players, top in ((2, 12), (3, 12), (4, 15)):
        s = new_game(players, 5)
        while s.stack[-1].kind != "choose_galley":
            seat = s.to_move()[0]
            s.apply(seat, s.legal_actions(seat)[0])
        numbers = {a["galley"] for a in s.legal_actions(s.to_move()[0])}
        assert max(numbers) == top


def test_closed_ports_can_be_crossed_but_not_traded():
    """serenissima-2012.en.txt, Serenissima with 3 players: closed areas can be crossed, but no
    commerce can take place there."""
    st = Stage(players=3)
    p = port("napoli")
    st.s.closed = 1 << p
    st.port("valencia", BLUE, 1).galley(1, BLUE, "napoli", 3, gold=1)
    s = st.activate(1)
    legal = notations(s, BLUE)
    assert not legal & {"buy wood", "sell gold", "claim 1"}
    assert {"move genova", "move palermo"} <= legal


def test_closed_zone_allows_battle_and_moves_among_own_galleys():
    """serenissima-2012.en.txt, Serenissima with 3 players: closed areas can be crossed, and no
    commerce takes place there. RULINGS.md R23: galleys may still fight there and move sailors
    and goods among their owner's galleys; nothing is bought from the closed port."""
    st = Stage(players=3)
    st.s.closed = 1 << port("napoli")
    st.port("valencia", BLUE, 1)
    st.galley(1, BLUE, "napoli", 3, gold=1).galley(2, BLUE, "napoli", 2, wine=1)
    st.galley(7, RED, "napoli", 1)
    s = st.activate(1)
    legal = notations(s, BLUE)
    assert {"sailor from g2", "sailor to g2", "take wine from g2", "give gold to g2"} <= legal
    assert {"attack g7"} <= legal
    assert not legal & {"buy wood", "sailor to port", "sailor from port", "claim 1", "sell gold"}


# -- end of the game ------------------------------------------------------------------------------


def test_third_scoring_ends_the_game_and_port_cards_break_ties():
    """serenissima-2012.en.txt, End of the game: the game ends after the third scoring; the
    richest player wins; on a tie, the tied player with the most Port cards."""
    st = Stage(money=10)
    st.port("valencia", RED, 1).port("genova", RED, 1).port("venezia", BLUE, 1)
    st.galley(1, BLUE, "venezia", 1)
    s = end_of_turn(st, "hourglass-1a", track=BOARD.setups[4].track_length - 1)
    s.scorings = 2
    events = s.apply(BLUE, "end")
    assert s.is_over and events[-1]["type"] == "game_over"
    result = s.result()
    assert result.scores == (10.0, 10.0, 10.0, 10.0)
    assert result.tiebreak == (1.0, 2.0, 0.0, 0.0)
    assert result.ranks == (2, 1, 3, 3) and result.winners == (RED,)
    assert s.to_move() == () and s.legal_actions(BLUE) == []
    with pytest.raises(IllegalAction):
        s.apply(BLUE, "end")


# -- more battle rules ----------------------------------------------------------------------------


def test_surviving_defender_loots_then_the_turn_ends():
    """serenissima-2012.en.txt, A) Action, 3) b) Battle, End of battle: if the attacker's galley
    sinks, the owner of the surviving galley may take goods from it; what he leaves goes back
    to the bank."""
    st = Stage()
    st.port("valencia", BLUE, 1)
    st.galley(1, BLUE, "algiers", 1, wood=2).galley(7, RED, "algiers", 3).galley(
        9, RED, "napoli", 1
    )
    s = st.activate(1)
    script(s, BLANK, SKULL, BLANK, BLANK)  # Blue 1 die, Red 3
    s.apply(BLUE, "attack g7")
    assert s.g_owner[0] == -1 and s.to_move() == (RED,)
    assert notations(s, RED) == {"loot wood", "done"}
    check_invariants(s)  # the sunken cubes wait in the loot frame
    s.apply(RED, "loot wood")
    assert s.to_move() == (RED,) and notations(s, RED) == {"loot wood", "done"}
    s.apply(RED, "done")
    assert s.cargo[6 * 6 + good("wood")] == 1
    assert s.supply[good("wood")] == BOARD.cubes[good("wood")] - 1
    assert s.stack[-1] == Decision("galley", (RED,), 6), "Blue's turn is over"
    check_invariants(s)


def test_no_room_no_loot():
    """serenissima-2012.en.txt, A) Action, 3) b) Battle, End of battle: goods are taken only
    into free spaces; sailors are not thrown overboard to make room."""
    st = Stage()
    st.port("valencia", BLUE, 1)
    st.galley(1, BLUE, "algiers", 5).galley(7, RED, "algiers", 1, gold=3)
    s = st.activate(1)
    script(s, SKULL, *[BLANK] * 4, BLANK)
    s.apply(BLUE, "attack g7")
    assert s.stack[-1].kind == "activation", "no loot decision: galley 1 is full"
    assert s.supply[good("gold")] == BOARD.cubes[good("gold")]
    assert s.g_goods[0] == 0


def test_loot_fills_free_spaces_one_cube_at_a_time_without_tossing():
    """serenissima-2012.en.txt, A) Action, 3) b) Battle, End of battle: the survivor claims the
    wreck's goods when it has the space. RULINGS.md R14: cube by cube into free spaces, its own
    goods not tossed for room (tossing is a loading act); what it cannot take goes to the bank."""
    st = Stage()
    st.port("valencia", BLUE, 1)
    st.galley(1, BLUE, "algiers", 3, wood=1).galley(7, RED, "algiers", 1, gold=2)
    s = st.activate(1)
    script(s, SKULL, BLANK, BLANK, BLANK)  # Blue 3 dice, Red 1
    s.apply(BLUE, "attack g7")
    assert s.g_owner[6] == -1 and notations(s, BLUE) == {"loot gold", "done"}
    s.apply(BLUE, "loot gold")  # galley 1 is now full: the other gold goes back to the bank
    assert s.stack[-1].kind == "activation"
    assert s.cargo[good("gold")] == 1 and s.cargo[good("wood")] == 1
    assert s.supply[good("gold")] == BOARD.cubes[good("gold")] - 1
    check_invariants(s)


def test_galleys_of_several_players_fought_one_at_a_time():
    """serenissima-2012.en.txt, A) Action, 3) b) Battle, Combat against multiple galleys: the
    active galley fights them one at a time, even of different players."""
    st = Stage()
    st.port("valencia", BLUE, 1)
    st.galley(1, BLUE, "algiers", 5).galley(7, RED, "algiers", 1).galley(8, ORANGE, "algiers", 1)
    s = st.activate(1)
    assert {"attack g7", "attack g8"} <= notations(s, BLUE)
    script(s, SKULL, *[BLANK] * 4, BLANK)
    s.apply(BLUE, "attack g7")
    assert "attack g8" in notations(s, BLUE)
    script(s, SKULL, *[BLANK] * 4, BLANK)
    s.apply(BLUE, "attack g8")
    assert s.g_owner[6] == s.g_owner[7] == -1


def test_port_attack_ignores_other_players_galleys():
    """serenissima-2012.en.txt, A) Action, 3) b) Battle, Combat against a port: no need to fight
    galleys of players other than the port's owner, and they cannot blockade."""
    st = Stage()
    st.port("genova", RED, 1).port("valencia", RED, 1).port("venezia", BLUE, 1)
    st.galley(1, BLUE, "marseille", 3).galley(8, ORANGE, "genova", 1).galley(9, BLACK, "genova", 2)
    s = st.activate(1)
    s.apply(BLUE, "move genova")
    assert s.to_move() == (BLUE,)
    assert "attack port" in notations(s, BLUE)
    script(s, SKULL, SKULL, BLANK)  # Blue's value 3 - 1 = 2; the port's 1
    events = s.apply(BLUE, "attack port")
    assert "blockade_question" not in kinds(events)
    assert s.stack[-1].kind == "occupy" and s.owner[port("genova")] == -1


def test_retreat_ends_the_turn():
    """serenissima-2012.en.txt, A) Action, 3) b) Battle, Subsequent rounds: between rolls the
    attacker may stop; the battle and his turn end."""
    st = Stage()
    st.port("valencia", BLUE, 1)
    st.galley(1, BLUE, "algiers", 3).galley(7, RED, "algiers", 3)
    s = st.activate(1)
    script(s, *[BLANK] * 6)
    s.apply(BLUE, "attack g7")
    events = s.apply(BLUE, "retreat")
    assert kinds(events)[0] == "retreat"
    assert s.stack[-1] == Decision("galley", (RED,), 6)
    assert s.g_sailors[0] == s.g_sailors[6] == 3


def test_two_galleys_swap_their_goods():
    """serenissima-2012.en.txt, A) Action, 1) Loading, Goods: goods move "to or from other
    galleys belonging to them and on the same zone"; the move is free. Galley 4 (stone) and
    galley 6 (wood), both full, swap their cargo: the wood first comes aboard galley 4, then the
    stone leaves it (RULINGS.md R29). Once a piece has left, none comes aboard again."""
    st = Stage()
    st.port("valencia", BLUE, 1)
    st.galley(4, BLUE, "valencia", 1, stone=4).galley(6, BLUE, "valencia", 1, wood=4)
    s = st.activate(4)
    for _ in range(4):
        s.apply(BLUE, "take wood from g6")
    for _ in range(4):
        s.apply(BLUE, "give stone to g6")
    assert s.cargo[6 * 3 + good("wood")] == 4 and s.cargo[6 * 5 + good("stone")] == 4
    assert s.g_goods[3] == s.g_goods[5] == 4
    refusal = _refused(s, BLUE, "take stone from g6")
    assert "before any leaves" in refusal.reason and refusal.rule.endswith("1) Loading")
    s.apply(BLUE, "move marseille")
    check_invariants(s)


def _arrangement(s):
    """Blue's pieces in València: port sailors, then per galley 4 and 6 (sailors, cargo); a
    galley without sailors counts as sunk, its cargo gone."""
    out = [s.port_sailors[port("valencia")]]
    for g in (3, 5):
        n = s.g_sailors[g] if s.g_owner[g] >= 0 else 0
        out.append((n, tuple(s.cargo[6 * g : 6 * g + 6]) if n else (0,) * 6))
    return tuple(out)


def test_every_arrangement_the_rulebook_allows_is_reachable_and_loading_has_no_cycle():
    """serenissima-2012.en.txt, A) Action, 1) Loading: sailors move between the active galley,
    the port held by the player and the player's other galleys there, goods between the
    galleys, goods may be tossed; a galley holds 1-5 sailors (none: it sinks), 5 pieces, 4
    goods; a port 1 to its warehouse size. Every such final arrangement is reached by loading
    moves alone, and the moves never return to a position already met (RULINGS.md R29), so a
    loading always ends. Position: València (Blue, 2 sailors); galley 4: 2 sailors and 1 stone;
    galley 6: 1 sailor and 1 wood; no money, the free cube spent."""
    st = Stage(money=0)
    st.port("valencia", BLUE, 2)
    st.galley(4, BLUE, "valencia", 2, stone=1).galley(6, BLUE, "valencia", 1, wood=1)
    start = st.activate(4)
    start.free_cube = False
    loading = {"sailor_from_port", "sailor_to_port", "sailor_from_galley", "sailor_to_galley"}
    loading |= {"take_good", "give_good", "toss_good"}

    def key(s):
        return (_arrangement(s), s.g_sailors[3], s.g_goods[3], s.unloading)

    reached, done, on_path = set(), set(), set()

    def explore(s):  # depth first, recording settled arrangements and looking for cycles
        k = key(s)
        assert k not in on_path, "a loading move led back to an earlier position"
        if k in done:
            return
        on_path.add(k)
        legal = s.legal_actions(BLUE)
        if "end" in {a.notation for a in legal} and s.g_sailors[3]:
            reached.add(_arrangement(s))
        for a in legal:
            if a.kind in loading:
                nxt = s.clone()
                nxt.apply(BLUE, a)
                explore(nxt)
        on_path.discard(k)
        done.add(k)

    explore(start)
    stone, wood = good("stone"), good("wood")
    allowed = set()
    for p_n in range(1, 6):
        for g4 in range(1, 6):
            g6 = 5 - p_n - g4
            if g6 < 0:
                continue
            for where_stone in (0, 4, 6):  # 0: overboard
                for where_wood in (0, 4, 6):
                    cargo = {4: [0] * 6, 6: [0] * 6}
                    if where_stone:
                        cargo[where_stone][stone] += 1
                    if where_wood:
                        cargo[where_wood][wood] += 1
                    if g6 == 0:
                        cargo[6] = [0] * 6  # galley 6 sinks with what it holds
                    if any(n + sum(cargo[g]) > 5 for g, n in ((4, g4), (6, g6))):
                        continue
                    allowed.add((p_n, (g4, tuple(cargo[4])), (g6, tuple(cargo[6]))))
    assert len(allowed) > 50 and reached == allowed


def test_every_game_ends_under_any_fixed_policy():
    """RULINGS.md R29: pieces come aboard the active galley before any leaves it, and a bought
    cube costs a ducat (the free one once), so a loading ends: even a policy that always plays
    the lowest- or highest-numbered action ends the game."""
    import arsenale

    game = arsenale.load_game("serenissima-2012")
    for players in (2, 3, 4):
        for pick in (min, max):
            state = game.new_game(players, seed=1)
            steps = 0
            while not state.is_over and steps < 20_000:
                seat = state.to_move()[0]
                state.apply(seat, pick(state.legal_actions(seat), key=lambda a: a.index))
                steps += 1
            assert state.is_over, (players, pick.__name__)
