"""The command line's help and usage errors in French and English (arsenale.cli_language).

The language is decided before Typer parses anything: `--lang` wherever it is among the
app's own options, else ARSENALE_LANG and the locale variables; every help text, metavar and
word of Typer's help comes from the catalogue in it.
"""

from __future__ import annotations

from typing import Any

import pytest
import typer.main
from typer import rich_utils
from typer.testing import CliRunner

from arsenale import i18n
from arsenale.cli import app
from arsenale.cli_language import TYPER_WORDS, requested_language, speak

runner = CliRunner()
ENGLISH = {"ARSENALE_LANG": "en"}
FRENCH = {"ARSENALE_LANG": "fr"}


def _help_texts(command: Any) -> list[str]:
    """Every help text and metavar of `command` and its subcommands, in a fixed order."""
    texts = [command.help or ""]
    for param in command.params:
        texts += [getattr(param, "help", None) or "", param.metavar or ""]
    for sub in getattr(command, "commands", {}).values():
        texts += _help_texts(sub)
    return texts


def _tree(language: str) -> list[str]:
    command = typer.main.get_command(app)
    with i18n.speaking(language):
        speak(command)
    return _help_texts(command)


@pytest.mark.parametrize(
    "args",
    [["--lang", "fr", "--help"], ["--help", "--lang", "fr"], ["--lang=fr", "--help"]],
)
def test_the_apps_help_is_french_with_lang_fr_wherever_it_is_given(args: list[str]) -> None:
    result = runner.invoke(app, args, env=ENGLISH)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Utilisation\u00a0:" in out and "COMMANDE [ARGS]..." in out
    assert "Commandes" in out and "Options" in out
    assert "Lister les jeux\u00a0: identifiants" in out
    assert "Afficher ce message et quitter." in out
    for english in ("Usage:", "Commands", "List the games", "Show this message"):
        assert english not in out


def test_a_commands_help_is_french_from_the_environment() -> None:
    result = runner.invoke(app, ["play", "--help"], env=FRENCH)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Utilisation\u00a0:" in out and "{JEU}" in out
    assert "Jouer une partie au terminal" in out and "Nombre de joueurs." in out
    assert "[par défaut\u00a0: 1s]" in out and "[obligatoire]" in out
    assert "FICHIER" in out and "Number of players" not in out


def test_lang_en_overrides_a_french_environment_and_english_words_come_back() -> None:
    runner.invoke(app, ["--lang", "fr", "--help"])  # Typer's module constants set in French
    result = runner.invoke(app, ["--lang", "en", "--help"], env=FRENCH)
    assert result.exit_code == 0
    out = result.stdout
    assert "Usage:" in out and "Commands" in out and "List the games" in out
    assert "Show this message and exit." in out and "Lister" not in out
    assert all(getattr(rich_utils, name) == text for name, text in TYPER_WORDS.items())


def test_every_help_text_of_every_command_has_its_french() -> None:
    """No help text or metavar of any command stays English in French, and every command's
    help is shown with Typer's words in French."""
    english, french = _tree("en"), _tree("fr")
    assert len(english) == len(french)
    untranslated = [e for e, f in zip(english, french, strict=True) if e and e == f]
    assert untranslated == ["N"]  # the only metavar that is a symbol, not a word
    for name in typer.main.get_command(app).commands:  # type: ignore[attr-defined]
        result = runner.invoke(app, [name, "--help"], env=FRENCH)
        assert result.exit_code == 0, (name, result.output)
        assert "Utilisation\u00a0:" in result.stdout and "Afficher ce message" in result.stdout


def test_typers_word_constants_exist() -> None:
    """The constants set from the catalogue are Typer's (a rename would leave them English)."""
    for name in TYPER_WORDS:
        assert isinstance(getattr(rich_utils, name), str), name


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (
            ["--lang", "fr", "play"],
            ["Utilisation\u00a0:", "Erreur", "Argument manquant\u00a0: 'JEU'."],
        ),
        (["--lang", "fr", "play", "--bogus"], ["Option inconnue\u00a0: --bogus"]),
        (["--lang", "fr", "pla"], ["Commande inconnue\u00a0: 'pla'.", "Vouliez-vous dire 'play'"]),
        (
            ["--lang", "fr", "simulate", "toy-race", "--seats", "random,random", "--games", "x"],
            ["Valeur invalide pour '--games'\u00a0: un nombre entier est attendu, pas 'x'"],
        ),
        (["--lang", "fr", "play", "toy-race", "extra"], ["Argument(s) en trop\u00a0: extra"]),
        (["--lang", "fr"], ["Commande manquante."]),
    ],
)
def test_usage_errors_are_french(args: list[str], needles: list[str]) -> None:
    result = runner.invoke(app, args, env=ENGLISH)
    assert result.exit_code == 2
    for needle in needles:
        assert needle in result.stderr, result.stderr
    assert "Usage:" not in result.stderr and "Missing" not in result.stderr


def test_usage_errors_stay_as_typer_words_them_in_english() -> None:
    result = runner.invoke(app, ["play"], env=ENGLISH)
    assert result.exit_code == 2
    assert "Usage:" in result.stderr and "Missing argument 'GAME'." in result.stderr


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["play", "nowhere"], "erreur\u00a0: jeu inconnu 'nowhere'\u00a0; jeux connus\u00a0: "),
        (["play", "toy-race", "--players", "9"], "toy-race se joue à 2-4 joueurs, pas 9"),
        (["simulate", "toy-race", "--seats", "random,robot"], "robot inconnu 'robot'"),
        (["simulate", "toy-race", "--seats", "random,random", "--games", "0"], "au moins 1"),
        (["serve", "--port", "0"], "--port doit être entre 1 et 65535, pas 0"),
        (["play", "toy-race", "--seats", "random,random", "-o", "goal"], "nom=valeur"),
    ],
)
def test_errors_of_the_commands_are_french_in_one_line(args: list[str], needle: str) -> None:
    result = runner.invoke(app, ["--lang", "fr", *args], env=ENGLISH, input="")
    assert result.exit_code == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("erreur\u00a0: "), result.stderr
    assert needle in lines[0]


def test_an_unknown_language_is_refused_in_the_language_of_the_environment() -> None:
    result = runner.invoke(app, ["--lang", "xx", "games"], env=FRENCH)
    assert result.exit_code == 1
    assert "--lang\u00a0: pas de catalogue pour 'xx'\u00a0; langues\u00a0: en, fr" in result.stderr


@pytest.mark.parametrize(
    ("args", "language"),
    [
        (["--lang", "fr", "play"], "fr"),
        (["--lang=fr"], "fr"),
        (["--help", "--lang", "en"], "en"),
        (["play", "--lang", "fr"], None),  # a command's own argument, not the app's option
        (["--lang"], None),
        ([], None),
    ],
)
def test_the_language_is_read_among_the_apps_options(args: list[str], language: str) -> None:
    assert requested_language(args) == language
