"""Refusals speak the board's printed names (issue 18, Wording): over random games of every
game, the reason given for each refused catalogue action names no internal id of a place or a
card where the game prints a name (`spice-market`, `gulf-of-lion`, `raphael`, an order's
`iron+lumber+spice`). The notation a refusal quotes for the player to type ('arrange
gulf-of-lion') is the move's own text and is left out of the check."""

from __future__ import annotations

import random
import re

import pytest

from arsenale.core.errors import IllegalAction
from arsenale.core.registry import load_game


def _ids(game_id: str) -> set[str]:
    """The game's internal ids whose printed name differs."""
    if game_id == "amalfi-renaissance":
        from arsenale.games.amalfi_renaissance import board as b

        return {*b.LOC_IDS, *b.CHAR_IDS, *b.ART_IDS, *(t.id for t in b.TITLES)}
    if game_id == "masters-of-venice":
        from arsenale.games.masters_of_venice.board import ORDER_IDS

        return set(ORDER_IDS)
    board = load_game(game_id).board  # type: ignore[attr-defined]
    zones = getattr(board, "zone_ids", None) or board.area_ids
    return {i for i in (*zones, *board.port_ids) if "-" in i}


def _bare(reason: str) -> str:
    """The reason without the notation it quotes."""
    return re.sub(r"'[^']*'", "''", reason)


@pytest.mark.parametrize(
    ("game_id", "players"),
    [
        ("amalfi-renaissance", 1),
        ("amalfi-renaissance", 3),
        ("serenissima-1996", 3),
        ("serenissima-2012", 3),
        ("masters-of-venice", 3),
    ],
)
def test_refusals_name_places_and_cards_by_their_printed_names(game_id: str, players: int) -> None:
    game = load_game(game_id)
    ids = _ids(game_id)
    pattern = re.compile(
        r"(?<![\w+-])("
        + "|".join(re.escape(i) for i in sorted(ids, key=len, reverse=True))
        + r")(?![\w+-])"
    )
    catalogue = list(game.catalogue)
    checked = 0
    for seed in range(2):
        state = game.new_game(players, seed=seed)
        rng = random.Random(seed)
        ply = 0
        while not state.is_over and ply < 400:
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            if ply % 9 == 0:
                for action in rng.sample(catalogue, min(80, len(catalogue))):
                    if action in legal:
                        continue
                    try:
                        state.clone().apply(seat, action)
                    except IllegalAction as refusal:
                        found = pattern.search(_bare(refusal.reason))
                        assert found is None, f"{action.notation}: {refusal.reason}"
                        checked += 1
            state.apply(seat, rng.choice(legal))
            ply += 1
    assert checked >= 100
