"""How a merchant plays: the heuristic bot, the score estimate search uses, and the model of
another merchant's secret draft pick. Each reads a world sampled from one seat's
information (`SeatInfo.determinize`), never the true state.

An order's worth to a merchant is its reward less what the goods it still lacks cost at
today's prices.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from arsenale.core.actions import Action
from toy_market.actions import PASS, TRADES, WAIT, trade_code
from toy_market.cards import GOODS, MARKET_ROUNDS, MAX_STEP, N_GOODS, ORDER_IDS, ORDERS
from toy_market.state import MarketState

PRIOR_BEST = 0.75
"""How often `submission_prior` has a rival keep the most rewarding order of its packet."""


def worth(s: MarketState, seat: int, card: int) -> int:
    """The order's reward less the cost of the goods the merchant lacks for it."""
    order = ORDERS[card]
    missing = max(0, order.units - s.held(seat, order.good))
    return order.reward - missing * s.prices[order.good]


def heuristic(s: MarketState, seat: int, legal: Sequence[Action]) -> Action:
    kind = s.stack[-1].kind
    if kind == "draft":
        return max(legal, key=lambda a: worth(s, seat, ORDER_IDS.index(a["card"])))
    if kind == "cut_in":
        return cut_in(s, seat, legal)
    return market_turn(s, seat, legal)


def needs(s: MarketState, seat: int) -> list[int]:
    """Units of each good the merchant still lacks for the orders in its hand worth taking."""
    want = [0] * N_GOODS
    for card in s.hands[seat]:
        order = ORDERS[card]
        if worth(s, seat, card) > 0:
            want[order.good] += order.units
    return [max(0, want[g] - s.held(seat, g)) for g in range(N_GOODS)]


def turns_left(s: MarketState, seat: int) -> int:
    """The merchant's market turns still to come in the game, counting one it is on now."""
    n = s.players
    this_season = sum(1 for i in range(s.turn, MARKET_ROUNDS * n) if (s.first + i) % n == seat)
    return this_season + (s.seasons - s.season - 1) * MARKET_ROUNDS


def cut_in(s: MarketState, seat: int, legal: Sequence[Action]) -> Action:
    """Cut in for the good most lacking, if the broker can buy it and has a turn left to fill
    the order; otherwise wait."""
    if turns_left(s, seat) < 1:
        return WAIT
    lacking = needs(s, seat)
    options = [a for a in legal if a.kind == "cut_in" and lacking[GOODS.index(a["good"])] > 0]
    if not options:
        return WAIT
    return max(options, key=lambda a: lacking[GOODS.index(a["good"])])


def market_turn(s: MarketState, seat: int, legal: Sequence[Action]) -> Action:
    """Fill the best order it can; else buy what its orders lack and sell what they do not
    need, in one trade, cutting the purchases down until it is affordable; else pass. On its
    last turn (goods count only to break ties) it sells all it can."""
    fills = [a for a in legal if a.kind == "fill"]
    if fills:
        return max(fills, key=lambda a: ORDERS[ORDER_IDS.index(a["card"])].reward)
    legal_set = set(legal)
    last = turns_left(s, seat) <= 1
    lacking = [0] * N_GOODS if last else needs(s, seat)
    wanted = [0] * N_GOODS
    if not last:
        for card in s.hands[seat]:
            wanted[ORDERS[card].good] += ORDERS[card].units
    sells = [-min(MAX_STEP, max(0, s.held(seat, g) - wanted[g])) for g in range(N_GOODS)]
    buys = [min(MAX_STEP, n) for n in lacking]
    while True:
        counts = tuple(b if b else c for b, c in zip(buys, sells, strict=True))
        if any(counts):
            action = TRADES[trade_code(counts)]
            if action in legal_set:
                assert action is not None
                return action
        if not any(buys):
            return PASS
        g = max(range(N_GOODS), key=lambda g: (buys[g] > 0, s.prices[g]))
        buys[g] -= 1


def evaluate(s: MarketState) -> list[float]:
    """Each seat's expected final cash: cash, goods at today's prices, and half the worth of
    the orders in hand that are worth taking; at the end, the cash itself."""
    if s.over:
        return [float(c) for c in s.cash]
    out = []
    for seat in range(s.players):
        orders = sum(max(0, worth(s, seat, card)) for card in s.hands[seat])
        out.append(s.cash[seat] + s.stock_value(seat) + orders / 2)
    return out


def submission_prior(
    s: MarketState, seat: int, legal: Sequence[Action], rng: random.Random
) -> Action:
    """Another merchant's secret keep: the most rewarding order of its (sampled) packet three
    times in four, else any other order of it; any other secret choice uniformly."""
    keeps = [a for a in legal if a.kind == "keep"]
    if not keeps:
        return legal[rng.randrange(len(legal))]
    best = max(keeps, key=lambda a: ORDERS[ORDER_IDS.index(a["card"])].reward)
    others = [a for a in keeps if a is not best]
    if not others or rng.random() < PRIOR_BEST:
        return best
    return others[rng.randrange(len(others))]
