"""Chances to win from a game's score estimates, for the figures `play --hint` shows.

`Game.evaluate` gives each seat's expected final score. Read as chances, the seat ahead would
"win" every time, which is what the hint used to show (0% and 100% everywhere). The model here
treats each final score as the estimate plus independent noise of one width for every seat
(Gumbel noise of scale `tau`); then the chance that a seat ends first is exactly the softmax
of the estimates divided by `tau` (the Luce choice rule). The width shrinks as the game goes
on: `tau` is fitted by maximum likelihood to the winners of heuristic self-play, per player
count and stretch of plies (`python benchmarks/calibrate.py`), and stored as
`calibration.toml` beside the game's rules. A game without that file gets no chances.

Search uses the chances for its displayed figures only, never to choose a move.
"""

from __future__ import annotations

import math
import tomllib
from importlib.resources import files
from typing import Any

CALIBRATION_FILE = "calibration.toml"


def win_chances(values: list[float] | tuple[float, ...], tau: float) -> list[float]:
    """Each seat's chance to end first: softmax(values / tau)."""
    top = max(values)
    weights = [math.exp((v - top) / tau) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


class Calibration:
    """Per player count: `tau` for each stretch of `plies` plies (the last one serves every
    later ply)."""

    __slots__ = ("plies", "taus")

    def __init__(self, data: dict[str, Any]) -> None:
        self.plies = int(data["plies"])
        self.taus: dict[int, list[float]] = {}
        for players, row in data["players"].items():
            taus = [float(t) for t in row["tau"]]
            if not taus or min(taus) <= 0 or self.plies <= 0:
                raise ValueError(f"{CALIBRATION_FILE}: bad calibration for {players} players")
            self.taus[int(players)] = taus

    def tau(self, players: int, ply: int) -> float | None:
        taus = self.taus.get(players)
        if taus is None:
            return None
        return taus[min(max(ply, 0) // self.plies, len(taus) - 1)]


_LOADED: dict[str, Calibration | None] = {}


def load_calibration(package: str) -> Calibration | None:
    """The calibration stored beside a game's rules (its package), or None."""
    if package not in _LOADED:
        try:
            path = files(package).joinpath(CALIBRATION_FILE)
            found = path.is_file()
        except (ModuleNotFoundError, TypeError, ValueError):  # not a package
            found = False
        text = path.read_text(encoding="utf-8") if found else None
        _LOADED[package] = Calibration(tomllib.loads(text)) if text is not None else None
    return _LOADED[package]
