"""The page's HTML files (their scripts and styles are mounted at /static by `create_app`)."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse

STATIC = Path(__file__).parents[1] / "static"

router = APIRouter(include_in_schema=False)


def page(name: str) -> FileResponse:
    return FileResponse(STATIC / name, headers={"Cache-Control": "no-cache"})


@router.get("/")
async def lobby() -> FileResponse:
    return page("index.html")


@router.get("/game/{game_id}")
async def game_page(game_id: str) -> FileResponse:
    return page("game.html")


@router.get("/replay/{game_id}")
async def replay_page(game_id: str) -> FileResponse:
    return page("replay.html")
