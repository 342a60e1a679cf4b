"""Search bots: speed, where the time goes, and strength (issue: bots and AI interfaces).

    python benchmarks/search.py speed [GAME ...] [--seconds 0.5] [--positions 10] [--players 2]
        iterations per second of `ismcts`, of the same search unguided (random play-outs,
        like OpenSpiel's) and of OpenSpiel's ISMCTS on the same positions (medians), and the
        share of ismcts time spent in determinize, clone, legal_actions, apply, the heuristic
        and evaluate (cProfile, cumulative)
    python benchmarks/search.py match [GAME ...] [--games 100] [--budget 500ms] [--workers 1]
        2 players, seats swapped every other game: ismcts against openspiel-ismcts, equal
        time per decision
    python benchmarks/search.py four [GAME ...] [--games 100] [--budget 1s] [--workers 1]
        4 players: one ismcts (its seat turns with the game number) against three heuristic
        seats
    python benchmarks/search.py pairs [GAME ...] [--games 10] [--budget 50it] [--workers 1]
        2 players, seats swapped every other game, against openspiel-ismcts with the same
        budget: our search unguided with uniformly random play-outs to the end of the game and
        the same exploration constant (`ismcts-plain`, the like-for-like pairing: any
        difference is the implementation, not knowledge), then the `heuristic` bot alone (no
        search: what knowledge alone is worth against OpenSpiel's search), then our `ismcts`
        (search guided by that knowledge), all on the same seeds and budget
    python benchmarks/search.py summary [FILE ...]
        the ismcts win rate with its Wilson 95% interval, its mean rank and its wins per seat,
        per command, game and budget, from the result files (default: every
        benchmarks/results/*.jsonl), counting only games played by the current bots
        (`bot_version`: `ISMCTS_VERSION` and the game's `bot_revision`); with --baseline,
        four-player rows also show how the heuristic does in the same seats on the same seeds

Games are played strict (`bots.base.Fallbacks.strict`): a heuristic failure is an error of
its game, never a quiet fallback move. `match` and `four` append one JSON line per finished
game to `--out` (default benchmarks/results/<command>.jsonl) and skip the games already there
for the same game, seats, seed, budget and bot version, so a long run can be stopped and
resumed in another session. Positions for `speed` are sampled from random play (seeded), so a
run is reproducible up to timing.
"""

from __future__ import annotations

import argparse
import cProfile
import datetime
import json
import pstats
import random
import statistics
import subprocess
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from arsenale.bots.base import Bot, Fallbacks
from arsenale.bots.ismcts import ISMCTS, ISMCTS_VERSION, parse_budget
from arsenale.bots.registry import make_bot
from arsenale.bots.tuning import tuning
from arsenale.core.errors import ArsenaleError
from arsenale.core.game import Game, Policy
from arsenale.core.info import SeatInfo
from arsenale.core.registry import game_ids, load_game
from arsenale.core.state import GameState
from arsenale.sim.runner import play_game, wilson_interval

RESULTS = Path(__file__).resolve().parent / "results"


def positions(game_id: str, players: int, count: int, seed: int = 0) -> list[tuple[GameState, int]]:
    """Positions from random play where the deciding seat has a real choice."""
    game = load_game(game_id)
    rng = random.Random(seed)
    out: list[tuple[GameState, int]] = []
    while len(out) < count:
        state = game.new_game(players, seed=rng.randrange(1 << 30))
        stop = rng.randrange(20, 200)
        while not state.is_over and state.ply < stop:
            for seat in state.to_move():
                state.apply(seat, rng.choice(state.legal_actions(seat)))
        if state.is_over:
            continue
        seat = state.to_move()[0]
        if len(state.legal_actions(seat)) > 1:
            out.append((state, seat))
    return out


def speed(game_id: str, seconds: float, count: int, players: int = 2) -> dict[str, object]:
    """Iterations per second of the `ismcts` bot (guided by the game's heuristic, so each
    iteration costs more), of the same search unguided (uniformly random play-outs, as
    OpenSpiel's bot plays them: the like-for-like comparison) and of OpenSpiel's ISMCTS; the
    time shares are those of the `ismcts` bot. With three or more `players` the `ismcts` bot
    models the rivals and may play out a round (`rival_playout` in bots/tuning.toml), so its
    iterations are not those of two players."""
    budget = f"{int(seconds * 1000)}ms"
    game = load_game(game_id)
    ours = make_bot(f"ismcts:{budget}", game, 1)
    unguided = Bot("ismcts-unguided", ISMCTS(game, seconds=seconds), 1)
    theirs = make_bot(f"openspiel-ismcts:{budget}", game, 1)
    rates: dict[str, list[float]] = {"ismcts": [], "unguided": [], "openspiel-ismcts": []}
    profile = cProfile.Profile()
    for state, seat in positions(game_id, players, count):
        for name, bot in (("ismcts", ours), ("unguided", unguided)):
            bot.choose(SeatInfo(state, seat))
            rates[name].append(bot.policy.last_stats["iterations_per_s"])  # type: ignore[attr-defined]
        profile.enable()  # a second, profiled search: the profiler slows what it measures
        ours.choose(SeatInfo(state, seat))
        profile.disable()
        theirs.choose(SeatInfo(state, seat))
        rates["openspiel-ismcts"].append(theirs.policy.last_stats["simulations_per_s"])  # type: ignore[attr-defined]
    stats = pstats.Stats(profile)
    total = max(row[3] for row in stats.stats.values())  # type: ignore[attr-defined]
    shares = {}
    for name, where in (
        ("determinize", "core/state.py"),
        ("clone", "core/state.py"),
        ("legal_actions", "core/state.py"),
        ("apply", "core/state.py"),
        ("heuristic", "bots/base.py"),
        ("evaluate", "game.py"),
    ):
        cum = sum(
            row[3]
            for (path, _line, func), row in stats.stats.items()  # type: ignore[attr-defined]
            if func == name and path.endswith(where)
        )
        shares[name] = round(cum / total, 3) if total else 0.0
    ours_rate = statistics.median(rates["ismcts"])
    plain_rate = statistics.median(rates["unguided"])
    theirs_rate = statistics.median(rates["openspiel-ismcts"])
    return {
        "game": game_id,
        "players": players,
        "positions": count,
        "seconds_per_decision": seconds,
        "ismcts_iterations_per_s": round(ours_rate, 1),
        "ismcts_unguided_iterations_per_s": round(plain_rate, 1),
        "openspiel_ismcts_simulations_per_s": round(theirs_rate, 1),
        "ratio": round(ours_rate / theirs_rate, 2) if theirs_rate else None,
        "unguided_ratio": round(plain_rate / theirs_rate, 2) if theirs_rate else None,
        "ismcts_time_share": shares,
    }


Planned = tuple[str, list[str], int]  # (game, seats, seed)


def match_games(game_id: str, games: int, budget: str) -> list[Planned]:
    """Game g: pair g // 2, ismcts first in even games (seeds 10000 + pair), second in odd
    ones (seeds 20000 + pair), so any prefix of a run is nearly balanced between seats."""
    a, b = f"ismcts:{budget}", f"openspiel-ismcts:{budget}"
    return [
        (game_id, [a, b] if g % 2 == 0 else [b, a], (10_000 if g % 2 == 0 else 20_000) + g // 2)
        for g in range(games)
    ]


PLAIN = "ismcts-plain"
"""Our ISMCTS without the game's knowledge: uniformly random play-outs played to the end
(`depth` beyond any game's length, so `evaluate` never cuts one), plain UCB with the
exploration constant OpenSpiel's bot is given (`UCB_C` on rewards in [0, 1], `UCT_C` = 2 *
UCB_C on returns in [-1, 1])."""


def plain_factory(game: Game, budget: str | None) -> Policy:
    seconds, iterations = parse_budget(budget)
    return ISMCTS(game, seconds=seconds, iterations=iterations, depth=10**9)


def pair_games(game_id: str, games: int, budget: str) -> list[Planned]:
    """Per pairing (ismcts-plain, then heuristic, then our guided ismcts, each against
    openspiel-ismcts): game g as in `match_games`, seeds 40000 + g // 2 and 50000 + g // 2."""
    out: list[Planned] = []
    theirs = f"openspiel-ismcts:{budget}"
    for ours in (f"{PLAIN}:{budget}", "heuristic", f"ismcts:{budget}"):
        for g in range(games):
            seed = (40_000 if g % 2 == 0 else 50_000) + g // 2
            out.append((game_id, [ours, theirs] if g % 2 == 0 else [theirs, ours], seed))
    return out


def four_games(game_id: str, games: int, budget: str) -> list[Planned]:
    """Game g: seed 30000 + g, the ismcts seat is g mod 4, the other seats are heuristic."""
    out: list[Planned] = []
    for g in range(games):
        seats = ["heuristic"] * 4
        seats[g % 4] = f"ismcts:{budget}"
        out.append((game_id, seats, 30_000 + g))
    return out


def git_commit() -> str | None:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
            cwd=Path(__file__).resolve().parent,
        )
    except (OSError, subprocess.CalledProcessError):
        return None
    return out.stdout.strip() or None


def read_lines(path: Path) -> Iterator[dict[str, Any]]:
    """The JSON lines of a result file; a line cut short by a stopped run is skipped."""
    if not path.exists():
        return
    with path.open() as f:
        for line in f:
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                continue
            if isinstance(row, dict):
                yield row


def bot_version(game_id: str) -> str:
    """The version of the bots' play on a game: `ISMCTS_VERSION` for the search, then the
    game's `bot_revision` (its heuristic and evaluate) when that is not 0, as in "8.1"."""
    load_game(game_id)  # refuses an unknown game
    revision = tuning(game_id).bot_revision
    return ISMCTS_VERSION if revision == 0 else f"{ISMCTS_VERSION}.{revision}"


def _key(command: str, game_id: str, seats: list[str], seed: int, budget: str) -> str:
    return json.dumps([command, game_id, seats, seed, budget, bot_version(game_id)])


def _subject(seats: list[str]) -> int:
    """The seat our bot plays (`ismcts`, `ismcts-plain` or, in `pairs`, the heuristic facing
    OpenSpiel's bot)."""
    for prefix in ("ismcts:", f"{PLAIN}:"):
        for i, spec in enumerate(seats):
            if spec.startswith(prefix):
                return i
    return next(i for i, spec in enumerate(seats) if not spec.startswith("openspiel-"))


def _register_plain() -> None:
    """`ismcts-plain` as a bot kind in this process (and in the pool's workers, forked from
    it), so that `play_game` can make it from its spec."""
    from arsenale.bots import registry

    registry._KINDS.setdefault(PLAIN, plain_factory)


def _share(seat: int, result: dict[str, Any]) -> float:
    """1 if `seat` won alone, 1/k if it shared the win with k - 1 seats, else 0."""
    winners = result["winners"]
    return 1 / len(winners) if seat in winners else 0.0


def ismcts_score(seats: list[str], result: dict[str, Any] | None) -> float | None:
    """The ismcts seat's share of the win (`_share`); None after an error."""
    return None if result is None else _share(_subject(seats), result)


def run_games(
    command: str, planned: list[Planned], budget: str, out: Path, workers: int
) -> dict[str, Any]:
    """Play the planned games not yet in `out`, appending one line per finished game."""
    known = set(game_ids())
    done = {
        _key(r["command"], r["game"], r["seats"], r["seed"], r["budget"])
        for r in read_lines(out)
        if r.get("game") in known and r.get("version") == bot_version(r["game"])
    }
    todo = [p for p in planned if _key(command, p[0], p[1], p[2], budget) not in done]
    commit = git_commit()
    out.parent.mkdir(parents=True, exist_ok=True)

    def record(game_id: str, seats: list[str], seed: int, outcome: dict[str, Any]) -> None:
        row = {
            "command": command,
            "game": game_id,
            "players": len(seats),
            "seats": seats,
            "seed": seed,
            "budget": budget,
            "result": outcome["result"],
            "ismcts_score": ismcts_score(seats, outcome["result"]),
            "plies": outcome["plies"],
            "error": outcome["error"],
            "fallbacks": outcome["fallbacks"],
            "version": bot_version(game_id),
            "commit": commit,
            "timestamp": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        }
        with out.open("a") as f:
            f.write(json.dumps(row) + "\n")

    if workers <= 1:
        for game_id, seats, seed in todo:
            record(game_id, seats, seed, play_game(game_id, len(seats), seats, seed, strict=True))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = {}
            for game_id, seats, seed in todo:
                fut = pool.submit(play_game, game_id, len(seats), seats, seed, strict=True)
                futures[fut] = (game_id, seats, seed)
            for fut in as_completed(futures):
                record(*futures[fut], fut.result())
    return {"command": command, "planned": len(planned), "played_now": len(todo), "out": str(out)}


Played = tuple[int, int, float, int]  # seed, the ismcts seat, its share of the win, its rank


def heuristic_baseline(game_id: str, games: list[Played]) -> dict[str, Any]:
    """The same seeds with the heuristic in every seat: how the seat the ismcts bot played
    fares when the heuristic plays it instead. With seats as unequal as a game's map can make
    them, this is the yardstick for the four-player result."""
    out: list[Played] = []
    for seed, seat, _, _ in games:
        result = play_game(game_id, 4, ["heuristic"] * 4, seed, strict=True)["result"]
        if result is not None:
            out.append((seed, seat, _share(seat, result), int(result["ranks"][seat])))
    return _rates(out)


def _rates(games: list[Played]) -> dict[str, Any]:
    wins, n = sum(g[2] for g in games), len(games)
    lo, hi = wilson_interval(wins, n)
    by_seat: dict[int, list[float]] = {}
    for _, seat, score, _ in games:
        by_seat.setdefault(seat, []).append(score)
    return {
        "games": n,
        "wins": wins,
        "win_rate": round(wins / n, 3) if n else None,
        "win_rate_ci95": [round(lo, 3), round(hi, 3)],
        "mean_rank": round(statistics.mean(g[3] for g in games), 2) if games else None,
        "by_seat": {
            str(seat): {"games": len(s), "wins": sum(s)} for seat, s in sorted(by_seat.items())
        },
    }


def summary(paths: list[Path], baseline: bool = False) -> list[dict[str, Any]]:
    """Per (command, game, budget, and for `pairs` our seat's kind): games of the current bots (`bot_version`), ismcts wins
    (shared wins count a fraction), the win rate and its Wilson 95% interval, the ismcts
    seat's mean rank (1 = first) and its wins per seat; older versions are counted apart so it
    is clear they were left out. With `baseline`, four-player rows also get
    `heuristic_same_seats` (`heuristic_baseline` on the same seeds and seats)."""
    Key = tuple[str, str, str]
    known = set(game_ids())
    played: dict[Key, list[Played]] = {}
    errors: dict[Key, int] = {}
    stale: dict[Key, int] = {}
    for path in paths:
        for r in read_lines(path):
            command = r.get("command", "?")
            if command == "pairs" and r.get("seats"):
                ours = r["seats"][_subject(r["seats"])].split(":")[0]
                command = f"pairs {ours}"
            key = (command, r.get("game", "?"), r.get("budget", "?"))
            if key[1] not in known or r.get("version") != bot_version(key[1]):
                stale[key] = stale.get(key, 0) + 1
                continue
            games = played.setdefault(key, [])
            if r.get("ismcts_score") is None:
                errors[key] = errors.get(key, 0) + 1
                continue
            seat = _subject(r["seats"])
            rank = int(r["result"]["ranks"][seat])
            games.append((int(r["seed"]), seat, float(r["ismcts_score"]), rank))
    rows = []
    for key in sorted(set(played) | set(stale)):
        rates = _rates(played.get(key, []))
        row: dict[str, Any] = {
            "command": key[0],
            "game": key[1],
            "budget": key[2],
            "version": bot_version(key[1]) if key[1] in known else None,
            "games": rates["games"],
            "ismcts_wins": rates["wins"],
            "win_rate": rates["win_rate"],
            "win_rate_ci95": rates["win_rate_ci95"],
            "mean_rank": rates["mean_rank"],
            "by_seat": rates["by_seat"],
            "errors": errors.get(key, 0),
            "other_versions_ignored": stale.get(key, 0),
        }
        if baseline and key[0] == "four" and played.get(key):
            row["heuristic_same_seats"] = heuristic_baseline(key[1], played[key])
        rows.append(row)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("what", choices=["speed", "match", "four", "pairs", "summary"])
    parser.add_argument("args", nargs="*", metavar="GAME|FILE")
    parser.add_argument("--seconds", type=float, default=0.5)
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--players", type=int, default=2, help="speed: player count")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--budget", default=None)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None, help="JSON lines file of results")
    parser.add_argument(
        "--baseline",
        action="store_true",
        help="summary: replay four-player seeds with the heuristic in the ismcts seat",
    )
    args = parser.parse_args()
    Fallbacks.strict = True  # `speed`'s searches; the games set it themselves (play_game)
    _register_plain()
    if args.what == "summary":
        paths = [Path(p) for p in args.args] or sorted(RESULTS.glob("*.jsonl"))
        for row in summary(paths, baseline=args.baseline):
            print(json.dumps(row), flush=True)
        return
    players = {"speed": args.players, "match": 2, "four": 4, "pairs": 2}[args.what]
    for game_id in args.args or game_ids():
        try:
            load_game(game_id).new_game(players, 0)  # the game and player count exist
        except ArsenaleError as e:
            parser.error(str(e))
        if args.what == "speed":
            row = speed(game_id, args.seconds, args.positions, args.players)
        else:
            budget = args.budget or {"match": "500ms", "four": "1s", "pairs": "50it"}[args.what]
            plan = {"match": match_games, "four": four_games, "pairs": pair_games}[args.what]
            out = args.out or RESULTS / f"{args.what}.jsonl"
            row = run_games(args.what, plan(game_id, args.games, budget), budget, out, args.workers)
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
