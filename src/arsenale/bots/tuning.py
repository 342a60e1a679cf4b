"""Per-game settings of the bots, kept as data beside them (`tuning.toml`): the bot revision
that keeps strength results apart and the length of `ismcts`' play-outs by the heuristic."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib.resources import files
from typing import NamedTuple


class Tuning(NamedTuple):
    bot_revision: int = 0
    rival_playout: int = 0
    halving: bool = False


@cache
def _table() -> dict[str, Tuning]:
    data = tomllib.loads(files(__package__).joinpath("tuning.toml").read_text(encoding="utf-8"))
    return {game_id: Tuning(**row) for game_id, row in data.items()}


def tuning(game_id: str) -> Tuning:
    """The settings of a game (the defaults where `tuning.toml` has no entry)."""
    return _table().get(game_id, Tuning())
