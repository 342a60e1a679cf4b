"""Every game as an OpenSpiel game (OpenSpiel's own random simulation test), information states
and resampling, and OpenSpiel's MCTS and ISMCTS bots as seats."""

from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest

pyspiel = pytest.importorskip("pyspiel")

from arsenale.adapters import encoding  # noqa: E402
from arsenale.adapters import openspiel as aos  # noqa: E402
from arsenale.adapters.rewards import truncation_returns  # noqa: E402
from arsenale.bots import registry  # noqa: E402
from arsenale.bots.registry import make_bot  # noqa: E402
from arsenale.core.errors import ArsenaleError  # noqa: E402
from arsenale.core.info import SeatInfo  # noqa: E402
from arsenale.core.registry import load_game  # noqa: E402
from arsenale.core.result import rank_returns  # noqa: E402
from arsenale.core.state import GameState  # noqa: E402
from arsenale.sim.runner import simulate  # noqa: E402

from .helpers import EVERY_COUNT, GAMES, toy_at_bid  # noqa: E402


def test_every_game_is_registered_under_its_spiel_name() -> None:
    names = aos.register_all()
    assert {"arsenale_serenissima_2012", "arsenale_serenissima_1996", "arsenale_toy_race"} <= set(
        names
    )
    assert set(names) <= set(pyspiel.registered_names())
    game = pyspiel.load_game("arsenale_serenissima_2012")
    assert game.num_players() == 4
    assert game.num_distinct_actions() == len(load_game("serenissima-2012").catalogue)
    assert (game.min_utility(), game.max_utility(), game.max_chance_outcomes()) == (-1, 1, 0)
    t = game.get_type()
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert t.provides_information_state_tensor and t.provides_observation_tensor
    assert pyspiel.load_game("arsenale_serenissima_1996(players=2,open_money=true)").options == {
        "open_money": True,
        "nations": "historical",
    }


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(ValueError, match="5"):
        aos.load("serenissima-2012", players=5)
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'colour'"):
        aos.load("serenissima-2012", colour="red")
    with pytest.raises(ValueError, match="seed"):
        aos.load("toy-race", seed=-3)


@pytest.mark.parametrize(("game_id", "players"), EVERY_COUNT)
def test_openspiel_random_simulation(game_id: str, players: int) -> None:
    """OpenSpiel's random simulation checks on every game and player count."""
    game = aos.load(game_id, players=players, seed=players)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_played_game_ends_with_rank_returns(game_id: str) -> None:
    game = aos.load(game_id, players=3, seed=11)
    state = game.new_initial_state()
    rng = random.Random(2)
    while not state.is_terminal():
        player = state.current_player()
        assert player in state.world.to_move()
        legal = state.legal_actions()
        assert legal == sorted(a.index for a in state.world.legal_actions(player))
        state.apply_action(rng.choice(legal))
    assert state.returns() == rank_returns(state.world.result().ranks)
    assert sum(state.returns()) == pytest.approx(0.0)
    assert len(state.history()) == state.world.ply


def test_a_game_longer_than_max_game_length_is_cut() -> None:
    """A game that reaches max_game_length (here 60 plies, shorter than any full game) ends
    there, with the ranks of the game's own score estimate as returns."""
    game = aos.load("serenissima-2012", players=3, seed=4, max_game_length=60)
    assert game.max_game_length() == 60
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    world = state.world
    assert world.ply == 60 and not world.is_over
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.returns() == truncation_returns(world)
    estimate = world.game.evaluate(world)
    assert estimate is not None
    order = sorted(range(3), key=lambda seat: -estimate[seat])
    assert [state.returns()[seat] for seat in order] == sorted(state.returns(), reverse=True)
    assert sum(state.returns()) == pytest.approx(0.0)
    pyspiel.random_sim_test(
        aos.load("toy-race", players=2, seed=1, max_game_length=3),
        num_sims=3,
        serialize=False,
        verbose=False,
    )


def test_the_same_seed_gives_the_same_game_and_clones_are_independent() -> None:
    game = aos.load("serenissima-1996", players=3, seed=5)
    a, b = game.new_initial_state(), game.new_initial_state()
    for _ in range(40):
        action = a.legal_actions()[0]
        a.apply_action(action)
        b.apply_action(action)
    assert str(a) == str(b)
    assert a.information_state_string(1) == b.information_state_string(1)
    clone = a.clone()
    clone.apply_action(clone.legal_actions()[-1])
    assert str(a) == str(b) and a.world.ply == clone.world.ply - 1
    assert a.history() == clone.history()[:-1]


def _to_first_bid(state: pyspiel.State) -> None:
    roll = state.world.game.catalogue.from_text("roll").index
    while len(state.world.to_move()) < 2:
        state.apply_action(roll)


def test_simultaneous_bids_are_secret_in_information_states() -> None:
    """At a simultaneous bid the seats are asked in turn; a later seat's information state
    (string and tensor) does not depend on the earlier seat's bid."""
    catalogue = load_game("toy-race").catalogue
    states = {}
    for bid in ("bid 0", "bid 2"):
        state = aos.load("toy-race", players=3, seed=1).new_initial_state()
        _to_first_bid(state)
        assert state.current_player() == 0
        state.apply_action(catalogue.from_text(bid).index)
        assert state.current_player() == 1
        states[bid] = state
    a, b = states["bid 0"], states["bid 2"]
    for seat in (1, 2):
        assert a.information_state_string(seat) == b.information_state_string(seat)
        assert a.information_state_tensor(seat) == b.information_state_tensor(seat)
        assert a.observation_string(seat) == b.observation_string(seat)
    assert a.information_state_string(0) != b.information_state_string(0)
    assert "0:a secret choice (bid);" in a.information_state_string(1)


def test_observation_tensors_match_the_encoding_module() -> None:
    game = aos.load("serenissima-2012", players=2, seed=3)
    state = game.new_initial_state()
    for _ in range(10):
        state.apply_action(state.legal_actions()[0])
    world = state.world
    for seat in range(2):
        expected = encoding.encode(world, seat)
        assert state.observation_tensor(seat) == pytest.approx(expected.tolist())
        assert len(state.information_state_tensor(seat)) == encoding.information_state_size(
            world.game
        )
    assert game.observation_tensor_size() == encoding.observation_size(world.game)
    public = pyspiel.IIGObservationType(
        perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
    )
    spectator = game.make_py_observer(public)
    assert spectator.string_from(state, 0) == encoding.view_string(world.view(None))
    spectator.set_from(state, 0)
    assert spectator.tensor.tolist() == pytest.approx(
        encoding.observation_tensor(world, None).tolist()
    )
    everything = pyspiel.IIGObservationType(
        perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
    )
    with pytest.raises(ValueError, match="never show all seats"):
        game.make_py_observer(everything)


@pytest.mark.parametrize("game_id", GAMES)
def test_resampled_states_are_indistinguishable_to_the_player(game_id: str) -> None:
    game = aos.load(game_id, players=3, seed=8)
    state = game.new_initial_state()
    rng = random.Random(4)
    sampler = random.Random(5).random
    for _ in range(60):
        if state.is_terminal():
            break
        player = state.current_player()
        world = state.resample_from_infostate(player, sampler)
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.legal_actions() == state.legal_actions()
        assert world.current_player() == player
        state.apply_action(rng.choice(state.legal_actions()))


# -- bots --------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["openspiel-ismcts", "openspiel-mcts"])
def test_openspiel_bots_play_a_whole_toy_game_legally_and_reproducibly(kind: str) -> None:
    game = load_game("toy-race")
    plays = []
    for _ in range(2):
        state = game.new_game(3, seed=21)
        bots = [make_bot(f"{kind}:24it", game, seed=s) for s in range(3)]
        while not state.is_over:
            for seat in state.to_move():
                action = bots[seat].choose(SeatInfo(state, seat))
                assert action in state.legal_actions(seat)
                state.apply(seat, action)
        plays.append(state.record()["actions"])
    assert plays[0] == plays[1]


@pytest.mark.parametrize("kind", ["openspiel-ismcts", "openspiel-mcts"])
def test_openspiel_bots_decide_alike_where_the_seat_cannot_tell(kind: str) -> None:
    """Two positions that differ only in what seat 1 cannot see (the coins seat 0 found, and
    seat 0's secret bid) get the same decision from seat 1's bot with the same seed."""
    game = load_game("toy-race")
    choices = []
    for found, bid in ((0, "bid 0"), (3, "bid 3")):
        state = toy_at_bid(players=2)
        state.found[0] = found  # type: ignore[attr-defined]
        state.apply(0, game.catalogue.from_text(bid))
        bot = make_bot(f"{kind}:30it", game, seed=7)
        choices.append(bot.choose(SeatInfo(state, 1)))
    assert choices[0] is choices[1]


@pytest.mark.parametrize("kind", ["openspiel-ismcts", "openspiel-mcts"])
def test_openspiel_bots_search_only_determinized_worlds(
    kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every pyspiel state a bot searches from is built on a world from SeatInfo.determinize,
    never on the true state: for ISMCTS, the root and each simulation's world."""
    worlds: list[object] = []

    class Spy(SeatInfo):
        __slots__ = ()

        def determinize(self, rng: random.Random) -> GameState:
            world = super().determinize(rng)
            worlds.append(world)
            return world

    built: list[object] = []
    state_of = aos.ArsenaleGame.state_of

    def spy_state_of(self: aos.ArsenaleGame, world: GameState, *args: object, **kw: object):  # type: ignore[no-untyped-def]
        built.append(world)
        return state_of(self, world, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(aos.ArsenaleGame, "state_of", spy_state_of)
    game = load_game("serenissima-1996")
    state = game.new_game(3, seed=4)
    bot = make_bot(f"{kind}:8it", game, seed=1)
    movers = state.to_move()
    for seat in movers:
        bot.choose(Spy(state, seat))
    assert built and all(any(w is b for w in worlds) for b in built)
    if kind == "openspiel-ismcts":
        assert len(built) == len(movers) * (1 + 8)
    assert all(b is not state for b in built)


def test_arsenale_does_not_need_openspiel(monkeypatch: pytest.MonkeyPatch) -> None:
    code = (
        "import sys, arsenale, arsenale.bots, arsenale.cli, arsenale.sim.runner\n"
        "arsenale.bots.make_bot('random', arsenale.load_game('serenissima-2012'), 1)\n"
        "assert 'openspiel-mcts' in arsenale.bots.bot_kinds()\n"
        "assert 'pyspiel' not in sys.modules and 'numpy' not in sys.modules\n"
        "assert not any(m.startswith('arsenale.adapters') for m in sys.modules)\n"
    )
    path = os.pathsep.join(p for p in sys.path if p)  # the entry points these tests see
    subprocess.run([sys.executable, "-c", code], check=True, env={**os.environ, "PYTHONPATH": path})
    # As if OpenSpiel were not installed: the bot's module is imported afresh and fails.
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    monkeypatch.delitem(sys.modules, "arsenale.adapters.openspiel")
    monkeypatch.delitem(registry._KINDS, "openspiel-mcts", raising=False)
    with pytest.raises(
        ArsenaleError, match=r"'openspiel-mcts' bot .* pip install 'arsenale\[ai\]'"
    ):
        make_bot("openspiel-mcts:5it", load_game("toy-race"), 1)


@pytest.mark.parametrize("kind", ["openspiel-ismcts", "openspiel-mcts"])
def test_openspiel_bots_beat_random_play(kind: str) -> None:
    out = simulate("toy-race", 2, [f"{kind}:40it", "random"], games=8, seed=3)
    assert out["wins"][0] >= 6


def test_time_budgets_are_converted_to_simulations() -> None:
    game = load_game("serenissima-2012")
    bot = make_bot("openspiel-mcts:0.2s", game, seed=1)
    state = game.new_game(2, seed=2)
    for _ in range(2):
        seat = state.to_move()[0]
        state.apply(seat, bot.choose(SeatInfo(state, seat)))
    stats = bot.policy.last_stats  # type: ignore[attr-defined]
    assert stats["simulations"] >= 2 and stats["simulations_per_s"] > 0
    assert stats["seconds"] < 1.0


def test_openspiel_ismcts_plays_a_real_game_with_a_small_budget() -> None:
    game = load_game("serenissima-1996")
    state = game.new_game(2, seed=3)
    bots = [make_bot("openspiel-ismcts:3it", game, seed=s) for s in range(2)]
    for _ in range(4):  # the secret deployment, then the first decisions
        for seat in state.to_move():
            action = bots[seat].choose(SeatInfo(state, seat))
            assert action in state.legal_actions(seat)
            state.apply(seat, action)


def test_malformed_actions_and_players_are_refused_and_change_nothing() -> None:
    """An id outside the catalogue (negative ones included: no list indexing from the end), an
    action after the end or after the cut, and a player outside the game are refused; the
    state and its history stay as they were."""
    game = aos.load("serenissima-2012", players=3, seed=4)
    size = game.num_distinct_actions()
    state = game.new_initial_state()
    before = (state.history(), state.world.ply, state.current_player())
    for action in (10 - size, -2, size):  # pyspiel refuses -1 (kInvalidAction) itself
        with pytest.raises(ArsenaleError, match=f"action {action} is outside 0-{size - 1}"):
            state.apply_action(action)
        assert (state.history(), state.world.ply, state.current_player()) == before
    for player in (3, 5):
        with pytest.raises(ValueError, match=f"no player {player} in a 3-player game"):
            state.legal_actions(player)
        with pytest.raises(ValueError, match=f"no player {player} in a 3-player game"):
            state.legal_actions_mask(player)
    mover = state.current_player()
    other = (mover + 1) % 3
    assert state.legal_actions(other) == []  # OpenSpiel's answer for a seat not to move
    assert state.legal_actions(mover) == state.legal_actions()

    cut = aos.load("toy-race", players=2, seed=1, max_game_length=3).new_initial_state()
    while not cut.is_terminal():
        cut.apply_action(cut.legal_actions()[0])
    history = cut.history()
    with pytest.raises(ArsenaleError, match="cut at max_game_length 3"):
        cut.apply_action(0)
    assert cut.history() == history and cut.world.ply == 3
    assert cut.legal_actions(0) == []

    ended = aos.load("toy-race", players=2, seed=1).new_initial_state()
    while not ended.is_terminal():
        ended.apply_action(ended.legal_actions()[0])
    history = ended.history()
    with pytest.raises(ArsenaleError, match="the game is over"):
        ended.apply_action(0)
    assert ended.history() == history and ended.world.is_over
