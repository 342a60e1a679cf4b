"""The Stock Market (masters-of-venice.en.txt, Stock Market): one purchase of 1-3 shares and
one sale of 1-3, of different companies.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from arsenale.core.actions import Action
from arsenale.core.decisions import Why
from arsenale.core.state import Event
from arsenale.games.masters_of_venice import actions as A
from arsenale.games.masters_of_venice.board import (
    COMPANIES,
    FLOOR,
    N_COMP,
    N_SHOPS,
    OFFICE_PRICE,
    STEP,
)
from arsenale.games.masters_of_venice.market import raise_share
from arsenale.games.masters_of_venice.rulebook import RULE_STOCK
from arsenale.games.masters_of_venice.words import _, company, ducats, shares

if TYPE_CHECKING:
    from arsenale.games.masters_of_venice.state import MovState


def legal_stock(s: MovState, seat: int, out: list[Action], why: Why | None) -> None:
    """Stock Market: one purchase of 1-3 shares and one sale of 1-3, of different
    companies."""
    cash = s.cash[seat]
    base = N_COMP * seat
    if s.u_sbuy >= 0:
        if why is not None:
            why.no(_("you have already bought shares in this use"), RULE_STOCK, "buy_shares")
    elif why is None:
        blocked = s.u_ssell if s.u_ssell > 0 else 0
        prices = [*s.share, OFFICE_PRICE, OFFICE_PRICE]
        supply = s.supply
        if not blocked and 3 * max(prices) <= cash and min(supply) >= 3:
            out.extend(A.BUY_SHARES)  # every trade is possible: the common case, at once
        else:
            legal_share_buys(out, blocked, prices, supply, cash)
    elif why.wants("buy_shares"):
        blocked = max(s.u_ssell, 0)
        prices = [s.comp_price(c) for c in range(N_COMP)]
        for action, counts in zip(A.BUY_SHARES, A.SHARE_COUNTS, strict=True):
            cost = 0
            ok = True
            for c in range(N_COMP):
                k = counts[c]
                if k:
                    if blocked >> c & 1:
                        ok = False
                        if why is not None:
                            why.no(
                                _(
                                    "you sold shares {of_company} in this use and cannot buy them"
                                ).format(of_company=company(COMPANIES[c], "of")),
                                RULE_STOCK,
                                "buy_shares",
                            )
                        break
                    if s.supply[c] < k:
                        ok = False
                        if why is not None:
                            why.no(
                                _("the supply has {shares}").format(
                                    shares=shares({COMPANIES[c]: s.supply[c]})
                                    if s.supply[c]
                                    else _("no shares {of_company}").format(
                                        of_company=company(COMPANIES[c], "of")
                                    )
                                ),
                                RULE_STOCK,
                                "buy_shares",
                                **{COMPANIES[c]: k},
                            )
                        break
                    cost += k * prices[c]
            if not ok:
                continue
            if cost > cash:
                if why is not None and why.action is action:
                    why.no(
                        _("these shares cost {cost} and you have {cash}").format(
                            cost=ducats(cost), cash=ducats(cash)
                        ),
                        RULE_STOCK,
                    )
                continue
            out.append(action)
    if s.u_ssell >= 0:
        if why is not None:
            why.no(_("you have already sold shares in this use"), RULE_STOCK, "sell_shares")
    elif why is None or why.wants("sell_shares"):
        blocked = s.u_sbuy if s.u_sbuy > 0 else 0
        mine = s.shares[base : base + N_COMP]
        if any(mine):
            out.extend(share_sells(blocked, mine))
        if why is not None and why.wants("sell_shares"):
            counts = A.share_counts(why.action)
            for c in range(N_COMP):
                if counts[c] and blocked >> c & 1:
                    why.no(
                        _("you bought shares {of_company} in this use and cannot sell them").format(
                            of_company=company(COMPANIES[c], "of")
                        ),
                        RULE_STOCK,
                    )
                elif counts[c] > mine[c]:
                    why.no(
                        _("you hold {shares}").format(shares=shares({COMPANIES[c]: mine[c]})),
                        RULE_STOCK,
                    )


def legal_share_buys(
    out: list[Action], blocked: int, prices: list[int], supply: list[int], cash: int
) -> None:
    """The share purchases of `A.BUY_TABLE` (in its order) that no sale of this use blocks,
    that the supply holds and that `cash` pays for. A company the purchase may not take
    (blocked, none in the supply) is priced above `cash`; where a company's supply is 1 or 2
    the purchases that take more are left out."""
    p = prices
    scarce: frozenset[Action] = frozenset()
    if blocked or min(supply) < 3:
        p = [*prices]
        for c in range(N_COMP):
            if blocked >> c & 1 or not supply[c]:
                p[c] = cash + 1
            elif supply[c] < 3:
                scarce |= _TOO_MANY[c][supply[c]]
    if scarce:
        got: list[Action] = []
        _priced_share_buys(got, p, cash)
        out.extend([a for a in got if a not in scarce])
    else:
        _priced_share_buys(out, p, cash)


def _priced_share_buys(out: list[Action], p: list[int], cash: int) -> None:
    """The purchases whose shares at prices `p` cost no more than `cash`, in table order. A
    share of an affordable pair costs at most `cash` less the cheapest share, one of a triple
    at most `cash` less two of the cheapest: only the pairs and triples of the companies that
    pass are summed, and none when two (three) of the dearest of them are affordable."""
    cheapest = min(p)
    if cheapest > cash:
        return
    in_pair = cash - cheapest
    in_triple = in_pair - cheapest
    ones = pairs = triples = 0  # the companies (bit masks) a single, pair, triple may take
    dearest_pair = dearest_triple = 0  # the dearest share of those companies
    bit = 1
    for price in p:
        if price <= cash:
            ones |= bit
            if price <= in_pair:
                pairs |= bit
                if price > dearest_pair:
                    dearest_pair = price
                if price <= in_triple:
                    triples |= bit
                    if price > dearest_triple:
                        dearest_triple = price
        bit <<= 1
    out.extend(_ONES_WITHIN[ones])
    if pairs:
        if 2 * dearest_pair <= cash:
            out.extend(_PAIR_ACTIONS_WITHIN[pairs])
        else:
            out.extend([a for a, x, y in _PAIRS_WITHIN[pairs] if p[x] + p[y] <= cash])
        if triples:
            if 3 * dearest_triple <= cash:
                out.extend(_TRIPLE_ACTIONS_WITHIN[triples])
            else:
                out.extend(
                    [a for a, x, y, z in _TRIPLES_WITHIN[triples] if p[x] + p[y] + p[z] <= cash]
                )


def _checked_share_buys(
    out: list[Action], blocked: int, prices: list[int], supply: list[int], cash: int
) -> None:
    """`legal_share_buys` the slow way, every purchase checked share by share (the reference
    of tests/games/masters_of_venice/test_properties.py)."""
    for action, items, mask in A.BUY_TABLE:
        if mask & blocked:
            continue
        cost = 0
        for c, k in items:
            if supply[c] < k:
                break
            cost += k * prices[c]
        else:
            if cost <= cash:
                out.append(action)


def _by_size() -> tuple[Any, Any, Any]:
    """`A.BUY_TABLE`'s purchases of one, two and three shares, each with the companies of its
    shares (one per share), in table order (which lists them by size)."""
    sizes: tuple[list[Any], list[Any], list[Any]] = ([], [], [])
    last = 1
    for action, items, _mask in A.BUY_TABLE:
        companies = tuple(c for c, k in items for _ in range(k))
        if len(companies) < last:
            raise ValueError("the share purchases are not listed by size")
        last = len(companies)
        sizes[last - 1].append((action, *companies))
    return tuple(sizes)  # type: ignore[return-value]


_BUYS_BY_SIZE: Final = _by_size()


def _within(size: Sequence[Any]) -> tuple[Any, ...]:
    """Per set of companies (a bit mask): the purchases of `size` (`_BUYS_BY_SIZE`'s rows, in
    their order) whose shares are all of those companies; singles as bare actions."""
    table = []
    for mask in range(1 << N_COMP):
        rows = [row for row in size if all(mask >> c & 1 for c in row[1:])]
        table.append(tuple(row[0] for row in rows) if len(size[0]) == 2 else tuple(rows))
    return tuple(table)


_ONES_WITHIN: Final[tuple[tuple[Action, ...], ...]] = _within(_BUYS_BY_SIZE[0])
_PAIRS_WITHIN: Final[tuple[tuple[tuple[Action, int, int], ...], ...]] = _within(_BUYS_BY_SIZE[1])
_TRIPLES_WITHIN: Final[tuple[tuple[tuple[Action, int, int, int], ...], ...]] = _within(
    _BUYS_BY_SIZE[2]
)
"""`_priced_share_buys`' purchases by the companies that may be in them."""
_PAIR_ACTIONS_WITHIN: Final = tuple(tuple(row[0] for row in rows) for rows in _PAIRS_WITHIN)
_TRIPLE_ACTIONS_WITHIN: Final = tuple(tuple(row[0] for row in rows) for rows in _TRIPLES_WITHIN)
"""The same pairs and triples as bare actions, for a call where all of them are affordable."""
_TOO_MANY: Final = tuple(
    (
        frozenset(),
        *(frozenset(a for a, items, _ in A.BUY_TABLE if dict(items).get(c, 0) > n) for n in (1, 2)),
    )
    for c in range(N_COMP)
)
"""Per company and supply (1 or 2): the purchases that take more shares of it."""


def share_sells(blocked: int, mine: list[int]) -> list[Action]:
    """The share sales of `A.SELL_TABLE` (in its order) that no purchase of this use blocks,
    of the shares `mine` (per company) holds. Shared: do not modify."""
    key = (blocked, *mine)
    known = _SELLS.get(key)
    if known is None:
        one = two = three = 0  # the companies that may sell at least 1, 2, 3 shares
        for c in range(N_COMP):
            k = mine[c]
            if k and not blocked >> c & 1:
                one |= 1 << c
                if k > 1:
                    two |= 1 << c
                    if k > 2:
                        three |= 1 << c
        sells = (one, two, three)
        known = _SELLS_BY.get(sells)
        if known is None:
            known = _SELLS_BY[sells] = [
                action
                for action, twice, thrice in _SELLS_WITHIN[one]
                if not (twice & ~two or thrice & ~three)
            ]
        if len(_SELLS) >= _MEMO_CAP:
            _SELLS.clear()
        _SELLS[key] = known
    return known


_MEMO_CAP: Final = 1 << 14
_SELLS: Final[dict[tuple[int, ...], list[Action]]] = {}
"""Sales by (blocked, the seat's shares)."""
_SELLS_BY: Final[dict[tuple[int, int, int], list[Action]]] = {}
"""Sales by the companies that may sell 1, 2 and 3 shares (at most 4**7 keys)."""
_SELLS_WITHIN: Final = tuple(
    tuple(
        (action, sum(1 << c for c, k in items if k > 1), sum(1 << c for c, k in items if k > 2))
        for action, items, mask in A.SELL_TABLE
        if not mask & ~one
    )
    for one in range(1 << N_COMP)
)
"""Per set of companies (a bit mask): the sales of `A.SELL_TABLE` of those companies alone,
in table order, each with the companies it sells 2 or more and 3 of."""


def buy_shares(s: MovState, seat: int, counts: tuple[int, ...], events: list[Event]) -> None:
    base = N_COMP * seat
    cost = 0
    mask = 0
    items = A.SHARE_ITEMS_OF[counts]
    for c, k in items:
        cost += k * (s.share[c] if c < N_SHOPS else OFFICE_PRICE)
        s.shares[base + c] += k
        s.supply[c] -= k
        mask |= 1 << c
    s.cash[seat] -= cost
    s.u_sbuy = mask
    events.append(
        {
            "type": "buy_shares",
            "seat": seat,
            "shares": {COMPANIES[c]: k for c, k in items},
            "cost": cost,
        }
    )
    for c, _k in items:
        if c < N_SHOPS:
            raise_share(s, c, 1, events)


def sell_shares(s: MovState, seat: int, counts: tuple[int, ...], events: list[Event]) -> None:
    base = N_COMP * seat
    gain = 0
    mask = 0
    items = A.SHARE_ITEMS_OF[counts]
    for c, k in items:
        gain += k * (s.share[c] if c < N_SHOPS else OFFICE_PRICE)
        s.shares[base + c] -= k
        s.supply[c] += k
        mask |= 1 << c
    s.cash[seat] += gain
    s.u_ssell = mask
    for c, k in items:
        if c < N_SHOPS:
            s.share[c] = max(FLOOR, s.share[c] - 2 * STEP * k)
    events.append(
        {
            "type": "sell_shares",
            "seat": seat,
            "shares": {COMPANIES[c]: k for c, k in items},
            "gain": gain,
        }
    )
