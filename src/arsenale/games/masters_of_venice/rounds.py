"""The rounds (masters-of-venice.en.txt, Characters: Gondolieri; game length): at the end
of each round the Gondolieri moves the gondola and takes the rumor there; a bidding space
starts a bidding round, any other space a commerce round; after the last the game ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from arsenale.core.decisions import Decision
from arsenale.core.state import Event
from arsenale.games.masters_of_venice.board import (
    BID_SPACES,
    ROUNDS,
    SHOPS,
)
from arsenale.games.masters_of_venice.scoring import finish

if TYPE_CHECKING:
    from arsenale.games.masters_of_venice.state import MovState


def end_round(s: MovState, events: list[Event]) -> None:
    """The Gondolieri moves the gondola and takes the rumor there; the last round ends the
    game (Characters, Gondolieri; game length)."""
    if s.round >= ROUNDS - 1:
        finish(s, events)
        return
    s.round += 1
    g = s.gondolieri
    events.append({"type": "gondola", "round": s.round + 1, "seat": g})
    colour = s.canal[s.round]
    if colour >= 0:
        s.canal[s.round] = -1
        s.rumors[g] = tuple(sorted((*s.rumors[g], colour)))
        events.append({"type": "rumor_taken", "seat": g})
        events.append({"type": "rumor_seen", "seat": g, "shop": SHOPS[colour], "visible_to": [g]})
    s.majority = [0] * s.players
    if s.round in BID_SPACES:
        start_bidding(s, events)
    else:
        start_commerce(s, events)


def start_bidding(s: MovState, events: list[Event]) -> None:
    s.chars = [0] * s.players
    s.gondolieri = -1
    s.marker = 0
    s.cur = -1
    s.queue = ()
    events.append({"type": "bidding", "round": s.round + 1})
    s.stack.append(_BID[s.players][s.round])


def start_commerce(s: MovState, events: list[Event]) -> None:
    events.append({"type": "commerce", "round": s.round + 1})
    s.stack.append(_MOVE[s.players][s.round])


_BID: Final = tuple(
    tuple(Decision("bid", tuple(range(n)), r) for r in range(ROUNDS)) for n in range(6)
)
_MOVE: Final = tuple(
    tuple(Decision("move", tuple(range(n)), r) for r in range(ROUNDS)) for n in range(6)
)
"""Every seat's secret bid and destination, by player count and round, made once (a Decision
is immutable)."""
