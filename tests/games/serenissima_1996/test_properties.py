"""Properties of random games of Serenissima (1996), driven by Hypothesis.

Each example plays a whole game (2, 3 or 4 players) from a drawn seed with drawn random
choices; for a simultaneous secret decision (deployment, bids) every seat in `to_move()`
submits. After every action: the invariants of helpers.check_invariants, money moving only
through the flows the events report, and the contract of the core (refusals change nothing,
records replay, clones are independent, determinize keeps every visible fact, views never leak
the seed, other seats' money or undisclosed secret choices).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from random import Random
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import arsenale
from arsenale.bots.base import heuristic_policy
from arsenale.core.actions import Action
from arsenale.core.errors import IllegalAction, NotationError
from arsenale.core.info import SeatInfo
from arsenale.games.serenissima_1996.state import Serenissima1996State

from .helpers import GAME, PRIVATE, check_invariants, money_flows, snapshot


def examples(n: int) -> settings:
    """Whole games per test, sized so this file runs in seconds on 2 cores. No shrinking: a
    game is driven by its seeds, so a smaller seed is no simpler game, and shrinking a failure
    would only take minutes."""
    return settings(
        max_examples=n,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
        phases=[Phase.explicit, Phase.reuse, Phase.generate],
    )


PLAYERS = st.sampled_from([2, 3, 4])
SEEDS = st.integers(min_value=2**40, max_value=2**62)  # large: never a number a view shows
CHOICES = st.integers(min_value=0, max_value=2**32 - 1)  # seeds the random choices of the seats
CATALOGUE = list(GAME.catalogue)
SECRET = ("deploy", "bid")  # the simultaneous secret decisions


def options_for(players: int, rng: random.Random) -> dict[str, Any]:
    options: dict[str, Any] = {"open_money": rng.random() < 0.5}
    if players == 2 and rng.random() < 0.5:
        options["nations"] = "spanish-turks"
    return options


def pick(state: Serenissima1996State, seat: int, rng: random.Random) -> Action:
    """One legal action of `seat`: modest bids; otherwise a kind of action first, uniformly
    (so that the many transfers do not crowd out buying, building, trading and selling), then
    one of that kind, leaning away from ending turns early."""
    legal = state.legal_actions(seat)
    assert legal, f"{state.seat_label(seat)} owes a decision but has no legal action"
    if legal[0].kind == "bid":
        return rng.choice(legal[:6])
    by_kind: dict[str, list[Action]] = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)
    busy = [k for k in by_kind if k != "done"]
    kind = rng.choice(busy) if busy and rng.random() < 0.8 else rng.choice(list(by_kind))
    return rng.choice(by_kind[kind])


def play(
    state: Serenissima1996State, rng: random.Random, limit: int = 5000
) -> Iterator[tuple[int, Action, list[dict[str, Any]]]]:
    """Play to the end, yielding (seat, action, events) after every action. In a simultaneous
    decision every seat still owing a choice submits, in a random order."""
    for _ in range(limit):
        if state.is_over:
            return
        movers = list(state.to_move())
        assert movers, "a game in progress always waits for someone"
        seat = rng.choice(movers)
        action = pick(state, seat, rng)
        events = state.apply(seat, action)
        yield seat, action, events
    raise AssertionError(f"no end after {limit} actions")


# -- invariants and money flows -------------------------------------------------------------------


@examples(70)
@given(players=PLAYERS, seed=SEEDS, choices=CHOICES)
def test_random_games_keep_the_invariants(players, seed, choices):
    """After every action: the 176 sailors conserved (the shared box + garrisons + galleys) from
    the end of set-up on; 15 cubes of each good (box + galleys + warehouses); galleys with 1-5
    pieces and a sailor aboard (but while a capture or its sharing of goods is open); 28
    galleys in all; money never negative; money changes exactly the bids, purchases, hires,
    buildings at 500, deals, sales with their bonus and income the events report; each
    simultaneous decision is the deployment or a bid. The game ends after 12, 10 or 8 rounds."""
    rng = random.Random(choices)
    state = GAME.new_game(players, seed, options_for(players, rng))
    assert isinstance(state, Serenissima1996State)
    check_invariants(state)
    money = list(state.money)
    for _seat, _action, events in play(state, rng):
        check_invariants(state)
        delta = [a - b for a, b in zip(state.money, money, strict=True)]
        assert delta == money_flows(events, players), events
        money = list(state.money)
        for e in events:
            if e["type"] in ("built_galley", "built_fort"):
                assert e["seat"] in range(players)
        if not state.is_over and len(state.to_move()) > 1:
            assert state.stack[-1].kind in SECRET
    assert state.is_over and state.round == {2: 12, 3: 10, 4: 8}[players]
    assert min(state.result().ranks) == 1


# -- refusals -------------------------------------------------------------------------------------

MALFORMED: list[Any] = [
    {"kind": 3},
    {"kind": "sail", "galley": 1, "area": "atlantis"},
    {"kind": "bid", "ducats": True},
    {"kind": "bid", "ducats": 250},
    {"kind": "land", "galley": "1", "sailors": 1},
    {"kind": "sell", "good": ["wood"], "galley": 1},
    {"kind": "deploy", "first": 0, "second": 5},
    {"galley": 1},
    ["sail", "g1", "ionian-sea"],
    "sail g1 to atlantis",
    "bid 250",
    "",
    None,
    42,
    3.5,
]


def refused(state: Serenissima1996State, seat: Any, action: Any) -> None:
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        state.apply(seat, action)
    assert snapshot(state) == before


@examples(10)
@given(players=PLAYERS, seed=SEEDS, choices=CHOICES)
def test_refused_actions_change_nothing(players, seed, choices):
    """A catalogue action not in legal_actions, as an Action, its JSON or its text; malformed
    JSON or text; a seat that owes no decision (or has already made its secret choice); a seat
    that does not exist: all raise IllegalAction and leave the state as it was (every seat's
    view, the private lists, ply, stack, secret submissions, history, chance)."""
    rng = random.Random(choices)
    state = GAME.new_game(players, seed, options_for(players, rng))
    seen: set[str] = set()  # every kind of decision once per game, then a few more at random
    for _ in play(state, rng):
        if state.is_over or (state.stack[-1].kind in seen and rng.random() > 0.01):
            continue
        seen.add(state.stack[-1].kind)
        movers = state.to_move()
        seat = rng.choice(movers)
        legal = set(state.legal_actions(seat))
        for action in rng.sample(CATALOGUE, 5):
            if action not in legal:
                refused(state, seat, action)
                refused(state, seat, action.to_json())
                refused(state, seat, action.notation)
        before = snapshot(state)
        with pytest.raises(NotationError):
            state.apply(seat, rng.choice(MALFORMED))
        assert snapshot(state) == before
        first = state.legal_actions(seat)[0]
        for other in range(players):
            if other not in movers:
                refused(state, other, first)
                refused(state, other, rng.choice(CATALOGUE))
        for bad_seat in (players, -1, 7, True, "0", None, 1.0):
            refused(state, bad_seat, first)
    for action in rng.sample(CATALOGUE, 3):  # a finished game refuses everything
        refused(state, 0, action)


def test_a_secret_choice_is_made_once():
    """A seat that has submitted its secret bid cannot submit again nor change it."""
    state = GAME.new_game(3, 2**41)
    for seat in range(3):
        state.apply(seat, "deploy 3 3")
    state.apply(1, "bid 100")
    refused(state, 1, "bid 0")
    refused(state, 1, "bid 100")
    assert state.to_move() == (0, 2)


# -- records, notation, clones, determinize -------------------------------------------------------


@examples(30)
@given(players=PLAYERS, seed=SEEDS, choices=CHOICES)
def test_record_replays_to_the_same_game(players, seed, choices):
    """arsenale.replay(state.record()) reproduces the result and every final view; a record
    cut short replays to the view at that point; the record survives JSON."""
    rng = random.Random(choices)
    state = GAME.new_game(players, seed, options_for(players, rng))
    cut = rng.randrange(1, 120)
    middle = None
    for _ in play(state, rng):
        if state.ply == cut:
            middle = [state.view(seat) for seat in (None, *range(players))]
    record = json.loads(json.dumps(state.record()))
    again = arsenale.replay(record)
    assert again.result() == state.result()
    for seat in (None, *range(players)):
        assert again.view(seat) == state.view(seat)
    if middle is not None:
        cut_short = arsenale.replay(record, upto=cut)
        assert [cut_short.view(seat) for seat in (None, *range(players))] == middle


def test_every_catalogue_action_round_trips():
    """Every action's notation and JSON name it again, whatever the case of the text."""
    for action in GAME.catalogue:
        assert GAME.catalogue.from_text(action.notation) is action
        assert GAME.catalogue.from_text(action.notation.upper()) is action
        assert GAME.catalogue.from_json(json.loads(json.dumps(action.to_json()))) is action


@examples(25)
@given(players=PLAYERS, seed=SEEDS, choices=CHOICES)
def test_legal_actions_round_trip_and_apply_by_text_and_json(players, seed, choices):
    """Every legal action round-trips through from_text/from_json, and playing an action by its
    text or its JSON gives the same events and the same game as playing the action."""
    rng = random.Random(choices)
    options = options_for(players, rng)
    state = GAME.new_game(players, seed, options)
    shadow = GAME.new_game(players, seed, options)
    while not state.is_over:
        seat = rng.choice(state.to_move())
        for a in state.legal_actions(seat):
            assert GAME.catalogue.from_text(a.notation) is a
            assert GAME.catalogue.from_json(json.loads(json.dumps(a.to_json()))) is a
        action = pick(state, seat, rng)
        form = rng.choice([action.notation, action.to_json()])
        assert state.apply(seat, action) == shadow.apply(seat, form)
    assert shadow.is_over and shadow.result() == state.result()
    assert state.view(None) == shadow.view(None)


@examples(25)
@given(players=PLAYERS, seed=SEEDS, choices=CHOICES)
def test_clones_are_independent(players, seed, choices):
    """A clone starts equal to its original; playing a clone to the end leaves the original
    untouched, and playing the original leaves the clone untouched."""
    rng = random.Random(choices)
    state = GAME.new_game(players, seed, options_for(players, rng))
    stops = set(rng.sample(range(1, 200), 3))
    for _ in play(state, rng):
        if state.ply not in stops or state.is_over:
            continue
        clone = state.clone()
        assert snapshot(clone) == snapshot(state)
        before = snapshot(state)
        for _ in play(clone, random.Random(rng.random())):
            pass
        assert clone.is_over and snapshot(state) == before
        frozen = snapshot(clone)
        probe = state.clone()
        for _ in zip(range(40), play(probe, random.Random(1)), strict=False):
            pass
        assert snapshot(clone) == frozen


@examples(25)
@given(players=PLAYERS, seed=SEEDS, choices=CHOICES)
def test_determinize_keeps_every_visible_fact(players, seed, choices):
    """determinize(seat) keeps the seat's view, every list of the state but other seats' money
    when it is hidden (drawn afresh, RULINGS R31: multiples of 100, never negative), the stack,
    the ply, the seat's own secret submission and its legal actions; other seats' pending
    secret choices become legal ones; the sampled world carries no true seed and the original
    is unchanged."""
    rng = random.Random(choices)
    options = options_for(players, rng)
    state = GAME.new_game(players, seed, options)
    for _ in play(state, rng):
        if state.is_over or (rng.random() > 0.1 and not state.submissions):
            continue
        seat = rng.randrange(players)
        before = snapshot(state)
        world = state.determinize(seat, random.Random(rng.random()))
        assert snapshot(state) == before
        assert world.view(seat) == state.view(seat)
        assert world.seed != state.seed
        for name in PRIVATE:
            if name != "money":
                assert getattr(world, name) == getattr(state, name), name
        assert world.money[seat] == state.money[seat]
        if options["open_money"]:
            assert world.money == state.money
        assert all(m >= 0 and m % 100 == 0 for m in world.money)
        assert world.stack == state.stack and world.ply == state.ply
        assert world.to_move() == state.to_move()
        assert set(world.submissions) == set(state.submissions)
        if seat in state.submissions:
            assert world.submissions[seat] == state.submissions[seat]
        for other, action in world.submissions.items():
            assert action in world._legal_actions(other, world.stack[-1])
        for mover in state.to_move():
            if mover == seat or options["open_money"]:
                assert world.legal_actions(mover) == state.legal_actions(mover)


@examples(25)
@given(players=PLAYERS, seed=SEEDS, choices=CHOICES)
def test_what_a_seat_cannot_see_changes_neither_its_worlds_nor_its_decisions(
    players, seed, choices
):
    """Two states that differ only in what a seat cannot see, other seats' hidden money and
    their pending secret bids or deployments, give that seat the same view, identical
    worlds for the same generator and the same heuristic decision for the same seed."""
    rng = random.Random(choices)
    state = GAME.new_game(players, seed, {"open_money": False})
    policy = heuristic_policy(GAME)
    for _ in play(state, rng):
        if state.is_over or (rng.random() > 0.1 and not state.submissions):
            continue
        seat = rng.choice(state.to_move()) if rng.random() < 0.7 else rng.randrange(players)
        other = state.clone()
        for s in range(players):
            if s != seat:
                other.money[s] = rng.randrange(0, 60) * 100
        if state.submissions:
            top = other.stack[-1]
            other.submissions = {
                s: (a if s == seat else rng.choice(other._legal_actions(s, top)))
                for s, a in state.submissions.items()
            }
        assert other.view(seat) == state.view(seat)
        for k in range(3):
            world, twin = state.determinize(seat, Random(k)), other.determinize(seat, Random(k))
            assert snapshot(twin) == snapshot(world)
            if seat in state.to_move():
                decided = policy(SeatInfo(state, seat), Random(k))
                assert policy(SeatInfo(other, seat), Random(k)) is decided


# -- information ----------------------------------------------------------------------------------


def money_keys(view: dict[str, Any]) -> set[int]:
    return {row["seat"] for row in view["players_info"] if "money" in row}


@examples(30)
@given(players=PLAYERS, seed=SEEDS, choices=CHOICES)
def test_views_hide_money_and_seed(players, seed, choices):
    """By default (money private, RULINGS R24) each seat's view holds its own ducats and no
    other seat's, and a spectator sees nobody's; with open_money everyone's, and the right
    sums. No view or event ever holds the seed or the chance generator; all are plain JSON."""
    rng = random.Random(choices)
    options = options_for(players, rng)
    state = GAME.new_game(players, seed, options)
    secret = str(seed)
    events: list[dict[str, Any]] = []
    for _seat, _action, new in play(state, rng):
        events += new
        if state.is_over or rng.random() > 0.1:
            continue
        for seat in (None, *range(players)):
            view = state.view(seat)
            text = json.dumps(view)
            assert secret not in text and "Chance" not in text
            if options["open_money"]:
                assert money_keys(view) == set(range(players))
                assert [r["money"] for r in view["players_info"]] == state.money
            else:
                assert money_keys(view) == (set() if seat is None else {seat})
    text = json.dumps(events)
    assert secret not in text and "chance" not in text.lower()
    for seat in (None, *range(players)):
        assert secret not in json.dumps(state.view(seat))
        assert secret not in json.dumps(GAME.new_game(players, seed, options).view(seat))


def without_submission_fact(view: dict[str, Any]) -> dict[str, Any]:
    """A view less what any submission changes for the others: the ply and who still owes."""
    out = {k: v for k, v in view.items() if k not in ("ply", "to_move")}
    out["decision"] = {k: v for k, v in view["decision"].items() if k != "submitted"}
    return out


@examples(20)
@given(players=PLAYERS, seed=SEEDS, choices=CHOICES)
def test_secret_choices_stay_secret_until_all_are_in(players, seed, choices):
    """During the deployment and every bid, once a seat has submitted: the other seats' views
    (and a spectator's) hold no "my_submission", show only the fact of the submission, and are
    the same whichever legal choice the seat made; the seat itself sees its own choice. No
    event before the last submission says more than "submitted"."""
    rng = random.Random(choices)
    state = GAME.new_game(players, seed, options_for(players, rng))
    checked = 0
    while not state.is_over:
        top = state.stack[-1]
        if top.kind in SECRET:
            before = {seat: state.view(seat) for seat in (None, *range(players))}
            seat = rng.choice(state.to_move())
            legal = state.legal_actions(seat)
            action, alternative = pick(state, seat, rng), rng.choice(legal)
            twin = state.clone()
            last = len(state.to_move()) == 1
            events = state.apply(seat, action)
            twin_events = twin.apply(seat, alternative)
            if not last:
                assert (
                    events
                    == twin_events
                    == [{"type": "submitted", "seat": seat, "decision": top.kind}]
                )
                assert state.view(seat)["my_submission"] == action.to_json()
                for other in (None, *range(players)):
                    if other == seat:
                        continue
                    view = state.view(other)
                    own = state.submissions.get(other) if other is not None else None
                    assert view.get("my_submission") == (own.to_json() if own else None)
                    assert view["decision"]["submitted"] == sorted(state.submissions)
                    assert view == twin.view(other), "the choice made cannot be seen"
                    others = {k: v for k, v in view.items() if k != "my_submission"}
                    assert json.dumps(action.to_json()) not in json.dumps(others)
                    assert without_submission_fact(view) == without_submission_fact(before[other])
                    checked += 1
            continue
        seat = rng.choice(state.to_move())
        state.apply(seat, pick(state, seat, rng))
    assert checked > 0
