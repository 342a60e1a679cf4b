"""The outcome of a finished game: scores, the tie-break keys in the rulebook's order, ranks,
and for a one-player game the target it played against."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Result:
    scores: tuple[float, ...]
    """Final score of each seat in the game's own unit (ducats, prestige...)."""
    ranks: tuple[int, ...]
    """1 = first, after every tie-break; seats still tied share a rank."""
    tiebreaks: tuple[tuple[float, ...], ...] = ()
    """The tie-break keys in the order the rules apply them (cash, then stock value...); each
    key holds one value per seat, higher is better."""
    target: float | None = None
    """A one-player game's target score: reached (score >= target) is a win."""
    outcome: bool | None = None
    """A one-player game won or lost by a condition of the rules other than a target score
    (a challenge survived to the end, say): True won, False lost; the score stays a score."""

    @property
    def solo(self) -> bool:
        """A one-player game with a win condition: a target score or an outcome."""
        return self.target is not None or self.outcome is not None

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats ranked first; in a one-player game, the seat if it won."""
        if self.solo:
            return (0,) if self.won else ()
        return tuple(s for s, r in enumerate(self.ranks) if r == 1)

    @property
    def won(self) -> bool:
        """A one-player game: whether it was won (its outcome, or its target reached)."""
        if self.outcome is not None:
            return self.outcome
        return self.target is not None and self.scores[0] >= self.target

    @property
    def tiebreak(self) -> tuple[float, ...]:
        """The first tie-break key (empty when the rules have none)."""
        return self.tiebreaks[0] if self.tiebreaks else ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": list(self.winners),
            "tiebreak": list(self.tiebreak),
            "tiebreaks": [list(k) for k in self.tiebreaks],
        }
        if self.target is not None:
            out["target"] = self.target
        if self.solo:
            out["won"] = self.won
        return out

    @staticmethod
    def from_keys(
        scores: Sequence[float],
        *tiebreaks: Sequence[float],
        target: float | None = None,
        won: bool | None = None,
    ) -> Result:
        """Ranks by score, then each tie-break key in turn, all higher is better; seats equal
        on every key share a rank. A one-player result is won or lost by `target` (a score to
        reach) or by `won` (the rules' own condition)."""
        n = len(scores)
        tiebreaks = tuple(k for k in tiebreaks if len(k))
        if any(len(k) != n for k in tiebreaks):
            raise ValueError("every tie-break key needs one value per seat")
        if (target is not None or won is not None) and n != 1:
            raise ValueError("a target score or an outcome is for one-player games")
        if target is not None and won is not None:
            raise ValueError("a one-player result is won by a target or by an outcome, not both")
        keys = [(scores[s], *(k[s] for k in tiebreaks)) for s in range(n)]
        ranks = tuple(1 + sum(1 for k in keys if k > keys[s]) for s in range(n))
        return Result(
            tuple(float(v) for v in scores),
            ranks,
            tuple(tuple(float(v) for v in k) for k in tiebreaks),
            target,
            won,
        )


def rank_returns(ranks: Sequence[int]) -> list[float]:
    """Zero-sum payoffs in [-1, 1] from ranks (1 = first; equal ranks share the average of
    the places they cover): with 4 seats 1, 1/3, -1/3, -1."""
    n = len(ranks)
    if n == 1:
        return [0.0]
    out = []
    for r in ranks:
        better = sum(1 for q in ranks if q < r)
        equal = sum(1 for q in ranks if q == r)
        places = [1.0 - 2.0 * k / (n - 1) for k in range(better, better + equal)]
        out.append(sum(places) / len(places))
    return out
