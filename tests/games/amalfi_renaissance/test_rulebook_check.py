"""An independent check of the engine against amalfi-renaissance.en.txt (issue 16): each test
names the section whose text it enforces, where the engine first read it differently."""

from __future__ import annotations

import pytest

from arsenale import IllegalAction
from arsenale.games.amalfi_renaissance import board as B

from .helpers import fresh, snapshot


def refused(s, seat: int, notation: str) -> IllegalAction:
    """Apply an illegal move: it must be refused, name the rulebook and change nothing."""
    before = snapshot(s)
    with pytest.raises(IllegalAction) as refusal:
        s.apply(seat, notation)
    assert refusal.value.rule.startswith("amalfi-renaissance.en.txt")
    assert snapshot(s) == before
    return refusal.value


WINE = B.RES.index("wine")


def test_optional_actions_while_taking_a_character():
    """amalfi-renaissance.en.txt, Optional Actions ("At any time ..."): a player taking a
    character from the Council may first move a ship down for bread to afford a charged slot;
    the engine used to offer no optional action inside a benefit (RULINGS.md R8)."""
    s = fresh()
    s.bread[0] = 0
    s.holds[5 * 0 + WINE] = 1
    s.apply(0, "navigate court")
    assert s.stack[-1].kind == "take"
    refused(s, 0, "take 1")  # 2 bread: not yet
    card = s.council[0]
    s.apply(0, "unload wine")  # 3 bread
    assert s.bread[0] == 3 and s.stack[-1].kind == "take"
    s.apply(0, "take 1")
    assert card in s.hands[0] and s.bread[0] == 1


def test_no_ship_moved_for_bread_between_two_sends():
    """amalfi-renaissance.en.txt, Optional Actions, IMPORTANT: on a turn that earns resources,
    ships are moved for bread only before the first send or after the last; a take that falls
    between two sends offers discards only."""
    s = fresh()
    s.holds[5 * 0 + WINE] = 1
    s.sent = 1
    s.queue.append((B.SEND, 1, WINE))
    s.stack.append(type(s.stack[-1])("take", (0,)))
    s._legal = None
    legal = {a.kind for a in s.legal_actions(0)}
    assert "unload" not in legal and "emergency" not in legal
    assert "take" in legal
    assert "before the first" in refused(s, 0, "unload wine").reason
