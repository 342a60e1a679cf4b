"""Moving pieces within an area (serenissima-1996.fr.txt, Phase 2, "Transfert de pions": no
limit on the number of transfers, as long as no galley ever holds more than 5 pieces; a galley
left without a sailor sinks with all its goods). Arrangements are set whole (`arrange <area>`,
RULINGS.md R28); these tests check that exactly the arrangements the rulebook's moves reach,
one piece at a time, can be set."""

from __future__ import annotations

import random

from arsenale.games.serenissima_1996.state import Serenissima1996State

from .helpers import GAME, VENETIAN, Stage, area_of, check_invariants, good, notations, port


def cargo(s: Serenissima1996State, number: int, name: str) -> int:
    return s.cargo[7 * (number - 1) + good(name)]


GOODS_USED = ("wine", "iron")


def test_transfers_are_unlimited_napoli_example():
    """FR, Transfert de pions ("il n'y a aucune limite au nombre de transferts"): with a
    garrison of 1 in Napoli, galley 1 with 5 sailors and galley 2 with 1 sailor and 4 iron, the
    player may end with galley 1 holding 4 sailors and 1 iron, galley 2 holding 2 sailors and 3
    iron (a sailor goes ashore, an iron across, a sailor aboard galley 2; the port both takes
    and gives a sailor, which the former ruling R28 forbade)."""
    st = Stage().capitals().port("napoli", VENETIAN, 1)
    st.galley(1, VENETIAN, "napoli", 5).galley(2, VENETIAN, "napoli", 1, iron=4)
    s = st.phase(2, VENETIAN)
    words = [f"arrange {area_of('napoli')}", *["put sailor"] * 4, "put iron", "next"]
    words += [*["put sailor"] * 2, *["put iron"] * 3, "next"]
    for word in words:
        s.apply(VENETIAN, word)
    assert (s.g_sailors[0], cargo(s, 1, "iron")) == (4, 1)
    assert (s.g_sailors[1], cargo(s, 2, "iron")) == (2, 3)
    assert s.garrison[port("napoli")] == 1 and s.stack[-1].kind == "purchases"
    assert f"arrange {area_of('napoli')}" not in notations(s, VENETIAN), (
        "nothing changed since: the same arrangements again (R28)"
    )
    s.apply(VENETIAN, "discard iron g1")
    assert f"arrange {area_of('napoli')}" in notations(s, VENETIAN)
    check_invariants(s)


def test_a_galley_left_without_a_sailor_sinks_with_its_goods():
    """FR, Phase 2, Transfert de pions ("Il doit y avoir toujours au moins un pion Marins par
    galère. Dans le cas contraire, la galère coule avec tous les pions Marchandises
    éventuellement à bord"); EN, Placing playing pieces ("A galley sinks immediately if a player
    does not keep at least one sailor on board"); RULINGS.md R28, R19 and R11: the text states
    a consequence, not a ban, and a sailor going ashore in one's own port is such a transfer. In Napoli, his own port, the Venetian's galley 1 (1 sailor, 2 wine)
    gives a wine to galley 2 (3 sailors) and its sailor ashore: it sinks with the other wine,
    which goes back to the box, and the galley back into the shared box."""
    st = Stage().capitals().port("napoli", VENETIAN, 0)
    st.galley(1, VENETIAN, "napoli", 1, wine=2).galley(2, VENETIAN, "napoli", 3)
    s = st.phase(2, VENETIAN)
    wine = s.supply[good("wine")]
    napoli = area_of("napoli")
    s.apply(VENETIAN, f"arrange {napoli}")
    s.apply(VENETIAN, "put wine")
    assert "next" in notations(s, VENETIAN), "galley 1 may be left without a sailor"
    events = s.apply(VENETIAN, "next")
    assert s.g_owner[0] == VENETIAN, "nothing happens before the arrangement is set"
    for word in ("put sailor", "put sailor", "put sailor", "put wine"):
        s.apply(VENETIAN, word)
    events = s.apply(VENETIAN, "next")
    assert {"type": "sunk", "galley": 1, "seat": VENETIAN, "cause": "left without a sailor"} in (
        events
    )
    assert s.g_owner[0] == -1 and s.g_area[0] == -1, "the galley is back in the box (R11)"
    assert (s.g_sailors[1], cargo(s, 2, "wine")) == (3, 1)
    assert s.garrison[port("napoli")] == 1
    assert s.supply[good("wine")] == wine + 1, "the sunk wine is back in the box"
    assert "sinks" in GAME.describe_event(events[0], s.seat_label)
    check_invariants(s)


def test_a_lone_sailor_may_leave_its_galley_on_the_high_seas():
    """FR, Phase 2, Transfert de pions; EN, Placing playing pieces: two galleys with one sailor
    each and nothing else may still move a sailor from one to the other (the emptied galley
    sinks), so `arrange` is offered."""
    st = Stage().capitals()
    st.galley(1, VENETIAN, "ionian-sea", 1).galley(2, VENETIAN, "ionian-sea", 1)
    s = st.phase(2, VENETIAN)
    assert "arrange ionian-sea" in notations(s, VENETIAN)
    for word in ("arrange ionian-sea", "next", "put sailor", "put sailor", "next"):
        s.apply(VENETIAN, word)
    assert s.g_owner[:2] == [-1, VENETIAN] and s.g_sailors[1] == 2
    check_invariants(s)


Load = tuple[int, ...] | None
Arr = tuple[tuple[Load, ...], int]
"""Per galley (sailors, then the goods of GOODS_USED), None once it sank; and the garrison (-1:
no own port)."""


def _moves(arr: Arr) -> list[Arr]:
    """Every arrangement one rulebook transfer away: a sailor between galleys or between a
    galley and the own port, a good between galleys; never above 5 pieces. A galley whose last
    sailor leaves sinks at once with its goods (FR, Transfert de pions)."""
    loads, garrison = arr
    out: list[Arr] = []
    n = len(loads)

    def after(new: list[Load], src: int) -> tuple[Load, ...]:
        load = new[src]
        if load is not None and load[0] == 0:
            new[src] = None  # no sailor left: it sinks with its goods
        return tuple(new)

    for src in range(n):
        here = loads[src]
        if here is None:
            continue
        for dst in range(n):
            there = loads[dst]
            if src == dst or there is None or sum(there) >= 5:
                continue
            for k in range(len(here)):
                if here[k]:
                    new: list[Load] = list(loads)
                    new[src] = (*here[:k], here[k] - 1, *here[k + 1 :])
                    new[dst] = (*there[:k], there[k] + 1, *there[k + 1 :])
                    out.append((after(new, src), garrison))
        if garrison >= 0:
            new = list(loads)
            new[src] = (here[0] - 1, *here[1:])
            out.append((after(new, src), garrison + 1))
            if garrison and sum(here) < 5:
                new = list(loads)
                new[src] = (here[0] + 1, *here[1:])
                out.append((tuple(new), garrison - 1))
    return out


def _reachable(start: Arr) -> set[Arr]:
    seen, todo = {start}, [start]
    for arr in todo:
        for nxt in _moves(arr):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def _read(s: Serenissima1996State, galleys: list[int], p: int) -> Arr:
    loads = tuple(
        (s.g_sailors[g], *(cargo(s, g + 1, name) for name in GOODS_USED))
        if s.g_owner[g] == VENETIAN
        else None
        for g in galleys
    )
    return loads, (s.garrison[p] if s.owner[p] == VENETIAN else -1)


def _settable(s: Serenissima1996State, galleys: list[int], p: int) -> set[Arr]:
    """Every arrangement the `arrange` frame can complete, by trying each legal step."""
    out: set[Arr] = set()
    seen = set()
    todo = [s]
    while todo:
        t = todo.pop()
        if t.stack[-1].kind != "arrange":
            out.add(_read(t, galleys, p))
            continue
        if t.stack[-1].data in seen:
            continue
        seen.add(t.stack[-1].data)
        for action in t.legal_actions(VENETIAN):
            if action.notation != "cancel":
                u = t.clone()
                u.apply(VENETIAN, action)
                todo.append(u)
    return out


def test_arrangements_match_step_by_step_transfers():
    """FR, Phase 2, Transfert de pions (RULINGS.md R28): for small random positions (2 or 3
    galleys, with or without an own port, a few goods) the arrangements `arrange` can set are
    exactly those the rulebook's transfers reach one piece at a time, a galley whose last
    sailor leaves sinking at once with its goods; where no transfer is possible, `arrange` is
    not offered."""
    rng = random.Random(14)
    checked = offered = sinking = 0
    while checked < 40:
        own = rng.random() < 0.5
        st = (
            Stage()
            .capitals()
            .port("napoli", VENETIAN if own else None, rng.randint(0, 2) if own else 0)
        )
        galleys = []
        for n in range(rng.choice((2, 3))):
            sailors = rng.randint(1, 4)
            goods = {name: 0 for name in GOODS_USED}
            for _ in range(rng.randint(0, 5 - sailors)):
                goods[rng.choice(GOODS_USED)] += 1
            st.galley(n + 1, VENETIAN, "napoli", sailors, **goods)
            galleys.append(n)
        s = st.phase(2, VENETIAN)
        p = port("napoli")
        start = _read(s, galleys, p)
        reachable = _reachable(start)
        word = f"arrange {area_of('napoli')}"
        if word not in notations(s, VENETIAN):
            assert reachable == {start}, start
        else:
            offered += 1
            s.apply(VENETIAN, word)
            assert _settable(s, galleys, p) == reachable, start
            sinking += any(None in loads for loads, _garrison in reachable)
        checked += 1
    assert offered >= 30 and sinking >= 30
