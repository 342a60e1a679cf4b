"""One seat against bots as a Gymnasium environment: Gymnasium's checker, whole episodes,
determinism, illegal actions, secrecy of the bots' simultaneous choices."""

from __future__ import annotations

import warnings

import pytest

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from arsenale.adapters import encoding  # noqa: E402
from arsenale.adapters import gymnasium as agym  # noqa: E402
from arsenale.adapters.checks import NotInActionSpace  # noqa: E402
from arsenale.core.errors import ArsenaleError  # noqa: E402
from arsenale.core.registry import load_game  # noqa: E402
from arsenale.core.result import rank_returns  # noqa: E402

from .helpers import EVERY_COUNT, EVERY_GAME, GAMES  # noqa: E402


@pytest.mark.parametrize(("game_id", "players"), EVERY_COUNT)
def test_gymnasium_env_checker(game_id: str, players: int) -> None:
    """Gymnasium's checker on every game and player count (alone: Amalfi's solo challenge)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # unbounded Box, no render fps: advice, not errors
        check_env(agym.make(game_id, players=players, seat=players - 1))
        agym.register_envs()
        made = gymnasium.make(agym.env_id(game_id), players=players, render_mode="ansi")
        check_env(made.unwrapped)


def _episode(env: agym.ArsenaleEnv, seed: int) -> tuple[list[float], list[bytes], float]:
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    rewards, seen = [], [obs.tobytes()]
    while True:
        assert env.observation_space.contains(obs)
        legal = np.flatnonzero(info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        assert not truncated and "illegal_action" not in info
        rewards.append(reward)
        seen.append(obs.tobytes())
        if terminated:
            return rewards, seen, reward


@pytest.mark.parametrize("game_id", GAMES)
def test_an_episode_ends_with_the_seats_rank_reward(game_id: str) -> None:
    env = agym.make(game_id, players=3, opponents=["random", "heuristic"], seat=1)
    rewards, _, last = _episode(env, seed=3)
    assert env.world.is_over
    assert last == rank_returns(env.world.result().ranks)[1]
    assert all(r == 0 for r in rewards[:-1])


def test_episodes_are_reproducible_under_reset_seed() -> None:
    env = agym.make("serenissima-1996", players=3, opponents="heuristic", seat=2)
    assert _episode(env, seed=8) == _episode(env, seed=8)
    other = agym.make("serenissima-1996", players=3, opponents="heuristic", seat=2)
    assert _episode(other, seed=8) == _episode(env, seed=8)


def test_random_opponents_kept_between_episodes_play_as_new_ones() -> None:
    """Random opponents are kept from one episode to the next, their generators reseeded: each
    episode of a long-lived environment is the one a new environment plays from its seed."""
    specs = ["random", "random", "random"]
    env = agym.make("serenissima-2012", players=4, opponents=specs, seat=1)
    for seed in (3, 4, 5):
        fresh = agym.make("serenissima-2012", players=4, opponents=specs, seat=1)
        assert _episode(env, seed=seed) == _episode(fresh, seed=seed)
        assert env.world.history() == fresh.world.history()
        assert [b.seed for b in env.bots.values()] == [b.seed for b in fresh.bots.values()]


def test_the_agent_only_sees_its_seats_view() -> None:
    env = agym.make("serenissima-1996", players=4, opponents="random", seat=2)
    obs, info = env.reset(seed=1)
    world = env.world
    assert 2 in world.to_move()
    assert np.array_equal(obs, encoding.encode(world, 2))
    assert set(np.flatnonzero(info["action_mask"]).tolist()) == {
        a.index for a in world.legal_actions(2)
    }


def test_bots_secret_choices_stay_secret_until_the_agent_has_chosen() -> None:
    """In the toy game the agent (seat 2) is asked for its bid after the bots (seats 0 and 1)
    have bid; its observation is the same as a fresh view that never saw their bids."""
    env = agym.make("toy-race", players=3, opponents="random", seat=2)
    obs, _ = env.reset(seed=4)
    roll = env.game.catalogue.from_text("roll").index
    while not env.world.view(2)["decision"]["simultaneous"]:
        obs, _, terminated, _, _ = env.step(roll)
        assert not terminated
    world = env.world
    assert world.to_move() == (2,) and sorted(world.submissions) == [0, 1]
    assert world.view(2)["decision"]["submitted"] == [0, 1]
    assert np.array_equal(obs, encoding.encode(world, 2))
    # the observation would be the same whatever the bots bid
    for bids in ((0, 0), (3, 2)):
        other = world.clone()
        other.submissions = {
            s: world.game.catalogue.from_text(f"bid {b}") for s, b in enumerate(bids)
        }
        assert np.array_equal(encoding.encode(other, 2), obs)


def test_an_illegal_action_ends_the_episode_with_minus_one() -> None:
    env = agym.make("toy-race", players=2)
    _, info = env.reset(seed=0)
    bid = env.game.catalogue.from_text("bid 2").index
    assert info["action_mask"][bid] == 0
    _, reward, terminated, truncated, info = env.step(bid)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    assert env.world.ply == 0


def test_the_episode_stays_ended_after_an_illegal_action() -> None:
    """After an illegal action every step repeats the end (reward -1, terminated), the game
    untouched, until `reset` starts a new episode."""
    env = agym.make("serenissima-2012", players=3, opponents="random")
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    legal = int(np.flatnonzero(info["action_mask"])[0])
    ply = env.world.ply
    assert env.step(illegal)[1:3] == (-1.0, True)
    for action in (legal, illegal):
        _, reward, terminated, truncated, info = env.step(action)
        assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
        assert env.world.ply == ply
    _, info = env.reset(seed=1)
    _, reward, terminated, _, info = env.step(legal)
    assert (reward, terminated) == (0.0, False) and "illegal_action" not in info


def test_values_outside_the_action_space_are_refused_and_change_nothing() -> None:
    """Only an integer action id in range is an action (a Python or NumPy integer, a 0-d
    integer array); anything else, bools and out-of-range ids included, is refused without
    ending the episode, as the PettingZoo environment refuses them (an AssertionError)."""
    env = agym.make("serenissima-2012", players=3, opponents="random")
    _, info = env.reset(seed=1)
    legal = int(np.flatnonzero(info["action_mask"])[0])
    size = env.action_space.n
    ply = env.world.ply
    for bad in (None, float("nan"), np.array([legal]), legal + 0.7, str(legal), True, -1, size):
        with pytest.raises(NotInActionSpace, match="action is not in action space") as caught:
            env.step(bad)
        assert isinstance(caught.value, AssertionError) and isinstance(caught.value, ArsenaleError)
        assert env.world.ply == ply and env.world.to_move() == (0,)
    with pytest.raises(NotInActionSpace, match=f"{size} is outside 0-{size - 1}"):
        env.step(size)
    with pytest.raises(NotInActionSpace, match="True is not an integer"):
        env.step(True)
    histories = []
    for good in (legal, np.int64(legal), np.array(legal, dtype=np.int32)):
        env.reset(seed=1)
        _, reward, terminated, _, _ = env.step(good)
        assert (reward, terminated) == (0.0, False) and env.world.ply > ply
        histories.append(env.world.history())
    assert histories[0] == histories[1] == histories[2]


def test_a_game_longer_than_max_plies_is_truncated() -> None:
    """A game that reaches max_plies (60, shorter than any full game) is truncated, reward 0."""
    env = agym.make("serenissima-2012", players=2, opponents="random", max_plies=60)
    _, info = env.reset(seed=2)
    while True:
        _, reward, terminated, truncated, info = env.step(np.flatnonzero(info["action_mask"])[0])
        if terminated or truncated:
            break
    assert truncated and not terminated and reward == 0.0
    assert env.world.ply >= 60 and not env.world.is_over


def test_bad_set_ups_are_refused() -> None:
    with pytest.raises(ArsenaleError, match="a 3-player game needs 2 opponents"):
        agym.make("toy-race", players=3, opponents=["random"])
    with pytest.raises(ArsenaleError, match="a 2-player game needs 1 opponent "):
        agym.make("toy-race", players=2, opponents=[])
    for bad in (5, None):
        with pytest.raises(ArsenaleError, match=f"opponents must be a bot spec .*not {bad}"):
            agym.make("toy-race", players=3, opponents=bad)  # type: ignore[arg-type]
    with pytest.raises(ArsenaleError, match="opponent 1 is 3, not a bot spec"):
        agym.make("toy-race", players=3, opponents=["random", 3])  # type: ignore[list-item]
    with pytest.raises(ArsenaleError, match=r"seat must be an integer 0-1 .*not True"):
        agym.make("toy-race", players=2, seat=True)
    assert agym.make("toy-race", players=2, seat=np.int64(1)).seat == 1  # type: ignore[arg-type]
    for bad in (0, -5, 2.5):
        with pytest.raises(ArsenaleError, match=f"max_plies .* positive integer .*not {bad}"):
            agym.make("toy-race", players=2, max_plies=bad)  # type: ignore[arg-type]
    with pytest.raises(ArsenaleError, match="human"):
        agym.make("toy-race", players=2, opponents="human")
    with pytest.raises(ArsenaleError, match="seat"):
        agym.make("toy-race", players=2, seat=2)


@pytest.mark.parametrize("game_id", EVERY_GAME)
def test_random_opponents_play_as_the_random_bot_on_its_seats_information(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A "random" opponent draws straight from the state's legal actions; the same draws on a
    `SeatInfo` (a bot kind the environment does not recognise as random) give the same game."""
    from arsenale.bots import registry
    from arsenale.bots.random_bot import random_policy

    monkeypatch.setitem(
        registry._KINDS, "random-info", lambda game, budget: lambda i, r: random_policy(i, r)
    )
    players = load_game(game_id).max_players if game_id != "toy-race" else 4
    fast = agym.make(game_id, players=players, opponents="random", seat=1)
    slow = agym.make(game_id, players=players, opponents="random-info", seat=1)
    assert _episode(fast, seed=5) == _episode(slow, seed=5)
    assert fast.world.history() == slow.world.history()


def test_a_one_player_game_takes_a_string_spec_unused_or_an_empty_list() -> None:
    """Amalfi alone has no opponents: a string spec is accepted (and still checked) and plays
    no seat; a list must hold one spec per other seat, so only [] is accepted."""
    for spec in ("random", "heuristic", []):
        env = agym.make("amalfi-renaissance", players=1, opponents=spec)  # type: ignore[arg-type]
        env.reset(seed=2)
        assert env.bots == {} and env.specs == {}
    with pytest.raises(ArsenaleError, match=r"a 1-player game needs 0 opponents .*got 1"):
        agym.make("amalfi-renaissance", players=1, opponents=["random"])
    with pytest.raises(ArsenaleError, match="unknown bot"):
        agym.make("amalfi-renaissance", players=1, opponents="nobody")


def test_reset_takes_a_numpy_integer_seed_as_that_int() -> None:
    env = agym.make("serenissima-2012", players=3, opponents="random")
    assert _episode(env, seed=np.int64(6)) == _episode(env, seed=6)  # type: ignore[arg-type]
    with pytest.raises(ArsenaleError, match="seed must be an integer"):
        env.reset(seed=2.5)  # type: ignore[arg-type]


def test_the_documented_example_runs_as_written() -> None:
    """docs/adapters.md's Gymnasium example defines its policy and plays a whole episode."""
    from .helpers import doc_example

    names: dict[str, object] = {}
    exec(doc_example("Gymnasium"), names)  # our own documentation
    assert names["done"] is True and names["env"].world.is_over  # type: ignore[attr-defined]
