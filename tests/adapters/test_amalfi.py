"""Amalfi: Renaissance in the three adapters at every player count it takes, one included
(the solo challenge: Gymnasium's single-agent form): each library's own checker passes, and a
solo episode ends with the challenge's outcome as its reward (won +1, lost -1)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
pyspiel = pytest.importorskip("pyspiel")
pettingzoo_test = pytest.importorskip("pettingzoo.test")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from arsenale.adapters import gymnasium as agym  # noqa: E402
from arsenale.adapters import openspiel as aos  # noqa: E402
from arsenale.adapters.pettingzoo import env  # noqa: E402

GAME = "amalfi-renaissance"
COUNTS = (1, 2, 3, 4)


@pytest.mark.parametrize("players", COUNTS)
def test_gymnasium_env_checker(players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # unbounded Box, no render fps: advice, not errors
        check_env(agym.make(GAME, players=players, seat=players - 1))
        agym.register_envs()
        made = gymnasium.make(agym.env_id(GAME), players=players, render_mode="ansi")
        check_env(made.unwrapped)


@pytest.mark.parametrize("players", COUNTS)
def test_pettingzoo_api_and_seed_tests(players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pettingzoo_test.api_test(env(GAME, players=players, seed=players), num_cycles=150)
        pettingzoo_test.seed_test(lambda: env(GAME, players=players), num_cycles=100)


@pytest.mark.parametrize("players", COUNTS)
def test_openspiel_random_simulation(players: int) -> None:
    game = aos.load(GAME, players=players, seed=players)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("rival", ["naples", "genoa"])
def test_a_solo_episode_rewards_the_challenge_outcome(rival: str) -> None:
    """Gymnasium, one player: rewards are 0 until the end; the last is +1 for a completed
    fourth period, -1 for a failed title check (RULINGS.md R16)."""
    e = agym.make(GAME, players=1, options={"rival": rival})
    for seed in range(3):
        rng = np.random.default_rng(seed)
        _obs, info = e.reset(seed=seed)
        rewards = []
        while True:
            legal = np.flatnonzero(info["action_mask"])
            _obs, reward, terminated, truncated, info = e.step(int(rng.choice(legal)))
            assert not truncated and "illegal_action" not in info
            rewards.append(reward)
            if terminated:
                break
        world = e.world
        assert world.is_over
        won = world.view(0)["outcome"] == "completed"
        assert rewards[-1] == (1.0 if won else -1.0)
        assert all(r == 0 for r in rewards[:-1])
