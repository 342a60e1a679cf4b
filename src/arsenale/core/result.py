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

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats ranked first; in a one-player game, the seat if it reached the target."""
        if self.target is not None:
            return (0,) if self.won else ()
        return tuple(s for s, r in enumerate(self.ranks) if r == 1)

    @property
    def won(self) -> bool:
        """A one-player game: whether the target was reached."""
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
            out["won"] = self.won
        return out

    @staticmethod
    def from_keys(
        scores: Sequence[float],
        *tiebreaks: Sequence[float],
        target: float | None = None,
    ) -> Result:
        """Ranks by score, then each tie-break key in turn, all higher is better; seats equal
        on every key share a rank. `target` makes a one-player result won or lost."""
        n = len(scores)
        tiebreaks = tuple(k for k in tiebreaks if len(k))
        if any(len(k) != n for k in tiebreaks):
            raise ValueError("every tie-break key needs one value per seat")
        if target is not None and n != 1:
            raise ValueError("a target score is for one-player games")
        keys = [(scores[s], *(k[s] for k in tiebreaks)) for s in range(n)]
        ranks = tuple(1 + sum(1 for k in keys if k > keys[s]) for s in range(n))
        return Result(
            tuple(float(v) for v in scores),
            ranks,
            tuple(tuple(float(v) for v in k) for k in tiebreaks),
            target,
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
