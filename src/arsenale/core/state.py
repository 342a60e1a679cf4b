"""The game-agnostic state contract (see docs/architecture.md).

`GameState` does everything that is the same for every game: who is to move, refusing
malformed, out-of-turn and illegal actions before anything changes, collecting simultaneous
secret submissions, the move history behind `record()`, views that never carry the seed, and
`determinize`. A game subclasses it and fills in the hooks whose names start with `_`.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, ClassVar

from arsenale.core.actions import Action
from arsenale.core.chance import Chance
from arsenale.core.decisions import Decision
from arsenale.core.errors import IllegalAction, NotationError
from arsenale.core.result import Result

if TYPE_CHECKING:
    from arsenale.core.game import Game

Event = dict[str, Any]
"""A JSON-ready account of something that happened. An event with a "visible_to" list is private to
those seats; every other event is public."""

PRIVATE = "visible_to"
"""The event key that routes an event to some seats only (a list of seat numbers)."""

RULE_TURN = "arsenale: decisions (only a seat named by to_move() may act)"


class GameState(ABC):
    """Base of every game's state. Subclasses add their own `__slots__`."""

    __slots__ = (
        "_history",
        "_legal",
        "chance",
        "game",
        "options",
        "over",
        "players",
        "ply",
        "seed",
        "stack",
        "submissions",
    )

    game: Game
    players: int
    options: dict[str, Any]
    seed: int
    chance: Chance
    stack: list[Decision]
    submissions: dict[int, Action]
    """Submissions made so far to the simultaneous decision on top of the stack. Secret: never
    in a view. Replaced, never mutated in place, so clones may share it."""
    ply: int
    over: bool
    _history: tuple[Any, ...] | None
    _legal: tuple[int, int, list[Action]] | None

    # Seats have no names in the core; games may give them colours.
    seat_names: ClassVar[tuple[str, ...]] = ()

    def _init_core(self, game: Game, players: int, seed: int, options: dict[str, Any]) -> None:
        self.game = game
        self.players = players
        self.options = options
        self.seed = seed
        self.chance = Chance(seed)
        self.stack = []
        self.submissions = {}
        self.ply = 0
        self.over = False
        self._history = None
        self._legal = None

    # -- who decides -----------------------------------------------------------------------

    def to_move(self) -> tuple[int, ...]:
        """Seats that owe a decision now; several = a simultaneous secret choice."""
        if self.over or not self.stack:
            return ()
        seats = self.stack[-1].seats
        if len(seats) > 1 and self.submissions:
            return tuple(s for s in seats if s not in self.submissions)
        return seats

    @property
    def is_over(self) -> bool:
        return self.over

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of `seat`, in a fixed order; empty if it owes no decision.

        The list is shared with the state's cache: do not modify it.
        """
        cached = self._legal
        if cached is not None and cached[0] == self.ply and cached[1] == seat:
            return cached[2]
        if seat not in self.to_move():
            return []
        actions = self._legal_actions(seat, self.stack[-1])
        self._legal = (self.ply, seat, actions)
        return actions

    # -- acting ------------------------------------------------------------------------------

    def coerce(self, action: Action | dict[str, Any] | str) -> Action:
        """An `Action` from an Action, its JSON object or its text; NotationError otherwise."""
        if isinstance(action, Action):
            return self.game.catalogue.from_json(action.to_json())
        if isinstance(action, dict):
            return self.game.catalogue.from_json(action)
        if isinstance(action, str):
            return self.game.catalogue.from_text(action)
        raise NotationError(
            f"an action must be an Action, a JSON object or text, not {type(action).__name__}",
            "arsenale: action format",
        )

    def check(self, seat: int, action: Action) -> None:
        """Raise IllegalAction unless `seat` may play `action` now."""
        if self.over:
            raise IllegalAction("the game is over", "arsenale: game end")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise IllegalAction(
                f"there is no seat {seat!r} in a {self.players}-player game", RULE_TURN
            )
        movers = self.to_move()
        if seat not in movers:
            if seat in self.submissions:
                raise IllegalAction(f"seat {seat} has already made its secret choice", RULE_TURN)
            waiting = ", ".join(self.seat_label(s) for s in movers)
            raise IllegalAction(
                f"it is not {self.seat_label(seat)}'s decision; waiting for {waiting}", RULE_TURN
            )
        if action not in self.legal_actions(seat):
            reason, rule = self._why_illegal(seat, action, self.stack[-1])
            raise IllegalAction(reason, rule)

    def apply(self, seat: int, action: Action | dict[str, Any] | str) -> list[Event]:
        """Play `action` for `seat` and return the events. On any refusal the state is unchanged."""
        if (
            not isinstance(action, Action)
            or action.index >= len(self.game.catalogue)
            or (self.game.catalogue[action.index] is not action)
        ):
            action = self.coerce(action)
        self.check(seat, action)
        self._history = (self._history, seat, action)
        self.ply += 1
        self._legal = None
        top = self.stack[-1]
        if len(top.seats) > 1:
            self.submissions = {**self.submissions, seat: action}
            events: list[Event] = [{"type": "submitted", "seat": seat, "decision": top.kind}]
            if len(self.submissions) == len(top.seats):
                submissions, self.submissions = self.submissions, {}
                self.stack.pop()
                events += self._resolve(top, submissions)
            return events
        return self._apply(seat, action, top)

    # -- information ---------------------------------------------------------------------------

    def seat_label(self, seat: int) -> str:
        if self.seat_names and 0 <= seat < len(self.seat_names):
            return self.seat_names[seat]
        return f"seat {seat}"

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything `seat` may see (None: a spectator), as JSON-ready data."""
        if seat is not None and (
            not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players
        ):
            raise IllegalAction(
                f"there is no seat {seat!r} in a {self.players}-player game", RULE_TURN
            )
        top = self.stack[-1] if self.stack and not self.over else None
        out: dict[str, Any] = {
            "game": self.game.id,
            "players": self.players,
            "options": dict(self.options),
            "ply": self.ply,
            "to_move": list(self.to_move()),
            "decision": None
            if top is None
            else {
                "kind": top.kind,
                "seats": list(top.seats),
                "simultaneous": top.simultaneous,
                "submitted": sorted(self.submissions),
            },
            "over": self.over,
            "result": self.result().to_json() if self.over else None,
        }
        if seat is not None and seat in self.submissions:
            out["my_submission"] = self.submissions[seat].to_json()
        out.update(self._view(seat))
        return out

    @staticmethod
    def events_for(events: list[Event], seat: int | None) -> list[Event]:
        """The events `seat` may see, without their routing key."""
        out = []
        for e in events:
            to = e.get(PRIVATE)
            if to is None:
                out.append(e)
            elif seat is not None and seat in to:
                out.append({k: v for k, v in e.items() if k != PRIVATE})
        return out

    def result(self) -> Result:
        if not self.over:
            raise IllegalAction("the game is not over", "arsenale: game end")
        return self._result()

    # -- search support -------------------------------------------------------------------------

    def clone(self) -> GameState:
        """An independent copy. Cheap: search depends on it."""
        c = object.__new__(type(self))
        c.game = self.game
        c.players = self.players
        c.options = self.options
        c.seed = self.seed
        c.chance = self.chance.copy()
        c.stack = self.stack.copy()
        c.submissions = self.submissions
        c.ply = self.ply
        c.over = self.over
        c._history = self._history
        c._legal = None
        self._clone_into(c)
        return c

    def determinize(self, seat: int, rng: random.Random) -> GameState:
        """A clone in which everything `seat` cannot see is resampled consistently.

        The chance generator is reseeded from `rng`, so future dice and draws are not the
        true ones; other seats' secret submissions are replaced by legal choices drawn from
        `rng`; the game resamples its own hidden parts (decks, hands, bags).
        """
        c = self.clone()
        c.chance = Chance(rng.getrandbits(64))
        c.seed = 0
        c._determinize(seat, rng)
        if self.submissions:
            top = self.stack[-1]
            c.submissions = {
                s: a if s == seat else rng.choice(c._legal_actions(s, top))
                for s, a in self.submissions.items()
            }
            # The submissions are the last entries of the history: rewrite them too, so that
            # nothing in the world remembers what the other seats really chose.
            entries = []
            node = c._history
            for _ in range(len(self.submissions)):
                assert node is not None
                node, s, _a = node
                entries.append(s)
            for s in reversed(entries):
                node = (node, s, c.submissions[s])
            c._history = node
        return c

    def history(self) -> list[tuple[int, Action]]:
        out: list[tuple[int, Action]] = []
        node = self._history
        while node is not None:
            node, seat, action = node
            out.append((seat, action))
        out.reverse()
        return out

    def record(self, seats: list[str] | None = None) -> dict[str, Any]:
        """The game record: enough to replay the game exactly (docs/formats.md)."""
        return {
            "format": "arsenale-record/1",
            "game": self.game.id,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "seats": list(seats) if seats is not None else None,
            "actions": [[s, a.to_json()] for s, a in self.history()],
            "result": self.result().to_json() if self.over else None,
        }

    # -- hooks for games ---------------------------------------------------------------------------

    @abstractmethod
    def _legal_actions(self, seat: int, top: Decision) -> list[Action]:
        """Provided by each game."""

    @abstractmethod
    def _apply(self, seat: int, action: Action, top: Decision) -> list[Event]:
        """Provided by each game."""

    def _resolve(self, top: Decision, submissions: dict[int, Action]) -> list[Event]:
        """Resolve a simultaneous decision once every seat has submitted."""
        raise IllegalAction(f"{self.game.id} has no simultaneous decision {top.kind!r}", RULE_TURN)

    def _why_illegal(self, seat: int, action: Action, top: Decision) -> tuple[str, str | None]:
        return (f"{action.notation!r} is not legal now", None)

    @abstractmethod
    def _view(self, seat: int | None) -> dict[str, Any]:
        """Provided by each game."""

    @abstractmethod
    def _result(self) -> Result:
        """Provided by each game."""

    @abstractmethod
    def _clone_into(self, other: GameState) -> None:
        """Provided by each game."""

    def _determinize(self, seat: int, rng: random.Random) -> None:  # noqa: B027 - optional hook
        """Resample the game's own hidden parts in place (default: nothing is hidden)."""
