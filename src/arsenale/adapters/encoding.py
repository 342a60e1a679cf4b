"""Fixed-size encodings of what one seat knows, for every game of the contract.

Observation tensor. A game that declares `Game.observation_layout` writes its own numbers
from its state (`GameState.observe`, into a zeroed buffer that `Observer` reuses): no view,
no JSON, no hashing per step. Otherwise the view is encoded by feature hashing: every leaf of
the view's JSON is named by its path, list indices kept ("ports/3/owner"); a number (or a
bool, as 0/1) adds its value at the slot its path hashes to, a string or null adds 1 at the
slot of "path=value". The hash is zlib.crc32, so the encoding is the same in every process and
on every run; one more bit of the hash gives each feature a sign, so that collisions cancel
out on average instead of piling up. Either way a common part follows: a one-hot of the seat
(`max_players` slots; a view does not always say whose it is), the seats to move, the seats
that have submitted to a simultaneous decision, and the seat's own pending submission
((catalogue index + 1) / catalogue size, else 0).

Information state. The seat's view plus its perfect-recall history: the (seat, action) pairs
played so far as that seat knows them, which is `GameState.history_for(seat)`: its own actions
and every public one in notation, another seat's secret choice (an action with a public form,
or any submission to a simultaneous decision) only in its public form, for good. Whatever a
resolution reveals, the game shows in its views. The string form is the view's JSON (sorted
keys) and the history; the tensor form is the observation tensor followed by HISTORY_SIZE slots
in which each history entry, keyed by its position, is hashed the same way.

Nothing here reads a state beyond `view(seat)`, `observe(seat)` (which shows what the view
shows: tests/adapters/test_hidden.py), who is to move and has submitted, the seat's own
submission and the history, so nothing hidden from the seat (the seed, the chance generator,
other seats' hands or secret choices) can reach an encoding.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

import numpy as np

from arsenale.adapters.stage import Stage
from arsenale.core.actions import Action
from arsenale.core.game import Game
from arsenale.core.state import GameState, public_form

HASH_SIZE = 4096
"""Slots of the hashed view in the generic observation encoding."""
HISTORY_SIZE = 1024
"""Slots of the hashed history in the information state tensor."""


class Entry(NamedTuple):
    """One played action as the adapters keep it."""

    seat: int
    notation: str
    public: str | None
    """What the other seats know of it (None: the notation; they saw it)."""


def entry(state: GameState, seat: int, action: Action) -> Entry:
    """The history entry for `seat` playing `action` now (call it before applying): its public
    form is the action's own, and any submission to a decision of several seats is secret, as
    `GameState.apply` records them for `history_for`."""
    return Entry(seat, action.notation, public_form(action, state.stack[-1]))


def history_entries(state: GameState) -> list[Entry]:
    """The entries of a state's history, from `history()` and `history_for(None)`. A
    determinized world has none: its history starts where it was drawn."""
    return [
        Entry(seat, action.notation, None if text == action.notation else text)
        for (seat, action), (_, text) in zip(state.history(), state.history_for(None), strict=True)
    ]


def seen_history(history: Iterable[Entry], seat: int | None) -> list[tuple[int, str]]:
    """The history as `seat` knows it (None: a spectator), as `GameState.history_for(seat)`
    gives it: other seats' secret choices in their public form."""
    return [
        (e.seat, e.notation if e.public is None or e.seat == seat else e.public) for e in history
    ]


# -- strings ---------------------------------------------------------------------------------


def view_string(view: dict[str, Any]) -> str:
    """The canonical text of a view: JSON with sorted keys, compact."""
    return json.dumps(view, sort_keys=True, separators=(",", ":"))


def history_string(history: Iterable[Entry], seat: int | None) -> str:
    """The history `seat` knows, as text: "history: 0:roll; 1:a secret choice (bid); ..."."""
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


def observation_size(game: Game) -> int:
    """Length of every observation tensor of `game`."""
    layout = game.observation_layout
    return (HASH_SIZE if layout is None else layout.size) + 3 * game.max_players + 1


def information_state_size(game: Game) -> int:
    """Length of every information state tensor of `game`."""
    return observation_size(game) + HISTORY_SIZE


class Observer:
    """The observations of one game, written into one float32 buffer it reuses: the game's own
    part (`GameState.observe` where the game declares `observation_layout`, else the hashed
    view), then the common part (see the module's docstring)."""

    __slots__ = (
        "_blanks",
        "_empty",
        "_filled",
        "_own",
        "_stage",
        "_staged",
        "_staged_tail",
        "_staged_view",
        "_tails",
        "_zeros",
        "buffer",
        "game",
        "players",
        "tail",
    )

    def __init__(self, game: Game) -> None:
        self.game = game
        self._own = game.observation_layout is not None
        # the game's writer sets every slot of its part: nothing needs zeroing first
        self._filled = self._own and game.observation_filled
        self.tail = observation_size(game) - 3 * game.max_players - 1
        self.players = game.max_players
        self.buffer = np.zeros(observation_size(game), np.float32)
        self._zeros = np.zeros(observation_size(game), np.float32)
        """Never written: `observe` copies it (a copy costs NumPy less than `np.zeros`)."""
        # An observation whose writer keeps its image in the staged array is cheaper written
        # there (only what changed), its common part set only when it changed, and copied
        # once, than written into a copy of the zeros.
        self._empty = self._filled and game.observation_kept
        self._staged = np.zeros(observation_size(game), np.float32)
        """Where `observe` writes such an observation, then copies it: through
        `_stage`, the same numbers as a `Stage`, which the game's writer keeps up to date from
        one call to the next (nothing else writes there)."""
        self._stage = self._staged.view(Stage)
        self._stage.kept = None
        self._staged_view = memoryview(self._staged)[self.tail :]  # type: ignore[arg-type]
        """The staged common part, set through a memoryview (NumPy's slice assignment costs
        more)."""
        self._staged_tail: memoryview | None = None
        """The kept common part (of `_tails`) the staged observation holds, if it holds one."""
        self._blanks: dict[tuple[int | None, tuple[int, ...]], np.ndarray] = {}
        """Zeros but for the common part of a seat and the seats to move, when nobody has
        submitted: `observe` copies one (one copy instead of a copy and an assignment)."""
        self._tails: dict[tuple[int | None, tuple[int, ...]], memoryview] = {}
        """The common part for a seat and the seats to move, when nobody has submitted (the
        numbers of a float32 array): one slice assignment sets it (NumPy's item assignments
        cost more)."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Copied and pickled as a new observer of the same game: the buffers are a cache of
        what the state says (a copied `Stage` would lose its writer's record and its tie to
        the staged array)."""
        return (Observer, (self.game,))

    def write(self, state: GameState, seat: int | None) -> np.ndarray:
        """The observation of `seat` (None: a spectator) in the buffer itself, which the next
        call overwrites."""
        out = self.buffer
        if not self._filled:
            out.fill(0.0)
        self._write(state, seat, out)
        return out

    def observe(self, state: GameState, seat: int | None) -> np.ndarray:
        """The observation of `seat` (None: a spectator), a new array."""
        if self._empty:
            self._write(state, seat, self._stage)  # which refuses a seat outside the game
            return self._staged.copy()
        if state.submissions or not (seat is None or 0 <= seat < state.players):
            out = self._zeros.copy()
            self._write(state, seat, out)  # which refuses a seat outside the game
            return out
        # a seat of the game, nobody has submitted: a copy of zeros holding the common part
        movers = state.to_move()
        key = (seat, movers)
        blank = self._blanks.get(key)
        if blank is None:
            blank = self._blanks[key] = self._zeros.copy()
            blank[self.tail :] = self._common(seat, movers, state.submissions)
        out = blank.copy()
        self._write(state, seat, out, with_common=False)
        return out

    def _write(
        self, state: GameState, seat: int | None, out: np.ndarray, with_common: bool = True
    ) -> None:
        """The observation into `out`, zeroed where the game's writer does not set every slot
        of its own part; the common part is set whole (unless `with_common` is false: `out`
        holds it already)."""
        if self._own:
            if seat is None or 0 <= seat < state.players:
                state._observe(seat, out)  # `observe` without its check of the seat
            else:
                state.observe(seat, out)  # which refuses it
        else:
            out[: self.tail] = hash_view(state.view(seat))
        if not with_common:
            return
        movers = state.to_move()
        submissions = state.submissions
        if submissions:
            out[self.tail :] = self._common(seat, movers, submissions)
            if out is self._stage:
                self._staged_tail = None
            return
        key = (seat, movers)
        common = self._tails.get(key)
        if common is None:
            part = self._common(seat, movers, submissions)
            common = self._tails[key] = memoryview(part)  # type: ignore[arg-type]
        if out is not self._stage:
            out[self.tail :] = common
        elif common is not self._staged_tail:  # else the staged observation holds it already
            self._staged_tail = common
            self._staged_view[:] = common

    def _common(
        self, seat: int | None, movers: Iterable[int], submissions: dict[int, Action]
    ) -> np.ndarray:
        """The common part: the seat, the seats to move, those that have submitted, the
        seat's own submission."""
        n = self.players
        part = np.zeros(3 * n + 1, np.float32)
        if seat is not None:
            part[seat] = 1.0
        for s in movers:
            part[n + s] = 1.0
        for s in submissions:
            part[2 * n + s] = 1.0
        mine = submissions.get(seat) if seat is not None else None
        if mine is not None:
            part[3 * n] = (mine.index + 1) / len(self.game.catalogue)
        return part


def action_mask(legal: Sequence[Action], size: int) -> np.ndarray:
    """The int8 mask of the actions `legal` among the `size` of a catalogue (a new array), set
    through a memoryview (NumPy's item assignment costs more). Built anew each time: finding it
    among remembered masks (a tuple of the list as key, its lookup, a copy, and the memory the
    remembered masks hold) costs about as much as setting it."""
    mask = np.zeros(size, np.int8)
    slots = memoryview(mask)  # type: ignore[arg-type]
    for a in legal:
        slots[a.index] = 1
    return mask


_OBSERVERS: dict[int, Observer] = {}


def observer(game: Game) -> Observer:
    """The shared `Observer` of a game object."""
    known = _OBSERVERS.get(id(game))
    if known is None or known.game is not game:
        known = _OBSERVERS[id(game)] = Observer(game)
    return known


def observation_tensor(state: GameState, seat: int | None) -> np.ndarray:
    """The observation of `seat` (None: a spectator) in `state`, float32, a new array."""
    return observer(state.game).observe(state, seat)


encode = observation_tensor
"""Shorthand kept for callers: the observation tensor of `seat` in `state`."""


def history_tensor(history: Sequence[Entry], seat: int | None) -> np.ndarray:
    """The hashed history `seat` knows (HISTORY_SIZE values, float64)."""
    moves = [f"{s}/{text}" for s, text in seen_history(history, seat)]
    return hash_view(moves, HISTORY_SIZE)


def information_state_tensor(
    state: GameState, seat: int | None, history: Sequence[Entry]
) -> np.ndarray:
    """The observation tensor followed by the hashed history the seat knows, float32."""
    return np.concatenate(
        (observer(state.game).write(state, seat), history_tensor(history, seat))
    ).astype(np.float32)
