"""Result files, summaries and reports at their edges: runs of different games in one report,
options given or left out, the order of a tournament's lines, files that are not result
files, one-player runs, bad arguments."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from arsenale.cli import _summary_lines, app
from arsenale.sim import runner as runner_module
from arsenale.sim import simulate, tally_files, tournament
from arsenale.sim.report import write_report
from test_cli import one_line_error

runner = CliRunner()
SEATS = ["random", "heuristic", "random"]


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(raw) for raw in path.read_text().splitlines()]


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


def test_a_default_given_explicitly_is_the_same_run_and_old_lines_without_options_too(
    tmp_path: Path,
) -> None:
    out = tmp_path / "o.jsonl"
    first = simulate("toy-race", 3, SEATS, 4, workers=1, out=out)
    assert first["options"] == {"goal": 20, "bid_every": 3, "fault": 0}
    assert all(g["options"] == first["options"] for g in lines(out))
    again = simulate("toy-race", 3, SEATS, 4, workers=1, options={"goal": 20}, out=out)
    assert (again["played"], again["resumed"]) == (0, 4)
    # lines written before options were filled in held {} when no option was given
    old = [{**g, "options": {}} for g in lines(out)]
    out.write_text("".join(json.dumps(g) + "\n" for g in old))
    resumed = simulate("toy-race", 3, SEATS, 5, workers=1, options={"fault": 0}, out=out)
    assert (resumed["played"], resumed["resumed"]) == (1, 4)
    assert len(tally_files([out])) == 1
    # a run with another option is told apart in summarize's heading
    simulate("toy-race", 3, SEATS, 2, workers=1, options={"goal": 12}, out=out)
    table = runner.invoke(app, ["summarize", str(out)])
    assert table.exit_code == 0, table.output
    headings = [x for x in table.stdout.splitlines() if "games, seeds" in x]
    assert len(headings) == 2 and "options goal=12" in headings[1]
    assert "options" not in headings[0]


def test_tournament_ratings_do_not_depend_on_the_order_of_the_lines(tmp_path: Path) -> None:
    out, shuffled = tmp_path / "t.jsonl", tmp_path / "s.jsonl"
    whole = tournament("toy-race", 2, ["random", "heuristic", "ismcts:10it"], 3, out=out)
    raw = out.read_text().splitlines(keepends=True)
    random.Random(3).shuffle(raw)
    shuffled.write_text("".join(raw))
    [tally] = tally_files([shuffled], ratings=True)
    assert tally.summary()["ratings"] == whole["ratings"]
    # a tournament resumed after its first games is rated as the uninterrupted one
    part = tmp_path / "p.jsonl"
    part.write_text("".join(out.read_text().splitlines(keepends=True)[5:9]))
    resumed = tournament("toy-race", 2, ["random", "heuristic", "ismcts:10it"], 3, out=part)
    assert resumed["played"] == 14 and resumed["ratings"] == whole["ratings"]


def test_out_refuses_a_file_of_other_lines_and_keeps_a_whole_last_line(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    for text in ('my notes\n{"format":"x"}\nsome text at end', "just a note", '{"a": 1}\n'):
        notes.write_text(text)
        args = ["simulate", "toy-race", "--seats", "random,random", "--games", "1"]
        result = runner.invoke(app, [*args, "--out", str(notes)])
        one_line_error(result, str(notes), "not an arsenale-sim/1 result line")
        assert notes.read_text() == text  # untouched
    whole, part = tmp_path / "whole.jsonl", tmp_path / "part.jsonl"
    simulate("toy-race", 3, SEATS, 6, workers=1, out=whole)
    raw = whole.read_text().splitlines(keepends=True)
    part.write_text("".join(raw[:5]).rstrip("\n"))  # five whole lines, the last without "\n"
    resumed = simulate("toy-race", 3, SEATS, 6, workers=1, out=part)
    assert (resumed["resumed"], resumed["played"]) == (5, 1)
    assert part.read_text() == whole.read_text()


def test_a_solo_report_has_no_first_mover_section(tmp_path: Path) -> None:
    solo, html = tmp_path / "solo.jsonl", tmp_path / "solo.html"
    simulate("amalfi-renaissance", 1, ["random"], 3, workers=1, out=solo)
    write_report([solo], html)
    text = html.read_text()
    assert "<h3>Scores</h3>" in text
    assert "First mover" not in text and "first seat to move alone" not in text


def test_summarize_and_report_count_the_lines_they_skip(tmp_path: Path) -> None:
    out, html = tmp_path / "r.jsonl", tmp_path / "r.html"
    simulate("toy-race", 3, SEATS, 4, workers=1, out=out)
    raw = out.read_text().splitlines(keepends=True)
    out.write_text("".join(raw[:2]) + "garbage\n" + raw[2] + '{"format": "other"}\n' + raw[3])
    result = runner.invoke(app, ["summarize", str(out), "--json"])
    assert result.exit_code == 0 and json.loads(result.stdout)["games"] == 4
    assert f"warning: {out}: 2 line(s) that are not result lines were skipped" in result.stderr
    result = runner.invoke(app, ["report", str(out), "--html", str(html)])
    assert result.exit_code == 0 and "2 line(s) that are not result lines" in result.stderr
    assert f"{out}: 2 line(s) that are not result lines were skipped" in html.read_text()


def test_a_negative_seed_and_an_address_without_ray_are_refused_before_any_game(
    tmp_path: Path,
) -> None:
    out = tmp_path / "r.jsonl"
    run = ["--games", "2", "--out", str(out)]
    simulation = ["simulate", "toy-race", "--seats", "random,random", *run]
    for args, needle in (
        ([*simulation, "--seed=-2"], "--seed must be at least 0, not -2"),
        (["tournament", "toy-race", "--bots", "random,heuristic", *run, "--seed=-1"], "--seed"),
        ([*simulation, "--address", "auto"], "--address is for --backend ray"),
    ):
        one_line_error(runner.invoke(app, args), needle)
        assert not out.exists()


def test_a_one_player_tournament_is_refused_and_a_solo_file_is_read_without_ratings(
    tmp_path: Path,
) -> None:
    out = tmp_path / "t.jsonl"
    args = ["tournament", "amalfi-renaissance", "--players", "1", "--bots", "random,heuristic"]
    one_line_error(
        runner.invoke(app, [*args, "--games", "2", "--out", str(out)]),
        "at least 2 players",
        "ratings need opponents",
    )
    assert not out.exists()
    # a file from before the refusal: one-player tournament lines
    simulate("amalfi-renaissance", 1, ["random"], 2, workers=1, out=out)
    out.write_text(
        "".join(
            json.dumps({**g, "kind": "tournament", "entrants": ["random", "heuristic"]}) + "\n"
            for g in lines(out)
        )
    )
    result = runner.invoke(app, ["summarize", str(out), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["games"] == 2 and "ratings" not in result.stdout
    html = tmp_path / "t.html"
    result = runner.invoke(app, ["report", str(out), "--html", str(html)])
    assert result.exit_code == 0, result.output
    assert "Ratings" not in html.read_text()


def test_ctrl_c_says_how_many_games_are_saved_and_that_a_rerun_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "r.jsonl"
    play = runner_module._play_tasks
    calls = 0

    def interrupted_on_the_second_chunk(*args: Any) -> Any:
        nonlocal calls
        calls += 1
        if calls == 2:
            raise KeyboardInterrupt
        return play(*args)

    monkeypatch.setattr(runner_module, "_play_tasks", interrupted_on_the_second_chunk)
    args = ["simulate", "toy-race", "--seats", "random,random", "--workers", "1"]
    result = runner.invoke(app, [*args, "--games", "8", "--out", str(out)])
    assert result.exit_code == 130
    assert result.stderr.strip() == (
        f"interrupted: 2 game(s) of this run are saved in {out}; "
        "run the same command again to play the rest"
    )
    assert len(lines(out)) == 2


def test_a_ray_backend_that_cannot_start_creates_no_out_file(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    out = tmp_path / "r.jsonl"
    args = ["simulate", "toy-race", "--seats", "random,random", "--backend", "ray"]
    result = runner.invoke(app, [*args, "--address", "127.0.0.1:1", "--out", str(out)])
    one_line_error(result, "cannot reach the Ray cluster")
    assert not out.exists()


def test_headings_speed_seat_column_and_events_caption_read_right(tmp_path: Path) -> None:
    solo, html = tmp_path / "solo.jsonl", tmp_path / "solo.html"
    stats = simulate("amalfi-renaissance", 1, ["random"], 1, workers=1, out=solo)
    assert "0.041 games/s" in " ".join(_summary_lines({**stats, "games_per_s": 0.0412}))
    assert "12.3 games/s" in " ".join(_summary_lines({**stats, "games_per_s": 12.34}))
    table = runner.invoke(app, ["summarize", str(solo)])
    assert "amalfi-renaissance: 1 game, seeds 0-0" in table.stdout
    # more event types than the figure shows: its caption says so
    many = [{**g, "events": {f"e{i:02}": i + 1 for i in range(30)}} for g in lines(solo)]
    solo.write_text("".join(json.dumps(g) + "\n" for g in many))
    write_report([solo], html)
    text = html.read_text()
    assert "amalfi-renaissance, 1 player, lineup random" in text
    assert "<th></th>" not in text and "<th>seat</th>" in text
    assert "Only the 25 most frequent of the 30 event types" in text
