"""Serves a game's rule summary (our own words) from its package, by topic."""

from __future__ import annotations

import importlib.resources
import re
from typing import TYPE_CHECKING

from arsenale.core.errors import ArsenaleError

if TYPE_CHECKING:
    from arsenale.core.game import Game


def rules_text(game: Game, topic: str | None) -> str:
    """The game's RULES.md, or its sections whose heading mentions `topic`."""
    package = type(game).__module__.rsplit(".", 1)[0]
    try:
        text = importlib.resources.files(package).joinpath("RULES.md").read_text(encoding="utf-8")
    except (OSError, TypeError, ModuleNotFoundError):
        raise ArsenaleError(f"{game.id} has no rules summary (RULES.md)") from None
    if not topic:
        return text
    sections = re.split(r"(?m)^(?=## )", text)
    hits = [
        s for s in sections if s.startswith("## ") and topic.lower() in s.splitlines()[0].lower()
    ]
    if not hits:
        topics = [s.splitlines()[0][3:] for s in sections if s.startswith("## ")]
        raise ArsenaleError(f"no rules topic {topic!r}; topics: {', '.join(topics)}")
    return "\n".join(hits)
