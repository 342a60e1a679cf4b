"""Events in plain words (terminal and web log): printed names, never ids; a capital first."""

from __future__ import annotations

import importlib
import random
import re

import pytest

from arsenale.bots.base import heuristic_policy
from arsenale.core.info import SeatInfo
from arsenale.core.registry import load_game


@pytest.mark.parametrize("game_id", ["serenissima-2012", "serenissima-1996"])
def test_event_lines_use_printed_names_not_ids(game_id: str) -> None:
    game = load_game(game_id)
    render = importlib.import_module(f"arsenale.games.{game_id.replace('-', '_')}.render")
    names: dict[str, str] = render.display_names(game.board)
    ids = {i for i, name in names.items() if i != name}
    state = game.new_game(4, seed=3)
    policy = heuristic_policy(game)
    rng = random.Random(3)
    lines: list[str] = []
    while not state.is_over and state.ply < 400:
        for seat in state.to_move():
            for event in state.apply(seat, policy(SeatInfo(state, seat), rng)):
                lines.append(game.describe_event(event, state.seat_label))
    words = {w.strip(".,:;!()'s") for line in lines for w in line.split()}
    assert not words & ids, sorted(words & ids)[:5]
    # a sentence opens with a capital, or with a galley's label as the board prints it (g3)
    galley = re.compile(r"g\d+ ")
    assert all(line[:1].isupper() or not line[:1].isalpha() or galley.match(line) for line in lines)
    sold = [line for line in lines if " sells " in line or " sell " in line]  # nations: plural
    assert sold and all(any(f" in {names[p]} " in line for p in ids) for line in sold)
