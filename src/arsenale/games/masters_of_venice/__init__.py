"""Masters of Venice (R&R Games, 2009; rules/masters-of-venice.en.txt), for 2 to 5 players.

Where each rule lives: state.py (set-up, bidding and the character draft, movement, the order
of actions with sharing and the Gondola Marker, every location, favors and rumors, dividends,
splits, price controls and bottoming, final scoring), heuristic.py (the heuristic bot,
`evaluate`, the prior of rivals' secret bids and destinations), game.py (the Game object and
its words and pictures), observation.py (the AI adapters' numbers), powers.py (the characters' powers, named in board.toml with their
numbers). Components: board.toml, checked by board.py. Rules in our words:
RULES.md; engine choices: RULINGS.md.
"""

from arsenale.games.masters_of_venice.game import MastersOfVenice

GAME = MastersOfVenice()

__all__ = ["GAME", "MastersOfVenice"]
