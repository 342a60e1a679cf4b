"""The Church, favors and rumors (masters-of-venice.en.txt, Church; Favors & Rumors): buying
a face-up favor, playing favors and rumors during one's own use of a location.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from arsenale.core.actions import Action
from arsenale.core.decisions import Why
from arsenale.core.state import Event
from arsenale.games.masters_of_venice import actions as A
from arsenale.games.masters_of_venice.board import (
    FAVOR_MAX,
    FAVOR_VALUES,
    FLOOR,
    N_SHOPS,
    ORDERS_MAX,
    SHOP_RES,
    SHOPS,
    STEP,
)
from arsenale.games.masters_of_venice.market import controls, raise_share
from arsenale.games.masters_of_venice.rulebook import RULE_CHURCH, RULE_FAVORS
from arsenale.games.masters_of_venice.words import N_, _, ducats
from arsenale.games.masters_of_venice.words import shop as shop_words

if TYPE_CHECKING:
    from arsenale.games.masters_of_venice.state import MovState


PRICE_AT_FLOOR: Final = N_("the price is at its floor")
SHARE_AT_FLOOR: Final = N_("the share price is at its floor")
ORDERS_AT_TOP: Final = N_("the orders are at the top")
NO_ORDERS: Final = N_("there are no orders")
"""Why a rumor's peg cannot move (Favors & Rumors), translated when a refusal is built."""


def legal_church(s: MovState, seat: int, out: list[Action], why: Why | None) -> None:
    if s.u_favor:
        if why is not None:
            why.no(_("one favor per visit"), RULE_CHURCH, "favor")
        return
    cash = s.cash[seat]
    for kind in sorted(set(s.display)):
        if FAVOR_VALUES[kind] <= cash:
            out.append(A.FAVOR[kind])
        elif why is not None:
            why.no(
                _("the {value} favor costs more than your {ducats}").format(
                    value=FAVOR_VALUES[kind], ducats=ducats(cash)
                ),
                RULE_CHURCH,
                "favor",
                value=FAVOR_VALUES[kind],
            )
    if why is not None:
        why.no(_("that favor is not face up in the Church Plaza"), RULE_CHURCH, "favor")


def buy_favor(s: MovState, seat: int, kind: int, events: list[Event]) -> None:
    s.display.remove(kind)
    s.cash[seat] -= FAVOR_VALUES[kind]
    s.favors[seat] = tuple(sorted((*s.favors[seat], kind)))
    s.u_favor = 1
    events.append({"type": "favor", "seat": seat, "value": FAVOR_VALUES[kind]})
    refill_display(s, events)


def refill_display(s: MovState, events: list[Event]) -> None:
    while len(s.display) < 2 and s.fstack:
        kind = s.fstack.pop()
        s.fknown.pop()
        s.display.append(kind)
        s.display.sort()
        events.append({"type": "favor_shown", "value": FAVOR_VALUES[kind]})


def legal_tiles(s: MovState, seat: int, out: list[Action], why: Why | None) -> None:
    """Favors & Rumors: play any held favor or rumor during one's own use."""
    held = s.favors[seat]
    if held and (why is None or why.wants("play_favor")):
        for kind in sorted(set(held)):
            top_n = FAVOR_MAX[kind]
            for shop in range(N_SHOPS):
                room = ORDERS_MAX - s.orders[shop]
                if why is None:
                    if room > 0:
                        out.extend(A.PLAY_FAVOR[kind][shop][:room])
                    continue
                for n in range(1, top_n + 1):
                    if n <= room:
                        out.append(A.PLAY_FAVOR[kind][shop][n - 1])
                    elif why is not None:
                        why.no(
                            _("the orders {at_shop} can rise only {room} more").format(
                                at_shop=shop_words(shop, "at"), room=room
                            ),
                            RULE_FAVORS,
                            "play_favor",
                            value=FAVOR_VALUES[kind],
                            shop=SHOPS[shop],
                            orders=n,
                        )
    if why is not None and why.wants("play_favor"):
        kind = FAVOR_VALUES.index(why.action["value"])
        if kind not in held:
            why.no(
                _("you hold no {value} favor").format(value=FAVOR_VALUES[kind]),
                RULE_FAVORS,
                "play_favor",
            )
    tiles = s.rumors[seat]
    if tiles and why is None:
        price, share, orders = s.price, s.share, s.orders
        for shop in sorted(set(tiles)):
            n = orders[shop]
            out.extend(
                _RUMORS[shop][
                    (price[SHOP_RES[shop]] > FLOOR)
                    + 2 * (share[shop] > FLOOR)
                    + 4 * (n < ORDERS_MAX)
                    + 8 * (n > 0)
                ]
            )
    elif tiles and why is not None and why.wants("rumor"):
        for shop in sorted(set(tiles)):
            r = SHOP_RES[shop]
            checks = (
                (True, s.price[r] > FLOOR, PRICE_AT_FLOOR),
                (True, s.share[shop] > FLOOR, SHARE_AT_FLOOR),
                (s.orders[shop] < ORDERS_MAX, s.orders[shop] > 0, ""),
            )
            for p, (up_ok, down_ok, floor_words) in enumerate(checks):
                for d, ok in ((0, up_ok), (1, down_ok)):
                    if ok:
                        out.append(A.RUMOR[shop][p][d])
                    elif why is not None:
                        words = floor_words or (ORDERS_AT_TOP if d == 0 else NO_ORDERS)
                        why.no(
                            _("a rumor must move its peg: {at_shop} {words}").format(
                                at_shop=shop_words(shop, "at"), words=_(words)
                            ),
                            RULE_FAVORS,
                            "rumor",
                            shop=SHOPS[shop],
                            peg=A.PEGS[p],
                            dir=("up", "down")[d],
                        )
    if why is not None and why.wants("rumor"):
        shop = SHOPS.index(why.action["shop"])
        if shop not in tiles:
            why.no(
                _("you hold no rumor {of_shop}").format(of_shop=shop_words(shop, "of")),
                RULE_FAVORS,
                "rumor",
            )


def _rumor_moves(shop: int, free: int) -> tuple[Action, ...]:
    """A shop's rumor moves in `legal_tiles`' order, where `free` has bit 0 for a price above
    the floor, 1 for a share price above it, 2 for orders below the top and 3 for orders."""
    ups = (True, True, bool(free & 4))
    downs = (bool(free & 1), bool(free & 2), bool(free & 8))
    return tuple(
        A.RUMOR[shop][p][d]
        for p in range(len(A.PEGS))
        for d, ok in ((0, ups[p]), (1, downs[p]))
        if ok
    )


_RUMORS: Final = tuple(
    tuple(_rumor_moves(shop, free) for free in range(16)) for shop in range(N_SHOPS)
)
"""Per shop and free pegs (see `_rumor_moves`): the rumor moves that shop's tile offers."""


def play_favor(s: MovState, seat: int, action: Action, events: list[Event]) -> None:
    kind = FAVOR_VALUES.index(action.params["value"])
    shop = SHOPS.index(action.params["shop"])
    n = action.params["orders"]
    held = list(s.favors[seat])
    held.remove(kind)
    s.favors[seat] = tuple(held)
    s.orders[shop] += n
    s.fstack.insert(0, kind)
    s.fknown.insert(0, 1)
    events.append(
        {
            "type": "play_favor",
            "seat": seat,
            "value": FAVOR_VALUES[kind],
            "shop": SHOPS[shop],
            "orders": n,
        }
    )
    refill_display(s, events)


def play_rumor(s: MovState, seat: int, action: Action, events: list[Event]) -> None:
    shop = SHOPS.index(action.params["shop"])
    peg = action.params["peg"]
    up = action.params["dir"] == "up"
    held = list(s.rumors[seat])
    held.remove(shop)
    s.rumors[seat] = tuple(held)
    s.used[shop] += 1
    events.append(
        {
            "type": "rumor",
            "seat": seat,
            "shop": SHOPS[shop],
            "peg": peg,
            "dir": action.params["dir"],
        }
    )
    r = SHOP_RES[shop]
    if peg == "price":
        s.price[r] += STEP if up else -STEP
        controls(s, r, events)
    elif peg == "share":
        if up:
            raise_share(s, shop, 1, events)
        else:
            s.share[shop] -= STEP
    else:
        s.orders[shop] += 1 if up else -1
