"""French and English from message catalogues (arsenale.i18n, Babel).

The catalogues must hold a French translation for every text the code marks, with the same
placeholders; the language follows --lang, ARSENALE_LANG and the locale variables (the page:
Accept-Language); the terminal game speaks French with Méditerranée's terms (rulebook
serenissima-1996.fr.txt) for Serenissima 1996.
"""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po
from typer.testing import CliRunner

from arsenale import i18n
from arsenale.cli import app
from arsenale.core.registry import load_game

SRC = Path(i18n.__file__).resolve().parent
BABEL_CFG = SRC.parents[1] / "babel.cfg"
KEYWORDS = {"_": None, "N_": None, "gettext": None, "ngettext": (1, 2)}


def _marked(
    directory: Path,
    method_map: list[tuple[str, str]],
    options_map: dict[str, dict[str, str]] | None = None,
) -> set[str | tuple[str, ...]]:
    """Every text marked for translation under `directory` (Babel's own extractors)."""
    found: set[str | tuple[str, ...]] = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(directory), method_map, options_map, keywords=KEYWORDS
    ):
        found.add(message)
    return found


def _fields(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


def _catalogues() -> list[tuple[Path, set[str | tuple[str, ...]]]]:
    # as `make messages` extracts them (babel.cfg): the Python code, the page's templates and
    # the `_("...")` of its scripts
    with BABEL_CFG.open(encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    common = _marked(SRC, method_map, options_map)
    out = [(i18n.catalogue_path("fr", "arsenale"), common)]
    for locale in sorted((SRC / "games").glob("*/locale")):
        package = locale.parent
        out.append(
            (
                i18n.catalogue_path("fr", package.name, package),
                _marked(package, [("**.py", "python")]),
            )
        )
    return out


@pytest.mark.parametrize(("path", "marked"), _catalogues(), ids=lambda x: getattr(x, "name", ""))
def test_every_marked_text_has_its_french_translation_with_the_same_placeholders(
    path: Path, marked: set[str | tuple[str, ...]]
) -> None:
    assert marked, f"no text is marked for {path.name}"
    with path.open("rb") as f:
        catalog = read_po(f, locale="fr")
    entries = {m.id: m for m in catalog if m.id}
    ids = {m if isinstance(m, str) else tuple(m) for m in marked}
    missing = [m for m in ids if m not in entries]
    assert not missing, f"{path.name}: run `make messages` and translate {missing}"
    for msgid, entry in entries.items():
        assert not entry.fuzzy, f"{path.name}: {msgid!r} is marked fuzzy"
        singulars = [msgid] if isinstance(msgid, str) else list(msgid)
        translations = [entry.string] if isinstance(entry.string, str) else list(entry.string)
        assert all(translations), f"{path.name}: {msgid!r} has no French text"
        for text in translations:
            assert _fields(text) == _fields(singulars[-1]), f"{path.name}: {msgid!r} -> {text!r}"
    obsolete = set(entries) - ids
    assert not obsolete, f"{path.name}: entries no longer in the code: {obsolete}"


@pytest.mark.parametrize(
    ("requested", "expected"),
    [("fr_FR.UTF-8", "fr"), ("fr-CA", "fr"), ("fr", "fr"), ("en_GB.UTF-8", "en"), ("de_DE", "en")],
)
def test_the_language_follows_the_request_then_the_environment(
    requested: str, expected: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    for var in ("ARSENALE_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    assert i18n.choose(requested) == expected
    monkeypatch.setenv("LANG", "fr_BE.UTF-8")
    assert i18n.choose(None) == "fr"
    monkeypatch.setenv("ARSENALE_LANG", "en")
    assert i18n.choose(None) == "en"  # ARSENALE_LANG before LANG
    assert i18n.choose("fr") == "fr"  # an explicit request before both


def test_accept_language_honours_the_browsers_order_and_weights() -> None:
    assert i18n.from_accept_language("de-DE,fr;q=0.8,en;q=0.5") == "fr"
    assert i18n.from_accept_language("en-US,en;q=0.9,fr;q=0.8") == "en"
    assert i18n.from_accept_language("fr-CH, fr;q=0.9") == "fr"
    assert i18n.from_accept_language("fr;q=0, de") == "en"
    assert i18n.from_accept_language("") == "en"
    assert i18n.from_accept_language("xx;q=notanumber") == "en"


def test_serenissima_1996_events_use_mediterranees_words_in_french() -> None:
    game = load_game("serenissima-1996")
    events = [
        {"type": "sold", "seat": 0, "good": "wine", "port": "genova", "ducats": 300, "bonus": 100},
        {"type": "sail", "seat": 1, "galley": 3, "area": "gulf-of-naples"},
        {"type": "sunk", "seat": 1, "galley": 3, "cause": "sunk by the winner"},
        {"type": "landed", "seat": 0, "sailors": 1, "port": "venezia"},
    ]
    label = {0: "venetians", 1: "genoese"}.__getitem__
    english = [game.describe_event(e, label) for e in events]
    with i18n.speaking("fr"):
        french = [game.describe_event(e, label) for e in events]
        assert game.seat_name("venetians") == "Vénitiens"
    assert (
        english[0]
        == "Venetians sell wine in Genova for 300 ducats and 100 ducats for a new market."
    )
    assert (
        french[0]
        == "Les Vénitiens vendent un pion vin à Gênes pour 300 ducats et 100 ducats pour un "
        "nouveau marché."
    )
    assert french[1] == "g3 (Génois) navigue vers le golfe de Naples."
    assert french[2] == "g3 coule (coulée par le vainqueur)."
    assert french[3] == "Les Vénitiens débarquent 1 marin et prennent Venise."
    assert game.seat_name("venetians") == "Venetians"  # English again outside the block


def test_every_event_of_a_french_1996_game_is_in_french() -> None:
    """A whole game of bots, every event worded in French: no English sentence, no
    placeholder left, no id where a name exists."""
    from arsenale.bots.registry import make_bot
    from arsenale.core.info import SeatInfo

    game = load_game("serenissima-1996")
    state = game.new_game(3, seed=4)
    bots = [make_bot("heuristic", game, seed=s) for s in range(3)]
    seen: set[str] = set()
    with i18n.speaking("fr"):
        while not state.is_over:
            for seat in state.to_move():
                for event in state.apply(seat, bots[seat].choose(SeatInfo(state, seat))):
                    text = game.describe_event(event, state.seat_label)
                    seen.add(event["type"])
                    assert "{" not in text and "}" not in text, text
                    assert not re.search(r"\b(the|and|their|from|aboard|sell|buy)\b", text), text
                    assert "venetians" not in text and "genova" not in text, text
    assert {"sold", "sail", "round", "bids"} <= seen


runner = CliRunner()


def test_the_terminal_game_speaks_french_with_lang_fr() -> None:
    args = ["play", "serenissima-1996", "--players", "2", "--seats", "heuristic,heuristic"]
    french = runner.invoke(app, ["--lang", "fr", *args, "--seed", "3"])
    assert french.exit_code == 0, french.output
    assert "Partie terminée." in french.stdout and "Résultat" in french.stdout
    assert "Tour de jeu 1" in french.stdout and "2 joueurs" in french.stdout
    assert "Game over." not in french.stdout
    result_rows = [line for line in french.stdout.splitlines() if line.startswith("│ ")]
    assert result_rows and all("robot heuristique" in row for row in result_rows[1:])
    assert not any("heuristic " in row for row in result_rows)  # the spec, in words
    i18n.use("en")
    english = runner.invoke(app, [*args, "--seed", "3"])
    assert english.exit_code == 0 and "Game over." in english.stdout


def test_an_unknown_language_is_refused_in_one_line() -> None:
    result = runner.invoke(app, ["--lang", "xx", "games"])
    assert result.exit_code == 1
    assert "no catalogue for 'xx'; languages: en, fr" in result.stderr


def test_a_french_player_sees_the_board_and_the_decision_in_french() -> None:
    """The board (status, map, table headings) and what the decision asks, in French; the
    notation of the moves stays as typed in every language."""
    args = ["--lang", "fr", "play", "serenissima-1996", "--players", "2"]
    result = runner.invoke(app, [*args, "--seats", "human,heuristic", "--seed", "1"], input="")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Vénitiens, à vous de décider (déploiement)\u00a0: répartissez vos 10 marins" in out
    assert not re.search(r"\)[:;!?]", out)  # French puts a space before the colon
    assert "(Vénitiens\u00a0: humain, Génois\u00a0: robot heuristique)" in out  # no raw spec
    assert "répartissez vos 10 marins\u00a0: 'deploy <première galère> <seconde galère>'" in out
    assert "Tour de jeu 0 sur 12" in out and "Marins dans la boîte" in out
    assert "Venise" in out and "Gênes" in out and "Golfe de Valence" in out
    assert "galères" in out and "ordre du tour" in out
    assert "Partie arrêtée." in out
    for english in ("your decision", "Round 0 of", "Sailors in the box", "Gulf of Valencia"):
        assert english not in out


def test_every_text_the_scripts_mark_is_extracted() -> None:
    """Babel's JavaScript extractor misses a `_()` or `ngettext()` nested in another one's
    arguments: such a text would stay in English on a French page. Every marked literal of
    the page's scripts must be among the texts extracted for the catalogue."""
    from arsenale.server.language import STATIC, page_ids

    extracted = {m if isinstance(m, str) else m[0] for m in page_ids()}
    missed = []
    for script in sorted(STATIC.rglob("*.js")):
        if script.name == "i18n.js":  # defines _ and ngettext
            continue
        source = script.read_text(encoding="utf-8")
        for found in re.finditer(r'\b(?:_|ngettext)\(\s*"((?:[^"\\]|\\.)*)"', source):
            if found.group(1) not in extracted:
                missed.append(f"{script.name}: {found.group(1)}")
    assert missed == [], missed


def test_french_words_take_the_typographic_apostrophe_and_spaced_colons_in_1996_events() -> None:
    """French texts write l’, d’, n’ (not the typewriter ' kept for notation), and the 1996
    log's lists (bids, dice, a galley's load) put a space before each colon and semicolon,
    with real plurals."""
    straight = re.compile(r"(?<=\w)'(?=\w)")
    for path, _marked in _catalogues():
        with path.open("rb") as f:
            catalog = read_po(f, locale="fr")
        for entry in catalog:
            texts = [entry.string] if isinstance(entry.string, str) else list(entry.string)
            assert not any(straight.search(t or "") for t in texts), (path.name, entry.id)
    game = load_game("serenissima-1996")
    label = {0: "venetians", 1: "genoese"}.__getitem__
    events = [
        {"type": "bids", "bids": [0, 1500]},
        {
            "type": "arranged",
            "seat": 0,
            "area": "north-adriatic",
            "galleys": [{"galley": 1, "sailor": 4}, {"galley": 2, "sailor": 3, "wine": 1}],
            "garrison": 3,
        },
    ]
    with i18n.speaking("fr"):
        bids, arranged = (game.describe_event(e, label) for e in events)
    assert bids == "Mises révélées\u00a0: Vénitiens\u00a0: 0, Génois\u00a0: 1500"
    assert "l’Adriatique nord\u00a0: g1\u00a0: 4 marins\u00a0; g2\u00a0: 3 marins, 1 " in arranged
