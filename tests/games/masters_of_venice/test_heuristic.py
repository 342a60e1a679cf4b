"""The heuristic bot, `evaluate` and the prior of rivals' secret choices."""

from __future__ import annotations

import random

from arsenale.bots.base import Fallbacks, heuristic_policy
from arsenale.core.actions import Action
from arsenale.core.info import SeatInfo
from arsenale.games.masters_of_venice.state import MovState

from .helpers import GAME, new


def play(players: int, seed: int) -> tuple[float, ...]:
    """Seat 0 by the heuristic (strict: a failure raises), the others at random."""
    Fallbacks.strict = True
    try:
        policy = heuristic_policy(GAME)
        s = new(players, seed)
        rng = random.Random(seed)
        while not s.is_over:
            for seat in s.to_move():
                info = SeatInfo(s, seat)
                if seat == 0:
                    action = policy(info, rng)
                    assert action in s.legal_actions(seat)
                else:
                    action = rng.choice(info.legal_actions())
                s.apply(seat, action)
        assert GAME.evaluate(s) == list(s.result().scores)
        return s.result().scores
    finally:
        Fallbacks.strict = False


def test_the_heuristic_plays_legal_moves_and_beats_random_seats():
    """In 2- and 5-player games against random seats the heuristic never fails and wins most
    games (benchmarks/strength.py measures the rate over 100 games)."""
    wins = 0
    games = 0
    for players in (2, 5):
        for seed in range(6):
            scores = play(players, seed)
            games += 1
            wins += scores[0] == max(scores)
    assert wins >= games - 2


def test_evaluate_scores_every_seat_and_the_prior_gives_legal_choices():
    """`evaluate` gives one estimate per seat; the prior of a rival's bid or destination is one
    of its legal actions."""
    s = new(4, 3)
    rng = random.Random(0)
    assert len(GAME.evaluate(s)) == 4
    for seat in range(4):
        legal = s.legal_actions(seat)
        assert GAME.submission_prior(s, seat, legal, rng) in legal


# -- decisions in staged positions ------------------------------------------------------------


def decide(s: MovState, seat: int) -> Action:
    """The heuristic's choice in a staged position (the true state as its world)."""
    from arsenale.games.masters_of_venice import heuristic as bot

    return bot.heuristic(s, seat, s.legal_actions(seat), random.Random(0))


def test_it_delivers_for_all_the_vp_and_draws_while_there_is_time():
    """Guild Hall: a held order with its cubes is delivered for its 3 VP (a VP is worth 100 at
    the end, the cash instead only 50); with no order left and rounds to play it draws."""
    from arsenale.games.masters_of_venice.board import ORDER_IDS

    from .helpers import clear_hands, give_order, set_cubes, use_at

    s = new(3, 0)
    clear_hands(s)
    give_order(s, 0, ORDER_IDS.index("lumber+lumber+spice"))
    set_cubes(s, 0, lumber=2, spice=1)
    use_at(s, "guild", 0)
    assert decide(s, 0).notation == "deliver lumber+lumber+spice vp 3"
    s.apply(0, "deliver lumber+lumber+spice vp 3")
    assert decide(s, 0).notation == "draw"


def test_at_the_shops_it_opens_orders_with_a_favor_then_sells_at_double():
    """Shops and Favors: holding 4 Gems with 1 order at the Jeweler and a 30 favor, it plays
    the favor for the 3 orders its cubes lack, then sells the 4 Gems."""
    from .helpers import clear_hands, set_cubes, use_at

    s = new(3, 0)
    clear_hands(s)
    set_cubes(s, 0, gems=4)
    s.orders[1] = 1  # the Jeweler
    s.favors[0] = (1,)
    use_at(s, "shops", 0)
    assert decide(s, 0).notation == "play favor 30 jeweler 3"
    s.apply(0, "play favor 30 jeweler 3")
    assert decide(s, 0).notation == "sell 4 gems"


def test_it_speculates_in_office_shares_early_and_keeps_cash_for_cubes():
    """Stock Market: early, an office share (20, 10 a use) pays more than a shop's at 40; with
    its 150 ducats it buys office shares only, and keeps 100 for cubes (two shares)."""
    from .helpers import clear_hands, use_at

    s = new(4, 0)
    clear_hands(s)
    use_at(s, "market", 0)
    s.round = 1
    choice = decide(s, 0)
    assert choice.kind == "buy_shares"
    counts = {k: v for k, v in choice.params.items() if v}
    assert set(counts) <= {"north", "south"} and s.cash[0] == 150
    assert s.cash[0] - 20 * sum(counts.values()) >= 100 and sum(counts.values()) == 2


def test_it_bids_for_the_orders_its_cubes_lack():
    """Bidding: 5 Iron held and 2 orders at the Blacksmith: it bids 15 for three more orders
    and raises them at the Blacksmith."""
    from .helpers import clear_hands, set_cubes

    s = new(3, 0)
    clear_hands(s)
    set_cubes(s, 0, iron=5)
    s.cash[0] = 60  # too little to bid for the first pick
    assert decide(s, 0).notation == "bid 15"


def test_the_gondolieri_uses_the_marker_to_reach_the_docks_before_a_rival():
    """Gondola Marker: red goes first to the Docks, where a dock holds cubes yellow (the
    Gondolieri, also at the Docks) needs for its Guild Order; yellow jumps ahead."""
    from arsenale.games.masters_of_venice.board import ORDER_IDS

    from .helpers import act, clear_hands, first_commerce, give_order, top

    s = new(4, 0)
    clear_hands(s)
    give_order(s, 3, ORDER_IDS.index("lumber+lumber+spice"))
    s.docks[:] = [0] * 24
    s.docks[6 * 0 + 1] = 2  # two lumber on dock 1
    s.docks[6 * 0 + 2] = 1  # and a spice
    first_commerce(s, (0, 1, 2, 3), gondolieri=3, marker=1)
    for seat, place in ((0, "docks"), (1, "church"), (2, "mercato"), (3, "docks")):
        act(s, seat, f"go {place}")
    assert top(s).kind == "marker" and top(s).seats == (3,)
    assert decide(s, 3).notation == "gondola"


def test_evaluate_gains_by_a_delivery_and_values_an_unfilled_order_by_the_time_left():
    """Final Scoring B: an order held at the end costs 2 VP, a delivery earns 3-6 VP (Guild
    Hall). The estimate must not fall when a seat delivers an order whose cubes it holds (the
    search would otherwise never deliver), and an order that lacks cubes is worth more with
    more rounds left to fill it, and less than nothing with none."""
    from arsenale.games.masters_of_venice import guild_hall
    from arsenale.games.masters_of_venice.board import N_RES, ORDERS

    s = new(4, 3)
    card = 0
    need = ORDERS[card].need
    s.hands[0] = (card,)
    for r in range(N_RES):
        s.cubes[N_RES * 0 + r] = need[r]
    before = GAME.evaluate(s)[0]
    guild_hall.deliver(s, 0, card, 3, [])
    assert GAME.evaluate(s)[0] > before

    lacking = new(4, 3)
    lacking.hands[0] = (card,)
    for r in range(N_RES):
        lacking.cubes[N_RES * 0 + r] = 0
    early = GAME.evaluate(lacking)[0]
    lacking.round = 15
    late = GAME.evaluate(lacking)[0]
    none = new(4, 3)
    none.round = 15
    none.hands[0] = ()
    for r in range(N_RES):
        none.cubes[N_RES * 0 + r] = 0
    assert early > late
    assert late < GAME.evaluate(none)[0] - 1.5
