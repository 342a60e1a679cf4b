"""Parts of the Serenissima (2012) heuristic that a shortcut must leave as they were: the
shortcut against the plain computation it replaces."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from arsenale.bots.base import heuristic_policy
from arsenale.core.info import SeatInfo
from arsenale.core.state import GameState
from arsenale.games.serenissima_2012 import heuristic
from arsenale.games.serenissima_2012.board import POPCOUNT
from arsenale.games.serenissima_2012.heuristic import _by_distance, _combine, _Ctx

from .helpers import GAME


def positions(seed: int, players: int) -> Iterator[tuple[GameState, int]]:
    """Each position of a seeded game of heuristic self-play with the seat to decide there,
    before the heuristic's move is played (a test reads the state, it must not change it)."""
    policy = heuristic_policy(GAME)
    state = GAME.new_game(players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        for seat in state.to_move():
            yield state, seat
            state.apply(seat, policy(SeatInfo(state, seat), rng))


def plain_combine(
    parts: list[tuple[int, list[float]]], minimize: bool
) -> list[tuple[float, tuple[int, ...]]]:
    """`_combine` as a plain dynamic programme that starts from a total of 0.0."""
    best: list[tuple[float, tuple[int, ...]]] = [(0.0, ())]
    for where, curve in parts:
        nxt: list[tuple[float, tuple[int, ...]] | None] = [None] * (len(best) + len(curve) - 1)
        for j, (v, alloc) in enumerate(best):
            for i, x in enumerate(curve):
                cand = (v + x, alloc + (where,) * i)
                cur = nxt[j + i]
                if cur is None or (cand[0] < cur[0] if minimize else cand[0] > cur[0]):
                    nxt[j + i] = cand
        best = [x for x in nxt if x is not None]
    return best


def test_combine_matches_the_plain_programme() -> None:
    rng = random.Random(7)
    for _ in range(2000):
        parts = []
        for where in range(-1, rng.randrange(4) - 1):
            size = rng.randrange(6)
            curve = [0.0] + [rng.choice([0.0, -0.0, rng.uniform(-3, 3)]) for _ in range(size)]
            parts.append((where, curve[: rng.randrange(size + 2)]))
        for minimize in (True, False):
            assert _combine(parts, minimize) == plain_combine(parts, minimize)


def test_prices_are_the_sale_values() -> None:
    """`_Ctx.prices` (read by `_ends` for the first sale) equals `_Ctx.sale_value` at every
    port, for every good and warehouse fill, in positions of heuristic self-play."""
    checked = 0
    for seed in range(3):
        for state, seat in positions(seed, 3 + seed % 2):
            if state.ply % 7 == 0:
                c = _Ctx(state, seat)
                for p in range(len(c.b.port_ids)):
                    for n in range(POPCOUNT[state.warehouse[p]], c.b.port_size[p] + 1):
                        prices = c.prices(p, n, c.R, c.wines)
                        for good in range(6):
                            assert prices[good] == c.sale_value(p, good, n, c.R, c.wines)
                            checked += 1
    assert checked > 1000


def test_top_is_the_best_five_sales_flat() -> None:
    """`_Ctx.top` (one flat tuple, shared by the zones and crews with the same discounts)
    equals the plain list of every later sale of the good at its discount, the best five
    (equal values: the higher port first), flattened, in positions of heuristic self-play."""
    checked = 0
    for seed in range(2):
        for state, seat in positions(seed, 3 + seed):
            if state.ply % 11 == 0:
                c = _Ctx(state, seat)
                n_ports = len(c.b.port_ids)
                for zone in range(len(c.b.zone_ids)):
                    for t in range(1, 6):
                        by_dist = _by_distance(c.fut, t, c.st.span)
                        for good in range(6):
                            plain = []
                            for p in range(n_ports):
                                n = POPCOUNT[state.warehouse[p]]
                                v = c.sale_value(p, good, n, c.R_next, c.wines_next)
                                f = by_dist[c.st.dist[zone][c.b.port_zone[p]]]
                                if c.fut > 0 and v is not None and v > 0 and f:
                                    plain.append((v * f, p))
                            plain.sort(reverse=True)
                            flat = tuple(x for sale in plain[:5] for x in sale)
                            assert c.top(zone, t, good) == flat
                            checked += 1
    assert checked > 1000


def test_sale_sums_are_the_running_sums_of_the_best_sales() -> None:
    """`_Ctx.sale_sums` equals, per good, the plain running sums (from 0.0) of its sales at
    next activation's discount, the best first, in positions of heuristic self-play."""
    checked = 0
    for seed in range(2):
        for state, seat in positions(seed, 3 + seed):
            if state.ply % 5 == 0:
                c = _Ctx(state, seat)
                sums = c.sale_sums()
                for good, sales in enumerate(c.sales()):
                    plain = [0.0]
                    for v in sorted((v * c.disc[1] for v, _ in sales), reverse=True):
                        plain.append(plain[-1] + v)
                    assert sums[good] == plain
                    checked += 1
    assert checked > 1000


def self_play(seed: int) -> list[int]:
    """The action indices of a game of heuristic self-play, every memo store empty at start."""
    heuristic._SHARED.__dict__.clear()
    heuristic._KEPT.__dict__.clear()
    policy = heuristic_policy(GAME)
    players = GAME.min_players + seed % (GAME.max_players - GAME.min_players + 1)
    state = GAME.new_game(players, seed=seed)
    rng = random.Random(seed)
    moves = []
    while not state.is_over:
        for seat in state.to_move():
            action = policy(SeatInfo(state, seat), rng)
            moves.append(action.index)
            state.apply(seat, action)
    return moves


@pytest.mark.skipif(
    not hasattr(heuristic._shared, "__defaults__"),
    reason="compiled build (docs/compiled.md): a compiled function's defaults cannot be changed",
)
def test_forgotten_memos_change_no_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    """The shared memo stores are kept small (`_MARKETS`, `_CHILDREN`, `_ROUTES`): a memo
    forgotten is only computed again, so the moves are those of stores that forget nothing."""
    for seed in (1, 3):
        kept_small = self_play(seed)
        with monkeypatch.context() as m:
            m.setattr(heuristic, "_CHILDREN", 10**6)
            m.setattr(heuristic, "_ROUTES", 10**6)
            m.setattr(heuristic._shared, "__defaults__", (10**6,))  # `most` = _MARKETS
            kept_all = self_play(seed)
        assert kept_small == kept_all


def test_context_reads_rivals_and_ports_as_the_plain_loops() -> None:
    """`_Ctx.enemy` (a running most of each rival's sailors by zone), `fights_at` (the
    rivals' open ports taken from the market's `ports`) and the sailors in the key of the
    fights memo (ours as -1) equal the plain loops over the galleys and the ports, at the
    activations of heuristic self-play, the market's `ports` made or already known."""
    checked = 0
    for seed in range(2):
        for state, seat in positions(seed, 3 + seed):
            if state.stack[-1].kind == "activation" and state.ply % 3 == 0:
                for _ in range(2):  # the second context finds its market's `ports`
                    c = _Ctx(state, seat)
                    c.plan_memos()
                    b = c.b
                    tot: dict[tuple[int, int], int] = {}
                    for h, o in enumerate(state.g_owner):
                        if o >= 0 and o != seat:
                            key = (o, state.g_zone[h])
                            tot[key] = tot.get(key, 0) + state.g_sailors[h]
                    enemy = [0] * len(b.zone_ids)
                    fights = [False] * len(b.zone_ids)
                    for (_, z), n in tot.items():
                        enemy[z] = max(enemy[z], n)
                        fights[z] = True
                    for p, o in enumerate(state.owner):
                        if o >= 0 and o != seat and not state.closed >> p & 1:
                            fights[b.port_zone[p]] = True
                    sailors = tuple(
                        -1 if o == seat else n
                        for n, o in zip(state.port_sailors, state.owner, strict=True)
                    )
                    assert c.enemy == enemy
                    assert c.fights_at == fights
                    assert any(key[1][3] == sailors for key in c.mk.children if key[0] == "fights")
                    checked += 1
    assert checked > 100
