"""The Amalfi heuristic's turn with rivals (`best_main`) against its definition: the main
action of the highest `main_value` plus a hundredth of a VP drawn at random, PASS unless one is
worth more than 0. `best_main` writes `main_value` out for speed; this keeps the two alike."""

from __future__ import annotations

import random

import pytest

from arsenale.core.actions import Action
from arsenale.games.amalfi_renaissance import heuristic as H
from arsenale.games.amalfi_renaissance.state import AmalfiState

from .helpers import GAME

SKIPPED = ("pass", "unload", "emergency", "discard")


def by_definition(s: AmalfiState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    plan = H.title_plan(s, seat)
    best, score = H.A.PASS, 0.0
    for a in legal:
        if a.kind in SKIPPED:
            continue
        v = H.main_value(s, seat, a, plan) + rng.random() * 0.01
        if v > score:
            best, score = a, v
    return best


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_turn_with_rivals_takes_the_main_action_of_the_highest_main_value(
    players: int,
) -> None:
    turns = 0
    for seed in range(6):
        state = GAME.new_game(players, seed)
        play = random.Random(seed)
        while not state.is_over and turns < 80 * players:
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            if state.stack[-1].kind == "turn":
                assert isinstance(state, AmalfiState)
                k = turns
                chosen = H.best_main(state, seat, legal, random.Random(k))
                assert chosen is by_definition(state, seat, legal, random.Random(k))
                turns += 1
            state.apply(seat, legal[play.randrange(len(legal))])
    assert turns >= 40 * players
