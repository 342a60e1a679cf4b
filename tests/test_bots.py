"""Bots: the spec registry, determinism, and that bots only ever see a SeatInfo."""

from __future__ import annotations

import random

import pytest

from arsenale.bots import Bot, bot_kinds, is_human, make_bot, parse_spec, random_policy
from arsenale.bots import registry as bot_registry
from arsenale.bots.base import heuristic_policy
from arsenale.core import ArsenaleError, SeatInfo
from arsenale.core.actions import Action
from arsenale.core.game import Game, Policy
from arsenale.sim import play_game
from toygame import ROLL


def test_known_kinds_and_human() -> None:
    assert {"random", "heuristic"} <= set(bot_kinds())
    assert is_human("human") and is_human(" Human ")
    assert not is_human("heuristic")


def test_random_bot_plays_legal_actions_reproducibly(toy_game: Game) -> None:
    state = toy_game.new_game(2, seed=3, options={"bid_every": 1})
    a, b = make_bot("random", toy_game, 42), make_bot("random", toy_game, 42)
    assert isinstance(a, Bot) and a.name == "random"
    choices = []
    for _ in range(30):
        if state.is_over:
            break
        seat = state.to_move()[0]
        info = SeatInfo(state, seat)
        action = a.choose(info)
        assert action in state.legal_actions(seat)
        assert b.choose(info) is action
        choices.append(action.notation)
        state.apply(seat, action)
    assert len(set(choices)) > 1


def test_heuristic_bot_is_the_games_policy(toy_game: Game) -> None:
    state = toy_game.new_game(2, seed=3)
    bot = make_bot("heuristic", toy_game, 0)
    assert bot.policy is heuristic_policy(toy_game)
    assert bot.choose(SeatInfo(state, 0)) is ROLL


@pytest.mark.parametrize("spec", ["alphago", "human", "minimax:1s", ""])
def test_unknown_spec_lists_known_kinds(toy_game: Game, spec: str) -> None:
    with pytest.raises(ArsenaleError) as err:
        make_bot(spec, toy_game, 0)
    message = str(err.value)
    assert "\n" not in message
    assert "heuristic" in message and "random" in message


def test_budget_is_refused_by_bots_without_one(toy_game: Game) -> None:
    with pytest.raises(ArsenaleError, match="takes no budget"):
        make_bot("random:1s", toy_game, 0)
    with pytest.raises(ArsenaleError, match="empty budget"):
        parse_spec("random:")


def test_new_kinds_with_budgets_can_be_registered(
    toy_game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    budgets: list[str | None] = []

    def factory(game: Game, budget: str | None) -> Policy:
        budgets.append(budget)
        return random_policy

    monkeypatch.setitem(bot_registry._KINDS, "search", factory)
    assert parse_spec("Search:1s") == ("search", "1s")
    bot = make_bot("search:250ms", toy_game, 1)
    assert budgets == ["250ms"]
    assert bot.name == "search:250ms"


def test_bots_receive_only_seat_info(toy_game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[object] = []

    def spy(game: Game, budget: str | None) -> Policy:
        def policy(info: SeatInfo, rng: random.Random) -> Action:
            seen.append(info)
            return random_policy(info, rng)

        return policy

    monkeypatch.setitem(bot_registry._KINDS, "spy", spy)
    outcome = play_game("toy-race", 2, ["spy", "spy"], seed=9, options={"bid_every": 2})
    assert outcome["error"] is None
    assert seen and all(type(info) is SeatInfo for info in seen)
    assert not any(hasattr(info, "state") for info in seen)
