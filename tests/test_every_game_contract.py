"""The contract, checked on every registered game (docs/architecture.md, "The contract").

These tests take their games from the registry, so a game added later is checked without a
line here: refusals come with a reason and a rule of the game's own, every legal action is
accepted, and no bot can decide by anything its seat may not see.
"""

from __future__ import annotations

import gc
import json
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from arsenale.bots import make_bot
from arsenale.core.errors import IllegalAction
from arsenale.core.info import SeatInfo
from arsenale.core.registry import game_ids, load_game
from arsenale.core.state import GameState

GAMES = game_ids()
POSITIONS = 1_000
ILLEGAL_PER_POSITION = 40


def positions(game_id: str, count: int, seed: int = 0) -> Iterator[tuple[GameState, int]]:
    """`count` positions of uniformly random play (a fresh game whenever one ends), over every
    player count of the game and both settings of each yes/no option, each with a seat that
    owes a decision."""
    game = load_game(game_id)
    rng = random.Random(seed)
    counts = list(range(game.min_players, game.max_players + 1))
    made = 0
    g = 0
    while made < count:
        players = counts[g % len(counts)]
        flags = {
            o.name: bool(g // len(counts) % 2) for o in game.options if isinstance(o.default, bool)
        }
        state = game.new_game(players, seed=seed * 1_000 + g, options=flags)
        g += 1
        while not state.is_over and made < count:
            movers = state.to_move()
            seat = movers[rng.randrange(len(movers))]
            if rng.random() < 0.3:  # not every ply: spread the positions over whole games
                made += 1
                yield state, seat
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])


def snapshot(state: GameState) -> str:
    return json.dumps(
        [state.view(None), [state.view(s) for s in range(state.players)], state.record()],
        sort_keys=True,
    )


@pytest.mark.parametrize("game_id", GAMES)
def test_every_refusal_names_a_rule_of_the_game_and_every_legal_action_is_accepted(
    game_id: str,
) -> None:
    """Over 1,000 random positions: each legal action passes `check`; illegal catalogue
    actions (every kind the catalogue has, sampled per position) are refused with a reason
    and a rule reference that is the game's own, never the generic notation message, and a
    refusal changes nothing."""
    game = load_game(game_id)
    catalogue = list(game.catalogue)
    by_kind: dict[str, list] = {}
    for action in catalogue:
        by_kind.setdefault(action.kind, []).append(action)
    rng = random.Random(1)
    refused: Counter[str] = Counter()
    accepted = 0
    for n, (state, seat) in enumerate(positions(game_id, POSITIONS)):
        legal = state.legal_actions(seat)
        for action in legal:
            state.check(seat, action)
        accepted += len(legal)
        legal_set = set(legal)
        sample = [rng.choice(actions) for actions in by_kind.values()]
        sample += rng.sample(catalogue, min(ILLEGAL_PER_POSITION, len(catalogue)))
        before = snapshot(state) if n % 50 == 0 else None
        for action in sample:
            if action in legal_set:
                continue
            with pytest.raises(IllegalAction) as refusal:
                state.check(seat, action)
            reason, rule = refusal.value.reason, refusal.value.rule
            assert reason and rule, f"{action.notation!r} refused without reason or rule"
            assert not rule.startswith("arsenale:"), (
                f"{game_id}: {action.notation!r} refused with the generic {rule!r}: {reason}"
            )
            refused[action.kind] += 1
        if before is not None:
            assert snapshot(state) == before, "a refusal changed the state"
    assert accepted > POSITIONS
    assert sum(refused.values()) > POSITIONS
    print(
        f"{game_id}: {accepted} legal accepted, {sum(refused.values())} refused, kinds {dict(refused)}"
    )


def pairs(game_id: str, count: int) -> Iterator[tuple[GameState, GameState, int]]:
    """Pairs of true states that give the deciding seat the same view: a position of random
    play and a world drawn for that seat (everything it cannot see redrawn)."""
    for k, (state, seat) in enumerate(positions(game_id, count, seed=7)):
        if len(state.legal_actions(seat)) < 2:
            continue
        other = state.determinize(seat, random.Random(1_000 + k))
        assert other.view(seat) == state.view(seat)
        assert other.legal_actions(seat) == state.legal_actions(seat)
        yield state.clone(), other, seat


BOTS = ["heuristic", "ismcts:60it", "openspiel-ismcts:60it"]


@pytest.mark.parametrize("spec", BOTS)
@pytest.mark.parametrize("game_id", GAMES)
def test_the_same_view_gives_the_same_decision(game_id: str, spec: str) -> None:
    """Two true states that give the deciding seat the identical view lead every bot to the
    identical decision for the same bot seed: a bot cannot decide by what it may not see."""
    if spec.startswith("openspiel"):
        pytest.importorskip("pyspiel")
    game = load_game(game_id)
    differences = []
    tried = 0
    for a, b, seat in pairs(game_id, 40):
        tried += 1
        first = make_bot(spec, game, seed=tried).choose(SeatInfo(a, seat))
        second = make_bot(spec, game, seed=tried).choose(SeatInfo(b, seat))
        if first is not second:
            differences.append((a.ply, seat, first.notation, second.notation))
    print(f"{game_id} {spec}: {len(differences)} of {tried} pairs decided differently")
    assert tried >= 30
    assert differences == [], f"{len(differences)} of {tried} pairs decided differently"


@pytest.mark.parametrize("game_id", GAMES)
def test_seat_info_holds_no_reference_to_the_true_state(game_id: str) -> None:
    """A `SeatInfo` keeps a world of its own: nothing reachable from it is the true state or
    one of its mutable parts, and later changes to the state do not show through it."""
    for position, seat in positions(game_id, 30, seed=3):
        state = position.clone()
        info = SeatInfo(state, seat)
        reachable = gc.get_referents(info)
        assert all(obj is not state for obj in reachable)
        world = info._world  # the one object it keeps besides plain values
        assert world is not state
        mutable = [getattr(state, f) for f in type(state).copied]
        mine = [getattr(world, f) for f in type(world).copied]
        assert all(x is not y for x, y in zip(mutable, mine, strict=True))
        view = json.dumps(info.view(), sort_keys=True)
        state.apply(seat, state.legal_actions(seat)[0])  # the true state moves on...
        assert json.dumps(info.view(), sort_keys=True) == view  # ...and the info does not


@pytest.mark.parametrize("game_id", GAMES)
def test_a_seat_infos_worlds_are_the_worlds_the_state_itself_gives(game_id: str) -> None:
    """The world a `SeatInfo` keeps has its hidden pools left in their canonical order
    (core/info.py, `_Unshuffled`); the worlds a bot draws from it are field for field those
    `GameState.determinize` draws from the true state with the same generator."""

    def fields(world: GameState) -> list[object]:
        names = (*type(world).copied, *type(world).kept)
        return [getattr(world, name) for name in names] + [world.chance._s, world.submissions]

    tried = 0
    for state, seat in positions(game_id, 40, seed=5):
        for k in (tried, tried + 1):
            mine = SeatInfo(state, seat).determinize(random.Random(k))
            assert fields(mine) == fields(state.determinize(seat, random.Random(k)))
        tried += 1
    assert tried == 40


@pytest.mark.parametrize("game_id", GAMES)
def test_secret_choices_reach_other_seats_only_in_their_public_form(game_id: str) -> None:
    """A secret choice (a submission to a simultaneous decision, or an action with a public
    form) shows to every other seat, in its history, its view and its events, only as its
    public form: never the action's notation or parameters."""
    game = load_game(game_id)
    rng = random.Random(5)
    secrets_seen = 0
    for g in range(6):
        state = game.new_game(game.max_players - g % 2, seed=100 + g)
        while not state.is_over and state.ply < 400:
            movers = state.to_move()
            seat = movers[rng.randrange(len(movers))]
            legal = state.legal_actions(seat)
            action = legal[rng.randrange(len(legal))]
            secret = len(state.stack[-1].seats) > 1 or action.public is not None
            last = len(movers) == 1  # the last submission resolves the decision: revealed
            events = state.apply(seat, action)
            if not secret:
                continue
            secrets_seen += 1
            for other in range(state.players):
                if other == seat:
                    continue
                shown = state.history_for(other)[-1]
                assert shown[0] == seat and shown[1] != action.notation
                if not last:
                    own = state.submissions.get(other)
                    assert state.view(other).get("my_submission") == (own and own.to_json())
                    for event in GameState.events_for(events, other):
                        assert action.notation not in json.dumps(event)
            assert state.history_for(seat)[-1] == (seat, action.notation)
    if not secrets_seen:
        pytest.skip(f"{game_id} has no secret choice")


@pytest.mark.parametrize("game_id", GAMES)
def test_the_heuristic_finishes_games_at_every_player_count_without_a_fallback(
    game_id: str,
) -> None:
    """The game's heuristic, strict (a crash or an illegal choice is an error, not a quiet
    fallback), plays every seat of two whole games at each player count, deciding on worlds
    drawn for its seat."""
    from arsenale.bots.base import Fallbacks, heuristic_policy

    game = load_game(game_id)
    policy = heuristic_policy(game)
    strict = Fallbacks.strict
    Fallbacks.strict = True
    try:
        for players in range(game.min_players, game.max_players + 1):
            for seed in (1, 2):
                state = game.new_game(players, seed=seed)
                rng = random.Random(seed)
                while not state.is_over:
                    for seat in state.to_move():
                        state.apply(seat, policy(SeatInfo(state, seat), rng))
                assert state.result().scores, (game_id, players, seed)
    finally:
        Fallbacks.strict = strict


@pytest.mark.parametrize("game_id", GAMES)
def test_a_mistyped_move_of_the_pending_decision_gets_its_rule_and_changes_nothing(
    game_id: str,
) -> None:
    """Text that starts like a move the decision offers but names no action (a bid off the
    dial, say) is refused at every interface with what the decision asks and its rule of the
    game, never the generic notation message, and the state is left as it was."""
    from arsenale.core.errors import NotationError

    tried = 0
    for state, seat in positions(game_id, 60, seed=3):
        legal = state.legal_actions(seat)
        text = legal[0].notation.split(" ")[0] + " 9999 nowhere"
        before = snapshot(state)
        with pytest.raises(NotationError) as refusal:
            state.apply(seat, text)
        assert refusal.value.rule and not refusal.value.rule.startswith("arsenale"), text
        assert "is not a move here" in refusal.value.reason
        assert snapshot(state) == before
        tried += 1
    assert tried == 60


@pytest.mark.parametrize("game_id", [*GAMES, "toy-race", "toy-market"])
def test_every_catalogue_action_has_the_games_own_words_not_its_notation(
    game_id: str, tmp_path: Path
) -> None:
    """The page lists moves in the rulebook's words (`Game.action_words`): every action of
    every game has its own wording (not the core's default, not the notation), a group, and
    amount parameters that are integers of the action; the actions of one amount family (the
    same kind and other parameters) share their group."""
    from arsenale.core.actions import normalize_text
    from arsenale.core.game import Game

    if game_id == "toy-market":
        from plugin_dist import installed

        with installed(tmp_path):
            game = load_game(game_id)
            _check_words(game, Game, normalize_text)
        return
    _check_words(load_game(game_id), Game, normalize_text)


def _check_words(game, base, normalize_text) -> None:  # type: ignore[no-untyped-def]
    assert type(game).action_words is not base.action_words, f"{game.id} words no action"
    families: dict[tuple[object, ...], set[str]] = {}
    for action in game.catalogue:
        words = game.wording(action)
        assert words is game.wording(action)  # worked out once
        text = words.text
        assert text and text[0].isupper(), (action.notation, text)
        assert normalize_text(text) != normalize_text(action.notation), text
        assert "_" not in text and "null" not in text and "None" not in text, text
        assert words.group and words.group[0].isupper(), (action.notation, words.group)
        for name in words.amounts:
            assert isinstance(action.params.get(name), int), (action.notation, name)
        rest = tuple(sorted((k, v) for k, v in action.params.items() if k not in words.amounts))
        families.setdefault((action.kind, words.amounts, rest), set()).add(words.group)
    assert all(len(groups) == 1 for groups in families.values())


@pytest.mark.parametrize("game_id", [*GAMES, "toy-race"])
def test_the_final_account_adds_up_to_the_scores_and_names_every_tie_break(game_id: str) -> None:
    """`Game.final_account`: at the end of heuristic games at every player count, the sources
    add up to each seat's score, money (where the game has it) is given for every seat, and
    every tie-break key of the result has a name in words."""
    from arsenale.bots.base import Fallbacks

    game = load_game(game_id)
    strict = Fallbacks.strict
    Fallbacks.strict = True
    try:
        for players in range(game.min_players, game.max_players + 1):
            state = game.new_game(players, seed=11)
            bot = make_bot("heuristic", game, seed=11)
            while not state.is_over:
                seat = state.to_move()[0]
                state.apply(seat, bot.choose(SeatInfo(state, seat)))
            result = state.result()
            account = game.final_account(state)
            json.dumps(account)
            for s in range(players):
                total = sum(row["points"][s] for row in account["sources"])
                assert total == pytest.approx(result.scores[s]), (players, s, account)
            if account["money"] is not None:
                assert account["money"]["name"]
                assert len(account["money"]["amounts"]) == players
            assert len(account["tiebreak_names"]) == len(result.tiebreaks)
            assert all(isinstance(n, str) and n for n in account["tiebreak_names"])
    finally:
        Fallbacks.strict = strict


@pytest.mark.parametrize("game_id", [*GAMES, "toy-race"])
def test_an_amount_out_of_range_is_refused_with_the_range(game_id: str) -> None:
    """Where the seat chooses an amount (a bid, sailors to land), a catalogue action of the
    same family that is not legal now is refused with the legal range in words, as an action,
    as JSON and as text, and the state is left as it was."""
    game = load_game(game_id)
    families: dict[tuple[object, ...], list[object]] = {}
    for action in game.catalogue:
        words = game.wording(action)
        if words.amounts:
            rest = tuple(sorted((k, v) for k, v in action.params.items() if k not in words.amounts))
            families.setdefault((action.kind, rest), []).append(action)
    tried = 0
    for state, seat in positions(game_id, 300, seed=5):
        legal = set(state.legal_actions(seat))
        for action in state.legal_actions(seat):
            words = game.wording(action)
            if not words.amounts:
                continue
            rest = tuple(sorted((k, v) for k, v in action.params.items() if k not in words.amounts))
            out = [a for a in families[(action.kind, rest)] if a not in legal]
            if not out:
                continue
            before = snapshot(state)
            for form in (out[-1], out[-1].to_json(), out[-1].notation):
                with pytest.raises(IllegalAction) as refusal:
                    state.apply(seat, form)
                assert "the range now: " in refusal.value.reason, refusal.value.reason
            assert snapshot(state) == before
            tried += 1
            break
    assert tried or game_id == "serenissima-2012", "no amount out of range was ever tried"


def test_a_range_is_told_only_to_the_seat_that_chooses() -> None:
    """The range added to a refused amount comes from the sending seat's own legal actions:
    without a seat (coerce alone), or for a seat that owes no decision, none is given, since
    another seat's range could tell its hidden money (1996: ducats are hidden)."""
    from arsenale.core.errors import NotationError

    game = load_game("serenissima-1996")
    state = game.new_game(2, seed=1)
    for seat in range(2):
        state.apply(seat, "deploy 3 3")
    with pytest.raises(NotationError) as blind:
        state.coerce("bid 99999")
    assert "range" not in blind.value.reason
    with pytest.raises(NotationError) as told:
        state.coerce("bid 99999", 0)
    assert "the range now: ducats bid 0 to 2,000 in steps of 100" in told.value.reason
    state.apply(0, "bid 100")  # seat 0 has chosen; seat 1 still owes its bid
    with pytest.raises(NotationError) as done:
        state.coerce({"kind": "bid", "ducats": 150}, 0)
    assert "range" not in done.value.reason
