"""How a merchant of Masters of Venice plays (placeholder, replaced below)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from arsenale.core.actions import Action
from arsenale.games.masters_of_venice.state import MovState


def heuristic(s: MovState, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
    return legal[rng.randrange(len(legal))]


def evaluate(s: MovState) -> list[float]:
    return [float(s.vp[i] * 100 + s.cash[i] + s.stock_value(i)) for i in range(s.players)]


def submission_prior(s: MovState, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
    return legal[rng.randrange(len(legal))]
