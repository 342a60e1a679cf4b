"""Masters of Venice: the heuristic against an older revision of itself, in mixed seats.

    python benchmarks/mov_heuristic.py [--old REV] [--games N] [--players 2 3 4 5]

The older heuristic is read from git (`git show REV:src/arsenale/games/masters_of_venice/
heuristic.py`) and loaded as a module of its own, a bot of this script only (it is no bot
spec of arsenale). Each seed is played once per rotation of the line-up (new, old, new, ...),
so that every bot sits in every seat equally. A game won by k tied seats counts 1/k to each.
Prints per player count: seat-games, wins and win rate of each revision with a Wilson 95%
interval, the share an even split would give, mean final scores, and CPU milliseconds per
decision of each.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
import types
from pathlib import Path
from typing import Any

from arsenale.bots.base import Fallbacks
from arsenale.core.info import SeatInfo
from arsenale.core.registry import load_game
from arsenale.sim.results import wilson_interval

GAME = "masters-of-venice"
PATH = "src/arsenale/games/masters_of_venice/heuristic.py"
ROOT = Path(__file__).resolve().parents[1]


def old_heuristic(rev: str) -> types.ModuleType:
    source = subprocess.run(
        ["git", "show", f"{rev}:{PATH}"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    module = types.ModuleType(f"mov_heuristic_{rev}")
    module.__file__ = f"{rev}:{PATH}"
    sys.modules[module.__name__] = module
    exec(compile(source, module.__file__, "exec"), module.__dict__)
    return module


def policy(decide: Any) -> Any:
    def play(info: SeatInfo, rng: random.Random) -> Any:
        legal = info.legal_actions()
        if len(legal) == 1:
            return legal[0]
        action = decide(info.determinize(rng), info.seat, legal, rng)
        if action not in legal:
            raise AssertionError(f"illegal choice {action!r}")
        return action

    return play


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--old", default="84c8097")
    parser.add_argument("--games", type=int, default=100, help="seeds per player count")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4, 5])
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    Fallbacks.strict = True
    game = load_game(GAME)
    bots = {"new": policy(game.heuristic), "old": policy(old_heuristic(args.old).heuristic)}
    for players in args.players:
        lineup = [("new", "old")[i % 2] for i in range(players)]
        wins = {"new": 0.0, "old": 0.0}
        seats = {"new": 0, "old": 0}
        scores: dict[str, list[float]] = {"new": [], "old": []}
        spent = {"new": 0.0, "old": 0.0}
        decisions = {"new": 0, "old": 0}
        t0 = time.perf_counter()
        for g in range(args.games):
            for rot in range(players):
                names = lineup[rot:] + lineup[:rot]
                state = game.new_game(players, seed=args.seed + g)
                rng = random.Random((args.seed + g) * 7919 + rot)
                while not state.is_over:
                    for seat in state.to_move():
                        name = names[seat]
                        c0 = time.process_time()
                        action = bots[name](SeatInfo(state, seat), rng)
                        spent[name] += time.process_time() - c0
                        decisions[name] += 1
                        state.apply(seat, action)
                result = state.result()
                for seat, name in enumerate(names):
                    seats[name] += 1
                    scores[name].append(result.scores[seat])
                    if seat in result.winners:
                        wins[name] += 1 / len(result.winners)
        line = [f"{players} players, {args.games} seeds x {players} rotations:"]
        for name in ("new", "old"):
            n = seats[name]
            lo, hi = wilson_interval(wins[name], n)
            line.append(
                f"{name} {wins[name]:g}/{n} = {wins[name] / n:.3f} ({lo:.3f}-{hi:.3f}; even "
                f"{1 / players:.3f}), mean score {sum(scores[name]) / n:.2f}, "
                f"{1000 * spent[name] / max(1, decisions[name]):.3f} CPU ms/decision;"
            )
        line.append(f"{time.perf_counter() - t0:.0f} s")
        print(" ".join(line), flush=True)


if __name__ == "__main__":
    main()
