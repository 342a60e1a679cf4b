"""The Guild Hall (masters-of-venice.en.txt, Guild Hall; Characters: Guild Master): one draw
a visit (two for the Guild Master, who keeps one), deliveries of Guild Orders.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from arsenale.core.actions import Action
from arsenale.core.decisions import Decision, Why
from arsenale.core.state import Event
from arsenale.games.masters_of_venice import actions as A
from arsenale.games.masters_of_venice import powers
from arsenale.games.masters_of_venice.board import (
    CASH_PER_VP,
    GUILD_VP,
    N_RES,
    ORDER_IDS,
    ORDERS,
    RES_SHOP,
    RESOURCES,
    STEP,
)
from arsenale.games.masters_of_venice.market import controls, raise_share
from arsenale.games.masters_of_venice.rulebook import RULE_CHARS, RULE_GUILD
from arsenale.games.masters_of_venice.words import _, cubes, ngettext, order_words
from arsenale.games.masters_of_venice.words import shop as shop_words

if TYPE_CHECKING:
    from arsenale.games.masters_of_venice.state import MovState


def legal_guild(s: MovState, seat: int, out: list[Action], why: Why | None) -> None:
    """Guild Hall: one draw, and deliveries of held orders whose cubes the seat has and whose
    shops have the orders."""
    if s.u_draw:
        if why is not None:
            why.no(
                _("you have already drawn an order in this use"), RULE_GUILD, ("draw", "draw_two")
            )
    elif not s.deck:
        if why is not None:
            why.no(_("the Guild Order deck is empty"), RULE_GUILD, ("draw", "draw_two"))
    else:
        out.append(A.DRAW)
        if powers.guild_draws(s, seat)[0] < 2:
            if why is not None:
                why.no(_("only the Guild Master may draw two orders"), RULE_CHARS, "draw_two")
        elif len(s.deck) < 2:
            if why is not None:
                why.no(_("only one order is left in the deck"), RULE_CHARS, "draw_two")
        else:
            out.append(A.DRAW_TWO)
    hand = s.hands[seat]
    k = len(s.delivered[seat])
    vmax = GUILD_VP[k if k < len(GUILD_VP) else -1]
    base = N_RES * seat
    for card in hand:
        ok = True
        for r, n, shop in _NEEDS[card]:
            if s.cubes[base + r] < n:
                ok = False
                if why is not None:
                    why.no(
                        _("the Guild Order of {order} needs {cubes} and you hold {held}").format(
                            order=order_words(ORDER_IDS[card]),
                            cubes=cubes(n, RESOURCES[r]),
                            held=s.cubes[base + r],
                        ),
                        RULE_GUILD,
                        "deliver",
                        card=ORDER_IDS[card],
                    )
                break
            if shop >= 0 and s.orders[shop] < n:
                ok = False
                if why is not None:
                    why.no(
                        ngettext(
                            "{shop} has {n} order, the Guild Order needs {need}",
                            "{shop} has {n} orders, the Guild Order needs {need}",
                            s.orders[shop],
                        ).format(shop=shop_words(shop, "the"), n=s.orders[shop], need=n),
                        RULE_GUILD,
                        "deliver",
                        card=ORDER_IDS[card],
                    )
                break
        if ok:
            out.extend(A.DELIVER[card][: vmax + 1])
            if why is not None:
                why.no(
                    _("your delivery number {k} is worth at most {vp} VP").format(k=k + 1, vp=vmax),
                    RULE_GUILD,
                    "deliver",
                    card=ORDER_IDS[card],
                )
    if why is not None and why.wants("deliver"):
        why.no(
            _("you hold no Guild Order of {order}").format(
                order=order_words(str(why.action["card"]))
            ),
            RULE_GUILD,
            "deliver",
        )


_NEEDS: Final = tuple(
    tuple((r, n, RES_SHOP[r]) for r, n in enumerate(order.need) if n) for order in ORDERS
)
"""Per Guild Order: the (resource, cubes, its shop or -1) it needs, by resource."""


def draw_order(s: MovState, seat: int, events: list[Event]) -> None:
    card = s.deck.pop()
    s.dknown.pop()
    s.hands[seat] = tuple(sorted((*s.hands[seat], card)))
    s.u_draw = 1
    events.append({"type": "draw", "seat": seat})
    events.append({"type": "drawn", "seat": seat, "card": ORDER_IDS[card], "visible_to": [seat]})


def draw_two(s: MovState, seat: int, loc: int, events: list[Event]) -> None:
    """Guild Master: the top two cards, seen by him alone; he keeps one (`keep`)."""
    s.u_draw = 1
    n = len(s.deck)
    s.dknown[n - 1] = seat
    s.dknown[n - 2] = seat
    events.append({"type": "draw_two", "seat": seat})
    events.append(
        {
            "type": "drawn_two",
            "seat": seat,
            "cards": [ORDER_IDS[s.deck[n - 1]], ORDER_IDS[s.deck[n - 2]]],
            "visible_to": [seat],
        }
    )
    s.stack.append(Decision("keep", (seat,), loc))


def legal_keep(s: MovState, seat: int, top: Decision, why: Why | None = None) -> list[Action]:
    size = len(s.hands[seat])
    top_back = size if powers.guild_draws(s, seat)[1] else 0
    out: list[Action] = []
    for w in range(2):
        out.extend(A.KEEP[w][: top_back + 1])
    if why is not None and why.wants("keep") and why.action["back"] > top_back:
        why.no(
            ngettext(
                "you held {n} order before this draw", "you held {n} orders before this draw", size
            ).format(n=size),
            RULE_CHARS,
            "keep",
        )
    return out


def apply_keep(s: MovState, seat: int, action: Action, top: Decision) -> list[Event]:
    """Guild Master: keep one of the two cards, the other to the bottom of the deck; perhaps
    one order held before, to the bottom as well."""
    s.stack.pop()
    first = s.deck.pop()
    s.dknown.pop()
    second = s.deck.pop()
    s.dknown.pop()
    kept, back = (first, second) if action.params["which"] == "first" else (second, first)
    hand = list(s.hands[seat])
    returned = -1
    if action.params["back"]:
        returned = hand.pop(action.params["back"] - 1)
    hand.append(kept)
    s.hands[seat] = tuple(sorted(hand))
    s.deck.insert(0, back)
    s.dknown.insert(0, seat)
    if returned >= 0:
        s.deck.insert(0, returned)
        s.dknown.insert(0, seat)
    private: Event = {
        "type": "kept_order",
        "seat": seat,
        "card": ORDER_IDS[kept],
        "bottom": [ORDER_IDS[back]] + ([ORDER_IDS[returned]] if returned >= 0 else []),
        "visible_to": [seat],
    }
    return [
        {"type": "keep", "seat": seat, "returned": returned >= 0},
        private,
    ]


def deliver(s: MovState, seat: int, card: int, vp: int, events: list[Event]) -> None:
    """Guild Hall: the cubes go back to the bag; each raises its price one space and, for a
    shop resource, the share price one space and the orders down one; VP or 50 ducats per VP
    given up."""
    need = ORDERS[card].need
    base = N_RES * seat
    k = len(s.delivered[seat])
    vmax = GUILD_VP[min(k, len(GUILD_VP) - 1)]
    hand = list(s.hands[seat])
    hand.remove(card)
    s.hands[seat] = tuple(hand)
    s.delivered[seat] = (*s.delivered[seat], card)
    s.vp[seat] += vp
    s.cash[seat] += (vmax - vp) * CASH_PER_VP
    events.append(
        {
            "type": "deliver",
            "seat": seat,
            "card": ORDER_IDS[card],
            "vp": vp,
            "cash": (vmax - vp) * CASH_PER_VP,
        }
    )
    for r in range(N_RES):
        n = need[r]
        if n:
            s.cubes[base + r] -= n
            s.bag[r] += n
            s.price[r] += STEP * n
            shop = RES_SHOP[r]
            if shop >= 0:
                s.orders[shop] -= n
                raise_share(s, shop, n, events)
    for r in range(N_RES):
        if need[r]:
            controls(s, r, events)
