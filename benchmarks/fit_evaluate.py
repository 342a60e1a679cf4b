"""Fit the weights of Serenissima (2012)'s `evaluate` to heuristic self-play.

    python benchmarks/fit_evaluate.py [--games 800] [--seed 0] [--workers 2] [--check]

For each player count (2, 3, 4) it plays `--games` games between heuristic bots, with two
changes that widen what the fit sees: in 70% of the games the starting ports are picked at
random (so every port is seen as a home), and every decision is random with chance 3%. Every
7th ply each seat's terms (games/serenissima_2012/evaluate.py, `FEATURES`) are recorded with
the game's turn; at the end the seat's final ducats are the target.

Per player count and turn, least squares fits final ducats minus ducats in hand to the terms
plus a constant per home port. A regression weight is a correlation, not the worth of giving
the thing away, so the weights are then floored (0.2 for ports, crew, cargo and potential, 0
for reserve sailors), and the home constants refitted with the floored weights. Turns after
the last one with 1,000 samples (5% of them in a small run) share its row. The result goes to
src/arsenale/games/serenissima_2012/evaluate.toml; `--check` only prints the fit (R^2 per
turn, fitted against the hand-valued sum) without writing. Strict: a heuristic failure stops
the run with its error instead of playing a fallback move.
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict
from multiprocessing import Pool
from pathlib import Path

import numpy as np

from arsenale.bots.base import Fallbacks, heuristic_policy
from arsenale.core.info import SeatInfo
from arsenale.core.registry import load_game
from arsenale.games.serenissima_2012.evaluate import FEATURES, features
from arsenale.games.serenissima_2012.state import Serenissima2012State

GAME = "serenissima-2012"
OUT = Path(__file__).resolve().parent.parent / "src/arsenale/games/serenissima_2012/evaluate.toml"
RANDOM_PORTS = 0.7
EPSILON = 0.03
EVERY = 7
FLOOR = {"ports": 0.2, "crew": 0.2, "cargo": 0.2, "potential": 0.2, "reserve": 0.0}
MIN_SAMPLES = 1000

Sample = tuple[int, int, tuple[float, ...], float, float]  # turn, home, terms, money, final


def play(args: tuple[int, int]) -> list[Sample]:
    """One self-play game: (turn, home port, terms, ducats in hand, final ducats) per sample."""
    players, seed = args
    Fallbacks.strict = True
    game = load_game(GAME)
    policy = heuristic_policy(game)
    rng = random.Random(seed)
    state = game.new_game(players, seed=seed)
    assert isinstance(state, Serenissima2012State)
    random_ports = rng.random() < RANDOM_PORTS
    rows: list[tuple[int, int, int, tuple[float, ...], float]] = []
    while not state.is_over:
        if state.turn >= 1 and state.ply % EVERY == 0:
            for seat in range(players):
                terms = features(state, seat)
                rows.append((state.turn, seat, state.home[seat], terms, float(state.money[seat])))
        for seat in state.to_move():
            legal = state.legal_actions(seat)
            kind = state.stack[-1].kind
            if (kind == "choose_port" and random_ports) or rng.random() < EPSILON:
                action = rng.choice(legal)
            else:
                action = policy(SeatInfo(state, seat), rng)
            state.apply(seat, action)
    final = state.result().scores
    return [(t, home, terms, money, float(final[seat])) for t, seat, home, terms, money in rows]


def fit(samples: list[Sample], homes: list[int]) -> tuple[list[dict[str, float]], list[str]]:
    """Per turn bucket: {feature: weight, "home:<index>": constant}; and a report line each."""
    by_turn: dict[int, list[Sample]] = defaultdict(list)
    for row in samples:
        by_turn[row[0]].append(row)
    enough = min(MIN_SAMPLES, len(samples) // 20)  # small runs (tests) pool fewer samples
    last = max(t for t, rows in by_turn.items() if len(rows) >= enough)
    buckets: list[list[Sample]] = [by_turn[t] for t in range(1, last)]
    buckets.append([r for t, rows in by_turn.items() if t >= last for r in rows])
    out, report = [], []
    for t, rows in enumerate(buckets, start=1):
        terms = np.array([r[2] for r in rows])
        dummies = np.array([[1.0 if r[1] == h else 0.0 for h in homes] for r in rows])
        y = np.array([r[4] - r[3] for r in rows])
        coef, *_ = np.linalg.lstsq(np.hstack([terms, dummies]), y, rcond=None)
        w = np.array(
            [max(FLOOR[f], c) for f, c in zip(FEATURES, coef[: len(FEATURES)], strict=True)]
        )
        rest = y - terms @ w
        consts, *_ = np.linalg.lstsq(dummies, rest, rcond=None)
        pred = terms @ w + dummies @ consts
        final = y + np.array([r[3] for r in rows])
        total = ((final - final.mean()) ** 2).sum()
        r2 = 1 - ((y - pred) ** 2).sum() / total
        hand = np.array([r[3] + sum(r[2][:4]) for r in rows])  # money + the unweighted terms
        slope, icpt = np.polyfit(hand, final, 1)
        r2_hand = 1 - ((final - (slope * hand + icpt)) ** 2).sum() / total
        row = {f: round(float(v), 3) for f, v in zip(FEATURES, w, strict=True)}
        row.update({f"home:{h}": round(float(c), 2) for h, c in zip(homes, consts, strict=True)})
        out.append(row)
        label = f"{t}+" if t == len(buckets) else str(t)
        report.append(
            f"turn {label}: {len(rows)} samples, R^2 {r2:.3f} (hand values {r2_hand:.3f}); "
            + ", ".join(f"{f} {row[f]}" for f in FEATURES)
        )
    return out, report


def toml_text(fits: dict[int, list[dict[str, float]]], args: argparse.Namespace) -> str:
    board = load_game(GAME).board  # type: ignore[attr-defined]
    lines = [
        "# Weights of Serenissima (2012)'s evaluate (evaluate.py): fitted to heuristic self-play",
        f"# by `python benchmarks/fit_evaluate.py --games {args.games} --seed {args.seed}`.",
        "# Do not edit by hand: rerun the fit when the heuristic or the rules change.",
        "# One entry per turn 1, 2, ...; the last one serves every later turn.",
        "",
    ]
    for players, rows in sorted(fits.items()):
        lines.append(f"[players.{players}]")
        for f in FEATURES:
            lines.append(f"{f} = [{', '.join(str(r[f]) for r in rows)}]")
        lines.append("")
        lines.append(f"[players.{players}.home]")
        for p in board.start_ports:
            values = ", ".join(str(r[f"home:{p}"]) for r in rows)
            lines.append(f"{board.port_ids[p]} = [{values}]")
        lines.append("")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=800, help="games per player count")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--check", action="store_true", help="print the fit, write nothing")
    args = parser.parse_args()
    homes = list(load_game(GAME).board.start_ports)  # type: ignore[attr-defined]
    fits = {}
    with Pool(args.workers) as pool:
        for players in (2, 3, 4):
            base = args.seed * 1_000_000 + players * 100_000
            jobs = [(players, base + g) for g in range(args.games)]
            samples = [row for rows in pool.imap(play, jobs, chunksize=8) for row in rows]
            fits[players], report = fit(samples, homes)
            print(f"{players} players, {args.games} games:")
            for line in report:
                print("  " + line)
    if not args.check:
        OUT.write_text(toml_text(fits, args), encoding="utf-8")
        print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
