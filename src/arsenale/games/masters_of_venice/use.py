"""One merchant's use of a location (masters-of-venice.en.txt, Actions): what may be done
there, dispatched to the location's own module, plus favors, rumors and "done".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from arsenale.core.actions import Action
from arsenale.core.decisions import Decision, Why
from arsenale.core.state import Event
from arsenale.games.masters_of_venice import actions as A
from arsenale.games.masters_of_venice.board import (
    CHURCH,
    DOCKS,
    FAVOR_VALUES,
    GUILD,
    LOCATIONS,
    MARKET,
    MERCATO,
    ORDER_IDS,
    RESOURCES,
    SHARED,
    SHOPS,
    SHOPS_LOC,
)
from arsenale.games.masters_of_venice.church import (
    buy_favor,
    legal_church,
    legal_tiles,
    play_favor,
    play_rumor,
)
from arsenale.games.masters_of_venice.docks import dock_buy, legal_docks, steal
from arsenale.games.masters_of_venice.guild_hall import deliver, draw_order, draw_two, legal_guild
from arsenale.games.masters_of_venice.mercato import legal_mercato, mercato_buy, mercato_sell, swap
from arsenale.games.masters_of_venice.rulebook import (
    RULE_ACTIONS,
    RULE_CHARS,
    RULE_NOT_SHARED,
    RULE_OFFICE,
)
from arsenale.games.masters_of_venice.shipping import ship
from arsenale.games.masters_of_venice.shops import legal_shops, majority, shop_sale
from arsenale.games.masters_of_venice.stock_market import buy_shares, legal_stock, sell_shares
from arsenale.games.masters_of_venice.turn_order import advance
from arsenale.games.masters_of_venice.words import _, place

if TYPE_CHECKING:
    from arsenale.games.masters_of_venice.state import MovState


def legal_use(s: MovState, seat: int, top: Decision, why: Why | None = None) -> list[Action]:
    loc = top.data
    out: list[Action] = []
    if (
        why is not None
        and why.action.kind in LOCATION_KINDS
        and why.action.kind not in (KINDS_AT[loc] | COMMON_KINDS)
    ):
        places = [x for x in range(8) if why.action.kind in KINDS_AT[x]]
        where = _(" or ").join(place(LOCATIONS[x], "at") for x in places)
        reason = _("{action} is done {at_places}, not {at_place}").format(
            action=repr(why.action.notation), at_places=where, at_place=place(LOCATIONS[loc], "at")
        )
        if any(x in SHARED for x in places):
            why.no(reason, RULE_ACTIONS)
        else:
            why.no(
                _("{reason}, and only by those who moved there: it is not shared").format(
                    reason=reason
                ),
                RULE_NOT_SHARED,
            )
    if why is not None and why.wants(("gondola", "wait")):
        if s.gondolieri != seat:
            why.no(_("only the Gondolieri holds the Gondola Marker"), RULE_CHARS)
        elif not s.marker:
            why.no(
                _("you have used the Gondola Marker: once only while you are the Gondolieri"),
                RULE_CHARS,
            )
        else:
            why.no(
                _(
                    "the Gondola Marker is played before a turn it puts you ahead of, when the "
                    "game asks ('gondola' or 'wait'), not during your own turn"
                ),
                RULE_CHARS,
            )
    if loc == MARKET:
        legal_stock(s, seat, out, why)
    elif loc == SHOPS_LOC:
        legal_shops(s, seat, out, why)
    elif loc == GUILD:
        legal_guild(s, seat, out, why)
    elif loc == DOCKS:
        legal_docks(s, seat, out, why)
    elif loc == CHURCH:
        legal_church(s, seat, out, why)
    elif loc == MERCATO:
        legal_mercato(s, seat, out, why)
    else:
        if s.u_ship:
            if why is not None:
                why.no(_("you have already used this office"), RULE_OFFICE, "ship")
        else:
            out.append(A.SHIP)
    if why is not None or s.favors[seat] or s.rumors[seat]:  # else no tile to play
        legal_tiles(s, seat, out, why)
    out.append(A.DONE)
    return out


def apply_use(s: MovState, seat: int, action: Action, top: Decision) -> list[Event]:
    kind = action.kind
    events: list[Event] = []
    loc = top.data
    if kind == "done":
        s.stack.pop()
        s.acted |= 1 << seat
        s.last = seat
        events.append({"type": "done", "seat": seat, "place": LOCATIONS[loc]})
        advance(s, events)
        return events
    params = action.params
    if kind == "play_favor":
        play_favor(s, seat, action, events)
    elif kind == "rumor":
        play_rumor(s, seat, action, events)
    elif kind == "buy_shares":
        buy_shares(s, seat, A.share_counts(action), events)
    elif kind == "sell_shares":
        sell_shares(s, seat, A.share_counts(action), events)
    elif kind == "majority":
        majority(s, seat, SHOPS.index(params["shop"]), params["dir"], events)
    elif kind == "sell":
        r = RESOURCES.index(params["resource"])
        if loc == SHOPS_LOC:
            shop_sale(s, seat, r, params["count"], events)
        else:
            mercato_sell(s, seat, r, params["count"], events)
    elif kind == "buy":
        r = RESOURCES.index(params["resource"])
        if loc == DOCKS:
            dock_buy(s, seat, r, params["count"], events)
        else:
            mercato_buy(s, seat, r, params["count"], events)
    elif kind == "dock":
        s.u_dock = params["dock"] - 1
        events.append({"type": "dock", "seat": seat, "dock": params["dock"]})
    elif kind == "steal":
        steal(s, seat, RESOURCES.index(params["resource"]), events)
    elif kind == "swap":
        swap(s, seat, RESOURCES.index(params["give"]), RESOURCES.index(params["take"]), events)
    elif kind == "draw":
        draw_order(s, seat, events)
    elif kind == "draw_two":
        draw_two(s, seat, loc, events)
    elif kind == "deliver":
        deliver(s, seat, ORDER_IDS.index(params["card"]), params["vp"], events)
    elif kind == "favor":
        buy_favor(s, seat, FAVOR_VALUES.index(params["value"]), events)
    elif kind == "ship":
        ship(s, seat, loc, events)
    return events


LOCATION_KINDS: Final = frozenset(
    {
        "buy_shares",
        "sell_shares",
        "majority",
        "sell",
        "draw",
        "draw_two",
        "deliver",
        "dock",
        "buy",
        "steal",
        "favor",
        "ship",
        "swap",
    }
)


COMMON_KINDS: Final = frozenset({"play_favor", "rumor", "done"})


KINDS_AT: Final[tuple[frozenset[str], ...]] = (
    frozenset({"buy_shares", "sell_shares"}),
    frozenset({"majority", "sell"}),
    frozenset({"draw", "draw_two", "deliver"}),
    frozenset({"dock", "buy", "steal"}),
    frozenset({"favor"}),
    frozenset({"ship"}),
    frozenset({"ship"}),
    frozenset({"buy", "sell", "swap"}),
)
