"""Helpers for the Masters of Venice tests: fresh games, staged positions and full snapshots."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from arsenale.core.decisions import Decision
from arsenale.core.registry import load_game
from arsenale.games.masters_of_venice.board import LOCATIONS, RESOURCES, SHOPS
from arsenale.games.masters_of_venice.rounds import start_commerce
from arsenale.games.masters_of_venice.state import MovState
from arsenale.games.masters_of_venice.turn_order import begin_use

GAME = load_game("masters-of-venice")
RULES = "masters-of-venice.en.txt, "


def new(players: int = 4, seed: int = 0) -> MovState:
    s = GAME.new_game(players, seed=seed)
    assert isinstance(s, MovState)
    return s


def res(name: str) -> int:
    return RESOURCES.index(name)


def shop(name: str) -> int:
    return SHOPS.index(name)


def loc(name: str) -> int:
    return LOCATIONS.index(name)


def clear_hands(s: MovState) -> None:
    """No cubes, shares, characters or orders in anyone's hand: a blank table to stage on
    (what leaves the hands goes back to the bag, the supply and the deck)."""
    n = s.players
    for seat in range(n):
        for r in range(6):
            s.bag[r] += s.cubes[6 * seat + r]
            s.cubes[6 * seat + r] = 0
        for c in range(7):
            s.supply[c] += s.shares[7 * seat + c]
            s.shares[7 * seat + c] = 0
        s.deck.extend(s.hands[seat])
        s.dknown.extend([-1] * len(s.hands[seat]))
        s.hands[seat] = ()
    s.chars = [0] * n


def set_cubes(s: MovState, seat: int, **counts: int) -> None:
    for name, k in counts.items():
        r = res(name)
        s.bag[r] -= k - s.cubes[6 * seat + r]
        s.cubes[6 * seat + r] = k


def set_shares(s: MovState, seat: int, **counts: int) -> None:
    from arsenale.games.masters_of_venice.board import COMPANIES

    for name, k in counts.items():
        c = COMPANIES.index(name)
        s.supply[c] -= k - s.shares[7 * seat + c]
        s.shares[7 * seat + c] = k


def give_order(s: MovState, seat: int, card: int) -> None:
    pos = s.deck.index(card)
    s.deck.pop(pos)
    s.dknown.pop(pos)
    s.hands[seat] = tuple(sorted((*s.hands[seat], card)))


def use_at(s: MovState, where: str, seat: int, chars: int = 0) -> None:
    """Stage `seat` at the start of its use of `where` in a commerce round, the last location
    of the round (nobody shares it afterwards)."""
    s.stack.clear()
    s.submissions = {}
    s.round = 1
    s.gondolieri = (seat + 1) % s.players
    s.marker = 0
    if chars:
        s.chars[seat] = chars
    s.pawn = [loc(where) if p == seat else loc("church") for p in range(s.players)]
    s.activated = 255
    s.cur = loc(where)
    s.queue = ()
    s.stage = 1
    s.acted = 0
    s.last = seat
    s._legal = None
    begin_use(s, seat)


def first_commerce(s: MovState, order: tuple[int, ...], gondolieri: int, marker: int = 1) -> None:
    """Set `s` at the move of the first commerce round: this turn order, this Gondolieri with
    the Gondola Marker unused (`marker` 1) or spent (0), every pawn still off the board."""
    s.stack.clear()
    s.submissions = {}
    s.round = 1
    s.order = order
    s.gondolieri = gondolieri
    s.marker = marker
    s.pawn = [-1] * s.players
    start_commerce(s, [])
    s._legal = None


def act(s: MovState, seat: int, text: str) -> list[dict[str, Any]]:
    return s.apply(seat, text)


def top(s: MovState) -> Decision:
    return s.stack[-1]


def snapshot(s: MovState) -> str:
    """Everything about a state: every declared field, the stack, the core's fields, views."""
    fields = {name: getattr(s, name) for name in (*type(s).copied, *type(s).kept)}
    return json.dumps(
        {
            "fields": {k: list(v) if isinstance(v, list | tuple) else v for k, v in fields.items()},
            "stack": [list(f) for f in s.stack],
            "submissions": {k: v.notation for k, v in s.submissions.items()},
            "ply": s.ply,
            "over": s.over,
            "history": [(seat, a.notation) for seat, a in s.history()],
            "chance": s.chance._s,
            "views": [s.view(None)] + [s.view(x) for x in range(s.players)],
        },
        sort_keys=True,
        default=str,
    )


def random_play(
    players: int, seed: int, busy: float = 0.7
) -> Iterator[tuple[MovState, int, list[Any]]]:
    """The positions of one random game (seat to move and its legal actions), leaning away
    from 'done' so the locations get used."""
    rng = random.Random(seed)
    s = new(players, seed)
    while not s.is_over:
        movers = s.to_move()
        seat = movers[rng.randrange(len(movers))]
        legal = s.legal_actions(seat)
        yield s, seat, legal
        active = [a for a in legal if a.kind not in ("done", "wait")]
        pick = active if active and rng.random() < busy else legal
        s.apply(seat, pick[rng.randrange(len(pick))])
