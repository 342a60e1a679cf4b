"""What the page reads of a game besides a table: its board data in the viewer's language
(`Game.board_in_words()`: the game's names of its places in that language; 204, no content, for
a known game without a board drawing, whose page then shows the game without one) and its rule
summary; 404 for an unknown id."""

from __future__ import annotations

import re
from typing import Any

from fastapi import APIRouter, Response

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
    """The game's rule summary (`Game.rules()`, its RULES.md) cut at its `## ` headings, for
    the page's help panel, which opens at the section a refusal's rule names."""
    try:
        text = load_game(game).rules()
    except ArsenaleError as e:
        raise Refusal(404, str(e), "arsenale: game ids") from None
    parts = re.split(r"(?m)^## ", text)
    intro = re.sub(r"(?m)^# .*\n?", "", parts[0]).strip()
    sections = []
    for part in parts[1:]:
        title, _, body = part.partition("\n")
        sections.append({"title": title.strip(), "text": body.strip()})
    return {"game": game, "intro": intro, "sections": sections}
