"""Decisions: who owes the next choice, and of what kind.

A state keeps a stack of `Decision` frames, the pattern TAG calls extended sequences: the top
frame says which seats owe a decision now and what kind it is. A game pushes a frame when a
rule asks someone to decide (a blockade declared by a player whose turn it is not, a loot
choice of a defender, a price offer), and pops it when the choice is made, so decisions of
players other than the active one need no special path.

A frame naming several seats is a simultaneous secret decision: every listed seat submits once,
in any order; the core stores the submissions, hides them from every view and event until the
last one is in, then hands them all to the game at once (see `GameState.apply`).
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Decision(NamedTuple):
    kind: str
    """The name of the decision, e.g. "loading", "blockade"; the game dispatches on it."""
    seats: tuple[int, ...]
    """Who owes it; more than one seat means simultaneous and secret."""
    data: Any = None
    """Immutable game-specific context (a tuple or an int), never a mutable object."""

    @property
    def simultaneous(self) -> bool:
        return len(self.seats) > 1
