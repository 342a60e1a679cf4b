"""Bindings to the standard AI interfaces, written once for every registered game.

- `arsenale.adapters.encoding`: fixed-size observation and information state encodings;
- `arsenale.adapters.openspiel`: every game as an OpenSpiel game, OpenSpiel's MCTS and ISMCTS
  as bot kinds;
- `arsenale.adapters.pettingzoo`: a PettingZoo AEC environment per game;
- `arsenale.adapters.gymnasium`: one seat of a game against bots, as a Gymnasium environment.

They need the `ai` extra (`pip install 'arsenale[ai]'`); nothing else in arsenale imports them.
See docs/adapters.md.
"""
