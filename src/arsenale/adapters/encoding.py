"""Fixed-size encodings of what one seat knows, for every game of the contract.

Observation tensor. A game may offer its own encoding: a method `observation_tensor(view)`
returning a list of floats and an attribute `observation_size` (its length). Otherwise the view
is encoded by feature hashing: every leaf of the view's JSON is named by its path, list indices
kept ("ports/3/owner"); a number (or a bool, as 0/1) adds its value at the slot its path hashes
to, a string or null adds 1 at the slot of "path=value". The hash is zlib.crc32, so the encoding
is the same in every process and on every run; one more bit of the hash gives each feature a
sign, so that collisions cancel out on average instead of piling up. Either way a one-hot of the
seat follows (`max_players` slots), because a view does not always say whose it is.

Information state. The seat's view plus its perfect-recall history: the (seat, action) pairs
played so far as that seat knows them. A submission of another seat to a simultaneous secret
decision stays "(secret)" for good: the core does not say what a resolution reveals, and
whatever a game does reveal is in its view. The string form is the view's JSON (sorted keys)
and the history; the tensor form is the observation tensor followed by HISTORY_SIZE slots in
which each history entry, keyed by its position, is hashed the same way.

Nothing here reads a state beyond `view(seat)` and the history, so nothing hidden from the seat
(the seed, the chance generator, other seats' hands or submissions) can reach an encoding.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

import numpy as np

from arsenale.core.actions import Action
from arsenale.core.errors import ArsenaleError
from arsenale.core.game import Game
from arsenale.core.state import GameState

HASH_SIZE = 4096
"""Slots of the hashed view in the generic observation encoding."""
HISTORY_SIZE = 1024
"""Slots of the hashed history in the information state tensor."""
SECRET = "(secret)"
"""What another seat's simultaneous secret submission looks like in a history."""


class Entry(NamedTuple):
    """One played action as the adapters keep it."""

    seat: int
    notation: str
    simultaneous: bool
    """Whether it was a submission to a decision of several seats (secret from the others)."""


def entry(state: GameState, seat: int, action: Action) -> Entry:
    """The history entry for `seat` playing `action` now (call it before applying)."""
    top = state.stack[-1]
    return Entry(seat, action.notation, len(top.seats) > 1)


def history_entries(state: GameState) -> list[Entry]:
    """The entries of a state's whole history, found by replaying it from its seed.

    Only a state that its own seed and options replay can be walked (a live game or one rebuilt
    from its record); a determinized world cannot (its chance was reseeded): ValueError.
    """
    game = state.game
    world = game.new_game(state.players, state.seed, state.options)
    out = []
    try:
        for seat, action in state.history():
            out.append(entry(world, seat, action))
            world.apply(seat, action)
    except ArsenaleError as e:
        raise ValueError(f"this state does not replay from its seed: {e}") from None
    if world.ply != state.ply or world.view(None) != state.view(None):
        raise ValueError("this state does not replay from its seed (a determinized world?)")
    return out


def seen_history(history: Iterable[Entry], seat: int | None) -> list[tuple[int, str]]:
    """The history as `seat` knows it (None: a spectator): others' simultaneous submissions
    masked."""
    return [(e.seat, SECRET if e.simultaneous and e.seat != seat else e.notation) for e in history]


# -- strings ---------------------------------------------------------------------------------


def view_string(view: dict[str, Any]) -> str:
    """The canonical text of a view: JSON with sorted keys, compact."""
    return json.dumps(view, sort_keys=True, separators=(",", ":"))


def history_string(history: Iterable[Entry], seat: int | None) -> str:
    """The history `seat` knows, as text: "history: 0:roll; 1:(secret); ..."."""
    moves = " ".join(f"{s}:{text};" for s, text in seen_history(history, seat))
    return f"history: {moves}"


def information_state_string(
    view: dict[str, Any], seat: int | None, history: Iterable[Entry]
) -> str:
    """The seat's view and its perfect-recall history as one string."""
    return f"{view_string(view)}\n{history_string(history, seat)}"


# -- tensors ---------------------------------------------------------------------------------

_SLOTS: dict[str, tuple[int, float]] = {}
_SLOTS_CAP = 500_000


def _slot(key: str) -> tuple[int, float]:
    """The 32-bit hash of a feature and its sign; memoised (paths repeat from state to state)."""
    hit = _SLOTS.get(key)
    if hit is None:
        h = zlib.crc32(key.encode())
        hit = (h, -1.0 if h & 0x80000000 else 1.0)
        if len(_SLOTS) >= _SLOTS_CAP:
            _SLOTS.clear()
        _SLOTS[key] = hit
    return hit


def _walk(obj: Any, path: str, hashes: list[int], values: list[float]) -> None:
    items = obj.items() if type(obj) is dict else enumerate(obj)
    for k, v in items:
        p = f"{path}/{k}" if path else str(k)
        t = type(v)
        if t is dict or t is list or t is tuple:
            _walk(v, p, hashes, values)
        elif t is int or t is float:
            if v:
                h, sign = _slot(p)
                hashes.append(h)
                values.append(sign * v)
        elif t is bool:
            if v:
                h, sign = _slot(p)
                hashes.append(h)
                values.append(sign)
        else:  # a string, null or anything else: a category of its path
            h, sign = _slot(f"{p}={'null' if v is None else v}")
            hashes.append(h)
            values.append(sign)


def hash_view(view: dict[str, Any] | list[Any], size: int = HASH_SIZE) -> np.ndarray:
    """The feature-hashed vector (float64) of a JSON object or list (see the module's docstring)."""
    hashes: list[int] = []
    values: list[float] = []
    _walk(view, "", hashes, values)
    if not hashes:
        return np.zeros(size)
    return np.bincount(np.asarray(hashes, dtype=np.int64) % size, weights=values, minlength=size)


def _custom(game: Game) -> bool:
    return callable(getattr(game, "observation_tensor", None)) and isinstance(
        getattr(game, "observation_size", None), int
    )


def observation_size(game: Game) -> int:
    """Length of every observation tensor of `game`."""
    base = int(game.observation_size) if _custom(game) else HASH_SIZE  # type: ignore[attr-defined]
    return base + game.max_players


def information_state_size(game: Game) -> int:
    """Length of every information state tensor of `game`."""
    return observation_size(game) + HISTORY_SIZE


def _seat_one_hot(game: Game, seat: int | None) -> np.ndarray:
    seats = np.zeros(game.max_players)
    if seat is not None:
        seats[seat] = 1.0
    return seats


def _base(game: Game, view: dict[str, Any]) -> np.ndarray:
    if _custom(game):
        values = np.asarray(game.observation_tensor(view), dtype=np.float64)  # type: ignore[attr-defined]
        size = int(game.observation_size)  # type: ignore[attr-defined]
        if values.shape != (size,):
            raise ValueError(f"{game.id}.observation_tensor gave {values.size} values, not {size}")
        return values
    return hash_view(view)


def observation_tensor(game: Game, view: dict[str, Any], seat: int | None) -> np.ndarray:
    """The observation of `seat` (None: a spectator) from its view, float32."""
    return np.concatenate((_base(game, view), _seat_one_hot(game, seat))).astype(np.float32)


def history_tensor(history: Sequence[Entry], seat: int | None) -> np.ndarray:
    """The hashed history `seat` knows (HISTORY_SIZE values, float64)."""
    moves = [f"{s}/{text}" for s, text in seen_history(history, seat)]
    return hash_view(moves, HISTORY_SIZE)


def information_state_tensor(
    game: Game, view: dict[str, Any], seat: int | None, history: Sequence[Entry]
) -> np.ndarray:
    """The observation tensor followed by the hashed history the seat knows, float32."""
    return np.concatenate(
        (_base(game, view), _seat_one_hot(game, seat), history_tensor(history, seat))
    ).astype(np.float32)


def encode(state: GameState, seat: int) -> np.ndarray:
    """Shorthand: the observation tensor of `seat` in `state`."""
    return observation_tensor(state.game, state.view(seat), seat)
