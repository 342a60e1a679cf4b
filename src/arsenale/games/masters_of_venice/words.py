"""Every action of Masters of Venice in the rulebook's words, for the web page's move list
(`Game.action_words`; the notation of actions.py stays for the terminal and the API), and the
names the game's sentences use, in the language in force (arsenale.i18n).

Shops, locations and characters by their printed names; amounts that a control chooses: the
bid, cubes bought or sold, the VP taken for a delivery, the orders a favor adds (RULES.md:
Bidding, Docks, Shops, Guild Hall, Favors & Rumors).

French: the component names are data (board.toml `name_fr` with the forms a sentence needs,
`the_fr`, `of_fr`, `at_fr`), the places and every sentence are in this game's catalogue
(locale/fr/LC_MESSAGES/masters_of_venice.po). All ours: no French edition was consulted.
"""

from __future__ import annotations

from typing import Any

from arsenale.core.actions import Action, Wording
from arsenale.games.masters_of_venice.board import COMPANIES, DATA, LOCATIONS, SHOPS
from arsenale.i18n import N_, current, game_domain

WORDS = game_domain(__file__)
"""This game's catalogue (locale/fr): its words in French, for the terminal, the page's moves
and log, and the engine's refusals (translated when a refusal is built, never while the legal
moves are generated)."""
_ = WORDS.gettext
ngettext = WORDS.ngettext


def _forms(entries: list[dict[str, Any]], key: str) -> dict[str, dict[str, dict[str, str]]]:
    """Per language, per id: a component's name and its forms in a sentence ("the
    Blacksmith", "of the Blacksmith", "at the Blacksmith"; French from board.toml)."""
    en: dict[str, dict[str, str]] = {}
    fr: dict[str, dict[str, str]] = {}
    for e in entries:
        name = e.get("name", e[key])
        en[e[key]] = {"name": name, "the": f"the {name}", "of": f"of the {name}"}
        en[e[key]]["at"] = f"at the {name}"
        en[e[key]]["of_the"] = f"of {name}"
        fr[e[key]] = {
            "name": e.get("name_fr", name),
            "the": e.get("the_fr", name),
            "of": e.get("of_fr", name),
            "at": e.get("at_fr", name),
            "of_the": e.get("of_the_fr", name),
        }
    return {"en": en, "fr": fr}


_COMPANY = _forms([*DATA["shop"], *DATA["office"]], "id")
_CHARACTER = _forms(DATA["character"], "id")
_RESOURCE = _forms(DATA["resource"], "id")
for _r in _RESOURCE["en"].values():  # a resource takes no article: "3 cubes of iron"
    _r["of"] = "of " + _r["name"]

PLACE_WORDS = {
    "market": (N_("Stock Market"), N_("the Stock Market"), N_("at the Stock Market")),
    "shops": (N_("Shops"), N_("the Shops"), N_("at the Shops")),
    "guild": (N_("Guild Hall"), N_("the Guild Hall"), N_("at the Guild Hall")),
    "docks": (N_("Docks"), N_("the Docks"), N_("at the Docks")),
    "church": (N_("Church"), N_("the Church"), N_("at the Church")),
    "north": (
        N_("Shipping Office North"),
        N_("the Shipping Office North"),
        N_("at the Shipping Office North"),
    ),
    "south": (
        N_("Shipping Office South"),
        N_("the Shipping Office South"),
        N_("at the Shipping Office South"),
    ),
    "mercato": (N_("Mercato"), N_("the Mercato"), N_("at the Mercato")),
}
"""The eight locations (board.LOCATIONS): name, "the ..." and "at the ...", to translate."""

TO_PLACE = {
    "market": N_("to the Stock Market"),
    "shops": N_("to the Shops"),
    "guild": N_("to the Guild Hall"),
    "docks": N_("to the Docks"),
    "church": N_("to the Church"),
    "north": N_("to the Shipping Office North"),
    "south": N_("to the Shipping Office South"),
    "mercato": N_("to the Mercato"),
}

COLOUR_WORDS = {
    "red": N_("Red"),
    "blue": N_("Blue"),
    "green": N_("Green"),
    "yellow": N_("Yellow"),
    "purple": N_("Purple"),
}
"""The merchants' colours (the seats' labels) as names, to translate."""

PEG_WORDS = {"price": N_("resource price"), "share": N_("share price"), "orders": N_("orders")}
DIRECTION_WORDS = {"up": N_("up"), "down": N_("down")}


def _lang() -> str:
    return "fr" if current() == "fr" else "en"


def place(loc: str, form: str = "name") -> str:
    """A location ("docks") in the language in force: its name, "the", "at" or "to" form."""
    if loc not in PLACE_WORDS:
        return loc
    if form == "to":
        return _(TO_PLACE[loc])
    return _(PLACE_WORDS[loc][("name", "the", "at").index(form)])


def company(c: str, form: str = "name") -> str:
    """A shop or shipping office ("blacksmith", "north") in the language in force."""
    return _COMPANY[_lang()][c][form]


def shop(k: int, form: str = "name") -> str:
    """Shop number k (board.SHOPS) in the language in force."""
    return company(SHOPS[k], form)


def character(c: str, form: str = "name") -> str:
    """A character ("thief") in the language in force: "Thief", "the Thief" / "le Voleur"."""
    return _CHARACTER[_lang()][c][form]


def resource(r: str, form: str = "name") -> str:
    """A resource ("spice") in the language in force: "spice", "of spice" ("of": "d’épices",
    a cube's; "of_the": "des épices", a price's)."""
    return _RESOURCE[_lang()][r][form]


def colour(label: str) -> str:
    """A merchant's colour ("red") as a name in the language in force ("Rouge")."""
    return _(COLOUR_WORDS.get(label, label.capitalize()))


def cubes(n: int, r: str) -> str:
    """ "3 cubes of iron" / "3 cubes de fer", "1 cube of spice" / "1 cube d'épices"."""
    return ngettext("{n} cube {of_resource}", "{n} cubes {of_resource}", n).format(
        n=n, of_resource=resource(r, "of")
    )


def ducats(n: int) -> str:
    """ "1 ducat", "1,100 ducats" (French: "1 100 ducats")."""
    amount = f"{n:,}".replace(",", "\u202f" if current() == "fr" else ",")
    return ngettext("{amount} ducat", "{amount} ducats", n).format(amount=amount)


def shares(counts: dict[str, int]) -> str:
    """ "2 shares of the Blacksmith and 1 share of the Miller", in the language in force."""
    parts = [
        ngettext("{n} share {of_company}", "{n} shares {of_company}", n).format(
            n=n, of_company=company(c, "of")
        )
        for c in COMPANIES
        if (n := counts.get(c, 0))
    ]
    return listing(parts)


def listing(parts: list[str]) -> str:
    """ "a, b and c" / "a, b et c"."""
    if len(parts) <= 1:
        return "".join(parts)
    return _("{items} and {last}").format(items=", ".join(parts[:-1]), last=parts[-1])


def order_words(order_id: str) -> str:
    """A Guild Order as its card shows it (the cubes it asks): "iron+iron+lumber" ->
    "iron, iron and lumber" (the cards have no printed name)."""
    return listing([resource(r) for r in order_id.split("+")])


_FIXED = {
    "gondola": (N_("Use the Gondola Marker now"), N_("Gondola Marker")),
    "wait": (N_("Not now: keep the Gondola Marker"), N_("Gondola Marker")),
    "draw": (N_("Draw a Guild Order"), N_("Guild Hall")),
    "draw_two": (N_("Draw two Guild Orders and keep one (Guild Master)"), N_("Guild Hall")),
    "ship": (
        N_("Use the shipping office: take its cube and stock the docks"),
        N_("Shipping office"),
    ),
    "done": (N_("Done here"), N_("Finish")),
}


def action_words(action: Action) -> Wording:
    """The move in the language in force, with the labels of its amount controls."""
    p = action.params
    kind = action.kind
    if kind in _FIXED:
        text, group = _FIXED[kind]
        return Wording(_(text), _(group))
    if kind == "bid":
        return Wording(
            _("Bid {ducats}").format(ducats=ducats(p["amount"])),
            _("Bid"),
            ("amount",),
            (_("Ducats bid"),),
        )
    if kind == "character":
        return Wording(
            _("Take {character}").format(character=character(p["name"], "the")), _("Character")
        )
    if kind == "orders":
        text = (
            _("Move the orders {of_shop} up")
            if p["dir"] == "up"
            else _("Move the orders {of_shop} down")
        )
        return Wording(text.format(of_shop=company(p["shop"], "of")), _("Adjust a shop's orders"))
    if kind == "go":
        return Wording(
            _("Go {to_place}").format(to_place=place(p["place"], "to")), _("Destination")
        )
    if kind == "dock":
        return Wording(_("Use dock {dock}").format(dock=p["dock"]), _("Docks"))
    if kind == "buy":
        return Wording(
            _("Buy {cubes}").format(cubes=cubes(p["count"], p["resource"])),
            _("Buy cubes"),
            ("count",),
            (_("Cubes bought"),),
        )
    if kind == "sell":
        return Wording(
            _("Sell {cubes}").format(cubes=cubes(p["count"], p["resource"])),
            _("Sell cubes"),
            ("count",),
            (_("Cubes sold"),),
        )
    if kind == "steal":
        return Wording(
            _("Take {cube} free (Thief)").format(cube=cubes(1, p["resource"])), _("Thief")
        )
    if kind == "majority":
        if p["dir"] == "down":
            text = _("Stock majority: lower the price {at_shop} 2 spaces and add an order")
        else:
            text = _("Stock majority: raise the price {at_shop} 2 spaces and remove an order")
        return Wording(text.format(at_shop=company(p["shop"], "at")), _("Stock majority"))
    if kind == "buy_shares":
        return Wording(_("Buy {shares}").format(shares=shares(p)), _("Buy shares"))
    if kind == "sell_shares":
        return Wording(_("Sell {shares}").format(shares=shares(p)), _("Sell shares"))
    if kind == "keep":
        if p["which"] == "first":
            text = _("Keep the first card drawn")
        else:
            text = _("Keep the second card drawn")
        if p["back"]:
            text = _("{keep} and put back order {back} of your hand").format(
                keep=text, back=p["back"]
            )
        return Wording(text, _("Guild Master"))
    if kind == "deliver":
        return Wording(
            _("Deliver the order of {cubes} for {vp} VP (50 ducats for each VP given up)").format(
                cubes=order_words(p["card"]), vp=p["vp"]
            ),
            _("Deliver a Guild Order"),
            ("vp",),
            (_("VP taken"),),
        )
    if kind == "favor":
        return Wording(
            _("Buy the {value} favor for {ducats}").format(
                value=p["value"], ducats=ducats(p["value"])
            ),
            _("Church"),
        )
    if kind == "play_favor":
        return Wording(
            ngettext(
                "Play the {value} favor: add {n} order {at_shop}",
                "Play the {value} favor: add {n} orders {at_shop}",
                p["orders"],
            ).format(value=p["value"], n=p["orders"], at_shop=company(p["shop"], "at")),
            _("Play a favor"),
            ("orders",),
            (_("Orders added"),),
        )
    if kind == "rumor":
        peg, direction = PEG_WORDS[p["peg"]], DIRECTION_WORDS[p["dir"]]
        return Wording(
            _("Play the rumor: the {peg} {at_shop} one space {direction}").format(
                peg=_(peg), at_shop=company(p["shop"], "at"), direction=_(direction)
            ),
            _("Play a rumor"),
        )
    if kind == "place":
        return Wording(
            _("Put the cube {of_resource} on the next dock").format(
                of_resource=resource(p["resource"], "of")
            ),
            _("Stock the docks"),
        )
    if kind == "swap":
        return Wording(
            _("Swap {cube} for a cube {of_resource} from the bag (Trader)").format(
                cube=cubes(1, p["give"]), of_resource=resource(p["take"], "of")
            ),
            _("Trader"),
        )
    raise ValueError(f"no words for {action.notation}")


assert set(PLACE_WORDS) == set(LOCATIONS) == set(TO_PLACE)
