"""Shared helpers of the adapter tests."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path
from typing import Any

from arsenale.bots.registry import GROUP
from arsenale.core import registry as games
from arsenale.core.actions import Action
from arsenale.core.game import Game, Option, Policy
from arsenale.core.info import SeatInfo
from arsenale.core.registry import load_game
from arsenale.core.result import Result
from arsenale.core.state import GameState
from toygame import ToyRace, ToyRaceState

GAMES = ("toy-race", "serenissima-2012", "serenissima-1996")
"""Every registered game, the test-only toy game included."""

CONFIGS = [(g, n) for g in GAMES for n in (2, 3, 4)]
"""Those games with every player count (all three take 2-4 players)."""

EVERY_GAME = tuple(dict.fromkeys(("toy-race", *games.game_ids())))
"""Every game registered (its entry point), and the test-only toy game."""


def _player_counts(game_id: str) -> range:
    game = ToyRace if game_id == "toy-race" else load_game(game_id)
    return range(game.min_players, game.max_players + 1)


EVERY_COUNT = [(g, n) for g in EVERY_GAME for n in _player_counts(g)]
"""Every game with every player count it takes (one for Amalfi's solo challenge)."""


def random_positions(game: Game, players: int, seed: int, every: int = 7) -> list[GameState]:
    """Clones of the positions of one random game, every `every` plies, the end included."""
    rng = random.Random(seed)
    state = game.new_game(players, seed=seed)
    out = []
    while not state.is_over:
        if state.ply % every == 0:
            out.append(state.clone())
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    out.append(state)
    return out


def toy_at_bid(players: int = 3, seed: int = 1) -> GameState:
    """A toy-race game at its first simultaneous secret bid."""
    game = load_game("toy-race")
    state = game.new_game(players, seed=seed)
    roll = game.catalogue.from_text("roll")
    while len(state.to_move()) < 2:
        state.apply(state.to_move()[0], roll)
    return state


# -- variants of the toy game, for the utility types and one player ------------------------------


class SoloState(ToyRaceState):
    __slots__ = ()

    def _result(self) -> Result:
        """Alone, the race is won by reaching the goal, lost by stopping short of it."""
        return Result.from_keys([float(self.pos[0])], target=float(self.goal))


class SoloRace(ToyRace):
    """The toy race for one player: no bids (nobody to bid against), a target to reach."""

    id = "toy-solo"
    title = "Toy race, alone"
    min_players = 1
    max_players = 1
    utility = "general_sum"
    options = (
        Option("goal", 20, "spaces to reach: the target"),
        Option("bid_every", 1_000_000, "turns between two bids (none alone)"),
        Option("fault", 0, "test hook: never"),
    )

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> GameState:
        state = super()._new(players, seed, options)
        state.__class__ = SoloState  # the same fields, a result with a target
        return state


class GeneralRace(ToyRace):
    """The toy race declared general-sum (its payoffs are still the default rank returns)."""

    id = "toy-general"
    utility = "general_sum"


class ConstantRace(ToyRace):
    """The toy race as a constant-sum game: rank returns moved into [0, 1]."""

    id = "toy-constant"
    utility = "constant_sum"

    def returns(self, result: Result) -> list[float]:
        return [(r + 1) / 2 for r in super().returns(result)]


class ScoreRace(ToyRace):
    """A toy race that pays its positions as returns: outside the adapters' [-1, 1]."""

    id = "toy-scores"
    utility = "general_sum"

    def returns(self, result: Result) -> list[float]:
        return list(result.scores)


SOLO = SoloRace()
GENERAL = GeneralRace()
CONSTANT = ConstantRace()
SCORES = ScoreRace()
VARIANTS: dict[str, Game] = {
    "SOLO": SOLO,
    "GENERAL": GENERAL,
    "CONSTANT": CONSTANT,
    "SCORES": SCORES,
}
"""Registered for one test by the `variants` fixture (conftest.py), by attribute name."""


def first_legal_factory(game: Game, budget: str | None) -> Policy:
    """A bot kind for the entry point tests: it plays the first legal action."""

    def first_legal(info: SeatInfo, rng: random.Random) -> Action:
        return info.legal_actions()[0]

    return first_legal


def decision_points(game: Game, count: int, seed: int = 0) -> list[tuple[GameState, int]]:
    """`count` positions of uniformly random play, spread over whole games of every player
    count, each with a seat that owes a decision of at least two legal actions."""
    rng = random.Random(seed)
    out: list[tuple[GameState, int]] = []
    g = 0
    while len(out) < count:
        players = game.min_players + g % (game.max_players - game.min_players + 1)
        state = game.new_game(players, seed=seed * 1_000 + g)
        g += 1
        while not state.is_over and len(out) < count:
            movers = state.to_move()
            seat = movers[rng.randrange(len(movers))]
            legal = state.legal_actions(seat)
            if len(legal) > 1 and rng.random() < 0.1:
                out.append((state.clone(), seat))
            state.apply(seat, legal[rng.randrange(len(legal))])
    return out


# -- bot kinds from entry points ---------------------------------------------------------------

PYPROJECT = Path(__file__).parents[2] / "pyproject.toml"


def declared_bots() -> dict[str, str]:
    """The `arsenale.bots` entry points of pyproject.toml, name -> "module:factory"."""
    with PYPROJECT.open("rb") as f:
        project = tomllib.load(f)["project"]
    bots: dict[str, str] = project["entry-points"][GROUP]
    return bots


def write_distribution(root: Path, name: str, group: str, entries: dict[str, str]) -> None:
    """A minimal installed distribution `name` under `root` with entry points in `group`."""
    info = root / f"{name.replace('-', '_')}-0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0\n")
    lines = "".join(f"{k} = {v}\n" for k, v in entries.items())
    (info / "entry_points.txt").write_text(f"[{group}]\n{lines}")


ADAPTERS_DOC = Path(__file__).parents[2] / "docs" / "adapters.md"


def doc_example(section: str) -> str:
    """The first ```python block after the heading `## {section}` of docs/adapters.md."""
    text = ADAPTERS_DOC.read_text(encoding="utf-8")
    after = text.split(f"\n## {section}\n", 1)[1]
    return after.split("```python\n", 1)[1].split("\n```", 1)[0]
