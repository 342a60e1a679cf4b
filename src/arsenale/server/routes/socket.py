"""The WebSocket of a game: the seat's view on connect and after every accepted ply (pushed
by `Hub.push`), and actions as over HTTP.

The seat's token comes in the first message, `{"token": "..."}` (`{"token": null}` for a
spectator), never in the URL, which proxies log: a URL with `?token=` is refused. Opening a
socket costs one request of the rate limit (the token's, once known to open a seat of the
game, or the address's), and sockets are capped per seat token, per game and per client
address; a refused socket is closed with a 44xx code (`CLOSE_CODES`) and the refusal's
message as its reason.

After the view, a message `{"ply": N, "action": ...}` plays an action exactly as
`POST /api/games/{id}/actions` does: accepted, the new view arrives as a push; refused, the
refusal comes back as `{"error", "rule", "status"}`. `"view"` asks for the view again;
anything else is a keep-alive.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from arsenale import i18n
from arsenale.i18n import _
from arsenale.server.limits import RULE_FORMAT, RULE_LIMITS, SocketCaps, address
from arsenale.server.live import RULE_TOKEN, Refusal
from arsenale.server.routes.deps import HubDep, LimiterDep

router = APIRouter()

HELLO_SECONDS = 10.0  # the first message must come this soon
SILENT_SECONDS = 300.0  # a socket silent this long is closed (the page pings every minute)
MAX_MESSAGE = 4096  # characters of one message from the client

CLOSE_CODES = {400: 4400, 401: 4401, 404: 4404, 429: 4429}
"""A refused socket's close code: 4000 + the HTTP status the same refusal has over HTTP."""


async def refuse(websocket: WebSocket, status: int, reason: str) -> None:
    # a close frame's reason holds at most 123 bytes
    await websocket.close(
        code=CLOSE_CODES[status], reason=reason.encode()[:120].decode(errors="ignore")
    )


async def hello(websocket: WebSocket) -> tuple[str | None, str]:
    """The token of the socket's first message (None: a spectator) and the language of its
    pushes (the message's `lang` when it names one we have, else the connection's); Refusal
    if the message does not come in time or is not `{"token": ...[, "lang": ...]}`."""
    try:
        text = await asyncio.wait_for(websocket.receive_text(), timeout=HELLO_SECONDS)
    except (TimeoutError, KeyError):  # KeyError: a binary frame
        raise Refusal(400, _('send {"token": ...} first, as text'), RULE_TOKEN) from None
    try:
        message = json.loads(text) if len(text) <= MAX_MESSAGE else None
    except ValueError:
        message = None
    if not isinstance(message, dict) or "token" not in message or set(message) - {"token", "lang"}:
        raise Refusal(400, _('the first message must be {"token": TOKEN or null}'), RULE_TOKEN)
    token = message["token"]
    if token is not None and not isinstance(token, str):
        raise Refusal(400, _("the token must be a string or null"), RULE_TOKEN)
    lang = message.get("lang")
    return token or None, lang if lang in i18n.LANGUAGES else i18n.current()


@router.websocket("/ws/games/{game_id}")
async def socket(websocket: WebSocket, game_id: str, hub: HubDep, limiter: LimiterDep) -> None:
    await websocket.accept()
    if "token" in websocket.query_params:
        await refuse(websocket, 400, _('a token in the URL is refused: send {"token": ...} first'))
        return
    caps: SocketCaps = websocket.app.state.sockets
    where = address(websocket)
    if hub.sockets_of.get(where, 0) >= caps.per_address:
        await refuse(
            websocket, 429, _("at most {n} sockets per address").format(n=caps.per_address)
        )
        return
    hub.sockets_of[where] = hub.sockets_of.get(where, 0) + 1
    live = None
    try:
        token, language = await hello(websocket)
        i18n.use(language)  # the socket's views and refusals, as its pushes
        # a connection costs a request, of the token's bucket once it is known to be good
        verified = token is not None and hub.verified(game_id, token)
        if not limiter.allow(f"token:{token}" if verified else f"address:{where}"):
            raise Refusal(429, _("too many requests: slow down"), RULE_LIMITS)
        live = await hub.get(game_id)
        if live is None:
            await refuse(websocket, 404, _("no such game"))
            return
        seat = live.seat_of(token)
        if len(live.sockets) >= caps.per_game:
            await refuse(websocket, 429, _("at most {n} sockets per game").format(n=caps.per_game))
            return
        if seat is not None and sum(s == seat for s in live.sockets.values()) >= caps.per_token:
            await refuse(websocket, 429, _("at most {n} sockets per seat").format(n=caps.per_token))
            return
        live.sockets[websocket] = seat
        live.speaks[websocket] = language  # its pushes come in its own language
        key = f"token:{token}" if token else f"address:{where}"
        await websocket.send_json(live.view(seat))
        while True:
            text = await asyncio.wait_for(websocket.receive_text(), timeout=SILENT_SECONDS)
            if len(text) > MAX_MESSAGE:
                break
            if text.strip() == "view":
                if limiter.allow(key):
                    await websocket.send_json(live.view(seat))
                continue
            try:
                move = action_of(text)
                if move is None:
                    continue  # a keep-alive
                if not limiter.allow(key):
                    raise Refusal(429, _("too many requests: slow down"), RULE_LIMITS)
                await hub.play(live, seat, move.get("ply"), move.get("action"))
            except Refusal as e:
                await websocket.send_json({**e.to_json(), "status": e.status})
    except Refusal as e:
        with contextlib.suppress(Exception):
            await refuse(websocket, e.status, e.error)
    except (WebSocketDisconnect, TimeoutError, RuntimeError, KeyError):
        pass  # gone, silent, or a binary frame (receive_text has no "text"): closed
    finally:
        if live is not None:
            live.drop_socket(websocket)
        left = hub.sockets_of.get(where, 1) - 1
        if left > 0:
            hub.sockets_of[where] = left
        else:
            hub.sockets_of.pop(where, None)


def action_of(text: str) -> dict[str, Any] | None:
    """An action message `{"ply", "action"}`, or None for anything else (a keep-alive);
    Refusal 422 for an object with other fields, as over HTTP."""
    if not text.lstrip().startswith("{"):
        return None
    try:
        message = json.loads(text)
    except ValueError:
        raise Refusal(400, _("the message is not valid JSON"), RULE_FORMAT) from None
    if not isinstance(message, dict) or set(message) != {"ply", "action"}:
        raise Refusal(422, _('an action message is {"ply": N, "action": ...}'), RULE_FORMAT)
    if not isinstance(message["action"], dict | str):
        raise Refusal(422, _("action: a JSON object or the text notation"), RULE_FORMAT)
    return message
