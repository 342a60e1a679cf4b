"""The `arsenale` command, driven through Typer's CliRunner on the toy game."""

from __future__ import annotations

import io
import json
import random
import sys
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import arsenale
from arsenale.bots.base import heuristic_policy
from arsenale.cli import app
from arsenale.core import load_record, registry, replay
from arsenale.core.game import Game
from arsenale.core.info import SeatInfo
from arsenale.terminal import HINT_MIN_VISITS, TerminalPlay, hint_lines

runner = CliRunner()


def one_line_error(result: object, *needles: str) -> None:
    """The command failed with exactly one line on stderr and no traceback."""
    assert result.exit_code != 0  # type: ignore[attr-defined]
    err = result.stderr  # type: ignore[attr-defined]
    assert "Traceback" not in err + result.stdout  # type: ignore[attr-defined]
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("error: ")
    for needle in needles:
        assert needle in lines[0]


def test_games_lists_the_toy_game() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "toy-race" in result.stdout and "2-4" in result.stdout
    listed = json.loads(runner.invoke(app, ["games", "--json"]).stdout)
    toy = next(g for g in listed if g["id"] == "toy-race")
    assert toy["players"] == [2, 4]
    assert toy["options"]["goal"]["default"] == 20


def test_a_broken_game_is_listed_not_fatal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._TARGETS, "broken-game", "no_such_module_here:GAME")
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0
    broken = next(g for g in json.loads(result.stdout) if g["id"] == "broken-game")
    assert "cannot be loaded" in broken["error"]
    one_line_error(runner.invoke(app, ["rules", "broken-game"]), "ModuleNotFoundError")


def test_rules() -> None:
    result = runner.invoke(app, ["rules", "toy-race", "bids"])
    assert result.exit_code == 0
    assert "## Bids" in result.stdout and "## Turns" not in result.stdout
    one_line_error(runner.invoke(app, ["rules", "no-such-game"]), "unknown game", "toy-race")
    one_line_error(runner.invoke(app, ["rules", "toy-race", "piracy"]), "no rules topic")


def test_simulate_json() -> None:
    args = ["simulate", "toy-race", "--seats", "random,heuristic", "--games", "12", "--json"]
    result = runner.invoke(app, [*args, "--workers", "1", "--seed", "3"])
    assert result.exit_code == 0, result.output
    stats = json.loads(result.stdout)
    assert (
        stats["games"] == 12 and stats["players"] == 2 and stats["seats"] == ["random", "heuristic"]
    )
    assert len(stats["win_rate_ci95"]) == 2 and stats["errors"] == 0


def test_simulate_table_out_and_summary_files(tmp_path: Path) -> None:
    out, summary = tmp_path / "games.jsonl", tmp_path / "stats.json"
    args = ["simulate", "toy-race", "--players", "2", "--seats", "random,random", "--games", "5"]
    result = runner.invoke(
        app, [*args, "--workers", "1", "--out", str(out), "--summary", str(summary)]
    )
    assert result.exit_code == 0
    assert "win rate" in result.stdout
    assert json.loads(summary.read_text())["games"] == 5
    assert [json.loads(line)["seed"] for line in out.read_text().splitlines()] == [0, 1, 2, 3, 4]


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--seats", "random,robot"], "unknown bot 'robot'"),
        (["--seats", "random,human"], "bots only"),
        (["--seats", "random,random", "--players", "3"], "3 players need 3 seats"),
        (["--seats", "random,random", "--option", "goal=far"], "takes an integer"),
        (["--seats", "random,random", "--option", "speed=2"], "no option 'speed'"),
        (["--seats", "random,random", "--games", "0"], "at least 1"),
    ],
)
def test_simulate_bad_input(args: list[str], needle: str) -> None:
    one_line_error(runner.invoke(app, ["simulate", "toy-race", "--workers", "1", *args]), needle)


def test_simulate_ray_backend_without_ray(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` fails as if not installed
    args = ["simulate", "toy-race", "--seats", "random,random", "--backend", "ray", "--games", "2"]
    one_line_error(runner.invoke(app, args), "Ray", "not installed")


def test_simulate_ray_backend_with_an_address_nothing_answers_at() -> None:
    pytest.importorskip("ray")
    args = ["simulate", "toy-race", "--seats", "random,random", "--backend", "ray"]
    one_line_error(
        runner.invoke(app, [*args, "--address", "127.0.0.1:1"]), "cannot reach the Ray cluster"
    )


def test_bench_json() -> None:
    result = runner.invoke(
        app, ["bench", "toy-race", "--players", "2", "--seconds", "0.2", "--json"]
    )
    assert result.exit_code == 0
    stats = json.loads(result.stdout)
    assert stats["players"] == 2 and stats["steps_per_s"] > 0
    one_line_error(runner.invoke(app, ["bench", "toy-race", "--players", "9"]), "2-4 players")


def test_play_with_bots_only_runs_to_the_end(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    args = ["play", "toy-race", "--seats", "random,heuristic,random", "--seed", "5"]
    result = runner.invoke(app, [*args, "--record", str(path), "--option", "bid_every=2"])
    assert result.exit_code == 0, result.output
    assert "Game over." in result.stdout and "Result" in result.stdout
    assert "has made a secret choice (bid)" in result.stdout
    record = load_record(path)
    assert record["result"] is not None and record["seats"] == ["random", "heuristic", "random"]
    assert replay(record).result().to_json() == record["result"]
    again = runner.invoke(app, [*args, "--option", "bid-every=2"])
    assert again.stdout == result.stdout.replace(f"Record saved to {path}\n", "")


def test_play_with_a_human(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    typed = "?\nbid 3\nfly\nstop\n" + "bid 0\n" * 30
    args = ["play", "toy-race", "--seats", "human,heuristic", "--seed", "2"]
    result = runner.invoke(app, [*args, "--record", str(path)], input=typed)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Legal moves: roll | stop" in out
    assert "Refused: on your turn you may only roll or stop" in out
    assert "(rule: toy rules §1 (turns))" in out
    assert "Refused: 'fly' is not a move of Toy race" in out
    assert "arsenale: notation" not in out
    assert "Game over." in out
    record = load_record(path)
    assert record["actions"][0] == [0, {"kind": "stop"}]
    assert record["result"]["winners"] == [1]


def test_play_end_of_input_stops_cleanly_and_saves(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    args = ["play", "toy-race", "--seats", "human,random", "--seed", "2", "--record", str(path)]
    result = runner.invoke(app, args, input="roll\n")
    assert result.exit_code == 0
    assert "Game stopped." in result.stdout
    record = load_record(path)
    assert record["result"] is None and record["actions"][0] == [0, {"kind": "roll"}]
    shown = runner.invoke(app, ["replay", str(path), "--seat", "0"])
    assert shown.exit_code == 0 and "The game is not over" in shown.stdout


def test_play_quit_asks_before_saving(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    args = ["play", "toy-race", "--seats", "human,random", "--seed", "2", "--record", str(path)]
    result = runner.invoke(app, args, input="quit\nn\n")
    assert result.exit_code == 0
    assert f"Save the game so far to {path}?" in result.stdout
    assert not path.exists()
    runner.invoke(app, args, input="quit\n\n")
    assert path.exists()


def test_hot_seat_passes_the_screen() -> None:
    args = ["play", "toy-race", "--seats", "human,human", "--seed", "2"]
    result = runner.invoke(app, args, input="\nroll\n\nroll\n")
    assert result.exit_code == 0
    out = result.stdout
    assert "Pass the screen to Red; press Enter" in out
    assert out.index("Pass the screen to Blue") < out.index("view of Blue")


def test_hot_seat_holds_private_events_until_the_seat_has_the_screen(toy_game: Game) -> None:
    buffer = io.StringIO()
    state = toy_game.new_game(2, seed=0)
    session = TerminalPlay(
        toy_game, state, ["human", "human"], Console(file=buffer), read=lambda prompt: ""
    )
    session.screen = 0
    session.announce([{"type": "found_coin", "seat": 1, "visible_to": [1]}, {"type": "public"}])
    assert buffer.getvalue() == ""  # kept for the seats' next decisions
    session.hand_over(1)
    handed = buffer.getvalue()
    assert "public" in handed and "found coin" not in handed  # the hand-over screen: public
    session.show_board(1)
    session.panel(1, "Since your last decision")
    assert "(private) found coin: Blue" in buffer.getvalue()[len(handed) :]


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["play", "nowhere", "--seats", "human,random"], "unknown game 'nowhere'"),
        (["play", "toy-race", "--seats", "human,robot"], "unknown bot 'robot'"),
        (["play", "toy-race", "--players", "3", "--seats", "human,random"], "need 3 seats"),
        (["play", "toy-race", "--players", "7"], "2-4 players"),
        (["play", "toy-race", "--seats", "human,random", "--option", "goal"], "name=value"),
        (["play", "toy-race", "--seats", "human,random", "--option", "x=1"], "no option 'x'"),
        (["play", "toy-race", "--seats", "human,,random"], "empty entry"),
        (
            ["play", "toy-race", "--seats", "random,random", "--record", "/no/dir/g.json"],
            "directory",
        ),
    ],
)
def test_play_bad_input(args: list[str], needle: str) -> None:
    one_line_error(runner.invoke(app, args, input=""), needle)


def test_replay(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    runner.invoke(
        app, ["play", "toy-race", "--seats", "random,random", "--seed", "8", "--record", str(path)]
    )
    record = load_record(path)
    n = len(record["actions"])
    full = runner.invoke(app, ["replay", str(path)])
    assert full.exit_code == 0 and "Result" in full.stdout and "view of spectator" in full.stdout
    early = runner.invoke(app, ["replay", str(path), "--upto", "1", "--seat", "1", "--json"])
    shown = json.loads(early.stdout)
    assert shown["ply"] == 1 and shown["result"] is None and "my_coins" in shown["view"]
    one_line_error(runner.invoke(app, ["replay", str(path), "--upto", str(n + 1)]), "beyond")
    one_line_error(runner.invoke(app, ["replay", str(path), "--seat", "5"]), "--seat")


def test_replay_of_bad_files(tmp_path: Path) -> None:
    corrupted = tmp_path / "corrupted.json"
    corrupted.write_text('{"format": "arsenale-record/1", "game": ')
    one_line_error(runner.invoke(app, ["replay", str(corrupted)]), "not valid JSON")
    one_line_error(runner.invoke(app, ["replay", str(tmp_path / "missing.json")]), "cannot read")
    wrong = tmp_path / "wrong.json"
    record = {"format": "arsenale-record/1", "game": "toy-race", "players": 2, "seed": 1}
    wrong.write_text(json.dumps({**record, "actions": [[1, {"kind": "roll"}]]}))
    one_line_error(runner.invoke(app, ["replay", str(wrong)]), "does not replay")


def test_play_hint_suggests_a_legal_move_and_alternatives() -> None:
    """`play --hint`: on a human decision the search bot's move, its estimated chance to win,
    and up to three alternatives, all legal for that seat."""
    args = ["play", "serenissima-2012", "--seats", "human,random", "--seed", "3"]
    result = runner.invoke(app, [*args, "--hint", "--hint-budget", "60it"], input="")
    assert result.exit_code == 0, result.output
    lines = [line.strip() for line in result.stdout.splitlines()]
    hint = next(line for line in lines if line.startswith("Hint: "))
    assert "estimated chance to win" in hint and "of 60 visits)" in hint
    assert any("suggests the move it visited most" in line for line in lines)
    move = hint[len("Hint: ") :].split(":")[0]
    assert move.startswith("close ")  # two players: the first decision closes a port
    alternatives = [line for line in lines if line.startswith("or close ")]
    assert 1 <= len(alternatives) <= 3


def test_hint_gives_chance_figures_for_well_searched_alternatives_only() -> None:
    """Alternatives the search kept trying get a chance figure; the ones it dropped early are
    marked as too little searched (positions from heuristic play, Serenissima 1996)."""
    game = arsenale.load_game("serenissima-1996")
    policy = heuristic_policy(game)
    kinds: set[bool] = set()
    for seed in range(1, 6):
        state = game.new_game(4, seed=seed)
        rng = random.Random(seed)
        while state.ply < 150 or len(state.legal_actions(state.to_move()[0])) < 4:
            for seat in state.to_move():
                state.apply(seat, policy(SeatInfo(state, seat), rng))
        lines = hint_lines(game, state, state.to_move()[0], "500it", seed=7)
        assert lines[0].startswith("Hint: ") and "of 500 visits)" in lines[0]
        best = int(lines[0].split("chance to win ")[1].split("%")[0])
        for line in [x for x in lines[1:] if x.strip().startswith("or ")]:
            visits = int(line.split("(")[-1].split()[0])
            assert line.endswith("of 500 visits)") or "higher estimate" in line, line
            assert ("%" in line) == (visits >= HINT_MIN_VISITS), line
            assert ("too few visits to estimate" in line) == (visits < HINT_MIN_VISITS), line
            if "%" in line and int(line.split(": ")[1].split("%")[0]) > best:
                assert "a higher estimate from fewer visits" in line, line
            kinds.add(visits >= HINT_MIN_VISITS)
        if kinds == {True, False}:
            break
    assert kinds == {True, False}  # both kinds of line were seen


def test_play_hint_refuses_a_bad_budget() -> None:
    args = [
        "play",
        "serenissima-2012",
        "--seats",
        "human,random",
        "--hint",
        "--hint-budget",
        "soon",
    ]
    result = runner.invoke(app, args, input="")
    assert result.exit_code != 0
    assert "bad search budget" in result.output


@pytest.mark.parametrize(
    "args",
    [
        ["play", "serenissima-2012", "--seats", "human,ismcts:nans"],
        ["simulate", "serenissima-2012", "--seats", "ismcts:infs,random", "--games", "1"],
        ["play", "serenissima-2012", "--seats", "human,random", "--hint", "--hint-budget", "nans"],
    ],
)
def test_a_bot_budget_that_is_not_a_finite_number_in_range_is_refused(args: list[str]) -> None:
    result = runner.invoke(app, args, input="")
    assert result.exit_code != 0
    assert "bad search budget" in result.output and "at most 3600" in result.output


@pytest.mark.parametrize(
    "args, needle",
    [
        (["--db", "not a url"], "not a database URL"),
        (["--port", "0"], "--port"),
        (["--bot-delay", "-1"], "--bot-delay"),
    ],
)
def test_serve_bad_input(args: list[str], needle: str) -> None:
    one_line_error(runner.invoke(app, ["serve", *args]), needle)


def test_refusals_of_text_that_is_no_move_give_the_decisions_rule_and_close_moves() -> None:
    """`bid 150` and `deploy 6 3` are no moves of Serenissima 1996 (bids go by hundreds, a
    galley holds at most 5 sailors): the refusal says what the decision asks and cites its
    rule, never "arsenale: notation"; a typo gets the legal moves it is close to."""
    from arsenale.core.errors import IllegalAction
    from arsenale.terminal import refusal

    game = arsenale.load_game("serenissima-1996")
    state = game.new_game(2, seed=3)

    def refused(seat: int, text: str) -> str:
        with pytest.raises(IllegalAction) as caught:
            game.parse(state, seat, text)
        return "\n".join(line for line, _style in refusal(game, state, seat, text, caught.value))

    deploy = refused(0, "deploy 6 3")
    assert "'deploy 6 3' is not a move here: split your 10 sailors" in deploy
    assert "(rule: serenissima-1996" in deploy and "arsenale: notation" not in deploy
    assert "Did you mean 'deploy 3 3'" in refused(0, "deploi 3 3")
    early = refused(0, "bid 100")  # a move of the game, but not of this decision
    assert "'bid 100' is not possible now: split your 10 sailors" in early and "(rule: " in early
    state.apply(0, "deploy 3 3")
    state.apply(1, "deploy 3 3")
    bid = refused(0, "bid 150")
    assert "'bid 150' is not a move here:" in bid and "hundreds" in bid
    assert "(rule: serenissima-1996" in bid and "arsenale: notation" not in bid


def test_rules_open_at_the_sections_that_mention_a_topic() -> None:
    """A topic no heading names opens the rules at the sections that mention it."""
    result = runner.invoke(app, ["rules", "serenissima-2012", "wine"])
    assert result.exit_code == 0
    assert "'wine' is mentioned in:" in result.stdout and "## End of the turn" in result.stdout
