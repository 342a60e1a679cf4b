"""Actions: small immutable values with a JSON form and a text notation.

Each game builds its whole action set once, as a `Catalogue`, when it is loaded. Legal-move
generation then hands out these shared objects instead of allocating new ones, equality is
mostly identity, and every action has a fixed integer `index` (the catalogue position) that
the AI adapters use as their action id.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Final

from arsenale.core.errors import NotationError, excerpt
from arsenale.i18n import _

_SPACES: Final = re.compile(r"\s+")


def normalize_text(text: str) -> str:
    """Lower case, single spaces, no accents on the letters players type most (à, è, é...)."""
    text = _SPACES.sub(" ", text.strip().lower())
    return text.translate(_PLAIN)


_PLAIN: Final = str.maketrans("àáâäèéêëìíîïòóôöùúûüç", "aaaaeeeeiiiioooouuuuc")


class Action:
    """One move of one game: a `kind` and named parameters.

    `params` maps parameter names to str/int values; `notation` is the canonical text.
    `public` is None for an action everyone sees as it is; a secret choice (a bid, a kept
    card, a destination on a dial) has a public form instead ("a bid"), which is all that
    other seats' histories and adapter information states show of it.
    Treat instances as immutable and get them from the game's catalogue: there is exactly one
    instance per action, so equality is identity (fast in the legal-move lists of search);
    `GameState.apply` maps any other Action object to its catalogue instance first.
    """

    __slots__ = ("_key", "game", "index", "kind", "notation", "params", "public")

    def __init__(
        self,
        kind: str,
        params: dict[str, Any],
        index: int,
        notation: str,
        public: str | None = None,
        game: str = "",
    ) -> None:
        self.kind = kind
        self.params = params
        self.index = index
        self.notation = notation
        self.public = public
        self.game = game
        """The id of the game whose catalogue holds it ("" for one made outside a catalogue)."""
        self._key = (kind, tuple(sorted(params.items())))

    def __getitem__(self, name: str) -> Any:
        return self.params[name]

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.params}

    def __repr__(self) -> str:
        return f"<{self.notation}>"

    def __copy__(self) -> Action:
        return self  # one instance per action: a copy of a state or an environment shares it

    def __deepcopy__(self, memo: dict[int, Any]) -> Action:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game's catalogue entry, so that it unpickles to that instance (the
        rules find actions by identity); one made outside a catalogue, by value."""
        if self.game:
            return (catalogue_action, (self.game, self.index))
        return (Action, (self.kind, self.params, self.index, self.notation, self.public))

    def __str__(self) -> str:
        return self.notation


@dataclass(frozen=True, slots=True)
class Wording:
    """An action in the rulebook's words, for people (the web page's move list).

    `text` is the move as a player would say it ("Bid 1,100 ducats"); `group` the heading it
    is listed under ("Turn order bid"); `amounts` names the parameters that are quantities
    ("ducats"; two for "first" and "second" galley's sailors) when the game offers a family
    of actions that differ only by them, so that a page shows one control per amount over the
    legal values instead of one button per value (empty otherwise); `labels` names those
    amounts in words, one per amount ("Ducats bid"), for the control's label.
    The notation stays what a person types in the terminal and sends to the API."""

    text: str
    group: str
    amounts: tuple[str, ...] = ()
    labels: tuple[str, ...] = ()


def amount_words(n: int, one: str, many: str | None = None) -> str:
    """ "1 sailor", "2 sailors", "1,100 ducats": a count with thousands separated."""
    return f"{n:,} {one if n == 1 else many or one + 's'}"


def catalogue_action(game_id: str, index: int) -> Action:
    """Action `index` of a registered game's catalogue (how an action unpickles)."""
    from arsenale.core.registry import load_game

    return load_game(game_id).catalogue[index]


class Catalogue:
    """The fixed, ordered set of every action a game can ever offer."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self._actions: list[Action] = []
        self._by_key: dict[tuple[Any, ...], Action] = {}
        self._by_text: dict[str, Action] = {}

    def add(
        self,
        kind: str,
        notation: str,
        aliases: tuple[str, ...] = (),
        public: str | None = None,
        **params: Any,
    ) -> Action:
        """Add an action: its kind, canonical notation, other spellings a person may type,
        its public form if it is a secret choice, and its parameters."""
        return self.add_params(kind, notation, params, aliases, public)

    def add_params(
        self,
        kind: str,
        notation: str,
        params: dict[str, Any],
        aliases: tuple[str, ...] = (),
        public: str | None = None,
    ) -> Action:
        """`add` for parameter names that are not identifiers (such as "from")."""
        action = Action(kind, dict(params), len(self._actions), notation, public, self.game_id)
        if action._key in self._by_key:
            raise ValueError(f"duplicate action {kind} {params}")
        self._actions.append(action)
        self._by_key[action._key] = action
        for text in (notation, *aliases):
            key = normalize_text(text)
            if key in self._by_text:
                raise ValueError(f"notation {text!r} names two actions")
            self._by_text[key] = action
        return action

    def get(self, kind: str, **params: Any) -> Action:
        return self._by_key[(kind, tuple(sorted(params.items())))]

    def __len__(self) -> int:
        return len(self._actions)

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions)

    def __getitem__(self, index: int) -> Action:
        return self._actions[index]

    def from_json(self, obj: Any) -> Action:
        """The action a JSON object names, or NotationError."""
        if not isinstance(obj, dict) or not isinstance(obj.get("kind"), str):
            raise NotationError(
                'an action must be a JSON object with a "kind" string',
                "arsenale: action format",
            )
        params = {k: v for k, v in obj.items() if k != "kind"}
        for v in params.values():
            if not isinstance(v, str | int) or isinstance(v, bool):
                raise NotationError(
                    f"action parameters must be strings or integers, got {excerpt(v)}",
                    "arsenale: action format",
                )
        try:
            return self._by_key[(obj["kind"], tuple(sorted(params.items())))]
        except (KeyError, TypeError):
            raise NotationError(
                f"{self.game_id} has no action {excerpt(obj)}", "arsenale: action format"
            ) from None

    def from_text(self, text: str, name: Callable[[], str] | None = None) -> Action:
        """The action a text notation names, or NotationError naming the game by `name()`
        (its title in the language in force) or else its id."""
        if not isinstance(text, str):
            raise NotationError("an action in text notation must be a string", "arsenale: notation")
        try:
            return self._by_text[normalize_text(text)]
        except KeyError:
            raise NotationError(
                _("{text} is not a move of {game}").format(
                    text=excerpt(text), game=name() if name else self.game_id
                ),
                "arsenale: notation",
            ) from None
