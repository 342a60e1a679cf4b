"""Masters of Venice in words: one line per event, and the board as text for a terminal."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text

from arsenale.core.boardmap import draw_map
from arsenale.core.game import Label
from arsenale.core.state import Event
from arsenale.games.masters_of_venice.board import (
    LOCATION_NAMES,
    LOCATIONS,
    RESOURCES,
    SHOP_NAMES,
    SHOP_RES,
    SHOPS,
)

COMPANIES = (*SHOPS, "north", "south")
COMPANY_NAMES = (*SHOP_NAMES, "North", "South")

if TYPE_CHECKING:
    from rich.console import RenderableType


def _a(word: str) -> str:
    """ "an iron", "a spice": the article a word takes."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def _place(name: str) -> str:
    return LOCATION_NAMES[LOCATIONS.index(name)] if name in LOCATIONS else name


def _counts(d: dict[str, int]) -> str:
    return ", ".join(f"{n} {k}" for k, n in d.items())


def describe_event(e: Event, label: Label) -> str | None:
    kind = e.get("type")
    seat = e.get("seat")
    who = label(seat) if isinstance(seat, int) else ""
    if kind == "bidding":
        return f"round {e['round']}: a bidding round; everyone bids in secret"
    if kind == "commerce":
        return f"round {e['round']}: a commerce round; everyone picks a destination in secret"
    if kind == "bids":
        bids = ", ".join(f"{label(s)} {b}" for s, b in enumerate(e["bids"]))
        order = ", ".join(label(s) for s in e["order"])
        return f"bids: {bids}; turn order {order}; {label(e['gondolieri'])} is the Gondolieri"
    if kind == "character":
        return f"{who} takes the {e['character']}"
    if kind == "orders":
        return f"{who} moves the orders at the {e['shop']} from {e['from']} to {e['to']}"
    if kind == "no_adjustment":
        return f"{who} bid {e['bid']} and adjusts no orders"
    if kind == "gondola":
        return f"{who} moves the gondola to space {e['round']}"
    if kind == "rumor_taken":
        return f"{who} takes the rumor lying there"
    if kind == "rumor_seen":
        return f"{who}'s rumor is of the {e['shop']}"
    if kind == "moved":
        return "destinations: " + ", ".join(
            f"{label(s)} {_place(p)}" for s, p in enumerate(e["places"])
        )
    if kind == "activate":
        return f"the {_place(e['place'])}: its visitors act"
    if kind == "sharing":
        return f"the others may now use the {_place(e['place'])}"
    if kind == "done":
        return f"{who} is done at the {_place(e['place'])}"
    if kind == "wait":
        return f"{who} keeps the Gondola Marker for later"
    if kind == "marker":
        return f"{who} uses the Gondola Marker and acts now"
    if kind == "play_favor":
        return f"{who} plays a {e['value']} favor: +{e['orders']} orders at the {e['shop']}"
    if kind == "favor_shown":
        return f"a {e['value']} favor is turned face up"
    if kind == "favor":
        return f"{who} buys the {e['value']} favor"
    if kind == "rumor":
        return f"{who} plays a rumor of the {e['shop']}: {e['peg']} {e['dir']}"
    if kind == "buy_shares":
        return f"{who} buys shares ({_counts(e['shares'])}) for {e['cost']}"
    if kind == "sell_shares":
        return f"{who} sells shares ({_counts(e['shares'])}) for {e['gain']}"
    if kind == "majority":
        return f"{who} uses the majority at the {e['shop']}: price {e['dir']}"
    if kind == "sale":
        return f"{who} sells {e['count']} {e['resource']} at a shop for {e['total']}"
    if kind == "mercato_sell":
        return f"{who} sells {e['count']} {e['resource']} at the Mercato for {e['total']}"
    if kind == "mercato_buy":
        return f"{who} buys {e['count']} {e['resource']} at the Mercato for {e['total']}"
    if kind == "dock_buy":
        return f"{who} buys {e['count']} {e['resource']} at dock {e['dock']} for {e['total']}"
    if kind == "dock":
        return f"{who} goes to dock {e['dock']}"
    if kind == "steal":
        return f"{who} steals {_a(e['resource'])} cube at dock {e['dock']}"
    if kind == "swap":
        return f"{who} swaps {_a(e['give'])} cube for {_a(e['take'])} cube"
    if kind == "draw":
        return f"{who} draws a Guild Order"
    if kind == "drawn":
        return f"{who} drew the order {e['card']}"
    if kind == "draw_two":
        return f"{who} draws two Guild Orders"
    if kind == "drawn_two":
        return f"{who} drew {e['cards'][0]} (first) and {e['cards'][1]} (second)"
    if kind == "keep":
        back = " and puts an order back" if e["returned"] else ""
        return f"{who} keeps one order{back}"
    if kind == "kept_order":
        return f"{who} kept {e['card']}; to the bottom: {', '.join(e['bottom'])}"
    if kind == "deliver":
        return f"{who} delivers {e['card']} for {e['vp']} VP and {e['cash']} ducats"
    if kind == "ship":
        took = e["took"] or "nothing"
        free = f"; the Harbor Master's free cube: {', '.join(e['free'])}" if e["free"] else ""
        return (
            f"{who} uses the {_place(e['office'])}: takes {took}; drawn for the docks: "
            f"{', '.join(e['drawn']) or 'none'}{free}"
        )
    if kind == "place":
        return f"{who} puts {e['resource']} on dock {e['dock']}"
    if kind == "dividend":
        paid = ", ".join(f"{label(int(s))} {a}" for s, a in e["paid"].items()) or "nobody"
        return f"dividend on {e['company']}: {e['per_share']} a share ({paid})"
    if kind == "split":
        return f"the {e['shop']} stock splits: {e['reached']} -> {e['price']}"
    if kind == "controls":
        return f"price controls: {e['resource']} back to 40"
    if kind == "bottoming":
        return f"{e['resource']} at the floor: the {e['shop']} gains an order"
    if kind == "game_over":
        return "the game is over: " + ", ".join(
            f"{label(s)} {v}" for s, v in enumerate(e["scores"])
        )
    return None


# Where each location is written on the terminal map (row, column): the shops along the top,
# the other places of the board below them, the four docks and the canal at the bottom. Every
# location can be reached from every other (Move), so the map draws no links.
MAP_PLACES: dict[str, tuple[int, int]] = {
    "shops": (0, 0),
    **{shop: (1, 20 * k) for k, shop in enumerate(SHOPS)},
    "market": (6, 0),
    "guild": (6, 34),
    "church": (6, 68),
    "north": (13, 0),
    "mercato": (13, 34),
    "south": (13, 68),
    "docks": (18, 0),
    "canal": (24, 0),
}


def _pawns(view: dict[str, Any], location: str) -> Text:
    """The pawns standing at a location: each merchant's initial, in its colour."""
    out = Text()
    for m in view["merchants"]:
        if m["pawn"] == location:
            out.append(f" {m['colour'][0].upper()}", style=f"bold {m['colour']}")
    return out


def _place_name(view: dict[str, Any], name: str, location: str) -> Text:
    return Text.assemble((name, "bold"), _pawns(view, location))


def _cubes(counts: dict[str, int]) -> str:
    return ", ".join(f"{n} {r}" for r, n in counts.items() if n) or "empty"


def board_map(view: dict[str, Any]) -> Text:
    """The board of Venice as a character map: each location with the pawns on it (merchants'
    initials) and what lies there (prices, orders, cubes, favors), the docks and the canal
    with the Gondola."""
    labels: dict[str, list[Text]] = {}
    labels["shops"] = [_place_name(view, "Shops", "shops")]
    for k, shop in enumerate(SHOPS):
        resource = RESOURCES[SHOP_RES[k]]
        labels[shop] = [
            Text(SHOP_NAMES[k], style="underline"),
            Text(f"{resource} {view['prices'][resource]}"),
            Text(f"share {view['share_prices'][shop]}"),
            Text(f"orders {view['orders'][shop]}"),
        ]
    supply = [
        f"{name} {view['supply'][c]}" for c, name in zip(COMPANIES, COMPANY_NAMES, strict=True)
    ]
    labels["market"] = [
        _place_name(view, "Stock Market", "market"),
        Text("shares in the supply:"),
        *(Text(", ".join(supply[i : i + 2])) for i in range(0, len(supply), 2)),
    ]
    labels["guild"] = [
        _place_name(view, "Guild Hall", "guild"),
        Text(f"lumber {view['prices']['lumber']}"),
        Text(f"orders deck {view['deck_size']}"),
    ]
    labels["church"] = [
        _place_name(view, "Church", "church"),
        Text("favors up: " + (", ".join(str(f) for f in view["favor_display"]) or "none")),
    ]
    for office in ("north", "south"):
        labels[office] = [
            _place_name(view, f"Shipping Office {office.title()}", office),
            Text(f"cube: {view['offices'][office] or 'none'}"),
            Text(f"share {view['share_prices'][office]}"),
        ]
    labels["mercato"] = [
        _place_name(view, "Mercato", "mercato"),
        Text(f"cubes in the bag: {sum(view['bag'].values())}"),
    ]
    labels["docks"] = [
        _place_name(view, "Docks", "docks"),
        *(Text(f"{d + 1}: {_cubes(dock)}") for d, dock in enumerate(view["docks"])),
    ]
    canal = Text("Canal ", style="bold")
    for space, rumor in enumerate(view["canal_rumors"], start=1):
        if space == view["round"]:
            mark, style = "G", "bold reverse"
        elif space in view["bid_spaces"]:
            mark, style = "B", "bold"
        else:
            mark, style = ("r" if rumor else "."), "dim"
        canal.append(f"{mark} ", style=style)
    canal.append(f"  round {view['round']} of 16, {view['phase']}", style="dim")
    labels["canal"] = [
        canal,
        Text("G Gondola, B bid, r face-down rumor; letters by a place: pawns", style="dim"),
    ]
    return draw_map(MAP_PLACES, labels, (), width=100)


def render(view: dict[str, Any], seat: int | None) -> RenderableType:
    from rich.console import Group
    from rich.table import Table

    table = Table(box=None)
    for column in ("merchant", "cash", "VP", "cubes", "shares", "chars", "pawn", "orders"):
        table.add_column(column)
    for m in view["merchants"]:
        table.add_row(
            m["colour"],
            str(m.get("cash", "?")),
            str(m["vp"]),
            ", ".join(f"{n} {r}" for r, n in m["cubes"].items() if n),
            ", ".join(f"{n} {c}" for c, n in m["shares"].items() if n),
            ", ".join(m["characters"]),
            _place(m["pawn"]) if m["pawn"] else "-",
            f"{m['hand_size']} held, {len(m['delivered'])} delivered",
        )
    parts: list[RenderableType] = [board_map(view), table]
    if seat is not None:
        parts.append(
            Text(
                "your orders: "
                + (", ".join(view["hand"]) or "none")
                + "; your rumors: "
                + (", ".join(view["my_rumors"]) or "none")
            )
        )
    return Group(*parts)
