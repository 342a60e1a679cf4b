"""Masters of Venice's own observation tensor for the AI adapters (core/observation.py): a
seat's view (nothing else) as a fixed list of numbers, scaled to about 0..1. Five merchant blocks always (empty
for absent seats), the observer's hand and rumors (zero for a spectator)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from arsenale.core.observation import Buffer, Layout
from arsenale.games.masters_of_venice.board import (
    CHARACTERS,
    COMPANIES,
    FAVOR_VALUES,
    LOCATIONS,
    N_DOCKS,
    ORDER_IDS,
    RESOURCES,
    ROUNDS,
    SHOPS,
)

if TYPE_CHECKING:
    from arsenale.games.masters_of_venice.state import MovState

KINDS = ("bid", "character", "orders", "move", "marker", "use", "place", "keep")
USE_FLAGS = (
    "shares_bought",
    "shares_sold",
    "sale",
    "drawn",
    "stolen",
    "swapped",
    "favor_bought",
    "shipped",
)
MAX_SEATS = 5
SEAT_SIZE = 2 + len(RESOURCES) + len(COMPANIES) + len(CHARACTERS) + 3 + 3 + len(LOCATIONS) + 3


def _seat_block(m: dict[str, Any] | None, order: list[int]) -> list[float]:
    if m is None:
        return [0.0] * SEAT_SIZE
    out = [m.get("cash", 0) / 500, m["vp"] / 20]
    out += [m["cubes"][r] / 5 for r in RESOURCES]
    out += [m["shares"][c] / 10 for c in COMPANIES]
    out += [1.0 if c in m["characters"] else 0.0 for c in CHARACTERS]
    out += [m["favors"].count(v) / 2 for v in FAVOR_VALUES]
    out += [m["rumor_count"] / 3, m["hand_size"] / 5, len(m["delivered"]) / 5]
    out += [1.0 if m["pawn"] == loc else 0.0 for loc in LOCATIONS]
    place = order.index(m["seat"]) if m["seat"] in order else len(order)
    out += [m["bid"] / 100, place / MAX_SEATS, m["age_rank"] / MAX_SEATS]
    return out


def tensor(view: dict[str, Any]) -> list[float]:
    out: list[float] = [view["round"] / ROUNDS, 1.0 if view["phase"] == "bidding" else 0.0]
    out += [view["prices"][r] / 100 for r in RESOURCES]
    out += [view["share_prices"][c] / 100 for c in COMPANIES]
    out += [view["orders"][s] / 15 for s in SHOPS]
    out += [view["supply"][c] / 10 for c in COMPANIES]
    out += [view["bag"][r] / 15 for r in RESOURCES]
    for d in range(N_DOCKS):
        out += [view["docks"][d][r] / 5 for r in RESOURCES]
    for office in ("north", "south"):
        out += [1.0 if view["offices"][office] == r else 0.0 for r in RESOURCES]
    out += [view["favor_display"].count(v) / 2 for v in FAVOR_VALUES]
    out += [1.0 if x else 0.0 for x in view["canal_rumors"]]
    out += [view["rumors_played"][s] / 3 for s in SHOPS]
    out += [view["deck_size"] / len(ORDER_IDS), 1.0 if view["marker_unused"] else 0.0]
    order = view["turn_order"]
    merchants = {m["seat"]: m for m in view["merchants"]}
    for seat in range(MAX_SEATS):
        out += _seat_block(merchants.get(seat), order)
    decision = view.get("decision") or {}
    out += [1.0 if decision.get("kind") == k else 0.0 for k in KINDS]
    out += [1.0 if view["location"] == loc else 0.0 for loc in LOCATIONS]
    use = view["use"] or {}
    out += [1.0 if use.get(flag) else 0.0 for flag in USE_FLAGS]
    out += [view["pending_cubes"].count(r) / 4 for r in RESOURCES]
    hand = view.get("hand", [])
    out += [1.0 if card in hand else 0.0 for card in ORDER_IDS]
    mine = view.get("my_rumors", [])
    out += [mine.count(s) / 3 for s in SHOPS]
    return out


SIZE = len(
    tensor(
        {
            "round": 1,
            "phase": "bidding",
            "prices": dict.fromkeys(RESOURCES, 40),
            "share_prices": dict.fromkeys(COMPANIES, 40),
            "orders": dict.fromkeys(SHOPS, 2),
            "supply": dict.fromkeys(COMPANIES, 10),
            "bag": dict.fromkeys(RESOURCES, 15),
            "docks": [dict.fromkeys(RESOURCES, 0)] * N_DOCKS,
            "offices": {"north": None, "south": None},
            "favor_display": [],
            "canal_rumors": [False] * ROUNDS,
            "rumors_played": dict.fromkeys(SHOPS, 0),
            "deck_size": 0,
            "marker_unused": False,
            "turn_order": [],
            "merchants": [],
            "location": None,
            "use": None,
            "pending_cubes": [],
        }
    )
)

LAYOUT = Layout(("view", SIZE))
"""One part: the numbers of `tensor`, in its order."""

_LOC = {loc: i for i, loc in enumerate(LOCATIONS)}
_KIND = {k: i for i, k in enumerate(KINDS)}


PARTS = 4096
"""Board parts and seat blocks remembered (each cache is emptied when full)."""
_BOARD: dict[tuple[Any, ...], Any] = {}
_SEAT: dict[tuple[Any, ...], Any] = {}


def _part(x: list[float]) -> Any:
    """A remembered part as a float32 array (NumPy, the `ai` extra: asked for only here)."""
    import numpy as np

    return np.array(x, np.float32)


def _board(s: MovState) -> Any:
    """The numbers before the seat blocks (prices to the marker), remembered by content."""
    key = (
        s.round,
        s.over,
        *s.price,
        *s.share,
        *s.orders,
        *s.supply,
        *s.bag,
        *s.docks,
        *s.office[:2],
        *s.canal,
        *s.used,
        len(s.deck),
        s.marker,
        *s.display,
    )
    x = _BOARD.get(key)
    if x is not None:
        return x
    n_res, n_comp = len(RESOURCES), len(COMPANIES)
    x = [(s.round + 1) / ROUNDS, 1.0 if s.phase_name() == "bidding" else 0.0]
    x += [s.price[r] / 100 for r in range(n_res)]
    x += [s.comp_price(c) / 100 for c in range(n_comp)]
    x += [s.orders[i] / 15 for i in range(len(SHOPS))]
    x += [s.supply[c] / 10 for c in range(n_comp)]
    x += [s.bag[r] / 15 for r in range(n_res)]
    x += [s.docks[i] / 5 for i in range(n_res * N_DOCKS)]
    for office in s.office[:2]:
        x += [1.0 if office == r else 0.0 for r in range(n_res)]
    display = [FAVOR_VALUES[k] for k in s.display]
    x += [display.count(v) / 2 for v in FAVOR_VALUES]
    x += [1.0 if c >= 0 else 0.0 for c in s.canal]
    x += [s.used[i] / 3 for i in range(len(SHOPS))]
    x += [len(s.deck) / len(ORDER_IDS), 1.0 if s.marker else 0.0]
    if len(_BOARD) >= PARTS:
        _BOARD.clear()
    part = _BOARD[key] = _part(x)
    return part


def _seat(s: MovState, m: int, cash: int | None, place: int) -> Any:
    """Merchant `m`'s block (`cash` None where it is hidden), remembered by content."""
    n_res, n_comp = len(RESOURCES), len(COMPANIES)
    key = (
        cash,
        s.vp[m],
        *s.cubes[n_res * m : n_res * m + n_res],
        *s.shares[n_comp * m : n_comp * m + n_comp],
        s.chars[m],
        len(s.rumors[m]),
        len(s.hands[m]),
        len(s.delivered[m]),
        s.pawn[m],
        place,
        s.bids[m],
        s.age[m],
        *s.favors[m],
    )
    x = _SEAT.get(key)
    if x is not None:
        return x
    x = [0.0 if cash is None else cash / 500, s.vp[m] / 20]
    x += [s.cubes[n_res * m + r] / 5 for r in range(n_res)]
    x += [s.shares[n_comp * m + c] / 10 for c in range(n_comp)]
    x += [1.0 if s.chars[m] >> c & 1 else 0.0 for c in range(len(CHARACTERS))]
    favors = [FAVOR_VALUES[k] for k in s.favors[m]]
    x += [favors.count(v) / 2 for v in FAVOR_VALUES]
    x += [len(s.rumors[m]) / 3, len(s.hands[m]) / 5, len(s.delivered[m]) / 5]
    pawn = [0.0] * len(LOCATIONS)
    if s.pawn[m] >= 0:
        pawn[s.pawn[m]] = 1.0
    x += pawn
    x += [s.bids[m] / 100, place / MAX_SEATS, s.age[m] / MAX_SEATS]
    if len(_SEAT) >= PARTS:
        _SEAT.clear()
    part = _SEAT[key] = _part(x)
    return part


BOARD_SIZE = 2 + 2 * len(RESOURCES) + 2 * len(COMPANIES) + 2 * len(SHOPS)
BOARD_SIZE += len(RESOURCES) * (N_DOCKS + 2) + len(FAVOR_VALUES) + ROUNDS + 2
"""The numbers before the seat blocks (`_board`)."""


def write(s: MovState, seat: int | None, out: Buffer) -> None:
    """The observation of `seat` into `out` (zeroed): the numbers `tensor(s.view(seat))`
    gives, read from the state's fields without building the view. The board part and each
    seat's block are remembered by their content (one move changes few of them); the rest
    is written slot by slot where it is not zero."""
    out[:BOARD_SIZE] = _board(s)
    order = s.order
    hidden = s.options.get("hidden_money", False) and not s.over
    at = BOARD_SIZE
    for m in range(s.players):
        place = order.index(m) if m in order else len(order)
        out[at : at + SEAT_SIZE] = _seat(s, m, None if hidden and m != seat else s.cash[m], place)
        at += SEAT_SIZE
    w: Any = memoryview(out)  # type: ignore[arg-type]  # a slot's write, without NumPy's
    at = BOARD_SIZE + MAX_SEATS * SEAT_SIZE
    top = s.stack[-1].kind if s.stack and not s.over else None
    if top in _KIND:
        w[at + _KIND[top]] = 1.0
    at += len(KINDS)
    if s.cur >= 0:
        w[at + s.cur] = 1.0
    at += len(LOCATIONS)
    if top in ("use", "place", "keep"):
        flags = (s.u_sbuy >= 0, s.u_ssell >= 0, s.u_sale, s.u_draw, s.u_steal, s.u_swap)
        for i, f in enumerate((*flags, s.u_favor, s.u_ship)):  # USE_FLAGS' order
            if f:
                w[at + i] = 1.0
    at += len(USE_FLAGS)
    for r in s.pending:
        w[at + r] = s.pending.count(r) / 4
    at += len(RESOURCES)
    if seat is not None:
        for k in s.hands[seat]:
            w[at + k] = 1.0
        at += len(ORDER_IDS)
        mine = s.rumors[seat]
        for i in mine:
            w[at + i] = mine.count(i) / 3
