"""Terminal rendering of a Serenissima (2012) view with Rich, and events in plain words.

Works from a seat's view only (never the state), so it can show nothing the seat may not see.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from arsenale.core.boardmap import draw_map, side_by_side

if TYPE_CHECKING:
    from arsenale.games.serenissima_2012.board import Board

COLOUR_STYLE = {
    "blue": "bold blue",
    "red": "bold red",
    "orange": "bold dark_orange",
    "black": "bold white",
}
COLOURS = ("blue", "red", "orange", "black")
GOOD_STYLE = {
    "wood": "orange4",
    "stone": "grey70",
    "marble": "white",
    "wine": "red3",
    "gold": "gold1",
    "spice": "medium_purple",
}


def _seat(seat: int | None) -> Text:
    if seat is None:
        return Text("-", style="dim")
    name = COLOURS[seat]
    return Text(name.capitalize(), style=COLOUR_STYLE[name])


def _good(good: str) -> Text:
    return Text(good, style=GOOD_STYLE.get(good, ""))


def plural(n: int, word: str, many: str | None = None) -> str:
    """`n` and the word in the number it takes: "1 ducat", "3 ducats", "0 sailors"."""
    return f"{n} {word if n == 1 else many or word + 's'}"


def possessive(name: str) -> str:
    """ "blue's", "the Genoese'": an apostrophe alone after a final s."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


DOGE_NAMES = {
    "wine": "Wine",
    "hourglass-1a": "Hourglass 1",
    "hourglass-1b": "Hourglass 1",
    "hourglass-2": "Hourglass 2",
    "hourglass-2-shuffle": "Hourglass 2 (shuffle)",
}
"""Printed names of the Doge cards (board.toml's ids tell the two Hourglass 1 cards apart)."""


def doge_name(card: str) -> str:
    return DOGE_NAMES.get(card, card.replace("-", " ").capitalize())


MAP_PLACES = {
    "venezia": (0, 42),
    "genova": (1, 24),
    "constantinople": (3, 77),
    "marseille": (4, 9),
    "ragusa": (4, 55),
    "napoli": (6, 39),
    "cagliari": (8, 22),
    "athens": (8, 66),
    "antalya": (8, 88),
    "palermo": (11, 36),
    "ionian-sea": (12, 51),
    "rhodes": (12, 79),
    "valencia": (12, 0),
    "antakya": (13, 92),
    "candia": (15, 63),
    "algiers": (16, 10),
    "tunis": (16, 25),
    "famagusta": (17, 84),
    "tripoli": (18, 41),
    "alexandria": (18, 71),
}
"""Where each sea zone is written on the terminal map (row, column of its name), west to east
as on the board; the lines between them are the zones' adjacency from the view."""

MAP_LEGEND = (19, 0)
"""Where the map's key is written (a corner with no sea zone)."""


def zone_names(view: dict[str, Any]) -> dict[str, str]:
    """Printed names of the sea zones in a view: a zone is named after its port."""
    names = {p["id"]: p["name"] for p in view["ports"]}
    for zone_id in MAP_PLACES:
        names.setdefault(zone_id, zone_id.replace("-", " ").title())
    return names


def _squares(goods: list[str], size: int = 0) -> Text:
    out = Text()
    for g in goods:
        out.append("■", style=GOOD_STYLE.get(g, ""))
    out.append("□" * max(0, size - len(goods)), style="dim")
    return out


def _cargo_list(cargo: dict[str, int]) -> list[str]:
    return [good for good, n in cargo.items() for _ in range(n)]


def links(board: Board) -> list[tuple[str, str]]:
    """The pairs of adjacent sea zones (board.toml), along which the map draws lines."""
    return [
        (zone_id, board.zone_ids[o])
        for z, zone_id in enumerate(board.zone_ids)
        for o in board.adjacent[z]
    ]


def board_map(view: dict[str, Any], sailing: list[tuple[str, str]]) -> Text:
    """Every sea zone where it lies, its port's name in the owner's colour (struck through
    when closed), the galleys in it by number in their owners' colours, and the lines along
    which galleys sail."""
    names = zone_names(view)
    ports = {p["id"]: p for p in view["ports"]}
    active = view["wheel"]["active_galley"]
    here: dict[str, list[dict[str, Any]]] = {}
    for g in view["galleys"]:
        here.setdefault(g["zone"], []).append(g)
    labels: dict[str, list[Text]] = {}
    for zone_id in MAP_PLACES:
        port = ports.get(zone_id)
        if port is None:
            name = Text(names[zone_id], style="italic")
        elif port["closed"]:
            name = Text(port["name"], style="dim strike")
        elif port["owner"] is not None:
            name = Text(port["name"], style=COLOUR_STYLE[COLOURS[port["owner"]]])
        else:
            name = Text(port["name"])
        fleet = Text()
        for g in here.get(zone_id, []):
            if fleet:
                fleet.append(" ")
            mark = "▶" if g["number"] == active else ""
            fleet.append(f"{mark}{g['number']}", style=COLOUR_STYLE[COLOURS[g["owner"]]])
        lines = [name, _port_line(port) if port is not None else Text("")]
        labels[zone_id] = [*lines, fleet] if fleet else lines
    labels["legend"] = [
        Text("Ports in their owner's colour; below:", style="dim"),
        Text("sailors, warehouse (■ good, □ free),", style="dim"),
        Text("F fort, B basilica, W wine side; then", style="dim"),
        Text("galleys (▶ on the wheel). ", style="dim")
        + Text.assemble(*(Text("■", style=GOOD_STYLE[g]) + Text(f"{g} ") for g in GOOD_STYLE)),
    ]
    places = {**MAP_PLACES, "legend": MAP_LEGEND}
    return draw_map(places, labels, sailing, width=100, height=MAP_LEGEND[0] + 4)


def _port_line(port: dict[str, Any]) -> Text:
    if port["closed"]:
        return Text("closed", style="dim")
    out = Text(f"{port['sailors']} " if port["sailors"] else "")
    out.append_text(_squares(port["warehouse"], port["warehouse_size"]))
    flags = "".join(
        mark
        for mark, on in (("F", port["fort"]), ("B", port["basilica"]), ("W", port["wine_side"]))
        if on
    )
    if flags:
        out.append(" " + flags)
    return out


def render(view: dict[str, Any], seat: int | None, sailing: list[tuple[str, str]]) -> Group:
    """The whole board in 100 x 40: the turn and what is being decided, the map, the players,
    then the ports and galleys in three columns each."""
    names = zone_names(view)
    track = view["track"]
    doge = view["doge"]
    discard = ", ".join(doge_name(c) for c in doge["discard"]) or "none"
    scorings = ", ".join(map(str, track["scoring_spaces"][:-1]))
    status = Text(
        f"Turn {view['turn']}. Turn track: space {track['position']} of {track['length']}; "
        f"scorings at {scorings} and {track['scoring_spaces'][-1]} "
        f"({track['scorings_done']} done).\nDoge cards: {doge['face_down']} face down; "
        f"discarded: {discard}."
    )
    act = view.get("activation")
    line = Text()
    if act:
        line.append(
            f"Galley {act['galley']} ({COLOURS[act['seat']].capitalize()}) is acting: {act['step']}, "
            f"{plural(act['zones_crossed'], 'zone')} crossed"
            + (", sale blocked" if act["sale_blocked"] else "")
            + ".\n"
        )
    decision = view.get("decision")
    if decision:
        who = ", ".join(COLOURS[s].capitalize() for s in view["to_move"])
        kind = decision["kind"].replace("_", " ")
        if decision["kind"] == "blockade" and act:
            where = next((g["zone"] for g in view["galleys"] if g["number"] == act["galley"]), "")
            kind += f" of galley {act['galley']} ({COLOURS[act['seat']].capitalize()}) in {names.get(where, where)}"
        line.append(f"Decision: {kind} (waiting for {who})", style="bold")
    if view.get("over") and view.get("result"):
        line.append(
            "Game over. Winner: "
            + ", ".join(COLOURS[s].capitalize() for s in view["result"]["winners"]),
            style="bold green",
        )
    players = Table(box=None, padding=(0, 1, 0, 0), show_edge=False, pad_edge=False)
    for col in ("player", "ducats", "sailors in reserve", "home", "ports", "galleys"):
        players.add_column(col, header_style="bold", no_wrap=col != "ports")
    for p in view["players_info"]:
        money = str(p["money"]) if "money" in p else "hidden"
        mark = " (you)" if p["seat"] == seat else ""
        home = names.get(p["home"], "-") if p.get("home") else "-"
        players.add_row(
            Text.assemble(_seat(p["seat"]), mark),
            money,
            str(p["sailors_in_reserve"]),
            home,
            ", ".join(names.get(x, x) for x in p["ports"]) or "-",
            " ".join(str(n) for n in p["galleys"]) or "-",
        )
    galley_rows: list[list[Text | str]] = []
    active = view["wheel"]["active_galley"]
    for g in view["galleys"]:
        number = ("▶" if g["number"] == active else "") + str(g["number"])
        galley_rows.append(
            [
                Text(number, style=COLOUR_STYLE[COLOURS[g["owner"]]]),
                str(g["sailors"]),
                _squares(_cargo_list(g["cargo"])) or Text("-", style="dim"),
            ]
        )
    parts: list[Any] = [status, line, board_map(view, sailing), players]
    if galley_rows:
        parts.append(side_by_side(("galley", "sailors", "cargo"), galley_rows, 4))
    return Group(*parts)


def display_names(board: Board) -> dict[str, str]:
    """Printed names of the ports and sea zones, by id (a zone is named after its port)."""
    out = dict(zip(board.port_ids, board.port_names, strict=True))
    for zone_id in board.zone_ids:
        out.setdefault(zone_id, zone_id.replace("-", " ").capitalize())
    return out


def _colour(seat: Any) -> str:
    """A seat's colour as the log names it ("Red"); "" for none (a neutral port)."""
    return COLOURS[seat].capitalize() if isinstance(seat, int) and 0 <= seat < 4 else ""


def _purchase(what: str, place: Callable[[Any], str]) -> str:
    """An investment in words, from its notation ("recruit g7", "galley 7 at napoli",
    "fort napoli", "basilica napoli", "recruit napoli")."""
    words = what.split()
    if words[0] == "recruit" and words[1].startswith("g") and words[1][1:].isdigit():
        return f"recruits a sailor aboard galley {words[1][1:]}"
    if words[0] == "recruit":
        return f"recruits a sailor in {place(words[1])}"
    if words[0] == "galley" and len(words) == 4:
        return f"buys galley {words[1]} in {place(words[3])}"
    if words[0] in ("fort", "basilica"):
        return f"builds a {words[0]} in {place(words[1])}"
    return "buys " + " ".join(place(w) for w in words)


def _holder(where: Any) -> str:
    """Where a sailor moves from or to: "the port" or a galley by number."""
    return "the port" if where == "port" else f"galley {where}"


def describe_event(e: dict[str, Any], names: dict[str, str] | None = None) -> str:
    """One event as a sentence, starting with a capital; `names` (see `display_names`) turns
    port and zone ids into printed names."""
    text = _sentence(e, names or {})
    return text[:1].upper() + text[1:]


def _sentence(e: dict[str, Any], shown: dict[str, str]) -> str:
    def place(place_id: Any) -> str:
        return shown.get(place_id, str(place_id))

    t = e["type"]
    who = COLOURS[e["seat"]].capitalize() if isinstance(e.get("seat"), int) else ""
    match t:
        case "turn":
            return f"--- Turn {e['turn']} ---"
        case "wheel":
            return f"Galley {e['galley']} ({who}) is on the wheel."
        case "act":
            return f"{who} acts with galley {e['galley']}."
        case "invest":
            return f"{who} invests instead of using galley {e['galley']}."
        case "closed":
            return f"{who} closes {place(e['port'])} ({e['good']})."
        case "start_port":
            return f"{who} starts in {place(e['port'])}."
        case "start_galley":
            return f"{who} takes galley {e['galley']} in {place(e['zone'])}."
        case "sailor":
            return f"{who} moves a sailor from {_holder(e['from'])} to {_holder(e['to'])}."
        case "load":
            paid = "free" if e["ducats"] == 0 else plural(e["ducats"], "ducat")
            if e.get("paid_to") is not None:
                paid += f" to {COLOURS[e['paid_to']].capitalize()}"
            return f"{who} loads {e['good']} on galley {e['galley']} ({paid})."
        case "transfer":
            return f"{who} moves {e['good']} from galley {e['from']} to galley {e['to']}."
        case "toss":
            return f"{who} tosses {e['good']} overboard from galley {e['galley']}."
        case "move":
            return f"Galley {e['galley']} ({who}) sails to {place(e['zone'])}."
        case "blockade_question":
            return f"{who} may blockade galley {e['against']} ({e['context']})."
        case "blockade":
            return f"{who} blockades galley {e['against']} ({e['context']})!"
        case "no_blockade":
            return f"{who} lets galley {e['against']} through."
        case "sale":
            return (
                f"{who} sells {e['good']} in {place(e['port'])} for {plural(e['ducats'], 'ducat')}."
            )
        case "attack":
            them = _colour(e.get("defender"))
            if isinstance(e["target"], int):
                target = (
                    f"{possessive(them)} galley {e['target']}" if them else f"galley {e['target']}"
                )
            else:
                target = (
                    f"{possessive(them)} port of {place(e['target'])}"
                    if them
                    else place(e["target"])
                )
            return f"{possessive(who)} galley {e['galley']} attacks {target}."
        case "fort_fire":
            return f"The fort of {place(e['port'])} fires: {plural(e['killed'], 'sailor')} killed."
        case "battle_round":
            a, d = sum(e["attack_dice"]), sum(e["defence_dice"])
            attacker = _colour(e["attacker"]) or "the attacker"
            defender = _colour(e["defender"]) or "the port"
            return (
                f"Battle round, {attacker} against {defender}: {attacker} rolls "
                f"{plural(len(e['attack_dice']), 'die', 'dice')} ({plural(a, 'skull')}), "
                f"{defender} {len(e['defence_dice'])} ({plural(d, 'skull')}); {attacker} loses "
                f"{plural(e['attacker_lost'], 'sailor')} and {defender} "
                f"{plural(e['defender_lost'], 'sailor')}."
            )
        case "sunk":
            return f"Galley {e['galley']} ({who}) sinks ({e['cause']})."
        case "loot":
            return f"{who} takes {e['good']} from the wreck."
        case "retreat":
            return f"{who} breaks off the battle."
        case "port_neutral":
            return f"{place(e['port'])} is emptied and becomes neutral."
        case "port_taken":
            return f"{who} takes {place(e['port'])} with {plural(e['sailors'], 'sailor')}."
        case "end":
            return f"{who} ends the turn of galley {e['galley']}."
        case "purchase":
            return f"{who} {_purchase(str(e['what']), place)} for {plural(e['ducats'], 'ducat')}."
        case "end_investment":
            return f"{who} ends the investment."
        case "special_investment":
            return f"{who} has fewer than 2 galleys and may buy more."
        case "doge_card":
            return f"Doge card: {doge_name(e['card'])}."
        case "doge_shuffle":
            return "The Doge cards are shuffled."
        case "wine_income":
            return f"{who} earns {plural(e['ducats'], 'ducat')} from wine."
        case "scoring":
            return f"Scoring {e['scoring']}: {who} earns {plural(e['ducats'], 'ducat')}."
        case "game_over":
            return "The game is over."
        case "submitted":
            return f"{who} has made a secret choice."
    return str(e)
