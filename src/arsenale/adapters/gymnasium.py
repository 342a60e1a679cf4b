"""One seat of a game against bots, as a Gymnasium environment.

    from arsenale.adapters.gymnasium import make
    env = make("serenissima-2012", players=4, opponents="heuristic", seat=0)
    obs, info = env.reset(seed=7)
    while True:
        action = policy(obs, info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break

The agent plays `seat`; bots (specs as for `arsenale play`: "random", "heuristic",
"ismcts:500it"...) play the others, each seeded from the game's seed. `reset` and `step` return
once only the agent owes a decision or the game is over: at a simultaneous secret decision the
bots submit first, and their submissions stay out of the agent's observation (the core hides
them until all are in).

- observation: what the seat sees (written from the state, `arsenale.adapters.encoding`), Box(float32) of `encoding.observation_size(game)`;
- action: Discrete(len(game.catalogue)), the catalogue index; `info["action_mask"]` (int8) marks
  the legal ones;
- reward: 0 until the end, then the seat's return (`Game.returns`: 1 first, -1 last by
  default; in a one-player game, which has no opponents, 1 for reaching the target, -1 not);
- an illegal action ends the episode at once with reward -1 (the return of last place) and
  `info["illegal_action"] = True`, the convention of PettingZoo's TerminateIllegalWrapper: an
  environment that refused it and waited would let a random agent loop for ever;
- a value that is not an action id of the space (not an integer, a bool, outside the
  catalogue) is refused with `checks.NotInActionSpace`, nothing changed, as the PettingZoo
  environment refuses it;
- once the episode has ended (game over, illegal action, cut) every `step` returns that end
  again until `reset`;
- a game still running after `max_plies` actions (all seats' actions counted) is truncated,
  reward 0;
- `reset(seed=s)` makes the whole episode reproducible: the game's seed and the bots' seeds
  derive from s.

Importing the module also registers `arsenale/<game id>-v0` with Gymnasium for every game
known at that point (`register_envs()` again for games registered later), so
`gymnasium.make("arsenale/serenissima-2012-v0", players=3)` works too.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np

from arsenale.adapters import checks, encoding, opponents
from arsenale.adapters.rewards import MIN_RETURN, final_returns
from arsenale.bots.base import Bot
from arsenale.bots.random_bot import random_policy
from arsenale.bots.registry import make_bot, parse_spec
from arsenale.core.errors import ArsenaleError, excerpt
from arsenale.core.registry import game_ids, load_game
from arsenale.core.state import GameState
from arsenale.sim.runner import bot_seed

ILLEGAL_REWARD = MIN_RETURN


class ArsenaleEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One seat of one game against bots (see the module's docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        opponents: str | Sequence[str] = "heuristic",
        seat: int = 0,
        options: dict[str, Any] | None = None,
        render_mode: str | None = None,
        max_plies: int | None = None,
    ) -> None:
        game = load_game(game_id)
        n = players if players is not None else game.max_players
        game.new_game(n, 0, options)  # refuse a bad player count or options now
        index = checks.integer(seat)
        if index is None or not 0 <= index < n:
            raise ArsenaleError(
                f"seat must be an integer 0-{n - 1} (not a bool), not {excerpt(seat)}"
            )
        seat = index
        specs = _opponent_specs(opponents, n)
        max_plies = checks.max_plies(max_plies, game.max_game_length)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.game = game
        self.players = n
        self.seat = seat
        self.options = dict(options or {})
        self.render_mode = render_mode
        self.max_plies = max_plies
        others = [s for s in range(n) if s != seat]
        self.specs = dict(zip(others, specs, strict=True))
        self.observation_space = gymnasium.spaces.Box(
            -np.inf, np.inf, (encoding.observation_size(game),), np.float32
        )
        self.action_space = gymnasium.spaces.Discrete(len(game.catalogue))
        self._observer = encoding.Observer(game)
        self._actions = len(game.catalogue)
        self._catalogue = tuple(game.catalogue)  # the actions by index, fixed with the game
        self.state_: GameState | None = None
        self.bots: dict[int, Bot] = {}
        self._draws: list[Callable[[int], int] | None] = [None] * n
        self._illegal = False
        """Whether an illegal action ended the episode (every step then repeats that end)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> ArsenaleEnv:
        """An independent copy that plays on from here as this one would (`copy.deepcopy`: a
        look-ahead): its state a clone, its bots' generators copies. The random bots' draw
        functions are bound anew to the copies' generators (a deep copy would share a bound
        built-in method, and with it the original's generator)."""
        new = type(self).__new__(type(self))
        memo[id(self)] = new
        new.__dict__.update(copy.deepcopy(self.__dict__, memo))
        new._draws = [None] * self.players
        for s, bot in new.bots.items():
            new._draws[s] = _draw(bot)
        return new

    @property
    def world(self) -> GameState:
        """The Arsenale state of the current episode (the true state)."""
        if self.state_ is None:
            raise RuntimeError("call reset() first")
        return self.state_

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """A new game (`options` is accepted for the API; the game's options are fixed when the
        environment is made)."""
        super().reset(seed=checks.seed(seed))  # a NumPy integer as an int, as PettingZoo's
        self._illegal = False
        game_seed = int(self.np_random.integers(0, 1 << 62))
        self.state_ = self.game.new_game(self.players, game_seed, self.options)
        for s, spec in self.specs.items():
            seed_s = bot_seed(game_seed, s)
            bot = self.bots.get(s)
            if bot is not None and bot.policy is random_policy:
                # a random bot keeps nothing from one game to the next: its generator is
                # reseeded (as `make_bot` seeds a new one) instead of building the bot again
                bot.rng.seed(seed_s)
                bot.seed = seed_s
            else:
                self.bots[s] = bot = make_bot(spec, self.game, seed_s)
                self._draws[s] = _draw(bot)
        self._play_bots()
        if self.render_mode == "human":
            self.render()
        return self._observation(), self._info()

    def _play_bots(self) -> None:
        """Let the bots decide until only the agent owes a decision (`opponents.play`)."""
        opponents.play(self.world, self.seat, self.bots, self._draws, self.max_plies)

    def _observation(self) -> np.ndarray:
        return self._observer.observe(self.world, self.seat)

    def action_mask(self) -> np.ndarray:
        # the state keeps them for the ply
        return encoding.action_mask(self.world.legal_actions(self.seat), self._actions)

    def _info(self, **extra: Any) -> dict[str, Any]:
        return {"action_mask": self.action_mask(), "ply": self.world.ply, **extra}

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """One action of the agent, then the bots'. A value that is not an action id of the
        action space is refused (`checks.NotInActionSpace`), nothing changed; once the episode
        has ended (the game over, an illegal action, the cut) every step returns that end
        again until `reset`."""
        if type(action) is int and 0 <= action < self._actions:
            index: int = action
        else:
            index = checks.action_index(action, self._actions)
        s = self.state_
        if s is None:
            s = self.world  # which refuses it
        if s.over:
            return self._observation(), self._final_reward(), True, False, self._info()
        if self._illegal:
            return self._observation(), ILLEGAL_REWARD, True, False, self._info(illegal_action=True)
        if s.ply >= self.max_plies:
            return self._observation(), 0.0, False, True, self._info()
        seat = self.seat
        action_ = self._catalogue[index]
        if action_ not in s.legal_actions(seat):
            self._illegal = True
            return self._observation(), ILLEGAL_REWARD, True, False, self._info(illegal_action=True)
        s._play(seat, action_)  # found in the seat's legal list just above
        if self.bots:
            opponents.play(s, seat, self.bots, self._draws, self.max_plies)
        if self.render_mode == "human":
            self.render()
        if s.over:
            return self._observation(), self._final_reward(), True, False, self._info()
        # the observation and the info of a running game, read from `s` itself
        info = {
            "action_mask": encoding.action_mask(s.legal_actions(seat), self._actions),
            "ply": s.ply,
        }
        return self._observer.observe(s, seat), 0.0, False, s.ply >= self.max_plies, info

    def _final_reward(self) -> float:
        return final_returns(self.world)[self.seat]

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; nothing to show")
            return None
        text = self.game.render_text(self.world.view(self.seat), self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.state_ = None


def _draw(bot: Bot) -> Callable[[int], int] | None:
    """What `opponents.play` draws a random bot's choices with (its generator's
    `getrandbits`); None for another bot, which decides by its policy."""
    return bot.rng.getrandbits if bot.policy is random_policy else None


def _opponent_specs(opponents: Any, players: int) -> list[str]:
    """The bot spec of each other seat in seat order: one string for all of them (checked even
    where no seat is left to play it, a one-player game), or a list or tuple of one each."""
    others = players - 1
    if isinstance(opponents, str):
        parse_spec(opponents)  # unknown kinds and "human" are refused here
        return [opponents] * others
    if not isinstance(opponents, list | tuple):
        raise ArsenaleError(
            "opponents must be a bot spec (a string such as 'heuristic') or a list of one per "
            f"other seat, not {excerpt(opponents)}"
        )
    specs = list(opponents)
    if len(specs) != others:
        raise ArsenaleError(
            f"a {players}-player game needs {others} opponent{'' if others == 1 else 's'} "
            f"(one bot spec per other seat), got {len(specs)}: {excerpt(specs)}"
        )
    for i, spec in enumerate(specs):
        if not isinstance(spec, str):
            raise ArsenaleError(
                f"opponent {i} is {excerpt(spec)}, not a bot spec (a string such as 'random')"
            )
        parse_spec(spec)
    return specs


def make(
    game_id: str,
    players: int | None = None,
    opponents: str | Sequence[str] = "heuristic",
    seat: int = 0,
    options: dict[str, Any] | None = None,
    render_mode: str | None = None,
    max_plies: int | None = None,
) -> ArsenaleEnv:
    """The environment of `seat` in a `players`-player game (default: the game's maximum)
    against `opponents` (one spec for all, or one per other seat in seat order); a game still
    running after `max_plies` actions (default `Game.max_game_length`) is truncated."""
    return ArsenaleEnv(game_id, players, opponents, seat, options, render_mode, max_plies)


def env_id(game_id: str) -> str:
    return f"arsenale/{game_id}-v0"


def register_envs() -> list[str]:
    """Register `arsenale/<id>-v0` with Gymnasium for every game known now (idempotent)."""
    out = []
    for game_id in game_ids():
        name = env_id(game_id)
        if name not in gymnasium.registry:
            gymnasium.register(
                name, entry_point=f"{__name__}:ArsenaleEnv", kwargs={"game_id": game_id}
            )
        out.append(name)
    return out


register_envs()
