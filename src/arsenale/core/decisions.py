"""Decisions: who owes the next choice, and of what kind.

A state keeps a stack of `Decision` frames, the pattern TAG calls extended sequences: the top
frame says which seats owe a decision now and what kind it is. A game pushes a frame when a
rule asks someone to decide (a blockade declared by a player whose turn it is not, a loot
choice of a defender, a price offer), and pops it when the choice is made, so decisions of
players other than the active one need no special path.

A frame naming several seats is a simultaneous secret decision: every listed seat submits once,
in any order; the core stores the submissions, hides them from every view and event until the
last one is in, then hands them all to the game at once (see `GameState.apply`).
"""

from __future__ import annotations

import re
from typing import Any, Final, NamedTuple

from mypy_extensions import mypyc_attr


class Decision(NamedTuple):
    kind: str
    """The name of the decision, e.g. "loading", "blockade"; the game dispatches on it."""
    seats: tuple[int, ...]
    """Who owes it; more than one seat means simultaneous and secret."""
    data: Any = None
    """Immutable game-specific context (a tuple or an int), never a mutable object."""

    @property
    def simultaneous(self) -> bool:
        return len(self.seats) > 1


class Phase(NamedTuple):
    """How a state handles one kind of decision (boardgame.io's phases and stages): a game's
    state class lists them in `phases`, decision kind -> Phase, the one table of its flow."""

    legal: Any
    """`legal(state, seat, frame, why) -> list[Action]`: the legal actions, in a fixed order.
    `why` is None in play; to explain a refusal the core passes a `Why`, and every check that
    keeps an action out calls `why.no(...)` where it fails, so the reason given for a refusal
    comes from the very checks that generate the legal actions."""
    apply: Any = None
    """`apply(state, seat, action, frame) -> events` for a decision of one seat."""
    resolve: Any = None
    """`resolve(state, frame, submissions) -> events` for a simultaneous secret decision,
    once every seat has submitted (`submissions`: seat -> action)."""
    asks: str = ""
    """What the decision asks for, in words ("choose a starting port: 'port <name>'"): the
    reason given for an action this decision never offers."""
    rule: str | None = None
    """The rulebook reference of the decision (file, section)."""
    says: str = ""
    """What the decision asks for in words alone, for the page, where cutting the notation
    off `asks` (`in_words`) leaves too little ("phase 3: 'sail <galley> <area>' or 'done'"
    would leave "phase 3"); empty: `in_words(asks)`."""


_NOTATION: Final = re.compile(
    r"[\s\u00a0\u202f]*(?:[:(,]|\bor\b|\bou\b)?[\s\u00a0\u202f]*(?<![\w'])'[^'\s][^']*'.*$", re.S
)


def in_words(text: str) -> str:
    """A text without the notation it quotes: cut where the first quoted move begins,
    with the colon, parenthesis, comma or "or" that leads to it ("use your lighthouse:
    'beacon <hold>' (2 bread) or 'beacon bread'" -> "use your lighthouse"). Notation is what
    a text quotes between ASCII quotes, the opening one after a space, a parenthesis or
    nothing (an English possessive, "the galley's cargo", is no quote; French writes ’)."""
    return _NOTATION.sub("", text).rstrip(" \u00a0\u202f:;,(")


@mypyc_attr(allow_interpreted_subclasses=True)  # the games' and the tests' own
class Why:
    """The reason one action is not legal, gathered while the legal actions are generated.

    A generator that receives a `Why` calls `why.no(reason, rule, kinds, **params)` at every
    check that keeps actions out; the first call that concerns the action asked about (its
    kind is among `kinds`, None for any, and its parameters match `params`) gives the reason.
    """

    __slots__ = ("action", "reason", "rule")

    def __init__(self, action: Any) -> None:
        self.action = action
        self.reason: str | None = None
        self.rule: str | None = None

    def no(
        self,
        reason: str,
        rule: str | None,
        kinds: str | tuple[str, ...] | frozenset[str] | set[str] | None = None,
        **params: Any,
    ) -> None:
        if self.reason is not None:
            return
        action = self.action
        if kinds is not None:
            if isinstance(kinds, str):
                if action.kind != kinds:
                    return
            elif action.kind not in kinds:
                return
        for name, value in params.items():
            if action.params.get(name) != value:
                return
        self.reason, self.rule = reason, rule

    def wants(self, kinds: str | tuple[str, ...] | frozenset[str] | set[str]) -> bool:
        """Whether the action asked about is of one of `kinds` (and not yet explained): lets a
        generator skip work that cannot concern it."""
        if self.reason is not None:
            return False
        return self.action.kind == kinds if isinstance(kinds, str) else self.action.kind in kinds
