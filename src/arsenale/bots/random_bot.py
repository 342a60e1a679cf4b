"""The random bot: a uniform choice among the legal actions."""

from __future__ import annotations

import random

from arsenale.core.actions import Action
from arsenale.core.errors import ArsenaleError
from arsenale.core.info import SeatInfo


def random_policy(info: SeatInfo, rng: random.Random) -> Action:
    """Any legal action of the seat, each equally likely."""
    actions = info.legal_actions()
    if not actions:
        raise ArsenaleError(f"seat {info.seat} has no legal action to choose from")
    return actions[rng.randrange(len(actions))]
