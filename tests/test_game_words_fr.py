"""The games' own words in French and English (arsenale.i18n, each game's catalogue): moves,
events, refusals, amount labels, and no translation while legal moves are generated."""

from __future__ import annotations

import random

import pytest
from typer.testing import CliRunner

from arsenale import i18n
from arsenale.cli import app
from arsenale.core.errors import IllegalAction
from arsenale.core.registry import load_game

NBSP = "\u00a0"


def _refusal(game_id: str, seed: int, notation: str) -> IllegalAction:
    game = load_game(game_id)
    state = game.new_game(2, seed=seed)
    seat = state.to_move()[0]
    with pytest.raises(IllegalAction) as caught:
        state.apply(seat, notation)
    return caught.value


def test_serenissima_2012_moves_events_and_a_refusal_in_both_languages() -> None:
    game = load_game("serenissima-2012")
    sail = game.catalogue.get("move", zone="napoli")
    claim = game.catalogue.get("claim", sailors=2)
    sale = {"type": "sale", "seat": 1, "good": "wine", "port": "genova", "ducats": 4}
    label = {0: "blue", 1: "red"}.__getitem__
    with i18n.speaking("en"):
        assert game.wording(sail).text == "Sail to Napoli"
        assert game.wording(claim).labels == ("Sailors landed",)
        assert game.describe_event(sale, label) == "Red sells wine in Genova for 4 ducats."
        assert game.seat_name("red") == "Red"
    with i18n.speaking("fr"):
        assert game.wording(sail).text == "Naviguer vers Naples"
        assert game.wording(claim).text == "Prendre le port avec 2 marins"
        assert game.wording(claim).labels == ("Marins débarqués",)
        assert game.describe_event(sale, label) == "Rouge vend vin à Gênes pour 4 ducats."
        assert game.seat_name("red") == "Rouge"
        assert game.final_account(_finished(game))["money"]["name"] == "Ducats"
    state = game.new_game(2, seed=1)
    seat = state.to_move()[0]
    taken = state.legal_actions(seat)[0]
    other = [
        a for a in game.catalogue if a.kind == taken.kind and a not in state.legal_actions(seat)
    ]
    assert other, "a closing decision always leaves some port out"
    with i18n.speaking("fr"), pytest.raises(IllegalAction) as french:
        state.apply(seat, other[0])
    with i18n.speaking("en"), pytest.raises(IllegalAction) as english:
        state.apply(seat, other[0])
    assert french.value.rule == english.value.rule  # the rule reference stays as it is
    assert french.value.reason != english.value.reason
    assert any(w in french.value.reason for w in ("port", "fermé", "ouverts")), french.value
    assert NBSP + ":" in french.value.reason or ":" not in french.value.reason


def _finished(game):  # type: ignore[no-untyped-def]
    from arsenale.bots.registry import make_bot
    from arsenale.core.info import SeatInfo

    state = game.new_game(2, seed=5)
    bots = [make_bot("heuristic", game, seed=s) for s in range(2)]
    while not state.is_over:
        seat = state.to_move()[0]
        state.apply(seat, bots[seat].choose(SeatInfo(state, seat)))
    return state


def test_serenissima_1996_refusals_and_amount_labels_in_french() -> None:
    game = load_game("serenissima-1996")
    bid = game.catalogue.get("bid", ducats=500)
    with i18n.speaking("fr"):
        assert game.wording(bid).labels == ("Ducats misés",)
    with i18n.speaking("en"):
        assert game.wording(bid).labels == ("Ducats bid",)
    state = _played(game, 60)
    seat = state.to_move()[0]
    refused = [a for a in game.catalogue if a.kind == "sail" and a not in state.legal_actions(seat)]
    with i18n.speaking("fr"), pytest.raises(IllegalAction) as french:
        state.apply(seat, refused[0])
    with pytest.raises(IllegalAction) as english:
        state.apply(seat, refused[0])
    assert "la galère g" in french.value.reason and "galley" not in french.value.reason
    assert "galley " in english.value.reason
    assert french.value.rule == english.value.rule


def _played(game, plies):  # type: ignore[no-untyped-def]
    """A 2-player game after `plies` heuristic moves, at a decision about galleys."""
    from arsenale.bots.registry import make_bot
    from arsenale.core.info import SeatInfo

    state = game.new_game(2, seed=2)
    bots = [make_bot("heuristic", game, seed=s) for s in range(2)]
    for _ in range(plies):
        seat = state.to_move()[0]
        if any(a.kind == "sail" for a in state.legal_actions(seat)):
            break
        state.apply(seat, bots[seat].choose(SeatInfo(state, seat)))
    return state


@pytest.mark.parametrize("game_id", ["serenissima-1996", "serenissima-2012"])
def test_legal_moves_are_generated_without_translating(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Refusal texts are translated only when a refusal is built: random play in French asks
    the catalogues nothing while it generates legal moves."""
    calls = []
    real = i18n._translations
    monkeypatch.setattr(i18n, "_translations", lambda *a: calls.append(a) or real(*a))
    game = load_game(game_id)
    state = game.new_game(3, seed=8)
    rng = random.Random(8)
    with i18n.speaking("fr"):
        for _ in range(400):
            if state.is_over:
                break
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
    assert calls == []


def test_the_terminal_game_of_serenissima_2012_speaks_french() -> None:
    args = ["play", "serenissima-2012", "--players", "2", "--seats", "heuristic,heuristic"]
    result = CliRunner().invoke(app, ["--lang", "fr", *args, "--seed", "3"])
    i18n.use("en")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Partie terminée." in out
    assert " navigue vers " in out and "Bleu" in out and "Rouge" in out
    assert " sails to " not in out and "Blue" not in out
