"""The component data: every entry confirmed or reconstructed with a reason, and the loader
refuses data that breaks a count the rulebook states (amalfi-renaissance.en.txt, Main
components; Players Setup; Types of artworks; Titles)."""

from __future__ import annotations

import copy

import pytest

from arsenale.core.data import read_toml
from arsenale.core.errors import DataError, OptionError
from arsenale.games.amalfi_renaissance import board as B

from .helpers import GAME

PKG = "arsenale.games.amalfi_renaissance"


def data():
    return copy.deepcopy(read_toml(PKG, "board.toml")), copy.deepcopy(read_toml(PKG, "cards.toml"))


def test_the_data_loads_with_the_rulebook_counts():
    assert len(B.CHARACTERS) == 75 and len(B.ARTWORKS) == 54 and len(B.PRIVATES) == 36
    assert len(B.TITLES) == 16 and len(B.DECREES) == 10
    assert all(len(p) == 6 for p in B.PACKS)
    assert sum(c.type == B.ENDGAME for c in B.CHARACTERS) == 15
    _board, cards = data()
    for family in ("artwork", "private", "character"):
        for e in cards[family]:
            assert e["status"] in ("confirmed", "reconstructed") and e["reason"]


@pytest.mark.parametrize(
    "break_it, words",
    [
        (lambda b, c: c["artwork"].pop(), "54 artworks"),
        (lambda b, c: c["private"].pop(), "36 private"),
        (lambda b, c: c["character"].pop(), "characters"),
        (lambda b, c: c["artwork"][0].update(cost=20), "ranges"),
        (lambda b, c: b["meta"].update(ship_price=[5, 4, 4, 4]), "ship prices"),
        (lambda b, c: b["holds"].update(spices=3), "yields 2"),
        (lambda b, c: b["title"].pop(), "16 titles"),
        (lambda b, c: c["character"][0].pop("pack"), "starting-hand"),
        (lambda b, c: c["private"][0].update(status="guessed"), "status"),
        (lambda b, c: b["solo"].update(genoa=[1, 1, 3]), "solo"),
    ],
)
def test_the_loader_refuses_data_that_breaks_a_stated_count(break_it, words):
    board, cards = data()
    break_it(board, cards)
    with pytest.raises(DataError, match=words):
        B.load(board, cards)


@pytest.mark.parametrize("players, hands", [(1, "draft"), (1, "draft_score"), (5, "packs")])
def test_a_hand_method_with_a_player_count_it_does_not_allow_is_refused(players, hands):
    """amalfi-renaissance.en.txt, Variants for the Allocation of Starting Hands: the drafts are
    for 2 to 4 players."""
    with pytest.raises(OptionError):
        GAME.new_game(players, 1, {"hands": hands})
