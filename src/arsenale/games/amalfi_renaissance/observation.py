"""Amalfi Renaissance's observation tensor for the AI adapters, written from the state: what
`view(seat)` shows, as numbers (core/observation.py). Cards and tiles are one slot each (a
character in several places shows in each place's part); the observer's own hand, packet and
reserve only for the observer (zeros for a spectator). The next benefit steps are their
numbers (kind and two arguments, the next one first)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain, compress, count
from operator import ne
from struct import Struct
from typing import TYPE_CHECKING, Any, Final

from arsenale.core.decisions import Decision
from arsenale.core.observation import Buffer, KeptBuffer, Layout
from arsenale.games.amalfi_renaissance.board import (
    ART_IDS,
    CHAR_IDS,
    DECREES,
    N_LOC,
    PACK_ICONS,
    PRIV0,
    PRIVATES,
    SOLO,
    TITLES,
)

if TYPE_CHECKING:
    from arsenale.games.amalfi_renaissance.state import AmalfiState

KINDS: Final = (
    "pack",
    "select",
    "draft",
    "reserve",
    "turn",
    "pay",
    "evolving",
    "send",
    "take",
    "erect",
    "instead",
    "choose",
    "straighten",
    "beacon",
    "feed",
    "ready",
)
"""The decision kinds (rules.py's phase table), one slot each."""
SEATS: Final = 4
METHODS: Final = 5
RIVAL: Final = 9
"""The solo rival's mark on a dock or lighthouse (state.py)."""
MARKS: Final = SEATS + 1
"""A dock or lighthouse: one slot per seat, then the rival."""
STEPS: Final = 4
"""Pending benefit steps shown (kind and two arguments each)."""
CHARS, ARTS, TILES = len(CHAR_IDS), len(ART_IDS), len(PRIVATES)
SEAT_NUMBERS: Final = 18
"""vp, title vp, bread, capacity, feed, bay, port, holds (5), shipyard, lighthouses, passed,
hand, packet and reserve sizes."""
COUNCIL: Final = 4
WORKSHOP: Final = 4
ATLAS: Final = 4
EVOLVING: Final = 4
PAYMENT_SLOTS: Final = 5 + 5

LAYOUT: Final = Layout(
    ("decision", len(KINDS)),
    ("period", 1),
    ("first_player", SEATS),
    ("turn", SEATS),
    ("hands_method", METHODS),
    ("seat_numbers", SEATS * SEAT_NUMBERS),
    ("known_hand", SEATS * CHARS),
    ("invited", SEATS * CHARS),
    ("engaged", SEATS * CHARS),
    ("artworks", SEATS * ARTS),
    ("privates", SEATS * TILES),
    ("pack", SEATS * len(PACK_ICONS)),
    ("hand", CHARS),
    ("packet", CHARS),
    ("reserve", CHARS),
    ("council", COUNCIL * CHARS),
    ("council_deck", 1),
    ("council_discard", CHARS),
    ("workshop", WORKSHOP * ARTS),
    ("workshop_deck", 1),
    ("workshop_discard", ARTS),
    ("atlas", ATLAS * TILES),
    ("atlas_piles", 2),
    ("removed_tiles", TILES),
    ("evolving", EVOLVING * TILES),
    ("docks", N_LOC * MARKS),
    ("lighthouses", N_LOC * MARKS),
    ("decrees", len(DECREES)),
    ("titles", 3 * len(TITLES)),
    ("title_cubes", 3 * SEATS),
    ("pending", 1 + 3 * STEPS),
    ("packs_left", len(PACK_ICONS)),
    ("payment", PAYMENT_SLOTS),
    ("rival", 3 + 2 + 3 + len(SOLO["band_names"])),
)
AT: Final = {name: start for name, start, _ in LAYOUT}
END: Final = {name: start + length for name, start, length in LAYOUT}
_KIND: Final = {k: i for i, k in enumerate(KINDS)}
(
    DECISION,
    PERIOD,
    FIRST,
    TURN,
    METHOD,
    NUMBERS,
    KNOWN,
    INVITED,
    ENGAGED,
    ARTWORKS,
    PRIVATE,
    PACK,
    HAND,
    PACKET,
    RESERVE,
    COUNCIL_AT,
    COUNCIL_DECK,
    COUNCIL_DISCARD,
    WORKSHOP_AT,
    WORKSHOP_DECK,
    WORKSHOP_DISCARD,
    ATLAS_AT,
    ATLAS_PILES,
    REMOVED,
    EVOLVING_AT,
    DOCKS,
    LIGHTHOUSES,
    DECREES_AT,
    TITLES_AT,
    CUBES,
    PENDING,
    PACKS_LEFT,
    PAYMENT,
    RIVAL_AT,
) = (start for _name, start, _length in LAYOUT)
"""The first slot of each part, in the layout's order."""


def write(s: AmalfiState, seat: int | None, out: Buffer) -> None:
    """The observation of `seat` (None: a spectator) into `out`, every slot (see `Writer`):
    a `KeptBuffer` is its own writer's image, any other buffer gets a copy of the shared
    writer's."""
    global _WRITER
    if isinstance(out, KeptBuffer):
        writer = out.kept
        if writer is None:
            writer = out.kept = Writer(out)
        writer.write(s, seat)
        return
    if _WRITER is None:
        _WRITER = Writer()
    _WRITER.write(s, seat)
    out[: LAYOUT.size] = _WRITER.image


class Writer:
    """The writer of the observations (NumPy: made when an adapter first asks). It keeps the
    last observation it wrote as an image, with a copy of every state field the image shows,
    and rewrites only the slots of the fields that changed since the previous call: one move
    changes few of them. The changed entries of a list are found in C (`_changed`), a set of
    cards is updated by its difference with the one shown, and slots are set through a
    memoryview (NumPy's item assignment costs more than the game's move), marks as the floats
    1.0 and 0.0 (an int is converted through a new float). The image is the adapters'
    `KeptBuffer` itself when they pass one (their copy is the observation they hand out),
    else the writer's own, copied into the buffer (`write`). One writer serves one thread at
    a time. Its fields are slots:
    with this many, an instance dict would be read by hash lookups."""

    __slots__ = (
        "arts",
        "atlas",
        "bay",
        "blank",
        "bread",
        "built",
        "cdeck",
        "cdisc",
        "claims",
        "council",
        "decision",
        "dock",
        "engaged",
        "evolving",
        "hand",
        "hands",
        "head_key",
        "holds",
        "image",
        "invited",
        "known",
        "light",
        "lit",
        "method",
        "mods",
        "pack_of",
        "packet",
        "packets",
        "passed",
        "paying",
        "piles",
        "players",
        "port",
        "queue",
        "rare",
        "removed",
        "reserve",
        "reserves",
        "rival_key",
        "tiles",
        "title_vp",
        "titles_shown",
        "turn",
        "vp",
        "w",
        "wdeck",
        "wdisc",
        "workshop",
    )

    def __init__(self, image: Any = None) -> None:
        """A writer with its own image, or one whose image is the start of `image` (a
        `KeptBuffer`: written into by this writer alone)."""
        import numpy as np

        self.image: Any = np.zeros(LAYOUT.size, np.float32) if image is None else image
        self.w: Any = memoryview(self.image)[: LAYOUT.size]  # type: ignore[arg-type]
        self.blank: Any = memoryview(np.zeros(LAYOUT.size, np.float32))  # type: ignore[arg-type]
        self.players = -1

    def reset(self, n: int) -> None:
        """Zero the image: it then shows an empty `n`-player state (a None field differs
        from any value: its part is written whole at the next call)."""
        self.w[:] = self.blank
        self.players = n
        self.decision = -1
        self.head_key: Any = None
        self.turn = -1
        self.vp, self.title_vp, self.bread = [0] * n, [0] * n, [0] * n
        self.bay, self.port, self.passed = [0] * n, [0] * n, [0] * n
        self.holds = [0] * (5 * n)
        self.lit: list[int] = []
        self.built: list[int] = []
        self.mods: list[int] = []
        """Lit, built and mods: the capacity, feed, shipyard and lighthouse columns (an empty
        list differs from the state's: written at the next call)."""
        self.hands: list[Any] = [()] * n
        self.packets: list[Any] = [()] * n
        self.reserves: list[Any] = [()] * n
        self.known: list[Any] = [()] * n
        self.invited: list[Any] = [()] * n
        self.engaged: list[Any] = [()] * n
        self.arts: list[Any] = [()] * n
        self.tiles: list[Any] = [()] * n
        self.pack_of = [-1] * n
        self.method = -1
        """The hands' method the packs left were written for."""
        self.hand: tuple[int, ...] = ()
        self.packet: tuple[int, ...] = ()
        self.reserve: tuple[int, ...] = ()
        self.council = [-1] * COUNCIL
        self.cdeck = 0
        self.cdisc: list[int] = []
        self.workshop = [-1] * (WORKSHOP + 1)
        self.wdeck = 0
        self.wdisc: list[int] = []
        self.atlas = [-1] * (ATLAS + 1)
        self.piles = (0, 0)
        self.removed: list[int] = []
        self.evolving = [-1] * (EVOLVING - 1)
        self.dock = [-1] * N_LOC
        self.light = [-1] * N_LOC
        self.titles_shown: Any = None
        """The titles in play (a game's tuple, never changed)."""
        self.claims: list[Any] = []
        self.queue: Any = None
        self.paying = False
        self.rival_key: Any = None
        self.rare = (
            self.atlas,
            self.workshop,
            self.tiles,
            self.arts,
            self.wdisc,
            self.pack_of,
            self.light,
            self.lit,
            self.evolving,
            self.built,
            self.invited,
            self.engaged,
            self.mods,
            self.title_vp,
            self.packets,
            self.reserves,
            self.removed,
            self.claims,
        )
        """The kept values of the fields that change at few moves, in the order `write`
        compares them with the state's (the more often changed first: the comparison stops
        at the first difference): every one is updated in place."""

    def write(self, s: AmalfiState, seat: int | None) -> None:
        """The observation of `seat` in the image: the parts of the fields that changed."""
        w = self.w
        if s.players != self.players:
            self.reset(s.players)
        top = s.stack[-1] if s.stack and not s.over else None
        decision = DECISION + _KIND[top.kind] if top is not None else -1
        if decision != self.decision:
            if self.decision >= 0:
                w[self.decision] = 0.0
            if decision >= 0:
                w[decision] = 1.0
            self.decision = decision
        if self.paying or decision == _PAY:
            self.paying = self.payment(top)
        key: Any = (s.period, s.first, s.method)
        if key != self.head_key:
            self.head_key = key
            self.head(s)
        elif s.turn != self.turn:
            # the seat whose turn it is, when only it changed
            if 0 <= self.turn < SEATS:
                w[TURN + self.turn] = 0.0
            if 0 <= s.turn < SEATS:
                w[TURN + s.turn] = 1.0
            self.turn = s.turn
        # the seats' numbers, column by column
        if s.vp != self.vp:
            self.column(s.vp, self.vp, NUMBERS)
        if s.bread != self.bread:
            self.column(s.bread, self.bread, NUMBERS + 2)
        if s.bay != self.bay:
            self.column(s.bay, self.bay, NUMBERS + 5)
        if s.port != self.port:
            self.column(s.port, self.port, NUMBERS + 6)
        if s.passed != self.passed:
            self.column(s.passed, self.passed, NUMBERS + 14)
        if s.holds != self.holds:
            self.holds_columns(s.holds)
        if s.hands != self.hands:
            self.sizes(s.hands, self.hands, NUMBERS + 15)
        if s.known != self.known:
            self.cards(s.known, self.known, KNOWN, CHARS)
        # the fields that change at few moves: one comparison when none did
        if (
            s.atlas,
            s.workshop,
            s.tiles,
            s.arts,
            s.wdisc,
            s.pack_of,
            s.light,
            s.lit,
            s.evolving,
            s.built,
            s.invited,
            s.engaged,
            s.mods,
            s.title_vp,
            s.packets,
            s.reserve,
            s.removed,
            s.claims,
        ) != self.rare:
            self.rare_fields(s)
        if s.method != self.method:
            self.method = s.method
            self.packs_left(s)
        hand: tuple[int, ...]
        packet: tuple[int, ...]
        reserve: tuple[int, ...]
        if seat is None:
            hand = packet = reserve = ()
        else:
            hand, packet, reserve = s.hands[seat], s.packets[seat], s.reserve[seat]
        if hand != self.hand:
            _swap(w, HAND, self.hand, hand)
            self.hand = hand
        if packet != self.packet:
            _swap(w, PACKET, self.packet, packet)
            self.packet = packet
        if reserve != self.reserve:
            _swap(w, RESERVE, self.reserve, reserve)
            self.reserve = reserve
        # displays, decks and discards
        if s.council != self.council:
            self.slots(s.council, self.council, COUNCIL_AT, CHARS, COUNCIL)
        if len(s.cdeck) != self.cdeck:
            self.cdeck = w[COUNCIL_DECK] = len(s.cdeck)
        if s.cdisc != self.cdisc:
            _pile(w, COUNCIL_DISCARD, self.cdisc, s.cdisc)
        if len(s.wdeck) != self.wdeck:
            self.wdeck = w[WORKSHOP_DECK] = len(s.wdeck)
        piles = (len(s.pile_a), len(s.pile_b))
        if piles != self.piles:
            self.piles = piles
            w[ATLAS_PILES], w[ATLAS_PILES + 1] = piles
        # the board, titles, pending steps, rival
        if s.dock != self.dock:
            self.marks(s.dock, self.dock, DOCKS)
        if s.titles is not self.titles_shown:
            self.titles_shown = s.titles
            self.titles(s)
        if s.queue != self.queue:
            self.queue = s.queue.copy()
            self.pending(s.queue)
        if s.rival or self.rival_key is not None:
            # the score shows only through the band of a completed game
            key = (s.rival, s.rival_ships, s.rival_lights, s.outcome, s.outcome == 1 and s.vp[0])
            if key != self.rival_key:
                self.rival_key = key if s.rival else None
                self.rival(s)

    def rare_fields(self, s: AmalfiState) -> None:
        """The fields of `self.rare` that changed: each part rewritten as in `write`."""
        w = self.w
        if s.title_vp != self.title_vp:
            self.column(s.title_vp, self.title_vp, NUMBERS + 1)
        if s.lit != self.lit or s.built != self.built or s.mods != self.mods:
            self.fleet_columns(s)
        if s.claims != self.claims:
            self.claims[:] = s.claims
            self.titles(s)
        if s.invited != self.invited:
            self.cards(s.invited, self.invited, INVITED, CHARS)
        if s.engaged != self.engaged:
            self.cards(s.engaged, self.engaged, ENGAGED, CHARS)
        if s.arts != self.arts:
            self.cards(s.arts, self.arts, ARTWORKS, ARTS)
        if s.tiles != self.tiles:
            self.cards(s.tiles, self.tiles, PRIVATE, TILES)
        if s.pack_of != self.pack_of:
            self.slots(s.pack_of, self.pack_of, PACK, len(PACK_ICONS), SEATS)
            self.packs_left(s)
        if s.packets != self.packets:
            self.sizes(s.packets, self.packets, NUMBERS + 16)
        if s.reserve != self.reserves:
            self.sizes(s.reserve, self.reserves, NUMBERS + 17)
        if s.workshop != self.workshop:
            self.slots(s.workshop, self.workshop, WORKSHOP_AT, ARTS, WORKSHOP)
        if s.wdisc != self.wdisc:
            _pile(w, WORKSHOP_DISCARD, self.wdisc, s.wdisc)
        if s.atlas != self.atlas:
            self.slots(s.atlas, self.atlas, ATLAS_AT, TILES, ATLAS)
        if s.removed != self.removed:
            _pile(w, REMOVED, self.removed, s.removed)
        if s.evolving != self.evolving:
            self.slots(s.evolving, self.evolving, EVOLVING_AT, TILES, EVOLVING)
        if s.light != self.light:
            self.marks(s.light, self.light, LIGHTHOUSES)

    def clear(self, first: int, end: int) -> None:
        """Zero the image's slots from `first` to `end` (excluded): a pack of padding bytes
        only, which `pack_into` zeroes (it costs less than a slice assignment)."""
        blank = _BLANKS.get(end - first)
        if blank is None:
            blank = _BLANKS[end - first] = Struct(f"{4 * (end - first)}x")
        blank.pack_into(self.w, 4 * first)

    def head(self, s: AmalfiState) -> None:
        """The period to the hands' method."""
        w = self.w
        self.clear(PERIOD, NUMBERS)
        w[PERIOD] = s.period + 1
        if s.first >= 0:
            w[FIRST + s.first] = 1.0
        self.turn = s.turn
        if 0 <= s.turn < SEATS:
            w[TURN + s.turn] = 1.0
        w[METHOD + s.method] = 1.0

    def column(self, new: list[int], old: list[int], at: int) -> None:
        """A column of the seats' numbers (first slot `at`): the rows whose value changed."""
        w = self.w
        p = 0
        for v in new:
            if v != old[p]:
                w[at + SEAT_NUMBERS * p] = old[p] = v
            p += 1  # noqa: SIM113 (enumerate costs more here)

    def holds_columns(self, holds: list[int]) -> None:
        """The five holds' columns of the seats' numbers (`holds[5 * seat + resource]`)."""
        w, old = self.w, self.holds
        i = 0
        for v in holds:
            if v != old[i]:
                w[_HOLD_SLOTS[i]] = old[i] = v
            i += 1  # noqa: SIM113 (enumerate costs more here)

    def fleet_columns(self, s: AmalfiState) -> None:
        """Capacity, feed, the shipyard's ships and the granary's lighthouses of the seats whose
        lighthouses, ships or modifiers changed (a seat's capacity and feed read only its own,
        state.py), every seat after a reset; then the kept lists made equal to the state's."""
        w, lit, built, mods = self.w, self.lit, self.built, self.mods
        every = len(lit) != s.players
        k = len(s.mods) // s.players  # the modifiers of a seat
        modded = s.mods != mods  # seldom: a seat's modifiers compared only then
        for p in range(s.players):
            if (
                every
                or s.lit[p] != lit[p]
                or s.built[p] != built[p]
                or (modded and s.mods[k * p : k * p + k] != mods[k * p : k * p + k])
            ):
                at = NUMBERS + SEAT_NUMBERS * p
                w[at + 3] = s.capacity(p)
                w[at + 4] = s.feed(p)
                w[at + 12] = 6 - s.built[p]
                w[at + 13] = 6 - s.lit[p]
        lit[:] = s.lit
        built[:] = s.built
        mods[:] = s.mods

    def sizes(self, new: list[tuple[int, ...]], old: list[Any], at: int) -> None:
        """A column of the seats' numbers that counts cards (hand, packet, reserve)."""
        w = self.w
        p = 0
        for cards in new:
            if cards != old[p]:
                old[p] = cards
                w[at + SEAT_NUMBERS * p] = len(cards)
            p += 1  # noqa: SIM113 (enumerate costs more here)

    def cards(self, new: list[tuple[int, ...]], old: list[Any], at: int, size: int) -> None:
        """A part of `size` slots per seat, one for each card a seat has there."""
        w = self.w
        p = 0
        for cards in new:
            if cards != old[p]:
                _swap(w, at + size * p, old[p], cards)
                old[p] = cards
            p += 1  # noqa: SIM113 (enumerate costs more here)

    def slots(self, new: list[int], old: list[int], at: int, size: int, shown: int) -> None:
        """One-hots of `size` slots for the first `shown` entries of a list (a display's
        cards, the seats' pack tokens); -1 for none. Rewritten whole: a display that changes
        changes almost whole (its cards move one slot along when one is taken)."""
        self.clear(at, at + size * shown)
        w = self.w
        for v in new[:shown]:
            if v >= 0:
                w[at + v] = 1.0
            at += size
        old[:] = new

    def marks(self, new: list[int], old: list[int], at: int) -> None:
        """Docks or lighthouses: a seat's or the rival's mark on each location. The printed and
        evolving locations, where most marks go, are compared apart from the tiles'."""
        w = self.w
        head = new[:PRIV0]
        if head != old[:PRIV0]:
            i = 0
            for v in head:
                if v != old[i]:
                    was = old[i]
                    if was >= 0:
                        w[at + MARKS * i + (SEATS if was == RIVAL else was)] = 0.0
                    if v >= 0:
                        w[at + MARKS * i + (SEATS if v == RIVAL else v)] = 1.0
                    old[i] = v
                i += 1  # noqa: SIM113 (enumerate costs more here)
        if new[PRIV0:] != old[PRIV0:]:
            for i in compress(count(PRIV0), map(ne, new[PRIV0:], old[PRIV0:])):
                was = old[i]
                if was >= 0:
                    w[at + MARKS * i + (SEATS if was == RIVAL else was)] = 0.0
                v = old[i] = new[i]
                if v >= 0:
                    w[at + MARKS * i + (SEATS if v == RIVAL else v)] = 1.0

    def packs_left(self, s: AmalfiState) -> None:
        """The packs not taken, in the packs method."""
        w = self.w
        self.clear(PACKS_LEFT, PAYMENT)
        if s.method == 0:
            for i in range(len(PACK_ICONS)):
                if i not in s.pack_of:
                    w[PACKS_LEFT + i] = 1.0

    def titles(self, s: AmalfiState) -> None:
        """The decrees, the titles in play and their cubes."""
        w = self.w
        self.clear(DECREES_AT, PENDING)
        for d in s.decrees:
            w[DECREES_AT + d] = 1.0
        for i, t in enumerate(s.titles[:3]):
            w[TITLES_AT + len(TITLES) * i + t] = 1.0
            for o in s.claims[i]:
                w[CUBES + SEATS * i + o] = 1.0

    def pending(self, queue: list[tuple[int, int, int]]) -> None:
        """How many benefit steps are pending, and the next ones: the whole part in one pack
        (its slots after the steps shown are zeroed as padding); with none or one step
        pending, the numbers are passed as they are (an unpacked argument list costs more)."""
        n = len(queue)
        if n == 0:
            _PENDING[0].pack_into(self.w, 4 * PENDING, 0)
            return
        if n == 1:
            kind, a, b = queue[0]
            _PENDING[1].pack_into(self.w, 4 * PENDING, 1, kind, a, b)
            return
        shown = queue[-STEPS:]
        _PENDING[len(shown)].pack_into(
            self.w, 4 * PENDING, n, *chain.from_iterable(reversed(shown))
        )

    def payment(self, top: Decision | None) -> bool:
        """A payment under way: its figures and the resources it accepts (whether one is)."""
        if top is None or top.kind != "pay":
            self.clear(PAYMENT, RIVAL_AT)
            return False
        _purpose, _arg, cost, mask, surcharge, paid, surplus = top.data
        r0, r1, r2, r3, r4 = _FLAGS[mask]
        _PAYMENT.pack_into(
            self.w, 4 * PAYMENT, cost, surcharge, paid, surplus, 0.0, r0, r1, r2, r3, r4
        )
        return True

    def rival(self, s: AmalfiState) -> None:
        """The solo rival: its city, ships, lighthouses, the outcome and its band."""
        w = self.w
        self.clear(RIVAL_AT, LAYOUT.size)
        if not s.rival:
            return
        w[RIVAL_AT + s.rival] = 1.0
        w[RIVAL_AT + 3] = s.rival_ships
        w[RIVAL_AT + 4] = s.rival_lights
        w[RIVAL_AT + 5 + s.outcome] = 1.0
        if s.outcome == 1:
            from arsenale.games.amalfi_renaissance.state import band

            w[RIVAL_AT + 8 + list(SOLO["band_names"]).index(band(s.vp[0]))] = 1.0


_PAY: Final = DECISION + _KIND["pay"]
_FLAGS: Final = tuple(tuple(float(mask >> r & 1) for r in range(5)) for mask in range(32))
"""The five resource flags of each payment mask (board.py: a mask has five bits), as floats
like the marks."""
_HOLD_SLOTS: Final = tuple(
    NUMBERS + SEAT_NUMBERS * p + 7 + r for p in range(SEATS) for r in range(5)
)
"""The slot of each entry of the holds (`holds[5 * seat + resource]`) among the seats' numbers."""
_BLANKS: Final[dict[int, Struct]] = {}
"""The padding-only packs `Writer.clear` zeroes with, by number of slots (made when first
used: a few part sizes)."""
_PAYMENT: Final = Struct(f"={PAYMENT_SLOTS}f")
"""The payment part: four figures, an unused slot, the resource flags."""
_PENDING: Final = tuple(Struct(f"={1 + 3 * k}f{4 * 3 * (STEPS - k)}x") for k in range(STEPS + 1))
"""The pending part with 0 to `STEPS` steps shown, the rest padding (zeroed by `pack_into`)."""


def _changed(new: list[Any], old: list[Any]) -> Iterator[int]:
    """The indices at which two lists differ (the shorter's length), found in C."""
    return compress(count(), map(ne, new, old))


def _pile(w: Any, at: int, old: list[int], new: list[int]) -> None:
    """A pile's slots (discards, removed tiles: each card once) from the cards of `old` to
    those of `new`, and `old` made equal to `new` in place; a pile that only grew gets the
    slots of the cards added on top."""
    k = len(old)
    if len(new) > k and new[:k] == old:
        for c in new[k:]:
            w[at + c] = 1.0
    else:
        for c in set(old).difference(new):
            w[at + c] = 0.0
        for c in set(new).difference(old):
            w[at + c] = 1.0
    old[:] = new


def _swap(w: Any, at: int, old: Any, new: Any) -> None:
    """Slots `at` + card: from the cards of `old` to those of `new` (no negative card). For
    the few cards of a seat's part: `in` on a short tuple costs less than making two sets."""
    for c in old:
        if c not in new:
            w[at + c] = 0.0
    for c in new:
        if c not in old:
            w[at + c] = 1.0


_WRITER: Writer | None = None
