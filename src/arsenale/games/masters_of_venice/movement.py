"""Move (masters-of-venice.en.txt, Move; Round Summary): every merchant picks a destination
in secret, never the one the pawn stands on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from arsenale.core.actions import Action
from arsenale.core.decisions import Decision, Why
from arsenale.core.state import Event
from arsenale.games.masters_of_venice import actions as A
from arsenale.games.masters_of_venice.board import LOCATIONS
from arsenale.games.masters_of_venice.rulebook import RULE_MOVE
from arsenale.games.masters_of_venice.turn_order import advance
from arsenale.games.masters_of_venice.words import _, place

if TYPE_CHECKING:
    from arsenale.games.masters_of_venice.state import MovState


def legal_move(s: MovState, seat: int, top: Decision, why: Why | None = None) -> list[Action]:
    here = s.pawn[seat]
    if why is None:
        return list(_GO_BUT[here])
    out = []
    for loc in range(8):
        if loc == here:
            if why is not None:
                why.no(
                    _("you are {at_place} and must move elsewhere").format(
                        at_place=place(LOCATIONS[loc], "at")
                    ),
                    RULE_MOVE,
                    "go",
                    place=LOCATIONS[loc],
                )
        else:
            out.append(A.GO[loc])
    return out


_GO_BUT: Final = tuple(
    tuple(A.GO[loc] for loc in range(8) if loc != here) for here in (*range(8), -1)
)
"""The destinations from each location (the last: from off the board, index -1)."""


def resolve_move(s: MovState, top: Decision, submissions: dict[int, Action]) -> list[Event]:
    for seat in range(s.players):
        s.pawn[seat] = LOCATIONS.index(submissions[seat].params["place"])
    events: list[Event] = [
        {"type": "moved", "places": [LOCATIONS[p] for p in s.pawn]},
    ]
    s.activated = 0
    s.cur = -1
    s.queue = ()
    s.waited = 0
    advance(s, events)
    return events
