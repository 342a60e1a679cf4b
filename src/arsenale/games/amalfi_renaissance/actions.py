"""Amalfi: Renaissance's action catalogue: every move the game can ever offer, built once,
with the notation a person types (RULES.md, Notation). Options never change it.

Indices by parameter (`NAVIGATE[loc]`, `INVITE[card]`, ...) let the legal-move generators pick
actions without searching; legal actions come out in catalogue order.
"""

from __future__ import annotations

from typing import Final

from arsenale.core.actions import Action, Catalogue
from arsenale.games.amalfi_renaissance.board import CHAR_IDS, LOC_IDS, PACK_ICONS, RES

CATALOGUE: Final = Catalogue("amalfi-renaissance")
add = CATALOGUE.add

# -- set-up: starting hands (RULES.md, Starting hands)
PACK: Final = tuple(add("pack", f"pack {icon}", icon=icon) for icon in PACK_ICONS)
KEEP: Final = tuple(add("keep", f"keep {c}", public="kept a card", card=c) for c in CHAR_IDS)

# -- main actions (RULES.md, Actions)
NAVIGATE: Final = tuple(
    add("navigate", f"navigate {loc}", (f"sail {loc}",), place=loc) for loc in LOC_IDS
)
ACQUIRE: Final = tuple(
    add("acquire", f"acquire {k}", (f"artwork {k}",), slot=k) for k in range(1, 6)
)
DISCOVER: Final = tuple(
    add("discover", f"discover {k}", (f"tile {k}",), slot=k) for k in range(1, 6)
)
INVITE: Final = tuple(add("invite", f"invite {c}", card=c) for c in CHAR_IDS)
ENGAGE: Final = tuple(add("engage", f"engage {c}", card=c) for c in CHAR_IDS)
CONSTRUCT: Final = tuple(
    add("construct", f"construct {n}", (f"build {n}",), ships=n) for n in range(1, 7)
)
PASS: Final = add("pass", "pass")

# -- optional actions, at any time the engine asks (RULES.md, Optional actions)
UNLOAD: Final = tuple(add("unload", f"unload {r}", (f"unload {r} hold",), hold=r) for r in RES)
EMERGENCY: Final = add("emergency", "emergency", ("emergency supply",))
DISCARD: Final = tuple(add("discard", f"discard {c}", card=c) for c in CHAR_IDS)

# -- steps of a payment and of benefits (RULES.md, Payments; Bonuses; Navigation)
DONE: Final = add("done", "done", ("pay",))
SEND: Final = tuple(add("send", f"send {r}", (f"send to {r}",), hold=r) for r in RES)
STOP: Final = add("stop", "stop", ("send no more",))
BONUS_FIRST: Final = add("evolving", "bonus first", ("bonus before",), when="first")
BONUS_LAST: Final = add("evolving", "bonus last", ("bonus after",), when="last")
TAKE: Final = tuple(add("take", f"take {k}", (f"character {k}",), slot=k) for k in range(1, 5))
LIGHTHOUSE: Final = tuple(add("lighthouse", f"lighthouse {loc}", place=loc) for loc in LOC_IDS)
INSTEAD_CHARACTER: Final = add("instead", "instead character", what="character")
INSTEAD_VP: Final = add("instead", "instead vp", ("instead 2 vp",), what="vp")
CHOOSE_CHARACTER: Final = add("choose", "choose character", what="character")
CHOOSE_STRAIGHTEN: Final = add("choose", "choose straighten", what="straighten")
STRAIGHTEN: Final = tuple(add("straighten", f"straighten {c}", card=c) for c in CHAR_IDS)
BEACON: Final = tuple(add("beacon", f"beacon {r}", (f"lighthouse send {r}",), use=r) for r in RES)
BEACON_BREAD: Final = add("beacon", "beacon bread", ("lighthouse bread",), use="bread")

# -- feed and decree (RULES.md, Feed; Decree)
FEED: Final = add("feed", "feed", ("feed the crews",))
READY: Final = add("ready", "ready", ("score the decree",))

NUMBER: Final[dict[Action, int]] = {
    action: i
    for table in (
        PACK,
        KEEP,
        NAVIGATE,
        ACQUIRE,
        DISCOVER,
        INVITE,
        ENGAGE,
        CONSTRUCT,
        UNLOAD,
        DISCARD,
        SEND,
        TAKE,
        LIGHTHOUSE,
        STRAIGHTEN,
        BEACON,
    )
    for i, action in enumerate(table)
}
"""The position of an action in its table above: the card (`CHAR_IDS`), place (`LOC_IDS`),
hold (`RES`) or pack it names, its slot less 1, its ship count less 1. The rules read an
action's number here rather than searching the ids for its parameter."""
