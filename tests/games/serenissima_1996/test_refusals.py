"""Every refusal of Serenissima (1996) comes with a reason and a rule of the 1996 rulebooks.

Over more than 1,000 positions of random games (fixed seeds; 2, 3 and 4 players; money open
and hidden; both line-ups of the 2-player game): every legal action of the seat to move passes
`check`; catalogue actions that are not legal are refused with IllegalAction, a plain reason
and a rule citing the 1996 rulebook files, never the notation message of the core, and the
refusals leave the state as it was. The 11,622 actions are sampled per position: some of every
kind, and more among those naming the seat's own galleys, where the finer checks lie. An action
of a kind the decision can offer is explained by the check that keeps it out, not by the
decision's general "what it asks" text.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from typing import Any

import pytest

from arsenale.bots.base import heuristic_policy
from arsenale.core.actions import Action
from arsenale.core.errors import IllegalAction
from arsenale.core.info import SeatInfo
from arsenale.games.serenissima_1996.state import Serenissima1996State

from .helpers import GAME, snapshot
from .test_properties import pick

RULEBOOKS = ("serenissima-1996.en.txt", "serenissima-1996.fr.txt")
CATALOGUE = list(GAME.catalogue)
BY_KIND: dict[str, list[Action]] = defaultdict(list)
BY_GALLEY: dict[int, list[Action]] = defaultdict(list)
for _action in CATALOGUE:
    BY_KIND[_action.kind].append(_action)
    for _name in ("galley", "from", "to"):
        if _name in _action.params:
            BY_GALLEY[_action.params[_name] - 1].append(_action)

GAMES: list[tuple[int, dict[str, Any], int]] = [
    (players, options, seed)
    for seed in (1, 2)
    for players, options in (
        (2, {"open_money": False}),
        (2, {"open_money": True, "nations": "spanish-turks"}),
        (2, {"open_money": True}),
        (2, {"open_money": False, "nations": "spanish-turks"}),
        (3, {"open_money": False}),
        (3, {"open_money": True}),
        (4, {"open_money": True}),
        (4, {"open_money": False}),
    )
]
EVERY = 9
"""One position in EVERY plies is examined, and every position of a rarer decision."""
COMMON = ("purchases", "movement", "sales", "landing", "battles", "bid", "position")
HEURISTIC = 0.8
"""Share of moves the heuristic bot makes: random play seldom fights or bargains."""
POLICY = heuristic_policy(GAME)
PER_KIND = 2
PER_GALLEY = 4


def illegal_sample(
    state: Serenissima1996State, seat: int, legal: set[Action], rng: random.Random
) -> list[Action]:
    """A few illegal actions of every kind, and a few naming each of the seat's galleys."""
    out: list[Action] = []
    pools = [(pool, PER_KIND) for pool in BY_KIND.values()]
    pools += [(BY_GALLEY[g], PER_GALLEY) for g, o in enumerate(state.g_owner) if o == seat]
    for pool, want in pools:
        for _ in range(4 * want):
            action = pool[rng.randrange(len(pool))]
            if action not in legal:
                out.append(action)
                want -= 1
                if not want:
                    break
    return out


def generic(state: Serenissima1996State, action: Action) -> str:
    """The core's fallback when no check of the generator explains a refusal."""
    return f"{action.notation!r} is not possible now: {state.phases[state.stack[-1].kind].asks}"


def test_a_refusal_names_the_check() -> None:
    """A worked case: bidding more than one has, naming one's money, the legal range and the
    bidding rule."""
    state = GAME.new_game(2, 1)
    for seat in range(2):
        state.apply(seat, "deploy 3 3")
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, "bid 2100")
    assert refused.value.reason == (
        "you cannot bid more than your 2000 ducats; the range now: ducats bid 0 to 2,000 in steps of 100"
    )
    assert refused.value.rule is not None and refused.value.rule.startswith(RULEBOOKS[0])
    assert "Phase 1" in refused.value.rule


def test_every_refusal_gives_a_reason_and_a_rule_of_the_1996_rulebooks() -> None:
    positions = 0
    refusals = 0
    offered: dict[str, set[str]] = defaultdict(set)  # decision -> kinds it offered
    explained: Counter[tuple[str, str]] = Counter()  # (decision, kind) -> refusals
    fallback: dict[tuple[str, str], str] = {}  # (decision, kind) -> an action given `asks`
    for players, options, seed in GAMES:
        rng = random.Random(seed * 10 + players)
        state = GAME.new_game(players, seed, options)
        assert isinstance(state, Serenissima1996State)
        while not state.is_over:
            seat = rng.choice(state.to_move())
            decision = state.stack[-1].kind
            if decision not in COMMON or state.ply % EVERY == 0:
                positions += 1
                legal = state.legal_actions(seat)
                offered[decision].update(a.kind for a in legal)
                before = snapshot(state)
                for action in legal:
                    state.check(seat, action)
                for action in illegal_sample(state, seat, set(legal), rng):
                    with pytest.raises(IllegalAction) as refused:
                        state.apply(seat, action)
                    reason, rule = refused.value.reason, refused.value.rule
                    assert reason, action
                    assert rule is not None and rule.startswith(RULEBOOKS), (action, rule)
                    if reason == generic(state, action):
                        fallback.setdefault((decision, action.kind), action.notation)
                    explained[decision, action.kind] += 1
                    refusals += 1
                assert snapshot(state) == before
            if rng.random() < HEURISTIC:
                state.apply(seat, POLICY(SeatInfo(state, seat), rng))
            else:
                state.apply(seat, pick(state, seat, rng))
    assert positions >= 1000 and refusals >= 50_000, (positions, refusals)
    for decision, kinds in offered.items():
        for kind in BY_KIND:
            assert kind in kinds or explained[decision, kind], (decision, kind)
    unexplained = {key: n for key, n in fallback.items() if key[1] in offered[key[0]]}
    assert not unexplained, unexplained
