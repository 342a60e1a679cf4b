"""Every place a game's board holds has somewhere to be drawn (layout.toml), on the canvas."""

from __future__ import annotations

import copy
import json

import pytest

from arsenale.core.errors import DataError
from arsenale.core.registry import load_game
from arsenale.games.serenissima_1996 import layout as layout_1996
from arsenale.games.serenissima_2012 import layout as layout_2012

GAMES = ["serenissima-2012", "serenissima-1996"]


def _inside(point: list[int], data: dict) -> bool:
    return 0 <= point[0] <= data["width"] and 0 <= point[1] <= data["height"]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_zone_and_port_has_a_place(game_id: str) -> None:
    game = load_game(game_id)
    data = game.board_data()
    assert data is not None
    json.dumps(data)  # JSON-ready
    board = game.board  # type: ignore[attr-defined]
    zone_ids = getattr(board, "zone_ids", None) or board.area_ids
    assert [z["id"] for z in data["zones"]] == list(zone_ids)
    assert [p["id"] for p in data["ports"]] == list(board.port_ids)
    for z in data["zones"]:
        assert _inside(z["label"], data), z["id"]
        assert _inside(z["galleys"], data), z["id"]
        assert z["seeds"] and all(_inside(s, data) for s in z["seeds"]), z["id"]
        assert set(z["adjacent"]) <= set(zone_ids)
    for p in data["ports"]:
        assert _inside(p["at"], data) and _inside(p["card"], data), p["id"]
        assert p["zone"] in zone_ids
    assert data["layout_status"] == "reconstructed"


@pytest.mark.parametrize("game_id", GAMES)
def test_each_zone_label_lies_in_its_own_zone(game_id: str) -> None:
    """The page draws a zone as the points nearest its seeds: its label must be one of them."""
    data = load_game(game_id).board_data()
    assert data is not None
    seeds = [(s, z["id"]) for z in data["zones"] for s in z["seeds"]]
    for z in data["zones"]:
        x, y = z["label"]
        nearest = min(seeds, key=lambda e: (e[0][0] - x) ** 2 + (e[0][1] - y) ** 2)
        assert nearest[1] == z["id"], f"{z['id']}'s label is drawn in {nearest[1]}"


@pytest.mark.parametrize(
    ("module", "game_id", "table"),
    [(layout_2012, "serenissima-2012", "zone"), (layout_1996, "serenissima-1996", "area")],
)
def test_a_missing_place_is_refused(module, game_id: str, table: str) -> None:  # type: ignore[no-untyped-def]
    game = load_game(game_id)
    lay = copy.deepcopy(module._layout())
    lay[table].pop(next(iter(lay[table])))
    with pytest.raises(DataError, match="no place"):
        module.board_data(game.board, lay)  # type: ignore[attr-defined]
    lay = copy.deepcopy(module._layout())
    lay["port"]["atlantis"] = {"at": [1, 1]}
    with pytest.raises(DataError, match="unknown"):
        module.board_data(game.board, lay)  # type: ignore[attr-defined]


def test_masters_of_venice_places_are_the_boards() -> None:
    """Every place and dial location Masters of Venice's board data draws is one its
    board.toml (and board.py's dial) holds, each boxed inside its canvas."""
    from arsenale.core.data import read_toml
    from arsenale.games.masters_of_venice import board as mov_board

    toml = read_toml("arsenale.games.masters_of_venice", "board.toml")
    data = load_game("masters-of-venice").board_data()
    assert data is not None
    json.dumps(data)
    assert [s["id"] for s in data["shops"]] == [s["id"] for s in toml["shop"]]
    assert [o["id"] for o in data["offices"]] == [o["id"] for o in toml["office"]]
    assert data["docks"] == toml["docks"]["count"]
    assert data["rounds"] == toml["meta"]["rounds"]
    assert data["bid_spaces"] == toml["canal"]["bid_spaces"]
    assert {r["id"] for r in data["resources"]} == {r["id"] for r in toml["resource"]}
    assert {s["resource"] for s in data["shops"]} <= {r["id"] for r in toml["resource"]}
    shops = {f"shop:{s['id']}" for s in toml["shop"]}
    offices = {f"office:{o['id']}" for o in toml["office"]}
    for name, arrangement in data["arrangements"].items():
        places = set(arrangement["places"])
        assert shops | offices <= places, name
        kinds = {p.split(":")[0] for p in places - shops - offices}
        assert kinds == {
            "canal",
            "shops",
            "guild",
            "docks",
            "church",
            "mercato",
            "market",
            "order",
            "merchants",
        }, name
        for pid, place in arrangement["places"].items():
            x, y, w, h = place["box"]
            assert x >= 0 and y >= 0, (name, pid)
            assert x + w <= arrangement["width"] and y + h <= arrangement["height"], (name, pid)
    assert [loc["id"] for loc in data["locations"]] == list(mov_board.LOCATIONS)
    for loc in data["locations"]:
        assert loc["place"] in data["arrangements"]["wide"]["places"], loc


def test_masters_of_venice_missing_or_unknown_place_is_refused() -> None:
    from arsenale.games.masters_of_venice import layout as mov_layout

    lay = copy.deepcopy(mov_layout._layout())
    del lay["narrow"]["place"]["shop:miller"]
    with pytest.raises(DataError, match="no place"):
        mov_layout.board_data(lay)
    lay = copy.deepcopy(mov_layout._layout())
    lay["wide"]["place"]["shop:glassblower"] = {"box": [1, 1, 5, 5]}
    with pytest.raises(DataError, match="unknown"):
        mov_layout.board_data(lay)
    lay = copy.deepcopy(mov_layout._layout())
    lay["location"]["gondola"] = "canal"
    with pytest.raises(DataError, match="unknown"):
        mov_layout.board_data(lay)
