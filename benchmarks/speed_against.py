"""Engine speed of the working tree against an earlier git revision, measured in one run.

    python benchmarks/speed_against.py REV [--games g1,g2] [--players 4] [--rounds 5] [--seconds 3]

REV is checked out into a temporary directory (`git worktree`, removed at the end). Then, for
each game and for `--rounds` rounds, `arsenale bench` runs once on each tree in turn (the
order alternating from round to round), each in a fresh process with that tree first on
PYTHONPATH, so both see the same machine load. Prints one JSON line per game: the medians of
steps per second, clone and apply times for each tree, and the median of the per-round ratios
of steps per second (this tree / REV), the figure to quote on a shared, noisy machine. A game
the earlier tree does not have is skipped.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def bench(tree: Path, game: str, players: int, seconds: float) -> dict[str, Any] | None:
    env = {**os.environ, "PYTHONPATH": str(tree / "src")}
    code = "from arsenale.cli import main; main()"
    out = subprocess.run(
        [sys.executable, "-c", code, "bench", game, "--players", str(players),
         "--seconds", str(seconds), "--json"],
        env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    if out.returncode != 0:
        return None
    row: dict[str, Any] = json.loads(out.stdout)
    return row


def median(rows: list[dict[str, Any]], key: str) -> float:
    return round(statistics.median(row[key] for row in rows), 2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rev")
    parser.add_argument("--games", default="serenissima-2012,serenissima-1996")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        old = Path(tmp) / "old"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(old), args.rev],
            check=True, capture_output=True,
        )  # fmt: skip
        try:
            for game in args.games.split(","):
                rows: dict[str, list[dict[str, Any]]] = {"new": [], "old": []}
                ratios = []
                for r in range(args.rounds):
                    order = [("new", ROOT), ("old", old)]
                    if r % 2:
                        order.reverse()
                    got = {name: bench(tree, game, args.players, args.seconds)
                           for name, tree in order}  # fmt: skip
                    if got["old"] is None or got["new"] is None:
                        break
                    for name in rows:
                        rows[name].append(got[name])  # type: ignore[arg-type]
                    ratios.append(got["new"]["steps_per_s"] / got["old"]["steps_per_s"])  # type: ignore[index]
                if not ratios:
                    print(json.dumps({"game": game, "skipped": "not benchable on both trees"}))
                    continue

                print(json.dumps({
                    "game": game,
                    "players": args.players,
                    "rounds": len(ratios),
                    "against": args.rev,
                    "steps_per_s": {"new": median(rows["new"], "steps_per_s"),
                                    "old": median(rows["old"], "steps_per_s")},
                    "clone_us": {"new": median(rows["new"], "clone_us"),
                                 "old": median(rows["old"], "clone_us")},
                    "apply_us": {"new": median(rows["new"], "apply_us"),
                                 "old": median(rows["old"], "apply_us")},
                    "ratio_median": round(statistics.median(ratios), 3),
                    "ratios": [round(x, 3) for x in ratios],
                }), flush=True)  # fmt: skip
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old)],
                check=False, capture_output=True,
            )  # fmt: skip


if __name__ == "__main__":
    main()
