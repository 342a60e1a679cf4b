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


BAD_WORDING = re.compile(r"s's\b|\ba [aeiou]\w|\(s\)|\bnull\b|\bNone\b|[{}\[\]_]")


@pytest.mark.parametrize(
    "game_id", ["serenissima-1996", "serenissima-2012", "masters-of-venice", "amalfi-renaissance"]
)
def test_every_log_line_reads_as_english(game_id: str) -> None:
    """No "Venetians's", "a iron", "ship(s)", "null", raw JSON or ids with underscores in the
    log of whole games played by the heuristic, and each line opens with a capital (or a
    galley label)."""
    game = load_game(game_id)
    policy = heuristic_policy(game)
    bad: list[str] = []
    for seed, players in enumerate(range(game.min_players, game.max_players + 1)):
        state = game.new_game(players, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and state.ply < 3000:
            seat = state.to_move()[0]
            for event in state.apply(seat, policy(SeatInfo(state, seat), rng)):
                line = game.describe_event(
                    {k: v for k, v in event.items() if k != "visible_to"}, state.seat_label
                )
                if BAD_WORDING.search(line) or not (line[:1].isupper() or line[:1] in "=-g"):
                    bad.append(line)
    assert bad == [], bad[:5]


@pytest.mark.parametrize(
    ("game_id", "types"),
    [
        ("serenissima-1996", ("battle", "port_battle")),
        ("serenissima-2012", ("attack", "battle_round")),
    ],
)
def test_battle_lines_say_whose_galleys_fight(game_id: str, types: tuple[str, ...]) -> None:
    """Every battle line names the attacking side and, against a galley, the defending side
    (by nation or colour), not only galley numbers."""
    game = load_game(game_id)
    policy = heuristic_policy(game)
    seen = 0
    for seed in range(6):
        state = game.new_game(4, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and state.ply < 3000:
            seat = state.to_move()[0]
            for event in state.apply(seat, policy(SeatInfo(state, seat), rng)):
                if event["type"] not in types:
                    continue
                line = game.describe_event(event, state.seat_label)
                sides = [event.get("seat", event.get("attacker"))]
                other = event.get("defender_seat", event.get("defender"))
                if event["type"] in ("battle", "battle_round") or (
                    event["type"] == "attack" and isinstance(event["target"], int)
                ):
                    sides.append(other)
                for side in sides:
                    assert isinstance(side, int)
                    assert state.seat_label(side).lower() in line.lower(), line
                seen += 1
    assert seen > 5
