"""The bot wrapper: a named policy with a private, seeded random generator."""

from __future__ import annotations

import random

from arsenale.core.actions import Action
from arsenale.core.game import Policy
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
