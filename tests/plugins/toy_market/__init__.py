"""Toy Market: a tiny card and market game that exists to prove the game contract
(docs/adding-a-game.md). It lives in tests/ as a package of its own and reaches every tool
through one line, the entry point `toy-market = toy_market:GAME` of the group
`arsenale.games`.

Where each rule lives: state.py (set-up and seasons, draft, market, orders, broker),
heuristic.py (the heuristic bot, `evaluate`, the prior of a rival's secret keep), game.py (the
Game object and its words and pictures). Components: cards.toml, checked by cards.py. Rules:
RULES.md; engine choices: RULINGS.md.
"""

from toy_market.game import ToyMarket

GAME = ToyMarket()

__all__ = ["GAME", "ToyMarket"]
