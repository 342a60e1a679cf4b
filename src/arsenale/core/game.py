"""A game: its identity, options, action catalogue and how to start a state."""

from __future__ import annotations

import secrets
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from arsenale.core.actions import Action, Catalogue
from arsenale.core.errors import IllegalAction, OptionError
from arsenale.core.state import GameState

if TYPE_CHECKING:
    import random

    from arsenale.core.info import SeatInfo

Policy = Callable[["SeatInfo", "random.Random"], Action]
"""A bot's decision function: a seat's information state and a random generator in, an action
out."""


@dataclass(frozen=True)
class Option:
    name: str
    default: bool | int | str
    help: str


class Game(ABC):
    """One board game. Subclasses set the class attributes and implement `_new`."""

    id: str
    title: str
    min_players: int
    max_players: int
    rulebook: str
    options: tuple[Option, ...] = ()
    catalogue: Catalogue
    bot_revision: int = 0
    """Raised by one whenever a change to this game's heuristic or `evaluate` changes how the
    bots play it, so that strength results of the older play are set apart
    (benchmarks/search.py keeps them per `ISMCTS_VERSION` and this revision)."""
    rival_playout: int = 0
    """Plies the `ismcts` bot plays out by the heuristic before `evaluate` when it models the
    rivals (three or more players); 0 values each new leaf by `evaluate` at once. A game whose
    estimate misses what the next round of play brings sets about a round here."""

    def new_game(
        self, players: int, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> GameState:
        """A new game. `seed` None draws a fresh random seed (kept in the record, never shown)."""
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise OptionError(
                f"{self.id} is for {self.min_players}-{self.max_players} players, not {players!r}"
            )
        if seed is None:
            seed = secrets.randbits(63)
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise OptionError(f"the seed must be a non-negative integer, not {seed!r}")
        return self._new(players, seed, self.check_options(options or {}))

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        known = {o.name: o for o in self.options}
        out = {o.name: o.default for o in self.options}
        for name, value in options.items():
            if name not in known:
                names = ", ".join(known) or "none"
                raise OptionError(f"{self.id} has no option {name!r} (options: {names})")
            default = known[name].default
            if type(value) is not type(default):
                raise OptionError(
                    f"option {name!r} takes a {type(default).__name__}, not {value!r}"
                )
            out[name] = value
        return out

    @abstractmethod
    def _new(self, players: int, seed: int, options: dict[str, Any]) -> GameState:
        """Set up a game; provided by each game."""

    def parse(self, state: GameState, seat: int, text: str) -> Action:
        """The legal action of `seat` that `text` names; IllegalAction explains a refusal."""
        action = self.catalogue.from_text(text)
        state.check(seat, action)
        return action

    def action_from_json(self, obj: Any) -> Action:
        return self.catalogue.from_json(obj)

    def rules(self, topic: str | None = None) -> str:
        """Our own summary of the rules, with rulebook references (docs/rules/<id>.md)."""
        from arsenale.core.rules_text import rules_text

        return rules_text(self, topic)

    def evaluate(self, state: GameState) -> list[float] | None:
        """Optional: each seat's expected final score, for search to stop play-outs early.
        None means play out to the end."""
        return None

    def win_chances(self, state: GameState, values: list[float]) -> list[float] | None:
        """Optional: each seat's chance to win given `evaluate`'s `values` at `state`, for the
        figures search shows (never for its choices). By default a softmax whose temperature
        is fitted to the game's self-play (core/calibration.py, `calibration.toml` in the
        game's package); None when the game has no calibration for this player count."""
        from arsenale.core.calibration import load_calibration, win_chances

        calibration = load_calibration(type(self).__module__.rpartition(".")[0])
        tau = calibration.tau(state.players, state.ply) if calibration is not None else None
        return None if tau is None else win_chances(values, tau)

    def board_data(self) -> dict[str, Any] | None:
        """Optional: what the web page needs to draw the board (places, their positions, the
        sea or area graph, tracks), JSON-ready; served by `GET /api/boards/{id}` and drawn by
        `static/boards/{id}.js`. None: the game has no board drawing."""
        return None

    @abstractmethod
    def heuristic_policy(self) -> Policy:
        """The game's `heuristic` bot."""

    def describe(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "players": [self.min_players, self.max_players],
            "rulebook": self.rulebook,
            "options": {o.name: {"default": o.default, "help": o.help} for o in self.options},
        }


def require(condition: bool, reason: str, rule: str) -> None:
    """Raise IllegalAction(reason, rule) unless `condition` holds."""
    if not condition:
        raise IllegalAction(reason, rule)
