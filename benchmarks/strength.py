"""Strength of a game's heuristic bot against random seats, for any registered game.

    python benchmarks/strength.py GAME [games] [players...] [--workers N]
        [--opponent random|heuristic] [-o name=value ...] [--seed S]

The heuristic sits in seat 0 (every game here draws or bids its turn order, so seat 0 has no
built-in advantage); every other seat plays uniformly at random, or the heuristic itself with
--opponent heuristic (a sanity check: about 1/players). A game won by k tied seats counts 1/k.
With one player (a game with a solo form) it prints the heuristic's wins and a random
player's wins on the same seeds.
Prints one line per player count: games, wins, win rate, the heuristic's mean CPU milliseconds
per decision, and the mean final score of the heuristic and of the other seats. Strict: a
heuristic failure stops the run with its error instead of playing a fallback move.
`arsenale simulate` gives the same win rates with confidence intervals; this script adds the
time per decision.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from multiprocessing import Pool
from typing import Any

from arsenale.bots.base import Fallbacks, heuristic_policy
from arsenale.core.actions import Action
from arsenale.core.info import SeatInfo
from arsenale.core.registry import load_game


def random_policy(info: SeatInfo, rng: random.Random) -> Action:
    return rng.choice(info.legal_actions())


def play(
    job: tuple[str, int, int, str, dict[str, Any]],
) -> tuple[float, int, float, tuple[float, ...]]:
    """One game: (heuristic's share of the win, its decisions, its CPU seconds, final scores)."""
    game_id, seed, players, opponent, options = job
    Fallbacks.strict = True
    game = load_game(game_id)
    heuristic = heuristic_policy(game)
    state = game.new_game(players, seed=seed, options=options)
    rng = random.Random(seed * 7919 + players)
    other = heuristic if opponent == "heuristic" else random_policy
    alone_at_random = players == 1 and opponent == "random-solo"
    decisions, spent = 0, 0.0
    while not state.is_over:
        for seat in state.to_move():
            info = SeatInfo(state, seat)
            if alone_at_random:
                action = random_policy(info, rng)
            elif seat == 0:
                t0 = time.process_time()
                action = heuristic(info, rng)
                spent += time.process_time() - t0
                decisions += 1
            else:
                action = other(info, rng)
            state.apply(seat, action)
    result = state.result()
    share = 1.0 / len(result.winners) if 0 in result.winners else 0.0
    return share, decisions, spent, result.scores


def pool_map(
    jobs: list[tuple[str, int, int, str, dict[str, Any]]], workers: int
) -> list[tuple[float, int, float, tuple[float, ...]]]:
    with Pool(workers) as pool:
        return pool.map(play, jobs, chunksize=4)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game")
    parser.add_argument("games", type=int, nargs="?", default=200)
    parser.add_argument("players", type=int, nargs="*", default=[4, 3, 2])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--opponent", default="random", choices=["random", "heuristic"])
    parser.add_argument(
        "-o", "--option", action="append", default=[], help="name=value (JSON value)"
    )
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    options = {}
    for item in args.option:
        name, _, value = item.partition("=")
        try:
            options[name] = json.loads(value)
        except json.JSONDecodeError:
            options[name] = value
    for players in args.players:
        jobs = [
            (args.game, args.seed + i, players, args.opponent, options) for i in range(args.games)
        ]
        t0 = time.perf_counter()
        results = pool_map(jobs, args.workers)
        wins = sum(r[0] for r in results)
        decisions = sum(r[1] for r in results)
        spent = sum(r[2] for r in results)
        mine = sum(r[3][0] for r in results) / len(results)
        if players == 1:
            # A one-player game is won or lost (a target, or the rules' own outcome): the
            # heuristic's rate, then a uniformly random player's on the same seeds.
            alone = pool_map([(*job[:3], "random-solo", job[4]) for job in jobs], args.workers)
            print(
                f"{args.game}, alone: {args.games} games, heuristic wins {wins:g} "
                f"({wins / args.games:.1%}, mean score {mine:.1f}), random wins "
                f"{sum(r[0] for r in alone):g} (mean score "
                f"{sum(r[3][0] for r in alone) / len(alone):.1f}), "
                f"{1000 * spent / max(1, decisions):.2f} CPU ms/decision, "
                f"{time.perf_counter() - t0:.0f} s",
                flush=True,
            )
            continue
        others = sum(sum(r[3][1:]) / (players - 1) for r in results) / len(results)
        print(
            f"{args.game}, {players} players vs {args.opponent}: {args.games} games, wins {wins:g}, "
            f"rate {wins / args.games:.1%}, {1000 * spent / max(1, decisions):.2f} CPU ms/decision, "
            f"score {mine:.1f} vs {others:.1f}, {time.perf_counter() - t0:.0f} s",
            flush=True,
        )


if __name__ == "__main__":
    main()
