"""Prices, counter offers and trades between players (serenissima-1996.en.txt, Phase 2,
"Purchase prices of trade goods in a port"; "Special rules", selling goods between players).

A deal follows the rulebook's short protocol: the seller names a price; the buyer accepts,
counters with a lower price, or refuses; the seller accepts or refuses the counter offer; after
a refused counter offer the buyer takes the first price or gives up. Each step is a decision of
the seat concerned, asked out of turn where needed.

Two kinds of deal: buying a cube at another player's port (the owner must name a price from
100 to 300 ducats, up to 1,000 with a monopoly of the good; the owner cannot refuse to sell)
and a sale between two players' galleys in the same area outside the high seas (a free price:
any sum in 100-ducat coins up to the most a player can ever hold, RULINGS.md R8; the buyer
cannot accept or counter with more than he has; the seller may decline to name one).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from arsenale.core.actions import Action
from arsenale.core.decisions import Decision, Why
from arsenale.core.state import Event
from arsenale.games.serenissima_1996.board import GOODS, Board

if TYPE_CHECKING:
    from arsenale.games.serenissima_1996.state import Serenissima1996State

RULE_PRICE = "serenissima-1996.en.txt, Phase 2, Purchase prices of trade goods in a port"
RULE_TRADE = "serenissima-1996.en.txt, Special rules (selling goods between players)"


class Deal(NamedTuple):
    port: int  # the port selling the cube, or -1 for a sale between galleys
    good: int
    seller: int
    buyer: int
    src: int  # the seller's galley (trade between players), else -1
    dst: int  # the buyer's galley
    low: int  # price range, in hundreds of ducats
    high: int
    offer: int = -1
    counter: int = -1

    def to_json(self, b: Board) -> dict[str, Any]:
        return {
            "kind": "port" if self.port >= 0 else "trade",
            "port": b.port_ids[self.port] if self.port >= 0 else None,
            "good": GOODS[self.good],
            "seller": self.seller,
            "buyer": self.buyer,
            "from_galley": self.src + 1 if self.src >= 0 else None,
            "to_galley": self.dst + 1,
            "price_range": [self.low * 100, self.high * 100],
            "offer": self.offer * 100 if self.offer >= 0 else None,
            "counter": self.counter * 100 if self.counter >= 0 else None,
        }


def open_port_deal(s: Serenissima1996State, seat: int, p: int, g: int, events: list[Event]) -> None:
    """A cube at another player's port: the owner names the price."""
    b = s.game.board
    good = b.port_good[p]
    owner = s.owner[p]
    high = 10 if s.monopoly(owner, good) else 3
    deal = Deal(p, good, owner, seat, -1, g, 1, high)
    s.stack.append(Decision("offer", (owner,), deal))
    events.append({"type": "deal", "deal": deal.to_json(b)})


def open_trade(
    s: Serenissima1996State, seat: int, good: int, src: int, dst: int, events: list[Event]
) -> None:
    """A sale between galleys: the seller names a price (asked out of turn if the buyer opened)."""
    top = s.game.actions.max_price
    deal = Deal(-1, good, s.g_owner[src], s.g_owner[dst], src, dst, 0, top)
    kind = "offer" if deal.seller == seat else "opening"
    s.stack.append(Decision(kind, (deal.seller,), deal))
    events.append({"type": "deal", "deal": deal.to_json(s.game.board)})


def legal_offer(
    s: Serenissima1996State, seat: int, top: Decision, why: Why | None = None
) -> list[Action]:
    """A price within the deal's range; the seller asked to sell from a galley may refuse
    (RULINGS.md R8), a port owner may not (R6)."""
    deal: Deal = top.data
    prices = s.game.actions.price
    out = prices[deal.low : deal.high + 1]
    if why is not None:
        rule = RULE_PRICE if deal.port >= 0 else RULE_TRADE
        why.no(
            f"the price must lie between {deal.low * 100} and {deal.high * 100} ducats"
            if deal.port >= 0
            else f"no player can ever hold more than {deal.high * 100} ducats (RULINGS.md R8)",
            rule,
            "price",
        )
        if top.kind != "opening":
            why.no(
                "the owner of a port cannot refuse to sell: name a price (RULINGS.md R6)"
                if deal.port >= 0
                else "you offered this sale yourself: name a price",
                rule,
                "refuse",
            )
    if top.kind == "opening":
        return [*out, s.game.actions.refuse]
    return out


def apply_offer(s: Serenissima1996State, seat: int, action: Action, top: Decision) -> list[Event]:
    deal: Deal = top.data
    s.stack.pop()
    if action is s.game.actions.refuse:
        return _refused(s, deal, seat)
    deal = deal._replace(offer=action["ducats"] // 100)
    s.stack.append(Decision("answer", (deal.buyer,), deal))
    return [{"type": "offer", "seat": seat, "ducats": action["ducats"]}]


def legal_answer(
    s: Serenissima1996State, seat: int, top: Decision, why: Why | None = None
) -> list[Action]:
    """Accept the price if one can pay it; counter with a lower one within the range that one
    can pay (RULINGS.md R7); or refuse."""
    deal: Deal = top.data
    a = s.game.actions
    cash = s.money[seat] // 100
    out: list[Action] = [a.accept] if cash >= deal.offer else []
    out += a.counter[deal.low : min(deal.offer, cash + 1)]
    out.append(a.refuse)
    if why is not None:
        rule = RULE_PRICE if deal.port >= 0 else RULE_TRADE
        price, money = deal.offer * 100, s.money[seat]
        why.no(f"you cannot pay {price} ducats: you have {money}", rule, "accept")
        for n in range(deal.offer, len(a.counter)):
            why.no(
                f"a counter offer must be lower than the price asked, {price} (RULINGS.md R7)",
                rule,
                "counter",
                ducats=n * 100,
            )
        for n in range(deal.low):
            why.no(
                f"a counter offer may not be below {deal.low * 100} ducats (RULINGS.md R7)",
                rule,
                "counter",
                ducats=n * 100,
            )
        why.no(f"you cannot pay more than your {money} ducats", rule, "counter")
    return out


def apply_answer(s: Serenissima1996State, seat: int, action: Action, top: Decision) -> list[Event]:
    deal: Deal = top.data
    a = s.game.actions
    s.stack.pop()
    if action is a.accept:
        return _complete(s, deal, deal.offer)
    if action is a.refuse:
        return _refused(s, deal, seat)
    deal = deal._replace(counter=action["ducats"] // 100)
    s.stack.append(Decision("counter_answer", (deal.seller,), deal))
    return [{"type": "counter_offer", "seat": seat, "ducats": action["ducats"]}]


def legal_accept_or_refuse(
    s: Serenissima1996State, seat: int, top: Decision, why: Why | None = None
) -> list[Action]:
    """Accept or refuse; the buyer's last word accepts the first price only if it can pay."""
    a = s.game.actions
    deal: Deal = top.data
    if top.kind == "last_word" and s.money[seat] < deal.offer * 100:
        if why is not None:
            why.no(
                f"you cannot pay {deal.offer * 100} ducats: you have {s.money[seat]}",
                RULE_PRICE if deal.port >= 0 else RULE_TRADE,
                "accept",
            )
        return [a.refuse]
    return [a.accept, a.refuse]


def apply_counter_answer(
    s: Serenissima1996State, seat: int, action: Action, top: Decision
) -> list[Event]:
    deal: Deal = top.data
    s.stack.pop()
    if action is s.game.actions.accept:
        return _complete(s, deal, deal.counter)
    s.stack.append(Decision("last_word", (deal.buyer,), deal))
    return [{"type": "counter_refused", "seat": seat}]


def apply_last_word(
    s: Serenissima1996State, seat: int, action: Action, top: Decision
) -> list[Event]:
    deal: Deal = top.data
    s.stack.pop()
    if action is s.game.actions.accept:
        return _complete(s, deal, deal.offer)
    return _refused(s, deal, seat)


def _refused(s: Serenissima1996State, deal: Deal, seat: int) -> list[Event]:
    """A refused deal ends; the same deal may not be reopened this turn (RULINGS.md R29)."""
    from arsenale.games.serenissima_1996.trade import deal_bit

    s.deals |= deal_bit(deal.seller, deal.good, deal.port >= 0)
    return [{"type": "deal_refused", "seat": seat}]


def _complete(s: Serenissima1996State, deal: Deal, hundreds: int) -> list[Event]:
    price = hundreds * 100
    s.money[deal.buyer] -= price
    s.money[deal.seller] += price
    if deal.port >= 0:
        s.supply[deal.good] -= 1
    else:
        s.cargo[7 * deal.src + deal.good] -= 1
        s.g_goods[deal.src] -= 1
    s.cargo[7 * deal.dst + deal.good] += 1
    s.g_goods[deal.dst] += 1
    return [
        {
            "type": "deal_done",
            "good": GOODS[deal.good],
            "seller": deal.seller,
            "buyer": deal.buyer,
            "ducats": price,
            "galley": deal.dst + 1,
        }
    ]
