"""Masters of Venice in words: one line per event, and the board as text for a terminal."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from arsenale.core.game import Label
from arsenale.core.state import Event
from arsenale.games.masters_of_venice.board import LOCATION_NAMES, LOCATIONS

if TYPE_CHECKING:
    from rich.console import RenderableType


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
        return f"{who} steals a {e['resource']} cube at dock {e['dock']}"
    if kind == "swap":
        return f"{who} swaps a {e['give']} cube for a {e['take']} cube"
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


def render(view: dict[str, Any], seat: int | None) -> RenderableType:
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    head = Text(
        f"Round {view['round']} of 16 ({view['phase']}); "
        + "prices: "
        + ", ".join(f"{r} {p}" for r, p in view["prices"].items())
    )
    shops = Text(
        "share prices: "
        + ", ".join(f"{c} {p}" for c, p in view["share_prices"].items())
        + "; orders: "
        + ", ".join(f"{s} {n}" for s, n in view["orders"].items())
    )
    docks = Text(
        "docks: "
        + " | ".join(
            f"{d + 1}: " + (", ".join(f"{n} {r}" for r, n in dock.items() if n) or "empty")
            for d, dock in enumerate(view["docks"])
        )
        + f"; offices: north {view['offices']['north']}, south {view['offices']['south']}"
        + f"; favors up: {view['favor_display']}"
    )
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
            m["pawn"] or "-",
            f"{m['hand_size']} held, {len(m['delivered'])} delivered",
        )
    parts: list[RenderableType] = [head, shops, docks, table]
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
