"""The heuristic bot of Serenissima (2012): always a legal action, and clearly stronger than
random play."""

from __future__ import annotations

import random

import pytest

from arsenale.bots.base import Fallbacks, heuristic_policy
from arsenale.core.actions import Action
from arsenale.core.info import SeatInfo

from .helpers import GAME

MAX_PLIES = 5000  # far above any real game: a bot undoing its own moves would hit it


def random_policy(info: SeatInfo, rng: random.Random) -> Action:
    return rng.choice(info.legal_actions())


def play(
    players: int, seed: int, heuristic_seats: set[int], hidden: bool = False
) -> tuple[int, ...]:
    """A whole game; every heuristic decision is checked against the legal actions."""
    state = GAME.new_game(players, seed=seed, options={"hidden_money": hidden})
    rng = random.Random(seed)
    while not state.is_over:
        assert state.ply < MAX_PLIES, "the game does not end"
        for seat in state.to_move():
            info = SeatInfo(state, seat)
            if seat in heuristic_seats:
                action = heuristic_policy(GAME)(info, rng)
                assert action in state.legal_actions(seat), (state.stack[-1].kind, action)
            else:
                action = random_policy(info, rng)
            state.apply(seat, action)
    return state.result().winners


@pytest.fixture(autouse=True)
def strict(monkeypatch: pytest.MonkeyPatch) -> None:
    """Errors inside the heuristic fail the test instead of falling back to a safe action."""
    monkeypatch.setattr(Fallbacks, "strict", True)


@pytest.mark.parametrize(
    ("players", "seed", "hidden"), [(2, 11, False), (3, 12, True), (4, 13, False)]
)
def test_heuristic_self_play_is_always_legal(players: int, seed: int, hidden: bool) -> None:
    play(players, seed, set(range(players)), hidden)


@pytest.mark.parametrize(("players", "seed"), [(2, 21), (3, 22), (4, 23)])
def test_heuristic_against_random_is_always_legal(players: int, seed: int) -> None:
    play(players, seed, {s for s in range(players) if s % 2 == 0}, hidden=True)


def test_heuristic_beats_random() -> None:
    wins = sum(1 for seed in range(100, 110) if play(2, seed, {0}) == (0,))
    assert wins >= 8
