"""Steps per CPU second of the adapters' loops on two trees, chunk by chunk in turn (issue 19).

    python benchmarks/adapters_pairs.py BEFORE [AFTER] [--game G:P] [--loop gymnasium]
        [--chunks 20] [--episodes 3]

BEFORE and AFTER are `src` directories or git revisions (as for `heuristic_pairs.py`, whose
kept workers this uses); AFTER defaults to this checkout's `src`. The loops are those of
`adapters_speed.py` (engine, pettingzoo, gymnasium; the random agent of `--pick index`), run
from this checkout's benchmarks on both trees.

`adapters_speed.py` times each loop for a few seconds, one tree after the other: on a shared
machine the same code's rate moves by 1.5-2x between such runs, more than the difference
asked about. Here one worker per tree stays up and both play chunk k (`--episodes` episodes,
or games for the engine loop, from seed k * episodes; PettingZoo's the next ones of its own
seed sequence, the same in both workers) one after the other, the first tree
alternating from one chunk to the next, so each chunk's ratio compares two runs a fraction of
a second apart. Each worker first plays one chunk untimed (imports, first calls).

It prints one JSON line per loop: the median over chunks of the ratio of CPU time a step
(BEFORE / AFTER: above 1, AFTER is faster), the ratio of the summed times a step, and the
steps each tree played (the trees may play different games from the same seeds when their
engines or bots draw differently: the ratios are a step's time either way).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
from pathlib import Path
from typing import Any

from heuristic_pairs import ROOT, Worker, tree

WORKER = """
import json, random, sys, time
sys.path.insert(1, {bench!r})
from adapters_speed import engine_games, gymnasium_episodes, pettingzoo_episodes, picker
from arsenale.core.registry import load_game
game_id, loop, players, episodes = {game!r}, sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
pick = picker("index")
if loop == "engine":
    game, rng = load_game(game_id), random.Random(1)
    def chunk(k):
        plies = engine_games(game, players, range(k * episodes, (k + 1) * episodes), rng)
        return plies, plies
elif loop == "pettingzoo":
    from arsenale.adapters import pettingzoo as apz
    env = apz.env(game_id, players=players, seed=1)
    def chunk(k):
        steps = pettingzoo_episodes(env, pick, episodes)
        return steps, steps
else:
    from arsenale.adapters import gymnasium as ags
    env = ags.make(game_id, players=players, opponents="random", seat=0)
    def chunk(k):
        return gymnasium_episodes(env, pick, range(k * episodes, (k + 1) * episodes))
chunk(0)
print("ready", flush=True)
for line in sys.stdin:
    k = int(line)
    start = time.process_time()
    plies, steps = chunk(k)
    print(json.dumps({{"plies": plies, "steps": steps, "cpu": time.process_time() - start}}),
          flush=True)
"""

LOOPS = ("engine", "pettingzoo", "gymnasium")


def summary(pairs: list[tuple[dict[str, Any], dict[str, Any]]], loop: str) -> dict[str, Any]:
    """The ratios of `pairs` (BEFORE's chunk, AFTER's): CPU time a step, before over after."""

    def per_step(r: dict[str, Any]) -> float:
        return float(r["cpu"]) / max(int(r["steps"]), 1)

    before_steps = sum(int(b["steps"]) for b, _ in pairs)
    after_steps = sum(int(a["steps"]) for _, a in pairs)
    before_time = sum(float(b["cpu"]) for b, _ in pairs)
    after_time = sum(float(a["cpu"]) for _, a in pairs)
    return {
        "loop": loop,
        "chunks": len(pairs),
        "ratio_median": round(statistics.median(per_step(b) / per_step(a) for b, a in pairs), 3),
        "ratio_of_sums": round(
            (before_time / max(before_steps, 1)) / (after_time / max(after_steps, 1)), 3
        ),
        "before_steps_per_s": round(before_steps / before_time) if before_time else None,
        "after_steps_per_s": round(after_steps / after_time) if after_time else None,
        "before_steps": before_steps,
        "after_steps": after_steps,
        "load": [round(x, 2) for x in os.getloadavg()],
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("before")
    parser.add_argument("after", nargs="?", default=str(ROOT / "src"))
    parser.add_argument("--game", default="masters-of-venice:5")
    parser.add_argument("--loop", choices=(*LOOPS, "all"), default="all")
    parser.add_argument("--chunks", type=int, default=20)
    parser.add_argument("--episodes", type=int, default=3)
    args = parser.parse_args()
    name, _, count = args.game.partition(":")
    if not count:
        parser.error("--game needs a player count: GAME:PLAYERS")
    loops = LOOPS if args.loop == "all" else (args.loop,)
    with tempfile.TemporaryDirectory() as scratch:
        trees = [tree(args.before, Path(scratch)), tree(args.after, Path(scratch))]
        for loop in loops:
            argv = (loop, count, str(args.episodes))
            before, after = (Worker(src, name, WORKER, argv) for src in trees)
            pairs = []
            try:
                for k in range(1, args.chunks + 1):
                    if k % 2:
                        b, a = before.play(k), after.play(k)
                    else:
                        a, b = after.play(k), before.play(k)
                    pairs.append((b, a))
            finally:
                before.close()
                after.close()
            print(json.dumps({"game": args.game, **summary(pairs, loop)}), flush=True)


if __name__ == "__main__":
    main()
