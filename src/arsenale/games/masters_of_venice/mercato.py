"""The Mercato (masters-of-venice.en.txt, Mercato; Characters: Trader): one cube bought from
the bag and one sold to it, of different resources; the Trader two and two and a swap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arsenale.core.actions import Action
from arsenale.core.decisions import Why
from arsenale.core.state import Event
from arsenale.games.masters_of_venice import actions as A
from arsenale.games.masters_of_venice import powers
from arsenale.games.masters_of_venice.board import (
    N_RES,
    RESOURCES,
    STEP,
)
from arsenale.games.masters_of_venice.market import controls
from arsenale.games.masters_of_venice.rulebook import RULE_CHARS, RULE_MERCATO
from arsenale.games.masters_of_venice.words import _, cubes, ducats, ngettext, resource

if TYPE_CHECKING:
    from arsenale.games.masters_of_venice.state import MovState


def legal_mercato(s: MovState, seat: int, out: list[Action], why: Why | None) -> None:
    """Mercato: buy one cube from the bag and/or sell one, of different resources, at the
    current prices; the Trader two and two, and one swap."""
    buys, sells, swaps = powers.mercato_limits(s, seat)
    cash = s.cash[seat]
    base = N_RES * seat
    if why is None:
        _legal_trades(s, out, cash, base, buys - s.u_nbuy, sells - s.u_nsell, swaps)
        return
    for r in range(N_RES):
        name = RESOURCES[r]
        room = buys - s.u_nbuy
        if s.u_sold >> r & 1 or s.u_types >> r & 1:
            # one batch each way, of different resources: neither again for this one
            if why is not None:
                reason = _(
                    "you have already traded cubes {of_resource} here: what you buy and sell "
                    "must differ and each is one batch"
                ).format(of_resource=resource(name, "of"))
                why.no(reason, RULE_MERCATO, "buy", resource=name)
                why.no(reason, RULE_MERCATO, "sell", resource=name)
            continue
        p = s.price[r]
        top_k = room if room < s.bag[r] else s.bag[r]  # the least of the three (min)
        if cash // p < top_k:
            top_k = cash // p
        if top_k > 0:
            out.extend(A.BUY[r][:top_k])
        if why is not None and why.wants("buy") and why.action["resource"] == name:
            k = why.action["count"]
            if k > room:
                why.no(
                    ngettext(
                        "you may buy {n} more cube here",
                        "you may buy {n} more cubes here",
                        room,
                    ).format(n=room),
                    RULE_MERCATO,
                )
            elif k > s.bag[r]:
                why.no(
                    _("the bag holds {cubes}").format(cubes=cubes(s.bag[r], name)),
                    RULE_MERCATO,
                )
            else:
                why.no(
                    _("{cubes} cost {cost} and you have {cash}").format(
                        cubes=cubes(k, name), cost=ducats(k * p), cash=ducats(cash)
                    ),
                    RULE_MERCATO,
                )
        room = sells - s.u_nsell
        held = s.cubes[base + r]
        top_k = room if room < held else held
        if top_k > 0:
            out.extend(A.SELL[r][:top_k])
        if why is not None and why.wants("sell") and why.action["resource"] == name:
            k = why.action["count"]
            if k > room:
                why.no(
                    ngettext(
                        "you may sell {n} more cube here",
                        "you may sell {n} more cubes here",
                        room,
                    ).format(n=room),
                    RULE_MERCATO,
                )
            else:
                why.no(_("you hold {cubes}").format(cubes=cubes(held, name)), RULE_MERCATO)
    if not swaps:
        if why is not None:
            why.no(_("only the Trader may swap cubes"), RULE_CHARS, "swap")
        return
    if s.u_swap >= swaps:
        if why is not None:
            why.no(
                ngettext(
                    "the Trader swaps {n} time per visit",
                    "the Trader swaps {n} times per visit",
                    swaps,
                ).format(n=swaps),
                RULE_CHARS,
                "swap",
            )
        return
    for a in range(N_RES):
        if not s.cubes[base + a]:
            if why is not None:
                why.no(
                    _("you hold no cube {of_resource}").format(
                        of_resource=resource(RESOURCES[a], "of")
                    ),
                    RULE_CHARS,
                    "swap",
                    give=RESOURCES[a],
                )
            continue
        for b in range(N_RES):
            if a == b:
                continue
            if s.bag[b]:
                out.append(A.SWAP[a, b])
            elif why is not None:
                why.no(
                    _("the bag holds no cube {of_resource}").format(
                        of_resource=resource(RESOURCES[b], "of")
                    ),
                    RULE_CHARS,
                    "swap",
                    take=RESOURCES[b],
                )


def _legal_trades(
    s: MovState, out: list[Action], cash: int, base: int, buy_room: int, sell_room: int, swaps: int
) -> None:
    """`legal_mercato` with no refusal to explain: the same actions in the same order (per
    resource not yet traded, its purchases then its sales; then the Trader's swaps)."""
    traded = s.u_sold | s.u_types
    price, bag, holds = s.price, s.bag, s.cubes
    for r in range(N_RES):
        if traded >> r & 1:
            continue
        top_k = buy_room if buy_room < bag[r] else bag[r]
        if cash // price[r] < top_k:
            top_k = cash // price[r]
        if top_k > 0:
            out.extend(A.BUY[r][:top_k])
        held = holds[base + r]
        top_k = sell_room if sell_room < held else held
        if top_k > 0:
            out.extend(A.SELL[r][:top_k])
    if swaps and s.u_swap < swaps:
        for a in range(N_RES):
            if holds[base + a]:
                for b in range(N_RES):
                    if a != b and bag[b]:
                        out.append(A.SWAP[a, b])


def mercato_sell(s: MovState, seat: int, r: int, k: int, events: list[Event]) -> None:
    total = s.price[r] * k
    s.cash[seat] += total
    s.cubes[N_RES * seat + r] -= k
    s.bag[r] += k
    s.price[r] += STEP * k
    s.u_sold |= 1 << r
    s.u_nsell += k
    events.append(
        {"type": "mercato_sell", "seat": seat, "resource": RESOURCES[r], "count": k, "total": total}
    )
    controls(s, r, events)


def mercato_buy(s: MovState, seat: int, r: int, k: int, events: list[Event]) -> None:
    total = s.price[r] * k
    s.cash[seat] -= total
    s.bag[r] -= k
    s.cubes[N_RES * seat + r] += k
    s.price[r] += STEP * k
    s.u_types |= 1 << r
    s.u_nbuy += k
    events.append(
        {"type": "mercato_buy", "seat": seat, "resource": RESOURCES[r], "count": k, "total": total}
    )
    controls(s, r, events)


def swap(s: MovState, seat: int, a: int, b: int, events: list[Event]) -> None:
    """Trader: one cube of his to the bag for one of another type from it, prices unchanged."""
    s.cubes[N_RES * seat + a] -= 1
    s.bag[a] += 1
    s.bag[b] -= 1
    s.cubes[N_RES * seat + b] += 1
    s.u_swap += 1
    events.append({"type": "swap", "seat": seat, "give": RESOURCES[a], "take": RESOURCES[b]})
