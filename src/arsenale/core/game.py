"""A game: its identity, options, action catalogue, how to start a state, and every hook the
tools around the engine may call (docs/architecture.md, "The contract").

A game subclasses `Game`, sets the class attributes and implements `_new`; every other hook
has a working default, so a new game runs everywhere before it has a heuristic, a board drawing
or its own event wording. Nothing outside a game calls anything of it that is not declared
here.
"""

from __future__ import annotations

import io
import json
import random
import secrets
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from arsenale import i18n
from arsenale.core.actions import Action, Catalogue, Wording
from arsenale.core.errors import IllegalAction, OptionError, excerpt
from arsenale.core.observation import Layout
from arsenale.core.state import PRIVATE, Event, GameState
from arsenale.i18n import N_

if TYPE_CHECKING:
    from rich.console import RenderableType

    from arsenale.core.info import SeatInfo
    from arsenale.core.result import Result

Policy = Callable[["SeatInfo", "random.Random"], Action]
"""A bot's decision function: a seat's information state and a random generator in, an action
out."""

Label = Callable[[int], str]
"""Names a seat in words ("blue", "the Genoese"); `GameState.seat_label` is one."""

Utility = Literal["zero_sum", "constant_sum", "general_sum"]

HIDDEN_VIEW_KEYS = frozenset({"game", "players", "options", "ply", "over", "result"})
"""View keys the default rendering leaves out (constant, or shown elsewhere)."""


SEAT_FORMS = {
    "by": N_("by {seat}"),
    "of": N_("of {seat}"),
    "to": N_("to {seat}"),
    "for": N_("for {seat}"),
}
"""A seat's name after a preposition, for seats named without an article (`seat_phrase`)."""


@dataclass(frozen=True)
class Option:
    """A game option: its `name` (the id the API and the command line take), its default,
    its help, its `label` in words ("Starting hands", marked for the game's catalogue; the
    name with spaces if empty) and, for an option that takes one of a few values, each value
    with its words (`choices`: (value, words) pairs), which the lobby offers by their words."""

    name: str
    default: bool | int | str
    help: str
    label: str = ""
    choices: tuple[tuple[bool | int | str, str], ...] = ()


class Game(ABC):
    """One board game. Subclasses set the class attributes and implement `_new`."""

    id: str
    """Short id used everywhere ("serenissima-2012")."""
    title: str
    min_players: int
    max_players: int
    rulebook: str
    """The rulebook file(s) in ../shared/rules/ that rule references cite."""
    options: tuple[Option, ...] = ()
    catalogue: Catalogue
    """Every action the game can ever offer, built once (core/actions.py)."""
    utility: Utility = "zero_sum"
    """How the adapters read the result (`returns`): "zero_sum" rank returns that add up to
    0 (the default: a game won by being first), "general_sum" for games whose scores matter
    in themselves, and every one-player game."""
    max_game_length: int = 10_000
    """A bound on plies after which the AI adapters cut a game (a policy may repeat moves
    that undo each other); the game's own figure where it knows a tighter one."""
    fallback_kinds: tuple[str, ...] = ()
    seat_forms: ClassVar[dict[str, str] | None] = None
    """How a sentence puts a seat's name, for a game whose seat names take an article (the
    1996 nations): form -> template of the game's catalogue ("of": "of the {seat}", in French
    "des {seat}"); see `seat_phrase`. None: the name alone, after the preposition."""
    """Action kinds a bot plays, in this order of preference, when the heuristic fails
    (ending a step, passing); counted as fallbacks by `simulate`."""
    observation_layout: Layout | None = None
    """The parts of the game's own observation tensor (core/observation.py), which its state
    writes with `GameState._observe`; None: the AI adapters hash the view instead (slower, and
    enough for a game that has no encoding yet)."""
    observation_filled: bool = False
    """True when the state's `_observe` writes every slot of `observation_layout` (zeros
    included), so the AI adapters need not zero those slots first; False (the default): the
    writer sets only what is not zero, into a zeroed buffer."""
    observation_kept: bool = False
    """True when, besides, the state's `_observe` keeps its image in a `KeptBuffer` it is given
    (core/observation.py: it rewrites there only what changed since its last call), so the AI
    adapters write each observation into one such buffer and hand out copies."""

    def __copy__(self) -> Game:
        return self  # a game holds no play: its copies share it (as states and actions do)

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by its id: it unpickles to the registered game (`load_game`)."""
        from arsenale.core.registry import load_game

        return (load_game, (self.id,))

    # -- starting a game ---------------------------------------------------------------------

    def new_game(
        self, players: int, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> GameState:
        """A new game. `seed` None draws a fresh random seed (kept in the record, never shown)."""
        if (
            not isinstance(players, int)
            or isinstance(players, bool)
            or not self.min_players <= players <= self.max_players
        ):
            raise OptionError(
                i18n._("{game} is for {range} players, not {n}").format(
                    game=self.id, range=self.player_range(), n=excerpt(players)
                )
            )
        if seed is None:
            seed = secrets.randbits(63)
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise OptionError(
                i18n._("the seed must be a non-negative integer, not {seed}").format(
                    seed=excerpt(seed)
                )
            )
        return self._new(players, seed, self.check_options(options or {}))

    def player_range(self) -> str:
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players}-{self.max_players}"

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The options with defaults filled in; OptionError for an unknown name or a value of
        the wrong type."""
        out = {o.name: o.default for o in self.options}
        for name, value in options.items():
            if name not in out:
                names = ", ".join(out) or i18n._("none")
                raise OptionError(
                    i18n._("{game} has no option {name} (options: {names})").format(
                        game=self.id, name=excerpt(name), names=names
                    )
                )
            default = out[name]  # still the default: a name comes once in `options`
            if type(value) is not type(default):
                raise OptionError(
                    i18n._("option {name} takes a {type}, not {value}").format(
                        name=repr(name), type=type(default).__name__, value=excerpt(value)
                    )
                )
            out[name] = value
        return out

    @abstractmethod
    def _new(self, players: int, seed: int, options: dict[str, Any]) -> GameState:
        """Set up a game: a state with its first decision on the stack."""

    # -- actions -------------------------------------------------------------------------------

    def parse(self, state: GameState, seat: int, text: str) -> Action:
        """The legal action of `seat` that `text` names; IllegalAction explains a refusal."""
        action = self.catalogue.from_text(text, self.display_title)
        state.check(seat, action)
        return action

    def action_from_json(self, obj: Any) -> Action:
        return self.catalogue.from_json(obj)

    def action_words(self, action: Action) -> Wording:
        """A catalogue action in the rulebook's words, its group and its amount parameter
        (core/actions.py, `Wording`). The web page lists moves by it; the terminal and the
        API keep the notation. By default the kind and the parameters spelt out; a game
        words every action in its own vocabulary (tests/test_every_game_contract.py)."""
        group = action.kind.replace("_", " ").capitalize()
        params = ", ".join(
            f"{k.replace('_', ' ')} {v:,}" if isinstance(v, int) else f"{k} {v}"
            for k, v in action.params.items()
        )
        return Wording(f"{group}: {params}" if params else group, group)

    def wording(self, action: Action) -> Wording:
        """`action_words` of a catalogue action in the language in force (arsenale.i18n),
        worked out once per action and language and kept: viewers of one game in two
        languages each get their own words."""
        wordings: dict[str, list[Wording | None]] = self.__dict__.setdefault("_wordings", {})
        language = i18n.current()
        cache = wordings.get(language)
        if cache is None:
            cache = wordings[language] = [None] * len(self.catalogue)
        words = cache[action.index]
        if words is None:
            words = cache[action.index] = self.action_words(action)
        return words

    # -- words and pictures ----------------------------------------------------------------------

    def rules(self, topic: str | None = None) -> str:
        """Our own summary of the rules in the language in force (the game package's
        RULES.<language>.md, else RULES.md), or its sections whose heading mentions `topic`
        (in that language or in English); ArsenaleError lists the topics otherwise."""
        from arsenale.core.data import rules_text

        return rules_text(type(self).__module__.rpartition(".")[0], self.id, topic)

    def seat_name(self, label: str) -> str:
        """A seat's label ("venetians", "blue") as a name in the language in force
        (arsenale.i18n); a game whose seats have names in its other languages overrides it."""
        return label[:1].upper() + label[1:]

    def seat_phrase(self, label: str, form: str) -> str:
        """A seat's name as a sentence puts it, in the language in force: `form` "the" (the
        name as subject or object), or "by", "of", "to", "for" (after that preposition):
        "the Genoese", "by the Genoese" / "les Génois", "par les Génois", "des Génois", "aux
        Génois" where the game's `seat_forms` give the article; "Red", "by Red" / "Rouge",
        "par Rouge", "de Rouge" otherwise (the templates of SEAT_FORMS)."""
        name = self.seat_name(label)
        template = (self.seat_forms or {}).get(form)
        if template is not None:
            return self.translate(template).format(seat=name)
        if form == "the":
            return name
        return i18n.ARSENALE.gettext(SEAT_FORMS[form]).format(seat=name)

    def translate(self, text: str) -> str:
        """A text of this game marked for translation (a decision's `asks`, its title, an
        option's help) in the language in force; a game with a message catalogue of its own
        overrides it."""
        return text

    def display_title(self) -> str:
        """The game's title in the language in force: `title` through `translate` (a game
        whose catalogue holds its title names itself there, as Méditerranée in French)."""
        return self.translate(self.title)

    def option_help(self, option: Option) -> str:
        """An option's help text in the language in force (through `translate`)."""
        return self.translate(option.help)

    def option_label(self, option: Option) -> str:
        """An option's label in words in the language in force (through `translate`)."""
        return self.translate(option.label) if option.label else option.name.replace("_", " ")

    def option_choices(self, option: Option) -> list[dict[str, Any]]:
        """An option's values with their words in the language in force: `{value, label}`
        each; empty for an option that takes any value of its type."""
        return [{"value": v, "label": self.translate(words)} for v, words in option.choices]

    def names(self) -> dict[str, str]:
        """The printed names of the game's places and pieces by id (ports, sea areas, goods,
        shops...) in the language in force, where the game has names in that language; the
        page draws its board with them (`GET /api/boards/{id}`). Empty by default: the board
        data's own names are shown."""
        return {}

    def describe_event(self, event: Event, label: Label) -> str:
        """One line in words for an event, seats named by `label`. Used by the terminal, the
        web page's log and the adapters; a game overrides it with the rulebook's wording."""
        kind = str(event.get("type", "event"))
        if kind == "submitted" and isinstance(event.get("seat"), int):
            return f"{label(event['seat'])} has made a secret choice ({event.get('decision')})"
        parts = []
        for key, value in event.items():
            if key in ("type", PRIVATE):
                continue
            if key == "seat" and isinstance(value, int):
                parts.append(label(value))
            else:
                parts.append(f"{key.replace('_', ' ')} {_compact(value)}")
        return kind.replace("_", " ") + (": " + ", ".join(parts) if parts else "")

    def render(self, view: dict[str, Any], seat: int | None) -> RenderableType:
        """The board for a terminal (a Rich renderable) from `view(seat)`; by default one line
        per entry of the view. The terminal game shows it at the start of each turn and on
        `view`, so it should fit 100 x 40 and, for a game with a board, be a map
        (core/boardmap.py draws one from places and links), with printed names only."""
        from rich.text import Text

        text = Text()
        for key, value in view.items():
            if key in HIDDEN_VIEW_KEYS or value is None:
                continue
            text.append(f"{key}: ", style="bold")
            text.append(_compact(value) + "\n")
        text.rstrip()
        return text

    def render_text(self, view: dict[str, Any], seat: int | None, width: int = 100) -> str:
        """`render` as plain text without colours (logs, the adapters' render())."""
        from rich.console import Console

        buf = io.StringIO()
        Console(file=buf, width=width, color_system=None).print(self.render(view, seat))
        return buf.getvalue()

    def board_data(self) -> dict[str, Any] | None:
        """What the web page needs to draw the board (places, the graph that joins them,
        tracks), JSON-ready; served by `GET /api/boards/{id}` and drawn by
        `server/static/boards/{id}.js`. None: the page shows the view without a drawing.
        The server puts `names()` in the viewer's language over the `name` of every entry
        with an `id` (see `board_in_words`)."""
        return None

    def board_in_words(self) -> dict[str, Any] | None:
        """`board_data()` for a viewer in the language in force: each entry's `name` (a list
        entry with an `id`, or a mapping's value under its id) from `names()` where the game
        names it, and those names under `names` for the drawing's other words (goods in a
        tooltip). The game's own data is not changed."""
        data = self.board_data()
        if data is None:
            return None
        names = self.names()
        if not names:
            return {**data, "names": {}}

        def named(entry: Any, key: Any = None) -> Any:
            if isinstance(entry, dict) and "name" in entry:
                found = names.get(str(entry.get("id", key)))
                return {**entry, "name": found} if found else entry
            return entry

        out: dict[str, Any] = {}
        for key, value in data.items():
            if isinstance(value, list):
                out[key] = [named(item) for item in value]
            elif isinstance(value, dict):
                out[key] = {k: named(item, k) for k, item in value.items()}
            else:
                out[key] = value
        out["names"] = names
        return out

    # -- bots -----------------------------------------------------------------------------------

    def heuristic(
        self, world: GameState, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action | None:
        """The game's heuristic choice among `legal` for `seat`, in `world`: a world sampled
        from that seat's information (`SeatInfo.determinize`), never the true state. None: the
        game has no heuristic (the `heuristic` bot then plays uniformly at random)."""
        return None

    def evaluate(self, state: GameState) -> list[float] | None:
        """Each seat's expected final score in the game's unit, for search to stop play-outs
        early; called on sampled worlds only. None: play out to the end."""
        return None

    def submission_prior(
        self, world: GameState, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """A plausible secret choice of `seat` among `legal`, for `determinize` to put in the
        place of a submission the observer has not seen (a bid, a destination, a kept card).
        `world` has already had its own hidden parts resampled. By default uniform; a game
        overrides it with what players of that seat's position tend to choose."""
        return legal[rng.randrange(len(legal))]

    # -- results ---------------------------------------------------------------------------------

    def final_account(self, state: GameState) -> dict[str, Any]:
        """How the finished game was scored, for the page's result panel (called once it is
        over, when nothing is hidden any more), JSON-ready, in the language in force (a game
        words its sources with its own catalogue):
        `sources`: `[{"source": words, "points": [one per seat]}]`, the score by its sources in
        the rulebook's order, adding up to each seat's score; `money`: `{"name": "Ducats",
        "amounts": [one per seat]}`, every seat's money revealed, or None for a game without
        money; `tiebreak_names`: the tie-break keys of `Result.tiebreaks` in words, in order.
        By default one source, the score, and the keys named "tie-break 1", "tie-break 2"."""
        result = state.result()
        return {
            "sources": [{"source": i18n._("Score"), "points": list(result.scores)}],
            "money": None,
            "tiebreak_names": [
                i18n._("tie-break {n}").format(n=i + 1) for i in range(len(result.tiebreaks))
            ],
        }

    def returns(self, result: Result) -> list[float]:
        """The payoff of each seat for the AI adapters and search, from a final result.

        Zero-sum games: 1 for first, -1 for last, evenly spaced between, shared ranks
        averaged (they add up to 0). A one-player game: 1 if it was won (target reached, or the rules' own outcome), else -1.
        General-sum games of several players: the same rank payoffs (a game may override
        with its own, such as scores)."""
        from arsenale.core.result import rank_returns

        if len(result.ranks) == 1:
            if not result.solo:
                return [0.0]
            return [1.0 if result.won else -1.0]
        return rank_returns(result.ranks)

    # -- description ----------------------------------------------------------------------------

    def describe(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.display_title(),
            "players": [self.min_players, self.max_players],
            "rulebook": self.rulebook,
            "options": {
                o.name: {
                    "default": o.default,
                    "help": self.option_help(o),
                    **({"values": [v for v, _w in o.choices]} if o.choices else {}),
                }
                for o in self.options
            },
        }


def require(condition: bool, reason: str, rule: str) -> None:
    """Raise IllegalAction(reason, rule) unless `condition` holds."""
    if not condition:
        raise IllegalAction(reason, rule)


def _compact(value: Any) -> str:
    return json.dumps(value, separators=(", ", ": "), ensure_ascii=False)
