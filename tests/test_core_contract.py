"""The core contract, exercised through the toy game (tests/toygame.py)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arsenale.core import GameState, IllegalAction, NotationError, replay
from arsenale.core.game import Game
from arsenale.core.result import Result
from toygame import BIDS, ROLL, STOP, ToyRaceState


def snapshot(state: GameState) -> dict[str, Any]:
    """Everything observable about a state, including its future dice (via a clone)."""
    probe = state.clone()
    future = []
    while not probe.is_over and len(future) < 5:
        seat = probe.to_move()[0]
        legal = probe.legal_actions(seat)
        future.append(probe.apply(seat, ROLL if ROLL in legal else legal[0]))
    return {
        "record": state.record(),
        "views": [state.view(s) for s in [None, *range(state.players)]],
        "to_move": state.to_move(),
        "future": future,
    }


def at_bid(game: Game, players: int = 3, seed: int = 1) -> ToyRaceState:
    """A state whose next decision is a simultaneous secret bid."""
    state = game.new_game(players, seed, {"bid_every": 1})
    state.apply(0, "roll")
    assert state.stack[-1].kind == "bid"
    assert isinstance(state, ToyRaceState)
    return state


def random_game(game: Game, players: int, seed: int) -> GameState:
    rng = random.Random(seed)
    state = game.new_game(players, seed)
    while not state.is_over:
        for seat in state.to_move():
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_illegal_action_leaves_the_state_identical(toy_game: Game) -> None:
    state = toy_game.new_game(3, seed=5)
    before = snapshot(state)
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, BIDS[2])
    assert refused.value.rule == "toy rules §1 (turns)"
    assert "only roll or stop" in refused.value.reason
    assert snapshot(state) == before


def test_out_of_turn_action_is_refused(toy_game: Game) -> None:
    state = toy_game.new_game(2, seed=5)
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="the decision is not up to Blue now"):
        state.apply(1, ROLL)
    with pytest.raises(IllegalAction, match="no seat 7"):
        state.apply(7, ROLL)
    assert snapshot(state) == before


@pytest.mark.parametrize(
    "bad",
    [{"kind": 5}, {"kind": "fly"}, {"kind": "bid", "coins": True}, {"kind": "bid", "coins": 9}, 3],
)
def test_malformed_json_action_is_refused(toy_game: Game, bad: Any) -> None:
    state = toy_game.new_game(2, seed=5)
    before = snapshot(state)
    with pytest.raises(NotationError):
        state.apply(0, bad)
    assert snapshot(state) == before


def test_json_and_text_forms_round_trip(toy_game: Game) -> None:
    for action in toy_game.catalogue:
        assert toy_game.action_from_json(json.loads(json.dumps(action.to_json()))) is action
        assert toy_game.catalogue.from_text(action.notation) is action


def test_simultaneous_submissions_stay_hidden_until_resolved(toy_game: Game) -> None:
    state = at_bid(toy_game)
    assert state.to_move() == (0, 1, 2)
    events = state.apply(0, BIDS[2])
    assert state.to_move() == (1, 2)
    assert state.view(0)["my_submission"] == {"kind": "bid", "coins": 2}
    for seat in (None, 1, 2):
        view = state.view(seat)
        assert "my_submission" not in view
        assert view["decision"]["submitted"] == [0]
        assert '"coins": 2' not in json.dumps(view)
        assert all("coins" not in json.dumps(e) for e in GameState.events_for(events, seat))
    with pytest.raises(IllegalAction, match="already made its secret choice"):
        state.apply(0, BIDS[1])
    state.apply(1, BIDS[0])
    final = state.apply(2, BIDS[1])
    revealed = [e for e in GameState.events_for(final, 1) if e["type"] == "bids"]
    assert revealed == [{"type": "bids", "bids": [2, 0, 1]}]
    assert {"type": "bid_won", "seat": 0, "advance": 4} in final
    assert state.to_move() == (1,)


def test_private_events_reach_only_their_seat(toy_game: Game) -> None:
    found = None
    for seed in range(50):
        state = toy_game.new_game(2, seed)
        events = state.apply(0, ROLL)
        if any(e["type"] == "found_coin" for e in events):
            found = events
            break
    assert found is not None
    assert any(e["type"] == "found_coin" for e in GameState.events_for(found, 0))
    assert not any(e["type"] == "found_coin" for e in GameState.events_for(found, 1))
    assert not any(e["type"] == "found_coin" for e in GameState.events_for(found, None))
    assert all("visible_to" not in e for e in GameState.events_for(found, 0))


def test_views_never_show_the_seed_or_other_seats_coins(toy_game: Game) -> None:
    state = toy_game.new_game(3, seed=987654321)
    for seat in (None, 0, 1, 2):
        text = json.dumps(state.view(seat))
        assert "987654321" not in text
    assert "my_coins" in state.view(1)
    assert "my_coins" not in state.view(None)


def test_determinize_hides_submissions_and_reseeds_chance(toy_game: Game) -> None:
    state = at_bid(toy_game)
    state.apply(0, BIDS[3])
    seen_bids = set()
    rolls = set()
    for i in range(40):
        world = state.determinize(1, random.Random(i))
        assert world.view(1) == state.view(1)  # consistent with what seat 1 knows
        assert world.seed == 0
        seen_bids.add(world.submissions[0]["coins"])
        world.apply(1, BIDS[0])
        world.apply(2, BIDS[0])
        rolls.add(tuple(e.get("die") for e in world.apply(world.to_move()[0], ROLL)))
    assert len(seen_bids) > 1, "seat 0's secret bid must be resampled"
    assert len(rolls) > 1, "future dice must be resampled"
    own = state.determinize(0, random.Random(3))
    assert own.submissions[0] is BIDS[3]
    assert state.submissions[0] is BIDS[3]  # the true state is untouched


def test_clones_are_independent(toy_game: Game) -> None:
    state = toy_game.new_game(3, seed=11)
    before = snapshot(state)
    copy = state.clone()
    copy.apply(0, ROLL)
    copy.apply(1, STOP)
    assert snapshot(state) == before
    copy_before = snapshot(copy)
    state.apply(0, STOP)
    assert snapshot(copy) == copy_before
    assert copy.view(None)["stopped"] == [False, True, False]
    assert state.view(None)["stopped"] == [True, False, False]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**40), players=st.integers(2, 4))
def test_record_replays_to_the_same_game(toy_game: Game, seed: int, players: int) -> None:
    state = random_game(toy_game, players, seed)
    record = json.loads(json.dumps(state.record(["random"] * players)))
    again = replay(record)
    assert again.is_over
    assert again.result() == state.result()
    assert again.history() == state.history()
    assert [again.view(s) for s in range(players)] == [state.view(s) for s in range(players)]
    half = len(record["actions"]) // 2
    partial = replay(record, upto=half)
    assert partial.ply == half


def test_result_ranks_with_ties(toy_game: Game) -> None:
    state = toy_game.new_game(4, seed=0)
    assert isinstance(state, ToyRaceState)
    state.pos = [12, 20, 20, 12]
    state.found = [0, 1, 1, 2]  # coins 4, 4, 4, 5
    state.over = True
    result = state.result()
    assert result.ranks == (4, 1, 1, 3)
    assert result.winners == (1, 2)
    assert result.to_json()["winners"] == [1, 2]
    state.found = [0, 2, 1, 2]
    assert state.result().winners == (1,)


def test_result_is_refused_before_the_end(toy_game: Game) -> None:
    with pytest.raises(IllegalAction, match="not over"):
        toy_game.new_game(2, seed=0).result()


def test_determinize_forgets_other_seats_secret_submissions_in_the_history():
    """A world sampled for one seat must not remember another seat's pending secret choice,
    neither in its submissions nor in its history or record; the seat's own history shows
    that choice only in its public form."""
    import random as _random

    from arsenale.core.registry import load_game as _load

    game = _load("serenissima-1996")
    for seed in range(20):
        state = game.new_game(2, seed=seed)
        state.apply(0, "deploy 5 5")  # seat 0's secret deployment; seat 1 still owes its own
        world = state.determinize(1, _random.Random(seed))
        hidden = world.submissions[0]
        assert world.history() == [] and world.record()["actions"] == []  # a world's own
        assert state.history_for(1)[-1] == (0, "a secret choice (deploy)")
        assert state.history_for(0)[-1] == (0, "deploy 5 5")
        if hidden.notation != "deploy 5 5":
            break
    else:
        raise AssertionError("the resampled deployment always equalled the true one")


def test_a_state_class_declares_its_fields_once_and_clone_copies_them():
    """`copied` fields are copied by `clone`, `kept` ones shared; a subclass lists only what
    it adds; a field outside `__slots__` is refused when the class is made."""
    import pytest as _pytest

    from arsenale.core.result import Result as _Result
    from arsenale.core.state import GameState as _GameState

    class Base(_GameState):
        copied = ("cards",)
        kept = ("round",)
        __slots__ = copied + kept

        def _view(self, seat):
            return {}

        def _result(self):
            return _Result.from_keys([0.0])

    class More(Base):
        copied = ("hand",)
        kept = ()
        __slots__ = copied

    state = More.__new__(More)
    state._init_core(None, 1, 0, {})  # type: ignore[arg-type]
    state.cards, state.round, state.hand = [1, 2], (3,), [4]
    twin = state.clone()
    assert (twin.cards, twin.round, twin.hand) == ([1, 2], (3,), [4])
    assert twin.cards is not state.cards and twin.hand is not state.hand
    assert twin.round is state.round
    with _pytest.raises(TypeError, match="not in __slots__"):

        class Broken(_GameState):
            copied = ("deck",)
            __slots__ = ()


def test_a_one_player_result_is_won_by_a_target_or_by_the_rules_own_outcome() -> None:
    """A solo game ends won or lost: against a score to reach, or by a condition of its rules
    (Amalfi's challenge is lost at a failed title check, whatever the score)."""
    reached = Result.from_keys([40.0], target=35.0)
    assert reached.solo and reached.won and reached.winners == (0,)
    assert reached.to_json()["won"] is True and reached.to_json()["target"] == 35.0
    survived = Result.from_keys([12.0], won=True)
    assert survived.solo and survived.won and survived.winners == (0,)
    assert survived.to_json()["won"] is True and "target" not in survived.to_json()
    failed = Result.from_keys([58.0], won=False)
    assert failed.solo and not failed.won and failed.winners == () and failed.scores == (58.0,)
    plain = Result.from_keys([3.0, 5.0])
    assert not plain.solo and plain.winners == (1,) and "won" not in plain.to_json()
    with pytest.raises(ValueError, match="one-player"):
        Result.from_keys([3.0, 5.0], won=True)
    with pytest.raises(ValueError, match="not both"):
        Result.from_keys([3.0], target=2.0, won=True)


@given(st.integers(0, 2**64 - 1), st.integers(0, 200))
def test_a_shuffle_is_fisher_yates_over_the_generators_draws(seed: int, size: int) -> None:
    """`Chance.shuffle` writes the generator out in its loop for speed (issue 19): it must draw
    exactly what `below` would, so records keep replaying."""
    from arsenale.core.chance import Chance

    shuffled, drawn = Chance(seed), Chance(seed)
    items = list(range(size))
    expected = list(range(size))
    shuffled.shuffle(items)
    for i in range(size - 1, 0, -1):
        j = drawn.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected
    assert shuffled.below(1 << 60) == drawn.below(1 << 60)  # both left in the same state


@given(st.integers(0, 2**64 - 1), st.lists(st.integers(0, 80), max_size=6))
def test_decks_shuffled_at_once_are_shuffled_one_after_the_other(
    seed: int, sizes: list[int]
) -> None:
    """`Chance.shuffle(a, b, ...)` mixes the draws of all its decks at once: the decks and the
    generator end as after `shuffle(a)`, `shuffle(b)`, ... (empty and one-card decks draw
    nothing)."""
    from arsenale.core.chance import Chance

    together, apart = Chance(seed), Chance(seed)
    decks = [list(range(size)) for size in sizes]
    expected = [list(range(size)) for size in sizes]
    together.shuffle(*decks)
    for deck in expected:
        apart.shuffle(deck)
    assert decks == expected
    assert together.below(1 << 60) == apart.below(1 << 60)


@given(st.integers(0, 2**64 - 1), st.integers(1, 1000))
def test_below_is_the_generators_next_number_modulo_n(seed: int, n: int) -> None:
    from arsenale.core.chance import Chance

    written_out, called = Chance(seed), Chance(seed)
    assert [written_out.below(n) for _ in range(5)] == [called._next() % n for _ in range(5)]


@given(st.integers(0, 2**64 - 1), st.integers(0, 300))
def test_a_world_shuffle_is_the_generators_own_shuffle(seed: int, size: int) -> None:
    """`shuffle_as_random` (the bots' worlds, issue 19) gives the order `random.Random.shuffle`
    gives and leaves the generator where it leaves it: the bots' decisions stay the same."""
    from arsenale.core.chance import shuffle_as_random

    ours, theirs = random.Random(seed), random.Random(seed)
    items, expected = list(range(size)), list(range(size))
    shuffle_as_random(ours, items)
    theirs.shuffle(expected)
    assert items == expected
    assert ours.getrandbits(64) == theirs.getrandbits(64)


def test_a_world_shuffle_leaves_another_generator_its_own_shuffle() -> None:
    """A subclass of `random.Random` may draw its numbers otherwise: it shuffles by its own
    method."""
    from arsenale.core.chance import shuffle_as_random

    class Reversing(random.Random):
        def shuffle(self, x: Any) -> None:  # type: ignore[override]
            x.reverse()

    items = [1, 2, 3]
    shuffle_as_random(Reversing(1), items)
    assert items == [3, 2, 1]
