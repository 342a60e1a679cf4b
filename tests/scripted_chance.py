"""A stand-in for a state's `Chance` that returns scripted values, for rulebook examples."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from arsenale.core.chance import Chance


class ScriptedChance(Chance):
    """`below` returns the scripted values in order and refuses to run dry, so a test also
    proves how many dice were rolled. `shuffle` keeps the order (or, with
    `shuffles=False`, fails: for games that must never shuffle)."""

    def __init__(self, values: Iterable[int] = (), shuffles: bool = True) -> None:
        super().__init__(0)  # a Chance (the compiled states take nothing else), never drawn from
        self.values = list(values)
        self.calls: list[int] = []
        self.shuffles = shuffles

    def below(self, n: int) -> int:
        assert self.values, "the engine rolled more dice than the test scripted"
        value = self.values.pop(0)
        assert 0 <= value < n
        self.calls.append(n)
        return value

    def shuffle(self, items: list[Any]) -> None:
        assert self.shuffles, "this game never shuffles"

    def copy(self) -> ScriptedChance:
        c = ScriptedChance(self.values, self.shuffles)
        c.calls = list(self.calls)
        return c
