"""The opt-in compiled build (setup.py, docs/compiled.md): run under it (`make test-compiled`),
these check that every module setup.py lists was compiled and that the compiled engines and
heuristics play exactly as the pure-Python sources do: the same moves and results on seeded
games, the pure side played in a subprocess from this checkout's `src`. Under the ordinary
(pure-Python) install they are skipped."""

from __future__ import annotations

import importlib
import importlib.machinery
import os
import subprocess
import sys
from pathlib import Path

import pytest

import arsenale.core.state

ROOT = Path(__file__).resolve().parents[1]
COMPILED = arsenale.core.state.__file__.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))

pytestmark = pytest.mark.skipif(not COMPILED, reason="the pure-Python install: nothing compiled")

GAMES = [
    ("serenissima-1996", 3),
    ("serenissima-1996", 4),
    ("serenissima-2012", 2),
    ("serenissima-2012", 4),
    ("masters-of-venice", 3),
    ("masters-of-venice", 5),
    ("amalfi-renaissance", 1),
    ("amalfi-renaissance", 4),
]

PLAY = """
import hashlib, json, random, sys
from arsenale.bots.registry import make_bot
from arsenale.core.info import SeatInfo
from arsenale.core.registry import load_game

def digest(game_id, players, seeds, bots):
    game = load_game(game_id)
    h = hashlib.sha256()
    for seed in seeds:
        s = game.new_game(players, seed)
        rng = random.Random(seed)
        made = [make_bot("heuristic", game, seed + k) for k in range(players)] if bots else None
        while not s.is_over and s.ply < game.max_game_length:
            for seat in s.to_move():
                if made:
                    a = made[seat].choose(SeatInfo(s, seat))
                else:
                    a = rng.choice(s.legal_actions(seat))
                h.update(f"{seat}:{a.notation};".encode())
                s.apply(seat, a)
        h.update(json.dumps(s.result().to_json() if s.is_over else s.ply).encode())
    return h.hexdigest()
"""


def _digest(game_id: str, players: int, seeds: list[int], bots: bool) -> str:
    namespace: dict[str, object] = {}
    exec(PLAY, namespace)
    return namespace["digest"](game_id, players, seeds, bots)  # type: ignore[operator]


def _pure_digest(game_id: str, players: int, seeds: list[int], bots: bool) -> str:
    """The same digest from the sources of this checkout, interpreted (checked there: a
    checkout built in place would otherwise compare the compiled build with itself)."""
    code = (
        PLAY
        + "\nimport arsenale.core.state as m\nassert m.__file__.endswith('.py'), m.__file__"
        + f"\nprint(digest({game_id!r}, {players}, {seeds!r}, {bots}))"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    return out.stdout.strip()


def test_every_listed_module_is_compiled() -> None:
    names = _listed_modules()
    assert names
    for name in names:
        module = importlib.import_module(name)
        assert module.__file__ is not None
        assert module.__file__.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)), name


def _listed_modules() -> list[str]:
    """setup.py's COMPILED as module names (read from its source: running it would build)."""
    source = (ROOT / "setup.py").read_text()
    namespace: dict[str, object] = {}
    exec(source.split("\next_modules = []")[0], namespace)
    table = namespace["COMPILED"]
    assert isinstance(table, dict)
    return [
        "arsenale." + package.replace("/", ".") + "." + module
        for package, modules in table.items()
        for module in modules
    ]


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_random_games_play_as_the_pure_engine(game_id: str, players: int) -> None:
    seeds = [3, 17, 40]
    assert _digest(game_id, players, seeds, bots=False) == _pure_digest(
        game_id, players, seeds, bots=False
    )


@pytest.mark.parametrize(
    ("game_id", "players"),
    [
        ("serenissima-1996", 4),
        ("serenissima-2012", 4),
        ("masters-of-venice", 5),
        ("amalfi-renaissance", 4),
    ],
)
def test_heuristic_games_play_as_the_pure_heuristic(game_id: str, players: int) -> None:
    seeds = [5]
    assert _digest(game_id, players, seeds, bots=True) == _pure_digest(
        game_id, players, seeds, bots=True
    )


def test_digest_tells_games_apart() -> None:
    """The comparison above would pass on a digest blind to the moves: it is not."""
    assert _digest("serenissima-2012", 4, [3], bots=False) != _digest(
        "serenissima-2012", 4, [4], bots=False
    )
    assert len({_digest("amalfi-renaissance", 1, [k], bots=False) for k in range(3)}) == 3
