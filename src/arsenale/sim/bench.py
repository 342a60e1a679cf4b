"""Throughput of a game engine under uniformly random play.

A step is one `legal_actions` call, one random choice and one `apply`. Steps per second is the
median over short windows; clone and apply times are medians of single timed calls on states
sampled across many games.
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from arsenale.core.game import Game
from arsenale.core.registry import load_game
from arsenale.core.state import GameState

MIN_SAMPLES = 200
"""Clone and apply timings taken at the least, even past the time budget."""


class _RandomPlay:
    """Uniformly random play across consecutive games (seeds seed, seed+1, ...)."""

    def __init__(self, game: Game, players: int, seed: int, options: dict[str, Any]) -> None:
        self.game = game
        self.players = players
        self.options = options
        self.next_seed = seed
        self.rng = random.Random(seed)
        self.games_done = 0
        self.state = self._new()

    def _new(self) -> GameState:
        state = self.game.new_game(self.players, self.next_seed, self.options)
        self.next_seed += 1
        return state

    def _next_state(self) -> GameState:
        if self.state.is_over:
            self.games_done += 1
            self.state = self._new()
        return self.state

    def step(self) -> None:
        state = self._next_state()
        movers = state.to_move()
        if not movers:
            raise RuntimeError(f"nobody is to move at ply {state.ply} but the game is not over")
        seat = movers[0]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[self.rng.randrange(len(actions))])

    def timed_step(self, clones: list[int], applies: list[int]) -> None:
        state = self._next_state()
        t0 = time.perf_counter_ns()
        state.clone()
        clones.append(time.perf_counter_ns() - t0)
        movers = state.to_move()
        if not movers:
            raise RuntimeError(f"nobody is to move at ply {state.ply} but the game is not over")
        seat = movers[0]
        actions = state.legal_actions(seat)
        action = actions[self.rng.randrange(len(actions))]
        t0 = time.perf_counter_ns()
        state.apply(seat, action)
        applies.append(time.perf_counter_ns() - t0)


def bench(
    game_id: str,
    players: int,
    seconds: float = 3.0,
    seed: int = 0,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Steps and games per second of random play, and median clone and apply times (µs)."""
    game = load_game(game_id)
    play = _RandomPlay(game, players, seed, game.check_options(options or {}))
    # Seven tenths of the time measures throughput in windows; the rest samples single calls.
    budget = max(0.05, 0.7 * seconds)
    n_windows = 10
    window = budget / n_windows
    rates: list[float] = []
    steps_total = 0
    start = time.perf_counter()
    for _ in range(n_windows):
        steps = 0
        w0 = time.perf_counter()
        while True:
            play.step()
            steps += 1
            now = time.perf_counter()
            if now - w0 >= window:
                break
        rates.append(steps / (now - w0))
        steps_total += steps
    elapsed = time.perf_counter() - start
    games_done = play.games_done

    clones: list[int] = []
    applies: list[int] = []
    sample_until = time.perf_counter() + max(0.02, 0.3 * seconds)
    while len(applies) < MIN_SAMPLES or time.perf_counter() < sample_until:
        play.timed_step(clones, applies)
    return {
        "game": game_id,
        "players": players,
        "steps_per_s": statistics.median(rates),
        "games_per_s": games_done / elapsed,
        "clone_us": statistics.median(clones) / 1000,
        "apply_us": statistics.median(applies) / 1000,
        "steps": steps_total,
        "seconds": elapsed,
    }
