"""The score estimate that search uses to stop play-outs early (Serenissima2012.evaluate)."""

from __future__ import annotations

import random

import pytest

import arsenale
from arsenale.bots.base import heuristic_policy
from arsenale.core.info import SeatInfo
from arsenale.games.serenissima_2012.evaluate import FEATURES, features, load_weights
from arsenale.games.serenissima_2012.state import Serenissima2012State


def _played(seed: int, plies: int) -> Serenissima2012State:
    game = arsenale.load_game("serenissima-2012")
    state = game.new_game(3, seed=seed)
    policy = heuristic_policy(game)
    rng = random.Random(seed)
    while not state.is_over and state.ply < plies:
        for seat in state.to_move():
            state.apply(seat, policy(SeatInfo(state, seat), rng))
    assert isinstance(state, Serenissima2012State)
    return state


def test_a_finished_game_is_worth_its_ducats() -> None:
    state = _played(1, 10**6)
    assert state.is_over
    assert state.game.evaluate(state) == [float(m) for m in state.money]


def test_a_ducat_in_hand_is_a_ducat_at_the_end() -> None:
    """Money keeps weight 1 (rulebook: End of the game, the richest player wins); the other
    seats' estimates do not move."""
    state = _played(2, 120)
    before = state.game.evaluate(state)
    richer = state.clone()
    assert isinstance(richer, Serenissima2012State)
    richer.money[1] += 7
    after = state.game.evaluate(richer)
    assert after[1] == pytest.approx(before[1] + 7)
    assert after[0] == before[0] and after[2] == before[2]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fitted_weights_exist_for_every_player_count_turn_and_home(players: int) -> None:
    """evaluate.toml (benchmarks/fit_evaluate.py) covers every starting port, and no holding
    is worth less than its floor, so the search never gains by giving a port or cube away."""
    game = arsenale.load_game("serenissima-2012")
    weights = load_weights(game.board, players)
    assert len(weights.by_turn) >= 6
    for turn in range(0, 15):
        w, home = weights.row(turn)
        assert set(home) == set(game.board.start_ports)
        assert all(x >= 0.2 for x in w[:4]) and w[4] >= 0.0


def test_starting_galleys_still_to_come_count_as_galleys_at_home() -> None:
    """Set-up (rulebook: set-up): a seat's starting galleys start beside its port, so once the
    port is chosen the estimate already counts them, and placing one changes nothing."""
    game = arsenale.load_game("serenissima-2012")
    state = game.new_game(4, seed=5)
    seat = state.to_move()[0]
    assert isinstance(state, Serenissima2012State)
    state.apply(seat, state.legal_actions(seat)[0])  # a starting port
    terms = features(state, seat)
    assert terms[FEATURES.index("crew")] > 0
    state.apply(seat, state.legal_actions(seat)[0])  # its first galley
    assert features(state, seat) == pytest.approx(terms)


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
        assert isinstance(taken, Serenissima2012State)
        taken.owner[port] = 0
        after = game.evaluate(taken)
        assert after[0] > before[0] and after[victim] < before[victim]
