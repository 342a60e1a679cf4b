"""The legal lists that a game's rules keep in the core's cache while they make a move (the next
decision's, already computed to see whether it is forced) are the lists the state would compute
afresh: checked on every registered game (issue 19)."""

from __future__ import annotations

import random

import pytest

from arsenale.core.registry import game_ids, load_game

KEEPING = {"serenissima-2012", "serenissima-1996", "amalfi-renaissance"}
"""The games whose rules keep lists today (the others are checked all the same)."""


@pytest.mark.parametrize("game_id", game_ids())
def test_a_kept_legal_list_is_the_one_computed_afresh(game_id: str) -> None:
    game = load_game(game_id)
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
    if game_id in KEEPING:
        assert kept > 0  # the test saw the rules keep lists
