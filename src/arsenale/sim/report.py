"""`arsenale report`: an HTML page about result files (one file, no external resource; the
figures are Matplotlib PNGs embedded as base64; with `pdf`, the same figures in a PDF).

For each run in the files (`results.tally_files`): win rates per seat and per bot with
Wilson 95% intervals, the win rate of each bot in each seat, the first mover's win rate,
score distributions, game length, how often each event type occurred (the games' own events,
counted by `play_game`: sales, battles, captures... whatever the game reports), and for a
tournament the OpenSkill ratings. With several runs (files, options or lineups), a comparison
of each run with the first run of the same game and player count (runs of other games are
shown side by side, untested): differences of win rates by the pooled two-proportion z-test and
of mean game length by Welch's statistic against the normal distribution, two-sided p-values.
"""

from __future__ import annotations

import base64
import html
import importlib.util
import io
import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from arsenale.core.errors import ArsenaleError
from arsenale.i18n import _
from arsenale.sim.results import (
    Tally,
    changed_options,
    tally_files,
    two_proportion_test,
    welch_test,
)

CSS = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 70em; color: #222; }
h1 { font-size: 1.6em; } h2 { border-bottom: 1px solid #ccc; margin-top: 2em; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
figure { margin: 1em 0; } figure img { max-width: 100%; }
figcaption, .note { color: #555; font-size: 0.9em; }
.signif { font-weight: bold; }
"""


def _matplotlib() -> Any:
    if importlib.util.find_spec("matplotlib") is None:
        raise ArsenaleError(
            _("reports need Matplotlib, which is not installed (pip install 'arsenale[report]')")
        )
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


_PDF: list[Any] = []
"""The PDF being written alongside the HTML (`write_report(pdf=...)`): its PdfPages, if any."""


def _png(fig: Any, caption: str = "") -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90, bbox_inches="tight")
    if _PDF:  # the same figure on a page of its own, its caption beneath
        fig.text(0.5, -0.02, caption, ha="center", va="top", fontsize=8, wrap=True)
        _PDF[0].savefig(fig, bbox_inches="tight")
    fig.clf()
    import matplotlib.pyplot as plt

    plt.close(fig)
    return base64.b64encode(buf.getvalue()).decode("ascii")


def _figure(fig: Any, caption: str) -> str:
    return (
        f'<figure><img alt="{html.escape(caption)}" '
        f'src="data:image/png;base64,{_png(fig, caption)}">'
        f"<figcaption>{html.escape(caption)}</figcaption></figure>"
    )


def _fmt(value: float | None, digits: int = 3) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _ci(ci: Sequence[float]) -> str:
    return f"{ci[0]:.3f}-{ci[1]:.3f}"


def _p(p: float | None) -> str:
    if p is None:
        return "-"
    text = f"{p:.2g}" if p >= 0.001 else "&lt;0.001"
    return f'<span class="signif">{text}</span>' if p < 0.05 else text


def _table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """Cells are HTML already (escape text before)."""
    out = ["<table><thead><tr>", *(f"<th>{h}</th>" for h in head), "</tr></thead><tbody>"]
    for row in rows:
        out.append("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>")
    out.append("</tbody></table>")
    return "".join(out)


def _describe(t: Tally) -> str:
    what = "tournament between" if t.kind == "tournament" else "lineup"
    parts = [
        f"{t.game}, {t.players} player{'' if t.players == 1 else 's'}, {what} "
        + ", ".join(t.entrants),
        "seats rotated" if t.rotate else "seats as listed",
    ]
    changed = changed_options(t.game, t.options)
    parts.append(
        "options " + ", ".join(f"{k}={json.dumps(v)}" for k, v in sorted(changed.items()))
        if changed
        else "default options"
    )
    return "; ".join(parts)


def _rate_rows(rates: dict[str, dict[str, Any]]) -> list[list[str]]:
    return [
        [
            html.escape(name),
            str(r["games"]),
            f"{r['wins']:g}",
            _fmt(r["win_rate"]),
            _ci(r["win_rate_ci95"]),
            _fmt(r["mean_score"], 2),
            _fmt(r["sd_score"], 2),
            _fmt(r["mean_rank"], 2),
        ]
        for name, r in rates.items()
    ]


RATE_HEAD = ["seat", "games", "wins", "win rate", "95% CI", "mean score", "sd", "mean rank"]


def _win_rate_figure(plt: Any, t: Tally) -> str:
    seats = {f"seat {s}": r.json() for s, r in enumerate(t.seats)}
    bots = {spec: r.json() for spec, r in sorted(t.bots.items())}
    fig, axes = plt.subplots(1, 2, figsize=(10, 3.2), squeeze=False)
    for ax, (title, rates) in zip(axes[0], (("per seat", seats), ("per bot", bots)), strict=True):
        names = list(rates)
        values = [rates[n]["win_rate"] or 0.0 for n in names]
        low = [
            max(0.0, v - rates[n]["win_rate_ci95"][0]) for n, v in zip(names, values, strict=True)
        ]
        high = [
            max(0.0, rates[n]["win_rate_ci95"][1] - v) for n, v in zip(names, values, strict=True)
        ]
        ax.bar(range(len(names)), values, yerr=[low, high], capsize=4, color="#4a7bb7")
        ax.axhline(1 / t.players, color="#999", linestyle="--", linewidth=1)
        ax.set_xticks(range(len(names)), names, rotation=20, ha="right")
        ax.set_ylim(0, 1)
        ax.set_title(f"win rate {title}")
    return _figure(fig, "Win rates with Wilson 95% intervals; dashed: an even share (1/players).")


def _histogram(ax: Any, counts: Counter[Any], label: str) -> None:
    if not counts:
        return
    values = sorted(counts)
    bins = min(40, len(values)) if len(values) > 1 else 1
    ax.hist(values, bins=bins, weights=[counts[v] for v in values], histtype="step", label=label)


def _score_figure(plt: Any, t: Tally) -> str:
    fig, axes = plt.subplots(1, 2, figsize=(10, 3.2), squeeze=False)
    for s, counts in enumerate(t.scores):
        _histogram(axes[0][0], counts, f"seat {s}")
    for spec, counts in sorted(t.bot_scores.items()):
        _histogram(axes[0][1], counts, spec)
    for ax, title in zip(axes[0], ("final scores per seat", "final scores per bot"), strict=True):
        ax.set_title(title)
        ax.set_xlabel("score")
        ax.set_ylabel("games")
        ax.legend(fontsize=8)
    return _figure(fig, "Distribution of the final scores (games without an error).")


def _length_figure(plt: Any, t: Tally) -> str:
    fig, ax = plt.subplots(figsize=(6, 3))
    _histogram(ax, t.plies, "plies")
    ax.set_title("game length")
    ax.set_xlabel("plies (actions applied)")
    ax.set_ylabel("games")
    return _figure(fig, "Distribution of the game length in plies.")


EVENT_BARS = 25
"""Event types shown in the events figure, the most frequent first (the table lists all)."""


def _events_figure(plt: Any, t: Tally, kinds: list[str]) -> str:
    fig, ax = plt.subplots(figsize=(7, 0.3 * len(kinds) + 1))
    per_game = [t.events[k] / t.ok for k in kinds]
    ax.barh(range(len(kinds)), per_game, color="#6a9f58")
    ax.set_yticks(range(len(kinds)), kinds)
    ax.invert_yaxis()
    ax.set_xlabel("events per game")
    caption = "How often each event type occurs, per game."
    if len(t.events) > len(kinds):
        caption += (
            f" Only the {len(kinds)} most frequent of the {len(t.events)} event types; the "
            "table above lists them all."
        )
    return _figure(fig, caption)


def _ratings_figure(plt: Any, ratings: dict[str, dict[str, float]]) -> str:
    names = list(ratings)
    fig, ax = plt.subplots(figsize=(6, 0.4 * len(names) + 1))
    mus = [ratings[n]["mu"] for n in names]
    sigmas = [ratings[n]["sigma"] for n in names]
    ax.errorbar(mus, range(len(names)), xerr=sigmas, fmt="o", capsize=4)
    ax.set_yticks(range(len(names)), names)
    ax.invert_yaxis()
    ax.set_xlabel("OpenSkill mu (bars: one sigma)")
    return _figure(fig, "OpenSkill (Plackett-Luce) ratings of the bots.")


def _first_mover(first: dict[str, Any]) -> str:
    """The first mover's section (runs with opponents only: alone, the seat is always first)."""
    parts = [
        "<h3>First mover</h3>",
        "<p class='note'>The first mover is the first seat with a decision of its own (an "
        "opening secret choice is skipped): not always the seat that starts; after an opening "
        "auction, for instance, it is whoever decides alone first.</p>",
    ]
    if not first["games"]:
        parts.append("<p>Every decision of these games was simultaneous.</p>")
        return "".join(parts)
    low, high = first["win_rate_ci95"]
    verdict = (
        "the interval excludes an even share"
        if not low <= first["even"] <= high
        else "the interval includes an even share"
    )
    parts.append(
        f"<p>The first seat to move alone won {first['wins']:g} of {first['games']} games: "
        f"{first['win_rate']:.3f} (95% CI {low:.3f}-{high:.3f}) against an even share of "
        f"{first['even']:.3f}; {verdict}. Its mean rank: {_fmt(first['mean_rank'], 2)}.</p>"
    )
    return "".join(parts)


def _run_section(plt: Any, number: int, t: Tally) -> str:
    s = t.summary()
    parts = [f"<h2>Run {number}: {html.escape(_describe(t))}</h2>"]
    seeds = s["seeds"]
    parts.append(
        f"<p>{s['games']} games (seeds {seeds[0]}-{seeds[1]}) from "
        f"{html.escape(', '.join(t.files))}; errors {s['errors']}, heuristic fallbacks "
        f"{s['fallbacks']} in {s['fallback_games']} game(s). "
        f"Versions: {html.escape(', '.join(f'{k} {v}' for k, v in t.versions.items()))}.</p>"
    )
    if s["error_messages"]:
        parts.append(
            "<p class='note'>First errors: " + html.escape("; ".join(s["error_messages"])) + "</p>"
        )
    if not t.ok:
        parts.append("<p>No game finished without an error: nothing to show.</p>")
        return "".join(parts)
    seat_names = [
        f"seat {i}" + ("" if t.rotate or t.kind != "simulate" else f" ({t.entrants[i]})")
        for i in range(t.players)
    ]
    parts.append("<h3>Win rates</h3>")
    parts.append(
        _table(
            RATE_HEAD,
            _rate_rows({name: r.json() for name, r in zip(seat_names, t.seats, strict=True)}),
        )
    )
    parts.append(_table(["bot", *RATE_HEAD[1:]], _rate_rows(s["bots"])))
    parts.append(_win_rate_figure(plt, t))
    matrix = t.bot_seat_rates()
    if len(matrix) > 1 or t.rotate:
        rows = [
            [html.escape(spec)]
            + ["-" if r is None else f"{_fmt(r['win_rate'])} ({r['games']})" for r in by_seat]
            for spec, by_seat in matrix.items()
        ]
        parts.append(
            "<p>Win rate of each bot in each seat (seat-games in brackets): a seat effect shows "
            "down a column, a bot effect along a row.</p>"
        )
        parts.append(_table(["bot", *(f"seat {i}" for i in range(t.players))], rows))
    if t.players > 1:
        parts.append(_first_mover(s["first_mover"]))
    parts.append("<h3>Scores</h3>")
    parts.append(_score_figure(plt, t))
    parts.append("<h3>Game length</h3>")
    parts.append(
        f"<p>Mean {_fmt(s['mean_plies'], 1)} plies, standard deviation "
        f"{_fmt(s['sd_plies'], 1)}, from {min(t.plies)} to {max(t.plies)}.</p>"
    )
    parts.append(_length_figure(plt, t))
    if t.events:
        kinds = sorted(t.events, key=lambda k: -t.events[k])
        parts.append("<h3>Events</h3>")
        parts.append(
            "<p>The events the game reported (docs/formats.md), by type: how often each rule "
            "fired.</p>"
        )
        rows = [
            [
                html.escape(k),
                str(t.events[k]),
                f"{t.events[k] / t.ok:.2f}",
                f"{t.event_games[k] / t.ok:.3f}",
            ]
            for k in kinds
        ]
        parts.append(_table(["event", "total", "per game", "share of games"], rows))
        parts.append(_events_figure(plt, t, kinds[:EVENT_BARS]))
    if s.get("ratings"):
        parts.append("<h3>Ratings</h3>")
        rows = [
            [html.escape(k), f"{r['mu']:.2f}", f"{r['sigma']:.2f}", f"{r['ordinal']:.2f}"]
            for k, r in s["ratings"].items()
        ]
        parts.append(
            "<p>OpenSkill's Plackett-Luce model, updated game by game by seed, then lineup, "
            "then rotation, whatever the order of the lines (ordinal = mu - 3 sigma).</p>"
        )
        parts.append(_table(["bot", "mu", "sigma", "ordinal"], rows))
        parts.append(_ratings_figure(plt, s["ratings"]))
    return "".join(parts)


def _comparison(plt: Any, tallies: list[Tally]) -> str:
    groups: dict[tuple[str, int], list[int]] = {}
    for i, t in enumerate(tallies, 1):
        groups.setdefault((t.game, t.players), []).append(i)
    tested = [runs for runs in groups.values() if len(runs) > 1]
    parts = [
        "<h2>Comparison</h2>",
        "<p>Each run against the first run of the same game and player count. Win rates: "
        "pooled two-proportion z-test; mean game length: Welch's statistic against the normal "
        "distribution; two-sided p-values, in bold below 0.05 (no correction for the number "
        "of tests).</p>",
    ]
    if len(groups) > 1:
        parts.append(
            "<p class='note'>Runs of different games or player counts are shown side by side "
            "only, without a test"
            + ("" if tested else ": no two runs here are of the same game and player count")
            + ".</p>"
        )
    rows = []
    for i, t in enumerate(tallies, 1):
        s = t.summary()
        first = s["first_mover"]
        rows.append(
            [
                f"run {i}",
                html.escape(_describe(t)),
                str(s["games"]),
                _fmt(s["mean_plies"], 1),
                _fmt(first["win_rate"]) if t.players > 1 else "-",
            ]
        )
    parts.append(_table(["run", "what", "games", "mean plies", "first mover win rate"], rows))
    for runs in tested:
        b0 = runs[0]
        base = tallies[b0 - 1]
        for i in runs[1:]:
            parts.append(_against(base, b0, tallies[i - 1], i))
    parts.append(_comparison_figure(plt, tallies))
    return "".join(parts)


def _against(base: Tally, b0: int, t: Tally, i: int) -> str:
    """The tests of run `i` against run `b0`, a run of the same game and player count."""
    rows = []
    for name, a, b in _pairs(base, t):
        p = two_proportion_test(a.wins, a.games, b.wins, b.games)
        ra = a.wins / a.games if a.games else None
        rb = b.wins / b.games if b.games else None
        diff = None if ra is None or rb is None else rb - ra
        rows.append([name, f"{_fmt(ra)} ({a.games})", f"{_fmt(rb)} ({b.games})", _fmt(diff), _p(p)])
    p = welch_test(*_plies_moments(base), *_plies_moments(t))
    rows.append(
        [
            "mean plies",
            _fmt(_plies_moments(base)[0], 1),
            _fmt(_plies_moments(t)[0], 1),
            _fmt(_plies_moments(t)[0] - _plies_moments(base)[0], 1),
            _p(p),
        ]
    )
    return f"<h3>Run {i} against run {b0}</h3>" + _table(
        ["", f"run {b0}", f"run {i}", "difference", "p"], rows
    )


def _plies_moments(t: Tally) -> tuple[float, float, int]:
    n = t.ok
    if n == 0:
        return (0.0, 0.0, 0)
    mean = t.plies_sum / n
    var = (t.plies_sq - t.plies_sum * t.plies_sum / n) / (n - 1) if n > 1 else 0.0
    return (mean, max(0.0, var), n)


def _pairs(a: Tally, b: Tally) -> list[tuple[str, Any, Any]]:
    """What two runs of one game and player count have in common: the first mover (with
    opponents), the seats, the bots."""
    out: list[tuple[str, Any, Any]] = []
    if a.players > 1:
        out.append(("first mover", a.first, b.first))
    out += [(f"seat {s}", a.seats[s], b.seats[s]) for s in range(a.players)]
    out += [(html.escape(spec), a.bots[spec], b.bots[spec]) for spec in a.bots if spec in b.bots]
    return out


def _comparison_figure(plt: Any, tallies: list[Tally]) -> str:
    names = sorted({spec for t in tallies for spec in t.bots})
    fig, ax = plt.subplots(figsize=(max(6, 1.5 * len(names)), 3.2))
    width = 0.8 / len(tallies)
    for i, t in enumerate(tallies):
        xs, values, low, high = [], [], [], []
        for j, spec in enumerate(names):
            if spec not in t.bots:
                continue
            r = t.bots[spec].json()
            xs.append(j + i * width)
            values.append(r["win_rate"] or 0.0)
            low.append(max(0.0, values[-1] - r["win_rate_ci95"][0]))
            high.append(max(0.0, r["win_rate_ci95"][1] - values[-1]))
        ax.bar(xs, values, width=width, yerr=[low, high], capsize=3, label=f"run {i + 1}")
    ax.set_xticks([j + 0.4 - width / 2 for j in range(len(names))], names, rotation=20)
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate")
    ax.legend(fontsize=8)
    return _figure(fig, "Win rate of each bot in each run, with Wilson 95% intervals.")


def render_report(tallies: list[Tally], title: str, skipped: dict[str, int] | None = None) -> str:
    """The report's HTML; `skipped`: per file, lines that were not result lines."""
    plt = _matplotlib()
    body = [f"<h1>{html.escape(title)}</h1>"]
    body.append(
        "<p class='note'>Win rates count a win shared by k seats as 1/k; intervals are "
        "Wilson 95% score intervals; games that raised an error are left out of every "
        "figure.</p>"
    )
    for file, n in (skipped or {}).items():
        body.append(
            f"<p class='note'>{html.escape(file)}: {n} line(s) that are not result lines were "
            "skipped.</p>"
        )
    for i, t in enumerate(tallies, 1):
        body.append(_run_section(plt, i, t))
    if len(tallies) > 1:
        body.append(_comparison(plt, tallies))
    return (
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>{html.escape(title)}</title><style>{CSS}</style></head><body>"
        + "".join(body)
        + "</body></html>\n"
    )


def write_report(
    files: list[Path],
    out: Path,
    title: str | None = None,
    pdf: Path | None = None,
    *,
    skipped: dict[str, int] | None = None,
) -> int:
    """Write the report of `files` to `out` (HTML), and with `pdf` the same figures to a PDF,
    one page each after a title page that lists the runs; the number of runs found.
    `skipped` gets, per file, how many lines were not result lines (see `tally_files`)."""
    if not files:
        raise ArsenaleError(_("report needs at least one result file"))
    plt = _matplotlib()
    ratings = importlib.util.find_spec("openskill") is not None
    if skipped is None:
        skipped = {}
    tallies = tally_files(files, ratings=ratings, skipped=skipped)
    if title is None:
        title = "Arsenale simulation report: " + ", ".join(p.name for p in files)
    if pdf is None:
        out.write_text(render_report(tallies, title, skipped), encoding="utf-8")
        return len(tallies)
    from matplotlib.backends.backend_pdf import PdfPages

    with PdfPages(pdf) as pages:
        cover = plt.figure(figsize=(8.27, 11.69))
        lines = [title, "", *(f"Run {i}: {_describe(t)}" for i, t in enumerate(tallies, 1))]
        lines += ["", "Win rates count a win shared by k seats as 1/k; intervals are Wilson 95%."]
        lines += ["Tables and tests of the differences: the HTML report."]
        cover.text(0.08, 0.92, "\n".join(lines), va="top", fontsize=10, wrap=True)
        pages.savefig(cover)
        plt.close(cover)
        _PDF.append(pages)
        try:
            out.write_text(render_report(tallies, title, skipped), encoding="utf-8")
        finally:
            _PDF.clear()
    return len(tallies)


__all__ = ["render_report", "write_report"]
