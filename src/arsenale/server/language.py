"""The language of each viewer of the server (arsenale.i18n): the `lang` cookie the page's
language switch sets, else the browser's `Accept-Language`, else English.

`Speaking` puts it in force around every HTTP request and every WebSocket connection (an ASGI
middleware: a socket keeps the language of its connection), so the routes, the refusals and
the views word everything in the viewer's language; `Hub.push` words each socket's view in
that socket's own language. The page's own texts come from the `arsenale` catalogue too: the
HTML is a Jinja2 template (`templates/`), and the texts its scripts mark with `_("...")` are
sent inline with the page (`page_messages`), so there is no dictionary in the JavaScript.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from babel.messages.extract import extract_from_dir

from arsenale import i18n

COOKIE = "lang"
STATIC = Path(__file__).parent / "static"
NAMES = {"en": "English", "fr": "Français"}
"""Each language by its own name, for the switch in the page's header."""


def negotiate(cookie: str | None, accept_language: str | None) -> str:
    """The viewer's language: a supported `lang` cookie first, then `Accept-Language`,
    English if neither names a language we have."""
    if cookie:
        code = cookie.strip().lower().replace("_", "-").split("-")[0]
        if code in i18n.LANGUAGES:
            return code
    return i18n.from_accept_language(accept_language)


def of_scope(scope: dict[str, Any]) -> str:
    """The language of an ASGI connection (HTTP or WebSocket) from its headers."""
    cookie_header = accept = None
    for name, value in scope.get("headers") or ():
        if name == b"cookie":
            cookie_header = value.decode("latin-1")
        elif name == b"accept-language":
            accept = value.decode("latin-1")
    cookie = None
    for part in (cookie_header or "").split(";"):
        name, _, value = part.strip().partition("=")
        if name == COOKIE:
            cookie = value.strip().strip('"')
    return negotiate(cookie, accept)


class Speaking:
    """ASGI middleware: each request and each WebSocket connection runs in its viewer's
    language (`of_scope`), kept in `scope["state"]["language"]` for the routes."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        language = of_scope(scope)
        scope.setdefault("state", {})["language"] = language
        with i18n.speaking(language):
            await self.app(scope, receive, send)


@cache
def page_ids() -> tuple[str | tuple[str, str], ...]:
    """Every text the page's scripts mark with `_("...")` or `ngettext(...)` (Babel's own
    JavaScript extractor, as `make messages` runs it)."""
    found: set[str | tuple[str, str]] = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(STATIC),
        [("**.js", "javascript")],
        options_map={"**.js": {"parse_template_string": "true"}},
        keywords={"_": None, "ngettext": (1, 2)},
    ):
        found.add(message if isinstance(message, str) else (message[0], message[1]))
    return tuple(sorted(found, key=str))


@cache
def page_messages(language: str) -> dict[str, str | list[str]]:
    """The page scripts' texts in `language`: id -> text, or singular -> [one, many] for a
    plural (the page picks by the language's rule); empty for English, the ids' own
    language."""
    out: dict[str, str | list[str]] = {}
    if language == i18n.DEFAULT:
        return out
    with i18n.speaking(language):
        for message in page_ids():
            if isinstance(message, str):
                out[message] = i18n.ARSENALE.gettext(message)
            else:
                singular, plural = message
                out[singular] = [
                    i18n.ARSENALE.ngettext(singular, plural, 1),
                    i18n.ARSENALE.ngettext(singular, plural, 2),
                ]
    return out
