"""Toy Market's action catalogue: every move the game can ever offer, built once, with the
notation a person types (RULES.md, Notation).

The trades are composite: one action buys and sells several goods at once, up to MAX_STEP
units of each (`buy 2 grain 1 wool sell 3 salt`), so the catalogue holds every combination:
7**4 - 1 = 2,400 trades, about 2,430 actions in all. `TRADES` finds a trade from its counts
without a search; legal-move generation walks only the counts a merchant may trade.
"""

from __future__ import annotations

from arsenale.core.actions import Action, Catalogue
from toy_market.cards import GOODS, MAX_STEP, N_GOODS, ORDER_IDS

CATALOGUE = Catalogue("toy-market")

SPAN = 2 * MAX_STEP + 1
"""Counts of one good in a trade: -MAX_STEP (sell) to +MAX_STEP (buy)."""


def trade_code(counts: tuple[int, ...]) -> int:
    """The position of a trade in `TRADES`: its counts as digits in base SPAN."""
    code = 0
    for c in counts:
        code = code * SPAN + c + MAX_STEP
    return code


def trade_words(counts: tuple[int, ...]) -> tuple[str, tuple[str, ...]]:
    """The notation of a trade and the other spellings a person may type: buys first, then
    sales, goods in the order of GOODS ("buy 2 grain 1 wool sell 3 salt"; also "buy 2 grain and
    1 wool and sell 3 salt", and sales first)."""
    buys = [f"{c} {GOODS[g]}" for g, c in enumerate(counts) if c > 0]
    sells = [f"{-c} {GOODS[g]}" for g, c in enumerate(counts) if c < 0]
    parts = ([f"buy {' '.join(buys)}"] if buys else []) + (
        [f"sell {' '.join(sells)}"] if sells else []
    )
    notation = " ".join(parts)
    aliases = []
    joined = " and ".join(
        ([f"buy {' and '.join(buys)}"] if buys else [])
        + ([f"sell {' and '.join(sells)}"] if sells else [])
    )
    if joined != notation:
        aliases.append(joined)
    if buys and sells:
        aliases.append(" ".join(reversed(parts)))
    return notation, tuple(aliases)


def _all_counts() -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = [()]
    for _ in range(N_GOODS):
        out = [(*c, d) for c in out for d in range(-MAX_STEP, MAX_STEP + 1)]
    return out


# -- the catalogue, in a fixed order -----------------------------------------------------------

KEEP = tuple(
    CATALOGUE.add("keep", f"keep {card}", public="kept a card", card=card) for card in ORDER_IDS
)
"""RULES.md, Draft: keep one order of your packet (secret: others see "kept a card")."""

FILL = tuple(CATALOGUE.add("fill", f"fill {card}", card=card) for card in ORDER_IDS)
"""RULES.md, Orders: deliver an order from your hand (public: the card goes face up)."""

TRADES: list[Action | None] = []
"""Indexed by `trade_code(counts)`; None for the empty trade."""
for _counts in _all_counts():
    if any(_counts):
        _notation, _aliases = trade_words(_counts)
        TRADES.append(
            CATALOGUE.add_params(
                "trade",
                _notation,
                {GOODS[g]: c for g, c in enumerate(_counts) if c},
                _aliases,
            )
        )
    else:
        TRADES.append(None)

PASS = CATALOGUE.add("pass", "pass")
"""RULES.md, Market: end your market turn without trading."""

CUT_IN = tuple(CATALOGUE.add("cut_in", f"cut in {good}", good=good) for good in GOODS)
"""RULES.md, Broker: buy one unit before another merchant's turn."""
WAIT = CATALOGUE.add("wait", "wait", aliases=("let pass",))
"""RULES.md, Broker: let the merchant on turn go first."""


def trade_counts(action: Action) -> tuple[int, ...]:
    """The counts of a trade action, one per good (negative: sold)."""
    return tuple(int(action.params.get(good, 0)) for good in GOODS)
