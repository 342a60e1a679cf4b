"""The bot wrapper (a named policy with its own random generator) and the `heuristic` bot:
the game's `Game.heuristic` on a world sampled from the seat's information, with every
fallback counted."""

from __future__ import annotations

import random
from collections.abc import Callable

from arsenale.core.actions import Action
from arsenale.core.errors import ArsenaleError
from arsenale.core.game import Game, Policy
from arsenale.core.info import SeatInfo


class Bot:
    """A policy plus its own `random.Random(seed)`; it sees a `SeatInfo`, never the state."""

    __slots__ = ("name", "policy", "rng", "seed")

    def __init__(self, name: str, policy: Policy, seed: int) -> None:
        self.name = name
        self.policy = policy
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, info: SeatInfo) -> Action:
        """The action this bot plays for `info.seat`."""
        return self.policy(info, self.rng)

    def __repr__(self) -> str:
        return f"Bot({self.name!r}, seed={self.seed})"


class HeuristicFailure(ArsenaleError):
    """A heuristic crashed or chose an illegal action while fallbacks are strict."""


class Fallbacks:
    """How often, in this process, a heuristic failed and a bot played a fallback action
    instead (`simulate` reports the count per game). With `strict` on, a failure raises
    `HeuristicFailure` instead of falling back (tests, `simulate --strict`, benchmarks)."""

    count = 0
    strict = False


def has_heuristic(game: Game) -> bool:
    """Whether the game overrides `Game.heuristic`."""
    return type(game).heuristic is not Game.heuristic


def fallback(game: Game, legal: list[Action]) -> Action:
    """The first legal action of one of the game's `fallback_kinds`, else the first one."""
    kinds = game.fallback_kinds
    return next((a for a in legal if a.kind in kinds), legal[0])


_POLICIES: dict[str, tuple[Game, Policy]] = {}


def heuristic_policy(game: Game) -> Policy:
    """The `heuristic` bot of `game` (one policy object per game): the game's heuristic on a
    world drawn from the seat's information; a crash or an illegal choice is counted in
    `Fallbacks` and answered by `fallback` (raised with `Fallbacks.strict`). A game without a
    heuristic plays uniformly at random."""
    known = _POLICIES.get(game.id)
    if known is not None and known[0] is game:
        return known[1]
    if not has_heuristic(game):
        from arsenale.bots.random_bot import random_policy

        return random_policy
    decide: Callable[..., Action | None] = game.heuristic

    def heuristic(info: SeatInfo, rng: random.Random) -> Action:
        legal = info.legal_actions()
        if len(legal) == 1:
            return legal[0]
        try:
            action = decide(info.determinize(rng), info.seat, legal, rng)
        except Exception as e:
            if Fallbacks.strict:
                raise HeuristicFailure(f"{game.id}: the heuristic failed: {e!r}") from e
            problem = f"{type(e).__name__}: {e}"
        else:
            if action is not None and action in legal:
                return action
            problem = f"the heuristic chose {action!r}, which is not legal"
            if Fallbacks.strict:
                raise HeuristicFailure(f"{game.id}: {problem}")
        del problem
        Fallbacks.count += 1
        return fallback(game, legal)

    _POLICIES[game.id] = (game, heuristic)
    return heuristic
