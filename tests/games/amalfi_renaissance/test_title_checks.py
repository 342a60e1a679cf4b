"""`check_titles` looks only at the titles counting an item the action grew (`TITLE_WATCH`):
random games give the same events as with every title in play checked each time."""

from __future__ import annotations

import random
from typing import Any

import pytest

from arsenale.games.amalfi_renaissance import rules as R
from arsenale.games.amalfi_renaissance.board import TITLE_ITEMS, TITLES

from .helpers import GAME


def test_the_growth_table_names_every_title_item() -> None:
    assert set().union(*R.TITLE_GROWTH.values()) == TITLE_ITEMS


def play(players: int, seed: int) -> list[Any]:
    state = GAME.new_game(players, seed)
    rng = random.Random(seed)
    out: list[Any] = []
    while not state.is_over:
        for seat in state.to_move():
            out.append(state.apply(seat, rng.choice(state.legal_actions(seat))))
    return out


def test_watched_titles_give_the_same_games(monkeypatch: pytest.MonkeyPatch) -> None:
    games = [(1 + seed % 4, seed) for seed in range(40)]
    watched = [play(players, seed) for players, seed in games]
    every = {what: (True,) * len(TITLES) for what in R.TITLE_WATCH}
    monkeypatch.setattr(R, "TITLE_WATCH", every)
    assert [play(players, seed) for players, seed in games] == watched
    assert any(e["type"] == "title" for game in watched for events in game for e in events)
