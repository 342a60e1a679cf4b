"""Bots: policies wrapped with their own random generator, found by spec ("random", "heuristic")."""

from arsenale.bots.base import Bot
from arsenale.bots.random_bot import random_policy
from arsenale.bots.registry import bot_kinds, is_human, make_bot, parse_spec, register_bot

__all__ = [
    "Bot",
    "bot_kinds",
    "is_human",
    "make_bot",
    "parse_spec",
    "random_policy",
    "register_bot",
]
