"""Whether a change to bots/ismcts.py changes play, and so needs a new `ISMCTS_VERSION`.

    python benchmarks/same_play.py [GAME ...] [--rev HEAD] [--positions 4] [--iterations 40]

The search bots of the working tree and those of bots/ismcts.py at git revision `--rev` decide
on the same positions with the same seed and an iteration budget: `ismcts`, `ismcts+heuristic`
and the unguided search (`ISMCTS(game)`), each at the game's smallest and largest player
count, on positions from seeded random play where the deciding seat has a choice. Both run on
the working tree's core and games, so only the search differs. One JSON line per game, player
count and bot: positions, decisions that differ, and root tables (visits per action) that
differ; the exit status is 1 if anything differs. `--rev` must share today's game contract
(issue 20, commit 10b9f51 or later): an older bots/ismcts.py calls hooks the games no longer
have.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

from arsenale.bots import ismcts
from arsenale.bots.base import Fallbacks
from arsenale.core.game import Policy
from arsenale.core.info import SeatInfo
from arsenale.core.registry import game_ids, load_game
from arsenale.core.state import GameState

ROOT = Path(__file__).resolve().parent.parent


def module_at(rev: str) -> types.ModuleType:
    """bots/ismcts.py as it was at git revision `rev`, as a module of its own."""
    source = subprocess.run(
        ["git", "show", f"{rev}:src/arsenale/bots/ismcts.py"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout
    module = types.ModuleType(f"ismcts_at_{rev}")
    exec(compile(source, f"{rev}:bots/ismcts.py", "exec"), module.__dict__)
    return module


def positions(game_id: str, players: int, count: int) -> list[tuple[GameState, int]]:
    """Positions from random play (seeded): in each game, the last one before a ply drawn
    from 20-199 (or before the end) where the deciding seat has a choice."""
    game = load_game(game_id)
    rng = random.Random(players)
    out: list[tuple[GameState, int]] = []
    while len(out) < count:
        state = game.new_game(players, seed=rng.randrange(1 << 30))
        stop = rng.randrange(20, 200)
        last: GameState | None = None
        while not state.is_over and state.ply < stop:
            if len(state.legal_actions(state.to_move()[0])) > 1:
                last = state.clone()
            for seat in state.to_move():
                state.apply(seat, rng.choice(state.legal_actions(seat)))
        if last is not None:
            out.append((last, last.to_move()[0]))
    return out


def bots(module: Any, game_id: str, iterations: int) -> dict[str, Policy]:
    game = load_game(game_id)
    budget = f"{iterations}it"
    return {
        "ismcts": module.ismcts_factory(game, budget),
        "ismcts+heuristic": module.ismcts_heuristic_factory(game, budget),
        "unguided": module.ISMCTS(game, seconds=None, iterations=iterations),
    }


def decision(policy: Any, state: GameState, seat: int, seed: int) -> tuple[int, list[list[int]]]:
    """The chosen action's index and the root table as [action index, visits] rows."""
    action, table = policy.search(SeatInfo(state, seat), random.Random(seed))
    return action.index, [[row[0].index, row[1]] for row in table]


def compare(
    old: Any, new: Any, game_id: str, players: int, count: int, iterations: int
) -> list[dict[str, Any]]:
    places = positions(game_id, players, count)
    before, after = bots(old, game_id, iterations), bots(new, game_id, iterations)
    rows = []
    for name in before:
        moves = tables = 0
        for k, (state, seat) in enumerate(places):
            a = decision(before[name], state, seat, k)
            b = decision(after[name], state, seat, k)
            moves += a[0] != b[0]
            tables += a[1] != b[1]
        rows.append(
            {
                "game": game_id,
                "players": players,
                "bot": name,
                "positions": len(places),
                "iterations": iterations,
                "decisions_differ": moves,
                "tables_differ": tables,
            }
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", metavar="GAME")
    parser.add_argument("--rev", default="HEAD")
    parser.add_argument("--positions", type=int, default=4)
    parser.add_argument("--iterations", type=int, default=40)
    args = parser.parse_args()
    Fallbacks.strict = True
    old = module_at(args.rev)
    differ = False
    for game_id in args.games or game_ids():
        game = load_game(game_id)
        for players in sorted({game.min_players, game.max_players}):
            for row in compare(old, ismcts, game_id, players, args.positions, args.iterations):
                differ = differ or bool(row["decisions_differ"] or row["tables_differ"])
                print(json.dumps(row), flush=True)
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
