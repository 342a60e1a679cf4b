"""Bot-only games, tournament statistics and the benchmark."""

from __future__ import annotations

import math

import pytest

from arsenale.core import ArsenaleError
from arsenale.sim import bench, bot_seed, play_game, simulate, summarize, wilson_interval

KEYS = {
    "game",
    "players",
    "games",
    "seats",
    "wins",
    "win_rate",
    "win_rate_ci95",
    "mean_score",
    "mean_plies",
    "games_per_s",
    "errors",
}
SEATS = ["random", "heuristic", "random"]


def test_play_game_is_reproducible() -> None:
    first = play_game("toy-race", 3, SEATS, seed=4)
    assert first["error"] is None
    assert first["plies"] > 0
    assert set(first["result"]) >= {"scores", "ranks", "winners"}
    assert play_game("toy-race", 3, SEATS, seed=4) == first
    others = [play_game("toy-race", 3, SEATS, seed=s) for s in range(5, 10)]
    assert any(o != first for o in others)


def test_play_game_reports_errors_instead_of_raising() -> None:
    crashed = play_game("toy-race", 2, ["random", "random"], seed=6, options={"fault": 3})
    assert crashed["result"] is None
    assert crashed["error"] == "RuntimeError: toy engine fault"
    unknown = play_game("no-such-game", 2, ["random", "random"], seed=0)
    assert unknown["error"].startswith("UnknownGame: unknown game")


def test_bot_seeds_depend_on_game_and_seat() -> None:
    assert bot_seed(5, 0) == bot_seed(5, 0)
    assert len({bot_seed(g, s) for g in range(10) for s in range(4)}) == 40


def test_simulate_statistics() -> None:
    stats = simulate("toy-race", 3, SEATS, games=60, seed=0, workers=1)
    assert set(stats) >= KEYS
    assert stats["games"] == 60 and stats["errors"] == 0 and stats["seats"] == SEATS
    assert math.isclose(sum(stats["wins"]), 60)
    for s in range(3):
        low, high = stats["win_rate_ci95"][s]
        assert low <= stats["win_rate"][s] <= high
        assert len(stats["mean_score"]) == 3
    assert stats["win_rate"][1] > 0.5  # the heuristic always rolls
    assert stats["mean_plies"] > 3


def test_tied_winners_share_the_win() -> None:
    def outcome(winners: list[int], scores: list[float]) -> dict[str, object]:
        ranks = [1 if s in winners else 3 for s in range(3)]
        result = {"scores": scores, "ranks": ranks, "winners": winners, "tiebreak": []}
        return {"result": result, "plies": 10, "error": None}

    outcomes = [
        outcome([0, 1], [5, 5, 1]),
        outcome([0, 1, 2], [4, 4, 4]),
        outcome([2], [0, 0, 9]),
        {"result": None, "plies": 3, "error": "RuntimeError: boom"},
    ]
    stats = summarize("toy-race", 3, SEATS, outcomes, seconds=2.0)
    third = 1 / 3
    assert stats["wins"] == pytest.approx([0.5 + third, 0.5 + third, 1 + third])
    assert stats["errors"] == 1
    assert stats["win_rate"] == pytest.approx([w / 3 for w in stats["wins"]])
    assert stats["mean_score"] == pytest.approx([3, 3, 14 / 3])
    assert stats["mean_plies"] == 10
    assert stats["games_per_s"] == 2.0
    assert stats["error_messages"] == ["game 3 (seed 3): RuntimeError: boom"]


def test_results_do_not_depend_on_workers() -> None:
    one = simulate("toy-race", 3, SEATS, games=40, seed=7, workers=1)
    two = simulate("toy-race", 3, SEATS, games=40, seed=7, workers=2)
    one.pop("games_per_s")
    two.pop("games_per_s")
    assert one == two


def test_errors_are_counted_and_excluded() -> None:
    for workers in (1, 2):
        stats = simulate(
            "toy-race", 2, ["random", "heuristic"], 9, seed=0, workers=workers, options={"fault": 3}
        )
        assert stats["errors"] == 3  # seeds 0, 3, 6
        assert math.isclose(sum(stats["wins"]), 6)
        assert "toy engine fault" in stats["error_messages"][0]


@pytest.mark.parametrize(
    ("players", "seats", "message"),
    [
        (2, ["random", "human"], "bots only"),
        (3, ["random", "random"], "need 3 seats"),
        (2, ["random", "nobody"], "unknown bot"),
        (5, ["random"] * 5, "2-4 players"),
    ],
)
def test_simulate_refuses_bad_setups(players: int, seats: list[str], message: str) -> None:
    with pytest.raises(ArsenaleError, match=message):
        simulate("toy-race", players, seats, games=2)


def test_wilson_interval() -> None:
    low, high = wilson_interval(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    narrow = wilson_interval(500, 1000)
    assert narrow[1] - narrow[0] < high - low


def test_bench_reports_throughput() -> None:
    stats = bench("toy-race", 3, seconds=0.3, seed=1)
    assert {"game", "players", "steps_per_s", "games_per_s", "clone_us", "apply_us"} <= set(stats)
    assert stats["steps_per_s"] > 100
    assert stats["games_per_s"] > 0
    assert 0 < stats["clone_us"] < 1000 and 0 < stats["apply_us"] < 1000
