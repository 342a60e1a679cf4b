"""The page's map of the 1996 board is a picture of board.toml's sea graph on the real coasts.

The web page (server/static/boards/common.js) draws the sea of mediterranean.js, an outline of
the real coasts in the projection layout.toml uses, and gives each sea point to the area whose
seed (layout.toml) is nearest. Rastered here the same way, that picture must agree with the
graph: two areas touch on it exactly when board.toml makes them adjacent, a high-seas area
touches no coast (R1-EN/R1-FR special rules: the 4 areas "without coastlines", "qui n'ont
aucune portion de côte"), and each port's city lies on the coast of its own area. So the graph
is one a real sea can be cut into, coast by coast (issue 14's review of the board).
"""

from __future__ import annotations

import re
import tomllib
from importlib.resources import files

import pytest

from arsenale.games.serenissima_1996.board import load_board

np = pytest.importorskip("numpy")

MIN_BORDER = 3
"""Shortest drawn border (in canvas units) that counts as two areas touching."""


def _polygons(path: str) -> list[list[tuple[float, float]]]:
    out = []
    for sub in re.findall(r"M[^MZ]*", path):
        pts = re.findall(r"(-?[\d.]+),(-?[\d.]+)", sub)
        out.append([(float(x), float(y)) for x, y in pts])
    return out


def _inside(poly: list[tuple[float, float]], x, y):  # type: ignore[no-untyped-def]
    res = np.zeros(x.shape, bool)
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=True):
        if y1 == y2:
            continue
        cond = (y >= min(y1, y2)) & (y < max(y1, y2))
        res ^= cond & (x < x1 + (y - y1) * (x2 - x1) / (y2 - y1))
    return res


@pytest.fixture(scope="module")
def drawn():  # type: ignore[no-untyped-def]
    static = files("arsenale.server").joinpath("static", "boards", "mediterranean.js")
    js = static.read_text(encoding="utf-8")
    sea_path = re.search(r'export const SEA = "([^"]+)"', js)
    assert sea_path is not None
    islands = re.findall(r'\["[a-z -]+",\s*"([^"]+)"\]', js)
    layout = tomllib.loads(
        files("arsenale.games.serenissima_1996").joinpath("layout.toml").read_text("utf-8")
    )
    board = load_board()
    w, h = layout["canvas"]["width"], layout["canvas"]["height"]
    x, y = np.meshgrid(np.arange(w) + 0.5, np.arange(h) + 0.5)
    sea = np.zeros(x.shape, bool)
    for poly in _polygons(sea_path.group(1)):
        sea ^= _inside(poly, x, y)
    for island in islands:
        for poly in _polygons(island):
            sea &= ~_inside(poly, x, y)
    best = np.full(x.shape, np.inf)
    zone = np.full(x.shape, -1)
    for a, area_id in enumerate(board.area_ids):
        for sx, sy in layout["area"][area_id]["seeds"]:
            d = (x - sx) ** 2 + (y - sy) ** 2
            closer = d < best
            best[closer] = d[closer]
            zone[closer] = a
    zone[~sea] = -1
    return board, layout, zone


def test_areas_touch_on_the_drawing_exactly_where_the_graph_joins_them(drawn):
    board, _, zone = drawn
    border: dict[tuple[int, int], int] = {}
    for a, b in ((zone[:, :-1], zone[:, 1:]), (zone[:-1, :], zone[1:, :])):
        cut = (a >= 0) & (b >= 0) & (a != b)
        for u, v in zip(a[cut].tolist(), b[cut].tolist(), strict=True):
            key = (min(u, v), max(u, v))
            border[key] = border.get(key, 0) + 1
    touching = {k for k, n in border.items() if n >= MIN_BORDER}
    joined = {(min(a, o), max(a, o)) for a, ns in enumerate(board.adjacent) for o in ns}
    name = board.area_ids
    assert sorted((name[u], name[v]) for u, v in joined - touching) == [], "joined, not drawn"
    assert sorted((name[u], name[v]) for u, v in set(border) - joined) == [], "drawn, not joined"


def test_high_seas_touch_no_coast_on_the_drawing(drawn):
    board, _, zone = drawn
    land = zone < 0
    coast: set[int] = set()
    for a, b in ((zone[:, :-1], land[:, 1:]), (zone[:, 1:], land[:, :-1])):
        coast |= set(a[(a >= 0) & b].tolist())
    for a, b in ((zone[:-1, :], land[1:, :]), (zone[1:, :], land[:-1, :])):
        coast |= set(a[(a >= 0) & b].tolist())
    for area, high in enumerate(board.area_high_seas):
        assert (area in coast) != high, board.area_ids[area]


def test_each_port_lies_on_the_coast_of_its_own_area(drawn):
    board, layout, zone = drawn
    sy, sx = np.nonzero(zone >= 0)
    for p, port_id in enumerate(board.port_ids):
        px, py = layout["port"][port_id]["at"]
        nearest = ((sx + 0.5 - px) ** 2 + (sy + 0.5 - py) ** 2).argmin()
        assert zone[sy[nearest], sx[nearest]] == board.port_area[p], port_id
