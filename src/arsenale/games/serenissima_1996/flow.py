"""The order of play: rounds of six phases, each played seat by seat in the round's turn order
(serenissima-1996.en.txt, "Sequence of a game round"; serenissima-1996.fr.txt, "DEROULEMENT
D'UN TOUR DE JEU").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from arsenale.core.decisions import Decision
from arsenale.core.state import Event

if TYPE_CHECKING:
    from arsenale.games.serenissima_1996.state import Serenissima1996State

RULE_ROUND: Final = "serenissima-1996.en.txt, Sequence of a game round"
# The decision each seat owes in its turn of phases 2-6.
PHASE_KIND: Final = {2: "purchases", 3: "movement", 4: "battles", 5: "landing", 6: "sales"}


def start_round(s: Serenissima1996State, events: list[Event]) -> None:
    """Phase 1: the round marker moves on; every seat bids in secret (bidding.py)."""
    s.round += 1
    s.phase = 1
    s.built = 0
    s.hired = [0] * len(s.hired)
    s.order = [-1] * s.players
    s.turn_index = 0
    events.append({"type": "round", "round": s.round})
    s.stack.append(Decision("bid", tuple(range(s.players))))


def start_phase(s: Serenissima1996State, phase: int, events: list[Event]) -> None:
    s.phase = phase
    s.turn_index = -1
    if phase == 3:
        s.g_moved = [0] * len(s.g_moved)
        s.g_start = s.g_area.copy()
        s.g_stopped = 0
    events.append({"type": "phase", "phase": phase})
    next_turn(s, events)


def next_turn(s: Serenissima1996State, events: list[Event]) -> None:
    """Hand the current phase to the next seat in turn order; after the last, the next phase.
    A seat whose only legal action would be `done` is passed over."""
    while True:
        s.turn_index += 1
        if s.turn_index >= s.players:
            if s.phase == 6:
                from arsenale.games.serenissima_1996 import sales

                sales.end_round(s, events)
            else:
                start_phase(s, s.phase + 1, events)
            return
        seat = s.order[s.turn_index]
        s.arranged = 0
        s.deals = 0
        frame = Decision(PHASE_KIND[s.phase], (seat,))
        legal = s.phases[frame.kind].legal(s, seat, frame, None)
        if len(legal) > 1:
            s.stack.append(frame)
            s._legal = (s.ply, seat, legal)  # its legal actions, kept in the core's cache
            return


def end_turn(s: Serenissima1996State, events: list[Event]) -> None:
    """The seat on turn says `done`: pop its phase frame and move on."""
    s.stack.pop()
    next_turn(s, events)
