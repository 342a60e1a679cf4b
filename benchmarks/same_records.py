"""Whether an engine change leaves play unchanged: seeded random games on this tree and on an
earlier git revision give the same records.

    python benchmarks/same_records.py [--rev main] [--game amalfi-renaissance] [--games 200]

Each game is played by uniformly random choice (a `random.Random` seeded per game) over
`legal_actions`; the game's player count turns through its range and, for Amalfi:
Renaissance, the hand method and the solo rival turn too. Per game a SHA-256 digest is taken
of the record, every event `apply` returned, every legal-action list offered and the final
spectator view. This tree and `--rev` (checked out with `git worktree` into a temporary
directory and run in a fresh process with that tree first on PYTHONPATH) each print their
digests; the exit status is 1 if any game differs. Without `--rev` the digests are printed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def variants(game_id: str, games: int) -> list[tuple[int, dict[str, Any]]]:
    from arsenale.core.registry import load_game

    game = load_game(game_id)
    counts = list(range(game.min_players, game.max_players + 1))
    out: list[tuple[int, dict[str, Any]]] = []
    for i in range(games):
        n = counts[i % len(counts)]
        options: dict[str, Any] = {}
        if game_id == "amalfi-renaissance":
            methods = ["packs", "blind", "personal"] + (["draft", "draft_score"] if n > 1 else [])
            options["hands"] = methods[(i // len(counts)) % len(methods)]
            if n == 1:
                options["rival"] = ("naples", "genoa")[(i // len(counts)) % 2]
        out.append((n, options))
    return out


def digests(game_id: str, games: int) -> list[str]:
    from arsenale.core.registry import load_game

    game = load_game(game_id)
    out = []
    for i, (n, options) in enumerate(variants(game_id, games)):
        h = hashlib.sha256()
        rng = random.Random(1000 + i)
        state = game.new_game(n, seed=i, options=options)
        while not state.is_over:
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            h.update(repr([a.index for a in legal]).encode())
            events = state.apply(seat, legal[rng.randrange(len(legal))])
            h.update(json.dumps(events, sort_keys=True, default=str).encode())
        h.update(json.dumps(state.record(), sort_keys=True).encode())
        h.update(json.dumps(state.view(None), sort_keys=True, default=str).encode())
        out.append(h.hexdigest()[:16])
    return out


def run_on(tree: Path, game_id: str, games: int) -> list[str]:
    env = {**os.environ, "PYTHONPATH": str(tree / "src")}
    out = subprocess.run(
        [sys.executable, __file__, "--game", game_id, "--games", str(games), "--digests"],
        env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    digests: list[str] = json.loads(out.stdout)
    return digests


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev")
    parser.add_argument("--game", default="amalfi-renaissance")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--digests", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.digests or not args.rev:
        print(json.dumps(digests(args.game, args.games)))
        return
    new = run_on(ROOT, args.game, args.games)
    with tempfile.TemporaryDirectory() as tmp:
        old_tree = Path(tmp) / "old"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(old_tree), args.rev],
            check=True, capture_output=True,
        )  # fmt: skip
        try:
            old = run_on(old_tree, args.game, args.games)
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old_tree)],
                check=False, capture_output=True,
            )  # fmt: skip
    differ = [i for i, (a, b) in enumerate(zip(new, old, strict=True)) if a != b]
    print(json.dumps({"game": args.game, "games": len(new), "against": args.rev,
                      "differ": differ}))  # fmt: skip
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
