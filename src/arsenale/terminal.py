"""Terminal play: results, hints, and a game loop for humans and bots.

Everything here works for any game: boards come from the game's `render(view, seat)` and event
lines from its `describe_event(event, label)` (core/game.py declares both, with defaults).
Input comes from a `read(prompt)` function returning None at end of input, so tests can drive it.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from arsenale.bots.base import Bot
from arsenale.bots.registry import is_human, make_bot
from arsenale.core.actions import Action
from arsenale.core.errors import IllegalAction
from arsenale.core.game import Game
from arsenale.core.info import SeatInfo
from arsenale.core.record import save_record
from arsenale.core.state import PRIVATE, Event, GameState
from arsenale.sim.runner import bot_seed

Reader = Callable[[str], "str | None"]
"""Shows a prompt and returns the line typed (without its newline), or None at end of input."""


def read_stdin(prompt: str) -> str | None:
    """The default reader: `input()`, None on end of input or Ctrl-C."""
    try:
        return input(prompt)
    except (EOFError, KeyboardInterrupt):
        print()
        return None


def result_table(state: GameState, seats: list[str] | None = None) -> Table:
    """The final scores, every tie-break key in the rules' order and the ranks, winners in
    bold; a one-player game says whether its target was reached."""
    result = state.result()
    title = "Result"
    if result.target is not None:
        title += f": target {result.target:g} {'reached' if result.won else 'missed'}"
    elif result.solo:
        title += f": {'won' if result.won else 'lost'}"
    table = Table(title=title)
    table.add_column("seat")
    if seats:
        table.add_column("player")
    table.add_column("score", justify="right")
    if not result.solo:
        table.add_column("rank", justify="right")
    for k in range(len(result.tiebreaks)):
        table.add_column("tie-break" if len(result.tiebreaks) == 1 else f"tie-break {k + 1}",
                         justify="right")  # fmt: skip
    for s in range(state.players):
        row = [state.seat_label(s)]
        if seats:
            row.append(seats[s])
        row.append(f"{result.scores[s]:g}")
        if not result.solo:
            row.append(str(result.ranks[s]))
        row += [f"{key[s]:g}" for key in result.tiebreaks]
        table.add_row(*row, style="bold" if s in result.winners else None)
    return table


class _Stop(Exception):
    """The human ended the game: by `quit` (asked) or end of input (not asked)."""

    def __init__(self, asked: bool) -> None:
        super().__init__("stopped")
        self.asked = asked


HELP = "Type a move, '?' or 'moves' for the legal moves, 'view' to see the game again, 'quit'."


class TerminalPlay:
    """One game at the terminal between humans (hot seat if several) and bots."""

    def __init__(
        self,
        game: Game,
        state: GameState,
        seats: list[str],
        console: Console,
        read: Reader = read_stdin,
        record_path: Path | None = None,
        bot_seed_base: int = 0,
        hint: str | None = None,
    ) -> None:
        if len(seats) != state.players:
            raise ValueError("one seat spec per player is needed")
        self.game = game
        self.state = state
        self.seats = seats
        self.console = console
        self.read = read
        self.record_path = record_path
        self.humans = [s for s, spec in enumerate(seats) if is_human(spec)]
        self.bots: dict[int, Bot] = {
            s: make_bot(spec, game, bot_seed(bot_seed_base, s))
            for s, spec in enumerate(seats)
            if not is_human(spec)
        }
        self.hint = hint
        """Search budget (e.g. "1s") for the hint shown on each human decision, or None."""
        self.hot_seat = len(self.humans) >= 2
        self.screen: int | None = None
        """In hot seat: the human seat now looking at the screen."""
        self.pending: dict[int, list[Event]] = {s: [] for s in self.humans}
        """In hot seat: private events kept until their seat has the screen."""

    # -- output --------------------------------------------------------------------------------

    def say(self, text: str, style: str | None = None) -> None:
        self.console.print(text, style=style, markup=False, highlight=False)

    def label(self, seat: int) -> str:
        return self.state.seat_label(seat)

    def words(self, event: Event) -> str:
        return self.game.describe_event(event, self.state.seat_label)

    def announce(self, events: list[Event]) -> None:
        """Print each event to whoever may see it now; hold private ones in hot seat."""
        for event in events:
            to = event.get(PRIVATE)
            if to is None:
                self.say("  " + self.words(event))
            elif not self.humans:  # bots only: the watcher sees everything, marked
                who = ", ".join(self.label(s) for s in to)
                plain = {k: v for k, v in event.items() if k != PRIVATE}
                self.say(f"  (to {who}) " + self.words(plain))
            else:
                plain = {k: v for k, v in event.items() if k != PRIVATE}
                for s in to:
                    if s not in self.pending:
                        continue
                    if not self.hot_seat or s == self.screen:
                        self.say("  (private) " + self.words(plain))
                    else:
                        self.pending[s].append(plain)

    def show(self, seat: int | None) -> None:
        view = self.state.view(seat)
        top = view.get("decision")
        who = "spectator" if seat is None else self.label(seat)
        kind = f" — {top['kind']}" if top else ""
        self.console.rule(Text(f"ply {self.state.ply}: view of {who}{kind}"))
        self.console.print(self.game.render(view, seat))

    def show_hint(self, seat: int) -> None:
        assert self.hint is not None
        self.console.print(Text("searching for a hint...", style="dim"))
        for line in hint_lines(self.game, self.state, seat, self.hint, self.state.ply):
            self.say(line, style="cyan")

    # -- the game loop -------------------------------------------------------------------------

    def run(self) -> bool:
        """Play until the game ends (True) or a human stops it (False); saves the record."""
        state = self.state
        labels = ", ".join(f"{self.label(s)}: {spec}" for s, spec in enumerate(self.seats))
        self.say(f"{self.game.title} — {state.players} players ({labels})", style="bold")
        if self.humans:
            self.say(HELP)
        try:
            while not state.is_over:
                movers = state.to_move()
                if not movers:
                    raise RuntimeError(f"nobody is to move at ply {state.ply}")
                for seat in movers:
                    if seat in self.bots:
                        action = self.bots[seat].choose(SeatInfo(state, seat))
                    else:
                        action = self.ask(seat)
                    self.announce(state.apply(seat, action))
        except _Stop as stop:
            self.say("Game stopped.")
            if self.record_path is not None:
                save = True
                if stop.asked:
                    answer = self.read(f"Save the game so far to {self.record_path}? [Y/n] ")
                    save = answer is None or answer.strip().lower() in ("", "y", "yes")
                if save:
                    self.save()
            return False
        self.say("Game over.", style="bold")
        self.console.print(result_table(state, self.seats))
        if self.record_path is not None:
            self.save()
        return True

    def save(self) -> None:
        assert self.record_path is not None
        save_record(self.record_path, self.state.record(self.seats))
        self.say(f"Record saved to {self.record_path}")

    def _take_screen(self, seat: int) -> None:
        if not self.hot_seat or self.screen == seat:
            return
        answer = self.read(f"Pass the screen to {self.label(seat)}; press Enter ")
        if answer is None:
            raise _Stop(asked=False)
        if answer.strip().lower() == "quit":
            raise _Stop(asked=True)
        if self.console.is_terminal:
            self.console.clear()
        self.screen = seat
        held, self.pending[seat] = self.pending[seat], []
        for event in held:
            self.say("  (private) " + self.words(event))

    def ask(self, seat: int) -> Action:
        """The move a human seat types, after any hot-seat hand-over."""
        self._take_screen(seat)
        self.show(seat)
        if self.hint is not None:
            self.show_hint(seat)
        while True:
            line = self.read(f"{self.label(seat)} > ")
            if line is None:
                raise _Stop(asked=False)
            text = line.strip()
            command = text.lower()
            if not text:
                continue
            if command in ("?", "help", "moves"):
                moves = self.state.legal_actions(seat)
                self.say("Legal moves: " + " | ".join(a.notation for a in moves))
                if command == "help":
                    self.say(HELP)
            elif command == "view":
                self.show(seat)
            elif command == "quit":
                raise _Stop(asked=True)
            else:
                try:
                    return self.game.parse(self.state, seat, text)
                except IllegalAction as e:
                    rule = f" (rule: {e.rule})" if e.rule else ""
                    self.say(f"Refused: {e.reason}{rule}", style="red")


def hint_lines(game: Game, state: GameState, seat: int, budget: str, seed: int) -> list[str]:
    """The search bot's suggestion for `seat`, with its estimated chance to win, and the three
    best alternatives. The search sees only the seat's information (a SeatInfo)."""
    from arsenale.bots.ismcts import ISMCTS, ismcts_factory

    bot = ismcts_factory(game, budget)  # the `ismcts` bot itself
    assert isinstance(bot, ISMCTS)
    bot.early_stop = False  # the whole budget, so the alternatives' figures mean something
    bot.chances = True  # calibrated chances where the game has them (core/calibration.py)
    _, table = bot.search(SeatInfo(state, seat), random.Random(seed))
    if len(table) == 1:
        return [f"Hint: {table[0][0].notation} (the only move)"]
    runs = bot.last_stats["iterations"]
    best, visits, _mean, wins = table[0]
    lines = [f"Hint: {best.notation}, estimated chance to win {wins:.0%} ({runs} searches)"]
    for action, visits, _mean, wins in table[1:4]:
        if visits >= HINT_MIN_VISITS:
            lines.append(f"  or {action.notation}: {wins:.0%} ({visits} visits)")
        else:
            lines.append(f"  or {action.notation} ({visits} visits: too few to estimate)")
    return lines


HINT_MIN_VISITS = 30
"""An alternative searched fewer times than this gets no chance figure: a share of a handful
of short play-outs (often 0% or 100%) would mislead more than it tells."""


def stdout_console() -> Console:
    """A console on the current stdout; no wrapping when it is not a terminal."""
    return Console(highlight=False, soft_wrap=not sys.stdout.isatty())
