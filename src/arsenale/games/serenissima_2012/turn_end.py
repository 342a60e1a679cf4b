"""The wheel, the end of a turn, scoring and the end of the game.

serenissima-2012.en.txt, "Game Overview" (the wheel), "End of the Turn" (Doge cards, players
with less than 2 galleys), "Scoring" and "End of the game".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from arsenale.core.actions import Action
from arsenale.core.decisions import Decision, Why
from arsenale.core.state import Event
from arsenale.games.serenissima_2012 import investment
from arsenale.games.serenissima_2012.steps import NO_MODE

if TYPE_CHECKING:
    from arsenale.games.serenissima_2012.state import Serenissima2012State

RULE_WHEEL: Final = "serenissima-2012.en.txt, Game Overview (the wheel)"
RULE_DOGE: Final = "serenissima-2012.en.txt, End of the Turn (Doge cards)"
RULE_SCORING: Final = "serenissima-2012.en.txt, Scoring"


def start_turn(s: Serenissima2012State, events: list[Event]) -> None:
    """A new turn: the black token leaves the Doge space for the first galley on the wheel."""
    s.turn += 1
    s.wheel = -1
    events.append({"type": "turn", "turn": s.turn})
    next_galley(s, events)


def next_galley(s: Serenissima2012State, events: list[Event]) -> None:
    """Move the black token clockwise to the next galley on the wheel, or end the turn.

    Galleys activate in number order; a galley bought during the turn with a number still
    ahead of the token is activated this turn, a sunk one is skipped (RULINGS.md R9).
    """
    s.active = -1
    owners = s.g_owner
    for g in range(s.wheel + 1, len(owners)):
        seat = owners[g]
        if seat >= 0:
            s.wheel = g
            a = s.game.actions
            s.stack.append(a.galley_frame[g][seat])
            events.append({"type": "wheel", "galley": g + 1, "seat": seat})
            s._legal = (s.ply, seat, [a.act, a.invest])  # `legal_galley`'s, kept for this ply
            return
    end_turn(s, events)


def begin_activation(s: Serenissima2012State, g: int) -> None:
    s.active = g
    s.start_zone = s.g_zone[g]
    s.moves = 0
    s.step = 0
    s.mode = NO_MODE
    s.free_cube = True
    s.cap = -1
    s.sale_asked = False
    s.sale_blocked = 0
    s.claim_blockers = 0
    s.bought_galley = False
    s.unloading = False


def finish_activation(s: Serenissima2012State, events: list[Event]) -> None:
    """The active galley's turn is over: drop its frames and move the token on."""
    while s.stack and s.stack[-1].kind in ("activation", "investment", "battle", "loot", "occupy"):
        s.stack.pop()
    next_galley(s, events)


def legal_galley(
    s: Serenissima2012State, seat: int, top: Decision, why: Why | None
) -> list[Action]:
    a = s.game.actions
    return [a.act, a.invest]


def apply_galley(s: Serenissima2012State, seat: int, action: Action, top: Decision) -> list[Event]:
    g = top.data
    s.stack.pop()
    begin_activation(s, g)
    a = s.game.actions
    if action is a.act:
        s.stack.append(a.activation_frame[g][seat])
    else:
        s.stack.append(a.investment_frame[g][seat])
    return [{"type": action.kind, "seat": seat, "galley": g + 1}]


def end_turn(s: Serenissima2012State, events: list[Event]) -> None:
    """Every galley has acted: draw a Doge card, score if the token reaches a scoring space,
    end the game after the third scoring, else the special investment, then a new turn."""
    b = s.game.board
    s.wheel = -1
    card = s.doge_deck.pop()
    events.append({"type": "doge_card", "card": b.doge_ids[card]})
    if b.doge_wine[card]:
        for seat in range(s.players):
            wine_ports = 0
            for p in s.ports_of(seat):
                if s.is_wine_port(p):
                    wine_ports += 1
            if wine_ports:
                gain = wine_ports * b.meta["wine_income"]
                s.money[seat] += gain
                events.append({"type": "wine_income", "seat": seat, "ducats": gain})
    old = s.track
    s.track = min(s.track + b.doge_steps[card], s.setup.track_length)
    for space in s.setup.scoring:
        if old < space <= s.track:  # the token reached or passed a scoring space
            score(s, events)
            break
    if b.doge_shuffle[card]:
        s.doge_deck.extend(s.doge_discard)
        s.doge_deck.append(card)
        s.doge_discard.clear()
        s.chance.shuffle(s.doge_deck)
        events.append({"type": "doge_shuffle"})
    else:
        s.doge_discard.append(card)
    if s.scorings >= 3:
        s.over = True
        s.stack.clear()
        events.append({"type": "game_over", "result": s.result().to_json()})
        return
    few: list[int] = []  # the seats with fewer than 2 galleys, from the first player on
    if min(s.fleet) < 2:
        for i in range(s.players):
            seat = (s.first + i) % s.players
            if s.fleet[seat] < 2:
                few.append(seat)
    _next_special(s, tuple(few), events)


def score(s: Serenissima2012State, events: list[Event]) -> None:
    """Each port pays by the number of cubes in its warehouse, each basilica 5 more."""
    s.scorings += 1
    for seat in range(s.players):
        total = s.scoring_worth(seat)
        s.money[seat] += total
        events.append({"type": "scoring", "seat": seat, "ducats": total, "scoring": s.scorings})


def _next_special(s: Serenissima2012State, waiting: tuple[int, ...], events: list[Event]) -> None:
    """Offer the special investment to the next player with fewer than 2 galleys who can
    afford something; when none is left, start the next turn."""
    while waiting:
        seat, waiting = waiting[0], waiting[1:]
        frame = Decision("special", (seat,), waiting)
        s.stack.append(frame)
        s.bought_galley = False
        legal = investment.legal_special(s, seat, frame, None)
        if len(legal) > 1:
            events.append({"type": "special_investment", "seat": seat})
            s._legal = (s.ply, seat, legal)  # its legal actions, kept in the core's cache
            return
        s.stack.pop()
    start_turn(s, events)


def apply_special(s: Serenissima2012State, seat: int, action: Action, top: Decision) -> list[Event]:
    events: list[Event] = []
    if action is s.game.actions.end:
        s.stack.pop()
        events.append({"type": "end_investment", "seat": seat})
        _next_special(s, top.data, events)
        return events
    investment.purchase(s, seat, action, events)
    legal = investment.legal_special(s, seat, top, None)
    if len(legal) == 1:  # only "end" is left
        s.stack.pop()
        _next_special(s, top.data, events)
    else:  # the seat buys on: these are its legal actions, kept in the core's cache
        s._legal = (s.ply, seat, legal)
    return events
