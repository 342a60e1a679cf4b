"""Serenissima, first edition (Eurogames / Jeux Descartes, 1996; French: Méditerranée).
Rulebooks: serenissima-1996.en.txt and serenissima-1996.fr.txt.

Where each rule lives: setup.py (nations, deployment), flow.py (rounds, phases, turn order),
bidding.py (phase 1), trade.py (phase 2), negotiation.py (prices, counter offers, trades
between players), movement.py (phase 3, permission to pass), battle.py (phase 4), landing.py
(phase 5), sales.py (phase 6, income, end), state.py (prosperity points). Board data:
board.toml. Interpretations: RULINGS.md. Our rules summary: RULES.md.
"""

from arsenale.games.serenissima_1996.game import Serenissima1996

GAME = Serenissima1996()

__all__ = ["GAME", "Serenissima1996"]
