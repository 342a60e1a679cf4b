"""Masters of Venice's own observation tensor for the AI adapters (core/observation.py): a
seat's view (nothing else) as a fixed list of numbers, scaled to about 0..1. Five merchant blocks always (empty
for absent seats), the observer's hand and rumors and the Guild Orders it knows in the deck
(zero for a spectator)."""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Any, Final

from arsenale.core.observation import Buffer, KeptBuffer, Layout
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

KINDS: Final = ("bid", "character", "orders", "move", "marker", "use", "place", "keep")
USE_FLAGS: Final = (
    "shares_bought",
    "shares_sold",
    "sale",
    "drawn",
    "stolen",
    "swapped",
    "favor_bought",
    "shipped",
)
MAX_SEATS: Final = 5
SEAT_SIZE: Final = (
    2 + len(RESOURCES) + len(COMPANIES) + len(CHARACTERS) + 3 + 3 + len(LOCATIONS) + 3
)


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
    # the orders the observer knows in the deck (the Guild Master's two drawn, those it put
    # back at the bottom): 1 / the card's place from the top, 1.0 for the top card
    known = dict.fromkeys(ORDER_IDS, 0.0)
    for i, card in view.get("deck_known", []):
        known[card] = 1 / (view["deck_size"] - i)
    out += [known[card] for card in ORDER_IDS]
    return out


SIZE: Final = len(
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

LAYOUT: Final = Layout(("view", SIZE))
"""One part: the numbers of `tensor`, in its order."""

_LOC: Final = {loc: i for i, loc in enumerate(LOCATIONS)}
_KIND: Final = {k: i for i, k in enumerate(KINDS)}


BOARD_SIZE = 2 + 2 * len(RESOURCES) + 2 * len(COMPANIES) + 2 * len(SHOPS)
BOARD_SIZE += len(RESOURCES) * (N_DOCKS + 2) + len(FAVOR_VALUES) + ROUNDS + 2
"""The numbers before the seat blocks (`Writer.write_board`)."""


def write(s: MovState, seat: int | None, out: Buffer) -> None:
    """The observation of `seat` into `out`, every slot: the numbers `tensor(s.view(seat))`
    gives, read from the state's fields without building the view (see `Writer`). A
    `KeptBuffer` is its own writer's image; any other buffer gets a copy of the shared
    writer's."""
    global _WRITER
    if isinstance(out, KeptBuffer):
        writer = out.kept
        if writer is None:
            writer = out.kept = Writer(out)
        writer.write(s, seat, out)
        return
    if _WRITER is None:
        _WRITER = Writer()
    _WRITER.write(s, seat, out)


_NEVER: Final = object()
"""The value a field was last written from before it was ever written: unequal to all."""

_NONES: Final = (None,) * SIZE
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
_BLOCK: Final = tuple(BOARD_SIZE + m * SEAT_SIZE for m in range(MAX_SEATS))
_REST: Final = BOARD_SIZE + MAX_SEATS * SEAT_SIZE
_CUR: Final = _REST + len(KINDS)
_FLAGS: Final = _CUR + len(LOCATIONS)
_PENDING: Final = _FLAGS + len(USE_FLAGS)
_HAND: Final = _PENDING + len(RESOURCES)
_MINE: Final = _HAND + len(ORDER_IDS)
_KNOWN: Final = _MINE + len(SHOPS)
_USING: Final = frozenset({"use", "place", "keep"})
_CHAR_ROWS: Final = tuple(
    array("f", [1.0 if mask >> c & 1 else 0.0 for c in range(len(CHARACTERS))])
    for mask in range(1 << len(CHARACTERS))
)
"""Per bit mask of characters held, the numbers of a merchant's characters."""
_ROWS_CAP: Final = 1 << 12
"""The most hands whose rows a writer keeps (`Writer.write_hand`)."""


def _slots(start: int, size: int) -> tuple[int, ...]:
    return tuple(range(start, start + size))


def _per_seat(column: str, size: int) -> tuple[int, ...]:
    """The slots of a per-seat table (`size` numbers a seat, seat after seat) in the blocks."""
    return tuple(_BLOCK[i // size] + _OFFSETS[column] + i % size for i in range(5 * size))


_AT_PRICE: Final = _slots(2, len(RESOURCES))
_AT_SHARE: Final = _slots(_AT_PRICE[-1] + 1, len(SHOPS))  # the offices' two follow, fixed (`reset`)
_AT_ORDERS: Final = _slots(_AT_SHARE[0] + len(COMPANIES), len(SHOPS))
_AT_SUPPLY: Final = _slots(_AT_ORDERS[-1] + 1, len(COMPANIES))
_AT_BAG: Final = _slots(_AT_SUPPLY[-1] + 1, len(RESOURCES))
_AT_DOCKS: Final = _slots(_AT_BAG[-1] + 1, len(RESOURCES) * N_DOCKS)
_AT_OFFICE: Final = _AT_DOCKS[-1] + 1
_AT_DISPLAY: Final = _AT_OFFICE + 2 * len(RESOURCES)
_AT_CANAL: Final = _AT_DISPLAY + len(FAVOR_VALUES)
_AT_USED: Final = _slots(_AT_CANAL + ROUNDS, len(SHOPS))
_AT_CUBES: Final = _per_seat("cubes", len(RESOURCES))
_AT_SHARES: Final = _per_seat("shares", len(COMPANIES))
_AT_VP: Final = _per_seat("vp", 1)
_AT_BID: Final = _per_seat("bid", 1)
_AT_CHARS: Final = _OFFSETS["chars"]
_AT_FAVORS: Final = _OFFSETS["favors"]
_AT_RUMORS: Final = _OFFSETS["rumors"]
_AT_HANDS: Final = _AT_RUMORS + 1
_AT_DELIVERED: Final = _AT_RUMORS + 2
_AT_PAWN: Final = _OFFSETS["pawn"]
_AT_AGE: Final = tuple(_BLOCK[m] + _OFFSETS["bid"] + 2 for m in range(MAX_SEATS))
"""Where each field's numbers go: a slot per position of the field, or (`_AT_CHARS` to
`_AT_PAWN`) the column of a seat's block."""
_NO_FLAGS: Final = (False,) * len(USE_FLAGS)
"""The use flags kept while no location is in use (none of them is shown then)."""


class Writer:
    """The writer of the observations (NumPy: made when an adapter first asks). It keeps the
    last observation it wrote as an image, with the value of every state field it was written
    from; each call compares each field with its kept copy (one C-level comparison of two
    lists), one field after the other in `write`, and rewrites the slots of those that
    differ alone, element by element for a list field: one move changes few of them. Slots
    are set through a memoryview (NumPy's item assignment costs more than the game's move).
    The image is the adapters' `KeptBuffer` itself when they pass one (their copy is the
    observation they hand out), else the writer's own, copied into the buffer. Its fields
    are slots: the kept copies are too many for an instance dictionary's fast attribute
    access. One writer serves one thread at a time."""

    __slots__ = (
        "hand_rows",
        "hidden",
        "image",
        "k_cubes",
        "k_docks",
        "k_shares",
        "knowns",
        "o_age",
        "o_bag",
        "o_bids",
        "o_canal",
        "o_cards",
        "o_cash",
        "o_chars",
        "o_cubes",
        "o_cur",
        "o_deck",
        "o_delivered",
        "o_display",
        "o_dknown",
        "o_docks",
        "o_favors",
        "o_flags",
        "o_hand",
        "o_hands",
        "o_known",
        "o_marker",
        "o_mine",
        "o_office",
        "o_order",
        "o_orders",
        "o_over",
        "o_pawn",
        "o_pending",
        "o_price",
        "o_round",
        "o_rumors",
        "o_share",
        "o_shares",
        "o_supply",
        "o_top",
        "o_used",
        "o_vp",
        "players",
        "w",
    )

    image: Any
    w: Any
    players: int
    hand_rows: dict[tuple[int, ...], array[float]]
    # the values the image was last written from (`_NEVER` before the first call)
    hidden: int | None
    o_round: Any
    o_over: Any
    o_marker: Any
    o_deck: Any
    o_top: str | None
    o_cur: int
    o_flags: tuple[Any, ...]
    o_price: Any
    o_share: Any
    o_orders: Any
    o_supply: Any
    o_bag: Any
    o_docks: Any
    o_cash: Any
    o_cubes: Any
    o_shares: Any
    o_chars: Any
    o_rumors: Any
    o_pending: Any
    o_hand: Any
    o_mine: tuple[int, ...]
    o_known: tuple[tuple[int, float], ...]
    o_dknown: Any
    o_cards: Any
    knowns: dict[int | None, tuple[tuple[int, float], ...]]
    """Per seat (None: the spectator), the orders it knows in the deck the writer last saw."""
    o_office: Any
    o_display: Any
    o_canal: Any
    o_used: Any
    o_vp: Any
    o_favors: Any
    o_hands: Any
    o_delivered: Any
    o_pawn: Any
    o_bids: Any
    o_order: Any
    o_age: Any
    k_docks: int
    k_cubes: int
    k_shares: int

    def __init__(self, image: Any = None) -> None:
        """A writer with its own image, or one whose image is the start of `image` (a
        `KeptBuffer`: written into by this writer alone)."""
        import numpy as np

        self.image = np.zeros(LAYOUT.size, np.float32) if image is None else image
        self.w = memoryview(self.image)[:SIZE]
        self.players = -1
        self.hand_rows = {}
        self.reset(-1)

    def lengths(self, v: Any, was: Any, at: int, scale: int) -> None:
        """A per-seat list of tuples, each written as its length / `scale` at `at` in the
        seat's block: the seats whose tuple differs."""
        w = self.w
        if was is _NEVER:
            was = _NONES
        for m in range(len(v)):
            if v[m] != was[m]:
                w[_BLOCK[m] + at] = len(v[m]) / scale

    def write(self, s: MovState, seat: int | None, out: Buffer) -> None:
        """Each field compared with the copy kept at the last call, its slots rewritten where
        it differs."""
        if s.players != self.players:
            self.reset(s.players)
        w = self.w
        over = s.over
        top = s.stack[-1].kind if s.stack and not over else None
        # the scalars
        hidden = seat if s.options.get("hidden_money", False) and not over else -1
        if hidden != self.hidden:
            self.hidden = hidden
            self.write_cash(s.cash, _NEVER)
        rnd = s.round
        if rnd != self.o_round or over != self.o_over:
            self.o_round, self.o_over = rnd, over
            w[0] = (rnd + 1) / ROUNDS
            w[1] = 1.0 if s.phase_name() == "bidding" else 0.0
        if s.marker != self.o_marker:
            self.o_marker = s.marker
            w[BOARD_SIZE - 1] = 1.0 if s.marker else 0.0
        deck = len(s.deck)
        if deck != self.o_deck:
            self.o_deck = deck
            w[BOARD_SIZE - 2] = deck / len(ORDER_IDS)
        old_top = self.o_top
        if top != old_top:
            self.o_top = top
            if old_top in _KIND:
                w[_REST + _KIND[old_top]] = 0.0
            if top in _KIND:
                w[_REST + _KIND[top]] = 1.0
        cur = s.cur
        if cur != self.o_cur:
            if self.o_cur >= 0:
                w[_CUR + self.o_cur] = 0.0
            if cur >= 0:
                w[_CUR + cur] = 1.0
            self.o_cur = cur
        # the use flags show only while a location is in use (all zero while none is): when
        # that starts the flags on are set, when it ends those that were on are cleared,
        # and in between those that changed are rewritten (the flags compared whole first)
        was_flags = self.o_flags
        if top in _USING:
            flags = (  # USE_FLAGS' order
                s.u_sbuy >= 0,
                s.u_ssell >= 0,
                s.u_sale,
                s.u_draw,
                s.u_steal,
                s.u_swap,
                s.u_favor,
                s.u_ship,
            )
            if flags != was_flags:
                for i in range(len(USE_FLAGS)):
                    if flags[i] != was_flags[i]:
                        w[_FLAGS + i] = 1.0 if flags[i] else 0.0
                self.o_flags = flags
        elif was_flags is not _NO_FLAGS:
            for i in range(len(USE_FLAGS)):
                if was_flags[i]:
                    w[_FLAGS + i] = 0.0
            self.o_flags = _NO_FLAGS
        # the lists that change often (each kept copy unequal to every list at first)
        v = s.price
        if v != self.o_price:
            self.numbers(v, self.o_price, _AT_PRICE, 100)
            self.o_price = v.copy()
        v = s.share
        if v != self.o_share:
            self.numbers(v, self.o_share, _AT_SHARE, 100)
            self.o_share = v.copy()
        v = s.orders
        if v != self.o_orders:
            self.numbers(v, self.o_orders, _AT_ORDERS, 15)
            self.o_orders = v.copy()
        v = s.supply
        if v != self.o_supply:
            self.numbers(v, self.o_supply, _AT_SUPPLY, 10)
            self.o_supply = v.copy()
        v = s.bag
        if v != self.o_bag:
            self.numbers(v, self.o_bag, _AT_BAG, 15)
            self.o_bag = v.copy()
        v = s.docks
        if v != self.o_docks:
            self.k_docks = self.counts(v, self.k_docks, _AT_DOCKS, 5)
            self.o_docks = v.copy()
        v = s.cash
        if v != self.o_cash:
            self.write_cash(v, self.o_cash)
            self.o_cash = v.copy()
        v = s.cubes
        if v != self.o_cubes:
            self.k_cubes = self.counts(v, self.k_cubes, _AT_CUBES, 5)
            self.o_cubes = v.copy()
        v = s.shares
        if v != self.o_shares:
            self.k_shares = self.counts(v, self.k_shares, _AT_SHARES, 10)
            self.o_shares = v.copy()
        v = s.chars
        if v != self.o_chars:
            self.write_chars(v, self.o_chars)
            self.o_chars = v.copy()
        held = s.rumors
        if held != self.o_rumors:
            self.lengths(held, self.o_rumors, _AT_RUMORS, 3)
            self.o_rumors = held.copy()
        v = s.pending
        if v != self.o_pending:
            for r in range(len(RESOURCES)):
                w[_PENDING + r] = v.count(r) / 4
            self.o_pending = v.copy()
        hand = () if seat is None else s.hands[seat]
        if hand != self.o_hand:
            self.write_hand(hand)
            self.o_hand = hand
        mine = () if seat is None else s.rumors[seat]
        if mine != self.o_mine:
            for c in self.o_mine:
                w[_MINE + c] = 0.0
            for c in mine:
                w[_MINE + c] = mine.count(c) / 3
            self.o_mine = mine
        # the orders known in the deck (a Guild Master's), worked out once a seat while the
        # deck and who knows its cards stay the same
        if s.dknown != self.o_dknown or s.deck != self.o_cards:
            self.o_dknown, self.o_cards = s.dknown.copy(), s.deck.copy()
            self.knowns.clear()
        known = self.knowns.get(seat)
        if known is None:
            known = self.knowns[seat] = _known(s, seat)
        if known != self.o_known:
            for k, _ in self.o_known:
                w[_KNOWN + k] = 0.0
            for k, depth in known:
                w[_KNOWN + k] = depth
            self.o_known = known
        # the fields that change seldom (each at a few calls in a hundred)
        v = s.office
        if v != self.o_office:
            self.write_office(v, self.o_office)
            self.o_office = v.copy()
        v = s.display
        if v != self.o_display:
            for j in range(len(FAVOR_VALUES)):
                w[_AT_DISPLAY + j] = v.count(j) / 2
            self.o_display = v.copy()
        v = s.canal
        if v != self.o_canal:
            was = self.o_canal
            for i in range(len(v)):
                if was is _NEVER or v[i] != was[i]:
                    w[_AT_CANAL + i] = 1.0 if v[i] >= 0 else 0.0
            self.o_canal = v.copy()
        v = s.used
        if v != self.o_used:
            self.numbers(v, self.o_used, _AT_USED, 3)
            self.o_used = v.copy()
        v = s.vp
        if v != self.o_vp:
            self.numbers(v, self.o_vp, _AT_VP, 20)
            self.o_vp = v.copy()
        held = s.favors
        if held != self.o_favors:
            self.write_favors(held, self.o_favors)
            self.o_favors = held.copy()
        held = s.hands
        if held != self.o_hands:
            self.lengths(held, self.o_hands, _AT_HANDS, 5)
            self.o_hands = held.copy()
        held = s.delivered
        if held != self.o_delivered:
            self.lengths(held, self.o_delivered, _AT_DELIVERED, 5)
            self.o_delivered = held.copy()
        v = s.pawn
        if v != self.o_pawn:
            self.write_pawn(v, self.o_pawn)
            self.o_pawn = v.copy()
        v = s.bids
        if v != self.o_bids:
            self.numbers(v, self.o_bids, _AT_BID, 100)
            self.o_bids = v.copy()
        if s.order != self.o_order:
            self.o_order = s.order
            at = _OFFSETS["bid"] + 1
            for m in range(s.players):
                place = s.order.index(m) if m in s.order else len(s.order)
                w[_BLOCK[m] + at] = place / MAX_SEATS
        if s.age != self.o_age:
            self.numbers(s.age, self.o_age, _AT_AGE, MAX_SEATS)
            self.o_age = s.age
        if out is not self.image:
            out[:SIZE] = self.image

    def reset(self, players: int) -> None:
        """Every slot zero, every field to be written (a new player count)."""
        self.image[:SIZE] = 0.0
        self.players = players
        self.hidden = -1
        self.o_round = _NEVER
        self.o_over = _NEVER
        self.o_marker = _NEVER
        self.o_deck = _NEVER
        self.o_top = None
        self.o_cur = -1
        self.o_flags = _NO_FLAGS
        self.o_price = _NONES
        self.o_share = _NONES
        self.o_orders = _NONES
        self.o_supply = _NONES
        self.o_bag = _NONES
        self.o_docks = _NEVER
        self.o_cash = _NEVER
        self.o_cubes = _NEVER
        self.o_shares = _NEVER
        self.o_chars = _NEVER
        self.o_rumors = _NEVER
        self.o_pending = _NEVER
        self.o_hand = _NEVER
        self.o_mine = ()
        self.o_known = ()
        self.o_dknown = self.o_cards = _NEVER
        self.knowns = {}
        self.o_office = _NEVER
        self.o_display = _NEVER
        self.o_canal = _NEVER
        self.o_used = _NEVER
        self.o_vp = _NEVER
        self.o_favors = _NEVER
        self.o_hands = _NEVER
        self.o_delivered = _NEVER
        self.o_pawn = _NEVER
        self.o_bids = _NEVER
        self.o_order = _NEVER
        self.o_age = _NEVER
        self.k_docks = self.k_cubes = self.k_shares = -1
        at = 2 + len(RESOURCES) + len(SHOPS)
        for c in range(len(SHOPS), len(COMPANIES)):
            self.w[at + c - len(SHOPS)] = OFFICE_PRICE / 100

    def numbers(self, v: Any, was: Any, at: tuple[int, ...], scale: int) -> None:
        """A list of numbers in the slots `at`, each / `scale`: the positions that differ."""
        w = self.w
        if was is _NEVER:
            was = _NONES
        for i in range(len(v)):
            if v[i] != was[i]:
                w[at[i]] = v[i] / scale

    def counts(self, v: list[int], was: int, at: tuple[int, ...], scale: int) -> int:
        """A long list of counts (0 to 255) in the slots `at`, each / `scale`: the positions
        that differ from the list of key `was` (-1: none, every position); the new key. A
        key is the list as a number, a byte a count: the bytes where two keys differ are the
        positions where their lists differ, found here from the last one down."""
        w = self.w
        key = int.from_bytes(bytes(v), "little")
        if was < 0:
            for i in range(len(v)):
                w[at[i]] = v[i] / scale
            return key
        x = key ^ was
        while x:
            i = (x.bit_length() - 1) >> 3
            w[at[i]] = v[i] / scale
            x &= (1 << 8 * i) - 1  # that byte and those above it done
        return key

    # -- the board (the rare fields) ------------------------------------------------------

    def write_office(self, v: Any, was: Any) -> None:
        w, n_res = self.w, len(RESOURCES)
        first = was is _NEVER
        for k in range(len(v)):
            if first or v[k] != was[k]:
                at = _AT_OFFICE + n_res * k
                if not first and was[k] >= 0:
                    w[at + was[k]] = 0.0
                if v[k] >= 0:
                    w[at + v[k]] = 1.0

    # -- the merchants ----------------------------------------------------------------------

    def write_cash(self, v: Any, was: Any) -> None:
        w, hidden = self.w, self.hidden
        if was is _NEVER:
            was = _NONES
        for m in range(len(v)):
            if v[m] != was[m]:
                w[_BLOCK[m]] = 0.0 if hidden != -1 and m != hidden else v[m] / 500

    def write_chars(self, v: Any, was: Any) -> None:
        w, first = self.w, was is _NEVER
        for m in range(len(v)):
            if first or v[m] != was[m]:
                at = _BLOCK[m] + _AT_CHARS
                w[at : at + len(CHARACTERS)] = _CHAR_ROWS[v[m]]

    def write_favors(self, v: Any, was: Any) -> None:
        w, first = self.w, was is _NEVER
        for m in range(len(v)):
            if first or v[m] != was[m]:
                held, at = v[m], _BLOCK[m] + _AT_FAVORS
                for j in range(len(FAVOR_VALUES)):
                    w[at + j] = held.count(j) / 2

    def write_pawn(self, v: Any, was: Any) -> None:
        w, first = self.w, was is _NEVER
        for m in range(len(v)):
            if first or v[m] != was[m]:
                at = _BLOCK[m] + _AT_PAWN
                if not first and was[m] >= 0:
                    w[at + was[m]] = 0.0
                if v[m] >= 0:
                    w[at + v[m]] = 1.0

    # -- the observer's own -------------------------------------------------------------------

    def write_hand(self, v: tuple[int, ...]) -> None:
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


def _known(s: MovState, seat: int | None) -> tuple[tuple[int, float], ...]:
    """The orders `seat` knows in the deck (those the Guild Master drew and put back), each
    with 1 / its place from the top (`tensor`'s numbers)."""
    dknown = s.dknown
    if seat is None or seat not in dknown:
        return ()
    n = len(dknown)
    return tuple((s.deck[i], 1 / (n - i)) for i in range(n) if dknown[i] == seat)


_WRITER: Writer | None = None
