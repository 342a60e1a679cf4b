"""Finds games by id. Games register themselves in `arsenale.games`; nothing here knows one."""

from __future__ import annotations

import importlib

from arsenale.core.errors import UnknownGame
from arsenale.core.game import Game

_TARGETS: dict[str, str] = {}
_LOADED: dict[str, Game] = {}


def register(game_id: str, target: str) -> None:
    """Register `module:attribute` as the game `game_id` (imported on first use)."""
    _TARGETS[game_id] = target


def registered() -> dict[str, str]:
    """Every registration, id -> "module:attribute" (worker processes re-register from it)."""
    importlib.import_module("arsenale.games")
    return dict(_TARGETS)


def game_ids() -> list[str]:
    importlib.import_module("arsenale.games")
    return sorted(_TARGETS)


def load_game(game_id: str) -> Game:
    """The game with this id; UnknownGame lists the known ones otherwise."""
    if game_id in _LOADED:
        return _LOADED[game_id]
    ids = game_ids()
    if game_id not in _TARGETS:
        raise UnknownGame(f"unknown game {game_id!r}; known games: {', '.join(ids)}")
    module, _, attr = _TARGETS[game_id].partition(":")
    game = getattr(importlib.import_module(module), attr)
    _LOADED[game_id] = game
    return game
