"""What a bot receives: a seat's information state, never the true state.

A `SeatInfo` offers the seat's view, its legal actions and `determinize` (a world sampled
from what the seat knows). Bots must use only these; the wrapped state is private.
"""

from __future__ import annotations

import random
from typing import Any

from arsenale.core.actions import Action
from arsenale.core.state import GameState


class SeatInfo:
    __slots__ = ("__state", "seat")

    def __init__(self, state: GameState, seat: int) -> None:
        self.__state = state
        self.seat = seat

    @property
    def game_id(self) -> str:
        return self.__state.game.id

    @property
    def players(self) -> int:
        return self.__state.players

    @property
    def ply(self) -> int:
        return self.__state.ply

    def view(self) -> dict[str, Any]:
        return self.__state.view(self.seat)

    def legal_actions(self) -> list[Action]:
        return self.__state.legal_actions(self.seat)

    def determinize(self, rng: random.Random) -> GameState:
        """A world consistent with everything this seat has seen (a fresh clone)."""
        return self.__state.determinize(self.seat, rng)
