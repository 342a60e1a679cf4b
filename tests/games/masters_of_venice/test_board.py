"""The components in board.toml: every entry confirmed or reconstructed with a reason, and
every count the rulebook states checked by the loader (DataError otherwise)."""

from __future__ import annotations

import copy

import pytest

from arsenale.core.errors import DataError
from arsenale.games.masters_of_venice import board


def test_the_components_match_the_rulebook_counts():
    """masters-of-venice.en.txt, Components: 90 cubes (15 of six kinds), 70 shares, 6 favors,
    15 rumors, 21 Guild Orders (one printed: 2 Lumber + 1 Spice), 6 characters; Setup: 150
    ducats, prices and shares at 40, orders at 2; 16 rounds with 4 bidding rounds."""
    assert len(board.ORDERS) == 21 and all(sum(o.need) == 3 for o in board.ORDERS)
    assert "lumber+lumber+spice" in board.ORDER_IDS
    assert sorted(board.FAVOR_SET) == [0, 0, 1, 1, 2, 2]
    assert len(board.BID_SPACES) == 4 and 0 in board.BID_SPACES and 15 not in board.BID_SPACES
    assert board.SHOP_RES == (0, 4, 3, 2, 5)
    reconstructed = [o for o in board.ORDERS if o.status == "reconstructed"]
    assert len(reconstructed) == 20


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (lambda d: d["guild_order"].pop(), "21 Guild Orders"),
        (lambda d: d["guild_order"][0].update(status="reconstructed", reason="x"), "printed"),
        (lambda d: d["guild_order"][1].update(cubes=["lumber", "lumber", "spice"]), "same card"),
        (lambda d: d["resource"][0].update(cubes=14), "90 in all"),
        (lambda d: d["shop"][0].update(shares=9), "10 shares"),
        (lambda d: d["favor"][0].update(copies=3), "favors"),
        (lambda d: d["canal"].update(bid_spaces=[1, 5, 9, 16]), "Final Turn"),
        (lambda d: d["canal"].pop("reason"), "needs a reason"),
        (lambda d: d["meta"].update(starting_cash=100), "150 ducats"),
        (lambda d: d["character"].pop(), "six characters"),
    ],
)
def test_the_loader_refuses_data_that_breaks_a_count(edit, words):
    """An owner may correct a reconstructed entry, but not break what the rulebook prints."""
    data = copy.deepcopy(board.DATA)
    edit(data)
    with pytest.raises(DataError, match=words):
        board.check(data)
