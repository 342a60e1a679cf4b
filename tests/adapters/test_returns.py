"""Returns and utility types in all three adapters: the game's own payoffs (`Game.returns`), the
utility it declares, and a one-player game won or lost against its target."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from arsenale.adapters import openspiel as aos  # noqa: E402
from arsenale.adapters.gymnasium import make  # noqa: E402
from arsenale.adapters.pettingzoo import env, raw_env  # noqa: E402
from arsenale.adapters.rewards import final_returns, truncation_returns  # noqa: E402
from arsenale.core.registry import load_game  # noqa: E402
from arsenale.core.result import rank_returns  # noqa: E402

from .helpers import SOLO, SoloRace  # noqa: E402

Utility = pyspiel.GameType.Utility

pytestmark = pytest.mark.usefixtures("variants")


def test_rank_returns_are_zero_sum_and_share_ties() -> None:
    assert rank_returns([1, 2]) == [1.0, -1.0]
    assert rank_returns([2, 1, 4, 3]) == pytest.approx([1 / 3, 1.0, -1.0, -1 / 3])
    assert rank_returns([1, 1, 3]) == [0.5, 0.5, -1.0]
    assert rank_returns([1, 1]) == [0.0, 0.0]
    for ranks in ([1, 2, 3], [2, 2, 1, 4], [1, 1, 1, 1]):
        assert sum(rank_returns(ranks)) == pytest.approx(0.0)


@pytest.mark.parametrize(
    ("game_id", "expected", "total"),
    [
        ("toy-race", Utility.ZERO_SUM, 0.0),
        ("serenissima-2012", Utility.ZERO_SUM, 0.0),
        ("serenissima-1996", Utility.ZERO_SUM, 0.0),
        ("toy-general", Utility.GENERAL_SUM, None),
        ("toy-constant", Utility.CONSTANT_SUM, 1.5),  # 3 seats, returns moved into [0, 1]
        ("toy-solo", Utility.GENERAL_SUM, None),
    ],
)
def test_the_openspiel_utility_is_the_one_the_game_declares(
    game_id: str, expected: pyspiel.GameType.Utility, total: float | None
) -> None:
    game = load_game(game_id)
    players = min(3, game.max_players)
    spiel = aos.load(game_id, players=players, seed=2)
    assert spiel.get_type().utility == expected
    assert spiel.get_type().min_num_players == game.min_players
    assert aos.utility_sum(game, players) == total
    if total is not None:
        assert spiel.utility_sum() == total
    pyspiel.random_sim_test(spiel, num_sims=3, serialize=False, verbose=False)


def test_a_game_that_may_be_played_alone_is_general_sum_whatever_it_declares() -> None:
    """A lone seat's +1 or -1 adds up to no fixed sum."""

    class SoloZero(SoloRace):
        utility = "zero_sum"

    assert aos.utility(SoloZero()) == Utility.GENERAL_SUM
    assert aos.utility_sum(SoloZero(), 1) is None


def test_a_finished_game_pays_what_the_game_says() -> None:
    """The returns of every adapter are `Game.returns` of the result, here a constant-sum game's
    rank returns moved into [0, 1] (3 seats: 1, 1/2, 0)."""
    spiel = aos.load("toy-constant", players=3, seed=5)
    state = spiel.new_initial_state()
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    world = state.world
    expected = [(r + 1) / 2 for r in rank_returns(world.result().ranks)]
    assert state.returns() == expected == final_returns(world)
    assert sum(expected) == pytest.approx(1.5)

    e = raw_env("toy-constant", players=3, seed=5)
    e.reset()
    final = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            final[agent] = reward
            e.step(None)
        else:
            e.step(int(obs["action_mask"].argmax()))  # the first legal action
    payoffs = load_game("toy-constant").returns(e.world.result())
    assert [final[f"player_{s}"] for s in range(3)] == payoffs

    g = make("toy-constant", players=3, opponents="random", seat=1)
    _, info = g.reset(seed=3)
    terminated = False
    while not terminated:
        _, reward, terminated, _, info = g.step(int(info["action_mask"].argmax()))
    assert reward == load_game("toy-constant").returns(g.world.result())[1]


def test_payoffs_outside_minus_one_to_one_are_refused() -> None:
    spiel = aos.load("toy-scores", players=2, seed=1)
    state = spiel.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])  # roll, always
    with pytest.raises(ValueError, match=r"toy-scores.returns gave .* in \[-1, 1\]"):
        state.returns()


# -- one player ----------------------------------------------------------------------------------

ROLL = SOLO.catalogue.from_text("roll").index
STOP = SOLO.catalogue.from_text("stop").index


def test_one_player_in_openspiel_wins_or_loses_against_the_target() -> None:
    spiel = aos.load("toy-solo", seed=3)
    assert spiel.num_players() == 1 and spiel.get_type().min_num_players == 1
    won = spiel.new_initial_state()
    while not won.is_terminal():
        won.apply_action(ROLL)  # rolling always reaches the goal
    assert won.world.result().won and won.returns() == [1.0]
    lost = spiel.new_initial_state()
    lost.apply_action(STOP)  # stopping at once misses it
    assert lost.is_terminal() and not lost.world.result().won
    assert lost.returns() == [-1.0]
    info = spiel.new_initial_state().information_state_string(0)
    assert "history: " in info
    cut = aos.load("toy-solo", seed=3, max_game_length=2).new_initial_state()
    cut.apply_action(ROLL)
    cut.apply_action(ROLL)
    assert cut.is_terminal() and cut.returns() == [0.0] == truncation_returns(cut.world)


def test_one_player_in_pettingzoo_is_a_single_agent() -> None:
    api_test(env("toy-solo", players=1, seed=1), num_cycles=100)
    for action, reward in ((ROLL, 1.0), (STOP, -1.0)):
        e = env("toy-solo", seed=4)
        e.reset()
        assert e.possible_agents == ["player_0"]
        got = []
        for _agent in e.agent_iter():
            _, r, terminated, truncated, _ = e.last()
            got.append(r)
            e.step(None if terminated or truncated else action)
        assert got[-1] == reward


def test_one_player_in_gymnasium_has_no_opponents() -> None:
    check_env(make("toy-solo", players=1).unwrapped, skip_render_check=True)
    for action, reward in ((ROLL, 1.0), (STOP, -1.0)):
        e = make("toy-solo", opponents=[])
        assert e.players == 1 and e.specs == {}
        e.reset(seed=2)
        terminated = False
        while not terminated:
            _, r, terminated, truncated, _ = e.step(action)
            assert not truncated
        assert r == reward
