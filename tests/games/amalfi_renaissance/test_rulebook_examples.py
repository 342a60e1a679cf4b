"""Every worked example of amalfi-renaissance.en.txt (the specification lists 20), each a test
that sets the position up and plays it through the engine. Where an icon of an example is lost,
the test fixes it on data and says so (RULINGS.md, Restorations)."""

from __future__ import annotations

import pytest

from arsenale import IllegalAction
from arsenale.games.amalfi_renaissance import board as B
from arsenale.games.amalfi_renaissance import rules
from arsenale.games.amalfi_renaissance.state import EMPTY, band

from .helpers import fresh

WINE = B.RES.index("wine")
WOOD = B.RES.index("wood")
GEMS = B.RES.index("gems")


def loc(name: str) -> int:
    return B.LOC_IDS.index(name)


def card(name: str) -> int:
    return B.CHAR_IDS.index(name)


def art_where(cost: int, resource: int) -> int:
    return next(i for i, a in enumerate(B.ARTWORKS) if a.cost == cost and a.mask == 1 << resource)


def pay_for_artwork(s, cost: int = 7):
    """Audrey's artwork (cost 7 in wine) in the Workshop's fourth slot (no bread modifier)."""
    a = art_where(cost, WINE)
    if a in s.workshop:
        s.workshop[s.workshop.index(a)] = s.workshop[3]
    elif a in s.wdeck:
        s.wdeck.remove(a)
        s.wdeck.append(s.workshop[3])
    s.workshop[3] = a
    return a


def test_ex1_ex2_audrey_pays_with_two_ships_and_an_emergency_supply():
    """amalfi-renaissance.en.txt, Payments & Resources (Standard payment; Emergency Supply):
    two ships from a 3-unit hold give 6; one bay ship to the port gives 3 more; the 9 units pay
    a 7-cost artwork and the 2 left over become bread."""
    s = fresh()
    a = pay_for_artwork(s)
    s.holds[WINE] = 2
    s.bay[0] = 2
    s.bread[0] = 0
    s.apply(0, "acquire 4")
    s.apply(0, "unload wine")
    assert s.view(0)["payment"]["paid"] == 3
    events = s.apply(0, "unload wine")
    assert s.holds[WINE] == 0
    # 6 raised, 1 short, no hold left: the emergency supply is the only move (RULINGS.md R41)
    assert [e["type"] for e in events] == ["unload", "emergency"]
    assert s.view(0)["payment"]["paid"] == 9
    events = s.apply(0, "done")
    assert s.bay[0] == 3 and s.port[0] == 1
    paid = next(e for e in events if e["type"] == "paid")
    assert paid["bread_kept"] == 2  # before the artwork's own bonus
    assert a in s.arts[0]


def test_ex2_the_emergency_ship_may_be_one_just_unloaded():
    """amalfi-renaissance.en.txt, Payments & Resources: both ways may be combined with the same
    ship: unload it (3 units), then send it from the bay to the port (3 more)."""
    s = fresh()
    pay_for_artwork(s, 6)
    s.holds[WINE] = 1
    s.holds[GEMS] = 1
    s.bay[0] = 0
    s.apply(0, "acquire 4")
    s.apply(0, "unload wine")  # 3 raised, the ship is now in the bay
    s.apply(0, "emergency")  # the same ship: 3 more
    s.apply(0, "done")
    assert s.port[0] == 1 and s.bay[0] == 0 and s.holds[WINE] == 0


def test_ex3_tom_gains_only_what_his_granary_holds():
    """amalfi-renaissance.en.txt, Payments & Resources: Tom has 5 bread, room for 7, gains 4:
    he keeps only 2."""
    s = fresh()
    s.lit[0] = 1
    s.light[loc("court")] = 0
    s.bread[0] = 5
    assert s.capacity(0) == 7
    assert s.gain_bread(0, 4) == 2 and s.bread[0] == 7


def test_ex4_noemie_pays_the_bread_price_first():
    """amalfi-renaissance.en.txt, Navigation: a destination with a bread price needs the bread;
    without it the destination is refused, citing Navigation."""
    s = fresh()
    s.bread[0] = 1
    with pytest.raises(IllegalAction) as refusal:
        s.check(0, s.game.catalogue.from_text("navigate open-sea"))
    assert "Navigation" in refusal.value.rule and "bread" in refusal.value.reason
    s.bread[0] = 2
    s._legal = None  # the position was edited by hand
    s.apply(0, "navigate open-sea")
    assert s.bread[0] == 0
    s.apply(0, "send wine")
    s.apply(0, "send wine")
    assert s.holds[WINE] == 2


def template_tile(steps: tuple) -> int:
    return next(i for i, t in enumerate(B.PRIVATES) if t.steps == steps)


def own_tile(s, seat: int, t: int) -> None:
    if t in s.atlas:
        s.atlas[s.atlas.index(t)] = s.pile_a.pop()
    for pile in (s.pile_a, s.pile_b):
        if t in pile:
            pile.remove(t)
            pile.append(s.atlas[0])
            s.atlas[0] = pile.pop()
            pile.append(s.atlas[0]) if False else None
    s.owner[t] = seat
    s.tiles[seat] = (*s.tiles[seat], t)


def test_ex5_only_the_discoverer_sails_to_a_private_destination():
    """amalfi-renaissance.en.txt, Navigation (Noemie's private destination): only she may dock
    there; it sends 1 ship to the hold shown and gains 3 (VP, RULINGS.md)."""
    s = fresh()
    t = template_tile(((B.SEND, 1, GEMS), (B.VP, 3, 0)))
    own_tile(s, 0, t)
    place = B.PRIVATES[t].id
    s.apply(0, f"navigate {place}")
    s.apply(0, "send gems")
    assert s.holds[GEMS] == 1 and s.vp[0] == 3
    with pytest.raises(IllegalAction) as refusal:
        s.check(1, s.game.catalogue.from_text(f"navigate {place}"))
    assert "discovered" in refusal.value.reason or "dock" in refusal.value.reason


def test_ex6_caro_sends_only_the_ship_she_has():
    """amalfi-renaissance.en.txt, Navigation, Earning Resources (Caro): up to 2 ships, only 1
    left in the bay after docking: 1 is sent and the benefit ends."""
    s = fresh()
    s.bay[0] = 2
    s.apply(0, "navigate timber-yard")
    s.apply(0, "send wood")
    assert s.holds[WOOD] == 1 and s.bay[0] == 0
    assert s.to_move() == (1,)


def test_ex7_katia_splits_an_any_hold_send():
    """amalfi-renaissance.en.txt, Navigation, Earning Resources (Katia): with "any", each ship
    goes to the hold of her choice."""
    s = fresh()
    s.bread[0] = 3
    s.apply(0, "navigate open-sea")
    s.apply(0, "send wine")
    s.apply(0, "send gems")
    assert s.holds[WINE] == 1 and s.holds[GEMS] == 1


def test_ex8_tom_erects_a_lighthouse_and_discards_the_rightmost_artwork():
    """amalfi-renaissance.en.txt, Navigation, Automatic Effects (Tom): the destination erects a
    lighthouse and discards the rightmost Workshop artwork; the rest shift right and a new card
    enters on the left."""
    s = fresh()
    before = list(s.workshop)
    top = s.wdeck[-1]
    cap = s.capacity(0)
    s.apply(0, "navigate cape")
    s.apply(0, "lighthouse vineyard")
    assert s.light[loc("vineyard")] == 0 and s.capacity(0) == cap + 1
    assert s.wdisc == [before[-1]]
    assert s.workshop == [top, *before[:-1]]


def test_ex9_council_slots_cost_and_give_bread():
    """amalfi-renaissance.en.txt, Navigation, Take a Character in hand: the two leftmost
    Council slots cost bread (2 and 1), the rightmost gives 1."""
    for slot, delta in ((1, -2), (2, -1), (3, 0), (4, 1)):
        s = fresh()
        s.bread[0] = 3
        council = list(s.council)
        s.apply(0, "navigate court")
        s.apply(0, f"take {slot}")
        assert s.bread[0] == 3 + delta
        assert council[slot - 1] in s.hands[0] and council[slot - 1] in s.known[0]


def engaged_character(s, seat: int) -> int:
    c = next(i for i, ch in enumerate(B.CHARACTERS) if ch.type == B.ENGAGEABLE)
    s.invited[seat] = (*s.invited[seat], c)
    s.engaged[seat] = (c,)
    for x in (s.cdeck, s.cdisc):
        if c in x:
            x.remove(c)
    for i, hand in enumerate(s.hands):
        if c in hand:
            s.hands[i] = tuple(x for x in hand if x != c)
    return c


def test_ex10_the_lighthouse_over_straighten_straightens_a_character():
    """amalfi-renaissance.en.txt, Navigation, Erect a Lighthouse: erecting the lighthouse above
    the straighten icon straightens one of your engaged characters; with none, it is lost."""
    s = fresh()
    c = engaged_character(s, 0)
    s.lit[0] = 1  # the next lighthouse is the one above "straighten"
    s.light[loc("drapers")] = 0
    s.apply(0, "navigate cape")
    events = s.apply(0, "lighthouse vineyard")  # one engaged card: straightened at once (R41)
    assert {"type": "straighten", "seat": 0, "card": B.CHAR_IDS[c]} in events
    assert s.engaged[0] == ()
    s = fresh()
    s.lit[0] = 1
    s.light[loc("drapers")] = 0
    events = s.apply(0, "navigate cape") + s.apply(0, "lighthouse vineyard")
    assert {"type": "lost", "seat": 0, "bonus": "straighten"} in events


@pytest.mark.parametrize("template", range(6))
def test_ex11_the_six_private_destination_templates(template: int):
    """amalfi-renaissance.en.txt, Discovery, Private destinations: the six example tiles
    resolve left to right, bread price first, each as far as possible."""
    tiles = [i for i, t in enumerate(B.PRIVATES)]
    t = tiles[template * 6]
    tile = B.PRIVATES[t]
    s = fresh()
    own_tile(s, 0, t)
    s.bread[0] = 5
    s.bay[0] = 4
    s.apply(0, f"navigate {tile.id}")
    assert s.bread[0] == 5 - tile.price
    while s.to_move() == (0,) and s.stack[-1].kind != "turn":
        kind = s.stack[-1].kind
        legal = s.legal_actions(0)
        cat = s.game.catalogue
        if kind == "send":
            pick = legal[0]
        elif kind == "take":
            pick = legal[-1]
        elif kind == "erect":
            pick = cat.from_text(f"lighthouse {tile.id}")
        else:
            pick = cat.from_text("beacon bread")
        s.apply(0, pick)
    sent = sum(s.holds[0:5])
    expected = max(st[1] for st in tile.steps if st[0] == B.SEND)
    assert sent == min(expected, 3)
    if any(st[0] == B.ERECT for st in tile.steps):
        # template 6: the lighthouse erected on this very tile is then used by its owner
        assert s.light[B.PRIV0 + t] == 0


def test_ex11_template_6_owner_uses_the_lighthouse_just_erected():
    """amalfi-renaissance.en.txt, Discovery, Private destinations: a lighthouse erected on the
    same tile during the navigation is used by its owner at the end."""
    t = next(i for i, x in enumerate(B.PRIVATES) if x.steps[0][0] == B.ERECT)
    s = fresh()
    own_tile(s, 0, t)
    s.bread[0] = 5
    s.apply(0, f"navigate {B.PRIVATES[t].id}")
    s.apply(0, f"lighthouse {B.PRIVATES[t].id}")
    s.apply(0, s.legal_actions(0)[0])  # the send of the tile
    assert s.stack[-1].kind == "beacon" and s.to_move() == (0,)
    s.apply(0, "beacon bread")
    assert s.to_move() == (1,)


def test_ex12_the_double_shipyard_icon_is_a_choice():
    """amalfi-renaissance.en.txt, Construction: building the ship above the double icon gives
    the choice of taking a character or straightening one."""
    s = fresh()
    s.built[0] = 2
    s.holds[WOOD] = 2
    s.bay[0] = 2
    s.apply(0, "construct 1")
    s.apply(0, "unload wood")
    s.apply(0, "unload wood")
    s.apply(0, "done")
    assert s.stack[-1].kind == "choose"
    assert {a.notation for a in s.legal_actions(0)} == {"choose character", "choose straighten"}
    s.apply(0, "choose character")
    assert s.stack[-1].kind == "take"
    assert s.built[0] == 3 and s.port[0] == 1


def test_ex13_audrey_unloads_for_bread_then_navigates():
    """amalfi-renaissance.en.txt, Optional Actions (Audrey): with no bread, she moves a ship
    down from a 3-unit hold for 3 bread, then can sail to a destination with a price."""
    s = fresh()
    s.bread[0] = 0
    s.holds[WOOD] = 1
    s.bay[0] = 3
    action = s.game.catalogue.from_text("navigate open-sea")
    assert action not in s.legal_actions(0)
    s.apply(0, "unload wood")
    assert s.bread[0] == 3 and s.bay[0] == 4
    assert action in s.legal_actions(0)


def test_ex14_board_decree_bonus_adds_per_item(monkeypatch):
    """amalfi-renaissance.en.txt, Phase 3: Decree: VP printed by the period's slot add to the
    decree's VP per item (the figure's printed values are lost: a fixture bonus of 1)."""
    s = fresh()
    colonization = next(i for i, d in enumerate(B.DECREES) if d.id == "colonization")
    s.decrees = (colonization, *s.decrees[1:])
    s.lit[0] = 2
    s.light[loc("court")] = 0
    s.light[loc("cape")] = 0
    monkeypatch.setattr(rules, "DECREE_BONUS", (1, 0, 0, 0))
    rules.score_decree(s, [])
    assert s.vp[0] == 2 * (3 + 1)


def test_ex15_raphael_scores_up_to_his_max():
    """amalfi-renaissance.en.txt, End of Game (Tom and Raphael): 4 VP per artwork (paintings in
    our data), 7 of them would be 28, capped at the Max of 24."""
    s = fresh()
    r = card("raphael")
    s.invited[0] = (r,)
    s.artc[1] = 7
    s.period = 3
    events: list = []
    rules.end_game(s, events)
    assert {"type": "endgame", "seat": 0, "card": "raphael", "vp": 24} in events


def test_ex16_a_new_period_covers_the_evolving_location():
    """amalfi-renaissance.en.txt, New Period: the rightmost Atlas tile covers the evolving
    location of the period starting; the Atlas shifts and refills; nobody owns the tile."""
    s = fresh()
    atlas = list(s.atlas)
    rules.new_period(s, [])
    assert s.period == 1 and s.evolving[0] == atlas[-1]
    assert s.atlas[1:] == atlas[:-1]
    assert s.view(0)["evolving"][0] == B.PRIVATES[atlas[-1]].id
    assert all(atlas[-1] not in x for x in s.tiles)
    assert rules.place_of(s, B.EV0) == B.PRIVATES[atlas[-1]]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_ex17_starting_bread_by_seat_order(players: int):
    """amalfi-renaissance.en.txt, Players Setup 7: clockwise from the first player 3, 4, 5, 6
    bread."""
    opts = {"hands": "blind"} if players == 1 else {"hands": "blind", "first_player": 1 % players}
    s = s_ = fresh(players, **opts) if players == 1 else None
    if players > 1:
        s_ = s = fresh(players, first_player=1 % players)
    assert s is not None and s_ is not None
    bread = [p["bread"] for p in s.view(None)["players"]]
    first = s.first
    assert [bread[(first + i) % players] for i in range(players)] == [3, 4, 5, 6][:players]


def test_ex18_a_short_feed_costs_3_vp_per_bread():
    """amalfi-renaissance.en.txt, Phase 2: Feed: the first feed is 2; each missing bread costs
    3 VP, so a score can go negative."""
    s = fresh()
    s.bread[0] = 0
    s.bay[0] = 0
    s.hands[0] = ()
    s.known[0] = ()
    s.stack[-1] = s.stack[-1]
    s.vp[0] = 0
    assert s.feed(0) == 2
    from arsenale.core.decisions import Decision

    s.stack.append(Decision("feed", (0,), 1))
    events = s.phases["feed"].apply(s, 0, s.game.catalogue.from_text("feed"), s.stack[-1])
    assert s.vp[0] == -6
    assert events[0]["vp_lost"] == 6


def _solo_at_period_end(rival: str, period: int, titles: int, check: str = "after"):
    s = fresh(1, rival=rival, solo_check=check)
    s.period = period
    s.claims = [(0,) if i < titles else () for i in range(3)]
    rules.score_decree(s, [])
    return s


def test_ex19_solo_title_checks():
    """amalfi-renaissance.en.txt, Solo Challenge 2: minimum titles Naples 0/1/2 and Genoa 1/2/3
    for periods 2/3/4, checked at the end of periods II, III and IV (RULINGS.md R14)."""
    assert not _solo_at_period_end("genoa", 0, 0).over
    assert _solo_at_period_end("genoa", 1, 0).over
    assert _solo_at_period_end("genoa", 1, 0).outcome == 2
    assert not _solo_at_period_end("naples", 1, 0).over
    assert _solo_at_period_end("naples", 2, 0).over
    assert not _solo_at_period_end("naples", 2, 1).over
    done = _solo_at_period_end("genoa", 3, 3)
    assert done.over and done.outcome == 1 and done.result().won
    lost = _solo_at_period_end("genoa", 3, 2)
    assert lost.over and not lost.result().won
    assert _solo_at_period_end("genoa", 0, 0, "before").over


def test_ex20_solo_bands():
    """amalfi-renaissance.en.txt, Solo Challenge, End of Game: the bands (125 is a beginner's
    score, RULINGS.md R15)."""
    assert band(120) == "beginner" and band(125) == "beginner"
    assert band(150) == "hoping" and band(200) == "contributor" and band(226) == "pillar"


def test_a_refusal_names_the_rule_and_changes_nothing():
    """amalfi-renaissance.en.txt, Acquisition: an artwork the ships cannot pay for is refused
    with its rule; the state is unchanged."""
    s = fresh()
    s.bay[0] = 0
    s.holds[0:5] = [0] * 5
    from .helpers import snapshot

    before = snapshot(s)
    with pytest.raises(IllegalAction) as refusal:
        s.apply(0, "acquire 1")
    assert refusal.value.rule.startswith("amalfi-renaissance.en.txt, Acquisition")
    assert snapshot(s) == before
    assert EMPTY == -1
