"""Phase 5: taking ports (serenissima-1996.en.txt, "Phase 5: Capture and control of ports").

In turn order, a seat lands sailors from a galley onto the port of its area if that port has
no garrison (a neutral port, or one whose garrison died in phase 4, its own included). The
port is the lander's at once. The last sailor of a galley may land: the galley sinks with its
goods.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from arsenale.core.actions import Action
from arsenale.core.decisions import Decision, Why
from arsenale.core.state import Event
from arsenale.games.serenissima_1996 import flow
from arsenale.games.serenissima_1996.words import _
from arsenale.i18n import N_

if TYPE_CHECKING:
    from arsenale.games.serenissima_1996.state import Serenissima1996State

RULE_LANDING: Final = "serenissima-1996.en.txt, Phase 5: Capture and control of ports"


def legal_landing(
    s: Serenissima1996State, seat: int, top: Decision, why: Why | None = None
) -> list[Action]:
    """1 to all the sailors of a galley onto the port of its area, if that port has no
    garrison."""
    a, b = s.game.actions, s.game.board
    out: list[Action] = []
    if why is not None:
        s.refuse_others(seat, why, "land", RULE_LANDING)
    for g, o in enumerate(s.g_owner):
        if o == seat:
            p = b.area_port[s.g_area[g]]
            if p >= 0 and s.garrison[p] == 0:
                out += a.land[g][: s.g_sailors[g]]
                if why is not None:
                    why.no(
                        _("galley {g} cannot land more than the {g_sailor} sailors aboard").format(
                            g=g + 1, g_sailor=s.g_sailors[g]
                        ),
                        RULE_LANDING,
                        "land",
                        galley=g + 1,
                    )
            elif why is not None:
                why.no(
                    _("there is no port in this area")
                    if p < 0
                    else _("{port} has a garrison: only an empty port can be taken").format(
                        port=s.game.names()[b.port_ids[p]]
                    ),
                    RULE_LANDING,
                    "land",
                    galley=g + 1,
                )
    out.append(a.done)
    return out


def apply_landing(s: Serenissima1996State, seat: int, action: Action, top: Decision) -> list[Event]:
    events: list[Event] = []
    if action is s.game.actions.done:
        events.append({"type": "done", "seat": seat, "phase": 5})
        flow.end_turn(s, events)
        return events
    b = s.game.board
    g, k = action["galley"] - 1, action["sailors"]
    p = b.area_port[s.g_area[g]]
    previous = s.owner[p]
    s.owner[p] = seat
    s.garrison[p] = k
    s.g_sailors[g] -= k
    events.append(
        {"type": "landed", "seat": seat, "port": b.port_ids[p], "sailors": k, "from": previous}
    )
    if s.g_sailors[g] == 0:
        s.sink(g, events, N_("last sailor landed"))
    return events
