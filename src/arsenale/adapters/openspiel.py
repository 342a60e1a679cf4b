"""Every registered game as an OpenSpiel game, and OpenSpiel's search bots as Arsenale seats.

Importing this module registers each game of `arsenale.core.registry.game_ids()` with pyspiel
under the name `arsenale_<id with underscores>` (`arsenale_serenissima_2012`); a game registered
later is added by `register(game_id)` or on first use by `load(game_id)`.

How the contract maps onto OpenSpiel (docs/adapters.md has the long form):

- dynamics SEQUENTIAL: a simultaneous secret decision (several seats in `to_move()`) is asked
  one seat at a time, the first seat still owing it first; the core keeps each submission out
  of the other seats' views until all are in, so nobody decides knowing another's choice;
- chance SAMPLED_STOCHASTIC: dice and shuffles happen inside `apply` from the state's seeded
  generator; there are no chance nodes (`max_chance_outcomes` is 0);
- IMPERFECT_INFORMATION; observations come from `state.view(seat)` only, encoded by
  `arsenale.adapters.encoding`; information states add the seat's perfect-recall history;
- utility as the game declares it (`Game.utility`: ZERO_SUM, CONSTANT_SUM or GENERAL_SUM;
  GENERAL_SUM for a game that may be played alone), reward model TERMINAL: the returns are the
  game's own payoffs (`Game.returns`, in [-1, 1]); players from the game's minimum, one
  included;
- a game still running after `max_game_length` actions (a parameter, default the game's
  `max_game_length`) ends there, with the returns of `rewards.truncation_returns` (the ranks of
  the game's score estimate, else a draw);
- action ids are the catalogue indices (`Action.index`), so `num_distinct_actions` is
  `len(game.catalogue)`; `apply_action` refuses an id outside them and any action once the
  game is over or cut (IllegalAction, the state and its history unchanged), `legal_actions(p)`
  a player outside the game.

Parameters: `players` (default 4, clipped to the game's range), `seed` (-1, the default: every
new game draws a fresh random seed; s >= 0: every game starts from seed s, so the same actions
give the same game, dice included), `max_game_length`, and each game option under its own name
(an option that has the name of one of those would be "option_<name>").
"""

from __future__ import annotations

import math
import random
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any

try:
    import numpy as np
    import pyspiel
except ImportError as e:  # what the bot registry shows when an openspiel-* bot is asked for
    raise ImportError(f"{e}; the AI adapters need: pip install 'arsenale[ai]'", name=e.name) from e

from arsenale.adapters import encoding
from arsenale.adapters.encoding import Entry
from arsenale.adapters.rewards import MAX_RETURN, MIN_RETURN, final_returns, truncation_returns
from arsenale.bots.ismcts import parse_budget
from arsenale.core.actions import Action
from arsenale.core.errors import ArsenaleError, IllegalAction
from arsenale.core.game import Game, Policy
from arsenale.core.info import SeatInfo
from arsenale.core.registry import game_ids, load_game
from arsenale.core.result import Result
from arsenale.core.state import GameState

PREFIX = "arsenale_"
DEFAULT_PLAYERS = 4

_RESERVED = ("players", "seed", "max_game_length")
_TYPES: dict[str, pyspiel.GameType] = {}
_DEFAULTS: dict[str, dict[str, Any]] = {}
_UTILITY = {
    "zero_sum": pyspiel.GameType.Utility.ZERO_SUM,
    "constant_sum": pyspiel.GameType.Utility.CONSTANT_SUM,
    "general_sum": pyspiel.GameType.Utility.GENERAL_SUM,
}


def spiel_name(game_id: str) -> str:
    """The pyspiel name of an Arsenale game: "serenissima-2012" -> "arsenale_serenissima_2012"."""
    return PREFIX + game_id.replace("-", "_")


def _param(option: str) -> str:
    return f"option_{option}" if option in _RESERVED else option


def utility(game: Game) -> pyspiel.GameType.Utility:
    """The OpenSpiel utility of a game: the one it declares (`Game.utility`), except that a game
    that may be played alone is GENERAL_SUM, since one seat's +1 or -1 adds up to no fixed sum."""
    if game.min_players == 1:
        return pyspiel.GameType.Utility.GENERAL_SUM
    return _UTILITY[game.utility]


def utility_sum(game: Game, players: int) -> float | None:
    """What the returns of every `players`-seat game add up to; None if that varies (general
    sum, or one player). A constant sum is read from a result in which all seats tie."""
    if players == 1 or utility(game) == pyspiel.GameType.Utility.GENERAL_SUM:
        return None
    if game.utility == "zero_sum":
        return 0.0
    return float(sum(game.returns(Result.from_keys([0.0] * players))))


def register(game_id: str) -> str:
    """Register one game with pyspiel (idempotent); its pyspiel name."""
    name = spiel_name(game_id)
    if game_id in _TYPES:
        return name
    game = load_game(game_id)
    defaults: dict[str, Any] = {
        "players": min(max(DEFAULT_PLAYERS, game.min_players), game.max_players),
        "seed": -1,
        "max_game_length": game.max_game_length,
    }
    for opt in game.options:
        defaults[_param(opt.name)] = opt.default
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"Arsenale: {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility(game),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=defaults,
    )
    _TYPES[game_id] = game_type
    _DEFAULTS[game_id] = defaults
    if name not in pyspiel.registered_names():
        # pyspiel keeps the creator until after the interpreter has shut down and then drops
        # it without the GIL: a function or lambda would be freed at that point and crash the
        # exit; a class is never freed by that (it references itself), so register a subclass.
        creator = type(
            f"ArsenaleGame_{name[len(PREFIX) :]}",
            (ArsenaleGame,),
            {"GAME_ID": game_id, "__module__": __name__},
        )
        pyspiel.register_game(game_type, creator)
    return name


def register_all() -> list[str]:
    """Register every game known to the registry now; their pyspiel names."""
    return [register(g) for g in game_ids()]


def load(game_id: str, **params: Any) -> ArsenaleGame:
    """The pyspiel game of an Arsenale game id, registering it first if need be."""
    game = pyspiel.load_game(register(game_id), params)
    assert isinstance(game, ArsenaleGame)
    return game


class ArsenaleGame(pyspiel.Game):
    """One Arsenale game with fixed parameters, as OpenSpiel sees it (`load` makes one).

    pyspiel creates it through a subclass per game that sets GAME_ID.
    """

    GAME_ID = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_id = self.GAME_ID
        if not game_id:
            raise TypeError("create arsenale games with arsenale.adapters.openspiel.load")
        game = load_game(game_id)
        defaults = _DEFAULTS[game_id]
        given = dict(params or {})
        unknown = sorted(set(given) - set(defaults))
        if unknown:
            raise ValueError(
                f"{spiel_name(game_id)} has no parameter {', '.join(unknown)} "
                f"(parameters: {', '.join(defaults)})"
            )
        full = {**defaults, **given}
        players = full["players"]
        if not isinstance(players, int) or not game.min_players <= players <= game.max_players:
            raise ValueError(
                f"{game_id} is for {game.min_players}-{game.max_players} players, not {players!r}"
            )
        seed = full["seed"]
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < -1:
            raise ValueError(f"seed must be -1 (fresh seeds) or a non-negative integer: {seed!r}")
        limit = full["max_game_length"]
        if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
            raise ValueError(f"max_game_length must be a positive integer: {limit!r}")
        self.max_plies = limit
        self.arsenale = game
        self.players = players
        self.options = game.check_options({o.name: full[_param(o.name)] for o in game.options})
        self.seed = seed
        self._set_up = game.new_game(players, seed, self.options) if seed >= 0 else None
        self.set_up_memo: dict[Any, Any] = {}
        info = pyspiel.GameInfo(
            num_distinct_actions=len(game.catalogue),
            max_chance_outcomes=0,
            num_players=players,
            min_utility=MIN_RETURN,
            max_utility=MAX_RETURN,
            utility_sum=utility_sum(game, players),
            max_game_length=limit,
        )
        super().__init__(_TYPES[game_id], info, full)

    def set_up(self) -> tuple[GameState, bool]:
        """A new game's set-up, and whether it is the seeded one (every seeded game starts the
        same; seed -1 draws a fresh seed each time)."""
        if self._set_up is not None:
            return self._set_up.clone(), True
        return self.arsenale.new_game(self.players, None, self.options), False

    def new_initial_state(self, *args: Any) -> ArsenaleState:
        if args:
            raise ValueError("arsenale games start only from their set-up (no state string)")
        return ArsenaleState(self)

    def state_of(
        self, world: GameState, history: list[Entry] | None = None, first: int | None = None
    ) -> ArsenaleState:
        """A pyspiel state around an existing Arsenale state (used as is, not copied).

        `history` is its history as the adapters keep it; None reads the state's own
        (`encoding.history_entries`; a determinized world has none), [] starts the recall at
        this point. `first`: at a simultaneous decision, the seat that submits first if it
        still owes (otherwise the lowest seat still owing).
        """
        if world.game is not self.arsenale or world.players != self.players:
            raise ValueError(f"not a {self.players}-player {self.arsenale.id} state")
        state = ArsenaleState(self)
        core = state._core
        core.set_world(world)
        core.first = first
        for e in encoding.history_entries(world) if history is None else history:
            core.log = (core.log, e)
        return state

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> Observer:
        return Observer(
            self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


class _Core:
    """The Python side of a pyspiel state.

    OpenSpiel clones a Python state by deep-copying its attributes into a fresh initial state;
    this one object answers with `GameState.clone()` and shares the immutable history, so a
    clone costs one Arsenale clone. The world of an initial state is only made on first use,
    so the initial state a clone starts from costs nothing.
    """

    __slots__ = ("_memo", "_memo_ply", "first", "game", "log", "pristine", "world")

    def __init__(self, game: ArsenaleGame) -> None:
        self.game = game
        self.world: GameState | None = None
        self.pristine = False
        """Whether the world is a copy of the game's seeded set-up, untouched."""
        self.log: Any = None  # (previous, Entry) links, newest last
        self.first: int | None = None
        self._memo: dict[Any, Any] = {}
        self._memo_ply = -1

    def state(self) -> GameState:
        world = self.world
        if world is None:
            world, self.pristine = self.game.set_up()
            self.world = world
        return world

    def set_world(self, world: GameState) -> None:
        self.world = world
        self.pristine = False
        self._memo = {}
        self._memo_ply = -1

    def memo(self, key: Any, make: Callable[[], Any]) -> Any:
        """`make()`, remembered until the state changes: views and encodings are asked for
        several times per position (OpenSpiel's checks also encode a fresh initial state to
        learn the tensor sizes, which a seeded game answers from one shared memo)."""
        world = self.state()
        if self.pristine and world.ply == 0:
            memo = self.game.set_up_memo
        else:
            if world.ply != self._memo_ply:
                self._memo = {}
                self._memo_ply = world.ply
            memo = self._memo
        try:
            return memo[key]
        except KeyError:
            value = memo[key] = make()
            return value

    def view(self, seat: int | None) -> dict[str, Any]:
        view: dict[str, Any] = self.memo(("view", seat), lambda: self.state().view(seat))
        return view

    def entries(self) -> list[Entry]:
        out = []
        node = self.log
        while node is not None:
            node, e = node
            out.append(e)
        out.reverse()
        return out

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        c = _Core(self.game)
        if self.world is not None:
            c.world = self.world.clone()
            c.pristine = self.pristine
        c.log = self.log
        c.first = self.first
        return c


class ArsenaleState(pyspiel.State):
    """A pyspiel state around an Arsenale `GameState`."""

    def __init__(self, game: ArsenaleGame) -> None:
        super().__init__(game)
        self._core = _Core(game)

    @property
    def world(self) -> GameState:
        """The Arsenale state (the true one: do not hand it to a bot)."""
        return self._core.state()

    def current_player(self) -> int:
        s = self._core.state()
        if s.over or s.ply >= self._core.game.max_plies:
            return int(pyspiel.PlayerId.TERMINAL)
        movers = s.to_move()
        first = self._core.first
        return first if first is not None and first in movers else movers[0]

    def _check_player(self, player: int | None) -> None:
        """Refuse a player id that no seat has (pyspiel answers [] for any id it does not treat
        as a pseudo-player, which a negative id is; it handles those itself)."""
        n = self._core.game.players
        if player is not None and player >= n:
            raise ValueError(
                f"there is no player {player} in a {n}-player game (players 0-{n - 1})"
            )

    def legal_actions(self, player: int | None = None) -> list[int]:
        """OpenSpiel's `legal_actions`: [] when the game is over or for a seat not to move; a
        player outside the game is refused."""
        if player is None:
            actions: list[int] = super().legal_actions()
        else:
            self._check_player(player)
            actions = super().legal_actions(player)
        return actions

    def legal_actions_mask(self, player: int | None = None) -> list[int]:
        """OpenSpiel's `legal_actions_mask`; a player outside the game is refused."""
        if player is None:
            actions: list[int] = super().legal_actions_mask()
        else:
            self._check_player(player)
            actions = super().legal_actions_mask(player)
        return actions

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(a.index for a in self._core.state().legal_actions(player))

    def _apply_action(self, action: int) -> None:
        """Apply catalogue action `action`; an id outside the catalogue, a finished game or a
        game cut at `max_game_length` is refused (IllegalAction), the state unchanged (pyspiel
        records the action in its history only once this returns)."""
        core = self._core
        s = core.state()
        size = len(s.game.catalogue)
        if not 0 <= action < size:
            raise IllegalAction(
                f"action {action} is outside 0-{size - 1} (the catalogue indices)",
                "arsenale: action format",
            )
        if s.over:
            raise IllegalAction("the game is over", "arsenale: game end")
        if s.ply >= core.game.max_plies:
            raise IllegalAction(
                f"the game was cut at max_game_length {core.game.max_plies}",
                "arsenale: game end",
            )
        seat = self.current_player()
        act = s.game.catalogue[action]
        e = encoding.entry(s, seat, act)
        s.apply(seat, act)
        core.log = (core.log, e)

    def _action_to_string(self, player: int, action: int) -> str:
        return self._core.game.arsenale.catalogue[action].notation

    def is_terminal(self) -> bool:
        s = self._core.state()
        return s.over or s.ply >= self._core.game.max_plies

    def returns(self) -> list[float]:
        s = self._core.state()
        if s.over:
            return final_returns(s)
        if s.ply >= self._core.game.max_plies:
            cut: list[float] = self._core.memo("truncated", lambda: truncation_returns(s))
            return list(cut)
        return [0.0] * s.players

    def rewards(self) -> list[float]:
        return self.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> ArsenaleState:
        """A state `player_id` cannot tell from this one, drawn with `state.determinize`."""
        rng = random.Random(int(probability_sampler() * (1 << 53)))
        return self.resample(player_id, rng)

    def resample(self, player: int, rng: random.Random) -> ArsenaleState:
        c = self.clone()
        assert isinstance(c, ArsenaleState)
        c._core.set_world(self._core.state().determinize(player, rng))
        return c

    def __str__(self) -> str:
        core = self._core
        text: str = core.memo(("text", None), lambda: encoding.view_string(core.view(None)))
        return text


class Observer:
    """OpenSpiel's Python observer protocol over views (`tensor`, `dict`, `set_from`,
    `string_from`).

    perfect_recall adds the seat's history; private_info NONE observes as a spectator
    (`view(None)`); ALL_PLAYERS is refused: no view shows every seat's secrets.
    """

    def __init__(
        self, game: ArsenaleGame, iig_obs_type: pyspiel.IIGObservationType, params: Any
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("arsenale games never show all seats' private information at once")
        if private == pyspiel.PrivateInfoType.NONE and not iig_obs_type.public_info:
            raise ValueError("an observation with neither public nor private information")
        self.game = game
        self.spectator = private == pyspiel.PrivateInfoType.NONE
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        g = game.arsenale
        size = (
            encoding.information_state_size(g)
            if self.perfect_recall
            else encoding.observation_size(g)
        )
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"info_state" if self.perfect_recall else "observation": self.tensor}

    def _seat(self, player: int) -> int | None:
        return None if self.spectator else player

    def set_from(self, state: ArsenaleState, player: int) -> None:
        core = state._core
        seat = self._seat(player)
        obs = core.memo(
            ("observation", seat), lambda: encoding.observation_tensor(core.state(), seat)
        )
        if self.perfect_recall:
            n = obs.size
            self.tensor[:n] = obs
            self.tensor[n:] = core.memo(
                ("history", seat), lambda: encoding.history_tensor(core.entries(), seat)
            )
        else:
            self.tensor[:] = obs

    def string_from(self, state: ArsenaleState, player: int) -> str:
        core = state._core
        seat = self._seat(player)
        text: str = core.memo(("text", seat), lambda: encoding.view_string(core.view(seat)))
        if self.perfect_recall:
            moves: str = core.memo(
                ("moves", seat), lambda: encoding.history_string(core.entries(), seat)
            )
            return f"{text}\n{moves}"
        return text


register_all()


# -- OpenSpiel's bots as seats -----------------------------------------------------------------

UCT_C = 1.4
"""Exploration constant of both bots: 0.7 (our ISMCTS's constant for rewards in [0, 1]) scaled to
returns in [-1, 1]."""
MCTS_WORLDS = 4
"""Determinized worlds the MCTS bot searches per decision (its simulations are split evenly)."""
_CALIBRATION = 8


class _Budgeted(ABC):
    """A policy that turns a time budget into a number of simulations.

    OpenSpiel's bots take a number of simulations. For a time budget the first decision runs a
    short search of a few simulations to measure the rate, then a search sized to fit the rest
    of the budget; every search updates the rate (a moving average), which sizes the next one.
    """

    def __init__(self, game: Game, budget: str | None) -> None:
        self.game = game
        self.seconds, self.iterations = parse_budget(budget)
        self.rate: float | None = None  # simulations per second
        self.last_stats: dict[str, Any] = {}
        self._games: dict[int, ArsenaleGame] = {}

    def pygame(self, players: int) -> ArsenaleGame:
        g = self._games.get(players)
        if g is None:
            g = self._games[players] = load(self.game.id, players=players)
        return g

    def __call__(self, info: SeatInfo, rng: random.Random) -> Action:
        legal = info.legal_actions()
        if not legal:
            raise ArsenaleError(f"seat {info.seat} has no decision to make")
        if len(legal) == 1:
            return legal[0]
        start = time.perf_counter()
        if self.iterations is not None:
            index, n = self._search(info, rng, self.iterations)
        else:
            assert self.seconds is not None
            if self.rate is None:
                self._search(info, rng, _CALIBRATION)
                self._measured(_CALIBRATION, time.perf_counter() - start)
            assert self.rate is not None
            left = self.seconds - (time.perf_counter() - start)
            n = max(1, int(left * self.rate))
            t = time.perf_counter()
            index, n = self._search(info, rng, n)
            self._measured(n, time.perf_counter() - t)
        action = self.game.catalogue[index]
        if action not in legal:
            raise ArsenaleError(f"the OpenSpiel bot chose {action.notation!r}, which is not legal")
        elapsed = time.perf_counter() - start
        self.last_stats = {"simulations": n, "seconds": elapsed, "simulations_per_s": self.rate}
        return action

    def _measured(self, n: int, seconds: float) -> None:
        rate = n / max(seconds, 1e-6)
        self.rate = rate if self.rate is None else 0.5 * self.rate + 0.5 * rate

    @abstractmethod
    def _search(self, info: SeatInfo, rng: random.Random, n: int) -> tuple[int, int]:
        """The chosen catalogue index and the simulations run."""


class OpenSpielISMCTS(_Budgeted):
    """OpenSpiel's ISMCTSBot (random roll-outs) on the seat's information state.

    It sees the seat's information only: the root and every simulation's world are drawn with
    `SeatInfo.determinize` (the bot's resampler), never from the true state, and each one's
    recall starts there. Its numpy generator (tree policy, roll-outs, final choice) is seeded
    from the bot's own generator, which also draws the worlds, so the same bot seed and the
    same view give the same decision.
    """

    def _search(self, info: SeatInfo, rng: random.Random, n: int) -> tuple[int, int]:
        from open_spiel.python.algorithms import ismcts, mcts

        pygame = self.pygame(info.players)
        seat = info.seat

        def world(player: int) -> ArsenaleState:
            if player != seat:
                raise ValueError(f"seat {seat}'s search asked for a world of seat {player}")
            return pygame.state_of(info.determinize(rng), history=[], first=seat)

        root = world(seat)
        assert root.current_player() == seat
        np_rng = np.random.RandomState(rng.getrandbits(32))
        bot = ismcts.ISMCTSBot(
            game=pygame,
            evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np_rng),
            uct_c=UCT_C,
            max_simulations=max(n, 2),  # the first simulation only evaluates the root
            random_state=np_rng,
        )
        bot.set_resampler(lambda state, player: world(player))
        return int(bot.step(root)), max(n, 2)


class OpenSpielMCTS(_Budgeted):
    """OpenSpiel's MCTSBot (random roll-outs) on determinized worlds of the seat.

    MCTSBot searches one fully known state, so it is given worlds drawn with
    `SeatInfo.determinize` (never the true state): MCTS_WORLDS of them, each searched with an
    equal share of the simulations; the action with the most visits over all worlds is played
    (determinized MCTS, also called perfect-information Monte Carlo). In a world, future dice
    come from that world's reseeded generator. `solve` is off: a result proven in one sampled
    world proves nothing about the real game.
    """

    def _search(self, info: SeatInfo, rng: random.Random, n: int) -> tuple[int, int]:
        from open_spiel.python.algorithms import mcts

        pygame = self.pygame(info.players)
        worlds = max(1, min(MCTS_WORLDS, n))
        visits: dict[int, int] = {}
        value: dict[int, float] = {}
        done = 0
        for w in range(worlds):
            sims = n // worlds + (1 if w < n % worlds else 0)
            root = pygame.state_of(info.determinize(rng), history=[], first=info.seat)
            np_rng = np.random.RandomState(rng.getrandbits(32))
            bot = mcts.MCTSBot(
                pygame,
                UCT_C,
                max(sims, 2),
                mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np_rng),
                solve=False,
                random_state=np_rng,
            )
            node = bot.mcts_search(root)
            done += max(sims, 2)
            for child in node.children:
                visits[child.action] = visits.get(child.action, 0) + child.explore_count
                value[child.action] = value.get(child.action, 0.0) + child.total_reward
        best = max(
            visits,
            key=lambda a: (visits[a], value[a] / visits[a] if visits[a] else -math.inf, -a),
        )
        return int(best), done


def ismcts_factory(game: Game, budget: str | None) -> Policy:
    return OpenSpielISMCTS(game, budget)


def mcts_factory(game: Game, budget: str | None) -> Policy:
    return OpenSpielMCTS(game, budget)
