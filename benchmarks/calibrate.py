"""Fit the chances to win that `play --hint` shows (bots/calibration.py) to heuristic self-play.

    python benchmarks/calibrate.py [GAME ...] [--games 300] [--plies 100] [--workers 2] [--check]

For each game with an `evaluate` (default: all of them) and each player count, `--games`
games between heuristic bots (seeds 900000 on); every 10th ply each seat's estimate is
recorded, and at the end who won. Per stretch of `--plies` plies, `tau` is the temperature
under which softmax(estimates / tau) gives the actual winners the highest likelihood (searched
on a log grid, 2.5% apart). Stretches after the last one with 200 samples share its `tau`. The
report gives, per stretch, how often the seat ahead in the estimates won and the chance the
fitted model gave it (the two should agree). The result goes to
bots/calibrations/<game id>.toml; `--check` prints without writing. Strict: a heuristic
failure stops the run with its error instead of playing a fallback move.
"""

from __future__ import annotations

import argparse
import math
import random
from multiprocessing import Pool
from pathlib import Path

import numpy as np

from arsenale.bots.base import Fallbacks, heuristic_policy
from arsenale.bots.calibration import calibration_path, win_chances
from arsenale.core.info import SeatInfo
from arsenale.core.registry import game_ids, load_game

EVERY = 10
MIN_SAMPLES = 200
SEED = 900_000

Sample = tuple[int, list[float], list[int]]  # ply, estimates, winners


def play(args: tuple[str, int, int]) -> list[Sample]:
    """One heuristic self-play game: (ply, every seat's estimate, winners) every EVERY plies."""
    game_id, players, seed = args
    Fallbacks.strict = True
    game = load_game(game_id)
    policy = heuristic_policy(game)
    rng = random.Random(seed)
    state = game.new_game(players, seed=seed)
    rows: list[tuple[int, list[float]]] = []
    while not state.is_over:
        if state.ply % EVERY == 0:
            values = game.evaluate(state)
            assert values is not None
            rows.append((state.ply, values))
        for seat in state.to_move():
            state.apply(seat, policy(SeatInfo(state, seat), rng))
    winners = list(state.result().winners)
    return [(ply, values, winners) for ply, values in rows]


def fit_tau(rows: list[Sample]) -> float:
    """The temperature of highest likelihood for these samples' winners (a shared win counts
    as a fraction for each winner)."""
    values = np.array([r[1] for r in rows], dtype=float)
    won = np.zeros_like(values)
    for i, (_, _, winners) in enumerate(rows):
        won[i, winners] = 1 / len(winners)
    spread = float(np.abs(values - values.mean(axis=1, keepdims=True)).mean()) or 1.0
    best_tau, best_ll = spread, -math.inf
    for tau in spread * np.exp(np.arange(-7.0, 7.0, 0.025)):
        z = values / tau
        z -= z.max(axis=1, keepdims=True)
        log_p = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
        ll = float((won * log_p).sum())
        if ll > best_ll:
            best_tau, best_ll = float(tau), ll
    return best_tau


def fit(rows: list[Sample], plies: int) -> tuple[list[float], list[str]]:
    """`tau` per stretch of `plies` plies, and a report line each."""
    by_stretch: dict[int, list[Sample]] = {}
    for row in rows:
        by_stretch.setdefault(row[0] // plies, []).append(row)
    enough = min(MIN_SAMPLES, max(1, len(rows) // 20))  # small runs (tests) pool fewer
    last = max(k for k, part in by_stretch.items() if len(part) >= enough)
    stretches = [by_stretch.get(k, []) for k in range(last)]
    stretches.append([r for k, part in by_stretch.items() if k >= last for r in part])
    taus, report = [], []
    for k, part in enumerate(stretches):
        if not part:  # a gap in a tiny run: borrow the next stretch's data
            part = next(p for p in stretches[k + 1 :] if p)
        tau = fit_tau(part)
        leader_won = leader_chance = 0.0
        for _, values, winners in part:
            lead = max(range(len(values)), key=values.__getitem__)
            leader_won += (1 / len(winners)) if lead in winners else 0.0
            leader_chance += win_chances(values, tau)[lead]
        taus.append(round(tau, 4))
        label = f"{k * plies}+" if k == len(stretches) - 1 else f"{k * plies}-{(k + 1) * plies - 1}"
        report.append(
            f"plies {label}: {len(part)} samples, tau {tau:.3g}; the seat ahead won "
            f"{leader_won / len(part):.0%}, given {leader_chance / len(part):.0%}"
        )
    return taus, report


def toml_text(game_id: str, plies: int, fits: dict[int, list[float]], games: int) -> str:
    lines = [
        f"# Chances to win for `play --hint` ({game_id}; arsenale/bots/calibration.py):",
        f"# softmax temperature per {plies} plies, fitted to heuristic self-play by",
        f"# `python benchmarks/calibrate.py {game_id} --games {games} --plies {plies}`.",
        "# Do not edit by hand: rerun it when the game's evaluate, heuristic or rules change.",
        "# The last entry serves every later ply.",
        "",
        f"plies = {plies}",
        "",
    ]
    for players, taus in sorted(fits.items()):
        lines.append(f"[players.{players}]")
        lines.append(f"tau = [{', '.join(str(t) for t in taus)}]")
        lines.append("")
    return "\n".join(lines)


def calibrated_games() -> list[str]:
    """The games whose `evaluate` gives estimates (the others have nothing to calibrate)."""
    out = []
    for game_id in game_ids():
        game = load_game(game_id)
        if game.evaluate(game.new_game(game.min_players, seed=0)) is not None:
            out.append(game_id)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games_ids", nargs="*", metavar="GAME")
    parser.add_argument("--games", type=int, default=300, help="games per player count")
    parser.add_argument("--plies", type=int, default=100, help="plies per stretch")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--check", action="store_true", help="print the fit, write nothing")
    args = parser.parse_args()
    with Pool(args.workers) as pool:
        for game_id in args.games_ids or calibrated_games():
            game = load_game(game_id)
            fits = {}
            for players in range(game.min_players, game.max_players + 1):
                jobs = [(game_id, players, SEED + players * 10_000 + g) for g in range(args.games)]
                print(f"{game_id}, {players} players: playing {args.games} games...", flush=True)
                rows = [r for part in pool.imap(play, jobs, chunksize=4) for r in part]
                fits[players], report = fit(rows, args.plies)
                print(f"{game_id}, {players} players, {args.games} games:", flush=True)
                for line in report:
                    print("  " + line)
            if not args.check:
                out = Path(str(calibration_path(game_id)))
                out.write_text(toml_text(game_id, args.plies, fits, args.games), encoding="utf-8")
                print(f"wrote {out}")


if __name__ == "__main__":
    main()
