"""What a seat cannot see never reaches its sampled worlds or its bot's decisions.

In Serenissima (2012) a seat cannot see the order of the face-down Doge cards and, with the
`hidden_money` option, the other seats' ducats. Two states that differ only there give the
seat the same view, so `determinize` must give the same worlds for the same generator
(RULINGS.md R30) and the heuristic bot must decide the same.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arsenale.bots.base import Fallbacks, heuristic_policy
from arsenale.core.info import SeatInfo
from arsenale.games.serenissima_2012.state import Serenissima2012State

from .helpers import GAME, snapshot

PLAYERS = st.sampled_from([2, 3, 4])
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def twin(state: Serenissima2012State, seat: int, rng: random.Random) -> Serenissima2012State:
    """A copy of `state` that differs only in what `seat` cannot see: the other seats' ducats
    (hidden money) and the order of the face-down Doge cards."""
    other = state.clone()
    assert isinstance(other, Serenissima2012State)
    for s in range(state.players):
        if s != seat:
            other.money[s] = state.money[s] + rng.randrange(1, 40)
    deck = other.doge_deck
    while len(deck) > 1 and deck == state.doge_deck:
        rng.shuffle(deck)
    return other


def worlds_equal(a: Serenissima2012State, b: Serenissima2012State) -> None:
    assert json.dumps(a.view(None), sort_keys=True) == json.dumps(b.view(None), sort_keys=True)
    assert a.doge_deck == b.doge_deck
    assert a.money == b.money
    assert snapshot(a) == snapshot(b)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=PLAYERS, seed=SEEDS, choices=SEEDS)
def test_states_a_seat_cannot_tell_apart_give_the_same_worlds_and_decisions(players, seed, choices):
    """Along a random game with hidden money, at sampled plies: the seat to move sees the same
    view in the true state and in its twin (other ducats changed, Doge deck reordered); the
    worlds determinize draws for it from the same generator are identical (spectator view,
    Doge deck, every seat's ducats, every field); so are the heuristic bot's decisions."""
    rng = random.Random(choices)
    state = GAME.new_game(players, seed, {"hidden_money": True})
    assert isinstance(state, Serenissima2012State)
    policy = heuristic_policy(GAME)
    fallbacks = Fallbacks.count
    checked = 0
    while not state.is_over and checked < 4:
        (seat,) = state.to_move()
        legal = state.legal_actions(seat)
        if state.ply > 20 and rng.random() < 0.08:
            other = twin(state, seat, rng)
            assert other.view(seat) == state.view(seat)
            assert other.money != state.money
            for k in range(3):
                world = state.determinize(seat, random.Random(k))
                worlds_equal(world, other.determinize(seat, random.Random(k)))
                assert world.money[seat] == state.money[seat]
                a = policy(SeatInfo(state, seat), random.Random(k))
                b = policy(SeatInfo(other, seat), random.Random(k))
                assert a is b, (a, b)
            checked += 1
        state.apply(seat, rng.choice(legal))
    assert Fallbacks.count == fallbacks, "the heuristic decided every time, with no fallback"


def test_the_doge_deck_and_hidden_ducats_are_drawn_afresh():
    """The sampled worlds do vary with the generator: the Doge deck takes several orders and
    other seats' ducats several values, while the seat's own ducats stay true; without hidden
    money every seat's ducats stay true."""
    for hidden in (True, False):
        state = GAME.new_game(4, 11, {"hidden_money": hidden})
        rng = random.Random(3)
        while state.ply < 120:
            (seat,) = state.to_move()
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert isinstance(state, Serenissima2012State)
        worlds = [state.determinize(0, random.Random(k)) for k in range(30)]
        assert len({tuple(w.doge_deck) for w in worlds}) > 1
        assert all(sorted(w.doge_deck) == sorted(state.doge_deck) for w in worlds)
        assert all(w.money[0] == state.money[0] for w in worlds)
        rivals = {tuple(w.money[1:]) for w in worlds}
        if hidden:
            assert len(rivals) > 1
            assert all(m >= 0 for w in worlds for m in w.money)
        else:
            assert rivals == {tuple(state.money[1:])}
