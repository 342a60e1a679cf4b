"""What search expects each seat to end the game with (`Serenissima2012.evaluate`).

An estimate of final ducats: money in hand, plus a weighted sum of what the seat holds, valued
as the heuristic bot values it (games/serenissima_2012/heuristic.py):

* ports: each owned port's scorings still to come, basilica, wine income and hope of filling,
  times the chance of keeping it from rival galleys in reach (`_Ctx.held`);
* crew: what each galley's sailors will still earn (`_Ctx.crew`); during set-up the starting
  galleys not yet placed count as empty galleys beside the seat's home port, crewed from its
  reserve (rulebook: set-up);
* cargo: the cubes aboard at their best sales in reach (`_Ctx.cargo_value`);
* potential: what a galley's next activation could start with where it stands;
* reserve: sailors not yet on the board;
* home: a constant per starting port, for what its place on the map is worth.

The weights, one set per player count and game turn, are fitted by least squares to the final
ducats of heuristic self-play (`python benchmarks/fit_evaluate.py`, which writes
evaluate.toml beside this file). The hand values are the heuristic's guesses; the fit says how
much of each shows up in the final ducats. Money keeps weight 1: a ducat in hand is a ducat at
the end (rulebook: End of the game).
"""

from __future__ import annotations

import tomllib
from importlib.resources import files
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from arsenale.games.serenissima_2012.board import Board
    from arsenale.games.serenissima_2012.state import Serenissima2012State

FEATURES: Final = ("ports", "crew", "cargo", "potential", "reserve")
"""The weighted terms, in the order of `features` (money has weight 1, home a constant)."""


class Weights:
    """The fitted weights for one player count: per turn (1, 2, ..., the last row serving
    every later turn) a weight per feature and a constant per starting port."""

    __slots__ = ("by_turn",)

    def __init__(self, data: dict[str, Any], board: Board) -> None:
        turns = len(data["ports"])
        home = data["home"]
        missing = [board.port_ids[p] for p in board.start_ports if board.port_ids[p] not in home]
        if missing or any(len(data[f]) != turns for f in FEATURES):
            raise ValueError(f"evaluate.toml: incomplete weights (missing homes: {missing})")
        self.by_turn = [
            (
                tuple(float(data[f][t]) for f in FEATURES),
                # constant by port index; -1 (no home yet) gets the mean of the starting ports
                {p: float(home[board.port_ids[p]][t]) for p in board.start_ports},
            )
            for t in range(turns)
        ]

    def row(self, turn: int) -> tuple[tuple[float, ...], dict[int, float]]:
        return self.by_turn[min(max(turn, 1), len(self.by_turn)) - 1]


_LOADED: Final[dict[tuple[int, int], Weights]] = {}


def load_weights(board: Board, players: int, data: dict[str, Any] | None = None) -> Weights:
    """The weights for `players` from evaluate.toml (or `data`, for tests and the fit)."""
    key = (id(board), players)
    if data is None and key in _LOADED:
        return _LOADED[key]
    if data is not None:
        return Weights(data["players"][str(players)], board)
    text = files(__package__).joinpath("evaluate.toml").read_text(encoding="utf-8")
    weights = Weights(tomllib.loads(text)["players"][str(players)], board)
    _LOADED[key] = weights
    return weights


def features(state: Serenissima2012State, seat: int) -> tuple[float, ...]:
    """The seat's terms in `FEATURES` order, in ducats as the heuristic values them (reserve
    in sailors)."""
    from arsenale.games.serenissima_2012.heuristic import _Ctx

    c = _Ctx(state, seat)
    ports = crew = cargo = potential = 0.0
    for p, o in enumerate(state.owner):
        if o == seat:
            ports += c.held(p, state.port_sailors[p])
    galleys = 0
    for g, o in enumerate(state.g_owner):
        if o != seat:
            continue
        galleys += 1
        t = min(state.g_sailors[g], 5)  # more than 5 only while loading (RULINGS.md R29)
        if t > 0:
            zone = state.g_zone[g]
            load = state.cargo[6 * g : 6 * g + 6]
            crew += c.crews[t]
            cargo += c.cargo_value(zone, t, load, -1, 0)
            potential += c.potential(zone, t, 5 - t - sum(load))
    reserve = state.reserve[seat]
    home = state.home[seat]
    if state.turn == 0 and home >= 0:
        # set-up: the starting galleys still to come will start beside the home port, empty,
        # with their crews taken from the reserve
        b = state.game.board
        to_come = state.setup.start_galleys - galleys
        t = b.meta["start_sailors_galley"]
        zone = b.port_zone[home]
        crew += to_come * c.crews[t]
        potential += to_come * c.potential(zone, t, 5 - t)
        reserve -= to_come * t
    return (ports, crew, cargo, potential, float(reserve))


def estimate(state: Serenissima2012State, seat: int) -> float:
    """Expected final ducats of `seat` (see the module docstring)."""
    weights, home = load_weights(state.game.board, state.players).row(state.turn)
    total = float(state.money[seat])
    for w, x in zip(weights, features(state, seat), strict=True):
        total += w * x
    h = state.home[seat]
    total += home[h] if h >= 0 else sum(home.values()) / len(home)
    return total
