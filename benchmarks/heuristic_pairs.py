"""A heuristic's CPU time per call on two trees, game by game in turn (issue 19).

    python benchmarks/heuristic_pairs.py BEFORE [AFTER] [--game G] [--games 20] [--rounds 3]

BEFORE and AFTER are each a `src` directory or a git revision of this repository (extracted
with `git archive` into a temporary directory); AFTER defaults to this checkout's `src`; `--game`
defaults to serenissima-2012.

`heuristic_moves.py time` plays one tree's games, then the other's. On a shared machine the
speed of the same code moves by more than 1.5x between runs a few seconds apart, so the ratio
of two such runs mixes the trees' difference with the machine's drift. Here one worker process
per tree (its tree first on `PYTHONPATH`) stays up, and both play heuristic game k (the games
of `heuristic_moves.py`: seed k, every seat `heuristic`) one after the other, the first tree
alternating from one game to the next; each game's ratio compares two runs well under a
second apart. Each worker first plays one game untimed (imports, first calls).

It prints one JSON line per round and a last one for all rounds: the median over games of
the per-game ratio of the time a call of `Game.heuristic` (BEFORE / AFTER: above 1, AFTER is
faster), the same for the whole bot's decision, the ratio of the summed times, and the games
whose moves differ between the trees (each game's fingerprint: none may differ when a change
keeps every decision).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

WORKER = """
import json, sys
sys.path.insert(1, {bench!r})
from heuristic_moves import fingerprint
game = {game!r}
fingerprint(game, 0, dict.fromkeys(("heuristic", "bot", "decisions", "calls"), 0.0))
print("ready", flush=True)
for line in sys.stdin:
    k = int(line)
    clock = dict.fromkeys(("heuristic", "bot", "decisions", "calls"), 0.0)
    fp = fingerprint(game, k, clock)
    print(json.dumps({{"fingerprint": fp, **clock}}), flush=True)
"""


def tree(spec: str, scratch: Path) -> Path:
    """A `src` directory: `spec` itself if it is one, else revision `spec` extracted."""
    if Path(spec).is_dir():
        return Path(spec).resolve()
    done = subprocess.run(["git", "-C", str(ROOT), "archive", spec, "src"], capture_output=True)
    if done.returncode:
        message = done.stderr.decode(errors="replace").strip()
        raise SystemExit(f"{spec!r} is neither a src directory nor a revision: {message}")
    data = done.stdout
    target = scratch / spec.replace("/", "_")
    with tarfile.open(fileobj=BytesIO(data)) as archive:
        archive.extractall(target, filter="data")
    return target / "src"


class Worker:
    """One Python process on one tree (`src` first on its path) running `code` (`WORKER` by
    default: heuristic games), formatted with the benchmarks' directory and `game`, with
    `args` as its command line: it prints "ready", then answers each number it reads with
    one JSON line."""

    def __init__(
        self, src: Path, game: str, code: str = WORKER, args: tuple[str, ...] = ()
    ) -> None:
        env = {**os.environ, "PYTHONPATH": str(src)}
        source = code.format(bench=str(ROOT / "benchmarks"), game=game)
        self.proc = subprocess.Popen(
            [sys.executable, "-c", source, *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        assert self.proc.stdout is not None and self.proc.stdout.readline().strip() == "ready"

    def play(self, k: int) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(f"{k}\n")
        self.proc.stdin.flush()
        result: dict[str, Any] = json.loads(self.proc.stdout.readline())
        return result

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def summary(
    pairs: list[tuple[dict[str, Any], dict[str, Any]]], games: int, label: str
) -> dict[str, Any]:
    """The ratios of `pairs` (BEFORE's result, AFTER's), game k at index k modulo `games`."""

    def per_call(r: dict[str, Any]) -> float:
        return float(r["heuristic"]) / max(r["calls"], 1)

    def per_decision(r: dict[str, Any]) -> float:
        return float(r["bot"]) / max(r["decisions"], 1)

    return {
        "round": label,
        "games": len(pairs),
        "heuristic_ratio_median": round(
            statistics.median(per_call(b) / per_call(a) for b, a in pairs), 3
        ),
        "bot_ratio_median": round(
            statistics.median(per_decision(b) / per_decision(a) for b, a in pairs), 3
        ),
        "heuristic_ratio_of_sums": round(
            sum(b["heuristic"] for b, _ in pairs) / sum(a["heuristic"] for _, a in pairs), 3
        ),
        "before_ms_per_call": round(
            1000 * sum(b["heuristic"] for b, _ in pairs) / sum(b["calls"] for b, _ in pairs), 4
        ),
        "after_ms_per_call": round(
            1000 * sum(a["heuristic"] for _, a in pairs) / sum(a["calls"] for _, a in pairs), 4
        ),
        "calls": int(sum(a["calls"] for _, a in pairs)),
        "moves_differ": sorted(
            {i % games for i, (b, a) in enumerate(pairs) if b["fingerprint"] != a["fingerprint"]}
        ),
        "load": [round(x, 2) for x in os.getloadavg()],
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("before")
    parser.add_argument("after", nargs="?", default=str(ROOT / "src"))
    parser.add_argument("--game", default="serenissima-2012")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        before = Worker(tree(args.before, Path(scratch)), args.game)
        after = Worker(tree(args.after, Path(scratch)), args.game)
        every: list[tuple[dict[str, Any], dict[str, Any]]] = []
        try:
            for r in range(args.rounds):
                pairs = []
                for k in range(args.games):
                    if (r * args.games + k) % 2 == 0:
                        b = before.play(k)
                        a = after.play(k)
                    else:
                        a = after.play(k)
                        b = before.play(k)
                    pairs.append((b, a))
                every += pairs
                print(json.dumps(summary(pairs, args.games, str(r + 1))), flush=True)
        finally:
            before.close()
            after.close()
        print(json.dumps(summary(every, args.games, "all")), flush=True)


if __name__ == "__main__":
    main()
