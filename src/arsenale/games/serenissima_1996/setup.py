"""Set-up (serenissima-1996.en.txt, "Starting"; .fr.txt, "POSITIONS DE DEPART").

Nations by player count (2 players: Venetians and Genoese, or Spanish and Turks by option);
each nation has 2 galleys in the area of its capital, 10 sailors and 2,000 ducats. Every player
splits the 10 sailors between the two galleys and the capital: a simultaneous secret choice in
Arsenale (RULINGS.md), `deploy a b` putting a and b sailors on the galleys and the rest in
the capital.
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

RULE_SETUP: Final = "serenissima-1996.en.txt, Starting"


def begin(s: Serenissima1996State) -> None:
    s.stack.append(Decision("deploy", tuple(range(s.players))))


def legal_deploy(
    s: Serenissima1996State, seat: int, top: Decision, why: Why | None = None
) -> list[Action]:
    """1 to 5 sailors on each galley (5 pieces a galley, one at least a sailor), the rest of
    the 10 in the capital."""
    a = s.game.actions
    sailors = s.game.board.start["sailors"]
    out = []
    for x in range(1, 6):
        for y in range(1, 6):
            if x + y <= sailors:
                out.append(a.deploy_action(x, y))
            elif why is not None:
                why.no(
                    _("you have {sailors} sailors to split: {x} + {y} is more").format(
                        sailors=sailors, x=x, y=y
                    ),
                    RULE_SETUP,
                    "deploy",
                    first=x,
                    second=y,
                )
    return out


def resolve_deploy(
    s: Serenissima1996State, top: Decision, submissions: dict[int, Action]
) -> list[Event]:
    b = s.game.board
    events: list[Event] = []
    for seat in range(s.players):
        action = submissions[seat]
        capital = s.capital_of(seat)
        area = b.port_area[capital]
        for n in (action["first"], action["second"]):
            g = s.add_galley(seat, area)
            s.g_sailors[g] = n
        s.garrison[capital] = b.start["sailors"] - action["first"] - action["second"]
        s.owner[capital] = seat
        events.append(
            {
                "type": "deployed",
                "seat": seat,
                "galleys": [action["first"], action["second"]],
                "capital": s.garrison[capital],
            }
        )
    flow.start_round(s, events)
    return events
