"""The game-agnostic core: the contract every game implements (docs/architecture.md)."""

from arsenale.core.actions import Action, Catalogue
from arsenale.core.chance import Chance
from arsenale.core.decisions import Decision, Phase, Why
from arsenale.core.errors import (
    ArsenaleError,
    DataError,
    IllegalAction,
    NotationError,
    OptionError,
    RecordError,
    UnknownGame,
)
from arsenale.core.game import Game, Label, Option, Policy, Utility
from arsenale.core.info import SeatInfo
from arsenale.core.record import load_record, replay, save_record
from arsenale.core.registry import game_ids, load_game, register
from arsenale.core.result import Result
from arsenale.core.state import Event, GameState

__all__ = [
    "Action",
    "ArsenaleError",
    "Catalogue",
    "Chance",
    "DataError",
    "Decision",
    "Event",
    "Game",
    "GameState",
    "IllegalAction",
    "Label",
    "NotationError",
    "Option",
    "OptionError",
    "Phase",
    "Policy",
    "RecordError",
    "Result",
    "SeatInfo",
    "UnknownGame",
    "Utility",
    "Why",
    "game_ids",
    "load_game",
    "load_record",
    "register",
    "replay",
    "save_record",
]
