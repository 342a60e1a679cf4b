"""Reading a game package's data files: `board.toml`, `layout.toml`, `RULES.md` and any other
file that sits beside the rules. One helper for every game, so a game installed as a package
of its own finds its data the same way (importlib.resources), zipped or not."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from functools import cache
from importlib.resources import files
from typing import Any

from arsenale.core.errors import ArsenaleError, DataError
from arsenale.i18n import _


def read_text(package: str, name: str) -> str:
    """The text of the data file `name` of a game package; DataError if it is missing."""
    try:
        return files(package).joinpath(name).read_text(encoding="utf-8")
    except (OSError, ModuleNotFoundError, TypeError) as e:
        raise DataError(f"{package} has no data file {name} ({e})") from None


@cache
def read_toml(package: str, name: str) -> dict[str, Any]:
    """The parsed TOML file `name` of a game package (cached: treat it as read-only)."""
    text = read_text(package, name)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise DataError(f"{package}/{name} is not valid TOML: {e}") from None


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


def rules_text(package: str, game_id: str, topic: str | None) -> str:
    """The game's RULES.md, or its sections whose heading mentions `topic`."""
    try:
        text = read_text(package, "RULES.md")
    except DataError:
        raise ArsenaleError(
            _("{game} has no rules summary (RULES.md)").format(game=game_id)
        ) from None
    if not topic:
        return text
    sections = re.split(r"(?m)^(?=## )", text)
    hits = [
        s for s in sections if s.startswith("## ") and topic.lower() in s.splitlines()[0].lower()
    ]
    if not hits:
        topics = [s.splitlines()[0][3:] for s in sections if s.startswith("## ")]
        raise ArsenaleError(
            _("no rules topic {topic}; topics: {topics}").format(
                topic=repr(topic), topics=", ".join(topics)
            )
        )
    return "\n".join(hits)
