"""Shared helpers of the Amalfi: Renaissance tests."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from arsenale.core.registry import load_game
from arsenale.games.amalfi_renaissance import board as B
from arsenale.games.amalfi_renaissance.state import EMPTY, RIVAL, AmalfiState

GAME = load_game("amalfi-renaissance")
RULEBOOK = "amalfi-renaissance.en.txt"
METHODS = ("packs", "blind", "personal", "draft", "draft_score")


def fresh(players: int = 2, seed: int = 1, **options: Any) -> AmalfiState:
    """A game at its first turn: blind hands (no set-up decisions), seat 0 first."""
    opts = {"hands": "blind", "first_player": 0, **options}
    if players == 1:
        opts.pop("first_player")
    state = GAME.new_game(players, seed, opts)
    assert isinstance(state, AmalfiState)
    state._legal = None  # the tests edit the position by hand: no first legal list kept
    return state


def edited(state: AmalfiState) -> AmalfiState:
    """A position edited by hand: drop the cached legal actions."""
    state._legal = None
    return state


def snapshot(state: AmalfiState) -> str:
    """Everything a refusal must leave alone: views, history, every field."""
    fields = {f: getattr(state, f) for f in (*type(state).copied, *type(state).kept)}
    return json.dumps(
        [
            state.view(None),
            [state.view(s) for s in range(state.players)],
            [(s, a.notation) for s, a in state.history()],
            repr(fields),
            [tuple(d) for d in state.stack],
            state.ply,
        ],
        sort_keys=True,
        default=str,
    )


def choose(state: AmalfiState, rng: random.Random) -> tuple[int, Any]:
    """A seat to move and one of its legal actions, leaning to main actions over passing."""
    movers = state.to_move()
    seat = movers[rng.randrange(len(movers))]
    legal = state.legal_actions(seat)
    assert legal, "a seat that owes a decision has a legal action"
    busy = [a for a in legal if a.kind not in ("pass", "unload", "emergency", "discard")]
    return seat, rng.choice(busy if busy and rng.random() < 0.8 else legal)


def play(state: AmalfiState, rng: random.Random, limit: int = 4000) -> Iterator[tuple]:
    for _ in range(limit):
        if state.is_over:
            return
        seat, action = choose(state, rng)
        events = state.apply(seat, action)
        yield seat, action, events
    raise AssertionError(f"no end after {limit} actions")


def check_invariants(s: AmalfiState) -> None:
    """Components conserved, nothing negative, bread within the granary, every title met
    claimed."""
    n = s.players
    for seat in range(n):
        holds = s.holds[5 * seat : 5 * seat + 5]
        assert min(holds) >= 0 and s.bay[seat] >= 0 and s.port[seat] >= 0
        docked = sum(1 for v in s.dock if v == seat)
        assert s.bay[seat] + s.port[seat] + sum(holds) + docked == 4 + s.built[seat]
        assert 0 <= s.built[seat] <= 6
        assert s.lit[seat] == sum(1 for v in s.light if v == seat) <= 6
        assert 0 <= s.bread[seat] <= s.capacity(seat)
        assert sum(1 for cl in s.claims for x in cl if x == seat) <= 3
        assert set(s.known[seat]) <= set(s.hands[seat])
        assert set(s.engaged[seat]) <= set(s.invited[seat])
        for i, t in enumerate(s.titles):  # titles are checked only when their items change
            met = all(s.count(seat, item) >= k for item, k in B.TITLES[t].need)
            assert not met or seat in s.claims[i], (seat, B.TITLES[t].id)
    assert sum(1 for v in s.dock if v == RIVAL) == s.rival_ships <= 10
    # the kept bits of the taken docks (`turn_actions` reads them for the printed ones)
    assert s.docked == sum(1 << loc for loc, v in enumerate(s.dock) if v != EMPTY)
    assert sum(1 for v in s.light if v == RIVAL) == s.rival_lights <= 6
    arts = [a for a in s.workshop if a >= 0] + s.wdeck + s.wdisc + [a for x in s.arts for a in x]
    assert sorted(arts) == list(range(len(B.ARTWORKS)))
    tiles = [t for t in s.atlas if t >= 0] + s.pile_a + s.pile_b + s.removed
    tiles += [t for x in s.tiles for t in x] + [t for t in s.evolving if t >= 0]
    assert sorted(tiles) == list(range(len(B.PRIVATES)))
    # the owners of the tiles are the seats' tiles (`legal_erect` reads the latter)
    owned = sorted((t, seat) for seat in range(n) for t in s.tiles[seat])
    assert owned == [(t, o) for t, o in enumerate(s.owner) if o >= 0]
    if any(c != EMPTY for c in s.council) or s.period > 0:
        chars = [c for c in s.council if c >= 0] + s.cdeck + s.cdisc
        for seat in range(n):
            chars += [*s.hands[seat], *s.invited[seat], *s.packets[seat], *s.reserve[seat]]
        assert sorted(chars) == list(range(len(B.CHARACTERS)))
