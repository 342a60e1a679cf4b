"""Properties of random games of Amalfi: Renaissance, driven by Hypothesis: 1 to 4 players and
every hand method the player count allows. After every action the invariants of
helpers.check_invariants hold (ships, lighthouses, characters, artworks and tiles conserved;
nothing negative; bread within the granary); an illegal action leaves the state identical;
every game ends; the record replays; no view, event or history shows another seat's hand
beyond its public cards or a secret keep; twin states differing only in hidden parts give the
same view and identical worlds."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import arsenale
from arsenale import IllegalAction
from arsenale.core.state import GameState
from arsenale.games.amalfi_renaissance import board as B
from arsenale.games.amalfi_renaissance.state import AmalfiState

from .helpers import GAME, METHODS, check_invariants, choose, snapshot

CATALOGUE = list(GAME.catalogue)


def examples(n: int) -> settings:
    return settings(max_examples=n, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def setups(draw):
    players = draw(st.integers(min_value=1, max_value=4))
    methods = [m for m in METHODS if players > 1 or not m.startswith("draft")]
    method = draw(st.sampled_from(methods))
    rival = draw(st.sampled_from(["naples", "genoa"])) if players == 1 else "naples"
    seed = draw(st.integers(min_value=0, max_value=2**40))
    choices = draw(st.integers(min_value=0, max_value=2**32))
    return players, {"hands": method, "rival": rival}, seed, choices


def hidden_cards_of_others(state: AmalfiState, seat: int) -> set[str]:
    """Card ids another seat holds that `seat` may not see (not public, not its own)."""
    out: set[str] = set()
    for s in range(state.players):
        if s == seat:
            continue
        secret = (set(state.hands[s]) - set(state.known[s])) | set(state.packets[s])
        secret |= set(state.reserve[s])
        secret -= set(state.hands[seat]) | set(state.packets[seat]) | set(state.reserve[seat])
        out |= {B.CHAR_IDS[c] for c in secret}
    return out


def leaks(text: str, names: set[str]) -> set[str]:
    return {n for n in names if f'"{n}"' in text}


@examples(25)
@given(setups())
def test_random_play_keeps_every_invariant_ends_and_replays(setup):
    players, options, seed, choices = setup
    rng = random.Random(choices)
    state = GAME.new_game(players, seed, options)
    assert isinstance(state, AmalfiState)
    for ply in range(3000):
        if state.is_over:
            break
        check_invariants(state)
        seat, action = choose(state, rng)
        if ply % 7 == 0:  # an illegal action changes nothing
            legal = set(state.legal_actions(seat))
            bad = [a for a in rng.sample(CATALOGUE, 30) if a not in legal]
            before = snapshot(state)
            for a in bad[:5]:
                try:
                    state.apply(seat, a)
                except IllegalAction as refusal:
                    assert refusal.reason and refusal.rule
                else:
                    raise AssertionError(f"{a.notation} was accepted but is not legal")
            assert snapshot(state) == before
        events = state.apply(seat, action)
        for other in range(players):  # no event shows another seat's secret cards
            names = hidden_cards_of_others(state, other)
            seen = json.dumps(GameState.events_for(events, other))
            assert not leaks(seen, names), (other, leaks(seen, names))
            view = json.dumps(state.view(other))
            assert not leaks(view, names), (other, leaks(view, names))
    assert state.is_over, "the game did not end"
    check_invariants(state)
    result = state.result()
    assert len(result.scores) == players
    copy = arsenale.replay(json.loads(json.dumps(state.record())))
    assert copy.result() == result
    assert [p["vp"] for p in copy.view(None)["players"]] == [
        p["vp"] for p in state.view(None)["players"]
    ]


@examples(15)
@given(setups(), st.integers(min_value=0, max_value=200))
def test_twin_states_give_one_view_and_one_world(setup, stop):
    """A world drawn for a seat is a state that seat cannot tell from the true one; two worlds
    of states that differ only in hidden parts are identical for the same generator."""
    players, options, seed, choices = setup
    rng = random.Random(choices)
    state = GAME.new_game(players, seed, options)
    for _ in range(stop):
        if state.is_over:
            break
        seat, action = choose(state, rng)
        state.apply(seat, action)
    if state.is_over:
        return
    seat = state.to_move()[0]
    twin = state.determinize(seat, random.Random(5))
    assert twin.view(seat) == state.view(seat)
    assert twin.legal_actions(seat) == state.legal_actions(seat)
    one = state.determinize(seat, random.Random(9))
    two = twin.determinize(seat, random.Random(9))
    assert snapshot(one) == snapshot(two)
    for s in range(players):  # public cards of others' hands stay where they are
        assert set(one.known[s]) <= set(one.hands[s])
        assert one.known[s] == state.known[s]


@examples(10)
@given(setups())
def test_secret_keeps_show_only_their_public_form(setup):
    players, options, seed, choices = setup
    if options["hands"] in ("packs", "blind"):
        options["hands"] = "personal"
    rng = random.Random(choices)
    state = GAME.new_game(players, seed, options)
    while state.stack[-1].kind in ("select", "draft", "reserve"):
        seat, action = choose(state, rng)
        state.apply(seat, action)
        for other in range(players):
            if other != seat:
                assert state.history_for(other)[-1] == (seat, "kept a card")
        assert state.history_for(seat)[-1] == (seat, action.notation)
