"""Bot specs: "kind" or "kind:budget" (e.g. "random", "heuristic", "ismcts:1s").

"openspiel-ismcts" and "openspiel-mcts" wrap OpenSpiel's search bots (arsenale.adapters.openspiel);
OpenSpiel is imported only when such a bot is made, so arsenale works without it.

"human" is a seat spec too, but not a bot: see `is_human`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from arsenale.bots.base import Bot, heuristic_policy
from arsenale.bots.random_bot import random_policy
from arsenale.core.errors import ArsenaleError
from arsenale.core.game import Game, Policy

BotFactory = Callable[[Game, str | None], Policy]
"""Builds a policy for a game from the optional budget part of a spec."""

HUMAN = "human"


class BotSpec(NamedTuple):
    kind: str
    budget: str | None


def _no_budget(kind: str, budget: str | None) -> None:
    if budget is not None:
        raise ArsenaleError(f"the {kind!r} bot takes no budget (got {kind}:{budget})")


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


def _need_openspiel() -> None:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        raise ArsenaleError(
            "the openspiel-* bots need OpenSpiel: pip install 'arsenale[ai]'"
        ) from None


def _openspiel_ismcts(game: Game, budget: str | None) -> Policy:
    _need_openspiel()
    from arsenale.adapters.openspiel import ismcts_factory

    return ismcts_factory(game, budget)


def _openspiel_mcts(game: Game, budget: str | None) -> Policy:
    _need_openspiel()
    from arsenale.adapters.openspiel import mcts_factory

    return mcts_factory(game, budget)


_KINDS: dict[str, BotFactory] = {
    "random": _random,
    "heuristic": _heuristic,
    "ismcts": _ismcts,
    "ismcts+heuristic": _ismcts_heuristic,
    "openspiel-ismcts": _openspiel_ismcts,
    "openspiel-mcts": _openspiel_mcts,
}


def register_bot(kind: str, factory: BotFactory) -> None:
    """Make `kind` (and `kind:budget`) a known bot spec."""
    _KINDS[kind] = factory


def bot_kinds() -> list[str]:
    return sorted(_KINDS)


def is_human(spec: str) -> bool:
    """Whether a seat spec names a human player rather than a bot."""
    return spec.strip().lower() == HUMAN


def parse_spec(spec: str) -> BotSpec:
    """Split "kind[:budget]"; ArsenaleError for an unknown kind."""
    kind, sep, budget = spec.strip().lower().partition(":")
    known = ", ".join(bot_kinds())
    if kind == HUMAN:
        raise ArsenaleError(f"'human' is a player, not a bot; bots: {known}")
    if kind not in _KINDS:
        raise ArsenaleError(f"unknown bot {spec!r}; known bots: {known} (and 'human' to play)")
    if sep and not budget:
        raise ArsenaleError(f"bot spec {spec!r} has an empty budget after ':'")
    return BotSpec(kind, budget if sep else None)


def make_bot(spec: str, game: Game, seed: int) -> Bot:
    """The bot a spec names, for `game`, with its own generator seeded by `seed`."""
    kind, budget = parse_spec(spec)
    return Bot(spec.strip().lower(), _KINDS[kind](game, budget), seed)
