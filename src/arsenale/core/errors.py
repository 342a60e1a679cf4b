"""Errors raised across Arsenale. Every refusal says what is wrong and, where a rule
applies, which rule (rulebook file and section)."""

from __future__ import annotations

from typing import Any, Final

from mypy_extensions import mypyc_attr

EXCERPT: Final = 60
"""The most characters of someone's input a refusal repeats back."""


def excerpt(value: Any, limit: int = EXCERPT) -> str:
    """`repr(value)` cut to `limit` characters: what a refusal may quote of the input, so that
    a long or hostile input is not echoed back whole."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


@mypyc_attr(allow_interpreted_subclasses=True)  # as IllegalAction, which it is the base of
class ArsenaleError(Exception):
    """Base class of every error Arsenale raises on purpose."""


@mypyc_attr(allow_interpreted_subclasses=True)  # adapters/checks.py's NotInActionSpace
class IllegalAction(ArsenaleError):
    """An action the rules do not allow now. The state is unchanged.

    `reason` is plain language; `rule` names the rulebook file and section, or the part of
    the Arsenale contract (``"arsenale: ..."``) for malformed input. `words` is the same
    refusal in words alone, with no move quoted in notation ("bid 15"): what the web page
    shows, while the terminal and the API give `reason`, notation and all.
    """

    def __init__(self, reason: str, rule: str | None = None, words: str | None = None) -> None:
        super().__init__(reason if rule is None else f"{reason} [{rule}]")
        self.reason = reason
        self.rule = rule
        self.words = words if words is not None else reason

    def to_json(self) -> dict[str, str | None]:
        return {"error": self.reason, "rule": self.rule}


class NotationError(IllegalAction):
    """Text or JSON that does not name any action of the game."""


class UnknownGame(ArsenaleError):
    """A game id that no registered game has."""


class OptionError(ArsenaleError):
    """A bad player count or game option."""


class RecordError(ArsenaleError):
    """A game record that cannot be read or does not replay."""


class DataError(ArsenaleError):
    """Component data that contradicts a count the rulebook states."""
