"""Bot-only games and tournaments, sequential, on a local process pool or as Ray tasks.

Game g of a run with base seed S is played with seed S + g, and each bot's generator is seeded
from (game seed, seat), so a run's results do not depend on how many workers played it.

Every game reports its heuristic fallbacks (`bots.base.Fallbacks`: the heuristic crashed or
chose an illegal action and the bot played a fallback move instead), counted in the process
that played it; with `strict` a fallback is an error of that game instead.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from arsenale.bots.base import Fallbacks
from arsenale.bots.registry import is_human, make_bot
from arsenale.core import registry
from arsenale.core.errors import ArsenaleError
from arsenale.core.game import Game
from arsenale.core.info import SeatInfo
from arsenale.core.registry import load_game

MAX_PLIES = 200_000
"""A game still running after this many plies is reported as an error (a stuck engine)."""

Outcome = dict[str, Any]
"""What `play_game` returns: {"result": Result JSON or None, "plies": int, "error": str or None,
"fallbacks": int}."""


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in `seat` for the game seeded `game_seed` (stable across runs)."""
    digest = hashlib.blake2b(f"arsenale-bot/{game_seed}/{seat}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def check_setup(
    game_id: str, players: int, seats: Sequence[str], options: dict[str, Any] | None = None
) -> Game:
    """The game, once the player count, options and bot specs are known to be usable."""
    game = load_game(game_id)
    if len(seats) != players:
        raise ArsenaleError(f"{players} players need {players} seats, got {len(seats)}: {seats}")
    game.new_game(players, 0, options or {})  # validates the player count and the options
    for seat, spec in enumerate(seats):
        if is_human(spec):
            raise ArsenaleError(f"simulations are played by bots only; seat {seat} is 'human'")
        make_bot(spec, game, 0)
    return game


def play_game(
    game_id: str,
    players: int,
    seats: list[str],
    seed: int,
    options: dict[str, Any] | None = None,
    max_plies: int = MAX_PLIES,
    strict: bool = False,
) -> Outcome:
    """Play one game between bots; an exception is reported in "error", never raised.
    "fallbacks" counts the heuristic failures the bots answered with a fallback move during
    the game; with `strict` the first one ends the game as an error instead (the process's
    own `Fallbacks.strict` is restored afterwards)."""
    plies = 0
    before = Fallbacks.count
    was_strict = Fallbacks.strict
    Fallbacks.strict = strict
    try:
        game = load_game(game_id)
        if len(seats) != players:
            raise ArsenaleError(f"{players} players need {players} seats, got {len(seats)}")
        state = game.new_game(players, seed, options or {})
        bots = [make_bot(spec, game, bot_seed(seed, s)) for s, spec in enumerate(seats)]
        while not state.is_over:
            movers = state.to_move()
            if not movers:
                raise RuntimeError(f"nobody is to move at ply {state.ply} but the game is not over")
            for seat in movers:
                action = bots[seat].choose(SeatInfo(state, seat))
                state.apply(seat, action)
                plies = state.ply
            if state.ply > max_plies:
                raise RuntimeError(f"the game did not end within {max_plies} plies")
        result: dict[str, Any] | None = state.result().to_json()
        error: str | None = None
    except Exception as e:
        result, error = None, f"{type(e).__name__}: {e}"
    finally:
        Fallbacks.strict = was_strict
    return {"result": result, "plies": plies, "error": error, "fallbacks": Fallbacks.count - before}


def _play_chunk(
    game_id: str,
    players: int,
    seats: list[str],
    seeds: list[int],
    options: dict[str, Any] | None,
    registrations: dict[str, str],
    strict: bool = False,
) -> list[Outcome]:
    """Worker entry point: make the parent's registrations known here, then play the games."""
    for gid, target in registrations.items():
        registry.register(gid, target)
    return [play_game(game_id, players, seats, s, options, strict=strict) for s in seeds]


def _registrations() -> dict[str, str]:
    # The core has no public accessor for registered targets yet; see the sim notes in the
    # report. Games registered at run time (plugins, tests) must reach spawned workers too.
    return registry.registered()


def wilson_interval(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (`wins` may be fractional after ties)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarize(
    game_id: str,
    players: int,
    seats: Sequence[str],
    outcomes: Sequence[Outcome],
    seconds: float,
    seed: int = 0,
) -> dict[str, Any]:
    """Tournament statistics; games that raised are counted in "errors" and nothing else.
    "fallbacks" is the number of heuristic fallbacks over every game (errors included), and
    "fallback_games" the number of games that had at least one."""
    wins = [0.0] * players
    score_sum = [0.0] * players
    plies_sum = 0
    ok = 0
    messages: list[str] = []
    fallbacks = [int(out.get("fallbacks", 0)) for out in outcomes]
    for g, out in enumerate(outcomes):
        if out["error"] is not None or out["result"] is None:
            if len(messages) < 5:
                messages.append(f"game {g} (seed {seed + g}): {out['error']}")
            continue
        ok += 1
        result = out["result"]
        winners = result["winners"]
        for s in winners:
            wins[s] += 1 / len(winners)
        for s, score in enumerate(result["scores"]):
            score_sum[s] += score
        plies_sum += out["plies"]
    return {
        "game": game_id,
        "players": players,
        "games": len(outcomes),
        "seats": list(seats),
        "seed": seed,
        "wins": wins,
        "win_rate": [w / ok if ok else None for w in wins],
        "win_rate_ci95": [list(wilson_interval(w, ok)) for w in wins],
        "mean_score": [t / ok if ok else None for t in score_sum],
        "mean_plies": plies_sum / ok if ok else None,
        "games_per_s": len(outcomes) / seconds if seconds > 0 else None,
        "errors": len(outcomes) - ok,
        "error_messages": messages,
        "fallbacks": sum(fallbacks),
        "fallback_games": sum(1 for n in fallbacks if n),
    }


class _Ticker:
    """A rich progress bar, or nothing."""

    def __init__(self, total: int, enabled: bool) -> None:
        self._bar: Any = None
        if enabled:
            from rich.progress import Progress

            self._bar = Progress(transient=True)
            self._task = self._bar.add_task("playing", total=total)

    def __enter__(self) -> Callable[[int], None]:
        if self._bar is None:
            return lambda n: None
        self._bar.__enter__()
        return lambda n: self._bar.advance(self._task, n)

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.__exit__(None, None, None)


def _chunks(seeds: list[int], workers: int) -> list[list[int]]:
    size = max(1, min(50, math.ceil(len(seeds) / (workers * 4))))
    return [seeds[i : i + size] for i in range(0, len(seeds), size)]


def simulate(
    game_id: str,
    players: int,
    seats: list[str],
    games: int,
    seed: int = 0,
    workers: int = 1,
    progress: bool = False,
    options: dict[str, Any] | None = None,
    backend: str = "local",
    strict: bool = False,
) -> dict[str, Any]:
    """Play `games` bot-only games and return their statistics (see `summarize`). With
    `strict`, a heuristic fallback is an error of its game (see `play_game`)."""
    check_setup(game_id, players, seats, options)
    if games < 1:
        raise ArsenaleError(f"--games must be at least 1, not {games}")
    if workers < 1:
        raise ArsenaleError(f"--workers must be at least 1, not {workers}")
    if backend not in ("local", "ray"):
        raise ArsenaleError(f"unknown backend {backend!r}; backends: local, ray")
    seats = list(seats)
    seeds = [seed + g for g in range(games)]
    start = time.perf_counter()
    with _Ticker(games, progress) as advance:
        if backend == "ray":
            outcomes = _run_ray(game_id, players, seats, seeds, options, workers, advance, strict)
        elif workers == 1:
            outcomes = []
            for s in seeds:
                outcomes.append(play_game(game_id, players, seats, s, options, strict=strict))
                advance(1)
        else:
            outcomes = _run_pool(game_id, players, seats, seeds, options, workers, advance, strict)
    elapsed = time.perf_counter() - start
    return summarize(game_id, players, seats, outcomes, elapsed, seed)


def _run_pool(
    game_id: str,
    players: int,
    seats: list[str],
    seeds: list[int],
    options: dict[str, Any] | None,
    workers: int,
    advance: Callable[[int], None],
    strict: bool,
) -> list[Outcome]:
    chunks = _chunks(seeds, workers)
    regs = _registrations()
    done: list[list[Outcome]] = [[] for _ in chunks]
    try:
        with ProcessPoolExecutor(max_workers=min(workers, len(chunks))) as pool:
            futures = {
                pool.submit(_play_chunk, game_id, players, seats, chunk, options, regs, strict): i
                for i, chunk in enumerate(chunks)
            }
            for fut in as_completed(futures):
                i = futures[fut]
                done[i] = fut.result()
                advance(len(chunks[i]))
    except BrokenProcessPool as e:
        raise ArsenaleError(f"a worker process died during the simulation: {e}") from None
    return [out for chunk in done for out in chunk]


def _run_ray(
    game_id: str,
    players: int,
    seats: list[str],
    seeds: list[int],
    options: dict[str, Any] | None,
    workers: int,
    advance: Callable[[int], None],
    strict: bool,
) -> list[Outcome]:
    """The games as Ray tasks, one per chunk, on the Ray instance `ray.init()` finds or
    starts (the cluster named by RAY_ADDRESS, else one started on this machine by `ray
    start`, else a new local one); `workers` only sizes the chunks, Ray decides how many run
    at once."""
    try:
        import ray
    except ImportError:
        raise ArsenaleError(
            "the ray backend needs Ray, which is not installed (pip install ray); "
            "use --backend local"
        ) from None
    if not ray.is_initialized():
        ray.init(ignore_reinit_error=True, log_to_driver=False)
    task = ray.remote(_play_chunk)
    chunks = _chunks(seeds, workers)
    regs = _registrations()
    refs = {
        task.remote(game_id, players, seats, c, options, regs, strict): i
        for i, c in enumerate(chunks)
    }
    done: list[list[Outcome]] = [[] for _ in chunks]
    pending = list(refs)
    while pending:
        ready, pending = ray.wait(pending, num_returns=1)
        for ref in ready:
            i = refs[ref]
            done[i] = ray.get(ref)
            advance(len(chunks[i]))
    return [out for chunk in done for out in chunk]
