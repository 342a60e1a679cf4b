"""The board and components of Serenissima (2012), loaded from board.toml and checked.

Indices are used everywhere in the engine for speed: goods, ports, zones and galleys are
small integers; the names live here. Galley numbers printed on the board are index + 1.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib.resources import files
from typing import Any, Final

from arsenale.core.errors import DataError

GOODS: Final = ("wood", "stone", "marble", "wine", "gold", "spice")
WOOD: Final = 0
STONE: Final = 1
MARBLE: Final = 2
WINE: Final = 3
GOLD: Final = 4
SPICE: Final = 5
POPCOUNT: Final = tuple(bin(m).count("1") for m in range(64))
"""Goods in a warehouse, by its bit mask (bit g: good g is there)."""

# Counts the rulebook states (serenissima-2012.en.txt, components and set-up).
RULEBOOK_CUBES: Final = {"wood": 14, "stone": 12, "marble": 12, "wine": 12, "gold": 10, "spice": 10}
RULEBOOK_SAILORS: Final = {2: 30, 3: 26, 4: 22}
RULEBOOK_GALLEYS: Final = {2: 12, 3: 12, 4: 15}
RULEBOOK_START_GALLEYS: Final = {2: 3, 3: 2, 4: 2}
RULEBOOK_DOGE: Final = 5


@dataclass(frozen=True)
class PlayerSetup:
    sailors: int
    galleys: int
    start_galleys: int
    track_length: int
    scoring: tuple[int, ...]
    closed_goods: tuple[int, ...]


@dataclass(frozen=True)
class Board:
    port_ids: tuple[str, ...]
    port_names: tuple[str, ...]
    port_good: tuple[int, ...]
    port_size: tuple[int, ...]
    port_zone: tuple[int, ...]
    start_ports: tuple[int, ...]
    zone_ids: tuple[str, ...]
    zone_port: tuple[int, ...]  # -1: open sea
    adjacent: tuple[tuple[int, ...], ...]
    cubes: tuple[int, ...]
    setups: dict[int, PlayerSetup]
    doge_ids: tuple[str, ...]
    doge_steps: tuple[int, ...]
    doge_wine: tuple[bool, ...]
    doge_shuffle: tuple[bool, ...]
    scoring_by_cubes: tuple[int, ...]
    dice_faces: int
    skull_faces: int
    meta: dict[str, int]
    status: dict[str, str]  # "port:<id>" / "zone:<id>" / other key -> "confirmed" | "reconstructed"
    port_names_fr: tuple[str, ...] = ()
    """The ports' names in French (board.toml `name_fr`: Méditerranée's where it has them)."""
    zone_in_fr: tuple[str, ...] = ()
    """Where a thing is, per zone, in French: "à Venise", "en mer Ionienne" (board.toml
    `in_fr` of the zone, else of its port)."""

    def port_index(self, port_id: str) -> int:
        return self.port_ids.index(port_id)

    def zone_index(self, zone_id: str) -> int:
        return self.zone_ids.index(zone_id)


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise DataError(f"serenissima-2012 board data: {message}")


def load_board(data: dict[str, Any] | None = None) -> Board:
    """Read board.toml (or `data`, for tests) and check it against the rulebook's counts."""
    if data is None:
        text = files(__package__).joinpath("board.toml").read_text(encoding="utf-8")
        data = tomllib.loads(text)
    meta = data["meta"]
    status: dict[str, str] = {}

    goods = data["goods"]
    _need(tuple(goods) == GOODS, f"goods must be {GOODS}, got {tuple(goods)}")
    for name, count in RULEBOOK_CUBES.items():
        _need(goods[name]["cubes"] == count, f"{count} {name} cubes per the rulebook")
    cubes = tuple(goods[g]["cubes"] for g in GOODS)

    ports = data["port"]
    _need(len(ports) == meta["ports"] == 19, "19 ports (19 Port cards)")
    port_ids = tuple(p["id"] for p in ports)
    _need(len(set(port_ids)) == len(port_ids), "port ids must be unique")
    for p in ports:
        _need(p["good"] in GOODS, f"port {p['id']}: unknown good {p['good']!r}")
        _need(3 <= p["warehouse"] <= 5, f"port {p['id']}: warehouse values run 2..6, so 1-5 spaces")
        status[f"port:{p['id']}"] = p["status"]
    start_ports = tuple(i for i, p in enumerate(ports) if p.get("start"))
    _need(len(start_ports) == meta["starting_ports"] == 5, "5 starting ports")
    _need(any(p["warehouse"] == 5 for p in ports), "at least one 5-space (large) warehouse")
    for good in ("wood", "wine", "stone", "marble"):
        closable = [p for p in ports if p["good"] == good and not p.get("start")]
        _need(len(closable) >= 1, f"a non-starting {good} port to close with 2-3 players")
    for good in GOODS:
        _need(any(p["good"] == good for p in ports), f"some port must produce {good}")

    zones = data["zone"]
    _need(len(zones) == meta["sea_zones"] == 20, "20 sea zones")
    zone_ids = tuple(z["id"] for z in zones)
    _need(len(set(zone_ids)) == len(zone_ids), "zone ids must be unique")
    zone_of = {z: i for i, z in enumerate(zone_ids)}
    zone_port = []
    for z in zones:
        port_id = z.get("port", z["id"])
        _need(port_id == "" or port_id in port_ids, f"zone {z['id']}: unknown port {port_id}")
        zone_port.append(port_ids.index(port_id) if port_id else -1)
        status[f"zone:{z['id']}"] = z["status"]
    _need(
        sorted(p for p in zone_port if p >= 0) == list(range(19)), "one port per zone, every port"
    )
    port_zone = tuple(zone_port.index(i) for i in range(19))
    adjacent = []
    for z in zones:
        for other in z["adjacent"]:
            _need(other in zone_of, f"zone {z['id']}: unknown neighbour {other}")
            _need(z["id"] in zones[zone_of[other]]["adjacent"], f"{z['id']}-{other} must be mutual")
        _need(z["id"] not in z["adjacent"], f"zone {z['id']} lists itself")
        adjacent.append(tuple(sorted(zone_of[o] for o in z["adjacent"])))
    seen, todo = {0}, [0]
    while todo:
        for n in adjacent[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    _need(len(seen) == 20, "every sea zone must be reachable")
    _need(
        zone_of["algiers"] in adjacent[zone_of["valencia"]],
        "València must be next to Algiers (rulebook movement example)",
    )

    setups = {}
    for n in (2, 3, 4):
        row = data["players"][str(n)]
        track = data["tracks"][row["track"]]
        _need(
            row["sailors"] == RULEBOOK_SAILORS[n], f"{n} players use {RULEBOOK_SAILORS[n]} sailors"
        )
        _need(
            row["galleys"] == RULEBOOK_GALLEYS[n], f"{n} players use {RULEBOOK_GALLEYS[n]} galleys"
        )
        _need(
            row["start_galleys"] == RULEBOOK_START_GALLEYS[n],
            f"{n} players start with {RULEBOOK_START_GALLEYS[n]} galleys",
        )
        scoring = tuple(track["scoring"])
        _need(len(scoring) == 3, "three scorings end the game")
        _need(scoring[-1] == track["length"], "the last scoring space is the end of the track")
        _need(
            all(b - a >= 2 for a, b in zip((0, *scoring), scoring, strict=False)),
            "scoring spaces at least 2 apart",
        )
        closed = tuple(GOODS.index(g) for g in row["closed_ports"])
        _need(
            closed in ((), (WOOD, WINE, STONE, MARBLE)),
            "2-3 players close wood, wine, stone, marble",
        )
        setups[n] = PlayerSetup(
            row["sailors"], row["galleys"], row["start_galleys"], track["length"], scoring, closed
        )
        _need(row["galleys"] <= meta["galleys"], "no more galleys than the box has")

    doge = data["doge"]
    _need(len(doge) == RULEBOOK_DOGE, "5 Doge cards")
    _need(sorted(d["steps"] for d in doge) == [0, 1, 1, 2, 2], "Doge steps 0, 1, 1, 2, 2")
    _need(sum(1 for d in doge if d.get("shuffle")) == 1, "one shuffle card")
    _need(sum(1 for d in doge if d.get("wine")) == 1, "one wine card")

    by_cubes = tuple(data["scoring"]["by_cubes"])
    _need(
        by_cubes[0] == 0 and by_cubes[4] == 15 and by_cubes[5] == 20,
        "scoring 0 / 15 / 20 (rulebook)",
    )
    _need(list(by_cubes) == sorted(by_cubes), "scoring never falls as a warehouse fills")
    dice = data["dice"]
    _need(
        0 < dice["skull_faces"] < dice["faces"], "a skull die has some skull faces and some blank"
    )

    return Board(
        port_ids=port_ids,
        port_names=tuple(p["name"] for p in ports),
        port_names_fr=tuple(p.get("name_fr", p["name"]) for p in ports),
        zone_in_fr=tuple(
            z.get("in_fr") or ports[zone_port[i]]["in_fr"] for i, z in enumerate(zones)
        ),
        port_good=tuple(GOODS.index(p["good"]) for p in ports),
        port_size=tuple(p["warehouse"] for p in ports),
        port_zone=port_zone,
        start_ports=start_ports,
        zone_ids=zone_ids,
        zone_port=tuple(zone_port),
        adjacent=tuple(adjacent),
        cubes=cubes,
        setups=setups,
        doge_ids=tuple(d["id"] for d in doge),
        doge_steps=tuple(d["steps"] for d in doge),
        doge_wine=tuple(bool(d.get("wine")) for d in doge),
        doge_shuffle=tuple(bool(d.get("shuffle")) for d in doge),
        scoring_by_cubes=by_cubes,
        dice_faces=dice["faces"],
        skull_faces=dice["skull_faces"],
        meta={k: v for k, v in meta.items() if isinstance(v, int)},
        status=status,
    )
