"""Setup 1-18 (masters-of-venice.en.txt, Setup), in the rulebook's order (the order fixes
the chance draws).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from arsenale.core.state import Event
from arsenale.games.masters_of_venice.board import (
    BID_SPACES,
    CUBES_PER_RES,
    FAVOR_SET,
    N_COMP,
    N_DOCKS,
    N_ORDERS,
    N_RES,
    N_SHOPS,
    ROUNDS,
    RUMORS_PER_SHOP,
)
from arsenale.games.masters_of_venice.market import draw_cube
from arsenale.games.masters_of_venice.rounds import start_bidding
from arsenale.games.masters_of_venice.state import MovState
from arsenale.games.masters_of_venice.turn_order import clear_use

if TYPE_CHECKING:
    from arsenale.games.masters_of_venice.game import MastersOfVenice


def new_state(game: MastersOfVenice, players: int, seed: int, options: dict[str, Any]) -> MovState:
    """Setup 1-18, in the rulebook's order (the order fixes the chance draws)."""
    s = MovState.__new__(MovState)
    s._init_core(game, players, seed, options)
    n = players
    ch = s.chance
    # Setup 2: one share of a different shop each.
    starting = list(range(N_SHOPS))
    ch.shuffle(starting)
    s.shares = [0] * (N_COMP * n)
    s.supply = [10] * N_COMP
    for seat in range(n):
        s.shares[N_COMP * seat + starting[seat]] = 1
        s.supply[starting[seat]] -= 1
    s.cash = [150] * n
    s.vp = [0] * n
    # Setup 5: favors.
    s.fstack = list(FAVOR_SET)
    ch.shuffle(s.fstack)
    s.fknown = [0] * len(s.fstack)
    s.display = sorted(s.fstack.pop() for _ in range(2))
    s.fknown = s.fknown[: len(s.fstack)]
    s.favors = [()] * n
    # Setup 6: rumors, one face down on every canal space but the BID spaces.
    tiles = [c for c in range(N_SHOPS) for _ in range(RUMORS_PER_SHOP)]
    ch.shuffle(tiles)
    s.canal = [-1] * ROUNDS
    for k in range(ROUNDS):
        if k not in BID_SPACES:
            s.canal[k] = tiles.pop()
    s.box = sorted(tiles)
    s.rumors = [()] * n
    s.used = [0] * N_SHOPS
    # Setup 11: a secret Guild Order each.
    s.deck = list(range(N_ORDERS))
    ch.shuffle(s.deck)
    s.hands = [(s.deck.pop(),) for _ in range(n)]
    s.dknown = [-1] * len(s.deck)
    s.delivered = [()] * n
    # Setup 12-14.
    s.price = [40] * N_RES
    s.share = [40] * N_SHOPS
    s.orders = [2] * N_SHOPS
    # Setup 15-18: cubes out of the bag lower their prices.
    s.bag = [CUBES_PER_RES] * N_RES
    s.cubes = [0] * (N_RES * n)
    s.docks = [0] * (N_RES * N_DOCKS)
    s.office = [-1, -1]
    events: list[Event] = []
    for seat in range(n):
        r = draw_cube(s, events)
        s.cubes[N_RES * seat + r] += 1
    for d in range(N_DOCKS):
        for _ in range(2):
            r = draw_cube(s, events)
            s.docks[N_RES * d + r] += 1
    for o in range(2):
        s.office[o] = draw_cube(s, events)
    # The younger player wins a tie (Bidding): a public age ranking (RULINGS.md).
    ages = list(range(n))
    ch.shuffle(ages)
    s.age = tuple(ages)
    s.pawn = [-1] * n
    s.bids = [0] * n
    s.chars = [0] * n
    s.majority = [0] * n
    s.pending = []
    s.round = 0
    s.order = tuple(range(n))
    s.gondolieri = -1
    s.marker = 0
    s.draft = ()
    s.activated = 0
    s.cur = -1
    s.queue = ()
    s.stage = 0
    s.last = -1
    s.acted = 0
    s.waited = 0
    clear_use(s)
    s.place_dock = 0
    s.final = ()
    start_bidding(s, [])
    return s
