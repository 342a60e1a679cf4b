"""Bot specs: "kind" or "kind:budget" (e.g. "random", "heuristic", "ismcts:1s").

The kinds of this package are listed here; others come from the `arsenale.bots` entry point
group of any installed distribution (`kind = "module:factory"` in its pyproject.toml), as games
come from `arsenale.games`: arsenale's own pyproject.toml declares "openspiel-ismcts" and
"openspiel-mcts" there (arsenale.adapters.openspiel). Such a factory is imported only when a
bot of its kind is made, so arsenale works without OpenSpiel.

"human" is a seat spec too, but not a bot: see `is_human`.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.metadata import EntryPoint, entry_points
from typing import NamedTuple

from arsenale.bots.base import Bot, heuristic_policy
from arsenale.bots.random_bot import random_policy
from arsenale.core.errors import ArsenaleError, excerpt
from arsenale.core.game import Game, Policy
from arsenale.i18n import N_, _

BotFactory = Callable[[Game, str | None], Policy]
"""Builds a policy for a game from the optional budget part of a spec."""

HUMAN = "human"
GROUP = "arsenale.bots"
"""The entry point group that makes more bot kinds known."""


class BotSpec(NamedTuple):
    kind: str
    budget: str | None


def _no_budget(kind: str, budget: str | None) -> None:
    if budget is not None:
        raise ArsenaleError(
            _("the {kind} bot takes no budget (got {budget})").format(
                kind=repr(kind), budget=excerpt(budget)
            )
        )


def _random(game: Game, budget: str | None) -> Policy:
    _no_budget("random", budget)
    return random_policy


def _heuristic(game: Game, budget: str | None) -> Policy:
    _no_budget("heuristic", budget)
    return heuristic_policy(game)


def _ismcts(game: Game, budget: str | None) -> Policy:
    from arsenale.bots.ismcts import ismcts_factory

    return ismcts_factory(game, budget)


def _ismcts_heuristic(game: Game, budget: str | None) -> Policy:
    from arsenale.bots.ismcts import ismcts_heuristic_factory

    return ismcts_heuristic_factory(game, budget)


_KINDS: dict[str, BotFactory] = {
    "random": _random,
    "heuristic": _heuristic,
    "ismcts": _ismcts,
    "ismcts+heuristic": _ismcts_heuristic,
}
_WORDS = {
    HUMAN: N_("human"),
    "random": N_("random bot"),
    "heuristic": N_("heuristic bot"),
    "ismcts": N_("search bot"),
    "ismcts+heuristic": N_("search bot with heuristic play-outs"),
}
"""The seat kinds in words (a kind not named here is shown as its spec)."""
_FOUND: dict[str, EntryPoint] | None = None
"""Bot kinds of the `arsenale.bots` entry point group, read once, loaded on first use."""


def _found() -> dict[str, EntryPoint]:
    global _FOUND
    if _FOUND is None:
        _FOUND = {ep.name: ep for ep in entry_points(group=GROUP)}
    return _FOUND


def _factory(kind: str) -> BotFactory:
    """The factory of a known kind; a kind from an entry point is imported now, and a module it
    needs that is missing is an ArsenaleError that says so."""
    factory = _KINDS.get(kind)
    if factory is not None:
        return factory
    ep = _found()[kind]
    try:
        loaded = ep.load()
    except ImportError as e:
        raise ArsenaleError(
            _("the {kind} bot ({target}) cannot be loaded: {error}").format(
                kind=repr(kind), target=ep.value, error=e
            )
        ) from None
    if not callable(loaded):
        raise ArsenaleError(
            _("the {kind} bot ({target}) is not a bot factory").format(
                kind=repr(kind), target=ep.value
            )
        )
    factory = _KINDS[kind] = loaded
    return factory


def register_bot(kind: str, factory: BotFactory) -> None:
    """Make `kind` (and `kind:budget`) a known bot spec."""
    _KINDS[kind] = factory


def bot_kinds() -> list[str]:
    return sorted({*_KINDS, *_found()})


def is_human(spec: str) -> bool:
    """Whether a seat spec names a human player rather than a bot."""
    return spec.strip().lower() == HUMAN


def player_words(spec: str) -> str:
    """A seat spec in words in the language in force ("heuristic bot", "search bot (1s)");
    the spec itself for a kind without words."""
    kind, sep, budget = spec.strip().lower().partition(":")
    words = _WORDS.get(kind)
    if words is None:
        return spec
    return _("{bot} ({budget})").format(bot=_(words), budget=budget) if sep else _(words)


def parse_spec(spec: str) -> BotSpec:
    """Split "kind[:budget]"; ArsenaleError for an unknown kind."""
    kind, sep, budget = spec.strip().lower().partition(":")
    known = ", ".join(bot_kinds())
    if kind == HUMAN:
        raise ArsenaleError(_("'human' is a player, not a bot; bots: {bots}").format(bots=known))
    if kind not in _KINDS and kind not in _found():
        raise ArsenaleError(
            _("unknown bot {bot}; known bots: {bots} (and 'human' to play)").format(
                bot=excerpt(spec), bots=known
            )
        )
    if sep and not budget:
        raise ArsenaleError(
            _("bot spec {bot} has an empty budget after ':'").format(bot=excerpt(spec))
        )
    return BotSpec(kind, budget if sep else None)


def make_bot(spec: str, game: Game, seed: int) -> Bot:
    """The bot a spec names, for `game`, with its own generator seeded by `seed`."""
    kind, budget = parse_spec(spec)
    return Bot(spec.strip().lower(), _factory(kind)(game, budget), seed)
