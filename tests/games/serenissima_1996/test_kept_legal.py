"""The legal lists the rules keep in the core's cache when they make them (the next decision's,
during a move) are the lists the state would compute afresh."""

from __future__ import annotations

import random

from arsenale.core.registry import load_game

GAME = "serenissima-1996"


def test_a_kept_legal_list_is_the_one_computed_afresh() -> None:
    game = load_game(GAME)
    kept = 0
    for seed in range(12):
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        rng = random.Random(seed)
        state = game.new_game(players, seed=seed)
        while not state.is_over and state.ply < 2000:
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            cached = state._legal
            if cached is not None and cached[0] == state.ply:
                kept += 1
                assert cached[1] in state.to_move()
                assert state.clone().legal_actions(cached[1]) == cached[2], (seed, state.ply)
    assert kept > 0
