"""Rules beyond the worked examples: the Gondola Marker at a shared location, sharers'
powers, favors, rumors, majority moves, an empty bag and an empty Guild deck."""

from __future__ import annotations

import pytest

from arsenale import IllegalAction
from arsenale.games.masters_of_venice.board import THIEF

from .helpers import (
    RULES,
    act,
    clear_hands,
    first_commerce,
    loc,
    new,
    res,
    set_cubes,
    set_shares,
    shop,
    top,
    use_at,
)


def test_the_gondolieri_jumps_ahead_at_a_shared_location():
    """masters-of-venice.en.txt, Characters (GONDOLIERI): the marker also lets him jump ahead
    of other players at a shared location; he then does not use it again there (RULINGS.md
    A9)."""
    s = new(3, 0)
    first_commerce(s, (0, 1, 2), gondolieri=2)
    act(s, 0, "go shops")
    act(s, 1, "go shops")
    act(s, 2, "go church")
    # Between locations: his Church is not next, so he is asked; he waits.
    assert top(s).kind == "marker"
    act(s, 2, "wait")
    # Before seat 0's turn at the Shops he may still jump ahead as a sharer.
    assert top(s).kind == "marker" and top(s).data == 0
    act(s, 2, "gondola")
    assert top(s).kind == "use" and top(s).seats == (2,) and s.cur == loc("shops")
    act(s, 2, "done")
    order = []
    while top(s).kind == "use" and s.round == 1:
        (seat,) = top(s).seats
        order.append((seat, s.cur))
        act(s, seat, "done")
    assert order == [(0, loc("shops")), (1, loc("shops")), (2, loc("church"))]


def test_the_marker_is_not_asked_where_it_changes_nothing():
    """RULINGS.md A9: no marker decision when the Gondolieri is next anyway or has used it."""
    s = new(3, 0)
    first_commerce(s, (2, 0, 1), gondolieri=2)
    act(s, 0, "go north")
    act(s, 1, "go south")
    act(s, 2, "go church")
    assert top(s).kind == "use" and top(s).seats == (2,)
    s2 = new(3, 0)
    first_commerce(s2, (0, 1, 2), gondolieri=2, marker=0)
    act(s2, 0, "go north")
    act(s2, 1, "go south")
    act(s2, 2, "go church")
    assert top(s2).kind == "use" and top(s2).seats == (0,)


def test_a_sharing_thief_steals_at_the_docks():
    """masters-of-venice.en.txt, Actions 2.1 and Characters (THIEF): a player who did not move
    to the Docks may still use one dock when they are shared, with his power (A11)."""
    s = new(3, 0)
    clear_hands(s)
    s.chars[1] = 1 << THIEF
    first_commerce(s, (0, 1, 2), gondolieri=2, marker=0)
    act(s, 0, "go docks")
    act(s, 1, "go church")
    act(s, 2, "go mercato")
    act(s, 0, "done")
    assert top(s).seats == (1,) and s.cur == loc("docks")
    d = next(d for d in range(4) if any(s.docks[6 * d : 6 * d + 6]))
    act(s, 1, f"dock {d + 1}")
    assert any(a.kind == "steal" for a in s.legal_actions(1))


def test_favors_refill_the_display_and_go_to_the_bottom():
    """masters-of-venice.en.txt, Church and Favors: a favor bought is replaced from the stack;
    a favor played adds orders at one shop and goes to the bottom of the stack (A16)."""
    s = new(3, 0)
    use_at(s, "church", 0)
    kind = s.display[0]
    value = (20, 30, 40)[kind]
    stack = len(s.fstack)
    cash = s.cash[0]
    act(s, 0, f"favor {value}")
    assert len(s.display) == 2 and len(s.fstack) == stack - 1
    assert s.cash[0] == cash - value and s.favors[0] == (kind,)
    with pytest.raises(IllegalAction):
        act(s, 0, f"favor {(20, 30, 40)[s.display[0]]}")  # one favor per visit
    orders = s.orders[shop("miller")]
    act(s, 0, f"play favor {value} miller 2")
    assert s.orders[shop("miller")] == orders + 2
    assert s.fstack[0] == kind and s.fknown[0] == 1 and s.favors[0] == ()


def test_a_rumor_moves_one_peg_of_its_shop_and_must_move_it():
    """masters-of-venice.en.txt, Favors & Rumors (RUMORS): one space up or down of the share
    price, the resource price or the orders of its shop; a rumor that would move nothing is
    refused (RULINGS.md A31)."""
    s = new(3, 0)
    use_at(s, "church", 0)
    s.rumors[0] = (shop("tailor"), shop("tailor"))
    s.orders[shop("tailor")] = 0
    with pytest.raises(IllegalAction) as refusal:
        act(s, 0, "rumor tailor orders down")
    assert refusal.value.rule == RULES + "Favors & Rumors"
    with pytest.raises(IllegalAction):
        act(s, 0, "rumor miller orders up")
    price = s.price[res("fabric")]
    act(s, 0, "rumor tailor price up")
    assert s.price[res("fabric")] == price + 5 and s.used[shop("tailor")] == 1
    act(s, 0, "rumor tailor share down")
    assert s.share[shop("tailor")] == 35 and s.rumors[0] == ()


def test_majority_moves_need_majority_room_and_come_once_a_round():
    """masters-of-venice.en.txt, Shops 1 (Stock Majority): strictly more shares than anyone;
    price 2 spaces down and orders up, or up and down; once per round per shop; not
    without room (A4)."""
    s = new(3, 0)
    clear_hands(s)
    set_shares(s, 0, miller=2)
    set_shares(s, 1, miller=2, blacksmith=1)
    use_at(s, "shops", 1)
    assert {a.notation for a in s.legal_actions(1) if a.kind == "majority"} == {
        "majority blacksmith price down",
        "majority blacksmith price up",
    }
    s.price[res("iron")] = 10
    s._legal = None
    with pytest.raises(IllegalAction) as refusal:
        act(s, 1, "majority blacksmith price down")
    assert "room" in refusal.value.reason
    act(s, 1, "majority blacksmith price up")
    assert s.price[res("iron")] == 20 and s.orders[shop("blacksmith")] == 1
    with pytest.raises(IllegalAction, match="already used"):
        act(s, 1, "majority blacksmith price down")


def test_an_empty_bag_leaves_the_office_and_docks_short_but_pays_the_dividend():
    """masters-of-venice.en.txt, Shipping Offices: with no cube in the bag nothing is drawn
    (RULINGS.md A27); the use still pays its holders."""
    s = new(3, 0)
    clear_hands(s)
    set_shares(s, 1, north=1)
    for r in range(6):
        s.cubes[r] += s.bag[r]
        s.bag[r] = 0
    use_at(s, "north", 0)
    docks = list(s.docks)
    cash = s.cash[1]
    act(s, 0, "ship")
    assert s.office[0] == -1 and s.docks == docks and s.cash[1] == cash + 10
    assert top(s).kind == "use"


def test_an_empty_guild_deck_offers_no_draw():
    """masters-of-venice.en.txt, Guild Hall: the top card is drawn; an empty deck is never
    reshuffled (RULINGS.md A18)."""
    s = new(3, 0)
    while s.deck:
        s.delivered[2] = (*s.delivered[2], s.deck.pop())
        s.dknown.pop()
    use_at(s, "guild", 0)
    with pytest.raises(IllegalAction, match="deck is empty"):
        act(s, 0, "draw")


def test_orders_never_pass_the_top_of_the_track():
    """RULINGS.md A3: bottoming, favors and bids stop at 15 orders."""
    s = new(3, 0)
    clear_hands(s)
    set_cubes(s, 0)
    s.orders[shop("jeweler")] = 14
    use_at(s, "church", 0)
    if 2 in s.display:  # the seat holds a 40 favor, taken from where it lies
        s.display.remove(2)
    else:
        pos = s.fstack.index(2)
        s.fstack.pop(pos)
        s.fknown.pop(pos)
    s.favors[0] = (2,)
    legal = {a.notation for a in s.legal_actions(0) if a.kind == "play_favor"}
    assert "play favor 40 jeweler 1" in legal and "play favor 40 jeweler 2" not in legal


def test_the_tax_collector_holding_shares_is_paid_for_them_and_one_more():
    """masters-of-venice.en.txt, Characters (TAX COLLECTOR): one extra dividend on top of his
    own shares (RULINGS.md A12)."""
    from arsenale.games.masters_of_venice.board import TAXCOLLECTOR

    s = new(3, 0)
    clear_hands(s)
    set_shares(s, 2, south=2)
    use_at(s, "south", 0)
    s.chars[2] = 1 << TAXCOLLECTOR
    cash = s.cash[2]
    act(s, 0, "ship")
    assert s.cash[2] == cash + 30


def test_cubes_all_of_one_kind_are_placed_without_asking():
    """RULINGS.md A23: the user places the drawn cubes one dock after another; cubes that are
    all of one kind leave nothing to choose."""
    s = new(3, 0)
    clear_hands(s)
    for r in range(6):
        if r != res("grain"):
            s.cubes[r] += s.bag[r]
            s.bag[r] = 0
    use_at(s, "north", 0)
    grain = [s.docks[6 * d + res("grain")] for d in range(4)]
    act(s, 0, "ship")
    assert top(s).kind == "use"
    assert [s.docks[6 * d + res("grain")] for d in range(4)] == [g + 1 for g in grain]


def test_the_guild_master_draws_two_only_with_two_cards_left():
    """RULINGS.md A17: with one card left the Guild Master draws it as anyone would."""
    from arsenale.games.masters_of_venice.board import GUILDMASTER

    s = new(3, 0)
    while len(s.deck) > 1:
        s.delivered[2] = (*s.delivered[2], s.deck.pop())
        s.dknown.pop()
    use_at(s, "guild", 0, chars=1 << GUILDMASTER)
    with pytest.raises(IllegalAction, match="only one order is left"):
        act(s, 0, "draw two")
    act(s, 0, "draw")
    assert len(s.hands[0]) == 2 and s.deck == []


def test_office_draws_come_in_order_refill_docks_then_the_harbor_masters_cube():
    """masters-of-venice.en.txt, Shipping Offices and Characters (HARBOR MASTER): the office's
    cube is taken and replaced from the bag, four cubes go to the docks, then the Harbor
    Master's free cube (RULINGS.md A23, A43); each is a draw of the bag in resource order."""
    from tests.scripted_chance import ScriptedChance

    from arsenale.games.masters_of_venice.board import HARBORMASTER

    s = new(3, 0)
    clear_hands(s)
    use_at(s, "south", 0, chars=1 << HARBORMASTER)
    s.bag = [15, 15, 15, 15, 15, 15]  # a staged bag: index k is resource k // 15
    s.docks = [0] * 24
    s.cubes = [0] * 18
    s.office = [-1, res("gems")]
    s.price = [60] * 6
    # refill: fabric; docks: iron, spice, grain, iron; free: lumber
    s.chance = ScriptedChance([75, 0, 30 - 1, 45 - 2, 0, 15 - 1])  # type: ignore[assignment]
    act(s, 0, "ship")
    assert s.office[1] == res("fabric")
    assert s.cubes[0:6] == [0, 1, 0, 0, 1, 0]  # gems taken, lumber free
    assert s.pending == sorted([res("iron"), res("spice"), res("grain"), res("iron")])
    assert s.chance.values == []
    assert s.price == [50, 55, 55, 55, 60, 55]
    act(s, 0, "place spice")
    act(s, 0, "place iron")
    act(s, 0, "place grain")
    assert [s.docks[6 * d : 6 * d + 6].index(1) for d in range(4)] == [2, 0, 3, 0]
    assert top(s).kind == "use"


# -- the re-audit of the rulebook (issue 15): rules no worked example covered -------------------


def test_a_tie_on_bid_and_on_every_company_goes_to_the_younger_player():
    """masters-of-venice.en.txt, Bidding: after the shares, "the younger player wins the tie"
    (the public age ranking of RULINGS.md A6: 0 is the youngest)."""
    s = new(3, 0)
    clear_hands(s)
    s.age = (2, 0, 1)
    for seat in range(3):
        act(s, seat, "bid 10")
    assert s.order == (1, 2, 0)
    assert s.gondolieri == 0


def test_the_gondolieri_takes_the_rumor_of_each_new_canal_space_and_16_rounds_end_the_game():
    """masters-of-venice.en.txt, Characters (GONDOLIERI) and game length: at the end of every
    round the Gondolieri moves the gondola one space and takes the rumor lying there (none on a
    BID space); after the round on the sixteenth space (Final Turn) the game ends."""
    import random

    s = new(3, 5)
    rng = random.Random(5)
    taken = 0
    while not s.is_over:
        before = s.round
        colour = s.canal[before + 1] if before + 1 < len(s.canal) else -1
        held = [len(r) for r in s.rumors]
        g = s.gondolieri  # named by the bids before a bidding round's last decision
        seat = s.to_move()[0]
        legal = s.legal_actions(seat)
        plain = [a for a in legal if a.kind in ("done", "wait")]
        s.apply(seat, plain[0] if plain else rng.choice(legal))
        if s.round != before and not s.is_over:
            assert s.round == before + 1
            if colour >= 0:
                taken += 1
                assert len(s.rumors[g]) == held[g] + 1 and s.canal[s.round] == -1
            else:
                assert s.round in (4, 8, 12)
    assert s.round == 15 and taken == 12
    assert all(c == -1 for c in s.canal)


def test_selling_shares_never_takes_a_price_below_5():
    """masters-of-venice.en.txt, Stock Market (note): no share price ever drops below 5; three
    Tailor shares sold at 15 (six spaces down) leave the price at 5, paid at 15 each."""
    s = new(3, 0)
    clear_hands(s)
    set_shares(s, 0, tailor=3)
    s.share[shop("tailor")] = 15
    use_at(s, "market", 0)
    cash = s.cash[0]
    act(s, 0, "sell shares 3 tailor")
    assert s.share[shop("tailor")] == 5 and s.cash[0] == cash + 45
