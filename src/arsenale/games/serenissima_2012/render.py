"""Terminal rendering of a Serenissima (2012) view with Rich, and events in plain words.

Works from a seat's view only (never the state), so it can show nothing the seat may not see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

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
    return Text(name, style=COLOUR_STYLE[name])


def _good(good: str) -> Text:
    return Text(good, style=GOOD_STYLE.get(good, ""))


def render(view: dict[str, Any], seat: int | None) -> Group:
    """The board as three tables (players, ports, galleys) plus the turn and the decision."""
    players = Table(title="Players", expand=False)
    for col in ("seat", "ducats", "sailors in reserve", "ports", "galleys"):
        players.add_column(col)
    for p in view["players_info"]:
        money = str(p["money"]) if "money" in p else "hidden"
        mark = " (you)" if p["seat"] == seat else ""
        players.add_row(
            Text.assemble(_seat(p["seat"]), mark),
            money,
            str(p["sailors_in_reserve"]),
            ", ".join(p["ports"]) or "-",
            ", ".join(str(n) for n in p["galleys"]) or "-",
        )

    ports = Table(title="Ports", expand=False)
    for col in ("port", "good", "owner", "sailors", "warehouse", ""):
        ports.add_column(col)
    for p in view["ports"]:
        if p["closed"]:
            ports.add_row(
                Text(p["name"], style="dim strike"), _good(p["good"]), "closed", "", "", ""
            )
            continue
        wh = Text()
        for g in p["warehouse"]:
            wh.append("■ ", style=GOOD_STYLE[g])
        wh.append("□ " * (p["warehouse_size"] - len(p["warehouse"])), style="dim")
        extras = " ".join(
            x
            for x, on in (
                ("fort", p["fort"]),
                ("basilica", p["basilica"]),
                ("wine", p["wine_side"]),
            )
            if on
        )
        name = p["name"] + (" *" if p["start"] else "")
        ports.add_row(
            name, _good(p["good"]), _seat(p["owner"]), str(p["sailors"] or ""), wh, extras
        )

    galleys = Table(title="Galleys (wheel order)", expand=False)
    for col in ("galley", "owner", "zone", "sailors", "cargo"):
        galleys.add_column(col)
    active = view["wheel"]["active_galley"]
    for g in view["galleys"]:
        cargo = Text()
        for good, n in g["cargo"].items():
            cargo.append(f"{n} {good} ", style=GOOD_STYLE[good])
        label = f"▶ {g['number']}" if g["number"] == active else str(g["number"])
        galleys.add_row(label, _seat(g["owner"]), g["zone"], str(g["sailors"]), cargo)

    track = view["track"]
    spaces = ", ".join(map(str, track["scoring_spaces"]))
    status = Text(
        f"Turn {view['turn']}   track {track['position']}/{track['length']} "
        f"(scoring at {spaces}; {track['scorings_done']} done)   "
        f"Doge cards face down: {view['doge']['face_down']}, discarded: "
        f"{', '.join(view['doge']['discard']) or '-'}"
    )
    act = view.get("activation")
    if act:
        status.append(
            f"\nGalley {act['galley']} ({COLOURS[act['seat']]}) is acting: step {act['step']}, "
            f"{act['zones_crossed']} zone(s) crossed"
            + (", sale blocked" if act["sale_blocked"] else "")
        )
    decision = view.get("decision")
    if decision:
        who = ", ".join(COLOURS[s] for s in view["to_move"])
        status.append(f"\nDecision: {decision['kind']} (waiting for {who})", style="bold")
    if view.get("over") and view.get("result"):
        res = view["result"]
        status.append(
            "\nGame over. Winner: " + ", ".join(COLOURS[s] for s in res["winners"]),
            style="bold green",
        )
    return Group(Panel(status, title="Serenissima (2012)"), players, ports, galleys)


def display_names(board: Board) -> dict[str, str]:
    """Printed names of the ports and sea zones, by id (a zone is named after its port)."""
    out = dict(zip(board.port_ids, board.port_names, strict=True))
    for zone_id in board.zone_ids:
        out.setdefault(zone_id, zone_id.replace("-", " ").capitalize())
    return out


def describe_event(e: dict[str, Any], names: dict[str, str] | None = None) -> str:
    """One event as a sentence, starting with a capital; `names` (see `display_names`) turns
    port and zone ids into printed names."""
    text = _sentence(e, names or {})
    return text[:1].upper() + text[1:]


def _sentence(e: dict[str, Any], shown: dict[str, str]) -> str:
    def place(place_id: Any) -> str:
        return shown.get(place_id, str(place_id))

    t = e["type"]
    who = COLOURS[e["seat"]] if isinstance(e.get("seat"), int) else ""
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
            return f"{who} moves a sailor from {e['from']} to {e['to']}."
        case "load":
            paid = "free" if e["ducats"] == 0 else f"{e['ducats']} ducat(s)"
            if e.get("paid_to") is not None:
                paid += f" to {COLOURS[e['paid_to']]}"
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
            return f"{who} sells {e['good']} in {place(e['port'])} for {e['ducats']} ducat(s)."
        case "attack":
            return f"{who}'s galley {e['galley']} attacks {place(e['target'])}."
        case "fort_fire":
            return f"The fort of {place(e['port'])} fires: {e['killed']} sailor(s) killed."
        case "battle_round":
            a, d = sum(e["attack_dice"]), sum(e["defence_dice"])
            return (
                f"Battle round: attacker rolls {len(e['attack_dice'])} dice ({a} skull(s)), "
                f"defender {len(e['defence_dice'])} ({d}); "
                f"losses {e['attacker_lost']} / {e['defender_lost']}."
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
            return f"{who} takes {place(e['port'])} with {e['sailors']} sailor(s)."
        case "end":
            return f"{who} ends galley {e['galley']}'s turn."
        case "purchase":
            what = " ".join(place(word) for word in str(e["what"]).split())  # the notation
            return f"{who} buys {what} for {e['ducats']} ducat(s)."
        case "end_investment":
            return f"{who} ends the investment."
        case "special_investment":
            return f"{who} has fewer than 2 galleys and may buy more."
        case "doge_card":
            return f"Doge card: {e['card']}."
        case "doge_shuffle":
            return "The Doge cards are shuffled."
        case "wine_income":
            return f"{who} earns {e['ducats']} ducats from wine."
        case "scoring":
            return f"Scoring {e['scoring']}: {who} earns {e['ducats']} ducats."
        case "game_over":
            return "The game is over."
        case "submitted":
            return f"{who} has made a secret choice."
    return str(e)
