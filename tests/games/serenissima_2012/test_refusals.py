"""Every refusal of Serenissima (2012) names its reason and its rule in the rulebook.

The reason comes from the legal-move generators themselves (a `Why` passed through the phase's
checks), so this test walks random positions and asks about the whole catalogue: every action
that is not legal for the seat to move is refused with a plain reason and a reference into
serenissima-2012.en.txt, never the generic notation message; every legal action is accepted;
and asking changes nothing.
"""

from __future__ import annotations

import json
import random
from collections import Counter

from arsenale import IllegalAction
from arsenale.games.serenissima_2012.state import Serenissima2012State

from .helpers import GAME, RULES, snapshot

CATALOGUE = list(GAME.catalogue)
KINDS = {action.kind for action in CATALOGUE}
COMMON = {"galley", "activation", "investment"}  # decisions sampled one time in EVERY
EVERY = 3


def positions(players: int, hidden: bool, seed: int):
    """The states met in one random game, every EVERY-th ply of the common decisions and
    every ply of the rarer ones (set-up, blockades, battles, loot, occupation, special)."""
    rng = random.Random(seed)
    state = GAME.new_game(players, seed, {"hidden_money": hidden})
    assert isinstance(state, Serenissima2012State)
    while not state.is_over:
        (seat,) = state.to_move()
        if state.stack[-1].kind not in COMMON or state.ply % EVERY == 0:
            yield state, seat
        legal = state.legal_actions(seat)
        busy = [a for a in legal if a.kind not in ("end", "sink", "pass", "retreat", "done")]
        state.apply(seat, rng.choice(busy if busy and rng.random() < 0.7 else legal))


def test_every_illegal_catalogue_action_is_refused_with_a_rule_of_the_rulebook():
    """Over more than 1,000 positions of random games (2-4 players, visible and hidden money,
    fixed seeds): each of the 695 catalogue actions is either legal and passes `check`, or is
    refused with IllegalAction whose reason is non-empty and whose rule cites
    serenissima-2012.en.txt; the state, its views and its history are unchanged after."""
    seen = 0
    refused_kinds: Counter[str] = Counter()
    decisions: Counter[str] = Counter()
    for players in (2, 3, 4):
        for hidden in (False, True):
            for seed in range(3):
                for state, seat in positions(players, hidden, 1000 * players + 10 * hidden + seed):
                    seen += 1
                    decisions[state.stack[-1].kind] += 1
                    before = snapshot(state)
                    mine = json.dumps(state.view(seat), sort_keys=True)
                    legal = set(state.legal_actions(seat))
                    assert legal, "a seat to move always has a legal action"
                    for action in CATALOGUE:
                        if action in legal:
                            state.check(seat, action)
                            continue
                        try:
                            state.check(seat, action)
                        except IllegalAction as refusal:
                            assert refusal.reason, action.notation
                            assert refusal.rule is not None, action.notation
                            assert refusal.rule.startswith(RULES), (action.notation, refusal.rule)
                            refused_kinds[action.kind] += 1
                        else:
                            raise AssertionError(f"{action.notation!r} is not legal but passes")
                    assert snapshot(state) == before
                    assert json.dumps(state.view(seat), sort_keys=True) == mine
    assert seen >= 1000
    assert set(refused_kinds) == KINDS, KINDS - set(refused_kinds)
    assert set(decisions) >= {
        "close",
        "choose_port",
        "choose_galley",
        "galley",
        "activation",
        "blockade",
        "battle",
        "loot",
        "occupy",
        "investment",
        "special",
    }, decisions


def test_refusals_give_the_check_that_failed():
    """A few refusals in words: the reason names the failed check of the generator, not only
    what the decision asks for."""
    state = GAME.new_game(3, 7)
    (seat,) = state.to_move()
    assert state.stack[-1].kind == "close"
    good = state.stack[-1].data[0]
    start = GAME.board.start_ports[0]
    with_reason = _refusal(state, seat, f"close {GAME.board.port_ids[start]}")
    assert with_reason.reason == "starting ports stay open"
    other = next(
        p
        for p, g in enumerate(GAME.board.port_good)
        if g != good and p not in GAME.board.start_ports
    )
    assert "is closed, and" in _refusal(state, seat, f"close {GAME.board.port_ids[other]}").reason
    asked = _refusal(state, seat, "fight")
    assert asked.reason.startswith("'fight' is not possible now: you are closing a port")


def _refusal(state: Serenissima2012State, seat: int, text: str) -> IllegalAction:
    try:
        state.check(seat, state.coerce(text))
    except IllegalAction as refusal:
        return refusal
    raise AssertionError(f"{text!r} was accepted")
