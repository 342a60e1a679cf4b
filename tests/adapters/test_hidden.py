"""Hidden information in the adapters: another seat's secret choice reaches an information state
only in its public form, and OpenSpiel's ISMCTS bot decides by what its seat sees, nothing else."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from arsenale.adapters import encoding  # noqa: E402
from arsenale.adapters import openspiel as aos  # noqa: E402
from arsenale.bots.registry import make_bot  # noqa: E402
from arsenale.core.info import SeatInfo  # noqa: E402
from arsenale.core.registry import load_game  # noqa: E402

from .helpers import EVERY_COUNT, GAMES, decision_points  # noqa: E402


def _history_tensor(history: list[tuple[int, str]]) -> np.ndarray:
    return encoding.hash_view([f"{s}/{t}" for s, t in history], encoding.HISTORY_SIZE)


@pytest.mark.parametrize("game_id", GAMES)
def test_information_states_show_others_secret_choices_only_in_their_public_form(
    game_id: str,
) -> None:
    """Along random games, each seat's information state (string and tensor) is its view and
    `history_for(seat)`, exactly: every secret choice of another seat (an action with a public
    form, or a submission to a simultaneous decision) shows there in its public form, never in
    its notation; its own in notation."""
    game = load_game(game_id)
    size = encoding.observation_size(game)
    secrets = 0
    for players in range(game.min_players, game.max_players + 1):
        state = aos.load(game_id, players=players, seed=players).new_initial_state()
        rng = random.Random(players)
        made: list[tuple[int, int, str, str]] = []  # ply, seat, notation, public form
        while not state.is_terminal() and state.world.ply < 300:
            world = state.world
            player = state.current_player()
            action = game.catalogue[rng.choice(state.legal_actions())]
            public = encoding.entry(world, player, action).public
            if public is not None:
                assert public != action.notation
                made.append((world.ply, player, action.notation, public))
            state.apply_action(action.index)
            if public is None and world.ply % 5:
                continue
            for seat in range(players):
                history = world.history_for(seat)
                view, moves = state.information_state_string(seat).split("\n")
                assert view == encoding.view_string(world.view(seat))
                assert moves == "history: " + " ".join(f"{s}:{text};" for s, text in history)
                tensor = np.asarray(state.information_state_tensor(seat), np.float32)
                assert np.array_equal(tensor[size:], _history_tensor(history))
                for ply, s, notation, shown in made:
                    assert history[ply] == (s, notation if s == seat else shown)
        secrets += len(made)
    if game_id != "serenissima-2012":  # 2012 has no secret choice
        assert secrets > 0


@pytest.mark.parametrize("game_id", GAMES)
def test_another_secret_choice_leaves_other_seats_information_states_alone(game_id: str) -> None:
    """Where a seat makes a secret choice, making another of the same public form instead leaves
    every other seat's information state as it was: all of it while the decision is still open
    (the views hide pending submissions), the history part in any case."""
    game = load_game(game_id)
    size = encoding.observation_size(game)
    compared = 0
    for seed in range(3):
        state = aos.load(game_id, players=3, seed=seed).new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal() and state.world.ply < 300 and compared < 60:
            world = state.world
            player = state.current_player()
            legal = [game.catalogue[i] for i in state.legal_actions()]
            forms = {a: encoding.entry(world, player, a).public for a in legal}
            chosen = rng.choice(legal)
            alike = [a for a in legal if a is not chosen and forms[a] == forms[chosen]]
            if forms[chosen] is not None and alike:
                compared += 1
                still_open = len(world.to_move()) > 1
                one, two = state.clone(), state.clone()
                one.apply_action(chosen.index)
                two.apply_action(rng.choice(alike).index)
                for seat in range(3):
                    if seat == player:
                        continue
                    a, b = one.information_state_string(seat), two.information_state_string(seat)
                    ta = np.asarray(one.information_state_tensor(seat))
                    tb = np.asarray(two.information_state_tensor(seat))
                    if still_open:
                        assert a == b and np.array_equal(ta, tb)
                        assert one.observation_string(seat) == two.observation_string(seat)
                    assert a.split("\n")[1] == b.split("\n")[1]
                    assert np.array_equal(ta[size:], tb[size:])
            state.apply_action(chosen.index)
    if game_id == "serenissima-2012":
        assert compared == 0  # no secret choice to swap
    else:
        assert compared > 0


@pytest.mark.parametrize("game_id", ["serenissima-2012", "serenissima-1996"])
def test_openspiel_ismcts_decides_by_its_seats_view_only(game_id: str) -> None:
    """Two true states that give the deciding seat the identical view (a position of random play
    and a world drawn for that seat, everything it cannot see redrawn) get the identical
    decision from `openspiel-ismcts` with the same bot seed: 36 pairs, 30 simulations each."""
    game = load_game(game_id)
    differences = []
    for k, (state, seat) in enumerate(decision_points(game, 36, seed=3)):
        other = state.determinize(seat, random.Random(1_000 + k))
        assert other.view(seat) == state.view(seat)
        assert other.legal_actions(seat) == state.legal_actions(seat)
        first = make_bot("openspiel-ismcts:30it", game, seed=k).choose(SeatInfo(state, seat))
        second = make_bot("openspiel-ismcts:30it", game, seed=k).choose(SeatInfo(other, seat))
        if first is not second:
            differences.append((state.ply, seat, first.notation, second.notation))
    assert differences == [], f"{len(differences)} of 36 pairs decided differently"


HIDING = {"serenissima-2012": {"hidden_money": True}, "masters-of-venice": {"hidden_money": True}}
"""Options under which a game hides more (other seats' money); the rest hide by default."""


@pytest.mark.parametrize(("game_id", "players"), EVERY_COUNT)
def test_observations_show_only_what_the_seat_sees(game_id: str, players: int) -> None:
    """Along a random game, each seat's observation is the same in a world drawn for that seat
    (`determinize`: everything it cannot see redrawn, the same view) as in the true state, and
    differs from the spectator's only by what the seat may see: hidden information (hands,
    decks, other seats' money and pending submissions) changes no number. Checked as written
    from the state, the game's own layout where it has one."""
    game = load_game(game_id)
    options = HIDING.get(game_id, {})
    state = game.new_game(players, seed=players, options=options)
    rng = random.Random(players)
    checked = 0
    while not state.is_over and state.ply < 400:
        if checked == 0 or rng.random() < 0.15:
            for seat in range(players):
                world = state.determinize(seat, random.Random(state.ply * 10 + seat))
                assert world.view(seat) == state.view(seat)
                assert np.array_equal(encoding.encode(world, seat), encoding.encode(state, seat))
                spectator = state.determinize(seat, random.Random(7))
                assert np.array_equal(
                    encoding.encode(spectator, None), encoding.encode(state, None)
                )
                checked += 1
        movers = state.to_move()
        seat = movers[rng.randrange(len(movers))]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    assert checked > 0
