"""One game: a seat's view, its actions, and once it is over its record and replay."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from arsenale.core.record import replay
from arsenale.i18n import _
from arsenale.server.limits import bearer
from arsenale.server.live import Refusal, game_view
from arsenale.server.routes.answers import REFUSALS, GameView, ReplayView, refusals
from arsenale.server.routes.deps import HubDep, find_game

router = APIRouter(responses=REFUSALS)


class Move(BaseModel):
    """An action of the seat whose token comes with it, on the view of ply `ply` (a JSON
    integer: not `false`, `"0"` or `0.0`)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    ply: int = Field(ge=0)
    action: dict[str, Any] | str = Field(description="the JSON form or the text notation")


@router.get(
    "/api/games/{game_id}/view",
    operation_id="view",
    responses={200: {"model": GameView}, **refusals(401)},
)
async def view(game_id: str, request: Request, hub: HubDep) -> dict[str, Any]:
    live = await find_game(hub, game_id)
    return live.view(live.seat_of(bearer(request)))


@router.post(
    "/api/games/{game_id}/actions",
    operation_id="act",
    responses={200: {"model": GameView}, **refusals(401, 403, 409)},
)
async def act(game_id: str, body: Move, request: Request, hub: HubDep) -> dict[str, Any]:
    live = await find_game(hub, game_id)
    seat = live.seat_of(bearer(request))
    return await hub.play(live, seat, body.ply, body.action)


@router.get("/api/games/{game_id}/record", operation_id="record", responses=refusals(401, 409))
async def record(game_id: str, request: Request, hub: HubDep) -> dict[str, Any]:
    live = await find_game(hub, game_id)
    if not live.state.over:
        raise Refusal(409, _("the record is published once the game is over"), "arsenale: record")
    out = live.state.record(live.seats)
    if live.reads_chat(live.seat_of(bearer(request))):
        out["chat"] = await hub.whole_chat(live)  # the table's chat, for those who may read it
    return out


@router.get(
    "/api/games/{game_id}/replay/{ply}",
    operation_id="replay",
    responses={200: {"model": ReplayView}, **refusals(401, 409)},
)
async def replay_view(
    game_id: str, ply: int, request: Request, hub: HubDep, seat: int | None = None
) -> dict[str, Any]:
    live = await find_game(hub, game_id)
    reader = live.seat_of(bearer(request))
    if not live.state.over:
        raise Refusal(409, _("replays open once the game is over"), "arsenale: record")
    plies = live.state.ply
    if not 0 <= ply <= plies:
        raise Refusal(
            422, _("ply must be between 0 and {plies}").format(plies=plies), "arsenale: record"
        )
    if seat is not None and not 0 <= seat < live.state.players:
        raise Refusal(422, _("there is no seat {seat}").format(seat=seat), "arsenale: seats")
    past = await asyncio.to_thread(replay, live.state.record(live.seats), ply)
    out = game_view(live, past, seat, before=ply)
    out["plies"] = plies
    if live.reads_chat(reader):  # what was said up to that ply (a seat's token, or open chat)
        out["chat"] = [m for m in await hub.whole_chat(live) if m["ply"] <= ply]
    return out
