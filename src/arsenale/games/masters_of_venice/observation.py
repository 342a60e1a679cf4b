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


BOARD_SIZE = 2 + 2 * len(RESOURCES) + 2 * len(COMPANIES) + 2 * len(SHOPS)
BOARD_SIZE += len(RESOURCES) * (N_DOCKS + 2) + len(FAVOR_VALUES) + ROUNDS + 2
"""The numbers before the seat blocks (`Writer.write_board`)."""


def write(s: MovState, seat: int | None, out: Buffer) -> None:
    """The observation of `seat` into `out` (zeroed): the numbers `tensor(s.view(seat))`
    gives, read from the state's fields without building the view (see `Writer`)."""
    global _WRITER
    if _WRITER is None:
        _WRITER = Writer()
    _WRITER.write(s, seat, out)


class Writer:
    """The writer of the observations (NumPy: made when an adapter first asks). It keeps the
    last observation it wrote as an image in three parts (the board, the merchants' blocks,
    the rest), each with the fields it reads; a part is rewritten only when one of those
    fields changed since the previous call, and in the board and the blocks only the numbers
    of the fields that changed: one move changes few of them. Slots are set through a
    memoryview (NumPy's item assignment costs more than the game's move); the image is
    copied into the buffer. One writer serves one thread at a time."""

    def __init__(self) -> None:
        import numpy as np

        self.image: Any = np.zeros(LAYOUT.size, np.float32)
        self.w: Any = memoryview(self.image)  # type: ignore[arg-type]
        self.blank: Any = memoryview(np.zeros(LAYOUT.size, np.float32))  # type: ignore[arg-type]
        self.board: Any = None
        self.seats: Any = None
        self.rest: Any = None
        """The fields each part of the image was last written from (lists copied)."""

    def write(self, s: MovState, seat: int | None, out: Buffer) -> None:
        key: Any = (
            s.round,
            s.over,
            s.price,
            s.share,
            s.orders,
            s.supply,
            s.bag,
            s.docks,
            s.office,
            s.canal,
            s.used,
            len(s.deck),
            s.marker,
            s.display,
        )
        if key != self.board:
            self.write_board(s, self.board)
            self.board = tuple([[*x] if type(x) is list else x for x in key])
        hidden = s.options.get("hidden_money", False) and not s.over
        key = (
            seat if hidden else -1,
            s.players,
            s.cash,
            s.vp,
            s.cubes,
            s.shares,
            s.chars,
            s.rumors,
            s.hands,
            s.delivered,
            s.pawn,
            s.order,
            s.bids,
            s.age,
            s.favors,
        )
        if key != self.seats:
            self.write_seats(s, key, self.seats)
            self.seats = tuple([[*x] if type(x) is list else x for x in key])
        top = s.stack[-1].kind if s.stack and not s.over else None
        key = (top, s.cur, s.pending, seat, None if seat is None else s.hands[seat])
        if top in ("use", "place", "keep"):
            key += (s.u_sbuy, s.u_ssell, s.u_sale, s.u_draw, s.u_steal, s.u_swap)
            key += (s.u_favor, s.u_ship)
        if seat is not None:
            key += (s.rumors[seat],)
        if key != self.rest:
            self.rest = (*key[:2], [*s.pending], *key[3:])
            self.write_rest(s, seat, top)
        out[: LAYOUT.size] = self.image

    def write_board(self, s: MovState, old: Any) -> None:
        """The numbers before the seat blocks (`tensor`'s prices to marker), the fields that differ
        from `old` (the key they were last written from; None: all)."""
        w = self.w
        if old is None:
            old = (None,) * 14
        if (s.round, s.over) != old[:2]:
            w[0] = (s.round + 1) / ROUNDS
            w[1] = 1.0 if s.phase_name() == "bidding" else 0.0
        n_res, n_comp, n_shops = len(RESOURCES), len(COMPANIES), len(SHOPS)
        if s.price != old[2]:
            for r in range(n_res):
                w[2 + r] = s.price[r] / 100
        at = 2 + n_res
        if s.share != old[3]:
            for c in range(n_comp):
                w[at + c] = s.comp_price(c) / 100
        at += n_comp
        for field, scale, count, i in (
            (s.orders, 15, n_shops, 4),
            (s.supply, 10, n_comp, 5),
            (s.bag, 15, n_res, 6),
            (s.docks, 5, n_res * N_DOCKS, 7),
        ):
            if field != old[i]:
                for j in range(count):
                    w[at + j] = field[j] / scale
            at += count
        if s.office != old[8]:
            for k, office in enumerate(s.office[:2]):
                for r in range(n_res):
                    w[at + n_res * k + r] = 1.0 if office == r else 0.0
        at += 2 * n_res
        if s.display != old[13]:
            display = [FAVOR_VALUES[k] for k in s.display]
            for j, v in enumerate(FAVOR_VALUES):
                w[at + j] = display.count(v) / 2
        at += len(FAVOR_VALUES)
        if s.canal != old[9]:
            for j, c in enumerate(s.canal):
                w[at + j] = 1.0 if c >= 0 else 0.0
        at += ROUNDS
        if s.used != old[10]:
            for j in range(n_shops):
                w[at + j] = s.used[j] / 3
        at += n_shops
        w[at] = len(s.deck) / len(ORDER_IDS)
        w[at + 1] = 1.0 if s.marker else 0.0

    def write_seats(self, s: MovState, key: Any, old: Any) -> None:
        """The merchants' blocks (`_seat_block`'s; zeros for absent seats), column by
        column: the fields that differ from `old` (the key they were last written from)."""
        w, n = self.w, s.players
        if old is None or old[1] != n:
            self.w[BOARD_SIZE : BOARD_SIZE + MAX_SEATS * SEAT_SIZE] = self.blank[
                : MAX_SEATS * SEAT_SIZE
            ]
            old = (None,) * len(key)
        n_res, n_comp = len(RESOURCES), len(COMPANIES)
        blocks = range(BOARD_SIZE, BOARD_SIZE + n * SEAT_SIZE, SEAT_SIZE)
        if key[0] != old[0] or s.cash != old[2]:
            hidden_from = key[0]
            for m, at in enumerate(blocks):
                hide = hidden_from != -1 and m != hidden_from
                w[at] = 0.0 if hide else s.cash[m] / 500
        if s.vp != old[3]:
            for m, at in enumerate(blocks):
                w[at + 1] = s.vp[m] / 20
        # the wide columns: only the seats whose numbers changed (one move changes one seat's)
        cubes, shares = s.cubes, s.shares
        if cubes != old[4]:
            was = old[4]
            for m, at in enumerate(blocks):
                i = n_res * m
                if was is None or cubes[i : i + n_res] != was[i : i + n_res]:
                    for r in range(n_res):
                        w[at + 2 + r] = cubes[i + r] / 5
        if shares != old[5]:
            was = old[5]
            for m, at in enumerate(blocks):
                i = n_comp * m
                if was is None or shares[i : i + n_comp] != was[i : i + n_comp]:
                    for c in range(n_comp):
                        w[at + 2 + n_res + c] = shares[i + c] / 10
        at0 = 2 + n_res + n_comp
        if s.chars != old[6]:
            was = old[6]
            for m, at in enumerate(blocks):
                if was is None or s.chars[m] != was[m]:
                    for c in range(len(CHARACTERS)):
                        w[at + at0 + c] = 1.0 if s.chars[m] >> c & 1 else 0.0
        at0 += len(CHARACTERS)
        if s.favors != old[14]:
            was = old[14]
            for m, at in enumerate(blocks):
                if was is None or s.favors[m] != was[m]:
                    favors = [FAVOR_VALUES[k] for k in s.favors[m]]
                    for j, v in enumerate(FAVOR_VALUES):
                        w[at + at0 + j] = favors.count(v) / 2
        at0 += len(FAVOR_VALUES)
        for i, field, scale in ((7, s.rumors, 3), (8, s.hands, 5), (9, s.delivered, 5)):
            if field != old[i]:
                for m, at in enumerate(blocks):
                    w[at + at0] = len(field[m]) / scale
            at0 += 1
        if s.pawn != old[10]:
            was = old[10]
            for m, at in enumerate(blocks):
                if was is None or s.pawn[m] != was[m]:
                    if was is not None and was[m] >= 0:
                        w[at + at0 + was[m]] = 0.0
                    if s.pawn[m] >= 0:
                        w[at + at0 + s.pawn[m]] = 1.0
        at0 += len(LOCATIONS)
        if s.bids != old[12]:
            for m, at in enumerate(blocks):
                w[at + at0] = s.bids[m] / 100
        if s.order != old[11]:
            order = s.order
            for m, at in enumerate(blocks):
                place = order.index(m) if m in order else len(order)
                w[at + at0 + 1] = place / MAX_SEATS
        if s.age != old[13]:
            for m, at in enumerate(blocks):
                w[at + at0 + 2] = s.age[m] / MAX_SEATS

    def write_rest(self, s: MovState, seat: int | None, top: str | None) -> None:
        """The decision to the observer's rumors, slot by slot where not zero."""
        w = self.w
        at = BOARD_SIZE + MAX_SEATS * SEAT_SIZE
        w[at:] = self.blank[: LAYOUT.size - at]
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


_WRITER: Writer | None = None
