"""Result files of simulations and tournaments: one JSON line per game, and the statistics
made from them game by game.

A line (`arsenale-sim/1`, docs/formats.md) says which run it belongs to (`run_key`: kind,
game, players, options, strict, rotate, entrants and the bots' versions) and which game of
that run it is (`game_key`: lineup, seed, rotation). `Tally` turns lines into the summary
`arsenale simulate` prints, adding one line at a time: its memory grows with the seats, bots,
event types and distinct score and length values, never with the number of games.
"""

from __future__ import annotations

import json
import math
import os
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from importlib.metadata import entry_points
from pathlib import Path
from typing import IO, Any

from arsenale.core.errors import ArsenaleError
from arsenale.i18n import _

FORMAT = "arsenale-sim/1"

Line = dict[str, Any]


def wilson_interval(wins: float, n: float, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (`wins` may be fractional after ties)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + z * z / (4 * n * n))) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def two_proportion_test(wins_a: float, n_a: float, wins_b: float, n_b: float) -> float | None:
    """The two-sided p-value of the pooled two-proportion z-test that two win rates are
    equal (None when either side has no games or nobody / everybody won in both)."""
    if n_a <= 0 or n_b <= 0:
        return None
    pooled = (wins_a + wins_b) / (n_a + n_b)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n_a + 1 / n_b))
    if se == 0:
        return None
    z = (wins_a / n_a - wins_b / n_b) / se
    return math.erfc(abs(z) / math.sqrt(2))


def welch_test(
    mean_a: float, var_a: float, n_a: int, mean_b: float, var_b: float, n_b: int
) -> float | None:
    """The two-sided p-value that two means are equal, Welch's statistic read against the
    normal distribution (the samples here are hundreds of games or more)."""
    if n_a < 2 or n_b < 2:
        return None
    se = math.sqrt(var_a / n_a + var_b / n_b)
    if se == 0:
        return None
    z = (mean_a - mean_b) / se
    return math.erfc(abs(z) / math.sqrt(2))


# -- the bots' versions ------------------------------------------------------------------------


def bot_version(spec: str, game_id: str) -> str:
    """The version of a bot's play on a game: "random"; the heuristic as "r" and the game's
    `bot_revision` (bots/tuning.toml); the search bots as `ISMCTS_VERSION` and that revision
    (as benchmarks/search.py: "8.1"); another kind the version of the package it comes from."""
    from arsenale.bots.registry import GROUP, parse_spec
    from arsenale.bots.tuning import tuning

    kind = parse_spec(spec).kind
    revision = tuning(game_id).bot_revision
    if kind == "random":
        return "random"
    if kind == "heuristic":
        return f"r{revision}"
    if kind in ("ismcts", "ismcts+heuristic"):
        from arsenale.bots.ismcts import ISMCTS_VERSION

        return ISMCTS_VERSION if revision == 0 else f"{ISMCTS_VERSION}.{revision}"
    found = [ep for ep in entry_points(group=GROUP) if ep.name == kind]
    dist = getattr(found[0], "dist", None) if found else None
    if dist is not None:
        return f"{dist.name} {dist.version}"
    return "?"


# -- lines -------------------------------------------------------------------------------------


def rotated(lineup: Sequence[str], rotation: int) -> list[str]:
    """The seats of `lineup` played with rotation r: every bot moves r seats on (the bot
    listed first sits in seat r)."""
    n = len(lineup)
    return [lineup[(s - rotation) % n] for s in range(n)]


_DEFAULTS: dict[str, dict[str, Any]] = {}


def _defaults(game_id: str) -> dict[str, Any]:
    """The game's options with their defaults ({} for a game that cannot be loaded here)."""
    if game_id not in _DEFAULTS:
        from arsenale.core.registry import load_game

        try:
            game = load_game(game_id)
        except Exception:
            return {}
        _DEFAULTS[game_id] = {o.name: o.default for o in game.options}
    return _DEFAULTS[game_id]


def full_options(game_id: str, options: dict[str, Any] | None) -> dict[str, Any]:
    """The options with the game's defaults filled in, so that a line written without
    options and one that names every default belong to one run."""
    return {**_defaults(game_id), **(options or {})}


def changed_options(game_id: str, options: dict[str, Any] | None) -> dict[str, Any]:
    """The options that differ from the game's defaults."""
    defaults = _defaults(game_id)
    return {
        k: v
        for k, v in (options or {}).items()
        if k not in defaults or defaults[k] != v or type(defaults[k]) is not type(v)
    }


def run_key(line: Line) -> str:
    """Which run a line belongs to: lines with one key are games of one experiment (shards of
    it may be in several files); anything that changes the play gives another key."""
    versions = line.get("bot_versions") or {}
    return json.dumps(
        [
            line.get("kind", "simulate"),
            line["game"],
            line["players"],
            full_options(line["game"], line.get("options")),
            bool(line.get("strict")),
            bool(line.get("rotate")),
            line["entrants"],
            versions,
        ],
        sort_keys=True,
    )


def game_key(line: Line) -> tuple[tuple[str, ...], int, int]:
    """Which game of its run a line is."""
    return (tuple(line["lineup"]), int(line["seed"]), int(line.get("rotation", 0)))


_START = b'{"format":"' + FORMAT.encode() + b'"'
"""How every line `dump` writes starts: a last line cut short is a prefix of such a line."""


def _cut_short(raw: bytes) -> bool:
    """Whether `raw`, a last line without its newline, is the start of a result line."""
    return raw.startswith(_START) or _START.startswith(raw)


def _parse(raw: bytes) -> Line | None:
    try:
        line = json.loads(raw)
    except ValueError:  # not JSON, or not UTF-8
        return None
    return line if isinstance(line, dict) and line.get("format") == FORMAT else None


def read_lines(
    path: Path, *, strict: bool = False, skipped: list[int] | None = None
) -> Iterator[Line]:
    """The result lines of a file, one at a time. A last line cut short (a run killed while
    writing) is passed over; another line that is not a result is skipped, its number added
    to `skipped`, or with `strict` refused (the file is not a result file to append to)."""
    with path.open("rb") as f:
        for number, raw in enumerate(f, 1):
            if not raw.strip():
                continue
            line = _parse(raw)
            if line is not None:
                yield line
            elif not raw.endswith(b"\n") and _cut_short(raw):
                continue
            elif strict:
                raise ArsenaleError(
                    _(
                        "{file}: line {n} is not an {format} result line; refusing to append to it"
                    ).format(file=path, n=number, format=FORMAT)
                )
            elif skipped is not None:
                skipped.append(number)


def open_for_append(path: Path) -> IO[str]:
    """The file opened to append lines (a file of result lines: see `read_lines(strict=True)`).
    A last line cut short (a run killed while writing) is dropped first; a whole last line
    without its newline gets one."""
    if path.exists() and path.stat().st_size:
        with path.open("rb+") as f:
            f.seek(0, os.SEEK_END)
            size = f.tell()
            f.seek(size - 1)
            if f.read(1) != b"\n":
                cut = size  # where the last line starts: read back until a newline
                tail = b""
                while cut > 0 and b"\n" not in tail:
                    step = min(cut, 1 << 16)
                    cut -= step
                    f.seek(cut)
                    tail = f.read(step) + tail
                newline = tail.rfind(b"\n")
                cut += newline + 1
                if _parse(tail[newline + 1 :]) is not None:
                    f.seek(0, os.SEEK_END)
                    f.write(b"\n")
                else:
                    f.truncate(cut)
    elif not path.parent.is_dir():
        raise ArsenaleError(_("cannot write {file}: no such directory").format(file=path))
    return path.open("a", encoding="utf-8")


def dump(line: Line) -> str:
    return json.dumps(line, separators=(",", ":")) + "\n"


# -- statistics --------------------------------------------------------------------------------


class _Rate:
    """Wins over games, fractional wins allowed, with sums for means and variances."""

    __slots__ = ("games", "rank_sum", "score_sq", "score_sum", "wins")

    def __init__(self) -> None:
        self.games = 0
        self.wins = 0.0
        self.score_sum = 0.0
        self.score_sq = 0.0
        self.rank_sum = 0

    def add(self, win: float, score: float, rank: int) -> None:
        self.games += 1
        self.wins += win
        self.score_sum += score
        self.score_sq += score * score
        self.rank_sum += rank

    def json(self) -> dict[str, Any]:
        n = self.games
        return {
            "games": n,
            "wins": self.wins,
            "win_rate": self.wins / n if n else None,
            "win_rate_ci95": list(wilson_interval(self.wins, n)),
            "mean_score": self.score_sum / n if n else None,
            "sd_score": _sd(self.score_sum, self.score_sq, n),
            "mean_rank": self.rank_sum / n if n else None,
        }


def _sd(total: float, squares: float, n: int) -> float | None:
    if n < 2:
        return None
    return math.sqrt(max(0.0, (squares - total * total / n) / (n - 1)))


class Tally:
    """The statistics of one run, made one line at a time (see the module's docstring).

    `seed` is the run's base seed, only for the wording of error messages (game g of the run
    has seed + g; None for lines gathered from files); `ratings` also
    rates the bots with OpenSkill's Plackett-Luce model, game by game in a canonical order
    (seed, then lineup, then rotation), whatever the order the lines came in; for that the
    tally keeps each game's seats and ranks. A bot in several seats of one game is rated as
    one player per seat and its new rating is their mean."""

    def __init__(
        self,
        game_id: str,
        players: int,
        entrants: Sequence[str],
        seed: int | None = 0,
        *,
        kind: str = "simulate",
        options: dict[str, Any] | None = None,
        rotate: bool = False,
        ratings: bool = False,
        versions: dict[str, str] | None = None,
    ) -> None:
        self.game = game_id
        self.players = players
        self.entrants = list(entrants)
        self.seed = seed
        self.kind = kind
        self.options = dict(options or {})
        self.rotate = rotate
        self.versions = dict(versions or {})
        self.games = 0
        self.ok = 0
        self.errors = 0
        self.error_messages: list[str] = []
        self.fallbacks = 0
        self.fallback_games = 0
        self.seats = [_Rate() for _ in range(players)]
        self.bots: dict[str, _Rate] = {}
        self.bot_seat: dict[tuple[str, int], _Rate] = {}
        self.first = _Rate()
        self.plies_sum = 0
        self.plies_sq = 0
        self.plies: Counter[int] = Counter()
        self.scores: list[Counter[float]] = [Counter() for _ in range(players)]
        self.bot_scores: dict[str, Counter[float]] = {}
        self.events: Counter[str] = Counter()
        self.event_games: Counter[str] = Counter()
        self.min_seed: int | None = None
        self.max_seed: int | None = None
        self.files: list[str] = []
        self._model: Any = None
        self.ratings: dict[str, Any] = {}
        self._rated: list[tuple[int, tuple[str, ...], int, tuple[str, ...], tuple[int, ...]]] = []
        self._shared: dict[tuple[str, ...], tuple[str, ...]] = {}  # one copy of each lineup
        if ratings and players > 1:  # alone, there is nobody to be rated against
            try:
                from openskill.models import PlackettLuce
            except ImportError:
                raise ArsenaleError(
                    _(
                        "ratings need OpenSkill, which is not installed "
                        "(pip install 'arsenale[report]')"
                    )
                ) from None
            self._model = PlackettLuce()

    @classmethod
    def for_line(cls, line: Line, *, ratings: bool = False) -> Tally:
        """An empty tally for the run `line` belongs to."""
        return cls(
            line["game"],
            int(line["players"]),
            line["entrants"],
            None,
            kind=line.get("kind", "simulate"),
            options=full_options(line["game"], line.get("options")),
            rotate=bool(line.get("rotate")),
            ratings=ratings,
            versions=line.get("bot_versions"),
        )

    def add(self, line: Line) -> None:
        self.games += 1
        seed = int(line["seed"])
        self.min_seed = seed if self.min_seed is None else min(self.min_seed, seed)
        self.max_seed = seed if self.max_seed is None else max(self.max_seed, seed)
        fallbacks = int(line.get("fallbacks") or 0)
        self.fallbacks += fallbacks
        self.fallback_games += fallbacks > 0
        if line.get("error") is not None or line.get("scores") is None:
            self.errors += 1
            if len(self.error_messages) < 5:
                rotation = line.get("rotation", 0)
                where = f"seed {seed}" + (f", rotation {rotation}" if rotation else "")
                lineup = line.get("lineup")
                if self.kind == "tournament" and lineup:
                    where += f", lineup {','.join(lineup)}"
                if self.seed is not None:
                    where = f"game {seed - self.seed} ({where})"
                self.error_messages.append(f"{where}: {line['error']}")
            return
        self.ok += 1
        seats: list[str] = line["seats"]
        scores: list[float] = line["scores"]
        ranks: list[int] = line["ranks"]
        winners: list[int] = line["winners"]
        share = [0.0] * self.players
        for s in winners:
            share[s] = 1 / len(winners)
        for s in range(self.players):
            spec = seats[s]
            self.seats[s].add(share[s], scores[s], ranks[s])
            bot = self.bots.get(spec)
            if bot is None:
                bot = self.bots[spec] = _Rate()
                self.bot_scores[spec] = Counter()
            bot.add(share[s], scores[s], ranks[s])
            pair = self.bot_seat.get((spec, s))
            if pair is None:
                pair = self.bot_seat[(spec, s)] = _Rate()
            pair.add(share[s], scores[s], ranks[s])
            self.scores[s][scores[s]] += 1
            self.bot_scores[spec][scores[s]] += 1
        first = line.get("first_mover")
        if first is not None:
            self.first.add(share[first], scores[first], ranks[first])
        plies = int(line["plies"])
        self.plies_sum += plies
        self.plies_sq += plies * plies
        self.plies[plies] += 1
        for kind, count in (line.get("events") or {}).items():
            self.events[kind] += count
            self.event_games[kind] += 1
        if self._model is not None:
            lineup = tuple(line.get("lineup") or seats)
            shared = self._shared
            self._rated.append(
                (
                    seed,
                    shared.setdefault(lineup, lineup),
                    int(line.get("rotation", 0)),
                    shared.setdefault(tuple(seats), tuple(seats)),
                    tuple(ranks),
                )
            )

    def _rate_all(self) -> None:
        """The ratings, game by game in the canonical order."""
        self.ratings = {}
        self._rated.sort(key=lambda g: g[:3])
        for _seed, _lineup, _rotation, seats, ranks in self._rated:
            self._rate(seats, ranks)

    def _rate(self, seats: Sequence[str], ranks: Sequence[int]) -> None:
        model = self._model
        for spec in seats:
            if spec not in self.ratings:
                self.ratings[spec] = model.rating(name=spec)
        teams = [[model.rating(self.ratings[spec].mu, self.ratings[spec].sigma)] for spec in seats]
        rated = model.rate(teams, ranks=list(ranks))
        new: dict[str, list[Any]] = {}
        for spec, team in zip(seats, rated, strict=True):
            new.setdefault(spec, []).append(team[0])
        for spec, got in new.items():
            mu = sum(r.mu for r in got) / len(got)
            sigma = sum(r.sigma for r in got) / len(got)
            self.ratings[spec] = model.rating(mu, sigma, spec)

    # -- the summary -----------------------------------------------------------------------

    def summary(self, seconds: float | None = None, played: int | None = None) -> dict[str, Any]:
        """The summary `arsenale simulate --json` prints (docs/formats.md). `seconds` and
        `played` (games played by this run) give `games_per_s`; a summary of files has none."""
        ok = self.ok
        seat_stats = [r.json() for r in self.seats]
        out: dict[str, Any] = {
            "kind": self.kind,
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seats": list(self.entrants) if self.kind == "simulate" else None,
            "seed": self.seed if self.seed is not None else self.min_seed,
            "seeds": [self.min_seed, self.max_seed],
            "options": self.options,
            "rotate": self.rotate,
            "wins": [r.wins for r in self.seats],
            "win_rate": [r["win_rate"] for r in seat_stats],
            "win_rate_ci95": [r["win_rate_ci95"] for r in seat_stats],
            "mean_score": [r["mean_score"] for r in seat_stats],
            "mean_rank": [r["mean_rank"] for r in seat_stats],
            "mean_plies": self.plies_sum / ok if ok else None,
            "sd_plies": _sd(self.plies_sum, self.plies_sq, ok),
            "games_per_s": (
                (played if played is not None else self.games) / seconds
                if seconds and seconds > 0
                else None
            ),
            "errors": self.errors,
            "error_messages": list(self.error_messages),
            "fallbacks": self.fallbacks,
            "fallback_games": self.fallback_games,
            "bots": {spec: r.json() for spec, r in sorted(self.bots.items())},
            "first_mover": {
                **self.first.json(),
                "even": 1 / self.players if self.players else None,
            },
            "events": {
                kind: {
                    "total": self.events[kind],
                    "per_game": self.events[kind] / ok if ok else None,
                    "games": self.event_games[kind],
                }
                for kind in sorted(self.events)
            },
        }
        if self.kind == "tournament":
            out["bots_entered"] = list(self.entrants)
        if self._model is not None:
            self._rate_all()
            out["ratings"] = {
                spec: {"mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal()}
                for spec, r in sorted(self.ratings.items(), key=lambda kv: -kv[1].ordinal())
            }
        if self.files:
            out["files"] = list(self.files)
        return out

    def bot_seat_rates(self) -> dict[str, list[dict[str, Any] | None]]:
        """Per bot, its statistics in each seat (None where it never sat)."""
        out: dict[str, list[dict[str, Any] | None]] = {}
        for spec in sorted(self.bots):
            row: list[dict[str, Any] | None] = []
            for s in range(self.players):
                rate = self.bot_seat.get((spec, s))
                row.append(rate.json() if rate is not None else None)
            out[spec] = row
        return out


def tally_files(
    paths: Iterable[Path], *, ratings: bool = False, skipped: dict[str, int] | None = None
) -> list[Tally]:
    """One tally per run found in the files, in the order runs first appear (with `ratings`,
    tournaments rate their bots); a game (same
    run, lineup, seed and rotation) found twice, in one file or two shards, counts once (the
    keys of the games read are kept for that: this reader's memory, unlike a run's, grows
    with the games, by some 150 bytes a game). `skipped` gets, per file, how many of its
    lines were not result lines (a last line cut short aside) and were skipped."""
    tallies: dict[str, Tally] = {}
    seen: dict[str, set[tuple[int, int, int]]] = {}
    lineups: dict[tuple[str, ...], int] = {}  # a number per lineup, so keys are small
    for path in paths:
        if not path.is_file():
            raise ArsenaleError(_("{file}: no such file").format(file=path))
        found = 0
        bad: list[int] = []
        for line in read_lines(path, skipped=bad):
            found += 1
            try:
                key = run_key(line)
                lineup, seed, rotation = game_key(line)
            except (KeyError, TypeError, ValueError) as e:
                raise ArsenaleError(
                    _("{file}: a result line lacks {key}").format(file=path, key=e)
                ) from None
            tally = tallies.get(key)
            if tally is None:
                rated = ratings and line.get("kind") == "tournament"
                tally = tallies[key] = Tally.for_line(line, ratings=rated)
                seen[key] = set()
            if str(path) not in tally.files:
                tally.files.append(str(path))
            game = (lineups.setdefault(lineup, len(lineups)), seed, rotation)
            if game in seen[key]:
                continue
            seen[key].add(game)
            tally.add(line)
        if bad and skipped is not None:
            skipped[str(path)] = skipped.get(str(path), 0) + len(bad)
        if not found:
            raise ArsenaleError(
                _("{file} holds no {format} result lines").format(file=path, format=FORMAT)
            )
    return list(tallies.values())
