"""How a merchant of Masters of Venice plays: the heuristic bot, the score estimate search
uses, and the model of a rival's secret bid or destination. Each reads a world sampled from
one seat's information (`SeatInfo.determinize`), never the true state.

Everything is valued in ducats, a VP at 100 (what it is worth in the Final Scoring, C and D).
The plan: move where the best use is (`location_values`): deliver Guild Orders (3-6 VP for
three cubes), sell cubes at double the price where a shop has orders, buy cubes a held order
or a shop's orders want, feed on a shipping office's cube and dividend, speculate in shares
where sales and orders point (a shop's share gains 5 a cube sold there and pays a tenth of
each sale; an office share pays 10 at each use), buy a favor that opens orders for cubes held.
Bid for the orders adjustment a bid buys (its cubes held beyond a shop's orders) and a little
for the first pick of the characters when rich; use the Gondola Marker where a rival would
otherwise take the cubes, orders or favor it wants first, or before the tenure ends; play
favors, rumors and majority moves right before a sale; empty the hands of cubes before the end
(they are taxed).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import compress
from typing import Final

from arsenale.core.actions import Action
from arsenale.games.masters_of_venice import actions as A
from arsenale.games.masters_of_venice import powers
from arsenale.games.masters_of_venice.board import (
    BID_SPACES,
    CHARACTERS,
    CHURCH,
    DOCKS,
    FAVOR_MAX,
    FAVOR_VALUES,
    GUILD,
    GUILD_VP,
    LOCATIONS,
    MARKET,
    MERCATO,
    N_COMP,
    N_DOCKS,
    N_ORDERS,
    N_RES,
    N_SHOPS,
    NORTH,
    OFFICE_PRICE,
    ORDER_IDS,
    ORDERS,
    PRICE_MAX,
    RES_SHOP,
    RESOURCES,
    ROUNDS,
    SHARE_MAX,
    SHARED,
    SHOP_RES,
    SHOPS,
    SHOPS_LOC,
    SOUTH,
    TAXCOLLECTOR,
)
from arsenale.games.masters_of_venice.state import MovState
from arsenale.games.masters_of_venice.turn_order import next_location

VP: Final = 100
"""Ducats a VP is worth at the end (Final Scoring C, D: 1 VP per 100)."""
RESERVE: Final = 40
"""Cash kept at the docks while rounds remain (for the next purchase)."""
SHARE_RESERVE: Final = 100
"""Cash kept for cubes when buying shares while rounds remain."""
OFFICE_USES: Final = 0.12
"""Uses of one shipping office per commerce round, per player at the table (self-play)."""
SHOP_CUBES: Final = 0.13
"""Cubes sold or delivered at one shop per commerce round, per player (self-play)."""
SHOP_DIVIDEND: Final = 0.35
"""Dividends per share of one shop per commerce round, per player (self-play)."""
SHARED_BONUS: Final = 0.25
"""Part of the best shared location's value a merchant can still expect as a sharer."""
CHARACTER_RANK: Final = ("thief", "taxcollector", "harbormaster", "guildmaster", "trader")
PRIOR_AS_HEURISTIC: Final = 0.6
BID_MOST: Final = 30
"""The most bid for the orders cubes held or wanted lack (5 ducats an order)."""
BID_LOW, BID_HIGH = 15, 25
"""Bids with cash to spare (100 or more) and when rich (250 or more)."""


# -- what the seat holds and wants -------------------------------------------------------

ROUNDS_LEFT: Final[tuple[int, ...]] = tuple(
    sum(1 for r in range(k + 1, ROUNDS) if r not in BID_SPACES) for k in range(ROUNDS + 1)
)
"""Commerce rounds still to play after canal space k (Game length: 16 rounds, 4 of them
bidding)."""
NEED_ITEMS: Final[tuple[tuple[tuple[int, int], ...], ...]] = tuple(
    tuple((r, k) for r, k in enumerate(order.need) if k) for order in ORDERS
)
"""Per Guild Order: (resource, cubes) for each resource it asks for."""


RES_RANGE: Final = range(N_RES)
"""The resources' indices."""
COMP_RANGE: Final = range(N_COMP)
"""The companies' indices."""
SHOPS_OF_RES: Final[tuple[tuple[int, int], ...]] = tuple(
    (r, shop) for r, shop in enumerate(RES_SHOP) if shop >= 0
)
"""(resource, its shop) for each resource a shop sells, in resource order."""


def rounds_left(s: MovState) -> int:
    """Commerce rounds still to play after this one."""
    return ROUNDS_LEFT[s.round]


def tenure_ends(s: MovState) -> bool:
    """Whether this is the last commerce round before the characters go back (or the end)."""
    return s.round + 1 >= ROUNDS or s.round + 1 in BID_SPACES


def wanted(s: MovState, seat: int) -> list[int]:
    """Cubes of each resource the seat's held orders ask for."""
    return hand_wants(s.hands[seat])


def hand_wants(hand: tuple[int, ...]) -> list[int]:
    """Cubes of each resource the Guild Orders of `hand` ask for."""
    want = [0] * N_RES
    for card in hand:
        for r, k in NEED_ITEMS[card]:
            want[r] += k
    return want


class Merchant:
    """The deciding seat's cubes against its Guild Orders, read once a decision (no location
    or use valued changes them): the commerce rounds `left` after this one (`last` when
    none), and per resource the cubes `held`, those its orders ask for (`want`), still lack
    (`lacking`) and hold beyond them (`spare`: all of them in the last round, when nothing is
    kept for an order)."""

    __slots__ = ("held", "lacking", "last", "left", "seat", "spare", "want")

    def __init__(self, s: MovState, seat: int) -> None:
        left = ROUNDS_LEFT[s.round]
        base = N_RES * seat
        held = s.cubes[base : base + N_RES]
        hand = s.hands[seat]
        key: tuple[object, ...] = (hand, *held)
        known = _HANDS.get(key)
        if known is None:
            known = _hand_against(hand, held)
            if len(_HANDS) >= HANDS_KEPT:
                _HANDS.clear()
            _HANDS[key] = known
        self.seat = seat
        self.left = left
        self.last = left == 0
        self.held = held
        self.want = known[0]
        self.lacking = known[1]
        self.spare = held if left == 0 else known[2]


def _hand_against(
    hand: tuple[int, ...], held: list[int]
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Per resource, the cubes the Guild Orders of `hand` ask for, those `held` lack and
    those held beyond them."""
    want = hand_wants(hand)
    lacking = [0] * N_RES
    spare = list(held)
    for r in range(N_RES):
        k = want[r]
        if k:
            short = k - held[r]
            if short > 0:
                lacking[r] = short
                spare[r] = 0
            else:
                spare[r] = -short
    return tuple(want), tuple(lacking), tuple(spare)


_HANDS: Final[
    dict[tuple[object, ...], tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]]
] = {}
"""`_hand_against` by hand and cubes held (a seat keeps both over several decisions)."""
HANDS_KEPT: Final = 4096
"""The most hands and holdings `_HANDS` keeps (it starts afresh when full)."""


ORDER_WORTH: Final[tuple[float, ...]] = tuple(
    GUILD_VP[min(k, len(GUILD_VP) - 1)] * VP / 3 for k in range(N_ORDERS + 1)
)
"""By the orders delivered so far: a third of the next delivery's VP, in ducats (the worth of
one of its three cubes)."""


def order_worth(s: MovState, seat: int) -> float:
    """A third of the VP of the seat's next delivery, in ducats (`ORDER_WORTH`)."""
    return ORDER_WORTH[len(s.delivered[seat])]


def room_worths(s: MovState, m: Merchant) -> tuple[list[float], list[float]]:
    """Per resource: the orders of its shop the seat may count on (`room`: what its own cubes
    and half the rivals' cubes do not fill already; none for Lumber, which has no shop), and
    one more cube's worth to the seat (`worth`: part of an order it holds, a sale at double
    the price where the shop has room, else about what the tax leaves)."""
    cubes = s.cubes
    held = m.held
    orders = s.orders
    price = s.price
    room = [0.0] * N_RES
    for r, shop in SHOPS_OF_RES:
        own = held[r]
        room[r] = orders[shop] - own - 0.5 * (sum(cubes[r::N_RES]) - own)
    if m.left < 1:
        return room, [0.5 * p for p in price]
    lacking = m.lacking
    order = order_worth(s, m.seat)
    worth = [0.0] * N_RES
    for r in RES_RANGE:
        if lacking[r]:
            worth[r] = order
        elif room[r] > 0:  # Lumber, with no shop, has no room
            worth[r] = 1.7 * price[r]
        else:
            worth[r] = 0.5 * price[r]
    return room, worth


def best_sale(s: MovState, m: Merchant) -> tuple[float, int, int]:
    """The best single shop sale now, (value, resource, count): selling k cubes at double the
    price, with the dividend the seat gets (its shares, and one more as the Tax Collector) and
    its own shares' rise, less what the cubes were worth held."""
    base = N_COMP * m.seat
    extra = 1 if s.has(m.seat, TAXCOLLECTOR) else 0
    orders = s.orders
    prices = s.price
    spare = m.spare
    best = (0.0, -1, 0)
    for r, shop in SHOPS_OF_RES:
        k = spare[r]
        if orders[shop] < k:
            k = orders[shop]
        if k > 0:
            price = prices[r]
            total = 2 * price * k
            per = 0 if total < 50 else (total + 50) // 100 * 10
            held = s.shares[base + shop]
            rise = 5 * k * held
            v = total + per * (held + extra) + rise - 0.5 * price * k
            if v > best[0]:
                best = (v, r, k)
    return best


def deliverable(s: MovState, m: Merchant) -> list[int]:
    """Held orders the seat could deliver now, one after another."""
    cubes = list(m.held)
    orders = list(s.orders)
    out = []
    for card in s.hands[m.seat]:
        need = NEED_ITEMS[card]
        for r, k in need:
            if cubes[r] < k or (RES_SHOP[r] >= 0 and orders[RES_SHOP[r]] < k):
                break
        else:
            out.append(card)
            for r, k in need:
                cubes[r] -= k
                if RES_SHOP[r] >= 0:
                    orders[RES_SHOP[r]] -= k
    return out


# -- the worth of each location -------------------------------------------------------------


def dock_values(
    s: MovState, m: Merchant, room: list[float], worth: list[float], first: int = 0
) -> list[float]:
    """What the seat gains buying at each dock from `first` on: each cube worth more to it
    than its price (the Thief's free cube on top), within its cash. Each cube bought raises
    the price a space (Docks). A cube an order lacks is worth `worth`; one beyond the orders
    held is a sale if the shop has `room` for it, else worth little (0.4 of its price, never a
    gain). Each resource's cubes are read by those stretches of equal worth, their gains
    falling 5 a cube: a stretch ends where its gain does."""
    sales = m.left >= 1
    steals = powers.dock_steals(s, m.seat)
    docks = s.docks
    prices = s.price
    lacking_of = m.lacking
    purse = s.cash[m.seat] - (RESERVE if m.left >= 2 else 0)
    if not steals and purse < min(prices):  # no cube within the cash, none taken free
        return [0.0] * (N_DOCKS - first)
    values = []
    for d in range(first, N_DOCKS):
        base = N_RES * d
        # the dock's cubes that gain, in the order bought: (the worth less the price, the price)
        cubes: list[tuple[float, int]] = []
        most = -1.0  # the dock's best cube's worth (a Thief's steal)
        for r in compress(RES_RANGE, docks[base : base + N_RES]):  # the resources it holds
            n = docks[base + r]
            price = prices[r]
            lacking = lacking_of[r]
            if lacking:  # the first cubes fill an order
                w = worth[r]
                if steals and w > most:
                    most = w
                net = w - price
                i = 0
                top = lacking if lacking < n else n
                while i < top:
                    gain = net - 5 * i
                    if not gain > 0:
                        break
                    cubes.append((gain, price))
                    i += 1
                if n <= lacking:
                    continue
            beyond = n - lacking  # cubes beyond the orders held
            space = room[r]
            if sales and space > 0:  # sales while the shop has room
                w = 1.7 * price
                if steals and w > most:
                    most = w
                net = w - price
                j = 0
                while j < beyond and j < space:
                    gain = net - 5 * (lacking + j)
                    if not gain > 0:
                        break
                    cubes.append((gain, price))
                    j += 1
                if steals and beyond - 1 >= space and 0.4 * price > most:
                    most = 0.4 * price
            elif steals and 0.4 * price > most:
                most = 0.4 * price
        total = 0.0
        if cubes:
            if len(cubes) > 1:
                cubes.sort(reverse=True)
            cash = purse
            for gain, price in cubes:
                if price > cash:
                    break
                total += gain
                cash -= price
        if steals and most >= 0:
            total += most
        values.append(total)
    return values


def share_gains(s: MovState, seat: int, left: int) -> list[float]:
    """What one more share of each company is expected to bring beyond its price: an office
    share its dividends; a shop's share its rise and dividends from the sales and deliveries
    that the orders and the seat's own cubes point to."""
    n = s.players
    sold = SHOP_CUBES * n * left
    paid = SHOP_DIVIDEND * n * left
    base = N_RES * seat
    cubes = s.cubes
    orders = s.orders
    shares = s.shares
    prices = s.price
    share = s.share
    gains = []
    for c in range(N_SHOPS):
        r = SHOP_RES[c]
        own = orders[c]
        if cubes[base + r] < own:
            own = cubes[base + r]
        rise = 5 * (sold + own)
        total = 2 * prices[r] * own
        dividends = paid + (0 if total < 50 else (total + 50) // 100 * 10)
        gain = rise + dividends
        held = shares[c::N_COMP]
        if held.pop(seat) == max(held):  # one more share gives the majority
            gain += 20
        price = share[c]
        if price + 5 > SHARE_MAX:  # a split: 1 VP a share
            gain += VP
        gains.append(gain - 0.3 * price if left <= 1 else gain)
    office = 10 * OFFICE_USES * n * left
    gains += [office] * (N_COMP - N_SHOPS)
    return gains


def shares_value(s: MovState, m: Merchant) -> float:
    """The best purchase of up to three shares at the Stock Market: of the three best shares
    (each further share of a company 4 less), those gaining more than 15, within the cash
    kept for cubes. They are shares of the three companies whose first share gains most."""
    left = m.left
    cash = s.cash[m.seat] - (SHARE_RESERVE if left >= 2 else 0)
    share = s.share
    if cash < OFFICE_PRICE and cash < min(share):  # no share is within the cash
        return 0.0
    share_gain = share_gains(s, m.seat, left)
    firsts = []
    supplies = s.supply
    for c in COMP_RANGE:
        g = share_gain[c]
        supply = supplies[c]
        if g > 15 and supply > 0:
            firsts.append((g, share[c] if c < N_SHOPS else OFFICE_PRICE, supply))
    if not firsts:
        return 0.0
    firsts.sort(reverse=True)
    gains = []
    for g, price, supply in firsts[:3]:  # up to three shares each, while they gain over 15
        gains.append((g, price))
        if supply > 1 and g - 4 > 15:
            gains.append((g - 4, price))
            if supply > 2 and g - 8 > 15:
                gains.append((g - 8, price))
    gains.sort(reverse=True)
    total = 0.0
    for g, price in gains[:3]:
        if price > cash:
            continue
        total += g
        cash -= price
    return total


def surplus(s: MovState, m: Merchant) -> list[tuple[int, int]]:
    """Per shop whose orders the seat's spare cubes exceed: how many cubes beyond them, and
    their price."""
    out = []
    for shop in range(N_SHOPS):
        r = SHOP_RES[shop]
        beyond = m.spare[r] - s.orders[shop]
        if beyond > 0:
            out.append((beyond, s.price[r]))
    return out


def favor_value(kind: int, beyond: list[tuple[int, int]]) -> float:
    """A favor played now: the cubes held beyond a shop's orders (`surplus`) it lets the seat
    sell, at most its orders (Favors)."""
    best = 0.0
    for extra, price in beyond:
        v = min(FAVOR_MAX[kind], extra) * 1.5 * price
        if v > best:
            best = v
    return best


def guild_value(s: MovState, m: Merchant) -> float:
    """Guild Hall: deliveries, and a draw while there is time to fill it."""
    seat = m.seat
    left = m.left
    ready = deliverable(s, m)
    k = len(s.delivered[seat])
    v = 0.0
    for i in range(len(ready)):
        v += (GUILD_VP[min(k + i, len(GUILD_VP) - 1)] + 2) * VP
    held = len(s.hands[seat]) - len(ready)
    if s.deck and ((left >= 5 and held <= 1) or (left >= 3 and held == 0)):
        v += (120 if left >= 5 else 60) if held == 0 else 30
    return v


def shops_value(s: MovState, m: Merchant, beyond: list[tuple[int, int]]) -> float:
    """Shops: the best sale, with a favor held to open orders (`surplus`)."""
    v = best_sale(s, m)[0]
    if not beyond:  # no favor opens orders
        return v
    for kind in set(s.favors[m.seat]):
        v += favor_value(kind, beyond) / 2
    return v


def docks_value(s: MovState, m: Merchant, room: list[float], worth: list[float]) -> float:
    """Docks: the best dock, while there is time to use its cubes or an order lacks some."""
    if m.left >= 1 or any(m.lacking):
        return max(dock_values(s, m, room, worth))
    return 0.0


def office_value(s: MovState, m: Merchant, loc: int, worth: list[float]) -> float:
    """A shipping office: its cube and the dividend (and the Harbor Master's cube)."""
    o = loc - NORTH
    r = s.office[o]
    v = worth[r] if r >= 0 else 0.0
    seat = m.seat
    # the dividend of 10 a share: its shares, and one more as the Tax Collector
    v += 10 * (s.shares[N_COMP * seat + N_SHOPS + o] + (1 if s.has(seat, TAXCOLLECTOR) else 0))
    v += 25 * powers.office_free_cubes(s, seat) if m.left >= 1 else 0
    return v


def church_value(s: MovState, m: Merchant, beyond: list[tuple[int, int]]) -> float:
    """Church: a favor that opens orders for cubes held (`surplus`)."""
    cash = s.cash[m.seat]
    v = 0.0
    if not beyond:  # no favor opens orders
        return v
    for kind in set(s.display):
        if FAVOR_VALUES[kind] <= cash:
            v = max(v, favor_value(kind, beyond) - FAVOR_VALUES[kind])
    return v


def mercato_value(s: MovState, m: Merchant) -> float:
    """Mercato: sell what no shop will take before the end; buy a cube an order lacks."""
    seat = m.seat
    last = m.last
    spare = m.spare
    orders = s.orders
    prices = s.price
    sells = []
    for r in compress(RES_RANGE, spare):  # the resources held beyond the orders
        shop = RES_SHOP[r]
        if last or shop < 0 or orders[shop] == 0:
            sells.append(prices[r] * (1.5 if last else 0.6))
    buys_most, sells_most, _swaps = powers.mercato_limits(s, seat)
    sells.sort(reverse=True)
    v: float = sum(sells[:sells_most])
    lacking = m.lacking
    if m.left >= 1 and any(lacking):  # else no cube bought here gains
        cash = s.cash[seat]
        bag = s.bag
        order = order_worth(s, seat)
        buys = []
        for r in compress(RES_RANGE, lacking):
            if bag[r] and prices[r] <= cash:
                buys.append(order - prices[r])
        buys.sort(reverse=True)
        gains = 0.0
        for b in buys[:buys_most]:
            gains += b if b > 0.0 else 0.0
        v += gains
    if not any(m.held):
        v = min(v, 0.0)
    return v


def location_values(s: MovState, seat: int) -> list[float]:
    """Each destination's worth to the seat this commerce round, in ducats."""
    m = Merchant(s, seat)
    room, worth = room_worths(s, m)
    v = [0.0] * 8
    v[GUILD] = guild_value(s, m)
    beyond = surplus(s, m)
    v[SHOPS_LOC] = shops_value(s, m, beyond)
    v[DOCKS] = docks_value(s, m, room, worth)
    v[NORTH] = office_value(s, m, NORTH, worth)
    v[SOUTH] = office_value(s, m, SOUTH, worth)
    if m.left >= 1:  # Stock Market: speculation
        v[MARKET] = shares_value(s, m)
    v[CHURCH] = church_value(s, m, beyond)
    v[MERCATO] = mercato_value(s, m)
    return v


def location_value(s: MovState, seat: int, loc: int) -> float:
    """One destination's worth to the seat, as `location_values` gives it."""
    m = Merchant(s, seat)
    if loc == GUILD:
        return guild_value(s, m)
    if loc == SHOPS_LOC:
        return shops_value(s, m, surplus(s, m))
    if loc == CHURCH:
        return church_value(s, m, surplus(s, m))
    if loc == MARKET:
        return shares_value(s, m) if m.left >= 1 else 0.0
    if loc == MERCATO:
        return mercato_value(s, m)
    room, worth = room_worths(s, m)
    if loc == DOCKS:
        return docks_value(s, m, room, worth)
    return office_value(s, m, loc, worth)


# -- decisions ---------------------------------------------------------------------------------

GO_LOCATION: Final[dict[Action, int]] = {a: LOCATIONS.index(a["place"]) for a in A.GO}
"""Move: the location of each destination on the dial."""
OTHER_SHARED: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(x for x in SHARED if x != loc) for loc in range(len(LOCATIONS))
)
"""Per location: the shared locations other than it (Actions: a merchant elsewhere may still
use them as a sharer)."""


def share_keys(items: tuple[tuple[int, int], ...]) -> tuple[int, int, int]:
    """A share purchase's (company, count) pairs at 4 * company + count, in company order,
    then 0 (no share) up to three."""
    keys = [4 * c + k for c, k in items] + [0] * (3 - len(items))
    return keys[0], keys[1], keys[2]


PURCHASES_WITHIN: Final[tuple[tuple[tuple[Action, int, int, int], ...], ...]] = tuple(
    tuple((a, *share_keys(items)) for a, items, mask in A.BUY_TABLE if not mask & ~within)
    for within in range(1 << N_COMP)
)
"""Stock Market: per bit mask of companies, the share purchases of those companies only (in
the order of `A.BUY_TABLE`, the legal purchases' order), with their `share_keys`."""
PLACE_RESOURCE: Final[dict[Action, int]] = {a: r for r, a in enumerate(A.PLACE)}
"""Placing cubes: the resource of each placement."""
CUBE_BUYS: Final[dict[Action, tuple[int, int]]] = {
    a: (r, k) for r, row in enumerate(A.BUY) for k, a in enumerate(row, 1)
}
"""Docks and Mercato: each purchase's resource and count of cubes."""
CUBE_SALES: Final[dict[Action, tuple[int, int]]] = {
    a: (r, k) for r, row in enumerate(A.SELL) for k, a in enumerate(row, 1)
}
"""Shops and Mercato: each sale's resource and count of cubes."""
ADJUST_SHOP: Final[dict[Action, int]] = {
    a: shop for shop, pair in enumerate(A.ORDERS_ADJUST) for a in pair
}
"""Bidding: the shop of each orders adjustment."""
RUMOR_OF: Final[dict[Action, tuple[int, str, str]]] = {
    A.RUMOR[shop][p][d]: (shop, peg, way)
    for shop in range(N_SHOPS)
    for p, peg in enumerate(A.PEGS)
    for d, way in enumerate(("up", "down"))
}
"""Rumors: each rumor's shop, peg and direction."""


def heuristic(s: MovState, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
    kind = s.stack[-1].kind
    if kind == "use":
        return choose_use(s, seat, legal)
    if kind == "move":
        return choose_move(s, seat, legal)
    if kind == "place":
        return choose_place(s, seat, legal)
    if kind == "marker":
        return choose_marker(s, seat, legal)
    if kind == "bid":
        return choose_bid(s, seat, legal)
    if kind == "orders":
        return choose_orders(s, seat, legal)
    if kind == "character":
        names = {a.params["name"]: a for a in legal}
        for name in CHARACTER_RANK:
            if name in names:
                return names[name]
        return legal[0]
    if kind == "keep":
        return choose_keep(s, seat, legal)
    return choose_use(s, seat, legal)


def excess(s: MovState, seat: int, shop: int, want: list[int]) -> int:
    """Cubes the seat holds or its Guild Orders ask for (`want`, per resource), of a shop's
    resource, beyond the shop's orders (a sale or a delivery needs them)."""
    r = SHOP_RES[shop]
    return max(s.cubes[N_RES * seat + r], want[r]) - s.orders[shop]


def choose_bid(s: MovState, seat: int, legal: Sequence[Action]) -> Action:
    """Bid for the orders adjustment: 5 ducats per order the cubes held or wanted lack at a
    shop (at most BID_MOST), and with cash to spare and rounds to play at least BID_LOW (15,
    three orders and an early pick of the characters) or BID_HIGH when rich; an order added
    is a sale at double the price or a delivery made possible."""
    want = wanted(s, seat)
    most = max([excess(s, seat, shop, want) for shop in range(N_SHOPS)])
    left = rounds_left(s)
    amount = 0
    if most > 0:
        amount = min(5 * most, BID_MOST)
    if s.cash[seat] >= 250 and left >= 6:
        amount = max(amount, BID_HIGH)
    elif s.cash[seat] >= 100 and left >= 3:
        amount = max(amount, BID_LOW)
    amount = min(amount, s.cash[seat] // 5 * 5)
    bid = A.BIDS[amount // 5]
    return bid if bid in legal else legal[0]


def choose_orders(s: MovState, seat: int, legal: Sequence[Action]) -> Action:
    """Raise the orders where the seat's cubes exceed them most, else where it holds most
    shares; with no raise possible, lower them where it has least at stake."""
    ups = [a for a in legal if a.params["dir"] == "up"]
    base = N_COMP * seat
    if ups:
        want = wanted(s, seat)

        def stake(a: Action) -> tuple[int, int, int]:
            shop = ADJUST_SHOP[a]
            return (
                max(0, excess(s, seat, shop, want)),
                s.shares[base + shop],
                s.cubes[N_RES * seat + SHOP_RES[shop]],
            )

        return max(ups, key=stake)
    return min(legal, key=lambda a: s.shares[base + ADJUST_SHOP[a]])


def choose_move(s: MovState, seat: int, legal: Sequence[Action]) -> Action:
    """The destination worth most, counting on a part of the best shared location's worth as
    a sharer when going elsewhere."""
    v = location_values(s, seat)
    top = max(map(v.__getitem__, SHARED))
    bonus = SHARED_BONUS * top
    best = None
    best_v = -1e9
    for a in legal:
        loc = GO_LOCATION[a]
        total = v[loc]
        if total < top or loc not in SHARED:
            total += bonus
        else:  # the best shared location itself
            total += SHARED_BONUS * max(map(v.__getitem__, OTHER_SHARED[loc]))
        if total > best_v:
            best, best_v = a, total
    return best if best is not None else legal[0]


def choose_marker(s: MovState, seat: int, legal: Sequence[Action]) -> Action:
    """Use the Gondola Marker where a rival would otherwise act first at a location the seat
    wants (the docks' cubes, a shop's orders, a face-up favor), or at any worthwhile moment of
    the tenure's last commerce round; else wait."""
    top = s.stack[-1]
    if top.data < 0:  # between locations: his own destination now, with him first
        here = s.pawn[seat]
        ahead = any(s.pawn[o] == here for o in s.order[: s.order.index(seat)] if o != seat)
        nxt = next_location(s)
        mine = True
        contested = ahead or (nxt in SHARED and here in SHARED)
    else:  # ahead of seat `top.data` at the location being resolved
        here = s.cur
        mine = here != s.pawn[seat] or here in SHARED
        contested = here in (DOCKS, SHOPS_LOC, CHURCH)
    if A.GONDOLA in legal and (contested or tenure_ends(s)):
        worth = location_value(s, seat, here) if mine else 0.0
        if worth >= 40:
            return A.GONDOLA
    return A.WAIT if A.WAIT in legal else legal[0]


def choose_place(s: MovState, seat: int, legal: Sequence[Action]) -> Action:
    """Put the cube the seat wants most on the dock already worth most to it, the others
    elsewhere."""
    m = Merchant(s, seat)
    room, worth = room_worths(s, m)
    d = s.place_dock
    if d < N_DOCKS - 1:
        docks = dock_values(s, m, room, worth, d)
        wanted_here = docks[0] >= max(docks)
    else:  # the last dock is the only one left
        wanted_here = True
    # the cube worth most (the last of them in the legal order), else the first worth least
    pick = legal[0]
    pick_worth = worth[PLACE_RESOURCE[pick]]
    for a in legal:
        w = worth[PLACE_RESOURCE[a]]
        if (w >= pick_worth) if wanted_here else (w < pick_worth):
            pick, pick_worth = a, w
    return pick


def choose_keep(s: MovState, seat: int, legal: Sequence[Action]) -> Action:
    """Keep the card the seat lacks fewer cubes for; late in the game, put back a held order
    that still lacks two cubes or more (it would cost 2 VP undelivered)."""
    n = len(s.deck)
    cards = {"first": s.deck[n - 1], "second": s.deck[n - 2]}
    base = N_RES * seat

    def missing(card: int) -> int:
        need = ORDERS[card].need
        return sum(max(0, need[r] - s.cubes[base + r]) for r in range(N_RES))

    hand = s.hands[seat]
    back = 0
    if rounds_left(s) <= 3:
        worst = max(range(len(hand)), key=lambda i: missing(hand[i]), default=-1)
        if worst >= 0 and missing(hand[worst]) >= 2:
            back = worst + 1
    options = [a for a in legal if a.params["back"] == back] or [
        a for a in legal if a.params["back"] == 0
    ]
    return min(options, key=lambda a: missing(cards[a.params["which"]]))


def of_kind(legal: Sequence[Action], kind: str) -> list[Action]:
    """The actions of one kind in `legal`, in its order."""
    return [a for a in legal if a.kind == kind]


def choose_use(s: MovState, seat: int, legal: Sequence[Action]) -> Action:
    """A use of the location being resolved, by its own actions (each location offers its own,
    besides the favors and rumors held and "done")."""
    loc = s.stack[-1].data
    if loc == SHOPS_LOC:
        return use_shops(s, seat, legal)
    if loc == GUILD:
        delivers = of_kind(legal, "deliver")
        if delivers:  # Guild Orders: deliver for all the VP.
            return max(delivers, key=lambda a: a.params["vp"])
    left = ROUNDS_LEFT[s.round]
    if left == 0:
        rumor = last_rumor(s, seat, legal)
        if rumor is not None:
            return rumor
    move: Action | None = None
    if loc == DOCKS:
        move = use_docks(s, seat, legal)
    elif loc == MERCATO:
        move = use_mercato(s, seat, legal)
    elif loc == MARKET:
        buys = of_kind(legal, "buy_shares")
        if buys and left >= 1:
            move = choose_shares(s, Merchant(s, seat), buys)
    elif loc == CHURCH:
        move = use_church(s, seat, legal)
    elif loc == GUILD:
        move = use_guild(s, seat, legal)
    elif A.SHIP in legal:  # a shipping office
        move = A.SHIP
    return A.DONE if move is None else move


def last_rumor(s: MovState, seat: int, legal: Sequence[Action]) -> Action | None:
    """In the last commerce round, a rumor raising the share price of the shop the seat holds
    most shares of, if it holds any."""
    base = N_COMP * seat
    ups = [a for a in legal if a.kind == "rumor" and RUMOR_OF[a][1:] == ("share", "up")]
    if ups:
        top_rumor = max(ups, key=lambda a: s.shares[base + RUMOR_OF[a][0]])
        if s.shares[base + RUMOR_OF[top_rumor][0]]:
            return top_rumor
    return None


def use_shops(s: MovState, seat: int, legal: Sequence[Action]) -> Action:
    """Shops: what prepares the best sale (`prepare_sale`), else that sale, else done."""
    m = Merchant(s, seat)
    sale = best_sale(s, m)
    move = prepare_sale(s, m, legal, sale)
    if move is not None:
        return move
    _v, r, k = sale
    if r >= 0 and A.SELL[r][k - 1] in legal:
        return A.SELL[r][k - 1]
    return A.DONE


def use_docks(s: MovState, seat: int, legal: Sequence[Action]) -> Action | None:
    """Docks: first the dock worth most (`dock_values`); there, the Thief takes the cube worth
    most, then the best purchase (`choose_buy`) while rounds remain (Docks: a dock is chosen,
    then its cubes bought; the Thief's cubes are offered only to him)."""
    m = Merchant(s, seat)
    if s.u_dock < 0:  # the dock is chosen first
        docks = of_kind(legal, "dock")
        if not docks:
            return None
        room, worth = room_worths(s, m)
        values = dock_values(s, m, room, worth)
        return max(docks, key=lambda a: values[a.params["dock"] - 1])
    if powers.dock_steals(s, seat):  # the Thief
        steals = of_kind(legal, "steal")
        if steals:
            worth = room_worths(s, m)[1]
            return max(steals, key=lambda a: worth[RESOURCES.index(a.params["resource"])])
    return None if m.last else choose_buy(s, m, legal, DOCKS)


def use_mercato(s: MovState, seat: int, legal: Sequence[Action]) -> Action | None:
    """Mercato: sell the spare cubes of most value no shop will take (any in the last round);
    swap a spare cube for one an order lacks; the best purchase (`choose_buy`)."""
    m = Merchant(s, seat)
    last = m.last
    sells = []
    for a in legal:
        sale = CUBE_SALES.get(a)
        if sale is None:  # not a sale
            continue
        r, k = sale
        if k > m.spare[r]:
            continue
        shop = RES_SHOP[r]
        if last or shop < 0 or s.orders[shop] == 0:
            sells.append(a)
    if sells:
        return max(sells, key=lambda a: CUBE_SALES[a][1] * s.price[CUBE_SALES[a][0]])
    if last:
        return None
    lacking = m.lacking
    for a in legal:
        if a.kind != "swap":
            continue
        give = RESOURCES.index(a.params["give"])
        # a cube the orders lack, for one beyond what they keep
        if lacking[RESOURCES.index(a.params["take"])] and m.held[give] > m.want[give]:
            return a
    return choose_buy(s, m, legal, MERCATO)


def choose_buy(s: MovState, m: Merchant, legal: Sequence[Action], loc: int) -> Action | None:
    """Docks and Mercato: the purchase gaining most: a cube an order lacks is worth a third of
    its VP (`order_worth`), one beyond them a sale while its shop has orders left, else a loss
    of 0.6 of its price. At the Mercato only cubes an order lacks; at the Docks RESERVE is
    kept while two rounds remain. None if none gains."""
    best = None
    best_gain = 0.0
    cash = s.cash[m.seat]
    reserve = RESERVE if m.left >= 2 and loc == DOCKS else 0
    order = order_worth(s, m.seat)
    prices = s.price
    lacking = m.lacking
    for a in legal:
        buy = CUBE_BUYS.get(a)
        if buy is None:  # not a purchase
            continue
        r, k = buy
        price = prices[r]
        if cash - price * k < reserve:
            continue
        useful = lacking[r]
        if k < useful:
            useful = k
        if loc == MERCATO and useful == 0:
            continue  # gains nothing
        gain = 0.0
        gain += useful * (order - price)
        shop = RES_SHOP[r]
        rest = k - useful
        if shop >= 0:
            free = s.orders[shop] - m.held[r]
            if free > 0:
                sold = rest if rest < free else free
                gain += sold * 0.7 * price
                rest -= sold
        gain -= rest * 0.6 * price
        if gain > best_gain:
            best, best_gain = a, gain
    return best


def use_church(s: MovState, seat: int, legal: Sequence[Action]) -> Action | None:
    """Church: the favor whose opening of orders for the cubes held (`favor_value`) is worth
    most over its price, if it gains and rounds remain."""
    favors = of_kind(legal, "favor")
    if not favors:
        return None
    m = Merchant(s, seat)
    beyond = surplus(s, m)
    pick = max(
        favors,
        key=lambda a: (
            favor_value(FAVOR_VALUES.index(a.params["value"]), beyond) - a.params["value"]
        ),
    )
    kind = FAVOR_VALUES.index(pick.params["value"])
    if m.left >= 1 and favor_value(kind, beyond) - pick.params["value"] > 0:
        return pick
    return None


def use_guild(s: MovState, seat: int, legal: Sequence[Action]) -> Action | None:
    """Guild Hall, nothing to deliver: draw (two with the Guild Master) while there is time
    to fill an order, with one order held or none."""
    left = ROUNDS_LEFT[s.round]
    hand = len(s.hands[seat])
    if (left >= 5 and hand <= 1) or (left >= 3 and hand == 0):
        if A.DRAW_TWO in legal:
            return A.DRAW_TWO
        if A.DRAW in legal:
            return A.DRAW
    return None


def choose_shares(s: MovState, m: Merchant, buys: list[Action]) -> Action | None:
    """Stock Market: the purchase that gains most over 15 (`share_gains`, less 2k(k - 1) for
    k shares of one company), each company bought gaining over 15, within the cash kept for
    cubes; None if none does."""
    left = m.left
    cash = s.cash[m.seat]
    reserve = SHARE_RESERVE if left >= 2 else 0
    gains = share_gains(s, m.seat, left)
    # the cost and the gain of k shares of company c, at 4 * c + k (`share_keys`); none at 0
    cost = [0] * (4 * N_COMP)
    gain = [0.0] * (4 * N_COMP)
    poor = 0  # the companies gaining 15 or less
    for c in range(N_COMP):
        price = s.share[c] if c < N_SHOPS else OFFICE_PRICE
        g = gains[c]
        for k in range(1, 4):
            cost[4 * c + k] = k * price
            gain[4 * c + k] = k * g - 2 * k * (k - 1)
        if not g > 15:
            poor |= 1 << c
    best = None
    best_gain = 15.0
    legal = None if len(buys) == len(A.BUY_TABLE) else set(buys)  # else all of them
    for a, one, two, three in PURCHASES_WITHIN[~poor & ((1 << N_COMP) - 1)]:
        if legal is not None and a not in legal:
            continue
        if cash - (cost[one] + cost[two] + cost[three]) < reserve:
            continue
        total = gain[one] + gain[two] + gain[three]
        if total > best_gain:
            best, best_gain = a, total
    return best


def prepare_sale(
    s: MovState, m: Merchant, legal: Sequence[Action], sale: tuple[float, int, int]
) -> Action | None:
    """At the Shops, before the sale (`sale`, the best one: `best_sale`): a favor or a rumor
    that opens orders for the cubes held, a rumor that raises the price of the cubes about to
    be sold, a majority move that pays."""
    _v, r, k = sale
    fits = []
    for a in legal:
        if a.kind == "play_favor":
            shop = SHOPS.index(a.params["shop"])
            short = m.spare[SHOP_RES[shop]] - s.orders[shop]
            if 0 < a.params["orders"] <= short:
                fits.append(a)
    if fits:
        return max(fits, key=lambda a: (a.params["orders"], -a.params["value"]))
    for a in legal:
        if a.kind != "rumor":
            continue
        shop, peg, way = RUMOR_OF[a]
        if way != "up":
            continue
        rr = SHOP_RES[shop]
        if peg == "orders" and m.spare[rr] > s.orders[shop]:
            return a
        if peg == "price" and rr == r and s.price[rr] + 5 <= PRICE_MAX:
            return a
    if r >= 0:  # a majority move at the shop of the sale
        shop = RES_SHOP[r]
        have = m.spare[r]
        orders = s.orders[shop]
        down, up = A.MAJORITY[shop]
        if orders > have > 0 and up in legal:
            return up  # 10 more a cube, one order fewer that the seat does not need
        if have > orders and 2 * s.price[r] - 20 * (k + 1) > 0 and down in legal:
            return down  # one more cube sold outweighs the lower price
    return None


def evaluate(s: MovState) -> list[float]:
    """Each seat's expected final score in VP: the VP on the track, cash and stock value at 1
    VP per 100 (Final Scoring C, D), cubes at 0.6 of their value (sold at double the price or
    taxed at half). A Guild Order in hand whose cubes are held counts nine tenths of its
    delivery's VP less those cubes (they are spent by the delivery); one that lacks cubes
    counts its VP or the 2 VP it costs undelivered (Final Scoring B), weighted by the chance
    to fill it: the commerce rounds left against 1.5 per lacking cube."""
    if s.over:
        return [float(f[-1]) for f in s.final]
    left = rounds_left(s)
    out = []
    for seat in range(s.players):
        v = float(s.vp[seat])
        v += (s.cash[seat] + s.stock_value(seat) + 0.6 * s.cube_value(seat)) / 100
        worth = GUILD_VP[min(len(s.delivered[seat]), 3)]
        for card in s.hands[seat]:
            need = ORDERS[card].need
            lacking = sum(max(0, need[r] - s.cubes[N_RES * seat + r]) for r in range(N_RES))
            if lacking == 0:
                held = sum(k * s.price[r] for r, k in enumerate(need))
                v += 0.9 * worth - 0.6 * held / 100
            else:
                p = left / (left + 1.5 * lacking)
                v += p * worth - (1 - p) * 2
        out.append(v)
    return out


def submission_prior(s: MovState, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
    """A rival's secret bid or destination: the heuristic's own choice in this world most of
    the time, else a low bid (a few coins) or any destination."""
    if rng.random() < PRIOR_AS_HEURISTIC:
        return heuristic(s, seat, legal, rng)
    if legal[0].kind == "bid":
        k = min(len(legal) - 1, int(rng.expovariate(1 / 3)))
        return legal[k]
    return legal[rng.randrange(len(legal))]


__all__ = ["CHARACTERS", "ORDER_IDS", "evaluate", "heuristic", "submission_prior"]
