"""Bot kinds from the `arsenale.bots` entry point group: OpenSpiel's bots are found there, a
kind of another distribution is found the same way, and bots/ imports nothing from adapters/."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")

from arsenale.adapters import openspiel as aos
from arsenale.bots import registry
from arsenale.core.info import SeatInfo
from arsenale.core.registry import load_game

from . import helpers
from .helpers import declared_bots, write_distribution

BOTS = Path(registry.__file__).parent


def test_bots_import_nothing_from_the_adapters() -> None:
    for path in sorted(BOTS.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            assert not any(n.startswith("arsenale.adapters") for n in names), (path, node.lineno)


def test_openspiel_bots_are_entry_points_of_the_adapter_factories() -> None:
    assert declared_bots() == {
        "openspiel-ismcts": "arsenale.adapters.openspiel:ismcts_factory",
        "openspiel-mcts": "arsenale.adapters.openspiel:mcts_factory",
    }
    found = registry._found()
    assert found["openspiel-ismcts"].load() is aos.ismcts_factory
    assert found["openspiel-mcts"].load() is aos.mcts_factory
    assert {"openspiel-ismcts", "openspiel-mcts", "random", "ismcts"} <= set(registry.bot_kinds())
    bot = registry.make_bot("openspiel-mcts:4it", load_game("toy-race"), 1)
    assert isinstance(bot.policy, aos.OpenSpielMCTS)


def test_a_bot_kind_of_another_distribution_is_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = f"{helpers.__name__}:first_legal_factory"
    write_distribution(tmp_path, "arsenale-first-legal", registry.GROUP, {"first-legal": target})
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(registry, "_FOUND", None)
    monkeypatch.setattr(registry, "_KINDS", dict(registry._KINDS))
    assert "first-legal" in registry.bot_kinds()
    game = load_game("toy-race")
    state = game.new_game(2, seed=1)
    bot = registry.make_bot("first-legal", game, 5)
    assert bot.choose(SeatInfo(state, 0)) is state.legal_actions(0)[0]
    with pytest.raises(registry.ArsenaleError, match=r"known bots: .*first-legal"):
        registry.parse_spec("last-legal")
