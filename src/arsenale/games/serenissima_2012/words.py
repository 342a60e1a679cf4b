"""Every action of Serenissima (2012) in the rulebook's words, for the web page's move list
(`Game.action_words`; the notation of actions.py stays for the terminal and the API).

Galleys by their number, ports and sea zones by their printed names (rulebook: Setup;
Activating a galley: loading, movement, sale, battle; Investment).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arsenale.core.actions import Action, Wording
from arsenale.i18n import N_, current, game_domain

if TYPE_CHECKING:
    from arsenale.games.serenissima_2012.board import Board

WORDS = game_domain(__file__)
"""This game's catalogue (locale/fr): its words in French, for the terminal, the page's moves
and log, and the engine's refusals (translated when a refusal is built, never while the legal
moves are generated)."""
_ = WORDS.gettext
ngettext = WORDS.ngettext

GOOD_WORDS = {
    "wood": N_("wood"),
    "stone": N_("stone"),
    "marble": N_("marble"),
    "wine": N_("wine"),
    "gold": N_("gold"),
    "spice": N_("spice"),
    "fort": N_("fort"),
    "basilica": N_("basilica"),
}
"""The goods (board.GOODS) and buildings as a sentence names them, to translate."""

COLOUR_WORDS = {"blue": N_("Blue"), "red": N_("Red"), "orange": N_("Orange"), "black": N_("Black")}
"""The players' colours (the seats' labels) as names, to translate."""


SEA_WORDS = {"ionian-sea": N_("the Ionian Sea")}
"""The sea zones without a port, by id, to translate (a zone with a port is the port's)."""


def sea_name(zone_id: str) -> str:
    """A sea zone without a port in the language in force ("the Ionian Sea")."""
    return _(SEA_WORDS.get(zone_id, zone_id.replace("-", " ")))


def port_name(board: Board, p: int) -> str:
    """Port p's name in the language in force: the board's, or its French `name_fr`."""
    if current() == "fr" and board.port_names_fr:
        return board.port_names_fr[p]
    return board.port_names[p]


def zone_where(board: Board, z: int) -> str:
    """Where a thing is in zone z, in the language in force: "in Genova", "in the Ionian Sea";
    in French as board.toml's `in_fr` says ("à Gênes", "en mer Ionienne")."""
    if current() == "fr" and board.zone_in_fr:
        return board.zone_in_fr[z]
    p = board.zone_port[z]
    return _("in {place}").format(
        place=port_name(board, p) if p >= 0 else sea_name(board.zone_ids[z])
    )


def good(name: str) -> str:
    """A good ("wine") in the language in force."""
    return _(GOOD_WORDS.get(name, name))


def colour(label: str) -> str:
    """A seat's colour ("blue") as a name in the language in force ("Bleu")."""
    return _(COLOUR_WORDS.get(label, label.capitalize()))


_FIXED = {
    "act": (N_("Take this galley's actions"), N_("Activation")),
    "invest": (N_("Invest instead"), N_("Activation")),
    "sailor_from_port": (N_("Take a sailor aboard from the port"), N_("Sailors")),
    "sailor_to_port": (N_("Put a sailor ashore in the port"), N_("Sailors")),
    "sink": (N_("Sink this galley"), N_("Sink")),
    "attack_port": (N_("Attack the port"), N_("Attack")),
    "end": (N_("End this galley's turn"), N_("Finish")),
    "blockade": (N_("Blockade the galley"), N_("Blockade")),
    "pass": (N_("Let it pass"), N_("Blockade")),
    "fight": (N_("Fight another round"), N_("Battle")),
    "retreat": (N_("Retreat from the battle"), N_("Battle")),
    "done": (N_("Done looting"), N_("Loot")),
}


def action_words(action: Action, names: dict[str, str]) -> Wording:
    """The move in the language in force; `names`: printed names by id in that language."""
    p = action.params
    kind = action.kind
    if kind in _FIXED:
        text, group = _FIXED[kind]
        return Wording(_(text), _(group))

    def name(key: str) -> str:
        return names.get(str(p[key]), str(p[key]))

    galley = p.get("galley", "")
    if kind == "close":
        return Wording(
            _("Close {port} for this game").format(port=name("port")), _("Set-up: close a port")
        )
    if kind == "choose_port":
        return Wording(
            _("Take {port} as your home port").format(port=name("port")), _("Set-up: home port")
        )
    if kind == "choose_galley":
        return Wording(_("Take galley {galley}").format(galley=galley), _("Set-up: galley"))
    if kind == "sailor_from_galley":
        return Wording(_("Take a sailor from galley {galley}").format(galley=galley), _("Sailors"))
    if kind == "sailor_to_galley":
        return Wording(_("Give a sailor to galley {galley}").format(galley=galley), _("Sailors"))
    if kind == "buy_good":
        return Wording(_("Buy {good} here").format(good=good(p["good"])), _("Goods"))
    if kind == "take_good":
        return Wording(
            _("Take {good} from galley {galley}").format(good=good(p["good"]), galley=galley),
            _("Goods"),
        )
    if kind == "give_good":
        return Wording(
            _("Give {good} to galley {galley}").format(good=good(p["good"]), galley=galley),
            _("Goods"),
        )
    if kind == "toss_good":
        return Wording(_("Throw {good} overboard").format(good=good(p["good"])), _("Goods"))
    if kind == "move":
        return Wording(_("Sail to {zone}").format(zone=name("zone")), _("Move"))
    if kind == "sell":
        return Wording(_("Sell {good} here").format(good=good(p["good"])), _("Sell"))
    if kind == "attack_galley":
        return Wording(_("Attack galley {galley}").format(galley=galley), _("Attack"))
    if kind == "claim":
        return Wording(
            ngettext(
                "Take the port with {n} sailor", "Take the port with {n} sailors", p["sailors"]
            ).format(n=p["sailors"]),
            _("Take the port"),
            ("sailors",),
            (_("Sailors landed"),),
        )
    if kind == "loot":
        return Wording(
            _("Take {good} from the sunk galley").format(good=good(p["good"])), _("Loot")
        )
    if kind == "recruit_port":
        return Wording(_("Recruit a sailor in {port}").format(port=name("port")), _("Recruit"))
    if kind == "recruit_galley":
        return Wording(
            _("Recruit a sailor aboard galley {galley}").format(galley=galley), _("Recruit")
        )
    if kind == "buy_galley":
        return Wording(
            _("Buy galley {galley} in {port}").format(galley=galley, port=name("port")),
            _("Buy a galley"),
        )
    if kind == "fort":
        return Wording(_("Build a fort in {port}").format(port=name("port")), _("Build"))
    if kind == "basilica":
        return Wording(_("Build a basilica in {port}").format(port=name("port")), _("Build"))
    raise ValueError(f"no words for {action.notation}")
