"""Bot-only games and tournaments, sequential, on a local process pool or as Ray tasks.

Game g of a run with base seed S is played with seed S + g, and each bot's generator is seeded
from (game seed, seat), so a run's results do not depend on how many workers played it, nor on
the backend: the same seeds give the same lines (results.py) on one process, a pool or Ray.
Results stream: the parent adds each game to a `Tally` and, with an output file, appends its
line as its chunk comes back, so its memory does not grow with the number of games, and a run
started again on the same file plays only the games missing from it.

Every game reports its heuristic fallbacks (`bots.base.Fallbacks`: the heuristic crashed or
chose an illegal action and the bot played a fallback move instead), counted in the process
that played it; with `strict` a fallback is an error of that game instead.
"""

from __future__ import annotations

import hashlib
import math
import os
import socket
import time
from collections import Counter, deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import IO, Any

from arsenale.bots.base import Fallbacks
from arsenale.bots.registry import is_human, make_bot, parse_spec
from arsenale.core import registry
from arsenale.core.errors import ArsenaleError
from arsenale.core.game import Game
from arsenale.core.info import SeatInfo
from arsenale.core.registry import load_game
from arsenale.i18n import _
from arsenale.sim.results import (
    FORMAT,
    Line,
    Tally,
    bot_version,
    dump,
    game_key,
    open_for_append,
    read_lines,
    rotated,
    run_key,
    wilson_interval,
)

__all__ = ["play_game", "simulate", "summarize", "tournament", "wilson_interval"]

MAX_PLIES = 200_000
"""A game still running after this many plies is reported as an error (a stuck engine)."""

Outcome = dict[str, Any]
"""What `play_game` returns: {"result": Result JSON or None, "plies": int, "error": str or None,
"fallbacks": int, "events": {type: count}, "first_mover": int or None}."""


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
        raise ArsenaleError(
            _("{n} players need {n} seats, got {got}: {seats}").format(
                n=players, got=len(seats), seats=seats
            )
        )
    game.new_game(players, 0, options or {})  # validates the player count and the options
    for seat, spec in enumerate(seats):
        if is_human(spec):
            raise ArsenaleError(
                _("simulations are played by bots only; seat {seat} is 'human'").format(seat=seat)
            )
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
    own `Fallbacks.strict` is restored afterwards). "events" counts the events the game
    reported by `type` (every event, private ones included), "first_mover" is the first seat
    that moved alone (None if every decision was simultaneous)."""
    plies = 0
    before = Fallbacks.count
    was_strict = Fallbacks.strict
    Fallbacks.strict = strict
    events: Counter[str] = Counter()
    first: int | None = None
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
            if first is None and len(movers) == 1:
                first = movers[0]
            for seat in movers:
                action = bots[seat].choose(SeatInfo(state, seat))
                for event in state.apply(seat, action):
                    events[event.get("type", "?")] += 1
                plies = state.ply
            if state.ply > max_plies:
                raise RuntimeError(f"the game did not end within {max_plies} plies")
        result: dict[str, Any] | None = state.result().to_json()
        error: str | None = None
    except Exception as e:
        result, error = None, f"{type(e).__name__}: {e}"
    finally:
        Fallbacks.strict = was_strict
    return {
        "result": result,
        "plies": plies,
        "error": error,
        "fallbacks": Fallbacks.count - before,
        "events": dict(sorted(events.items())),
        "first_mover": first,
    }


# -- runs --------------------------------------------------------------------------------------


Task = tuple[list[str], int, int]
"""One game of a run: its lineup, its seed and its rotation."""


@dataclass(frozen=True)
class Run:
    """A run's games: every lineup, played with seeds seed .. seed + games - 1, each seed with
    `rotations` rotations of the seats (1, or the player count with --rotate)."""

    kind: str
    game: str
    players: int
    entrants: tuple[str, ...]
    lineups: tuple[tuple[str, ...], ...]
    games: int
    seed: int
    rotations: int
    options: dict[str, Any]
    strict: bool
    versions: dict[str, str]

    @property
    def total(self) -> int:
        return len(self.lineups) * self.games * self.rotations

    def head(self) -> dict[str, Any]:
        """The fields every line of the run shares."""
        return {
            "format": FORMAT,
            "kind": self.kind,
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "strict": self.strict,
            "rotate": self.rotations > 1,
            "entrants": list(self.entrants),
            "bot_versions": self.versions,
        }

    def tasks(self) -> Iterator[tuple[int, Task]]:
        """Every game of the run with its index, lineup by lineup, seed by seed."""
        i = 0
        for lineup in self.lineups:
            for g in range(self.games):
                for r in range(self.rotations):
                    yield i, (list(lineup), self.seed + g, r)
                    i += 1

    def index_of(self, line: Line) -> int | None:
        """The index of the game a line of this run's key records, or None if it lies
        outside this run (another seed range, lineup or rotation)."""
        lineup, seed, rotation = game_key(line)
        try:
            li = self.lineups.index(lineup)
        except ValueError:
            return None
        g = seed - self.seed
        if not (0 <= g < self.games and 0 <= rotation < self.rotations):
            return None
        return (li * self.games + g) * self.rotations + rotation


def make_line(
    head: dict[str, Any], lineup: list[str], seed: int, rotation: int, outcome: Outcome
) -> Line:
    """The result line of one game (docs/formats.md)."""
    result = outcome["result"]
    return {
        **head,
        "lineup": lineup,
        "seed": seed,
        "rotation": rotation,
        "seats": rotated(lineup, rotation),
        "scores": result["scores"] if result else None,
        "ranks": result["ranks"] if result else None,
        "winners": result["winners"] if result else None,
        "plies": outcome["plies"],
        "first_mover": outcome.get("first_mover"),
        "events": outcome.get("events") or {},
        "fallbacks": int(outcome.get("fallbacks", 0)),
        "error": outcome["error"],
    }


def _register(registrations: dict[str, str]) -> None:
    known = registry.registered()
    for gid, target in registrations.items():
        if known.get(gid) != target:
            registry.register(gid, target)


def _play_tasks(
    head: dict[str, Any], tasks: list[Task], registrations: dict[str, str]
) -> list[Line]:
    """Worker entry point: make the parent's registrations known here (games registered at
    run time, by plugins or tests), then play the games and return their lines."""
    _register(registrations)
    out = []
    for lineup, seed, rotation in tasks:
        seats = rotated(lineup, rotation)
        outcome = play_game(
            head["game"], head["players"], seats, seed, head["options"], strict=head["strict"]
        )
        out.append(make_line(head, lineup, seed, rotation, outcome))
    return out


def _registrations() -> dict[str, str]:
    return registry.registered()


def summarize(
    game_id: str,
    players: int,
    seats: Sequence[str],
    outcomes: Sequence[Outcome],
    seconds: float,
    seed: int = 0,
) -> dict[str, Any]:
    """The statistics of outcomes of `play_game` (game g played with seed + g), as
    `simulate` reports them; games that raised are counted in "errors" and nothing else.
    "fallbacks" is the number of heuristic fallbacks over every game (errors included), and
    "fallback_games" the number of games that had at least one."""
    tally = Tally(game_id, players, seats, seed)
    head = {"game": game_id, "players": players, "options": {}, "bot_versions": {}}
    for g, out in enumerate(outcomes):
        tally.add(make_line(head, list(seats), seed + g, 0, out))
    return tally.summary(seconds)


class _Bits:
    """Which games of a run are done: one bit per game."""

    def __init__(self, n: int) -> None:
        self._bits = bytearray((n + 7) // 8)
        self.count = 0

    def __contains__(self, i: int) -> bool:
        return bool(self._bits[i >> 3] & (1 << (i & 7)))

    def add(self, i: int) -> None:
        if i not in self:
            self._bits[i >> 3] |= 1 << (i & 7)
            self.count += 1


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


def _chunked(tasks: Iterator[tuple[int, Task]], size: int) -> Iterator[list[Task]]:
    chunk: list[Task] = []
    for _index, task in tasks:
        chunk.append(task)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _check_run_args(
    games: int, workers: int | None, backend: str, seed: int = 0, address: str | None = None
) -> None:
    if games < 1:
        raise ArsenaleError(_("--games must be at least 1, not {n}").format(n=games))
    if seed < 0:
        raise ArsenaleError(_("--seed must be at least 0, not {n}").format(n=seed))
    if workers is not None and workers < 1:
        raise ArsenaleError(_("--workers must be at least 1, not {n}").format(n=workers))
    if backend not in BACKENDS:
        raise ArsenaleError(
            _("unknown backend {backend}; backends: {backends}").format(
                backend=repr(backend), backends=", ".join(BACKENDS)
            )
        )
    if address is not None and backend != "ray":
        raise ArsenaleError(_("--address is for --backend ray only"))


BACKENDS = ("local", "ray")


def simulate(
    game_id: str,
    players: int,
    seats: list[str],
    games: int,
    seed: int = 0,
    workers: int | None = 1,
    progress: bool = False,
    options: dict[str, Any] | None = None,
    backend: str = "local",
    strict: bool = False,
    *,
    out: Path | None = None,
    rotate: bool = False,
    address: str | None = None,
) -> dict[str, Any]:
    """Play `games` bot-only games (each `players` times, seats rotated, with `rotate`) and
    return their statistics (`Tally.summary`). With `out`, each game's line is appended to
    that file as it finishes and games already there are not played again. With `strict`, a
    heuristic fallback is an error of its game (see `play_game`). `workers` None: every CPU
    of the machine (local) or of the Ray cluster."""
    options = check_setup(game_id, players, seats, options).check_options(options or {})
    _check_run_args(games, workers, backend, seed, address)
    lineup = tuple(s.strip().lower() for s in seats)
    run = Run(
        "simulate",
        game_id,
        players,
        lineup,
        (lineup,),
        games,
        seed,
        players if rotate else 1,
        options,
        strict,
        {spec: bot_version(spec, game_id) for spec in sorted(set(lineup))},
    )
    tally = Tally(
        game_id, players, lineup, seed, options=options, rotate=rotate, versions=run.versions
    )
    return execute(run, tally, workers, progress, backend, address, out)


def tournament_lineups(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The lineups of a round robin: every set of `players` different bots when there are
    enough of them, else the list of bots repeated from each of its bots in turn (3 bots, 4
    seats: abca, bcab, cabc). Each lineup is then played in every rotation of the seats."""
    k = len(bots)
    if k >= players:
        return list(combinations(bots, players))
    return [tuple(bots[(i + j) % k] for j in range(players)) for i in range(k)]


def tournament(
    game_id: str,
    players: int,
    bots: list[str],
    games: int,
    seed: int = 0,
    workers: int | None = 1,
    progress: bool = False,
    options: dict[str, Any] | None = None,
    backend: str = "local",
    strict: bool = False,
    *,
    out: Path | None = None,
    address: str | None = None,
) -> dict[str, Any]:
    """A round robin (`tournament_lineups`): each lineup played with `games` seeds, each seed
    in every rotation of the seats, streamed and resumed like `simulate`; the summary adds
    the bots' OpenSkill ratings."""
    entrants = tuple(b.strip().lower() for b in bots)
    if players < 2:
        raise ArsenaleError(
            _("a tournament needs at least 2 players, not {n}: ratings need opponents").format(
                n=players
            )
        )
    if len(entrants) < 2:
        raise ArsenaleError(
            _("a tournament needs at least 2 bots, got {n}").format(n=len(entrants))
        )
    if len(set(entrants)) != len(entrants):
        raise ArsenaleError(_("--bots names a bot twice: {bots}").format(bots=",".join(entrants)))
    lineups = tuple(tournament_lineups(entrants, players))
    options = check_setup(game_id, players, lineups[0], options).check_options(options or {})
    for spec in entrants:
        check_setup(game_id, players, [spec] * players, options)
    _check_run_args(games, workers, backend, seed, address)
    run = Run(
        "tournament",
        game_id,
        players,
        entrants,
        lineups,
        games,
        seed,
        players,
        options,
        strict,
        {spec: bot_version(spec, game_id) for spec in sorted(entrants)},
    )
    tally = Tally(
        game_id,
        players,
        entrants,
        seed,
        kind="tournament",
        options=options,
        ratings=True,
        versions=run.versions,
    )
    return execute(run, tally, workers, progress, backend, address, out)


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during a run: `saved` games of the run are in `out` (None: no file)."""

    def __init__(self, saved: int, out: Path | None) -> None:
        super().__init__()
        self.saved = saved
        self.out = out


def execute(
    run: Run,
    tally: Tally,
    workers: int | None,
    progress: bool,
    backend: str,
    address: str | None,
    out: Path | None,
) -> dict[str, Any]:
    """Play the games of `run` missing from `out`, add every game of the run (those already
    in `out` first) to `tally` and return its summary. Lines are written in the order of the
    run's games, chunk by chunk as chunks finish, with at most a few chunks per worker
    waiting; the parent holds no list of results."""
    head = run.head()
    key = run_key({**head, "seats": [], "lineup": [], "seed": 0})
    done = _Bits(run.total)
    if out is not None and not out.exists() and not out.parent.is_dir():
        raise ArsenaleError(_("cannot write {file}: no such directory").format(file=out))
    if out is not None and out.exists():
        for line in read_lines(out, strict=True):
            try:
                if run_key(line) != key:
                    continue
                i = run.index_of(line)
            except (KeyError, TypeError, ValueError):
                continue
            if i is not None and i not in done:
                done.add(i)
                tally.add(line)
    missing = run.total - done.count
    sink: IO[str] | None = None  # opened with the first lines: once the backend is up
    saved = done.count
    start = time.perf_counter()
    try:
        if missing:
            tasks = ((i, t) for i, t in run.tasks() if i not in done)
            with _Ticker(missing, progress) as advance:

                def emit(lines: list[Line]) -> None:
                    nonlocal sink, saved
                    if out is not None and sink is None:
                        sink = open_for_append(out)
                    for line in lines:
                        if sink is not None:
                            sink.write(dump(line))
                        tally.add(line)
                    if sink is not None:
                        sink.flush()
                        saved += len(lines)
                    advance(len(lines))

                _dispatch(head, tasks, missing, workers, backend, address, emit)
    except KeyboardInterrupt:
        raise Interrupted(saved, out) from None
    finally:
        if sink is not None:
            sink.close()
    elapsed = time.perf_counter() - start
    summary = tally.summary(elapsed if missing else None, missing)
    summary["played"] = missing
    summary["resumed"] = run.total - missing
    if out is not None:
        summary["out"] = str(out)
    return summary


def _dispatch(
    head: dict[str, Any],
    tasks: Iterator[tuple[int, Task]],
    count: int,
    workers: int | None,
    backend: str,
    address: str | None,
    emit: Callable[[list[Line]], None],
) -> None:
    """Play the tasks in chunks on the backend and hand each chunk's lines to `emit` in the
    order of the tasks."""
    if backend == "ray":
        _run_ray(head, tasks, count, workers, address, emit)
        return
    parallel = workers or os.cpu_count() or 1
    size = _chunk_size(count, parallel, head["entrants"])
    if parallel == 1:
        for chunk in _chunked(tasks, size):
            emit(_play_tasks(head, chunk, {}))
        return
    regs = _registrations()
    try:
        with ProcessPoolExecutor(max_workers=parallel) as pool:
            _ordered(
                (pool.submit(_play_tasks, head, c, regs) for c in _chunked(tasks, size)),
                lambda fut: fut.result(),
                WINDOW * parallel,
                emit,
            )
    except BrokenProcessPool as e:
        raise ArsenaleError(
            _("a worker process died during the simulation: {error}").format(error=e)
        ) from None


WINDOW = 4
"""Chunks submitted per worker and not yet written: enough to keep every worker busy while
the oldest chunk is awaited, few enough that the parent's memory does not grow."""


def _chunk_size(count: int, parallel: int, entrants: Sequence[str] = ()) -> int:
    """Games a worker plays per chunk: enough to share `count` among the workers' windows, at
    most 50; one when a bot has a budget (a search that thinks for seconds a decision), so
    that every game's line is written, and kept for a resume, as soon as the game ends."""
    if any(parse_spec(spec)[1] is not None for spec in entrants):
        return 1
    return max(1, min(50, math.ceil(count / (parallel * WINDOW))))


def _ordered(
    handles: Iterator[Any],
    result: Callable[[Any], list[Line]],
    window: int,
    emit: Callable[[list[Line]], None],
) -> None:
    """Keep up to `window` chunks in flight; emit them in submission order."""
    pending: deque[Any] = deque()
    for handle in handles:
        pending.append(handle)
        if len(pending) >= window:
            emit(result(pending.popleft()))
    while pending:
        emit(result(pending.popleft()))


def _run_ray(
    head: dict[str, Any],
    tasks: Iterator[tuple[int, Task]],
    count: int,
    workers: int | None,
    address: str | None,
    emit: Callable[[list[Line]], None],
) -> None:
    """The chunks as Ray tasks (one CPU each). Ray is used as found when this process has
    already initialised it; else `address` names the cluster to join ("auto" for the one `ray
    start` runs on this machine, "ray://host:10001" for a remote one), and without it a
    local Ray is started for the run with `workers` CPUs (default: every CPU) and shut down
    after it. `workers` also caps the chunks in flight; by default the cluster's CPUs do."""
    try:
        import ray
    except ImportError:
        raise ArsenaleError(
            _(
                "the ray backend needs Ray, which is not installed (pip install "
                "'arsenale[ray]'); use --backend local"
            )
        ) from None
    started = False
    if not ray.is_initialized():
        if address:
            _check_reachable(address)
        try:
            if address:
                ray.init(address=address, log_to_driver=False)
            else:
                ray.init(
                    address="local",
                    num_cpus=workers or os.cpu_count() or 1,
                    include_dashboard=False,
                    log_to_driver=False,
                )
        except (ConnectionError, RuntimeError, ValueError) as e:
            raise ArsenaleError(
                _("cannot start or reach Ray ({error})").format(error=f"{type(e).__name__}: {e}")
            ) from None
        started = True
    try:
        parallel = workers or max(1, int(ray.cluster_resources().get("CPU", 1)))
        task = ray.remote(num_cpus=1, max_retries=3)(_play_tasks)
        regs = _registrations()
        head_ref = ray.put(head)
        _ordered(
            (
                task.remote(head_ref, c, regs)
                for c in _chunked(tasks, _chunk_size(count, parallel, head["entrants"]))
            ),
            ray.get,
            WINDOW * parallel,
            emit,
        )
    finally:
        if started:
            ray.shutdown()


def _check_reachable(address: str) -> None:
    """Refuse at once a cluster address ("host:port" or "ray://host:port") nothing answers
    at: Ray itself keeps trying for minutes."""
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not port.isdigit():
        return  # "auto", "local" and other forms Ray understands
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=5).close()
    except OSError as e:
        raise ArsenaleError(
            _("cannot reach the Ray cluster at {address}: {error}").format(address=address, error=e)
        ) from None
