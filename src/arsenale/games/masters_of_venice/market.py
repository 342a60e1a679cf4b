"""Market arithmetic (masters-of-venice.en.txt, Dividends; FAQ 1-7): cubes out of the bag
and price bottoming, share prices and stock splits, price controls, dividends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arsenale.core.state import Event
from arsenale.games.masters_of_venice import powers
from arsenale.games.masters_of_venice.board import (
    COMPANIES,
    FLOOR,
    LUMBER,
    N_COMP,
    ORDERS_MAX,
    PRICE_MAX,
    RES_SHOP,
    RESET,
    RESOURCES,
    SHARE_MAX,
    SHOPS,
    STEP,
)

if TYPE_CHECKING:
    from arsenale.games.masters_of_venice.state import MovState


def draw_cube(s: MovState, events: list[Event]) -> int:
    """One random cube out of the bag (-1 if empty); its price falls one space, or at the
    floor its shop gains an order (price bottoming)."""
    bag = s.bag
    total = bag[0] + bag[1] + bag[2] + bag[3] + bag[4] + bag[5]
    if total == 0:
        return -1
    k = s.chance.below(total)
    r = 0
    while k >= bag[r]:
        k -= bag[r]
        r += 1
    bag[r] -= 1
    cube_out(s, r, events)
    return r


def cube_out(s: MovState, r: int, events: list[Event]) -> None:
    if s.price[r] > FLOOR:
        s.price[r] -= STEP
    elif r != LUMBER:
        shop = RES_SHOP[r]
        if s.orders[shop] < ORDERS_MAX:
            s.orders[shop] += 1
        events.append({"type": "bottoming", "resource": RESOURCES[r], "shop": SHOPS[shop]})


def raise_share(s: MovState, shop: int, spaces: int, events: list[Event]) -> None:
    """The share price rises; over the top the stock splits: half the price reached, rounded
    up to a whole space, and every holder gains 1 VP per share."""
    v = s.share[shop] + STEP * spaces
    if v > SHARE_MAX:
        new = -(-v // (2 * STEP)) * STEP
        s.share[shop] = new
        gains = {}
        for seat in range(s.players):
            held = s.shares[N_COMP * seat + shop]
            if held:
                s.vp[seat] += held
                gains[seat] = held
        events.append(
            {"type": "split", "shop": SHOPS[shop], "reached": v, "price": new, "vp": gains}
        )
    else:
        s.share[shop] = v


def controls(s: MovState, r: int, events: list[Event]) -> None:
    """Price controls: a resource price over the top goes back to 40 after the payouts."""
    if s.price[r] > PRICE_MAX:
        events.append({"type": "controls", "resource": RESOURCES[r], "reached": s.price[r]})
        s.price[r] = RESET


def dividend(s: MovState, company: int, per: int, events: list[Event]) -> None:
    """Every holder receives `per` a share; the Tax Collector one more `per`."""
    paid: dict[int, int] = {}
    for seat in range(s.players):
        held = s.shares[N_COMP * seat + company]
        if held:
            paid[seat] = per * held
    for seat, extra in powers.extra_dividend(s):
        paid[seat] = paid.get(seat, 0) + per * extra
    for seat, amount in paid.items():
        s.cash[seat] += amount
    events.append(
        {"type": "dividend", "company": COMPANIES[company], "per_share": per, "paid": paid}
    )


def sale_dividend(total: int) -> int:
    """Dividends: 10% of the sale rounded to the nearest 100 (halves up), per share; nothing
    under 50."""
    if total < 50:
        return 0
    return (total + 50) // 100 * 10
