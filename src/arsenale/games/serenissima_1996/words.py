"""Every action of Serenissima (1996) in the rulebook's words, for the web page's move list
(`Game.action_words`; the notation of actions.py stays for the terminal and the API).

Galleys are named by the label the board prints on them (g4), ports and sea areas by their
printed names, money in ducats (rulebook: Phase 1 to Phase 6; Purchase prices of trade goods
in a port).
"""

from __future__ import annotations

from arsenale.core.actions import Action, Wording, amount_words
from arsenale.i18n import game_domain

WORDS = game_domain(__file__)
"""This game's catalogue: its terms in French are Méditerranée's (locale/fr); refusals are
translated when they are built (the legal moves are generated without it)."""
_ = WORDS.gettext
ngettext = WORDS.ngettext


def action_words(action: Action, names: dict[str, str]) -> Wording:
    p = action.params

    def name(key: str) -> str:
        return names.get(str(p[key]), str(p[key]))

    def galley(n: int) -> str:
        return f"galley g{n}"

    kind = action.kind
    if kind == "deploy":
        rest = 10 - p["first"] - p["second"]
        return Wording(
            f"Put {amount_words(p['first'], 'sailor')} on your first galley, "
            f"{p['second']} on your second and {rest} in your capital",
            "Set-up: share out your sailors",
            ("first", "second"),
            (_("Sailors on the first galley"), _("Sailors on the second galley")),
        )
    if kind == "bid":
        return Wording(
            f"Bid {amount_words(p['ducats'], 'ducat')} for the turn order",
            "Turn order bid",
            ("ducats",),
            (_("Ducats bid"),),
        )
    if kind == "position":
        return Wording(
            f"Take place {['I', 'II', 'III', 'IV'][p['place'] - 1]} in the turn order", "Turn order"
        )
    if kind == "buy":
        return Wording(f"Buy {p['good']} for {galley(p['galley'])}", "Buy goods")
    if kind == "hire_port":
        return Wording(f"Hire a sailor in {name('port')}", "Hire sailors")
    if kind == "hire_galley":
        return Wording(f"Hire a sailor aboard {galley(p['galley'])}", "Hire sailors")
    if kind == "build_galley":
        crew = " crewed by a hired sailor" if p.get("crew") == "hired" else ""
        return Wording(f"Build a galley in {name('port')}{crew}", "Build")
    if kind == "build_fort":
        return Wording(f"Build a fort in {name('port')}", "Build")
    if kind == "arrange":
        return Wording(f"Rearrange sailors and goods in {name('area')}", "Rearrange")
    if kind == "put":
        piece = "a sailor" if p["piece"] == "sailor" else f"{p['piece']}"
        return Wording(f"Put {piece} aboard this galley", "Rearrange")
    if kind == "next":
        return Wording("Go on to the next galley", "Rearrange")
    if kind == "discard_good":
        return Wording(f"Throw {p['good']} overboard from {galley(p['galley'])}", "Discard")
    if kind == "discard_sailor":
        return Wording(f"Send a sailor of {galley(p['galley'])} home", "Discard")
    if kind == "trade":
        return Wording(
            f"Sell {p['good']} from {galley(p['from'])} to {galley(p['to'])}",
            "Sell to another player",
        )
    if kind == "barter":
        return Wording(f"Barter between {galley(p['from'])} and {galley(p['to'])}", "Barter")
    if kind == "barter_give":
        return Wording(f"Add a cube of {p['good']} to what you give", "Barter offer")
    if kind == "barter_ask":
        return Wording(f"Add a cube of {p['good']} to what you ask for", "Barter offer")
    if kind == "propose":
        return Wording("Propose the barter", "Barter offer")
    if kind == "cancel":
        return Wording("Cancel what you started", "Finish")
    if kind == "price":
        return Wording(
            f"Ask a price of {amount_words(p['ducats'], 'ducat')}",
            "Price",
            ("ducats",),
            (_("Price asked in ducats"),),
        )
    if kind == "counter":
        return Wording(
            f"Counter with {amount_words(p['ducats'], 'ducat')}",
            "Counter offer",
            ("ducats",),
            (_("Counter offer in ducats"),),
        )
    if kind == "accept":
        return Wording("Accept the offer", "Answer")
    if kind == "refuse":
        return Wording("Refuse the offer", "Answer")
    if kind == "sail":
        return Wording(f"Sail {galley(p['galley'])} to {name('area')}", "Sail")
    if kind == "allow":
        return Wording("Let the galley pass", "Permission to pass")
    if kind == "deny":
        return Wording("Refuse passage", "Permission to pass")
    if kind == "attack":
        return Wording(f"Attack {galley(p['target'])} with {galley(p['galley'])}", "Attack")
    if kind == "attack_port":
        return Wording(f"Attack the port's garrison with {galley(p['galley'])}", "Attack")
    if kind == "capture":
        return Wording(
            f"Capture the galley with {amount_words(p['sailors'], 'sailor')} of yours",
            "Beaten galley",
            ("sailors",),
            (_("Sailors put aboard"),),
        )
    if kind == "sink":
        return Wording("Sink the galley", "Beaten galley")
    if kind == "take":
        return Wording(f"Load {p['good']} onto your galley", "Share the goods")
    if kind == "land":
        return Wording(
            f"Land {amount_words(p['sailors'], 'sailor')} from {galley(p['galley'])}",
            "Land",
            ("sailors",),
            (_("Sailors landed"),),
        )
    if kind == "sell":
        return Wording(f"Sell {p['good']} from {galley(p['galley'])} in port", "Sell in port")
    if kind == "done":
        return Wording("Done: end this turn", "Finish")
    raise ValueError(f"no words for {action.notation}")
