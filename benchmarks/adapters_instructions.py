"""Instructions a step of the PettingZoo and Gymnasium loops of `adapters_speed.py`, counted by
Valgrind: independent of the machine's load, unlike its rates (issue 19).

    PYTHONHASHSEED=0 valgrind --tool=callgrind --dump-before=getppid \\
        --callgrind-out-file=cg python benchmarks/adapters_instructions.py [GAME[:PLAYERS]]

The loops are those of `adapters_speed.py` (the same seeds and random agent) for a fixed number
of episodes: PettingZoo 1 then `--pz` more (6), Gymnasium 1 then `--gym` more (21), each part
ended by a call of `os.getppid`, at which callgrind writes the count so far to a file of its
own (cg.1, cg.2, ...). The first episode of each loop pays for the imports and the first
calls; the count of the next part, divided by its steps (printed), is the figure:
`cg.2 / pettingzoo steps`, `cg.4 / gymnasium steps`.

`--engine N` then counts the engine loop of `adapters_speed.py` (`legal_actions`, a random pick,
`apply`) for game 0 (cg.5) and games 1 to N (cg.6): `cg.6 / engine plies`.
"""

from __future__ import annotations

import argparse
import os
import random

from adapters_speed import engine_games, gymnasium_episodes, pettingzoo_episodes, picker

from arsenale.adapters import gymnasium as ags
from arsenale.adapters import pettingzoo as apz
from arsenale.core.registry import load_game


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game", nargs="?", default="masters-of-venice:5")
    parser.add_argument("--pz", type=int, default=6)
    parser.add_argument("--gym", type=int, default=21)
    parser.add_argument("--engine", type=int, default=0)
    args = parser.parse_args()
    name, _, count = args.game.partition(":")
    players = int(count) if count else load_game(name).max_players
    env = apz.env(name, players=players, seed=1)
    pick = picker("index")
    first = pettingzoo_episodes(env, pick, 1)
    os.getppid()  # cg.1
    steps = pettingzoo_episodes(env, pick, args.pz)
    os.getppid()  # cg.2
    genv = ags.make(name, players=players, opponents="random", seat=0)
    gpick = picker("index")
    gfirst = gymnasium_episodes(genv, gpick, range(1))
    os.getppid()  # cg.3
    gplies, gsteps = gymnasium_episodes(genv, gpick, range(1, args.gym + 1))
    os.getppid()  # cg.4
    print(f"pettingzoo: first episode {first} steps, then {steps} steps (cg.2)")
    print(f"gymnasium: first episode {gfirst[1]} steps, then {gsteps} steps, {gplies} plies (cg.4)")
    if args.engine:
        game = load_game(name)
        rng = random.Random(1)
        efirst = engine_games(game, players, range(1), rng)
        os.getppid()  # cg.5
        eplies = engine_games(game, players, range(1, args.engine + 1), rng)
        os.getppid()  # cg.6
        print(f"engine: game 0 {efirst} plies, then {eplies} plies (cg.6)")


if __name__ == "__main__":
    main()
