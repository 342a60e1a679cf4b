"""Chances to win from score estimates (bots/calibration.py), their fit
(benchmarks/calibrate.py), and their use by the search: hint figures only, never choices."""

from __future__ import annotations

import math
import random
from types import ModuleType

import pytest

import arsenale
from arsenale.bots.base import heuristic_policy
from arsenale.bots.calibration import (
    Calibration,
    game_win_chances,
    load_calibration,
    win_chances,
)
from arsenale.bots.ismcts import ISMCTS, ismcts_factory
from arsenale.core.info import SeatInfo
from arsenale.core.state import GameState
from benchmark_scripts import load_script


def _calibrate() -> ModuleType:
    return load_script("calibrate")


def test_chances_follow_the_estimates_and_add_up_to_one() -> None:
    chances = win_chances([30.0, 20.0, 20.0, 10.0], tau=5.0)
    assert sum(chances) == pytest.approx(1.0)
    assert chances[0] > chances[1] == chances[2] > chances[3] > 0.0
    assert win_chances([30.0, 20.0], tau=1e6) == pytest.approx([0.5, 0.5], abs=1e-4)
    assert win_chances([30.0, 20.0], tau=0.01)[0] == pytest.approx(1.0)


def test_the_fit_recovers_a_known_temperature() -> None:
    """Winners drawn from softmax(estimates / 4): the likelihood is highest near 4."""
    fit = _calibrate()
    rng = random.Random(3)
    rows = []
    for i in range(4000):
        values = [rng.uniform(0, 30) for _ in range(4)]
        chances = win_chances(values, 4.0)
        winner = rng.choices(range(4), weights=chances)[0]
        rows.append((i % 300, values, [winner]))
    assert fit.fit_tau(rows) == pytest.approx(4.0, rel=0.1)
    taus, report = fit.fit(rows, plies=100)
    assert len(taus) == 3 and len(report) == 3
    assert all(t == pytest.approx(4.0, rel=0.2) for t in taus)


def test_later_plies_share_the_last_temperature() -> None:
    calibration = Calibration({"plies": 100, "players": {"4": {"tau": [6.0, 4.0]}}})
    assert calibration.tau(4, 0) == 6.0 and calibration.tau(4, 150) == 4.0
    assert calibration.tau(4, 10_000) == 4.0
    assert calibration.tau(3, 0) is None  # no calibration for that player count
    with pytest.raises(ValueError):
        Calibration({"plies": 100, "players": {"2": {"tau": [0.0]}}})


@pytest.mark.parametrize("game_id", ["serenissima-1996", "serenissima-2012"])
def test_every_player_count_of_each_game_is_calibrated(game_id: str) -> None:
    """bots/calibrations/<id>.toml (benchmarks/calibrate.py) covers every player count."""
    game = arsenale.load_game(game_id)
    calibration = load_calibration(game.id)
    assert calibration is not None
    for players in range(game.min_players, game.max_players + 1):
        tau = calibration.tau(players, 0)
        assert tau is not None and tau > 0


def _midgame(game_id: str, players: int, plies: int) -> GameState:
    game = arsenale.load_game(game_id)
    policy = heuristic_policy(game)
    state = game.new_game(players, seed=11)
    rng = random.Random(11)
    while state.ply < plies or len(state.legal_actions(state.to_move()[0])) < 3:
        for seat in state.to_move():
            state.apply(seat, policy(SeatInfo(state, seat), rng))
    return state


def test_calibrated_chances_change_the_figures_but_not_the_choice() -> None:
    """With chances on (hints), the search picks the same move with the same visits; only the
    chance column differs, and it is no longer a 0-or-1 share of who led the estimate."""
    game = arsenale.load_game("serenissima-1996")
    state = _midgame("serenissima-1996", 4, 120)
    info = SeatInfo(state, state.to_move()[0])
    tables = []
    for chances in (False, True):
        bot = ismcts_factory(game, "300it")
        assert isinstance(bot, ISMCTS)
        bot.early_stop = False
        bot.chances = chances
        tables.append(bot.search(info, random.Random(5)))
    (plain_move, plain), (move, table) = tables
    assert move == plain_move
    assert [(r[0], r[1]) for r in table] == [(r[0], r[1]) for r in plain]
    figure = table[0][3]
    assert 0.0 < figure < 1.0 and not math.isclose(figure, plain[0][3])


def test_a_game_without_calibration_keeps_the_share_of_leads() -> None:
    toy = arsenale.load_game("toy-race")
    state = toy.new_game(2, seed=1)
    assert game_win_chances(state, [3.0, 1.0]) is None
