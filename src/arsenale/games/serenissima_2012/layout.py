"""What the web page needs to draw the board of Serenissima (2012), as JSON-ready data.

The facts (ports, goods, warehouses, the sea graph, tracks) come from board.toml through the
checked `Board`; where things sit on the drawing comes from layout.toml, a reconstruction (see
its header). Served by `GET /api/boards/serenissima-2012`, drawn by
`server/static/boards/serenissima-2012.js`.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from arsenale.core.data import check_places, point, read_toml
from arsenale.games.serenissima_2012.board import GOODS, Board
from arsenale.games.serenissima_2012.state import COLOURS

GAME_ID = "serenissima-2012"


@cache
def _layout() -> dict[str, Any]:
    return read_toml(__package__, "layout.toml")


def board_data(board: Board, layout: dict[str, Any] | None = None) -> dict[str, Any]:
    """Zones, ports, adjacency and tracks with their places on a width x height canvas.

    Raises DataError if a zone or port of the board has no place in the layout.
    """
    lay = _layout() if layout is None else layout
    zones_lay, ports_lay = lay.get("zone", {}), lay.get("port", {})
    check_places(GAME_ID, "zone", board.zone_ids, zones_lay)
    check_places(GAME_ID, "port", board.port_ids, ports_lay)
    zones = []
    for z, zone_id in enumerate(board.zone_ids):
        entry = zones_lay[zone_id]
        p = board.zone_port[z]
        zones.append(
            {
                "id": zone_id,
                "name": board.port_names[p] if p >= 0 else zone_id.replace("-", " ").title(),
                "port": board.port_ids[p] if p >= 0 else None,
                "adjacent": [board.zone_ids[o] for o in board.adjacent[z]],
                "label": point(entry["label"], GAME_ID, f"zone {zone_id} label"),
                "galleys": point(
                    entry.get("galleys", [entry["label"][0], entry["label"][1] + 20]),
                    GAME_ID,
                    f"zone {zone_id} galleys",
                ),
                "seeds": [
                    point(s, GAME_ID, f"zone {zone_id} seed")
                    for s in entry.get("seeds") or [entry["label"]]
                ],
            }
        )
    ports = []
    for p, port_id in enumerate(board.port_ids):
        entry = ports_lay[port_id]
        ports.append(
            {
                "id": port_id,
                "name": board.port_names[p],
                "zone": board.zone_ids[board.port_zone[p]],
                "good": GOODS[board.port_good[p]],
                "warehouse": board.port_size[p],
                "start": p in board.start_ports,
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
        "goods": list(GOODS),
        "seat_colours": list(COLOURS),
        "zones": zones,
        "ports": ports,
        "galleys": board.meta["galleys"],
        "galley_capacity": board.meta["galley_capacity"],
        "tracks": {
            str(n): {"length": s.track_length, "scoring": list(s.scoring)}
            for n, s in sorted(board.setups.items())
        },
        "doge": [
            {"id": d, "steps": st, "wine": w, "shuffle": sh}
            for d, st, w, sh in zip(
                board.doge_ids, board.doge_steps, board.doge_wine, board.doge_shuffle, strict=True
            )
        ],
        "scoring_by_cubes": list(board.scoring_by_cubes),
        "places": {
            name: point(tracks.get(name, [0, 0]), GAME_ID, f"tracks {name}")
            for name in ("wheel", "turn")
        },
    }
