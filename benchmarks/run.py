"""Speed of every game: `make bench` (or `python benchmarks/run.py`).

Runs `arsenale bench` for each registered game and player count and prints one JSON object per
line: random-play steps per second (median of short windows), games per second, and the median
clone and apply times in microseconds.
"""

from __future__ import annotations

import json
import sys

from arsenale.core.registry import game_ids, load_game
from arsenale.sim.bench import bench


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    for game_id in game_ids():
        game = load_game(game_id)
        for players in range(game.min_players, game.max_players + 1):
            print(json.dumps(bench(game_id, players, seconds=seconds)), flush=True)


if __name__ == "__main__":
    main()
