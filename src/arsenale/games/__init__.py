"""The games. Each lives in its own package and is registered here by id."""

from arsenale.core.registry import register

register("serenissima-2012", "arsenale.games.serenissima_2012:GAME")
register("serenissima-1996", "arsenale.games.serenissima_1996:GAME")
