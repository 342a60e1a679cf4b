"""Moving pieces within an area (serenissima-1996.fr.txt, Phase 2, "Transfert de pions": no
limit on the number of transfers, as long as no galley ever holds more than 5 pieces or loses
its last sailor). Arrangements are set whole (`arrange <area>`, RULINGS.md R28); these tests
check that exactly the arrangements the rulebook's moves reach, one piece at a time, can be
set."""

from __future__ import annotations

import random

from arsenale.games.serenissima_1996.state import Serenissima1996State

from .helpers import VENETIAN, Stage, area_of, check_invariants, good, notations, port


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


Arr = tuple[tuple[tuple[int, ...], ...], int]
"""Per galley (sailors, then the goods of GOODS_USED), and the garrison (-1: no own port)."""


def _moves(arr: Arr) -> list[Arr]:
    """Every arrangement one rulebook transfer away: a sailor between galleys or between a
    galley and the own port, a good between galleys; never above 5 pieces, never without a
    sailor (that would sink the galley)."""
    loads, garrison = arr
    out: list[Arr] = []
    n = len(loads)

    def moved(src: int, dst: int, k: int) -> Arr:
        new = [list(x) for x in loads]
        new[src][k] -= 1
        new[dst][k] += 1
        return tuple(tuple(x) for x in new), garrison

    for src in range(n):
        for dst in range(n):
            if src == dst or sum(loads[dst]) >= 5:
                continue
            for k in range(len(loads[src])):
                if loads[src][k] > (1 if k == 0 else 0):
                    out.append(moved(src, dst, k))
        if garrison >= 0:
            if loads[src][0] >= 2:
                new = list(loads)
                new[src] = (loads[src][0] - 1, *loads[src][1:])
                out.append((tuple(new), garrison + 1))
            if garrison and sum(loads[src]) < 5:
                new = list(loads)
                new[src] = (loads[src][0] + 1, *loads[src][1:])
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
        (s.g_sailors[g], *(cargo(s, g + 1, name) for name in GOODS_USED)) for g in galleys
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
    """For small random positions (2 or 3 galleys, with or without an own port, a few goods)
    the arrangements `arrange` can set are exactly those the rulebook's transfers reach one
    piece at a time; where no transfer is possible, `arrange` is not offered."""
    rng = random.Random(14)
    checked = offered = 0
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
        checked += 1
    assert offered >= 30
