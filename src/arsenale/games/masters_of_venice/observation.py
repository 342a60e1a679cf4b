"""Masters of Venice's own observation tensor for the AI adapters (core/observation.py): a
seat's view (nothing else) as a fixed list of numbers, scaled to about 0..1. Five merchant blocks always (empty
for absent seats), the observer's hand and rumors (zero for a spectator)."""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Any

from arsenale.core.observation import Buffer, Layout
from arsenale.games.masters_of_venice.board import (
    CHARACTERS,
    COMPANIES,
    FAVOR_VALUES,
    LOCATIONS,
    N_DOCKS,
    OFFICE_PRICE,
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


_NEVER = object()
"""The value a field was last written from before it was ever written: unequal to all."""

_NONES = (None,) * SIZE
"""Unequal to every number or tuple, at every position of a list field (none is longer than
the observation): as if the field had never been written."""

_OFFSETS = {
    "cash": 0,
    "vp": 1,
    "cubes": 2,
    "shares": 2 + len(RESOURCES),
    "chars": 2 + len(RESOURCES) + len(COMPANIES),
    "favors": 2 + len(RESOURCES) + len(COMPANIES) + len(CHARACTERS),
}
_OFFSETS["rumors"] = _OFFSETS["favors"] + len(FAVOR_VALUES)
_OFFSETS["pawn"] = _OFFSETS["rumors"] + 3
_OFFSETS["bid"] = _OFFSETS["pawn"] + len(LOCATIONS)
"""Where each column starts in a merchant's block (`_seat_block`'s order)."""
_BLOCK = tuple(BOARD_SIZE + m * SEAT_SIZE for m in range(MAX_SEATS))
_REST = BOARD_SIZE + MAX_SEATS * SEAT_SIZE
_CUR = _REST + len(KINDS)
_FLAGS = _CUR + len(LOCATIONS)
_PENDING = _FLAGS + len(USE_FLAGS)
_HAND = _PENDING + len(RESOURCES)
_MINE = _HAND + len(ORDER_IDS)
_USING = frozenset({"use", "place", "keep"})
_CHAR_ROWS = tuple(
    array("f", [1.0 if mask >> c & 1 else 0.0 for c in range(len(CHARACTERS))])
    for mask in range(1 << len(CHARACTERS))
)
"""Per bit mask of characters held, the numbers of a merchant's characters."""
_ROWS_CAP = 1 << 12
"""The most hands whose rows a writer keeps (`Writer.write_hand`)."""


def _changed(new: Any, old: Any) -> Any:
    """The positions where two lists differ (all of `new` when `old` was never written)."""
    if old is _NEVER:
        return range(len(new))
    return [i for i in range(len(new)) if new[i] != old[i]]


class Writer:
    """The writer of the observations (NumPy: made when an adapter first asks). It keeps the
    last observation it wrote as an image, with the value of every state field it was written
    from; each call finds the fields that differ (one C-level comparison of the two lists,
    the fields that change seldom in one list of their own, compared whole first) and
    rewrites the slots of those alone, element by element for a list field: one move
    changes few of them. Slots are set through a memoryview (NumPy's item assignment costs
    more than the game's move); the image is copied into the buffer. One writer serves one
    thread at a time."""

    def __init__(self) -> None:
        import numpy as np

        self.image: Any = np.zeros(LAYOUT.size, np.float32)
        self.w: Any = memoryview(self.image)  # type: ignore[arg-type]
        self.players = -1
        self.hidden = -1
        self.old: list[Any] = []
        self.hand_rows: dict[tuple[int, ...], array[float]] = {}
        w = self.w

        def columns(at: tuple[int, ...], scale: int) -> Any:
            def write(v: Any, was: Any, s: MovState) -> None:
                if was is _NEVER:
                    was = _NONES
                for i in range(len(v)):
                    if v[i] != was[i]:
                        w[at[i]] = v[i] / scale

            return write

        def per_seat(column: str, size: int, scale: int) -> tuple[int, ...]:
            return tuple(_BLOCK[i // size] + _OFFSETS[column] + i % size for i in range(5 * size))

        def board(start: int, size: int) -> tuple[int, ...]:
            return tuple(range(start, start + size))

        def lengths(at: int, scale: int) -> Any:
            def write(v: Any, was: Any, s: MovState) -> None:
                if was is _NEVER:
                    was = _NONES
                for m in range(len(v)):
                    if v[m] != was[m]:
                        w[_BLOCK[m] + at] = len(v[m]) / scale

            return write

        n_res, n_comp, n_shops = len(RESOURCES), len(COMPANIES), len(SHOPS)
        at = 2
        price = columns(board(at, n_res), 100)
        at += n_res
        share = columns(board(at, n_shops), 100)
        at += n_comp
        orders = columns(board(at, n_shops), 15)
        at += n_shops
        supply = columns(board(at, n_comp), 10)
        at += n_comp
        bag = columns(board(at, n_res), 15)
        at += n_res
        docks = columns(board(at, n_res * N_DOCKS), 5)
        at += n_res * N_DOCKS
        self.at_office = at
        at += 2 * n_res
        self.at_display = at
        at += len(FAVOR_VALUES)
        self.at_canal = at
        at += ROUNDS
        used = columns(board(at, n_shops), 3)
        rumor_count = _OFFSETS["rumors"]
        self.handlers: tuple[Any, ...] = (
            self.write_scalars,
            price,
            share,
            orders,
            supply,
            bag,
            docks,
            self.write_cash,
            columns(per_seat("cubes", n_res, 5), 5),
            columns(per_seat("shares", n_comp, 10), 10),
            self.write_chars,
            lengths(rumor_count, 3),
            self.write_pending,
            self.write_hand,
            self.write_mine,
        )
        self.fields = range(len(self.handlers))
        self.rare_handlers: tuple[Any, ...] = (
            self.write_office,
            self.write_display,
            self.write_canal,
            used,
            columns(per_seat("vp", 1, 20), 20),
            self.write_favors,
            lengths(rumor_count + 1, 5),  # hands
            lengths(rumor_count + 2, 5),  # delivered
            self.write_pawn,
            columns(per_seat("bid", 1, 100), 100),
            self.write_order,
            columns(tuple(_BLOCK[m] + _OFFSETS["bid"] + 2 for m in range(5)), MAX_SEATS),
        )
        self.rare_fields = range(len(self.rare_handlers))
        self.old_rare: list[Any] = []

    def write(self, s: MovState, seat: int | None, out: Buffer) -> None:
        if s.players != self.players:
            self.reset(s.players)
        over = s.over
        top = s.stack[-1].kind if s.stack and not over else None
        hidden = seat if s.options.get("hidden_money", False) and not over else -1
        new = (
            (
                hidden,
                s.round,
                over,
                s.marker,
                len(s.deck),
                top,
                s.cur,
                (  # USE_FLAGS' order
                    s.u_sbuy >= 0,
                    s.u_ssell >= 0,
                    s.u_sale,
                    s.u_draw,
                    s.u_steal,
                    s.u_swap,
                    s.u_favor,
                    s.u_ship,
                ),
            ),
            s.price,
            s.share,
            s.orders,
            s.supply,
            s.bag,
            s.docks,
            s.cash,
            s.cubes,
            s.shares,
            s.chars,
            s.rumors,
            s.pending,
            () if seat is None else s.hands[seat],
            () if seat is None else s.rumors[seat],
        )
        old, handlers = self.old, self.handlers
        for i in self.fields:
            v = new[i]
            if v != old[i]:
                handlers[i](v, old[i], s)
                old[i] = v.copy() if type(v) is list else v
        # the fields that change seldom (a few moves in a hundred), compared together first
        rare = [
            s.office,
            s.display,
            s.canal,
            s.used,
            s.vp,
            s.favors,
            s.hands,
            s.delivered,
            s.pawn,
            s.bids,
            s.order,
            s.age,
        ]
        if rare != self.old_rare:
            old, handlers = self.old_rare, self.rare_handlers
            for i in self.rare_fields:
                x = rare[i]
                if x != old[i]:
                    handlers[i](x, old[i], s)
                    old[i] = x.copy() if type(x) is list else x
        out[:SIZE] = self.image

    def reset(self, players: int) -> None:
        """Every slot zero, every field to be written (a new player count)."""
        self.image[:] = 0.0
        self.players = players
        self.old = [_NEVER] * len(self.handlers)
        self.old_rare = [_NEVER] * len(self.rare_handlers)
        self.hidden = -1
        at = 2 + len(RESOURCES) + len(SHOPS)
        for c in range(len(SHOPS), len(COMPANIES)):
            self.w[at + c - len(SHOPS)] = OFFICE_PRICE / 100

    def write_scalars(self, v: Any, was: Any, s: MovState) -> None:
        """The fields that are numbers, in one tuple (one comparison when none changed): the
        slots of each one that changed, written here in one go."""
        first = was is _NEVER
        if first:
            was = _NONES
        w = self.w
        if v[0] != was[0]:  # hidden
            self.hidden = v[0]
            self.write_cash(s.cash, _NEVER, s)
        if v[1] != was[1] or v[2] != was[2]:  # round, over
            w[0] = (s.round + 1) / ROUNDS
            w[1] = 1.0 if s.phase_name() == "bidding" else 0.0
        if v[3] != was[3]:
            w[BOARD_SIZE - 1] = 1.0 if v[3] else 0.0  # marker
        if v[4] != was[4]:
            w[BOARD_SIZE - 2] = v[4] / len(ORDER_IDS)  # deck
        top, old = v[5], was[5]
        if top != old:
            if old in _KIND:
                w[_REST + _KIND[old]] = 0.0
            if top in _KIND:
                w[_REST + _KIND[top]] = 1.0
        cur = v[6]
        if cur != was[6]:
            if not first and was[6] >= 0:
                w[_CUR + was[6]] = 0.0
            if cur >= 0:
                w[_CUR + cur] = 1.0
        # the use flags show only while a location is in use (all zero while none is): when
        # that starts the flags on are set, when it ends those that were on are cleared,
        # and in between those that changed are rewritten (the flags compared whole first)
        using = top in _USING
        flags, was_flags = v[7], was[7]
        if using != (old in _USING):
            shown = flags if using else was_flags
            for i in range(len(USE_FLAGS)):
                if shown[i]:
                    w[_FLAGS + i] = 1.0 if using else 0.0
        elif using and flags != was_flags:
            for i in range(len(USE_FLAGS)):
                if flags[i] != was_flags[i]:
                    w[_FLAGS + i] = 1.0 if flags[i] else 0.0

    # -- the board ------------------------------------------------------------------------

    def write_office(self, v: Any, was: Any, s: MovState) -> None:
        w, n_res = self.w, len(RESOURCES)
        for k in _changed(v, was):
            at = self.at_office + n_res * k
            if was is not _NEVER and was[k] >= 0:
                w[at + was[k]] = 0.0
            if v[k] >= 0:
                w[at + v[k]] = 1.0

    def write_display(self, v: Any, was: Any, s: MovState) -> None:
        w, at = self.w, self.at_display
        for j in range(len(FAVOR_VALUES)):
            w[at + j] = v.count(j) / 2

    def write_canal(self, v: Any, was: Any, s: MovState) -> None:
        w, at = self.w, self.at_canal
        for i in _changed(v, was):
            w[at + i] = 1.0 if v[i] >= 0 else 0.0

    # -- the merchants ----------------------------------------------------------------------

    def write_cash(self, v: Any, was: Any, s: MovState) -> None:
        w, hidden = self.w, self.hidden
        if was is _NEVER:
            was = _NONES
        for m in range(len(v)):
            if v[m] != was[m]:
                w[_BLOCK[m]] = 0.0 if hidden != -1 and m != hidden else v[m] / 500

    def write_chars(self, v: Any, was: Any, s: MovState) -> None:
        w, at = self.w, _OFFSETS["chars"]
        for m in _changed(v, was):
            w[_BLOCK[m] + at : _BLOCK[m] + at + len(CHARACTERS)] = _CHAR_ROWS[v[m]]

    def write_favors(self, v: Any, was: Any, s: MovState) -> None:
        w, at = self.w, _OFFSETS["favors"]
        for m in _changed(v, was):
            held, base = v[m], _BLOCK[m] + at
            for j in range(len(FAVOR_VALUES)):
                w[base + j] = held.count(j) / 2

    def write_pawn(self, v: Any, was: Any, s: MovState) -> None:
        w, at = self.w, _OFFSETS["pawn"]
        for m in _changed(v, was):
            if was is not _NEVER and was[m] >= 0:
                w[_BLOCK[m] + at + was[m]] = 0.0
            if v[m] >= 0:
                w[_BLOCK[m] + at + v[m]] = 1.0

    def write_order(self, v: Any, was: Any, s: MovState) -> None:
        w, at = self.w, _OFFSETS["bid"] + 1
        for m in range(s.players):
            place = v.index(m) if m in v else len(v)
            w[_BLOCK[m] + at] = place / MAX_SEATS

    # -- the decision and the observer's own -----------------------------------------------------

    def write_pending(self, v: Any, was: Any, s: MovState) -> None:
        w = self.w
        for r in range(len(RESOURCES)):
            w[_PENDING + r] = v.count(r) / 4

    def write_hand(self, v: Any, was: Any, s: MovState) -> None:
        """The observer's Guild Orders, a one at each card held: the row of each hand is made
        once and copied in whole (the observer changes at nearly every call)."""
        row = self.hand_rows.get(v)
        if row is None:
            row = array("f", bytes(4 * len(ORDER_IDS)))
            for k in v:
                row[k] = 1.0
            if len(self.hand_rows) >= _ROWS_CAP:
                self.hand_rows.clear()
            self.hand_rows[v] = row
        self.w[_HAND:_MINE] = row

    def write_mine(self, v: Any, was: Any, s: MovState) -> None:
        w = self.w
        if was is not _NEVER:
            for c in was:
                w[_MINE + c] = 0.0
        for c in v:
            w[_MINE + c] = v.count(c) / 3


_WRITER: Writer | None = None
