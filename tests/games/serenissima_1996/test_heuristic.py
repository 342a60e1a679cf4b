"""The heuristic bot of Serenissima (1996): always a legal action, clearly stronger than random
play, and sensible in the situations the brief names (prices, counter offers, passage,
battles, landing, sales)."""

from __future__ import annotations

import random

import pytest

from arsenale.bots.base import Fallbacks, heuristic_policy
from arsenale.core.actions import Action
from arsenale.core.decisions import Decision
from arsenale.core.info import SeatInfo
from arsenale.games.serenissima_1996 import GAME
from arsenale.games.serenissima_1996.board import GOODS
from arsenale.games.serenissima_1996.state import Serenissima1996State

BOARD = GAME.board
MAX_PLIES = 20000  # far above any real game: a bot undoing its own moves would hit it


def random_policy(info: SeatInfo, rng: random.Random) -> Action:
    return rng.choice(info.legal_actions())


def play(
    players: int, seed: int, heuristic_seats: set[int], open_money: bool = False
) -> tuple[int, ...]:
    """A whole game; every heuristic decision is checked against the legal actions."""
    state = GAME.new_game(players, seed=seed, options={"open_money": open_money})
    rng = random.Random(seed)
    while not state.is_over:
        assert state.ply < MAX_PLIES, "the game does not end"
        for seat in state.to_move():
            info = SeatInfo(state, seat)
            if seat in heuristic_seats:
                action = heuristic_policy(GAME)(info, rng)
                assert action in state.legal_actions(seat), (state.stack[-1].kind, action)
            else:
                action = random_policy(info, rng)
            state.apply(seat, action)
    return state.result().winners


@pytest.fixture(autouse=True)
def strict(monkeypatch: pytest.MonkeyPatch) -> None:
    """Errors inside the heuristic fail the test instead of falling back to a safe action."""
    monkeypatch.setattr(Fallbacks, "strict", True)


@pytest.mark.parametrize(
    ("players", "seed", "open_money"), [(2, 11, False), (3, 12, True), (4, 13, False)]
)
def test_heuristic_self_play_is_always_legal(players: int, seed: int, open_money: bool) -> None:
    play(players, seed, set(range(players)), open_money)


@pytest.mark.parametrize(
    ("players", "seed", "open_money"), [(2, 21, True), (3, 22, False), (4, 23, True)]
)
def test_heuristic_against_random_is_always_legal(
    players: int, seed: int, open_money: bool
) -> None:
    play(players, seed, {s for s in range(players) if s % 2 == 0}, open_money)


def test_heuristic_beats_random() -> None:
    wins = sum(1 for seed in range(100, 110) if play(2, seed, {0}) == (0,))
    assert wins >= 8


# -- staged situations -----------------------------------------------------------------------


def area(name: str) -> int:
    return BOARD.area_index(name)


def port(name: str) -> int:
    return BOARD.port_index(name)


def purchases() -> Serenissima1996State:
    """A 2-player game in phase 2 of round 1 (both deployed 3 3 and bid nothing)."""
    s = GAME.new_game(2, seed=5)
    assert isinstance(s, Serenissima1996State)
    for seat in (0, 1):
        s.apply(seat, "deploy 3 3")
    for seat in (0, 1):
        s.apply(seat, "bid 0")
    while s.stack[-1].kind == "position":
        seat = s.to_move()[0]
        s.apply(seat, s.legal_actions(seat)[0])
    assert s.stack[-1].kind == "purchases"
    return s


def place(s: Serenissima1996State, g: int, area_id: str, sailors: int, **cargo: int) -> None:
    s.g_area[g] = area(area_id)
    s.g_start[g] = area(area_id)
    s.g_sailors[g] = sailors
    for i in range(7):
        s.cargo[7 * g + i] = 0
    for good, n in cargo.items():
        s.cargo[7 * g + GOODS.index(good)] = n
    s.g_goods[g] = sum(cargo.values())


def stage(s: Serenissima1996State, kind: str, seat: int, phase: int, data: object = None) -> None:
    """Make `kind` the decision of `seat`, in its turn of `phase`."""
    s.phase = phase
    s.turn_index = s.order.index(seat)
    s.stack = [Decision(kind, (seat,), data)]
    s._legal = None


def decide(s: Serenissima1996State, seat: int) -> Action:
    action = heuristic_policy(s.game)(SeatInfo(s, seat), random.Random(1))
    assert action in s.legal_actions(seat)
    return action


def port_deal(
    owner_port: str, buyer_area: str, buyer_sailors: int
) -> tuple[Serenissima1996State, int, int]:
    """Seat `buyer` (on turn) asks to buy a cube at a port of `owner`: the owner's decision."""
    s = purchases()
    buyer = s.to_move()[0]
    owner = 1 - buyer
    p = port(owner_port)
    s.owner[p] = owner
    s.garrison[p] = 1
    g = s.galleys_of(buyer)[0]
    place(s, g, buyer_area, buyer_sailors)
    s._legal = None  # fields set by hand: the legal list the rules kept for this ply is stale
    s.apply(buyer, f"buy {GOODS[BOARD.port_good[p]]} g{g + 1}")
    assert s.stack[-1].kind == "offer" and s.to_move() == (owner,)
    return s, buyer, owner


def test_owner_without_monopoly_asks_the_top_price() -> None:
    s, _buyer, owner = port_deal("ragusa", "south-adriatic", 3)
    assert decide(s, owner).notation == "price 300"


def test_owner_with_monopoly_asks_more_but_not_beyond_1000() -> None:
    s, _buyer, owner = port_deal("cyrene", "cyrenaica", 4)
    s.warehouse[port("sicily")] = sum(1 << GOODS.index(g) for g in ("gold", "cloth", "iron"))
    action = decide(s, owner)
    assert action.kind == "price"
    assert 300 < action["ducats"] <= 1000


def test_buyer_accepts_a_cheap_price() -> None:
    s, buyer, owner = port_deal("cyrene", "cyrenaica", 2)
    s.apply(owner, "price 100")
    assert decide(s, buyer).notation == "accept"


def test_buyer_refuses_a_price_above_what_the_cube_is_worth() -> None:
    # one sailor: only the neighbouring neutral ports are in reach, gems there fetch 200
    s, buyer, owner = port_deal("cyrene", "cyrenaica", 1)
    s.apply(owner, "price 1000")
    action = decide(s, buyer)
    assert action.kind in ("counter", "refuse")
    if action.kind == "counter":
        s.apply(buyer, action)
        s.apply(owner, "refuse")
        assert decide(s, buyer).notation == "refuse"


def test_buyer_counters_a_high_price_when_the_cube_is_worth_it() -> None:
    # Sicily's warehouse holds 3 goods: gems fill its last space, worth 500
    s, buyer, owner = port_deal("cyrene", "cyrenaica", 4)
    s.warehouse[port("sicily")] = sum(1 << GOODS.index(g) for g in ("gold", "cloth", "iron"))
    s.apply(owner, "price 300")
    action = decide(s, buyer)
    assert action.kind == "counter" and action["ducats"] < 300
    s.apply(buyer, action)
    s.apply(owner, "refuse")
    assert decide(s, buyer).notation == "accept"


def test_passage_denied_to_a_galley_that_could_reach_our_capital() -> None:
    s = purchases()
    me, rival = 0, 1
    venezia = port("venezia")
    s.garrison[venezia] = 1
    mine = s.galleys_of(me)[0]
    theirs = s.galleys_of(rival)[0]
    place(s, mine, "south-adriatic", 2)
    place(s, theirs, "south-adriatic", 4)
    s.g_moved[theirs] = 1
    stage(s, "permission", me, 3, (theirs, ()))
    assert decide(s, me).notation == "deny"


def test_passage_allowed_to_a_harmless_galley() -> None:
    s = purchases()
    me, rival = 0, 1
    mine = s.galleys_of(me)
    theirs = s.galleys_of(rival)[0]
    place(s, mine[0], "libyan-sea", 2)
    place(s, mine[1], "libyan-sea", 2)
    place(s, theirs, "libyan-sea", 3)
    s.g_moved[theirs] = 2  # one area left: nothing of ours within reach
    stage(s, "permission", me, 3, (theirs, ()))
    assert decide(s, me).notation == "allow"


def test_attacks_a_weak_galley_not_a_strong_one() -> None:
    s = purchases()
    me, rival = 0, 1
    mine = s.galleys_of(me)
    theirs = s.galleys_of(rival)
    place(s, mine[0], "ionian-sea", 5)
    place(s, theirs[0], "ionian-sea", 1, wine=2)
    place(s, mine[1], "libyan-sea", 1)
    place(s, theirs[1], "libyan-sea", 5)
    stage(s, "battles", me, 4)
    assert decide(s, me).notation == f"attack g{mine[0] + 1} g{theirs[0] + 1}"
    place(s, theirs[0], "aegean-sea", 1)
    stage(s, "battles", me, 4)
    assert decide(s, me).notation == "done"


def test_captures_with_a_spare_sailor_and_takes_the_goods() -> None:
    s = purchases()
    me, rival = 0, 1
    g = s.galleys_of(me)[0]
    h = s.galleys_of(rival)[0]
    place(s, g, "ionian-sea", 3)
    place(s, h, "ionian-sea", 0, wine=1)
    stage(s, "victory", me, 4, (g, h))
    assert decide(s, me).notation == "capture 1"
    place(s, g, "ionian-sea", 1)
    stage(s, "victory", me, 4, (g, h))
    assert decide(s, me).notation == "sink"
    s.apply(me, "sink")
    assert s.stack[-1].kind == "spoils"
    assert decide(s, me).notation == "take wine"


def test_lands_one_sailor_on_an_empty_port() -> None:
    s = purchases()
    me = 0
    g = s.galleys_of(me)[0]
    place(s, g, "south-adriatic", 3)
    stage(s, "landing", me, 5)
    assert decide(s, me).notation == f"land g{g + 1} 1"


def test_sells_what_it_can() -> None:
    s = purchases()
    me = 0
    g = s.galleys_of(me)[0]
    place(s, g, "south-adriatic", 2, wine=1)
    stage(s, "sales", me, 6)
    assert decide(s, me).notation == f"sell wine g{g + 1}"


def test_buys_a_cube_it_can_sell_within_reach() -> None:
    s = purchases()
    seat = s.to_move()[0]
    g = s.galleys_of(seat)[0]
    place(s, g, "south-adriatic", 3)  # Ragusa, neutral: wood at 100
    chosen = []
    while s.to_move() == (seat,) and s.stack[-1].kind in ("purchases", "arrange"):
        action = decide(s, seat)
        chosen.append(action.notation)
        s.apply(seat, action)
    assert f"buy wood g{g + 1}" in chosen, chosen


def test_never_empties_a_galley_by_transfer() -> None:
    """serenissima-1996.fr.txt, Phase 2, Transfert de pions (RULINGS.md R28): a galley left
    without a sailor sinks with its goods; `arrange` is now offered to two one-sailor galleys,
    and the bot does not take it to sink a laden galley."""
    s = purchases()
    me = s.to_move()[0]
    g, h = s.galleys_of(me)[:2]
    place(s, g, "ionian-sea", 1, wine=2)
    place(s, h, "ionian-sea", 1)
    s._legal = None
    assert "arrange ionian-sea" in {a.notation for a in s.legal_actions(me)}
    while s.to_move() == (me,) and s.stack[-1].kind in ("purchases", "arrange"):
        action = decide(s, me)
        assert action.kind != "arrange", action.notation
        s.apply(me, action)
    assert s.g_owner[g] == me and s.g_owner[h] == me


def test_after_a_capture_each_galley_keeps_its_own_goods() -> None:
    """serenissima-1996.fr.txt, Combats entre galères (RULINGS.md R16): the winner sets the
    split of both galleys' goods; the bot leaves each galley its own cargo."""
    from arsenale.games.serenissima_1996.battle import _share

    s = purchases()
    me, rival = 0, 1
    g = s.galleys_of(me)[0]
    h = s.galleys_of(rival)[0]
    place(s, g, "ionian-sea", 2, iron=1)
    place(s, h, "ionian-sea", 1, wine=2)
    s.g_owner[h] = me
    stage(s, "battles", me, 4)
    _share(s, me, g, h, "share", [])
    assert s.stack[-1].kind == "spoils"
    while s.stack[-1].kind == "spoils":
        s.apply(me, decide(s, me))
    assert s.cargo[7 * g + GOODS.index("iron")] == 1 and s.g_goods[g] == 1
    assert s.cargo[7 * h + GOODS.index("wine")] == 2 and s.g_goods[h] == 2


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_tabled_next_sale_values_are_the_sale_values(players: int) -> None:
    """The heuristic reads the worth of our next sale at a port from tables per board, player
    count and round (`sales_of`, `best_sales`, kept across decisions with the same ports):
    they equal `sale` worked out from the state, at every port and good, in positions of
    random play, whether the context's figures are new or kept from an earlier decision."""
    from arsenale.games.serenissima_1996.heuristic import _Ctx

    rng = random.Random(players)
    checked = 0
    for seed in range(3):
        state = GAME.new_game(players, seed)
        while not state.is_over and state.ply < 400:
            seat = state.to_move()[0]
            if rng.random() < 0.1:
                for _fresh_or_kept in range(2):
                    c = _Ctx(state, seat)
                    for good in range(len(GOODS)):
                        column = c.sales_of(good)
                        for p in c.st.ports:
                            assert column[p] == c.sale(p, good, 0, state.owner[p])
                        best = [(column[p], BOARD.port_area[p]) for p in c.st.ports]
                        assert c.best_sales(good) == sorted(
                            (v for v in best if v[0] >= 0), reverse=True
                        )
                    checked += 1
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
    assert checked >= 20
