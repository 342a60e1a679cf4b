"""Observation and information state encodings, and the returns mapping, for every game."""

from __future__ import annotations

import random
import zlib
from types import SimpleNamespace
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from arsenale.adapters import encoding  # noqa: E402
from arsenale.adapters.rewards import rank_returns  # noqa: E402
from arsenale.core.registry import load_game  # noqa: E402

from .helpers import GAMES, random_positions, toy_at_bid  # noqa: E402


@pytest.mark.parametrize("game_id", GAMES)
def test_observations_have_one_size_per_game_and_are_deterministic(game_id: str) -> None:
    game = load_game(game_id)
    size = encoding.observation_size(game)
    assert size == encoding.HASH_SIZE + game.max_players
    for players in (game.min_players, game.max_players):
        for state in random_positions(game, players, seed=players, every=11):
            for seat in range(players):
                obs = encoding.encode(state, seat)
                assert obs.shape == (size,) and obs.dtype == np.float32
                assert np.isfinite(obs).all()
                assert obs[encoding.HASH_SIZE + seat] == 1.0  # the seat's one-hot
                assert obs[encoding.HASH_SIZE :].sum() == 1.0
                assert np.array_equal(obs, encoding.encode(state.clone(), seat))


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


def test_a_game_may_bring_its_own_observation_tensor() -> None:
    game = SimpleNamespace(
        id="stub",
        max_players=3,
        observation_size=2,
        observation_tensor=lambda view: [float(view["a"]), 2.0],
    )
    assert encoding.observation_size(game) == 5  # type: ignore[arg-type]
    obs = encoding.observation_tensor(game, {"a": 7}, 1)  # type: ignore[arg-type]
    assert obs.tolist() == [7.0, 2.0, 0.0, 1.0, 0.0]
    wrong = SimpleNamespace(**{**vars(game), "observation_size": 3})
    with pytest.raises(ValueError, match="gave 2 values"):
        encoding.observation_tensor(wrong, {"a": 7}, 1)  # type: ignore[arg-type]


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
        tensor_1 = encoding.information_state_tensor(game, state.view(1), 1, history)
        assert tensor_1.shape == (encoding.information_state_size(game),)
        assert f"0:{bid};" in texts[bid][0]
        assert "0:(secret);" in texts[bid][1] and bid not in texts[bid][1].split("\n")[1]
    assert texts["bid 0"][1] == texts["bid 3"][1]
    assert texts["bid 0"][2] == texts["bid 3"][2]
    assert texts["bid 0"][0] != texts["bid 3"][0]


def test_information_state_never_shows_the_seed() -> None:
    game = load_game("toy-race")
    state = game.new_game(2, seed=987654321)
    text = encoding.information_state_string(state.view(0), 0, encoding.history_entries(state))
    assert "987654321" not in text and "seed" not in text


def test_history_entries_replay_a_live_state_but_not_a_determinized_world() -> None:
    state = toy_at_bid(players=3)
    entries = encoding.history_entries(state)
    assert [(e.seat, e.notation) for e in entries] == [(s, a.notation) for s, a in state.history()]
    assert not any(e.simultaneous for e in entries)
    state.apply(0, state.game.catalogue.from_text("bid 1"))
    assert encoding.history_entries(state)[-1].simultaneous
    world = state.determinize(1, random.Random(3))
    with pytest.raises(ValueError, match="does not replay"):
        encoding.history_entries(world)


def test_rank_returns_are_zero_sum_and_share_ties() -> None:
    assert rank_returns([1, 2]) == [1.0, -1.0]
    assert rank_returns([2, 1, 4, 3]) == pytest.approx([1 / 3, 1.0, -1.0, -1 / 3])
    assert rank_returns([1, 1, 3]) == [0.5, 0.5, -1.0]
    assert rank_returns([1, 1]) == [0.0, 0.0]
    for ranks in ([1, 2, 3], [2, 2, 1, 4], [1, 1, 1, 1]):
        assert sum(rank_returns(ranks)) == pytest.approx(0.0)
