"""The bots' moves inside the Gymnasium environment's `reset` and `step` (a module of its own so
that the compiled build, docs/compiled.md, compiles this loop while the environment class,
which Gymnasium inspects, stays interpreted)."""

from __future__ import annotations

from collections.abc import Callable

from arsenale.bots.base import Bot
from arsenale.core.errors import ArsenaleError
from arsenale.core.info import SeatInfo
from arsenale.core.state import GameState


def play(
    s: GameState,
    agent: int,
    bots: dict[int, Bot],
    draws: list[Callable[[int], int] | None],
    limit: int,
) -> None:
    """Let the bots decide until only `agent` owes a decision (at a simultaneous one the bots
    submit first), the game is over or `limit` plies are played.

    A random bot (`draws[seat]`: its generator's `getrandbits`) draws straight from the state's
    legal actions of its seat, the same draw its policy makes on a `SeatInfo` (a seat's legal
    actions are its own information), without drawing a world for it; other bots get a
    `SeatInfo`. The draw is `randrange(n)`'s, made as CPython makes it
    (`_randbelow_with_getrandbits`: k = n's bit length, k random bits until they are below n),
    without its checks and calls (tests/adapters/test_gymnasium.py plays it against the random
    bot's policy)."""
    while not s.over and s.ply < limit and s.stack:
        seats = s.stack[-1].seats  # `to_move()`, written out for a decision of one seat
        if len(seats) > 1:
            seats = s.to_move()
        elif seats[0] == agent:
            return
        moved = False
        for m in seats:
            if m == agent:
                continue
            bits = draws[m]
            if bits is None:
                s.apply(m, bots[m].choose(SeatInfo(s, m)))
            else:
                legal = s.legal_actions(m)
                n = len(legal)
                if not n:
                    raise ArsenaleError(f"seat {m} has no legal action to choose from")
                k = n.bit_length()
                i = bits(k)
                while i >= n:
                    i = bits(k)
                s._play(m, legal[i])  # from the state's own legal list: no search of it
            moved = True
        if not moved:
            return
