"""What a seat's sampled worlds believe of what it cannot see (RULINGS.md R31, R32): other
seats' hidden money and their pending secret deployments and bids."""

from __future__ import annotations

import statistics
from collections import Counter
from random import Random

from arsenale.games.serenissima_1996.heuristic import heuristic

from .helpers import GAME, GENOESE, SPANIARD, TURK, VENETIAN, Stage, deployed


def worlds(state, seat: int, n: int = 300):
    return [state.determinize(seat, Random(k)) for k in range(n)]


def test_before_the_first_bids_are_paid_everyone_holds_the_starting_ducats():
    """R31: at set-up and during the first bids nobody has paid anything, so every world gives
    every seat the 2,000 ducats of the start, whatever the true sums."""
    s = GAME.new_game(4, 3)
    s.money[GENOESE] = 700  # a state the seat cannot tell from the true one
    assert {w.money[GENOESE] for w in worlds(s, VENETIAN, 20)} == {2000}
    s = deployed()
    s.apply(TURK, "bid 500")
    s.money[SPANIARD] = 100
    for w in worlds(s, VENETIAN, 20):
        assert w.money == [2000, 2000, 2000, 2000]


def test_later_a_rival_is_drawn_as_wealthy_as_the_seat_less_the_pieces_it_bought():
    """R31: the Venetian holds 3,000; the Genoese, as rich, has bought a third galley (500)
    and two cubes (200), so it is drawn around 2,300; its true 9,900 plays no part. The draws
    spread (multiples of 100, none negative) and the open_money option draws nothing."""
    st = Stage().capitals().round(5).money(VENETIAN, 3000).money(GENOESE, 9900)
    st.galley(1, VENETIAN, "venezia", 3).galley(2, VENETIAN, "venezia", 3)
    st.galley(3, GENOESE, "genova", 2, wood=1, iron=1).galley(4, GENOESE, "genova", 2)
    st.galley(5, GENOESE, "genova", 2)  # 10 sailors with the capital's 4, as at the start
    s = st.phase(2, VENETIAN)
    assert s.invested(VENETIAN) == 0 and s.invested(GENOESE) == 700
    drawn = [w.money[GENOESE] for w in worlds(s, VENETIAN)]
    assert all(m >= 0 and m % 100 == 0 for m in drawn)
    assert 2000 <= statistics.median(drawn) <= 2600
    assert len(set(drawn)) > 10 and max(drawn) < 9900
    assert all(w.money[VENETIAN] == 3000 for w in worlds(s, VENETIAN, 20))
    st = Stage(options={"open_money": True}).capitals().round(5).money(GENOESE, 9900)
    s = st.phase(2, VENETIAN)
    assert {w.money[GENOESE] for w in worlds(s, VENETIAN, 20)} == {9900}


def test_a_pending_bid_is_drawn_modest_and_often_the_heuristics():
    """R32: in round 4, with the Genoese's bid pending and 2,000 ducats drawn for it, its
    bids in the Venetian's worlds are mostly small (a uniform draw up to its money would make
    a bid of 1,000 or more as likely as not) and the heuristic's choice is the commonest."""
    st = Stage().capitals().round(4)
    st.galley(1, VENETIAN, "venezia", 3).galley(3, GENOESE, "genova", 3)
    s = st.bidding()
    s.apply(GENOESE, "bid 1500")
    bids = [w.submissions[GENOESE]["ducats"] for w in worlds(s, VENETIAN)]
    assert statistics.mean(bids) < 400
    assert sum(b >= 1000 for b in bids) < len(bids) / 20
    world = s.determinize(VENETIAN, Random(0))
    guess = heuristic(world, GENOESE, world._legal_actions(GENOESE, world.stack[-1]))
    assert Counter(bids).most_common(1)[0][0] == guess["ducats"]


def test_a_pending_deployment_is_drawn_close_to_the_heuristics():
    """R32: a deployment the seat has not seen is the heuristic's 3 and 3, or a split within
    two sailors of it, never an extreme one such as 5 and 5 or 1 and 1."""
    s = GAME.new_game(3, 5)
    s.apply(GENOESE, "deploy 5 5")
    splits = Counter(
        (w.submissions[GENOESE]["first"], w.submissions[GENOESE]["second"])
        for w in worlds(s, VENETIAN)
    )
    assert splits.most_common(1)[0][0] == (3, 3)
    assert all(abs(a - 3) + abs(b - 3) <= 2 for a, b in splits)
    assert len(splits) > 5
