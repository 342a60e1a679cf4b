"""Terminal rendering of a Serenissima (1996) view with Rich, and events in plain words.

Works from a seat's view only, so it shows nothing the seat may not see.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

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


def render(view: dict[str, Any], seat: int | None) -> Group:
    info = view["players_info"]
    names = {p["seat"]: p["nation"] for p in info}

    def who(s: int | None) -> Text:
        if s is None:
            return Text("-", style="dim")
        return Text(names[s], style=NATION_STYLE.get(names[s], ""))

    players = Table(title=f"Nations (sailors in the box: {view['sailors_in_box']})")
    for col in ("nation", "place", "ducats", "ports", "galleys"):
        players.add_column(col)
    for p in info:
        players.add_row(
            Text.assemble(who(p["seat"]), " (you)" if p["seat"] == seat else ""),
            str(p["place"] or "-"),
            str(p["money"]) if "money" in p else "hidden",
            ", ".join(p["ports"]) or "-",
            ", ".join(f"g{g}" for g in p["galleys"]) or "-",
        )
    ports = Table(title="Ports")
    for col in ("port", "good", "owner", "garrison", "warehouse", "fort"):
        ports.add_column(col)
    for p in view["ports"]:
        wh = Text()
        for good in p["warehouse"]:
            wh.append("■ ", style=GOOD_STYLE[good])
        wh.append("□ " * (p["warehouse_size"] - len(p["warehouse"])), style="dim")
        name = p["name"] + (" (capital)" if p["capital_of"] else "")
        ports.add_row(
            name,
            Text(p["good"], style=GOOD_STYLE[p["good"]]),
            who(p["owner"]),
            str(p["garrison"] or ""),
            wh,
            "fort" if p["fort"] else "",
        )
    galleys = Table(title="Galleys")
    for col in ("galley", "owner", "area", "sailors", "cargo", "moved"):
        galleys.add_column(col)
    for g in view["galleys"]:
        cargo = Text()
        for good, n in g["cargo"].items():
            cargo.append(f"{n} {good} ", style=GOOD_STYLE[good])
        moved = f"{g['moved']}" + (" (stopped)" if g["stopped"] else "")
        galleys.add_row(
            f"g{g['galley']}", who(g["owner"]), g["area"], str(g["sailors"]), cargo, moved
        )
    status = Text(f"Round {view['round']}/{view['rounds']}, phase: {view['phase']}")
    if view["order"] and -1 not in view["order"]:
        status.append("   order: " + ", ".join(names[s] for s in view["order"]))
    deal = view.get("deal")
    if deal and deal["kind"] == "barter":
        status.append(
            f"\nBarter: {names[deal['proposer']]} (g{deal['from_galley']}) offers "
            f"{_cubes(deal['give'])} to {names[deal['other']]} (g{deal['to_galley']}) for "
            f"{_cubes(deal['ask'])}"
        )
    elif deal and deal["kind"] == "spoils":
        fate = " (sinks)" if deal["sinking"] else ""
        status.append(
            f"\nSharing goods: loading g{deal['loading']} ({_cubes(deal['loaded'])}), "
            f"left for g{deal['other']}{fate}: {_cubes(deal['left'])}"
        )
    elif deal and deal["kind"] == "arrangement":
        status.append(
            f"\nArranging {deal['area']}: loading g{deal['loading']}, left {_cubes(deal['left'])}"
        )
    elif deal:
        status.append(
            f"\nDeal: {deal['good']} from {names[deal['seller']]} to {names[deal['buyer']]}"
            f" (range {deal['price_range'][0]}-{deal['price_range'][1]})"
            + (f", offer {deal['offer']}" if deal["offer"] is not None else "")
            + (f", counter {deal['counter']}" if deal["counter"] is not None else "")
        )
    decision = view.get("decision")
    if decision:
        waiting = ", ".join(names[s] for s in view["to_move"])
        secret = " (secret, simultaneous)" if decision["simultaneous"] else ""
        status.append(
            f"\nDecision: {decision['kind']}{secret}; waiting for {waiting}", style="bold"
        )
    if view.get("over") and view.get("result"):
        status.append(
            "\nGame over. Winner: " + ", ".join(names[s] for s in view["result"]["winners"])
        )
    return Group(Panel(status, title="Serenissima (1996)"), players, ports, galleys)


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
            return f"{who} has made a secret choice."
        case "deployed":
            return f"{who} deploys {e['galleys'][0]} and {e['galleys'][1]} sailors aboard, {e['capital']} at home."
        case "bids":
            return "Bids revealed: " + ", ".join(f"{name(i)}: {b}" for i, b in enumerate(e["bids"]))
        case "dice":
            return "Dice: " + ", ".join(f"{name(k)}: {v}" for k, v in e["rolls"].items())
        case "place":
            return f"{who} takes place {e['place']}."
        case "order":
            return "Turn order: " + ", ".join(name(s) for s in e["order"]) + "."
        case "arranging":
            return f"{who} rearranges his pieces in {place(e['area'])}."
        case "put":
            return f"{who} puts a {e['piece']} aboard g{e['galley']}."
        case "loaded":
            return f"{who} has loaded g{e['galley']}."
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
            return f"{who} arranges {place(e['area'])}: {loads}{ashore}."
        case "arrangement_cancelled":
            return f"{who} leaves the pieces as they were."
        case "discarded":
            return f"{who} discards a {e['piece']} from g{e['galley']}."
        case "bought":
            return f"{who} buys {e['good']} for g{e['galley']} ({e['ducats']} ducats)."
        case "deal":
            d = e["deal"]
            return f"{name(d['buyer'])} wants {d['good']} from {name(d['seller'])}."
        case "offer":
            return f"{who} asks {e['ducats']} ducats."
        case "counter_offer":
            return f"{who} counters with {e['ducats']} ducats."
        case "counter_refused":
            return f"{who} refuses the counter offer."
        case "deal_refused":
            return f"{who} refuses: no deal."
        case "deal_done":
            return f"Deal: {name(e['buyer'])} buys {e['good']} from {name(e['seller'])} for {e['ducats']}."
        case "barter_opened":
            return f"{who} puts a barter together between g{e['from']} and g{e['to']}."
        case "barter_give":
            return f"{who} adds {e['good']} to the goods offered."
        case "barter_ask":
            return f"{who} adds {e['good']} to the goods asked for."
        case "barter_offered":
            b = e["barter"]
            return f"{who} offers {_cubes(b['give'])} for {_cubes(b['ask'])}."
        case "barter_cancelled":
            return f"{who} gives the barter up."
        case "barter_refused":
            return f"{who} refuses the barter."
        case "barter_done":
            b = e["barter"]
            return f"{who} accepts the barter: {_cubes(b['give'])} for {_cubes(b['ask'])}."
        case "hired":
            return f"{who} hires a sailor in {place(e['port'])}."
        case "built_galley":
            return f"{who} builds galley g{e['galley']} in {place(e['port'])}."
        case "built_fort":
            return f"{who} builds a fort in {place(e['port'])}."
        case "sail":
            return f"{who}'s g{e['galley']} sails to {place(e['area'])}."
        case "permission_asked":
            return f"{who} is asked to let g{e['galley']} pass."
        case "passage_allowed":
            return f"{who} lets g{e['galley']} pass."
        case "passage_denied":
            return f"{who} refuses passage: g{e['galley']} stops."
        case "battle":
            return (
                f"g{e['attacker']} attacks g{e['defender']}: rolls {e['rolls'][0]} / {e['rolls'][1]}, "
                f"losses {e['losses'][0]} / {e['losses'][1]}."
            )
        case "port_battle":
            fort = " (fortified)" if e["fort"] else ""
            return (
                f"g{e['attacker']} attacks {place(e['port'])}{fort}: rolls {e['rolls'][0]} / {e['rolls'][1]}, "
                f"losses {e['losses'][0]} / {e['losses'][1]}."
            )
        case "captured":
            return f"{who} captures g{e['galley']} with {e['sailors']} sailor(s)."
        case "sink_chosen":
            return f"{who} sinks g{e['galley']}."
        case "sunk":
            return f"g{e['galley']} sinks ({e['cause']})."
        case "sharing":
            fate = " (which sinks)" if e["sinking"] else ""
            return (
                f"{who} shares out the goods of g{e['galley']} and g{e['other']}{fate}: "
                f"loading g{e['galley']}."
            )
        case "spoils":
            return f"{who} takes {e['good']} aboard g{e['to']}."
        case "shared":
            split = "; ".join(
                f"g{x['galley']}: "
                + (", ".join(f"{n} {k}" for k, n in x.items() if k != "galley") or "nothing")
                for x in e["galleys"]
            )
            return f"{who} shares the goods out: {split}."
        case "landed":
            return f"{who} lands {e['sailors']} sailor(s) and takes {place(e['port'])}."
        case "sold":
            bonus = f" + {e['bonus']} new market" if e["bonus"] else ""
            return f"{who} sells {e['good']} in {place(e['port'])} for {e['ducats']}{bonus}."
        case "income":
            return f"{who} receives {e['ducats']} ducats from the capital."
        case "done":
            return f"{who} is done."
        case "game_over":
            return "The game is over."
    return str(e)
