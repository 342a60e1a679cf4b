"""The board and components of Serenissima (1996, French "Méditerranée"), loaded from board.toml
and checked against every count the rulebooks state.

Goods, ports, sea areas and nations are small integers (indices into the tuples below) for
speed in the engine; the names live here for display. Rulebooks: serenissima-1996.en.txt
("R1-EN") and serenissima-1996.fr.txt ("R1-FR"); sources of the board facts:
shared/reference/serenissima-boards.md, section A.
"""

from __future__ import annotations

import tomllib
from collections import deque
from dataclasses import dataclass
from importlib.resources import files
from typing import Any, Final

from arsenale.core.errors import DataError

GOODS: Final = ("gems", "gold", "spices", "wine", "cloth", "iron", "wood")
GEMS: Final = 0
GOLD: Final = 1
SPICES: Final = 2
WINE: Final = 3
CLOTH: Final = 4
IRON: Final = 5
WOOD: Final = 6
NATIONS: Final = ("venetians", "genoese", "spanish", "turks")
VENETIANS: Final = 0
GENOESE: Final = 1
SPANISH: Final = 2
TURKS: Final = 3
STATUSES: Final = ("confirmed", "reconstructed")
POPCOUNT: Final = tuple(bin(m).count("1") for m in range(128))
"""Goods in a warehouse, by its bit mask."""

# Counts and values the rulebooks state (R1-FR contents, monopoly rule, end of game; R1-EN).
RULEBOOK_CUBES: Final = 15
RULEBOOK_COLOURS: Final = {
    "gems": "orange",
    "gold": "yellow",
    "spices": "green",
    "wine": "red",
    "cloth": "black",
    "iron": "grey",
    "wood": "brown",
}
RULEBOOK_PRODUCERS: Final = {
    "gems": 1,
    "gold": 2,
    "spices": 2,
    "wine": 4,
    "cloth": 4,
    "iron": 4,
    "wood": 6,
}
RULEBOOK_PORTS: Final = 23
RULEBOOK_HIGH_SEAS: Final = 4
RULEBOOK_ADRIATIC_AREAS: Final = 2
RULEBOOK_WAREHOUSES: Final = {"small": 2, "medium": 4, "capital": 6}
RULEBOOK_FIRST_SPACE_VALUE: Final = 2  # inferred strongly (reference A2), treated as confirmed
RULEBOOK_CAPITALS: Final = {
    "venetians": "venezia",
    "genoese": "genova",
    "spanish": "valencia",
    "turks": "istanbul",
}
RULEBOOK_ROUNDS: Final = {2: 12, 3: 10, 4: 8}
RULEBOOK_LINEUPS: Final[dict[int, tuple[tuple[str, ...], ...]]] = {
    2: (("venetians", "genoese"), ("spanish", "turks")),
    3: (("venetians", "genoese", "spanish"),),
    4: (("venetians", "genoese", "spanish", "turks"),),
}
RULEBOOK_START: Final = {"galleys": 2, "sailors": 10, "ducats": 2000, "round_marker": 1}
RULEBOOK_PRICES: Final = {
    "good": 100,
    "owner_min": 100,
    "owner_max": 300,
    "monopoly_max": 1000,
    "galley": 500,
    "fort": 500,
    "sailor": 100,
    "space_value_unit": 100,
    "new_market_bonus": 500,
    "capital_market_bonus": 1000,
    "capital_income": 300,
    "bid_step": 100,
}
RULEBOOK_RULES: Final = {
    "galley_capacity": 5,
    "galley_min_sailors": 1,
    "galley_max_goods": 4,
    "battle_divisor": 3,
    "fort_divisor": 4,
    "builds_per_port": 1,
}
RULEBOOK_PROSPERITY: Final = {
    "own_capital": 10,
    "ducats_per_point": 500,
    "open_port": 1,
    "full_small": 2,
    "full_medium": 5,
    "full_capital": 10,
}
RULEBOOK_COMPONENTS: Final = {
    "galleys": 28,
    "sailors": 176,
    "forts": 20,
    "flags": 112,
    "flags_per_nation": 28,
    "flags_stands": 28,
    "dice": 1,
    "dice_faces": 6,
    "markers_order": 4,
    "markers_round": 1,
    "coins": 101,
}

# Port facts the sources confirm (reference section A3); the data must keep them.
CONFIRMED_GOODS: Final = {
    "cyrene": "gems",
    "tunis": "gold",
    "tripoli": "gold",
    "alexandria": "spices",
    "antioch": "spices",
    "valencia": "wood",
    "genova": "iron",
    "ragusa": "wood",
    "modon": "wood",
}
CONFIRMED_SIZES: Final = {"smyrna": 4, "crete": 2}
NEVER_PRODUCES: Final = {  # R1-FR building examples: these ports need both goods delivered
    "istanbul": ("wood", "gold"),
    "sicily": ("wood", "gold"),
    "alexandria": ("wood", "iron"),
    "tunis": ("wood", "iron"),
}


@dataclass(frozen=True)
class PlayerSetup:
    rounds: int
    nations: tuple[int, ...]  # the default line-up, in seat order
    options: tuple[tuple[int, ...], ...]  # every allowed line-up, the default first


@dataclass(frozen=True)
class Board:
    goods: tuple[str, ...]
    good_names: tuple[str, ...]
    good_colours: tuple[str, ...]
    cubes: tuple[int, ...]
    producers: tuple[tuple[int, ...], ...]  # per good: the ports producing it
    port_ids: tuple[str, ...]
    port_names: tuple[str, ...]
    port_good: tuple[int, ...]
    port_size: tuple[int, ...]  # warehouse spaces: 2, 4 or 6
    port_values: tuple[tuple[int, ...], ...]  # space values, x100 ducats, lowest first
    port_area: tuple[int, ...]
    port_nation: tuple[int, ...]  # capital of that nation, or -1
    area_ids: tuple[str, ...]
    area_names: tuple[str, ...]
    area_port: tuple[int, ...]  # -1: no port
    area_high_seas: tuple[bool, ...]
    area_coastal: tuple[bool, ...]
    area_region: tuple[str, ...]  # "adriatic", "straits" or ""
    adjacent: tuple[tuple[int, ...], ...]
    nation_ids: tuple[str, ...]
    nation_names: tuple[str, ...]
    nation_colours: tuple[str, ...]
    nation_capital: tuple[int, ...]  # port index
    setups: dict[int, PlayerSetup]
    start: dict[str, int]  # galleys, sailors, ducats, round_marker
    prices: dict[str, int]  # ducats
    rules: dict[str, int]  # galley capacity, battle divisors, first_space_value, ...
    prosperity: dict[str, int]
    full_warehouse_points: dict[int, int]  # warehouse size -> points when full
    components: dict[str, int]
    bank_unlimited: bool
    status: dict[str, str]  # "port:<id>", "area:<id>", "good:<id>", ... -> one of STATUSES
    names_fr: dict[str, str]  # id of a good, nation, port or area -> its French name
    places: dict[str, dict[str, tuple[str, str]]]
    """Per language, a port or area id -> (its name with the article its language puts
    before it, where a thing is): ("le golfe de Naples", "dans le golfe de Naples") in
    French (board.toml `the_fr`, `in_fr`); in English `the` and "in" before it."""

    def port_index(self, port_id: str) -> int:
        return self.port_ids.index(port_id)

    def money_bound(self) -> int:
        """The most ducats the bank can pay out in one game, at any player count: every
        nation's start and its capital income each round, and every warehouse space sold
        once (warehouses never empty) with the largest new-market bonus. Money between
        players only changes hands, so no player ever holds more (RULINGS.md R8)."""
        p = self.prices
        handed = max(
            n * (self.start["ducats"] + setup.rounds * p["capital_income"])
            for n, setup in self.setups.items()
        )
        sales = 0
        for port, values in enumerate(self.port_values):
            bonus = p["capital_market_bonus" if self.port_nation[port] >= 0 else "new_market_bonus"]
            sales += sum(v * p["space_value_unit"] + bonus for v in values)
        return handed + sales

    def area_index(self, area_id: str) -> int:
        return self.area_ids.index(area_id)

    def nation_index(self, nation_id: str) -> int:
        return self.nation_ids.index(nation_id)

    def distances(self, area: int) -> tuple[int, ...]:
        """Fewest moves from `area` to every area (-1 if unreachable)."""
        dist = [-1] * len(self.area_ids)
        dist[area] = 0
        todo = deque([area])
        while todo:
            here = todo.popleft()
            for there in self.adjacent[here]:
                if dist[there] < 0:
                    dist[there] = dist[here] + 1
                    todo.append(there)
        return tuple(dist)


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise DataError(f"serenissima-1996 board data: {message}")


def _status(status: dict[str, str], key: str, entry: dict[str, Any]) -> None:
    value = entry.get("status")
    _need(value in STATUSES, f"{key}: status must be one of {STATUSES}, got {value!r}")
    if value == "reconstructed":
        _need(bool(entry.get("reason")), f"{key}: a reconstructed entry needs a reason")
    status[key] = str(value)


def _same(table: dict[str, Any], expected: dict[str, int], what: str) -> dict[str, int]:
    for key, value in expected.items():
        got = table.get(key)
        _need(got == value, f"{what} {key} must be {value} (rulebook), got {got!r}")
    return {k: v for k, v in table.items() if isinstance(v, int) and not isinstance(v, bool)}


def _goods(data: dict[str, Any], status: dict[str, str]) -> dict[str, Any]:
    goods = data["goods"]
    _need(tuple(goods) == GOODS, f"goods must be {GOODS} in this order, got {tuple(goods)}")
    for name, good in goods.items():
        _status(status, f"good:{name}", good)
        _need(good["cubes"] == RULEBOOK_CUBES, f"{RULEBOOK_CUBES} {name} cubes per the rulebook")
        colour = RULEBOOK_COLOURS[name]
        _need(good["colour"] == colour, f"{name} cubes are {colour} (rulebook colour key)")
        count = RULEBOOK_PRODUCERS[name]
        _need(
            good["producers"] == count, f"{name}: {count} producing ports (rulebook monopoly rule)"
        )
    return goods


def _ports(data: dict[str, Any], status: dict[str, str]) -> list[dict[str, Any]]:
    ports = data["port"]
    _need(
        len(ports) == data["meta"]["ports"] == RULEBOOK_PORTS,
        f"{RULEBOOK_PORTS} ports (JDS; the per-good counts sum to 23), got {len(ports)}",
    )
    ids = [p["id"] for p in ports]
    _need(len(set(ids)) == len(ids), "port ids must be unique")
    sizes = set(RULEBOOK_WAREHOUSES.values())
    for p in ports:
        _status(status, f"port:{p['id']}", p)
        _need(p["good"] in GOODS, f"port {p['id']}: unknown good {p['good']!r}")
        _need(
            p["warehouse"] in sizes,
            f"port {p['id']}: a warehouse has 2, 4 or 6 spaces, got {p['warehouse']}",
        )
        nation = p.get("nation")
        _need(nation is None or nation in NATIONS, f"port {p['id']}: unknown nation {nation!r}")
        capital = RULEBOOK_WAREHOUSES["capital"]
        _need(
            (p["warehouse"] == capital) == (nation is not None),
            f"port {p['id']}: only the 4 capitals, each with its nation, have {capital} spaces",
        )
        full = {"name", "good", "warehouse"} <= set(p["confirmed"])
        _need(
            full == (p["status"] == "confirmed"),
            f"port {p['id']}: confirmed only when its name, good and warehouse all are",
        )
    for good, count in RULEBOOK_PRODUCERS.items():
        made = sum(1 for p in ports if p["good"] == good)
        _need(made == count, f"{good}: {count} producing ports (rulebook), got {made}")
    capitals = {p["nation"]: p["id"] for p in ports if "nation" in p}
    _need(
        capitals == RULEBOOK_CAPITALS, f"the capitals must be {RULEBOOK_CAPITALS}, got {capitals}"
    )

    by_id = {p["id"]: p for p in ports}
    for port_id, good in CONFIRMED_GOODS.items():
        _need(
            port_id in by_id and by_id[port_id]["good"] == good,
            f"port {port_id} must produce {good} (confirmed)",
        )
    for port_id, size in CONFIRMED_SIZES.items():
        _need(
            port_id in by_id and by_id[port_id]["warehouse"] == size,
            f"port {port_id} must have {size} spaces (confirmed)",
        )
    for port_id, never in NEVER_PRODUCES.items():
        _need(
            port_id in by_id and by_id[port_id]["good"] not in never,
            f"port {port_id} produces neither {' nor '.join(never)} (rulebook building examples)",
        )
    _need(
        any(p["good"] == "gold" and p["warehouse"] >= 4 for p in ports),
        "a gold port holds 3 cubes in the rulebook sale example, so one has 4+ spaces",
    )
    return ports


def _areas(
    data: dict[str, Any], port_ids: tuple[str, ...], status: dict[str, str]
) -> list[dict[str, Any]]:
    areas = data["area"]
    ids = [a["id"] for a in areas]
    _need(len(set(ids)) == len(ids), "area ids must be unique")
    of = {a: i for i, a in enumerate(ids)}
    for a in areas:
        _status(status, f"area:{a['id']}", a)
        _need(
            isinstance(a["high_seas"], bool) and isinstance(a["coastal"], bool),
            f"area {a['id']}: high_seas and coastal must be true or false",
        )
        _need(
            a["port"] == "" or a["port"] in port_ids, f"area {a['id']}: unknown port {a['port']!r}"
        )
        _need(
            a.get("region", "") in ("", "adriatic", "straits"),
            f"area {a['id']}: unknown region {a.get('region')!r}",
        )
    high = [a for a in areas if a["high_seas"]]
    _need(
        len(high) == data["meta"]["high_seas"] == RULEBOOK_HIGH_SEAS,
        f"{RULEBOOK_HIGH_SEAS} high-seas areas (rulebook special rules), got {len(high)}",
    )
    for a in areas:
        if a["high_seas"]:
            _need(a["port"] == "", f"area {a['id']}: a high-seas area has no port")
            _need(not a["coastal"], f"area {a['id']}: a high-seas area has no coast")
        else:
            _need(a["coastal"], f"area {a['id']}: an area that is not high seas must have a coast")
    for port_id in port_ids:
        holders = [a["id"] for a in areas if a["port"] == port_id]
        _need(len(holders) == 1, f"port {port_id} must lie in exactly one sea area, got {holders}")
    _need(
        len(areas) >= RULEBOOK_PORTS + RULEBOOK_HIGH_SEAS,
        "at least 27 areas: one per port plus the 4 high seas",
    )

    for a in areas:
        _need(a["id"] not in a["adjacent"], f"area {a['id']} lists itself as adjacent")
        _need(len(set(a["adjacent"])) == len(a["adjacent"]), f"area {a['id']}: duplicate neighbour")
        for other in a["adjacent"]:
            _need(other in of, f"area {a['id']}: unknown neighbour {other!r}")
            _need(
                a["id"] in areas[of[other]]["adjacent"],
                f"adjacency must be mutual: {a['id']} lists {other}, not the reverse",
            )
    seen, todo = {0}, [0]
    while todo:
        for other in areas[todo.pop()]["adjacent"]:
            if of[other] not in seen:
                seen.add(of[other])
                todo.append(of[other])
    _need(len(seen) == len(areas), "every sea area must be reachable from every other")

    home = {a["port"]: a for a in areas if a["port"]}
    adriatic = {a["id"] for a in areas if a.get("region") == "adriatic"}
    _need(
        len(adriatic) == data["meta"]["adriatic_areas"] == RULEBOOK_ADRIATIC_AREAS,
        f"the Adriatic is {RULEBOOK_ADRIATIC_AREAS} areas (JDS), got {len(adriatic)}",
    )
    for a in adriatic:
        _need(
            adriatic - {a} <= set(areas[of[a]]["adjacent"]),
            f"area {a}: the two Adriatic areas must be adjacent",
        )
    venice = home["venezia"]
    _need(venice["id"] in adriatic, "Venezia lies in the Adriatic")
    _need(
        set(venice["adjacent"]) <= adriatic,
        "Venezia's area opens only onto the other Adriatic area (Venice can be shut in, LG)",
    )
    straits = {a["id"] for a in areas if a.get("region") == "straits"}
    istanbul = home["istanbul"]
    _need(
        istanbul["id"] in straits and bool(istanbul["adjacent"]),
        "Istanbul lies at the end of the straits (LG)",
    )
    _need(
        set(istanbul["adjacent"]) <= straits,
        "Istanbul's area is reached only through straits areas (LG)",
    )
    for s in straits:
        _need(
            areas[of[s]]["port"] in ("", "istanbul"),
            f"area {s}: the straits hold no port but Istanbul",
        )
    _need(
        "sardinia" in port_ids or "sardinia" in of,
        "Sardinia must be a port or a sea area (TT-SAR)",
    )
    return areas


def load_board(data: dict[str, Any] | None = None) -> Board:
    """Read board.toml (or `data`, for tests) and check it against the rulebooks' counts."""
    if data is None:
        text = files(__package__).joinpath("board.toml").read_text(encoding="utf-8")
        data = tomllib.loads(text)
    status: dict[str, str] = {}
    _status(status, "meta", data["meta"])

    goods = _goods(data, status)
    ports = _ports(data, status)
    port_ids = tuple(p["id"] for p in ports)
    areas = _areas(data, port_ids, status)
    area_ids = tuple(a["id"] for a in areas)

    warehouse = data["warehouse"]
    _status(status, "warehouse", warehouse)
    _same(warehouse, RULEBOOK_WAREHOUSES, "warehouse")
    first = warehouse["first_space_value"]
    _need(
        first == RULEBOOK_FIRST_SPACE_VALUE,
        f"the first warehouse space pays {RULEBOOK_FIRST_SPACE_VALUE} (x100 ducats), got {first}",
    )

    nations = data["nations"]
    _need(
        tuple(nations) == NATIONS, f"nations must be {NATIONS} in this order, got {tuple(nations)}"
    )
    colours = data["nation_colours"]
    _status(status, "nation_colours", colours)
    for n, nation in nations.items():
        _status(status, f"nation:{n}", nation)
        _need(
            nation["capital"] == RULEBOOK_CAPITALS[n],
            f"the {n}' capital is {RULEBOOK_CAPITALS[n]} (rulebook)",
        )
        _need(bool(colours.get(n)), f"nation {n} needs a display colour")

    setups = {}
    _need(sorted(data["players"]) == ["2", "3", "4"], "the game is for 2, 3 or 4 players")
    for count in (2, 3, 4):
        row = data["players"][str(count)]
        _status(status, f"players:{count}", row)
        rounds = RULEBOOK_ROUNDS[count]
        _need(row["rounds"] == rounds, f"{count} players play {rounds} rounds (rulebook)")
        options = tuple(tuple(o) for o in row["options"])
        _need(
            options == RULEBOOK_LINEUPS[count],
            f"{count} players: nations {RULEBOOK_LINEUPS[count]} (rulebook), got {options}",
        )
        _need(tuple(row["nations"]) == options[0], f"{count} players: the default is {options[0]}")
        setups[count] = PlayerSetup(
            rounds=row["rounds"],
            nations=tuple(NATIONS.index(n) for n in options[0]),
            options=tuple(tuple(NATIONS.index(n) for n in o) for o in options),
        )

    start = data["start"]
    _status(status, "start", start)
    start_values = _same(start, RULEBOOK_START, "start")
    prices_table = data["prices"]
    _status(status, "prices", prices_table)
    prices = _same(prices_table, RULEBOOK_PRICES, "price")
    rules_table = data["rules"]
    _status(status, "rules", rules_table)
    rules = _same(rules_table, RULEBOOK_RULES, "rule")
    rules["first_space_value"] = first
    prosperity_table = data["prosperity"]
    _status(status, "prosperity", prosperity_table)
    prosperity = _same(prosperity_table, RULEBOOK_PROSPERITY, "prosperity")

    components: dict[str, int] = {}
    for name, table in data["components"].items():
        _status(status, f"components:{name}", table)
        for key, value in table.items():
            if isinstance(value, int) and not isinstance(value, bool):
                components[name if key == "count" else f"{name}_{key}"] = value
    for key, value in RULEBOOK_COMPONENTS.items():
        _need(components.get(key) == value, f"the box holds {value} {key} (R1-FR contents)")
    _need(
        components["flags_per_nation"] * len(NATIONS) == components["flags"],
        f"flags: per-nation count times 4 must equal the box's {components['flags']}",
    )
    _need(
        components["galleys"] >= start["galleys"] * len(NATIONS)
        and components["sailors"] >= start["sailors"] * len(NATIONS),
        "the box must hold every nation's starting galleys and sailors",
    )
    coins = data["components"]["coins"]
    _need(
        coins["of_1000"] + coins["of_500"] + coins["of_100"] == coins["count"],
        "coin counts must add up",
    )

    port_of = {p: i for i, p in enumerate(port_ids)}
    area_of = {a: i for i, a in enumerate(area_ids)}
    area_port = tuple(port_of[a["port"]] if a["port"] else -1 for a in areas)
    port_good = tuple(GOODS.index(p["good"]) for p in ports)
    sizes = RULEBOOK_WAREHOUSES
    return Board(
        goods=GOODS,
        good_names=tuple(goods[g]["name"] for g in GOODS),
        good_colours=tuple(goods[g]["colour"] for g in GOODS),
        cubes=tuple(goods[g]["cubes"] for g in GOODS),
        producers=tuple(
            tuple(i for i, good in enumerate(port_good) if good == g) for g in range(len(GOODS))
        ),
        port_ids=port_ids,
        port_names=tuple(p["name"] for p in ports),
        port_good=port_good,
        port_size=tuple(p["warehouse"] for p in ports),
        port_values=tuple(tuple(range(first, first + p["warehouse"])) for p in ports),
        port_area=tuple(area_port.index(i) for i in range(len(ports))),
        port_nation=tuple(NATIONS.index(p["nation"]) if "nation" in p else -1 for p in ports),
        area_ids=area_ids,
        area_names=tuple(a["name"] for a in areas),
        area_port=area_port,
        area_high_seas=tuple(a["high_seas"] for a in areas),
        area_coastal=tuple(a["coastal"] for a in areas),
        area_region=tuple(a.get("region", "") for a in areas),
        adjacent=tuple(tuple(sorted(area_of[o] for o in a["adjacent"])) for a in areas),
        nation_ids=NATIONS,
        nation_names=tuple(nations[n]["name"] for n in NATIONS),
        nation_colours=tuple(colours[n] for n in NATIONS),
        nation_capital=tuple(port_of[nations[n]["capital"]] for n in NATIONS),
        setups=setups,
        start=start_values,
        prices=prices,
        rules=rules,
        prosperity=prosperity,
        full_warehouse_points={
            sizes["small"]: prosperity["full_small"],
            sizes["medium"]: prosperity["full_medium"],
            sizes["capital"]: prosperity["full_capital"],
        },
        components=components,
        bank_unlimited=bool(coins.get("bank_unlimited")),
        status=status,
        names_fr={
            entry.get("id", key): entry.get("name_fr", entry["name"])
            for key, entry in [
                *goods.items(),
                *nations.items(),
                *((p["id"], p) for p in ports),
                *((a["id"], a) for a in areas),
            ]
        },
        places={
            "en": {
                e["id"]: (e.get("the", e["name"]), f"in {e.get('the', e['name'])}")
                for e in (*ports, *areas)
            },
            "fr": {
                e["id"]: (e.get("the_fr", e.get("name_fr", e["name"])), e["in_fr"])
                for e in (*ports, *areas)
            },
        },
    )
