"""How a merchant of Masters of Venice plays: the heuristic bot, the score estimate search
uses, and the model of a rival's secret bid or destination. Each reads a world sampled from
one seat's information (`SeatInfo.determinize`), never the true state.

The plan: bid little (a bid buys turn order and an orders adjustment, both worth little
against its cost), take the Thief or the Tax Collector, buy cubes cheaply where some shop
still has orders for them (or a held Guild Order needs them) and sell them at double the
price, deliver every order it can for VP, collect shipping office shares (they never lose
value and pay 10 a share whenever anyone uses the office), and sell every cube before the end
(cubes are taxed).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from arsenale.core.actions import Action
from arsenale.games.masters_of_venice import actions as A
from arsenale.games.masters_of_venice.board import (
    BID_SPACES,
    CHARACTERS,
    DOCKS,
    GUILD,
    GUILD_VP,
    LOCATIONS,
    LUMBER,
    MARKET,
    MERCATO,
    N_RES,
    N_SHOPS,
    NORTH,
    ORDER_IDS,
    ORDERS,
    RES_SHOP,
    RESOURCES,
    ROUNDS,
    SHOP_RES,
    SHOPS,
    SHOPS_LOC,
    SOUTH,
)
from arsenale.games.masters_of_venice.state import MovState

CHARACTER_RANK = ("thief", "taxcollector", "harbormaster", "trader", "guildmaster")
RESERVE = 20
PRIOR_AS_HEURISTIC = 0.6


def rounds_left(s: MovState) -> int:
    """Commerce rounds still to play after this one."""
    return sum(1 for r in range(s.round + 1, ROUNDS) if r not in BID_SPACES)


def needs(s: MovState, seat: int) -> list[int]:
    """Cubes of each resource the seat's held orders still lack."""
    want = [0] * N_RES
    for card in s.hands[seat]:
        for r, k in enumerate(ORDERS[card].need):
            want[r] += k
    base = N_RES * seat
    return [max(0, want[r] - s.cubes[base + r]) for r in range(N_RES)]


def wanted(s: MovState, seat: int) -> list[int]:
    want = [0] * N_RES
    for card in s.hands[seat]:
        for r, k in enumerate(ORDERS[card].need):
            want[r] += k
    return want


def deliverable(s: MovState, seat: int) -> bool:
    base = N_RES * seat
    for card in s.hands[seat]:
        need = ORDERS[card].need
        if all(
            s.cubes[base + r] >= need[r] and (RES_SHOP[r] < 0 or s.orders[RES_SHOP[r]] >= need[r])
            for r in range(N_RES)
            if need[r]
        ):
            return True
    return False


def sale_value(s: MovState, seat: int) -> int:
    """The best single shop sale the seat could make now."""
    base = N_RES * seat
    keep = wanted(s, seat)
    best = 0
    for r in range(N_RES):
        shop = RES_SHOP[r]
        if shop < 0:
            continue
        k = min(s.cubes[base + r] - (keep[r] if rounds_left(s) > 1 else 0), s.orders[shop])
        if k > 0:
            best = max(best, 2 * s.price[r] * k)
    return best


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
        return A.WAIT if A.WAIT in legal else legal[0]
    if kind == "place":
        return legal[0]
    if kind == "keep":
        return choose_keep(s, seat, legal)
    return choose_use(s, seat, legal)


def choose_bid(s: MovState, seat: int, legal: Sequence[Action]) -> Action:
    """Bid for the orders adjustment when cubes held exceed a shop's orders (5 ducats per
    order missing, at most 20), or a token 5 for an early pick of the characters when cash is
    plentiful; otherwise nothing (every bid is paid)."""
    base = N_RES * seat
    excess = max(s.cubes[base + SHOP_RES[shop]] - s.orders[shop] for shop in range(N_SHOPS))
    amount = 0
    if excess > 0:
        amount = min(5 * excess, 20)
    elif s.cash[seat] >= 250 and rounds_left(s) >= 6:
        amount = 5
    amount = min(amount, s.cash[seat] // 5 * 5)
    bid = A.BIDS[amount // 5]
    return bid if bid in legal else legal[0]


def choose_orders(s: MovState, seat: int, legal: Sequence[Action]) -> Action:
    """Raise the orders where the seat holds most cubes of the shop's resource."""
    base = N_RES * seat
    ups = [a for a in legal if a["dir"] == "up"]
    if ups:
        return max(
            ups,
            key=lambda a: (
                s.cubes[base + SHOP_RES[SHOPS.index(a["shop"])]],
                s.shares[7 * seat + SHOPS.index(a["shop"])],
            ),
        )
    # Otherwise hurt the shop where the seat has least at stake.
    return min(legal, key=lambda a: s.shares[7 * seat + SHOPS.index(a["shop"])])


def choose_move(s: MovState, seat: int, legal: Sequence[Action]) -> Action:
    allowed = {LOCATIONS.index(a["place"]): a for a in legal}
    prefs: list[int] = []
    if deliverable(s, seat):
        prefs.append(GUILD)
    if sale_value(s, seat) >= 80:
        prefs.append(SHOPS_LOC)
    cash = s.cash[seat]
    left = rounds_left(s)
    if left >= 1:
        if sum(s.docks) and cash >= 60:
            prefs.append(DOCKS)
        prefs += [NORTH, SOUTH]
        if cash >= 100 and s.supply[5] + s.supply[6]:
            prefs.append(MARKET)
    if sale_value(s, seat) > 0:
        prefs.append(SHOPS_LOC)
    if sum(s.cubes[N_RES * seat : N_RES * seat + N_RES]) and left <= 1:
        prefs.append(MERCATO)
    prefs += [NORTH, SOUTH, GUILD, MARKET]
    for loc in prefs:
        if loc in allowed:
            return allowed[loc]
    return legal[0]


def choose_keep(s: MovState, seat: int, legal: Sequence[Action]) -> Action:
    """Keep the card the seat lacks fewer cubes for; put nothing back."""
    n = len(s.deck)
    cards = {"first": s.deck[n - 1], "second": s.deck[n - 2]}
    base = N_RES * seat

    def missing(card: int) -> int:
        need = ORDERS[card].need
        return sum(max(0, need[r] - s.cubes[base + r]) for r in range(N_RES))

    options = [a for a in legal if a["back"] == 0]
    return min(options, key=lambda a: missing(cards[a["which"]]))


def choose_use(s: MovState, seat: int, legal: Sequence[Action]) -> Action:
    by_kind: dict[str, list[Action]] = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)
    base = N_RES * seat
    cash = s.cash[seat]
    left = rounds_left(s)
    last = left == 0
    # Guild Orders: deliver for all the VP.
    if "deliver" in by_kind:
        return max(by_kind["deliver"], key=lambda a: a["vp"])
    # Tiles: a favor or rumor that opens orders for cubes held.
    tile = choose_tile(s, seat, by_kind)
    if tile is not None:
        return tile
    if "ship" in by_kind:
        return A.SHIP
    if "sell" in by_kind and s.stack[-1].data == SHOPS_LOC:
        keep = wanted(s, seat) if not last else [0] * N_RES
        best = None
        best_total = 0
        for a in by_kind["sell"]:
            r = RESOURCES.index(a["resource"])
            if a["count"] > s.cubes[base + r] - keep[r]:
                continue
            total = 2 * s.price[r] * a["count"]
            if total > best_total:
                best, best_total = a, total
        if best is not None:
            return best
    if "sell" in by_kind and s.stack[-1].data == MERCATO:
        keep = wanted(s, seat) if not last else [0] * N_RES
        sells = [
            a
            for a in by_kind["sell"]
            if a["count"]
            <= s.cubes[base + RESOURCES.index(a["resource"])] - keep[RESOURCES.index(a["resource"])]
            and (
                last
                or RESOURCES.index(a["resource"]) == LUMBER
                or s.orders[RES_SHOP[RESOURCES.index(a["resource"])]] == 0
            )
        ]
        if sells:
            return max(sells, key=lambda a: a["count"] * s.price[RESOURCES.index(a["resource"])])
    if "steal" in by_kind:
        return max(
            by_kind["steal"], key=lambda a: cube_worth(s, seat, RESOURCES.index(a["resource"]))
        )
    if "dock" in by_kind:
        return max(by_kind["dock"], key=lambda a: dock_worth(s, seat, a["dock"] - 1))
    if "buy" in by_kind and not last:
        lacking = needs(s, seat)
        best = None
        best_gain = 0.0
        for a in by_kind["buy"]:
            r = RESOURCES.index(a["resource"])
            k = a["count"]
            cost = s.price[r] * k
            if cash - cost < RESERVE:
                continue
            gain = 0.0
            useful = min(k, lacking[r])
            gain += useful * 60
            shop = RES_SHOP[r]
            if shop >= 0 and left >= 1:
                extra = min(k - useful, max(0, s.orders[shop] - s.cubes[base + r]))
                gain += extra * (2 * s.price[r] - s.price[r]) * 0.8
                wasted = k - useful - extra
            else:
                wasted = k - useful
            gain -= wasted * s.price[r]
            if gain > best_gain:
                best, best_gain = a, gain
        if best is not None:
            return best
    if "buy_shares" in by_kind and not last:
        offices = [
            a
            for a in by_kind["buy_shares"]
            if set(a.params) <= {"north", "south"} and cash - 20 * sum(a.params.values()) >= 40
        ]
        if offices and left >= 2:
            return max(offices, key=lambda a: sum(a.params.values()))
        held = [s.cubes[base + SHOP_RES[shop]] for shop in range(N_SHOPS)]
        target = SHOPS[max(range(N_SHOPS), key=lambda shop: held[shop])]
        mine = [
            a
            for a in by_kind["buy_shares"]
            if set(a.params) == {target}
            and cash - s.share[SHOPS.index(target)] * a[target] >= 100
            and s.share[SHOPS.index(target)] <= 90
        ]
        if mine and left >= 2 and max(held) > 0:
            return max(mine, key=lambda a: a[target])
    if "draw" in by_kind and left >= 3 and len(s.hands[seat]) < 2:
        if "draw_two" in by_kind:
            return by_kind["draw_two"][0]
        return by_kind["draw"][0]
    return A.DONE


def cube_worth(s: MovState, seat: int, r: int) -> float:
    lacking = needs(s, seat)
    if lacking[r]:
        return 100.0
    shop = RES_SHOP[r]
    if shop >= 0 and s.orders[shop] > s.cubes[N_RES * seat + r]:
        return 2.0 * s.price[r]
    return s.price[r] / 2


def dock_worth(s: MovState, seat: int, d: int) -> float:
    return sum(s.docks[N_RES * d + r] * (cube_worth(s, seat, r) - s.price[r]) for r in range(N_RES))


def choose_tile(s: MovState, seat: int, by_kind: dict[str, list[Action]]) -> Action | None:
    base = N_RES * seat
    if "play_favor" in by_kind:
        fits = []
        for a in by_kind["play_favor"]:
            shop = SHOPS.index(a["shop"])
            short = s.cubes[base + SHOP_RES[shop]] - s.orders[shop]
            if 0 < a["orders"] <= short:
                fits.append(a)
        if fits:
            return max(fits, key=lambda a: a["orders"])
    if "rumor" in by_kind:
        best = None
        score = 0
        for a in by_kind["rumor"]:
            if a["dir"] != "up":
                continue
            shop = SHOPS.index(a["shop"])
            r = SHOP_RES[shop]
            if a["peg"] == "orders":
                v = 3 * s.cubes[base + r]
            elif a["peg"] == "price":
                v = s.cubes[base + r] if s.price[r] < 100 else -1
            else:
                v = s.shares[7 * seat + shop] if s.share[shop] < 100 else -1
            if v > score:
                best, score = a, v
        if best is not None:
            return best
    return None


def evaluate(s: MovState) -> list[float]:
    """Each seat's expected final score in VP: the VP on the track, cash and stock value at 1
    VP per 100, cubes at half their value (the tax or a sale), less 2 VP per order in hand
    (an order its cubes are held for counts its worth instead)."""
    if s.over:
        return [float(f[-1]) for f in s.final]
    out = []
    for seat in range(s.players):
        v = float(s.vp[seat])
        v += (s.cash[seat] + s.stock_value(seat) + 0.6 * s.cube_value(seat)) / 100
        for card in s.hands[seat]:
            need = ORDERS[card].need
            lacking = sum(max(0, need[r] - s.cubes[N_RES * seat + r]) for r in range(N_RES))
            v += (GUILD_VP[min(len(s.delivered[seat]), 3)] if lacking == 0 else 0) - 2
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
