"""Every action of Serenissima (1996) in the rulebook's words, for the web page's move list
(`Game.action_words`; the notation of actions.py stays for the terminal and the API), in the
language in force: in French, Méditerranée's terms (serenissima-1996.fr.txt: "miser",
"enrôler des marins", "transfert de pions", "autorisation de passage", "s'emparer" of a
galley, "débarquer"), worded by us.

Galleys are named by the label the board prints on them (g4), ports and sea areas by their
printed names with the article their language puts before them (board.toml `the_fr`,
`in_fr`), money in ducats (rulebook: Phase 1 to Phase 6; Purchase prices of trade goods in a
port).
"""

from __future__ import annotations

from babel.numbers import format_decimal

from arsenale.core.actions import Action, Wording
from arsenale.i18n import N_, current, game_domain

WORDS = game_domain(__file__)
"""This game's catalogue: its terms in French are Méditerranée's (locale/fr); refusals are
translated when they are built (the legal moves are generated without it)."""
_ = WORDS.gettext
ngettext = WORDS.ngettext

ROMAN = ("I", "II", "III", "IV")
"""The turn order track's places (rulebook, Phase 1)."""

_FIXED = {
    "next": (N_("Go on to the next galley"), N_("Rearrange")),
    "propose": (N_("Propose the barter"), N_("Barter offer")),
    "cancel": (N_("Cancel what you started"), N_("Finish")),
    "accept": (N_("Accept the offer"), N_("Answer")),
    "refuse": (N_("Refuse the offer"), N_("Answer")),
    "allow": (N_("Let the galley pass"), N_("Permission to pass")),
    "deny": (N_("Refuse passage"), N_("Permission to pass")),
    "sink": (N_("Sink the galley"), N_("Beaten galley")),
    "done": (N_("Done: end this turn"), N_("Finish")),
}
"""The moves without a parameter: text and group, to translate."""


def ducats(n: int) -> str:
    """ "1,100 ducats", "1 100 ducats": thousands separated as the language does."""
    return ngettext("{n} ducat", "{n} ducats", n).format(n=format_decimal(n, locale=current()))


def sailors(n: int) -> str:
    return ngettext("{n} sailor", "{n} sailors", n).format(n=n)


def action_words(action: Action, names: dict[str, str]) -> Wording:
    """The move in the language in force; `names`: printed names by id in that language, with
    "the:<id>" and "in:<id>" for ports and areas (render.display_names)."""
    p = action.params
    kind = action.kind
    if kind in _FIXED:
        text, group = _FIXED[kind]
        return Wording(_(text), _(group))

    def name(key: str) -> str:
        return names.get(str(p[key]), str(p[key]))

    def the(key: str) -> str:
        """A port or area with its article: "le golfe de Naples", "the Gulf of Naples"."""
        return names.get(f"the:{p[key]}", name(key))

    def where(key: str) -> str:
        """Where a thing is: "dans le golfe de Naples", "à Venise", "in Venezia"."""
        return names.get(f"in:{p[key]}", name(key))

    if kind == "deploy":
        rest = 10 - p["first"] - p["second"]
        return Wording(
            _(
                "Put {first} on your first galley, {second} on your second and {rest} in your capital"
            ).format(first=sailors(p["first"]), second=p["second"], rest=rest),
            _("Set-up: share out your sailors"),
            ("first", "second"),
            (_("Sailors on the first galley"), _("Sailors on the second galley")),
        )
    if kind == "bid":
        return Wording(
            _("Bid {ducats} for the turn order").format(ducats=ducats(p["ducats"])),
            _("Turn order bid"),
            ("ducats",),
            (_("Ducats bid"),),
        )
    if kind == "position":
        return Wording(
            _("Take place {place} in the turn order").format(place=ROMAN[p["place"] - 1]),
            _("Turn order"),
        )
    if kind == "buy":
        return Wording(
            _("Buy {good} for galley g{galley}").format(good=name("good"), galley=p["galley"]),
            _("Buy goods"),
        )
    if kind == "hire_port":
        return Wording(
            _("Hire a sailor {in_port}").format(in_port=where("port")), _("Hire sailors")
        )
    if kind == "hire_galley":
        return Wording(
            _("Hire a sailor aboard galley g{galley}").format(galley=p["galley"]),
            _("Hire sailors"),
        )
    if kind == "build_galley":
        if p.get("crew") == "hired":
            text = _("Build a galley {in_port} crewed by a hired sailor")
        else:
            text = _("Build a galley {in_port}")
        return Wording(text.format(in_port=where("port")), _("Build"))
    if kind == "build_fort":
        return Wording(_("Build a fort {in_port}").format(in_port=where("port")), _("Build"))
    if kind == "arrange":
        return Wording(
            _("Rearrange sailors and goods {in_area}").format(in_area=where("area")),
            _("Rearrange"),
        )
    if kind == "put":
        if p["piece"] == "sailor":
            text = _("Put a sailor aboard this galley")
        else:
            text = _("Put {good} aboard this galley").format(good=names.get(p["piece"], p["piece"]))
        return Wording(text, _("Rearrange"))
    if kind == "discard_good":
        return Wording(
            _("Throw {good} overboard from galley g{galley}").format(
                good=name("good"), galley=p["galley"]
            ),
            _("Discard"),
        )
    if kind == "discard_sailor":
        return Wording(
            _("Send a sailor of galley g{galley} home").format(galley=p["galley"]), _("Discard")
        )
    if kind == "trade":
        return Wording(
            _("Sell {good} from galley g{src} to galley g{dst}").format(
                good=name("good"), src=p["from"], dst=p["to"]
            ),
            _("Sell to another player"),
        )
    if kind == "barter":
        return Wording(
            _("Barter between galley g{src} and galley g{dst}").format(src=p["from"], dst=p["to"]),
            _("Barter"),
        )
    if kind == "barter_give":
        return Wording(
            _("Add {good} to what you give").format(good=name("good")), _("Barter offer")
        )
    if kind == "barter_ask":
        return Wording(
            _("Add {good} to what you ask for").format(good=name("good")), _("Barter offer")
        )
    if kind == "price":
        return Wording(
            _("Ask a price of {ducats}").format(ducats=ducats(p["ducats"])),
            _("Price"),
            ("ducats",),
            (_("Price asked in ducats"),),
        )
    if kind == "counter":
        return Wording(
            _("Counter with {ducats}").format(ducats=ducats(p["ducats"])),
            _("Counter offer"),
            ("ducats",),
            (_("Counter offer in ducats"),),
        )
    if kind == "sail":
        return Wording(
            _("Sail galley g{galley} to {area}").format(galley=p["galley"], area=the("area")),
            _("Sail"),
        )
    if kind == "attack":
        return Wording(
            _("Attack galley g{target} with galley g{galley}").format(
                target=p["target"], galley=p["galley"]
            ),
            _("Attack"),
        )
    if kind == "attack_port":
        return Wording(
            _("Attack the port's garrison with galley g{galley}").format(galley=p["galley"]),
            _("Attack"),
        )
    if kind == "capture":
        return Wording(
            ngettext(
                "Capture the galley with {n} sailor of yours",
                "Capture the galley with {n} sailors of yours",
                p["sailors"],
            ).format(n=p["sailors"]),
            _("Beaten galley"),
            ("sailors",),
            (_("Sailors put aboard"),),
        )
    if kind == "take":
        return Wording(
            _("Load {good} onto your galley").format(good=name("good")), _("Share the goods")
        )
    if kind == "land":
        return Wording(
            ngettext(
                "Land {n} sailor from galley g{galley}",
                "Land {n} sailors from galley g{galley}",
                p["sailors"],
            ).format(n=p["sailors"], galley=p["galley"]),
            _("Land"),
            ("sailors",),
            (_("Sailors landed"),),
        )
    if kind == "sell":
        return Wording(
            _("Sell {good} from galley g{galley} in port").format(
                good=name("good"), galley=p["galley"]
            ),
            _("Sell in port"),
        )
    raise ValueError(f"no words for {action.notation}")
