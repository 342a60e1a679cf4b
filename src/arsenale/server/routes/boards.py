"""Board data for the page: what `Game.board_data()` gives; 204 (no content) for a known game
without a board drawing, whose page then shows the game without one; 404 for an unknown id."""

from __future__ import annotations

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
        data = load_game(game).board_data()
    except ArsenaleError as e:
        raise Refusal(404, str(e), "arsenale: game ids") from None
    if data is None:
        return Response(status_code=204)
    return data
