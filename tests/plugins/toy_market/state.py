"""The state of a game of Toy Market and its rules, one function per part of RULES.md.

Flat data (docs/architecture.md, "Speed"): lists of small ints, and tuples for the cards a
merchant holds, so `clone` is a handful of list copies made from `copied` and `kept`. Orders
are indices into `cards.ORDERS`; a hand or packet is a sorted tuple of them (one canonical
order, so two states that differ only in the order cards were dealt are the same state).

The flow is the table `MarketState.phases`: decision kind -> Phase(legal, apply, resolve,
asks, rule). Each legal-action generator is also the explanation of a refusal: where a check
keeps an action out it calls `why.no(reason, rule, ...)` (core/decisions.py), so the reason
given for a refused action comes from the very check that did not generate it.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

from arsenale.core.actions import Action
from arsenale.core.decisions import Decision, Phase, Why
from arsenale.core.result import Result
from arsenale.core.state import Event, GameState
from toy_market.actions import CUT_IN, FILL, KEEP, PASS, SPAN, TRADES, WAIT, trade_counts
from toy_market.cards import (
    DRAFT_ROUNDS,
    GOODS,
    MARKET_ROUNDS,
    MAX_PRICE,
    MAX_STEP,
    MIN_PRICE,
    N_GOODS,
    ORDER_IDS,
    ORDERS,
    PACKET,
    SOLO_TARGET,
    STOCK_LIMIT,
)

if TYPE_CHECKING:
    from toy_market.game import ToyMarket

RULE_DRAFT = "RULES.md, Draft"
RULE_MARKET = "RULES.md, Market"
RULE_ORDERS = "RULES.md, Orders"
RULE_BROKER = "RULES.md, Broker"

COLOURS = ("amber", "teal", "violet")


class MarketState(GameState):
    copied = ("cash", "stock", "prices", "hands", "packets", "deck", "aside", "filled", "orders")
    kept = ("seasons", "season", "draft_round", "turn", "first", "broker", "passed")
    __slots__ = copied + kept
    seat_names = COLOURS
    game: ToyMarket

    cash: list[int]  # per seat; public
    stock: list[int]  # stock[N_GOODS * seat + good]; public
    prices: list[int]  # per good
    hands: list[tuple[int, ...]]  # kept orders, sorted; secret from the other seats
    packets: list[tuple[int, ...]]  # the draft packet each seat holds now, sorted; secret
    deck: list[int]  # face down; the next card is the last element
    aside: list[int]  # the last card of each packet, set aside face down
    filled: list[int]  # orders delivered, face up
    orders: list[int]  # per seat: orders filled (the second tie-break)
    seasons: int  # the option: seasons in this game
    season: int  # 0-based
    draft_round: int
    turn: int  # market turns taken this season
    first: int  # the season's first merchant
    broker: int  # the seat holding the broker token
    passed: tuple[tuple[int, ...], ...]
    """Per seat: the cards it passed to its left neighbour while that packet is still intact
    (between two draft rounds), else (). The seat saw them: they are in its view."""

    # -- helpers -------------------------------------------------------------------------------

    def held(self, seat: int, good: int) -> int:
        return self.stock[N_GOODS * seat + good]

    def stock_value(self, seat: int) -> int:
        """Goods at the current prices (RULES.md, End of the game: the first tie-break)."""
        base = N_GOODS * seat
        return sum(self.stock[base + g] * self.prices[g] for g in range(N_GOODS))

    # -- core hooks ----------------------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        merchants = [
            {
                "seat": s,
                "colour": COLOURS[s],
                "cash": self.cash[s],
                "stock": {GOODS[g]: self.held(s, g) for g in range(N_GOODS)},
                "hand_size": len(self.hands[s]),
                "packet_size": len(self.packets[s]),
                "orders_filled": self.orders[s],
            }
            for s in range(self.players)
        ]
        out: dict[str, Any] = {
            "season": self.season + 1,
            "phase": "draft" if any(self.packets) else "over" if self.over else "market",
            "draft_round": self.draft_round + 1,
            "market_turn": self.turn,
            "first": self.first,
            "broker": self.broker,
            "prices": {GOODS[g]: self.prices[g] for g in range(N_GOODS)},
            "merchants": merchants,
            "deck_size": len(self.deck),
            "set_aside": len(self.aside),
            "filled": [ORDER_IDS[k] for k in self.filled],
        }
        if seat is not None:
            out["hand"] = [ORDER_IDS[k] for k in self.hands[seat]]
            out["packet"] = [ORDER_IDS[k] for k in self.packets[seat]]
            if self.players > 1 and self.passed[seat]:
                out["passed"] = [ORDER_IDS[k] for k in self.passed[seat]]
        return out

    def _result(self) -> Result:
        """RULES.md, End of the game: cash, then stock value, then orders filled; Solo: the
        target."""
        n = self.players
        return Result.from_keys(
            self.cash,
            [self.stock_value(s) for s in range(n)],
            self.orders,
            target=SOLO_TARGET if n == 1 else None,
        )

    def _determinize(self, seat: int, rng: random.Random) -> None:
        """Deal every card `seat` has not seen afresh: the unseen cards are worked out from the
        seat's view alone (all cards, less its hand, its packet, the filled orders and the
        packet it passed while that packet is intact), listed in card order, shuffled, and
        dealt to the deck, the set-aside pile and the other seats' hands and packets in the
        sizes the view shows; what the other seats passed is then what their neighbours
        hold. What a seat could still infer about a hand (which of the cards it passed a
        neighbour kept) is not used: an approximation, as in Amalfi's drafts."""
        n = self.players
        neighbour = (seat + 1) % n if n > 1 and self.passed[seat] else -1
        seen = Counter(self.hands[seat]) + Counter(self.packets[seat]) + Counter(self.filled)
        if neighbour >= 0:
            seen += Counter(self.passed[seat])
        pool = [k for k, o in enumerate(ORDERS) for _ in range(o.copies - seen[k])]
        rng.shuffle(pool)
        taken = 0

        def deal(count: int) -> list[int]:
            nonlocal taken
            cards = pool[taken : taken + count]
            taken += count
            return cards

        self.deck = deal(len(self.deck))
        self.aside = deal(len(self.aside))
        for s in range(n):
            if s != seat:
                self.hands[s] = tuple(sorted(deal(len(self.hands[s]))))
                if s == neighbour:
                    self.packets[s] = self.passed[seat]
                else:
                    self.packets[s] = tuple(sorted(deal(len(self.packets[s]))))
        if taken != len(pool):
            raise AssertionError(f"determinize dealt {taken} of {len(pool)} unseen cards")
        if neighbour >= 0:  # what each seat passed is now the packet of its neighbour
            self.passed = tuple(self.packets[(s + 1) % n] for s in range(n))


# -- Set-up and seasons (RULES.md, Set-up; Draft) ------------------------------------------------


def start_season(s: MarketState, events: list[Event]) -> None:
    """Deal a packet to every merchant and open the first draft round."""
    n = s.players
    s.first = s.season % n
    s.draft_round = 0
    s.turn = 0
    events.append({"type": "season", "season": s.season + 1, "first": s.first})
    for seat in range(n):
        packet = tuple(sorted(s.deck.pop() for _ in range(PACKET)))
        s.packets[seat] = packet
        events.append(
            {
                "type": "dealt",
                "seat": seat,
                "cards": [ORDER_IDS[k] for k in packet],
                "visible_to": [seat],
            }
        )
    s.stack.append(Decision("draft", tuple(range(n)), 0))


def end_season(s: MarketState, events: list[Event]) -> None:
    events.append({"type": "season_end", "season": s.season + 1})
    s.season += 1
    if s.season >= s.seasons:
        s.over = True
        events.append({"type": "game_over"})
    else:
        start_season(s, events)


# -- Draft (RULES.md, Draft) ---------------------------------------------------------------------


def legal_draft(s: MarketState, seat: int, top: Decision, why: Why | None = None) -> list[Action]:
    if why is not None and not why.wants("keep"):
        return []
    packet = s.packets[seat]
    out = []
    for k, keep in enumerate(KEEP):
        if k in packet:
            out.append(keep)
        elif why is not None:
            why.no(f"your packet holds no {ORDER_IDS[k]}", RULE_DRAFT, "keep", card=ORDER_IDS[k])
    return out


def apply_draft(s: MarketState, seat: int, action: Action, top: Decision) -> list[Event]:
    """A one-merchant game's draft round: the same as everyone's, with one keeper."""
    s.stack.pop()
    return resolve_draft(s, top, {seat: action})


def resolve_draft(s: MarketState, top: Decision, submissions: dict[int, Action]) -> list[Event]:
    """Everyone has kept a card in secret: the cards go to the hands, the rest of each packet
    to the left neighbour, or after the last round aside, face down; then the market opens."""
    n = s.players
    rest: list[tuple[int, ...]] = []
    events: list[Event] = []
    for seat in range(n):
        card = ORDER_IDS.index(submissions[seat]["card"])
        packet = list(s.packets[seat])
        packet.remove(card)
        rest.append(tuple(packet))
        s.hands[seat] = tuple(sorted((*s.hands[seat], card)))
        events.append({"type": "kept", "seat": seat, "card": ORDER_IDS[card], "visible_to": [seat]})
    last = top.data + 1 >= DRAFT_ROUNDS
    events.insert(0, {"type": "draft_round", "round": top.data + 1, "last": last})
    if not last:
        for seat in range(n):
            s.packets[(seat + 1) % n] = rest[seat]
        s.passed = tuple(rest)
        s.draft_round = top.data + 1
        s.stack.append(Decision("draft", tuple(range(n)), top.data + 1))
        return events
    for seat in range(n):
        s.aside.extend(rest[seat])
        s.packets[seat] = ()
    s.passed = ((),) * n
    next_turn(s, events)
    return events


# -- Market (RULES.md, Market; Orders) -----------------------------------------------------------


def next_turn(s: MarketState, events: list[Event]) -> None:
    """The next market turn, after the broker's chance to cut in where it could buy something;
    after every merchant's last turn, the end of the season."""
    n = s.players
    if s.turn >= MARKET_ROUNDS * n:
        end_season(s, events)
        return
    seat = (s.first + s.turn) % n
    s.stack.append(Decision("turn", (seat,), s.turn))
    if s.broker != seat and could_cut_in(s, s.broker):
        s.stack.append(Decision("cut_in", (s.broker,), seat))


def legal_turn(s: MarketState, seat: int, top: Decision, why: Why | None = None) -> list[Action]:
    out: list[Action] = []
    if why is None or why.wants("fill"):
        hand = s.hands[seat]
        for k, fill in enumerate(FILL):
            order = ORDERS[k]
            if k not in hand:
                if why is not None:
                    why.no(f"you hold no order {order.id}", RULE_ORDERS, "fill", card=order.id)
            elif s.held(seat, order.good) < order.units:
                if why is not None:
                    why.no(
                        f"order {order.id} needs {order.units} {GOODS[order.good]} and you "
                        f"hold {s.held(seat, order.good)}",
                        RULE_ORDERS,
                        "fill",
                        card=order.id,
                    )
            else:
                out.append(fill)
    if why is None or why.wants("trade"):
        out += legal_trades(s, seat, why)
    out.append(PASS)
    return out


def legal_trades(s: MarketState, seat: int, why: Why | None) -> list[Action]:
    """Every trade the merchant may make: per good, no more sold than held and no more held
    than STOCK_LIMIT after buying; in all, the trade's cost at today's prices within its cash.
    Asked why one trade is refused (`why`), only that trade's counts are walked."""
    cash = s.cash[seat]
    base = N_GOODS * seat
    asked = why.action.params if why is not None else None
    ranges = []
    for g, good in enumerate(GOODS):
        held = s.stock[base + g]
        low, high = -min(MAX_STEP, held), min(MAX_STEP, STOCK_LIMIT - held)
        if asked is not None and why is not None:
            c = asked.get(good, 0)
            if c < low:
                why.no(f"you hold {held} {GOODS[g]} and cannot sell {-c}", RULE_MARKET, "trade")
            elif c > high:
                why.no(
                    f"you hold {held} {GOODS[g]}, at most {STOCK_LIMIT} are allowed: you cannot "
                    f"buy {c}",
                    RULE_MARKET,
                    "trade",
                )
            low, high = (c, c) if low <= c <= high else (1, 0)
        ranges.append(range(low, high + 1))
    r0, r1, r2, r3 = ranges
    p0, p1, p2, p3 = s.prices
    out: list[Action] = []
    for a in r0:
        ca, ia = a * p0, (a + MAX_STEP) * SPAN
        for b in r1:
            cb, ib = ca + b * p1, (ia + b + MAX_STEP) * SPAN
            for c in r2:
                cc, ic = cb + c * p2, (ib + c + MAX_STEP) * SPAN + MAX_STEP
                for d in r3:
                    cost = cc + d * p3
                    if cost > cash:  # costs only rise with d
                        if why is not None:
                            why.no(
                                f"this trade costs {cost} and you have {cash}", RULE_MARKET, "trade"
                            )
                        break
                    trade = TRADES[ic + d]
                    if trade is not None:
                        out.append(trade)
    return out


def apply_turn(s: MarketState, seat: int, action: Action, top: Decision) -> list[Event]:
    s.stack.pop()
    events: list[Event]
    if action is PASS:
        events = [{"type": "pass", "seat": seat}]
    elif action.kind == "fill":
        events = [fill(s, seat, ORDER_IDS.index(action["card"]))]
    else:
        events = [trade(s, seat, trade_counts(action))]
    s.turn += 1
    next_turn(s, events)
    return events


def trade(s: MarketState, seat: int, counts: tuple[int, ...]) -> Event:
    """The whole trade at today's prices; then each good bought rises 1, each sold falls 1."""
    base = N_GOODS * seat
    cost = 0
    for g, c in enumerate(counts):
        if c:
            cost += c * s.prices[g]
            s.stock[base + g] += c
            step = 1 if c > 0 else -1
            s.prices[g] = min(MAX_PRICE, max(MIN_PRICE, s.prices[g] + step))
    s.cash[seat] -= cost
    goods = {GOODS[g]: c for g, c in enumerate(counts) if c}
    return {"type": "trade", "seat": seat, "goods": goods, "cost": cost}


def fill(s: MarketState, seat: int, card: int) -> Event:
    order = ORDERS[card]
    hand = list(s.hands[seat])
    hand.remove(card)
    s.hands[seat] = tuple(hand)
    s.stock[N_GOODS * seat + order.good] -= order.units
    s.cash[seat] += order.reward
    s.filled.append(card)
    s.orders[seat] += 1
    return {"type": "fill", "seat": seat, "card": order.id, "reward": order.reward}


# -- Broker (RULES.md, Broker) -------------------------------------------------------------------


def could_cut_in(s: MarketState, holder: int) -> bool:
    """Whether cutting in could matter: the holder can pay for one unit of a good it has room
    for (RULINGS.md R1). Otherwise nobody is asked, so no pointless "wait" decisions."""
    cash = s.cash[holder]
    return any(s.prices[g] <= cash and s.held(holder, g) < STOCK_LIMIT for g in range(N_GOODS))


def legal_cut_in(s: MarketState, seat: int, top: Decision, why: Why | None = None) -> list[Action]:
    if why is not None and not why.wants("cut_in"):
        return []
    out = []
    for g, cut in enumerate(CUT_IN):
        if s.prices[g] > s.cash[seat]:
            if why is not None:
                why.no(
                    f"{GOODS[g]} costs {s.prices[g]} and you have {s.cash[seat]}",
                    RULE_BROKER,
                    "cut_in",
                    good=GOODS[g],
                )
        elif s.held(seat, g) >= STOCK_LIMIT:
            if why is not None:
                why.no(
                    f"you already hold {STOCK_LIMIT} {GOODS[g]}, the most allowed",
                    RULE_MARKET,
                    "cut_in",
                    good=GOODS[g],
                )
        else:
            out.append(cut)
    out.append(WAIT)
    return out


def apply_cut_in(s: MarketState, seat: int, action: Action, top: Decision) -> list[Event]:
    """Buy one unit before the merchant on turn (`top.data`), who then takes the token."""
    s.stack.pop()
    on_turn = top.data
    if action is WAIT:
        return [{"type": "wait", "seat": seat, "before": on_turn}]
    g = GOODS.index(action["good"])
    price = s.prices[g]
    s.cash[seat] -= price
    s.stock[N_GOODS * seat + g] += 1
    s.prices[g] = min(MAX_PRICE, price + 1)
    s.broker = on_turn
    return [{"type": "cut_in", "seat": seat, "before": on_turn, "good": GOODS[g], "price": price}]


MarketState.phases = {
    "draft": Phase(
        legal_draft,
        apply_draft,
        resolve_draft,
        "every merchant keeps one order of its packet: 'keep <card>'",
        RULE_DRAFT,
    ),
    "turn": Phase(
        legal_turn,
        apply_turn,
        None,
        "on your market turn, trade ('buy 2 grain sell 1 wool'), fill an order or pass",
        RULE_MARKET,
    ),
    "cut_in": Phase(
        legal_cut_in,
        apply_cut_in,
        None,
        "the broker may cut in ('cut in <good>') or wait",
        RULE_BROKER,
    ),
}
