"""Every event of Masters of Venice has words of its own, and every view renders."""

from __future__ import annotations

import random
from collections.abc import Iterator

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from arsenale.adapters.stage import Stage
from arsenale.core.game import Game
from arsenale.core.state import GameState
from arsenale.games.masters_of_venice import observation
from arsenale.games.masters_of_venice.observation import Writer, tensor

from .helpers import GAME, new


def test_every_event_has_words_and_every_view_renders():
    """Random games of 2 to 5 players: each event type is described by the game (not the
    generic "type: key value" form), and the board renders as text for every seat."""
    seen: set[str] = set()
    for players in (2, 3, 4, 5):
        rng = random.Random(players)
        s = new(players, players)
        label = s.seat_label
        while not s.is_over:
            movers = s.to_move()
            seat = movers[rng.randrange(len(movers))]
            legal = s.legal_actions(seat)
            active = [a for a in legal if a.kind != "done"]
            pick = active if active and rng.random() < 0.8 else legal
            events = s.apply(seat, pick[rng.randrange(len(pick))])
            for e in events:
                words = GAME.describe_event(e, label)
                seen.add(e["type"])
                if e["type"] != "submitted":
                    assert words != Game.describe_event(GAME, e, label), words
                    assert words[:1].isupper(), words
            if s.ply % 97 == 0:
                for viewer in (None, *range(players)):
                    assert GAME.render_text(s.view(viewer), viewer)
                    GameState.events_for(events, viewer)
        assert GAME.render_text(s.view(0), 0)
    assert {"bids", "moved", "activate", "game_over", "dividend"} <= seen


def test_the_observation_tensor_has_one_length_and_reads_the_view_only():
    """The AI adapters' numbers (observation.py): the same length for every view and player
    count, written from the state exactly as `tensor` reads them from the view, and twin
    states with one view give one tensor."""
    for players in (2, 5):
        rng = random.Random(players)
        s = new(players, 10 + players)
        while not s.is_over:
            movers = s.to_move()
            seat = movers[rng.randrange(len(movers))]
            if s.ply % 13 == 0:
                for viewer in (None, *range(players)):
                    numbers = tensor(s.view(viewer))
                    assert GAME.observation_layout is not None
                    assert len(numbers) == GAME.observation_layout.size
                    written = np.zeros(GAME.observation_layout.size, np.float32)
                    s.observe(viewer, written)
                    assert written.tolist() == np.asarray(numbers, np.float32).tolist()
                twin = s.determinize(seat, random.Random(s.ply))
                assert tensor(twin.view(seat)) == tensor(s.view(seat))
            legal = s.legal_actions(seat)
            s.apply(seat, legal[rng.randrange(len(legal))])


def test_the_observation_written_at_every_ply_reads_as_the_view():
    """The writer keeps its last image and rewrites only what changed (the decision's kind,
    the use flags, the lists compared position by position): at every ply of random games,
    in play order, the seat to move's numbers (and now and then another seat's or the
    spectator's) are those `tensor` reads from the view."""
    assert GAME.observation_layout is not None
    size = GAME.observation_layout.size
    for players, options in ((3, {"hidden_money": True}), (5, {})):
        rng = random.Random(players)
        s = GAME.new_game(players, seed=players, options=options)
        while not s.is_over:
            seat = s.to_move()[0]
            viewers = [seat] if s.ply % 4 else [seat, None, rng.randrange(players)]
            for viewer in viewers:
                written = np.zeros(size, np.float32)
                s.observe(viewer, written)
                numbers = np.asarray(tensor(s.view(viewer)), np.float32)
                assert written.tolist() == numbers.tolist()
            legal = s.legal_actions(seat)
            s.apply(seat, legal[rng.randrange(len(legal))])


def test_the_observation_written_every_few_plies_reads_as_the_view():
    """As an adapter writes them, several moves apart (a Gymnasium step plays about five):
    many positions of a list change between two calls, and the writer finds each one (the
    long lists of counts by the bytes of two keys). Random games of 2 to 5 players, one in
    two with hidden money; the seat to move, another seat or the spectator observes."""
    assert GAME.observation_layout is not None
    size = GAME.observation_layout.size
    for players in (2, 3, 4, 5):
        rng = random.Random(100 + players)
        options = {"hidden_money": players % 2 == 1}
        s = GAME.new_game(players, seed=100 + players, options=options)
        wait = 0
        while not s.is_over:
            movers = s.to_move()
            seat = movers[rng.randrange(len(movers))]
            if wait == 0:
                viewer = rng.choice([seat, None, rng.randrange(players)])
                written = np.zeros(size, np.float32)
                s.observe(viewer, written)
                numbers = np.asarray(tensor(s.view(viewer)), np.float32)
                assert written.tolist() == numbers.tolist()
                wait = rng.randrange(1, 10)
            wait -= 1
            legal = s.legal_actions(seat)
            s.apply(seat, legal[rng.randrange(len(legal))])


def _play_randomly(state: GameState, rng: random.Random, plies: int) -> None:
    """Up to `plies` random legal moves, by a random seat of those to move."""
    for _ in range(plies):
        if state.is_over:
            break
        mover = rng.choice(state.to_move())
        legal = state.legal_actions(mover)
        state.apply(mover, legal[rng.randrange(len(legal))])


_KEPT = Writer()
"""One writer for every example: it carries what it last wrote from one game to the next."""


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000), hidden=st.booleans())
def test_a_kept_writer_writes_what_a_fresh_one_does(players: int, seed: int, hidden: bool) -> None:
    """The writer keeps its last image and the fields it wrote it from, and rewrites only
    what differs: random play, now and then on a clone played on for a few plies (as a search
    does) and back on the game; a random seat or the spectator observes, 1 to 9 plies apart;
    one writer kept across examples writes what a fresh writer does, as `tensor` reads it."""
    size = GAME.observation_layout.size if GAME.observation_layout else 0
    rng = random.Random(seed)
    s = GAME.new_game(players, seed=seed, options={"hidden_money": hidden})
    kept, fresh = np.zeros(size, np.float32), np.zeros(size, np.float32)
    while not s.is_over:
        state = s
        if rng.random() < 0.2:
            state = s.clone()
            _play_randomly(state, rng, rng.randrange(1, 6))
        viewer = rng.choice([None, *range(players)])
        _KEPT.write(state, viewer, kept)
        Writer().write(state, viewer, fresh)
        assert kept.tobytes() == fresh.tobytes(), (state.ply, viewer)
        if rng.random() < 0.1:
            assert kept.tolist() == np.asarray(tensor(state.view(viewer)), np.float32).tolist()
        _play_randomly(s, rng, rng.randrange(1, 10))


def test_a_kept_buffer_is_the_image_of_its_own_writer() -> None:
    """The adapters' kept buffer (longer than the observation: their common part follows)
    holds the image of a writer of its own: through games of 2, 5 and 3 players (a new count
    resets it), for a random seat or the spectator after every ply, `write` leaves in it what
    `tensor` reads from the view and never touches the slots after the observation; any
    other buffer gets every slot."""
    size = observation.SIZE
    kept = np.full(size + 13, 7.0, np.float32).view(Stage)
    kept.kept = None
    for players in (2, 5, 3):
        rng = random.Random(players)
        s = new(players, players)
        while True:
            viewer = rng.choice([None, *range(players)])
            observation.write(s, viewer, kept)
            assert isinstance(kept.kept, Writer)
            expected = np.asarray(tensor(s.view(viewer)), np.float32)
            assert kept[:size].tolist() == expected.tolist(), (players, s.ply, viewer)
            assert (kept[size:] == 7.0).all()
            if rng.random() < 0.05:
                dirty = np.full(size, np.nan, np.float32)
                observation.write(s, viewer, dirty)
                assert dirty.tolist() == expected.tolist()
            if s.is_over:
                break
            _play_randomly(s, rng, 1)


def _keep_decisions(count: int) -> Iterator[tuple[GameState, int]]:
    """The first `count` Guild Master's keep decisions of seeded random 4-player games (the
    state and his seat), each before a random move plays on."""
    seen = 0
    for seed in range(40):
        rng = random.Random(seed)
        s = new(4, seed)
        while not s.is_over:
            seat = s.to_move()[0]
            if s.stack[-1].kind == "keep":
                yield s, seat
                seen += 1
                if seen == count:
                    return
            legal = s.legal_actions(seat)
            s.apply(seat, legal[rng.randrange(len(legal))])
    raise AssertionError(f"only {seen} keep decisions in 40 games")


def test_a_kept_writer_sees_the_guild_masters_two_cards_swapped() -> None:
    """The orders a seat knows in the deck are worked out again when only the deck changed
    (the Guild Master's two cards swapped, who knows them the same): a kept writer that saw
    the position before writes what a fresh one does."""
    size = observation.SIZE
    swaps = 0
    for s, seat in _keep_decisions(6):
        if s.deck[-1] == s.deck[-2]:
            continue
        swapped = s.clone()
        swapped.deck[-1], swapped.deck[-2] = swapped.deck[-2], swapped.deck[-1]
        kept, ours, fresh = Writer(), np.zeros(size, np.float32), np.zeros(size, np.float32)
        kept.write(s, seat, ours)
        kept.write(swapped, seat, ours)
        Writer().write(swapped, seat, fresh)
        assert ours.tobytes() == fresh.tobytes()
        swaps += 1
    assert swaps >= 3


def test_the_guild_masters_two_cards_are_in_his_observation_only():
    """At the Guild Master's keep decision (RULES.md, Characters: he draws two Guild Orders and
    keeps one) his numbers show which card is first and which second, as his view does; the
    other seats' numbers do not change when the two are swapped."""
    assert GAME.observation_layout is not None
    size = GAME.observation_layout.size
    for s, seat in _keep_decisions(3):
        swapped = s.clone()
        swapped.deck[-1], swapped.deck[-2] = swapped.deck[-2], swapped.deck[-1]
        for viewer in range(4):
            ours, theirs = np.zeros(size, np.float32), np.zeros(size, np.float32)
            s.observe(viewer, ours)
            Writer().write(swapped, viewer, theirs)
            assert ours.tolist() == np.asarray(tensor(s.view(viewer)), np.float32).tolist()
            differs = ours.tobytes() != theirs.tobytes()
            assert differs == (viewer == seat) or s.deck[-1] == s.deck[-2], viewer
