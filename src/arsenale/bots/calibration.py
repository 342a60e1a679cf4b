"""Chances to win from a game's score estimates, for the figures `play --hint` shows.

`Game.evaluate` gives each seat's expected final score. Read as chances, the seat ahead would
"win" every time, which is what the hint used to show (0% and 100% everywhere). The model here
treats each final score as the estimate plus independent noise of one width for every seat
(Gumbel noise of scale `tau`); then the chance that a seat ends first is exactly the softmax
of the estimates divided by `tau` (the Luce choice rule). The width shrinks as the game goes
on: `tau` is fitted by maximum likelihood to the winners of heuristic self-play, per player
count and stretch of plies (`python benchmarks/calibrate.py`), and stored as
`bots/calibrations/<game id>.toml`. A game without that file gets no chances.

Search uses the chances for its displayed figures only, never to choose a move.
"""

from __future__ import annotations

import math
import tomllib
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any

from arsenale.core.state import GameState


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
                raise ValueError(f"calibration: bad calibration for {players} players")
            self.taus[int(players)] = taus

    def tau(self, players: int, ply: int) -> float | None:
        taus = self.taus.get(players)
        if taus is None:
            return None
        return taus[min(max(ply, 0) // self.plies, len(taus) - 1)]


_LOADED: dict[str, Calibration | None] = {}


def calibration_path(game_id: str) -> Traversable:
    """Where the calibration of a game is kept: `bots/calibrations/<game id>.toml`."""
    return files(__package__).joinpath("calibrations", f"{game_id}.toml")


def load_calibration(game_id: str) -> Calibration | None:
    """The calibration of a game, or None where it has none."""
    if game_id not in _LOADED:
        path = calibration_path(game_id)
        text = path.read_text(encoding="utf-8") if path.is_file() else None
        _LOADED[game_id] = Calibration(tomllib.loads(text)) if text is not None else None
    return _LOADED[game_id]


def game_win_chances(state: GameState, values: list[float]) -> list[float] | None:
    """Each seat's chance to win given the estimates `values` at `state` (the figures search
    shows, never its choices); None when the game has no calibration for this player count."""
    calibration = load_calibration(state.game.id)
    tau = calibration.tau(state.players, state.ply) if calibration is not None else None
    return None if tau is None else win_chances(values, tau)
