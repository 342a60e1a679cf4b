"""The board data (board.toml) and its checks against the counts the 1996 rulebooks state."""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Callable
from importlib.resources import files
from typing import Any

import pytest

from arsenale.core.errors import DataError
from arsenale.games.serenissima_1996 import board as board_module
from arsenale.games.serenissima_1996.board import (
    GOLD,
    IRON,
    SPICES,
    TURKS,
    VENETIANS,
    WOOD,
    Board,
    load_board,
)

RAW: dict[str, Any] = tomllib.loads(
    files(board_module.__package__).joinpath("board.toml").read_text(encoding="utf-8")
)
RARE = ("gems", "gold", "spices")


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board()


def area_entry(data: dict[str, Any], area_id: str) -> dict[str, Any]:
    (entry,) = [a for a in data["area"] if a["id"] == area_id]
    return entry


def port_entry(data: dict[str, Any], port_id: str) -> dict[str, Any]:
    (entry,) = [p for p in data["port"] if p["id"] == port_id]
    return entry


def tampered(change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    data = copy.deepcopy(RAW)
    change(data)
    return data


def test_shipped_board_loads_and_matches_the_rulebooks(board):
    """R1-FR contents and monopoly rule: 7 goods of 15 cubes, 23 ports made of 1 gem, 2 gold,
    2 spice, 4 wine, 4 cloth, 4 iron and 6 wood ports; 4 high seas; 2 Adriatic areas."""
    assert board == load_board(copy.deepcopy(RAW))
    assert board.goods == ("gems", "gold", "spices", "wine", "cloth", "iron", "wood")
    assert board.cubes == (15,) * 7
    assert board.good_colours == ("orange", "yellow", "green", "red", "black", "grey", "brown")
    assert len(board.port_ids) == 23
    assert tuple(len(p) for p in board.producers) == (1, 2, 2, 4, 4, 4, 6)
    assert board.port_size.count(6) == 4
    assert sum(board.area_high_seas) == 4
    assert board.area_region.count("adriatic") == 2
    assert 27 <= len(board.area_ids) <= 32
    assert set(board.status.values()) <= {"confirmed", "reconstructed"}


def test_ports_and_areas_are_consistent(board):
    """A port lies in the one area that names it; high seas have no port and no coast."""
    for port, area in enumerate(board.port_area):
        assert board.area_port[area] == port
        assert board.area_coastal[area] and not board.area_high_seas[area]
    assert sum(1 for p in board.area_port if p >= 0) == 23
    for area, high in enumerate(board.area_high_seas):
        if high:
            assert board.area_port[area] == -1 and not board.area_coastal[area]
    for area, neighbours in enumerate(board.adjacent):
        assert area not in neighbours
        for other in neighbours:
            assert area in board.adjacent[other], "adjacency is mutual"
    assert -1 not in board.distances(0), "every area can be reached"


def test_capitals_nations_and_setups(board):
    """R1-EN/R1-FR starting positions: capitals, line-ups, rounds 12/10/8, 2 galleys, 10 sailors,
    2000 ducats; only the capitals have 6-space warehouses."""
    capitals = [board.port_ids[p] for p in board.nation_capital]
    assert capitals == ["venezia", "genova", "valencia", "istanbul"]
    for nation, port in enumerate(board.nation_capital):
        assert board.port_nation[port] == nation and board.port_size[port] == 6
    assert sum(1 for n in board.port_nation if n >= 0) == 4
    assert {n: s.rounds for n, s in board.setups.items()} == {2: 12, 3: 10, 4: 8}
    assert board.setups[2].nations == (VENETIANS, board.nation_index("genoese"))
    assert board.setups[2].options[1] == (board.nation_index("spanish"), TURKS)
    assert board.setups[3].nations == (0, 1, 2) and board.setups[4].nations == (0, 1, 2, 3)
    assert board.start == {"galleys": 2, "sailors": 10, "ducats": 2000, "round_marker": 1}


def test_confirmed_port_facts(board):
    """Reference section A3: the goods and sizes the sources state are kept."""

    def good(port_id: str) -> int:
        return board.port_good[board.port_index(port_id)]

    assert [board.port_ids[p] for p in board.producers[0]] == ["cyrene"]
    assert {board.port_ids[p] for p in board.producers[GOLD]} == {"tunis", "tripoli"}
    assert {board.port_ids[p] for p in board.producers[SPICES]} == {"alexandria", "antioch"}
    assert good("valencia") == good("ragusa") == good("modon") == WOOD
    assert good("genova") == IRON
    assert board.port_size[board.port_index("smyrna")] == 4
    assert board.port_size[board.port_index("crete")] == 2
    assert good("istanbul") not in (WOOD, GOLD) and good("sicily") not in (WOOD, GOLD)
    assert good("alexandria") not in (WOOD, IRON) and good("tunis") not in (WOOD, IRON)
    assert "sardinia" in board.port_ids
    for port_id in ("valencia", "genova"):
        assert board.status[f"port:{port_id}"] == "confirmed"


def test_warehouse_values_prices_and_prosperity(board):
    """First space pays 2 (x100): small 2-3, medium 2-5, capital 2-7. R1-FR prosperity points,
    prices and the fort divisor."""
    values = {board.port_size[p]: board.port_values[p] for p in range(23)}
    assert values == {2: (2, 3), 4: (2, 3, 4, 5), 6: (2, 3, 4, 5, 6, 7)}
    assert board.full_warehouse_points == {2: 2, 4: 5, 6: 10}
    assert board.prosperity["own_capital"] == 10 and board.prosperity["ducats_per_point"] == 500
    assert board.prosperity["open_port"] == 1
    p = board.prices
    assert (p["good"], p["owner_max"], p["monopoly_max"]) == (100, 300, 1000)
    assert (p["galley"], p["fort"], p["sailor"]) == (500, 500, 100)
    assert (p["new_market_bonus"], p["capital_market_bonus"], p["capital_income"]) == (
        500,
        1000,
        300,
    )
    assert board.rules["galley_capacity"] == 5 and board.rules["galley_max_goods"] == 4
    assert (board.rules["battle_divisor"], board.rules["fort_divisor"]) == (3, 4)
    c = board.components
    assert (c["galleys"], c["sailors"], c["forts"]) == (28, 176, 20)
    assert "galleys_per_nation" not in c and "sailors_per_nation" not in c, "one shared box"
    assert (c["dice"], c["dice_faces"]) == (1, 6) and board.bank_unlimited


def test_geography_venice_istanbul_sicily(board):
    """Venice can be shut in at the Adriatic; Istanbul lies behind a chain of straits; Sicily's
    area links the Tyrrhenian to the Ionian, with a longer way round to the south."""
    venice = board.port_area[board.port_index("venezia")]
    for n in board.adjacent[venice]:
        assert board.area_region[n] == "adriatic"
    istanbul = board.port_area[board.port_index("istanbul")]
    (straits,) = board.adjacent[istanbul]
    assert board.area_ids[straits] == "dardanelles"
    assert board.area_index("aegean-sea") in board.adjacent[straits]
    sicily = board.port_area[board.port_index("sicily")]
    tyrrhenian, ionian = board.area_index("tyrrhenian-sea"), board.area_index("ionian-sea")
    assert tyrrhenian in board.adjacent[sicily] and ionian in board.adjacent[sicily]
    assert board.distances(tyrrhenian)[ionian] == 2
    # Without Sicily's area the sea is still connected (ships can sail round it), but longer.
    seen, todo = {tyrrhenian}, [tyrrhenian]
    while todo:
        for n in board.adjacent[todo.pop()]:
            if n != sicily and n not in seen:
                seen.add(n)
                todo.append(n)
    assert len(seen) == len(board.area_ids) - 1


def test_issue_14_review_of_the_sea_graph(board):
    """R1-EN/R1-FR special rules: the 4 high-seas areas have no coastline at all, so every
    shore belongs to coastal areas, and two coastal areas that share a shore are adjacent: the
    Ligurian Sea and the Gulf of Naples along Latium, the Strait of Messina and the Southern
    Adriatic along Ionian Calabria. The Gulf of Sidra and Cyrenaica open onto the Ionian. Where
    four areas meet one crossing pair touches (the Sardinia Channel; south of Cape Matapan).
    The Balearics lie between Valencia and the Western Basin. Reasons in board.toml
    (`changed`); test_drawn_map.py checks the whole graph against the drawn coasts."""

    def adjacent(a: str, b: str) -> bool:
        return board.area_index(b) in board.adjacent[board.area_index(a)]

    for a, b in [
        ("ligurian-sea", "gulf-of-naples"),
        ("strait-of-messina", "south-adriatic"),
        ("ionian-sea", "tripolitania"),
        ("ionian-sea", "cyrenaica"),
        ("sardinian-sea", "strait-of-messina"),
        ("messenian-gulf", "libyan-sea"),
        ("balearic-islands", "algerian-coast"),
    ]:
        assert adjacent(a, b) and adjacent(b, a), (a, b)
    assert not adjacent("gulf-of-valencia", "western-basin")
    assert not adjacent("tyrrhenian-sea", "gulf-of-tunis")
    assert not adjacent("ionian-sea", "sea-of-crete")
    changed = [a["id"] for a in RAW["area"] if "changed" in a]
    assert len(changed) == 12 and all(a["status"] == "reconstructed" for a in RAW["area"])


def test_travel_from_capitals_to_rare_goods_takes_about_two_rounds(board):
    """LG: from a capital, gold, gems and spices lie about 2 rounds away for a galley moving 3-5
    areas a round. Every rare-goods port is 3-10 moves from every capital (never next door, and
    within 2 rounds at full speed); each capital's farthest one is 5-10 moves away (2 rounds)."""
    rare = [p for g in range(3) for p in board.producers[g]]
    for nation, capital in enumerate(board.nation_capital):
        dist = board.distances(board.port_area[capital])
        moves = {board.port_ids[p]: dist[board.port_area[p]] for p in rare}
        assert all(3 <= d <= 10 for d in moves.values()), (board.nation_ids[nation], moves)
        assert 5 <= max(moves.values()) <= 10, (board.nation_ids[nation], moves)


def _drop_a_port(data: dict[str, Any]) -> None:
    data["port"].pop()


def _one_way(data: dict[str, Any]) -> None:
    area_entry(data, "gulf-of-lion")["adjacent"].remove("ligurian-sea")


def _three_high_seas(data: dict[str, Any]) -> None:
    area_entry(data, "tyrrhenian-sea").update(high_seas=False, coastal=True)


def _five_high_seas(data: dict[str, Any]) -> None:
    area_entry(data, "corsica").update(high_seas=True, coastal=False)


def _wine_for_cloth(data: dict[str, Any]) -> None:
    port_entry(data, "majorca")["good"] = "wine"


def _isolate_straits(data: dict[str, Any]) -> None:
    for other in ("aegean-sea", "gulf-of-smyrna"):
        area_entry(data, other)["adjacent"].remove("dardanelles")
        area_entry(data, "dardanelles")["adjacent"].remove(other)


def _open_venice(data: dict[str, Any]) -> None:
    area_entry(data, "north-adriatic")["adjacent"].append("ionian-sea")
    area_entry(data, "ionian-sea")["adjacent"].append("north-adriatic")


def _port_on_high_seas(data: dict[str, Any]) -> None:
    area_entry(data, "gulf-of-naples")["port"] = ""
    area_entry(data, "tyrrhenian-sea")["port"] = "napoli"


def _port_in_two_areas(data: dict[str, Any]) -> None:
    area_entry(data, "corsica")["port"] = "genova"


def _set(path: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        node = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return change


def _port(port_id: str, **fields: Any) -> Callable[[dict[str, Any]], None]:
    return lambda data: port_entry(data, port_id).update(fields)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (_set(("goods", "wine", "cubes"), 14), "15 wine cubes"),
        (_set(("goods", "iron", "colour"), "black"), "iron cubes are grey"),
        (_set(("goods", "wood", "producers"), 5), "wood: 6 producing ports"),
        (_drop_a_port, "23 ports"),
        (_three_high_seas, "4 high-seas areas"),
        (_five_high_seas, "4 high-seas areas"),
        (_one_way, "must be mutual: ligurian-sea lists gulf-of-lion, not the reverse"),
        (lambda d: area_entry(d, "corsica")["adjacent"].append("atlantis"), "unknown neighbour"),
        (lambda d: area_entry(d, "corsica")["adjacent"].append("corsica"), "lists itself"),
        (_isolate_straits, "every sea area must be reachable"),
        (_port("venezia", warehouse=4), "port venezia: only the 4 capitals"),
        (_port("smyrna", warehouse=6), "port smyrna: only the 4 capitals"),
        (_port("crete", warehouse=3), "port crete: a warehouse has 2, 4 or 6 spaces"),
        (_port("malta", good="silk"), "port malta: unknown good 'silk'"),
        (_wine_for_cloth, "wine: 4 producing ports (rulebook), got 5"),
        (_port("cyrene", good="gold"), "gems: 1 producing ports (rulebook), got 0"),
        (_port("rhodes", good="cloth"), "cloth: 4 producing ports (rulebook), got 5"),
        (_port("crete", warehouse=4), "port crete must have 2 spaces"),
        (_port("tunis", warehouse=2), "one has 4+ spaces"),
        (_port("genova", nation="turks"), "the capitals must be"),
        (_port("napoli", id="genova"), "port ids must be unique"),
        (_port("modon", status="maybe"), "port:modon: status must be one of"),
        (_port("modon", reason=""), "port:modon: a reconstructed entry needs a reason"),
        (_port("genova", confirmed=["name"]), "port genova: confirmed only when"),
        (_set(("area", 0, "high_seas"), "no"), "must be true or false"),
        (_port_on_high_seas, "tyrrhenian-sea: a high-seas area has no port"),
        (_port_in_two_areas, "port genova must lie in exactly one sea area"),
        (lambda d: area_entry(d, "gulf-of-naples").update(port=""), "port napoli must lie in"),
        (lambda d: area_entry(d, "aegean-sea").update(coastal=False), "must have a coast"),
        (lambda d: area_entry(d, "south-adriatic").pop("region"), "the Adriatic is 2 areas"),
        (_open_venice, "Venezia's area opens only onto the other Adriatic area"),
        (lambda d: area_entry(d, "dardanelles").pop("region"), "reached only through straits"),
        (_set(("warehouse", "first_space_value"), 1), "the first warehouse space pays 2"),
        (_set(("players", "4", "rounds"), 10), "4 players play 8 rounds"),
        (_set(("players", "2", "options"), [["venetians", "turks"]]), "2 players: nations"),
        (_set(("start", "ducats"), 3000), "start ducats must be 2000"),
        (_set(("prices", "monopoly_max"), 900), "price monopoly_max must be 1000"),
        (_set(("rules", "fort_divisor"), 3), "rule fort_divisor must be 4"),
        (_set(("prosperity", "full_medium"), 4), "prosperity full_medium must be 5"),
        (_set(("components", "forts", "count"), 15), "the box holds 20 forts"),
        (_set(("components", "galleys", "count"), 27), "the box holds 28 galleys"),
        (_set(("nations", "turks", "capital"), "smyrna"), "capital is istanbul"),
    ],
)
def test_tampered_board_data_is_refused(change, message):
    """board.load_board refuses data that contradicts a count or fact the rulebooks (or the
    confirmed sources) state, and says which."""
    with pytest.raises(DataError) as refused:
        load_board(tampered(change))
    assert str(refused.value).startswith("serenissima-1996 board data: ")
    assert message in str(refused.value)


def test_tampering_a_copy_leaves_the_shipped_data_alone():
    """The tests tamper with deep copies: the shipped data still loads afterwards."""
    with pytest.raises(DataError):
        load_board(tampered(_drop_a_port))
    assert len(load_board(copy.deepcopy(RAW)).port_ids) == 23
