"""Amalfi: Renaissance on a terminal: the board from a seat's view, in 100 x 40 (RULES.md,
Components; Navigation).

A map of the sea first: Amalfi's harbour with a lane to every printed and evolving
destination (where layout.toml puts them on the page), each with its benefit, the ship on its
dock and the lighthouse on it; the discovered private destinations under it. Then the titles,
the Council, Workshop and Atlas with each slot's price and bread, one line per player's board
(VP, bread, bay/port/shipyard, holds, hand size, artworks, destinations, lighthouses,
characters), and the seat's own hand, packet and reserve on its own screen only (the view
holds them only for it). Printed names only, never ids.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from arsenale.core.boardmap import draw_map
from arsenale.games.amalfi_renaissance import board as b

WIDTH = 100
SEA_ROWS = 13
ROMAN = ("I", "II", "III", "IV")
SHORT_RES = {"spices": "sp", "wood": "wo", "wine": "wi", "gems": "ge", "fabric": "fa"}
HARBOUR = "Amalfi"


def name(ident: str | None) -> str:
    return b.name(ident) if ident else "-"


def _names(ids: list[Any]) -> str:
    return ", ".join(name(i) for i in ids if i) or "none"


def short_step(step: b.Step) -> str:
    """A bonus step in a few words for the map."""
    kind, a, hold = step
    if kind == b.VP:
        return f"{a} VP"
    if kind == b.BREAD:
        return f"{a} bread"
    if kind == b.SEND:
        return f"send {a} {'any' if hold == b.ANY else b.RES[hold]}"
    return {
        b.TAKE: "take",
        b.ERECT: "erect",
        b.STRAIGHTEN: "straighten",
        b.DISC_ART: "discard art",
        b.DISC_CHAR: "discard char",
        b.CHOICE: "take/straighten",
    }[kind]


def benefit(place: b.Place) -> str:
    steps = ", ".join(short_step(s) for s in place.steps)
    return f"pay {place.price}: {steps}" if place.price else steps


def _place_by_id() -> dict[str, b.Place]:
    return {p.id: p for p in (*b.PUBLICS, *b.EVOLVING, *b.PRIVATES)}


PLACES = _place_by_id()


def _who(mark: Any, colour: dict[int, str], rival: str) -> tuple[str, str]:
    """(name, style) of a dock or lighthouse mark: a seat or the solo rival."""
    if mark == "rival":
        return rival, "bold grey50"
    c = colour.get(mark, "?")
    return c.capitalize(), f"bold {c}"


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
    rival = name(view["rival"]["name"]) if view.get("rival") else "Rival"
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
    labels[HARBOUR] = [Text(f"[{HARBOUR}]", style="bold reverse")]
    links = [(HARBOUR, pid) for pid in ids]
    return draw_map(MAP_AT, labels, links, width=WIDTH, height=SEA_ROWS)


def _slots(label: str, ids: list[Any], slots: tuple[int, ...], kind: str) -> list[Text]:
    """One display: each card with its cost, VP and the slot's bread, in lines of 100."""
    entries = []
    for k, ident in enumerate(ids):
        out = Text(f"{k + 1} ", style="bold")
        if not ident:
            out.append("empty", style="dim")
            entries.append(out)
            continue
        out.append(name(ident))
        if kind == "art":
            a = b.ARTWORKS[b.ART_IDS.index(ident)]
            out.append(f" {a.cost}{_res(a.mask)} {a.vp}VP", style="dim")
        elif kind == "tile":
            t = PLACES[ident]
            out.append(f" {t.cost}{_res(t.mask)} {t.vp}VP", style="dim")
        else:
            c = b.CHARACTERS[b.CHAR_IDS.index(ident)]
            out.append(f" {c.cost}{_res(c.mask)} {b.CHAR_TYPES[c.type][:4]}", style="dim")
        v = slots[k] if k < len(slots) else 0
        if v:
            out.append(f" {'+' if v < 0 else '-'}{abs(v)}b", style="red" if v < 0 else "green")
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
    return "/".join(SHORT_RES[b.RES[r]] for r in range(5) if mask >> r & 1)


SLOT_KEY = (
    "sp wo wi ge fa: spices, wood, wine, gems, fabric (cost 4wi/fa: 4 wine or fabric); "
    "+2b: pay 2 bread more; -1b: gain 1"
)
"""The key of the displays' lines."""

PLAYER_HEAD = (
    "  seat      VP bread bay port yard holds:sp wo wi ge fa hand art:b  p  m dest lit chars"
)
"""The column labels of the players' lines (yard: ships left to build; holds: ships in each
hold; art: books, paintings, monuments; dest: private destinations; lit: lighthouses erected;
chars: characters invited)."""


def _player_line(p: dict[str, Any], mine: bool, turn: Any) -> Text:
    c = p["colour"]
    line = Text()
    line.append(("> " if turn == p["seat"] else "  ") + f"{c.capitalize():<7}", style=f"bold {c}")
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
        line.append(" passed", style="dim")
    if mine:
        line.append(" (you)", style="bold")
    return line


def render(view: dict[str, Any], seat: int | None) -> RenderableType:
    """The board as a map of the sea and compact lines that fit 100 x 40."""
    players = view.get("players", [])
    colour = {p["seat"]: p["colour"] for p in players}
    period = view.get("period", 1)
    head = Text(f"Period {ROMAN[min(period, 4) - 1]} of IV", style="bold")
    decrees = view.get("decrees", [])
    if 0 < period <= len(decrees):
        head.append(f" · decree {name(decrees[period - 1])}")
        later = [name(d) for d in decrees[period:]]
        if later:
            head.append(f", then {', '.join(later)}", style="dim")
    first = view.get("first_player")
    if first in colour:
        head.append(f" · Wind Rose: {colour[first].capitalize()}")
    if view.get("rival"):
        r = view["rival"]
        head.append(f" · rival {name(r['name'])}: {r['ships']} ships, {r['lighthouses']} lh")
        if view.get("outcome") and view["outcome"] != "playing":
            head.append(
                f" · {view['outcome']}" + (f" ({view['band']})" if view.get("band") else "")
            )
    parts: list[RenderableType] = [head, sea_map(view, colour)]
    parts.append(
        Text(
            "● ship on the dock  ▲ lighthouse  (II) a private destination covering the "
            "evolving location II",
            style="dim",
        )
    )
    owned = []
    docks = view.get("docks", {})
    lights = view.get("lighthouses", {})
    rival = name(view["rival"]["name"]) if view.get("rival") else "Rival"
    for p in players:
        for t in p["privates"]:
            bits = [f"{name(t)} ({p['colour'].capitalize()}"]
            if t in docks:
                bits.append(f"● {_who(docks[t], colour, rival)[0]}")
            if t in lights:
                bits.append(f"▲ {_who(lights[t], colour, rival)[0]}")
            owned.append(" ".join(bits) + ")")
    if owned:
        parts.append(Text("Private destinations: " + ", ".join(owned)))
    entries = []
    for t in view.get("titles", []):
        title = next(x for x in b.TITLES if x.id == t["id"])
        values = b.DARK_VALUES if title.dark else b.LIGHT_VALUES
        entry = Text(name(t["id"]), style="bold")
        need = ", ".join(f"{n} {item.replace('_', ' ')}" for item, n in title.need)
        free = f"{values[len(t['cubes'])]} VP" if len(t["cubes"]) < len(values) else "full"
        cubes = ", ".join(colour.get(c, "?").capitalize() for c in t["cubes"])
        entry.append(f" ({'dark' if title.dark else 'light'}: {need}; {free}")
        entry.append((f"; done by {cubes}" if cubes else "") + ")")
        entries.append(entry)
    parts.extend(_pack("Titles: ", entries))
    for label, key, slots, kind, extra in (
        ("Council", "council", b.COUNCIL_SLOTS, "char", f"deck {view.get('council_deck', 0)}"),
        ("Workshop", "workshop", b.WORKSHOP_SLOTS, "art", f"deck {view.get('workshop_deck', 0)}"),
        (
            "Atlas",
            "atlas",
            b.ATLAS_SLOTS,
            "tile",
            "piles {}/{}".format(*view.get("atlas_piles", [0, 0])),
        ),
    ):
        parts.extend(_slots(f"{label} ({extra}): ", view.get(key, []), slots, kind))
    parts.append(Text(SLOT_KEY, style="dim"))
    parts.append(Text(PLAYER_HEAD, style="dim"))
    for p in players:
        parts.append(_player_line(p, p["seat"] == seat, view.get("turn")))
    if seat is not None and 0 <= seat < len(players):
        mine = players[seat]
        hand = Text("Your hand: ", style="bold")
        hand.append(
            ", ".join(
                f"{name(c)} ({b.CHARACTERS[b.CHAR_IDS.index(c)].cost}"
                f"{_res(b.CHARACTERS[b.CHAR_IDS.index(c)].mask)})"
                for c in mine.get("hand", [])
            )
            or "none"
        )
        parts.append(hand)
        engaged = set(mine.get("engaged", []))
        own = Text("Invited: ", style="bold")
        own.append(
            ", ".join(name(c) + (" (engaged)" if c in engaged else "") for c in mine["invited"])
            or "none"
        )
        own.append("  Artworks: ", style="bold")
        own.append(_names(mine["artworks"]))
        parts.append(own)
        if mine.get("packet") or mine.get("reserve"):
            parts.append(
                Text(
                    f"Packet: {_names(mine.get('packet', []))}; reserve: "
                    f"{_names(mine.get('reserve', []))}"
                )
            )
    known = [
        f"{p['colour'].capitalize()}: {_names(p['known_hand'])}"
        for p in players
        if p["seat"] != seat and p["known_hand"]
    ]
    if known:
        parts.append(Text("Cards known in other hands: " + "; ".join(known), "dim"))
    return Group(*parts)
