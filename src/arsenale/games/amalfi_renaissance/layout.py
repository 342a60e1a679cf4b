"""What the web page needs to draw Amalfi: Renaissance, as JSON-ready data.

The facts (destinations, evolving locations, holds, display slots, decrees, titles, the granary
and shipyard icons, every character, artwork and private destination with its printed name)
come from board.toml and cards.toml through board.py; where each part sits on the drawing
comes from layout.toml (a reconstruction, see its header). Served by
`GET /api/boards/amalfi-renaissance`, drawn by `server/static/boards/amalfi-renaissance.js`.
Names and words in the language in force (words.py: the viewer's, set by the server per
request); ids, resources and numbers as they are.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from arsenale.core.data import read_toml
from arsenale.core.errors import DataError
from arsenale.games.amalfi_renaissance import board as b
from arsenale.games.amalfi_renaissance.state import COLOURS
from arsenale.games.amalfi_renaissance.words import (
    TITLE_ITEM_WORDS,
    _,
    name,
    ngettext,
    res,
    word,
)
from arsenale.i18n import N_

GAME_ID = "amalfi-renaissance"
PLACES = ("period", "decrees", "windrose", "sea", "titles", "atlas", "council", "workshop")


@cache
def _layout() -> dict[str, Any]:
    return read_toml(__package__, "layout.toml")


def step_words(step: b.Step | None) -> str:
    """A bonus step as the rulebook's icon says it (RULES.md, Bonuses)."""
    if step is None:
        return ""
    kind, a, hold = step
    if kind == b.VP:
        return _("{n} VP").format(n=a)
    if kind == b.BREAD:
        return ngettext("{n} bread", "{n} bread", a).format(n=a)
    if kind == b.SEND:
        if hold == b.ANY:
            return ngettext(
                "send up to {n} ship to holds of your choice",
                "send up to {n} ships to holds of your choice",
                a,
            ).format(n=a)
        return ngettext(
            "send up to {n} ship to the {hold} hold", "send up to {n} ships to the {hold} hold", a
        ).format(n=a, hold=res(b.RES[hold]))
    return _(
        {
            b.TAKE: N_("take a character"),
            b.ERECT: N_("erect a lighthouse"),
            b.STRAIGHTEN: N_("straighten an engaged character"),
            b.DISC_ART: N_("discard the rightmost artwork"),
            b.DISC_CHAR: N_("discard the rightmost character"),
            b.CHOICE: N_("take a character or straighten"),
        }[kind]
    )


EFFECT_WORDS = {
    "cheaper_ships": N_("cheaper ships"),
    "lighter_feed": N_("lighter feed"),
    "bigger_granary": N_("bigger granary"),
    "cheaper_displays": N_("cheaper displays"),
    "rich_hold": N_("rich hold"),
}
"""The permanent characters' effects (board.PERMANENT_EFFECTS) in a few words."""

PER_WORDS = {
    "artworks": N_("artwork"),
    "books": N_("book"),
    "characters": N_("character"),
    "engageable": N_("engageable character"),
    "immediate": N_("immediate character"),
    "lighthouses": N_("lighthouse"),
    "monuments": N_("monument"),
    "paintings": N_("painting"),
    "permanent": N_("permanent character"),
    "privates": N_("private destination"),
    "ships": N_("ship"),
    "titles": N_("title"),
}
"""What an endgame character counts (board.ENDGAME_ITEMS), one of it."""


def _resources(mask: int) -> list[str]:
    return [b.RES[r] for r in range(5) if mask >> r & 1]


def _place(p: b.Place) -> dict[str, Any]:
    return {
        "id": p.id,
        "name": name(p.id),
        "cost": p.cost,
        "resources": _resources(p.mask),
        "vp": p.vp,
        "price": p.price,
        "steps": [step_words(s) for s in p.steps],
        "beacon": b.RES[p.beacon] if p.beacon < 5 else ("any" if p.beacon == b.ANY else None),
    }


def _character(c: b.Character) -> dict[str, Any]:
    if c.type == b.ENDGAME:
        text = _("{per} VP per {item}, max {max}").format(
            per=c.per, item=word(PER_WORDS, c.item), max=c.max
        )
    elif c.type == b.PERMANENT:
        text = word(EFFECT_WORDS, c.effect)
    else:
        text = ", ".join(step_words(s) for s in c.steps)
    return {
        "name": name(c.id),
        "type": b.CHAR_TYPES[c.type],
        "cost": c.cost,
        "resources": _resources(c.mask),
        "text": text,
    }


def _point(value: Any, box: list[int], where: str) -> list[int]:
    ok = isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value)
    if not ok or not (0 <= value[0] <= box[2] and 0 <= value[1] <= box[3]):
        raise DataError(f"{GAME_ID} layout: {where} must be a point [x, y] inside the sea box")
    return [int(value[0]), int(value[1])]


def board_data(layout: dict[str, Any] | None = None) -> dict[str, Any]:
    """Board facts and places for the page; DataError names a place the layout misses."""
    lay = _layout() if layout is None else layout
    canvas = lay["canvas"]
    places: dict[str, list[int]] = {}
    for pid in PLACES:
        entry = lay["place"].get(pid)
        if entry is None:
            raise DataError(f"{GAME_ID} layout: no place for {pid!r}")
        box = entry["box"]
        if len(box) != 4 or box[0] < 0 or box[1] < 0 or box[0] + box[2] > canvas["width"]:
            raise DataError(f"{GAME_ID} layout: {pid} box must lie on the canvas")
        places[pid] = [int(v) for v in box]
    sea = places["sea"]
    spots = lay["destination"]
    unknown = set(spots) - set(b.LOC_IDS[: b.PRIV0])
    if unknown:
        raise DataError(f"{GAME_ID} layout: unknown destinations {sorted(unknown)}")

    def at(pid: str) -> list[int]:
        if pid not in spots:
            raise DataError(f"{GAME_ID} layout: no place for the destination {pid!r}")
        return _point(spots[pid]["at"], sea, pid)

    return {
        "id": GAME_ID,
        "layout_status": canvas["status"],
        "width": canvas["width"],
        "players_top": canvas["players_top"],
        "own_height": canvas["own_height"],
        "other_height": canvas["other_height"],
        "others_per_row": canvas["others_per_row"],
        "places": places,
        "colours": list(COLOURS),
        "resources": list(b.RES),
        "holds": dict(zip(b.RES, b.HOLD_VALUES, strict=True)),
        "periods": b.META["periods"],
        "ship_price": list(b.META["ship_price"]),
        "ship_resource": b.META["ship_resource"],
        "slots": {
            "council": list(b.COUNCIL_SLOTS),
            "workshop": list(b.WORKSHOP_SLOTS),
            "atlas": list(b.ATLAS_SLOTS),
        },
        "destinations": [{**_place(p), "at": at(p.id)} for p in b.PUBLICS],
        "evolving": [
            {**_place(p), "at": at(p.id), "period": k + 2} for k, p in enumerate(b.EVOLVING)
        ],
        "evolving_bonus": step_words(b.EVOLVING_BONUS),
        "granary_icons": [step_words(s) for s in b.GRANARY_ICONS],
        "shipyard_icons": [step_words(s) for s in b.SHIPYARD_ICONS],
        "base_capacity": b.META["base_capacity"],
        "decrees": {
            d.id: {"name": name(d.id), "value": d.value, "pair": d.pair} for d in b.DECREES
        },
        "titles": {
            t.id: {
                "name": name(t.id),
                "dark": t.dark,
                "need": ", ".join(f"{k} {word(TITLE_ITEM_WORDS, item)}" for item, k in t.need),
                "values": list(b.DARK_VALUES if t.dark else b.LIGHT_VALUES),
            }
            for t in b.TITLES
        },
        "characters": {c.id: _character(c) for c in b.CHARACTERS},
        "artworks": {
            a.id: {
                "name": name(a.id),
                "type": b.ART_TYPES[a.type],
                "cost": a.cost,
                "resources": _resources(a.mask),
                "vp": a.vp,
                "bonus": step_words(a.bonus),
            }
            for a in b.ARTWORKS
        },
        "privates": {p.id: _place(p) for p in b.PRIVATES},
        "pack_icons": list(b.PACK_ICONS),
    }
