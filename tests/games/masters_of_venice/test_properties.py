"""Properties of random games of Masters of Venice, 2 to 5 players (Hypothesis draws the seeds
and player counts): conservation of every component, money never negative, every game ends,
refused actions change nothing, records replay to the same state, clones are independent."""

from __future__ import annotations

import random
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from arsenale import IllegalAction, replay
from arsenale.games.masters_of_venice.board import FAVOR_SET, N_ORDERS
from arsenale.games.masters_of_venice.state import MovState

from .helpers import GAME, new, random_play, snapshot

CATALOGUE = list(GAME.catalogue)


def positions(games: int) -> Iterator[tuple[MovState, int]]:
    """Every position of `games` seeded random games of 2 to 5 players, with the seat to move;
    a random legal move is played once the caller has looked at it."""
    for game in range(games):
        rng = random.Random(game)
        s = new(2 + game % 4, game)
        while not s.is_over:
            seat = s.to_move()[0]
            yield s, seat
            legal = s.legal_actions(seat)
            s.apply(seat, legal[rng.randrange(len(legal))])


def check_invariants(s: MovState) -> None:
    n = s.players
    for r in range(6):
        total = s.bag[r] + sum(s.docks[6 * d + r] for d in range(4))
        total += sum(1 for o in s.office if o == r)
        total += sum(s.cubes[6 * seat + r] for seat in range(n))
        total += sum(1 for p in s.pending if p == r)
        assert total == 15, (r, total)
    for c in range(7):
        assert s.supply[c] + sum(s.shares[7 * seat + c] for seat in range(n)) == 10
        assert s.supply[c] >= 0
    favors = sorted([*s.display, *s.fstack, *(k for h in s.favors for k in h)])
    assert favors == sorted(FAVOR_SET)
    assert len(s.fstack) == len(s.fknown) and len(s.display) <= 2
    rumors = sum(1 for c in s.canal if c >= 0) + sum(len(h) for h in s.rumors)
    assert rumors + len(s.box) + sum(s.used) == 15
    cards = [*s.deck, *(k for h in s.hands for k in h), *(k for h in s.delivered for k in h)]
    assert sorted(cards) == list(range(N_ORDERS))
    assert len(s.deck) == len(s.dknown)
    assert all(c >= 0 for c in s.cash), s.cash
    assert all(c >= 0 for c in s.cubes)
    for p in s.price:
        assert 5 <= p <= 100 and p % 5 == 0
    for p in s.share:
        assert 5 <= p <= 100 and p % 5 == 0
    assert all(0 <= o <= 15 for o in s.orders)


@settings(max_examples=30, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000))
def test_random_games_keep_every_invariant_end_and_replay(players: int, seed: int) -> None:
    """Every component is conserved at every ply (90 cubes, 70 shares, 6 favors, 15 rumors,
    21 Guild Orders), money is never negative, prices stay on their tracks, the game ends
    within its length bound, and its record replays to the very same state."""
    rng = random.Random(seed)
    last = None
    plies = 0
    for s, seat, legal in random_play(players, seed):
        check_invariants(s)
        assert legal
        plies += 1
        last = s
        if rng.random() < 0.05:  # a refused action changes nothing
            before = snapshot(s)
            legal_set = set(legal)
            for action in rng.sample(CATALOGUE, 20):
                if action not in legal_set:
                    try:
                        s.apply(seat, action)
                    except IllegalAction:
                        pass
                    else:
                        raise AssertionError(f"{action.notation} was accepted")
            assert snapshot(s) == before
    assert last is not None and last.is_over
    check_invariants(last)
    assert plies < GAME.max_game_length
    again = replay(last.record())
    assert isinstance(again, MovState)
    assert snapshot(again) == snapshot(last)
    assert again.result() == last.result()


@settings(max_examples=10, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000))
def test_a_clone_is_independent(players: int, seed: int) -> None:
    """Playing on a clone leaves the original as it was, and the other way round."""
    rng = random.Random(seed)
    for s, seat, legal in random_play(players, seed):
        if rng.random() < 0.02:
            before = snapshot(s)
            c = s.clone()
            assert snapshot(c) == before
            c.apply(seat, legal[rng.randrange(len(legal))])
            assert snapshot(s) == before


def test_scores_follow_the_final_scoring_and_ties_go_to_cash_then_stock():
    """masters-of-venice.en.txt, Final Scoring: the result ranks by VP, then cash, then stock
    value; a tie on all three is shared."""
    s = new(3, 1)
    s.final = ((0, 0, 0, 0, 0, 0, 100, 1, 5),) * 3
    s.cash = [100, 100, 90]
    s.shares = [0] * 21
    s.shares[0] = 1
    s.over = True
    result = s.result()
    assert result.ranks == (1, 2, 3)
    s.shares[0] = 0
    assert s.result().ranks == (1, 1, 3)


@settings(max_examples=300, deadline=None)
@given(
    blocked=st.integers(0, 127),
    prices=st.lists(st.integers(1, 120), min_size=5, max_size=5),
    supply=st.lists(st.integers(0, 10), min_size=7, max_size=7),
    cash=st.integers(0, 1000),
    held=st.lists(st.integers(0, 10), min_size=7, max_size=7),
)
def test_share_trades_are_the_table_filtered_share_by_share(
    blocked: int, prices: list[int], supply: list[int], cash: int, held: list[int]
) -> None:
    """The stock market's purchases (by size, from prices) and sales (remembered) are the
    table's trades checked one share at a time, in the table's order."""
    from arsenale.games.masters_of_venice import actions as A
    from arsenale.games.masters_of_venice import stock_market as sm
    from arsenale.games.masters_of_venice.board import OFFICE_PRICE

    full = [*prices, OFFICE_PRICE, OFFICE_PRICE]
    fast: list[object] = []
    sm.legal_share_buys(fast, blocked, full, supply, cash)  # type: ignore[arg-type]
    slow: list[object] = []
    sm._checked_share_buys(slow, blocked, full, supply, cash)  # type: ignore[arg-type]
    assert fast == slow
    sells = [
        a
        for a, items, mask in A.SELL_TABLE
        if not mask & blocked and all(held[c] >= k for c, k in items)
    ]
    assert sm.share_sells(blocked, held) == sells
    assert sm.share_sells(blocked, held) == sells  # remembered


def test_the_mercato_offers_the_same_trades_with_and_without_a_refusal_to_explain() -> None:
    """`legal_mercato` lists the trades by a short path when no refusal is explained: along
    random games, at every use of the Mercato (the Trader's too), in the same order as the
    checked path that gathers reasons."""
    from arsenale.core.actions import Action
    from arsenale.core.decisions import Why
    from arsenale.games.masters_of_venice import actions as A
    from arsenale.games.masters_of_venice.board import MERCATO
    from arsenale.games.masters_of_venice.mercato import legal_mercato

    seen = 0
    for s, seat in positions(12):
        top = s.stack[-1]
        if top.kind == "use" and top.data == MERCATO:
            short: list[Action] = []
            legal_mercato(s, seat, short, None)
            checked: list[Action] = []
            legal_mercato(s, seat, checked, Why(A.DONE))
            assert short == checked
            seen += 1
    assert seen > 100


@settings(max_examples=20, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000))
def test_every_use_begins_with_its_marks_clear(players: int, seed: int) -> None:
    """A use's once-per-turn marks do not carry over from one use to the next: along random
    games, every use begins with all of them as `clear_use` leaves them."""
    from arsenale.games.masters_of_venice.turn_order import clear_use

    clear = new(players, seed)
    clear_use(clear)
    marks = [name for name in MovState.kept if name.startswith("u_")]
    nothing = [getattr(clear, name) for name in marks]
    rng = random.Random(seed)
    s = new(players, seed)
    begins = True  # the previous action ended a use or was no part of one
    while not s.is_over:
        top = s.stack[-1]
        if begins and top.kind == "use":
            assert [getattr(s, name) for name in marks] == nothing, (top, s.ply)
        seat = s.to_move()[0]
        legal = s.legal_actions(seat)
        active = [a for a in legal if a.kind not in ("done", "wait")]
        action = rng.choice(active if active and rng.random() < 0.7 else legal)
        begins = top.kind not in ("use", "place", "keep") or action.kind == "done"
        s.apply(seat, action)


def test_the_draft_offers_what_the_bid_and_the_held_characters_allow() -> None:
    """`legal_orders` and `legal_character` read tables made once, and `can_adjust` reads the
    orders' table: along random games, at every adjustment of the orders and every pick of a
    character, the list (with a refusal to explain or without) is the one computed plainly
    from the rule (`adjust_targets` for each shop, up first; the characters nobody holds), every
    action left out is refused with a reason naming the bidding rule, and `can_adjust` says
    whether any adjustment is offered."""
    from arsenale.core.decisions import Why
    from arsenale.games.masters_of_venice import actions as A
    from arsenale.games.masters_of_venice.bidding import (
        adjust_targets,
        can_adjust,
        legal_character,
        legal_orders,
    )
    from arsenale.games.masters_of_venice.board import CHARACTERS
    from arsenale.games.masters_of_venice.rulebook import RULE_BID

    seen = picks = 0
    for s, seat in positions(30):
        top = s.stack[-1]
        if top.kind == "orders":
            bid = s.bids[seat]
            plain, left_out = [], []
            for shop, now in enumerate(s.orders):
                up, down = adjust_targets(bid, now)
                for target, action in zip((up, down), A.ORDERS_ADJUST[shop], strict=True):
                    (plain if target != now else left_out).append(action)
            assert legal_orders(s, seat, top) == plain
            assert legal_orders(s, seat, top, Why(A.DONE)) == plain
            for action in left_out:
                why = Why(action)
                legal_orders(s, seat, top, why)
                assert why.reason and why.rule == RULE_BID
            assert can_adjust(s, seat) == (bid > 0 and bool(plain))
            seen += 1
        if top.kind == "character":
            held = {c for c in range(len(CHARACTERS)) for m in s.chars if m >> c & 1}
            plain = [A.CHARACTER[c - 1] for c in range(1, len(CHARACTERS)) if c not in held]
            assert legal_character(s, seat, top) == plain
            assert legal_character(s, seat, top, Why(A.DONE)) == plain
            for c in held - {0}:
                why = Why(A.CHARACTER[c - 1])
                legal_character(s, seat, top, why)
                assert why.reason and why.rule == RULE_BID
            picks += 1
    assert seen > 100 and picks > 100
