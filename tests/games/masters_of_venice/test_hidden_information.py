"""Hidden information in Masters of Venice: Guild Orders in hand, face-down rumors, the unseen
part of the favor stack and the Guild deck, secret bids and destinations until revealed. No
seat's view, events or history shows another seat's secret; twin states differing only in
hidden parts give the same view and identical worlds (`determinize` reads the view only)."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from arsenale.core.state import GameState
from arsenale.games.masters_of_venice.board import GUILDMASTER, ORDER_IDS
from arsenale.games.masters_of_venice.state import MovState

from .helpers import act, new, random_play, snapshot, use_at

PRIVATE_EVENTS = {"drawn", "drawn_two", "kept_order", "rumor_seen"}


def world_snapshot(w: MovState) -> str:
    return snapshot(w)


@settings(max_examples=10, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000))
def test_views_events_and_histories_keep_every_secret(players: int, seed: int) -> None:
    """Private events (orders drawn, the Guild Master's cards, rumors taken) reach their owner
    only; public events never name a card in another seat's hand; a view shows only its own
    hand and rumors; secret bids and destinations show to others as a secret choice until the
    decision resolves."""
    rng = random.Random(seed)
    s = new(players, seed)
    while not s.is_over:
        movers = s.to_move()
        seat = movers[rng.randrange(len(movers))]
        legal = s.legal_actions(seat)
        action = legal[rng.randrange(len(legal))]
        simultaneous = len(s.stack[-1].seats) > 1
        resolves = len(movers) == 1
        events = s.apply(seat, action)
        for e in events:
            if e["type"] in PRIVATE_EVENTS:
                assert e.get("visible_to") == [e["seat"]]
        for other in range(players):
            mine = GameState.events_for(events, other)
            hidden = {ORDER_IDS[k] for x in range(players) if x != other for k in s.hands[x]}
            for e in mine:
                if e["type"] in PRIVATE_EVENTS:
                    assert e["seat"] == other
                elif e["type"] not in ("deliver",):
                    assert not any(card in json.dumps(e) for card in hidden)
            view = s.view(other)
            assert view["hand"] == [ORDER_IDS[k] for k in s.hands[other]]
            assert all("hand" not in m for m in view["merchants"])
            if other != seat and ((simultaneous and not resolves) or action.public):
                assert s.history_for(other)[-1][1] != action.notation


@settings(max_examples=10, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000))
def test_twin_states_give_the_same_view_and_the_same_worlds(players: int, seed: int) -> None:
    """A twin (the state with everything a seat cannot see redrawn) gives that seat the same
    view, and both give identical worlds for the same generator: `determinize` works from
    what the seat sees, never from a hidden true value."""
    rng = random.Random(seed)
    checked = 0
    for s, seat, _legal in random_play(players, seed):
        if rng.random() < 0.03 or (checked == 0 and s.ply > 20):
            twin = s.determinize(seat, random.Random(rng.random()))
            assert twin.view(seat) == s.view(seat)
            k = rng.random()
            a = s.determinize(seat, random.Random(k))
            b = twin.determinize(seat, random.Random(k))
            assert world_snapshot(a) == world_snapshot(b)
            checked += 1
    assert checked


def test_a_world_keeps_the_cards_the_guild_master_has_seen():
    """masters-of-venice.en.txt, Characters (GUILD MASTER): the cards he put at the bottom are
    known to him alone; his worlds keep them where they are, others' worlds redraw them."""
    s = new(3, 2)
    use_at(s, "guild", 0, chars=1 << GUILDMASTER)
    act(s, 0, "draw two")
    act(s, 0, "keep first")
    bottom = s.deck[0]
    assert s.dknown[0] == 0
    assert s.view(0)["deck_known"] == [[0, ORDER_IDS[bottom]]]
    assert s.view(1)["deck_known"] == []
    for k in range(20):
        assert s.determinize(0, random.Random(k)).deck[0] == bottom
    assert {s.determinize(1, random.Random(k)).deck[0] for k in range(40)} != {bottom}


def test_rumors_taken_are_known_to_their_holder_only():
    """masters-of-venice.en.txt, Setup 6 and Characters (GONDOLIERI): rumors lie face down; the
    Gondolieri takes them without showing them; the three in the box are never seen."""
    s = new(4, 3)
    for seat in range(4):
        act(s, seat, f"bid {5 * seat}")
    while s.stack[-1].kind in ("character", "orders"):
        (seat,) = s.stack[-1].seats
        act(s, seat, s.legal_actions(seat)[0].notation)
    g = s.gondolieri
    assert len(s.rumors[g]) == 1
    for other in range(4):
        view = s.view(other)
        assert view["merchants"][g]["rumor_count"] == 1
        if other != g:
            assert view["my_rumors"] == []
    worlds = {s.determinize((g + 1) % 4, random.Random(k)).rumors[g] for k in range(40)}
    assert len(worlds) > 1
    assert {s.determinize(g, random.Random(k)).rumors[g] for k in range(10)} == {s.rumors[g]}


def test_hidden_money_hides_other_seats_ducats_until_the_end():
    """masters-of-venice.en.txt, Setup 3 (note): everything but shares and cubes may be kept
    hidden; with the option hidden_money a seat sees its own ducats only, a world draws the
    others' from what it sees, and twin states still give identical worlds (RULINGS.md A28)."""
    from .helpers import GAME

    s = GAME.new_game(3, seed=4, options={"hidden_money": True})
    rng = random.Random(4)
    while not s.is_over:
        movers = s.to_move()
        seat = movers[rng.randrange(len(movers))]
        view = s.view(seat)
        assert [("cash" in m) for m in view["merchants"]] == [x == seat for x in range(3)]
        if s.ply % 29 == 0:
            twin = s.determinize(seat, random.Random(s.ply))
            assert twin.view(seat) == view
            a = s.determinize(seat, random.Random(7))
            b = twin.determinize(seat, random.Random(7))
            assert snapshot(a) == snapshot(b)
        legal = s.legal_actions(seat)
        s.apply(seat, legal[rng.randrange(len(legal))])
    assert all("cash" in m for m in s.view(0)["merchants"])
