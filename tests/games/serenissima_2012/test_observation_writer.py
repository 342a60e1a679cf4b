"""The observation writer rewrites only what changed since its last observation (the
galleys, ports' sailors, supply, ducats and owners that differ, the turn apart): whatever
it wrote before, its numbers are those of a new writer that writes everything."""

from __future__ import annotations

import random

import numpy as np
import pytest

from arsenale.games.serenissima_2012.observation import Encoder, layout
from arsenale.games.serenissima_2012.state import Serenissima2012State

from .helpers import BOARD, GAME


@pytest.mark.parametrize(("players", "hidden"), [(4, False), (3, True), (2, False)])
def test_a_kept_writer_writes_what_a_new_one_writes(players: int, hidden: bool) -> None:
    """Random games observed every 1 to 8 plies (a Gymnasium step plays several), for the
    seat to move, another seat and the spectator."""
    kept = Encoder(BOARD)
    size = layout(BOARD).size
    for seed in range(3):
        rng = random.Random(seed)
        state = GAME.new_game(players, seed, {"hidden_money": hidden})
        assert isinstance(state, Serenissima2012State)
        gap = 0
        while not state.is_over:
            if gap == 0:
                gap = rng.randint(1, 8)
                for seat in (state.to_move()[0], rng.randrange(players), None):
                    out, fresh = np.full(size, np.nan, np.float32), np.zeros(size, np.float32)
                    kept.write(state, seat, out)
                    Encoder(BOARD).write(state, seat, fresh)
                    assert np.array_equal(out, fresh), (seed, state.ply, seat)
            gap -= 1
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
