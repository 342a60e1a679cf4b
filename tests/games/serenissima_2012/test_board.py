"""The board data (board.toml) and its validation against the counts the rulebook states."""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Callable
from importlib.resources import files
from typing import Any

import pytest

from arsenale.core.errors import DataError
from arsenale.games.serenissima_2012 import board as board_module
from arsenale.games.serenissima_2012.board import load_board

RAW: dict[str, Any] = tomllib.loads(
    files(board_module.__package__).joinpath("board.toml").read_text(encoding="utf-8")
)


def zone_entry(data: dict[str, Any], zone_id: str) -> dict[str, Any]:
    (entry,) = [z for z in data["zone"] if z["id"] == zone_id]
    return entry


def tampered(change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    data = copy.deepcopy(RAW)
    change(data)
    return data


def test_shipped_board_loads_and_matches_the_rulebook():
    """serenissima-2012.en.txt, components and set-up: 19 ports, 5 starting ports, 14/12/12/12/
    10/10 cubes, 5 Doge cards; València produces wood with a 5-space warehouse and lies next to
    Algiers; Antakya produces gold and holds 3 sailors."""
    b = load_board()
    assert b == load_board(copy.deepcopy(RAW))
    assert len(b.port_ids) == 19 and len(b.zone_ids) == 20 and len(b.start_ports) == 5
    assert b.cubes == (14, 12, 12, 12, 10, 10)
    v, a = b.port_index("valencia"), b.port_index("antakya")
    assert b.port_good[v] == 0 and b.port_size[v] == 5
    assert b.port_good[a] == 4 and b.port_size[a] == 3
    assert b.zone_index("algiers") in b.adjacent[b.zone_index("valencia")]
    for z, neighbours in enumerate(b.adjacent):
        for n in neighbours:
            assert z in b.adjacent[n], "adjacency is mutual"
    assert b.setups[2].sailors == 30 and b.setups[3].sailors == 26 and b.setups[4].sailors == 22
    assert b.setups[4].galleys == 15 and b.setups[3].galleys == b.setups[2].galleys == 12
    assert b.scoring_by_cubes[4] == 15 and b.scoring_by_cubes[5] == 20
    assert sorted(b.doge_steps) == [0, 1, 1, 2, 2]
    assert set(b.status.values()) <= {"confirmed", "reconstructed"}


def _drop_a_port(data: dict[str, Any]) -> None:
    data["port"].pop()


def _one_way(data: dict[str, Any]) -> None:
    zone_entry(data, "marseille")["adjacent"].remove("valencia")


def _cut_valencia_algiers(data: dict[str, Any]) -> None:
    zone_entry(data, "valencia")["adjacent"].remove("algiers")
    zone_entry(data, "algiers")["adjacent"].remove("valencia")


def _isolate_venezia(data: dict[str, Any]) -> None:
    zone_entry(data, "venezia")["adjacent"].clear()
    zone_entry(data, "ragusa")["adjacent"].remove("venezia")


def _set(path: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        node = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return change


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (_set(("goods", "wood", "cubes"), 13), "14 wood cubes"),
        (_set(("goods", "gold", "cubes"), 12), "10 gold cubes"),
        (_drop_a_port, "19 ports"),
        (_one_way, "valencia-marseille must be mutual"),
        (_cut_valencia_algiers, "València must be next to Algiers"),
        (_isolate_venezia, "every sea zone must be reachable"),
        (_set(("players", "3", "sailors"), 22), "3 players use 26 sailors"),
        (_set(("players", "2", "start_galleys"), 2), "2 players start with 3 galleys"),
        (_set(("players", "4", "galleys"), 12), "4 players use 15 galleys"),
        (lambda d: d["doge"].pop(), "5 Doge cards"),
        (_set(("scoring", "by_cubes"), [0, 2, 5, 10, 14, 20]), "scoring 0 / 15 / 20"),
        (lambda d: zone_entry(d, "tunis")["adjacent"].append("atlantis"), "unknown neighbour"),
        (lambda d: d["port"][0].update(warehouse=6), "port valencia"),
        (lambda d: d["port"][1].update(id="valencia"), "port ids must be unique"),
        (lambda d: d["port"][5].update(start=True), "5 starting ports"),
    ],
)
def test_tampered_board_data_is_refused(change, message):
    """board.load_board refuses data that contradicts a count the rulebook states, saying which
    (serenissima-2012.en.txt, components, set-up, 2- and 3-player sections, movement example)."""
    with pytest.raises(DataError) as refused:
        load_board(tampered(change))
    assert str(refused.value).startswith("serenissima-2012 board data: ")
    assert message in str(refused.value)


def test_tampering_a_copy_leaves_the_shipped_data_alone():
    """The tests tamper with deep copies: the shipped data still loads afterwards."""
    with pytest.raises(DataError):
        load_board(tampered(_drop_a_port))
    assert len(load_board(copy.deepcopy(RAW)).port_ids) == 19
