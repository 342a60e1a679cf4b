"""Makes the toy game importable and registered as "toy-race" for every test."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = str(Path(__file__).parent)
if HERE not in sys.path:  # so that worker processes and `importlib` find `toygame`
    sys.path.insert(0, HERE)

from arsenale.core.game import Game  # noqa: E402
from arsenale.core.registry import load_game, register  # noqa: E402

TOY = "toy-race"


@pytest.fixture(autouse=True, scope="session")
def toy_game() -> Game:
    register(TOY, "toygame:GAME")
    return load_game(TOY)
