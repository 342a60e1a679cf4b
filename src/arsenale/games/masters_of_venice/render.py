"""Masters of Venice in words: one line per event, and the board as text for a terminal."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text

from arsenale.core.boardmap import draw_map
from arsenale.core.game import Label
from arsenale.core.state import Event
from arsenale.games.masters_of_venice.board import RESOURCES, SHOP_RES, SHOPS
from arsenale.games.masters_of_venice.words import (
    N_,
    _,
    character,
    colour,
    company,
    cubes,
    ducats,
    listing,
    ngettext,
    order_words,
    place,
    resource,
    shares,
    shop,
)

COMPANIES = (*SHOPS, "north", "south")

if TYPE_CHECKING:
    from rich.console import RenderableType

DECISION_WORDS = {"bid": N_("bid"), "move": N_("destination")}
"""The secret decisions (state.py's phases), to translate."""

PHASE_WORDS = {"bidding": N_("bidding"), "commerce": N_("commerce"), "over": N_("over")}
"""The round's kind (state.phase_name), to translate."""


def _order(card: str) -> str:
    return _("the order of {cubes}").format(cubes=order_words(card))


def _peg(peg: str, direction: str) -> str:
    if peg == "price":
        return (
            _("the resource price goes up")
            if direction == "up"
            else _("the resource price goes down")
        )
    if peg == "share":
        return _("the share price goes up") if direction == "up" else _("the share price goes down")
    return _("the orders go up") if direction == "up" else _("the orders go down")


def describe_event(e: Event, label: Label) -> str | None:
    """One event in words in the language in force (None: the core's generic line)."""
    kind = e.get("type")
    seat = e.get("seat")
    who = colour(label(seat)) if isinstance(seat, int) else ""

    def name(s: int) -> str:
        return colour(label(s))

    if kind == "submitted":
        decision = str(e.get("decision"))
        return _("{who} has made a secret choice ({decision})").format(
            who=who, decision=_(DECISION_WORDS.get(decision, decision))
        )
    if kind == "bidding":
        return _("round {round}: a bidding round; everyone bids in secret").format(round=e["round"])
    if kind == "commerce":
        return _("round {round}: a commerce round; everyone picks a destination in secret").format(
            round=e["round"]
        )
    if kind == "bids":
        return _("bids: {bids}; turn order {order}; {who} is the Gondolieri").format(
            bids=", ".join(f"{name(s)} {ducats(b)}" for s, b in enumerate(e["bids"])),
            order=", ".join(name(s) for s in e["order"]),
            who=name(e["gondolieri"]),
        )
    if kind == "character":
        return _("{who} takes {character}").format(
            who=who, character=character(e["character"], "the")
        )
    if kind == "orders":
        return _("{who} moves the orders {at_shop} from {before} to {after}").format(
            who=who, at_shop=company(e["shop"], "at"), before=e["from"], after=e["to"]
        )
    if kind == "no_adjustment":
        return _("{who} bid {ducats} and adjusts no orders").format(
            who=who, ducats=ducats(e["bid"])
        )
    if kind == "gondola":
        return _("{who} moves the gondola to space {round}").format(who=who, round=e["round"])
    if kind == "rumor_taken":
        return _("{who} takes the rumor lying there").format(who=who)
    if kind == "rumor_seen":
        return _("the rumor {who} took is about {shop}").format(
            who=who, shop=company(e["shop"], "the")
        )
    if kind == "moved":
        return _("destinations: {places}").format(
            places=", ".join(f"{name(s)} {place(p)}" for s, p in enumerate(e["places"]))
        )
    if kind == "activate":
        return _("{place}: its visitors act").format(place=place(e["place"], "the"))
    if kind == "sharing":
        return _("the others may now use {place}").format(place=place(e["place"], "the"))
    if kind == "done":
        return _("{who} is done {at_place}").format(who=who, at_place=place(e["place"], "at"))
    if kind == "wait":
        return _("{who} keeps the Gondola Marker for later").format(who=who)
    if kind == "marker":
        return _("{who} uses the Gondola Marker and acts now").format(who=who)
    if kind == "play_favor":
        return ngettext(
            "{who} plays a {value} favor: {n} more order {at_shop}",
            "{who} plays a {value} favor: {n} more orders {at_shop}",
            e["orders"],
        ).format(who=who, value=e["value"], n=e["orders"], at_shop=company(e["shop"], "at"))
    if kind == "favor_shown":
        return _("a {value} favor is turned face up").format(value=e["value"])
    if kind == "favor":
        return _("{who} buys the {value} favor").format(who=who, value=e["value"])
    if kind == "rumor":
        return _("{who} plays a rumor {at_shop}: {effect}").format(
            who=who, at_shop=company(e["shop"], "at"), effect=_peg(e["peg"], e["dir"])
        )
    if kind == "buy_shares":
        return _("{who} buys {shares} for {ducats}").format(
            who=who, shares=shares(e["shares"]), ducats=ducats(e["cost"])
        )
    if kind == "sell_shares":
        return _("{who} sells {shares} for {ducats}").format(
            who=who, shares=shares(e["shares"]), ducats=ducats(e["gain"])
        )
    if kind == "majority":
        text = (
            _("{who} uses the stock majority {at_shop}: the price goes up")
            if e["dir"] == "up"
            else _("{who} uses the stock majority {at_shop}: the price goes down")
        )
        return text.format(who=who, at_shop=company(e["shop"], "at"))
    if kind == "sale":
        r = RESOURCES.index(e["resource"])
        return _("{who} sells {cubes} {at_shop} for {ducats}").format(
            who=who,
            cubes=cubes(e["count"], e["resource"]),
            at_shop=shop(SHOP_RES.index(r), "at") if r in SHOP_RES else "",
            ducats=ducats(e["total"]),
        )
    if kind == "mercato_sell":
        return _("{who} sells {cubes} at the Mercato for {ducats}").format(
            who=who, cubes=cubes(e["count"], e["resource"]), ducats=ducats(e["total"])
        )
    if kind == "mercato_buy":
        return _("{who} buys {cubes} at the Mercato for {ducats}").format(
            who=who, cubes=cubes(e["count"], e["resource"]), ducats=ducats(e["total"])
        )
    if kind == "dock_buy":
        return _("{who} buys {cubes} at dock {dock} for {ducats}").format(
            who=who,
            cubes=cubes(e["count"], e["resource"]),
            dock=e["dock"],
            ducats=ducats(e["total"]),
        )
    if kind == "dock":
        return _("{who} goes to dock {dock}").format(who=who, dock=e["dock"])
    if kind == "steal":
        return _("{who} steals {cube} at dock {dock}").format(
            who=who, cube=cubes(1, e["resource"]), dock=e["dock"]
        )
    if kind == "swap":
        return _("{who} swaps {give} for {take}").format(
            who=who, give=cubes(1, e["give"]), take=cubes(1, e["take"])
        )
    if kind == "draw":
        return _("{who} draws a Guild Order").format(who=who)
    if kind == "drawn":
        return _("{who} drew {order}").format(who=who, order=_order(e["card"]))
    if kind == "draw_two":
        return _("{who} draws two Guild Orders").format(who=who)
    if kind == "drawn_two":
        return _("{who} drew {first} (first) and {second} (second)").format(
            who=who, first=_order(e["cards"][0]), second=_order(e["cards"][1])
        )
    if kind == "keep":
        if e["returned"]:
            return _("{who} keeps one order and puts an order back").format(who=who)
        return _("{who} keeps one order").format(who=who)
    if kind == "kept_order":
        return _("{who} kept {order}; to the bottom of the deck: {bottom}").format(
            who=who, order=_order(e["card"]), bottom=listing([_order(c) for c in e["bottom"]])
        )
    if kind == "deliver":
        return _("{who} delivers {order} for {vp} VP and {ducats}").format(
            who=who, order=_order(e["card"]), vp=e["vp"], ducats=ducats(e["cash"])
        )
    if kind == "ship":
        took = cubes(1, e["took"]) if e["took"] else _("nothing")
        drawn = listing([resource(r) for r in e["drawn"]]) or _("none")
        text = _("{who} uses {office}: takes {took}; drawn for the docks: {drawn}").format(
            who=who, office=place(e["office"], "the"), took=took, drawn=drawn
        )
        if e["free"]:
            text += _("; the Harbor Master's free cubes: {cubes}").format(
                cubes=listing([resource(r) for r in e["free"]])
            )
        return text
    if kind == "place":
        return _("{who} puts a cube {of_resource} on dock {dock}").format(
            who=who, of_resource=resource(e["resource"], "of"), dock=e["dock"]
        )
    if kind == "dividend":
        paid = ", ".join(f"{name(int(s))} {ducats(a)}" for s, a in e["paid"].items())
        return _("dividend {of_company}: {ducats} a share ({paid})").format(
            of_company=company(e["company"], "of"),
            ducats=ducats(e["per_share"]),
            paid=paid or _("nobody"),
        )
    if kind == "split":
        return _("the stock {of_shop} splits: {reached} -> {price}").format(
            of_shop=company(e["shop"], "of"), reached=e["reached"], price=e["price"]
        )
    if kind == "controls":
        return _("price controls: the price {of_resource} back to 40").format(
            of_resource=resource(e["resource"], "of_the")
        )
    if kind == "bottoming":
        return _("the price {of_resource} at the floor: {shop} gains an order").format(
            of_resource=resource(e["resource"], "of_the"), shop=company(e["shop"], "the")
        )
    if kind == "game_over":
        return _("the game is over: {scores}").format(
            scores=", ".join(f"{name(s)} {v}" for s, v in enumerate(e["scores"]))
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
    return ", ".join(f"{n} {resource(r)}" for r, n in counts.items() if n) or _("empty")


def board_map(view: dict[str, Any]) -> Text:
    """The board of Venice as a character map: each location with the pawns on it (merchants'
    initials) and what lies there (prices, orders, cubes, favors), the docks and the canal
    with the Gondola."""
    labels: dict[str, list[Text]] = {}
    labels["shops"] = [_place_name(view, place("shops"), "shops")]
    for k, key in enumerate(SHOPS):
        res = RESOURCES[SHOP_RES[k]]
        labels[key] = [
            Text(shop(k), style="underline"),
            Text(f"{resource(res)} {view['prices'][res]}"),
            Text(_("share {price}").format(price=view["share_prices"][key])),
            Text(_("orders {n}").format(n=view["orders"][key])),
        ]
    supply = [f"{company(c)} {view['supply'][c]}" for c in COMPANIES]
    labels["market"] = [
        _place_name(view, place("market"), "market"),
        Text(_("shares in the supply:")),
        *(Text(", ".join(supply[i : i + 2])) for i in range(0, len(supply), 2)),
    ]
    labels["guild"] = [
        _place_name(view, place("guild"), "guild"),
        Text(f"{resource('lumber')} {view['prices']['lumber']}"),
        Text(_("orders deck {n}").format(n=view["deck_size"])),
    ]
    favors = ", ".join(str(f) for f in view["favor_display"]) or _("none")
    labels["church"] = [
        _place_name(view, place("church"), "church"),
        Text(_("favors up: {favors}").format(favors=favors)),
    ]
    for office in ("north", "south"):
        labels[office] = [
            _place_name(view, place(office), office),
            Text(
                _("cube: {cube}").format(
                    cube=resource(view["offices"][office]) if view["offices"][office] else _("none")
                )
            ),
            Text(_("share {price}").format(price=view["share_prices"][office])),
        ]
    labels["mercato"] = [
        _place_name(view, place("mercato"), "mercato"),
        Text(_("cubes in the bag: {n}").format(n=sum(view["bag"].values()))),
    ]
    labels["docks"] = [
        _place_name(view, place("docks"), "docks"),
        *(
            Text(_("{dock}: {cubes}").format(dock=d + 1, cubes=_cubes(dock)))
            for d, dock in enumerate(view["docks"])
        ),
    ]
    canal = Text(_("Canal") + " ", style="bold")
    for space, rumor in enumerate(view["canal_rumors"], start=1):
        if space == view["round"]:
            mark, style = "G", "bold reverse"
        elif space in view["bid_spaces"]:
            mark, style = "B", "bold"
        else:
            mark, style = ("r" if rumor else "."), "dim"
        canal.append(f"{mark} ", style=style)
    phase = view["phase"]
    phase = _(PHASE_WORDS.get(phase, phase))
    canal.append(
        "  " + _("round {round} of 16, {phase}").format(round=view["round"], phase=phase),
        style="dim",
    )
    labels["canal"] = [
        canal,
        Text(_("G Gondola, B bid, r face-down rumor; letters by a place: pawns"), style="dim"),
    ]
    return draw_map(MAP_PLACES, labels, (), width=100)


def render(view: dict[str, Any], seat: int | None) -> RenderableType:
    from rich.console import Group
    from rich.table import Table

    table = Table(box=None)
    for column in (
        _("merchant"),
        _("cash"),
        _("VP"),
        _("cubes"),
        _("shares"),
        _("characters"),
        _("pawn"),
        _("orders"),
    ):
        table.add_column(column)
    for m in view["merchants"]:
        table.add_row(
            colour(m["colour"]),
            str(m.get("cash", "?")),
            str(m["vp"]),
            ", ".join(f"{n} {resource(r)}" for r, n in m["cubes"].items() if n),
            ", ".join(f"{n} {company(c)}" for c, n in m["shares"].items() if n),
            ", ".join(character(c) for c in m["characters"]),
            place(m["pawn"]) if m["pawn"] else "-",
            _("{held} held, {delivered} delivered").format(
                held=m["hand_size"], delivered=len(m["delivered"])
            ),
        )
    parts: list[RenderableType] = [board_map(view), table]
    if seat is not None:
        orders = ", ".join(order_words(o) for o in view["hand"]) or _("none")
        rumors = ", ".join(company(r) for r in view["my_rumors"]) or _("none")
        parts.append(
            Text(
                _("your orders: {orders}; your rumors: {rumors}").format(
                    orders=orders, rumors=rumors
                )
            )
        )
    return Group(*parts)
