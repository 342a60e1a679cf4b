"""Shared helpers of the adapter tests."""

from __future__ import annotations

import random

from arsenale.core.game import Game
from arsenale.core.registry import load_game
from arsenale.core.state import GameState

GAMES = ("toy-race", "serenissima-2012", "serenissima-1996")
"""Every registered game, the test-only toy game included."""

CONFIGS = [(g, n) for g in GAMES for n in (2, 3, 4)]
"""Every game with every player count (all three games take 2-4 players)."""


def random_positions(game: Game, players: int, seed: int, every: int = 7) -> list[GameState]:
    """Clones of the positions of one random game, every `every` plies, the end included."""
    rng = random.Random(seed)
    state = game.new_game(players, seed=seed)
    out = []
    while not state.is_over:
        if state.ply % every == 0:
            out.append(state.clone())
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    out.append(state)
    return out


def toy_at_bid(players: int = 3, seed: int = 1) -> GameState:
    """A toy-race game at its first simultaneous secret bid."""
    game = load_game("toy-race")
    state = game.new_game(players, seed=seed)
    roll = game.catalogue.from_text("roll")
    while len(state.to_move()) < 2:
        state.apply(state.to_move()[0], roll)
    return state
