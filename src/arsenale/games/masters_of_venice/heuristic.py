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
    N_RES,
    N_SHOPS,
    NORTH,
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


def rounds_left(s: MovState) -> int:
    """Commerce rounds still to play after this one."""
    return sum(1 for r in range(s.round + 1, ROUNDS) if r not in BID_SPACES)


def tenure_ends(s: MovState) -> bool:
    """Whether this is the last commerce round before the characters go back (or the end)."""
    return s.round + 1 >= ROUNDS or s.round + 1 in BID_SPACES


def wanted(s: MovState, seat: int) -> list[int]:
    """Cubes of each resource the seat's held orders ask for."""
    want = [0] * N_RES
    for card in s.hands[seat]:
        for r, k in enumerate(ORDERS[card].need):
            want[r] += k
    return want


def needs(s: MovState, seat: int) -> list[int]:
    """Cubes of each resource the seat's held orders still lack."""
    want = wanted(s, seat)
    base = N_RES * seat
    return [max(0, want[r] - s.cubes[base + r]) for r in range(N_RES)]


def order_vp(s: MovState, seat: int) -> int:
    """The VP of the seat's next delivery."""
    return GUILD_VP[min(len(s.delivered[seat]), len(GUILD_VP) - 1)]


def spare(s: MovState, seat: int, r: int, last: bool) -> int:
    """Cubes of `r` the seat holds beyond what its orders keep (nothing kept at the end)."""
    held = s.cubes[N_RES * seat + r]
    return held if last else max(0, held - wanted(s, seat)[r])


def cube_worth(s: MovState, seat: int, r: int, lacking: list[int], left: int) -> float:
    """One more cube of `r` to the seat: part of an order it holds, a sale at double the price
    where the shop has orders the seat's cubes do not fill, else about what the tax leaves."""
    if lacking[r] and left >= 1:
        return order_vp(s, seat) * VP / 3
    shop = RES_SHOP[r]
    if shop >= 0 and left >= 1 and room(s, seat, r) > 0:
        return 1.7 * s.price[r]
    return 0.5 * s.price[r]


def room(s: MovState, seat: int, r: int) -> float:
    """The orders of r's shop the seat may count on: what its own cubes and half the rivals'
    cubes of r do not fill already."""
    shop = RES_SHOP[r]
    if shop < 0:
        return 0.0
    others = sum(s.cubes[N_RES * o + r] for o in range(s.players) if o != seat)
    return s.orders[shop] - s.cubes[N_RES * seat + r] - 0.5 * others


def my_dividend(s: MovState, seat: int, company: int, per: int) -> int:
    """What a dividend of `per` a share pays the seat (its shares, and one more as the Tax
    Collector)."""
    held = s.shares[N_COMP * seat + company]
    if s.has(seat, TAXCOLLECTOR):
        held += 1
    return per * held


def sale_value(s: MovState, seat: int, r: int, k: int) -> float:
    """Selling k cubes of `r` at its shop now: double the price, the dividend the seat gets,
    its own shares' rise, less what the cubes were worth held."""
    shop = RES_SHOP[r]
    total = 2 * s.price[r] * k
    per = 0 if total < 50 else (total + 50) // 100 * 10
    rise = 5 * k * s.shares[N_COMP * seat + shop]
    return total + my_dividend(s, seat, shop, per) + rise - 0.5 * s.price[r] * k


def best_sale(s: MovState, seat: int, last: bool) -> tuple[float, int, int]:
    """The best single shop sale now: (value, resource, count)."""
    best = (0.0, -1, 0)
    for r in range(N_RES):
        shop = RES_SHOP[r]
        if shop < 0:
            continue
        k = min(spare(s, seat, r, last), s.orders[shop])
        if k > 0:
            v = sale_value(s, seat, r, k)
            if v > best[0]:
                best = (v, r, k)
    return best


def deliverable(s: MovState, seat: int) -> list[int]:
    """Held orders the seat could deliver now, one after another."""
    base = N_RES * seat
    cubes = s.cubes[base : base + N_RES]
    orders = list(s.orders)
    out = []
    for card in s.hands[seat]:
        need = ORDERS[card].need
        if all(
            cubes[r] >= need[r] and (RES_SHOP[r] < 0 or orders[RES_SHOP[r]] >= need[r])
            for r in range(N_RES)
            if need[r]
        ):
            out.append(card)
            for r in range(N_RES):
                cubes[r] -= need[r]
                if RES_SHOP[r] >= 0:
                    orders[RES_SHOP[r]] -= need[r]
    return out


# -- the worth of each location -------------------------------------------------------------


def dock_value(s: MovState, seat: int, d: int, lacking: list[int], left: int) -> float:
    """What the seat gains buying at dock d: each cube worth more to it than its price (the
    Thief's free cube on top), within its cash."""
    base = N_RES * d
    cash = s.cash[seat] - (RESERVE if left >= 2 else 0)
    gains = []
    for r in range(N_RES):
        there = s.docks[base + r]
        for i in range(there):
            worth = cube_worth(s, seat, r, lacking, left)
            if i >= lacking[r]:  # beyond the orders held: a sale, if the shop has room
                fits = i - lacking[r] < room(s, seat, r) and left >= 1
                worth = 1.7 * s.price[r] if fits else 0.4 * s.price[r]
            gains.append((worth - s.price[r] - 5 * i, s.price[r], worth))
    gains.sort(reverse=True)
    total = 0.0
    for gain, price, _worth in gains:
        if gain <= 0 or price > cash:
            break
        total += gain
        cash -= price
    if powers.dock_steals(s, seat) and gains:
        total += max(w for _g, _p, w in gains)
    return total


def share_gain(s: MovState, seat: int, c: int, left: int) -> float:
    """What one more share of company c is expected to bring beyond its price: an office share
    its dividends; a shop's share its rise and dividends from the sales and deliveries that the
    orders and the seat's own cubes point to."""
    n = s.players
    if c >= N_SHOPS:
        return 10 * OFFICE_USES * n * left
    r = SHOP_RES[c]
    own = min(s.orders[c], s.cubes[N_RES * seat + r])
    rise = 5 * (SHOP_CUBES * n * left + own)
    total = 2 * s.price[r] * own
    dividends = SHOP_DIVIDEND * n * left + (0 if total < 50 else (total + 50) // 100 * 10)
    gain = rise + dividends
    mine = s.shares[N_COMP * seat + c]
    rivals = max(s.shares[N_COMP * o + c] for o in range(n) if o != seat)
    if mine == rivals:  # one more share gives the majority
        gain += 20
    if s.share[c] + 5 > SHARE_MAX:  # a split: 1 VP a share
        gain += VP
    return gain - (0.3 * s.share[c] if left <= 1 else 0)


def shares_value(s: MovState, seat: int, left: int) -> float:
    """The best purchase of up to three shares at the Stock Market."""
    cash = s.cash[seat] - (SHARE_RESERVE if left >= 2 else 0)
    gains = []
    for c in range(N_COMP):
        if s.supply[c] <= 0:
            continue
        g = share_gain(s, seat, c, left)
        price = s.comp_price(c)
        for i in range(min(3, s.supply[c])):
            gains.append((g - 4 * i, price))
    gains.sort(reverse=True)
    total = 0.0
    for g, price in gains[:3]:
        if g <= 15 or price > cash:
            continue
        total += g
        cash -= price
    return total


def favor_value(s: MovState, seat: int, kind: int, last: bool) -> float:
    """A favor played now: the cubes held beyond a shop's orders it lets the seat sell."""
    best = 0.0
    for shop in range(N_SHOPS):
        r = SHOP_RES[shop]
        extra = min(FAVOR_MAX[kind], spare(s, seat, r, last) - s.orders[shop])
        if extra > 0:
            best = max(best, extra * 1.5 * s.price[r])
    return best


def location_values(s: MovState, seat: int) -> list[float]:
    """Each destination's worth to the seat this commerce round, in ducats."""
    left = rounds_left(s)
    last = left == 0
    lacking = needs(s, seat)
    base = N_RES * seat
    v = [0.0] * 8
    # Guild Hall: deliveries, and a draw while there is time to fill it.
    ready = deliverable(s, seat)
    k = len(s.delivered[seat])
    for i, _card in enumerate(ready):
        v[GUILD] += (GUILD_VP[min(k + i, len(GUILD_VP) - 1)] + 2) * VP
    held = len(s.hands[seat]) - len(ready)
    if s.deck and ((left >= 5 and held <= 1) or (left >= 3 and held == 0)):
        v[GUILD] += (120 if left >= 5 else 60) if held == 0 else 30
    # Shops: the best sale, with a favor held to open orders.
    sale, _r, _k = best_sale(s, seat, last)
    v[SHOPS_LOC] = sale
    for kind in set(s.favors[seat]):
        v[SHOPS_LOC] += favor_value(s, seat, kind, last) / 2
    # Docks: the best dock.
    if left >= 1 or lacking != [0] * N_RES:
        v[DOCKS] = max(dock_value(s, seat, d, lacking, left) for d in range(N_DOCKS))
    # Shipping offices: the office's cube and the dividend (and the Harbor Master's cube).
    for loc in (NORTH, SOUTH):
        o = loc - NORTH
        r = s.office[o]
        worth = cube_worth(s, seat, r, lacking, left) if r >= 0 else 0.0
        worth += my_dividend(s, seat, N_SHOPS + o, 10)
        worth += 25 * powers.office_free_cubes(s, seat) if left >= 1 else 0
        v[loc] = worth
    # Stock Market: speculation.
    if left >= 1:
        v[MARKET] = shares_value(s, seat, left)
    # Church: a favor that opens orders for cubes held.
    cash = s.cash[seat]
    for kind in set(s.display):
        if FAVOR_VALUES[kind] <= cash:
            v[CHURCH] = max(v[CHURCH], favor_value(s, seat, kind, last) - FAVOR_VALUES[kind])
    # Mercato: sell what no shop will take before the end; buy a cube an order lacks.
    sells = []
    for r in range(N_RES):
        held = spare(s, seat, r, last)
        if not held:
            continue
        shop = RES_SHOP[r]
        if last or shop < 0 or s.orders[shop] == 0:
            sells.append(s.price[r] * (1.5 if last else 0.6))
    top_sells = powers.mercato_limits(s, seat)[1]
    v[MERCATO] = sum(sorted(sells, reverse=True)[:top_sells])
    if left >= 1:
        buys = sorted(
            (
                order_vp(s, seat) * VP / 3 - s.price[r]
                for r in range(N_RES)
                if lacking[r] and s.bag[r] and s.price[r] <= cash
            ),
            reverse=True,
        )
        v[MERCATO] += sum(max(0.0, b) for b in buys[: powers.mercato_limits(s, seat)[0]])
    if sum(s.cubes[base : base + N_RES]) == 0:
        v[MERCATO] = min(v[MERCATO], 0.0)
    return v


# -- decisions ---------------------------------------------------------------------------------


def heuristic(s: MovState, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
    kind = s.stack[-1].kind
    if kind == "bid":
        return choose_bid(s, seat, legal)
    if kind == "character":
        names = {a["name"]: a for a in legal}
        for name in CHARACTER_RANK:
            if name in names:
                return names[name]
        return legal[0]
    if kind == "orders":
        return choose_orders(s, seat, legal)
    if kind == "move":
        return choose_move(s, seat, legal)
    if kind == "marker":
        return choose_marker(s, seat, legal)
    if kind == "place":
        return choose_place(s, seat, legal)
    if kind == "keep":
        return choose_keep(s, seat, legal)
    return choose_use(s, seat, legal)


def excess(s: MovState, seat: int, shop: int) -> int:
    """Cubes the seat holds or its Guild Orders ask for, of a shop's resource, beyond the
    shop's orders (a sale or a delivery needs them)."""
    r = SHOP_RES[shop]
    return max(s.cubes[N_RES * seat + r], wanted(s, seat)[r]) - s.orders[shop]


def choose_bid(s: MovState, seat: int, legal: Sequence[Action]) -> Action:
    """Bid for the orders adjustment: 5 ducats per order the cubes held or wanted lack at a
    shop (at most BID_MOST), and with cash to spare and rounds to play at least BID_LOW (15,
    three orders and an early pick of the characters) or BID_HIGH when rich; an order added
    is a sale at double the price or a delivery made possible."""
    most = max(excess(s, seat, shop) for shop in range(N_SHOPS))
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
    ups = [a for a in legal if a["dir"] == "up"]
    base = N_COMP * seat
    if ups:
        return max(
            ups,
            key=lambda a: (
                max(0, excess(s, seat, SHOPS.index(a["shop"]))),
                s.shares[base + SHOPS.index(a["shop"])],
                s.cubes[N_RES * seat + SHOP_RES[SHOPS.index(a["shop"])]],
            ),
        )
    return min(legal, key=lambda a: s.shares[base + SHOPS.index(a["shop"])])


def choose_move(s: MovState, seat: int, legal: Sequence[Action]) -> Action:
    """The destination worth most, counting on a part of the best shared location's worth as
    a sharer when going elsewhere."""
    v = location_values(s, seat)
    best = None
    best_v = -1e9
    for a in legal:
        loc = LOCATIONS.index(a["place"])
        other = max((v[x] for x in SHARED if x != loc), default=0.0)
        total = v[loc] + SHARED_BONUS * other
        if total > best_v:
            best, best_v = a, total
    return best if best is not None else legal[0]


def choose_marker(s: MovState, seat: int, legal: Sequence[Action]) -> Action:
    """Use the Gondola Marker where a rival would otherwise act first at a location the seat
    wants (the docks' cubes, a shop's orders, a face-up favor), or at any worthwhile moment of
    the tenure's last commerce round; else wait."""
    top = s.stack[-1]
    v = location_values(s, seat)
    if top.data < 0:  # between locations: his own destination now, with him first
        here = s.pawn[seat]
        ahead = any(s.pawn[o] == here for o in s.order[: s.order.index(seat)] if o != seat)
        nxt = next_location(s)
        worth = v[here]
        contested = ahead or (nxt in SHARED and here in SHARED)
    else:  # ahead of seat `top.data` at the location being resolved
        here = s.cur
        worth = v[here] if here != s.pawn[seat] or here in SHARED else 0.0
        contested = here in (DOCKS, SHOPS_LOC, CHURCH)
    if A.GONDOLA in legal and worth >= 40 and (contested or tenure_ends(s)):
        return A.GONDOLA
    return A.WAIT if A.WAIT in legal else legal[0]


def choose_place(s: MovState, seat: int, legal: Sequence[Action]) -> Action:
    """Put the cube the seat wants most on the dock already worth most to it, the others
    elsewhere."""
    left = rounds_left(s)
    lacking = needs(s, seat)
    d = s.place_dock
    docks = [dock_value(s, seat, x, lacking, left) for x in range(d, N_DOCKS)]
    rank = sorted(
        legal, key=lambda a: cube_worth(s, seat, RESOURCES.index(a["resource"]), lacking, left)
    )
    return rank[-1] if docks[0] >= max(docks) else rank[0]


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
    options = [a for a in legal if a["back"] == back] or [a for a in legal if a["back"] == 0]
    return min(options, key=lambda a: missing(cards[a["which"]]))


def choose_use(s: MovState, seat: int, legal: Sequence[Action]) -> Action:
    by_kind: dict[str, list[Action]] = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)
    base = N_RES * seat
    cash = s.cash[seat]
    left = rounds_left(s)
    last = left == 0
    loc = s.stack[-1].data
    # Guild Orders: deliver for all the VP.
    if "deliver" in by_kind:
        return max(by_kind["deliver"], key=lambda a: a["vp"])
    if loc == SHOPS_LOC:
        move = prepare_sale(s, seat, by_kind, last)
        if move is not None:
            return move
    elif last and "rumor" in by_kind:
        ups = [a for a in by_kind["rumor"] if a["peg"] == "share" and a["dir"] == "up"]
        if ups:
            top_rumor = max(ups, key=lambda a: s.shares[N_COMP * seat + SHOPS.index(a["shop"])])
            if s.shares[N_COMP * seat + SHOPS.index(top_rumor["shop"])]:
                return top_rumor
    if "ship" in by_kind:
        return A.SHIP
    if "sell" in by_kind and loc == SHOPS_LOC:
        _v, r, k = best_sale(s, seat, last)
        if r >= 0 and A.SELL[r][k - 1] in by_kind["sell"]:
            return A.SELL[r][k - 1]
    if "sell" in by_kind and loc == MERCATO:
        sells = []
        for a in by_kind["sell"]:
            r = RESOURCES.index(a["resource"])
            if a["count"] > spare(s, seat, r, last):
                continue
            shop = RES_SHOP[r]
            if last or shop < 0 or s.orders[shop] == 0:
                sells.append(a)
        if sells:
            return max(sells, key=lambda a: a["count"] * s.price[RESOURCES.index(a["resource"])])
    lacking = needs(s, seat)
    if "swap" in by_kind and left >= 1:
        swaps = [
            a
            for a in by_kind["swap"]
            if lacking[RESOURCES.index(a["take"])]
            and spare(s, seat, RESOURCES.index(a["give"]), False) > 0
        ]
        if swaps:
            return swaps[0]
    if "steal" in by_kind:
        return max(
            by_kind["steal"],
            key=lambda a: cube_worth(s, seat, RESOURCES.index(a["resource"]), lacking, left),
        )
    if "dock" in by_kind:
        return max(by_kind["dock"], key=lambda a: dock_value(s, seat, a["dock"] - 1, lacking, left))
    if "buy" in by_kind and not last:
        best = None
        best_gain = 0.0
        reserve = RESERVE if left >= 2 and loc == DOCKS else 0
        for a in by_kind["buy"]:
            r = RESOURCES.index(a["resource"])
            k = a["count"]
            cost = s.price[r] * k
            if cash - cost < reserve:
                continue
            gain = 0.0
            useful = min(k, lacking[r])
            gain += useful * (order_vp(s, seat) * VP / 3 - s.price[r])
            shop = RES_SHOP[r]
            rest = k - useful
            if shop >= 0:
                room = max(0, s.orders[shop] - s.cubes[base + r])
                sold = min(rest, room)
                gain += sold * 0.7 * s.price[r]
                rest -= sold
            gain -= rest * 0.6 * s.price[r]
            if loc == MERCATO and useful == 0:
                gain = 0.0
            if gain > best_gain:
                best, best_gain = a, gain
        if best is not None:
            return best
    if "buy_shares" in by_kind and not last:
        best = None
        best_gain = 15.0
        reserve = SHARE_RESERVE if left >= 2 else 0
        gains = [share_gain(s, seat, c, left) for c in range(N_COMP)]
        for a in by_kind["buy_shares"]:
            counts = A.share_counts(a)
            cost = sum(k * s.comp_price(c) for c, k in enumerate(counts))
            if cash - cost < reserve:
                continue
            g = sum(k * gains[c] - 2 * k * (k - 1) for c, k in enumerate(counts) if k)
            if all(gains[c] > 15 for c, k in enumerate(counts) if k) and g > best_gain:
                best, best_gain = a, g
        if best is not None:
            return best
    if "favor" in by_kind:
        pick = max(
            by_kind["favor"],
            key=lambda a: favor_value(s, seat, FAVOR_VALUES.index(a["value"]), last) - a["value"],
        )
        kind = FAVOR_VALUES.index(pick["value"])
        if left >= 1 and favor_value(s, seat, kind, last) - pick["value"] > 0:
            return pick
    hand = len(s.hands[seat])
    if (left >= 5 and hand <= 1) or (left >= 3 and hand == 0):
        if "draw_two" in by_kind:
            return by_kind["draw_two"][0]
        if "draw" in by_kind:
            return by_kind["draw"][0]
    return A.DONE


def prepare_sale(
    s: MovState, seat: int, by_kind: dict[str, list[Action]], last: bool
) -> Action | None:
    """At the Shops, before the sale: a favor or a rumor that opens orders for the cubes held,
    a rumor that raises the price of the cubes about to be sold, a majority move that pays."""
    _v, r, k = best_sale(s, seat, last)
    if "play_favor" in by_kind:
        fits = []
        for a in by_kind["play_favor"]:
            shop = SHOPS.index(a["shop"])
            short = spare(s, seat, SHOP_RES[shop], last) - s.orders[shop]
            if 0 < a["orders"] <= short:
                fits.append(a)
        if fits:
            return max(fits, key=lambda a: (a["orders"], -a["value"]))
    if "rumor" in by_kind:
        for a in by_kind["rumor"]:
            if a["dir"] != "up":
                continue
            shop = SHOPS.index(a["shop"])
            rr = SHOP_RES[shop]
            if a["peg"] == "orders" and spare(s, seat, rr, last) > s.orders[shop]:
                return a
            if a["peg"] == "price" and rr == r and s.price[rr] + 5 <= PRICE_MAX:
                return a
    if "majority" in by_kind and r >= 0:
        shop = RES_SHOP[r]
        have = spare(s, seat, r, last)
        p = s.price[r]
        for a in by_kind["majority"]:
            if SHOPS.index(a["shop"]) != shop:
                continue
            if a["dir"] == "up" and s.orders[shop] > have and have > 0:
                return a  # 10 more a cube, one order fewer that the seat does not need
            if a["dir"] == "down" and have > s.orders[shop] and 2 * p - 20 * (k + 1) > 0:
                return a  # one more cube sold outweighs the lower price
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
