"""The tables `turn_actions` reads instead of calling the rules' helpers give what those helpers
give: a display slot's bread surcharge for every discount a seat can have."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from arsenale.core.decisions import Why
from arsenale.games.amalfi_renaissance import actions as A
from arsenale.games.amalfi_renaissance import rules as R
from arsenale.games.amalfi_renaissance.board import ATLAS_SLOTS, WORKSHOP_SLOTS
from arsenale.games.amalfi_renaissance.state import EMPTY, M_DISP, N_MODS, AmalfiState

from .helpers import GAME


def test_display_surcharges_are_slot_bread_negated() -> None:
    s = GAME.new_game(2, 0)
    assert isinstance(s, AmalfiState)
    seat = 1
    for disp in range(R.DISCOUNT_TOP + 4):
        s.mods[N_MODS * seat + M_DISP] = disp
        row = disp if disp < R.DISCOUNT_TOP else R.DISCOUNT_TOP
        for slots, table in (
            (WORKSHOP_SLOTS, R.WORKSHOP_SURCHARGE),
            (ATLAS_SLOTS, R.ATLAS_SURCHARGE),
        ):
            assert list(table[row]) == [max(0, -R.slot_bread(s, seat, v)) for v in slots]


class _Everything(Why):
    """A `Why` that wants every kind and records nothing: `legal_turn` given it runs its
    explaining checks for every action and lists every legal one."""

    def no(self, reason: str, rule: str | None, kinds: Any = None, **params: Any) -> None:
        return None

    def wants(self, kinds: Any) -> bool:
        return True


def _turns(games: int, first_seed: int) -> Iterator[tuple[AmalfiState, int, random.Random]]:
    """The turn positions of `games` random games of 1 to 4 players (seeds from `first_seed`),
    with the seat to move and the game's generator; a random legal move is played once the
    caller has looked."""
    for game in range(games):
        s = GAME.new_game(1 + game % 4, first_seed + game)
        assert isinstance(s, AmalfiState)
        rng = random.Random(game)
        while not s.over:
            seat = s.to_move()[0]
            if s.stack[-1].kind == "turn":
                yield s, seat, rng
            s.apply(seat, rng.choice(s.legal_actions(seat)))


def test_turn_actions_equal_the_explaining_checks() -> None:
    """`turn_actions` (its short cuts: no ship, every display card affordable) lists what
    `legal_turn`'s explaining checks allow, in the same order, at every turn of random games
    of every player count."""
    everything = _Everything(A.INVITE[0])
    turns = 0
    for s, seat, _rng in _turns(24, 500):
        top = s.stack[-1]
        assert s.legal_actions(seat) == R.legal_turn(s, seat, top, everything)
        turns += 1
    assert turns > 500


def test_turn_actions_with_empty_display_slots() -> None:
    """A Workshop or Atlas slot left empty (its deck or piles used up) lists no card, with or
    without ships in the holds: `turn_actions` equals `legal_turn`'s explaining checks at turn
    positions of random games where random slots were emptied."""
    everything = _Everything(A.INVITE[0])
    checked = 0
    for s, seat, rng in _turns(12, 900):
        t = s.clone()
        assert isinstance(t, AmalfiState)
        for row in (t.workshop, t.atlas):
            for k in rng.sample(range(5), rng.randint(1, 5)):
                row[k] = EMPTY
        assert R.turn_actions(t, seat) == R.legal_turn(t, seat, t.stack[-1], everything)
        checked += 1
    assert checked > 200
