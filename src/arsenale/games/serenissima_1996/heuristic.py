"""The heuristic bot for Serenissima (1996)."""

from __future__ import annotations

import random

from arsenale.core.actions import Action
from arsenale.core.info import SeatInfo


def heuristic_policy(info: SeatInfo, rng: random.Random) -> Action:
    return rng.choice(info.legal_actions())
