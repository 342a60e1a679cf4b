"""The Shops (masters-of-venice.en.txt, Shops): the stock majority move and one sale at
double the price, with its dividend.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING

from arsenale.core.actions import Action
from arsenale.core.decisions import Why
from arsenale.core.state import Event
from arsenale.games.masters_of_venice import actions as A
from arsenale.games.masters_of_venice.board import (
    FLOOR,
    N_COMP,
    N_RES,
    N_SHOPS,
    ORDERS_MAX,
    PRICE_MAX,
    RES_SHOP,
    RESOURCES,
    SHOP_RES,
    SHOPS,
    STEP,
)
from arsenale.games.masters_of_venice.market import controls, dividend, raise_share, sale_dividend
from arsenale.games.masters_of_venice.rulebook import RULE_FAQ, RULE_SHOPS
from arsenale.games.masters_of_venice.words import _, cubes, ngettext
from arsenale.games.masters_of_venice.words import shop as shop_words

if TYPE_CHECKING:
    from arsenale.games.masters_of_venice.state import MovState


def legal_shops(s: MovState, seat: int, out: list[Action], why: Why | None) -> None:
    """Shops: a majority move at each shop where the seat holds majority (once a round), and
    one sale at one shop, no more than its orders, at double the price."""
    used = s.majority[seat]
    held_shares = s.shares[N_COMP * seat : N_COMP * seat + N_SHOPS]
    # with no refusal to explain, the shops where the seat holds no shares offer nothing
    shops = range(N_SHOPS) if why is not None else compress(range(N_SHOPS), held_shares)
    for shop in shops:
        if used >> shop & 1:
            if why is not None:
                why.no(
                    _("you have already used your majority {at_shop} this round").format(
                        at_shop=shop_words(shop, "at")
                    ),
                    RULE_SHOPS,
                    "majority",
                    shop=SHOPS[shop],
                )
            continue
        if not held_shares[shop] or not s.has_majority(seat, shop):  # no shares, no majority
            if why is not None:
                why.no(
                    _("you do not hold the majority of the shares {of_shop}").format(
                        of_shop=shop_words(shop, "of")
                    ),
                    RULE_SHOPS,
                    "majority",
                    shop=SHOPS[shop],
                )
            continue
        r = SHOP_RES[shop]
        if s.price[r] - 2 * STEP >= FLOOR and s.orders[shop] < ORDERS_MAX:
            out.append(A.MAJORITY[shop][0])
        elif why is not None:
            why.no(
                _("no room {at_shop}: the price cannot fall 2 spaces or the orders rise").format(
                    at_shop=shop_words(shop, "at")
                ),
                RULE_SHOPS,
                "majority",
                shop=SHOPS[shop],
                dir="down",
            )
        if s.price[r] + 2 * STEP <= PRICE_MAX and s.orders[shop] > 0:
            out.append(A.MAJORITY[shop][1])
        elif why is not None:
            why.no(
                _("no room {at_shop}: the price cannot rise 2 spaces or the orders fall").format(
                    at_shop=shop_words(shop, "at")
                ),
                RULE_SHOPS,
                "majority",
                shop=SHOPS[shop],
                dir="up",
            )
    if s.u_sale:
        if why is not None:
            why.no(_("you have already sold at a shop in this use"), RULE_SHOPS, "sell")
        return
    base = N_RES * seat
    if why is None:
        orders = s.orders
        for r, held in enumerate(s.cubes[base : base + N_RES]):
            if held and RES_SHOP[r] >= 0:
                top_k = orders[RES_SHOP[r]]
                if held < top_k:
                    top_k = held
                if top_k > 0:
                    out.extend(A.SELL[r][:top_k])
        return
    for r in range(N_RES):
        shop = RES_SHOP[r]
        held = s.cubes[base + r]
        if shop < 0:
            if why is not None:
                why.no(
                    _("no shop buys lumber (it goes to the Guild Hall)"),
                    RULE_FAQ,
                    "sell",
                    resource=RESOURCES[r],
                )
            continue
        top_k = min(held, s.orders[shop])
        if top_k > 0:
            out.extend(A.SELL[r][:top_k])
        if why is not None and why.wants("sell") and why.action["resource"] == RESOURCES[r]:
            k = why.action["count"]
            if k > held:
                why.no(
                    _("you hold {cubes}").format(cubes=cubes(held, RESOURCES[r])),
                    RULE_SHOPS,
                    "sell",
                )
            elif k > s.orders[shop]:
                why.no(
                    ngettext(
                        "{shop} has {n} order", "{shop} has {n} orders", s.orders[shop]
                    ).format(shop=shop_words(shop, "the"), n=s.orders[shop]),
                    RULE_SHOPS,
                    "sell",
                )


def majority(s: MovState, seat: int, shop: int, direction: str, events: list[Event]) -> None:
    r = SHOP_RES[shop]
    if direction == "down":
        s.price[r] -= 2 * STEP
        s.orders[shop] += 1
    else:
        s.price[r] += 2 * STEP
        s.orders[shop] -= 1
    s.majority[seat] |= 1 << shop
    events.append({"type": "majority", "seat": seat, "shop": SHOPS[shop], "dir": direction})


def shop_sale(s: MovState, seat: int, r: int, k: int, events: list[Event]) -> None:
    """Shops 2: double the price for each cube; then the pegs move, a split, the dividend,
    price controls (RULINGS.md: the order of the payouts)."""
    shop = RES_SHOP[r]
    total = 2 * s.price[r] * k
    s.cash[seat] += total
    s.cubes[N_RES * seat + r] -= k
    s.bag[r] += k
    s.price[r] += STEP * k
    s.orders[shop] -= k
    s.u_sale = 1
    events.append(
        {"type": "sale", "seat": seat, "resource": RESOURCES[r], "count": k, "total": total}
    )
    raise_share(s, shop, k, events)
    per = sale_dividend(total)
    if per:
        dividend(s, shop, per, events)
    controls(s, r, events)
