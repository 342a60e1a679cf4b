"""The toy third game, Toy Market (tests/plugins/toy_market), against the game contract: what
the card-driven games need from the core, each proved on the toy (issue 20, "Solo games and
scores" and "What the two card-driven games need from the core").

The game is registered only through the entry point of its own distribution
(tests/plugin_dist.py); its interfaces (CLI, simulate, server, adapters) are driven in
test_third_game_tools.py.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from importlib.metadata import entry_points
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arsenale.bots.base import Fallbacks, heuristic_policy
from arsenale.bots.random_bot import random_policy
from arsenale.core import registry
from arsenale.core.chance import Chance
from arsenale.core.data import read_toml
from arsenale.core.decisions import Decision
from arsenale.core.errors import IllegalAction, NotationError, OptionError
from arsenale.core.game import Game, Policy
from arsenale.core.info import SeatInfo
from arsenale.core.record import replay
from arsenale.core.registry import game_ids, load_game
from arsenale.core.state import GameState
from plugin_dist import GAME_ID, PLUGINS, installed

RULES_MD = (PLUGINS / "toy_market" / "RULES.md").read_text(encoding="utf-8")
SECTIONS = {line[3:].strip() for line in RULES_MD.splitlines() if line.startswith("## ")}


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Game]:
    """Toy Market, found through its entry point (see plugin_dist.py)."""
    with installed(tmp_path_factory.mktemp("toy-dist")):
        yield load_game(GAME_ID)


@pytest.fixture
def strict() -> Iterator[None]:
    """A heuristic that fails raises instead of falling back."""
    Fallbacks.strict = True
    try:
        yield
    finally:
        Fallbacks.strict = False


# -- helpers ------------------------------------------------------------------------------------


def new(game: Game, players: int, seed: int, options: dict[str, Any] | None = None) -> Any:
    """A new game's state (a MarketState; typed Any, as the toy is imported only once the
    fixture has installed it)."""
    return game.new_game(players, seed, options)


def keep(card: int) -> str:
    from toy_market.cards import ORDER_IDS

    return f"keep {ORDER_IDS[card]}"


def reward(card: int) -> int:
    from toy_market.cards import ORDERS

    return ORDERS[card].reward


def random_play(game: Game, players: int, seed: int, upto: int | None = None) -> Any:
    """A game played by uniformly random choices, to its end or to ply `upto`."""
    rng = random.Random(seed)
    state = new(game, players, seed)
    while not state.is_over and (upto is None or state.ply < upto):
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def random_positions(game: Game, count: int) -> list[Any]:
    """At least `count` positions (clones) of random games of 1, 2 and 3 players in turn."""
    out: list[Any] = []
    seed = 0
    while len(out) < count:
        rng = random.Random(seed)
        state = new(game, 1 + seed % 3, seed)
        while not state.is_over:
            out.append(state.clone())
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        seed += 1
    return out


def finish_draft(
    state: Any, broker_cash: int | None = None, broker_stock: int | None = None
) -> Any:
    """Every seat keeps the first card of its packet until the market opens; the broker's
    cash or stock is set just before the last keep, so the market opens with it."""
    while state.stack[-1].kind == "draft":
        movers = state.to_move()
        if len(movers) == 1 and state.draft_round == 1:
            if broker_cash is not None:
                state.cash[state.broker] = broker_cash
            if broker_stock is not None:
                base = 4 * state.broker
                state.stock[base : base + 4] = [broker_stock] * 4
        state.apply(movers[0], keep(state.packets[movers[0]][0]))
    return state


def snapshot(state: GameState) -> dict[str, Any]:
    """Everything about a state: the fields its class declares, the core's, every view."""
    fields = {name: getattr(state, name) for name in (*state.copied, *state.kept)}
    return {
        "fields": json.loads(json.dumps(fields)),
        "stack": [tuple(d) for d in state.stack],
        "submissions": {s: a.notation for s, a in state.submissions.items()},
        "chance": state.chance._s,
        "core": (state.ply, state.over, state.seed, state.players),
        "views": [state.view(s) for s in [None, *range(state.players)]],
    }


def same_view_variant(state: Any, seat: int, rng: random.Random) -> Any:
    """Another true state that gives `seat` the very same view: the cards `seat` has not seen
    dealt anew, the other seats' pending keeps chosen anew, another seed and chance."""
    other = state.clone()
    n = other.players
    neighbour = (seat + 1) % n if n > 1 and other.passed[seat] else -1
    hidden = list(other.deck) + list(other.aside)
    for s in range(n):
        if s != seat:
            hidden += other.hands[s]
            if s != neighbour:
                hidden += other.packets[s]
    rng.shuffle(hidden)
    other.deck = [hidden.pop() for _ in other.deck]
    other.aside = [hidden.pop() for _ in other.aside]
    for s in range(n):
        if s != seat:
            other.hands[s] = tuple(sorted(hidden.pop() for _ in other.hands[s]))
            if s != neighbour:
                other.packets[s] = tuple(sorted(hidden.pop() for _ in other.packets[s]))
    assert not hidden
    if neighbour >= 0:
        other.passed = tuple(other.packets[(s + 1) % n] for s in range(n))
    for s in sorted(other.submissions):
        if s != seat:
            keeps = other._legal_actions(s, other.stack[-1])
            other.submissions = {**other.submissions, s: rng.choice(keeps)}
    other.seed = rng.getrandbits(40)
    other.chance = Chance(rng.getrandbits(64))
    return other


# -- registration -------------------------------------------------------------------------------


def test_found_through_its_entry_point_alone(game: Game) -> None:
    """One line registers the game: the entry point of its own distribution."""
    import toy_market

    assert game is toy_market.GAME
    assert GAME_ID in game_ids()
    assert registry.registered()[GAME_ID] == "toy_market:GAME"
    [ep] = [ep for ep in entry_points(group=registry.GROUP) if ep.name == GAME_ID]
    assert ep.value == "toy_market:GAME"
    assert ep.dist is not None and ep.dist.name == "toy_market"
    assert game.utility == "general_sum"
    assert (game.min_players, game.max_players) == (1, 3)


# -- solo games and scores ----------------------------------------------------------------------


def ended(game: Game, players: int, **fields: Any) -> Any:
    state = new(game, players, 0)
    for name, value in fields.items():
        setattr(state, name, value)
    state.over = True
    return state


def test_solo_is_won_or_lost_against_the_target(game: Game) -> None:
    """RULES.md, Solo: a merchant alone wins with at least the target cash."""
    target = read_toml("toy_market", "cards.toml")["solo"]["target"]
    lost = ended(game, 1, cash=[target - 1]).result()
    assert lost.target == target and not lost.won and lost.winners == ()
    assert game.returns(lost) == [-1.0]
    assert lost.to_json()["won"] is False
    won = ended(game, 1, cash=[target]).result()
    assert won.won and won.winners == (0,)
    assert game.returns(won) == [1.0]
    assert won.to_json()["target"] == target and won.to_json()["won"] is True


def test_ties_go_to_stock_value_then_to_orders_filled(game: Game) -> None:
    """RULES.md, End of the game: cash, then stock value, then orders filled, then shared."""
    # the starting prices: grain 2, wool 3, salt 4, spice 5; four goods per seat
    state = ended(
        game,
        3,
        cash=[20, 20, 20],
        stock=[1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0],  # stock values 2, 0, 2
        orders=[3, 1, 2],
    )
    result = state.result()
    assert result.scores == (20.0, 20.0, 20.0)
    assert result.tiebreaks == ((2.0, 0.0, 2.0), (3.0, 1.0, 2.0))
    assert result.ranks == (1, 3, 2) and result.winners == (0,)
    state.stock[8:12] = [0, 1, 0, 0]  # seat 2's stock value 3: stock value decides first
    assert state.result().ranks == (2, 3, 1)
    state.stock[8:12] = [1, 0, 0, 0]
    state.orders = [2, 1, 2]  # equal on every key: a shared win
    assert state.result().ranks == (1, 3, 1) and state.result().winners == (0, 2)
    assert game.returns(state.result()) == [0.5, -1.0, 0.5]


def test_the_seasons_option_is_checked_by_the_game(game: Game) -> None:
    for bad in (0, 4):
        with pytest.raises(OptionError, match="1 to 3 seasons"):
            new(game, 2, 0, {"seasons": bad})
    with pytest.raises(OptionError):
        new(game, 2, 0, {"seasons": "2"})
    with pytest.raises(OptionError):
        new(game, 4, 0)
    short = new(game, 1, 3, {"seasons": 1})
    rng = random.Random(3)
    while not short.is_over:
        short.apply(0, rng.choice(short.legal_actions(0)))
    assert short.ply == 2 + 3  # two draft rounds and three market turns


# -- several cards kept in secret, one simultaneous round at a time --------------------------------


def test_the_draft_keeps_one_card_a_round_and_passes_the_rest_left(game: Game) -> None:
    """RULES.md, Draft: packets of 3, two simultaneous rounds, the rest of each packet passed
    to the next seat, the last card set aside face down."""
    state = new(game, 3, 11)
    dealt = list(state.packets)
    assert [len(p) for p in dealt] == [3, 3, 3] and len(state.deck) == 36 - 9
    assert state.stack[-1] == Decision("draft", (0, 1, 2), 0)
    first = [p[0] for p in dealt]
    for seat in (2, 0, 1):  # in any order
        state.apply(seat, keep(first[seat]))
    assert state.stack[-1] == Decision("draft", (0, 1, 2), 1)
    for seat in range(3):
        rest = list(dealt[seat])
        rest.remove(first[seat])
        assert state.hands[seat] == (first[seat],)
        assert state.packets[(seat + 1) % 3] == tuple(rest)
        assert state.view(seat)["passed"] == [keep(c)[5:] for c in rest]
    second = [state.packets[s][-1] for s in range(3)]
    packets = list(state.packets)
    for seat in range(3):
        state.apply(seat, keep(second[seat]))
    aside = []
    for seat in range(3):
        assert state.hands[seat] == tuple(sorted((first[seat], second[seat])))
        rest = list(packets[seat])
        rest.remove(second[seat])
        aside += rest
    assert sorted(state.aside) == sorted(aside)
    assert state.packets == [(), (), ()] and "passed" not in state.view(0)
    assert state.stack[-1].kind in ("turn", "cut_in")


def test_a_merchant_alone_drafts_from_its_own_packet(game: Game) -> None:
    """RULES.md, Draft (solo) and RULINGS.md R4: a one-seat decision, same rules."""
    state = new(game, 1, 4)
    assert state.stack[-1] == Decision("draft", (0,), 0)
    assert not state.stack[-1].simultaneous
    card = state.packets[0][0]
    state.apply(0, keep(card))
    assert len(state.packets[0]) == 2 and state.stack[-1] == Decision("draft", (0,), 1)
    assert state.history_for(0) == [(0, keep(card))]
    assert state.history_for(None) == [(0, "kept a card")]
    state.apply(0, keep(state.packets[0][0]))
    assert len(state.hands[0]) == 2 and len(state.aside) == 1
    assert state.stack[-1] == Decision("turn", (0,), 0)


def test_kept_cards_are_named_to_their_keeper_alone(game: Game) -> None:
    """A keep reaches the other seats and spectators only as "kept a card": in histories, in
    events and in words."""
    for seed in range(12):
        players = 2 + seed % 2
        rng = random.Random(seed)
        state = new(game, players, seed)
        keeps = 0
        while not state.is_over:
            seat = state.to_move()[0]
            chosen = rng.choice(state.legal_actions(seat))
            keeps += chosen.kind == "keep"
            events = state.apply(seat, chosen)
            for other in [None, *range(players)]:
                for e in GameState.events_for(events, other):
                    if e["type"] in ("kept", "dealt"):
                        assert e["seat"] == other, e
                    elif e["type"] != "fill":
                        assert "card" not in e and "cards" not in e, e
        for other in [None, *range(players)]:
            history = state.history_for(other)
            secret = [(s, t) for s, t in history if s != other and t == "kept a card"]
            assert not [t for s, t in history if s != other and t.startswith("keep")]
            own = sum(1 for s, t in history if s == other and t.startswith("keep"))
            assert len(secret) + own == keeps


# -- determinize: hidden cards from the seat's view, rivals' keeps from the game's prior ----------


def test_a_rivals_pending_keep_is_drawn_from_the_games_prior(game: Game) -> None:
    """A world sampled for seat 0 holds seat 1's true pending keep only by chance, and draws
    it from the game's `submission_prior` (the most rewarding order 3 times in 4), not
    uniformly."""
    state = new(game, 2, 21)
    packet = state.packets[1]
    least = min(packet, key=reward)
    state.apply(1, keep(least))  # seat 1 keeps its least rewarding order; seat 0 still owes
    true = state.submissions[1]
    worlds = [state.determinize(0, random.Random(i)) for i in range(400)]
    same = best = 0
    uniform = 0.0
    for w in worlds:
        assert w.view(0) == state.view(0)
        pick = w.submissions[1]
        assert pick.notation in [keep(c) for c in w.packets[1]]
        same += pick is true
        kinds = sorted(set(w.packets[1]))
        best += pick.notation == keep(max(kinds, key=reward))
        uniform += 1 / len(kinds)
    assert sum(w.packets[1] != packet for w in worlds) > 0.9 * len(worlds)
    assert same < 0.1 * len(worlds), same
    assert best > 0.7 * len(worlds) and best > uniform + 0.25 * len(worlds), (best, uniform)
    assert state.submissions[1] is true and state.packets[1] == packet  # the state untouched


def test_a_world_keeps_the_packet_the_seat_passed(game: Game) -> None:
    """Between draft rounds a seat knows its left neighbour's packet (it passed it): a world
    keeps that packet and redraws only the packets it has not seen."""
    state = new(game, 3, 8)
    for seat in range(3):
        state.apply(seat, keep(state.packets[seat][0]))
    passed = state.passed[0]
    assert state.packets[1] == passed
    state.apply(1, keep(passed[-1]))
    thirds = set()
    for i in range(60):
        w = state.determinize(0, random.Random(i))
        assert w.packets[1] == passed
        assert w.submissions[1].notation in [keep(c) for c in passed]
        assert w.passed == (w.packets[1], w.packets[2], w.packets[0])
        thirds.add(w.packets[2])
    assert len(thirds) > 10  # the packet seat 0 has not seen is redrawn


def test_a_world_redraws_every_unseen_card_and_keeps_every_count(game: Game) -> None:
    for seed in range(30):
        state = random_play(game, 1 + seed % 3, seed, upto=seed % 40)
        if state.is_over:
            continue
        seat = seed % state.players
        before = snapshot(state)
        decks = set()
        for i in range(8):
            w = state.determinize(seat, random.Random(i))
            assert w.view(seat) == state.view(seat)
            assert w.hands[seat] == state.hands[seat] and w.packets[seat] == state.packets[seat]
            cards = w.deck + w.aside + w.filled + [c for h in (*w.hands, *w.packets) for c in h]
            assert Counter(cards) == Counter(k for k in range(12) for _ in range(3))
            assert w.seed == 0 and w.history() == []
            decks.add(tuple(w.deck))
        assert len(decks) > 1
        assert snapshot(state) == before


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(1, 3),
    plies=st.integers(0, 70),
    bot=st.integers(0, 2**32),
)
def test_the_same_view_gives_the_same_worlds_and_decisions(
    game: Game, seed: int, players: int, plies: int, bot: int
) -> None:
    """Two true states that give a seat the same view give it identical worlds for the same
    generator, and so the same heuristic decision (`heuristic_policy`, strict)."""
    state = random_play(game, players, seed, upto=plies)
    if state.is_over:
        return
    policy = heuristic_policy(game)
    Fallbacks.strict = True
    try:
        for seat in range(players):
            other = same_view_variant(state, seat, random.Random(seed ^ bot))
            assert other.view(seat) == state.view(seat)
            assert other.deck != state.deck and other.seed != state.seed
            for k in (bot, bot + 1):
                a = snapshot(state.determinize(seat, random.Random(k)))
                assert a == snapshot(other.determinize(seat, random.Random(k)))
                a = snapshot(SeatInfo(state, seat).determinize(random.Random(k)))
                assert a == snapshot(SeatInfo(other, seat).determinize(random.Random(k)))
            if seat in state.to_move():
                mine = policy(SeatInfo(state, seat), random.Random(bot))
                assert mine is policy(SeatInfo(other, seat), random.Random(bot))
    finally:
        Fallbacks.strict = False


# -- an interrupt asked only when it could matter -----------------------------------------------------


def test_the_broker_is_asked_only_when_cutting_in_could_matter(game: Game) -> None:
    """RULES.md, Broker; RULINGS.md R1: before another merchant's turn the holder is asked only
    if it can pay for a unit of a good it has room for; otherwise the turn starts at once."""
    cases = [(0, None, False), (1, None, False), (2, None, True), (100, 5, False), (100, 4, True)]
    for cash, stock, asked in cases:
        state = finish_draft(new(game, 2, 5), broker_cash=cash, broker_stock=stock)
        assert state.broker == 1 and state.first == 0
        if asked:
            assert state.stack[-1] == Decision("cut_in", (1,), 0)
            assert state.stack[-2] == Decision("turn", (0,), 0)
            offered = {a.notation for a in state.legal_actions(1)}
            assert "wait" in offered and len(offered) > 1
            if cash == 2:  # only grain (2) is within its cash
                assert offered == {"cut in grain", "wait"}
        else:
            assert state.stack == [Decision("turn", (0,), 0)]
            assert state.to_move() == (0,)


def test_cutting_in_buys_one_unit_and_hands_over_the_token(game: Game) -> None:
    state = finish_draft(new(game, 2, 5))
    cash = state.cash[1]
    events = state.apply(1, "cut in salt")
    assert events == [{"type": "cut_in", "seat": 1, "before": 0, "good": "salt", "price": 4}]
    assert state.cash[1] == cash - 4 and state.held(1, 2) == 1 and state.prices[2] == 5
    assert state.broker == 0 and state.stack == [Decision("turn", (0,), 0)]
    state.apply(0, "pass")  # seat 0 now holds the token: asked before seat 1's turn...
    assert state.stack[-1] == Decision("cut_in", (0,), 1)
    assert state.apply(0, "wait") == [{"type": "wait", "seat": 0, "before": 1}]
    assert state.broker == 0 and state.stack == [Decision("turn", (1,), 1)]
    state.apply(1, "pass")  # ...never before its own (RULINGS.md R2)
    assert state.stack == [Decision("turn", (0,), 2)]


def test_no_broker_decision_ever_offers_only_wait(game: Game) -> None:
    asked = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = new(game, 1 + seed % 3, seed)
        while not state.is_over:
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            if state.stack[-1].kind == "cut_in":
                asked += 1
                assert any(a.kind == "cut_in" for a in legal)
                assert state.stack[-2].seats != (seat,)
            state.apply(seat, rng.choice(legal))
    assert asked > 50


# -- composite actions in a catalogue of a few thousand ------------------------------------------------


def test_every_trade_is_in_the_catalogue_with_notation_a_person_types(game: Game) -> None:
    from toy_market.actions import TRADES, trade_code, trade_counts, trade_words

    catalogue = game.catalogue
    trades = [a for a in catalogue if a.kind == "trade"]
    assert len(trades) == 7**4 - 1 and len(catalogue) == 2430
    for a in catalogue:
        assert catalogue.from_text(a.notation) is a
        assert game.action_from_json(json.loads(json.dumps(a.to_json()))) is a
    for a in trades:
        counts = trade_counts(a)
        assert TRADES[trade_code(counts)] is a
        notation, aliases = trade_words(counts)
        assert notation == a.notation
        assert all(catalogue.from_text(text) is a for text in aliases)
    typed = {
        "buy 2 grain": {"grain": 2},
        "sell 3 wool": {"wool": -3},
        "Buy 2 Grain 1 Wool  Sell 3 SALT": {"grain": 2, "wool": 1, "salt": -3},
        "buy 2 grain and 1 wool and sell 3 salt": {"grain": 2, "wool": 1, "salt": -3},
        "sell 3 salt buy 2 grain 1 wool": {"grain": 2, "wool": 1, "salt": -3},
        "buy 1 grain 1 wool 1 salt 1 spice": {"grain": 1, "wool": 1, "salt": 1, "spice": 1},
    }
    for text, params in typed.items():
        assert catalogue.from_text(text).to_json() == {"kind": "trade", **params}
    for text in ("buy 4 grain", "buy 0 grain", "buy 2 gold", "buy grain"):
        with pytest.raises(NotationError):
            catalogue.from_text(text)


def test_a_trade_settles_at_the_prices_before_it(game: Game) -> None:
    """RULES.md, Market; RULINGS.md R3: the whole trade at the old prices, then each price
    moves once, within 1 to 8."""
    state = finish_draft(new(game, 1, 2))
    state.stock[0:4] = [0, 0, 2, 0]
    events = state.apply(0, "buy 2 grain 1 wool sell 2 salt")
    assert events[0] == {
        "type": "trade",
        "seat": 0,
        "goods": {"grain": 2, "wool": 1, "salt": -2},
        "cost": 2 * 2 + 3 - 2 * 4,
    }
    assert state.cash[0] == 13 and state.stock[0:4] == [2, 1, 0, 0]
    assert state.prices == [3, 4, 3, 5]
    state.prices = [1, 8, 3, 5]
    state.apply(0, "buy 1 wool sell 1 grain")
    assert state.prices == [1, 8, 3, 5]


def test_refusals_give_the_rule_and_change_nothing(game: Game) -> None:
    """Rulebook examples of refusals, each with its reason and RULES.md section."""
    from toy_market.cards import ORDER_IDS, ORDERS

    state = finish_draft(new(game, 1, 2))  # cash 12, no goods, two orders in hand
    state.stock[0:4] = [4, 0, 0, 0]
    held = state.hands[0][0]
    absent = next(k for k in range(12) if k not in state.hands[0])
    order = ORDERS[held]
    short = ["grain", "wool", "salt", "spice"][order.good]
    cases = [
        ("sell 1 wool", "you hold 0 wool and cannot sell 1", "RULES.md, Market"),
        (
            "buy 2 grain",
            "you hold 4 grain, at most 5 are allowed: you cannot buy 2",
            "RULES.md, Market",
        ),
        ("buy 3 spice", "this trade costs 15 and you have 12", "RULES.md, Market"),
        ("buy 3 spice sell 1 grain", "this trade costs 13 and you have 12", "RULES.md, Market"),
        (f"fill {ORDER_IDS[absent]}", f"you hold no order {ORDER_IDS[absent]}", "RULES.md, Orders"),
        (
            "keep grain-1",
            "'keep grain-1' is not possible now: on your market turn, trade ('buy 2 grain "
            "sell 1 wool'), fill an order or pass",
            "RULES.md, Market",
        ),
    ]
    if order.good != 0:  # with 4 grain an order of grain could be filled
        cases.append(
            (
                f"fill {ORDER_IDS[held]}",
                f"order {ORDER_IDS[held]} needs {order.units} {short} and you hold "
                f"{state.stock[order.good]}",
                "RULES.md, Orders",
            )
        )
    for text, reason, rule in cases:
        before = snapshot(state)
        with pytest.raises(IllegalAction) as refused:
            state.apply(0, text)
        assert (refused.value.reason, refused.value.rule) == (reason, rule), text
        assert snapshot(state) == before
    draft = new(game, 2, 5)
    absent = next(k for k in range(12) if k not in draft.packets[0])
    with pytest.raises(IllegalAction) as refused:
        draft.apply(0, keep(absent))
    assert refused.value.reason == f"your packet holds no {ORDER_IDS[absent]}"
    assert refused.value.rule == "RULES.md, Draft"
    broker = finish_draft(new(game, 2, 5), broker_cash=4)
    with pytest.raises(IllegalAction) as refused:
        broker.apply(1, "cut in spice")
    assert (refused.value.reason, refused.value.rule) == (
        "spice costs 5 and you have 4",
        "RULES.md, Broker",
    )


def test_a_mask_over_the_catalogue_marks_exactly_the_legal_actions(game: Game) -> None:
    """What the adapters build from `legal_actions`: a numpy mask over the whole catalogue
    (correctness only; benchmarks/toy_market_catalogue.py measures the speed)."""
    size = len(game.catalogue)
    for state in random_positions(game, 300):
        for seat in state.to_move():
            legal = state.legal_actions(seat)
            mask = np.zeros(size, np.int8)
            mask[[a.index for a in legal]] = 1
            assert int(mask.sum()) == len(legal)
            assert [game.catalogue[int(i)] for i in np.flatnonzero(mask)] == legal  # in order


# -- one source of legality ---------------------------------------------------------------------------


def test_every_refusal_cites_the_rules_and_every_legal_action_is_accepted(game: Game) -> None:
    """Over 1,000 random positions, every catalogue action that is not legal is refused with a
    reason and a section of RULES.md (never the core's generic words), and every legal one is
    accepted. The reasons come from the legal-action generators themselves (`why.no`).

    For speed the refusals are asked of `_why_illegal`, which is what `check` (and so
    `apply`) calls after it has found the action missing from the legal list; a few per
    position go through `check` itself and must give the same words."""
    rng = random.Random(0)
    positions = random_positions(game, 1000)[:1000]
    catalogue = list(game.catalogue)
    refused: Counter[str] = Counter()
    kinds: set[str] = set()
    accepted = 0
    for state in positions:
        top = state.stack[-1]
        before = snapshot(state)
        for seat in state.to_move():
            legal = state.legal_actions(seat)
            allowed = set(legal)
            illegal = []
            for a in catalogue:
                if a in allowed:
                    continue
                reason, rule = state._why_illegal(seat, a, top)
                assert reason and rule, a
                assert rule.startswith("RULES.md, ") and rule[10:] in SECTIONS, (a, rule)
                refused[rule] += 1
                kinds.add(a.kind)
                illegal.append(a)
            for a in rng.sample(illegal, 3):
                with pytest.raises(IllegalAction) as e:
                    state.check(seat, a)
                assert (e.value.reason, e.value.rule) == state._why_illegal(seat, a, top)
            for a in legal:
                state.check(seat, a)
            accepted += len(legal)
            for a in rng.sample(legal, min(3, len(legal))):
                state.clone().apply(seat, a)
        assert snapshot(state) == before  # asking changed nothing
    assert len(positions) == 1000
    assert kinds == {a.kind for a in catalogue}
    assert set(refused) == {f"RULES.md, {s}" for s in ("Draft", "Market", "Orders", "Broker")}
    assert sum(refused.values()) > 2_000_000 and accepted > 40_000


# -- the other hooks ----------------------------------------------------------------------------------


def test_every_event_has_words_and_every_view_renders(game: Game) -> None:
    kinds: Counter[str] = Counter()
    for seed in range(6):
        players = 1 + seed % 3
        rng = random.Random(seed)
        state = new(game, players, seed)
        while not state.is_over:
            seat = state.to_move()[0]
            for e in state.apply(seat, rng.choice(state.legal_actions(seat))):
                kinds[e["type"]] += 1
                plain = {k: v for k, v in e.items() if k != "visible_to"}
                words = game.describe_event(plain, state.seat_label)
                assert words and "{" not in words and "_" not in words, words
            for s in [None, *range(players)] if state.ply % 9 == 0 else ():
                text = game.render_text(state.view(s), s)
                assert "Season" in text and ("your orders" in text) == (s is not None)
    expected = {"submitted", "draft_round", "kept", "trade", "fill", "pass", "cut_in", "wait"}
    assert expected | {"season", "dealt", "season_end", "game_over"} <= set(kinds)
    assert game.board_data() is None  # no drawing (docs/adding-a-game.md, section 9)


def test_the_rules_are_ours_and_every_cited_section_exists(game: Game) -> None:
    from toy_market import state as rules

    assert game.rules() == RULES_MD
    assert game.rules("broker").startswith("## Broker")
    cited = {rules.RULE_DRAFT, rules.RULE_MARKET, rules.RULE_ORDERS, rules.RULE_BROKER}
    cited |= {str(p.rule) for p in rules.MarketState.phases.values()}
    assert {c[len("RULES.md, ") :] for c in cited} <= SECTIONS


def test_the_components_carry_a_status_and_match_the_rules(game: Game) -> None:
    from toy_market.cards import ORDERS, SOLO_TARGET

    data = read_toml("toy_market", "cards.toml")
    assert all(g["status"] in ("confirmed", "reconstructed") for g in data["good"])
    assert data["solo"]["status"] == "reconstructed" and data["solo"]["reason"]
    assert sum(o.copies for o in ORDERS) == 36 and len(ORDERS) == 12  # RULES.md, Set-up
    assert data["solo"]["target"] == SOLO_TARGET


def play_with(game: Game, policy: Policy, players: int, seed: int) -> Any:
    rng = random.Random(seed)
    state = new(game, players, seed)
    while not state.is_over:
        for seat in state.to_move():
            state.apply(seat, policy(SeatInfo(state, seat), rng))
    return state


def test_the_heuristic_plays_legal_moves_and_beats_chance(game: Game, strict: None) -> None:
    policy = heuristic_policy(game)
    solo = [play_with(game, policy, 1, s).result().won for s in range(40)]
    chance = [play_with(game, random_policy, 1, s).result().won for s in range(40)]
    assert sum(solo) > sum(chance) + 10, (sum(solo), sum(chance))
    for players in (2, 3):
        for seed in range(5):
            end = play_with(game, policy, players, seed)
            assert end.is_over
            assert game.evaluate(end) == list(end.result().scores)
    mid = random_play(game, 3, 1, upto=20)
    estimate = game.evaluate(mid)
    assert estimate is not None and len(estimate) == 3
    assert all(e >= c for e, c in zip(estimate, mid.cash, strict=True))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**40), players=st.integers(1, 3), cut=st.integers(0, 60))
def test_random_play_keeps_every_invariant_and_replays(
    game: Game, seed: int, players: int, cut: int
) -> None:
    """Cash never below 0, stock within 0-5, prices within 1-8, all 36 cards accounted for;
    a clone is independent of its original; the record replays to the same game."""
    rng = random.Random(seed)
    state = new(game, players, seed)
    all_cards = Counter(k for k in range(12) for _ in range(3))
    frozen = frozen_view = None
    while not state.is_over:
        if state.ply == cut:
            frozen = state.clone()
            frozen_view = snapshot(frozen)
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert min(state.cash) >= 0
        assert all(0 <= n <= 5 for n in state.stock)
        assert all(1 <= p <= 8 for p in state.prices)
        hands = [c for h in (*state.hands, *state.packets) for c in h]
        assert Counter(state.deck + state.aside + state.filled + hands) == all_cards
    if frozen is not None:
        assert snapshot(frozen) == frozen_view
    record = json.loads(json.dumps(state.record(["random"] * players)))
    again = replay(record)
    assert again.result() == state.result()
    assert [again.view(s) for s in range(players)] == [state.view(s) for s in range(players)]


def _table_text(state: Any) -> str:
    import io

    from rich.console import Console

    from arsenale.terminal import result_table

    buf = io.StringIO()
    Console(file=buf, width=120, color_system=None).print(result_table(state))
    return buf.getvalue()


def test_the_terminal_result_shows_every_tie_break_key_and_the_solo_target(game: Game) -> None:
    """The result table of `arsenale play`: one column per tie-break key, in the rules' order;
    a merchant alone is told whether the target was reached."""
    text = _table_text(ended(game, 3, cash=[20, 20, 20], stock=[1] + [0] * 11, orders=[3, 1, 2]))
    assert "tie-break 1" in text and "tie-break 2" in text and "rank" in text
    target = read_toml("toy_market", "cards.toml")["solo"]["target"]
    assert f"target {target} missed" in _table_text(ended(game, 1, cash=[target - 1]))
    assert f"target {target} reached" in _table_text(ended(game, 1, cash=[target]))
