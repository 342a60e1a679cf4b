"""What the web page needs to draw the board of Masters of Venice, as JSON-ready data.

The facts (resources, shops, shipping offices, docks, tracks, favors, characters, the canal's
rounds and BID spaces, the dial's locations) come from board.toml through board.py; where the
places sit on the drawing comes from layout.toml (read with `core.data.read_toml`, so it is
found in a wheel too), a reconstruction (see its header). Served by
`GET /api/boards/masters-of-venice`, drawn by `server/static/boards/masters-of-venice.js`.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from arsenale.core.data import check_places, read_toml
from arsenale.core.errors import DataError
from arsenale.games.masters_of_venice import board as b
from arsenale.games.masters_of_venice.state import COLOURS

GAME_ID = "masters-of-venice"
ARRANGEMENTS = ("wide", "narrow")


@cache
def _layout() -> dict[str, Any]:
    return read_toml(__package__, "layout.toml")


def place_ids() -> list[str]:
    """Every place the page draws: the shops and offices board.toml lists, and the rest."""
    return [
        "canal",
        "shops",
        *(f"shop:{s}" for s in b.SHOPS),
        "guild",
        *(f"office:{o}" for o in b.OFFICES),
        "docks",
        "church",
        "mercato",
        "market",
        "order",
        "merchants",
    ]


def _box(value: Any, where: str) -> list[int]:
    ok = (
        isinstance(value, list)
        and len(value) == 4
        and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
        and value[2] > 0
        and value[3] > 0
    )
    if not ok:
        raise DataError(f"{GAME_ID} layout: {where} box must be [x, y, width, height]")
    return [round(v) for v in value]


def _arrangement(name: str, entry: dict[str, Any]) -> dict[str, Any]:
    width, height = entry["width"], entry["height"]
    table = entry.get("place", {})
    check_places(GAME_ID, f"{name} place", place_ids(), table)
    places: dict[str, Any] = {}
    for pid in place_ids():
        box = _box(table[pid].get("box"), f"{name} place {pid}")
        x, y, w, h = box
        if x < 0 or y < 0 or x + w > width or y + h > height:
            raise DataError(f"{GAME_ID} layout: {name} place {pid} lies off its canvas")
        places[pid] = {"box": box}
        if "per_row" in table[pid]:
            places[pid]["per_row"] = int(table[pid]["per_row"])
    return {"width": width, "height": height, "places": places}


def board_data(layout: dict[str, Any] | None = None) -> dict[str, Any]:
    """The components and, for each arrangement (wide, narrow), a box for every place.

    Raises DataError if a place or a dial location has no box, or the layout names one the
    board does not have.
    """
    lay = _layout() if layout is None else layout
    arrangements = {name: _arrangement(name, lay[name]) for name in ARRANGEMENTS}
    loc_table = lay.get("location", {})
    check_places(GAME_ID, "location", b.LOCATIONS, loc_table)
    for loc, pid in loc_table.items():
        if pid not in place_ids():
            raise DataError(f"{GAME_ID} layout: location {loc} stands on unknown place {pid}")
    data = b.DATA
    top = data["tracks"]["top"]
    return {
        "game": GAME_ID,
        "layout_status": lay["canvas"].get("status", "reconstructed"),
        "arrangements": arrangements,
        "resources": [
            {"id": r["id"], "colour": r["colour"], "shop": r["shop"] or None}
            for r in data["resource"]
        ],
        "shops": [
            {"id": s, "name": name, "resource": b.RESOURCES[b.SHOP_RES[i]]}
            for i, (s, name) in enumerate(zip(b.SHOPS, b.SHOP_NAMES, strict=True))
        ],
        "offices": [{"id": o["id"], "name": o["name"]} for o in data["office"]],
        "docks": b.N_DOCKS,
        "rounds": b.ROUNDS,
        "bid_spaces": sorted(k + 1 for k in b.BID_SPACES),
        "tracks": {
            "price": {"min": b.FLOOR, "max": top["price_max"], "step": b.STEP},
            "share": {"min": b.FLOOR, "max": top["share_max"], "step": b.STEP},
            "orders": {"min": 0, "max": top["orders_max"], "step": 1},
        },
        "office_share_price": b.OFFICE_PRICE,
        "guild_vp": list(b.GUILD_VP),
        "favors": [
            {"value": v, "max_orders": m} for v, m in zip(b.FAVOR_VALUES, b.FAVOR_MAX, strict=True)
        ],
        "characters": [
            {"id": c, "name": n} for c, n in zip(b.CHARACTERS, b.CHARACTER_NAMES, strict=True)
        ],
        "locations": [
            {"id": loc, "name": name, "place": loc_table[loc]}
            for loc, name in zip(b.LOCATIONS, b.LOCATION_NAMES, strict=True)
        ],
        "seat_colours": list(COLOURS),
    }
