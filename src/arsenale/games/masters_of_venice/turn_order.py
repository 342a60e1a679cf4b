"""Actions in turn order and by location (masters-of-venice.en.txt, Actions; 2.1 and 2.2;
Characters: Gondolieri): which location is resolved next, the visitors in turn order, the
sharers clockwise from the left of the last one who acted, and the Gondola Marker's
interrupt (asked only where it would change the order, RULINGS.md A9).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from arsenale.core.actions import Action
from arsenale.core.decisions import Decision, Why
from arsenale.core.state import Event
from arsenale.games.masters_of_venice import actions as A
from arsenale.games.masters_of_venice.board import (
    LOCATIONS,
    SHARED,
)
from arsenale.games.masters_of_venice.rounds import end_round

if TYPE_CHECKING:
    from arsenale.games.masters_of_venice.state import MovState


def next_location(s: MovState) -> int:
    for seat in s.order:
        loc = s.pawn[seat]
        if not s.activated >> loc & 1:
            return loc
    return -1


def activate(s: MovState, loc: int, first: int, events: list[Event]) -> None:
    s.cur = loc
    s.activated |= 1 << loc
    visitors = [seat for seat in s.order if s.pawn[seat] == loc]
    if first >= 0:
        visitors.remove(first)
        visitors.insert(0, first)
    s.queue = tuple(visitors)
    s.stage = 0
    s.acted = 0
    s.last = -1
    events.append({"type": "activate", "place": LOCATIONS[loc], "visitors": visitors})


def could_jump(s: MovState, nxt: int) -> bool:
    """Whether the Gondolieri's marker could put him ahead of `nxt` at this location."""
    g = s.gondolieri
    if not s.marker or g == nxt or s.acted >> g & 1:
        return False
    if g in s.queue:
        return True
    return s.stage == 0 and s.cur in SHARED and s.pawn[g] != s.cur


def advance(s: MovState, events: list[Event]) -> None:
    """Give the next turn: the next seat at this location, the sharers, or the next location;
    after the last location, the end of the round."""
    while True:
        if s.cur >= 0 and not s.queue and s.stage == 0 and s.cur in SHARED:
            n = s.players
            start = s.last if s.last >= 0 else s.order[0]
            acted = s.acted
            sharers = tuple([seat for seat in _CLOCKWISE[n][start] if not acted >> seat & 1])
            s.queue = sharers
            s.stage = 1
            if sharers:
                events.append(
                    {"type": "sharing", "place": LOCATIONS[s.cur], "seats": list(sharers)}
                )
        if s.cur < 0 or not s.queue:
            s.cur = -1
            loc = next_location(s)
            if loc < 0:
                end_round(s, events)
                return
            g = s.gondolieri
            gloc = s.pawn[g] if g >= 0 else -1
            if (
                s.marker
                and not s.waited
                and gloc != loc
                and gloc >= 0
                and not s.activated >> gloc & 1
            ):
                s.stack.append(_MARKER[g][0])
                return
            s.waited = 0
            activate(s, loc, -1, events)
            continue
        nxt = s.queue[0]
        if s.marker and not s.waited and could_jump(s, nxt):
            s.stack.append(_MARKER[s.gondolieri][nxt + 1])
            return
        s.waited = 0
        s.queue = s.queue[1:]
        begin_use(s, nxt)
        return


_CLOCKWISE: Final = tuple(
    tuple(tuple((start + k) % n for k in range(1, n + 1)) for start in range(n)) for n in range(6)
)
"""`_CLOCKWISE[players][seat]`: every seat clockwise from the left of `seat`, `seat` last."""


def begin_use(s: MovState, seat: int) -> None:
    """A seat's turn at the active location begins, with nothing used yet."""
    clear_use(s)
    loc = s.cur
    s.stack.append(_USE[seat][loc] if loc >= 0 else Decision("use", (seat,), loc))


_USE: Final = tuple(tuple(Decision("use", (seat,), loc) for loc in range(8)) for seat in range(5))
"""The decision of a seat's use of each location, made once (a Decision is immutable)."""
_MARKER: Final = tuple(
    tuple(Decision("marker", (g,), nxt) for nxt in range(-1, 5)) for g in range(5)
)
"""The Gondolieri's marker decision, `_MARKER[g][nxt + 1]`: before the seat `nxt`'s turn, or
between locations (nxt -1)."""


def clear_use(s: MovState) -> None:
    """The once-per-turn marks of a location's use (dock chosen, resources bought and sold,
    draws, powers and favors used) back to nothing."""
    s.u_dock = -1
    s.u_types = 0
    s.u_sold = 0
    s.u_nbuy = 0
    s.u_nsell = 0
    s.u_sbuy = -1
    s.u_ssell = -1
    s.u_sale = 0
    s.u_draw = 0
    s.u_steal = 0
    s.u_swap = 0
    s.u_favor = 0
    s.u_ship = 0


def legal_marker(s: MovState, seat: int, top: Decision, why: Why | None = None) -> list[Action]:
    return [A.GONDOLA, A.WAIT]


def apply_marker(s: MovState, seat: int, action: Action, top: Decision) -> list[Event]:
    s.stack.pop()
    events: list[Event] = []
    if action is A.WAIT:
        s.waited = 1
        events.append({"type": "wait", "seat": seat})
        advance(s, events)
        return events
    s.marker -= 1
    events.append({"type": "marker", "seat": seat})
    if top.data < 0:  # between locations: his own destination now, with him first
        s.waited = 0
        activate(s, s.pawn[seat], seat, events)
        advance(s, events)
        return events
    if seat in s.queue:
        s.queue = tuple(x for x in s.queue if x != seat)
    s.waited = 0
    begin_use(s, seat)
    return events
