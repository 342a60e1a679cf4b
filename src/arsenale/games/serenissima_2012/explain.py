"""Why an action is refused: a plain reason and the rule it breaks (filled in below)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arsenale.core.actions import Action
from arsenale.core.decisions import Decision

if TYPE_CHECKING:
    from arsenale.games.serenissima_2012.state import SerenissimaState


def why_illegal(s: SerenissimaState, seat: int, action: Action, top: Decision) -> tuple[str, str | None]:
    return (f"{action.notation!r} is not legal now", None)
