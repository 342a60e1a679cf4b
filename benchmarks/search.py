"""Search bots: speed, where the time goes, and strength (issue: bots and AI interfaces).

    python benchmarks/search.py speed [GAME ...] [--seconds 0.5] [--positions 10]
        iterations per second of `ismcts` and of OpenSpiel's ISMCTS on the same positions
        (medians), and the share of ismcts time spent in determinize, clone, legal_actions
        and apply (cProfile, cumulative)
    python benchmarks/search.py match [GAME ...] [--games 100] [--budget 500ms] [--workers 2]
        2 players, seats swapped every other game: ismcts against openspiel-ismcts, equal
        time per decision; the ismcts win rate with its 95% interval
    python benchmarks/search.py four [GAME ...] [--games 100] [--budget 1s] [--workers 2]
        4 players: one ismcts against three heuristic seats

Positions are sampled from random play (seeded), so a run is reproducible up to timing.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import random
import statistics

from arsenale.bots.registry import make_bot
from arsenale.core.info import SeatInfo
from arsenale.core.registry import game_ids, load_game
from arsenale.core.state import GameState
from arsenale.sim.runner import simulate, wilson_interval


def positions(game_id: str, players: int, count: int, seed: int = 0) -> list[tuple[GameState, int]]:
    """Positions from random play where the deciding seat has a real choice."""
    game = load_game(game_id)
    rng = random.Random(seed)
    out: list[tuple[GameState, int]] = []
    while len(out) < count:
        state = game.new_game(players, seed=rng.randrange(1 << 30))
        stop = rng.randrange(20, 200)
        while not state.is_over and state.ply < stop:
            for seat in state.to_move():
                state.apply(seat, rng.choice(state.legal_actions(seat)))
        if state.is_over:
            continue
        seat = state.to_move()[0]
        if len(state.legal_actions(seat)) > 1:
            out.append((state, seat))
    return out


def speed(game_id: str, seconds: float, count: int) -> dict[str, object]:
    budget = f"{int(seconds * 1000)}ms"
    ours = make_bot(f"ismcts:{budget}", load_game(game_id), 1)
    theirs = make_bot(f"openspiel-ismcts:{budget}", load_game(game_id), 1)
    rates: dict[str, list[float]] = {"ismcts": [], "openspiel-ismcts": []}
    profile = cProfile.Profile()
    for state, seat in positions(game_id, 2, count):
        ours.choose(SeatInfo(state, seat))
        rates["ismcts"].append(ours.policy.last_stats["iterations_per_s"])  # type: ignore[attr-defined]
        profile.enable()  # a second, profiled search: the profiler slows what it measures
        ours.choose(SeatInfo(state, seat))
        profile.disable()
        theirs.choose(SeatInfo(state, seat))
        rates["openspiel-ismcts"].append(theirs.policy.last_stats["simulations_per_s"])  # type: ignore[attr-defined]
    stats = pstats.Stats(profile)
    total = max(row[3] for row in stats.stats.values())  # type: ignore[attr-defined]
    shares = {}
    for name in ("determinize", "clone", "legal_actions", "apply"):
        cum = sum(
            row[3]
            for (path, _line, func), row in stats.stats.items()  # type: ignore[attr-defined]
            if func == name and path.endswith("core/state.py")
        )
        shares[name] = round(cum / total, 3) if total else 0.0
    ours_rate = statistics.median(rates["ismcts"])
    theirs_rate = statistics.median(rates["openspiel-ismcts"])
    return {
        "game": game_id,
        "players": 2,
        "positions": count,
        "seconds_per_decision": seconds,
        "ismcts_iterations_per_s": round(ours_rate, 1),
        "openspiel_ismcts_simulations_per_s": round(theirs_rate, 1),
        "ratio": round(ours_rate / theirs_rate, 2) if theirs_rate else None,
        "ismcts_time_share": shares,
    }


def match(game_id: str, games: int, budget: str, workers: int) -> dict[str, object]:
    a, b = f"ismcts:{budget}", f"openspiel-ismcts:{budget}"
    first = simulate(game_id, 2, [a, b], games=games // 2, seed=10_000, workers=workers)
    second = simulate(game_id, 2, [b, a], games=games - games // 2, seed=20_000, workers=workers)
    wins = first["wins"][0] + second["wins"][1]
    played = first["games"] + second["games"] - first["errors"] - second["errors"]
    return {
        "game": game_id,
        "games": played,
        "budget": budget,
        "ismcts_wins": wins,
        "ismcts_win_rate": wins / played if played else None,
        "ismcts_win_rate_ci95": wilson_interval(wins, played) if played else None,
        "errors": first["errors"] + second["errors"],
    }


def four(game_id: str, games: int, budget: str, workers: int) -> dict[str, object]:
    out = simulate(
        game_id,
        4,
        [f"ismcts:{budget}", "heuristic", "heuristic", "heuristic"],
        games,
        30_000,
        workers,
    )
    return {k: out[k] for k in ("game", "games", "seats", "win_rate", "win_rate_ci95", "errors")}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("what", choices=["speed", "match", "four"])
    parser.add_argument("games_ids", nargs="*", metavar="GAME")
    parser.add_argument("--seconds", type=float, default=0.5)
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--budget", default=None)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    for game_id in args.games_ids or game_ids():
        if args.what == "speed":
            row = speed(game_id, args.seconds, args.positions)
        elif args.what == "match":
            row = match(game_id, args.games, args.budget or "500ms", args.workers)
        else:
            row = four(game_id, args.games, args.budget or "1s", args.workers)
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
