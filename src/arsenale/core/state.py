"""The game-agnostic state contract (see docs/architecture.md).

`GameState` does everything that is the same for every game: who is to move, refusing
malformed, out-of-turn and illegal actions before anything changes, collecting simultaneous
secret submissions, the move history behind `record()`, views that never carry the seed,
cloning and `determinize`. A game subclasses it and declares, once:

- `copied` and `kept`: its fields (lists copied by `clone`; immutable values shared), from
  which the class's `__slots__` and its clone are made;
- `phases`: decision kind -> `Phase` (legal actions, apply or resolve, what it asks, rule);
- `_view`, `_result` and, where something is hidden, `_determinize`.
"""

from __future__ import annotations

import random
import re
from abc import ABC, abstractmethod
from collections.abc import Callable
from inspect import isdatadescriptor
from itertools import pairwise
from typing import TYPE_CHECKING, Any, ClassVar, Final

from babel.numbers import format_decimal
from mypy_extensions import mypyc_attr

from arsenale.core.actions import Action, normalize_text
from arsenale.core.chance import Chance
from arsenale.core.decisions import Decision, Phase, Why, in_words
from arsenale.core.errors import IllegalAction, NotationError, excerpt
from arsenale.core.observation import Buffer
from arsenale.core.result import Result
from arsenale.i18n import _, current

if TYPE_CHECKING:
    from arsenale.core.game import Game

Event = dict[str, Any]
"""A JSON-ready account of something that happened. An event with a "visible_to" list is private to
those seats; every other event is public."""

_DIGITS: Final = re.compile(r"\d[\d,]*")

PRIVATE: Final = "visible_to"
"""The event key that routes an event to some seats only (a list of seat numbers)."""

RULE_TURN: Final = "arsenale: decisions (only a seat named by to_move() may act)"


@mypyc_attr(allow_interpreted_subclasses=True)  # test doubles and games left interpreted
class GameState(ABC):
    """Base of every game's state. A subclass lists its fields in `copied` and `kept` and sets
    `__slots__ = copied + kept`; a subclass of that lists only the fields it adds."""

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

    _phase_legal: ClassVar[bool] = True
    _phase_apply: ClassVar[bool] = True

    # Seats have no names in the core; games may give them colours.
    seat_names: ClassVar[tuple[str, ...]] = ()

    copied: ClassVar[tuple[str, ...]] = ()
    """The game's fields that hold lists, dicts or sets: `clone` copies each (shallowly, so
    keep them flat: numbers, strings, tuples)."""
    kept: ClassVar[tuple[str, ...]] = ()
    """The game's fields that hold immutable values (ints, tuples, frozensets): shared."""
    phases: ClassVar[dict[str, Phase]] = {}
    """Decision kind -> Phase: the game's flow in one table."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _COPIERS[cls] = _field_copier(cls)
        copied, kept = _declared(cls)
        _FIELDS[cls] = (*_CORE_FIELDS, *copied, *kept)
        # `legal_actions` and `apply` go straight to the phase where the hook is the default
        # (one Python call fewer a ply)
        cls._phase_legal = cls._legal_actions is GameState._legal_actions
        cls._phase_apply = cls._apply is GameState._apply

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
        if self.over or not self.stack:
            return []
        top = self.stack[-1]
        seats = top.seats  # the seat must be in to_move(): named by the decision, not submitted
        if seat not in seats or (len(seats) > 1 and seat in self.submissions):
            return []
        if self._phase_legal:
            actions = self.phases[top.kind].legal(self, seat, top, None)
        else:
            actions = self._legal_actions(seat, top)
        self._legal = (self.ply, seat, actions)
        return actions

    # -- acting ------------------------------------------------------------------------------

    def coerce(self, action: Any, seat: int | None = None) -> Action:
        """An `Action` from an Action, its JSON object or its text; NotationError otherwise.
        Given the seat that sends it, a refused amount also gets that seat's legal range."""
        if isinstance(action, Action):
            return self.game.catalogue.from_json(action.to_json())
        if isinstance(action, dict):
            try:
                return self.game.catalogue.from_json(action)
            except NotationError as error:
                span = self._json_range(action, seat) or ""
                words = _("{game} has no such move").format(game=self.game.display_title())
                raise NotationError(
                    _with_range(error.reason, span), error.rule, _with_range(words, span)
                ) from None
        if isinstance(action, str):
            try:
                return self.game.catalogue.from_text(action, self.game.display_title)
            except NotationError as error:
                raise self._unknown_text(action, error, seat) from None
        raise NotationError(
            f"an action must be an Action, a JSON object or text, not {type(action).__name__}",
            "arsenale: action format",
        )

    def _unknown_text(self, text: str, error: NotationError, seat: int | None) -> NotationError:
        """Text that names no action: when it starts like a move the pending decision offers
        (`bid 7` where bids go in steps of 5), say what that decision asks and its rule, for
        every interface alike; otherwise the catalogue's own refusal."""
        error.words = _("{game} has no such move").format(game=self.game.display_title())
        words = normalize_text(text).split(" ")
        if self.over or not self.stack or not words[0]:
            return error
        phase = self.phases.get(self.stack[-1].kind)
        if phase is None or not phase.asks:
            return error
        offered = {
            a.notation.split(" ")[0] for seat in self.to_move() for a in self.legal_actions(seat)
        }
        if words[0] not in offered:
            return error
        shape = _DIGITS.sub("#", normalize_text(text))
        span = ""
        if seat is not None and seat in self.to_move():
            span = self.amount_range(seat, lambda a: _DIGITS.sub("#", a.notation) == shape) or ""
        reason = _("{text} is not a move here: {asks}").format(
            text=excerpt(text), asks=self.game.translate(phase.asks)
        )
        said = _("that is not a move here: {asks}").format(asks=self.asks_in_words(phase))
        return NotationError(
            _with_range(reason, span), phase.rule or error.rule, _with_range(said, span)
        )

    def asks_in_words(self, phase: Phase) -> str:
        """What a decision asks for in the language in force, in words alone (no notation):
        the phase's `says`, else its `asks` with the notation cut off (`in_words`)."""
        if phase.says:
            return self.game.translate(phase.says)
        return in_words(self.game.translate(phase.asks))

    def _refusal_in_words(self, action: Action, reason: str, top: Decision) -> str:
        """`reason` (from `_why_illegal`) in words alone, for the page: a move refused for
        what the decision asks is named by its words and the decision said in words; a
        reason from the rules' checks loses the notation it quotes."""
        phase = self.phases.get(top.kind)
        if phase is not None and phase.asks:
            asked = _("{action} is not possible now: {asks}").format(
                action=repr(action.notation), asks=self.game.translate(phase.asks)
            )
            if reason == asked:
                return _("“{move}” is not possible now: {asks}").format(
                    move=self.game.wording(action).text, asks=self.asks_in_words(phase)
                )
        return in_words(reason) or _("“{move}” is not possible now").format(
            move=self.game.wording(action).text
        )

    def _json_range(self, obj: dict[str, Any], seat: int | None) -> str | None:
        """The seat's range of the amount family a JSON action of no catalogue entry belongs
        to (`{"kind": "bid", "amount": 5000}`); None for no seat or one that does not decide
        (another seat's range could tell its hidden money)."""
        if seat is None or self.over or not self.stack or seat not in self.to_move():
            return None

        def same(a: Action) -> bool:
            amounts = self.game.wording(a).amounts
            return a.kind == obj.get("kind") and all(
                obj.get(k) == v for k, v in a.params.items() if k not in amounts
            )

        return self.amount_range(seat, same)

    def amount_range(self, seat: int, same: Callable[[Action], bool]) -> str | None:
        """The legal range of an amount the seat may choose now, in words ("the range now:
        ducats 0 to 2,000 in steps of 100"), over its legal actions of one amount family
        (`Game.action_words`) that `same` picks; None where none is an amount family. Added
        to the refusal of an amount out of range, at every interface."""
        family = [a for a in self.legal_actions(seat) if self.game.wording(a).amounts and same(a)]
        if not family:
            return None
        parts = []
        wording = self.game.wording(family[0])
        for k, param in enumerate(wording.amounts):
            name = param  # the parameter's id, only for a game that gives the amount no label
            if k < len(wording.labels):
                name = _inline(wording.labels[k])
            values = sorted({a.params[param] for a in family})
            low, high = _number(values[0]), _number(values[-1])
            steps = {b - a for a, b in pairwise(values)}
            if len(values) == 1:
                parts.append(_("{name} {low}").format(name=name, low=low))
            elif len(steps) == 1 and min(steps) > 1:
                parts.append(
                    _("{name} {low} to {high} in steps of {step}").format(
                        name=name, low=low, high=high, step=_number(steps.pop())
                    )
                )
            else:
                parts.append(_("{name} {low} to {high}").format(name=name, low=low, high=high))
        return _("the range now: {parts}").format(parts=", ".join(parts))

    def check(self, seat: Any, action: Action) -> None:
        """Raise IllegalAction unless `seat` may play `action` now."""
        if self.over:
            raise IllegalAction(_("the game is over"), "arsenale: game end")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise IllegalAction(
                _("there is no seat {seat} in a {players}-player game").format(
                    seat=repr(seat), players=self.players
                ),
                RULE_TURN,
            )
        movers = self.to_move()
        if seat not in movers:
            if seat in self.submissions:
                raise IllegalAction(
                    _("seat {seat} has already made its secret choice").format(seat=seat), RULE_TURN
                )
            waiting = ", ".join(self.game.seat_phrase(self.seat_label(s), "the") for s in movers)
            raise IllegalAction(
                _("the decision is not up {to} now; waiting for {waiting}").format(
                    to=self.game.seat_phrase(self.seat_label(seat), "to"), waiting=waiting
                ),
                RULE_TURN,
            )
        if action not in self.legal_actions(seat):
            reason, rule = self._why_illegal(seat, action, self.stack[-1])
            words = self._refusal_in_words(action, reason, self.stack[-1])
            amounts = self.game.wording(action).amounts
            if amounts:
                others = {k: v for k, v in action.params.items() if k not in amounts}
                span = self.amount_range(
                    seat,
                    lambda a: (
                        a.kind == action.kind
                        and all(a.params.get(k) == v for k, v in others.items())
                    ),
                )
                if span:
                    reason = _with_range(reason, span)
                    words = _with_range(words, span)
            raise IllegalAction(reason, rule, words)

    def apply(self, seat: Any, action: Any) -> list[Event]:
        """Play `action` (an Action, its JSON object or its text) for `seat` and return the
        events. On any refusal the state is unchanged. Both are typed `Any`: a value of another
        type is refused here with the rule it breaks, also in the compiled build (which checks
        annotations at run time)."""
        legal = self._legal  # an action of this ply's cached legal list needs no other check
        if not (
            legal is not None
            and legal[0] == self.ply
            and type(seat) is int
            and legal[1] == seat
            and action in legal[2]
        ):
            catalogue = self.game.catalogue
            if (
                not isinstance(action, Action)
                or action.index >= len(catalogue)
                or (catalogue[action.index] is not action)
            ):
                action = self.coerce(action, seat)
            self.check(seat, action)
        return self._play(seat, action)

    def _play(self, seat: int, action: Action) -> list[Event]:
        """Play `action`, which the caller knows to be in this ply's `legal_actions(seat)`:
        `apply` once it has checked it, an adapter that took it from that very list."""
        top = self.stack[-1]
        public = action.public
        simultaneous = len(top.seats) > 1
        if public is None and simultaneous:
            public = public_form(action, top)
        self._history = (self._history, seat, action, public)
        self.ply += 1
        self._legal = None
        if simultaneous:
            self.submissions = {**self.submissions, seat: action}
            events: list[Event] = [{"type": "submitted", "seat": seat, "decision": top.kind}]
            if len(self.submissions) == len(top.seats):
                submissions, self.submissions = self.submissions, {}
                self.stack.pop()
                events += self._resolve(top, submissions)
            return events
        if self._phase_apply:
            return self.phases[top.kind].apply(self, seat, action, top)
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
                _("there is no seat {seat} in a {players}-player game").format(
                    seat=repr(seat), players=self.players
                ),
                RULE_TURN,
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

    def observe(self, seat: int | None, out: Buffer) -> None:
        """Write the observation of `seat` (None: a spectator) into `out`, zeroed and at least
        `Game.observation_layout.size` long, from the state itself (`_observe`): the numbers
        of the AI adapters, showing what `view(seat)` shows and nothing else."""
        if seat is not None and not 0 <= seat < self.players:
            raise IllegalAction(
                _("there is no seat {seat} in a {players}-player game").format(
                    seat=repr(seat), players=self.players
                ),
                RULE_TURN,
            )
        self._observe(seat, out)

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
            raise IllegalAction(_("the game is not over"), "arsenale: game end")
        return self._result()

    # -- search support -------------------------------------------------------------------------

    def clone(self) -> GameState:
        """An independent copy. Cheap: search depends on it."""
        cls = type(self)
        c = cls.__new__(cls)  # no __init__: the fields are set below
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
        _COPIERS[cls](self, c)  # the game's own fields (`_field_copier`)
        return c

    def __deepcopy__(self, memo: dict[int, Any]) -> GameState:
        """`copy.deepcopy` of a state (an environment's, say): its clone, sharing the game."""
        return self.clone()

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled field by field (`_FIELDS`: the same for a compiled class and an interpreted
        game's on the compiled core), the history as a flat list (its nested form is as deep
        as the game is long), the legal-move cache left out."""
        values = tuple(getattr(self, f) for f in _FIELDS[type(self)])
        return (_unpickled_state, (type(self), values, self._entries()))

    def determinize(self, seat: int, rng: random.Random) -> GameState:
        """A world `seat` cannot tell from this one: a clone in which everything the seat
        cannot see is drawn afresh from `rng`, so that two states that give the seat the same
        view give the same worlds for the same `rng`.

        The chance generator is reseeded (future dice and draws are not the true ones); the
        game redraws its own hidden parts (`_determinize`: decks, hands, bags, other seats'
        hidden money); other seats' pending secret submissions are replaced by the game's
        `submission_prior`; the history, which holds other seats' secret choices, is dropped
        (a world starts its own). The seed is 0.
        """
        return self._world(seat, rng, prior=True)

    def _world(self, seat: int, rng: random.Random, prior: bool) -> GameState:
        c = self.clone()
        c.chance = Chance(rng.getrandbits(64))
        c.seed = 0
        c._history = None
        c._determinize(seat, rng)
        if self.submissions:
            top = c.stack[-1]
            own = self.submissions.get(seat)
            c.submissions = {seat: own} if own is not None else {}
            for s in sorted(self.submissions):
                if s != seat:
                    legal = c._legal_actions(s, top)
                    c.submissions[s] = (
                        c.game.submission_prior(c, s, legal, rng)
                        if prior
                        else legal[rng.randrange(len(legal))]
                    )
        return c

    def history(self) -> list[tuple[int, Action]]:
        """Every (seat, action) played, in order: the true history, for records."""
        return [(seat, action) for seat, action, _public in self._entries()]

    def history_for(self, seat: int | None) -> list[tuple[int, str]]:
        """The history `seat` may know (None: a spectator), as (seat, text): its own actions
        and every public one in notation, other seats' secret choices in their public form
        ("a secret choice (bid)")."""
        return [
            (s, action.notation if public is None or s == seat else public)
            for s, action, public in self._entries()
        ]

    def _entries(self) -> list[tuple[int, Action, str | None]]:
        out: list[tuple[int, Action, str | None]] = []
        node = self._history
        while node is not None:
            node, seat, action, public = node
            out.append((seat, action, public))
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

    def _legal_actions(self, seat: int, top: Decision, why: Why | None = None) -> list[Action]:
        """The legal actions of `seat` at the decision `top` (by default the phase's, which
        `legal_actions` then calls itself: `_phase_legal`)."""
        return self.phases[top.kind].legal(self, seat, top, why)

    def _apply(self, seat: int, action: Action, top: Decision) -> list[Event]:
        """Play a legal action of a one-seat decision (by default the phase's, which `_play`
        then calls itself: `_phase_apply`)."""
        return self.phases[top.kind].apply(self, seat, action, top)

    def _resolve(self, top: Decision, submissions: dict[int, Action]) -> list[Event]:
        """Resolve a simultaneous decision once every seat has submitted (by default the
        phase's)."""
        phase = self.phases.get(top.kind)
        if phase is None or phase.resolve is None:
            raise IllegalAction(
                f"{self.game.id} has no simultaneous decision {top.kind!r}", RULE_TURN
            )
        return phase.resolve(self, top, submissions)

    def _why_illegal(self, seat: int, action: Action, top: Decision) -> tuple[str, str | None]:
        """Why `action` is not legal: the first check of the legal-action generator that keeps
        it out (see `Why`), else what the decision asks for."""
        why = Why(action)
        self._legal_actions(seat, top, why)
        if why.reason is not None:
            return why.reason, why.rule
        phase = self.phases.get(top.kind)
        if phase is not None and phase.asks:
            return _("{action} is not possible now: {asks}").format(
                action=repr(action.notation), asks=self.game.translate(phase.asks)
            ), phase.rule
        return (
            _("{action} is not legal now").format(action=repr(action.notation)),
            phase.rule if phase else None,
        )

    @abstractmethod
    def _view(self, seat: int | None) -> dict[str, Any]:
        """Everything `seat` may see (None: a spectator), JSON-ready; the core adds who is to
        move, the decision and the seat's own pending submission."""

    def _observe(self, seat: int | None, out: Buffer) -> None:
        """Write what `seat` sees (None: a spectator) into `out`, zeroed, in the parts of
        `Game.observation_layout`: the AI adapters' observation, read from the state without
        building a view. Only games that declare a layout implement it; it must read nothing
        `_view(seat)` leaves out (the same view, the same numbers)."""
        raise NotImplementedError(f"{self.game.id} declares no observation_layout")

    @abstractmethod
    def _result(self) -> Result:
        """The final result (called once the game is over)."""

    def _determinize(self, seat: int, rng: random.Random) -> None:  # noqa: B027 - optional hook
        """Redraw, in place and from `rng` only, everything `seat` cannot see (decks, hands,
        bags, other seats' hidden money), from what the seat can see: never read the true
        value of a hidden part, and put a hidden list in a canonical order (sorted) before
        shuffling it. Default: nothing is hidden."""


def public_form(action: Action, top: Decision) -> str | None:
    """What other seats see of `action` played at the decision `top`: None when they see the
    action itself; its declared public form for a secret choice; "a secret choice (bid)" for
    any other submission to a simultaneous decision."""
    if action.public is not None:
        return action.public
    if len(top.seats) > 1:
        return f"a secret choice ({top.kind.replace('_', ' ')})"
    return None


_COPIERS: Final[dict[type, Callable[[GameState, GameState], None]]] = {}
"""Per state class, the copy of its game's own fields (`clone`): a table rather than a method
set on the class, which a class compiled by mypyc does not allow."""


_CORE_FIELDS: Final = (
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
"""The core's fields a pickled state keeps as they are: `GameState.__slots__` but the
legal-move cache and the history (pickled flat). A compiled class shows no `__slots__` to read
them from; tests/adapters/test_copies.py checks the two agree."""
_FIELDS: Final[dict[type, tuple[str, ...]]] = {}
"""Per state class, the fields a pickled state keeps as they are: the core's, then the
game's."""


def _unpickled_state(
    cls: type[GameState], values: tuple[Any, ...], history: list[tuple[int, Action, str | None]]
) -> GameState:
    """A state from its pickled fields (`GameState.__reduce__`)."""
    s = cls.__new__(cls)
    for name, value in zip(_FIELDS[cls], values, strict=True):
        setattr(s, name, value)
    node: tuple[Any, ...] | None = None
    for seat, action, public in history:
        node = (node, seat, action, public)
    s._history = node
    s._legal = None
    return s


def _declared(cls: type) -> tuple[list[str], list[str]]:
    """The fields `cls` and its game-specific bases declare: (`copied`, `kept`)."""
    copied: list[str] = []
    kept: list[str] = []
    for klass in reversed(cls.__mro__):
        copied += [f for f in vars(klass).get("copied", ()) if f not in copied]
        kept += [f for f in vars(klass).get("kept", ()) if f not in kept]
    return copied, kept


def _field_copier(cls: type) -> Callable[[GameState, GameState], None]:
    """The copy of the fields `cls` and its game-specific bases declare, written out as
    straight-line code once per class (as `dataclasses` does), so that cloning costs no loop
    over names."""
    copied, kept = _declared(cls)
    # a slot is a data descriptor of the class (as is an attribute of a class mypyc compiled)
    missing = [f for f in (*copied, *kept) if not isdatadescriptor(getattr(cls, f, None))]
    if missing:
        raise TypeError(f"{cls.__name__}: fields {missing} are not in __slots__")
    lines = [f"    c.{f} = self.{f}.copy()" for f in copied]
    lines += [f"    c.{f} = self.{f}" for f in kept]
    source = "def _copy_fields(self, c):\n" + ("\n".join(lines) or "    pass") + "\n"
    namespace: dict[str, Any] = {}
    exec(source, namespace)
    copier: Callable[[GameState, GameState], None] = namespace["_copy_fields"]
    return copier


def _inline(label: str) -> str:
    """A control's label inside a sentence: "Ducats bid" as "ducats bid", an initialism kept
    ("VP taken" as "VP taken", "PV pris")."""
    first = label.split(" ", 1)[0]
    if len(first) > 1 and first.isupper():
        return label
    return label[:1].lower() + label[1:]


def _number(n: int) -> str:
    """ "2,000" in English, "2 000" in French (Babel's numbers for the language in force)."""
    return format_decimal(n, locale=current())


def _with_range(reason: str, span: str) -> str:
    """A refusal and the legal range of its amount ("...; the range now: ..."), if any."""
    return _("{reason}; {range}").format(reason=reason, range=span) if span else reason
