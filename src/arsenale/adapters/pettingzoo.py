"""Every registered game as a PettingZoo AEC environment.

    from arsenale.adapters.pettingzoo import env
    e = env("serenissima-2012", players=4, seed=7)
    e.reset()
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else policy(obs)  # obs["action_mask"] says what is legal
        e.step(action)

Agents are "player_0".."player_<n-1>" (seat i is "player_i"). The agent selected is the first
seat in `to_move()`; a simultaneous secret decision is asked one seat at a time and no seat's
observation shows another's submission before all are in (the core hides it). Actions are
catalogue indices (`Discrete(len(game.catalogue))`); an observation is a dict of the seat's
observation ("observation", float32, see `arsenale.adapters.encoding`: written from the state) and "action_mask"
(int8, all zeros for a seat not selected). Rewards are 0 until the end, then the game's returns
(`Game.returns`: rank returns by default, +1/-1 against the target for one player) for
everyone, and every agent is terminated. A game still running after `max_plies` actions is
cut: every agent is truncated, with reward 0. A one-player game has a single agent.

`env()` behaves as the raw environment wrapped the way PettingZoo's classic games are: an
illegal action ends the game, -1 for the seat that played it and 0 for the others
(TerminateIllegalWrapper), an action outside the action space is an assertion error
(AssertOutOfBoundsWrapper), and calls out of order are refused (OrderEnforcingWrapper); it
builds that behaviour in (`wrapped_env`) rather than stacking the wrappers, whose attribute
forwarding cost more than the game. `raw_env` alone raises IllegalAction on an illegal action
and leaves the game as it was. Both take only integer action ids (`checks.action_index`: a
float is not truncated, a bool is not 1) and integer seeds (a NumPy one as an int).
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv
from pettingzoo.utils.env import AECIterable
from pettingzoo.utils.env_logger import EnvLogger

from arsenale.adapters import checks, encoding
from arsenale.adapters.rewards import final_returns
from arsenale.core.errors import IllegalAction
from arsenale.core.registry import load_game
from arsenale.core.state import GameState


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class raw_env(AECEnv[str, dict[str, np.ndarray], int]):  # PettingZoo's naming
    """The AEC environment of one game and player count (see the module's docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "is_parallelizable": False}  # noqa: RUF012

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        render_mode: str | None = None,
        max_plies: int | None = None,
    ) -> None:
        super().__init__()
        game = load_game(game_id)
        n = players if players is not None else game.max_players
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        game.new_game(n, 0, options)  # refuse a bad player count or options now
        self.game = game
        self.players = n
        self.options = dict(options or {})
        self.render_mode = render_mode
        self.max_plies = checks.max_plies(max_plies, game.max_game_length)
        self.metadata = {**self.metadata, "name": f"arsenale_{game_id.replace('-', '_')}_v0"}
        self.possible_agents = [agent_name(s) for s in range(n)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        size = encoding.observation_size(game)
        actions = len(game.catalogue)
        obs_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(-np.inf, np.inf, (size,), np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, (actions,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = {a: gymnasium.spaces.Discrete(actions) for a in self.possible_agents}
        self._catalogue = tuple(game.catalogue)  # the actions by index, fixed with the game
        self._actions = actions
        self._rewarded = False
        self._seeds = random.Random(checks.seed(seed))
        self._observer = encoding.Observer(game)
        self.state_: GameState | None = None
        self.agents: list[str] = []

    # -- spaces ----------------------------------------------------------------------------

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the game ----------------------------------------------------------------------------

    @property
    def world(self) -> GameState:
        """The Arsenale state of the current game (the true state)."""
        if self.state_ is None:
            raise RuntimeError("call reset() first")
        return self.state_

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. `seed` reseeds the generator the game seeds are drawn from; without it
        the next game of the sequence starts. (`options` is accepted for the API; the game's
        options are fixed when the environment is made.)"""
        if seed is not None:
            self._seeds = random.Random(checks.seed(seed))
        self.state_ = self.game.new_game(self.players, self._seeds.getrandbits(63), self.options)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._rewarded = False
        self._select()

    def _select(self) -> None:
        s = self.state_
        if s is None:
            s = self.world  # which refuses it
        if s.over:
            self._finish()
        elif s.ply >= self.max_plies:
            for a in self.agents:
                self.truncations[a] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[s.to_move()[0]]

    def _finish(self) -> None:
        returns = final_returns(self.world)
        for a in self.agents:
            self.rewards[a] = returns[self._seat[a]]
            self.terminations[a] = True
        self._accumulate_rewards()
        self._rewarded = True
        self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        s = self.state_
        if s is None:
            s = self.world  # which refuses it
        seat = self._seat[agent]
        if agent == self.agent_selection and not s.over:
            # computed once a ply: the state keeps them
            mask = encoding.action_mask(s.legal_actions(seat), self._actions)
        else:
            mask = np.zeros(self._actions, np.int8)
        return {"observation": self._observer.observe(s, seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalAction(f"{agent} must choose an action", "arsenale: decisions")
        self._play(agent, checks.action_index(action, self._actions))

    def _play(self, agent: str, index: int) -> None:
        """Apply catalogue action `index` for `agent` (IllegalAction leaves everything as it
        was), then select the next agent. Rewards are zero on every step but the last, so the
        reward dicts are cleared only after one that gave some."""
        s = self.state_
        if s is None:
            s = self.world  # which refuses it
        s.apply(self._seat[agent], self._catalogue[index])
        if self._rewarded:
            self._clear_rewards()
            self._rewarded = False
        self._cumulative_rewards[agent] = 0.0
        self._select()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; nothing to show")
            return None
        text = self.game.render_text(self.world.view(None), None)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.state_ = None


class _SetByReset:
    """An attribute that `reset` sets, read before it: OrderEnforcingWrapper's AttributeError.
    A class attribute without `__set__`, so the instance's own value, once `reset` has set it,
    hides it; unlike a `__getattr__`, it leaves every other attribute read of the environment
    on the interpreter's fast path."""

    __slots__ = ("name",)

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, env: object, owner: type | None = None) -> Any:
        if env is None:
            return self
        raise AttributeError(f"{self.name} cannot be accessed before reset")


class wrapped_env(raw_env):  # PettingZoo's naming
    """`raw_env` with the behaviour of PettingZoo's classic wrappers built in, without their
    cost (each wrapper forwards every attribute read through `__getattr__`, which took most of
    a step's time): TerminateIllegalWrapper (an illegal action ends the game, -1 for the seat
    that played it, 0 for the others, every agent terminated and truncated),
    AssertOutOfBoundsWrapper (an action outside the action space is an AssertionError) and
    OrderEnforcingWrapper (stepping, observing or rendering before `reset` is an error)."""

    ILLEGAL_REWARD = -1.0
    # refused before `reset` as OrderEnforcingWrapper does (its list also names `agents` and
    # `num_agents`, which `raw_env` has from the start)
    rewards = _SetByReset()
    terminations = _SetByReset()
    truncations = _SetByReset()
    infos = _SetByReset()
    agent_selection = _SetByReset()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._has_reset = False

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        super().reset(seed=seed, options=options)  # a bad seed is refused before any change
        self._has_reset = True

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return raw_env.observe(self, agent)  # super()'s, without making a super object

    def agent_iter(self, max_iter: int = 2**63) -> AECIterable[str, dict[str, np.ndarray], int]:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return super().agent_iter(max_iter)

    def render(self) -> str | None:
        if not self._has_reset:
            EnvLogger.error_render_before_reset()
        return super().render()

    def step(self, action: int | None) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        if not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if type(action) is int and 0 <= action < self._actions:
            index: int = action
        else:  # NotInActionSpace, an AssertionError as AssertOutOfBoundsWrapper's
            index = checks.action_index(action, self._actions)
        try:
            self._play(agent, index)  # an illegal action is refused, the state unchanged
        except IllegalAction:
            EnvLogger.warn_on_illegal_move()
            self._cumulative_rewards[agent] = 0.0
            self.terminations = dict.fromkeys(self.agents, True)
            self.truncations = dict.fromkeys(self.agents, True)
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.rewards[agent] = self.ILLEGAL_REWARD
            self._accumulate_rewards()
            self._rewarded = True
            self._deads_step_first()


def env(
    game_id: str,
    players: int | None = None,
    seed: int | None = None,
    options: dict[str, Any] | None = None,
    render_mode: str | None = None,
    max_plies: int | None = None,
) -> AECEnv[str, dict[str, np.ndarray], int]:
    """The AEC environment of a game with PettingZoo's classic wrappers' behaviour (see the
    module's docstring). `players` defaults to the game's maximum; `seed` seeds the sequence
    of game seeds (None: a fresh one); `max_plies` cuts a game that runs longer (default
    `Game.max_game_length`)."""
    return wrapped_env(game_id, players, seed, options, render_mode, max_plies)
