"""Investment (serenissima-2012.en.txt, "B) Investment") and the special investment of players
with fewer than 2 galleys ("End of the Turn").

Purchases, each paid to the bank: a sailor (1 ducat) in an own port up to its warehouse size or
aboard an own galley lying at an own port; one galley per investment (1 ducat per galley already
owned) placed at an own port, crewed by one recruited sailor (RULINGS.md R7); a fort (2 ducats)
where wood and stone are produced or present; a basilica (2 ducats) where gold and marble are.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arsenale.core.actions import Action
from arsenale.core.decisions import Decision
from arsenale.core.state import Event
from arsenale.games.serenissima_2012.board import GOLD, MARBLE, STONE, WOOD

if TYPE_CHECKING:
    from arsenale.games.serenissima_2012.state import SerenissimaState

RULE_INVEST = "serenissima-2012.en.txt, B) Investment"
MAX_GALLEYS = 6  # galley cubes per player (rulebook components)


def galley_price(s: SerenissimaState, seat: int) -> int:
    """Ducats for a new galley with its first sailor: 1 per galley owned, plus the sailor."""
    return sum(1 for o in s.g_owner if o == seat) + s.game.board.meta["sailor_price"]


def _recruits(s: SerenissimaState, seat: int, ports_too: bool) -> list[Action]:
    b, a = s.game.board, s.game.actions
    out: list[Action] = []
    if s.reserve[seat] < 1 or s.money[seat] < b.meta["sailor_price"]:
        return out
    owner = s.owner
    if ports_too:
        out += [
            a.recruit_port[p]
            for p in range(len(owner))
            if owner[p] == seat and s.port_sailors[p] < b.port_size[p]
        ]
    zone_port = b.zone_port
    for g, o in enumerate(s.g_owner):
        if o == seat:
            p = zone_port[s.g_zone[g]]
            if p >= 0 and owner[p] == seat and s.g_sailors[g] + s.g_goods[g] < 5:
                out.append(a.recruit_galley[g])
    return out


def _galley_buys(s: SerenissimaState, seat: int) -> list[Action]:
    owned = sum(1 for o in s.g_owner if o == seat)
    if owned >= MAX_GALLEYS or s.reserve[seat] < 1 or s.money[seat] < galley_price(s, seat):
        return []
    a = s.game.actions
    ports = s.ports_of(seat)
    return [a.buy_galley[g][p] for g in range(s.setup.galleys) if s.g_owner[g] < 0 for p in ports]


def can_build(s: SerenissimaState, p: int, kind: str) -> bool:
    b = s.game.board
    if kind == "fort":
        return (
            not s.forts >> p & 1
            and bin(s.forts).count("1") < b.meta["forts"]
            and s.port_has(p, WOOD)
            and s.port_has(p, STONE)
        )
    return (
        not s.basilicas >> p & 1
        and bin(s.basilicas).count("1") < b.meta["basilicas"]
        and s.port_has(p, GOLD)
        and s.port_has(p, MARBLE)
    )


def legal_investment(s: SerenissimaState, seat: int, top: Decision) -> list[Action]:
    a, meta = s.game.actions, s.game.board.meta
    out = _recruits(s, seat, ports_too=True)
    if not s.bought_galley:
        out += _galley_buys(s, seat)
    ports = s.ports_of(seat)
    if s.money[seat] >= meta["fort_price"]:
        out += [a.fort[p] for p in ports if can_build(s, p, "fort")]
    if s.money[seat] >= meta["basilica_price"]:
        out += [a.basilica[p] for p in ports if can_build(s, p, "basilica")]
    out.append(a.end)
    return out


def legal_special(s: SerenissimaState, seat: int, top: Decision) -> list[Action]:
    out = _recruits(s, seat, ports_too=False)
    if sum(1 for o in s.g_owner if o == seat) < 2:
        out += _galley_buys(s, seat)
    out.append(s.game.actions.end)
    return out


def purchase(s: SerenissimaState, seat: int, action: Action, events: list[Event]) -> None:
    """Carry out one legal purchase and pay the bank."""
    b, meta = s.game.board, s.game.board.meta
    kind = action.kind
    if kind == "recruit_port":
        p = b.port_index(action["port"])
        s.port_sailors[p] += 1
        cost = meta["sailor_price"]
        s.reserve[seat] -= 1
    elif kind == "recruit_galley":
        g = action["galley"] - 1
        s.g_sailors[g] += 1
        cost = meta["sailor_price"]
        s.reserve[seat] -= 1
    elif kind == "buy_galley":
        g, p = action["galley"] - 1, b.port_index(action["port"])
        cost = galley_price(s, seat)
        s.g_owner[g] = seat
        s.g_zone[g] = b.port_zone[p]
        s.g_sailors[g] = 1
        s.reserve[seat] -= 1
        s.bought_galley = True
    elif kind == "fort":
        s.forts |= 1 << b.port_index(action["port"])
        cost = meta["fort_price"]
    else:  # basilica
        s.basilicas |= 1 << b.port_index(action["port"])
        cost = meta["basilica_price"]
    s.money[seat] -= cost
    events.append({"type": "purchase", "seat": seat, "what": action.notation, "ducats": cost})


def apply_investment(s: SerenissimaState, seat: int, action: Action, top: Decision) -> list[Event]:
    from arsenale.games.serenissima_2012 import turn_end

    events: list[Event] = []
    if action is s.game.actions.end:
        events.append({"type": "end_investment", "seat": seat})
        turn_end.finish_activation(s, events)
        return events
    purchase(s, seat, action, events)
    if len(legal_investment(s, seat, top)) == 1:  # nothing left to buy
        events.append({"type": "end_investment", "seat": seat})
        turn_end.finish_activation(s, events)
    return events
