"""Serenissima, second edition (Ystari, 2012). Rulebook: serenissima-2012.en.txt.

Where each rule lives: setup.py (set-up), turn_end.py (the wheel, Doge cards, scoring, special
investment, game end), activation.py (loading, movement, sale, claiming a neutral port),
blockade.py, battle.py (galleys, ports, forts, loot), investment.py. Board data: board.toml.
Interpretations: RULINGS.md. Our rules summary: RULES.md.
"""

from arsenale.games.serenissima_2012.game import Serenissima2012

GAME = Serenissima2012()

__all__ = ["GAME", "Serenissima2012"]
