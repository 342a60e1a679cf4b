"""Finds games by id. A game package registers itself through the `arsenale.games` entry
point group of its distribution (`id = "package:GAME"` in its pyproject.toml), so a game
installed as a package of its own is found like the games shipped here; the core imports no
game. `register` adds one at run time (tests, notebooks)."""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points

from arsenale.core.errors import UnknownGame, excerpt
from arsenale.core.game import Game
from arsenale.i18n import _

GROUP = "arsenale.games"
"""The entry point group a game package registers in."""

_TARGETS: dict[str, str] = {}
_LOADED: dict[str, Game] = {}
_DISCOVERED = False


def register(game_id: str, target: str) -> None:
    """Register `module:attribute` as the game `game_id` (imported on first use)."""
    _TARGETS[game_id] = target
    _LOADED.pop(game_id, None)


def _discover() -> None:
    global _DISCOVERED
    if not _DISCOVERED:
        for ep in entry_points(group=GROUP):
            _TARGETS.setdefault(ep.name, ep.value)
        _DISCOVERED = True


def registered() -> dict[str, str]:
    """Every registration, id -> "module:attribute" (worker processes re-register from it)."""
    _discover()
    return dict(_TARGETS)


def game_ids() -> list[str]:
    _discover()
    return sorted(_TARGETS)


def load_game(game_id: str) -> Game:
    """The game with this id; UnknownGame lists the known ones otherwise."""
    if game_id in _LOADED:
        return _LOADED[game_id]
    ids = game_ids()
    if game_id not in _TARGETS:
        raise UnknownGame(
            _("unknown game {game}; known games: {games}").format(
                game=excerpt(game_id), games=", ".join(ids)
            )
        )
    module, _sep, attr = _TARGETS[game_id].partition(":")
    game = getattr(importlib.import_module(module), attr)
    if not isinstance(game, Game) or game.id != game_id:
        raise UnknownGame(
            _("{target} is not the Game {game}").format(
                target=_TARGETS[game_id], game=repr(game_id)
            )
        )
    _LOADED[game_id] = game
    return game
