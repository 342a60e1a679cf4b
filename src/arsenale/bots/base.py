"""The bot wrapper: a named policy with a private, seeded random generator."""

from __future__ import annotations

import random
from collections.abc import Callable

from arsenale.core.actions import Action
from arsenale.core.game import Policy
from arsenale.core.info import SeatInfo
from arsenale.core.state import GameState


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


def guarded(
    info: SeatInfo,
    rng: random.Random,
    decide: Callable[[GameState, list[Action]], Action],
    safe_kinds: tuple[str, ...],
    strict: bool,
) -> Action:
    """Run a heuristic's `decide(world, legal)` on a determinized world. Outside `strict`
    mode (tests set it) an error or an illegal choice falls back to a safe legal action
    (ending a step, passing), so one bug cannot stop a long simulation."""
    legal = info.legal_actions()
    if len(legal) == 1:
        return legal[0]
    try:
        action = decide(info.determinize(rng), legal)
        if action in legal:
            return action
        if strict:
            raise AssertionError(f"heuristic chose an illegal action {action!r}")
    except Exception:
        if strict:
            raise
    return next((a for a in legal if a.kind in safe_kinds), legal[0])
