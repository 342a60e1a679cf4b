"""Terminal rendering of a Serenissima (1996) view with Rich, and events in plain words.

Works from a seat's view only, so it shows nothing the seat may not see.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from arsenale.core.boardmap import draw_map, side_by_side
from arsenale.games.serenissima_1996.words import WORDS, _, ngettext
from arsenale.i18n import N_

__all__ = ["WORDS"]

if TYPE_CHECKING:
    from arsenale.games.serenissima_1996.board import Board

NATION_STYLE = {
    "venetians": "bold red",
    "genoese": "bold blue",
    "spanish": "bold yellow",
    "turks": "bold green",
}
GOOD_STYLE = {
    "gems": "dark_orange",
    "gold": "gold1",
    "spices": "green",
    "wine": "red3",
    "cloth": "white on grey23",
    "iron": "grey62",
    "wood": "orange4",
}


MAP_PLACES = {
    "north-adriatic": (0, 44),
    "ligurian-sea": (1, 27),
    "sea-of-marmara": (3, 88),
    "gulf-of-lion": (4, 14),
    "corsica": (4, 36),
    "south-adriatic": (4, 54),
    "dardanelles": (6, 77),
    "western-basin": (7, 18),
    "gulf-of-naples": (7, 48),
    "tyrrhenian-sea": (8, 33),
    "euboean-gulf": (8, 66),
    "gulf-of-smyrna": (9, 82),
    "balearic-islands": (10, 10),
    "gulf-of-valencia": (11, 0),
    "sardinian-sea": (11, 26),
    "strait-of-messina": (11, 43),
    "messenian-gulf": (11, 56),
    "aegean-sea": (12, 70),
    "algerian-coast": (14, 6),
    "gulf-of-tunis": (14, 32),
    "ionian-sea": (14, 54),
    "dodecanese": (14, 84),
    "gulf-of-bone": (15, 18),
    "malta-channel": (15, 44),
    "sea-of-crete": (16, 64),
    "sea-of-cyprus": (17, 90),
    "libyan-sea": (19, 70),
    "tripolitania": (19, 38),
    "cyrenaica": (20, 54),
    "syrian-coast": (20, 92),
    "nile-delta": (21, 80),
}
"""Where each sea area is written on the terminal map (row, column), west to east as on the
board; an area with a port is written by the port's name."""

MAP_LEGEND = (18, 0)
"""Where the map's key is written (a corner with no sea area)."""


def plural(n: int, word: str, many: str | None = None) -> str:
    """`n` and the word in the number it takes: "1 ducat", "3 ducats", "0 sailors"."""
    return f"{n} {word if n == 1 else many or word + 's'}"


def _one(piece: str, shown: dict[str, str] | None = None) -> str:
    """ "a sailor", "a cube of iron": one piece as the log names it (goods by `shown`)."""
    if piece == "sailor":
        return _("a sailor")
    return _("a cube of {good}").format(good=(shown or {}).get(piece, piece))


def possessive(name: str) -> str:
    """ "Venetians'", "Spain's": an apostrophe alone after a final s."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


PHASE_WORDS = {
    "set-up": N_("set-up"),
    "bids": N_("bids"),
    "purchases": N_("purchases"),
    "movement": N_("movement"),
    "battles": N_("battles"),
    "landing": N_("landing"),
    "sales": N_("sales"),
}
"""The phases of a round (state.PHASE_NAMES) in words to translate."""

DECISION_WORDS = {
    "deploy": N_("deploy"),
    "bid": N_("bid"),
    "position": N_("position"),
    "purchases": N_("purchases"),
    "opening": N_("opening"),
    "offer": N_("offer"),
    "answer": N_("answer"),
    "counter_answer": N_("counter answer"),
    "last_word": N_("last word"),
    "arrange": N_("arrange"),
    "barter": N_("barter"),
    "barter_answer": N_("barter answer"),
    "movement": N_("movement"),
    "permission": N_("permission"),
    "battles": N_("battles"),
    "victory": N_("victory"),
    "spoils": N_("spoils"),
    "landing": N_("landing"),
    "sales": N_("sales"),
}
"""The decisions (state.phases) in words to translate."""


def words(table: dict[str, str], key: str) -> str:
    """`key` in words in the language in force (itself when the table lacks it)."""
    text = table.get(key, key.replace("_", " "))
    return _(text)


def _squares(goods: list[str], size: int = 0) -> Text:
    out = Text()
    for g in goods:
        out.append("■", style=GOOD_STYLE.get(g, ""))
    out.append("□" * max(0, size - len(goods)), style="dim")
    return out


def _cargo(cargo: dict[str, int]) -> Text:
    return _squares([good for good, n in cargo.items() for _ in range(n)])


def board_map(
    view: dict[str, Any],
    area_names: dict[str, str],
    sailing: list[tuple[str, str]],
    goods: dict[str, str] | None = None,
) -> Text:
    """Every sea area where it lies: an area with a port by the port's name in its owner's
    colour, with the garrison, warehouse and fort under it; the galleys in the area by number
    in their owners' colours; lines where galleys may sail. `goods` names the goods in the
    legend (by id), `area_names` the areas and ports."""
    goods = goods or {}
    names = {p["seat"]: p["nation"] for p in view["players_info"]}
    ports = {p["area"]: p for p in view["ports"]}
    here: dict[str, list[dict[str, Any]]] = {}
    for g in view["galleys"]:
        here.setdefault(g["area"], []).append(g)
    labels: dict[str, list[Text]] = {}
    for area_id in MAP_PLACES:
        port = ports.get(area_id)
        if port is None:
            lines = [Text(area_names.get(area_id, area_id), style="italic")]
        else:
            owner = port["owner"]
            style = NATION_STYLE.get(names[owner], "") if owner is not None else ""
            line = Text(f"{port['garrison']} " if port["garrison"] else "")
            line.append_text(_squares(port["warehouse"], port["warehouse_size"]))
            if port["fort"]:
                line.append(" F")
            lines = [Text(area_names.get(port["id"], port["name"]), style=style), line]
        fleet = Text()
        for g in here.get(area_id, []):
            if fleet:
                fleet.append(" ")
            fleet.append(f"g{g['galley']}", style=NATION_STYLE.get(names[g["owner"]], ""))
        labels[area_id] = [*lines, fleet] if fleet else lines
    legend = _(
        "Ports name their areas (Valencia:\nGulf of Valencia), in their owner's\n"
        "colour; below: garrison, warehouse\n(■ good, □ free), F fort; galleys."
    )
    labels["legend"] = [
        *(Text(line, style="dim") for line in legend.splitlines()),
        Text.assemble(
            *(Text("■", style=GOOD_STYLE[g]) + Text(f"{goods.get(g, g)} ") for g in GOOD_STYLE)
        ),
    ]
    places = {**MAP_PLACES, "legend": MAP_LEGEND}
    return draw_map(places, labels, sailing, width=100, height=MAP_LEGEND[0] + 6)


def _asking(view: dict[str, Any], names: dict[int, str], area_names: dict[str, str]) -> str:
    """Which galley asks to pass, and where, as far as the view tells: another nation's
    galley that has sailed this turn, is not stopped, and shares an area with a galley of
    the seat asked."""
    asked = set(view["to_move"])
    theirs = {g["area"] for g in view["galleys"] if g["owner"] in asked}
    asking = [
        _("g{galley} ({who}) pass through {area}").format(
            galley=g["galley"], who=names[g["owner"]], area=area_names.get(g["area"], g["area"])
        )
        for g in view["galleys"]
        if g["owner"] not in asked and g["moved"] and not g["stopped"] and g["area"] in theirs
    ]
    return _(" to let {galleys}").format(galleys=_(" or ").join(asking)) if asking else ""


def render(
    view: dict[str, Any],
    seat: int | None,
    area_names: dict[str, str],
    sailing: list[tuple[str, str]],
    nation_names: dict[str, str],
) -> Group:
    """The whole board in 100 x 40: round, phase and what is being decided, the map, the
    nations, then the galleys."""
    info = view["players_info"]
    names = {p["seat"]: nation_names.get(p["nation"], p["nation"]) for p in info}
    ports = {p["id"]: area_names.get(p["id"], p["name"]) for p in view["ports"]}
    goods = {g: area_names.get(g, g) for g in GOOD_STYLE}

    def cubes(load: dict[str, int]) -> str:
        return _cubes(load, goods)

    def who(s: int | None) -> Text:
        if s is None:
            return Text("-", style="dim")
        return Text(names[s], style=NATION_STYLE.get(info[s]["nation"], ""))

    status = Text(
        _("Round {n} of {rounds}, phase: {phase}. Sailors in the box: {sailors}.").format(
            n=view["round"],
            rounds=view["rounds"],
            phase=words(PHASE_WORDS, view["phase"]),
            sailors=view["sailors_in_box"],
        )
    )
    if view["order"] and -1 not in view["order"]:
        status.append(
            " " + _("Turn order: {order}.").format(order=", ".join(names[s] for s in view["order"]))
        )
    deal = view.get("deal")
    if deal and deal["kind"] == "barter":
        status.append(
            "\n"
            + _("Barter: {who} (g{a}) offers {give} to {other} (g{b}) for {ask}.").format(
                who=names[deal["proposer"]],
                a=deal["from_galley"],
                give=cubes(deal["give"]),
                other=names[deal["other"]],
                b=deal["to_galley"],
                ask=cubes(deal["ask"]),
            )
        )
    elif deal and deal["kind"] == "spoils":
        fate = _(" (sinks)") if deal["sinking"] else ""
        status.append(
            "\n"
            + _(
                "Sharing goods: loading g{galley} ({loaded}), left for g{other}{fate}: {left}"
            ).format(
                galley=deal["loading"],
                loaded=cubes(deal["loaded"]),
                other=deal["other"],
                fate=fate,
                left=cubes(deal["left"]),
            )
        )
    elif deal and deal["kind"] == "arrangement":
        status.append(
            "\n"
            + _("Arranging {area}: loading g{galley}, left {left}.").format(
                area=area_names.get(deal["area"], deal["area"]),
                galley=deal["loading"],
                left=cubes(deal["left"]),
            )
        )
    elif deal:
        status.append(
            "\n"
            + _("Deal: {good} from {seller} to {buyer} (prices {low} to {high} ducats)").format(
                good=goods.get(deal["good"], deal["good"]),
                seller=names[deal["seller"]],
                buyer=names[deal["buyer"]],
                low=deal["price_range"][0],
                high=deal["price_range"][1],
            )
            + (_(", asked {n}").format(n=deal["offer"]) if deal["offer"] is not None else "")
            + (
                _(", countered {n}").format(n=deal["counter"])
                if deal["counter"] is not None
                else ""
            )
            + "."
        )
    decision = view.get("decision")
    if decision:
        waiting = ", ".join(names[s] for s in view["to_move"])
        secret = _(" (secret, everyone at once)") if decision["simultaneous"] else ""
        kind = words(DECISION_WORDS, decision["kind"])
        if decision["kind"] == "permission":
            kind += _asking(view, names, area_names)
        status.append(
            "\n"
            + _("Decision: {kind}{secret}; waiting for {waiting}.").format(
                kind=kind, secret=secret, waiting=waiting
            ),
            style="bold",
        )
    if view.get("over") and view.get("result"):
        status.append(
            "\n"
            + _("Game over. Winner: {winners}").format(
                winners=", ".join(names[s] for s in view["result"]["winners"])
            ),
            style="bold green",
        )
    players = Table(box=None, padding=(0, 1, 0, 0), show_edge=False, pad_edge=False)
    for col in (N_("nation"), N_("turn order"), N_("ducats"), N_("ports"), N_("galleys")):
        players.add_column(_(col), header_style="bold", no_wrap=col != "ports")
    for p in info:
        players.add_row(
            Text.assemble(who(p["seat"]), _(" (you)") if p["seat"] == seat else ""),
            str(p["place"] or "-"),
            str(p["money"]) if "money" in p else _("hidden"),
            ", ".join(ports.get(x, x) for x in p["ports"]) or "-",
            " ".join(f"g{g}" for g in p["galleys"]) or "-",
        )
    moving = view["phase"] == "movement"
    rows: list[list[Text | str]] = []
    for g in view["galleys"]:
        row: list[Text | str] = [
            Text(f"g{g['galley']}", style=NATION_STYLE.get(info[g["owner"]]["nation"], "")),
            str(g["sailors"]),
            _cargo(g["cargo"]) or Text("-", style="dim"),
        ]
        if moving:
            row.append(str(g["moved"]) + (_(" stop") if g["stopped"] else ""))
        rows.append(row)
    headers = tuple(
        _(h) for h in (N_("galley"), N_("sailors"), N_("cargo"), N_("moved"))[: 4 if moving else 3]
    )
    parts: list[Any] = [status, board_map(view, area_names, sailing, goods), players]
    if rows:
        parts.append(side_by_side(headers, rows, 3 if moving else 4))
    return Group(*parts)


def display_names(board: Board, language: str = "en") -> dict[str, str]:
    """Printed names of the goods, nations, ports and areas by id ('venetians' -> 'Venetians'),
    in French ('Vénitiens') when `language` is "fr" (board.toml's `name_fr`); in French the
    English names of the nations map to theirs too, as the terminal labels seats in English.
    A port or area is also named for a sentence: "the:<id>" with its article ("le golfe de
    Naples") and "in:<id>" where a thing is ("dans le golfe de Naples", "à Venise")."""
    out: dict[str, str] = {}
    for ids, names in (
        (board.goods, board.good_names),
        (board.nation_ids, board.nation_names),
        (board.port_ids, board.port_names),
        (board.area_ids, board.area_names),
    ):
        if ids is board.goods:  # a good is named mid-sentence: "sell wine", "vendre vin"
            source = board.names_fr if language == "fr" else dict(zip(ids, names, strict=True))
            out.update({i: source[i].lower() for i in ids})
        elif language == "fr":
            out.update({i: board.names_fr[i] for i in ids})
            out.update({n: board.names_fr[i] for i, n in zip(ids, names, strict=True)})
        else:
            out.update(zip(ids, names, strict=True))
    forms = board.places["fr" if language == "fr" else "en"]
    for place, (the, where) in forms.items():
        out[f"the:{place}"] = the  # "le golfe de Naples", "the Gulf of Naples"
        out[f"in:{place}"] = where  # "dans le golfe de Naples", "in the Gulf of Naples"
    return out


def _cubes(goods: dict[str, int], names: dict[str, str] | None = None) -> str:
    shown = names or {}
    return ", ".join(f"{n} {shown.get(good, good)}" for good, n in goods.items()) or _(
        "nothing yet"
    )


def sailors(n: int) -> str:
    return ngettext("{n} sailor", "{n} sailors", n).format(n=n)


def ducats(n: int) -> str:
    return ngettext("{n} ducat", "{n} ducats", n).format(n=n)


def describe_event(
    e: dict[str, Any],
    label: Callable[[int], str] | None = None,
    names: dict[str, str] | None = None,
) -> str:
    """One sentence for an event, in the language in force (arsenale.i18n); `label` names a
    seat (its nation) when the caller knows it, and `names` (see `display_names`) turns
    nation, good, port and area ids into printed names."""
    shown = names or {}

    def name(seat: Any) -> str:
        text = label(int(seat)) if label is not None else _("seat {seat}").format(seat=seat)
        return shown.get(text, text)

    def place(place_id: Any) -> str:
        """A port or area with its article ("le golfe de Naples")."""
        return shown.get(f"the:{place_id}", shown.get(place_id, str(place_id)))

    def where(place_id: Any) -> str:
        """Where a thing is: "dans le golfe de Naples", "à Venise", "in Venezia"."""
        return shown.get(f"in:{place_id}", str(place_id))

    def good(good_id: Any) -> str:
        return shown.get(good_id, str(good_id))

    def cubes(goods: dict[str, int]) -> str:
        return _cubes(goods, shown)

    t = e["type"]
    seat = e.get("seat")
    who = name(seat) if isinstance(seat, int) else ""
    match t:
        case "round":
            return _("=== Round {n} ===").format(n=e["round"])
        case "phase":
            return _("--- Phase {n} ---").format(n=e["phase"])
        case "submitted":
            return _("{who} have made a secret choice.").format(who=who)
        case "deployed":
            return _(
                "{who} put {first} and {second} aboard their two galleys and keep {home} at home."
            ).format(
                who=who,
                first=sailors(e["galleys"][0]),
                second=sailors(e["galleys"][1]),
                home=sailors(e["capital"]),
            )
        case "bids":
            return _("Bids revealed: {bids}").format(
                bids=", ".join(
                    _("{seat}: {value}").format(seat=name(i), value=b)
                    for i, b in enumerate(e["bids"])
                )
            )
        case "dice":
            return _("Dice: {rolls}").format(
                rolls=", ".join(
                    _("{seat}: {value}").format(seat=name(k), value=v)
                    for k, v in e["rolls"].items()
                )
            )
        case "place":
            return _("{who} take place {n}.").format(who=who, n=e["place"])
        case "order":
            return _("Turn order: {order}.").format(order=", ".join(name(s) for s in e["order"]))
        case "arranging":
            return _("{who} rearrange their pieces {in_area}.").format(
                who=who, in_area=where(e["area"])
            )
        case "put":
            return _("{who} put {piece} aboard g{galley}.").format(
                who=who, piece=_one(e["piece"], shown), galley=e["galley"]
            )
        case "loaded":
            return _("{who} have loaded g{galley}.").format(who=who, galley=e["galley"])
        case "arranged":
            loads = _("; ").join(
                _("g{galley}: {pieces}").format(
                    galley=x["galley"],
                    pieces=(
                        ", ".join(
                            sailors(n) if k == "sailor" else f"{n} {_piece(k, shown)}"
                            for k, n in x.items()
                            if k not in ("galley", "sinks")
                        )
                        or _("empty")
                    )
                    + (_(" (no sailor: it sinks)") if x.get("sinks") else ""),
                )
                for x in e["galleys"]
            )
            ashore = (
                "" if e["garrison"] is None else _("; {n} in the garrison").format(n=e["garrison"])
            )
            return _("{who} arrange their pieces {in_area}: {loads}{ashore}.").format(
                who=who, in_area=where(e["area"]), loads=loads, ashore=ashore
            )
        case "arrangement_cancelled":
            return _("{who} leave the pieces as they were.").format(who=who)
        case "discarded":
            return _("{who} discard {piece} from g{galley}.").format(
                who=who, piece=_one(e["piece"], shown), galley=e["galley"]
            )
        case "bought":
            return _("{who} buy {good} for g{galley} ({price}).").format(
                who=who, good=good(e["good"]), galley=e["galley"], price=ducats(e["ducats"])
            )
        case "deal":
            d = e["deal"]
            return _("{buyer} want {good} from {seller}.").format(
                buyer=name(d["buyer"]), good=good(d["good"]), seller=name(d["seller"])
            )
        case "offer":
            return _("{who} ask {price}.").format(who=who, price=ducats(e["ducats"]))
        case "counter_offer":
            return _("{who} counter with {price}.").format(who=who, price=ducats(e["ducats"]))
        case "counter_refused":
            return _("{who} refuse the counter offer.").format(who=who)
        case "deal_refused":
            return _("{who} refuse: no deal.").format(who=who)
        case "deal_done":
            return _("Deal: {buyer} buy {good} from {seller} for {price}.").format(
                buyer=name(e["buyer"]),
                good=good(e["good"]),
                seller=name(e["seller"]),
                price=ducats(e["ducats"]),
            )
        case "barter_opened":
            return _("{who} put a barter together between g{a} and g{b}.").format(
                who=who, a=e["from"], b=e["to"]
            )
        case "barter_give":
            return _("{who} add {good} to the goods offered.").format(who=who, good=good(e["good"]))
        case "barter_ask":
            return _("{who} add {good} to the goods asked for.").format(
                who=who, good=good(e["good"])
            )
        case "barter_offered":
            b = e["barter"]
            return _("{who} offer {give} for {ask}.").format(
                who=who, give=cubes(b["give"]), ask=cubes(b["ask"])
            )
        case "barter_cancelled":
            return _("{who} give the barter up.").format(who=who)
        case "barter_refused":
            return _("{who} refuse the barter.").format(who=who)
        case "barter_done":
            b = e["barter"]
            return _("{who} accept the barter: {give} for {ask}.").format(
                who=who, give=cubes(b["give"]), ask=cubes(b["ask"])
            )
        case "hired":
            return _("{who} hire a sailor {in_port}.").format(who=who, in_port=where(e["port"]))
        case "built_galley":
            return _("{who} build galley g{galley} {in_port}.").format(
                who=who, galley=e["galley"], in_port=where(e["port"])
            )
        case "built_fort":
            return _("{who} build a fort {in_port}.").format(who=who, in_port=where(e["port"]))
        case "sail":
            return _("g{galley} ({who}) sails to {area}.").format(
                galley=e["galley"], who=who, area=place(e["area"])
            )
        case "permission_asked":
            return _("{who} are asked to let g{galley} pass through.").format(
                who=who, galley=e["galley"]
            )
        case "passage_allowed":
            return _("{who} let g{galley} pass.").format(who=who, galley=e["galley"])
        case "passage_denied":
            return _("{who} refuse passage: g{galley} stops.").format(who=who, galley=e["galley"])
        case "battle":
            them = name(e["defender_seat"]) if isinstance(e.get("defender_seat"), int) else ""
            return _(
                "The {who} attack the {them}, g{attacker} against g{defender}: the {who} roll "
                "{a}, the {them} {d}; the {who} lose {lost_a} and the {them} {lost_d}."
            ).format(
                who=who,
                them=them,
                attacker=e["attacker"],
                defender=e["defender"],
                a=e["rolls"][0],
                d=e["rolls"][1],
                lost_a=sailors(e["losses"][0]),
                lost_d=sailors(e["losses"][1]),
            )
        case "port_battle":
            fort = _(", fortified") if e["fort"] else ""
            owner = e.get("defender_seat")
            held = (
                _(", held by the {owner}").format(owner=name(owner))
                if isinstance(owner, int) and owner >= 0
                else ""
            )
            return _(
                "The {who} attack {port}{held}{fort}, with g{attacker}: the {who} roll {a}, the "
                "garrison {d}; the {who} lose {lost_a} and the garrison {lost_d}."
            ).format(
                who=who,
                port=place(e["port"]),
                held=held,
                fort=fort,
                attacker=e["attacker"],
                a=e["rolls"][0],
                d=e["rolls"][1],
                lost_a=sailors(e["losses"][0]),
                lost_d=sailors(e["losses"][1]),
            )
        case "captured":
            return _("{who} capture g{galley} with {crew}.").format(
                who=who, galley=e["galley"], crew=sailors(e["sailors"])
            )
        case "sink_chosen":
            return _("{who} sink g{galley}.").format(who=who, galley=e["galley"])
        case "sunk":
            cause = str(e["cause"])  # an English text marked N_() where the galley sank
            return _("g{galley} sinks ({cause}).").format(galley=e["galley"], cause=_(cause))
        case "sharing":
            fate = _(" (which sinks)") if e["sinking"] else ""
            return _(
                "{who} shares out the goods of g{galley} and g{other}{fate}: loading g{galley}."
            ).format(who=who, galley=e["galley"], other=e["other"], fate=fate)
        case "spoils":
            return _("{who} take {good} aboard g{galley}.").format(
                who=who, good=good(e["good"]), galley=e["to"]
            )
        case "shared":
            split = "; ".join(
                f"g{x['galley']}: "
                + (
                    ", ".join(f"{n} {good(k)}" for k, n in x.items() if k != "galley")
                    or _("nothing")
                )
                for x in e["galleys"]
            )
            return _("{who} share the goods out: {split}.").format(who=who, split=split)
        case "landed":
            return _("{who} land {crew} and take {port}.").format(
                who=who, crew=sailors(e["sailors"]), port=place(e["port"])
            )
        case "sold":
            bonus = (
                _(" and {bonus} for a new market").format(bonus=ducats(e["bonus"]))
                if e["bonus"]
                else ""
            )
            return _("{who} sell {good} {in_port} for {price}{bonus}.").format(
                who=who,
                good=good(e["good"]),
                in_port=where(e["port"]),
                price=ducats(e["ducats"]),
                bonus=bonus,
            )
        case "income":
            return _("{who} receive {income} from the capital.").format(
                who=who, income=ducats(e["ducats"])
            )
        case "done":
            return _("{who} are done.").format(who=who)
        case "game_over":
            return _("The game is over.")
    return str(e)


def _piece(piece: str, shown: dict[str, str]) -> str:
    """A piece put aboard or discarded: a sailor or a good, by its printed name."""
    if piece == "sailor":
        return _("sailor")
    return shown.get(piece, piece)
