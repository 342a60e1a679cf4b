"""Seeded chance for game states.

A state owns one `Chance` and draws every die roll and shuffle from it inside `apply`, so a
record's seed plus its actions replays exactly. The generator is splitmix64: its whole state is
one integer, so cloning a game state copies it for free. (Python's Mersenne Twister needs about
48 µs to clone through getstate/setstate, the entire clone budget; see docs/architecture.md.)
Nothing here is ever put in a view or an event.
"""

from __future__ import annotations

import random
import sys
from collections.abc import MutableSequence
from typing import Any, Final, Literal

from mypy_extensions import mypyc_attr

_MASK: Final = 0xFFFFFFFFFFFFFFFF
_GAMMA: Final = 0x9E3779B97F4A7C15
"""splitmix64's step between two states."""
_LANES: Final[dict[int, tuple[int, int, int]]] = {}
_ORDER: Final[Literal["little", "big"]] = sys.byteorder
_LOW_HALVES: Final = slice(0, None, 2) if _ORDER == "little" else slice(None, None, -2)
"""Where a lane's low 64 bits fall among the 64-bit words of its bytes in native order."""


def _lanes(n: int) -> tuple[int, int, int]:
    """For n draws at once, each in a 128-bit lane: a 1 in every lane, k * GAMMA in lane k - 1
    (k = 1..n), and 2**64 - 1 in every lane (`Chance.shuffle`)."""
    known = _LANES.get(n)
    if known is None:
        ones = sum(1 << (128 * k) for k in range(n))
        ramp = sum(((k + 1) * _GAMMA) << (128 * k) for k in range(n))
        known = _LANES[n] = (ones, ramp, _MASK * ones)
    return known


@mypyc_attr(allow_interpreted_subclasses=True)  # the tests' scripted dice
class Chance:
    __slots__ = ("_s",)

    def __init__(self, seed: int) -> None:
        self._s = seed & _MASK

    def copy(self) -> Chance:
        return Chance(self._s)

    def _next(self) -> int:
        self._s = z = (self._s + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n). The modulo bias is below 2**-58 for game-sized n.
        (`_next` written out: one call fewer a die roll.)"""
        self._s = z = (self._s + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return (z ^ (z >> 31)) % n

    def shuffle(self, *decks: MutableSequence[Any]) -> None:
        """Fisher-Yates shuffle of each deck in place, one deck after the other: position i
        (from the last down to 1) swaps with `below(i + 1)`, the generator's next number, exactly
        as if drawn one by one (so `shuffle(a, b)` is `shuffle(a)` then `shuffle(b)`).

        The generator's states for the n draws are s + k * GAMMA (k = 1..n), so all n numbers
        are mixed at once: one Python integer holds them in 128-bit lanes (`_lanes`), each mixing
        step acts on every lane in one big-integer operation, and masking with ones in the low
        64 bits of each lane keeps every lane modulo 2**64 (a lane's 128 bits hold any product
        of two 64-bit numbers, so nothing spills into the next). Half the instructions of a
        loop drawing one number at a time (benchmarks/results/adapters.md); the decks of a
        set-up shuffled in one call share one mixing."""
        n = 0
        for deck in decks:
            if len(deck) > 1:
                n += len(deck) - 1
        if n < 1:
            return
        ones, ramp, mask = _lanes(n)
        s = self._s
        z = (s * ones + ramp) & mask
        z = (z ^ (z >> 30)) & mask
        z = (z * 0xBF58476D1CE4E5B9) & mask
        z = (z ^ (z >> 27)) & mask
        z = (z * 0x94D049BB133111EB) & mask
        z ^= z >> 31  # the high halves are left unmasked: only the low ones are read
        draws = memoryview(z.to_bytes(16 * n, _ORDER)).cast("Q")[_LOW_HALVES].tolist()
        first = 0  # the deck's first draw among `draws`
        for deck in decks:
            m = len(deck)  # position m - 1 swaps with the draw modulo m
            if m < 2:
                continue
            last = first + m - 1
            for r in draws[first:last]:
                j = r % m
                m -= 1
                deck[m], deck[j] = deck[j], deck[m]
            first = last
        self._s = (s + n * _GAMMA) & _MASK

    def __repr__(self) -> str:  # never show the internal state
        return "Chance(<hidden>)"


def shuffle_as_random(rng: random.Random, deck: MutableSequence[Any]) -> None:
    """`rng.shuffle(deck)`: the same order and the same draws from `rng`, with two Python
    calls fewer a card. For the worlds bots draw (`GameState._determinize`), where a
    shuffle's calls were most of a decision. CPython shuffles from the last position down
    to 1, swapping position i with a number below i + 1 drawn as `getrandbits` of that
    bound's bit length, redrawn until it is below; a subclass of `random.Random` may draw
    otherwise and gets its own `shuffle` (tests/test_core_contract.py compares both)."""
    if type(rng) is not random.Random:
        rng.shuffle(deck)
        return
    bits = rng.getrandbits
    for i in range(len(deck) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = bits(k)
        while j >= n:
            j = bits(k)
        deck[i], deck[j] = deck[j], deck[i]
