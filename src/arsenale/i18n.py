"""The words of Arsenale in English and French, from gettext message catalogues (Babel).

English is the source language: the texts in the code are the message ids. French lives in
`.po` catalogues: `arsenale/locale/fr/LC_MESSAGES/arsenale.po` for the command line, the
terminal game and the page, and, for a game that has its own words, a domain named after its
package in that package (`games/serenissima_1996/locale/fr/LC_MESSAGES/serenissima_1996.po`:
the French game terms of Méditerranée). The catalogues are read with Babel and compiled in
memory the first time a language is used, so there is no build step and nothing binary in the
repository. A game's rule summary is a document, not catalogue entries: its French is a file
of its own beside the English, `RULES.fr.md` by `RULES.md` (core/data.py reads the one of the
language in force). `make messages` extracts new texts and merges them into the catalogues
(babel.cfg); tests/test_i18n.py checks that every text has its French translation.

The language in force is a context variable: the command line sets it once, before Typer
parses anything (from `--lang`, `ARSENALE_LANG` or the usual `LC_ALL` / `LC_MESSAGES` /
`LANG`; cli_language.py, which also puts its help and Typer's own words through the
catalogue), and the server per request (from the `lang` cookie or the browser's
`Accept-Language`).
"""

from __future__ import annotations

import contextlib
import io
import os
from collections.abc import Iterator
from contextvars import ContextVar
from functools import cache
from pathlib import Path

from babel import Locale, negotiate_locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

LANGUAGES = ("en", "fr")
"""Languages with a catalogue (English is the text of the code itself)."""

DEFAULT = "en"
PACKAGE_ROOT = Path(__file__).resolve().parent

_language: ContextVar[str] = ContextVar("arsenale_language", default=DEFAULT)


def choose(*requested: str | None) -> str:
    """The first supported language among `requested` ("fr_FR.UTF-8", "fr-CA", "en"...),
    then the environment's; English if none is supported."""
    wanted = [r for r in requested if r]
    for var in ("ARSENALE_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            wanted.append(value)
    for item in wanted:
        code = item.split(".")[0].split("@")[0].replace("-", "_")
        if code in ("C", "POSIX"):
            continue
        found = negotiate_locale([code], list(LANGUAGES), sep="_")
        if found is None:
            found = negotiate_locale([code.split("_")[0]], list(LANGUAGES), sep="_")
        if found is not None:
            return found
    return DEFAULT


def from_accept_language(header: str | None) -> str:
    """The best supported language for an HTTP `Accept-Language` header (q-values honoured)."""
    if not header:
        return DEFAULT
    weighted: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        if tag and tag != "*" and q > 0:
            weighted.append((-q, index, tag))
    for _q, _i, tag in sorted(weighted):
        code = tag.replace("-", "_").split("_")[0].lower()
        if code in LANGUAGES:
            return code
    return DEFAULT


def current() -> str:
    """The language in force."""
    return _language.get()


def use(language: str) -> None:
    """Make `language` (one of LANGUAGES) the language in force for this context."""
    if language not in LANGUAGES:
        raise ValueError(f"no catalogue for {language!r}; languages: {', '.join(LANGUAGES)}")
    _language.set(language)


@contextlib.contextmanager
def speaking(language: str) -> Iterator[None]:
    """Use `language` inside the block, then the previous one again."""
    token = _language.set(language if language in LANGUAGES else DEFAULT)
    try:
        yield
    finally:
        _language.reset(token)


def catalogue_path(language: str, domain: str = "arsenale", root: Path = PACKAGE_ROOT) -> Path:
    """Where the `.po` catalogue of `domain` in `language` lives under package `root`."""
    return root / "locale" / language / "LC_MESSAGES" / f"{domain}.po"


@cache
def _translations(language: str, domain: str, root: Path) -> NullTranslations:
    path = catalogue_path(language, domain, root)
    if language == DEFAULT or not path.is_file():
        return NullTranslations()
    with path.open("rb") as f:
        catalog = read_po(f, locale=Locale.parse(language), domain=domain)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)  # fuzzy entries are left out, as gettext does
    buffer.seek(0)
    return Translations(buffer, domain=domain)


class Domain:
    """The translation functions of one catalogue: `gettext` (usually bound to `_`),
    `ngettext` for plurals, `messages` for the page."""

    def __init__(self, domain: str, root: Path = PACKAGE_ROOT) -> None:
        self.domain = domain
        self.root = root

    def gettext(self, message: str) -> str:
        return _translations(_language.get(), self.domain, self.root).gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return _translations(_language.get(), self.domain, self.root).ngettext(singular, plural, n)

    def messages(self, language: str) -> dict[str, str]:
        """Every translated text of the catalogue in `language` (id -> text), for the page."""
        path = catalogue_path(language, self.domain, self.root)
        if language == DEFAULT or not path.is_file():
            return {}
        with path.open("rb") as f:
            catalog = read_po(f, locale=Locale.parse(language), domain=self.domain)
        return {
            str(m.id): str(m.string)
            for m in catalog
            if m.id and isinstance(m.id, str) and m.string and not m.fuzzy
        }


ARSENALE = Domain("arsenale")
_ = ARSENALE.gettext
ngettext = ARSENALE.ngettext


def game_domain(package_file: str) -> Domain:
    """The catalogue of a game package, named after the package (call with `__file__`)."""
    root = Path(package_file).resolve().parent
    return Domain(root.name, root)


def N_(message: str) -> str:
    """Mark a text for the catalogue where it is defined; it is translated where it is shown."""
    return message
