"""The returns every adapter gives at the end of a game, and the length limit of a game.

Returns are a zero-sum mapping of the final ranks: first place gets 1, last place -1, the places
between are spaced evenly (with 4 seats: 1, 1/3, -1/3, -1) and seats sharing a rank share the
average of the places they cover, so the returns of a game always add up to 0. Scores in the
game's own unit (ducats, prestige) are not used: only the order after the rules' tie-breaks
counts, as when people play.

Length limit. Nothing in the contract bounds the length of a game: a policy can repeat a pair
of moves that undo each other for ever (in Serenissima 2012, "sailor to port" and "sailor from
port"). Every adapter therefore cuts a game at MAX_PLIES actions unless told otherwise (a game
may state its own bound as `max_game_length`): the RL environments truncate the episode
(reward 0), OpenSpiel ends it with `truncation_returns`.
"""

from __future__ import annotations

from collections.abc import Sequence

from arsenale.core.game import Game
from arsenale.core.result import Result
from arsenale.core.state import GameState

MIN_RETURN = -1.0
MAX_RETURN = 1.0
MAX_PLIES = 10_000
"""Default length limit, in actions (random games of both Serenissima editions take 150-400)."""


def max_plies(game: Game) -> int:
    """The game's own bound if it states one, else MAX_PLIES."""
    return int(getattr(game, "max_game_length", MAX_PLIES))


def rank_returns(ranks: Sequence[int]) -> list[float]:
    """Zero-sum returns in [-1, 1] from ranks (1 = first; equal ranks share)."""
    n = len(ranks)
    if n == 1:
        return [0.0]
    out = []
    for r in ranks:
        better = sum(1 for q in ranks if q < r)
        equal = sum(1 for q in ranks if q == r)
        places = [1.0 - 2.0 * k / (n - 1) for k in range(better, better + equal)]
        out.append(sum(places) / len(places))
    return out


def result_returns(result: Result) -> list[float]:
    return rank_returns(result.ranks)


def truncation_returns(state: GameState) -> list[float]:
    """Returns of a game cut before its end: the ranks of the game's own estimate of the final
    scores (`Game.evaluate`) where it offers one, else 0 for every seat (a draw)."""
    estimate = state.game.evaluate(state)
    if estimate is None:
        return [0.0] * state.players
    ranks = [1 + sum(1 for w in estimate if w > v) for v in estimate]
    return rank_returns(ranks)
