"""Amalfi: Renaissance in French and English (arsenale.i18n, the game's catalogue
locale/fr/LC_MESSAGES/amalfi_renaissance.po and the `name_fr` of board.toml and cards.toml):
moves, events, seat and card names, amount labels, refusals, the terminal, and no translation
while legal moves are generated."""

from __future__ import annotations

import os
import random
import re

import pytest
from typer.testing import CliRunner

from arsenale import i18n
from arsenale.bots.registry import make_bot
from arsenale.cli import app
from arsenale.core.errors import IllegalAction, OptionError
from arsenale.core.info import SeatInfo
from arsenale.core.registry import load_game

GAME = load_game("amalfi-renaissance")
NBSP = "\u00a0"
LABEL = {0: "red", 1: "blue"}.__getitem__


def test_moves_names_and_amount_labels_in_both_languages() -> None:
    pisa = GAME.catalogue.get("navigate", place="pisa")
    keep = GAME.catalogue.get("keep", card="leonardo")
    one, two = (GAME.catalogue.get("construct", ships=n) for n in (1, 2))
    send = GAME.catalogue.get("send", hold="wine")
    with i18n.speaking("en"):
        assert GAME.wording(pisa).text == "Navigate to Pisa"
        assert GAME.wording(keep).text == "Keep Leonardo for your starting hand"
        assert GAME.wording(two).text == "Build 2 ships"
        assert GAME.wording(two).labels == ("Ships built",)
        assert GAME.wording(send).text == "Send a ship to the wine hold"
        assert GAME.seat_name("yellow") == "Yellow"
    with i18n.speaking("fr"):
        assert GAME.wording(pisa).text == "Naviguer vers Pise"  # cards.toml name_fr
        assert GAME.wording(keep).text == "Garder Léonard dans votre main de départ"
        assert GAME.wording(one).text == "Construire 1 navire"  # a real plural
        assert GAME.wording(two).text == "Construire 2 navires"
        assert GAME.wording(two).amounts == ("ships",)  # the parameter stays as typed
        assert GAME.wording(two).labels == ("Navires construits",)
        assert GAME.wording(send).text == "Envoyer un navire dans la cale à vin"
        assert GAME.wording(send).group == "Envoyer des navires"
        assert GAME.seat_name("yellow") == "Jaune"
    assert GAME.wording(pisa).text == "Navigate to Pisa"  # English again outside the block


def test_every_named_thing_has_a_french_name_of_its_own() -> None:
    """Destinations, decrees, titles, private destinations and characters carry `name_fr`
    (ours) beside the English; artworks and evolving locations are named by the catalogue."""
    from arsenale.games.amalfi_renaissance import board as b
    from arsenale.games.amalfi_renaissance.words import name

    ids = [p.id for p in (*b.PUBLICS, *b.PRIVATES)] + [c.id for c in b.CHARACTERS]
    ids += [d.id for d in b.DECREES] + [t.id for t in b.TITLES]
    assert set(ids) <= set(b.NAMES_FR)
    with i18n.speaking("fr"):
        assert name("genoa") == "Gênes" and name("pisa") == "Pise"
        assert name("council") == "Conseil" and name("patron") == "Mécène"
        assert name("book-13") == "Livre 13" and name("painting-2") == "Tableau 2"
        assert name("evolving-3") == "Évolutive III"
    with i18n.speaking("en"):
        assert name("genoa") == "Genoa" and name("patron") == "Patron"
        assert name("book-13") == "Book 13" and name("evolving-3") == "Evolving III"


def test_events_in_both_languages_with_plurals_and_french_spacing() -> None:
    sail = {"type": "navigate", "seat": 1, "place": "pisa", "bread": 2}
    rival = {"type": "rival", "rival": "genoa", "after": "acquisition"}
    rival |= {"ships": 1, "lighthouses": 0}
    decree = {"type": "decree", "seat": 0, "decree": "council", "vp": 12}
    period = {"type": "period", "period": 2, "first": 1}
    with i18n.speaking("en"):
        assert GAME.describe_event(sail, LABEL) == "Blue sails to Pisa, paying 2 bread"
        assert GAME.describe_event(rival, LABEL) == (
            "Genoa reacts to the acquisition: 1 ship and 0 lighthouses on the board"
        )
        assert GAME.describe_event(decree, LABEL) == "Red scores 12 VP from the decree Council"
    with i18n.speaking("fr"):
        assert GAME.describe_event(sail, LABEL) == "Bleu navigue vers Pise en payant 2 pains"
        assert GAME.describe_event(rival, LABEL) == (
            f"Gênes réagit à l’acquisition{NBSP}: 1 navire et 0 phare sur le plateau"
        )
        assert GAME.describe_event(decree, LABEL) == "Rouge marque 12 PV grâce au décret Conseil"
        assert GAME.describe_event(period, LABEL) == (
            f"La période II commence{NBSP}; Bleu joue en premier"
        )


def _finished(players: int, seed: int):  # type: ignore[no-untyped-def]
    state = GAME.new_game(players, seed=seed)
    bots = [make_bot("heuristic", GAME, seed=s) for s in range(players)]
    events = []
    while not state.is_over:
        seat = state.to_move()[0]
        events += state.apply(seat, bots[seat].choose(SeatInfo(state, seat)))
    return state, events


def test_a_whole_french_game_is_worded_in_french_and_its_final_account_too() -> None:
    state, events = _finished(2, seed=4)
    seen: set[str] = set()
    with i18n.speaking("fr"):
        for event in events:
            text = GAME.describe_event(event, state.seat_label)
            seen.add(str(event["type"]))
            assert "{" not in text and "}" not in text, text
            english = r"\b(the|and|sails|ships?|bread|hold|from|with|for|takes|pays?|Red|Blue)\b"
            assert not re.search(english, text), text
            assert " :" not in text and " ;" not in text, text  # no breaking space before
        account = GAME.final_account(state)
    assert {"navigate", "paying", "paid", "feed", "decree", "period", "game_over"} <= seen
    assert [s["source"] for s in account["sources"]] == [
        "Œuvres, découvertes, décrets, personnages et bonus",
        "Titres",
    ]
    assert account["tiebreak_names"] == ["PV des titres"]
    assert GAME.final_account(state)["sources"][1]["source"] == "Titles"


def test_a_refusal_in_french_names_the_same_rule() -> None:
    state = GAME.new_game(2, seed=1)
    first = state.to_move()[0]
    pack = state.legal_actions(first)[0]
    state.apply(first, pack)
    second = state.to_move()[0]
    with i18n.speaking("fr"), pytest.raises(IllegalAction) as french:
        state.apply(second, pack)
    with i18n.speaking("en"), pytest.raises(IllegalAction) as english:
        state.apply(second, pack)
    assert french.value.rule == english.value.rule  # the rule reference stays as it is
    assert re.search(r"the \w+ pack is taken", english.value.reason), english.value
    assert re.search(f"le paquet «{NBSP}\\w+{NBSP}» est déjà pris", french.value.reason)
    assert "pack" not in french.value.reason.replace("'pack", "")


def test_a_refusal_during_a_turn_names_the_card_in_french() -> None:
    state = GAME.new_game(2, seed=2)
    bots = [make_bot("heuristic", GAME, seed=s) for s in range(2)]
    while state.stack[-1].kind != "turn":
        seat = state.to_move()[0]
        state.apply(seat, bots[seat].choose(SeatInfo(state, seat)))
    seat = state.to_move()[0]
    hand = set(state.view(seat)["players"][seat]["hand"])
    card = next(c for c in ("leonardo", "machiavelli", "petrarca", "erasmus") if c not in hand)
    invite = GAME.catalogue.get("invite", card=card)
    before = state.view(seat)
    with i18n.speaking("fr"), pytest.raises(IllegalAction) as french:
        state.apply(seat, invite)
    with pytest.raises(IllegalAction) as english:
        state.apply(seat, invite)
    assert state.view(seat) == before  # refused, nothing changed
    assert french.value.rule == english.value.rule
    names = {"leonardo": "Léonard", "machiavelli": "Machiavel", "petrarca": "Pétrarque"}
    names["erasmus"] = "Érasme"
    assert f"{names[card]} n’est pas dans votre main" in french.value.reason
    assert "is not in your hand" in english.value.reason


def test_a_bad_option_is_refused_in_french() -> None:
    with i18n.speaking("fr"), pytest.raises(OptionError) as french:
        GAME.new_game(1, seed=1, options={"rival": "rome"})
    assert "l’option rival doit être naples ou genoa, pas 'rome'" in str(french.value)


def test_legal_moves_are_generated_without_translating(monkeypatch: pytest.MonkeyPatch) -> None:
    """Refusal texts and names are translated only when a refusal is built: random play in
    French asks the catalogues nothing while it generates legal moves."""
    calls = []
    real = i18n._translations
    monkeypatch.setattr(i18n, "_translations", lambda *a: calls.append(a) or real(*a))
    for players, seed in ((1, 3), (3, 8)):
        state = GAME.new_game(players, seed=seed)
        rng = random.Random(seed)
        with i18n.speaking("fr"):
            for _ in range(600):
                if state.is_over:
                    break
                seat = state.to_move()[0]
                legal = state.legal_actions(seat)
                state.apply(seat, legal[rng.randrange(len(legal))])
    assert calls == []
    with i18n.speaking("fr"):  # the same patch does see a translation when one is made
        GAME.seat_name("red")
    assert calls


runner = CliRunner()


def test_the_terminal_game_speaks_french_with_lang_fr() -> None:
    args = ["play", "amalfi-renaissance", "--players", "2", "--seats", "heuristic,heuristic"]
    result = runner.invoke(app, ["--lang", "fr", *args, "--seed", "3"])
    i18n.use("en")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Partie terminée." in out
    assert "Rouge" in out and "Bleu" in out and " invite " in out
    assert "Rose des vents" in out and "grâce au décret" in out
    for english in (" sails to ", " invites ", "Red", "Blue", " VP", "Game over."):
        assert english not in out, english


def test_a_french_player_sees_the_board_and_the_decision_in_french() -> None:
    args = ["--lang", "fr", "play", "amalfi-renaissance", "--players", "1", "--seats", "human"]
    result = runner.invoke(app, [*args, "--seed", "3"], input="")
    i18n.use("en")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Période I sur IV" in out and f"Rose des vents{NBSP}: Rouge" in out
    assert f"rival Naples{NBSP}: 0 navire, 0 ph" in out  # 0 is singular in French
    assert "Marché aux épices" in out and "Haute mer" in out and "Atelier (pioche" in out
    assert f"Votre main{NBSP}: " in out and "siège" in out
    assert f"choisissez un paquet de départ{NBSP}: 'pack <icône>'" in out
    for english in ("Period I of IV", "Wind Rose", "Spice Market", "Your hand", "Workshop"):
        assert english not in out, english


def test_the_pages_board_data_names_things_in_the_viewers_language() -> None:
    """GET /api/boards/amalfi-renaissance runs in the viewer's language (the server's
    language middleware): names and bonus words in French, ids and numbers as they are."""
    with i18n.speaking("fr"):
        french = GAME.board_data()
    english = GAME.board_data()
    assert french is not None and english is not None
    assert french["destinations"][0]["name"] == "Marché aux épices"
    assert english["destinations"][0]["name"] == "Spice Market"
    assert french["characters"]["raphael"]["name"] == "Raphaël"
    assert french["decrees"]["trade"]["name"] == "Commerce"
    assert french["artworks"]["book-1"]["name"] == "Livre 1"
    assert french["destinations"][0]["steps"] == ["envoyer jusqu’à 2 navires dans la cale à épices"]
    assert english["destinations"][0]["steps"] == ["send up to 2 ships to the spices hold"]
    assert french["characters"]["raphael"]["type"] == english["characters"]["raphael"]["type"]
    assert french["resources"] == english["resources"] == list(GAME_RESOURCES)


GAME_RESOURCES = ("spices", "wood", "wine", "gems", "fabric")


def test_a_french_player_at_a_real_terminal_reads_the_board_and_a_refusal_in_french() -> None:
    """`arsenale --lang fr play amalfi-renaissance` under a 100 x 40 pseudo-terminal
    (tests/test_terminal_pty.py): the sea by its French names, the decision, and a refusal
    naming the card in French and the rule as it is."""
    pytest.importorskip("pexpect")
    pytest.importorskip("pyte")
    from test_terminal_pty import ARSENALE, Terminal

    if not os.path.exists(ARSENALE):
        pytest.skip("needs the installed command")
    term = Terminal("--lang", "fr", "play", "amalfi-renaissance", "--seats", "human",
                    "--seed", "3", "-o", "hands=blind")  # fmt: skip
    term.wait("Rouge >")
    screen = term.text()
    board = screen[screen.rindex("vue de Rouge") :]
    assert len(board.splitlines()) <= 40
    for name in ("Marché aux épices", "Dépôt de bois", "Vignoble", "Joailliers", "Drapiers",
                 "Haute mer", "Cap", "Cour", "Évolutive II", "[Amalfi]", "Période I sur IV"):  # fmt: skip
        assert name in board, name
    assert f"Votre main{NBSP}: " in board and "Spice Market" not in board
    term.send("engage leonardo")
    term.wait("amalfi-renaissance.en.txt, Engagement")
    assert "vous n’avez pas invité Léonard" in term.text()
    term.wait("Rouge >")  # Ctrl-C at the prompt: sent before it, the key can be lost
    term.child.sendcontrol("c")
    term.wait("[O/n] ")
    term.send("n")
    assert term.end() == 130


def test_every_move_is_worded_in_french_and_none_is_left_in_english() -> None:
    """Each action of the catalogue in both languages: the French text differs from the
    English, with no placeholder or id left and a real plural for the ships built."""
    seen = set()
    for action in GAME.catalogue:
        with i18n.speaking("en"):
            english = GAME.wording(action)
        with i18n.speaking("fr"):
            french = GAME.wording(action)
        assert french.text != english.text, action.notation
        assert "{" not in french.text and "_" not in french.text, french.text
        assert not re.search(r"\b(the|to|from|your|ship|hold|Take|Send)\b", french.text), french
        assert len(french.labels) == len(french.amounts) == len(english.amounts)
        seen.add(action.kind)
    assert len(seen) == len({a.kind for a in GAME.catalogue}) >= 20
