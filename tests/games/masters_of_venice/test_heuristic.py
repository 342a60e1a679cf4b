"""The heuristic bot, `evaluate` and the prior of rivals' secret choices."""

from __future__ import annotations

import random

from arsenale.bots.base import Fallbacks, heuristic_policy
from arsenale.core.info import SeatInfo

from .helpers import GAME, new


def play(players: int, seed: int) -> tuple[float, ...]:
    """Seat 0 by the heuristic (strict: a failure raises), the others at random."""
    Fallbacks.strict = True
    try:
        policy = heuristic_policy(GAME)
        s = new(players, seed)
        rng = random.Random(seed)
        while not s.is_over:
            for seat in s.to_move():
                info = SeatInfo(s, seat)
                if seat == 0:
                    action = policy(info, rng)
                    assert action in s.legal_actions(seat)
                else:
                    action = rng.choice(info.legal_actions())
                s.apply(seat, action)
        assert GAME.evaluate(s) == list(s.result().scores)
        return s.result().scores
    finally:
        Fallbacks.strict = False


def test_the_heuristic_plays_legal_moves_and_beats_random_seats():
    """In 2- and 5-player games against random seats the heuristic never fails and wins most
    games (benchmarks/strength.py measures the rate over 100 games)."""
    wins = 0
    games = 0
    for players in (2, 5):
        for seed in range(6):
            scores = play(players, seed)
            games += 1
            wins += scores[0] == max(scores)
    assert wins >= games - 2


def test_evaluate_scores_every_seat_and_the_prior_gives_legal_choices():
    """`evaluate` gives one estimate per seat; the prior of a rival's bid or destination is one
    of its legal actions."""
    s = new(4, 3)
    rng = random.Random(0)
    assert len(GAME.evaluate(s)) == 4
    for seat in range(4):
        legal = s.legal_actions(seat)
        assert GAME.submission_prior(s, seat, legal, rng) in legal
