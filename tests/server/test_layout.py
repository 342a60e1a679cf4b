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
