"""What the page reads of a game besides a table: its board data in the viewer's language
(`Game.board_in_words()`: the game's names of its places in that language; 204, no content, for
a known game without a board drawing, whose page then shows the game without one) and its rule
summary in the viewer's language; 404 for an unknown id."""

from __future__ import annotations

import re
from typing import Any

from fastapi import APIRouter, Response

from arsenale import i18n
from arsenale.core.errors import ArsenaleError
from arsenale.core.registry import load_game
from arsenale.server.live import Refusal
from arsenale.server.routes.answers import REFUSALS

router = APIRouter(responses=REFUSALS)


@router.get(
    "/api/boards/{game}",
    response_model=None,
    responses={200: {"content": {"application/json": {"schema": {"type": "object"}}}}, 204: {}},
)
async def board(game: str) -> dict[str, Any] | Response:
    try:
        data = load_game(game).board_in_words()
    except ArsenaleError as e:
        raise Refusal(404, str(e), "arsenale: game ids") from None
    if data is None:
        return Response(status_code=204)
    return data


@router.get("/api/rules/{game}")
async def rules(game: str) -> dict[str, Any]:
    """The game's rule summary in the viewer's language (`Game.rules()`: its RULES.fr.md in
    French, else its RULES.md) cut at its `## ` headings, for the page's help panel, which
    opens at the section a refusal's rule names. Each section has its `title` in that language
    and a `key`, its English heading (a rule names its section in English: "RULES.md,
    Market")."""
    try:
        loaded = load_game(game)
        text = loaded.rules()
        with i18n.speaking(i18n.DEFAULT):
            english = loaded.rules()
    except ArsenaleError as e:
        raise Refusal(404, str(e), "arsenale: game ids") from None
    intro, sections = _sections(text)
    _intro, english_sections = _sections(english)
    same = len(english_sections) == len(sections)  # the same sections in the same order
    for i, section in enumerate(sections):
        section["key"] = english_sections[i]["title"] if same else section["title"]
    return {"game": game, "intro": intro, "sections": sections}


def _sections(text: str) -> tuple[str, list[dict[str, str]]]:
    parts = re.split(r"(?m)^## ", text)
    intro = re.sub(r"(?m)^# .*\n?", "", parts[0]).strip()
    sections = []
    for part in parts[1:]:
        title, _, body = part.partition("\n")
        sections.append({"title": title.strip(), "text": body.strip()})
    return intro, sections
