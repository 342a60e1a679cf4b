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


# -- the "Bad input", each staged once for every interface -------------------------


def _bidding(cash: int = 150) -> tuple[MovState, int]:
    s = new(3, 0)
    s.cash[0] = cash
    return s, 0


def _empty_supply() -> tuple[MovState, int]:
    s = new(3, 0)
    clear_hands(s)
    set_shares(s, 1, miller=10)
    use_at(s, "market", 0)
    return s, 0


def _at_market() -> tuple[MovState, int]:
    s = new(3, 0)
    clear_hands(s)
    use_at(s, "market", 0)
    return s, 0


def _church_of_another() -> tuple[MovState, int]:
    """Red at the Church, blue at the Stock Market: while the Church is resolved, blue (who
    did not move there) tries to buy a favor."""
    s = new(3, 0)
    first_commerce(s, (0, 1, 2), gondolieri=2, marker=0)
    act(s, 0, "go church")
    act(s, 1, "go market")
    act(s, 2, "go north")
    return s, 1


def _thief_stole() -> tuple[MovState, int]:
    from arsenale.games.masters_of_venice.board import THIEF

    s = new(3, 0)
    clear_hands(s)
    use_at(s, "docks", 0, chars=1 << THIEF)
    s.docks[0] += 2  # two iron on dock 1
    s.bag[0] -= 2
    act(s, 0, "dock 1")
    act(s, 0, "steal iron")
    return s, 0


def _trader_swapped() -> tuple[MovState, int]:
    from arsenale.games.masters_of_venice.board import TRADER

    s = new(3, 0)
    clear_hands(s)
    set_cubes(s, 0, iron=2)
    use_at(s, "mercato", 0, chars=1 << TRADER)
    act(s, 0, "swap iron for spice")
    return s, 0


def _drew() -> tuple[MovState, int]:
    s = new(3, 0)
    clear_hands(s)
    use_at(s, "guild", 0)
    act(s, 0, "draw")
    return s, 0


def _marker_spent() -> tuple[MovState, int]:
    """Yellow (the Gondolieri) used the Gondola Marker to go first; at his next chance to jump
    ahead (the Stock Market, shared) it is spent."""
    s = new(4, 0)
    first_commerce(s, (0, 1, 2, 3), gondolieri=3, marker=1)
    act(s, 0, "go market")
    act(s, 1, "go church")
    act(s, 2, "go mercato")
    act(s, 3, "go north")
    act(s, 3, "gondola")  # the marker: his own office first
    act(s, 3, "done")
    for seat in (0, 1, 2):  # red, green, blue at the Stock Market; yellow shares it next
        act(s, seat, "done")
    return s, 3


def _order_without_cubes() -> tuple[MovState, int]:
    from arsenale.games.masters_of_venice.board import ORDER_IDS

    s = new(3, 0)
    clear_hands(s)
    give_order(s, 0, ORDER_IDS.index("lumber+lumber+spice"))
    set_cubes(s, 0, lumber=1, spice=1)
    use_at(s, "guild", 0)
    return s, 0


def _order_without_orders() -> tuple[MovState, int]:

    s, seat = _order_without_cubes()
    set_cubes(s, 0, lumber=2, spice=1)
    s.orders[shop("spice")] = 0
    return s, seat


BAD_INPUTS: list[tuple[str, Any, str, str, str]] = [
    # (case, staging, text, reason (a regular expression), the rule's start after
    # "masters-of-venice.en.txt, ", or a rule of arsenale's own)
    ("dial not in steps of 5", _bidding, "bid 7", "steps of 5", "Bidding"),
    ("dial past its top", _bidding, "bid 1005", "0 to 1,000", "Bidding"),
    ("bid above one's money", lambda: _bidding(40), "bid 45", "more than your 40", "Bidding"),
    (
        "share the supply lacks",
        _empty_supply,
        "buy shares 1 miller",
        "supply has no shares of the Miller",
        "Stock Market",
    ),
    (
        "three shares, two left",
        lambda: _supply_of(2),
        "buy shares 3 tailor",
        "supply has 2 shares of the Tailor",
        "Stock Market",
    ),
    (
        "the Church is not shared",
        _church_of_another,
        "favor 20",
        r"not up to Blue|not (Blue's decision|for Blue to decide)",  # the engine's words, the server's
        "arsenale: decisions",
    ),
    (
        "the Church's action elsewhere",
        _at_market,
        "favor 20",
        "done at the Church, not at the Stock Market, and only by those who moved there",
        "Actions 2.2",
    ),
    (
        "a shipping office's action elsewhere",
        _at_market,
        "ship",
        "done at the Shipping Office North or at the Shipping Office South, not at the Stock "
        "Market, "
        "and only by those who moved there",
        "Actions 2.2",
    ),
    (
        "the Thief steals twice",
        _thief_stole,
        "steal iron",
        "steals 1 cube per visit",
        "Characters",
    ),
    (
        "the Trader swaps twice",
        _trader_swapped,
        "swap iron for gems",
        "swaps 1 time per visit",
        "Characters",
    ),
    ("a second draw in one visit", _drew, "draw", "already drawn", "Guild Hall"),
    (
        "the Gondola Marker twice",
        _marker_spent,
        "gondola",
        "used the Gondola Marker: once only",
        "Characters",
    ),
    ("the marker by another", _at_market, "gondola", "only the Gondolieri holds", "Characters"),
    (
        "an order without its cubes",
        _order_without_cubes,
        "deliver lumber+lumber+spice vp 3",
        "needs 2 cubes of lumber and you hold 1",
        "Guild Hall",
    ),
    (
        "an order without shop orders",
        _order_without_orders,
        "deliver lumber+lumber+spice vp 3",
        "Spice Shop has 0 orders",
        "Guild Hall",
    ),
]
"""The issue's list of bad input (wrong dial value, a bid above one's money, a share the
supply lacks, a location not shared, a character power used twice, an order delivered without
its cubes), each as a staged position, the text typed, the reason expected and the section of
masters-of-venice.en.txt (or arsenale's turn order) the refusal names."""


def _supply_of(left: int) -> tuple[MovState, int]:
    s = new(3, 0)
    clear_hands(s)
    set_shares(s, 1, tailor=10 - left)
    use_at(s, "market", 0)
    return s, 0
