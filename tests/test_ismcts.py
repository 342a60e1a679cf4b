"""The ISMCTS bot on the toy game and on a real one: budgets, rewards, legality, determinism,
simultaneous decisions, and that it wins against random play."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

import arsenale
from arsenale.bots.base import heuristic_policy
from arsenale.bots.ismcts import (
    ISMCTS,
    margin_rewards,
    own_rewards,
    parse_budget,
    rank_rewards,
    solo_reward,
)
from arsenale.bots.registry import make_bot
from arsenale.bots.tuning import tuning
from arsenale.core import Decision, Result
from arsenale.core.actions import Action
from arsenale.core.errors import ArsenaleError
from arsenale.core.info import SeatInfo
from arsenale.core.state import GameState
from arsenale.sim.runner import simulate
from toygame import ROLL, STOP, ToyRace, ToyRaceState


def test_budget_parsing():
    assert parse_budget("1s") == (1.0, None)
    assert parse_budget("500ms") == (0.5, None)
    assert parse_budget("5000it") == (None, 5000)
    for bad in ("fast", "0s", "-1it", "10x"):
        with pytest.raises(ArsenaleError):
            parse_budget(bad)


@pytest.mark.parametrize(
    "bad", ["nans", "infs", "-infs", "nanms", "-1s", "-0.0s", "0ms", "3601s", "1e9s", "0it",
            "10000001it", "1e3it", "9" * 5000 + "it"],
)  # fmt: skip
def test_a_budget_must_be_finite_positive_and_in_range(bad: str) -> None:
    """`ismcts:nans` made a served game whose bot failed on every move: a budget must be a
    finite number of seconds above 0 and at most an hour, or 1 to 10 million iterations."""
    with pytest.raises(ArsenaleError, match="bad search budget") as refused:
        parse_budget(bad)
    assert "at most 3600" in str(refused.value) and len(str(refused.value)) < 200


def test_the_largest_budgets_are_accepted() -> None:
    assert parse_budget("3600s") == (3600.0, None)
    assert parse_budget("10000000it") == (None, 10_000_000)


def test_rank_rewards_share_ties():
    assert rank_rewards([10, 5, 1]) == [1.0, 0.5, 0.0]
    assert rank_rewards([3, 3, 0]) == [0.75, 0.75, 0.0]
    assert rank_rewards([2, 2]) == [0.5, 0.5]


def test_same_seed_same_choice_with_an_iteration_budget():
    game = arsenale.load_game("serenissima-2012")
    state = game.new_game(2, seed=3)
    seat = state.to_move()[0]
    bot = ISMCTS(game, seconds=None, iterations=60)
    first = bot(SeatInfo(state, seat), random.Random(9))
    second = bot(SeatInfo(state, seat), random.Random(9))
    assert first is second and first in state.legal_actions(seat)
    assert bot.last_stats["iterations"] == 60


def test_search_statistics_cover_every_root_action():
    game = arsenale.load_game("toy-race")
    state = game.new_game(2, seed=1)
    seat = state.to_move()[0]
    bot = ISMCTS(game, seconds=None, iterations=200)
    action, table = bot.search(SeatInfo(state, seat), random.Random(1))
    assert {row[0] for row in table} == set(state.legal_actions(seat))
    assert sum(row[1] for row in table) == 200
    assert table[0][0] is action and table[0][1] == max(row[1] for row in table)


def test_simultaneous_secret_decisions_are_searched_blind():
    """A search from a seat that owes a secret bid never needs the others' bids; a search for a
    seat after others submitted uses determinized (resampled) submissions and still answers."""
    game = arsenale.load_game("serenissima-1996")
    state = game.new_game(3, seed=2)
    assert len(state.to_move()) == 3  # secret deployment
    bot = ISMCTS(game, seconds=None, iterations=30)
    rng = random.Random(4)
    for seat in list(state.to_move()):
        action = bot(SeatInfo(state, seat), rng)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)
    assert state.stack[-1].kind == "bid"


def test_registry_specs():
    game = arsenale.load_game("serenissima-2012")
    assert make_bot("ismcts:50it", game, 1).name == "ismcts:50it"
    assert make_bot("ismcts+heuristic:50it", game, 1).name == "ismcts+heuristic:50it"
    with pytest.raises(ArsenaleError):
        make_bot("ismcts:soon", game, 1)


def test_ismcts_beats_random_on_the_toy_game():
    out = simulate("toy-race", 2, ["ismcts:150it", "random"], games=12, seed=5)
    assert out["errors"] == 0
    assert out["wins"][0] >= 8, out["wins"]


def test_margin_rewards_reward_a_lead_whatever_the_units():
    assert margin_rewards([5, 5]) == [0.5, 0.5]
    lead = margin_rewards([30, 20, 10])
    assert lead[0] > 0.5 > lead[1] > lead[2]
    assert margin_rewards([300, 200, 100]) == pytest.approx(lead)


def test_with_few_iterations_the_prior_policys_move_is_played():
    """PUCT puts most of its prior on the heuristic's choice, so a short search keeps it."""
    game = arsenale.load_game("serenissima-2012")
    state = game.new_game(2, seed=3)
    seat = state.to_move()[0]
    assert len(state.legal_actions(seat)) > 1
    heuristic = heuristic_policy(game)(SeatInfo(state, seat), random.Random(0))
    bot = ISMCTS(game, seconds=None, iterations=3, prior=heuristic_policy(game), bias=0.5, puct=1)
    action, table = bot.search(SeatInfo(state, seat), random.Random(5))
    assert action is heuristic and table[0][1] == 3


def test_progressive_bias_expands_the_prior_choice_first():
    game = arsenale.load_game("serenissima-2012")
    state = game.new_game(2, seed=3)
    seat = state.to_move()[0]
    heuristic = heuristic_policy(game)(SeatInfo(state, seat), random.Random(0))
    bot = ISMCTS(game, seconds=None, iterations=1, prior=heuristic_policy(game), bias=1.0)
    _, table = bot.search(SeatInfo(state, seat), random.Random(5))
    assert [row[0] for row in table if row[1]] == [heuristic]


def test_the_prior_is_asked_below_the_root_only_at_visited_nodes():
    """The prior policy is dear: below the root it is consulted once per node and seat, and
    only from the `prior_visits`-th visit of a node on."""
    game = arsenale.load_game("toy-race")
    state = game.new_game(2, seed=1)
    seat = state.to_move()[0]
    calls: list[int] = []
    heuristic = heuristic_policy(game)

    def counting(info: SeatInfo, rng: random.Random) -> Action:
        calls.append(info.seat)
        return heuristic(info, rng)

    def run(prior_visits: int) -> int:
        calls.clear()
        bot = ISMCTS(
            game,
            seconds=None,
            iterations=100,
            prior=counting,
            bias=0.5,
            puct=1,
            prior_visits=prior_visits,
        )
        bot.search(SeatInfo(state, seat), random.Random(2))
        return len(calls)

    assert run(10**9) == 1  # the root only
    assert 1 < run(8) < run(1) <= 100 * 2


def test_default_bot_is_reproducible_for_a_seed_with_an_iteration_budget():
    game = arsenale.load_game("serenissima-1996")
    state = game.new_game(4, seed=6)
    for _ in range(12):  # past the secret deployment, into bidding and trading
        for seat in state.to_move():
            state.apply(seat, state.legal_actions(seat)[0])
    seat = state.to_move()[0]
    choices = {make_bot("ismcts:40it", game, 11).choose(SeatInfo(state, seat)) for _ in range(2)}
    assert len(choices) == 1 and choices <= set(state.legal_actions(seat))


def _stats_seats(node: object) -> set[int]:
    """Every seat with statistics anywhere in the tree below `node`."""
    from arsenale.bots.ismcts import _SEAT, Node

    assert isinstance(node, Node)
    seats = {key // _SEAT for key in node.stats}
    for child in node.children.values():
        seats |= _stats_seats(child)
    return seats


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rivals_follow_the_prior_in_the_tree_with_three_or_more_players(players: int) -> None:
    """With `model_rivals` only the deciding seat's moves are searched once there are two
    rivals or more: the tree holds statistics for that seat alone, and the rivals' moves come
    from the prior. With one rival it is searched as before."""
    game = arsenale.load_game("toy-race")
    state = game.new_game(players, seed=1)
    seat = state.to_move()[0]
    roots = []

    class Keep(ISMCTS):
        def _iterate(self, root, state, rng, me):  # type: ignore[no-untyped-def]
            roots.append(root)
            super()._iterate(root, state, rng, me)

    bot = Keep(
        game,
        seconds=None,
        iterations=300,
        prior=heuristic_policy(game),
        bias=0.5,
        puct=1,
        model_rivals=True,
    )
    action, _ = bot.search(SeatInfo(state, seat), random.Random(3))
    assert action in state.legal_actions(seat)
    seats = _stats_seats(roots[0])
    if players == 2:
        assert seats == {0, 1}
    else:
        assert seats == {seat}


def test_early_stop_keeps_the_choice_of_the_full_budget():
    """With `early_stop` the search ends once the most visited root action can no longer be
    overtaken in visits by the iterations left; with an iteration budget it chooses exactly
    what the whole budget would have chosen, in fewer iterations."""
    game = arsenale.load_game("serenissima-2012")
    prior = heuristic_policy(game)
    stopped = 0
    for seed in range(6):
        state = game.new_game(4, seed=seed)
        rng = random.Random(seed)
        while len(state.legal_actions(state.to_move()[0])) < 2:
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        seat = state.to_move()[0]
        kwargs = dict(seconds=None, iterations=400, prior=prior, bias=0.5, puct=1.0)
        full = ISMCTS(game, **kwargs)
        early = ISMCTS(game, early_stop=True, **kwargs)
        chosen_full = full(SeatInfo(state, seat), random.Random(1))
        chosen_early = early(SeatInfo(state, seat), random.Random(1))
        assert chosen_early is chosen_full
        assert full.last_stats["iterations"] == 400
        assert early.last_stats["iterations"] <= 400
        if early.last_stats["stopped_early"]:
            stopped += 1
            assert early.last_stats["iterations"] < 400
    assert stopped >= 1, "a guided search should settle early in some position"


def test_the_ismcts_bot_stops_early_but_a_hint_uses_its_whole_budget():
    from arsenale.terminal import hint_lines

    game = arsenale.load_game("serenissima-2012")
    bot = make_bot("ismcts:300it", game, 1).policy
    assert isinstance(bot, ISMCTS) and bot.early_stop
    state = game.new_game(2, seed=3)
    seat = state.to_move()[0]
    lines = hint_lines(game, state, seat, "300it", seed=1)
    assert "of 300 visits)" in lines[0] or "only move" in lines[0]


def test_own_rewards_count_each_seats_gain_since_the_root():
    """A seat that gained is above 1/2, one that lost below, no change is 1/2 whatever the
    rivals did (so passing the turn to rivals who then gain is not punished)."""
    before = [10.0, 10.0, 10.0, 10.0]
    out = own_rewards([12.0, 10.0, 8.0, 30.0], before)
    assert out[0] > 0.5 and out[1] == 0.5 and out[2] < 0.5 and out[3] > out[0]
    assert all(0.0 < r < 1.0 for r in out)


def test_the_ismcts_bot_scores_own_gains_in_four_player_games():
    game = arsenale.load_game("serenissima-1996")
    bot = make_bot("ismcts:60it", game, 1).policy
    assert isinstance(bot, ISMCTS) and bot.own_reward and bot.model_rivals
    state = game.new_game(4, seed=5)
    rng = random.Random(2)
    for _ in range(40):  # a few decisions of the first round, each searched
        seat = state.to_move()[0]
        action = bot(SeatInfo(state, seat), rng)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)


@pytest.mark.parametrize("players", [2, 4])
def test_the_ismcts_bot_plays_out_a_round_by_the_heuristic_where_the_game_asks(
    players: int,
) -> None:
    """Serenissima 1996 sets `rival_playout`: with rivals modelled (three or more players) each
    play-out follows the heuristic for that many plies before `evaluate`; with two players each
    new leaf is still valued at once."""
    game = arsenale.load_game("serenissima-1996")
    assert tuning(game.id).rival_playout > 0
    advanced: list[int] = []

    class Measure(ISMCTS):
        def _playout(self, state, rng):  # type: ignore[no-untyped-def]
            before = state.ply
            out = super()._playout(state, rng)
            advanced.append(state.ply - before)
            return out

    bot = make_bot("ismcts:20it", game, 1).policy
    assert isinstance(bot, ISMCTS)
    bot.__class__ = Measure
    state = game.new_game(players, seed=4)
    rng = random.Random(4)
    while len(state.legal_actions(state.to_move()[0])) < 2:
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    seat = state.to_move()[0]
    action = bot(SeatInfo(state, seat), random.Random(1))
    assert action in state.legal_actions(seat)
    assert advanced
    if players == 2:
        assert set(advanced) == {0}
    else:
        assert max(advanced) >= tuning(game.id).rival_playout


class SoloState(ToyRaceState):
    """The toy race alone: won by reaching `target` spaces before stopping."""

    __slots__ = ()

    def _result(self) -> Result:
        return Result.from_keys((float(self.pos[0]),), target=float(self.options["target"]))


class SoloToy(ToyRace):
    """A one-player variant of the toy race whose heuristic always stops, the losing move:
    the search must overrule it on the rewards alone."""

    id = "toy-solo"
    min_players = 1
    max_players = 1
    options = (*ToyRace.options, ToyRace.options[0].__class__("target", 20, "spaces to win"))

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> GameState:
        state = SoloState()
        state._init_core(self, players, seed, options)
        state.pos, state.found, state.spent, state.rolls = [0], [0], [0], [0]
        state.stopped = [False]
        state.turns = 0
        state.faulty = False
        state.stack.append(Decision("turn", (0,)))
        return state

    def heuristic(
        self, world: GameState, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        return STOP if STOP in legal else legal[0]


def test_one_player_rewards_come_from_the_target() -> None:
    """A finished one-player play-out scores 1 if it reached the target, else 0 (the game's
    returns, +1 or -1, read into [0, 1]); ranks alone would give 1 to every play-out."""
    game = SoloToy()
    bot = ISMCTS(game, seconds=None, iterations=1)
    won = game.new_game(1, seed=0, options={"goal": 5, "target": 5})
    while not won.is_over:
        won.apply(0, ROLL)
    assert bot._playout(won, random.Random(0)) == ([1.0], [1.0])
    lost = game.new_game(1, seed=0, options={"target": 5})
    lost.apply(0, STOP)
    assert bot._playout(lost, random.Random(0)) == ([0.0], [0.0])


def test_in_a_one_player_game_the_bot_plays_for_the_target() -> None:
    """Stopping ends the game short of the target; rolling reaches it half the time at once
    (4 spaces to go) and often later. The `ismcts` bot overrules its prior, which always
    stops, and the plain search rolls too; stopping is valued at 0."""
    game = SoloToy()
    state = game.new_game(1, seed=3, options={"goal": 4, "target": 4})
    assert state.legal_actions(0) == [ROLL, STOP]
    guided = make_bot_for(game, "200it")
    action, table = guided.search(SeatInfo(state, 0), random.Random(1))
    assert action is ROLL, table
    plain = ISMCTS(game, seconds=None, iterations=200)
    action, table = plain.search(SeatInfo(state, 0), random.Random(1))
    rows = {row[0]: row for row in table}
    assert action is ROLL and rows[ROLL][2] > 0.5 and rows[STOP][2] == 0.0


def make_bot_for(game: SoloToy, budget: str) -> ISMCTS:
    from arsenale.bots.ismcts import ismcts_factory

    bot = ismcts_factory(game, budget)
    assert isinstance(bot, ISMCTS) and bot.prior is not None
    return bot


def test_solo_rewards_squash_a_score_around_the_reference() -> None:
    assert solo_reward(40.0, 40.0) == 0.5
    assert 0.5 < solo_reward(45.0, 40.0) < solo_reward(60.0, 40.0) < 1.0
    assert 0.0 < solo_reward(30.0, 40.0) < 0.5
    assert solo_reward(400.0, 400.0) == 0.5
    assert solo_reward(450.0, 400.0) == pytest.approx(solo_reward(45.0, 40.0))  # units
    assert 0.5 < solo_reward(1.0, 0.0) < 1.0  # at least one unit of scale


def test_one_player_estimates_are_rewarded_around_the_roots(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With `evaluate`, a one-player search rewards a leaf by its estimate against the root's,
    squashed (`solo_reward`): an estimate says nothing of the target."""
    game = SoloToy()
    monkeypatch.setattr(SoloToy, "evaluate", lambda self, state: [float(state.pos[0])])
    state = game.new_game(1, seed=3, options={"goal": 40, "target": 40})
    state.apply(0, ROLL)
    bot = ISMCTS(game, seconds=None, iterations=200, depth=0)
    action, table = bot.search(SeatInfo(state, 0), random.Random(2))
    assert bot._reference == float(state.pos[0])  # the root's estimate
    rows = {row[0]: row for row in table}
    assert action is ROLL and rows[ROLL][2] > rows[STOP][2] == 0.0
    world = state.clone()
    world.apply(0, ROLL)
    reward = solo_reward(float(world.pos[0]), float(state.pos[0]))
    assert reward > 0.5
    assert bot._playout(world, random.Random(0)) == ([reward], [reward])


def _toy_bid_at_the_line() -> ToyRaceState:
    """Three racers at a secret bid (Toy rules: Bids), red at 14 and the others at 19, red's
    turn next and then blue's. A bid of 3, won alone against the others' 1, carries red to the
    goal of 20 at once; a bid of 2 leaves red needing 2 or more on its roll; a bid of 1 (the
    heuristic's) or 0 wins nothing, and red then needs a 6 before blue reaches the line."""
    game = arsenale.load_game("toy-race")
    state = game.new_game(3, seed=4)
    assert isinstance(state, ToyRaceState)
    state.pos = [14, 19, 19]
    state.stack.append(Decision("bid", (0, 1, 2)))  # above red's turn
    state._legal = None
    return state


def test_halving_finds_the_move_that_beats_the_heuristic_in_the_same_worlds() -> None:
    state = _toy_bid_at_the_line()
    game = state.game
    info = SeatInfo(state, 0)
    assert heuristic_policy(game)(info, random.Random(0))["coins"] == 1
    bot = ISMCTS(game, seconds=None, iterations=40, prior=heuristic_policy(game), halving=True)
    action, table = bot.search(info, random.Random(3))
    assert action["coins"] == 3 and table[0][0] is action
    worlds = {row[0]["coins"]: row[1] for row in table}
    # phase 1: four candidates in 5 shared worlds each (40 // (4 x 2)); the better half is
    # bids 3 and 2, and the heuristic's bid 1 is kept beside them for the last phase: three
    # candidates in 6 more worlds each (40 // (3 x 2)); bid 0 is left after 5
    assert worlds == {3: 11, 2: 11, 1: 11, 0: 5}
    assert bot.last_stats["iterations"] == 38
    assert table[0][3] == 1.0  # red wins every play-out of the bid of 3
    rates = {row[0]["coins"]: row[3] for row in table}
    assert rates[2] >= rates[1]  # the same worlds: two steps ahead never loses where one wins


def test_halving_is_for_three_or_more_players_and_repeats_with_a_seed() -> None:
    state = _toy_bid_at_the_line()
    bot = ISMCTS(
        state.game, seconds=None, iterations=24, prior=heuristic_policy(state.game), halving=True
    )
    info = SeatInfo(state, 0)
    assert bot(info, random.Random(1)) is bot(info, random.Random(1))
    two = state.game.new_game(2, seed=4)
    bot.search(SeatInfo(two, 0), random.Random(1))
    assert bot.last_stats["iterations"] == 24 and "stopped_early" in bot.last_stats
    assert tuning("masters-of-venice").halving and not tuning("serenissima-2012").halving
