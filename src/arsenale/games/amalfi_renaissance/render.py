"""Amalfi: Renaissance on a terminal: the board from a seat's view, in 100 x 40 (RULES.md,
Components; Navigation).

A map of the sea first: Amalfi's harbour with a lane to every printed and evolving
destination (where layout.toml puts them on the page), each with its benefit, the ship on its
dock and the lighthouse on it; the discovered private destinations under it. Then the titles,
the Council, Workshop and Atlas with each slot's price and bread, one line per player's board
(VP, bread, bay/port/shipyard, holds, hand size, artworks, destinations, lighthouses,
characters), and the seat's own hand, packet and reserve on its own screen only (the view
holds them only for it). Printed names only, never ids; every word in the language in force
(words.py, the game's catalogue). `describe_event` words the log.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from arsenale.core.boardmap import draw_map
from arsenale.core.game import Label
from arsenale.games.amalfi_renaissance import board as b
from arsenale.games.amalfi_renaissance.words import (
    ACTION_WORDS,
    BAND_WORDS,
    BONUS_WORDS,
    CHAR_TYPE_WORDS,
    OUTCOME_WORDS,
    PACK_WORDS,
    PAYING_WORDS,
    TITLE_ITEM_WORDS,
    _,
    colour,
    ngettext,
    res,
    word,
)
from arsenale.games.amalfi_renaissance.words import name as printed
from arsenale.i18n import N_

WIDTH = 100
SEA_ROWS = 13
ROMAN = ("I", "II", "III", "IV")
SHORT_RES = {
    "spices": N_("sp"),
    "wood": N_("wo"),
    "wine": N_("wi"),
    "gems": N_("ge"),
    "fabric": N_("fa"),
}
"""Each resource in two letters, for the displays' costs (SLOT_KEY says which is which)."""
HARBOUR = "amalfi"


def name(ident: str | None) -> str:
    return printed(ident) if ident else "-"


def _names(ids: list[Any]) -> str:
    return ", ".join(name(i) for i in ids if i) or _("none")


def vp(n: int) -> str:
    """`n` victory points, short ("2 VP")."""
    return _("{n} VP").format(n=n)


def bread(n: int) -> str:
    """`n` bread ("2 bread")."""
    return ngettext("{n} bread", "{n} bread", n).format(n=n)


def short_step(step: b.Step) -> str:
    """A bonus step in a few words for the map."""
    kind, a, hold = step
    if kind == b.VP:
        return vp(a)
    if kind == b.BREAD:
        return bread(a)
    if kind == b.SEND:
        where = _("any") if hold == b.ANY else res(b.RES[hold])
        return _("send {n} {hold}").format(n=a, hold=where)
    return _(
        {
            b.TAKE: N_("take"),
            b.ERECT: N_("erect"),
            b.STRAIGHTEN: N_("straighten"),
            b.DISC_ART: N_("discard art"),
            b.DISC_CHAR: N_("discard char"),
            b.CHOICE: N_("take/straighten"),
        }[kind]
    )


def benefit(place: b.Place) -> str:
    steps = ", ".join(short_step(s) for s in place.steps)
    return (
        _("pay {price}: {steps}").format(price=place.price, steps=steps) if place.price else steps
    )


def _place_by_id() -> dict[str, b.Place]:
    return {p.id: p for p in (*b.PUBLICS, *b.EVOLVING, *b.PRIVATES)}


PLACES = _place_by_id()


def _who(mark: Any, colours: dict[int, str], rival: str) -> tuple[str, str]:
    """(name, style) of a dock or lighthouse mark: a seat or the solo rival."""
    if mark == "rival":
        return rival, "bold grey50"
    c = colours.get(mark, "?")
    return colour(c), f"bold {c}"


MAP_AT = {
    "spice-market": (0, 0),
    "timber-yard": (0, 26),
    "vineyard": (0, 52),
    "jewellers": (0, 78),
    "cape": (5, 0),
    "open-sea": (5, 26),
    "drapers": (5, 78),
    "evolving-2": (10, 0),
    "evolving-3": (10, 26),
    "evolving-4": (10, 52),
    "court": (10, 78),
    HARBOUR: (6, 54),
}
"""Where the map writes each printed and evolving destination (row, column): the page's
arrangement (layout.toml) in three rows of a 100-column terminal, Amalfi's harbour between."""


def sea_map(view: dict[str, Any], colour: dict[int, str]) -> Text:
    """The sea: Amalfi's harbour, a lane to each destination, and who is where."""
    docks = view.get("docks", {})
    lights = view.get("lighthouses", {})
    evolving = view.get("evolving", [None, None, None])
    rival = name(view["rival"]["name"]) if view.get("rival") else _("Rival")
    labels: dict[str, list[Text]] = {}
    ids = [p.id for p in b.PUBLICS] + [p.id for p in b.EVOLVING]
    for k, pid in enumerate(ids):
        title = Text(name(pid), style="bold")
        covered = evolving[k - len(b.PUBLICS)] if k >= len(b.PUBLICS) else None
        shown = PLACES[covered] if covered else PLACES[pid]
        if covered:
            title = Text(name(covered), style="bold cyan")
            title.append(f" ({ROMAN[k - len(b.PUBLICS) + 1]})", style="cyan")
        lines = [title, Text(benefit(shown), style="dim")]
        marks = Text()
        if pid in docks:
            who, style = _who(docks[pid], colour, rival)
            marks.append(f"● {who}", style=style)
        if pid in lights:
            who, style = _who(lights[pid], colour, rival)
            marks.append(("  " if marks.plain else "") + f"▲ {who}", style=style)
        if marks.plain:
            lines.append(marks)
        labels[pid] = lines
    labels[HARBOUR] = [Text(f"[{name(HARBOUR)}]", style="bold reverse")]
    links = [(HARBOUR, pid) for pid in ids]
    return draw_map(MAP_AT, labels, links, width=WIDTH, height=SEA_ROWS)


def _slots(label: str, ids: list[Any], slots: tuple[int, ...], kind: str) -> list[Text]:
    """One display: each card with its cost, VP and the slot's bread, in lines of 100."""
    entries = []
    for k, ident in enumerate(ids):
        out = Text(f"{k + 1} ", style="bold")
        if not ident:
            out.append(_("empty"), style="dim")
            entries.append(out)
            continue
        out.append(name(ident))
        if kind == "art":
            a = b.ARTWORKS[b.ART_IDS.index(ident)]
            points = _("{n}VP").format(n=a.vp)
            out.append(f" {a.cost}{_res(a.mask)} {points}", style="dim")
        elif kind == "tile":
            t = PLACES[ident]
            points = _("{n}VP").format(n=t.vp)
            out.append(f" {t.cost}{_res(t.mask)} {points}", style="dim")
        else:
            c = b.CHARACTERS[b.CHAR_IDS.index(ident)]
            kind_word = word(CHAR_TYPE_WORDS, b.CHAR_TYPES[c.type])[:4]
            out.append(f" {c.cost}{_res(c.mask)} {kind_word}", style="dim")
        v = slots[k] if k < len(slots) else 0
        if v:
            marked = _("{sign}{n}b").format(sign="+" if v < 0 else "-", n=abs(v))
            out.append(f" {marked}", style="red" if v < 0 else "green")
        entries.append(out)
    return _pack(label, entries)


def _pack(label: str, entries: list[Text]) -> list[Text]:
    """`label` and the entries separated by " | ", in lines of at most 100 columns."""
    lines = [Text(label, style="bold")]
    empty = True  # the last line holds no entry yet
    for entry in entries:
        sep = "" if empty else " | "
        if len(lines[-1].plain) + len(sep) + len(entry.plain) > WIDTH:
            lines.append(Text(" " * 4))
            sep = ""
        lines[-1].append(sep)
        lines[-1].append_text(entry)
        empty = False
    return lines


def _res(mask: int) -> str:
    return "/".join(_(SHORT_RES[b.RES[r]]) for r in range(5) if mask >> r & 1)


SLOT_KEY = N_(
    "sp wo wi ge fa: spices, wood, wine, gems, fabric (cost 4wi/fa: 4 wine or fabric); "
    "+2b: pay 2 bread more; -1b: gain 1"
)
"""The key of the displays' lines."""

PLAYER_HEAD = N_(
    "  seat      VP bread bay port yard holds:sp wo wi ge fa hand art:b  p  m dest lit chars"
)
"""The column labels of the players' lines (yard: ships left to build; holds: ships in each
hold; art: books, paintings, monuments; dest: private destinations; lit: lighthouses erected;
chars: characters invited)."""


def _player_line(p: dict[str, Any], mine: bool, turn: Any) -> Text:
    c = p["colour"]
    line = Text()
    line.append(("> " if turn == p["seat"] else "  ") + f"{colour(c):<7}", style=f"bold {c}")
    arts = p["artworks"]
    kinds = [sum(1 for a in arts if a.startswith(t)) for t in b.ART_TYPES]
    holds = " ".join(f"{n:>2}" for n in p["holds"].values())
    line.append(
        f"{p['vp']:>4} {p['bread']:>2}/{p['capacity']:<2} {p['bay']:>3} {p['port']:>4} "
        f"{p['shipyard']:>4}       {holds} {p['hand_size']:>4}     {kinds[0]:>2} {kinds[1]:>2} "
        f"{kinds[2]:>2} {len(p['privates']):>4} {6 - p['granary_lighthouses']:>3} "
        f"{len(p['invited']):>5}"
    )
    if p["passed"]:
        line.append(_(" passed"), style="dim")
    if mine:
        line.append(_(" (you)"), style="bold")
    return line


def render(view: dict[str, Any], seat: int | None) -> RenderableType:
    """The board as a map of the sea and compact lines that fit 100 x 40."""
    players = view.get("players", [])
    colours = {p["seat"]: p["colour"] for p in players}
    period = view.get("period", 1)
    head = Text(_("Period {period} of IV").format(period=ROMAN[min(period, 4) - 1]), style="bold")
    decrees = view.get("decrees", [])
    if 0 < period <= len(decrees):
        head.append(_(" · decree {decree}").format(decree=name(decrees[period - 1])))
        later = [name(d) for d in decrees[period:]]
        if later:
            head.append(_(", then {later}").format(later=", ".join(later)), style="dim")
    first = view.get("first_player")
    if first in colours:
        head.append(_(" · Wind Rose: {seat}").format(seat=colour(colours[first])))
    if view.get("rival"):
        r = view["rival"]
        ships = ngettext("{n} ship", "{n} ships", r["ships"]).format(n=r["ships"])
        lights = ngettext("{n} lh", "{n} lh", r["lighthouses"]).format(n=r["lighthouses"])
        head.append(
            _(" · rival {rival}: {ships}, {lighthouses}").format(
                rival=name(r["name"]), ships=ships, lighthouses=lights
            )
        )
        if view.get("outcome") and view["outcome"] != "playing":
            head.append(" · " + word(OUTCOME_WORDS, view["outcome"]))
            if view.get("band"):
                head.append(f" ({word(BAND_WORDS, view['band'])})")
    parts: list[RenderableType] = [head, sea_map(view, colours)]
    parts.append(
        Text(
            _(
                "● ship on the dock  ▲ lighthouse  (II) a private destination covering the "
                "evolving location II"
            ),
            style="dim",
        )
    )
    owned = []
    docks = view.get("docks", {})
    lights = view.get("lighthouses", {})
    rival = name(view["rival"]["name"]) if view.get("rival") else _("Rival")
    for p in players:
        for t in p["privates"]:
            bits = [f"{name(t)} ({colour(p['colour'])}"]
            if t in docks:
                bits.append(f"● {_who(docks[t], colours, rival)[0]}")
            if t in lights:
                bits.append(f"▲ {_who(lights[t], colours, rival)[0]}")
            owned.append(" ".join(bits) + ")")
    if owned:
        parts.append(Text(_("Private destinations: ") + ", ".join(owned)))
    entries = []
    for t in view.get("titles", []):
        title = next(x for x in b.TITLES if x.id == t["id"])
        values = b.DARK_VALUES if title.dark else b.LIGHT_VALUES
        entry = Text(name(t["id"]), style="bold")
        need = ", ".join(f"{n} {word(TITLE_ITEM_WORDS, item)}" for item, n in title.need)
        free = vp(values[len(t["cubes"])]) if len(t["cubes"]) < len(values) else _("full")
        cubes = ", ".join(colour(colours.get(c, "?")) for c in t["cubes"])
        shade = _("dark") if title.dark else _("light")
        entry.append(_(" ({shade}: {need}; {free}").format(shade=shade, need=need, free=free))
        entry.append((_("; done by {seats}").format(seats=cubes) if cubes else "") + ")")
        entries.append(entry)
    parts.extend(_pack(_("Titles: "), entries))
    deck = _("deck {n}")
    a, b_ = view.get("atlas_piles", [0, 0])
    piles = _("piles {a}/{b}").format(a=a, b=b_)
    for label, key, slots, kind, extra in (
        (
            _("Council"),
            "council",
            b.COUNCIL_SLOTS,
            "char",
            deck.format(n=view.get("council_deck", 0)),
        ),
        (
            _("Workshop"),
            "workshop",
            b.WORKSHOP_SLOTS,
            "art",
            deck.format(n=view.get("workshop_deck", 0)),
        ),
        (_("Atlas"), "atlas", b.ATLAS_SLOTS, "tile", piles),
    ):
        heading = _("{label} ({extra}): ").format(label=label, extra=extra)
        parts.extend(_slots(heading, view.get(key, []), slots, kind))
    parts.append(Text(_(SLOT_KEY), style="dim"))
    parts.append(Text(_(PLAYER_HEAD), style="dim"))
    for p in players:
        parts.append(_player_line(p, p["seat"] == seat, view.get("turn")))
    if seat is not None and 0 <= seat < len(players):
        mine = players[seat]
        hand = Text(_("Your hand: "), style="bold")
        hand.append(
            ", ".join(
                f"{name(c)} ({b.CHARACTERS[b.CHAR_IDS.index(c)].cost}"
                f"{_res(b.CHARACTERS[b.CHAR_IDS.index(c)].mask)})"
                for c in mine.get("hand", [])
            )
            or _("none")
        )
        parts.append(hand)
        engaged = set(mine.get("engaged", []))
        own = Text(_("Invited: "), style="bold")
        own.append(
            ", ".join(name(c) + (_(" (engaged)") if c in engaged else "") for c in mine["invited"])
            or _("none")
        )
        own.append(_("  Artworks: "), style="bold")
        own.append(_names(mine["artworks"]))
        parts.append(own)
        if mine.get("packet") or mine.get("reserve"):
            parts.append(
                Text(
                    _("Packet: {packet}; reserve: {reserve}").format(
                        packet=_names(mine.get("packet", [])),
                        reserve=_names(mine.get("reserve", [])),
                    )
                )
            )
    known = [
        _("{seat}: {cards}").format(seat=colour(p["colour"]), cards=_names(p["known_hand"]))
        for p in players
        if p["seat"] != seat and p["known_hand"]
    ]
    if known:
        parts.append(Text(_("Cards known in other hands: ") + _("; ").join(known), "dim"))
    return Group(*parts)


def describe_event(e: dict[str, Any], label: Label) -> str | None:
    """One event of the rules as a sentence in the language in force (not yet capitalised);
    None for an event the game does not word (the core's default words it)."""
    t = e.get("type")
    seat = e.get("seat")
    who = colour(label(seat)) if isinstance(seat, int) else ""
    match t:
        case "navigate":
            if e["bread"]:
                return ngettext(
                    "{who} sails to {place}, paying {n} bread",
                    "{who} sails to {place}, paying {n} bread",
                    e["bread"],
                ).format(who=who, place=name(e["place"]), n=e["bread"])
            return _("{who} sails to {place}").format(who=who, place=name(e["place"]))
        case "acquire":
            return _("{who} acquires {artwork} for {vp} VP").format(
                who=who, artwork=name(e["artwork"]), vp=e["vp"]
            )
        case "discover":
            return _("{who} discovers {tile} for {vp} VP").format(
                who=who, tile=name(e["tile"]), vp=e["vp"]
            )
        case "invite":
            return _("{who} invites {card}").format(who=who, card=name(e["card"]))
        case "engage":
            return _("{who} engages {card}").format(who=who, card=name(e["card"]))
        case "construct":
            return ngettext(
                "{who} constructs {n} ship", "{who} constructs {n} ships", e["ships"]
            ).format(who=who, n=e["ships"])
        case "pass":
            return _("{who} passes").format(who=who)
        case "take":
            return _("{who} takes {card} into hand").format(who=who, card=name(e["card"]))
        case "lighthouse":
            return _("{who} erects a lighthouse on {place}").format(who=who, place=name(e["place"]))
        case "send":
            return _("{who} sends a ship to the {hold} hold").format(who=who, hold=res(e["hold"]))
        case "title":
            return _("{who} completes the title {title} for {vp} VP").format(
                who=who, title=name(e["title"]), vp=e["vp"]
            )
        case "decree":
            return _("{who} scores {vp} VP from the decree {decree}").format(
                who=who, vp=e["vp"], decree=name(e["decree"])
            )
        case "feed":
            if e["vp_lost"]:
                return ngettext(
                    "{who} feeds the crews with {n} bread and loses {vp} VP",
                    "{who} feeds the crews with {n} bread and loses {vp} VP",
                    e["bread"],
                ).format(who=who, n=e["bread"], vp=e["vp_lost"])
            return ngettext(
                "{who} feeds the crews with {n} bread",
                "{who} feeds the crews with {n} bread",
                e["bread"],
            ).format(who=who, n=e["bread"])
        case "period":
            return _("period {period} begins; {first} plays first").format(
                period=ROMAN[e["period"] - 1], first=colour(label(e["first"]))
            )
        case "game_over":
            return _("the game is over")
        case "pack":
            return _("{who} takes the {icon} pack").format(
                who=who, icon=word(PACK_WORDS, e["icon"])
            )
        case "council":
            return _("the Council shows {cards}").format(
                cards=", ".join(name(c) for c in e["cards"])
            )
        case "discard":
            return ngettext(
                "{who} discards {card} for {n} bread",
                "{who} discards {card} for {n} bread",
                e["bread"],
            ).format(who=who, card=name(e["card"]), n=e["bread"])
        case "discard_artwork":
            return _("{artwork} is discarded from the Workshop").format(artwork=name(e["artwork"]))
        case "discard_character":
            return _("{card} is discarded from the Council").format(card=name(e["character"]))
        case "evolving":
            return _("{tile} now covers {place}").format(
                tile=name(e["tile"]), place=name(e["place"])
            )
        case "rival_removes":
            return _("the rival removes {tile} from the Atlas").format(tile=name(e["tile"]))
        case "endgame":
            return _("{who} scores {vp} VP with {card}").format(
                who=who, vp=e["vp"], card=name(e["card"])
            )
        case "straighten":
            return _("{who} straightens {card}").format(who=who, card=name(e["card"]))
        case "beacon":
            if e["use"] == "bread":
                return _("{who} uses the lighthouse on {place}: 1 bread").format(
                    who=who, place=name(e["place"])
                )
            return _("{who} uses the lighthouse on {place}: a ship to the {hold} hold").format(
                who=who, place=name(e["place"]), hold=res(e["use"])
            )
        case "kept":
            return _("{who} keeps {card}").format(who=who, card=name(e["card"]))
        case "unload":
            if "units" in e:
                return ngettext(
                    "{who} unloads the {hold} hold for {n} unit",
                    "{who} unloads the {hold} hold for {n} units",
                    e["units"],
                ).format(who=who, hold=res(e["hold"]), n=e["units"])
            return ngettext(
                "{who} unloads the {hold} hold for {n} bread",
                "{who} unloads the {hold} hold for {n} bread",
                e["bread"],
            ).format(who=who, hold=res(e["hold"]), n=e["bread"])
        case "emergency":
            if "units" in e:
                return ngettext(
                    "{who} sends a ship to port for {n} unit",
                    "{who} sends a ship to port for {n} units",
                    e["units"],
                ).format(who=who, n=e["units"])
            return ngettext(
                "{who} sends a ship to port for {n} bread",
                "{who} sends a ship to port for {n} bread",
                e["bread"],
            ).format(who=who, n=e["bread"])
        case "bread":
            return ngettext("{who} gains {n} bread", "{who} gains {n} bread", e["bread"]).format(
                who=who, n=e["bread"]
            )
        case "vp":
            return _("{who} gains {vp} VP").format(who=who, vp=e["vp"])
        case "lost":
            return _("{who} cannot use the bonus ({bonus}) and loses it").format(
                who=who, bonus=word(BONUS_WORDS, e["bonus"])
            )
        case "solo_lost":
            return ngettext(
                "the title check of period {period} fails ({n} title): the solo challenge is lost",
                "the title check of period {period} fails ({n} titles): the solo challenge is lost",
                e["titles"],
            ).format(period=ROMAN[e["period"] - 1], n=e["titles"])
        case "stop":
            return _("{who} sends no more ships").format(who=who)
        case "evolving_bonus":
            if e["when"] == "first":
                return _("{who} takes the evolving bonus first").format(who=who)
            return _("{who} takes the evolving bonus last").format(who=who)
        case "paying":
            return _("{who} starts paying {cost} for {what}").format(
                who=who, cost=e["cost"], what=word(PAYING_WORDS, e["for"])
            )
        case "paid":
            text = _("{who} has paid {cost} for {what}").format(
                who=who, cost=e["cost"], what=word(PAYING_WORDS, e["for"])
            )
            if e["bread_kept"]:
                text += ngettext(", {n} bread kept", ", {n} bread kept", e["bread_kept"]).format(
                    n=e["bread_kept"]
                )
            if e["surcharge"]:
                text += ngettext(
                    ", {n} bread surcharge", ", {n} bread surcharge", e["surcharge"]
                ).format(n=e["surcharge"])
            return text
        case "actions_end":
            return _("the actions of period {period} end; {first} holds the Wind Rose").format(
                period=ROMAN[e["period"] - 1], first=colour(label(e["first"]))
            )
        case "choose":
            if e["what"] == "character":
                return _("{who} chooses to take a character").format(who=who)
            return _("{who} chooses to straighten a character").format(who=who)
        case "instead":
            if e["what"] == "character":
                return _("{who} takes a character instead of a lighthouse").format(who=who)
            return _("{who} takes 2 VP instead of a lighthouse").format(who=who)
        case "ready":
            return _("{who} is ready for the decree").format(who=who)
        case "kept_round":
            return _("round {round} of keeping cards is over").format(round=e["round"])
        case "dealt":
            return _("{who} receives {cards}").format(
                who=who, cards=", ".join(name(c) for c in e["cards"])
            )
        case "rival":
            ships = ngettext("{n} ship", "{n} ships", e["ships"]).format(n=e["ships"])
            lights = ngettext("{n} lighthouse", "{n} lighthouses", e["lighthouses"]).format(
                n=e["lighthouses"]
            )
            return _("{rival} reacts to {after}: {ships} and {lighthouses} on the board").format(
                rival=name(e["rival"]),
                after=word(ACTION_WORDS, e["after"]),
                ships=ships,
                lighthouses=lights,
            )
        case "solo_completed":
            return _("the solo challenge is completed with {vp} VP: {band}").format(
                vp=e["vp"], band=word(BAND_WORDS, e["band"])
            )
    return None
