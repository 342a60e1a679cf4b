"""The games. Each lives in its own package and is registered here by id."""

from arsenale.core.registry import register

register("serenissima-2012", "arsenale.games.serenissima_2012:GAME")
