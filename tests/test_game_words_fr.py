"""The games' own words in French and English (arsenale.i18n, each game's catalogue): moves,
events, refusals, amount labels, and no translation while legal moves are generated."""

from __future__ import annotations

import json
import random
import re

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


# -- Serenissima 1996: every move family in Méditerranée's terms, places with their article ----


def test_every_1996_move_family_has_words_in_both_languages() -> None:
    """Each kind of action of the catalogue worded in English and French (words.py and its
    catalogue), none left in English in French, no placeholder or id left."""
    game = load_game("serenissima-1996")
    ids = [i for i in (*game.board.port_ids, *game.board.area_ids) if "-" in i]
    first = {}
    for action in game.catalogue:
        first.setdefault(action.kind, action)
    for action in first.values():
        english = game.action_words(action)
        with i18n.speaking("fr"):
            french = game.action_words(action)
        assert french.text != english.text and french.group != english.group, action.notation
        for text in (english.text, french.text, french.group):
            assert "{" not in text and "_" not in text, text
            assert not any(i in text for i in ids), text  # "gulf-of-naples": a name is shown
        assert len(french.labels) == len(french.amounts)


@pytest.mark.parametrize(
    ("notation", "english", "french"),
    [
        ("bid 1100", "Bid 1,100 ducats for the turn order",
         "Miser 1\u202f100 ducats pour l’ordre du tour"),
        ("sail g4 gulf-of-naples", "Sail galley g4 to the Gulf of Naples",
         "Déplacer la galère g4 vers le golfe de Naples"),
        ("sail g4 tyrrhenian-sea", "Sail galley g4 to the Tyrrhenian Sea",
         "Déplacer la galère g4 vers la mer Tyrrhénienne"),
        ("arrange tyrrhenian-sea", "Rearrange sailors and goods in the Tyrrhenian Sea",
         "Transférer marins et marchandises en mer Tyrrhénienne"),
        ("arrange balearic-islands", "Rearrange sailors and goods in the Balearic Islands",
         "Transférer marins et marchandises aux îles Baléares"),
        ("hire venezia", "Hire a sailor in Venezia", "Enrôler un marin à Venise"),
        ("build fort sicily", "Build a fort in Sicily",
         "Construire des fortifications en Sicile"),
        ("buy wine g2", "Buy wine for galley g2", "Acheter un pion vin pour la galère g2"),
        ("land g3 2", "Land 2 sailors from galley g3", "Débarquer 2 marins de la galère g3"),
        ("capture 1", "Capture the galley with 1 sailor of yours",
         "S’emparer de la galère en y faisant passer 1 de vos marins"),
        ("allow", "Let the galley pass", "Accorder le passage à la galère"),
    ],
)  # fmt: skip
def test_1996_moves_read_as_the_rulebook_says_in_each_language(
    notation: str, english: str, french: str
) -> None:
    """Méditerranée's terms (serenissima-1996.fr.txt: Phase 1 "miser", Phase 2 "enrôler",
    "transfert de pions", Phase 3 "autorisation de passage", Phase 4 "s'emparer", Phase 5
    "débarquer"); ports and areas with the article and preposition French gives them
    (board.toml `the_fr`, `in_fr`)."""
    game = load_game("serenissima-1996")
    action = game.catalogue.from_text(notation)
    assert game.action_words(action).text == english
    with i18n.speaking("fr"):
        assert game.action_words(action).text == french


def test_1996_events_and_refusals_name_places_with_their_articles() -> None:
    game = load_game("serenissima-1996")
    label = {0: "venetians", 1: "genoese"}.__getitem__
    events = [
        {"type": "sail", "seat": 1, "galley": 3, "area": "tyrrhenian-sea"},
        {"type": "hired", "seat": 0, "port": "sardinia"},
        {"type": "arranging", "seat": 0, "area": "dardanelles"},
    ]
    english = [game.describe_event(e, label) for e in events]
    with i18n.speaking("fr"):
        french = [game.describe_event(e, label) for e in events]
    assert english == [
        "g3 (Genoese) sails to the Tyrrhenian Sea.",
        "Venetians hire a sailor in Sardinia.",
        "Venetians rearrange their pieces in the Dardanelles.",
    ]
    assert french == [
        "g3 (Génois) navigue vers la mer Tyrrhénienne.",
        "Les Vénitiens enrôlent un marin en Sardaigne.",
        "Les Vénitiens transfèrent leurs pions dans les Dardanelles.",
    ]


def test_every_1996_place_has_its_french_forms() -> None:
    """board.toml gives every port and area where-forms in French; none is the bare name."""
    board = load_game("serenissima-1996").board
    forms = board.places["fr"]
    assert set(forms) == {*board.port_ids, *board.area_ids}
    for place, (the, where) in forms.items():
        assert where.split()[0] in ("à", "en", "dans", "aux", "sur"), (place, where)
        assert where.endswith(the.removeprefix("la ").removeprefix("le ").removeprefix("les ")
                              .removeprefix("l'")) or where.endswith(the), (place, the, where)  # fmt: skip
    assert forms["tyrrhenian-sea"] == ("la mer Tyrrhénienne", "en mer Tyrrhénienne")
    assert forms["crete"] == ("la Crète", "en Crète")


def test_the_arrange_refusals_name_the_piece_in_the_language_in_force() -> None:
    """A piece in a refusal of Phase 2's "transfert de pions" is named, never shown by its id
    (serenissima-1996.fr.txt, Phase 2): "marin", "vin" in French."""
    from arsenale.games.serenissima_1996.arrange import PIECES, piece_name

    game = load_game("serenissima-1996")
    state = game.new_game(2, seed=1)
    wine = PIECES.index("wine")
    with i18n.speaking("fr"):
        assert piece_name(state, 0) == "marin"
        assert piece_name(state, wine) == "vin"
    assert (piece_name(state, 0), piece_name(state, wine)) == ("sailor", "wine")


def test_the_title_is_mediterranee_in_french() -> None:
    game = load_game("serenissima-1996")
    assert game.display_title() == game.title
    with i18n.speaking("fr"):
        assert game.display_title() == "Méditerranée"
        described = game.describe()
        assert described["title"] == "Méditerranée"
        assert described["options"]["open_money"]["help"].startswith("argent sur la table")
    result = CliRunner().invoke(app, ["--lang", "fr", "games", "--json"])
    assert result.exit_code == 0, result.output
    titles = {row["id"]: row["title"] for row in json.loads(result.output)}
    assert titles["serenissima-1996"] == "Méditerranée"


@pytest.mark.parametrize(
    "game_id", ["serenissima-1996", "serenissima-2012", "masters-of-venice", "amalfi-renaissance"]
)
def test_what_every_decision_asks_is_in_french(game_id: str) -> None:
    """The terminal's decision line and the page's refusals quote a phase's `asks`: each
    one has its French, with a space before its colon."""
    game = load_game(game_id)
    state = game.new_game(game.min_players if game.min_players > 1 else 2, seed=1)
    asks = {phase.asks for phase in state.phases.values() if phase.asks}
    assert asks
    with i18n.speaking("fr"):
        french = {text: game.translate(text) for text in asks}
    untranslated = [text for text, words in french.items() if words == text]
    assert untranslated == [], untranslated
    unspaced = [w for w in french.values() if re.search(r"[^\s\u00a0\u202f'][:;!?](\s|$)", w)]
    assert unspaced == [], unspaced


def test_the_1996_final_account_speaks_the_viewers_language() -> None:
    """The end of a Méditerranée game by its sources, its money and its tie-break in French
    ("Sa capitale tenue", "Ducats (1 point par tranche de 500)"), in English in English."""
    game = load_game("serenissima-1996")
    state = game.new_game(3, seed=1)
    with i18n.speaking("fr"):
        account = game.final_account(state)
    assert [row["source"] for row in account["sources"]] == [
        "Sa capitale tenue",
        "Ducats (1 point par tranche de 500)",
        "Ports à l’entrepôt non plein",
        "Entrepôts pleins",
    ]
    assert account["money"]["name"] == "Ducats" and account["tiebreak_names"] == ["ducats"]
    with i18n.speaking("en"):
        english = game.final_account(state)
    assert english["sources"][0]["source"] == "Own capital held"
    assert english["sources"][1]["source"] == "Ducats (1 point per 500)"
