"""Result files: lines streamed game by game, resumed runs, seat rotation, shards merged by
`arsenale summarize`, tournaments with ratings, and the HTML report (opened in Chromium by
tests/test_report_browser.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from arsenale.cli import app
from arsenale.sim import simulate, tally_files, tournament
from arsenale.sim.results import rotated, two_proportion_test
from arsenale.sim.runner import _chunk_size, _ordered, tournament_lineups

runner = CliRunner()
SEATS = ["random", "heuristic", "random"]
LINE_KEYS = {
    "format",
    "kind",
    "game",
    "players",
    "options",
    "strict",
    "rotate",
    "entrants",
    "bot_versions",
    "lineup",
    "seed",
    "rotation",
    "seats",
    "scores",
    "ranks",
    "winners",
    "plies",
    "first_mover",
    "events",
    "fallbacks",
    "error",
}
RUN_ONLY = ("games_per_s", "played", "resumed", "out", "files")


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(raw) for raw in path.read_text().splitlines()]


def same(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k not in RUN_ONLY}


def test_lines_are_written_per_game_and_a_rerun_plays_only_the_missing(tmp_path: Path) -> None:
    whole, part = tmp_path / "whole.jsonl", tmp_path / "part.jsonl"
    full = simulate("toy-race", 3, SEATS, 12, seed=5, workers=2, out=whole)
    written = lines(whole)
    assert [g["seed"] for g in written] == list(range(5, 17))  # in seed order, even on 2 workers
    assert set(written[0]) == LINE_KEYS and written[0]["seats"] == SEATS
    assert written[0]["bot_versions"] == {"heuristic": "r0", "random": "random"}
    assert all(g["events"].get("roll", 0) > 0 for g in written)
    assert sum(g["events"].get("game_over", 0) for g in written) == 12

    raw = whole.read_bytes().splitlines(keepends=True)
    part.write_bytes(b"".join(raw[:5]) + raw[5][:40])  # killed while writing the sixth line
    resumed = simulate("toy-race", 3, SEATS, 12, seed=5, workers=1, out=part)
    assert (resumed["played"], resumed["resumed"]) == (7, 5)
    assert part.read_bytes() == whole.read_bytes()
    assert same(resumed) == same(full)
    again = simulate("toy-race", 3, SEATS, 12, seed=5, workers=1, out=part)
    assert again["played"] == 0 and same(again) == same(full)
    # a longer run on the same file plays only the new seeds; other options are another run
    longer = simulate("toy-race", 3, SEATS, 15, seed=5, workers=1, out=part)
    assert (longer["played"], longer["games"]) == (3, 15)
    other = simulate("toy-race", 3, SEATS, 4, seed=5, options={"goal": 12}, out=part)
    assert other["played"] == 4 and other["games"] == 4
    assert len(tally_files([part])) == 2


def test_rotation_plays_every_seed_in_every_seat_order(tmp_path: Path) -> None:
    out = tmp_path / "rot.jsonl"
    stats = simulate("toy-race", 3, SEATS, 5, seed=0, workers=1, rotate=True, out=out)
    written = lines(out)
    assert [(g["seed"], g["rotation"]) for g in written] == [
        (s, r) for s in range(5) for r in range(3)
    ]
    assert all(g["seats"] == rotated(SEATS, g["rotation"]) for g in written)
    assert rotated(SEATS, 1) == ["random", "random", "heuristic"]
    assert stats["games"] == 15 and stats["rotate"]
    heuristic, random_ = stats["bots"]["heuristic"], stats["bots"]["random"]
    assert (heuristic["games"], random_["games"]) == (15, 30)
    assert heuristic["wins"] + random_["wins"] == pytest.approx(15)
    assert heuristic["win_rate"] > 0.5
    by_seat = tally_files([out])[0].bot_seat_rates()["heuristic"]
    assert [r["games"] for r in by_seat if r] == [5, 5, 5]


def test_summarize_merges_shards_into_the_summary_of_one_run(tmp_path: Path) -> None:
    a, b, one = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "one.jsonl"
    base = ["simulate", "toy-race", "--seats", ",".join(SEATS), "--workers", "1", "--json"]
    for path, seed, games in ((a, 0, 6), (b, 6, 8), (one, 0, 14)):
        result = runner.invoke(
            app, [*base, "--seed", str(seed), "--games", str(games), "--out", str(path)]
        )
        assert result.exit_code == 0, result.output
    whole = json.loads(result.stdout)
    merged = runner.invoke(app, ["summarize", str(a), str(b), str(a), "--json"])
    assert merged.exit_code == 0, merged.output
    shards = [json.loads(x) for x in merged.stdout.splitlines()]
    assert len(shards) == 1  # one run, and a's games counted once
    assert same(shards[0]) == same(whole)
    table = runner.invoke(app, ["summarize", str(a), str(b)])
    assert "14 games, seeds 0-13" in table.stdout and "win rate" in table.stdout
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not json\n")
    assert runner.invoke(app, ["summarize", str(bad)]).exit_code == 1


def test_tournament_round_robin_with_ratings(tmp_path: Path) -> None:
    assert tournament_lineups(["a", "b", "c"], 2) == [("a", "b"), ("a", "c"), ("b", "c")]
    assert tournament_lineups(["a", "b", "c"], 4) == [
        ("a", "b", "c", "a"),
        ("b", "c", "a", "b"),
        ("c", "a", "b", "c"),
    ]
    out = tmp_path / "t.jsonl"
    bots = ["random", "heuristic", "ismcts:10it"]
    stats = tournament("toy-race", 2, bots, 3, seed=1, workers=2, out=out)
    assert stats["games"] == 3 * 3 * 2 and stats["errors"] == 0  # lineups x seeds x rotations
    assert {b: s["games"] for b, s in stats["bots"].items()} == {b: 12 for b in bots}
    ratings = stats["ratings"]
    assert set(ratings) == set(bots)
    assert ratings["random"]["mu"] < ratings["heuristic"]["mu"]
    assert list(ratings)[-1] == "random"  # ordered by ordinal, best first
    resumed = tournament("toy-race", 2, bots, 3, seed=1, workers=1, out=out)
    assert resumed["played"] == 0 and same(resumed) == same(stats)
    result = runner.invoke(
        app,
        ["tournament", "toy-race", "--bots", "random,heuristic", "--players", "3", "--games", "2"],
    )
    assert result.exit_code == 0, result.output
    assert "OpenSkill" in result.stdout and "per bot" in result.stdout
    twice = runner.invoke(app, ["tournament", "toy-race", "--bots", "random,random"])
    assert twice.exit_code == 1 and "twice" in twice.stderr


def test_the_parent_keeps_a_bounded_number_of_chunks_in_flight() -> None:
    in_flight, most = 0, 0

    def handles() -> Any:
        nonlocal in_flight, most
        for i in range(100):
            in_flight += 1
            most = max(most, in_flight)
            yield i

    def result(i: int) -> list[dict[str, Any]]:
        nonlocal in_flight
        in_flight -= 1
        return [{"i": i}]

    seen: list[int] = []
    _ordered(handles(), result, 8, lambda got: seen.extend(g["i"] for g in got))
    assert seen == list(range(100)) and most == 8


def test_two_proportion_test() -> None:
    assert two_proportion_test(50, 100, 50, 100) == pytest.approx(1.0)
    assert two_proportion_test(60, 100, 40, 100) == pytest.approx(0.00468, abs=1e-4)
    assert two_proportion_test(0, 10, 0, 10) is None


def make_report_inputs(tmp_path: Path) -> list[Path]:
    """Two runs differing by an option and a tournament."""
    a, b, t = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "t.jsonl"
    simulate("toy-race", 3, SEATS, 10, workers=1, rotate=True, out=a)
    simulate("toy-race", 3, SEATS, 10, workers=1, rotate=True, options={"goal": 30}, out=b)
    tournament("toy-race", 2, ["random", "heuristic", "ismcts:10it"], 2, workers=1, out=t)
    return [a, b, t]


def test_the_report_command(tmp_path: Path) -> None:
    """One run; the browser test (tests/test_report_browser.py) renders three and checks
    the page's parts."""
    games, html = tmp_path / "g.jsonl", tmp_path / "report.html"
    simulate("toy-race", 2, ["random", "heuristic"], 6, workers=1, out=games)
    result = runner.invoke(app, ["report", str(games), "--html", str(html), "--title", "T<1>"])
    assert result.exit_code == 0, result.output
    assert "1 run(s)" in result.stdout
    text = html.read_text()
    assert "<title>T&lt;1&gt;</title>" in text and "Comparison" not in text
    figures = text.count("data:image/png;base64,")
    assert figures == 4  # win rates, scores, game length, events
    missing = runner.invoke(app, ["report", str(tmp_path / "nope.jsonl"), "--html", str(html)])
    assert missing.exit_code == 1 and "no such file" in missing.stderr


def test_the_report_as_pdf(tmp_path: Path) -> None:
    """`--pdf` writes the HTML report's figures to a PDF: a title page, then one page per
    figure (four for one run), and the HTML as without it."""
    games, html, pdf = tmp_path / "g.jsonl", tmp_path / "report.html", tmp_path / "report.pdf"
    simulate("toy-race", 2, ["random", "heuristic"], 6, workers=1, out=games)
    result = runner.invoke(app, ["report", str(games), "--html", str(html), "--pdf", str(pdf)])
    assert result.exit_code == 0, result.output
    assert f"and {pdf}" in result.stdout
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF")
    assert len(re.findall(rb"/Type\s*/Page\b(?!s)", data)) == 5
    assert html.read_text().count("data:image/png;base64,") == 4


def test_a_searching_bot_gets_one_game_a_chunk_so_each_line_is_written_when_its_game_ends() -> None:
    """A lineup with a budgeted bot plays one game per chunk (its games take minutes, and a
    resume keeps every finished game); a lineup of quick bots shares the games in chunks."""
    assert _chunk_size(100, 2, ["ismcts:1s", "heuristic"]) == 1
    assert _chunk_size(100, 2, ["heuristic", "ismcts+heuristic:200it"]) == 1
    assert _chunk_size(100, 2, ["heuristic", "random"]) == 13
    assert _chunk_size(10_000, 2, ["heuristic"]) == 50
