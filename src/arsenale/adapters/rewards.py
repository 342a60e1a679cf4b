"""The returns every adapter gives at the end of a game, and at a cut.

A finished game's returns are the game's own payoffs, `Game.returns(result)`: by default 1 for
first place, -1 for last, evenly spaced between, shared ranks averaged (they add up to 0); in a
one-player game 1 for reaching the target, -1 for missing it. The adapters declare returns in
[MIN_RETURN, MAX_RETURN] and refuse a game's payoffs outside it.

Length limit. Nothing in the rules bounds the length of a game: a policy can repeat a pair of
moves that undo each other for ever (in Serenissima 2012, "sailor to port" and "sailor from
port"). Every adapter therefore cuts a game after `Game.max_game_length` actions unless told
otherwise: the RL environments truncate the episode (reward 0), OpenSpiel ends it with
`truncation_returns`.
"""

from __future__ import annotations

from arsenale.core.result import rank_returns
from arsenale.core.state import GameState

MIN_RETURN = -1.0
MAX_RETURN = 1.0


def final_returns(state: GameState) -> list[float]:
    """Each seat's return in a finished game: `Game.returns` of its result, checked to give one
    value per seat within [MIN_RETURN, MAX_RETURN] (ValueError otherwise)."""
    game = state.game
    out = [float(v) for v in game.returns(state.result())]
    if len(out) != state.players or not all(MIN_RETURN <= v <= MAX_RETURN for v in out):
        raise ValueError(
            f"{game.id}.returns gave {out} for {state.players} seats: the adapters need one "
            f"value per seat in [{MIN_RETURN:g}, {MAX_RETURN:g}]"
        )
    return out


def truncation_returns(state: GameState) -> list[float]:
    """Returns of a game cut before its end: the rank returns of the game's own estimate of the
    final scores (`Game.evaluate`) where it offers one, else 0 for every seat (a draw). A lone
    seat gets 0 either way: a cut game neither reached nor missed its target."""
    estimate = state.game.evaluate(state)
    if estimate is None:
        return [0.0] * state.players
    ranks = [1 + sum(1 for w in estimate if w > v) for v in estimate]
    return rank_returns(ranks)
