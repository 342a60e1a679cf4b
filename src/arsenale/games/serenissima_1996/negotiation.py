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

from typing import TYPE_CHECKING, Any, Final, NamedTuple

from arsenale.core.actions import Action
from arsenale.core.decisions import Decision, Why
from arsenale.core.state import Event
from arsenale.games.serenissima_1996.board import GOODS, Board
from arsenale.games.serenissima_1996.words import _

if TYPE_CHECKING:
    from arsenale.games.serenissima_1996.state import Serenissima1996State

RULE_PRICE: Final = "serenissima-1996.en.txt, Phase 2, Purchase prices of trade goods in a port"
RULE_TRADE: Final = "serenissima-1996.en.txt, Special rules (selling goods between players)"


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
            _("the price must lie between {low} and {high} ducats").format(
                low=deal.low * 100, high=deal.high * 100
            )
            if deal.port >= 0
            else _("no player can ever hold more than {high} ducats (RULINGS.md R8)").format(
                high=deal.high * 100
            ),
            rule,
            "price",
        )
        if top.kind != "opening":
            why.no(
                _("the owner of a port cannot refuse to sell: name a price (RULINGS.md R6)")
                if deal.port >= 0
                else _("you offered this sale yourself: name a price"),
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
        why.no(
            _("you cannot pay {price} ducats: you have {money}").format(price=price, money=money),
            rule,
            "accept",
        )
        for n in range(deal.offer, len(a.counter)):
            why.no(
                _(
                    "a counter offer must be lower than the price asked, {price} (RULINGS.md R7)"
                ).format(price=price),
                rule,
                "counter",
                ducats=n * 100,
            )
        for n in range(deal.low):
            why.no(
                _("a counter offer may not be below {low} ducats (RULINGS.md R7)").format(
                    low=deal.low * 100
                ),
                rule,
                "counter",
                ducats=n * 100,
            )
        why.no(
            _("you cannot pay more than your {money} ducats").format(money=money), rule, "counter"
        )
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
                _("you cannot pay {offer} ducats: you have {money}").format(
                    offer=deal.offer * 100, money=s.money[seat]
                ),
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


# -- barter: goods for goods, one offer taken or refused as a whole (RULINGS.md R33) ----------

RULE_BARTER: Final = "serenissima-1996.fr.txt, REGLES PARTICULIERES (échanger des marchandises)"


class Barter(NamedTuple):
    """An exchange being put together: `give[i]` cubes of good i go from the proposer's galley
    `src` to the other player's galley `dst`, `ask[i]` cubes come back."""

    src: int
    dst: int
    give: tuple[int, ...] = (0,) * 7
    ask: tuple[int, ...] = (0,) * 7

    def to_json(self, s: Serenissima1996State) -> dict[str, Any]:
        return {
            "kind": "barter",
            "proposer": s.g_owner[self.src],
            "other": s.g_owner[self.dst],
            "from_galley": self.src + 1,
            "to_galley": self.dst + 1,
            "give": {GOODS[i]: n for i, n in enumerate(self.give) if n},
            "ask": {GOODS[i]: n for i, n in enumerate(self.ask) if n},
        }


def barter_bit(g: int, h: int) -> int:
    """The bit of `s.deals` for a barter between galleys g and h this turn (RULINGS.md R33)."""
    return 1 << (64 + 28 * min(g, h) + max(g, h))


def open_barter(
    s: Serenissima1996State, seat: int, src: int, dst: int, events: list[Event]
) -> None:
    """The proposer puts an offer together, cube by cube (`offer <good>`, `ask <good>`)."""
    s.deals |= barter_bit(src, dst)
    s.stack.append(Decision("barter", (seat,), Barter(src, dst)))
    events.append({"type": "barter_opened", "seat": seat, "from": src + 1, "to": dst + 1})


def _fits(s: Serenissima1996State, g: int, goods_after: int) -> bool:
    """5 pieces a galley, a sailor always aboard, so at most 4 goods."""
    return goods_after <= 4 and s.g_sailors[g] + goods_after <= 5


def legal_barter(
    s: Serenissima1996State, seat: int, top: Decision, why: Why | None = None
) -> list[Action]:
    """Add a cube of the proposer's galley to what it gives, or one of the other galley to what
    it asks; propose once each side has a cube and both galleys can hold the result; or give
    the barter up."""
    a = s.game.actions
    bt: Barter = top.data
    out: list[Action] = []
    for i in range(7):
        if s.cargo[7 * bt.src + i] > bt.give[i]:
            out.append(a.barter_give[i])
        elif why is not None:
            why.no(
                _("galley {src} has no more {good} to offer").format(src=bt.src + 1, good=GOODS[i]),
                RULE_BARTER,
                "barter_give",
                good=GOODS[i],
            )
        if s.cargo[7 * bt.dst + i] > bt.ask[i]:
            out.append(a.barter_ask[i])
        elif why is not None:
            why.no(
                _("galley {dst} has no more {good} to ask for").format(
                    dst=bt.dst + 1, good=GOODS[i]
                ),
                RULE_BARTER,
                "barter_ask",
                good=GOODS[i],
            )
    given, asked = sum(bt.give), sum(bt.ask)
    src_after = s.g_goods[bt.src] - given + asked
    dst_after = s.g_goods[bt.dst] - asked + given
    if given and asked and _fits(s, bt.src, src_after) and _fits(s, bt.dst, dst_after):
        out.append(a.propose)
    elif why is not None:
        if not given or not asked:
            reason = _("a barter gives goods for goods: offer at least one cube and ask for one")
        else:
            g = bt.src if not _fits(s, bt.src, src_after) else bt.dst
            reason = _(
                "galley {g} could not hold the result: 5 pieces a galley, at most 4 goods"
            ).format(g=g + 1)
        why.no(reason, RULE_BARTER, "propose")
    out.append(a.cancel)
    return out


def apply_barter(s: Serenissima1996State, seat: int, action: Action, top: Decision) -> list[Event]:
    a = s.game.actions
    bt: Barter = top.data
    if action is a.cancel:
        s.stack.pop()
        return [{"type": "barter_cancelled", "seat": seat}]
    if action is a.propose:
        s.stack[-1] = Decision("barter_answer", (s.g_owner[bt.dst],), bt)
        return [{"type": "barter_offered", "seat": seat, "barter": bt.to_json(s)}]
    i = GOODS.index(action["good"])
    if action.kind == "barter_give":
        bt = bt._replace(give=(*bt.give[:i], bt.give[i] + 1, *bt.give[i + 1 :]))
    else:
        bt = bt._replace(ask=(*bt.ask[:i], bt.ask[i] + 1, *bt.ask[i + 1 :]))
    s.stack[-1] = Decision("barter", top.seats, bt)
    return [{"type": action.kind, "seat": seat, "good": action["good"]}]


def legal_barter_answer(
    s: Serenissima1996State, seat: int, top: Decision, why: Why | None = None
) -> list[Action]:
    """The whole offer, accepted or refused."""
    a = s.game.actions
    return [a.accept, a.refuse]


def apply_barter_answer(
    s: Serenissima1996State, seat: int, action: Action, top: Decision
) -> list[Event]:
    bt: Barter = top.data
    s.stack.pop()
    if action is s.game.actions.refuse:
        return [{"type": "barter_refused", "seat": seat}]
    cargo = s.cargo
    for i in range(7):
        moved = bt.give[i] - bt.ask[i]
        cargo[7 * bt.src + i] -= moved
        cargo[7 * bt.dst + i] += moved
    net = sum(bt.give) - sum(bt.ask)
    s.g_goods[bt.src] -= net
    s.g_goods[bt.dst] += net
    return [{"type": "barter_done", "seat": seat, "barter": bt.to_json(s)}]
