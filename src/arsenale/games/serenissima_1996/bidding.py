"""Phase 1: secret bids for the turn order (serenissima-1996.en.txt, "Phase 1").

Every seat bids a sum in steps of 100 ducats at once and in secret. Bids are revealed and paid
to the bank. The highest bidder picks a place in the turn order first, then the next highest;
equal bids are settled by die rolls, highest first (rolled again while tied); seats that bid
nothing pick last, in the order of their die rolls.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from arsenale.core.actions import Action
from arsenale.core.decisions import Decision, Why
from arsenale.core.state import Event
from arsenale.games.serenissima_1996 import flow
from arsenale.games.serenissima_1996.words import _

if TYPE_CHECKING:
    from arsenale.games.serenissima_1996.state import Serenissima1996State

RULE_BIDS: Final = (
    "serenissima-1996.en.txt, Phase 1: Moving the round marker and determining the player order"
)


def legal_bid(
    s: Serenissima1996State, seat: int, top: Decision, why: Why | None = None
) -> list[Action]:
    """Any sum of one's own money in steps of 100 (RULINGS.md R9)."""
    bids = s.game.actions.bid
    if why is not None:  # the one check: no more than the bidder has
        why.no(
            _("you cannot bid more than your {money} ducats").format(money=s.money[seat]),
            RULE_BIDS,
            "bid",
        )
    return bids[: min(s.money[seat] // 100, len(bids) - 1) + 1]


def roll(s: Serenissima1996State) -> int:
    return s.chance.below(6) + 1


def dice_order(s: Serenissima1996State, seats: list[int], events: list[Event]) -> list[int]:
    """Seats ordered by die rolls, highest first; ties roll again among themselves."""
    if len(seats) <= 1:
        return list(seats)
    rolls = {seat: roll(s) for seat in seats}
    events.append({"type": "dice", "rolls": {str(k): v for k, v in rolls.items()}})
    out: list[int] = []
    for value in sorted(set(rolls.values()), reverse=True):
        tied = [seat for seat in seats if rolls[seat] == value]
        out += dice_order(s, tied, events) if len(tied) > 1 else tied
    return out


def resolve_bid(
    s: Serenissima1996State, top: Decision, submissions: dict[int, Action]
) -> list[Event]:
    bids = {seat: submissions[seat]["ducats"] for seat in range(s.players)}
    for seat, amount in bids.items():
        s.money[seat] -= amount
    events: list[Event] = [{"type": "bids", "bids": [bids[seat] for seat in range(s.players)]}]
    choosers: list[int] = []
    for amount in sorted({v for v in bids.values() if v > 0}, reverse=True):
        choosers += dice_order(
            s, [seat for seat in range(s.players) if bids[seat] == amount], events
        )
    choosers += dice_order(s, [seat for seat in range(s.players) if bids[seat] == 0], events)
    _next_chooser(s, tuple(choosers), events)
    return events


def _next_chooser(s: Serenissima1996State, choosers: tuple[int, ...], events: list[Event]) -> None:
    free = [k for k in range(s.players) if s.order[k] < 0]
    if len(choosers) == 1:  # the last one takes the last place
        s.order[free[0]] = choosers[0]
        events.append({"type": "place", "seat": choosers[0], "place": free[0] + 1})
        events.append({"type": "order", "order": list(s.order)})
        flow.start_phase(s, 2, events)
        return
    s.stack.append(Decision("position", (choosers[0],), choosers[1:]))


def legal_position(
    s: Serenissima1996State, seat: int, top: Decision, why: Why | None = None
) -> list[Action]:
    """A place in the turn order not yet taken."""
    places = s.game.actions.position
    if why is not None:
        for k, taken in enumerate(s.order):
            if taken >= 0:
                why.no(
                    _("place {k} is taken by the {seat_label}").format(
                        k=k + 1, seat_label=s.game.seat_name(s.seat_label(taken))
                    ),
                    RULE_BIDS,
                    "position",
                    place=k + 1,
                )
        why.no(
            _("there are only {players} places in the turn order").format(players=s.players),
            RULE_BIDS,
            "position",
        )
    return [places[k] for k in range(s.players) if s.order[k] < 0]


def apply_position(
    s: Serenissima1996State, seat: int, action: Action, top: Decision
) -> list[Event]:
    s.stack.pop()
    place = action["place"]
    s.order[place - 1] = seat
    events: list[Event] = [{"type": "place", "seat": seat, "place": place}]
    _next_chooser(s, top.data, events)
    return events
