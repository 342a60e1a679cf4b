"""Amalfi's board data for the page (layout.py, layout.toml): every printed and evolving
destination board.toml holds has a point inside the sea, every main-board part a box on the
canvas, and every card, tile, decree and title the view can name has its printed name."""

from __future__ import annotations

import copy
import json

import pytest

from arsenale.core.errors import DataError
from arsenale.core.registry import load_game
from arsenale.games.amalfi_renaissance import board as b
from arsenale.games.amalfi_renaissance import layout


def test_board_data_holds_every_place_and_name() -> None:
    data = load_game("amalfi-renaissance").board_data()
    assert data is not None
    json.dumps(data)
    assert data["layout_status"] == "reconstructed"
    assert [d["id"] for d in data["destinations"]] == [p.id for p in b.PUBLICS]
    assert [d["id"] for d in data["evolving"]] == [p.id for p in b.EVOLVING]
    assert [d["period"] for d in data["evolving"]] == [2, 3, 4]
    sea = data["places"]["sea"]
    for d in data["destinations"] + data["evolving"]:
        assert 0 <= d["at"][0] <= sea[2] and 0 <= d["at"][1] <= sea[3], d["id"]
    for pid, (x, y, w, h) in data["places"].items():
        assert x >= 0 and y >= 0 and x + w <= data["width"], pid
        assert y + h <= data["players_top"], pid
    assert set(data["characters"]) == set(b.CHAR_IDS)
    assert set(data["artworks"]) == set(b.ART_IDS)
    assert set(data["privates"]) == {p.id for p in b.PRIVATES}
    assert set(data["decrees"]) == {d.id for d in b.DECREES}
    assert set(data["titles"]) == {t.id for t in b.TITLES}
    assert data["characters"]["raphael"]["name"] == "Raphael"
    assert data["destinations"][0]["name"] == "Spice Market"
    assert data["evolving"][0]["name"] == "Evolving II"


def test_a_missing_place_is_refused() -> None:
    lay = copy.deepcopy(layout._layout())
    del lay["destination"]["cape"]
    with pytest.raises(DataError, match="no place"):
        layout.board_data(lay)
    lay = copy.deepcopy(layout._layout())
    lay["destination"]["atlantis"] = {"at": [1, 1]}
    with pytest.raises(DataError, match="unknown"):
        layout.board_data(lay)
    lay = copy.deepcopy(layout._layout())
    del lay["place"]["council"]
    with pytest.raises(DataError, match="no place"):
        layout.board_data(lay)
