"""Toy Market's components, read from cards.toml (through `core.data.read_toml`, so the data
is found the same way whether the package is a directory, a wheel or a zip) and checked
against the counts RULES.md states.

Orders are small integers (their index in `ORDERS`) everywhere in the engine; goods are
indices into `GOODS`.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from arsenale.core.data import read_toml
from arsenale.core.errors import DataError


class Order(NamedTuple):
    """An order card: deliver `units` units of good `good` for `reward` cash (RULES.md,
    Orders)."""

    id: str
    """"grain-2": the good and the number of units, as a person types it."""
    good: int
    units: int
    reward: int
    copies: int


def _load() -> tuple[dict[str, Any], tuple[str, ...], tuple[int, ...], tuple[Order, ...], int]:
    data = read_toml(__package__, "cards.toml")
    meta = dict(data["meta"])
    goods = tuple(g["id"] for g in data["good"])
    prices = tuple(int(g["start_price"]) for g in data["good"])
    orders = tuple(
        Order(f"{g['id']}-{count}", i, count, int(reward), int(g["copies"]))
        for i, g in enumerate(data["good"])
        for count, reward in enumerate(g["order_rewards"], start=1)
    )
    target = int(data["solo"]["target"])
    # The counts RULES.md states.
    if len(goods) != 4:
        raise DataError(f"toy-market: RULES.md, Overview names 4 goods, cards.toml has {goods}")
    if any(len(g["order_rewards"]) != meta["max_step"] for g in data["good"]):
        raise DataError("toy-market: RULES.md, Orders: one order per count from 1 to max_step")
    deck = sum(o.copies for o in orders)
    needed = meta["seasons"] * 3 * meta["packet"]  # every season deals a packet to 3 merchants
    if deck < needed:
        raise DataError(f"toy-market: {deck} order cards cannot deal {needed} (RULES.md, Draft)")
    if meta["draft_rounds"] >= meta["packet"]:
        raise DataError("toy-market: RULES.md, Draft sets the last card of each packet aside")
    for name, price in zip(goods, prices, strict=True):
        if not meta["min_price"] <= price <= meta["max_price"]:
            raise DataError(f"toy-market: the start price of {name} is off the price track")
    return meta, goods, prices, orders, target


META, GOODS, START_PRICES, ORDERS, SOLO_TARGET = _load()
SEASONS: int = META["seasons"]
STARTING_CASH: int = META["starting_cash"]
PACKET: int = META["packet"]
DRAFT_ROUNDS: int = META["draft_rounds"]
MARKET_ROUNDS: int = META["market_rounds"]
MAX_STEP: int = META["max_step"]
STOCK_LIMIT: int = META["stock_limit"]
MIN_PRICE: int = META["min_price"]
MAX_PRICE: int = META["max_price"]
N_GOODS = len(GOODS)
ORDER_IDS = tuple(o.id for o in ORDERS)
