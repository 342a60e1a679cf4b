"""The score estimate that search uses to stop play-outs early (Serenissima1996.evaluate)."""

from __future__ import annotations

import random

import arsenale
from arsenale.bots.base import heuristic_policy
from arsenale.core.info import SeatInfo
from arsenale.games.serenissima_1996.state import Serenissima1996State


def _played(seed: int, plies: int) -> Serenissima1996State:
    game = arsenale.load_game("serenissima-1996")
    state = game.new_game(3, seed=seed)
    policy = heuristic_policy(game)
    rng = random.Random(seed)
    while not state.is_over and state.ply < plies:
        for seat in state.to_move():
            state.apply(seat, policy(SeatInfo(state, seat), rng))
    assert isinstance(state, Serenissima1996State)
    return state


def test_a_finished_game_is_worth_its_prosperity_points() -> None:
    state = _played(1, 10**6)
    assert state.is_over
    assert state.game.evaluate(state) == [float(s) for s in state.result().scores]


def test_the_estimate_counts_more_than_the_points_already_scored() -> None:
    """Galleys and the capital's income to come are worth points that are not scored yet."""
    state = _played(2, 150)
    estimate = state.game.evaluate(state)
    for seat in range(3):
        assert estimate[seat] > state.prosperity(seat)


def test_a_lost_galley_lowers_its_owners_estimate_only() -> None:
    state = _played(3, 150)
    game = state.game
    before = game.evaluate(state)
    seat = next(o for o in state.g_owner if o >= 0)
    g = state.g_owner.index(seat)
    sunk = state.clone()
    assert isinstance(sunk, Serenissima1996State)
    sunk.g_owner[g] = -1
    after = game.evaluate(sunk)
    assert after[seat] < before[seat]
    assert all(after[s] == before[s] for s in range(3) if s != seat)


def test_a_port_within_a_rival_galleys_reach_is_worth_more_with_a_garrison() -> None:
    state = _played(4, 150)
    game, b = state.game, state.game.board
    seat = next(s for s in range(3) if state.owner[state.capital_of(s)] == s)
    capital = state.capital_of(seat)
    rival = next(h for h, o in enumerate(state.g_owner) if o >= 0 and o != seat)
    state.g_area[rival] = b.port_area[capital]
    state.g_sailors[rival] = 3
    estimates = []
    for garrison in (0, 1, 4):
        world = state.clone()
        assert isinstance(world, Serenissima1996State)
        world.garrison[capital] = garrison
        estimates.append(game.evaluate(world)[seat])
    assert estimates[0] < estimates[1] < estimates[2]
    far = state.clone()
    assert isinstance(far, Serenissima1996State)
    far.g_owner[rival] = -1  # that galley gone
    far.garrison[capital] = 0
    assert game.evaluate(far)[seat] > estimates[0]
