"""Observation and information state encodings for every game."""

from __future__ import annotations

import random
import zlib
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from arsenale.adapters import encoding  # noqa: E402
from arsenale.core.errors import IllegalAction  # noqa: E402
from arsenale.core.observation import Buffer, Layout  # noqa: E402
from arsenale.core.registry import load_game  # noqa: E402
from arsenale.core.state import GameState  # noqa: E402
from toygame import ToyRace, ToyRaceState  # noqa: E402

from .helpers import EVERY_GAME, random_positions, toy_at_bid  # noqa: E402


@pytest.mark.parametrize("game_id", EVERY_GAME)
def test_observations_have_one_size_per_game_and_are_deterministic(game_id: str) -> None:
    """Every observation has the game's size (its layout's, or the hashed view's), is finite,
    ends with the common part (the seat, who is to move, who has submitted) and is the same
    for a clone."""
    game = load_game(game_id)
    size = encoding.observation_size(game)
    layout = game.observation_layout
    own = encoding.HASH_SIZE if layout is None else layout.size
    n = game.max_players
    assert size == own + 3 * n + 1
    for players in (game.min_players, game.max_players):
        for state in random_positions(game, players, seed=players, every=11):
            for seat in range(players):
                obs = encoding.encode(state, seat)
                assert obs.shape == (size,) and obs.dtype == np.float32
                assert np.isfinite(obs).all()
                assert obs[own : own + n].tolist() == [float(s == seat) for s in range(n)]
                movers = state.to_move()
                assert obs[own + n : own + 2 * n].tolist() == [float(s in movers) for s in range(n)]
                assert np.array_equal(obs, encoding.encode(state.clone(), seat))
            spectator = encoding.encode(state, None)
            assert spectator[own : own + n].sum() == 0.0


@pytest.mark.parametrize("game_id", EVERY_GAME)
def test_an_observation_does_not_depend_on_the_ones_written_before(game_id: str) -> None:
    """The games' writers keep the last observation they wrote and rewrite only the parts
    whose fields changed: the numbers of a position must be the same whatever was written
    before. Every position of two random games (one with hidden money where the game has
    it), for the seat to move, every seat and the spectator, written in the order of play
    (as the adapters write them) and again in a shuffled order."""
    game = load_game(game_id)
    hides = any(o.name == "hidden_money" for o in game.options)
    options = [{}, {"hidden_money": True} if hides else {}]
    written = []
    for seed, opts in enumerate(options):
        rng = random.Random(seed)
        state = game.new_game(game.max_players, seed=seed, options=opts)
        while not state.is_over and state.ply < 600:
            position = state.clone()
            for seat in (state.to_move()[0], None, *range(state.players)):
                written.append((position, seat, encoding.encode(position, seat)))
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    random.Random(7).shuffle(written)
    for position, seat, obs in written:
        assert np.array_equal(encoding.encode(position, seat), obs), (position.ply, seat)


@pytest.mark.parametrize("game_id", EVERY_GAME)
def test_a_game_that_fills_its_part_writes_every_slot(game_id: str) -> None:
    """A game that declares `observation_filled` gets a buffer whose own part is not zeroed
    first: its writer must set every slot. Written over NaNs, its numbers are those written
    into zeros, on every position of a random game for every seat and the spectator."""
    game = load_game(game_id)
    if not game.observation_filled:
        pytest.skip("the writer gets a zeroed buffer")
    layout = game.observation_layout
    assert layout is not None
    for state in random_positions(game, game.max_players, seed=3, every=3):
        for seat in (*range(state.players), None):
            zeroed = np.zeros(layout.size, np.float32)
            state.observe(seat, zeroed)
            dirty = np.full(layout.size, np.nan, np.float32)
            state.observe(seat, dirty)
            assert np.array_equal(dirty, zeroed), (state.ply, seat)


def test_feature_hashing_follows_the_documented_rule() -> None:
    """Numbers add their value at the hash of their path, strings 1 at the hash of path=value,
    with the sign of the hash's top bit; list indices are part of the path."""

    def slot(key: str) -> tuple[int, float]:
        h = zlib.crc32(key.encode())
        return h % encoding.HASH_SIZE, -1.0 if h & 0x80000000 else 1.0

    view: dict[str, Any] = {
        "ducats": 12,
        "ports": [{"owner": "red"}, {"owner": None}],
        "over": True,
        "zero": 0,
    }
    expected = np.zeros(encoding.HASH_SIZE)
    for key, value in (("ducats", 12.0), ("ports/0/owner=red", 1.0), ("ports/1/owner=null", 1.0)):
        i, sign = slot(key)
        expected[i] += sign * value
    i, sign = slot("over")
    expected[i] += sign
    assert np.array_equal(encoding.hash_view(view), expected)


def test_views_that_differ_give_different_observations() -> None:
    game = load_game("serenissima-2012")
    positions = random_positions(game, 3, seed=4, every=5)
    encoded = {encoding.encode(s, 0).tobytes() for s in positions}
    assert len(encoded) == len(positions)


class OwnState(ToyRaceState):
    __slots__ = ()

    def _observe(self, seat: int | None, out: Buffer) -> None:
        out[OWN["positions"].start : OWN["positions"].start + len(self.pos)] = self.pos
        out[OWN.start("goal")] = self.goal


OWN = Layout(("positions", 4), ("goal", 1))


class OwnEncoding(ToyRace):
    """The toy race with an encoding of its own: positions and the goal."""

    id = "toy-own"
    observation_layout = OWN

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> GameState:
        state = super()._new(players, seed, options)
        state.__class__ = OwnState  # the same fields, written as numbers
        return state


def test_a_game_may_bring_its_own_observation_layout() -> None:
    """A game that declares `observation_layout` writes its part itself (`_observe`, into the
    zeroed buffer); the common part follows: the seat, who is to move, who has submitted, the
    seat's own submission."""
    game = OwnEncoding()
    state = game.new_game(2, seed=1)
    state.apply(0, game.catalogue.from_text("roll"))
    assert encoding.observation_size(game) == 5 + 3 * 4 + 1
    obs = encoding.encode(state, 1)
    mover = state.to_move()[0]
    expected = [float(state.pos[0]), float(state.pos[1]), 0.0, 0.0, 20.0]  # type: ignore[attr-defined]
    expected += [0.0, 1.0, 0.0, 0.0] + [float(s == mover) for s in range(4)] + [0.0] * 5
    assert obs.tolist() == expected
    assert encoding.information_state_size(game) == 18 + encoding.HISTORY_SIZE
    assert list(OWN) == [("positions", 0, 4), ("goal", 4, 1)]


def test_a_game_without_a_layout_cannot_be_asked_to_write_one() -> None:
    state = ToyRace().new_game(2, seed=1)
    with pytest.raises(NotImplementedError, match="no observation_layout"):
        state.observe(0, np.zeros(8, np.float32))


def test_information_state_hides_other_seats_secret_submissions() -> None:
    """Seat 1's information state is the same whatever seat 0 bid; seat 0 sees its own bid."""
    game = load_game("toy-race")
    texts = {}
    for bid in ("bid 0", "bid 3"):
        state = toy_at_bid(players=3)
        history = encoding.history_entries(state)
        action = game.catalogue.from_text(bid)
        history.append(encoding.entry(state, 0, action))
        state.apply(0, action)
        texts[bid] = [
            encoding.information_state_string(state.view(s), s, history) for s in range(3)
        ]
        tensor_1 = encoding.information_state_tensor(state, 1, history)
        assert tensor_1.shape == (encoding.information_state_size(game),)
        assert f"0:{bid};" in texts[bid][0]
        assert "0:a secret choice (bid);" in texts[bid][1]
        assert bid not in texts[bid][1].split("\n")[1]
    assert texts["bid 0"][1] == texts["bid 3"][1]
    assert texts["bid 0"][2] == texts["bid 3"][2]
    assert texts["bid 0"][0] != texts["bid 3"][0]


def test_information_state_never_shows_the_seed() -> None:
    game = load_game("toy-race")
    state = game.new_game(2, seed=987654321)
    text = encoding.information_state_string(state.view(0), 0, encoding.history_entries(state))
    assert "987654321" not in text and "seed" not in text


def test_history_entries_are_the_history_with_its_public_forms() -> None:
    """`history_entries` reads a state's history with each action's public form, as
    `entry` records it when an adapter plays it; a determinized world has no history."""
    state = toy_at_bid(players=3)
    entries = encoding.history_entries(state)
    assert [(e.seat, e.notation) for e in entries] == [(s, a.notation) for s, a in state.history()]
    assert all(e.public is None for e in entries)
    bid = state.game.catalogue.from_text("bid 1")
    made = encoding.entry(state, 0, bid)
    assert made == encoding.Entry(0, "bid 1", "a secret choice (bid)")
    state.apply(0, bid)
    assert encoding.history_entries(state)[-1] == made
    for seat in range(3):
        assert encoding.seen_history(encoding.history_entries(state), seat) == state.history_for(
            seat
        )
    assert encoding.history_entries(state.determinize(1, random.Random(3))) == []


@pytest.mark.parametrize("game_id", EVERY_GAME)
def test_an_observation_for_a_seat_outside_the_game_is_refused(game_id: str) -> None:
    """The shared observer calls a game's writer directly for a seat of the game only: any
    other seat is refused as `GameState.observe` refuses it."""
    game = load_game(game_id)
    state = game.new_game(game.min_players, 3)
    observer = encoding.observer(game)
    for seat in (game.min_players, -1, 99):
        with pytest.raises(IllegalAction, match="no seat"):
            encoding.observation_tensor(state, seat)
        with pytest.raises(IllegalAction, match="no seat"):
            observer.write(state, seat)


@pytest.mark.parametrize("game_id", EVERY_GAME)
def test_observe_gives_new_arrays_equal_to_the_written_buffer(game_id: str) -> None:
    """`Observer.observe` starts some observations from a kept array of zeros and the common
    part: every array it returns is new (writing into one changes no later observation) and
    holds the numbers `Observer.write` puts in its buffer (zeroed, then the common part set),
    for every seat and the spectator, with and without submissions."""
    game = load_game(game_id)
    observer = encoding.Observer(game)
    states = random_positions(game, game.max_players, seed=5, every=5)
    if game_id == "toy-race":
        bid = toy_at_bid(game.max_players)
        first = bid.to_move()[0]
        states.append(bid.clone())
        bid.apply(first, bid.legal_actions(first)[0])
        states.append(bid)  # one seat has submitted
    for state in states:
        for seat in (*range(state.players), None):
            got = observer.observe(state, seat)
            expected = observer.write(state, seat).copy()
            assert np.array_equal(got, expected), (state.ply, seat)
            got[:] = np.nan  # the caller's array, not one the observer keeps
            assert np.array_equal(observer.observe(state, seat), expected), (state.ply, seat)
