"""Seat balance of Serenissima (1996) in heuristic self-play, per nation and player count.

    python benchmarks/balance_1996.py [--games N] [--seed S] [--workers W] [--json FILE]
        [--counts 2,2st,3,4] [--board FILE]

Plays the same games as `arsenale simulate serenissima-1996 --players P --seats
heuristic,... --seed S --games N` (game g has seed S + g; each bot is seeded as the runner
seeds it), and adds what the runner does not report: the win share of each nation with its
Wilson 95% interval (a win shared by k seats counts 1/k), the win share of the player placed
first in the turn order of round 1 (chosen by the bids, so any nation), the number of ports
each nation holds at the end and how often it still holds its capital. Count "2" is the
historical line-up (Venetians, Genoese), "2st" the other 2-player option (Spanish, Turks).
Prints a Markdown table per count. `--board FILE` plays on another board.toml (for instance an
older one: `git show COMMIT:src/arsenale/games/serenissima_1996/board.toml > old.toml`).
"""

from __future__ import annotations

import argparse
import json
import time
import tomllib
from multiprocessing import Pool
from typing import Any

from arsenale.bots.registry import make_bot
from arsenale.core.info import SeatInfo
from arsenale.core.registry import load_game
from arsenale.sim.runner import bot_seed, wilson_interval

GAME = "serenissima-1996"
COUNTS = {"2": (2, "historical"), "2st": (2, "spanish-turks"), "3": (3, None), "4": (4, None)}


def use_board(path: str) -> None:
    """Make every game made from now on (in this process and forked workers) use this board."""
    from arsenale.games.serenissima_1996 import board, game

    with open(path, "rb") as f:
        data = tomllib.load(f)
    game.load_board = lambda: board.load_board(data)  # type: ignore[assignment]
    load_game(GAME).__init__()  # type: ignore[misc]  # the registered instance, rebuilt on it


def play(job: tuple[int, str | None, int]) -> dict[str, Any]:
    players, nations, seed = job
    game = load_game(GAME)
    options = {"nations": nations} if nations else {}
    state: Any = game.new_game(players, seed, options)
    bots = [make_bot("heuristic", game, bot_seed(seed, s)) for s in range(players)]
    first: int | None = None
    while not state.is_over:
        for seat in state.to_move():
            state.apply(seat, bots[seat].choose(SeatInfo(state, seat)))
        if first is None and state.order and state.order[0] >= 0:
            first = state.order[0]
    result = state.result()
    b = game.board  # type: ignore[attr-defined]
    return {
        "seed": seed,
        "winners": list(result.winners),
        "scores": list(result.scores),
        "first": first,
        "nations": [b.nation_ids[n] for n in state.nation],
        "ports": [len(state.ports_of(s)) for s in range(players)],
        "capital": [state.owner[state.capital_of(s)] == s for s in range(players)],
    }


def table(games: list[dict[str, Any]]) -> tuple[str, dict[str, Any]]:
    n = len(games)
    nations = games[0]["nations"]
    players = len(nations)
    wins = [0.0] * players
    ports = [0] * players
    capital = [0] * players
    first_wins = 0.0
    for g in games:
        for s in g["winners"]:
            wins[s] += 1 / len(g["winners"])
        if g["first"] in g["winners"]:
            first_wins += 1 / len(g["winners"])
        for s in range(players):
            ports[s] += g["ports"][s]
            capital[s] += g["capital"][s]
    lines = [
        "| Seat | Nation | Wins | Share | Wilson 95% | Mean ports at end | Own capital held |",
        "|---|---|---|---|---|---|---|",
    ]
    for s in range(players):
        lo, hi = wilson_interval(wins[s], n)
        lines.append(
            f"| {s} | {nations[s]} | {wins[s]:g} | {wins[s] / n:.1%} | {lo:.1%}-{hi:.1%} "
            f"| {ports[s] / n:.1f} | {capital[s] / n:.0%} |"
        )
    lo, hi = wilson_interval(first_wins, n)
    lines.append(
        f"| - | first in round 1 | {first_wins:g} | {first_wins / n:.1%} | {lo:.1%}-{hi:.1%} | | |"
    )
    summary = {
        "games": n,
        "nations": nations,
        "wins": wins,
        "first_wins": first_wins,
        "ports": [p / n for p in ports],
        "capital": [c / n for c in capital],
    }
    return "\n".join(lines), summary


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--counts", default="2,2st,3,4")
    ap.add_argument("--json", default=None, help="also write the per-count summaries here")
    ap.add_argument("--board", default=None, help="play on this board.toml instead")
    args = ap.parse_args()
    if args.board:
        use_board(args.board)
    out: dict[str, Any] = {}
    for key in args.counts.split(","):
        players, nations = COUNTS[key]
        jobs = [(players, nations, args.seed + g) for g in range(args.games)]
        t0 = time.perf_counter()
        if args.workers > 1:
            with Pool(args.workers) as pool:
                games = pool.map(play, jobs, chunksize=10)
        else:
            games = [play(j) for j in jobs]
        seconds = time.perf_counter() - t0
        text, summary = table(games)
        summary["seconds"] = seconds
        out[key] = summary
        label = f"{players} players" + (f", {nations}" if nations else "")
        print(f"### {label}: {args.games} games, seeds {args.seed}-{args.seed + args.games - 1}")
        print(f"({seconds:.0f} s)\n")
        print(text + "\n", flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()
