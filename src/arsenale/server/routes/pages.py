"""The page's HTML, from the Jinja2 templates of `server/templates/` in the viewer's language
(server/language.py): its texts through the `arsenale` catalogue, `<html lang>` set, and the
texts its scripts use sent inline (their scripts and styles are mounted at /static by
`create_app`)."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from jinja2 import Environment, FileSystemLoader, select_autoescape

from arsenale import i18n
from arsenale.server.language import NAMES, page_messages

STATIC = Path(__file__).parents[1] / "static"
TEMPLATES = Path(__file__).parents[1] / "templates"

router = APIRouter(include_in_schema=False)

_env = Environment(
    loader=FileSystemLoader(TEMPLATES),
    autoescape=select_autoescape(["html"]),
    extensions=["jinja2.ext.i18n"],
)
_env.install_gettext_callables(  # type: ignore[attr-defined]
    gettext=i18n.ARSENALE.gettext, ngettext=i18n.ARSENALE.ngettext, newstyle=True
)


def page(name: str, request: Request) -> HTMLResponse:
    """Template `name` in the language in force (set for this request by `Speaking`)."""
    language = i18n.current()
    html = _env.get_template(name).render(
        lang=language,
        languages=NAMES,
        messages=page_messages(language),
    )
    return HTMLResponse(
        html, headers={"Cache-Control": "no-cache", "Vary": "Cookie, Accept-Language"}
    )


@router.get("/")
async def lobby(request: Request) -> HTMLResponse:
    return page("index.html", request)


@router.get("/game/{game_id}")
async def game_page(game_id: str, request: Request) -> HTMLResponse:
    return page("game.html", request)


@router.get("/replay/{game_id}")
async def replay_page(game_id: str, request: Request) -> HTMLResponse:
    return page("replay.html", request)
