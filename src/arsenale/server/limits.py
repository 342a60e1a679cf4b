"""The server's limits and the shape of its refusals: a `{"error", "rule"}` body with its
status; request bodies of at most a few kilobytes, declared or streamed; request rates per
verified token or per address, and a slower one for new games per address; caps on the
WebSockets of a token, of a game and of an address.

A rate limit is keyed on what the server has checked: the client's address, or a seat token
once it is known to open a seat of the game the request names. A made-up bearer value
counts against its sender's address, so sending random ones wins nothing.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass

from fastapi import HTTPException, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY = 16 * 1024  # bytes: an action or a new game is far smaller
RATE = 20.0  # requests per second per verified token (or per address), ...
BURST = 60.0  # ... with this many allowed at once
NEW_GAMES = 10  # new games per address: this many at once, and this many a minute


@dataclass(frozen=True)
class SocketCaps:
    """How many WebSockets may be open (or opening) at once."""

    per_token: int = 4  # a seat's tabs and devices
    per_game: int = 64  # players and spectators of one table
    per_address: int = 32  # whatever the game


SOCKET_CAPS = SocketCaps()


RULE_LIMITS = "arsenale: limits"
RULE_FORMAT = "arsenale: API format"


class Refused(BaseModel):
    """Every refusal's body: what is wrong, and the rule or the part of the API it breaks."""

    error: str
    rule: str | None
    words: str | None = None
    """A refused move only: the refusal in words alone, no move quoted in notation (what
    the page shows)."""


def refuse(
    status: int,
    error: str,
    rule: str | None = None,
    headers: Mapping[str, str] | None = None,
    words: str | None = None,
) -> JSONResponse:
    body = {"error": error, "rule": rule}
    if words is not None:
        body["words"] = words
    return JSONResponse(body, status_code=status, headers=headers)


def too_large(limit: int) -> HTTPException:
    return HTTPException(413, f"request body over {limit} bytes")


class BodyLimit:
    """Refuse request bodies over `limit` bytes (413): by their declared length at once, and
    a streamed (chunked) body as soon as it passes the limit."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length" and value.isdigit() and int(value) > self.limit:
                error = too_large(self.limit).detail
                await refuse(413, error, RULE_LIMITS)(scope, receive, send)
                return
        seen = 0
        answered = False

        async def limited() -> Message:
            nonlocal seen, answered
            if answered:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    # answer 413 now; the app, told the client has gone, answers nothing more
                    answered = True
                    error = too_large(self.limit).detail
                    await refuse(413, error, RULE_LIMITS)(scope, receive, send)
                    return {"type": "http.disconnect"}
            return message

        async def unless_answered(message: Message) -> None:
            if not answered:
                await send(message)

        await self.app(scope, limited, unless_answered)


class RateLimiter:
    """A token bucket per key (a verified seat token, or the client's address)."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.buckets: dict[str, tuple[float, float]] = {}

    def allow(self, key: str) -> bool:
        now = time.monotonic()
        level, last = self.buckets.get(key, (self.burst, now))
        level = min(self.burst, level + (now - last) * self.rate)
        if level < 1:
            self.buckets[key] = (level, now)
            return False
        self.buckets[key] = (level - 1, now)
        if len(self.buckets) > 100_000:  # forget idle keys
            self.buckets = {k: v for k, v in self.buckets.items() if now - v[1] < 60}
        return True


def bearer(request: Request) -> str | None:
    """The seat token of `Authorization: Bearer TOKEN`; None without the header."""
    header = request.headers.get("authorization")
    if not header:
        return None
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" else header.strip()


def address(connection: HTTPConnection) -> str:
    """The client's address, as the server saw the connection."""
    return connection.client.host if connection.client else "?"
