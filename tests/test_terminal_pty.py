"""`arsenale play`, `replay` and `rules` as a player sees them: each command runs under a
pseudo-terminal of 100 x 40 (pexpect) and its output goes through a terminal emulator (pyte),
so the tests read the screen and the scrollback as they are after each step, clear sequences
included. A few moves each; bots play the rest."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest

from arsenale.core.registry import game_ids

pexpect = pytest.importorskip("pexpect")
pyte = pytest.importorskip("pyte")

ARSENALE = str(Path(sys.executable).with_name("arsenale"))

pytestmark = pytest.mark.skipif(
    not Path(ARSENALE).exists() or sys.platform == "win32", reason="needs the installed command"
)


class Terminal:
    """A command under a 100 x 40 pseudo-terminal, its output kept as a screen with its
    scrollback."""

    def __init__(
        self, *args: str, cwd: Path | None = None, env: dict[str, str] | None = None
    ) -> None:
        env = dict(env or os.environ, TERM="xterm-256color", PROMPT_TOOLKIT_NO_CPR="1")
        env.pop("COLUMNS", None)
        env.pop("LINES", None)
        self.child = pexpect.spawn(
            ARSENALE,
            list(args),
            dimensions=(40, 100),
            env=env,
            cwd=str(cwd) if cwd else None,
            encoding="utf-8",
            timeout=60,
        )
        self.screen = pyte.HistoryScreen(100, 40, history=5000)
        self.stream = pyte.Stream(self.screen)
        self.raw = ""

    def wait(self, text: str) -> str:
        """Read until `text` (plain, not a pattern) has been written; the output so far."""
        self.child.expect(re.escape(text))
        self._feed(self.child.before + self.child.after)
        return self.raw

    def _feed(self, chunk: str) -> None:
        self.raw += chunk
        self.stream.feed(chunk)

    def send(self, line: str) -> None:
        self.child.sendline(line)

    def lines(self) -> list[str]:
        """Every line a player could read now: the scrollback, then the screen."""
        history = ["".join(line[x].data for x in sorted(line)) for line in self.screen.history.top]
        return [line.rstrip() for line in history + list(self.screen.display)]

    def text(self) -> str:
        return "\n".join(self.lines())

    def end(self) -> int:
        self.child.expect(pexpect.EOF)
        self._feed(self.child.before or "")
        self.child.close()
        return int(self.child.exitstatus if self.child.exitstatus is not None else -1)


def test_serenissima_2012_against_a_bot_shows_the_map_and_what_the_bot_did(
    tmp_path: Path,
) -> None:
    term = Terminal("play", "serenissima-2012", "--seats", "human,heuristic", "--seed", "3",
                    cwd=tmp_path)  # fmt: skip
    term.wait("Blue >")
    screen = term.text()
    for name in ("València", "Genova", "Venezia", "Constantinople", "Alexandria", "Algiers",
                 "Tunis", "Tripoli", "Marseille", "Cagliari", "Napoli", "Palermo", "Ragusa",
                 "Athens", "Candia", "Rhodes", "Antalya", "Antakya", "Famagusta", "Ionian Sea"):  # fmt: skip
        assert name in screen, name  # every sea zone is on the map
    assert "Blue, your decision (close)" in screen
    board = screen[screen.index("view of Blue") :]
    assert len(board.splitlines()) <= 40  # the board fits the screen
    term.send("?")
    term.wait("Legal moves: ")
    term.wait("\n")
    legal = term.text().split("Legal moves: ")[-1].splitlines()[0].split(" | ")
    move = legal[-1]  # "close <port>"
    typo = move[:-2] + move[-1]
    term.send(typo)
    term.wait(f"Did you mean '{move}'?")
    refusal = term.text()
    assert f"Refused: '{typo}' is not a move here: " in refusal
    assert "(rule: serenissima-2012.en.txt, " in refusal  # the decision's rule, not "notation"
    assert "arsenale: notation" not in refusal
    term.send(move)
    term.wait(f"Blue closes {move.split()[1].capitalize()} (")  # what the move did, at once
    term.wait("Since your last decision")
    term.wait("Blue >")
    screen = term.text()
    since = screen[screen.rindex("Since your last decision") :].splitlines()[1:]
    assert any(line.startswith("  Red ") for line in since)  # what the bot did, under the board
    term.child.sendcontrol("c")
    term.wait("[Y/n] ")
    term.send("y")
    assert term.end() == 130  # Ctrl-C: offered to save, then a non-zero exit
    saved = list(tmp_path.glob("serenissima-2012-ply*.json"))
    assert len(saved) == 1
    plies = len(json.loads(saved[0].read_text())["actions"])

    again = Terminal("play", "serenissima-2012", "--resume", saved[0].name, cwd=tmp_path)
    again.wait("Blue >")
    assert f"Resumed at ply {plies}." in again.text()
    again.send("quit")
    again.wait("[Y/n] ")
    again.send("n")
    assert again.end() == 0


def test_serenissima_1996_hot_seat_leaves_no_secret_on_the_screen() -> None:
    term = Terminal("play", "serenissima-1996", "--seats", "human,human,heuristic", "--seed", "3")
    term.wait("Pass the screen to Venetians; press Enter ")
    term.send("")
    term.wait("Venetians >")
    term.send("deploy 6 3")  # no such split: the decision's own words and rule, not "notation"
    term.wait("(rule: ")
    refusal = term.text()
    assert "Refused: 'deploy 6 3' is not a move here: split your 10 sailors" in refusal
    assert "arsenale: notation" not in refusal
    term.send("deploy 3 2")
    term.wait("Pass the screen to Genoese; press Enter ")
    handed = term.text()
    assert "deploy 3 2" not in handed  # the secret choice typed is gone: screen and scrollback
    assert "\x1b[3J" in term.raw  # (the scrollback erased by xterm's ESC[3J)
    assert "Venetians >" not in handed and "view of Venetians" not in handed
    assert "Venetians have made a secret choice." in handed  # the public events since
    term.send("")
    term.wait("Genoese >")
    screen = term.text()
    assert "view of Genoese" in screen and "Genoese, your decision (deploy)" in screen
    term.child.send("\x1b[A")  # Up: the Genoese history is their own, the Venetians' is not in it
    term.send("?")
    term.wait("Legal moves: ")
    assert "deploy 3 2" not in term.text() and "Refused" not in term.text()
    term.wait("Genoese >")  # Ctrl-C at the prompt: sent before it, the key can be lost
    term.child.sendcontrol("c")
    term.wait("[Y/n] ")
    term.send("n")
    assert term.end() == 130


def test_a_game_without_a_drawn_board_plays_in_the_terminal(tmp_path: Path) -> None:
    """Toy Market, installed as a game package of its own, has a board of tables and no map:
    the terminal shows it, words its events and completes and corrects its moves alike."""
    from plugin_dist import env, write_distribution

    write_distribution(tmp_path)
    term = Terminal("play", "toy-market", "--seats", "human,heuristic", "--seed", "1",
                    env=env(tmp_path))  # fmt: skip
    term.wait("Amber >")
    screen = term.text()
    assert "view of Amber" in screen and "your orders:" in screen
    assert "Amber, your decision (draft)" in screen
    term.send("kep grain-1")
    term.wait("Did you mean 'keep grain-1'")
    term.send("rules draft")  # the rules, as Markdown, at a topic, in the middle of a game
    term.wait("Draft")
    term.wait("Amber >")
    assert "## Draft" not in term.text()
    term.send("quit")
    term.wait("[Y/n] ")
    term.send("n")
    assert term.end() == 0


def test_replay_steps_forwards_backwards_to_a_ply_and_as_a_seat(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from arsenale.cli import app

    record = tmp_path / "game.json"
    args = ["play", "serenissima-1996", "--seats", "heuristic,heuristic", "--seed", "4"]
    assert CliRunner().invoke(app, [*args, "--record", str(record)]).exit_code == 0
    term = Terminal("replay", str(record))
    term.wait("replay (ply 0 of ")
    term.send("")
    term.wait("replay (ply 1 of ")
    assert "Move 1" in term.text()
    term.send("j 12")
    term.wait("replay (ply 12 of ")
    term.send("p")
    term.wait("replay (ply 11 of ")
    term.send("seat 1")
    term.wait("view of Genoese")
    term.wait("replay (ply 11 of ")
    term.send("log")
    term.wait("  11 ")
    term.wait("replay (ply 11 of ")
    term.send("q")
    assert term.end() == 0


def test_rules_render_markdown_at_a_topic() -> None:
    term = Terminal("rules", "serenissima-2012", "loading")
    assert term.end() == 0
    text = term.text()
    assert "Loading" in text and "## " not in text


OTHER_GAMES = sorted(set(game_ids()) - {"serenissima-2012", "serenissima-1996", "toy-race"})
"""Every other game registered through an entry point (Amalfi, Masters of Venice...)."""


@pytest.mark.parametrize("game_id", OTHER_GAMES)
def test_every_other_registered_game_plays_in_the_terminal(game_id: str) -> None:
    """Any game registered (a board drawn or not): its decision in words, the legal moves, a
    mistyped one corrected, quitting; the terminal asks nothing else of a game."""
    from arsenale.core.registry import load_game

    game = load_game(game_id)  # the command's own process loads it the same way
    players = max(2, game.min_players)
    seats = ",".join(["human"] + ["heuristic"] * (players - 1))
    term = Terminal("play", game_id, "--seats", seats, "--seed", "1")
    term.wait(", your decision (")
    term.wait("\n")
    label = re.findall(r"(\S+), your decision \(", term.text())[-1]
    term.wait(f"{label} >")
    term.send("?")
    term.wait("Legal moves: ")
    term.wait("\n")
    move = term.text().split("Legal moves: ")[-1].splitlines()[0].split(" | ")[0]
    if len(move) > 3:
        term.send(move[:-2] + move[-1])
        term.wait("Refused: ")
        term.wait("\n")
        assert "arsenale: notation" not in term.text()
    term.send("quit")
    term.wait("[Y/n] ")
    term.send("n")
    assert term.end() == 0


def test_amalfi_hot_seat_shows_the_sea_and_leaves_no_hand_on_the_screen() -> None:
    """Two people at one terminal, `blind` hands (no card of a hand is public): the board is a
    map of the sea with every destination by its printed name and fits the screen; a refusal
    names a card by its printed name; when the screen passes from Red to Blue, none of Red's
    cards is left on the screen or in the scrollback, and Blue sees its own hand."""
    term = Terminal("play", "amalfi-renaissance", "--seats", "human,human", "--seed", "3",
                    "-o", "hands=blind", "-o", "first_player=0")  # fmt: skip
    term.wait("Pass the screen to Red; press Enter ")
    term.send("")
    term.wait("Red >")
    screen = term.text()
    board = screen[screen.rindex("view of Red") :]
    assert len(board.splitlines()) <= 40  # the board, the decision and the prompt fit
    for name in ("Spice Market", "Timber Yard", "Vineyard", "Jewellers", "Drapers", "Open Sea",
                 "Cape", "Court", "Evolving II", "Evolving III", "Evolving IV", "[Amalfi]"):  # fmt: skip
        assert name in board, name
    hand_text = board[board.index("Your hand: ") : board.index("Invited: ")]
    red_hand = re.findall(r"([A-Z][a-z]+)\s+\(\d", hand_text)
    assert len(red_hand) == 6
    council = re.search(r"Council \(deck \d+\): 1 ([A-Z][a-z]+) ", board)
    assert council is not None
    term.send(f"discard {council.group(1).lower()}")  # a card on display, not in hand
    term.wait("(rule: ")
    term.wait("\n")
    refusal = term.text().split("Refused: ")[-1]
    assert f"{council.group(1)} is not in your hand" in refusal
    assert "amalfi-renaissance.en.txt" in refusal
    term.send("pass")
    term.wait("Pass the screen to Blue; press Enter ")
    handed = term.text()
    assert "\x1b[3J" in term.raw  # the scrollback erased (xterm's ESC[3J)
    assert "Red passes" in handed  # the public events since Blue's last decision
    for card in red_hand:
        assert card not in handed, f"{card} of Red's hand is still on the screen"
    assert "view of Red" not in handed and "Your hand" not in handed
    term.send("")
    term.wait("Blue >")
    screen = term.text()
    assert "view of Blue" in screen and "Your hand: " in screen
    for card in red_hand:
        assert card not in screen, f"{card} of Red's hand is on Blue's screen"
    term.child.sendcontrol("c")
    term.wait("[Y/n] ")
    term.send("n")
    assert term.end() == 130


def test_masters_of_venice_hot_seat_keeps_the_dial_bid_secret() -> None:
    """masters-of-venice.en.txt, Bidding: bids are set on dials in secret and revealed
    together. At one terminal, Red's dial bid (and Red's cash) is gone from the screen and the
    scrollback when the screen passes to Blue, who sees only that Red has bid."""
    term = Terminal("play", "masters-of-venice", "--seats", "human,human", "--seed", "3")
    term.wait("Pass the screen to Red; press Enter ")
    term.send("")
    term.wait("Red >")
    term.send("bid 7")  # not a step of 5: the bidding rule, the dial's range
    term.wait("(rule: ")
    term.wait("\n")
    assert "arsenale: notation" not in term.text()
    term.send("bid 35")
    term.wait("Pass the screen to Blue; press Enter ")
    handed = term.text()
    assert "\x1b[3J" in term.raw  # the scrollback erased (xterm's ESC[3J)
    assert "bid 35" not in handed and "Red >" not in handed and "view of Red" not in handed
    assert "Red" in handed and "secret" in handed  # the public event: Red has made a choice
    term.send("")
    term.wait("Blue >")
    screen = term.text()
    assert "view of Blue" in screen and "bid 35" not in screen
    term.send("quit")
    term.wait("[Y/n] ")
    term.send("n")
    assert term.end() == 0
