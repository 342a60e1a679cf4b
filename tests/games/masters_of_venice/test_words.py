"""Every event of Masters of Venice has words of its own, and every view renders."""

from __future__ import annotations

import random

import numpy as np

from arsenale.core.game import Game
from arsenale.core.state import GameState
from arsenale.games.masters_of_venice.observation import tensor

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
