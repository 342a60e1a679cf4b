"""Amalfi: Renaissance in heuristic self-play: wins by position from the Wind Rose holder (the
first player) and by starting pack, shared wins split, with Wilson 95% intervals.

    python benchmarks/amalfi_balance.py 200 [hands=blind ...]

(benchmarks/results/amalfi.md, Seat balance). Seeds 0..GAMES-1, the heuristic's generator
seeded with the game's seed.
"""

from __future__ import annotations

import random
import sys
from collections import Counter

from arsenale.core.registry import load_game
from arsenale.sim import wilson_interval


def main(games: int, options: dict[str, object]) -> None:
    game = load_game("amalfi-renaissance")
    for n in (2, 3, 4):
        position: Counter[int] = Counter()
        won: Counter[str] = Counter()
        taken: Counter[str] = Counter()
        for seed in range(games):
            state = game.new_game(n, seed, options)
            rng = random.Random(seed)
            first = state.first  # type: ignore[attr-defined]
            while not state.is_over:
                seat = state.to_move()[0]
                state.apply(seat, game.heuristic(state, seat, state.legal_actions(seat), rng))
            ranks = state.result().ranks
            top = [s for s in range(n) if ranks[s] == 1]
            players = state.view(None)["players"]
            for s in range(n):
                taken[str(players[s]["pack"])] += 1
            for s in top:
                position[(s - first) % n] += 1 / len(top)
                won[str(players[s]["pack"])] += 1 / len(top)
        cells = []
        for k in range(n):
            low, high = wilson_interval(position[k], games)
            cells.append(f"{k + 1}: {position[k] / games:.3f} [{low:.3f}, {high:.3f}]")
        print(f"{n}p {options}: by position from the Wind Rose holder: " + "; ".join(cells))
        print("   by pack: " + "; ".join(f"{p} {won[p]:.1f}/{taken[p]}" for p in sorted(taken)))


if __name__ == "__main__":
    opts: dict[str, object] = dict(a.split("=", 1) for a in sys.argv[2:])
    main(int(sys.argv[1]), opts)
