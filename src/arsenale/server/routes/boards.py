"""Board data for the page: what `Game.board_data()` gives, or 404 for a game without it."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from arsenale.core.errors import ArsenaleError
from arsenale.core.registry import load_game
from arsenale.server.live import Refusal

router = APIRouter()


@router.get("/api/boards/{game}")
async def board(game: str) -> dict[str, Any]:
    try:
        data = load_game(game).board_data()
    except ArsenaleError as e:
        raise Refusal(404, str(e), "arsenale: game ids") from None
    if data is None:
        raise Refusal(404, f"{game} has no board drawing", "arsenale: game ids")
    return data
