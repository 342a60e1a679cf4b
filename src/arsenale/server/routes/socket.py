"""The WebSocket of a game: the seat's view on connect and after every accepted ply (pushed
by `Hub.push`); the page acts over HTTP."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from arsenale.server.live import Refusal
from arsenale.server.routes.deps import HubDep, LimiterDep

router = APIRouter()


@router.websocket("/ws/games/{game_id}")
async def socket(
    websocket: WebSocket,
    game_id: str,
    hub: HubDep,
    limiter: LimiterDep,
    token: str | None = None,
) -> None:
    live = await hub.get(game_id)
    if live is None:
        await websocket.close(code=4404, reason="no such game")
        return
    try:
        seat = live.seat_of(token)
    except Refusal as e:
        await websocket.close(code=4401, reason=e.error)
        return
    await websocket.accept()
    live.sockets[websocket] = seat
    try:
        await websocket.send_json(live.view(seat))
        while True:  # the page acts over HTTP; anything it sends here is a keep-alive
            text = await asyncio.wait_for(websocket.receive_text(), timeout=300)
            if len(text) > 1024:
                break
            if text.strip() == "view" and limiter.allow(token or f"ws:{id(websocket)}"):
                await websocket.send_json(live.view(seat))
    except (WebSocketDisconnect, TimeoutError, RuntimeError):
        pass
    finally:
        live.sockets.pop(websocket, None)
