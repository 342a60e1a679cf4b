"""The terminal board of each Serenissima game (its `render`): a map with every sea zone or
area by its printed name, in a 100 x 40 terminal, at positions of heuristic play."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

from arsenale.bots.base import heuristic_policy
from arsenale.core.info import SeatInfo
from arsenale.core.registry import load_game
from arsenale.terminal import TerminalPlay


def _screens(game_id: str, players: int, seed: int, options: dict[str, object] | None = None):
    game = load_game(game_id)
    state = game.new_game(players, seed, options or {})
    policy = heuristic_policy(game)
    rng = random.Random(seed)
    while not state.is_over:
        if state.ply % 97 == 0:
            yield game, state
        for seat in state.to_move():
            state.apply(seat, policy(SeatInfo(state, seat), rng))
    yield game, state


def _text(game, state, seat) -> str:  # type: ignore[no-untyped-def]
    buffer = io.StringIO()
    Console(file=buffer, width=100, color_system=None).print(game.render(state.view(seat), seat))
    return buffer.getvalue()


@pytest.mark.parametrize(
    ("game_id", "players", "options"),
    [
        ("serenissima-2012", 2, {}),
        ("serenissima-2012", 4, {"hidden_money": True}),
        ("serenissima-1996", 2, {}),
        ("serenissima-1996", 4, {}),
    ],
)
def test_the_board_is_a_map_of_every_place_in_100_by_40(
    game_id: str, players: int, options: dict[str, object]
) -> None:
    game = load_game(game_id)
    board = game.board  # type: ignore[attr-defined]
    if game_id == "serenissima-2012":
        ids = [*board.port_ids, *board.zone_ids]
        places = [
            board.port_names[board.zone_port[z]] if board.zone_port[z] >= 0 else "Ionian Sea"
            for z in range(len(board.zone_ids))
        ]
    else:
        ids = [*board.port_ids, *board.area_ids]
        places = [
            board.port_names[board.area_port[a]] if board.area_port[a] >= 0 else name
            for a, name in enumerate(board.area_names)
        ]
    seen = 0
    for game, state in _screens(game_id, players, 11, options):
        for seat in (None, 0):
            text = _text(game, state, seat)
            lines = text.rstrip("\n").split("\n")
            assert len(lines) <= 40, (state.ply, len(lines))
            assert max(len(line) for line in lines) <= 100
            for place in places:
                assert place in text, (state.ply, place)
            for place_id in ids:  # internal ids never show, printed names do
                assert place_id not in text, (state.ply, place_id)
        seen += 1
    assert seen >= 3


def test_events_that_overflow_the_screen_wait_for_the_player(toy_game) -> None:  # type: ignore[no-untyped-def]
    """At a terminal, a batch of events longer than the screen stops for Enter before
    anything scrolls away."""
    buffer = io.StringIO()
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return ""

    console = Console(file=buffer, width=100, height=12, force_terminal=True, color_system=None)
    state = toy_game.new_game(2, seed=0)
    session = TerminalPlay(toy_game, state, ["human", "random"], console, read=read)
    session.announce([{"type": "public", "n": k} for k in range(30)])
    session.panel(0, "Since your last decision")
    shown = buffer.getvalue()
    assert len(prompts) >= 3 and all("press Enter" in p for p in prompts)
    assert all(f"n {k}" in shown for k in range(30))


@pytest.mark.parametrize(
    ("players", "options"),
    [(1, {"rival": "genoa"}), (2, {}), (4, {}), (4, {"hands": "draft"})],
)
def test_amalfi_board_is_a_map_of_the_sea_in_100_by_40(
    players: int, options: dict[str, object]
) -> None:
    """Amalfi: every printed and evolving destination by its printed name, Amalfi's harbour,
    who is on each dock; the players' boards; no internal id of a place or card."""
    from arsenale.games.amalfi_renaissance import board as b

    names = [b.name(p.id) for p in b.PUBLICS]
    ids = [*b.LOC_IDS, *b.ART_IDS]
    seen = 0
    for game, state in _screens("amalfi-renaissance", players, 11, options):
        view = state.view(None)
        for seat in (None, 0):
            text = _text(game, state, seat)
            lines = text.rstrip("\n").split("\n")
            assert len(lines) <= 40, (state.ply, len(lines))
            assert max(len(line) for line in lines) <= 100
            assert "[Amalfi]" in text
            for place in names:
                assert place in text, (state.ply, place)
            for k, covered in enumerate(view["evolving"]):
                assert (b.name(covered) if covered else f"Evolving {b.ROMAN[k + 1]}") in text
            for place, mark in view["docks"].items():
                if place in {p.id for p in b.PUBLICS}:
                    who = "Genoa" if mark == "rival" else view["players"][mark]["colour"]
                    assert f"● {who.capitalize()}" in text, (state.ply, place)
            for place_id in ids:
                assert re.search(rf"(?<![\w-]){re.escape(place_id)}(?![\w-])", text) is None
            rows = [
                line for line in lines if re.match(r"(> |  )(Red|Blue|Green|Yellow) +\d+ ", line)
            ]
            assert len(rows) == players  # one line per player's board
        seen += 1
    assert seen >= 2
