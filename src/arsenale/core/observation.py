"""The layout of a game's own observation tensor: named parts of fixed length, in order.

A game that declares `Game.observation_layout` writes a seat's observation straight from its
state (`GameState._observe(seat, out)`) into a buffer the AI adapters keep and reuse (a float32
numpy array; nothing here needs numpy). The layout names each part, so that a reader can find
"money" or "port_owner" in the numbers, and gives the slices the writer fills:

    LAYOUT = Layout(("money", 4), ("port_owner", 19 * 4), ("turn", 1))
    out[LAYOUT["money"]] = [m / 100 for m in state.money]
    out[LAYOUT.start("port_owner") + 4 * port + owner] = 1.0

The buffer arrives zeroed, so a writer sets only what is not zero.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Protocol


class Buffer(Protocol):
    """Where an observation is written: a float32 numpy array in the adapters (anything that
    takes numbers by slot, by slice and by a list of slots)."""

    def __setitem__(self, key: Any, value: Any, /) -> None: ...

    def __getitem__(self, key: Any, /) -> Any: ...


class KeptBuffer:
    """A buffer that holds the last observation written into it: the adapters' `Observer`
    keeps one, writes into nothing else of it and hands out copies. A game's writer may keep
    its own record there (`kept`, None before the first write) and then rewrite only the slots
    of what changed since; into any other buffer it writes every slot."""

    __slots__ = ()
    kept: Any


class Layout:
    """Named parts of an observation tensor, each a fixed number of slots, in order."""

    __slots__ = ("_parts", "_slices", "size")

    def __init__(self, *parts: tuple[str, int]) -> None:
        self._parts = tuple(parts)
        self._slices: dict[str, slice] = {}
        start = 0
        for name, length in parts:
            if name in self._slices:
                raise ValueError(f"the observation layout names {name!r} twice")
            if length < 0:
                raise ValueError(f"part {name!r} of the observation layout has length {length}")
            self._slices[name] = slice(start, start + length)
            start += length
        self.size = start

    def __getitem__(self, name: str) -> slice:
        """The slots of part `name`."""
        return self._slices[name]

    def start(self, name: str) -> int:
        """The first slot of part `name`."""
        start: int = self._slices[name].start
        return start

    def __iter__(self) -> Iterator[tuple[str, int, int]]:
        """(name, first slot, length) of each part, in order."""
        for name, length in self._parts:
            yield name, self._slices[name].start, length

    def __len__(self) -> int:
        return self.size

    def __repr__(self) -> str:
        return f"Layout({', '.join(f'{n}:{k}' for n, k in self._parts)})"
