"""Amalfi: Renaissance (Sylex 2023), every rule for 1 to 4 players, the solo challenge and the
five ways to deal starting hands.

Where each rule lives: board.py (components from board.toml and cards.toml, checked against
the rulebook's counts), state.py (the state, views, result, determinization), rules.py (set-up
of hands, turns, payments, benefits, lighthouses, the solo rival, feed, decree, new period,
end), effects.py (the named effect functions of characters and the decree formulas),
actions.py (the catalogue), heuristic.py (the bot and evaluate). RULES.md is our summary of
amalfi-renaissance.en.txt; RULINGS.md every interpretation and icon restoration.
"""

from arsenale.games.amalfi_renaissance.game import AmalfiRenaissance

GAME = AmalfiRenaissance()
