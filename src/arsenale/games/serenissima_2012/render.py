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
from arsenale.games.serenissima_2012.words import (
    N_,
    _,
    colour,
    good,
    ngettext,
    sea_name,
    zone_where,
)
from arsenale.i18n import speaking

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


DECISION_WORDS = {
    "close": N_("close a port"),
    "choose_port": N_("home port"),
    "galley": N_("galley"),
    "setup": N_("set-up"),
    "occupy": N_("occupy"),
    "special": N_("special investment"),
    "activation": N_("activation"),
    "blockade": N_("blockade"),
    "battle": N_("battle"),
    "loot": N_("loot"),
    "investment": N_("investment"),
}
"""The decisions in words to translate (a decision not listed shows its kind)."""

STEP_WORDS = (N_("loading"), N_("movement"), N_("sale or battle"))
"""The steps of an activation (state.py's view), to translate."""


def _seat(seat: int | None) -> Text:
    if seat is None:
        return Text("-", style="dim")
    name = COLOURS[seat]
    return Text(colour(name), style=COLOUR_STYLE[name])


def _good(good: str) -> Text:
    return Text(good, style=GOOD_STYLE.get(good, ""))


def plural(n: int, word: str, many: str | None = None) -> str:
    """`n` and the word in the number it takes: "1 ducat", "3 ducats", "0 sailors"."""
    return f"{n} {word if n == 1 else many or word + 's'}"


def possessive(name: str) -> str:
    """ "blue's", "the Genoese'": an apostrophe alone after a final s."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


DOGE_NAMES = {
    "wine": N_("Wine"),
    "hourglass-1a": N_("Hourglass 1"),
    "hourglass-1b": N_("Hourglass 1"),
    "hourglass-2": N_("Hourglass 2"),
    "hourglass-2-shuffle": N_("Hourglass 2 (shuffle)"),
}
"""Printed names of the Doge cards (board.toml's ids tell the two Hourglass 1 cards apart)."""


def doge_name(card: str) -> str:
    return _(DOGE_NAMES.get(card, card.replace("-", " ").capitalize()))


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


def zone_names(view: dict[str, Any], shown: dict[str, str] | None = None) -> dict[str, str]:
    """Printed names of the sea zones in a view: a zone is named after its port (`shown`:
    the names in the language in force, see `display_names`)."""
    names = {p["id"]: (shown or {}).get(p["id"], p["name"]) for p in view["ports"]}
    for zone_id in MAP_PLACES:
        names.setdefault(zone_id, sea_name(zone_id))
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


def board_map(view: dict[str, Any], sailing: list[tuple[str, str]], names: dict[str, str]) -> Text:
    """Every sea zone where it lies, its port's name in the owner's colour (struck through
    when closed), the galleys in it by number in their owners' colours, and the lines along
    which galleys sail."""
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
            name = Text(names[zone_id], style="dim strike")
        elif port["owner"] is not None:
            name = Text(names[zone_id], style=COLOUR_STYLE[COLOURS[port["owner"]]])
        else:
            name = Text(names[zone_id])
        fleet = Text()
        for g in here.get(zone_id, []):
            if fleet:
                fleet.append(" ")
            mark = "▶" if g["number"] == active else ""
            fleet.append(f"{mark}{g['number']}", style=COLOUR_STYLE[COLOURS[g["owner"]]])
        lines = [name, _port_line(port) if port is not None else Text("")]
        labels[zone_id] = [*lines, fleet] if fleet else lines
    labels["legend"] = [
        Text(_("Ports in their owner's colour; below:"), style="dim"),
        Text(_("sailors, warehouse (■ good, □ free),"), style="dim"),
        Text(_("F fort, B basilica, W wine side; then"), style="dim"),
        Text(_("galleys (▶ on the wheel). "), style="dim")
        + Text.assemble(
            *(Text("■", style=GOOD_STYLE[g]) + Text(f"{good(g)} ") for g in GOOD_STYLE)
        ),
    ]
    places = {**MAP_PLACES, "legend": MAP_LEGEND}
    return draw_map(places, labels, sailing, width=100, height=MAP_LEGEND[0] + 4)


def _port_line(port: dict[str, Any]) -> Text:
    if port["closed"]:
        return Text(_("closed"), style="dim")
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


def render(
    view: dict[str, Any],
    seat: int | None,
    sailing: list[tuple[str, str]],
    shown: dict[str, str] | None = None,
) -> Group:
    """The whole board in 100 x 40: the turn and what is being decided, the map, the players,
    then the ports and galleys in three columns each."""
    names = zone_names(view, shown)
    track = view["track"]
    doge = view["doge"]
    discard = ", ".join(doge_name(c) for c in doge["discard"]) or _("none")
    scorings = ", ".join(map(str, track["scoring_spaces"][:-1]))
    status = Text(
        _(
            "Turn {turn}. Turn track: space {position} of {length}; scorings at {scorings} "
            "and {last} ({done} done).\nDoge cards: {face_down} face down; discarded: {discard}."
        ).format(
            turn=view["turn"],
            position=track["position"],
            length=track["length"],
            scorings=scorings,
            last=track["scoring_spaces"][-1],
            done=track["scorings_done"],
            face_down=doge["face_down"],
            discard=discard,
        )
    )
    act = view.get("activation")
    line = Text()
    if act:
        crossed = ngettext("{n} zone crossed", "{n} zones crossed", act["zones_crossed"])
        line.append(
            _("Galley {galley} ({who}) is acting: {step}, {crossed}{blocked}.").format(
                galley=act["galley"],
                who=colour(COLOURS[act["seat"]]),
                step=_(str(act["step"])),
                crossed=crossed.format(n=act["zones_crossed"]),
                blocked=_(", sale blocked") if act["sale_blocked"] else "",
            )
            + "\n"
        )
    decision = view.get("decision")
    if decision:
        who = ", ".join(colour(COLOURS[s]) for s in view["to_move"])
        kind = _(DECISION_WORDS.get(decision["kind"], decision["kind"].replace("_", " ")))
        if decision["kind"] == "blockade" and act:
            where = next((g["zone"] for g in view["galleys"] if g["number"] == act["galley"]), "")
            kind = _("blockade of galley {galley} ({who}) {in_zone}").format(
                galley=act["galley"],
                who=colour(COLOURS[act["seat"]]),
                in_zone=(shown or {}).get(f"in:{where}", names.get(where, where)),
            )
        line.append(
            _("Decision: {kind} (waiting for {who})").format(kind=kind, who=who), style="bold"
        )
    if view.get("over") and view.get("result"):
        line.append(
            _("Game over. Winner: {winners}").format(
                winners=", ".join(colour(COLOURS[s]) for s in view["result"]["winners"])
            ),
            style="bold green",
        )
    players = Table(box=None, padding=(0, 1, 0, 0), show_edge=False, pad_edge=False)
    for col in (
        N_("player"),
        N_("ducats"),
        N_("sailors in reserve"),
        N_("home"),
        N_("ports"),
        N_("galleys"),
    ):
        players.add_column(_(col), header_style="bold", no_wrap=col != "ports")
    for p in view["players_info"]:
        money = str(p["money"]) if "money" in p else _("hidden")
        mark = _(" (you)") if p["seat"] == seat else ""
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
    parts: list[Any] = [status, line, board_map(view, sailing, names), players]
    if galley_rows:
        parts.append(side_by_side((_("galley"), _("sailors"), _("cargo")), galley_rows, 4))
    return Group(*parts)


def display_names(board: Board, language: str = "en") -> dict[str, str]:
    """Printed names of the ports and sea zones by id (a zone is named after its port), in
    French when `language` is "fr" (board.toml `name_fr`)."""
    names = board.port_names_fr if language == "fr" and board.port_names_fr else board.port_names
    out = dict(zip(board.port_ids, names, strict=True))
    for zone_id in board.zone_ids:
        out.setdefault(zone_id, sea_name(zone_id))
    with speaking(language):
        for z, zone_id in enumerate(board.zone_ids):
            out[f"in:{zone_id}"] = zone_where(board, z)  # "à Gênes", "en mer Ionienne"
    return out


EVENT_WORDS = (
    N_("move"),
    N_("sale"),
    N_("claim"),
    N_("abandoned"),
    N_("scuttled"),
    N_("unloaded"),
    N_("fort"),
    N_("battle"),
)
"""The words events carry (a blockade's context, the cause of a sinking), to translate."""


def _colour(seat: Any) -> str:
    """A seat's colour as the log names it ("Red"); "" for none (a neutral port)."""
    return colour(COLOURS[seat]) if isinstance(seat, int) and 0 <= seat < 4 else ""


def ducats(n: int) -> str:
    return ngettext("{n} ducat", "{n} ducats", n).format(n=n)


def sailors(n: int) -> str:
    return ngettext("{n} sailor", "{n} sailors", n).format(n=n)


def skulls(n: int) -> str:
    return ngettext("{n} skull", "{n} skulls", n).format(n=n)


def _purchase(what: str, place: Callable[[Any], str], who: str, price: str) -> str:
    """An investment in words, from its notation ("recruit g7", "galley 7 at napoli",
    "fort napoli", "basilica napoli", "recruit napoli")."""
    words = what.split()
    if words[0] == "recruit" and words[1].startswith("g") and words[1][1:].isdigit():
        return _("{who} recruits a sailor aboard galley {galley} for {price}.").format(
            who=who, galley=words[1][1:], price=price
        )
    if words[0] == "recruit":
        return _("{who} recruits a sailor in {port} for {price}.").format(
            who=who, port=place(words[1]), price=price
        )
    if words[0] == "galley" and len(words) == 4:
        return _("{who} buys galley {galley} in {port} for {price}.").format(
            who=who, galley=words[1], port=place(words[3]), price=price
        )
    if words[0] == "fort":
        return _("{who} builds a fort in {port} for {price}.").format(
            who=who, port=place(words[1]), price=price
        )
    if words[0] == "basilica":
        return _("{who} builds a basilica in {port} for {price}.").format(
            who=who, port=place(words[1]), price=price
        )
    return _("{who} buys {what} for {price}.").format(
        who=who, what=" ".join(place(w) for w in words), price=price
    )


def _holder(where: Any) -> str:
    """Where a sailor moves from or to: "the port" or a galley by number."""
    return _("the port") if where == "port" else _("galley {n}").format(n=where)


def describe_event(e: dict[str, Any], names: dict[str, str] | None = None) -> str:
    """One event as a sentence in the language in force, starting with a capital; `names`
    (see `display_names`) turns port and zone ids into printed names."""
    text = _sentence(e, names or {})
    return text[:1].upper() + text[1:]


def _sentence(e: dict[str, Any], shown: dict[str, str]) -> str:
    def place(place_id: Any) -> str:
        return shown.get(place_id, str(place_id))

    t = e["type"]
    who = _colour(e.get("seat"))
    galley = e.get("galley")
    match t:
        case "turn":
            return _("--- Turn {turn} ---").format(turn=e["turn"])
        case "wheel":
            return _("Galley {galley} ({who}) is on the wheel.").format(galley=galley, who=who)
        case "act":
            return _("{who} acts with galley {galley}.").format(who=who, galley=galley)
        case "invest":
            return _("{who} invests instead of using galley {galley}.").format(
                who=who, galley=galley
            )
        case "closed":
            return _("{who} closes {port} ({good}).").format(
                who=who, port=place(e["port"]), good=good(e["good"])
            )
        case "start_port":
            return _("{who} starts in {port}.").format(who=who, port=place(e["port"]))
        case "start_galley":
            return _("{who} takes galley {galley} {in_zone}.").format(
                who=who, galley=galley, in_zone=shown.get(f"in:{e['zone']}", place(e["zone"]))
            )
        case "sailor":
            return _("{who} moves a sailor from {source} to {target}.").format(
                who=who, source=_holder(e["from"]), target=_holder(e["to"])
            )
        case "load":
            paid = _("free") if e["ducats"] == 0 else ducats(e["ducats"])
            if e.get("paid_to") is not None:
                paid = _("{paid} to {whom}").format(paid=paid, whom=_colour(e["paid_to"]))
            return _("{who} loads {good} on galley {galley} ({paid}).").format(
                who=who, good=good(e["good"]), galley=galley, paid=paid
            )
        case "transfer":
            return _("{who} moves {good} from galley {source} to galley {target}.").format(
                who=who, good=good(e["good"]), source=e["from"], target=e["to"]
            )
        case "toss":
            return _("{who} tosses {good} overboard from galley {galley}.").format(
                who=who, good=good(e["good"]), galley=galley
            )
        case "move":
            return _("Galley {galley} ({who}) sails to {zone}.").format(
                galley=galley, who=who, zone=place(e["zone"])
            )
        case "blockade_question":
            return _("{who} may blockade galley {against} ({context}).").format(
                who=who, against=e["against"], context=_(str(e["context"]))
            )
        case "blockade":
            return _("{who} blockades galley {against} ({context})!").format(
                who=who, against=e["against"], context=_(str(e["context"]))
            )
        case "no_blockade":
            return _("{who} lets galley {against} through.").format(who=who, against=e["against"])
        case "sale":
            return _("{who} sells {good} in {port} for {ducats}.").format(
                who=who, good=good(e["good"]), port=place(e["port"]), ducats=ducats(e["ducats"])
            )
        case "attack":
            them = _colour(e.get("defender"))
            if isinstance(e["target"], int):
                target = (
                    _("galley {n} of {whom}").format(n=e["target"], whom=them)
                    if them
                    else _("galley {n}").format(n=e["target"])
                )
            else:
                target = (
                    _("the port of {port} held by {whom}").format(
                        port=place(e["target"]), whom=them
                    )
                    if them
                    else place(e["target"])
                )
            return _("Galley {galley} of {who} attacks {target}.").format(
                galley=galley, who=who, target=target
            )
        case "fort_fire":
            return _("The fort of {port} fires: {killed} killed.").format(
                port=place(e["port"]), killed=sailors(e["killed"])
            )
        case "battle_round":
            a, d = sum(e["attack_dice"]), sum(e["defence_dice"])
            attacker = _colour(e["attacker"]) or _("the attacker")
            defender = _colour(e["defender"]) or _("the port")
            n = len(e["attack_dice"])
            return _(
                "Battle round, {attacker} against {defender}: {attacker} rolls {dice} "
                "({a}), {defender} {defence} ({d}); {attacker} loses {attacker_lost} and "
                "{defender} {defender_lost}."
            ).format(
                attacker=attacker,
                defender=defender,
                dice=ngettext("{n} die", "{n} dice", n).format(n=n),
                a=skulls(a),
                defence=len(e["defence_dice"]),
                d=skulls(d),
                attacker_lost=sailors(e["attacker_lost"]),
                defender_lost=sailors(e["defender_lost"]),
            )
        case "sunk":
            return _("Galley {galley} ({who}) sinks ({cause}).").format(
                galley=galley, who=who, cause=_(str(e["cause"]))
            )
        case "loot":
            return _("{who} takes {good} from the wreck.").format(who=who, good=good(e["good"]))
        case "retreat":
            return _("{who} breaks off the battle.").format(who=who)
        case "port_neutral":
            return _("{port} is emptied and becomes neutral.").format(port=place(e["port"]))
        case "port_taken":
            return _("{who} takes {port} with {sailors}.").format(
                who=who, port=place(e["port"]), sailors=sailors(e["sailors"])
            )
        case "end":
            return _("{who} ends the turn of galley {galley}.").format(who=who, galley=galley)
        case "purchase":
            return _purchase(str(e["what"]), place, who, ducats(e["ducats"]))
        case "end_investment":
            return _("{who} ends the investment.").format(who=who)
        case "special_investment":
            return _("{who} has fewer than 2 galleys and may buy more.").format(who=who)
        case "doge_card":
            return _("Doge card: {card}.").format(card=doge_name(e["card"]))
        case "doge_shuffle":
            return _("The Doge cards are shuffled.")
        case "wine_income":
            return _("{who} earns {ducats} from wine.").format(who=who, ducats=ducats(e["ducats"]))
        case "scoring":
            return _("Scoring {n}: {who} earns {ducats}.").format(
                n=e["scoring"], who=who, ducats=ducats(e["ducats"])
            )
        case "game_over":
            return _("The game is over.")
        case "submitted":
            return _("{who} has made a secret choice.").format(who=who)
    return str(e)
