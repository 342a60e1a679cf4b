"""The Docks (masters-of-venice.en.txt, Docks; Characters: Thief): one dock a use, its cubes
bought at the current prices; the Thief takes one free.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from arsenale.core.actions import Action
from arsenale.core.decisions import Why
from arsenale.core.state import Event
from arsenale.games.masters_of_venice import actions as A
from arsenale.games.masters_of_venice import powers
from arsenale.games.masters_of_venice.board import (
    N_DOCKS,
    N_RES,
    RESOURCES,
    STEP,
)
from arsenale.games.masters_of_venice.market import controls
from arsenale.games.masters_of_venice.rulebook import RULE_CHARS, RULE_DOCKS
from arsenale.games.masters_of_venice.words import _, cubes, ducats, ngettext, resource

if TYPE_CHECKING:
    from arsenale.games.masters_of_venice.state import MovState


def legal_docks(s: MovState, seat: int, out: list[Action], why: Why | None) -> None:
    """Docks: choose one dock, buy any of its cubes at the current prices (one batch per
    resource); the Thief may also take one cube free."""
    if s.u_dock < 0:
        for d in range(N_DOCKS):
            if s.docks[N_RES * d : N_RES * d + N_RES] != _NO_CUBES:
                out.append(A.DOCK[d])
            elif why is not None:
                why.no(_("dock {dock} is empty").format(dock=d + 1), RULE_DOCKS, "dock", dock=d + 1)
        if why is not None:
            why.no(_("choose a dock first ('dock 1' to 'dock 4')"), RULE_DOCKS, ("buy", "steal"))
        return
    if why is not None:
        why.no(_("you have already chosen a dock in this use"), RULE_DOCKS, "dock")
    base = N_RES * s.u_dock
    cash = s.cash[seat]
    steals = powers.dock_steals(s, seat)
    if why is None:
        types = s.u_types
        steal = steals and s.u_steal < steals
        for r, there in enumerate(s.docks[base : base + N_RES]):
            if there:
                if not types >> r & 1:
                    top_k = cash // s.price[r]
                    if there < top_k:
                        top_k = there
                    if top_k > 0:
                        out.extend(A.BUY[r][:top_k])
                if steal:
                    out.append(A.STEAL[r])
        return
    for r in range(N_RES):
        there = s.docks[base + r]
        if not there:
            if why is not None:
                why.no(
                    _("dock {dock} has no cube {of_resource}").format(
                        dock=s.u_dock + 1, of_resource=resource(RESOURCES[r], "of")
                    ),
                    RULE_DOCKS,
                    ("buy", "steal"),
                    resource=RESOURCES[r],
                )
            continue
        if s.u_types >> r & 1:
            if why is not None:
                why.no(
                    _(
                        "you have already bought cubes {of_resource} in this use (buy them in one go)"
                    ).format(of_resource=resource(RESOURCES[r], "of")),
                    RULE_DOCKS,
                    "buy",
                    resource=RESOURCES[r],
                )
        else:
            p = s.price[r]
            top_k = min(there, cash // p)
            if top_k > 0:
                out.extend(A.BUY[r][:top_k])
            if why is not None and why.wants("buy") and why.action["resource"] == RESOURCES[r]:
                k = why.action["count"]
                if k > there:
                    why.no(
                        _("dock {dock} has {cubes}").format(
                            dock=s.u_dock + 1, cubes=cubes(there, RESOURCES[r])
                        ),
                        RULE_DOCKS,
                    )
                else:
                    why.no(
                        _("{cubes} cost {cost} and you have {cash}").format(
                            cubes=cubes(k, RESOURCES[r]), cost=ducats(k * p), cash=ducats(cash)
                        ),
                        RULE_DOCKS,
                    )
        if not steals:
            if why is not None:
                why.no(_("only the Thief may steal a cube"), RULE_CHARS, "steal")
        elif s.u_steal >= steals:
            if why is not None:
                why.no(
                    ngettext(
                        "the Thief steals {n} cube per visit",
                        "the Thief steals {n} cubes per visit",
                        steals,
                    ).format(n=steals),
                    RULE_CHARS,
                    "steal",
                )
        else:
            out.append(A.STEAL[r])


_NO_CUBES: Final = [0] * N_RES
"""An empty dock's cubes, per resource."""


def dock_buy(s: MovState, seat: int, r: int, k: int, events: list[Event]) -> None:
    total = s.price[r] * k
    s.cash[seat] -= total
    s.docks[N_RES * s.u_dock + r] -= k
    s.cubes[N_RES * seat + r] += k
    s.price[r] += STEP * k
    s.u_types |= 1 << r
    events.append(
        {
            "type": "dock_buy",
            "seat": seat,
            "dock": s.u_dock + 1,
            "resource": RESOURCES[r],
            "count": k,
            "total": total,
        }
    )
    controls(s, r, events)


def steal(s: MovState, seat: int, r: int, events: list[Event]) -> None:
    """Thief: one cube of the chosen dock, free, with no price change."""
    s.docks[N_RES * s.u_dock + r] -= 1
    s.cubes[N_RES * seat + r] += 1
    s.u_steal += 1
    events.append({"type": "steal", "seat": seat, "dock": s.u_dock + 1, "resource": RESOURCES[r]})
