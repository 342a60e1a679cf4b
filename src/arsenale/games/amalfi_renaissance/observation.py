"""Amalfi Renaissance's observation tensor for the AI adapters, written from the state: what
`view(seat)` shows, as numbers (core/observation.py). Cards and tiles are one slot each (a
character in several places shows in each place's part); the observer's own hand, packet and
reserve only for the observer (zeros for a spectator). The next benefit steps are their
numbers (kind and two arguments, the next one first)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from arsenale.core.decisions import Decision
from arsenale.core.observation import Buffer, Layout
from arsenale.games.amalfi_renaissance.board import (
    ART_IDS,
    CHAR_IDS,
    DECREES,
    N_LOC,
    PACK_ICONS,
    PRIVATES,
    SOLO,
    TITLES,
)

if TYPE_CHECKING:
    from arsenale.games.amalfi_renaissance.state import AmalfiState

KINDS = (
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
SEATS = 4
METHODS = 5
RIVAL = 9
"""The solo rival's mark on a dock or lighthouse (state.py)."""
MARKS = SEATS + 1
"""A dock or lighthouse: one slot per seat, then the rival."""
STEPS = 4
"""Pending benefit steps shown (kind and two arguments each)."""
CHARS, ARTS, TILES = len(CHAR_IDS), len(ART_IDS), len(PRIVATES)
SEAT_NUMBERS = 18
"""vp, title vp, bread, capacity, feed, bay, port, holds (5), shipyard, lighthouses, passed,
hand, packet and reserve sizes."""
COUNCIL = 4
WORKSHOP = 4
ATLAS = 4
EVOLVING = 4

LAYOUT = Layout(
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
    ("payment", 5 + 5),
    ("rival", 3 + 2 + 3 + len(SOLO["band_names"])),
)
AT = {name: start for name, start, _ in LAYOUT}
END = {name: start + length for name, start, length in LAYOUT}
_KIND = {k: i for i, k in enumerate(KINDS)}


def write(s: AmalfiState, seat: int | None, out: Buffer) -> None:
    """The observation of `seat` (None: a spectator) into `out`, zeroed (see `Writer`)."""
    global _WRITER
    if _WRITER is None:
        _WRITER = Writer()
    _WRITER.write(s, seat, out)


class Writer:
    """The writer of the observations (NumPy: made when an adapter first asks). It keeps the
    last observation it wrote as an image in parts, each with the fields it reads, and
    rewrites a part only when one of those fields changed since the previous call: one move
    changes few of them. Slots are set through a memoryview (NumPy's item assignment costs
    more than the game's move); the image is copied into the buffer. One writer serves one
    thread at a time."""

    def __init__(self) -> None:
        import numpy as np

        self.image: Any = np.zeros(LAYOUT.size, np.float32)
        self.w: Any = memoryview(self.image)  # type: ignore[arg-type]
        self.blank: Any = memoryview(np.zeros(LAYOUT.size, np.float32))  # type: ignore[arg-type]
        self.keys: list[Any] = [None] * 15
        self.columns: list[Any] = [None] * 9
        """The fields each group of columns of the seats' numbers was last written from."""
        self.players = 0
        """The players of the seats' numbers in the image."""
        self.decision = -1
        """The decision's slot in the image (-1: none)."""
        """The fields each part of the image was last written from (lists copied)."""

    def clear(self, first: str, last: str) -> None:
        """Zero the image from part `first` to the end of part `last`."""
        a, b = AT[first], END[last]
        self.w[a:b] = self.blank[: b - a]

    def many(self, start: int, items: list[int] | tuple[int, ...]) -> None:
        """1 at `start` + each item (none for a negative one)."""
        w = self.w
        for i in items:
            if i >= 0:
                w[start + i] = 1.0

    def write(self, s: AmalfiState, seat: int | None, out: Buffer) -> None:
        keys = self.keys
        top = s.stack[-1] if s.stack and not s.over else None
        kind = top.kind if top is not None else None
        decision = AT["decision"] + _KIND[kind] if kind is not None else -1
        if decision != self.decision:
            if self.decision >= 0:
                self.w[self.decision] = 0.0
            if decision >= 0:
                self.w[decision] = 1.0
            self.decision = decision
        key: Any = (s.period, s.first, s.turn, s.method)
        if key != keys[0]:
            keys[0] = key
            self.head(s)
        self.numbers(s)
        if s.known != keys[2]:
            keys[2] = [*s.known]
            self.clear("known_hand", "known_hand")
            for p in range(s.players):
                self.many(AT["known_hand"] + CHARS * p, s.known[p])
        key = (s.invited, s.engaged)
        if key != keys[3]:
            keys[3] = ([*s.invited], [*s.engaged])
            self.clear("invited", "engaged")
            for p in range(s.players):
                self.many(AT["invited"] + CHARS * p, s.invited[p])
                self.many(AT["engaged"] + CHARS * p, s.engaged[p])
        key = (s.arts, s.tiles, s.pack_of)
        if key != keys[4]:
            keys[4] = ([*s.arts], [*s.tiles], [*s.pack_of])
            self.belongings(s)
        key = (
            (seat, None)
            if seat is None
            else (seat, s.hands[seat], s.packets[seat], s.reserve[seat])
        )
        if key != keys[5]:
            keys[5] = key  # tuples: the state replaces them, never changes them
            self.clear("hand", "reserve")
            if seat is not None:
                self.many(AT["hand"], s.hands[seat])
                self.many(AT["packet"], s.packets[seat])
                self.many(AT["reserve"], s.reserve[seat])
        key = (s.council, len(s.cdeck), s.cdisc)
        if key != keys[6]:
            keys[6] = ([*s.council], key[1], [*s.cdisc])
            self.market("council", s.council[:COUNCIL], CHARS, "council_deck", len(s.cdeck))
            self.many(AT["council_discard"], s.cdisc)
        key = (s.workshop, len(s.wdeck), s.wdisc)
        if key != keys[7]:
            keys[7] = ([*s.workshop], key[1], [*s.wdisc])
            self.market("workshop", s.workshop[:WORKSHOP], ARTS, "workshop_deck", len(s.wdeck))
            self.many(AT["workshop_discard"], s.wdisc)
        key = (s.atlas, len(s.pile_a), len(s.pile_b), s.removed, s.evolving)
        if key != keys[8]:
            keys[8] = ([*s.atlas], key[1], key[2], [*s.removed], [*s.evolving])
            self.atlas(s)
        key = (s.dock, s.light)
        if key != keys[9]:
            keys[9] = ([*s.dock], [*s.light])
            self.marks(s)
        key = (s.decrees, s.titles, s.claims)
        if key != keys[10]:
            keys[10] = (s.decrees, s.titles, [*s.claims])
            self.titles(s)
        if s.queue != keys[11]:
            keys[11] = [*s.queue]
            self.pending(s.queue)
        key = (s.method, s.pack_of)
        if key != keys[12]:
            keys[12] = (s.method, [*s.pack_of])
            self.clear("packs_left", "packs_left")
            if s.method == 0:
                for i in range(len(PACK_ICONS)):
                    if i not in s.pack_of:
                        self.w[AT["packs_left"] + i] = 1.0
        if kind == "pay" or keys[13]:
            keys[13] = kind == "pay"
            self.payment(top)
        key = (s.rival, s.rival_ships, s.rival_lights, s.outcome, s.vp[0])
        if key != keys[14]:
            keys[14] = key
            self.rival(s)
        out[: LAYOUT.size] = self.image

    def head(self, s: AmalfiState) -> None:
        """The period to the hands' method."""
        w = self.w
        self.clear("period", "hands_method")
        w[AT["period"]] = float(s.period + 1)
        if s.first >= 0:
            w[AT["first_player"] + s.first] = 1.0
        if 0 <= s.turn < SEATS:
            w[AT["turn"] + s.turn] = 1.0
        w[AT["hands_method"] + s.method] = 1.0

    def numbers(self, s: AmalfiState) -> None:
        """Each seat's numbers (SEAT_NUMBERS: a row per seat), column by column: the columns
        whose fields changed."""
        w, cols, n = self.w, self.columns, s.players
        if n != self.players:
            self.clear("seat_numbers", "seat_numbers")
            cols[:] = [None] * len(cols)
            self.players = n
        base = AT["seat_numbers"]
        for c, field in enumerate((s.vp, s.title_vp, s.bread, s.bay, s.port, s.passed)):
            if field != cols[c]:
                cols[c] = [*field]
                at = base + (0, 1, 2, 5, 6, 14)[c]
                for p in range(n):
                    w[at + SEAT_NUMBERS * p] = float(bool(field[p]) if c == 5 else field[p])
        key: Any = (s.lit, s.built, s.mods)
        if key != cols[6]:
            cols[6] = ([*s.lit], [*s.built], [*s.mods])
            for p in range(n):
                at = base + SEAT_NUMBERS * p
                w[at + 3] = float(s.capacity(p))
                w[at + 4] = float(s.feed(p))
                w[at + 12] = float(6 - s.built[p])
                w[at + 13] = float(6 - s.lit[p])
        if s.holds != cols[7]:
            cols[7] = [*s.holds]
            for p in range(n):
                at = base + SEAT_NUMBERS * p + 7
                for r in range(5):
                    w[at + r] = float(s.holds[5 * p + r])
        key = (s.hands, s.packets, s.reserve)
        if key != cols[8]:
            cols[8] = ([*s.hands], [*s.packets], [*s.reserve])  # of tuples: never changed
            for p in range(n):
                at = base + SEAT_NUMBERS * p + 15
                w[at] = float(len(s.hands[p]))
                w[at + 1] = float(len(s.packets[p]))
                w[at + 2] = float(len(s.reserve[p]))

    def belongings(self, s: AmalfiState) -> None:
        """Each seat's artworks, private tiles and pack token."""
        self.clear("artworks", "pack")
        for p in range(s.players):
            self.many(AT["artworks"] + ARTS * p, s.arts[p])
            self.many(AT["privates"] + TILES * p, s.tiles[p])
            if s.pack_of[p] >= 0:
                self.w[AT["pack"] + len(PACK_ICONS) * p + s.pack_of[p]] = 1.0

    def market(self, name: str, row: list[int], size: int, deck: str, left: int) -> None:
        """A display (council or workshop), its deck's size; its discard follows."""
        w, at = self.w, AT[name]
        self.clear(name, f"{name}_discard")
        for i, c in enumerate(row):
            if c >= 0:
                w[at + size * i + c] = 1.0
        w[AT[deck]] = float(left)

    def atlas(self, s: AmalfiState) -> None:
        """The Atlas, its piles, the removed tiles and the evolving locations."""
        w = self.w
        self.clear("atlas", "evolving")
        for i, t in enumerate(s.atlas[:ATLAS]):
            if t >= 0:
                w[AT["atlas"] + TILES * i + t] = 1.0
        w[AT["atlas_piles"]] = float(len(s.pile_a))
        w[AT["atlas_piles"] + 1] = float(len(s.pile_b))
        self.many(AT["removed_tiles"], s.removed)
        for i, t in enumerate(s.evolving[:EVOLVING]):
            if t >= 0:
                w[AT["evolving"] + TILES * i + t] = 1.0

    def marks(self, s: AmalfiState) -> None:
        """Docks and lighthouses: a seat's or the rival's."""
        w = self.w
        self.clear("docks", "lighthouses")
        for name, marks in (("docks", s.dock), ("lighthouses", s.light)):
            start = AT[name]
            for i, v in enumerate(marks):
                if v >= 0:
                    w[start + MARKS * i + (SEATS if v == RIVAL else v)] = 1.0

    def titles(self, s: AmalfiState) -> None:
        """The decrees, the titles in play and their cubes."""
        w = self.w
        self.clear("decrees", "title_cubes")
        self.many(AT["decrees"], s.decrees)
        for i, t in enumerate(s.titles[:3]):
            w[AT["titles"] + len(TITLES) * i + t] = 1.0
            for o in s.claims[i]:
                w[AT["title_cubes"] + SEATS * i + o] = 1.0

    def pending(self, queue: list[tuple[int, int, int]]) -> None:
        """How many benefit steps are pending, and the next ones."""
        w, pending = self.w, AT["pending"]
        self.clear("pending", "pending")
        w[pending] = float(len(queue))
        for k, step in enumerate(reversed(queue[-STEPS:])):
            for i, x in enumerate(step):
                w[pending + 1 + 3 * k + i] = float(x)

    def payment(self, top: Decision | None) -> None:
        """A payment under way: its figures and the resources it accepts."""
        w = self.w
        self.clear("payment", "payment")
        if top is None or top.kind != "pay":
            return
        _purpose, _arg, cost, mask, surcharge, paid, surplus = top.data
        pay = AT["payment"]
        for i, x in enumerate((cost, surcharge, paid, surplus)):
            w[pay + i] = float(x if isinstance(x, int) else len(x))
        for r in range(5):
            if mask >> r & 1:
                w[pay + 5 + r] = 1.0

    def rival(self, s: AmalfiState) -> None:
        """The solo rival: its city, ships, lighthouses, the outcome and its band."""
        from arsenale.games.amalfi_renaissance.state import band

        w = self.w
        self.clear("rival", "rival")
        if not s.rival:
            return
        rival = AT["rival"]
        w[rival + s.rival] = 1.0
        w[rival + 3] = float(s.rival_ships)
        w[rival + 4] = float(s.rival_lights)
        w[rival + 5 + s.outcome] = 1.0
        if s.outcome == 1:
            w[rival + 8 + list(SOLO["band_names"]).index(band(s.vp[0]))] = 1.0


_WRITER: Writer | None = None
