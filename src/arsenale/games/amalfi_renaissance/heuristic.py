"""How an Amalfi merchant plays: placeholder, filled in below."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from arsenale.core.actions import Action

if TYPE_CHECKING:
    from arsenale.games.amalfi_renaissance.state import AmalfiState


def heuristic(s: AmalfiState, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
    return legal[rng.randrange(len(legal))]


def evaluate(s: AmalfiState) -> list[float]:
    return [float(v) for v in s.vp]


def submission_prior(
    s: AmalfiState, seat: int, legal: Sequence[Action], rng: random.Random
) -> Action:
    return legal[rng.randrange(len(legal))]
