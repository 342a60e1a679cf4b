"""Amalfi: Renaissance's observation writer rewrites only what changed since the observation it
wrote before, and skips at once the fields that change at few moves when none of them did: in
the order of play, with a new game of the same size after each game, its numbers must be
those of `numbers` below, which writes every slot from the state as observation.py's parts
describe them."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from arsenale.adapters.encoding import Stage  # noqa: E402
from arsenale.games.amalfi_renaissance import observation as O  # noqa: E402
from arsenale.games.amalfi_renaissance.board import PACK_ICONS, SOLO, TITLES  # noqa: E402
from arsenale.games.amalfi_renaissance.state import RIVAL, AmalfiState, band  # noqa: E402

from .helpers import GAME, METHODS  # noqa: E402


def numbers(s: AmalfiState, seat: int | None) -> Any:
    """The observation of `seat`, every part written from the state."""
    out = np.zeros(O.LAYOUT.size, np.float32)
    top = s.stack[-1] if s.stack and not s.over else None
    if top is not None:
        out[O.DECISION + O.KINDS.index(top.kind)] = 1
    out[O.PERIOD] = s.period + 1
    out[O.FIRST + s.first] = 1
    out[O.TURN + s.turn] = 1
    out[O.METHOD + s.method] = 1
    for p in range(s.players):
        holds = s.holds[5 * p : 5 * p + 5]
        row = [s.vp[p], s.title_vp[p], s.bread[p], s.capacity(p), s.feed(p), s.bay[p]]
        row += [s.port[p], *holds, 6 - s.built[p], 6 - s.lit[p], s.passed[p]]
        row += [len(s.hands[p]), len(s.packets[p]), len(s.reserve[p])]
        out[O.NUMBERS + O.SEAT_NUMBERS * p : O.NUMBERS + O.SEAT_NUMBERS * (p + 1)] = row
        for at, size, cards in (
            (O.KNOWN, O.CHARS, s.known[p]),
            (O.INVITED, O.CHARS, s.invited[p]),
            (O.ENGAGED, O.CHARS, s.engaged[p]),
            (O.ARTWORKS, O.ARTS, s.arts[p]),
            (O.PRIVATE, O.TILES, s.tiles[p]),
        ):
            for c in cards:
                out[at + size * p + c] = 1
        if s.pack_of[p] >= 0:
            out[O.PACK + len(PACK_ICONS) * p + s.pack_of[p]] = 1
    if seat is not None:
        for at, held in ((O.HAND, s.hands), (O.PACKET, s.packets), (O.RESERVE, s.reserve)):
            for c in held[seat]:
                out[at + c] = 1
    for at, size, row in (
        (O.COUNCIL_AT, O.CHARS, s.council[: O.COUNCIL]),
        (O.WORKSHOP_AT, O.ARTS, s.workshop[: O.WORKSHOP]),
        (O.ATLAS_AT, O.TILES, s.atlas[: O.ATLAS]),
        (O.EVOLVING_AT, O.TILES, s.evolving),
    ):
        for i, c in enumerate(row):
            if c >= 0:
                out[at + size * i + c] = 1
    for at, pile in ((O.COUNCIL_DISCARD, s.cdisc), (O.WORKSHOP_DISCARD, s.wdisc)):
        for c in pile:
            out[at + c] = 1
    for t in s.removed:
        out[O.REMOVED + t] = 1
    out[O.COUNCIL_DECK], out[O.WORKSHOP_DECK] = len(s.cdeck), len(s.wdeck)
    out[O.ATLAS_PILES], out[O.ATLAS_PILES + 1] = len(s.pile_a), len(s.pile_b)
    for at, marks in ((O.DOCKS, s.dock), (O.LIGHTHOUSES, s.light)):
        for loc, v in enumerate(marks):
            if v >= 0:
                out[at + O.MARKS * loc + (O.SEATS if v == RIVAL else v)] = 1
    for d in s.decrees:
        out[O.DECREES_AT + d] = 1
    for i, t in enumerate(s.titles):
        out[O.TITLES_AT + len(TITLES) * i + t] = 1
        for o in s.claims[i]:
            out[O.CUBES + O.SEATS * i + o] = 1
    out[O.PENDING] = len(s.queue)
    steps = [n for step in reversed(s.queue[-O.STEPS :]) for n in step]
    out[O.PENDING + 1 : O.PENDING + 1 + len(steps)] = steps
    if s.method == 0:
        for i in range(len(PACK_ICONS)):
            out[O.PACKS_LEFT + i] = i not in s.pack_of
    if top is not None and top.kind == "pay":
        _purpose, _arg, cost, mask, surcharge, paid, surplus = top.data
        out[O.PAYMENT : O.PAYMENT + 4] = [cost, surcharge, paid, surplus]
        for r in range(5):
            out[O.PAYMENT + 5 + r] = mask >> r & 1
    if s.rival:
        out[O.RIVAL_AT + s.rival] = 1
        out[O.RIVAL_AT + 3], out[O.RIVAL_AT + 4] = s.rival_ships, s.rival_lights
        out[O.RIVAL_AT + 5 + s.outcome] = 1
        if s.outcome == 1:
            out[O.RIVAL_AT + 8 + list(SOLO["band_names"]).index(band(s.vp[0]))] = 1
    return out


def _new_games(players: int, seed: int) -> Iterator[tuple[str, AmalfiState]]:
    """A new game of `players` for each way of dealing hands (drafts need two players or
    more; alone, the rivals in turn), seeded `seed`, `seed + 1`..."""
    methods = [m for m in METHODS if players > 1 or not m.startswith("draft")]
    for k, method in enumerate(methods):
        options = {"hands": method}
        if players == 1:
            options["rival"] = ("naples", "genoa")[k % 2]
        state = GAME.new_game(players, seed=seed + k, options=options)
        assert isinstance(state, AmalfiState)
        yield method, state


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_writer_in_play_order_gives_the_numbers_of_every_part(players: int) -> None:
    writer = O.Writer()
    rng = random.Random(players)
    for method, state in _new_games(players, seed=100):
        while True:
            movers = state.to_move()
            seats = [movers[0] if movers else None]
            if rng.random() < 0.2:
                seats += [None, *range(players)]
            for seat in seats:
                writer.write(state, seat)
                assert np.array_equal(writer.image, numbers(state, seat)), (method, state.ply, seat)
            if state.is_over:
                break
            seat = movers[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_the_writer_over_positions_in_random_order_gives_the_numbers_of_every_part() -> None:
    """Clones of positions from games of 1 to 4 players, written in a random order by one
    writer (a new game size resets it), each for a random observer or a spectator: any part
    may change between two calls, as the pending steps growing or shrinking by several (the
    part packed whole, its unused slots zeroed as padding) or a payment ending."""
    rng = random.Random(23)
    positions: list[AmalfiState] = []
    for players in (1, 2, 3, 4):
        for _method, state in _new_games(players, seed=300):
            while True:
                if rng.random() < 0.3:
                    clone = state.clone()
                    assert isinstance(clone, AmalfiState)
                    positions.append(clone)
                if state.is_over:
                    break
                seat = state.to_move()[0]
                state.apply(seat, rng.choice(state.legal_actions(seat)))
    rng.shuffle(positions)
    writer = O.Writer()
    for state in positions:
        seat = rng.choice([None, *range(state.players)])
        writer.write(state, seat)
        assert np.array_equal(writer.image, numbers(state, seat)), (state.players, state.ply, seat)


def test_a_kept_buffer_is_the_image_of_its_own_writer() -> None:
    """The adapters' kept buffer (longer than the layout: their common part follows) holds the
    image of a writer of its own: in play order, through new games and game sizes, for a
    random observer or a spectator, `write` leaves in it the numbers of `numbers` and never
    touches the slots after the layout; a fresh buffer given the same positions gets the same
    numbers; any other buffer gets every slot."""
    rng = random.Random(29)
    kept = np.full(O.LAYOUT.size + 13, 7.0, np.float32).view(Stage)
    kept.kept = None
    for players in (2, 1, 4, 4, 3):
        for method, state in _new_games(players, seed=players * 10):
            while True:
                seat = rng.choice([None, *range(players)])
                O.write(state, seat, kept)
                assert isinstance(kept.kept, O.Writer)
                assert np.array_equal(kept[: O.LAYOUT.size], numbers(state, seat)), (
                    method,
                    state.ply,
                    seat,
                )
                assert (kept[O.LAYOUT.size :] == 7.0).all()
                if rng.random() < 0.05:
                    dirty = np.full(O.LAYOUT.size, np.nan, np.float32)
                    O.write(state, seat, dirty)
                    assert np.array_equal(dirty, numbers(state, seat))
                if state.is_over:
                    break
                mover = state.to_move()[0]
                state.apply(mover, rng.choice(state.legal_actions(mover)))
