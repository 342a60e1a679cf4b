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


def _one(piece: str) -> str:
    """ "a sailor", "a cube of iron": one piece as the log names it."""
    return "a sailor" if piece == "sailor" else f"a cube of {piece}"


def possessive(name: str) -> str:
    """ "Venetians'", "Spain's": an apostrophe alone after a final s."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _squares(goods: list[str], size: int = 0) -> Text:
    out = Text()
    for g in goods:
        out.append("■", style=GOOD_STYLE.get(g, ""))
    out.append("□" * max(0, size - len(goods)), style="dim")
    return out


def _cargo(cargo: dict[str, int]) -> Text:
    return _squares([good for good, n in cargo.items() for _ in range(n)])


def board_map(
    view: dict[str, Any], area_names: dict[str, str], sailing: list[tuple[str, str]]
) -> Text:
    """Every sea area where it lies: an area with a port by the port's name in its owner's
    colour, with the garrison, warehouse and fort under it; the galleys in the area by number
    in their owners' colours; lines where galleys may sail."""
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
            lines = [Text(port["name"], style=style), line]
        fleet = Text()
        for g in here.get(area_id, []):
            if fleet:
                fleet.append(" ")
            fleet.append(f"g{g['galley']}", style=NATION_STYLE.get(names[g["owner"]], ""))
        labels[area_id] = [*lines, fleet] if fleet else lines
    labels["legend"] = [
        Text("Ports name their areas (Valencia:", style="dim"),
        Text("Gulf of Valencia), in their owner's", style="dim"),
        Text("colour; below: garrison, warehouse", style="dim"),
        Text("(■ good, □ free), F fort; galleys.", style="dim"),
        Text.assemble(*(Text("■", style=GOOD_STYLE[g]) + Text(f"{g} ") for g in GOOD_STYLE)),
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
        f"g{g['galley']} ({names[g['owner']]}) pass through {area_names.get(g['area'], g['area'])}"
        for g in view["galleys"]
        if g["owner"] not in asked and g["moved"] and not g["stopped"] and g["area"] in theirs
    ]
    return " to let " + " or ".join(asking) if asking else ""


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
    ports = {p["id"]: p["name"] for p in view["ports"]}

    def who(s: int | None) -> Text:
        if s is None:
            return Text("-", style="dim")
        return Text(names[s], style=NATION_STYLE.get(info[s]["nation"], ""))

    status = Text(
        f"Round {view['round']} of {view['rounds']}, phase: {view['phase']}. "
        f"Sailors in the box: {view['sailors_in_box']}."
    )
    if view["order"] and -1 not in view["order"]:
        status.append(" Turn order: " + ", ".join(names[s] for s in view["order"]) + ".")
    deal = view.get("deal")
    if deal and deal["kind"] == "barter":
        status.append(
            f"\nBarter: {names[deal['proposer']]} (g{deal['from_galley']}) offers "
            f"{_cubes(deal['give'])} to {names[deal['other']]} (g{deal['to_galley']}) for "
            f"{_cubes(deal['ask'])}."
        )
    elif deal and deal["kind"] == "spoils":
        fate = " (sinks)" if deal["sinking"] else ""
        status.append(
            f"\nSharing goods: loading g{deal['loading']} ({_cubes(deal['loaded'])}), "
            f"left for g{deal['other']}{fate}: {_cubes(deal['left'])}"
        )
    elif deal and deal["kind"] == "arrangement":
        status.append(
            f"\nArranging {area_names.get(deal['area'], deal['area'])}: loading "
            f"g{deal['loading']}, left {_cubes(deal['left'])}."
        )
    elif deal:
        status.append(
            f"\nDeal: {deal['good']} from {names[deal['seller']]} to {names[deal['buyer']]}"
            f" (prices {deal['price_range'][0]} to {deal['price_range'][1]} ducats)"
            + (f", asked {deal['offer']}" if deal["offer"] is not None else "")
            + (f", countered {deal['counter']}" if deal["counter"] is not None else "")
            + "."
        )
    decision = view.get("decision")
    if decision:
        waiting = ", ".join(names[s] for s in view["to_move"])
        secret = " (secret, everyone at once)" if decision["simultaneous"] else ""
        kind = decision["kind"].replace("_", " ")
        if decision["kind"] == "permission":
            kind += _asking(view, names, area_names)
        status.append(f"\nDecision: {kind}{secret}; waiting for {waiting}.", style="bold")
    if view.get("over") and view.get("result"):
        status.append(
            "\nGame over. Winner: " + ", ".join(names[s] for s in view["result"]["winners"]),
            style="bold green",
        )
    players = Table(box=None, padding=(0, 1, 0, 0), show_edge=False, pad_edge=False)
    for col in ("nation", "turn order", "ducats", "ports", "galleys"):
        players.add_column(col, header_style="bold", no_wrap=col != "ports")
    for p in info:
        players.add_row(
            Text.assemble(who(p["seat"]), " (you)" if p["seat"] == seat else ""),
            str(p["place"] or "-"),
            str(p["money"]) if "money" in p else "hidden",
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
            row.append(str(g["moved"]) + (" stop" if g["stopped"] else ""))
        rows.append(row)
    headers = ("galley", "sailors", "cargo", "moved") if moving else ("galley", "sailors", "cargo")
    parts: list[Any] = [status, board_map(view, area_names, sailing), players]
    if rows:
        parts.append(side_by_side(headers, rows, 3 if moving else 4))
    return Group(*parts)


def display_names(board: Board) -> dict[str, str]:
    """Printed names of the nations, ports and areas, by id ('venetians' -> 'Venetians')."""
    out: dict[str, str] = {}
    for ids, names in (
        (board.nation_ids, board.nation_names),
        (board.port_ids, board.port_names),
        (board.area_ids, board.area_names),
    ):
        out.update(zip(ids, names, strict=True))
    return out


def _cubes(goods: dict[str, int]) -> str:
    return ", ".join(f"{n} {good}" for good, n in goods.items()) or "nothing yet"


def describe_event(
    e: dict[str, Any],
    label: Callable[[int], str] | None = None,
    names: dict[str, str] | None = None,
) -> str:
    """One sentence for an event; `label` names a seat (its nation) when the caller knows it,
    and `names` (see `display_names`) turns nation, port and area ids into printed names."""
    shown = names or {}

    def name(seat: Any) -> str:
        text = label(int(seat)) if label is not None else f"seat {seat}"
        return shown.get(text, text)

    def place(place_id: Any) -> str:
        return shown.get(place_id, str(place_id))

    t = e["type"]
    seat = e.get("seat")
    who = name(seat) if isinstance(seat, int) else ""
    match t:
        case "round":
            return f"=== Round {e['round']} ==="
        case "phase":
            return f"--- Phase {e['phase']} ---"
        case "submitted":
            return f"{who} have made a secret choice."
        case "deployed":
            return f"{who} put {e['galleys'][0]} and {plural(e['galleys'][1], 'sailor')} aboard their two galleys and keep {e['capital']} at home."
        case "bids":
            return "Bids revealed: " + ", ".join(f"{name(i)}: {b}" for i, b in enumerate(e["bids"]))
        case "dice":
            return "Dice: " + ", ".join(f"{name(k)}: {v}" for k, v in e["rolls"].items())
        case "place":
            return f"{who} take place {e['place']}."
        case "order":
            return "Turn order: " + ", ".join(name(s) for s in e["order"]) + "."
        case "arranging":
            return f"{who} rearrange their pieces in {place(e['area'])}."
        case "put":
            return f"{who} put {_one(e['piece'])} aboard g{e['galley']}."
        case "loaded":
            return f"{who} have loaded g{e['galley']}."
        case "arranged":
            loads = "; ".join(
                f"g{x['galley']}: "
                + (
                    ", ".join(f"{n} {k}" for k, n in x.items() if k not in ("galley", "sinks"))
                    or "empty"
                )
                + (" (no sailor: it sinks)" if x.get("sinks") else "")
                for x in e["galleys"]
            )
            ashore = "" if e["garrison"] is None else f"; {e['garrison']} in the garrison"
            return f"{who} arrange {place(e['area'])}: {loads}{ashore}."
        case "arrangement_cancelled":
            return f"{who} leave the pieces as they were."
        case "discarded":
            return f"{who} discard {_one(e['piece'])} from g{e['galley']}."
        case "bought":
            return f"{who} buy {e['good']} for g{e['galley']} ({plural(e['ducats'], 'ducat')})."
        case "deal":
            d = e["deal"]
            return f"{name(d['buyer'])} want {d['good']} from {name(d['seller'])}."
        case "offer":
            return f"{who} ask {plural(e['ducats'], 'ducat')}."
        case "counter_offer":
            return f"{who} counter with {plural(e['ducats'], 'ducat')}."
        case "counter_refused":
            return f"{who} refuse the counter offer."
        case "deal_refused":
            return f"{who} refuse: no deal."
        case "deal_done":
            return f"Deal: {name(e['buyer'])} buy {e['good']} from {name(e['seller'])} for {plural(e['ducats'], 'ducat')}."
        case "barter_opened":
            return f"{who} put a barter together between g{e['from']} and g{e['to']}."
        case "barter_give":
            return f"{who} add {e['good']} to the goods offered."
        case "barter_ask":
            return f"{who} add {e['good']} to the goods asked for."
        case "barter_offered":
            b = e["barter"]
            return f"{who} offer {_cubes(b['give'])} for {_cubes(b['ask'])}."
        case "barter_cancelled":
            return f"{who} give the barter up."
        case "barter_refused":
            return f"{who} refuse the barter."
        case "barter_done":
            b = e["barter"]
            return f"{who} accept the barter: {_cubes(b['give'])} for {_cubes(b['ask'])}."
        case "hired":
            return f"{who} hire a sailor in {place(e['port'])}."
        case "built_galley":
            return f"{who} build galley g{e['galley']} in {place(e['port'])}."
        case "built_fort":
            return f"{who} build a fort in {place(e['port'])}."
        case "sail":
            return f"g{e['galley']} ({who}) sails to {place(e['area'])}."
        case "permission_asked":
            return f"{who} are asked to let g{e['galley']} pass through."
        case "passage_allowed":
            return f"{who} let g{e['galley']} pass."
        case "passage_denied":
            return f"{who} refuse passage: g{e['galley']} stops."
        case "battle":
            them = name(e["defender_seat"]) if isinstance(e.get("defender_seat"), int) else ""
            return (
                f"The {who} attack the {them}, g{e['attacker']} against g{e['defender']}: "
                f"the {who} roll {e['rolls'][0]}, the {them} {e['rolls'][1]}; the {who} lose "
                f"{plural(e['losses'][0], 'sailor')} and the {them} "
                f"{plural(e['losses'][1], 'sailor')}."
            )
        case "port_battle":
            fort = ", fortified" if e["fort"] else ""
            owner = e.get("defender_seat")
            held = f", held by the {name(owner)}" if isinstance(owner, int) and owner >= 0 else ""
            return (
                f"The {who} attack {place(e['port'])}{held}{fort}, with g{e['attacker']}: "
                f"the {who} roll {e['rolls'][0]}, the garrison {e['rolls'][1]}; the {who} lose "
                f"{plural(e['losses'][0], 'sailor')} and the garrison "
                f"{plural(e['losses'][1], 'sailor')}."
            )
        case "captured":
            return f"{who} capture g{e['galley']} with {plural(e['sailors'], 'sailor')}."
        case "sink_chosen":
            return f"{who} sink g{e['galley']}."
        case "sunk":
            return f"g{e['galley']} sinks ({e['cause']})."
        case "sharing":
            fate = " (which sinks)" if e["sinking"] else ""
            return (
                f"{who} shares out the goods of g{e['galley']} and g{e['other']}{fate}: "
                f"loading g{e['galley']}."
            )
        case "spoils":
            return f"{who} take {e['good']} aboard g{e['to']}."
        case "shared":
            split = "; ".join(
                f"g{x['galley']}: "
                + (", ".join(f"{n} {k}" for k, n in x.items() if k != "galley") or "nothing")
                for x in e["galleys"]
            )
            return f"{who} share the goods out: {split}."
        case "landed":
            return f"{who} land {plural(e['sailors'], 'sailor')} and take {place(e['port'])}."
        case "sold":
            bonus = f" and {plural(e['bonus'], 'ducat')} for a new market" if e["bonus"] else ""
            return f"{who} sell {e['good']} in {place(e['port'])} for {plural(e['ducats'], 'ducat')}{bonus}."
        case "income":
            return f"{who} receive {plural(e['ducats'], 'ducat')} from the capital."
        case "done":
            return f"{who} are done."
        case "game_over":
            return "The game is over."
    return str(e)
