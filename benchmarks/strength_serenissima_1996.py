"""Strength of the Serenissima (1996) heuristic against random seats.

    python benchmarks/strength_serenissima_1996.py [games] [players...] [--workers N]
        [--opponent random|heuristic] [--open-money] [--seed S]

The heuristic sits in seat 0 (the turn order is bid for every round); every other seat plays
uniformly at random (or the heuristic itself with --opponent heuristic, a sanity check that
should give about 1/players). A game won by k tied seats counts 1/k. Prints one line per player
count: games, wins, win rate, the heuristic's mean milliseconds per decision, and the mean
prosperity points of the heuristic and of the other seats.
"""

from __future__ import annotations

import argparse
import random
import time
from multiprocessing import Pool

from arsenale.core.actions import Action
from arsenale.core.info import SeatInfo
from arsenale.games.serenissima_1996 import GAME
from arsenale.games.serenissima_1996.heuristic import heuristic_policy
from arsenale.games.serenissima_1996.state import State


def random_policy(info: SeatInfo, rng: random.Random) -> Action:
    return rng.choice(info.legal_actions())


def play(job: tuple[int, int, str, bool]) -> tuple[float, int, float, list[int]]:
    """One game: (heuristic's share of the win, its decisions, its seconds, final points)."""
    seed, players, opponent, open_money = job
    state = GAME.new_game(players, seed=seed, options={"open_money": open_money})
    assert isinstance(state, State)
    rng = random.Random(seed * 7919 + players)
    other = heuristic_policy if opponent == "heuristic" else random_policy
    policies = [heuristic_policy] + [other] * (players - 1)
    decisions, spent = 0, 0.0
    while not state.is_over:
        for seat in state.to_move():
            info = SeatInfo(state, seat)
            if seat == 0:
                t0 = time.perf_counter()
                action = policies[seat](info, rng)
                spent += time.perf_counter() - t0
                decisions += 1
            else:
                action = policies[seat](info, rng)
            state.apply(seat, action)
    winners = state.result().winners
    share = 1.0 / len(winners) if 0 in winners else 0.0
    return share, decisions, spent, [state.prosperity(s) for s in range(players)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", type=int, nargs="?", default=200)
    parser.add_argument("players", type=int, nargs="*", default=[4, 3, 2])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--opponent", default="random", choices=["random", "heuristic"])
    parser.add_argument("--open-money", action="store_true")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    for players in args.players:
        jobs = [(args.seed + i, players, args.opponent, args.open_money) for i in range(args.games)]
        t0 = time.perf_counter()
        with Pool(args.workers) as pool:
            results = pool.map(play, jobs, chunksize=4)
        wins = sum(r[0] for r in results)
        decisions = sum(r[1] for r in results)
        spent = sum(r[2] for r in results)
        mine = sum(r[3][0] for r in results) / len(results)
        others = sum(sum(r[3][1:]) / (players - 1) for r in results) / len(results)
        print(
            f"{players} players vs {args.opponent}: {args.games} games, wins {wins:g}, "
            f"rate {wins / args.games:.1%}, {1000 * spent / max(1, decisions):.2f} ms/decision, "
            f"points {mine:.1f} vs {others:.1f}, {time.perf_counter() - t0:.0f} s",
            flush=True,
        )


if __name__ == "__main__":
    main()
