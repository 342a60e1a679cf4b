"""Terminal play: the game loop for humans and bots, hot-seat hand-overs, hints and replays.

Everything here works for any game: the board comes from the game's `render(view, seat)` and
event lines from its `describe_event(event, label)` (core/game.py declares both, with
defaults); what a decision asks and which rule it follows come from the state's phase table,
and refusals from the state's own checks. Input comes from a `read(prompt)` function returning
None at end of input (tests drive it), or, at a real terminal, from prompt_toolkit: line
editing, a history per seat, and tab completion of the legal moves.
"""

from __future__ import annotations

import difflib
import random
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from arsenale.bots.base import Bot
from arsenale.bots.registry import is_human, make_bot, player_words
from arsenale.core.actions import Action, normalize_text
from arsenale.core.data import fold
from arsenale.core.errors import ArsenaleError, IllegalAction, NotationError
from arsenale.core.game import Game
from arsenale.core.info import SeatInfo
from arsenale.core.record import save_record
from arsenale.core.state import PRIVATE, Event, GameState
from arsenale.i18n import N_, _, ngettext
from arsenale.sim.runner import bot_seed

Reader = Callable[[str], "str | None"]
"""Shows a prompt and returns the line typed (without its newline), or None at end of input.
Ctrl-C raises KeyboardInterrupt."""

CLEAR_ALL = "\x1b[H\x1b[2J\x1b[3J"
"""Cursor home, erase the screen, erase the scrollback (xterm's ESC[3J): what a hot-seat
hand-over writes before the next player sees anything."""


def read_stdin(prompt: str) -> str | None:
    """The plain reader: `input()`, None at end of input; Ctrl-C propagates."""
    try:
        return input(prompt)
    except EOFError:
        print()
        return None


class LineEditor:
    """prompt_toolkit input at a real terminal: one history per seat (so that a hot-seat
    player's Up arrow never shows another player's secret choice) and tab completion of
    whatever the caller offers."""

    def __init__(self) -> None:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import InMemoryHistory

        self._session_type = PromptSession
        self._history_type = InMemoryHistory
        self._sessions: dict[Any, Any] = {}

    def read(self, prompt: str, key: Any = None, words: Sequence[str] = ()) -> str | None:
        from prompt_toolkit.completion import WordCompleter

        session = self._sessions.get(key)
        if session is None:
            session = self._session_type(history=self._history_type())
            self._sessions[key] = session
        completer = WordCompleter(list(words), sentence=True) if words else None
        try:
            text: str = session.prompt(prompt, completer=completer, complete_while_typing=False)
        except EOFError:
            return None
        return text


def result_table(state: GameState, seats: list[str] | None = None) -> Table:
    """The final scores, every tie-break key in the rules' order and the ranks, winners in
    bold; a one-player game says whether its target was reached."""
    result = state.result()
    title = _("Result")
    if result.target is not None:
        title = (
            _("Result: target {target} reached")
            if result.won
            else _("Result: target {target} missed")
        ).format(target=f"{result.target:g}")
    elif result.solo:
        title = _("Result: won") if result.won else _("Result: lost")
    table = Table(title=title)
    table.add_column(_("seat"))
    if seats:
        table.add_column(_("played by"))
    table.add_column(_("score"), justify="right")
    if not result.solo:
        table.add_column(_("rank"), justify="right")
    for k in range(len(result.tiebreaks)):
        name = _("tie-break") if len(result.tiebreaks) == 1 else _("tie-break {k}").format(k=k + 1)
        table.add_column(name, justify="right")
    for s in range(state.players):
        row = [state.game.seat_name(state.seat_label(s))]
        if seats:
            row.append(player_words(seats[s]))
        row.append(f"{result.scores[s]:g}")
        if not result.solo:
            row.append(str(result.ranks[s]))
        row += [f"{key[s]:g}" for key in result.tiebreaks]
        table.add_row(*row, style="bold" if s in result.winners else None)
    if result.tiebreaks:
        table.caption = _("tie-breaks settle equal scores, in the rules' order")
    return table


class _Stop(Exception):
    """The human ended the game: by `quit` (asked) or end of input (not asked)."""

    def __init__(self, asked: bool) -> None:
        super().__init__("stopped")
        self.asked = asked


class Interrupted(ArsenaleError):
    """Ctrl-C ended the game (after the offer to save it); the command exits non-zero."""


COMMANDS = ("moves", "view", "log", "rules", "help", "quit")


def help_text() -> str:
    """How to play at the prompt (the commands stay in English in every language)."""
    return _(
        "Type a move (Tab completes it), '?' or 'moves' for the legal moves, 'view' for the "
        "board, 'log' for what happened since your last decision, 'rules [topic]', 'quit'."
    )


MOVE_TITLE = N_("Your move")
SINCE_LAST = N_("Since your last decision")
"""Panel titles, kept as message ids (translated when printed)."""


class Line:
    """An event as one seat may read it: its words and whether it was private."""

    __slots__ = ("private", "text")

    def __init__(self, text: str, private: bool) -> None:
        self.text = text
        self.private = private


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
        editor: LineEditor | None = None,
    ) -> None:
        if len(seats) != state.players:
            raise ValueError("one seat spec per player is needed")
        self.game = game
        self.state = state
        self.seats = seats
        self.console = console
        self.read = read
        self.editor = editor
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
        """The human seat now looking at the screen (hot seat), or the one human."""
        self.unseen: dict[int, list[Line]] = {s: [] for s in self.humans}
        """Per human seat: what it may see and has not been shown yet."""
        self.log: dict[int, list[Line]] = {s: [] for s in self.humans}
        """Per human seat: everything shown since its last decision (the `log` command)."""
        self.last_actor: int | None = None
        self.decided: set[int] = set()
        self.asked: dict[int, str | None] = {}
        """Per human seat: the kind of its last decision (told once, not at every step)."""

    # -- output --------------------------------------------------------------------------------

    def say(self, text: str, style: str | None = None) -> None:
        self.console.print(text, style=style, markup=False, highlight=False)

    def label(self, seat: int) -> str:
        return self.game.seat_name(self.state.seat_label(seat))

    def words(self, event: Event) -> str:
        return self.game.describe_event(event, self.label)

    def announce(self, events: list[Event]) -> None:
        """Queue each event for every human seat that may see it; with no human, print it
        for the watcher (private ones marked with their readers)."""
        for event in events:
            to = event.get(PRIVATE)
            plain = {k: v for k, v in event.items() if k != PRIVATE}
            if not self.humans:
                who = (
                    ""
                    if to is None
                    else _("(to {seats}) ").format(seats=", ".join(self.label(s) for s in to))
                )
                self.say("  " + who + self.words(plain))
                continue
            for s in self.humans:
                if to is None:
                    self.unseen[s].append(Line(self.words(plain), False))
                elif s in to:
                    self.unseen[s].append(Line(_("(private) ") + self.words(plain), True))

    def height(self) -> int:
        return self.console.height if self.console.is_terminal else 10**6

    def footer(self) -> int:
        """Lines printed under the events before the prompt: the decision, any hint."""
        return 4 + (7 if self.hint is not None else 0)

    def panel(self, seat: int, title: str, only_private: bool = False, room: int = 0) -> None:
        """Print what `seat` has not seen yet (or only its private part) under a title, and
        keep it for `log`."""
        lines = self.unseen[seat]
        self.unseen[seat] = []
        self.log[seat] += lines
        if only_private:
            lines = [line for line in lines if line.private]
        self.print_lines(title, lines, room)

    def print_lines(self, title: str, lines: list[Line], room: int = 0) -> None:
        """Lines under a one-line title, a screen at a time at a terminal, so that nothing
        scrolls away unread."""
        if not lines:
            return
        if title == MOVE_TITLE and len(lines) <= 3:  # a move's own effect: no title line
            for line in lines:
                self.say("  " + line.text, style="italic" if line.private else "green")
            return
        self.console.rule(Text(_(title), style="bold"), align="left")
        page = max(5, (room or self.height()) - 3)
        for shown, line in enumerate(lines):
            if shown == page and self.console.is_terminal:
                left = len(lines) - shown
                answer = self.read(
                    ngettext(
                        "-- {n} more line: press Enter --",
                        "-- {n} more lines: press Enter --",
                        left,
                    ).format(n=left)
                )
                if answer is None:
                    raise _Stop(asked=False)
                page += max(5, self.height() - 3)
            self.say("  " + line.text, style="italic" if line.private else None)

    def show_board(self, seat: int | None) -> None:
        """The game's board for `seat`; one taller than the screen (a game whose board is not
        drawn to fit) a screenful at a time."""
        view = self.state.view(seat)
        who = _("spectator") if seat is None else self.label(seat)
        self.console.rule(
            Text(
                _("{game}: ply {ply}, view of {who}").format(
                    game=self.game.display_title(), ply=self.state.ply, who=who
                )
            )
        )
        board = self.game.render(view, seat)
        room = self.height() - self.footer() - 1
        if not self.console.is_terminal:
            self.console.print(board)
            return
        with self.console.capture() as capture:
            self.console.print(board)
        lines = capture.get().splitlines()
        for k in range(0, len(lines), room):
            if k:
                left = len(lines) - k
                answer = self.read(
                    ngettext(
                        "-- {n} more line of the board: press Enter --",
                        "-- {n} more lines of the board: press Enter --",
                        left,
                    ).format(n=left)
                )
                if answer is None:
                    raise _Stop(asked=False)
            self.console.file.write("\n".join(lines[k : k + room]) + "\n")
        self.console.file.flush()

    def show_decision(self, seat: int) -> None:
        """What the decision asks, in the game's words, with its rule."""
        top = self.state.stack[-1] if self.state.stack else None
        if top is None:
            return
        phase = self.state.phases.get(top.kind)
        kind = self.game.translate(top.kind.replace("_", " "))
        head = _("{who}, your decision ({kind})").format(who=self.label(seat), kind=kind)
        text = Text(head, style="bold")
        if phase is not None and phase.asks:
            # the colon from the catalogue: French puts a space before it
            whole = _("{label}: {words}").format(label=head, words=self.game.translate(phase.asks))
            text = Text(whole)
            text.stylize("bold", 0, len(head))
        if top.simultaneous:
            text.append(_(" (a secret choice: the others see only that you made it)"), style="dim")
        self.console.print(text)

    def show_hint(self, seat: int) -> None:
        assert self.hint is not None
        self.console.print(Text(_("searching for a hint..."), style="dim"))
        for line in hint_lines(self.game, self.state, seat, self.hint, self.state.ply):
            self.say(line, style="cyan")

    def clear(self) -> None:
        """Erase the screen and the scrollback (at a terminal; elsewhere there is none)."""
        if self.console.is_terminal:
            self.console.file.write(CLEAR_ALL)
            self.console.file.flush()

    # -- the game loop -------------------------------------------------------------------------

    def run(self) -> bool:
        """Play until the game ends (True) or a human stops it (False); saves the record.
        Ctrl-C offers to save, then raises Interrupted."""
        state = self.state
        labels = ", ".join(
            _("{seat}: {player}").format(seat=self.label(s), player=player_words(spec))
            for s, spec in enumerate(self.seats)
        )
        self.say(
            _("{game}, {n} players ({seats})").format(
                game=self.game.display_title(), n=state.players, seats=labels
            ),
            style="bold",
        )
        if state.ply:
            self.say(_("Resumed at ply {ply}.").format(ply=state.ply))
        if self.humans:
            self.say(help_text())
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
                    self.last_actor = seat
                    if seat in self.unseen and (not self.hot_seat or self.screen == seat):
                        self.panel(seat, MOVE_TITLE)
        except _Stop as stop:
            self.say(_("Game stopped."))
            self.offer_save(ask=stop.asked)
            return False
        except KeyboardInterrupt:
            self.say("\n" + _("Interrupted."))
            try:
                self.offer_save(ask=True)
            except (KeyboardInterrupt, _Stop):
                self.say(_("Not saved."))
            raise Interrupted("interrupted") from None
        if self.humans:  # the last events, to whoever has the screen
            at_screen = self.screen if self.screen is not None else self.humans[0]
            self.panel(at_screen, SINCE_LAST)
        self.say(_("Game over."), style="bold")
        self.console.print(result_table(state, self.seats))
        if self.record_path is not None:
            self.save(self.record_path)
        return True

    def offer_save(self, ask: bool) -> None:
        """Save the game so far: to the record file without asking at end of input; when
        asked (quit, Ctrl-C), to the record file or a file named after the game."""
        path = self.record_path
        if not ask:
            if path is not None:
                self.save(path)
            return
        if path is None:
            path = Path(f"{self.game.id}-ply{self.state.ply}.json")
        answer = self.read(_("Save the game so far to {path}? [Y/n] ").format(path=path))
        if answer is None or answer.strip().lower() in ("", "y", "yes", "o", "oui"):
            self.save(path)
            self.say(
                _("Continue it with: {command}").format(
                    command=f"arsenale play {self.game.id} --resume {path}"
                )
            )

    def save(self, path: Path) -> None:
        save_record(path, self.state.record(self.seats))
        self.say(_("Record saved to {path}").format(path=path))

    def hand_over(self, seat: int) -> None:
        """Clear the screen and scrollback, show the public events since `seat` last decided,
        and wait until that player has the screen."""
        self.clear()
        self.console.rule(
            Text(_("Pass the screen to {who}").format(who=self.label(seat)), style="bold")
        )
        public = [line for line in self.unseen[seat] if not line.private]
        since = _("{who}: since their last decision").format(who=self.label(seat))
        self.print_lines(since, public)
        answer = self.read(_("Pass the screen to {who}; press Enter ").format(who=self.label(seat)))
        if answer is None:
            raise _Stop(asked=False)
        if answer.strip().lower() == "quit":
            raise _Stop(asked=True)
        self.screen = seat

    def ask(self, seat: int) -> Action:
        """The move a human seat types, after any hot-seat hand-over."""
        new_turn = self.last_actor != seat or seat not in self.decided
        if self.hot_seat and self.screen != seat:
            self.hand_over(seat)
            self.log[seat] = []
            self.show_board(seat)
            self.panel(seat, SINCE_LAST, room=self.height() - self.footer())
        elif new_turn:  # the board, then the events under it a screenful at a time
            self.log[seat] = []
            self.show_board(seat)
            self.panel(seat, SINCE_LAST, room=self.height() - self.footer())
        else:
            self.panel(seat, _("Since then"), room=self.height() - self.footer())
        self.screen = seat
        self.decided.add(seat)
        asked = self.state.stack[-1].kind if self.state.stack else None
        if new_turn or asked != self.asked.get(seat):
            self.show_decision(seat)  # not again for each step of the same decision
        self.asked[seat] = asked
        if self.hint is not None:
            self.show_hint(seat)
        while True:
            line = self.prompt(seat)
            if line is None:
                raise _Stop(asked=False)
            text = line.strip()
            command = text.lower()
            if not text:
                continue
            if command in ("?", "help", "moves"):
                moves = self.state.legal_actions(seat)
                self.say(_("Legal moves: ") + " | ".join(a.notation for a in moves))
                if command == "help":
                    self.say(help_text())
            elif command == "view":
                self.show_board(seat)
                self.show_decision(seat)
            elif command == "log":
                self.console.rule(Text(_(SINCE_LAST), style="bold"), align="left")
                for entry in self.log[seat]:
                    self.say("  " + entry.text)
                if not self.log[seat]:
                    self.say("  " + _("(nothing)"))
            elif command == "rules" or command.startswith("rules "):
                self.show_rules(text[5:].strip() or None)
            elif command == "quit":
                raise _Stop(asked=True)
            else:
                try:
                    return self.game.parse(self.state, seat, text)
                except IllegalAction as e:
                    for message, style in refusal(self.game, self.state, seat, text, e):
                        self.say(message, style=style)

    def prompt(self, seat: int) -> str | None:
        text = f"{self.label(seat)} > "
        if self.editor is None:
            return self.read(text)
        words = [a.notation for a in self.state.legal_actions(seat)] + list(COMMANDS)
        return self.editor.read(text, key=seat, words=words)

    def show_rules(self, topic: str | None) -> None:
        from rich.markdown import Markdown

        try:
            text = rules_at(self.game, topic)
        except (ArsenaleError, FileNotFoundError) as e:
            self.say(str(e), style="red")
            return
        self.console.print(Markdown(text))


def rules_at(game: Game, topic: str | None) -> str:
    """The game's rules summary (Markdown) at `topic`: the sections whose heading names it,
    else the sections that mention it ("permission" is in "Phase 3: movement"); the game's
    error listing the topics when none does."""
    try:
        return game.rules(topic)
    except ArsenaleError:
        if not topic:
            raise
        whole = game.rules(None)
        sections = re.split(r"(?m)^(?=## )", whole)
        hits = [x for x in sections if x.startswith("## ") and fold(topic) in fold(x)]
        if not hits:
            raise
        return _("*{topic} is mentioned in:*").format(topic=repr(topic)) + "\n\n" + "\n".join(hits)


def refusal(
    game: Game, state: GameState, seat: int, text: str, error: IllegalAction
) -> list[tuple[str, str | None]]:
    """Why `text` is refused, as lines to print: the state's reason and rule; for text that is
    no move of the game, what the decision asks (and its rule) when the text has the shape of
    a move, and the legal moves it is closest to."""
    lines: list[tuple[str, str | None]] = []
    legal = state.legal_actions(seat)
    typed = normalize_text(text)
    verb = typed.split(" ")[0]
    if isinstance(error, NotationError):
        legal_verbs = {a.notation.split(" ")[0] for a in legal}
        same_verb = [a for a in game.catalogue if a.notation.split(" ")[0] == verb]
        top = state.stack[-1] if state.stack else None
        phase = state.phases.get(top.kind) if top is not None else None
        if verb in legal_verbs and phase is not None and phase.asks:
            lines.append(
                (
                    _("Refused: {text} is not a move here: {asks}").format(
                        text=repr(text), asks=game.translate(phase.asks)
                    ),
                    "red",
                )
            )
            if phase.rule:
                lines.append(("  " + _("(rule: {rule})").format(rule=phase.rule), "red"))
        elif same_verb:
            nearest = difflib.get_close_matches(typed, [a.notation for a in same_verb], 1, 0)
            example = next(a for a in same_verb if a.notation == nearest[0])
            try:
                state.check(seat, example)
                reason, rule = (
                    _("{text} is not a move of {game}").format(
                        text=repr(text), game=game.display_title()
                    ),
                    None,
                )
            except IllegalAction as e:
                reason = _("{text} is not a move now: {reason}").format(
                    text=repr(text), reason=_names_printed(e.reason, state)
                )
                rule = e.rule
            lines.append((_("Refused: {reason}").format(reason=reason), "red"))
            if rule:
                lines.append(("  " + _("(rule: {rule})").format(rule=rule), "red"))
        else:
            not_a_move = _("{text} is not a move of {game}").format(
                text=repr(text), game=game.display_title()
            )
            lines.append((_("Refused: {reason}").format(reason=not_a_move), "red"))
    else:
        rule = " " + _("(rule: {rule})").format(rule=error.rule) if error.rule else ""
        reason = _names_printed(error.reason, state)
        lines.append((_("Refused: {reason}").format(reason=reason) + rule, "red"))
    close = difflib.get_close_matches(typed, [a.notation for a in legal], n=3, cutoff=0.6)
    close = [c for c in close if c != typed]
    if close:
        choices = _(" or ").join(repr(c) for c in close)
        lines.append((_("Did you mean {choices}?").format(choices=choices), "yellow"))
    elif isinstance(error, NotationError):
        lines.append((_("Type '?' for the legal moves, or press Tab to complete one."), None))
    return lines


def _names_printed(text: str, state: GameState) -> str:
    """`text` with each seat's label written as a name ("the venetians" -> "the Venetians")."""
    for seat in range(state.players):
        label = state.seat_label(seat)
        text = re.sub(rf"\b{re.escape(label)}\b", state.game.seat_name(label), text)
    return text


def hint_lines(game: Game, state: GameState, seat: int, budget: str, seed: int) -> list[str]:
    """The search bot's suggestion for `seat` and the three most visited alternatives, every
    line with its visits out of the same total. The suggestion is the move the search visited
    most (the usual choice of Monte Carlo tree search: a move's share of a few play-outs can
    be high by luck, its visits cannot); an alternative whose estimate is higher says so and
    why. The search sees only the seat's information (a SeatInfo)."""
    from arsenale.bots.ismcts import ISMCTS, ismcts_factory

    bot = ismcts_factory(game, budget)  # the `ismcts` bot itself
    assert isinstance(bot, ISMCTS)
    bot.early_stop = False  # the whole budget, so the alternatives' figures mean something
    bot.chances = True  # calibrated chances where the game has them (core/calibration.py)
    _root, table = bot.search(SeatInfo(state, seat), random.Random(seed))
    if len(table) == 1:
        return [_("Hint: {move} (the only move)").format(move=table[0][0].notation)]
    total = sum(row[1] for row in table)
    best, visits, _mean, wins = table[0]
    lines = [
        _("Hint: {move}: estimated chance to win {chance} ({visits} of {total} visits)").format(
            move=best.notation, chance=f"{wins:.0%}", visits=visits, total=total
        ),
        "  "
        + _(
            "(the search bot suggests the move it visited most; each visit is a play-out from "
            "a world that fits what you can see)"
        ),
    ]
    for action, v, _mean, w in table[1:4]:
        if v < HINT_MIN_VISITS:
            lines.append(
                "  "
                + _("or {move}: too few visits to estimate ({visits} of {total} visits)").format(
                    move=action.notation, visits=v, total=total
                )
            )
        elif w > wins:
            lines.append(
                "  "
                + _(
                    "or {move}: {chance} ({visits} of {total} visits); a higher estimate from "
                    "fewer visits, so less sure: the search kept preferring the hint"
                ).format(move=action.notation, chance=f"{w:.0%}", visits=v, total=total)
            )
        else:
            lines.append(
                "  "
                + _("or {move}: {chance} ({visits} of {total} visits)").format(
                    move=action.notation, chance=f"{w:.0%}", visits=v, total=total
                )
            )
    return lines


HINT_MIN_VISITS = 30
"""An alternative searched fewer times than this gets no chance figure: a share of a handful
of short play-outs (often 0% or 100%) would mislead more than it tells."""


def stdout_console() -> Console:
    """A console on the current stdout; no wrapping when it is not a terminal."""
    return Console(highlight=False, soft_wrap=not sys.stdout.isatty())


def interactive() -> bool:
    """Whether both ends are a terminal (prompt_toolkit input, screen clearing, paging)."""
    return sys.stdin.isatty() and sys.stdout.isatty()


REPLAY_HELP = N_(
    "Enter or 'n': next move; 'p': previous; a number or 'j N': jump to ply N; 'seat K' or "
    "'seat spectator': see the game as that seat; 'log': every event so far; 'view': the "
    "board again; 'q': quit."
)


class ReplaySession:
    """Step through a recorded game: forwards, backwards, to any ply, as any seat, with the
    events of each move in words."""

    def __init__(
        self,
        record: dict[str, Any],
        console: Console,
        read: Reader = read_stdin,
        seat: int | None = None,
        ply: int | None = None,
        editor: LineEditor | None = None,
    ) -> None:
        from arsenale.core.record import replay

        start = replay(record, 0)
        self.game = start.game
        self.console = console
        self.read = read
        self.editor = editor
        self.seat = seat
        self.seats = record.get("seats") or None
        self.states: list[GameState] = [start.clone()]
        self.events: list[list[Event]] = [[]]
        state = start
        for _seat, action in record["actions"]:
            self.events.append(state.apply(_seat, action))
            self.states.append(state.clone())
        self.ply = len(self.states) - 1 if ply is None else ply
        self._history: dict[int | None, list[tuple[int, str]]] = {}

    @property
    def last(self) -> int:
        return len(self.states) - 1

    def label(self, seat: int) -> str:
        return self.game.seat_name(self.states[0].seat_label(seat))

    def words(self, ply: int) -> list[str]:
        """The move made at `ply` (1-based) and its events, as the chosen seat may know them."""
        state = self.states[ply]
        if self.seat not in self._history:
            self._history[self.seat] = self.states[-1].history_for(self.seat)
        mover, move = self._history[self.seat][ply - 1]
        out = [_("{seat}: {player}").format(seat=self.label(mover), player=move)]
        for event in GameState.events_for(self.events[ply], self.seat):
            out.append("  " + self.game.describe_event(event, state.seat_label))
        return out

    def show(self) -> None:
        state = self.states[self.ply]
        who = _("spectator") if self.seat is None else self.label(self.seat)
        self.console.rule(
            Text(
                _("{game}: ply {ply} of {last}, view of {who}").format(
                    game=self.game.display_title(), ply=self.ply, last=self.last, who=who
                )
            )
        )
        self.console.print(self.game.render(state.view(self.seat), self.seat))
        if self.ply:
            self.console.rule(
                Text(_("Move {ply}").format(ply=self.ply), style="bold"), align="left"
            )
            for line in self.words(self.ply):
                self.console.print(line, markup=False, highlight=False)
        if state.is_over:
            self.console.print(result_table(state, self.seats))

    def run(self) -> None:
        self.show()
        self.console.print(_(REPLAY_HELP), markup=False, highlight=False)
        while True:
            prompt = _("replay (ply {ply} of {last}) > ").format(ply=self.ply, last=self.last)
            if self.editor is not None:
                line = self.editor.read(
                    prompt, key="replay", words=("next", "previous", "seat", "log", "view", "quit")
                )
            else:
                line = self.read(prompt)
            if line is None:
                return
            command = line.strip().lower()
            word, _sep, arg = command.partition(" ")
            if command in ("", "n", "next"):
                if self.ply == self.last:
                    self.console.print(_("That was the last move ('q' quits)."), markup=False)
                    continue
                self.ply += 1
            elif command in ("p", "prev", "previous", "back"):
                if self.ply == 0:
                    self.console.print(_("This is the start of the game."), markup=False)
                    continue
                self.ply -= 1
            elif command.isdigit() or word in ("j", "jump", "ply"):
                target = command if command.isdigit() else arg
                if not target.isdigit() or not 0 <= int(target) <= self.last:
                    self.console.print(
                        _("Plies run from 0 to {last}.").format(last=self.last), markup=False
                    )
                    continue
                self.ply = int(target)
            elif word in ("seat", "as"):
                if arg in ("", "spectator", "none"):
                    self.seat = None
                elif arg.isdigit() and int(arg) < self.states[0].players:
                    self.seat = int(arg)
                else:
                    names = {self.label(s).lower(): s for s in range(self.states[0].players)}
                    if arg not in names:
                        seats = ", ".join(
                            f"{s} ({self.label(s)})" for s in range(self.states[0].players)
                        )
                        self.console.print(
                            _("Seats: {seats}, or spectator.").format(seats=seats), markup=False
                        )
                        continue
                    self.seat = names[arg]
            elif command == "log":
                for ply in range(1, self.ply + 1):
                    for text in self.words(ply):
                        self.console.print(f"{ply:>4} {text}", markup=False, highlight=False)
                continue
            elif command in ("v", "view"):
                pass
            elif command in ("q", "quit", "exit"):
                return
            else:
                self.console.print(_(REPLAY_HELP), markup=False, highlight=False)
                continue
            self.show()
