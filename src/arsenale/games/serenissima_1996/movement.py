"""Phase 3: movement (serenissima-1996.en.txt, "Phase 3: Movement of galleys", "Permission for
passing through an area").

A galley moves one area per sailor aboard, one area at a time. Passing through an area where
other players have galleys needs each of them to agree, asked in turn order at the moment the
galley enters (serenissima-1996.fr.txt, Phase 3, "Autorisation de passage"); a refusal ends its
movement there for the round. Only leaving the area where it began the phase needs nobody's
leave (the movement example): a galley that comes back into that area is asked like anywhere
else. A galley with no movement left is not asked about (it cannot pass through anyway;
RULINGS.md R12).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from arsenale.core.actions import Action
from arsenale.core.decisions import Decision, Why
from arsenale.core.state import Event
from arsenale.games.serenissima_1996 import flow
from arsenale.games.serenissima_1996.words import _

if TYPE_CHECKING:
    from arsenale.games.serenissima_1996.state import Serenissima1996State

RULE_MOVE: Final = "serenissima-1996.en.txt, Phase 3: Movement of galleys"
RULE_PERMISSION: Final = "serenissima-1996.fr.txt, Phase 3, Autorisation de passage"


def legal_movement(
    s: Serenissima1996State, seat: int, top: Decision, why: Why | None = None
) -> list[Action]:
    """One area at a time to a neighbouring area, one area per sailor aboard a round, until a
    refused passage stops the galley."""
    a, b = s.game.actions, s.game.board
    out: list[Action] = []
    if why is not None:
        if not why.wants("sail"):
            why = None
        else:
            s.refuse_others(seat, why, "sail", RULE_MOVE)
    stopped = s.g_stopped
    for g, o in enumerate(s.g_owner):
        if o != seat:
            continue
        if stopped >> g & 1:
            if why is not None:
                why.no(
                    _("galley {g} was refused passage: it stays here this round").format(g=g + 1),
                    RULE_PERMISSION,
                    "sail",
                    galley=g + 1,
                )
        elif s.g_moved[g] >= s.g_sailors[g]:
            if why is not None:
                why.no(
                    _(
                        "galley {g} has moved as many areas as it has sailors aboard ({g_sailor}): one area per sailor"
                    ).format(g=g + 1, g_sailor=s.g_sailors[g]),
                    RULE_MOVE,
                    "sail",
                    galley=g + 1,
                )
        else:
            here = s.g_area[g]
            row = a.sail[g]
            out += [row[z] for z in b.adjacent[here]]
            if why is not None:
                near = ", ".join(s.game.names()[b.area_ids[z]] for z in b.adjacent[here])
                why.no(
                    _("galley {g} in {area} sails one area at a time, to {near}").format(
                        g=g + 1, area=s.game.names()[b.area_ids[here]], near=near
                    ),
                    RULE_MOVE,
                    "sail",
                    galley=g + 1,
                )
    out.append(a.done)
    return out


def apply_movement(
    s: Serenissima1996State, seat: int, action: Action, top: Decision
) -> list[Event]:
    events: list[Event] = []
    if action is s.game.actions.done:
        events.append({"type": "done", "seat": seat, "phase": 3})
        flow.end_turn(s, events)
        return events
    b = s.game.board
    g = action["galley"] - 1
    area = b.area_ids.index(action["area"])
    s.g_area[g] = area
    s.g_moved[g] += 1
    events.append({"type": "sail", "seat": seat, "galley": g + 1, "area": action["area"]})
    if s.g_moved[g] < s.g_sailors[g]:
        askers = _owners_in(s, area, seat)
        if askers:
            s.stack.append(Decision("permission", (askers[0],), (g, askers[1:])))
            events.append({"type": "permission_asked", "seat": askers[0], "galley": g + 1})
    return events


def _owners_in(s: Serenissima1996State, area: int, mover: int) -> tuple[int, ...]:
    present = {o for h, o in enumerate(s.g_owner) if o >= 0 and o != mover and s.g_area[h] == area}
    return tuple(seat for seat in s.order if seat in present)


def legal_permission(
    s: Serenissima1996State, seat: int, top: Decision, why: Why | None = None
) -> list[Action]:
    a = s.game.actions
    return [a.allow, a.deny]


def apply_permission(
    s: Serenissima1996State, seat: int, action: Action, top: Decision
) -> list[Event]:
    g, rest = top.data
    s.stack.pop()
    if action is s.game.actions.deny:
        s.g_stopped |= 1 << g
        return [{"type": "passage_denied", "seat": seat, "galley": g + 1}]
    events: list[Event] = [{"type": "passage_allowed", "seat": seat, "galley": g + 1}]
    if rest:
        s.stack.append(Decision("permission", (rest[0],), (g, rest[1:])))
        events.append({"type": "permission_asked", "seat": rest[0], "galley": g + 1})
    return events
