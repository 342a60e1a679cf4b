"""Result files, summaries and reports at their edges: runs of different games in one report,
options given or left out, the order of a tournament's lines, files that are not result
files, one-player runs, bad arguments."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from arsenale.sim import simulate
from arsenale.sim.report import write_report

runner = CliRunner()
SEATS = ["random", "heuristic", "random"]


def test_the_report_tests_only_runs_of_the_same_game_and_player_count(tmp_path: Path) -> None:
    a, b, c = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "c.jsonl"
    simulate("toy-race", 3, SEATS, 6, workers=1, out=a)
    simulate("toy-race", 2, ["random", "heuristic"], 6, workers=1, out=b)
    simulate("toy-race", 3, SEATS, 6, workers=1, options={"goal": 12}, out=c)
    html = tmp_path / "r.html"
    assert write_report([a, b, c], html) == 3
    text = html.read_text()
    assert "Run 3 against run 1" in text
    assert "Run 2 against" not in text and "against run 2" not in text
    assert "side by side only, without a test" in text
    write_report([a, b], html)
    text = html.read_text()
    assert "against run" not in text and "no two runs here are of the same game" in text
