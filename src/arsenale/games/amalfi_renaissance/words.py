"""Every action of Amalfi: Renaissance in the rulebook's words, for the web page's move list
(`Game.action_words`; the notation of actions.py stays for the terminal and the API), and the
names of the game's things, in the language in force (arsenale.i18n).

Characters and destinations by their names as the terminal prints them; the ships built are
the amount a control chooses (RULES.md: Starting hands, Actions, Payments, Navigation,
Lighthouses, Bonuses, Construction, Feed, Decree).

French comes from this package's catalogue (locale/fr/LC_MESSAGES/amalfi_renaissance.po) and,
for the names of destinations, decrees, titles, private destinations and characters, from the
`name_fr` beside each English entry in board.toml and cards.toml. Both are ours: no French
edition of the game was consulted. Refusals are translated only when a refusal is built.
"""

from __future__ import annotations

from arsenale.core.actions import Action, Wording
from arsenale.games.amalfi_renaissance import board as b
from arsenale.i18n import N_, current, game_domain

WORDS = game_domain(__file__)
"""This game's catalogue: its words in French for the terminal, the page's moves and log, and
the engine's refusals (translated when a refusal is built, never while legal moves are made)."""
_ = WORDS.gettext
ngettext = WORDS.ngettext

RES_WORDS = {
    "spices": N_("spices"),
    "wood": N_("wood"),
    "wine": N_("wine"),
    "gems": N_("gems"),
    "fabric": N_("fabric"),
}
"""The five resources (board.RES), as a hold is named after them ("the wine hold")."""

COLOUR_WORDS = {"red": N_("Red"), "blue": N_("Blue"), "green": N_("Green"), "yellow": N_("Yellow")}
"""The players' colours (the seats' labels) as names."""

PACK_WORDS = {
    "anchor": N_("anchor"),
    "compass": N_("compass"),
    "lantern": N_("lantern"),
    "quill": N_("quill"),
    "rose": N_("rose"),
    "shield": N_("shield"),
}
"""The six starting-hand icons (cards.toml `pack`; Players Setup 8)."""

PLACE_WORDS = {"naples": N_("Naples"), "genoa": N_("Genoa"), "amalfi": N_("Amalfi")}
"""Names that are not entries of the TOML files: the solo rivals and the harbour."""

ART_WORDS = {"book": N_("Book {n}"), "painting": N_("Painting {n}"), "monument": N_("Monument {n}")}
"""An artwork's name by its type and number (cards.toml ids "book-13")."""

CHAR_TYPE_WORDS = {
    "immediate": N_("immediate"),
    "permanent": N_("permanent"),
    "endgame": N_("endgame"),
    "engageable": N_("engageable"),
}
"""The four character types (Invitation, Character types)."""

ACTION_WORDS = {
    "navigation": N_("the navigation"),
    "acquisition": N_("the acquisition"),
    "discovery": N_("the discovery"),
    "invitation": N_("the invitation"),
    "engagement": N_("the engagement"),
    "construction": N_("the construction"),
}
"""The main actions (Phase 1: Actions), as the solo rival reacts to them."""

PAYING_WORDS = {
    "acquire": N_("the artwork"),
    "discover": N_("the private destination"),
    "invite": N_("the character"),
    "construct": N_("the ships"),
}
"""What a payment is for (the `for` of a paying event)."""

BONUS_WORDS = {
    "take": N_("take a character"),
    "erect": N_("erect a lighthouse"),
    "straighten": N_("straighten a character"),
}
"""The bonuses a player may be unable to use (Bonuses)."""

BAND_WORDS = {
    "beginner": N_("beginner"),
    "hoping": N_("hoping"),
    "contributor": N_("contributor"),
    "pillar": N_("pillar"),
}
"""The solo challenge's score bands (board.toml [solo] band_names; Solo Challenge)."""

OUTCOME_WORDS = {"playing": N_("playing"), "completed": N_("completed"), "lost": N_("lost")}
"""How the solo challenge stands."""

TITLE_ITEM_WORDS = {
    "characters": N_("characters"),
    "fleet": N_("fleet"),
    "lighthouses": N_("lighthouses"),
    "books": N_("books"),
    "paintings": N_("paintings"),
    "monuments": N_("monuments"),
    "artworks": N_("artworks"),
    "privates": N_("privates"),
    "endgame": N_("endgame"),
    "engageable": N_("engageable"),
    "permanent": N_("permanent"),
    "immediate": N_("immediate"),
    "pairs_of_types": N_("pairs of types"),
    "largest_type": N_("largest type"),
    "character_types": N_("character types"),
}
"""What a title requires (board.toml `need`; Titles), as the terminal lists it."""

DECISION_WORDS = {
    "pack": N_("pack"),
    "select": N_("select"),
    "draft": N_("draft"),
    "reserve": N_("reserve"),
    "turn": N_("turn"),
    "pay": N_("pay"),
    "evolving": N_("evolving"),
    "send": N_("send"),
    "take": N_("take"),
    "erect": N_("erect"),
    "instead": N_("instead"),
    "choose": N_("choose"),
    "straighten": N_("straighten"),
    "beacon": N_("beacon"),
    "feed": N_("feed"),
    "ready": N_("ready"),
}
"""The decisions (rules.py PHASES), as the terminal names the one in progress."""


def name(ident: str) -> str:
    """The name of a card, tile, destination, decree, title or rival from its id, in the
    language in force: the TOML files' `name_fr` in French, board.name in English."""
    if ident in PLACE_WORDS:
        return _(PLACE_WORDS[ident])
    kind, _sep, number = ident.rpartition("-")
    if kind in ART_WORDS and number.isdigit():
        return _(ART_WORDS[kind]).format(n=number)
    if kind == "evolving" and number.isdigit():
        return _("Evolving {period}").format(period=b.ROMAN[int(number) - 1])
    if current() == "fr":
        french = b.NAMES_FR.get(ident)
        if french is not None:
            return french
    return b.name(ident)


def res(resource: str) -> str:
    """A resource ("wine") in the language in force."""
    return _(RES_WORDS.get(resource, resource))


def colour(label: str) -> str:
    """A seat's colour ("red") as a name in the language in force ("Rouge"); any other
    label as it is, with a capital."""
    if label in COLOUR_WORDS:
        return _(COLOUR_WORDS[label])
    return label[:1].upper() + label[1:]


def word(table: dict[str, str], key: str) -> str:
    """`key` through one of the tables above, in the language in force."""
    return _(table.get(key, key.replace("_", " ")))


_FIXED = {
    "pass": (N_("Pass for the rest of the period"), N_("Main action")),
    "emergency": (N_("Emergency supply: send a bay ship to the port for 3 units"), N_("Payment")),
    "done": (N_("Done: pay"), N_("Payment")),
    "stop": (N_("Send no more ships"), N_("Send ships")),
    "feed": (N_("Feed the crews"), N_("Feed")),
    "ready": (N_("Score the decree"), N_("Decree")),
}
_SLOT = [N_("leftmost"), N_("second"), N_("third"), N_("fourth"), N_("fifth")]


def ordinal(slot: int) -> str:
    """A display's slot 1-5 counted from the left ("leftmost", "second")."""
    return _(_SLOT[slot - 1])


def action_words(action: Action) -> Wording:
    """The move in the language in force."""
    p = action.params
    kind = action.kind
    if kind in _FIXED:
        text, group = _FIXED[kind]
        return Wording(_(text), _(group))
    if kind == "pack":
        return Wording(
            _("Take the {icon} pack of characters").format(icon=word(PACK_WORDS, p["icon"])),
            _("Starting hand"),
        )
    if kind == "keep":
        return Wording(
            _("Keep {card} for your starting hand").format(card=name(p["card"])),
            _("Starting hand"),
        )
    if kind == "navigate":
        return Wording(_("Navigate to {place}").format(place=name(p["place"])), _("Navigate"))
    if kind == "acquire":
        return Wording(
            _("Acquire the {slot} artwork of the Workshop").format(slot=ordinal(p["slot"])),
            _("Acquire"),
        )
    if kind == "discover":
        return Wording(
            _("Discover the {slot} tile of the Atlas").format(slot=ordinal(p["slot"])),
            _("Discover"),
        )
    if kind == "invite":
        return Wording(
            _("Invite {card} from your hand").format(card=name(p["card"])),
            _("Invite a character"),
        )
    if kind == "engage":
        return Wording(
            _("Engage {card}: turn the card and apply it").format(card=name(p["card"])),
            _("Engage a character"),
        )
    if kind == "construct":
        return Wording(
            ngettext("Build {n} ship", "Build {n} ships", p["ships"]).format(n=p["ships"]),
            _("Construct"),
            ("ships",),
            (_("Ships built"),),
        )
    if kind == "unload":
        return Wording(
            _("Unload a ship from the {hold} hold").format(hold=res(p["hold"])), _("Payment")
        )
    if kind == "discard":
        return Wording(
            _("Discard {card} for 1 bread").format(card=name(p["card"])),
            _("Discard a character"),
        )
    if kind == "send":
        return Wording(
            _("Send a ship to the {hold} hold").format(hold=res(p["hold"])), _("Send ships")
        )
    if kind == "evolving":
        if p["when"] == "first":
            text = _("Take the character before the destination's benefits")
        else:
            text = _("Take the character after the destination's benefits")
        return Wording(text, _("Evolving bonus"))
    if kind == "take":
        return Wording(
            _("Take the {slot} character of the Council").format(slot=ordinal(p["slot"])),
            _("Council"),
        )
    if kind == "lighthouse":
        return Wording(
            _("Erect a lighthouse at {place}").format(place=name(p["place"])), _("Lighthouse")
        )
    if kind == "instead":
        if p["what"] == "character":
            text = _("Take a character instead of a lighthouse")
        else:
            text = _("Take 2 VP instead of a lighthouse")
        return Wording(text, _("Lighthouse"))
    if kind == "choose":
        if p["what"] == "character":
            return Wording(_("Choose to take a character"), _("Bonus"))
        return Wording(_("Choose to straighten a character"), _("Bonus"))
    if kind == "straighten":
        return Wording(_("Straighten {card} again").format(card=name(p["card"])), _("Straighten"))
    if kind == "beacon":
        if p["use"] == "bread":
            return Wording(_("Take 1 bread from the lighthouse"), _("Your lighthouse"))
        return Wording(
            _("Pay 2 bread: send a ship to the {hold} hold").format(hold=res(p["use"])),
            _("Your lighthouse"),
        )
    raise ValueError(f"no words for {action.notation}")
