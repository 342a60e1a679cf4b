"""The table around a game: its chat, a seat given to a bot when its player is gone, new links
for a seat (the host's), and a seat claimed by an account and opened from another device."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from arsenale.i18n import _
from arsenale.server.limits import bearer
from arsenale.server.live import RULE_TOKEN, LiveGame, Refusal
from arsenale.server.routes.accounts import account_of
from arsenale.server.routes.answers import REFUSALS, refusals
from arsenale.server.routes.deps import HubDep, find_game
from arsenale.server.storage import hash_token
from arsenale.server.table import CHAT_MAX, RULE_CHAT

router = APIRouter(tags=["table"], responses=REFUSALS)


class Say(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    text: str = Field(description=f"one message, 1 to {CHAT_MAX} characters, shown as text")


class ChatMessage(BaseModel):
    n: int = Field(description="the message's number in this game's chat, from 0")
    ply: int = Field(description="the ply the game was at when it was said")
    seat: int | None = Field(description="who said it; null for a notice of the table")
    label: str
    name: str | None = Field(
        None, description="the speaker's seat in the viewer's language; null for a notice"
    )
    text: str = Field(
        description="verbatim, as typed: show it as text, never as HTML (a notice of the "
        "table: in the viewer's language)"
    )
    at: str = Field(description="when, ISO 8601 in UTC")
    notice: dict[str, Any] | None = Field(
        None,
        description="a notice of the table as its kind and parameters, e.g. {kind: 'bot', "
        "seat, why: 'clock' or 'absent', bot, by: the seat that asked or null for the server}",
    )


class ChatLog(BaseModel):
    messages: list[ChatMessage]


class SeatLink(BaseModel):
    game: str
    seat: int
    token: str = Field(description="the seat's new key, shown this once")
    url: str


class Claimed(BaseModel):
    game: str
    seat: int
    username: str


def check_seat(live: LiveGame, seat: int) -> None:
    if not 0 <= seat < live.state.players:
        raise Refusal(422, _("there is no seat {seat}").format(seat=seat), "arsenale: seats")


def chat_reader(live: LiveGame, request: Request) -> int | None:
    seat = live.seat_of(bearer(request))
    if not live.reads_chat(seat):
        raise Refusal(403, _("this table's chat is for its players only"), RULE_CHAT)
    return seat


@router.get(
    "/api/games/{game_id}/chat", response_model=ChatLog, responses=refusals(401, 403, 404, 422)
)
async def read_chat(game_id: str, request: Request, hub: HubDep, since: int = 0) -> dict[str, Any]:
    """The table's chat from message `since` on (players; spectators if the host allows)."""
    live = await find_game(hub, game_id)
    chat_reader(live, request)
    in_memory = since >= live.chat_count - len(live.chat)
    kept = live.chat_words(live.chat) if in_memory else await hub.whole_chat(live)
    return {"messages": [m for m in kept if m["n"] >= since]}


@router.post(
    "/api/games/{game_id}/chat",
    status_code=201,
    response_model=ChatMessage,
    responses=refusals(401, 403, 404, 422, 429),
)
async def say(game_id: str, body: Say, request: Request, hub: HubDep) -> dict[str, Any]:
    """Say something at the table (a seat's token); pushed to the table's sockets as
    `{"chat": message}`."""
    live = await find_game(hub, game_id)
    seat = live.seat_of(bearer(request))
    return await hub.say(live, seat, body.text)


@router.post("/api/games/{game_id}/seats/{seat}/bot", responses=refusals(401, 403, 404, 409, 422))
async def give_to_bot(game_id: str, seat: int, request: Request, hub: HubDep) -> dict[str, Any]:
    """Another player gives a seat that is out of time (or, without a clock, has owed its
    decision past the table's `absent_after`) to the table's bot. Answers the caller's view."""
    live = await find_game(hub, game_id)
    by = live.seat_of(bearer(request))
    if by is None:
        raise Refusal(403, _("only a player at the table may do this"), RULE_TOKEN)
    return await hub.give_to_bot(live, seat, by)


@router.post(
    "/api/games/{game_id}/seats/{seat}/link",
    response_model=SeatLink,
    responses=refusals(403, 404, 409, 422),
)
async def new_link(game_id: str, seat: int, request: Request, hub: HubDep) -> dict[str, Any]:
    """The host (the key given when the game was created) issues a new link for a seat; every
    earlier link of that seat is refused from now on."""
    live = await find_game(hub, game_id)
    key = bearer(request)
    if not key or live.host_hash is None or hash_token(key) != live.host_hash:
        raise Refusal(403, _("only the table's host (the host key) may issue links"), RULE_TOKEN)
    token = await hub.new_link(live, seat)
    return {"game": live.id, "seat": seat, "token": token, "url": f"/game/{live.id}#token={token}"}


@router.post(
    "/api/games/{game_id}/seats/{seat}/claim",
    response_model=Claimed,
    responses=refusals(401, 403, 404, 422),
)
async def claim(game_id: str, seat: int, request: Request, hub: HubDep) -> dict[str, Any]:
    """The signed-in account takes a seat it holds the link of (that seat's token as the
    bearer): it can open the seat from any device afterwards."""
    live = await find_game(hub, game_id)
    check_seat(live, seat)
    account = await account_of(request, hub, required=True)
    assert account is not None
    token = bearer(request)
    if live.seat_of(token) != seat or token is None:
        raise Refusal(
            403, _("send the token of seat {seat} to claim it").format(seat=seat), RULE_TOKEN
        )
    owner = await hub.db(hub.store.seat_owner, live.pk, seat)
    if owner is not None and owner != account.pk:
        raise Refusal(403, _("another account owns this seat"), RULE_TOKEN)
    await hub.db(hub.store.claim_seat, hash_token(token), account.pk)
    return {"game": live.id, "seat": seat, "username": account.username}


@router.post(
    "/api/games/{game_id}/seats/{seat}/open",
    response_model=SeatLink,
    responses=refusals(401, 403, 404, 422),
)
async def open_seat(game_id: str, seat: int, request: Request, hub: HubDep) -> dict[str, Any]:
    """A key to a seat the signed-in account owns, for this device (the other keys stay)."""
    live = await find_game(hub, game_id)
    check_seat(live, seat)
    account = await account_of(request, hub, required=True)
    assert account is not None
    owner = await hub.db(hub.store.seat_owner, live.pk, seat)
    if owner != account.pk:
        raise Refusal(403, _("this account does not own that seat: claim it first"), RULE_TOKEN)
    token = await hub.open_seat(live, seat, account.pk)
    return {"game": live.id, "seat": seat, "token": token, "url": f"/game/{live.id}#token={token}"}
