"""Refusals in words for the web page (issue 17): every refusal of a move carries, beside its
`reason` (which the terminal and the API give, notation and all: 'bid 15'), its `words`: the
same refusal with no move quoted in notation, the decision said in the rulebook's words and,
for an amount out of range, the range. Checked in English and French for every game."""

from __future__ import annotations

import random
import re

import pytest

from arsenale import i18n
from arsenale.core.decisions import in_words
from arsenale.core.errors import IllegalAction
from arsenale.core.registry import game_ids, load_game

GAMES = game_ids()
QUOTED = re.compile(r"'[^']*'")  # notation is quoted between ASCII quotes


def test_in_words_cuts_the_quoted_notation_and_what_leads_to_it() -> None:
    assert in_words("choose a starting pack: 'pack <icon>'") == "choose a starting pack"
    assert in_words("use this location, play favors or rumors, or 'done'") == (
        "use this location, play favors or rumors"
    )
    assert in_words("choose a dock first ('dock 1' to 'dock 4')") == "choose a dock first"
    assert (
        in_words("répartissez vos 10 marins\u00a0: 'deploy <a> <b>'") == "répartissez vos 10 marins"
    )
    assert in_words("l’attaquant n’a plus de marins") == "l’attaquant n’a plus de marins"
    # an English possessive is no quote: the sentence is kept whole
    assert in_words("the sunken galley's cargo has no wine left to take") == (
        "the sunken galley's cargo has no wine left to take"
    )
    assert in_words("other players' ducats are hidden") == "other players' ducats are hidden"
    assert in_words("when the game asks ('gondola' or 'wait'), not now") == "when the game asks"


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("game_id", GAMES)
def test_every_decision_is_said_in_words_without_notation(game_id: str, language: str) -> None:
    game = load_game(game_id)
    state = game.new_game(game.min_players if game.min_players > 1 else 2, seed=1)
    with i18n.speaking(language):
        for kind, phase in type(state).phases.items():
            if not phase.asks:
                continue
            said = state.asks_in_words(phase)
            assert said, (kind, phase.asks)
            assert "'" not in said, (kind, said)
            assert not said.endswith((" or", " ou", ":", "(")), (kind, said)


def _refusal(state, seat, action) -> IllegalAction:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalAction) as refused:
        state.apply(seat, action)
    return refused.value


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("game_id", GAMES)
def test_a_move_of_another_decision_is_refused_in_words_with_the_decision_it_awaits(
    game_id: str, language: str
) -> None:
    """Over random play: a catalogue move of a kind the decision does not offer (by its JSON,
    as the page sends it, and by its text, as typed) is refused with words that quote no
    notation: the rules' own reason, or the move in words and what the decision asks."""
    game = load_game(game_id)
    rng = random.Random(17)
    state = game.new_game(max(2, game.min_players), seed=17)
    checked = 0
    with i18n.speaking(language):
        for _ply in range(60):
            if state.is_over:
                break
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            kinds = {a.kind for a in legal}
            others = [a for a in game.catalogue if a.kind not in kinds]
            if others and _ply % 5 == 0:
                wrong = others[rng.randrange(len(others))]
                for form in (wrong.to_json(), wrong.notation):
                    refusal = _refusal(state, seat, form)
                    assert not QUOTED.search(refusal.words), refusal.words
                    assert wrong.notation not in refusal.words, refusal.words
                checked += 1
            state.apply(seat, legal[rng.randrange(len(legal))])
    assert checked


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "the range now: ducats bid 0 to 150 in steps of 5"),
        ("fr", "ce qui est possible maintenant\u00a0: ducats misés de 0 à 150 par pas de 5"),
    ],
)
def test_a_bid_out_of_range_says_the_range_in_words(language: str, expected: str) -> None:
    """Masters of Venice: a bid beyond the merchant's 150 ducats, typed or sent as JSON."""
    state = load_game("masters-of-venice").new_game(3, seed=1)
    with i18n.speaking(language):
        for form in ("bid 995", {"kind": "bid", "amount": 995}, "bid 3"):
            refusal = _refusal(state, 0, form)
            assert expected in refusal.words, refusal.words
            assert not QUOTED.search(refusal.words), refusal.words
            assert "bid 15" not in refusal.words
        assert "'bid 15'" in _refusal(state, 0, "bid 3").reason  # the terminal's and API's


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("game_id", GAMES)
def test_every_amount_range_names_its_amounts_by_their_labels(game_id: str, language: str) -> None:
    """Over random play, every range of amounts a deciding seat is offered names each amount by
    its control's label ("ducats bid", "marins débarqués"), never by its parameter's id."""
    game = load_game(game_id)
    rng = random.Random(5)
    state = game.new_game(max(2, game.min_players), seed=5)
    seen: set[str] = set()
    with i18n.speaking(language):
        for _ply in range(400):
            if state.is_over:
                break
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            for action in legal:
                wording = game.wording(action)
                if not wording.amounts or action.kind in seen:
                    continue
                seen.add(action.kind)
                others = {k: v for k, v in action.params.items() if k not in wording.amounts}

                def same(a, kind=action.kind, others=others):  # type: ignore[no-untyped-def]
                    return a.kind == kind and all(a.params.get(k) == v for k, v in others.items())

                said = state.amount_range(seat, same)
                assert said, (action.kind, wording)
                named = said.split(":", 1)[1]
                for label in wording.labels:  # "Ducats bid" as "ducats bid"; "VP taken" kept
                    assert label[1:] in named, (label, said)
                    named = named.replace(label[1:], "")
                for param in wording.amounts:  # the id alone ("amount") is no word for people
                    assert not re.search(rf"(?<!\w){param}(?!\w)", named), (param, said)
            state.apply(seat, legal[rng.randrange(len(legal))])
    assert seen


def test_the_lighthouse_decision_is_asked_in_words_not_as_beacon_bread() -> None:
    """Amalfi's lighthouse decision: 'beacon bread' is its notation, never the page's words."""
    state = load_game("amalfi-renaissance").new_game(2, seed=1)
    phase = type(state).phases["beacon"]
    for language, words in (
        ("en", "use your lighthouse: send a ship for 2 bread, or take 1 bread"),
        ("fr", "utilisez votre phare\u00a0: envoyez un navire pour 2 pains, ou prenez 1 pain"),
    ):
        with i18n.speaking(language):
            assert state.asks_in_words(phase) == words
