"""Set-up (serenissima-2012.en.txt, opening set-up section; 2- and 3-player sections).

Order of decisions: with 2-3 players, one port each of wood, wine, stone and marble is closed,
the players choosing in turn from the first player (RULINGS.md R1). Then each player, clockwise
from the first, picks a starting port and a galley; then a second galley counter-clockwise from
the last player; with 2 players a third galley clockwise again (RULINGS.md R2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from arsenale.core.actions import Action
from arsenale.core.decisions import Decision, Why
from arsenale.core.state import Event
from arsenale.games.serenissima_2012 import turn_end
from arsenale.games.serenissima_2012.activation import RULE_CLOSED
from arsenale.games.serenissima_2012.board import GOODS
from arsenale.games.serenissima_2012.words import _, port_name

if TYPE_CHECKING:
    from arsenale.games.serenissima_2012.state import Serenissima2012State

RULE_SETUP: Final = "serenissima-2012.en.txt, set-up"
RULE_PLAYERS: Final = (
    "serenissima-2012.en.txt, Serenissima with 3 players / with 2 players (galleys)"
)


def begin(s: Serenissima2012State) -> None:
    """Push the set-up decisions: closing ports (2-3 players), then port and galley picks."""
    n, first = s.players, s.first
    clockwise = [(first + i) % n for i in range(n)]
    picks: list[tuple[str, int]] = [("port", p) for p in clockwise]
    picks += [("galley", p) for p in reversed(clockwise)]
    if s.setup.start_galleys == 3:
        picks += [("galley", p) for p in clockwise]
    # Within the first round each player takes a port and then a galley.
    queue: list[tuple[str, int]] = []
    for kind, p in picks[:n]:
        queue += [(kind, p), ("galley", p)]
    queue += picks[n:]
    closes = tuple((clockwise[i % n], good) for i, good in enumerate(s.setup.closed_goods))
    _next(s, closes, tuple(queue), [])  # the first pick is always left: no turn starts here


def _next(
    s: Serenissima2012State,
    closes: tuple[tuple[int, int], ...],
    queue: tuple[tuple[str, int], ...],
    events: list[Event],
) -> None:
    """Push the next pick (`closes`, then `queue`: the picks left), or start the first turn,
    whose events (the turn and the wheel's first galley) join those of the last pick."""
    if closes:
        seat, good = closes[0]
        s.stack.append(Decision("close", (seat,), (good, closes[1:], queue)))
    elif queue:
        (kind, seat), rest = queue[0], queue[1:]
        s.stack.append(
            Decision("choose_port" if kind == "port" else "choose_galley", (seat,), ((), rest))
        )
    else:
        turn_end.start_turn(s, events)


def legal_close(s: Serenissima2012State, seat: int, top: Decision, why: Why | None) -> list[Action]:
    """One port of the good now asked for, neither a starting port nor already closed."""
    good = top.data[0]
    b = s.game.board
    close = s.game.actions.close
    out: list[Action] = []
    for p in range(len(b.port_ids)):
        if b.port_good[p] == good and p not in b.start_ports and not s.closed >> p & 1:
            out.append(close[p])
        elif why is not None:
            name = port_name(b, p)
            if p in b.start_ports:
                reason = _("starting ports stay open")
            elif b.port_good[p] != good:
                reason = _("now a {good} port is closed, and {name} produces {produced}").format(
                    good=_(GOODS[good]), name=name, produced=_(GOODS[b.port_good[p]])
                )
            else:
                reason = _("{name} is already closed").format(name=name)
            why.no(reason, RULE_CLOSED, "close", port=b.port_ids[p])
    return out


def apply_close(s: Serenissima2012State, seat: int, action: Action, top: Decision) -> list[Event]:
    p = s.game.board.port_index(action["port"])
    s.closed |= 1 << p
    good, closes, queue = top.data
    s.stack.pop()
    events: list[Event] = [
        {"type": "closed", "seat": seat, "port": action["port"], "good": GOODS[good]}
    ]
    _next(s, closes, queue, events)
    return events


def legal_choose_port(
    s: Serenissima2012State, seat: int, top: Decision, why: Why | None
) -> list[Action]:
    """A starting port nobody has taken."""
    b = s.game.board
    choose = s.game.actions.choose_port
    out: list[Action] = []
    for p in b.start_ports:
        if s.owner[p] < 0:
            out.append(choose[p])
        elif why is not None:
            why.no(
                _("{port} is already taken").format(port=port_name(b, p)),
                RULE_SETUP,
                "choose_port",
                port=b.port_ids[p],
            )
    if why is not None:
        for p in range(len(b.port_ids)):
            if p not in b.start_ports:
                reason = _("{port} is not one of the {start_ports} starting ports").format(
                    port=port_name(b, p), start_ports=len(b.start_ports)
                )
                why.no(reason, RULE_SETUP, "choose_port", port=b.port_ids[p])
    return out


def apply_choose_port(
    s: Serenissima2012State, seat: int, action: Action, top: Decision
) -> list[Event]:
    b = s.game.board
    p = b.port_index(action["port"])
    s.owner[p] = seat
    s.port_count[seat] += 1
    s.port_sailors[p] = b.meta["start_sailors_port"]
    s.reserve[seat] -= b.meta["start_sailors_port"]
    home = list(s.home)
    home[seat] = p
    s.home = home
    s.stack.pop()
    events: list[Event] = [{"type": "start_port", "seat": seat, "port": action["port"]}]
    closes, queue = top.data
    _next(s, closes, queue, events)
    return events


def legal_choose_galley(
    s: Serenissima2012State, seat: int, top: Decision, why: Why | None
) -> list[Action]:
    """A galley of this player count's set that nobody has taken."""
    galleys = s.game.actions.choose_galley
    used = s.setup.galleys
    owners = s.g_owner
    out = [galleys[g] for g in range(used) if owners[g] < 0]
    if why is None:
        return out
    for g in range(len(galleys)):
        if g >= used:
            reason = _("with {players} players galleys {used}-{galleys} stay in the box").format(
                players=s.players, used=used + 1, galleys=len(galleys)
            )
            why.no(reason, RULE_PLAYERS, "choose_galley", galley=g + 1)
        elif owners[g] >= 0:
            reason = _("galley {g} is already taken").format(g=g + 1)
            why.no(reason, RULE_SETUP, "choose_galley", galley=g + 1)
    return out


def apply_choose_galley(
    s: Serenissima2012State, seat: int, action: Action, top: Decision
) -> list[Event]:
    b = s.game.board
    g = action["galley"] - 1
    s.g_owner[g] = seat
    s.fleet[seat] += 1
    s.g_zone[g] = b.port_zone[s.home[seat]]
    s.zone_galleys[s.g_zone[g]] += 1
    s.g_sailors[g] = b.meta["start_sailors_galley"]
    s.reserve[seat] -= b.meta["start_sailors_galley"]
    s.stack.pop()
    events: list[Event] = [
        {"type": "start_galley", "seat": seat, "galley": g + 1, "zone": b.zone_ids[s.g_zone[g]]}
    ]
    closes, queue = top.data
    _next(s, closes, queue, events)
    return events
