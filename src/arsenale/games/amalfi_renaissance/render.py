"""Amalfi: Renaissance on a terminal: the board from a seat's view (RULES.md, Components).

The main board's displays (Council, Workshop, Atlas), the sea (destinations with the ships on
them, lighthouses, the evolving destinations), decrees and titles, then each player's
personal board; the seat's own hand, packet and reserve only on its own screen (the view
holds them only for it).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text


def _name(card_id: str | None) -> str:
    """A card or place id as people write it: "painting-13" -> "Painting 13"."""
    if not card_id:
        return "-"
    return card_id.replace("-", " ").replace("_", " ").title()


def _names(ids: list[Any]) -> str:
    return ", ".join(_name(i) for i in ids if i) or "none"


def _counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{_name(k)} {n}" for k, n in counts.items() if n) or "none"


def render(view: dict[str, Any], seat: int | None) -> RenderableType:
    """The board as Rich tables that fit 100 columns."""
    players = view.get("players", [])
    colour = {p["seat"]: p["colour"] for p in players}
    turn = view.get("turn")
    head = Text(f"Period {view.get('period', '?')}", style="bold")
    if turn is not None and turn in colour:
        head.append(f", {colour[turn]}'s turn")
    first = view.get("first_player")
    if first is not None and first in colour:
        head.append(f"; the Wind Rose is with {colour[first]}")
    head.append(f"; hands: {view.get('hands_method', '?')}")

    board = Table(box=None, show_header=False, padding=(0, 1, 0, 0))
    board.add_column(style="bold", no_wrap=True)
    board.add_column()
    board.add_row(
        "Council",
        f"{_names(view.get('council', []))}  (deck {view.get('council_deck', 0)})",
    )
    board.add_row(
        "Workshop",
        f"{_names(view.get('workshop', []))}  (deck {view.get('workshop_deck', 0)})",
    )
    piles = view.get("atlas_piles", [])
    board.add_row("Atlas", f"{_names(view.get('atlas', []))}  (piles {piles})")
    board.add_row("Ships at sea", _counts(view.get("docks", {})))
    board.add_row("Lighthouses", _counts(view.get("lighthouses", {})))
    board.add_row("Evolving", _names(view.get("evolving", [])))
    board.add_row("Decrees", _names(view.get("decrees", [])))
    titles = [
        _name(t["id"])
        + (f" ({', '.join(colour.get(c, str(c)) for c in t['cubes'])})" if t["cubes"] else "")
        for t in view.get("titles", [])
    ]
    board.add_row("Titles", ", ".join(titles) or "none")
    if view.get("rival"):
        rival = view["rival"]
        board.add_row(
            "Rival",
            f"{_name(rival['name'])}: ships {rival['ships']}, lighthouses {rival['lighthouses']}"
            + (f"; {view['outcome']}" if view.get("outcome") else ""),
        )

    table = Table(box=None, padding=(0, 1, 0, 0))
    for column in (
        "player",
        "VP",
        "bread",
        "bay",
        "port",
        "holds",
        "yard",
        "hand",
        "artworks",
        "destinations",
    ):
        table.add_column(column, no_wrap=column in ("player", "VP", "bread", "bay", "port"))
    for p in players:
        table.add_row(
            Text(p["colour"], style=f"bold {p['colour']}"),
            str(p["vp"]),
            f"{p['bread']}/{p['capacity']}",
            str(p["bay"]),
            str(p["port"]),
            _counts(p["holds"]),
            str(p["shipyard"]),
            str(p["hand_size"]),
            _names(p["artworks"]),
            _names(p["privates"]),
        )
    parts: list[RenderableType] = [head, board, table]
    if seat is not None and 0 <= seat < len(players):
        mine = players[seat]
        parts.append(
            Text(
                f"your hand: {_names(mine.get('hand', []))}; invited: "
                f"{_names(mine.get('invited', []))}; engaged: {_names(mine.get('engaged', []))}"
                + (f"; packet: {_names(mine['packet'])}" if mine.get("packet") else "")
                + (f"; reserve: {_names(mine['reserve'])}" if mine.get("reserve") else "")
            )
        )
    return Group(*parts)
