"""Steps per second of the engine, the PettingZoo environment and the Gymnasium environment,
side by side in one run (issue 19).

    python benchmarks/adapters_speed.py [--seconds 3] [GAME[:PLAYERS] ...]

For each game (default: every registered game at its largest player count, and Amalfi alone)
three loops play uniformly random legal moves for `--seconds` each, games after games:

- engine: `legal_actions` and `apply` on a `GameState`, nothing else;
- pettingzoo: `env(game)`, `last()` (the observation of the agent to move with its action
  mask), a random action among the mask's ones, `step`;
- gymnasium: `make(game, opponents="random", seat=0)`, a random action among
  `info["action_mask"]`, `step`; the random opponents' moves are played inside `step`.

The environments' random agent finds the mask's ones through a bool view of it
(`mask.view(bool).nonzero()`) and draws one with `random.Random.randrange` (`--pick index`, the
default). `--pick choice` is the agent of the first runs, `Generator.choice(np.flatnonzero(mask))`:
NumPy's `Generator.choice` alone costs about 9 microseconds a call, and `nonzero` on an int8
array has no fast path (about 40 microseconds on Serenissima 1996's 11,622 actions, against 2
for the bool view): more than an engine ply, and the agent's cost, not the environment's.

It prints one JSON line per game: plies (actions applied, every seat's) per second for each
loop, the environments' own steps per second, and each environment's plies per second as a
share of the engine's. Rates are per second of CPU time. Run it on two trees (PYTHONPATH)
to compare before and after.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable, Iterable
from typing import Any

import numpy as np

from arsenale.adapters import gymnasium as ags
from arsenale.adapters import pettingzoo as apz
from arsenale.core.registry import game_ids, load_game


def _timed(loop: Callable[[float], tuple[int, int]], seconds: float) -> tuple[float, float]:
    """(plies per second, steps per second) of `loop(deadline)`, which returns its counts: per
    second of this process's CPU time (`time.process_time`), since the machine is shared and
    wall time would count the other processes' turns; the loop runs for `seconds` of wall
    time."""
    start, cpu = time.perf_counter(), time.process_time()
    plies, steps = loop(start + seconds)
    elapsed = time.process_time() - cpu
    return plies / elapsed, steps / elapsed


def engine_games(game: Any, players: int, seeds: Iterable[int], rng: random.Random) -> int:
    """Plies of the engine loop over the games of `seeds`: `legal_actions`, a random pick from
    `rng`, `apply`, nothing else."""
    plies = 0
    for seed in seeds:
        state = game.new_game(players, seed)
        while not state.is_over and state.ply < game.max_game_length:
            for seat in state.to_move():
                state.apply(seat, rng.choice(state.legal_actions(seat)))
                plies += 1
    return plies


def pettingzoo_episodes(env: Any, pick: Callable[[np.ndarray], int], episodes: int) -> int:
    """Steps of `episodes` PettingZoo episodes of the random agent."""
    steps = 0
    for _ in range(episodes):
        env.reset()
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            action = None
            if not (terminated or truncated):
                action = pick(obs["action_mask"])
                steps += 1
            env.step(action)
    return steps


def gymnasium_episodes(
    env: Any, pick: Callable[[np.ndarray], int], seeds: Iterable[int]
) -> tuple[int, int]:
    """(plies, steps) of the Gymnasium episodes of `seeds` (`reset(seed=...)`) of the random
    agent; the plies count every seat's actions."""
    plies = steps = 0
    for seed in seeds:
        _, info = env.reset(seed=seed)
        done = False
        while not done:
            _, _, terminated, truncated, info = env.step(pick(info["action_mask"]))
            steps += 1
            done = terminated or truncated
        plies += env.world.ply
    return plies, steps


def engine(game_id: str, players: int, seconds: float) -> tuple[float, float]:
    game = load_game(game_id)
    rng = random.Random(1)

    def loop(deadline: float) -> tuple[int, int]:
        plies = 0
        seed = 0
        while time.perf_counter() < deadline:
            plies += engine_games(game, players, (seed,), rng)
            seed += 1
        return plies, plies

    return _timed(loop, seconds)


def picker(kind: str) -> Callable[[np.ndarray], int]:
    """The random agent: a uniformly random action among a mask's ones."""
    if kind == "choice":
        rng = np.random.default_rng(1)
        return lambda mask: int(rng.choice(np.flatnonzero(mask)))
    draw = random.Random(1).randrange

    def pick(mask: np.ndarray) -> int:
        legal = mask.view(np.bool_).nonzero()[0]
        return int(legal[draw(len(legal))])

    return pick


def pettingzoo(game_id: str, players: int, seconds: float, pick_kind: str) -> tuple[float, float]:
    env = apz.env(game_id, players=players, seed=1)
    pick = picker(pick_kind)

    def loop(deadline: float) -> tuple[int, int]:
        steps = 0
        while time.perf_counter() < deadline:
            steps += pettingzoo_episodes(env, pick, 1)
        return steps, steps

    return _timed(loop, seconds)


def gymnasium(game_id: str, players: int, seconds: float, pick_kind: str) -> tuple[float, float]:
    env = ags.make(game_id, players=players, opponents="random", seat=0)
    pick = picker(pick_kind)

    def loop(deadline: float) -> tuple[int, int]:
        steps = plies = episode = 0
        while time.perf_counter() < deadline:
            p, k = gymnasium_episodes(env, pick, (episode,))
            plies, steps, episode = plies + p, steps + k, episode + 1
        return plies, steps

    return _timed(loop, seconds)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", nargs="*")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--pick", choices=("index", "choice"), default="index")
    args = parser.parse_intermixed_args()
    targets: list[tuple[str, int]] = []
    for spec in args.games or []:
        name, _, count = spec.partition(":")
        targets.append((name, int(count) if count else load_game(name).max_players))
    if not targets:
        targets = [(g, load_game(g).max_players) for g in game_ids()]
        if "amalfi-renaissance" in game_ids():
            targets.append(("amalfi-renaissance", 1))
    for game_id, players in targets:
        row: dict[str, Any] = {"game": game_id, "players": players}
        base, _ = engine(game_id, players, args.seconds)
        row["engine_plies_per_s"] = round(base)
        for name, run in (("pettingzoo", pettingzoo), ("gymnasium", gymnasium)):
            plies, steps = run(game_id, players, args.seconds, args.pick)
            row[f"{name}_plies_per_s"] = round(plies)
            row[f"{name}_steps_per_s"] = round(steps)
            row[f"{name}_share"] = round(plies / base, 3)
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
