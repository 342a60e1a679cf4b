"""Every game's heuristic plays the moves recorded before any speed-up (issue 19): the first 20
of the 200 seeded games of tests/data/heuristic_moves.json (all 200:
`python benchmarks/heuristic_moves.py check`, a few minutes here)."""

from __future__ import annotations

import json

import pytest

from benchmark_scripts import load_script

MOVES = load_script("heuristic_moves")
GAMES_IN_SUITE = 20


@pytest.mark.parametrize("game_id", MOVES.GAMES)
def test_the_heuristic_plays_the_recorded_moves(game_id: str) -> None:
    recorded = json.loads(MOVES.DATA.read_text())[game_id]
    assert len(recorded) == 200
    played = [MOVES.fingerprint(game_id, k) for k in range(GAMES_IN_SUITE)]
    differ = [k for k in range(GAMES_IN_SUITE) if played[k] != recorded[k]]
    assert differ == [], f"games {differ} of {game_id} no longer play the recorded moves"
    assert len(set(played)) == GAMES_IN_SUITE  # the fingerprints tell games apart
