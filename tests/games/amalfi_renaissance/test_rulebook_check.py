"""An independent check of the engine against amalfi-renaissance.en.txt (issue 16): each test
names the section whose text it enforces, where the engine first read it differently."""

from __future__ import annotations

import pytest

from arsenale import IllegalAction
from arsenale.games.amalfi_renaissance import board as B
from arsenale.games.amalfi_renaissance.state import M_CAP

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


# -- the bad inputs of issue 16: each refused with its rule, nothing changed ------------------


def workshop_art(s, slot: int, cost: int) -> None:
    """Put a wine artwork of `cost` in Workshop slot `slot` (1-5)."""
    a = next(i for i, x in enumerate(B.ARTWORKS) if x.cost == cost and x.mask == 1 << WINE)
    for row in (s.workshop, s.wdeck):
        if a in row:
            row[row.index(a)] = s.workshop[slot - 1]
    s.workshop[slot - 1] = a


def test_refused_paying_with_ships_one_does_not_have():
    """amalfi-renaissance.en.txt, Payments & Resources: a standard payment moves a ship out of
    a hold, an emergency supply a ship out of the bay; with none there, nothing moves."""
    s = fresh()
    s.holds[0:5] = [0, 0, 2, 0, 1]
    s.bay[0] = 0
    workshop_art(s, 4, 6)
    s.apply(0, "acquire 4")
    assert s.stack[-1].kind == "pay" and s.bay[0] == 0
    refused(s, 0, "unload gems")
    refused(s, 0, "emergency")
    s.apply(0, "unload wine")
    refused(s, 0, "done")  # 3 of 6 raised


def test_refused_a_hold_or_destination_that_cannot_take_the_ship():
    """amalfi-renaissance.en.txt, Navigation: a dock already holding a ship, another player's
    private destination, and a hold other than the one shown are refused."""
    s = fresh()
    s.apply(0, "navigate vineyard")
    assert "wine" in refused(s, 0, "send gems").reason
    s.apply(0, "stop")
    t = 0
    s.owner[t] = 0
    s.tiles[0] = (t,)
    if t in s.atlas:
        s.atlas[s.atlas.index(t)] = -1
    for pile in (s.pile_a, s.pile_b):
        if t in pile:
            pile.remove(t)
    s._legal = None
    refused(s, 1, "navigate vineyard")
    refused(s, 1, f"navigate {B.PRIVATES[t].id}")


def test_refused_bread_beyond_capacity_counted_as_paid():
    """amalfi-renaissance.en.txt, Payments & Resources, IMPORTANT: bread pays only once it is
    stored; leftovers beyond the granary's capacity cannot pay a slot's bread surcharge."""
    s = fresh()
    s.bread[0] = 0
    s.holds[0:5] = [0, 0, 4, 0, 0]
    s.bay[0] = 0
    workshop_art(s, 1, 4)  # slot 1: 2 bread more
    s.apply(0, "acquire 1")
    s.apply(0, "unload wine")
    s.apply(0, "unload wine")  # 6 wine for 4: 2 left over, enough
    s.bread[0] = 0
    s.mods[M_CAP] = -5  # seat 0: a granary of 1 (6 - 5): only 1 of the 2 leftovers is stored
    s._legal = None
    refused(s, 0, "done")


def test_refused_a_character_out_of_its_timing():
    """amalfi-renaissance.en.txt, Invitation; Engagement: only an invited engageable character
    that is not engaged may be engaged; a character not in hand cannot be invited; an
    invitation is a main action, not a move inside a payment."""
    s = fresh()
    imm = next(i for i, c in enumerate(B.CHARACTERS) if c.type == B.IMMEDIATE)
    eng = next(i for i, c in enumerate(B.CHARACTERS) if c.type == B.ENGAGEABLE)
    s.invited[0] = (imm, eng)
    s.engaged[0] = (eng,)
    s._legal = None
    refused(s, 0, f"engage {B.CHAR_IDS[imm]}")
    refused(s, 0, f"engage {B.CHAR_IDS[eng]}")
    other = s.hands[1][0]
    refused(s, 0, f"invite {B.CHAR_IDS[other]}")
    workshop_art(s, 4, 6)
    s.holds[0:5] = [0, 0, 2, 0, 0]
    s.apply(0, "acquire 4")
    refused(s, 0, f"invite {B.CHAR_IDS[s.hands[0][0]]}")


@pytest.mark.parametrize("method", ["draft", "draft_score"])
def test_refused_a_draft_keep_not_in_the_packet(method):
    """amalfi-renaissance.en.txt, Variants for the Allocation of Starting Hands: a draft keeps
    a card of the packet in hand."""
    s = fresh(3, hands=method)
    outside = next(c for c in range(len(B.CHARACTERS)) if c not in s.packets[0])
    refused(s, 0, f"keep {B.CHAR_IDS[outside]}")


@pytest.mark.parametrize("method", ["draft", "draft_score"])
def test_refused_a_hand_method_with_a_player_count_it_does_not_allow(method):
    """amalfi-renaissance.en.txt, Variants for the Allocation of Starting Hands: the drafts are
    for 2 to 4 players, so one player is refused at new_game and on the command line."""
    import subprocess
    import sys

    from arsenale.core.errors import OptionError

    from .helpers import GAME

    with pytest.raises(OptionError, match="2-4 players"):
        GAME.new_game(1, 1, {"hands": method})
    from pathlib import Path

    cli = [str(Path(sys.executable).parent / "arsenale"), "play", "amalfi-renaissance"]
    cli += ["--players", "1"]
    done = subprocess.run(
        [*cli, "-o", f"hands={method}"], capture_output=True, text=True, input="", timeout=120
    )
    assert done.returncode != 0
    assert "2-4 players" in done.stderr + done.stdout


@pytest.mark.parametrize("options", [{"rival": "genoa"}, {"solo_check": "before"}])
def test_refused_a_solo_option_in_a_game_of_several(options):
    """amalfi-renaissance.en.txt, Solo Challenge: the rival city and the title checks are the
    solo game's; a game of 2 to 4 that sets them is refused, their defaults are accepted."""
    from arsenale.core.errors import OptionError

    from .helpers import GAME

    with pytest.raises(OptionError, match="solo challenge only, not a game of 3"):
        GAME.new_game(3, 1, options)
    assert GAME.new_game(3, 1, {"rival": "naples", "solo_check": "after"}).players == 3
    assert GAME.new_game(1, 1, options).players == 1
