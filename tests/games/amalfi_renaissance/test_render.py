"""The terminal board of Amalfi: Renaissance (issue 18): it fits 100 columns and shows a hand
to its owner alone."""

from __future__ import annotations

import json
import random

from arsenale.core.registry import load_game

GAME = load_game("amalfi-renaissance")


def test_the_board_fits_and_names_a_hand_to_its_owner_alone() -> None:
    """Over random games of 1-4 players: every seat's board is at most 100 columns wide and
    40 lines long; the cards in a seat's hand appear on its own board, another seat's board
    does not name a card of that hand unless its view shows the card elsewhere."""
    checked = 0
    for players in (1, 2, 3, 4):
        state = GAME.new_game(players, seed=players, options={"hands": "blind"})
        rng = random.Random(players)
        for ply in range(120):
            if state.is_over:
                break
            seat = state.to_move()[0]
            if ply % 15 == 0:
                for viewer in range(players):
                    text = GAME.render_text(state.view(viewer), viewer, width=100)
                    lines = text.splitlines()
                    assert len(lines) <= 40 and max(map(len, lines)) <= 100
                    hand = state.view(viewer)["players"][viewer]["hand"]
                    for card in hand:
                        name = card.replace("-", " ").title()
                        assert name in text
                        for other in range(players):
                            seen = state.view(other)
                            if other != viewer and card not in json.dumps(seen):
                                assert name not in GAME.render_text(seen, other, width=100)
                    checked += 1
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert checked >= 20
