"""The `arsenale` command: list games, read rules, play, simulate, replay and benchmark.

Every error a user can cause ends with one line on stderr and a non-zero exit status.
"""

from __future__ import annotations

import json
import re
import secrets
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from arsenale import i18n
from arsenale.bots.registry import is_human, parse_spec
from arsenale.cli_language import Command, Group
from arsenale.core.errors import ArsenaleError
from arsenale.core.game import Game
from arsenale.core.record import load_record, replay, save_record
from arsenale.core.registry import game_ids, load_game
from arsenale.i18n import N_, _, ngettext
from arsenale.terminal import (
    Interrupted,
    LineEditor,
    ReplaySession,
    TerminalPlay,
    interactive,
    read_stdin,
    result_table,
    rules_at,
    stdout_console,
)

app = typer.Typer(
    cls=Group,
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help=N_("Arsenale: Mediterranean trade board games to play, simulate and study."),
)


def command(name: str | None = None, *, help: str) -> Any:
    """Declare a command of the app; its help (marked with `N_`) is shown in the language in
    force, with the words of Typer's help around it (cli_language)."""
    return app.command(name, cls=Command, help=help)


EXIT_ERROR = 1
EXIT_INTERRUPTED = 130


@app.callback()
def _language(
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            help=N_(
                "Language of the terminal game and messages: en or fr (default: ARSENALE_LANG, "
                "then LC_ALL, LC_MESSAGES, LANG; English if none is supported)."
            ),
        ),
    ] = None,
) -> None:
    if lang is not None and lang not in i18n.LANGUAGES:
        raise _error(
            _("--lang: no catalogue for {lang}; languages: {languages}").format(
                lang=repr(lang), languages=", ".join(i18n.LANGUAGES)
            )
        )
    i18n.use(i18n.choose(lang))


def main() -> None:
    app()


def _error(message: str) -> typer.Exit:
    """Print a one-line error on stderr; the caller raises the returned Exit."""
    one_line = " ".join(re.split(r"[ \t\n\r\f\v]+", message.strip()))  # French keeps its U+00A0
    print(_("error: {message}").format(message=one_line), file=sys.stderr)
    return typer.Exit(EXIT_ERROR)


@contextmanager
def _user_errors() -> Iterator[None]:
    """Turn Arsenale errors, unusable files and Ctrl-C into one line and an exit status."""
    try:
        yield
    except ArsenaleError as e:
        raise _error(str(e)) from None
    except OSError as e:
        where = f"{e.filename}: " if e.filename else ""
        raise _error(f"{where}{e.strerror or e}") from None
    except KeyboardInterrupt as e:
        out = getattr(e, "out", None)  # a simulation's sim.runner.Interrupted
        if out is None:
            print(_("interrupted"), file=sys.stderr)
        else:
            print(
                _(
                    "interrupted: {n} game(s) of this run are saved in {file}; run the same "
                    "command again to play the rest"
                ).format(n=e.saved, file=out),  # type: ignore[attr-defined]
                file=sys.stderr,
            )
        raise typer.Exit(EXIT_INTERRUPTED) from None


def _load(game_id: str) -> Game:
    """The game, or an ArsenaleError (also for a game package that fails to import)."""
    try:
        return load_game(game_id)
    except ArsenaleError:
        raise
    except Exception as e:  # a game package that is broken or half written
        raise ArsenaleError(
            _("the game {game} cannot be loaded ({error})").format(
                game=repr(game_id), error=f"{type(e).__name__}: {e}"
            )
        ) from None


_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


def _parse_options(game: Game, items: list[str]) -> dict[str, Any]:
    """--option name=value pairs, converted to the type of each option's default."""
    known = {o.name: o for o in game.options}
    out: dict[str, Any] = {}
    for item in items:
        name, sep, raw = item.partition("=")
        name, raw = name.strip(), raw.strip()
        if not sep or not name:
            raise ArsenaleError(_("--option takes name=value, not {item}").format(item=repr(item)))
        if name not in known and name.replace("-", "_") in known:
            name = name.replace("-", "_")
        option = known.get(name)
        value: Any = raw
        if option is not None:
            default = option.default
            if isinstance(default, bool):
                if raw.lower() not in _TRUE + _FALSE:
                    raise ArsenaleError(
                        _("option {name} takes true or false, not {value}").format(
                            name=repr(name), value=repr(raw)
                        )
                    )
                value = raw.lower() in _TRUE
            elif isinstance(default, int):
                try:
                    value = int(raw)
                except ValueError:
                    raise ArsenaleError(
                        _("option {name} takes an integer, not {value}").format(
                            name=repr(name), value=repr(raw)
                        )
                    ) from None
        out[name] = value  # unknown names are reported by the game with its list of options
    return game.check_options(out) if out else {}


def _players_and_seats(
    game: Game, players: int | None, seats: str | None, default_seat: str | None
) -> tuple[int, list[str]]:
    """The player count and one spec per seat, checked."""
    specs = [s.strip() for s in seats.split(",")] if seats is not None else None
    if specs is not None and not all(specs):
        raise ArsenaleError(_("--seats has an empty entry: {seats}").format(seats=repr(seats)))
    if players is None:
        if specs is not None:
            players = len(specs)
        else:
            players = min(max(4, game.min_players), game.max_players)
    if not game.min_players <= players <= game.max_players:
        raise ArsenaleError(_player_count(game, players))
    if specs is None:
        if default_seat is None:
            raise ArsenaleError(_("--seats is required (e.g. --seats random,heuristic)"))
        specs = [default_seat] + ["heuristic"] * (players - 1)
    if len(specs) != players:
        raise ArsenaleError(
            ngettext(
                "{n} player needs {n} seat in --seats, got {got}",
                "{n} players need {n} seats in --seats, got {got}",
                players,
            ).format(n=players, got=len(specs))
        )
    for spec in specs:
        if not is_human(spec):
            parse_spec(spec)
    return players, specs


def _player_count(game: Game, players: int) -> str:
    return _("{game} is for {range} players, not {n}").format(
        game=game.id, range=game.player_range(), n=players
    )


def _print_json(obj: Any) -> None:
    print(json.dumps(obj))


# -- commands --------------------------------------------------------------------------------


@command(
    help=N_("List the games: ids, player counts and options."),
)
def games(
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print JSON."))] = False,
) -> None:
    rows: list[dict[str, Any]] = []
    for gid in game_ids():
        try:
            rows.append(_load(gid).describe())
        except ArsenaleError as e:
            rows.append({"id": gid, "error": str(e)})
    if as_json:
        _print_json(rows)
        return
    table = Table(title=_("Board games"))
    for column in (N_("id"), N_("title"), N_("players"), N_("options")):
        table.add_column(_(column))
    for row in rows:
        if "error" in row:
            table.add_row(row["id"], _("(unavailable)"), "", row["error"])
            continue
        low, high = row["players"]
        options = "\n".join(
            f"{name}={json.dumps(o['default'])}: {o['help']}" for name, o in row["options"].items()
        )
        table.add_row(
            row["id"], row["title"], f"{low}-{high}" if low != high else str(low), options
        )
    stdout_console().print(table)


@command(
    help=N_(
        "Print our summary of a game's rules (Markdown, drawn by Rich at a terminal), or its "
        "sections on TOPIC: those whose heading names it, else those that mention it."
    ),
)
def rules(
    game: Annotated[
        str, typer.Argument(metavar=N_("GAME"), help=N_("Game id (see `arsenale games`)."))
    ],
    topic: Annotated[
        str | None, typer.Argument(metavar=N_("TOPIC"), help=N_("A section heading word."))
    ] = None,
) -> None:
    with _user_errors():
        g = _load(game)
        try:
            text = rules_at(g, topic)
        except FileNotFoundError:
            raise ArsenaleError(
                _("there is no rules summary for {game} yet").format(game=game)
            ) from None
    console = stdout_console()
    if console.is_terminal:
        from rich.markdown import Markdown

        console.print(Markdown(text))
    else:
        print(text)


@command(
    help=N_("Play a game at the terminal (humans take turns at one screen)."),
)
def play(
    game: Annotated[str, typer.Argument(metavar=N_("GAME"), help=N_("Game id."))],
    players: Annotated[int | None, typer.Option(help=N_("Number of players."))] = None,
    seats: Annotated[
        str | None,
        typer.Option(help=N_("Comma-separated seat specs: human, heuristic, random...")),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help=N_("Seed (default: a fresh random one)."))
    ] = None,
    record: Annotated[
        Path | None, typer.Option(metavar=N_("FILE"), help=N_("Save the game record to FILE."))
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option(
            metavar=N_("FILE"),
            help=N_(
                "Continue the game saved in FILE (its seats unless --seats is given; saved "
                "back to FILE unless --record is given)."
            ),
        ),
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help=N_("Game option name=value."))
    ] = None,
    hint: Annotated[
        bool,
        typer.Option("--hint", help=N_("On each human decision, show the search bot's advice.")),
    ] = False,
    hint_budget: Annotated[
        str, typer.Option(help=N_("Search time or iterations per hint, e.g. 1s or 2000it."))
    ] = "1s",
) -> None:
    with _user_errors():
        g = _load(game)
        if resume is not None:
            saved = load_record(resume)
            if saved.get("game") != g.id:
                raise ArsenaleError(
                    _("{file} is a game of {other}, not of {game}").format(
                        file=resume, other=saved.get("game"), game=g.id
                    )
                )
            if saved.get("result") is not None:
                raise ArsenaleError(
                    _("the game in {file} is over; `arsenale replay` shows it").format(file=resume)
                )
            state = replay(saved)
            n = state.players
            if seats is None and saved.get("seats"):
                seats = ",".join(saved["seats"])
            _n, specs = _players_and_seats(g, n, seats, default_seat="human")
            seed = state.seed
            record = record or resume
        else:
            n, specs = _players_and_seats(g, players, seats, default_seat="human")
            options = _parse_options(g, option or [])
            if seed is None:
                seed = secrets.randbits(63)
            state = g.new_game(n, seed, options)
        if record is not None and not record.parent.is_dir():
            raise ArsenaleError(
                _("cannot save the record to {file}: no such directory").format(file=record)
            )
        if hint:
            from arsenale.bots.ismcts import parse_budget

            parse_budget(hint_budget)  # a bad budget is refused before the game starts
        at_terminal = interactive()
        session = TerminalPlay(
            g,
            state,
            specs,
            stdout_console(),
            read_stdin,
            record,
            bot_seed_base=seed + state.ply,
            hint=hint_budget if hint else None,
            editor=LineEditor() if at_terminal else None,
        )
        try:
            session.run()
        except Interrupted:
            print(_("interrupted"), file=sys.stderr)
            raise typer.Exit(EXIT_INTERRUPTED) from None
        except (Exception, KeyboardInterrupt) as e:
            if record is not None:  # keep what was played so far
                save_record(record, state.record(specs))
                print(
                    _("record of the game so far saved to {file}").format(file=record),
                    file=sys.stderr,
                )
            if isinstance(e, ArsenaleError | OSError | KeyboardInterrupt):
                raise
            raise ArsenaleError(
                _("internal error at ply {ply}: {error}").format(
                    ply=state.ply, error=f"{type(e).__name__}: {e}"
                )
            ) from e


_BACKEND_HELP = N_(
    "local (this machine: one process, or a process pool) or ray (Ray tasks on a local Ray "
    "started for the run, or on the cluster named by --address; Ray is arsenale's ray extra)."
)
_OUT_HELP = N_(
    "Append one JSON line per game to FILE as games finish (docs/formats.md); run again with "
    "the same FILE to play only the games missing from it."
)


@command(
    help=N_(
        "Play many games between bots and report win rates per seat and per bot, scores, game "
        "length and the events the game reported."
    ),
)
def simulate(
    game: Annotated[str, typer.Argument(metavar=N_("GAME"), help=N_("Game id."))],
    seats: Annotated[str, typer.Option(help=N_("Comma-separated bot specs, one per seat."))],
    players: Annotated[int | None, typer.Option(help=N_("Number of players."))] = None,
    games: Annotated[
        int,
        typer.Option(help=N_("Number of seeds: a game each, or one per rotation with --rotate.")),
    ] = 100,
    seed: Annotated[int, typer.Option(help=N_("Base seed; game g uses seed+g."))] = 0,
    rotate: Annotated[
        bool,
        typer.Option(
            help=N_(
                "Play each seed once per rotation of the seats (players x games games), so "
                "that seat and bot effects can be told apart."
            )
        ),
    ] = False,
    workers: Annotated[
        int | None,
        typer.Option(
            help=N_("Worker processes (default: every CPU, of the Ray cluster with ray).")
        ),
    ] = None,
    backend: Annotated[str, typer.Option(help=_BACKEND_HELP)] = "local",
    address: Annotated[
        str | None,
        typer.Option(
            help=N_(
                "With --backend ray: the cluster to join (auto: the `ray start` one on this "
                "machine; ray://HOST:10001). Default: a local Ray for this run."
            )
        ),
    ] = None,
    strict: Annotated[
        bool,
        typer.Option(
            help=N_("A heuristic failure is an error of its game instead of a counted fallback.")
        ),
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print JSON."))] = False,
    out: Annotated[Path | None, typer.Option(metavar=N_("FILE"), help=_OUT_HELP)] = None,
    summary: Annotated[
        Path | None,
        typer.Option(
            metavar=N_("FILE"), help=N_("Also write the summary (as --json prints it) to FILE.")
        ),
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help=N_("Game option name=value."))
    ] = None,
) -> None:
    from arsenale.sim.runner import simulate as run_simulation

    with _user_errors():
        g = _load(game)
        n, specs = _players_and_seats(g, players, seats, default_seat=None)
        options = _parse_options(g, option or [])
        _check_writable(summary)
        progress = sys.stdout.isatty() and not as_json
        stats = run_simulation(
            game,
            n,
            specs,
            games,
            seed,
            workers,
            progress,
            options,
            backend,
            strict,
            out=out,
            rotate=rotate,
            address=address,
        )
        if summary is not None:
            summary.write_text(json.dumps(stats, indent=1) + "\n", encoding="utf-8")
    _show_summary(stats, as_json)


@command(
    help=N_(
        "A round robin between bots: every set of PLAYERS bots (or, with fewer bots than "
        "seats, the list repeated from each bot), each in every rotation of the seats, GAMES "
        "seeds each; win rates per bot and per seat and OpenSkill ratings (Plackett-Luce)."
    ),
)
def tournament(
    game: Annotated[str, typer.Argument(metavar=N_("GAME"), help=N_("Game id."))],
    bots: Annotated[
        str, typer.Option(help=N_("Comma-separated bot specs, e.g. heuristic,ismcts:0.2s,random."))
    ],
    players: Annotated[int | None, typer.Option(help=N_("Number of players."))] = None,
    games: Annotated[
        int, typer.Option(help=N_("Seeds per lineup; each seed is played in every seat rotation."))
    ] = 10,
    seed: Annotated[int, typer.Option(help=N_("Base seed; game g uses seed+g."))] = 0,
    workers: Annotated[
        int | None,
        typer.Option(
            help=N_("Worker processes (default: every CPU, of the Ray cluster with ray).")
        ),
    ] = None,
    backend: Annotated[str, typer.Option(help=_BACKEND_HELP)] = "local",
    address: Annotated[
        str | None, typer.Option(help=N_("With --backend ray: the cluster to join (see simulate)."))
    ] = None,
    strict: Annotated[
        bool, typer.Option(help=N_("A heuristic failure is an error of its game."))
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print JSON."))] = False,
    out: Annotated[Path | None, typer.Option(metavar=N_("FILE"), help=_OUT_HELP)] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help=N_("Game option name=value."))
    ] = None,
) -> None:
    from arsenale.sim.runner import tournament as run_tournament

    with _user_errors():
        g = _load(game)
        specs = [b.strip() for b in bots.split(",")]
        if not all(specs):
            raise ArsenaleError(_("--bots has an empty entry: {bots}").format(bots=repr(bots)))
        for spec in specs:
            if is_human(spec):
                raise ArsenaleError(_("tournaments are played by bots only; 'human' is not a bot"))
            parse_spec(spec)
        n = players if players is not None else min(max(len(specs), g.min_players), g.max_players)
        if not g.min_players <= n <= g.max_players:
            raise ArsenaleError(_player_count(g, n))
        options = _parse_options(g, option or [])
        progress = sys.stdout.isatty() and not as_json
        stats = run_tournament(
            game,
            n,
            specs,
            games,
            seed,
            workers,
            progress,
            options,
            backend,
            strict,
            out=out,
            address=address,
        )
    _show_summary(stats, as_json)


@command(
    "summarize",
    help=N_(
        "Merge result files (shards of one run, or several runs) and print each run's summary "
        "as `simulate` does; a game found in two files counts once."
    ),
)
def summarize_command(
    files: Annotated[
        list[Path],
        typer.Argument(metavar=N_("FILE..."), help=N_("Result files (JSON lines) to merge.")),
    ],
    as_json: Annotated[
        bool, typer.Option("--json", help=N_("Print JSON: one object per line, one per run."))
    ] = False,
) -> None:
    from arsenale.sim.results import tally_files

    skipped: dict[str, int] = {}
    with _user_errors():
        tallies = tally_files(files, ratings=_has_openskill(), skipped=skipped)
        summaries = [t.summary() for t in tallies]
    for stats in summaries:
        _show_summary(stats, as_json)
    _warn_skipped(skipped)


def _warn_skipped(skipped: dict[str, int]) -> None:
    for file, n in skipped.items():
        print(
            _("warning: {file}: {n} line(s) that are not result lines were skipped").format(
                file=file, n=n
            ),
            file=sys.stderr,
        )


@command(
    help=N_(
        "Write an HTML report of result files, figures embedded: win rates per seat and per "
        "bot, the first mover's win rate, scores, game length, events, ratings, and a comparison "
        "with tests of the differences when the files hold several runs; `--pdf` also writes "
        "the figures to a PDF (a title page listing the runs, then a figure per page)."
    ),
)
def report(
    files: Annotated[
        list[Path], typer.Argument(metavar=N_("FILE..."), help=N_("Result files (JSON lines)."))
    ],
    html: Annotated[
        Path, typer.Option(metavar=N_("FILE"), help=N_("Write the report to this HTML file."))
    ] = Path("report.html"),
    title: Annotated[str | None, typer.Option(help=N_("The report's title."))] = None,
    pdf: Annotated[
        Path | None,
        typer.Option(
            metavar=N_("FILE"), help=N_("Also write the figures to this PDF, a page each.")
        ),
    ] = None,
) -> None:
    from arsenale.sim.report import write_report

    skipped: dict[str, int] = {}
    with _user_errors():
        _check_writable(html)
        if pdf is not None:
            _check_writable(pdf)
        runs = write_report(files, html, title, pdf, skipped=skipped)
    _warn_skipped(skipped)
    if pdf is None:
        written = _("report of {n} run(s) written to {html}").format(n=runs, html=html)
    else:
        written = _("report of {n} run(s) written to {html} and {pdf}").format(
            n=runs, html=html, pdf=pdf
        )
    print(written)


def _has_openskill() -> bool:
    import importlib.util

    return importlib.util.find_spec("openskill") is not None


def _check_writable(path: Path | None) -> None:
    if path is not None and not path.parent.is_dir():
        raise ArsenaleError(_("cannot write {file}: no such directory").format(file=path))


def _show_summary(stats: dict[str, Any], as_json: bool) -> None:
    """Print a run's summary (JSON, or tables), then warnings about errors and fallbacks."""
    if as_json:
        _print_json(stats)
    else:
        console = stdout_console()
        for table in _summary_tables(stats):
            console.print(table)
        for line in _summary_lines(stats):
            console.print(line, markup=False, highlight=False)
    if stats["errors"]:
        first = stats["error_messages"][0] if stats["error_messages"] else ""
        print(
            _("warning: {n} game(s) raised an error; first: {first}").format(
                n=stats["errors"], first=first
            ),
            file=sys.stderr,
        )
    if stats["fallbacks"]:
        print(
            _(
                "warning: the heuristic failed {n} time(s) in {games} game(s) and a fallback "
                "move was played; --strict makes each such game an error"
            ).format(n=stats["fallbacks"], games=stats["fallback_games"]),
            file=sys.stderr,
        )


def _speed(speed: float) -> str:
    """Games per second with enough digits for slow bots (0.041, not 0.0)."""
    return f"{speed:.1f}" if speed >= 1 else f"{speed:.2g}"


def _rate(rate: float | None) -> str:
    return "-" if rate is None else f"{rate:.3f}"


def _table(title: str, *columns: str, left: int = 1) -> Table:
    """A table under `title` with `columns` (marked texts) in the language in force, the
    first `left` of them on the left and the others, figures, on the right."""
    table = Table(title=title)
    for i, column in enumerate(columns):
        table.add_column(_(column), justify="left" if i < left else "right")
    return table


def _summary_tables(stats: dict[str, Any]) -> list[Table]:
    from arsenale.sim.results import changed_options

    low_seed, high_seed = stats["seeds"]
    n = stats["games"]
    if stats["kind"] == "tournament":
        title = ngettext("{game}: tournament of {n} game", "{game}: tournament of {n} games", n)
    else:
        title = ngettext("{game}: {n} game", "{game}: {n} games", n)
    title = title.format(game=stats["game"], n=n)
    if low_seed is not None:
        title += _(", seeds {low}-{high}").format(low=low_seed, high=high_seed)
    if stats["rotate"]:
        title += _(", seats rotated")
    changed = changed_options(stats["game"], stats["options"])
    if changed:
        title += _(", options {options}").format(
            options=" ".join(f"{k}={json.dumps(v)}" for k, v in sorted(changed.items()))
        )
    tables = []
    lineup = stats["seats"] if stats["kind"] == "simulate" and not stats["rotate"] else None
    seat_table = _table(title, N_("seat"), N_("bot"), left=2)
    for column in (N_("wins"), N_("win rate"), N_("95% CI"), N_("mean score")):
        seat_table.add_column(_(column), justify="right")
    for s in range(stats["players"]):
        low, high = stats["win_rate_ci95"][s]
        score = stats["mean_score"][s]
        seat_table.add_row(
            str(s),
            lineup[s] if lineup else _("(rotated)"),
            f"{stats['wins'][s]:g}",
            _rate(stats["win_rate"][s]),
            f"{low:.3f}-{high:.3f}",
            "-" if score is None else f"{score:.2f}",
        )
    tables.append(seat_table)
    bots = stats["bots"]
    if lineup is None or len(bots) < len(lineup):
        bot_table = _table(
            _("per bot (a bot in k seats of a game counts k seat-games)"),
            N_("bot"),
            N_("seat-games"),
            N_("wins"),
            N_("win rate"),
            N_("95% CI"),
            N_("mean score"),
            N_("rank"),
        )
        for spec, b in bots.items():
            low, high = b["win_rate_ci95"]
            bot_table.add_row(
                spec,
                str(b["games"]),
                f"{b['wins']:g}",
                _rate(b["win_rate"]),
                f"{low:.3f}-{high:.3f}",
                "-" if b["mean_score"] is None else f"{b['mean_score']:.2f}",
                "-" if b["mean_rank"] is None else f"{b['mean_rank']:.2f}",
            )
        tables.append(bot_table)
    if stats.get("ratings"):
        rating_table = _table(
            _("OpenSkill ratings (Plackett-Luce; ordinal = mu - 3 sigma)"),
            N_("bot"),
            N_("mu"),
            N_("sigma"),
            N_("ordinal"),
        )
        for spec, r in stats["ratings"].items():
            rating_table.add_row(spec, f"{r['mu']:.2f}", f"{r['sigma']:.2f}", f"{r['ordinal']:.2f}")
        tables.append(rating_table)
    return tables


def _summary_lines(stats: dict[str, Any]) -> list[str]:
    lines = []
    first = stats["first_mover"]
    if first["games"] and first["even"] < 1:  # alone, the only seat is always first
        low, high = first["win_rate_ci95"]
        lines.append(
            _(
                "first mover won {wins} of {games}: {rate} ({low}-{high}; an even share is {even})"
            ).format(
                wins=f"{first['wins']:g}",
                games=first["games"],
                rate=f"{first['win_rate']:.3f}",
                low=f"{low:.3f}",
                high=f"{high:.3f}",
                even=f"{first['even']:.3f}",
            )
        )
    mean_plies = stats["mean_plies"]
    speed = stats["games_per_s"]
    plies = "-" if mean_plies is None else f"{mean_plies:.1f}"
    lines.append(
        _("mean plies {plies}, ").format(plies=plies)
        + (_("{speed} games/s, ").format(speed=_speed(speed)) if speed is not None else "")
        + _("errors {errors}, heuristic fallbacks {fallbacks} in {games} game(s)").format(
            errors=stats["errors"], fallbacks=stats["fallbacks"], games=stats["fallback_games"]
        )
    )
    if stats.get("resumed"):
        lines.append(
            _("{n} game(s) were already in {file}").format(
                n=stats["resumed"], file=stats.get("out")
            )
        )
    return lines


@command(
    "replay",
    help=N_("Step through a recorded game, or show its view and result at one ply."),
)
def replay_command(
    file: Annotated[Path, typer.Argument(metavar=N_("FILE"), help=N_("A game record (JSON)."))],
    upto: Annotated[
        int | None, typer.Option(metavar="N", help=N_("Replay only the first N actions."))
    ] = None,
    seat: Annotated[
        int | None, typer.Option(help=N_("Show this seat's view (default: spectator)."))
    ] = None,
    step: Annotated[
        bool | None,
        typer.Option(
            "--step/--no-step",
            help=N_(
                "Step through the game (next, previous, jump to a ply, view as a seat, log); "
                "the default at a terminal."
            ),
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help=N_("Print the view and result as JSON."))
    ] = False,
) -> None:
    with _user_errors():
        record = load_record(file)
        actions = record.get("actions")
        if upto is not None and isinstance(actions, list) and upto > len(actions):
            raise ArsenaleError(
                _("--upto {ply} is beyond the record's {n} actions").format(
                    ply=upto, n=len(actions)
                )
            )
        state = replay(record, upto)
        if seat is not None and not 0 <= seat < state.players:
            raise ArsenaleError(
                _("--seat must be between 0 and {last}, not {seat}").format(
                    last=state.players - 1, seat=seat
                )
            )
        view = state.view(seat)
        if step is None:
            step = interactive() and not as_json
        if step and not as_json:
            at_terminal = interactive()
            ReplaySession(
                record,
                stdout_console(),
                read_stdin,
                seat=seat,
                ply=upto if upto is not None else 0,
                editor=LineEditor() if at_terminal else None,
            ).run()
            return
    if as_json:
        result = state.result().to_json() if state.is_over else None
        _print_json({"ply": state.ply, "view": view, "result": result})
        return
    console = stdout_console()
    who = _("spectator") if seat is None else state.seat_label(seat)
    console.rule(
        _("{title}: ply {ply}, view of {who}").format(
            title=state.game.display_title(), ply=state.ply, who=who
        )
    )
    console.print(state.game.render(view, seat))
    if state.is_over:
        console.print(result_table(state, record.get("seats") or None))
    else:
        waiting = ", ".join(state.seat_label(s) for s in state.to_move())
        console.print(
            _("The game is not over; waiting for {seats}.").format(seats=waiting), markup=False
        )


@command(
    "bench",
    help=N_("Measure random-play throughput and clone/apply times."),
)
def bench_command(
    game: Annotated[str, typer.Argument(metavar=N_("GAME"), help=N_("Game id."))],
    players: Annotated[int | None, typer.Option(help=N_("Number of players."))] = None,
    seconds: Annotated[float, typer.Option(help=N_("Time to spend measuring."))] = 3.0,
    seed: Annotated[int, typer.Option(help=N_("Seed of the first game."))] = 0,
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print JSON."))] = False,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help=N_("Game option name=value."))
    ] = None,
) -> None:
    from arsenale.sim.bench import bench

    with _user_errors():
        g = _load(game)
        n, _seats = _players_and_seats(g, players, None, default_seat="random")
        if seconds <= 0:
            raise ArsenaleError(
                _("--seconds must be positive, not {seconds}").format(seconds=seconds)
            )
        stats = bench(game, n, seconds, seed, _parse_options(g, option or []))
    if as_json:
        _print_json(stats)
        return
    stdout_console().print(
        _(
            "{game}, {n} players: {steps} steps/s, {games} games/s, clone {clone} µs, "
            "apply {apply} µs (medians)"
        ).format(
            game=game,
            n=n,
            steps=f"{stats['steps_per_s']:,.0f}",
            games=f"{stats['games_per_s']:,.1f}",
            clone=f"{stats['clone_us']:.1f}",
            apply=f"{stats['apply_us']:.1f}",
        ),
        markup=False,
    )


@command(
    help=N_("Serve the lobby, live games and the API in the browser (docs/server.md)."),
)
def serve(
    db: Annotated[
        str,
        typer.Option(help=N_("Database URL: sqlite:///FILE or postgresql+psycopg://USER@HOST/DB.")),
    ] = "sqlite:///arsenale.sqlite3",
    host: Annotated[str, typer.Option(help=N_("Address to listen on."))] = "127.0.0.1",
    port: Annotated[int, typer.Option(help=N_("Port to listen on."))] = 8000,
    bot_delay: Annotated[
        float, typer.Option(help=N_("Seconds a bot waits before each move, so humans can follow."))
    ] = 0.5,
    new_games: Annotated[
        int, typer.Option(help=N_("New games one address may create at once, and per minute."))
    ] = 10,
    sockets_per_address: Annotated[
        int, typer.Option(help=N_("WebSockets one address may hold open at once."))
    ] = 32,
) -> None:
    import uvicorn
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    from arsenale.server.app import create_app, quiet_garbage_collector
    from arsenale.server.limits import SocketCaps

    with _user_errors():
        try:
            shown = make_url(db).render_as_string(hide_password=True)
        except ArgumentError:
            raise ArsenaleError(
                _("--db {url} is not a database URL").format(url=repr(db))
            ) from None
        if not 0 < port < 65536:
            raise ArsenaleError(
                _("--port must be between 1 and 65535, not {port}").format(port=port)
            )
        if bot_delay < 0:
            raise ArsenaleError(
                _("--bot-delay must not be negative, not {delay}").format(delay=bot_delay)
            )
        if new_games < 1 or sockets_per_address < 1:
            raise ArsenaleError(_("--new-games and --sockets-per-address must be at least 1"))
    stdout_console().print(
        _("Arsenale is serving on {address} (games stored in {db}); Ctrl-C stops.").format(
            address=f"http://{host}:{port}/", db=shown
        ),
        markup=False,
        highlight=False,
    )
    app = create_app(
        db,
        bot_delay=bot_delay,
        new_games=new_games,
        sockets=SocketCaps(per_address=sockets_per_address),
    )
    quiet_garbage_collector()
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        timeout_keep_alive=5,
        ws_max_size=64 * 1024,
        limit_concurrency=2000,
    )
