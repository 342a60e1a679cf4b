"""Every refusal of Amalfi: Renaissance names its reason and a section of the rulebook.

Over more than 1,000 positions of random games (1 to 4 players, every hand method the count
allows), every catalogue action that is not legal for the seat to move is refused with a plain
reason and a rule citing amalfi-renaissance.en.txt, never the generic notation message; every
legal action is accepted; asking changes nothing."""

from __future__ import annotations

import random
from collections import Counter

from arsenale import IllegalAction

from .helpers import GAME, METHODS, RULEBOOK, choose, snapshot

CATALOGUE = list(GAME.catalogue)
KINDS = {a.kind for a in CATALOGUE}


def positions():
    g = 0
    for players in (1, 2, 3, 4):
        for method in METHODS:
            if players == 1 and method.startswith("draft"):
                continue
            for k in range(2):
                rng = random.Random(g)
                rival = ("naples", "genoa")[k] if players == 1 else "naples"  # solo only
                state = GAME.new_game(players, 500 + g, {"hands": method, "rival": rival})
                g += 1
                while not state.is_over:
                    movers = state.to_move()
                    seat = movers[rng.randrange(len(movers))]
                    if rng.random() < 0.5:
                        yield state, seat
                    _, action = choose(state, rng)
                    state.apply(_, action)


def test_every_illegal_catalogue_action_is_refused_with_a_rule_of_the_rulebook():
    seen = 0
    refused: Counter[str] = Counter()
    decisions: Counter[str] = Counter()
    for state, seat in positions():
        seen += 1
        decisions[state.stack[-1].kind] += 1
        legal = set(state.legal_actions(seat))
        assert legal
        before = snapshot(state) if seen % 25 == 0 else None
        actions = CATALOGUE if seen % 4 == 0 else random.Random(seen).sample(CATALOGUE, 80)
        for action in actions:
            if action in legal:
                state.check(seat, action)
                continue
            try:
                state.check(seat, action)
            except IllegalAction as refusal:
                assert refusal.reason, action.notation
                assert refusal.rule is not None and refusal.rule.startswith(RULEBOOK), (
                    action.notation,
                    refusal.rule,
                    refusal.reason,
                )
                refused[action.kind] += 1
            else:
                raise AssertionError(f"{action.notation!r} is not legal but passes")
        if before is not None:
            assert snapshot(state) == before
    assert seen >= 1000, seen
    assert set(refused) == KINDS, KINDS - set(refused)
    assert {"turn", "pay", "send", "take", "feed", "pack", "select", "draft", "reserve"} <= set(
        decisions
    ), decisions


def test_the_fast_turn_generator_agrees_with_the_explained_one():
    """`legal_turn` without a Why takes a shortcut (rules.turn_actions); at every turn of these
    games each catalogue action is in its list exactly when the explained generator, asked
    about that action, offers it too."""
    from arsenale.core.decisions import Why
    from arsenale.games.amalfi_renaissance.rules import legal_turn

    turns = 0
    for state, seat in positions():
        top = state.stack[-1]
        if top.kind != "turn" or seat not in state.to_move():
            continue
        turns += 1
        if turns % 3:
            continue
        fast = legal_turn(state, seat, top)
        assert len(set(fast)) == len(fast)
        for action in CATALOGUE:
            assert (action in fast) == (action in legal_turn(state, seat, top, Why(action))), (
                action.notation
            )
    assert turns >= 300, turns
