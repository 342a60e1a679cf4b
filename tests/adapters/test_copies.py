"""Copies of the environments: `copy.deepcopy` of a Gymnasium or PettingZoo environment (a
look-ahead, as search code takes one) plays on exactly as the original, without touching it;
a pickled one too (in the compiled build as well: tests/adapters is among its tests)."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from arsenale.adapters import gymnasium as agym  # noqa: E402
from arsenale.adapters import pettingzoo as apz  # noqa: E402

from .helpers import EVERY_COUNT  # noqa: E402

LARGEST = {g: n for g, n in EVERY_COUNT}
CASES = sorted({(g, n) for g, n in EVERY_COUNT if n in (1, LARGEST[g])})
"""Every game at its largest player count, and Amalfi's solo challenge (one player)."""


def _pick(mask: Any, rng: random.Random) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


def _gym_lockstep(a: Any, b: Any, info: dict[str, Any], rng: random.Random) -> int:
    """Steps `a` and `b` with the same actions, one then the other, until the end; both give
    the same observations, rewards, ends and masks. Returns the steps played."""
    steps = 0
    for steps in range(1, 400):  # noqa: B007
        action = _pick(info["action_mask"], rng)
        obs_a, r_a, term_a, trunc_a, info = a.step(action)
        obs_b, r_b, term_b, trunc_b, info_b = b.step(action)
        assert obs_a.tobytes() == obs_b.tobytes()
        assert (r_a, term_a, trunc_a, info["ply"]) == (r_b, term_b, trunc_b, info_b["ply"])
        assert info["action_mask"].tobytes() == info_b["action_mask"].tobytes()
        if term_a or trunc_a:
            break
    return steps


def _gym_midgame(game_id: str, players: int) -> tuple[Any, dict[str, Any], random.Random]:
    env = agym.make(game_id, players=players, opponents="random", seat=0)
    _obs, info = env.reset(seed=11)
    rng = random.Random(11)
    for _ in range(1):
        _obs, _r, done, _t, info = env.step(_pick(info["action_mask"], rng))
        assert not done
    return env, info, rng


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_a_deep_copied_gymnasium_env_plays_on_as_the_original(game_id: str, players: int) -> None:
    env, info, rng = _gym_midgame(game_id, players)
    twin = copy.deepcopy(env)
    assert twin.world is not env.world and twin.game is env.game
    assert twin.world.ply == env.world.ply
    # in turn, one step each: a generator shared between the two would set them apart
    assert _gym_lockstep(env, twin, info, rng) >= 1
    assert env.world.over == twin.world.over


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_a_deep_copy_leaves_the_original_as_it_was(game_id: str, players: int) -> None:
    """Playing a copy to its end changes nothing in the original: it then plays the same
    episode as a second copy taken at the same moment."""
    env, info, rng = _gym_midgame(game_id, players)
    ahead, kept = copy.deepcopy(env), copy.deepcopy(env)
    _gym_lockstep(ahead, copy.deepcopy(ahead), info, random.Random(3))
    _gym_lockstep(env, kept, info, rng)


def _pz_midgame(game_id: str, players: int, rng: random.Random) -> Any:
    env = apz.env(game_id, players=players, seed=4)
    env.reset()
    for _ in range(7):
        obs, _r, done, trunc, _i = env.last()
        assert not (done or trunc)
        env.step(_pick(obs["action_mask"], rng))
    return env


def _pz_lockstep(a: Any, b: Any, rng: random.Random) -> None:
    for _ in range(2000):
        assert a.agent_selection == b.agent_selection
        last_a, last_b = a.last(), b.last()
        assert last_a[0]["observation"].tobytes() == last_b[0]["observation"].tobytes()
        assert last_a[0]["action_mask"].tobytes() == last_b[0]["action_mask"].tobytes()
        assert last_a[1:4] == last_b[1:4]
        if last_a[2] or last_a[3]:
            return
        action = _pick(last_a[0]["action_mask"], rng)
        a.step(action)
        b.step(action)
    raise AssertionError("no end in 2,000 steps")


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_a_deep_copied_pettingzoo_env_plays_on_as_the_original(game_id: str, players: int) -> None:
    rng = random.Random(4)
    env = _pz_midgame(game_id, players, rng)
    twin = copy.deepcopy(env)
    assert twin.world is not env.world and twin.game is env.game
    _pz_lockstep(env, twin, rng)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_a_pickled_env_plays_on_as_the_original(game_id: str, players: int) -> None:
    env, info, rng = _gym_midgame(game_id, players)
    _gym_lockstep(env, pickle.loads(pickle.dumps(env)), info, rng)
    rng = random.Random(4)
    aec = _pz_midgame(game_id, players, rng)
    _pz_lockstep(aec, pickle.loads(pickle.dumps(aec)), rng)


@pytest.mark.parametrize("game_id", sorted(LARGEST))
def test_a_finished_game_pickles_with_its_whole_history(game_id: str) -> None:
    """A state pickles field by field with its history flat (nested, it is as deep as the
    game is long, past pickle's recursion limit): the copy has the same history, view,
    record and result, and shares the game and its actions."""
    from arsenale.core.registry import load_game

    game = load_game(game_id)
    rng = random.Random(2)
    state = game.new_game(LARGEST[game_id], seed=2)
    while not state.is_over and state.ply < 3000:
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    copy_ = pickle.loads(pickle.dumps(state))
    assert type(copy_) is type(state) and copy_.game is game
    assert copy_.history() == state.history() and copy_.history()[0][1] is state.history()[0][1]
    assert copy_.view(0) == state.view(0) and copy_.record() == state.record()
    assert copy_.is_over == state.is_over
    # a history deeper than pickle's recursion limit (these random games are a few hundred
    # plies long; a long game's runs to thousands)
    deep, first = state.clone(), state.history()[0]
    for _ in range(5000):
        deep._history = (deep._history, first[0], first[1], None)
    assert len(pickle.loads(pickle.dumps(deep)).history()) == len(state.history()) + 5000


def test_a_pickled_state_keeps_every_core_field() -> None:
    """`_CORE_FIELDS` (what a state pickles of the core as it is) names every slot of
    `GameState` but the legal-move cache and the history (pickled flat): a field added to the
    core without it would be lost in a pickle."""
    from arsenale.core import state

    slots = state.GameState.__slots__
    if not slots:
        pytest.skip("a class compiled by mypyc shows no __slots__; the pure build checks")
    assert set(state._CORE_FIELDS) == set(slots) - {"_legal", "_history"}
