"""Amalfi Renaissance's observation tensor for the AI adapters, written from the state: what
`view(seat)` shows, as numbers (core/observation.py). Cards and tiles are one slot each (a
character in several places shows in each place's part); the observer's own hand, packet and
reserve only for the observer (zeros for a spectator). The next benefit steps are their
numbers (kind and two arguments, the next one first)."""

from __future__ import annotations

from typing import TYPE_CHECKING

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
_KIND = {k: i for i, k in enumerate(KINDS)}


def write(s: AmalfiState, seat: int | None, out: Buffer) -> None:
    """The observation of `seat` (None: a spectator) into `out`, zeroed."""
    from arsenale.games.amalfi_renaissance.state import band

    at = AT
    slots: list[int] = []
    values: list[float] = []
    put = slots.append
    val = values.append
    ones: list[int] = []  # slots set to 1 (one assignment, no list of floats)
    one = ones.append

    def many(start: int, items: list[int] | tuple[int, ...]) -> None:
        for i in items:
            if i >= 0:
                one(start + i)

    top = s.stack[-1] if s.stack and not s.over else None
    if top is not None:
        one(at["decision"] + _KIND[top.kind])
    put(at["period"])
    val(float(s.period + 1))
    if s.first >= 0:
        one(at["first_player"] + s.first)
    if 0 <= s.turn < SEATS:
        one(at["turn"] + s.turn)
    one(at["hands_method"] + s.method)
    n = s.players
    numbers = at["seat_numbers"]
    for p in range(n):
        row = (
            s.vp[p],
            s.title_vp[p],
            s.bread[p],
            s.capacity(p),
            s.feed(p),
            s.bay[p],
            s.port[p],
            *s.holds[5 * p : 5 * p + 5],
            6 - s.built[p],
            6 - s.lit[p],
            int(bool(s.passed[p])),
            len(s.hands[p]),
            len(s.packets[p]),
            len(s.reserve[p]),
        )
        base = numbers + SEAT_NUMBERS * p
        for i, x in enumerate(row):
            if x:
                put(base + i)
                val(float(x))
        many(at["known_hand"] + CHARS * p, s.known[p])
        many(at["invited"] + CHARS * p, s.invited[p])
        many(at["engaged"] + CHARS * p, s.engaged[p])
        many(at["artworks"] + ARTS * p, s.arts[p])
        many(at["privates"] + TILES * p, s.tiles[p])
        if s.pack_of[p] >= 0:
            one(at["pack"] + len(PACK_ICONS) * p + s.pack_of[p])
    if seat is not None:
        many(at["hand"], s.hands[seat])
        many(at["packet"], s.packets[seat])
        many(at["reserve"], s.reserve[seat])
    for i, c in enumerate(s.council[:COUNCIL]):
        if c >= 0:
            one(at["council"] + CHARS * i + c)
    put(at["council_deck"])
    val(float(len(s.cdeck)))
    many(at["council_discard"], s.cdisc)
    for i, a in enumerate(s.workshop[:WORKSHOP]):
        if a >= 0:
            one(at["workshop"] + ARTS * i + a)
    put(at["workshop_deck"])
    val(float(len(s.wdeck)))
    many(at["workshop_discard"], s.wdisc)
    for i, t in enumerate(s.atlas[:ATLAS]):
        if t >= 0:
            one(at["atlas"] + TILES * i + t)
    put(at["atlas_piles"])
    val(float(len(s.pile_a)))
    put(at["atlas_piles"] + 1)
    val(float(len(s.pile_b)))
    many(at["removed_tiles"], s.removed)
    for i, t in enumerate(s.evolving[:EVOLVING]):
        if t >= 0:
            one(at["evolving"] + TILES * i + t)
    for name, marks in (("docks", s.dock), ("lighthouses", s.light)):
        start = at[name]
        for i, v in enumerate(marks):
            if v >= 0:
                one(start + MARKS * i + (SEATS if v == RIVAL else v))
    many(at["decrees"], s.decrees)
    for i, t in enumerate(s.titles[:3]):
        one(at["titles"] + len(TITLES) * i + t)
        for o in s.claims[i]:
            one(at["title_cubes"] + SEATS * i + o)
    pending = at["pending"]
    put(pending)
    val(float(len(s.queue)))
    for k, step in enumerate(reversed(s.queue[-STEPS:])):
        for i, x in enumerate(step):
            put(pending + 1 + 3 * k + i)
            val(float(x))
    if s.method == 0:
        for i in range(len(PACK_ICONS)):
            if i not in s.pack_of:
                one(at["packs_left"] + i)
    if top is not None and top.kind == "pay":
        _purpose, _arg, cost, mask, surcharge, paid, surplus = top.data
        pay = at["payment"]
        for i, x in enumerate((cost, surcharge, paid, surplus)):
            put(pay + i)
            val(float(x if isinstance(x, int) else len(x)))
        for r in range(5):
            if mask >> r & 1:
                one(pay + 5 + r)
    if s.rival:
        rival = at["rival"]
        one(rival + s.rival)
        put(rival + 3)
        val(float(s.rival_ships))
        put(rival + 4)
        val(float(s.rival_lights))
        one(rival + 5 + s.outcome)
        if s.outcome == 1:
            one(rival + 8 + list(SOLO["band_names"]).index(band(s.vp[0])))
    out[ones] = 1.0
    out[slots] = values
