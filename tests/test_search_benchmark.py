"""benchmarks/search.py: long strength runs append one line per game, resume where they
stopped, and are summarised per command, game and budget for the current bot version only."""

from __future__ import annotations

import json
import random
import types
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

import pytest

import arsenale.bots.tuning as tuning_module
from arsenale.bots import ismcts
from arsenale.bots.ismcts import ISMCTS_VERSION
from arsenale.core import registry
from arsenale.core.actions import Action
from arsenale.core.state import GameState
from benchmark_scripts import load_script
from toygame import ToyRace


def _search() -> ModuleType:
    return load_script("search")


def test_a_run_appends_one_line_per_game_and_resumes_without_replaying(tmp_path: Path) -> None:
    bench = _search()
    out = tmp_path / "four.jsonl"
    planned = bench.four_games("toy-race", 3, "20it")
    assert [p[1].index("ismcts:20it") for p in planned] == [0, 1, 2]  # the seat turns
    first = bench.run_games("four", planned[:2], "20it", out, workers=1)
    assert first["played_now"] == 2
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["seed"] for r in rows] == [30_000, 30_001]
    for r in rows:
        assert r["version"] == ISMCTS_VERSION and r["budget"] == "20it" and r["error"] is None
        assert r["fallbacks"] == 0
        assert r["game"] == "toy-race" and r["seats"] in [p[1] for p in planned]
        assert r["timestamp"] and "commit" in r
        winners = r["result"]["winners"]
        seat = r["seats"].index("ismcts:20it")
        assert r["ismcts_score"] == (1 / len(winners) if seat in winners else 0.0)
    again = bench.run_games("four", planned, "20it", out, workers=1)
    assert again["played_now"] == 1  # only the game not yet played
    assert [json.loads(x)["seed"] for x in out.read_text().splitlines()] == [30_000, 30_001, 30_002]


class BrokenToy(ToyRace):
    """The toy race with a heuristic that always crashes."""

    id = "toy-broken-heuristic"

    def heuristic(
        self, world: GameState, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        raise ValueError("broken heuristic")


BROKEN = BrokenToy()


def test_benchmark_games_are_strict(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A heuristic failure is the game's error in the results, not a fallback move."""
    monkeypatch.setitem(registry._TARGETS, BrokenToy.id, f"{__name__}:BROKEN")
    bench = _search()
    out = tmp_path / "four.jsonl"
    bench.run_games("four", bench.four_games(BrokenToy.id, 2, "5it"), "5it", out, workers=1)
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 2
    for r in rows:
        assert r["result"] is None and r["ismcts_score"] is None and r["fallbacks"] == 0
        assert "broken heuristic" in r["error"]
    assert bench.summary([out])[0]["errors"] == 2


def test_same_play_tells_a_change_of_play_from_none() -> None:
    """benchmarks/same_play.py compares two versions of bots/ismcts.py decision by decision:
    the same module gives no difference, a search with other play-outs does."""
    same_play = load_script("same_play")
    rows = same_play.compare(ismcts, ismcts, "serenissima-2012", 2, 2, 20)
    assert len(rows) == 3 and all(r["positions"] == 2 for r in rows)
    assert all(r["decisions_differ"] == r["tables_differ"] == 0 for r in rows)

    changed = types.SimpleNamespace(  # `ismcts` plays out by the heuristic here
        ismcts_factory=ismcts.ismcts_heuristic_factory,
        ismcts_heuristic_factory=ismcts.ismcts_heuristic_factory,
        ISMCTS=ismcts.ISMCTS,
    )
    rows = same_play.compare(changed, ismcts, "serenissima-2012", 2, 2, 20)
    differ = {r["bot"]: r["tables_differ"] for r in rows}
    assert differ["ismcts"] > 0 and differ["ismcts+heuristic"] == differ["unguided"] == 0


def test_match_swaps_seats_every_other_game() -> None:
    bench = _search()
    planned = bench.match_games("toy-race", 4, "1s")
    assert [p[1][0] for p in planned] == ["ismcts:1s", "openspiel-ismcts:1s"] * 2
    assert [p[2] for p in planned] == [10_000, 20_000, 10_001, 20_001]


def test_summary_counts_the_current_version_only(tmp_path: Path) -> None:
    bench = _search()
    out = tmp_path / "match.jsonl"

    def row(score: float | None, version: str = ISMCTS_VERSION, budget: str = "500ms") -> str:
        # the ismcts seat is second: both ranks after a win, a loss and a shared win
        ranks = {1.0: [2, 1], 0.0: [1, 2], 0.5: [1, 1]}.get(score) if score is not None else None
        return json.dumps(
            {
                "command": "match",
                "game": "toy-race",
                "seats": [f"openspiel-ismcts:{budget}", f"ismcts:{budget}"],
                "budget": budget,
                "seed": 10_000,
                "version": version,
                "result": None if ranks is None else {"ranks": ranks},
                "ismcts_score": score,
            }
        )

    lines = [
        row(1.0),
        row(0.0),
        row(0.5),
        row(None),
        row(1.0, version="old"),
        row(1.0, budget="1s"),
    ]
    out.write_text("\n".join(lines) + '\n{"command": "match", "ga')  # a line cut short
    rows = {r["budget"]: r for r in bench.summary([out])}
    r = rows["500ms"]
    assert r["games"] == 3 and r["ismcts_wins"] == 1.5 and r["win_rate"] == 0.5
    assert r["errors"] == 1 and r["other_versions_ignored"] == 1
    assert r["mean_rank"] == round((1 + 2 + 1) / 3, 2)
    lo, hi = r["win_rate_ci95"]
    assert 0.0 < lo < 0.5 < hi < 1.0
    assert rows["1s"]["games"] == 1 and rows["1s"]["win_rate"] == 1.0


def test_summary_splits_wins_by_seat_and_replays_the_seeds_with_the_heuristic(
    tmp_path: Path,
) -> None:
    """Four-player seats can be far from equal (a map's balance), so the summary says where the
    ismcts seat sat and, with the baseline, how the heuristic did in that same seat and seed."""
    bench = _search()
    out = tmp_path / "four.jsonl"
    planned = bench.four_games("toy-race", 4, "20it")
    bench.run_games("four", planned, "20it", out, workers=1)
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    (row,) = bench.summary([out], baseline=True)
    assert row["by_seat"] == {
        str(r["seats"].index("ismcts:20it")): {"games": 1, "wins": r["ismcts_score"]} for r in lines
    }
    base = row["heuristic_same_seats"]
    assert base["games"] == 4 and set(base["by_seat"]) == {"0", "1", "2", "3"}
    expected = 0.0
    for r in lines:
        seat = r["seats"].index("ismcts:20it")
        outcome = bench.play_game("toy-race", 4, ["heuristic"] * 4, r["seed"])
        expected += bench._share(seat, outcome["result"])
    assert base["wins"] == expected
    assert bench.summary([out])[0].get("heuristic_same_seats") is None  # only when asked


def test_a_games_bot_revision_sets_its_old_results_apart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A change to one game's heuristic or evaluate (`bot_revision`, bots/tuning.toml) retires
    that game's results only; the search's own version covers every game."""
    bench = _search()
    out = tmp_path / "four.jsonl"
    planned = bench.four_games("toy-race", 2, "20it")
    bench.run_games("four", planned[:1], "20it", out, workers=1)
    monkeypatch.setattr(
        tuning_module, "_table", lambda: {"toy-race": tuning_module.Tuning(bot_revision=3)}
    )
    assert bench.bot_version("toy-race") == f"{ISMCTS_VERSION}.3"
    (row,) = bench.summary([out])
    assert row["games"] == 0 and row["other_versions_ignored"] == 1
    again = bench.run_games("four", planned, "20it", out, workers=1)
    assert again["played_now"] == 2  # the first game is replayed under the new revision
    versions = [json.loads(x)["version"] for x in out.read_text().splitlines()]
    assert versions == [ISMCTS_VERSION, f"{ISMCTS_VERSION}.3", f"{ISMCTS_VERSION}.3"]
    assert bench.summary([out])[0]["games"] == 2


def test_speed_measures_the_player_count_asked_for() -> None:
    """`speed --players 4` times the bots on four-player positions (where Serenissima 1996's
    `ismcts` plays out a round by the heuristic), and says so in its row."""
    row = _search().speed("serenissima-1996", 0.05, 1, players=4)
    assert row["players"] == 4 and row["positions"] == 1
    assert row["ismcts_iterations_per_s"] > 0 and row["openspiel_ismcts_simulations_per_s"] > 0
    shares = row["ismcts_time_share"]
    assert isinstance(shares, dict) and shares["heuristic"] > 0


def test_speed_refuses_a_player_count_the_game_does_not_have() -> None:
    import subprocess
    import sys

    script = Path(__file__).resolve().parents[1] / "benchmarks" / "search.py"
    out = subprocess.run(
        [sys.executable, str(script), "speed", "serenissima-1996", "--players", "5"],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 2
    assert "for 2-4 players, not 5" in out.stderr and "Traceback" not in out.stderr


def test_match_refuses_an_unknown_game_without_a_traceback() -> None:
    import subprocess
    import sys

    script = Path(__file__).resolve().parents[1] / "benchmarks" / "search.py"
    out = subprocess.run(
        [sys.executable, str(script), "match", "nosuch", "--games", "1"],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 2
    assert "unknown game 'nosuch'" in out.stderr and "Traceback" not in out.stderr


def test_pairs_put_three_of_our_bots_against_openspiels_on_the_same_seeds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`pairs`: ismcts-plain, the heuristic and the guided ismcts, each against
    openspiel-ismcts with the same budget, seats swapped every other game, the same seeds for
    the three; a game's line names our seat whichever bot it is, and the summary keeps the
    pairings apart."""
    pytest.importorskip("pyspiel")
    from arsenale.bots import registry as bots

    bench = _search()
    monkeypatch.setitem(bots._KINDS, bench.PLAIN, bench.plain_factory)
    planned = bench.pair_games("toy-race", 2, "5it")
    ours = [p[1][bench._subject(p[1])] for p in planned]
    assert ours == ["ismcts-plain:5it"] * 2 + ["heuristic"] * 2 + ["ismcts:5it"] * 2
    assert [bench._subject(p[1]) for p in planned] == [0, 1] * 3
    assert [p[2] for p in planned] == [40_000, 50_000] * 3
    assert all("openspiel-ismcts:5it" in p[1] for p in planned)
    out = tmp_path / "pairs.jsonl"
    bench.run_games("pairs", planned, "5it", out, workers=1)
    rows = bench.summary([out])
    assert sorted(r["command"] for r in rows) == [
        "pairs heuristic",
        "pairs ismcts",
        "pairs ismcts-plain",
    ]
    assert all(r["games"] + r["errors"] == 2 for r in rows)
