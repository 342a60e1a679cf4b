"""Seeded chance for game states.

A state owns one `Chance` and draws every die roll and shuffle from it inside `apply`, so a
record's seed plus its actions replays exactly. The generator is splitmix64: its whole state is
one integer, so cloning a game state copies it for free. (Python's Mersenne Twister needs about
48 µs to clone through getstate/setstate, the entire clone budget; see docs/architecture.md.)
Nothing here is ever put in a view or an event.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import Any

_MASK = 0xFFFFFFFFFFFFFFFF


class Chance:
    __slots__ = ("_s",)

    def __init__(self, seed: int) -> None:
        self._s = seed & _MASK

    def copy(self) -> Chance:
        c = Chance.__new__(Chance)
        c._s = self._s
        return c

    def _next(self) -> int:
        self._s = z = (self._s + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n). The modulo bias is below 2**-58 for game-sized n.
        (`_next` written out: one call fewer a die roll.)"""
        self._s = z = (self._s + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return (z ^ (z >> 31)) % n

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher-Yates shuffle in place (`_next` written out in the loop: the same numbers, drawn
        without a call each)."""
        s = self._s
        for i in range(len(items) - 1, 0, -1):
            s = (s + 0x9E3779B97F4A7C15) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = (z ^ (z >> 31)) % (i + 1)
            items[i], items[j] = items[j], items[i]
        self._s = s

    def __repr__(self) -> str:  # never show the internal state
        return "Chance(<hidden>)"
