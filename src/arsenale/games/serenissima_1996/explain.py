"""Why an action is refused in Serenissima (1996): a plain reason and its rule."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arsenale.core.actions import Action
from arsenale.core.decisions import Decision

if TYPE_CHECKING:
    from arsenale.games.serenissima_1996.state import State


def why_illegal(s: State, seat: int, action: Action, top: Decision) -> tuple[str, str | None]:
    return (f"{action.notation!r} is not legal now", None)
