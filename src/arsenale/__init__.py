"""Arsenale: rules engines, bots and tools for Mediterranean trade board games.

import arsenale
game = arsenale.load_game("serenissima-2012")
state = game.new_game(players=4, seed=7)
"""

from arsenale.core import (
    Action,
    ArsenaleError,
    GameState,
    IllegalAction,
    NotationError,
    load_game,
    replay,
)

__all__ = [
    "Action",
    "ArsenaleError",
    "GameState",
    "IllegalAction",
    "NotationError",
    "load_game",
    "replay",
]
__version__ = "0.1.0"
