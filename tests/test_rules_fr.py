"""The rule summaries in French (issue 17): each game's RULES.fr.md beside its RULES.md, with
the same `## ` sections in the same order, read by `Game.rules()` in the language in force,
found by a topic in either language, and printed by `arsenale --lang fr rules`."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arsenale import i18n
from arsenale.cli import app
from arsenale.core.errors import ArsenaleError
from arsenale.core.registry import load_game

GAMES_DIR = Path(i18n.__file__).resolve().parent / "games"
GAMES = {
    "serenissima-1996": "serenissima_1996",
    "serenissima-2012": "serenissima_2012",
    "masters-of-venice": "masters_of_venice",
    "amalfi-renaissance": "amalfi_renaissance",
}
NBSP = "\u00a0"

runner = CliRunner()


@pytest.fixture(autouse=True)
def english_again() -> Iterator[None]:
    yield
    i18n.use("en")  # `--lang fr` sets the language of the test's context


def _sections(text: str) -> list[str]:
    return [s for s in re.split(r"(?m)^(?=## )", text) if s.startswith("## ")]


def _code(text: str) -> list[str]:
    return re.findall(r"`[^`\n]+`", text)


def _cited(text: str) -> list[str]:
    return re.findall(r"[\w.-]+\.(?:txt|md|toml|py)\b", text)


@pytest.mark.parametrize("package", sorted(GAMES.values()))
def test_each_game_has_its_summary_in_french_with_the_same_sections(package: str) -> None:
    english = (GAMES_DIR / package / "RULES.md").read_text(encoding="utf-8")
    path = GAMES_DIR / package / "RULES.fr.md"
    assert path.is_file(), f"{package} has no RULES.fr.md"
    french = path.read_text(encoding="utf-8")
    assert french != english
    en, fr = _sections(english), _sections(french)
    assert len(fr) == len(en), [s.splitlines()[0] for s in fr]
    for e, f in zip(en, fr, strict=True):
        # the same section at the same place: the same notation, options and file names
        # (the citations of the rulebooks are kept as they are), the same phase numbers
        where = f"{package}: {e.splitlines()[0]!r} / {f.splitlines()[0]!r}"
        assert _code(f) == _code(e), where
        assert _cited(f) == _cited(e), where
        assert re.findall(r"\d+", f.splitlines()[0]) == re.findall(r"\d+", e.splitlines()[0])
        assert f.splitlines()[0] != e.splitlines()[0] or len(f) != len(e), where
    # French typography: no-break space before the high punctuation, no plain apostrophe
    prose = re.sub(r"`[^`\n]*`", "", french)
    assert not re.search(r" [:;?!]", prose), re.findall(r".{20} [:;?!]", prose)[:3]
    assert "'" not in prose


def test_serenissima_1996_in_french_says_what_the_page_says() -> None:
    """Méditerranée's terms, as the game's catalogue has them (galère, marins, enrôler,
    transfert, autorisation de passage, zone), and none of the English ones."""
    text = (GAMES_DIR / "serenissima_1996" / "RULES.fr.md").read_text(encoding="utf-8")
    text = " ".join(text.split())
    for word in (
        "galère",
        "marins",
        "enrôler",
        "autorisation de passage",
        "fortifications",
        "entrepôt",
        "haute mer",
        "contre-offre",
        "points de prospérité",
        "Vénitiens",
        "zone",
    ):
        assert word in text, word
    prose = re.sub(r"`[^`\n]*`", "", text)
    assert not re.search(r"\b(galley|sailors|area|the|and)\b", prose)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_game_rules_follow_the_language_and_find_a_topic_in_either(game_id: str) -> None:
    game = load_game(game_id)
    english = game.rules()
    with i18n.speaking("fr"):
        french = game.rules()
        assert french == (GAMES_DIR / GAMES[game_id] / "RULES.fr.md").read_text(encoding="utf-8")
        for e, f in zip(_sections(english), _sections(french), strict=True):
            english_title, french_title = e.splitlines()[0][3:], f.splitlines()[0][3:]
            # the French heading finds the French section, and so does the English one (a
            # refusal's rule names its section in English)
            assert f in game.rules(french_title)
            assert f in game.rules(english_title)
        with pytest.raises(ArsenaleError, match="pas de sujet 'piraterie' dans les règles"):
            game.rules("piraterie")
    assert game.rules() == english


def test_a_french_topic_is_found_without_its_accents_or_curly_apostrophe() -> None:
    game = load_game("serenissima-1996")
    with i18n.speaking("fr"):
        assert game.rules("negociation").startswith("## Négociation")
        assert game.rules("vue d'ensemble").startswith("## Vue d’ensemble")
        assert game.rules("movement").startswith(f"## Phase 3{NBSP}: déplacement des galères")


def test_arsenale_lang_fr_rules_prints_the_french_summary() -> None:
    whole = runner.invoke(app, ["--lang", "fr", "rules", "serenissima-1996"])
    assert whole.exit_code == 0, whole.output
    assert f"Phase 1{NBSP}: ordre du tour" in whole.stdout
    assert "Méditerranée" in whole.stdout and "Phase 1: turn order" not in whole.stdout
    topic = runner.invoke(app, ["--lang", "fr", "rules", "serenissima-1996", "combats"])
    assert topic.exit_code == 0, topic.output
    assert topic.stdout.startswith(f"## Phase 4{NBSP}: combats")
    # a word no heading names opens the French sections that mention it
    mention = runner.invoke(app, ["--lang", "fr", "rules", "serenissima-1996", "monopole"])
    assert mention.exit_code == 0, mention.output
    assert "apparaît dans" in mention.stdout and "## Phase 2" in mention.stdout
    missing = runner.invoke(app, ["--lang", "fr", "rules", "serenissima-1996", "piraterie"])
    assert missing.exit_code == 1 and "pas de sujet 'piraterie'" in missing.stderr
    i18n.use("en")
    english = runner.invoke(app, ["rules", "serenissima-1996", "combats"])
    assert english.exit_code == 1 and "no rules topic 'combats'" in english.stderr


def test_the_terminal_games_rules_command_speaks_french() -> None:
    args = ["--lang", "fr", "play", "serenissima-1996", "--players", "2"]
    result = runner.invoke(
        app, [*args, "--seats", "human,heuristic", "--seed", "1"], input="rules combats\n"
    )
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())
    assert f"Phase 4{NBSP}: combats" in out or "Phase 4 : combats" in out, out[-2000:]
    assert "Une garnison n’attaque jamais" in out
    assert "Garrisons never attack" not in out
