"""Masters of Venice's components, read from board.toml (through `core.data.read_toml`, so
they are found in a wheel too) and checked against every count the rulebook states
(rules/masters-of-venice.en.txt, Components and Setup); DataError otherwise.

Everything the engine uses is a small int: resources are indices into `RESOURCES` (the
Components order: iron, lumber, spice, grain, gems, fabric), shops into `SHOPS` (the bidding
tie-break order, alphabetical), companies are the 5 shops then the two shipping offices,
Guild Orders indices into `ORDERS`, favors their kind (0, 1, 2 for 20, 30, 40).
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from arsenale.core.data import read_toml
from arsenale.core.errors import DataError

GAME_ID: Final = "masters-of-venice"


class GuildOrder(NamedTuple):
    id: str
    """The card's cubes joined in resource order: "lumber+lumber+spice"."""
    need: tuple[int, ...]
    """Cubes of each resource the card asks for (one count per resource)."""
    status: str


def _fail(message: str) -> DataError:
    return DataError(f"{GAME_ID} board.toml: {message}")


def _check_status(entry: dict[str, Any], where: str) -> None:
    status = entry.get("status")
    if status not in ("confirmed", "reconstructed"):
        raise _fail(f"{where} needs status 'confirmed' or 'reconstructed', not {status!r}")
    if status == "reconstructed" and not entry.get("reason"):
        raise _fail(f"{where} is reconstructed and needs a reason")


def check(data: dict[str, Any]) -> dict[str, Any]:
    """The components of `data` (board.toml parsed), checked against every count the rulebook
    states; DataError names the first one broken."""
    for key in ("meta", "canal", "tracks", "dial", "gondola", "docks", "favors", "rumors", "guild"):
        _check_status(data[key], key)
    _check_status(data["tracks"]["top"], "tracks.top")
    for key in ("resource", "shop", "office", "favor", "character", "guild_order"):
        for i, entry in enumerate(data[key]):
            _check_status(entry, f"{key} {i + 1}")
    meta, canal, tracks = data["meta"], data["canal"], data["tracks"]
    top = tracks["top"]
    resources = tuple(r["id"] for r in data["resource"])
    shops = tuple(s["id"] for s in data["shop"])
    # Components: 90 cubes, 15 each of six resources.
    if len(resources) != 6 or any(r["cubes"] != 15 for r in data["resource"]):
        raise _fail("Components: 6 resources of 15 cubes each (90 in all)")
    if resources[1] != "lumber":
        raise _fail("Lumber (priced at the Guild Hall) must be the second resource")
    # Components: five shops and two shipping offices, 10 shares each (70).
    if len(shops) != 5 or len(data["office"]) != 2:
        raise _fail("Components: 5 shops and 2 shipping offices")
    if any(c["shares"] != 10 for c in (*data["shop"], *data["office"])):
        raise _fail("Components: 10 shares of each shop and shipping office")
    if shops != tuple(sorted(shops)):
        raise _fail("Bidding: the shops break ties in alphabetical order")
    shop_res = []
    for s in shops:
        owners = [i for i, r in enumerate(data["resource"]) if r["shop"] == s]
        if len(owners) != 1:
            raise _fail(f"shop {s} must buy exactly one resource")
        shop_res.append(owners[0])
    if data["resource"][1]["shop"]:
        raise _fail("FAQ 9: Lumber has no shop")
    # Components: six favors, two each of 20, 30, 40.
    favors = data["favor"]
    if [(f["value"], f["copies"]) for f in favors] != [(20, 2), (30, 2), (40, 2)]:
        raise _fail("Components: favors are two 20s, two 30s and two 40s")
    if [f["max_orders"] for f in favors] != [2, 3, 4]:
        raise _fail("Favors: a favor adds 1-2, 1-3 or 1-4 orders")
    if data["favors"]["display"] != 2:
        raise _fail("Setup 5: two favors face up")
    if data["rumors"]["per_shop"] * len(shops) != 15:
        raise _fail("Components: 15 rumors, 3 of each shop colour")
    names = [c["name"] for c in data["character"]]
    if names != [
        "Gondolieri",
        "Guild Master",
        "Harbor Master",
        "Tax Collector",
        "Thief",
        "Trader",
    ]:
        raise _fail("Components: the six characters")
    # Game length: 16 rounds, 4 of them bidding; space 1 is BID, space 16 the Final Turn.
    bids = canal["bid_spaces"]
    if meta["rounds"] != 16 or meta["bidding_rounds"] != 4 or len(bids) != 4:
        raise _fail("16 rounds: 4 bidding and 12 commerce")
    if len(set(bids)) != 4 or bids[0] != 1 or 16 in bids or not all(1 <= b <= 16 for b in bids):
        raise _fail("Setup 9: space 1 is BID; space 16 is the Final Turn")
    if meta["starting_cash"] != 150:
        raise _fail("Setup 3: 150 ducats each")
    if (tracks["price_start"], tracks["share_start"], tracks["orders_start"]) != (40, 40, 2):
        raise _fail("Setup 12-14: prices 40, share prices 40, orders 2")
    if (tracks["price_floor"], tracks["step"], tracks["control_reset"]) != (5, 5, 40):
        raise _fail("floor 5, one space is 5 ducats, price controls reset to 40")
    if tracks["office_share_price"] != 20:
        raise _fail("Stock Market example: shipping office shares cost 20")
    if top["price_max"] < 100 or top["share_max"] < 100 or top["orders_max"] < 5:
        raise _fail("tracks reach 100 (price controls, splits); orders at least 5 (Aaron)")
    if data["docks"]["count"] != 4 or data["docks"]["setup_cubes"] != 2:
        raise _fail("Setup 16: four docks, two cubes each")
    guild = data["guild"]
    if guild["vp"] != [3, 4, 5, 6] or guild["cash_per_vp"] != 50:
        raise _fail("Guild Hall: 3/4/5/6 VP, 50 ducats per VP given up")
    # Guild Orders: 21 cards of three cubes; the printed one (2 Lumber + 1 Spice) is among them.
    orders = []
    for i, entry in enumerate(data["guild_order"]):
        cubes = entry["cubes"]
        if len(cubes) != guild["cubes_per_order"] or any(c not in resources for c in cubes):
            raise _fail(f"guild order {i + 1}: three cubes of known resources")
        need = tuple(cubes.count(r) for r in resources)
        ident = "+".join(r for r in resources for _ in range(need[resources.index(r)]))
        orders.append(GuildOrder(ident, need, entry["status"]))
    if len(orders) != guild["cards"] or guild["cards"] != 21:
        raise _fail(f"Components: 21 Guild Orders, not {len(orders)}")
    if len({o.id for o in orders}) != len(orders):
        raise _fail("two Guild Orders are the same card")
    printed = [o for o in orders if o.id == "lumber+lumber+spice"]
    if not printed or printed[0].status != "confirmed":
        raise _fail("Guild Hall example: the order of two Lumber and one Spice is printed")
    return {
        "data": data,
        "resources": resources,
        "shops": shops,
        "shop_res": tuple(shop_res),
        "orders": tuple(orders),
    }


_B: Final = check(read_toml(__package__, "board.toml"))
DATA: Final[dict[str, Any]] = _B["data"]
RESOURCES: Final[tuple[str, ...]] = _B["resources"]
SHOPS: Final[tuple[str, ...]] = _B["shops"]
SHOP_NAMES: Final[tuple[str, ...]] = tuple(s["name"] for s in DATA["shop"])
SHOP_RES: Final[tuple[int, ...]] = _B["shop_res"]
"""The resource each shop buys."""
RES_SHOP: Final[tuple[int, ...]] = tuple(
    SHOP_RES.index(r) if r in SHOP_RES else -1 for r in range(6)
)
"""The shop that buys each resource; -1 for Lumber."""
OFFICES: Final[tuple[str, ...]] = tuple(o["id"] for o in DATA["office"])
COMPANIES: Final[tuple[str, ...]] = (*SHOPS, *OFFICES)
N_RES: Final = 6
N_SHOPS: Final = 5
N_COMP: Final = 7
LUMBER: Final = 1
ORDERS: Final[tuple[GuildOrder, ...]] = _B["orders"]
ORDER_IDS: Final[tuple[str, ...]] = tuple(o.id for o in ORDERS)
N_ORDERS: Final = len(ORDERS)
CUBES_PER_RES: Final = 15
SHARES_PER_COMP: Final = 10

_T: Final = DATA["tracks"]
STEP: Final[int] = _T["step"]
PRICE_START: Final[int] = _T["price_start"]
FLOOR: Final[int] = _T["price_floor"]
SHARE_START: Final[int] = _T["share_start"]
ORDERS_START: Final[int] = _T["orders_start"]
RESET: Final[int] = _T["control_reset"]
OFFICE_PRICE: Final[int] = _T["office_share_price"]
PRICE_MAX: Final[int] = _T["top"]["price_max"]
SHARE_MAX: Final[int] = _T["top"]["share_max"]
ORDERS_MAX: Final[int] = _T["top"]["orders_max"]
STARTING_CASH: Final[int] = DATA["meta"]["starting_cash"]
ROUNDS: Final[int] = DATA["meta"]["rounds"]
BID_SPACES: Final[frozenset[int]] = frozenset(b - 1 for b in DATA["canal"]["bid_spaces"])
"""0-based canal spaces that are bidding rounds."""
BID_CAP: Final[int] = DATA["dial"]["bid_cap"]
BID_STEP: Final[int] = DATA["dial"]["bid_step"]
N_DOCKS: Final[int] = DATA["docks"]["count"]
DOCK_SETUP: Final[int] = DATA["docks"]["setup_cubes"]
FAVOR_VALUES: Final[tuple[int, ...]] = tuple(f["value"] for f in DATA["favor"])
FAVOR_MAX: Final[tuple[int, ...]] = tuple(f["max_orders"] for f in DATA["favor"])
FAVOR_SET: Final[tuple[int, ...]] = tuple(
    k for k, f in enumerate(DATA["favor"]) for _ in range(f["copies"])
)
RUMORS_PER_SHOP: Final[int] = DATA["rumors"]["per_shop"]
CHARACTERS: Final[tuple[str, ...]] = tuple(c["id"] for c in DATA["character"])
CHARACTER_NAMES: Final[tuple[str, ...]] = tuple(c["name"] for c in DATA["character"])
GONDOLIERI: Final = 0
GUILDMASTER: Final = 1
HARBORMASTER: Final = 2
TAXCOLLECTOR: Final = 3
THIEF: Final = 4
TRADER: Final = 5
GUILD_VP: Final[tuple[int, ...]] = tuple(DATA["guild"]["vp"])
CASH_PER_VP: Final[int] = DATA["guild"]["cash_per_vp"]

LOCATIONS: Final[tuple[str, ...]] = (
    "market",
    "shops",
    "guild",
    "docks",
    "church",
    "north",
    "south",
    "mercato",
)
"""The eight destinations on a dial (the Shops and the Docks count as one each)."""
LOCATION_NAMES: Final[tuple[str, ...]] = (
    "Stock Market",
    "Shops",
    "Guild Hall",
    "Docks",
    "Church",
    "Shipping Office North",
    "Shipping Office South",
    "Mercato",
)
MARKET: Final = 0
SHOPS_LOC: Final = 1
GUILD: Final = 2
DOCKS: Final = 3
CHURCH: Final = 4
NORTH: Final = 5
SOUTH: Final = 6
MERCATO: Final = 7
SHARED: Final[frozenset[int]] = frozenset((MARKET, SHOPS_LOC, GUILD, DOCKS))
