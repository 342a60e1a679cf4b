"""Bidding rounds (masters-of-venice.en.txt, Bidding; 2-Player Rules): secret bids, the turn
order and its tie-break by shareholdings, the character draft and the orders adjustments.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from arsenale.core.actions import Action
from arsenale.core.decisions import Decision, Why
from arsenale.core.state import Event
from arsenale.games.masters_of_venice import actions as A
from arsenale.games.masters_of_venice import powers
from arsenale.games.masters_of_venice.board import (
    BID_CAP,
    BID_STEP,
    CHARACTERS,
    GONDOLIERI,
    N_COMP,
    ORDERS_MAX,
    ROUNDS,
    SHOPS,
)
from arsenale.games.masters_of_venice.rounds import end_round
from arsenale.games.masters_of_venice.rulebook import RULE_BID
from arsenale.games.masters_of_venice.words import _, character, ducats
from arsenale.games.masters_of_venice.words import shop as shop_words

if TYPE_CHECKING:
    from arsenale.games.masters_of_venice.state import MovState


PICK, ADJUST = 0, 1

_PICK: Final = tuple(
    tuple(Decision("character", (seat,), r) for r in range(ROUNDS)) for seat in range(5)
)
_ADJUST: Final = tuple(
    tuple(Decision("orders", (seat,), r) for r in range(ROUNDS)) for seat in range(5)
)
"""A seat's character pick and orders adjustment in each round, made once (a Decision is
immutable)."""


def legal_bid(s: MovState, seat: int, top: Decision, why: Why | None = None) -> list[Action]:
    cash = s.cash[seat]
    top_bid = min(cash, BID_CAP) // BID_STEP
    if why is not None and why.wants("bid"):
        amount = why.action["amount"]
        if amount > cash:
            why.no(
                _("a bid of {amount} is more than your {ducats}").format(
                    amount=amount, ducats=ducats(cash)
                ),
                RULE_BID,
                "bid",
            )
    return list(A.BIDS[: top_bid + 1])


def tiebreak_key(s: MovState, seat: int) -> tuple[int, ...]:
    """Bidding: the higher bid first; ties to the most shipping office shares (both
    together), then Blacksmith, Jeweler, Miller, Spice Shop, Tailor; then the younger."""
    base = N_COMP * seat
    sh = s.shares
    return (
        -s.bids[seat],
        -(sh[base + 5] + sh[base + 6]),
        -sh[base],
        -sh[base + 1],
        -sh[base + 2],
        -sh[base + 3],
        -sh[base + 4],
        s.age[seat],
    )


def resolve_bid(s: MovState, top: Decision, submissions: dict[int, Action]) -> list[Event]:
    n = s.players
    for seat in range(n):
        amount = submissions[seat].params["amount"]
        s.bids[seat] = amount
        s.cash[seat] -= amount
    s.order = tuple(sorted(range(n), key=lambda seat: tiebreak_key(s, seat)))
    g = s.order[-1]
    s.gondolieri = g
    s.chars[g] = 1 << GONDOLIERI
    s.marker = powers.gondola(s, g)
    events: list[Event] = [
        {"type": "bids", "bids": list(s.bids), "order": list(s.order), "gondolieri": g}
    ]
    steps: tuple[int, ...]
    if n == 2:
        a, b = s.order
        steps = (a * 2 + PICK, a * 2 + ADJUST, b * 2 + PICK, b * 2 + ADJUST, a * 2 + PICK)
    else:
        steps = tuple(x for seat in s.order[:-1] for x in (seat * 2 + PICK, seat * 2 + ADJUST))
        steps += (g * 2 + ADJUST,)
    s.draft = steps
    next_draft(s, events)
    return events


def adjust_targets(bid: int, now: int) -> tuple[int, int]:
    """The orders `now` at a shop after raising by bid/5 or lowering by bid/10, within the
    track."""
    up, down = now + bid // 5, now - bid // 10
    return (up if up < ORDERS_MAX else ORDERS_MAX), (down if down > 0 else 0)


def _moves(bid: int, now: int) -> int:
    """Which adjustments of orders `now` a bid allows, `adjust_targets` moving them: 1 up,
    2 down, 3 both, 0 neither."""
    up, down = adjust_targets(bid, now)
    return (up != now) + 2 * (down != now)


_ADJUSTABLE: Final = tuple(
    tuple(_moves(bid, now) for now in range(ORDERS_MAX + 1))
    for bid in range(0, BID_CAP + 1, BID_STEP)
)
"""`_ADJUSTABLE[bid // BID_STEP][orders]`: `_moves(bid, orders)`, made once."""
_ADJUSTMENTS: Final = tuple(((), (up,), (down,), (up, down)) for up, down in A.ORDERS_ADJUST)
"""Per shop, by `_moves`: the adjustments offered, up first."""


def can_adjust(s: MovState, seat: int) -> bool:
    """Whether the seat's bid moves the orders of some shop (else its adjustment is skipped)."""
    bid = s.bids[seat]
    if bid <= 0:
        return False
    return any(map(_ADJUSTABLE[bid // BID_STEP].__getitem__, s.orders))


def next_draft(s: MovState, events: list[Event]) -> None:
    while s.draft:
        step, s.draft = s.draft[0], s.draft[1:]
        seat, kind = divmod(step, 2)
        if kind == PICK:
            s.stack.append(_PICK[seat][s.round])
            return
        if can_adjust(s, seat):
            s.stack.append(_ADJUST[seat][s.round])
            return
        events.append({"type": "no_adjustment", "seat": seat, "bid": s.bids[seat]})
    end_round(s, events)


def legal_character(s: MovState, seat: int, top: Decision, why: Why | None = None) -> list[Action]:
    """The characters nobody holds yet (`_UNTAKEN`); each held one refused with its reason."""
    taken = 0
    for mask in s.chars:
        taken |= mask
    if why is not None:
        for c in range(1, len(CHARACTERS)):
            if taken >> c & 1:
                why.no(
                    _("{character} is already taken").format(
                        character=character(CHARACTERS[c], "the")
                    ),
                    RULE_BID,
                    "character",
                    name=CHARACTERS[c],
                )
    return list(_UNTAKEN[taken])


_UNTAKEN: Final = tuple(
    tuple(A.CHARACTER[c - 1] for c in range(1, len(CHARACTERS)) if not taken >> c & 1)
    for taken in range(1 << len(CHARACTERS))
)
"""`_UNTAKEN[taken]`: the characters a pick may take when the characters of the mask `taken`
are held, in `legal_character`'s order (the Gondolieri, character 0, is never picked)."""


def apply_character(s: MovState, seat: int, action: Action, top: Decision) -> list[Event]:
    s.stack.pop()
    c = CHARACTERS.index(action.params["name"])
    s.chars[seat] |= 1 << c
    events: list[Event] = [{"type": "character", "seat": seat, "character": CHARACTERS[c]}]
    next_draft(s, events)
    return events


def legal_orders(s: MovState, seat: int, top: Decision, why: Why | None = None) -> list[Action]:
    """The orders adjustments the seat's bid allows, shop by shop, up first (`_ADJUSTABLE`,
    made from `adjust_targets`); each one it does not allow refused with its reason."""
    bid = s.bids[seat]
    moves = _ADJUSTABLE[bid // BID_STEP]
    out: list[Action] = []
    for shop, now in enumerate(s.orders):
        allowed = moves[now]
        out.extend(_ADJUSTMENTS[shop][allowed])
        if why is None:
            continue
        if not allowed & 1:
            why.no(
                _("the orders {at_shop} cannot rise (bid {bid})").format(
                    at_shop=shop_words(shop, "at"), bid=bid
                ),
                RULE_BID,
                "orders",
                shop=SHOPS[shop],
                dir="up",
            )
        if not allowed & 2:
            why.no(
                _("the orders {at_shop} cannot fall (bid {bid}: one space per 10 ducats)").format(
                    at_shop=shop_words(shop, "at"), bid=bid
                ),
                RULE_BID,
                "orders",
                shop=SHOPS[shop],
                dir="down",
            )
    return out


def apply_orders(s: MovState, seat: int, action: Action, top: Decision) -> list[Event]:
    s.stack.pop()
    shop = SHOPS.index(action.params["shop"])
    up, down = adjust_targets(s.bids[seat], s.orders[shop])
    before = s.orders[shop]
    s.orders[shop] = up if action.params["dir"] == "up" else down
    events: list[Event] = [
        {
            "type": "orders",
            "seat": seat,
            "shop": SHOPS[shop],
            "from": before,
            "to": s.orders[shop],
        }
    ]
    next_draft(s, events)
    return events
