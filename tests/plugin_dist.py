"""The toy third game (tests/plugins/toy_market) installed the way a game package of its own
is: a distribution whose only tie to Arsenale is one entry point line,

    [arsenale.games]
    toy-market = toy_market:GAME

`installed(tmp)` writes that distribution's metadata (`toy_market-0.1.dist-info` with METADATA
and entry_points.txt) into `tmp`, puts `tmp` and tests/plugins (the package itself) at the
front of sys.path, and makes the registry read the entry points again: `core.registry` reads
them once per process (its flag `_DISCOVERED`), so a distribution that appears after the first
look is only found once that flag is reset. On exit everything is undone, so other tests see
the registry as before. `env` is the environment that gives a subprocess the same view.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import arsenale
from arsenale.core import registry

PLUGINS = Path(__file__).resolve().parent / "plugins"
"""The directory that holds the package `toy_market`."""
GAME_ID = "toy-market"
ENTRY_POINT = "toy-market = toy_market:GAME"


def write_distribution(where: Path) -> Path:
    """The metadata of the distribution `toy_market` 0.1 in `where`; its dist-info path."""
    info = where / "toy_market-0.1.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: toy_market\nVersion: 0.1\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(f"[arsenale.games]\n{ENTRY_POINT}\n", encoding="utf-8")
    return info


def env(where: Path) -> dict[str, str]:
    """The environment of a subprocess that finds the toy's distribution in `where`, the
    package, and the same `arsenale` as this process."""
    source = str(Path(arsenale.__file__).resolve().parents[1])
    path = os.pathsep.join([str(where), str(PLUGINS), source])
    old = os.environ.get("PYTHONPATH")
    return {**os.environ, "PYTHONPATH": path + (os.pathsep + old if old else "")}


@contextmanager
def installed(where: Path) -> Iterator[dict[str, str]]:
    """The toy game registered through its entry point while the block runs; yields the
    environment for subprocesses (see the module's docstring)."""
    write_distribution(where)
    added = [str(where), str(PLUGINS)]
    sys.path[:0] = added
    importlib.invalidate_caches()
    registry._DISCOVERED = False  # entry points are read once per process: read them again
    try:
        yield env(where)
    finally:
        for entry in added:
            sys.path.remove(entry)
        registry._TARGETS.pop(GAME_ID, None)
        registry._LOADED.pop(GAME_ID, None)
        registry._DISCOVERED = False
