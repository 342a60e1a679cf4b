"""The Shipping Offices (masters-of-venice.en.txt, Shipping Offices; Characters: Harbor
Master): the office's cube, the four cubes for the docks placed by the user, the dividend.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from arsenale.core.actions import Action
from arsenale.core.decisions import Decision, Why
from arsenale.core.state import Event
from arsenale.games.masters_of_venice import actions as A
from arsenale.games.masters_of_venice import powers
from arsenale.games.masters_of_venice.board import (
    LOCATIONS,
    N_DOCKS,
    N_RES,
    NORTH,
    RESOURCES,
)
from arsenale.games.masters_of_venice.market import dividend, draw_cube
from arsenale.games.masters_of_venice.rulebook import RULE_OFFICE
from arsenale.games.masters_of_venice.words import _, resource

if TYPE_CHECKING:
    from arsenale.games.masters_of_venice.state import MovState


def ship(s: MovState, seat: int, loc: int, events: list[Event]) -> None:
    """Shipping Offices: take the office's cube, refill it, draw four for the docks (placed by
    the user), the Harbor Master's free cube; then the office's dividend."""
    o = loc - NORTH
    s.u_ship = 1
    got = s.office[o]
    if got >= 0:
        s.cubes[N_RES * seat + got] += 1
    s.office[o] = draw_cube(s, events)
    drawn = []
    for _dock in range(N_DOCKS):
        r = draw_cube(s, events)
        if r >= 0:
            drawn.append(r)
    free = []
    for _free in range(powers.office_free_cubes(s, seat)):
        r = draw_cube(s, events)
        if r >= 0:
            s.cubes[N_RES * seat + r] += 1
            free.append(RESOURCES[r])
    events.append(
        {
            "type": "ship",
            "seat": seat,
            "office": LOCATIONS[loc],
            "took": RESOURCES[got] if got >= 0 else None,
            "refill": RESOURCES[s.office[o]] if s.office[o] >= 0 else None,
            "drawn": [RESOURCES[r] for r in drawn],
            "free": free,
        }
    )
    dividend(s, 5 + o, 10, events)
    s.pending = sorted(drawn)
    s.place_dock = 0
    settle_pending(s, seat, events)


def settle_pending(s: MovState, seat: int, events: list[Event]) -> None:
    """Place the drawn cubes on the docks in order; a decision only where the choice matters
    (two kinds of cube or more left)."""
    if not s.pending:
        return
    if s.pending[0] == s.pending[-1]:
        for r in s.pending:
            s.docks[N_RES * s.place_dock + r] += 1
            events.append(
                {"type": "place", "seat": seat, "dock": s.place_dock + 1, "resource": RESOURCES[r]}
            )
            s.place_dock += 1
        s.pending = []
        return
    s.stack.append(_PLACE[seat][s.place_dock])


_PLACE: Final = tuple(
    tuple(Decision("place", (seat,), d) for d in range(N_DOCKS)) for seat in range(5)
)
"""A seat's placing of a drawn cube on each dock, made once (a Decision is immutable)."""


def legal_place(s: MovState, seat: int, top: Decision, why: Why | None = None) -> list[Action]:
    out = []
    for r in range(N_RES):
        if r in s.pending:
            out.append(A.PLACE[r])
        elif why is not None:
            why.no(
                _("no cube {of_resource} was drawn for the docks").format(
                    of_resource=resource(RESOURCES[r], "of")
                ),
                RULE_OFFICE,
                "place",
                resource=RESOURCES[r],
            )
    return out


def apply_place(s: MovState, seat: int, action: Action, top: Decision) -> list[Event]:
    s.stack.pop()
    r = RESOURCES.index(action.params["resource"])
    s.pending.remove(r)
    s.docks[N_RES * s.place_dock + r] += 1
    events: list[Event] = [
        {"type": "place", "seat": seat, "dock": s.place_dock + 1, "resource": RESOURCES[r]}
    ]
    s.place_dock += 1
    settle_pending(s, seat, events)
    return events
