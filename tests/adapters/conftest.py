"""Fixtures of the adapter tests."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from importlib.metadata import entry_points

import pytest

from arsenale.bots import registry
from arsenale.core import registry as games

from .helpers import VARIANTS, declared_bots, write_distribution


@pytest.fixture(autouse=True, scope="session")
def bot_entry_points(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The bot kinds pyproject.toml declares in the `arsenale.bots` group, visible to these
    tests even where the installed metadata is older than that declaration (an editable install
    made before it): as a distribution of their own, from a temporary dist-info directory on
    sys.path, so the shared environment is left alone."""
    declared = declared_bots()
    installed = {ep.name: ep.value for ep in entry_points(group=registry.GROUP)}
    if all(installed.get(k) == v for k, v in declared.items()):
        yield
        return
    root = tmp_path_factory.mktemp("bot-entry-points")
    write_distribution(root, "arsenale-declared-bots", registry.GROUP, declared)
    sys.path.append(str(root))
    registry._FOUND = None
    yield
    sys.path.remove(str(root))
    registry._FOUND = None


@pytest.fixture
def variants(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy game's variants (helpers.VARIANTS) registered for one test, and only for it."""
    games.game_ids()  # read the entry points first, so that only these are undone afterwards
    for name, game in VARIANTS.items():
        monkeypatch.setitem(games._TARGETS, game.id, f"adapters.helpers:{name}")
        monkeypatch.setitem(games._LOADED, game.id, game)
