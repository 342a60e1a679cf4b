"""The outcome of a finished game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Result:
    scores: tuple[float, ...]
    """Final score of each seat in the game's own unit (ducats, prestige...)."""
    ranks: tuple[int, ...]
    """1 = first, after every tie-break; seats still tied share a rank."""
    tiebreak: tuple[float, ...] = ()
    """The tie-break value of each seat, where the rules have one."""

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(s for s, r in enumerate(self.ranks) if r == 1)

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": list(self.winners),
            "tiebreak": list(self.tiebreak),
        }

    @staticmethod
    def from_keys(scores: tuple[float, ...], tiebreak: tuple[float, ...] = ()) -> Result:
        """Ranks by score, then tie-break, both higher is better; full ties share a rank."""
        keys = [(scores[s], tiebreak[s] if tiebreak else 0) for s in range(len(scores))]
        ranks = tuple(1 + sum(1 for k in keys if k > keys[s]) for s in range(len(scores)))
        return Result(tuple(scores), ranks, tuple(tiebreak))
