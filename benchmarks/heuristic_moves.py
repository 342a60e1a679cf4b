"""The heuristic bots' moves as fingerprints, and their time per decision.

    python benchmarks/heuristic_moves.py record [--games 200] [GAME ...]   # write the data file
    python benchmarks/heuristic_moves.py check [--games 200] [GAME ...]    # compare with it
    python benchmarks/heuristic_moves.py time [--games 20] [GAME ...]      # ms per decision

Every seat is `heuristic` (strict: a fallback is an error). Game k (k = 0, 1, ...) is seeded k
and has `min_players + k % (max - min + 1)` players, so every player count is played. Its
fingerprint is the BLAKE2b digest (8 bytes, hex) of the moves "seat:action index;" in order.
`record` writes tests/data/heuristic_moves.json, which tests/test_heuristic_moves.py checks
(its first games in the suite, all of them here with `check`): a speed-up of a heuristic
must leave every decision as it was. `time` plays the same games and reports the median over
games of the mean time per call of `Game.heuristic` (the decision in a drawn world) and of the
whole bot (drawing the world included), in milliseconds of CPU time (`time.process_time`:
the machine is shared, and wall time counts the other processes' turns), with the counts.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from arsenale.bots.base import _POLICIES, Fallbacks
from arsenale.bots.registry import make_bot
from arsenale.core.info import SeatInfo
from arsenale.core.registry import load_game
from arsenale.sim.runner import bot_seed

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "heuristic_moves.json"
GAMES = ("serenissima-2012", "serenissima-1996", "masters-of-venice", "amalfi-renaissance")
"""The games whose heuristics must keep their decisions: every registered game (the two newer
games' moves were recorded once their heuristics were settled, from main at b388abc)."""


def players_of(game_id: str, k: int) -> int:
    game = load_game(game_id)
    return game.min_players + k % (game.max_players - game.min_players + 1)


def fingerprint(game_id: str, k: int, clock: dict[str, float] | None = None) -> str:
    """The digest of the moves of heuristic game k (see the module's docstring); with `clock`,
    the time spent in `Game.heuristic` and in the bots is added to it ("heuristic", "bot",
    "decisions", "calls")."""
    game = load_game(game_id)
    players = players_of(game_id, k)
    state = game.new_game(players, k)
    digest = hashlib.blake2b(digest_size=8)
    was = Fallbacks.strict
    Fallbacks.strict = True
    inner = game.heuristic
    spent = [0.0, 0]

    def timed(*args: Any) -> Any:
        t = time.process_time()
        try:
            return inner(*args)
        finally:
            spent[0] += time.process_time() - t
            spent[1] += 1

    if clock is not None:  # the bots' policy calls the game's heuristic as it finds it
        game.heuristic = timed  # type: ignore[method-assign]
        _POLICIES.pop(game.id, None)
    bots = [make_bot("heuristic", game, bot_seed(k, s)) for s in range(players)]
    try:
        while not state.is_over:
            for seat in state.to_move():
                t = time.process_time()
                action = bots[seat].choose(SeatInfo(state, seat))
                if clock is not None:
                    clock["bot"] += time.process_time() - t
                    clock["decisions"] += 1
                digest.update(f"{seat}:{action.index};".encode())
                state.apply(seat, action)
    finally:
        Fallbacks.strict = was
        if clock is not None:
            del game.heuristic
            _POLICIES.pop(game.id, None)
    if clock is not None:
        clock["heuristic"] += spent[0]
        clock["calls"] += spent[1]
    return digest.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("command", choices=("record", "check", "time"))
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--games", dest="count", type=int, default=None)
    args = parser.parse_intermixed_args()
    if args.command == "time":
        count = args.count or 20
        for game_id in args.games:
            per_call, per_bot, calls, decisions = [], [], 0, 0
            for k in range(count):
                clock = dict.fromkeys(("heuristic", "bot", "decisions", "calls"), 0.0)
                fingerprint(game_id, k, clock)
                per_call.append(1000 * clock["heuristic"] / max(clock["calls"], 1))
                per_bot.append(1000 * clock["bot"] / max(clock["decisions"], 1))
                calls += int(clock["calls"])
                decisions += int(clock["decisions"])
            row = {
                "game": game_id,
                "games": count,
                "heuristic_ms_per_call": round(statistics.median(per_call), 4),
                "bot_ms_per_decision": round(statistics.median(per_bot), 4),
                "calls": calls,
                "decisions": decisions,
            }
            print(json.dumps(row), flush=True)
        return
    count = args.count or 200
    if args.command == "record":
        data = json.loads(DATA.read_text()) if DATA.exists() else {}
        for game_id in args.games:
            data[game_id] = [fingerprint(game_id, k) for k in range(count)]
            print(f"{game_id}: {count} games recorded", flush=True)
        DATA.parent.mkdir(exist_ok=True)
        DATA.write_text(json.dumps(data, indent=1) + "\n")
        return
    data = json.loads(DATA.read_text())
    bad = 0
    for game_id in args.games:
        expected = data[game_id][:count]
        differ = [k for k, fp in enumerate(expected) if fingerprint(game_id, k) != fp]
        bad += len(differ)
        print(json.dumps({"game": game_id, "games": len(expected), "differ": differ}), flush=True)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
