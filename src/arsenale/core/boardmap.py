"""A character map for a game's terminal board (`Game.render`): places written where a game
puts them on a grid of rows and columns, and the links between them drawn as lines of
characters underneath. A game lists its places once (id -> row, column); nothing here knows
any game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from rich.style import Style
from rich.table import Table
from rich.text import Text

Cell = tuple[str, Style | str | None]


def draw_map(
    places: Mapping[str, tuple[int, int]],
    labels: Mapping[str, Sequence[Text]],
    links: Iterable[tuple[str, str]],
    width: int = 100,
    height: int | None = None,
    link_style: str = "grey42",
) -> Text:
    """The map as one Text of `height` lines of at most `width` characters.

    `places`: id -> (row, column) of the first character of its first label line; `labels`:
    id -> the lines written there (a place without labels is not drawn); `links`: pairs of
    ids joined by a line of characters, drawn first so that labels are written over them."""
    if height is None:
        height = 1 + max(
            (row + len(labels.get(pid, ())) for pid, (row, _col) in places.items()), default=0
        )
    grid: list[list[Cell]] = [[(" ", None)] * width for _ in range(height)]

    def anchor(pid: str) -> tuple[int, int]:
        row, col = places[pid]
        first = labels.get(pid) or [Text("")]
        return row, col + max(0, len(first[0].plain) - 1) // 2

    seen: set[frozenset[str]] = set()
    for a, b in links:
        key = frozenset((a, b))
        if key in seen or a not in places or b not in places:
            continue
        seen.add(key)
        _line(grid, anchor(a), anchor(b), link_style)
    for pid, lines in labels.items():
        if pid not in places:
            continue
        row, col = places[pid]
        for k, line in enumerate(lines):
            _write(grid, row + k, col, line)
    out = Text()
    for r, cells in enumerate(grid):
        for char, style in cells:
            out.append(char, style=style or "")
        out.rstrip()
        if r < height - 1:
            out.append("\n")
    return out


def _write(grid: list[list[Cell]], row: int, col: int, text: Text) -> None:
    if not 0 <= row < len(grid):
        return
    styles: list[Style | str | None] = [text.style or None] * len(text.plain)
    for span in text.spans:
        for k in range(span.start, min(span.end, len(styles))):
            styles[k] = span.style
    for k, char in enumerate(text.plain):
        c = col + k
        if 0 <= c < len(grid[row]):
            grid[row][c] = (char, styles[k])


def _line(grid: list[list[Cell]], a: tuple[int, int], b: tuple[int, int], style: str) -> None:
    """A line from `a` to `b` (row, column) in blank cells, its character following its slope
    (columns are about half as wide as rows are tall)."""
    (r0, c0), (r1, c1) = a, b
    dr, dc = r1 - r0, c1 - c0
    cells: list[tuple[int, int, str]] = []
    if abs(dc) > 3 * abs(dr):  # mostly across: a run of dashes, stepping down where it must
        for k in range(1, abs(dc)):
            c = c0 + k * (1 if dc > 0 else -1)
            cells.append((r0 + round(dr * k / abs(dc)), c, "-"))
    else:  # one character a row
        char = "|" if abs(dc) < abs(dr) / 2 else ("\\" if (dr > 0) == (dc > 0) else "/")
        for k in range(1, abs(dr)):
            cells.append((r0 + k * (1 if dr > 0 else -1), c0 + round(dc * k / abs(dr)), char))
    for r, c, char in cells:
        if 0 <= r < len(grid) and 0 <= c < len(grid[r]) and grid[r][c][0] == " ":
            grid[r][c] = (char, style)


def side_by_side(headers: tuple[str, ...], rows: list[list[Text | str]], groups: int) -> Table:
    """`rows` laid out in `groups` column groups side by side, each under the same headers, so
    a long list (a fleet of galleys) fits the height of a terminal."""
    table = Table(box=None, padding=(0, 1, 0, 0), show_edge=False, pad_edge=False)
    per = -(-len(rows) // groups) if rows else 0
    for k in range(groups):
        for h in headers:
            table.add_column(h, header_style="bold", no_wrap=True)
        if k < groups - 1:
            table.add_column("", width=1)
    for r in range(per):
        cells: list[Text | str] = []
        for k in range(groups):
            i = k * per + r
            cells += rows[i] if i < len(rows) else [""] * len(headers)
            if k < groups - 1:
                cells.append("")
        table.add_row(*cells)
    return table
