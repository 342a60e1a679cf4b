"""Properties of random games of Serenissima (2012), driven by Hypothesis.

Each example plays a whole game (2, 3 or 4 players) from a drawn seed with drawn random
choices, checking after every action the invariants of helpers.check_invariants, that money
moves only through the flows the events report, and the contract of the core (refusals change
nothing, records replay, clones are independent, determinize redraws only the Doge deck and
hidden money, views never leak the seed, the chance generator or hidden money).
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import arsenale
from arsenale import IllegalAction, NotationError
from arsenale.bots.base import Fallbacks, heuristic_policy
from arsenale.core.info import SeatInfo
from arsenale.games.serenissima_2012.state import Serenissima2012State

from .helpers import GAME, PRIVATE, check_counts, check_invariants, money_flows, snapshot


def examples(n: int) -> settings:
    """Whole games per test, sized so this file runs in a few seconds on 2 cores."""
    return settings(max_examples=n, deadline=None, suppress_health_check=[HealthCheck.too_slow])


PLAYERS = st.sampled_from([2, 3, 4])
SEEDS = st.integers(min_value=2**40, max_value=2**62)  # large: never a number a view shows
CHOICES = st.integers(min_value=0, max_value=2**32 - 1)  # seeds the random choices of the seats
CATALOGUE = list(GAME.catalogue)


def choose(state: Serenissima2012State, rng: random.Random) -> tuple[int, object]:
    """A seat to move and one of its legal actions, leaning away from ending turns early (`sink` ends one too)."""
    (seat,) = state.to_move()
    legal = state.legal_actions(seat)
    assert legal, f"{state.seat_label(seat)} owes a decision but has no legal action"
    busy = [a for a in legal if a.kind not in ("end", "sink", "pass", "retreat", "done")]
    return seat, rng.choice(busy if busy and rng.random() < 0.7 else legal)


def play(state: Serenissima2012State, rng: random.Random, limit: int = 3000):
    """Play to the end, yielding (seat, action, events, state) after every action."""
    for _ in range(limit):
        if state.is_over:
            return
        seat, action = choose(state, rng)
        events = state.apply(seat, action)
        yield seat, action, events, state
    raise AssertionError(f"no end after {limit} actions")


# -- invariants and money flows -------------------------------------------------------------------


@examples(80)
@given(players=PLAYERS, seed=SEEDS, choices=CHOICES)
def test_random_games_keep_the_invariants(players, seed, choices):
    """After every action: sailors conserved (22/26/30 each), goods cubes conserved, galleys
    with 1-5 sailors, 5 pieces and 4 goods at most, ports within 1..warehouse size or empty when
    neutral, 6 galleys a player at most, money never negative; one seat owes each decision and
    always has a legal action; every game ends after the third scoring."""
    rng = random.Random(choices)
    state = GAME.new_game(players, seed)
    check_invariants(state)
    for _seat, _action, _events, s in play(state, rng):
        check_invariants(s)
        if not s.is_over:
            assert len(s.to_move()) == 1
    assert state.is_over and state.scorings == 3
    assert sorted(state.result().ranks)[0] == 1


def test_kept_counts_equal_a_recount():
    """The galleys per zone and per seat and the ports per seat that the state keeps up to
    date equal a count afresh after every action of uniformly random games (every player
    count), and a clone's counts are its own."""
    rng = random.Random(19)
    for game in range(30):
        state = GAME.new_game(2 + game % 3, game)
        while not state.is_over:
            (seat,) = state.to_move()
            before = state.clone()
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            check_counts(state)
            check_counts(before)


@examples(60)
@given(players=PLAYERS, seed=SEEDS, choices=CHOICES)
def test_money_changes_only_through_rule_flows(players, seed, choices):
    """Per action, each seat's change of ducats equals what the returned events account for:
    load, sale, purchase, wine income and scoring (a load in another's port is a transfer)."""
    rng = random.Random(choices)
    state = GAME.new_game(players, seed)
    money = list(state.money)
    for _seat, _action, events, s in play(state, rng):
        delta = [a - b for a, b in zip(s.money, money, strict=True)]
        assert delta == money_flows(events, players), events
        money = list(s.money)


# -- loading keeps every game finite ---------------------------------------------------------------


@examples(25)
@given(
    players=PLAYERS,
    seed=SEEDS,
    choices=CHOICES,
    bots=st.lists(st.booleans(), min_size=4, max_size=4),
)
def test_games_end_under_uniform_random_play_and_the_heuristic(players, seed, choices, bots):
    """RULINGS.md R29 (serenissima-2012.en.txt, A) Action, 1) Loading): with loading moves free
    in both directions, pieces still come aboard the active galley before any leaves it, so
    every loading ends and every game ends, whether each seat plays uniformly at random or with
    the heuristic bot (strict: a crash or an illegal choice fails the test)."""
    rng = random.Random(choices)
    state = GAME.new_game(players, seed)
    policy = heuristic_policy(GAME)
    strict, Fallbacks.strict = Fallbacks.strict, True
    try:
        while not state.is_over:
            (seat,) = state.to_move()
            if bots[seat]:
                action = policy(SeatInfo(state, seat), rng)
            else:
                action = rng.choice(state.legal_actions(seat))
            state.apply(seat, action)
            assert state.ply < 5000, "a game that does not end"
    finally:
        Fallbacks.strict = strict
    check_invariants(state)
    assert state.scorings == 3


# -- events tell the whole game --------------------------------------------------------------------


@examples(20)
@given(players=PLAYERS, seed=SEEDS, choices=CHOICES)
def test_events_replayed_in_order_describe_every_turn(players, seed, choices):
    """serenissima-2012.en.txt, Game Overview: a turn activates every galley in play, the black
    token moving to the first galley cube on the wheel, and ends with a Doge card. A client that
    only follows the events returned by each action knows every turn: turn k is announced (turn
    1 with the last set-up pick, together with the wheel's first galley), each galley owing the
    act-or-invest decision was announced by a wheel event of the running turn, each turn ends
    with one Doge card, and every event reads as a sentence."""
    rng = random.Random(choices)
    state = GAME.new_game(players, seed)
    turn, wheel, doge_cards, running = 0, None, 0, False
    for _seat, _action, events, s in play(state, rng):
        for e in events:
            assert GAME.describe_event(e, s.seat_label).strip()
            if e["type"] == "turn":
                assert not running and e["turn"] == turn + 1, "turns follow one another"
                turn, wheel, running = e["turn"], None, True
            elif e["type"] == "wheel":
                assert running, "the wheel moves only within a turn"
                assert wheel is None or e["galley"] > wheel, "the token moves on, clockwise"
                wheel = e["galley"]
            elif e["type"] == "doge_card":
                assert running, "a Doge card ends a turn that was announced"
                doge_cards, running = doge_cards + 1, False
        if not s.is_over and s.stack[-1].kind == "galley":
            assert running and turn == s.turn, "the events announced the turn being played"
            assert wheel == s.wheel + 1, "the events announced the galley on the wheel"
    assert state.is_over and turn == state.turn >= 1 and doge_cards == turn


def test_last_set_up_pick_starts_turn_one():
    """serenissima-2012.en.txt, set-up and Game Overview: the action finishing the set-up also
    reports turn 1 and the black token's first galley (its events are those a client sees)."""
    state = GAME.new_game(4, 2**41)
    while state.stack[-1].kind in ("close", "choose_port", "choose_galley"):
        (seat,) = state.to_move()
        events = state.apply(seat, state.legal_actions(seat)[0])
    first = min(g for g, o in enumerate(state.g_owner) if o >= 0) + 1
    assert events[-2:] == [
        {"type": "turn", "turn": 1},
        {"type": "wheel", "galley": first, "seat": state.g_owner[first - 1]},
    ]


# -- refusals -------------------------------------------------------------------------------------

MALFORMED = [
    {"kind": 3},
    {"kind": "move", "zone": "atlantis"},
    {"kind": "claim", "sailors": True},
    {"kind": "claim", "sailors": 9},
    {"kind": "sell", "good": ["wood"]},
    {"zone": "napoli"},
    ["move", "napoli"],
    "sail to atlantis",
    "",
    None,
    42,
]


def refused(state: Serenissima2012State, seat, action) -> None:
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        state.apply(seat, action)
    assert snapshot(state) == before


@examples(10)
@given(players=PLAYERS, seed=SEEDS, choices=CHOICES)
def test_refused_actions_change_nothing(players, seed, choices):
    """An illegal catalogue action, a malformed JSON or text action, a seat out of turn and a
    seat that does not exist are all refused with IllegalAction and leave the state as it was
    (view, private lists, ply, history, chance)."""
    rng = random.Random(choices)
    state = GAME.new_game(players, seed)
    for _ in play(state, rng):
        if state.is_over or rng.random() > 0.25:
            continue
        (seat,) = state.to_move()
        legal = set(state.legal_actions(seat))
        for action in rng.sample(CATALOGUE, 6):
            if action not in legal:
                refused(state, seat, action)
                refused(state, seat, action.to_json())
                refused(state, seat, action.notation)
        malformed = rng.choice(MALFORMED)
        before = snapshot(state)
        with pytest.raises(NotationError):
            state.apply(seat, malformed)
        assert snapshot(state) == before
        other = rng.choice([s for s in range(players) if s != seat])
        refused(state, other, rng.choice(CATALOGUE))
        first = state.legal_actions(seat)[0]
        refused(state, other, first)
        for bad_seat in (players, -1, 7, True, "0", None):
            refused(state, bad_seat, first)
    for action in rng.sample(CATALOGUE, 3):  # a finished game refuses everything
        refused(state, 0, action)


# -- records, notation, clones, determinize -------------------------------------------------------


@examples(30)
@given(players=PLAYERS, seed=SEEDS, hidden=st.booleans(), choices=CHOICES)
def test_record_replays_to_the_same_game(players, seed, hidden, choices):
    """arsenale.replay(state.record()) reproduces the result and every final view, and a record
    cut short replays to the state at that point; the record survives JSON."""
    rng = random.Random(choices)
    state = GAME.new_game(players, seed, {"hidden_money": hidden})
    cut = rng.randrange(1, 150)
    middle = None
    for _ in play(state, rng):
        if state.ply == cut:
            middle = state.view(None)
    record = json.loads(json.dumps(state.record()))
    again = arsenale.replay(record)
    assert again.result() == state.result()
    for seat in (None, *range(players)):
        assert again.view(seat) == state.view(seat)
    if middle is not None:
        assert arsenale.replay(record, upto=cut).view(None) == middle


def test_every_catalogue_action_round_trips():
    """Every action's notation and JSON name it again (core catalogue)."""
    for action in GAME.catalogue:
        assert GAME.catalogue.from_text(action.notation) is action
        assert GAME.catalogue.from_text(action.notation.upper()) is action
        assert GAME.catalogue.from_json(json.loads(json.dumps(action.to_json()))) is action
    assert GAME.catalogue.from_text("port València") is GAME.catalogue.from_text("port valencia")


@examples(30)
@given(players=PLAYERS, seed=SEEDS, choices=CHOICES)
def test_legal_actions_round_trip_and_apply_by_text_and_json(players, seed, choices):
    """Legal actions round-trip through from_text/from_json, and playing an action by its text
    or its JSON is the same as playing the action."""
    rng = random.Random(choices)
    state = GAME.new_game(players, seed)
    shadow = GAME.new_game(players, seed)
    while not state.is_over:
        seat, action = choose(state, rng)
        for a in state.legal_actions(seat):
            assert GAME.catalogue.from_text(a.notation) is a
            assert GAME.catalogue.from_json(a.to_json()) is a
        form = rng.choice([action.notation, action.to_json()])
        assert state.apply(seat, action) == shadow.apply(seat, form)
    assert state.view(None) == shadow.view(None)


@examples(30)
@given(players=PLAYERS, seed=SEEDS, choices=CHOICES)
def test_clones_are_independent(players, seed, choices):
    """Playing on a clone leaves the original untouched, and the other way round; a clone
    starts equal to its original."""
    rng = random.Random(choices)
    state = GAME.new_game(players, seed)
    stops = sorted(rng.sample(range(1, 200), 3))
    for _ in play(state, rng):
        if state.ply not in stops or state.is_over:
            continue
        clone = state.clone()
        assert snapshot(clone) == snapshot(state)
        before = snapshot(state)
        for _ in play(clone, random.Random(rng.random())):
            pass
        assert snapshot(state) == before
        frozen = snapshot(clone)
        probe = state.clone()
        for _ in zip(range(30), play(probe, random.Random(1)), strict=False):
            pass
        assert snapshot(clone) == frozen


@examples(30)
@given(players=PLAYERS, seed=SEEDS, choices=CHOICES)
def test_determinize_keeps_every_visible_fact(players, seed, choices):
    """determinize(seat) keeps the seat's view and every list of the state except the order of
    the face-down Doge deck, whose cards stay the same, and, with hidden money, the other
    seats' ducats (redrawn, never negative); the original is unchanged."""
    rng = random.Random(choices)
    hidden = rng.random() < 0.5
    state = GAME.new_game(players, seed, {"hidden_money": hidden})
    for _ in play(state, rng):
        if state.is_over or rng.random() > 0.1:
            continue
        seat = rng.randrange(players)
        before = snapshot(state)
        world = state.determinize(seat, random.Random(rng.random()))
        assert snapshot(state) == before
        assert world.view(seat) == state.view(seat)
        assert world.seed != state.seed, "the true seed does not travel into a sampled world"
        for name in PRIVATE:
            if name == "doge_deck":
                assert sorted(world.doge_deck) == sorted(state.doge_deck)
            elif name == "money" and hidden:
                assert world.money[seat] == state.money[seat]
                assert all(m >= 0 for m in world.money)
            else:
                assert getattr(world, name) == getattr(state, name), name
        assert world.stack == state.stack and world.ply == state.ply
        (mover,) = state.to_move()
        if mover == seat or not hidden:  # a rival's options may hang on its hidden ducats
            assert world.legal_actions(mover) == state.legal_actions(mover)


# -- information ----------------------------------------------------------------------------------


def money_keys(view) -> set[int]:
    return {row["seat"] for row in view["players_info"] if "money" in row}


@examples(30)
@given(players=PLAYERS, seed=SEEDS, hidden=st.booleans(), choices=CHOICES)
def test_views_hide_money_seed_and_chance(players, seed, hidden, choices):
    """With hidden_money each seat sees only its own ducats and a spectator nobody's (until the
    result is shown); without it everyone's. No view or event ever holds the seed or the chance
    generator, and all are plain JSON."""
    rng = random.Random(choices)
    state = GAME.new_game(players, seed, {"hidden_money": hidden})
    secret = str(seed)
    events: list = []
    for _seat, _action, new, s in play(state, rng):
        events += new
        if rng.random() > 0.2 and not s.is_over:
            continue
        for seat in (None, *range(players)):
            view = s.view(seat)
            text = json.dumps(view)
            assert secret not in text and "Chance" not in text
            if hidden:
                assert money_keys(view) == (set() if seat is None else {seat})
            else:
                assert money_keys(view) == set(range(players))
                assert [r["money"] for r in view["players_info"]] == s.money
    text = json.dumps(events)
    assert secret not in text and "Chance" not in text and "chance" not in text
    assert "seed" not in json.dumps(state.view(None))
