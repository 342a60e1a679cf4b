"""The tables `turn_actions` reads instead of calling the rules' helpers give what those helpers
give: a display slot's bread surcharge for every discount a seat can have."""

from __future__ import annotations

from arsenale.games.amalfi_renaissance import rules as R
from arsenale.games.amalfi_renaissance.board import ATLAS_SLOTS, WORKSHOP_SLOTS
from arsenale.games.amalfi_renaissance.state import M_DISP, N_MODS

from .helpers import GAME


def test_display_surcharges_are_slot_bread_negated() -> None:
    s = GAME.new_game(2, 0)
    seat = 1
    for disp in range(R.DISCOUNT_TOP + 4):
        s.mods[N_MODS * seat + M_DISP] = disp
        row = disp if disp < R.DISCOUNT_TOP else R.DISCOUNT_TOP
        for slots, table in (
            (WORKSHOP_SLOTS, R.WORKSHOP_SURCHARGE),
            (ATLAS_SLOTS, R.ATLAS_SURCHARGE),
        ):
            assert list(table[row]) == [max(0, -R.slot_bread(s, seat, v)) for v in slots]
