"""Simulation at scale: Ray with 2 workers against 1 on the same seeds, and the time, memory
and disk of many games projected from a measured run. Writes nothing but its output files.

    python benchmarks/sim_scale.py ray GAME --seats S,S,... --games N [--out DIR]
    python benchmarks/sim_scale.py scale GAME --seats S,S,... --games N [--workers W] [--out DIR]
    python benchmarks/sim_scale.py one GAME --seats ... --games N --workers W --out FILE

`ray` plays the same seeds on a local Ray started with 1 CPU, then with 2, writing a result
file each, and prints the wall times, their ratio and whether the two files are identical;
then the same on the local backend (a pool of 1 and 2 processes), and the load averages.
`scale` runs `one` in a fresh process (so its peak memory is its own) for N/10 and for N
games and prints both measurements with the projection to 1,000,000 games: time at the
measured rate on the same workers, the parent's peak memory (which should not grow with the
games: results stream to the file), the workers' peak, and the file's size. Runs are strict:
a heuristic failure is an error of its game, counted in the output.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from arsenale.sim import simulate

MILLION = 1_000_000


def one(game: str, seats: list[str], games: int, workers: int, out: Path) -> dict[str, Any]:
    out.unlink(missing_ok=True)
    start = time.perf_counter()
    stats = simulate(game, len(seats), seats, games, seed=0, workers=workers, strict=True, out=out)
    seconds = time.perf_counter() - start
    return {
        "game": game,
        "seats": seats,
        "games": games,
        "workers": workers,
        "seconds": seconds,
        "cpu_seconds": sum(
            r.ru_utime + r.ru_stime
            for r in (
                resource.getrusage(resource.RUSAGE_SELF),
                resource.getrusage(resource.RUSAGE_CHILDREN),
            )
        ),
        "parent_peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "worker_peak_mb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024,
        "file_bytes": out.stat().st_size,
        "errors": stats["errors"],
        "mean_plies": stats["mean_plies"],
    }


def scale(game: str, seats: list[str], games: int, workers: int, folder: Path) -> dict[str, Any]:
    runs = []
    for n in (max(1, games // 10), games):
        cmd = [sys.executable, __file__, "one", game, "--seats", ",".join(seats)]
        cmd += ["--games", str(n), "--workers", str(workers), "--out", str(folder / f"{n}.jsonl")]
        done = subprocess.run(cmd, check=True, capture_output=True, text=True)
        runs.append(json.loads(done.stdout))
    big = runs[-1]
    per_game = big["seconds"] / big["games"]
    return {
        "measured": runs,
        "projected_1m": {
            "hours": per_game * MILLION / 3600,
            "cpu_hours": big["cpu_seconds"] / big["games"] * MILLION / 3600,
            "parent_peak_mb": big["parent_peak_mb"],
            "file_gb": big["file_bytes"] / big["games"] * MILLION / 1e9,
        },
    }


def ray_ratio(game: str, seats: list[str], games: int, folder: Path) -> dict[str, Any]:
    import ray

    out: dict[str, Any] = {"game": game, "seats": seats, "games": games}
    out["load_average_before"] = os.getloadavg()
    files = {}
    for cpus in (1, 2):
        path = folder / f"ray{cpus}.jsonl"
        path.unlink(missing_ok=True)
        ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False)
        try:
            start = time.perf_counter()
            simulate(game, len(seats), seats, games, workers=cpus, backend="ray", out=path)
            out[f"seconds_{cpus}"] = time.perf_counter() - start
        finally:
            ray.shutdown()
        files[cpus] = path.read_bytes()
    out["speedup"] = out["seconds_1"] / out["seconds_2"]
    out["identical"] = files[1] == files[2]
    out["lines"] = files[2].count(b"\n")
    # the same on the local backend (a process pool), to tell Ray's cost from the machine's
    for workers in (1, 2):
        path = folder / f"local{workers}.jsonl"
        path.unlink(missing_ok=True)
        start = time.perf_counter()
        simulate(game, len(seats), seats, games, workers=workers, out=path)
        out[f"local_seconds_{workers}"] = time.perf_counter() - start
        out[f"local_{workers}_identical_to_ray"] = path.read_bytes() == files[2]
    out["local_speedup"] = out["local_seconds_1"] / out["local_seconds_2"]
    out["load_average_after"] = os.getloadavg()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=("ray", "scale", "one"))
    parser.add_argument("game")
    parser.add_argument("--seats", required=True)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    seats = args.seats.split(",")
    if args.command == "one":
        print(json.dumps(one(args.game, seats, args.games, args.workers, args.out)))
        return
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.out or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        if args.command == "ray":
            result = ray_ratio(args.game, seats, args.games, folder)
        else:
            result = scale(args.game, seats, args.games, args.workers, folder)
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
