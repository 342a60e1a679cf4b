"""Blockades (serenissima-2012.en.txt, "Blockade during movement", "Blockade during a sale",
"Blockade and battle").

A player whose galleys in a zone carry more sailors, all together, than the active galley may
blockade it there: when it enters the zone (it stops and goes on to sale or battle), when it
tries to sell (the sale fails; it may fight or end its turn) and when it tries to claim the
neutral port (it may fight the blockaders first). Sailors in ports do not count. A galley is
never blockaded in the zone where its turn began. Several players who may blockade are asked in
order: most sailors first, ties to the player with the lowest-numbered galley in the zone. The
first to blockade settles it. The decision belongs to the blockading player, out of turn.
After a blockaded sale the galley may only fight the blockaders' galleys or end its turn; once
a battle has begun, the usual battle options return (the rulebook example goes on to the port).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from arsenale.core.actions import Action
from arsenale.core.decisions import Decision, Why
from arsenale.core.state import Event
from arsenale.games.serenissima_2012.steps import STEP3

if TYPE_CHECKING:
    from arsenale.games.serenissima_2012.state import Serenissima2012State

RULE_BLOCKADE: Final = "serenissima-2012.en.txt, A) Action, 2) Movement, Blockade during movement"
RULE_SALE_BLOCKADE: Final = "serenissima-2012.en.txt, A) Action, 3) a) Sale, Blockade during a sale"
RULE_CLAIM_BLOCKADE: Final = "serenissima-2012.en.txt, A) Action, 3) b) Battle, Blockade and battle"


def candidates(s: Serenissima2012State) -> tuple[int, ...]:
    """Players who may blockade the active galley where it is, in the order they are asked."""
    g = s.active
    zone, mover, need = s.g_zone[g], s.g_owner[g], s.g_sailors[g]
    if s.zone_galleys[zone] < 2:  # no other galley here
        return ()
    totals: dict[int, int] = {}
    lowest: dict[int, int] = {}
    gz, gs = s.g_zone, s.g_sailors
    for h, o in enumerate(s.g_owner):
        if o >= 0 and o != mover and gz[h] == zone:
            totals[o] = totals.get(o, 0) + gs[h]
            lowest.setdefault(o, h)
    eligible = []
    for o, n in totals.items():
        if n > need:
            eligible.append(o)
    if len(eligible) > 1:
        eligible.sort(key=lambda o: (-totals[o], lowest[o]))
    return tuple(eligible)


def offer(s: Serenissima2012State, context: str, payload: int, events: list[Event]) -> bool:
    """Ask the eligible players, in order, whether they blockade. False if nobody can."""
    if s.g_zone[s.active] == s.start_zone:  # never in the zone where the turn began
        return False
    order = candidates(s)
    if not order:
        return False
    s.stack.append(Decision("blockade", (order[0],), (context, payload, order[1:])))
    events.append(
        {"type": "blockade_question", "seat": order[0], "against": s.active + 1, "context": context}
    )
    return True


def legal_blockade(
    s: Serenissima2012State, seat: int, top: Decision, why: Why | None
) -> list[Action]:
    a = s.game.actions
    return [a.blockade, a.pass_]


def apply_blockade(
    s: Serenissima2012State, seat: int, action: Action, top: Decision
) -> list[Event]:
    from arsenale.games.serenissima_2012 import activation

    context, payload, rest = top.data
    s.stack.pop()
    events: list[Event] = []
    mover = s.g_owner[s.active]
    if action is s.game.actions.blockade:
        events.append(
            {"type": "blockade", "seat": seat, "against": s.active + 1, "context": context}
        )
        if context == "move":
            s.step = STEP3
        elif context == "sale":
            s.sale_blocked |= 1 << seat
        else:
            s.claim_blockers |= 1 << seat
        return events
    events.append(
        {"type": "no_blockade", "seat": seat, "against": s.active + 1, "context": context}
    )
    if rest:
        s.stack.append(Decision("blockade", (rest[0],), (context, payload, rest[1:])))
    elif context == "sale":
        activation.complete_sale(s, mover, payload, events)
    elif context == "claim":
        activation.complete_claim(s, mover, payload, events)
    return events
