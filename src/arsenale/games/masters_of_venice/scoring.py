"""Final Scoring A-D (masters-of-venice.en.txt, Final Scoring): the tax on cubes, the
penalty for undelivered orders, stock value and cash in VP.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from arsenale.core.state import Event
from arsenale.games.masters_of_venice.board import (
    STEP,
)

if TYPE_CHECKING:
    from arsenale.games.masters_of_venice.state import MovState


FINAL_KEYS: Final = (
    "track_vp",
    "tax",
    "debt_vp",
    "order_penalty",
    "stock_value",
    "stock_vp",
    "cash",
    "cash_vp",
    "score",
)


def finish(s: MovState, events: list[Event]) -> None:
    """Final Scoring A-D, each seat on its own."""
    final = []
    for seat in range(s.players):
        value = s.cube_value(seat)
        tax = -(-value // (2 * STEP)) * STEP  # half, rounded up to a whole coin (RULINGS)
        paid = min(tax, s.cash[seat])
        s.cash[seat] -= paid
        owed = tax - paid
        debt_vp = -(-owed // 100)
        penalty = 2 * len(s.hands[seat])
        stock = s.stock_value(seat)
        stock_vp = (stock + 50) // 100
        cash_vp = (s.cash[seat] + 50) // 100
        total = s.vp[seat] - debt_vp - penalty + stock_vp + cash_vp
        final.append(
            (s.vp[seat], tax, debt_vp, penalty, stock, stock_vp, s.cash[seat], cash_vp, total)
        )
    s.final = tuple(final)
    s.over = True
    events.append({"type": "game_over", "scores": [f[-1] for f in final]})
