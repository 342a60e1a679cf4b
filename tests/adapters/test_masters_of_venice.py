"""Masters of Venice through every adapter at every player count it takes (2 to 5, issue 15):
OpenSpiel's random simulation test, PettingZoo's API and seed tests and Gymnasium's
environment checker, each at 2, 3, 4 and 5 players; and a whole game through each, ending
with the rank returns of the game's own result."""

from __future__ import annotations

import random
import warnings

import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")
gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from arsenale.adapters import gymnasium as agym  # noqa: E402
from arsenale.adapters import openspiel as aos  # noqa: E402
from arsenale.adapters.pettingzoo import env, raw_env  # noqa: E402
from arsenale.core.registry import load_game  # noqa: E402
from arsenale.core.result import rank_returns  # noqa: E402

GAME = "masters-of-venice"
COUNTS = list(range(load_game(GAME).min_players, load_game(GAME).max_players + 1))


def test_masters_of_venice_takes_two_to_five() -> None:
    assert COUNTS == [2, 3, 4, 5]
    assert "arsenale_masters_of_venice" in aos.register_all()


@pytest.mark.parametrize("players", COUNTS)
def test_openspiel_random_simulation(players: int) -> None:
    game = aos.load(GAME, players=players, seed=players)
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("players", COUNTS)
def test_openspiel_game_ends_with_rank_returns(players: int) -> None:
    state = aos.load(GAME, players=players, seed=20 + players).new_initial_state()
    rng = random.Random(players)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.returns() == rank_returns(state.world.result().ranks)
    assert sum(state.returns()) == pytest.approx(0.0)


@pytest.mark.parametrize("players", COUNTS)
def test_pettingzoo_api_and_seed_tests(players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # dict observations: PettingZoo's advice, not errors
        api_test(env(GAME, players=players, seed=players), num_cycles=150)
        seed_test(lambda: env(GAME, players=players), num_cycles=100)


@pytest.mark.parametrize("players", COUNTS)
def test_pettingzoo_whole_game_gives_every_agent_its_rank_reward(players: int) -> None:
    e = raw_env(GAME, players=players)
    e.reset(seed=players)
    rng = np.random.default_rng(players)
    final: dict[str, float] = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            final[agent] = reward
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert set(final) == {f"player_{s}" for s in range(players)}
    returns = rank_returns(e.world.result().ranks)
    assert [final[f"player_{s}"] for s in range(players)] == returns


@pytest.mark.parametrize("players", COUNTS)
def test_gymnasium_env_checker(players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # unbounded Box, no render fps: advice, not errors
        check_env(agym.make(GAME, players=players, seat=players - 1))


@pytest.mark.parametrize("players", COUNTS)
def test_gymnasium_episode_against_heuristic_seats_ends_with_its_rank_reward(players: int) -> None:
    e = agym.make(GAME, players=players, opponents="heuristic", seat=players - 1)
    _obs, info = e.reset(seed=players)
    rng = np.random.default_rng(players)
    rewards = []
    terminated = truncated = False
    while not (terminated or truncated):
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _obs, reward, terminated, truncated, info = e.step(action)
        rewards.append(reward)
    assert terminated and e.world.is_over
    assert rewards[-1] == rank_returns(e.world.result().ranks)[players - 1]
    assert all(r == 0 for r in rewards[:-1])
