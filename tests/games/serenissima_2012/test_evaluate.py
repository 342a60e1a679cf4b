"""The score estimate that search uses to stop play-outs early (Serenissima2012.evaluate)."""

from __future__ import annotations

import random

import arsenale
from arsenale.core.info import SeatInfo
from arsenale.games.serenissima_2012.state import SerenissimaState


def _played(seed: int, plies: int) -> SerenissimaState:
    game = arsenale.load_game("serenissima-2012")
    state = game.new_game(3, seed=seed)
    policy = game.heuristic_policy()
    rng = random.Random(seed)
    while not state.is_over and state.ply < plies:
        for seat in state.to_move():
            state.apply(seat, policy(SeatInfo(state, seat), rng))
    assert isinstance(state, SerenissimaState)
    return state


def test_a_finished_game_is_worth_its_ducats() -> None:
    state = _played(1, 10**6)
    assert state.is_over
    assert state.game.evaluate(state) == [float(m) for m in state.money]


def test_ports_and_galleys_add_to_the_ducats_in_hand() -> None:
    state = _played(2, 120)
    estimate = state.game.evaluate(state)
    for seat in range(3):
        owns = seat in state.owner or seat in state.g_owner
        assert estimate[seat] >= state.money[seat]
        assert (estimate[seat] > state.money[seat]) == owns


def test_taking_a_rivals_port_moves_worth_from_it_to_the_taker() -> None:
    """The rival keeps two ports at least, so its last one (which cannot be conquered, rulebook:
    Battle, Player's last port) does not become safer and raise its estimate."""
    state = _played(4, 300)
    game = state.game
    before = game.evaluate(state)
    victim = max((1, 2), key=state.owner.count)
    ports = [p for p, o in enumerate(state.owner) if o == victim]
    assert len(ports) >= 3
    for port in ports:
        taken = state.clone()
        assert isinstance(taken, SerenissimaState)
        taken.owner[port] = 0
        after = game.evaluate(taken)
        assert after[0] > before[0] and after[victim] < before[victim]
