"""Bot-only games, tournament statistics and the benchmark."""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterator, Sequence

import pytest
from typer.testing import CliRunner

from arsenale.bots.base import Fallbacks
from arsenale.cli import app
from arsenale.core import ArsenaleError, registry
from arsenale.core.actions import Action
from arsenale.core.state import GameState
from arsenale.sim import bench, bot_seed, play_game, simulate, summarize, wilson_interval
from toygame import ToyRace, ToyRaceState

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
    "fallbacks",
    "fallback_games",
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


class FlakyToy(ToyRace):
    """The toy race with a heuristic that crashes whenever the deciding seat stands on a
    square that is 4 modulo 5: in some games, not in others, depending on the dice."""

    id = "toy-flaky"

    def heuristic(
        self, world: GameState, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        assert isinstance(world, ToyRaceState)
        if world.pos[seat] % 5 == 4:
            raise ValueError("flaky heuristic")
        return super().heuristic(world, seat, legal, rng)


FLAKY = FlakyToy()
FLAKY_SEATS = ["heuristic", "heuristic"]


@pytest.fixture
def flaky() -> Iterator[str]:
    """The game "toy-flaky", registered for this test only (workers import it from here)."""
    registry.register(FlakyToy.id, f"{__name__}:FLAKY")
    yield FlakyToy.id
    registry._TARGETS.pop(FlakyToy.id, None)
    registry._LOADED.pop(FlakyToy.id, None)


def test_play_game_counts_the_fallbacks_of_its_game(flaky: str) -> None:
    was = Fallbacks.strict
    outcomes = [play_game(flaky, 2, FLAKY_SEATS, seed=s) for s in range(12)]
    assert all(o["error"] is None for o in outcomes)
    counts = [o["fallbacks"] for o in outcomes]
    assert any(counts) and not all(counts)  # some games only
    assert play_game("toy-race", 2, FLAKY_SEATS, seed=0)["fallbacks"] == 0
    strict = [play_game(flaky, 2, FLAKY_SEATS, seed=s, strict=True) for s in range(12)]
    # up to a game's first failure both runs play the same moves
    assert [o["error"] is not None for o in strict] == [n > 0 for n in counts]
    assert all(o["fallbacks"] == 0 for o in strict)
    assert all("flaky heuristic" in o["error"] for o in strict if o["error"])
    assert Fallbacks.strict is was  # the process's own setting is back


@pytest.mark.parametrize("workers", [1, 2])
def test_simulate_reports_fallbacks_and_strict_makes_them_errors(flaky: str, workers: int) -> None:
    counts = [play_game(flaky, 2, FLAKY_SEATS, seed=s)["fallbacks"] for s in range(10)]
    stats = simulate(flaky, 2, FLAKY_SEATS, 10, seed=0, workers=workers)
    assert stats["errors"] == 0
    assert stats["fallbacks"] == sum(counts) > 0
    assert stats["fallback_games"] == sum(1 for n in counts if n)
    strict = simulate(flaky, 2, FLAKY_SEATS, 10, seed=0, workers=workers, strict=True)
    assert strict["errors"] == stats["fallback_games"] and strict["fallbacks"] == 0
    assert "flaky heuristic" in strict["error_messages"][0]
    assert math.isclose(sum(strict["wins"]), 10 - strict["errors"])


def test_the_simulate_command_reports_fallbacks(flaky: str) -> None:
    runner = CliRunner()
    args = ["simulate", flaky, "--seats", "heuristic,heuristic", "--games", "10", "--workers", "1"]
    loose = runner.invoke(app, [*args, "--json"])
    assert loose.exit_code == 0, loose.output
    stats = json.loads(loose.stdout)
    assert stats["fallbacks"] > 0 and stats["errors"] == 0
    assert "--strict makes each such game an error" in loose.stderr
    strict = json.loads(runner.invoke(app, [*args, "--json", "--strict"]).stdout)
    assert strict["errors"] == stats["fallback_games"] and strict["fallbacks"] == 0
    table = runner.invoke(app, args)
    assert f"heuristic fallbacks {stats['fallbacks']} in {stats['fallback_games']}" in table.stdout
