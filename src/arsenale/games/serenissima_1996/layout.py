"""What the web page needs to draw the board of Serenissima (1996), as JSON-ready data.

The facts (ports, goods, warehouses, areas and their graph, nations, rounds) come from
board.toml through the checked `Board`; where things sit on the drawing comes from layout.toml,
a reconstruction (see its header). Served by `GET /api/boards/serenissima-1996`, drawn by
`server/static/boards/serenissima-1996.js`.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from arsenale.core.data import check_places, point, read_toml
from arsenale.games.serenissima_1996.board import Board

GAME_ID = "serenissima-1996"


@cache
def _layout() -> dict[str, Any]:
    return read_toml(__package__, "layout.toml")


def board_data(board: Board, layout: dict[str, Any] | None = None) -> dict[str, Any]:
    """Areas, ports, adjacency, nations and tracks with their places on a width x height canvas.

    Raises DataError if an area or port of the board has no place in the layout.
    """
    lay = _layout() if layout is None else layout
    areas_lay, ports_lay = lay.get("area", {}), lay.get("port", {})
    check_places(GAME_ID, "area", board.area_ids, areas_lay)
    check_places(GAME_ID, "port", board.port_ids, ports_lay)
    zones = []
    for a, area_id in enumerate(board.area_ids):
        entry = areas_lay[area_id]
        p = board.area_port[a]
        zones.append(
            {
                "id": area_id,
                "name": board.area_names[a],
                "port": board.port_ids[p] if p >= 0 else None,
                "high_seas": board.area_high_seas[a],
                "region": board.area_region[a] or None,
                "adjacent": [board.area_ids[o] for o in board.adjacent[a]],
                "label": point(entry["label"], GAME_ID, f"area {area_id} label"),
                "galleys": point(
                    entry.get("galleys", [entry["label"][0], entry["label"][1] + 20]),
                    GAME_ID,
                    f"area {area_id} galleys",
                ),
                "seeds": [
                    point(s, GAME_ID, f"area {area_id} seed")
                    for s in entry.get("seeds") or [entry["label"]]
                ],
            }
        )
    ports = []
    for p, port_id in enumerate(board.port_ids):
        entry = ports_lay[port_id]
        nation = board.port_nation[p]
        ports.append(
            {
                "id": port_id,
                "name": board.port_names[p],
                "zone": board.area_ids[board.port_area[p]],
                "good": board.goods[board.port_good[p]],
                "warehouse": board.port_size[p],
                "values": list(board.port_values[p]),
                "capital_of": board.nation_ids[nation] if nation >= 0 else None,
                "at": point(entry["at"], GAME_ID, f"port {port_id} at"),
                "card": point(entry.get("card", entry["at"]), GAME_ID, f"port {port_id} card"),
            }
        )
    canvas, tracks = lay["canvas"], lay.get("tracks", {})
    return {
        "game": GAME_ID,
        "layout_status": canvas.get("status", "reconstructed"),
        "width": canvas["width"],
        "height": canvas["height"],
        "goods": list(board.goods),
        "good_names": list(board.good_names),
        "good_colours": list(board.good_colours),
        "nations": [
            {"id": n, "name": name, "colour": colour, "capital": board.port_ids[capital]}
            for n, name, colour, capital in zip(
                board.nation_ids,
                board.nation_names,
                board.nation_colours,
                board.nation_capital,
                strict=True,
            )
        ],
        "zones": zones,
        "ports": ports,
        "galleys": board.components["galleys"],
        "rounds": {str(n): s.rounds for n, s in sorted(board.setups.items())},
        "places": {
            name: point(tracks.get(name, [0, 0]), GAME_ID, f"tracks {name}")
            for name in ("order", "round")
        },
    }
