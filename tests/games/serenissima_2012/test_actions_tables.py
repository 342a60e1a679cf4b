"""The tables of actions.py that find an action's zone, good or port by a dict lookup (the rules
read them instead of the action's parameters) name what the action's parameters name."""

from __future__ import annotations

from arsenale.games.serenissima_2012.board import GOODS

from .helpers import BOARD, GAME

ACTIONS = GAME.actions
GOOD_KINDS = {"buy_good", "take_good", "give_good", "toss_good", "sell", "loot"}
PORT_KINDS = {"recruit_port", "buy_galley", "fort", "basilica"}


def test_zone_good_and_port_tables_agree_with_the_actions_parameters() -> None:
    catalogue = list(GAME.catalogue)
    moves = [a for a in catalogue if a.kind == "move"]
    goods = [a for a in catalogue if a.kind in GOOD_KINDS]
    ports = [a for a in catalogue if a.kind in PORT_KINDS]
    assert moves and goods and ports
    assert set(ACTIONS.zone_of) == set(moves)
    assert set(ACTIONS.good_of) == set(goods)
    assert set(ACTIONS.port_of) == set(ports)
    for action in moves:
        assert BOARD.zone_ids[ACTIONS.zone_of[action]] == action["zone"]
    for action in goods:
        assert GOODS[ACTIONS.good_of[action]] == action["good"]
    for action in ports:
        assert BOARD.port_ids[ACTIONS.port_of[action]] == action["port"]
