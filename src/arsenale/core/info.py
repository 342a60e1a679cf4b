"""What a bot receives: a seat's information state, never the true state.

A `SeatInfo` is made from a state and a seat, and keeps only a world that seat cannot tell
from the state (`GameState.determinize` with a fixed generator): the seat's view, its legal
actions and further worlds all come from it. Two states that give the seat the same view
therefore give identical `SeatInfo`s, and a bot that uses only these cannot decide by
anything the seat may not see.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence
from typing import Any

from arsenale.core.actions import Action
from arsenale.core.state import GameState


class _Unshuffled(random.Random):
    """The generator a `SeatInfo`'s world is drawn with: its shuffles leave a list as it is.
    A game's `_determinize` lays each hidden pool out in an order made from the seat's view
    alone before shuffling it, so the pool unshuffled hides as much, costs nothing, and is
    shuffled afresh from the bot's generator in every world `determinize` draws."""

    def shuffle(self, x: MutableSequence[Any]) -> None:
        return None


_REDRAW = _Unshuffled(0)


class SeatInfo:
    __slots__ = ("_view", "_world", "players", "seat")

    def __init__(self, state: GameState, seat: int) -> None:
        # A world, not the state: hidden parts replaced (left in their canonical order),
        # other seats' pending secret choices replaced, the history and the seed dropped.
        # What is drawn here cannot show through view(), legal_actions() or determinize(),
        # which redraws all of it again, so one shared generator serves (a new one costs
        # more than the rest of this together).
        self._world = state._world(seat, _REDRAW, prior=False)
        self._view: dict[str, Any] | None = None
        self.seat = seat
        self.players = state.players

    @property
    def game_id(self) -> str:
        return self._world.game.id

    @property
    def ply(self) -> int:
        return self._world.ply

    def view(self) -> dict[str, Any]:
        """The seat's view (`GameState.view(seat)`): the same dict on every call, do not
        modify it."""
        if self._view is None:
            self._view = self._world.view(self.seat)
        return self._view

    def legal_actions(self) -> list[Action]:
        return self._world.legal_actions(self.seat)

    def determinize(self, rng: random.Random) -> GameState:
        """A world consistent with everything this seat has seen (a fresh clone)."""
        return self._world.determinize(self.seat, rng)
