"""Every game as a PettingZoo AEC environment: PettingZoo's API and seed tests, whole games,
secret simultaneous decisions, illegal actions."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from arsenale.adapters import encoding  # noqa: E402
from arsenale.adapters.pettingzoo import env, raw_env  # noqa: E402
from arsenale.core.errors import IllegalAction  # noqa: E402
from arsenale.core.result import rank_returns  # noqa: E402

from .helpers import EVERY_COUNT, GAMES  # noqa: E402


@pytest.mark.parametrize(("game_id", "players"), EVERY_COUNT)
def test_pettingzoo_api_and_seed_tests(game_id: str, players: int) -> None:
    """PettingZoo's API and seed tests on every game and player count."""
    with warnings.catch_warnings():
        # PettingZoo warns about every dict observation (its classic games get the same)
        warnings.simplefilter("ignore")
        api_test(env(game_id, players=players, seed=players), num_cycles=150)
        seed_test(lambda: env(game_id, players=players), num_cycles=100)


def _play(e: object, seed: int, choose: object = None) -> dict[str, float]:
    """Play a whole game with random legal actions; the rewards each agent was given."""
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)  # type: ignore[attr-defined]
    final: dict[str, float] = {}
    for agent in e.agent_iter():  # type: ignore[attr-defined]
        obs, reward, terminated, truncated, _ = e.last()  # type: ignore[attr-defined]
        if terminated or truncated:
            final[agent] = reward
            e.step(None)  # type: ignore[attr-defined]
            continue
        assert reward == 0
        mask = obs["action_mask"]
        legal = np.flatnonzero(mask)
        assert len(legal) > 0
        e.step(int(rng.choice(legal)))  # type: ignore[attr-defined]
    return final


@pytest.mark.parametrize("game_id", GAMES)
def test_a_whole_game_ends_with_rank_rewards_for_every_agent(game_id: str) -> None:
    e = raw_env(game_id, players=3)
    final = _play(e, seed=5)
    assert e.agents == []
    assert set(final) == {"player_0", "player_1", "player_2"}
    returns = rank_returns(e.world.result().ranks)
    assert [final[f"player_{s}"] for s in range(3)] == returns
    assert sum(final.values()) == pytest.approx(0.0)


def test_observations_are_the_seats_views_and_masks_only_for_the_agent_to_move() -> None:
    e = raw_env("serenissima-2012", players=3, seed=1)
    e.reset()
    world = e.world
    mover = world.to_move()[0]
    for seat in range(3):
        obs = e.observe(f"player_{seat}")
        assert np.array_equal(obs["observation"], encoding.encode(world, seat))
        legal = {a.index for a in world.legal_actions(seat)} if seat == mover else set()
        assert set(np.flatnonzero(obs["action_mask"]).tolist()) == legal
    assert e.agent_selection == f"player_{mover}"


def test_a_secret_bid_does_not_show_in_the_next_seats_observation() -> None:
    observations = []
    for bid in ("bid 0", "bid 3"):
        e = raw_env("toy-race", players=3, seed=2)
        e.reset()
        roll = e.game.catalogue.from_text("roll").index
        while len(e.world.to_move()) < 2:
            e.step(roll)
        assert e.agent_selection == "player_0"
        e.step(e.game.catalogue.from_text(bid).index)
        assert e.agent_selection == "player_1"
        observations.append(e.observe("player_1"))
    assert np.array_equal(observations[0]["observation"], observations[1]["observation"])
    assert np.array_equal(observations[0]["action_mask"], observations[1]["action_mask"])


def test_illegal_actions() -> None:
    """The raw environment refuses an illegal action and stays as it was; the wrapped one ends
    the game with -1 for the seat that played it."""
    raw = raw_env("toy-race", players=2, seed=3)
    raw.reset()
    bid = raw.game.catalogue.from_text("bid 1").index
    with pytest.raises(IllegalAction):
        raw.step(bid)
    assert raw.world.ply == 0 and raw.agent_selection == "player_0"

    wrapped = env("toy-race", players=2, seed=3)
    wrapped.reset()
    wrapped.last()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        wrapped.step(bid)
    assert all(wrapped.terminations.values())
    rewards = {}
    for agent in wrapped.agent_iter():
        _, reward, terminated, truncated, _ = wrapped.last()
        assert terminated or truncated
        rewards[agent] = reward
        wrapped.step(None)
    assert rewards == {"player_0": -1, "player_1": 0}


def test_the_same_seed_replays_the_same_games_and_reset_without_seed_moves_on() -> None:
    e = raw_env("serenissima-1996", players=2)
    e.reset(seed=9)
    first = e.world.record()["seed"]
    e.reset()
    second = e.world.record()["seed"]
    e.reset(seed=9)
    assert e.world.record()["seed"] == first != second
    assert _play(raw_env("toy-race", players=4), seed=4) == _play(
        raw_env("toy-race", players=4), seed=4
    )


def test_a_game_longer_than_max_plies_is_truncated() -> None:
    """A game that reaches max_plies (here 60, shorter than any full game) is truncated for
    every agent, with reward 0."""
    e = raw_env("serenissima-2012", players=2, seed=1, max_plies=60)
    e.reset()
    steps = 0
    for _ in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            assert truncated and not terminated and reward == 0
            e.step(None)
            continue
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
    assert steps == 60 and not e.world.is_over and e.agents == []


def test_render_shows_the_spectator_view() -> None:
    e = raw_env("toy-race", players=2, seed=1, render_mode="ansi")
    e.reset()
    text = e.render()
    assert isinstance(text, str) and "positions" in text and "my_coins" not in text
    with pytest.raises(ValueError, match="render_mode"):
        raw_env("toy-race", players=2, render_mode="rgb_array")


def test_values_outside_the_action_space_are_refused_and_change_nothing() -> None:
    """Both environments take only integer action ids in range (a Python or NumPy integer, a
    0-d integer array), as the Gymnasium one does: a float is not truncated, a bool is not 1.
    The wrapped one raises PettingZoo's AssertionError, the raw one an IllegalAction (the
    same error, `NotInActionSpace`, is both)."""
    from arsenale.adapters.checks import NotInActionSpace

    for e in (raw_env("serenissima-2012", players=2, seed=1), env("serenissima-2012", 2, 1)):
        e.reset()
        legal = int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0])
        size = e.action_space(e.agent_selection).n
        selected, ply = e.agent_selection, e.world.ply  # type: ignore[attr-defined]
        for bad in (legal + 0.7, float("nan"), str(legal), True, np.array([legal]), -1, size):
            with pytest.raises(NotInActionSpace, match="action is not in action space"):
                e.step(bad)  # type: ignore[arg-type]
            assert e.world.ply == ply and e.agent_selection == selected  # type: ignore[attr-defined]
            assert not any(e.terminations.values())
        e.step(np.array(legal, dtype=np.int16))  # type: ignore[arg-type]
        assert e.world.ply == ply + 1  # type: ignore[attr-defined]
    with pytest.raises(AssertionError, match=r"1\.7 is not an integer"):
        e.step(1.7)  # type: ignore[arg-type]


def test_seeds_and_max_plies_are_checked() -> None:
    """A NumPy integer seed is that int; other seeds, and a max_plies that is not a positive
    integer, are refused (nothing changed)."""
    from arsenale.core.errors import ArsenaleError

    e = raw_env("serenissima-2012", players=2)
    e.reset(seed=np.int64(3))  # type: ignore[arg-type]
    first = e.world.record()["seed"]
    e.reset(seed=3)
    assert e.world.record()["seed"] == first
    for bad in (2.5, "3", True):
        with pytest.raises(ArsenaleError, match="seed must be an integer"):
            e.reset(seed=bad)  # type: ignore[arg-type]
        assert e.world.record()["seed"] == first
    with pytest.raises(ArsenaleError, match="seed must be an integer"):
        raw_env("serenissima-2012", players=2, seed=1.5)  # type: ignore[arg-type]
    for bad_plies in (0, -5, 2.5):
        with pytest.raises(ArsenaleError, match=f"max_plies .* positive integer .*not {bad_plies}"):
            env("serenissima-2012", players=2, max_plies=bad_plies)  # type: ignore[arg-type]
    assert raw_env("serenissima-2012", players=2, max_plies=np.int64(9)).max_plies == 9  # type: ignore[arg-type]


def test_before_reset_the_wrapped_env_refuses_as_order_enforcing_does() -> None:
    e = env("serenissima-2012", players=2)
    with pytest.raises(AttributeError, match="agent_selection cannot be accessed before reset"):
        e.last()
    with pytest.raises(AttributeError, match="terminations cannot be accessed before reset"):
        e.terminations  # noqa: B018
    with pytest.raises(AssertionError, match="reset"):
        e.step(0)
    e.reset(seed=1)
    assert e.last()[1:4] == (0, False, False)
    with pytest.raises(AttributeError, match="has no attribute 'colour'"):
        e.colour  # type: ignore[attr-defined]  # noqa: B018


def test_the_documented_example_runs_as_written() -> None:
    """docs/adapters.md's PettingZoo example defines its policy and plays a whole game."""
    from .helpers import doc_example

    names: dict[str, object] = {}
    exec(doc_example("PettingZoo"), names)  # our own documentation
    e = names["e"]
    assert e.agents == [] and e.world.is_over  # type: ignore[attr-defined]
