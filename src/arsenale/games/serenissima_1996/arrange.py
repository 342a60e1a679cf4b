"""Phase 2, moving pieces within an area (serenissima-1996.fr.txt, Phase 2, "Transfert de
pions"; .en.txt, "Placing playing pieces").

A player may move sailors between his galleys of one area and his own port there, and goods
between those galleys, as often as he likes, as long as no galley ever holds more than 5 pieces.
A galley left without a sailor sinks at once with its goods (FR: "Dans le cas contraire, la
galère coule avec tous les pions Marchandises éventuellement à bord"; EN: it "sinks
immediately"): the text states a consequence, not a ban. Arrangements reached by such moves are
what counts, so Arrangement sets one directly (RULINGS.md R28): `arrange <area>` lifts every
sailor and good the seat has there (galleys and garrison), then the seat loads its galleys one
after the other, slot order, `put sailor` / `put <good>` and `next`; a galley given no sailor
sinks with the goods put aboard it (at most 4: it held a sailor until the last moment), back
into the box with them (R11); the sailors left over garrison the port. Every step keeps the load
completable, so the frame never dead-ends, and `cancel` gives the whole thing up.

Reachability: when no single move is possible (no own port, and no galley with room beside
another galley) the arrangement stays alone, and `arrange` is not offered. Otherwise any
arrangement keeping the limits can be reached by moving pieces one at a time, sinking the
emptied galleys last; `test_arrangements_match_step_by_step_transfers` checks this against a
search over single moves.

An area is arranged at most once between two other phase-2 actions of the seat (an arrangement
reached twice in a row is the same class, or fewer galleys): that keeps a turn finite.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, NamedTuple

from arsenale.core.actions import Action
from arsenale.core.decisions import Decision, Why
from arsenale.core.state import Event
from arsenale.games.serenissima_1996.board import GOODS
from arsenale.games.serenissima_1996.words import _
from arsenale.i18n import N_

if TYPE_CHECKING:
    from arsenale.games.serenissima_1996.state import Serenissima1996State

RULE_ARRANGE: Final = "serenissima-1996.fr.txt, Phase 2, Transfert de pions"
PIECES: Final = ("sailor", *GOODS)
"""Piece index 0 is a sailor, 1 + i the good i."""


class Arrangement(NamedTuple):
    """An arrangement being set: `pool[k]` pieces of kind k not yet put aboard; `loads` the
    8 counts put aboard each galley so far, the last one being loaded now."""

    area: int
    galleys: tuple[int, ...]  # the seat's galleys in the area, slot order
    port: int  # the seat's own port in the area, or -1
    pool: tuple[int, ...]
    loads: tuple[tuple[int, ...], ...]

    def to_json(self, s: Serenissima1996State) -> dict[str, object]:
        b = s.game.board
        return {
            "kind": "arrangement",
            "area": b.area_ids[self.area],
            "galleys": [g + 1 for g in self.galleys],
            "loading": self.galleys[len(self.loads) - 1] + 1,
            "left": {PIECES[k]: n for k, n in enumerate(self.pool) if n},
            "loads": [{PIECES[k]: n for k, n in enumerate(load) if n} for load in self.loads],
        }


LEFT: Final = N_("the pieces left would not fit on the galleys after galley {g}")
ASHORE: Final = N_("every good must go aboard a galley: goods are never put ashore")
NOWHERE: Final = N_("the sailors left have nowhere to go: sailors go ashore only in your own port")
"""Why the arrangement cannot go on to the next galley (translated only for a refusal)."""


def piece_name(s: Serenissima1996State, k: int) -> str:
    """Piece kind k for a sentence in the language in force ("sailor", "wine"; "marin",
    "vin")."""
    return _("sailor") if k == 0 else s.game.names()[PIECES[k]]


def arranged_bit(area: int) -> int:
    """The bit of `s.arranged` for an area arranged since the seat's last other action."""
    return 1 << area


def places(s: Serenissima1996State, seat: int, area: int) -> tuple[tuple[int, ...], int]:
    """The seat's galleys in `area` (slot order) and its own port there (or -1)."""
    galleys = tuple(g for g, o in enumerate(s.g_owner) if o == seat and s.g_area[g] == area)
    p = s.game.board.area_port[area]
    return galleys, (p if p >= 0 and s.owner[p] == seat else -1)


def movable(s: Serenissima1996State, galleys: Sequence[int], port: int) -> bool:
    """Whether one single move is possible: any sailor ashore in the own port (a galley left
    without one sinks), or any piece from one galley to another galley with room."""
    if not galleys:
        return False
    if port >= 0:
        return True
    gs, gg = s.g_sailors, s.g_goods
    return len(galleys) >= 2 and any(gs[g] + gg[g] < 5 for g in galleys)


def open_arrangement(s: Serenissima1996State, seat: int, area: int, events: list[Event]) -> None:
    galleys, port = places(s, seat, area)
    pool = [s.garrison[port] if port >= 0 else 0] + [0] * 7
    for g in galleys:
        pool[0] += s.g_sailors[g]
        for i in range(7):
            pool[1 + i] += s.cargo[7 * g + i]
    s.arranged |= arranged_bit(area)
    frame = Arrangement(area, galleys, port, tuple(pool), ((0,) * 8,))
    s.stack.append(Decision("arrange", (seat,), frame))
    events.append({"type": "arranging", "seat": seat, "area": s.game.board.area_ids[area]})


def _can_finish(sailors: int, goods: int, cur_s: int, cur_g: int, rest: int, port: int) -> bool:
    """Whether `sailors` and `goods` still to place fit: the current galley (cur_s sailors,
    cur_g goods so far) and `rest` empty galleys after it each hold 5 pieces, 4 goods at most
    (a galley given no sailor sinks with its goods); sailors left over go ashore only if the
    seat owns the port."""
    if goods > min(4 - cur_g, 5 - cur_s - cur_g) + 4 * rest:
        return False
    return port >= 0 or sailors + goods <= 5 - cur_s - cur_g + 5 * rest


def legal_arrange(
    s: Serenissima1996State, seat: int, top: Decision, why: Why | None = None
) -> list[Action]:
    """`put` a piece aboard the galley being loaded while all pieces can still be placed,
    `next` once the rest can be placed (a galley left without a sailor sinks with its goods),
    or `cancel`."""
    a = s.game.actions
    ar: Arrangement = top.data
    pool = ar.pool
    cur = ar.loads[-1]
    g = ar.galleys[len(ar.loads) - 1]
    rest = len(ar.galleys) - len(ar.loads)
    cur_s, cur_g = cur[0], sum(cur) - cur[0]
    goods = sum(pool) - pool[0]
    out: list[Action] = []
    for k in range(8):
        if not pool[k]:
            if why is not None:
                why.no(
                    _("no {piece} is left to put aboard").format(piece=piece_name(s, k)),
                    RULE_ARRANGE,
                    "put",
                    piece=PIECES[k],
                )
            continue
        if cur_s + cur_g >= 5 or (k and cur_g >= 4):
            if why is not None:
                why.no(
                    _("galley {g} is full: 5 pieces a galley").format(g=g + 1)
                    if cur_s + cur_g >= 5
                    else _(
                        "galley {g} holds 4 goods: at most 4 goods a galley, the fifth piece a sailor"
                    ).format(g=g + 1),
                    RULE_ARRANGE,
                    "put",
                    piece=PIECES[k],
                )
            continue
        if k == 0:
            ok = _can_finish(pool[0] - 1, goods, cur_s + 1, cur_g, rest, ar.port)
        else:
            ok = _can_finish(pool[0], goods - 1, cur_s, cur_g + 1, rest, ar.port)
        if ok:
            out.append(a.put[k])
        elif why is not None:
            why.no(
                _(
                    "with this {piece} aboard galley {g}, the pieces left could not all be placed (5 pieces a galley, at most 4 goods)"
                ).format(piece=piece_name(s, k), g=g + 1),
                RULE_ARRANGE,
                "put",
                piece=PIECES[k],
            )
    if rest:
        reason = "" if _can_finish(pool[0], goods, 0, 0, rest - 1, ar.port) else LEFT
    elif goods:
        reason = ASHORE
    elif pool[0] and ar.port < 0:
        reason = NOWHERE
    else:
        reason = ""
    if not reason:
        out.append(a.next)
    elif why is not None:
        why.no(_(reason).format(g=g + 1), RULE_ARRANGE, "next")
    out.append(a.cancel)
    return out


def apply_arrange(s: Serenissima1996State, seat: int, action: Action, top: Decision) -> list[Event]:
    a = s.game.actions
    ar: Arrangement = top.data
    if action is a.cancel:
        s.stack.pop()
        return [{"type": "arrangement_cancelled", "seat": seat}]
    if action is a.next:
        if len(ar.loads) < len(ar.galleys):
            s.stack[-1] = Decision("arrange", top.seats, ar._replace(loads=(*ar.loads, (0,) * 8)))
            return [{"type": "loaded", "seat": seat, "galley": ar.galleys[len(ar.loads) - 1] + 1}]
        s.stack.pop()
        return _commit(s, seat, ar)
    k = PIECES.index(action["piece"])
    pool = (*ar.pool[:k], ar.pool[k] - 1, *ar.pool[k + 1 :])
    cur = ar.loads[-1]
    cur = (*cur[:k], cur[k] + 1, *cur[k + 1 :])
    s.stack[-1] = Decision(
        "arrange", top.seats, ar._replace(pool=pool, loads=(*ar.loads[:-1], cur))
    )
    g = ar.galleys[len(ar.loads) - 1]
    return [{"type": "put", "seat": seat, "piece": action["piece"], "galley": g + 1}]


def _commit(s: Serenissima1996State, seat: int, ar: Arrangement) -> list[Event]:
    """Put every galley's load aboard; the sailors left garrison the port; a galley given no
    sailor sinks at once with its goods (FR, Transfert de pions), into the box (R11)."""
    loads: list[dict[str, object]] = []
    empty = []
    for g, load in zip(ar.galleys, ar.loads, strict=True):
        s.g_sailors[g] = load[0]
        s.cargo[7 * g : 7 * g + 7] = load[1:]
        s.g_goods[g] = sum(load) - load[0]
        row: dict[str, object] = {"galley": g + 1}
        row.update({PIECES[k]: n for k, n in enumerate(load) if n})
        if not load[0]:
            row["sinks"] = True
            empty.append(g)
        loads.append(row)
    if ar.port >= 0:
        s.garrison[ar.port] = ar.pool[0]
    events: list[Event] = [
        {
            "type": "arranged",
            "seat": seat,
            "area": s.game.board.area_ids[ar.area],
            "galleys": loads,
            "garrison": ar.pool[0] if ar.port >= 0 else None,
        }
    ]
    for g in empty:
        s.sink(g, events, N_("left without a sailor"))
    return events
