"""Length in actions (plies of all seats) of uniformly random games, per player count.

    python benchmarks/random_lengths.py [--games 20] GAME [GAME ...]

Game i of a player count is seeded i and its moves drawn by `random.Random(i)` among the
legal actions of the first seat in `to_move()`, as every adapter asks them; a game still
running at `Game.max_game_length` stops there and is counted as unfinished. docs/adapters.md
("Games that do not end") quotes its output.
"""

from __future__ import annotations

import argparse
import random

from arsenale.core.registry import load_game


def lengths(game_id: str, players: int, games: int) -> tuple[list[int], int]:
    """The sorted lengths of `games` random games, and how many were cut unfinished."""
    game = load_game(game_id)
    plies, unfinished = [], 0
    for seed in range(games):
        s = game.new_game(players, seed, None)
        rng = random.Random(seed)
        while not s.over and s.ply < game.max_game_length:
            seat = s.to_move()[0]
            s.apply(seat, rng.choice(s.legal_actions(seat)))
        plies.append(s.ply)
        unfinished += not s.over
    return sorted(plies), unfinished


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_ids", nargs="+", metavar="GAME")
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    for game_id in args.games_ids:
        game = load_game(game_id)
        for n in range(game.min_players, game.max_players + 1):
            plies, unfinished = lengths(game_id, n, args.games)
            print(
                f"{game_id} {n} players: min {plies[0]}, median {plies[len(plies) // 2]}, "
                f"max {plies[-1]}, unfinished {unfinished} of {args.games}",
                flush=True,
            )


if __name__ == "__main__":
    main()
