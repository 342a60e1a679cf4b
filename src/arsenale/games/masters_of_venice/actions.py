"""Masters of Venice's action catalogue: every move the game can ever offer, built once at
import, with the notation a person types (RULES.md, Notation). About 1,000 actions.

Composite actions are single entries: `buy 3 gems` (a batch at one price), `buy shares 2
blacksmith 1 south` (a share purchase of up to three shares: 119 multisets, found by
`SHARE_BUYS[share_code(counts)]`), `deliver lumber+lumber+spice vp 2`. The Guild Master's
secret choice between two cards is named by position (`keep first return 2`) and shows to
the other seats only as "kept one card" (its public form).
"""

from __future__ import annotations

from typing import Final

from arsenale.core.actions import Action, Catalogue
from arsenale.games.masters_of_venice.board import (
    BID_CAP,
    BID_STEP,
    CHARACTER_NAMES,
    CHARACTERS,
    COMPANIES,
    FAVOR_MAX,
    FAVOR_VALUES,
    LOCATIONS,
    N_COMP,
    N_DOCKS,
    N_ORDERS,
    ORDER_IDS,
    RESOURCES,
    SHOPS,
)

CATALOGUE: Final = Catalogue("masters-of-venice")
MAX_BATCH: Final = 15
"""The most cubes of one type in one purchase or sale: all 15 of a resource."""
MAX_HAND: Final = N_ORDERS
PEGS: Final = ("price", "share", "orders")

BIDS: Final = tuple(
    CATALOGUE.add("bid", f"bid {n}", amount=n) for n in range(0, BID_CAP + 1, BID_STEP)
)
"""Bidding: a secret bid on the dial (a simultaneous decision)."""

CHARACTER: Final = tuple(
    CATALOGUE.add(
        "character",
        f"character {c}",
        aliases=(f"take {name}",) if name.lower() != c else (),
        name=c,
    )
    for c, name in zip(CHARACTERS, CHARACTER_NAMES, strict=True)
    if c != "gondolieri"
)
"""Bidding: pick a character (indexed by character - 1; the Gondolieri is never picked)."""

ORDERS_ADJUST: Final = tuple(
    tuple(CATALOGUE.add("orders", f"orders {s} {d}", shop=s, dir=d) for d in ("up", "down"))
    for s in SHOPS
)
"""Bidding: adjust one shop's orders, up bid/5 or down bid/10 spaces."""

GO: Final = tuple(CATALOGUE.add("go", f"go {loc}", aliases=(loc,), place=loc) for loc in LOCATIONS)
"""Move: a secret destination on the dial (a simultaneous decision)."""

GONDOLA: Final = CATALOGUE.add("gondola", "gondola", aliases=("use the gondola marker",))
WAIT: Final = CATALOGUE.add("wait", "wait")
"""Characters, Gondolieri: use the Gondola Marker now, or not yet."""

DOCK: Final = tuple(CATALOGUE.add("dock", f"dock {d + 1}", dock=d + 1) for d in range(N_DOCKS))
"""Docks: choose the dock of this use."""

BUY: Final = tuple(
    tuple(
        CATALOGUE.add("buy", f"buy {k} {r}", count=k, resource=r) for k in range(1, MAX_BATCH + 1)
    )
    for r in RESOURCES
)
"""Docks and Mercato: buy k cubes of a resource at one price. BUY[resource][k - 1]."""

SELL: Final = tuple(
    tuple(
        CATALOGUE.add("sell", f"sell {k} {r}", count=k, resource=r) for k in range(1, MAX_BATCH + 1)
    )
    for r in RESOURCES
)
"""Shops (double price) and Mercato: sell k cubes of a resource. SELL[resource][k - 1]."""

STEAL: Final = tuple(CATALOGUE.add("steal", f"steal {r}", resource=r) for r in RESOURCES)
"""Characters, Thief: take one cube of the chosen dock free."""

MAJORITY: Final = tuple(
    tuple(
        CATALOGUE.add("majority", f"majority {s} price {d}", shop=s, dir=d) for d in ("down", "up")
    )
    for s in SHOPS
)
"""Shops, Stock Majority: MAJORITY[shop][0] lowers the price 2 and adds an order; [1] raises
the price 2 and removes an order."""


def share_code(counts: tuple[int, ...]) -> int:
    code = 0
    for c in counts:
        code = code * 4 + c
    return code


def _share_multisets() -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = [()]
    for _ in range(N_COMP):
        out = [(*c, d) for c in out for d in range(4)]
    return [c for c in out if 1 <= sum(c) <= 3]


SHARE_COUNTS: Final[tuple[tuple[int, ...], ...]] = tuple(
    sorted(_share_multisets(), key=lambda c: (sum(c), [-x for x in c]))
)
"""Every share trade of one to three shares, as counts per company."""


def _share_words(verb: str, counts: tuple[int, ...]) -> str:
    return f"{verb} shares " + " ".join(f"{c} {COMPANIES[i]}" for i, c in enumerate(counts) if c)


SHARE_BUYS: Final[dict[int, Action]] = {}
SHARE_SELLS: Final[dict[int, Action]] = {}
for _counts in SHARE_COUNTS:
    _params = {COMPANIES[i]: c for i, c in enumerate(_counts) if c}
    SHARE_BUYS[share_code(_counts)] = CATALOGUE.add_params(
        "buy_shares", _share_words("buy", _counts), _params
    )
for _counts in SHARE_COUNTS:
    _params = {COMPANIES[i]: c for i, c in enumerate(_counts) if c}
    SHARE_SELLS[share_code(_counts)] = CATALOGUE.add_params(
        "sell_shares", _share_words("sell", _counts), _params
    )
BUY_SHARES: Final = tuple(SHARE_BUYS[share_code(c)] for c in SHARE_COUNTS)
SELL_SHARES: Final = tuple(SHARE_SELLS[share_code(c)] for c in SHARE_COUNTS)


SHARE_ITEMS: Final[tuple[tuple[tuple[int, int], ...], ...]] = tuple(
    tuple((c, k) for c, k in enumerate(counts) if k) for counts in SHARE_COUNTS
)
"""Per share trade (in the order of SHARE_COUNTS): its (company, count) pairs."""
SHARE_MASKS: Final[tuple[int, ...]] = tuple(
    sum(1 << c for c, k in enumerate(counts) if k) for counts in SHARE_COUNTS
)
"""Per share trade: the bit mask of its companies."""
BUY_TABLE: Final = tuple(zip(BUY_SHARES, SHARE_ITEMS, SHARE_MASKS, strict=True))
SELL_TABLE: Final = tuple(zip(SELL_SHARES, SHARE_ITEMS, SHARE_MASKS, strict=True))


SHARE_ITEMS_OF: Final[dict[tuple[int, ...], tuple[tuple[int, int], ...]]] = dict(
    zip(SHARE_COUNTS, SHARE_ITEMS, strict=True)
)
"""A share trade's (company, count) pairs by its counts per company."""
_COUNTS_OF: Final[dict[Action, tuple[int, ...]]] = {
    **dict(zip(BUY_SHARES, SHARE_COUNTS, strict=True)),
    **dict(zip(SELL_SHARES, SHARE_COUNTS, strict=True)),
}


def share_counts(action: Action) -> tuple[int, ...]:
    """A share trade's counts per company."""
    counts = _COUNTS_OF.get(action)  # the catalogue's own trades
    if counts is None:
        counts = tuple(int(action.params.get(c, 0)) for c in COMPANIES)
    return counts


DRAW: Final = CATALOGUE.add("draw", "draw", aliases=("draw an order",))
DRAW_TWO: Final = CATALOGUE.add("draw_two", "draw two")
"""Guild Hall: draw the top order; the Guild Master may draw two."""

KEEP: Final = tuple(
    tuple(
        CATALOGUE.add(
            "keep",
            f"keep {w}" + (f" return {i}" if i else ""),
            public="kept one card and put one order back" if i else "kept one card",
            which=w,
            back=i,
        )
        for i in range(MAX_HAND + 1)
    )
    for w in ("first", "second")
)
"""Characters, Guild Master: keep the first or the second card drawn (the other goes to the
bottom), and optionally put back the i-th order of the hand held before the draw. KEEP[w][i]."""

DELIVER: Final = tuple(
    tuple(CATALOGUE.add("deliver", f"deliver {card} vp {v}", card=card, vp=v) for v in range(7))
    for card in ORDER_IDS
)
"""Guild Hall: deliver an order, taking v VP and 50 ducats for each VP given up."""

FAVOR: Final = tuple(CATALOGUE.add("favor", f"favor {v}", value=v) for v in FAVOR_VALUES)
"""Church: buy one of the face-up favors."""

PLAY_FAVOR: Final = tuple(
    tuple(
        tuple(
            CATALOGUE.add("play_favor", f"play favor {v} {s} {n}", value=v, shop=s, orders=n)
            for n in range(1, m + 1)
        )
        for s in SHOPS
    )
    for v, m in zip(FAVOR_VALUES, FAVOR_MAX, strict=True)
)
"""Favors: PLAY_FAVOR[kind][shop][n - 1] adds n orders at the shop."""

RUMOR: Final = tuple(
    tuple(
        tuple(
            CATALOGUE.add("rumor", f"rumor {s} {p} {d}", shop=s, peg=p, dir=d)
            for d in ("up", "down")
        )
        for p in PEGS
    )
    for s in SHOPS
)
"""Rumors: RUMOR[shop][peg][0 up, 1 down]."""

SHIP: Final = CATALOGUE.add("ship", "ship", aliases=("use the office",))
"""Shipping Offices: take the office's cube and feed the docks."""

PLACE: Final = tuple(CATALOGUE.add("place", f"place {r}", resource=r) for r in RESOURCES)
"""Shipping Offices: put a drawn cube of this resource on the next dock (1 to 4)."""

SWAP: Final[dict[tuple[int, int], Action]] = {
    (a, b): CATALOGUE.add("swap", f"swap {ra} for {rb}", give=ra, take=rb)
    for a, ra in enumerate(RESOURCES)
    for b, rb in enumerate(RESOURCES)
    if a != b
}
"""Characters, Trader: swap one of his cubes for one of another type from the bag."""

DONE: Final = CATALOGUE.add("done", "done", aliases=("pass", "end"))
"""End this use of a location (or pass on it)."""
