"""Helpers for a game's board layout (`layout.toml` beside its `board.toml`): where the web
page draws each place. Game-agnostic; each game's `layout.py` builds its own board data."""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from importlib.resources import files
from typing import Any

from arsenale.core.errors import DataError


def read_layout(package: str) -> dict[str, Any]:
    """The parsed `layout.toml` of a game package."""
    return tomllib.loads(files(package).joinpath("layout.toml").read_text(encoding="utf-8"))


def point(value: Any, game: str, where: str) -> list[int]:
    """An [x, y] pair of canvas coordinates, rounded; DataError otherwise."""
    ok = (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
    )
    if not ok:
        raise DataError(f"{game} layout: {where} must be [x, y], got {value!r}")
    return [round(value[0]), round(value[1])]


def check_places(game: str, kind: str, ids: Iterable[str], table: dict[str, Any]) -> None:
    """Every id has an entry in `table` and `table` names nothing else."""
    ids = list(ids)
    missing = [i for i in ids if i not in table]
    if missing:
        raise DataError(f"{game} layout: no place for {kind}(s) {', '.join(missing)}")
    unknown = sorted(set(table) - set(ids))
    if unknown:
        raise DataError(f"{game} layout: unknown {kind}(s) {', '.join(unknown)}")
