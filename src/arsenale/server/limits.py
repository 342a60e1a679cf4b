"""The server's limits and the shape of its refusals: a `{"error", "rule"}` body with its
status, request bodies of at most a few kilobytes, and a request rate per token or address."""

from __future__ import annotations

import time

from fastapi import Request
from fastapi.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY = 16 * 1024  # bytes: an action or a new game is far smaller
RATE = 20.0  # requests per second per token (or per address without one), ...
BURST = 60.0  # ... with this many allowed at once


def refuse(status: int, error: str, rule: str | None = None) -> JSONResponse:
    return JSONResponse({"error": error, "rule": rule}, status_code=status)


class BodyLimit:
    """Refuse request bodies over `limit` bytes (413), declared or streamed."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length" and value.isdigit() and int(value) > self.limit:
                await refuse(413, f"request body over {self.limit} bytes", "arsenale: limits")(
                    scope, receive, send
                )
                return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise _TooLarge
            return message

        try:
            await self.app(scope, limited, send)
        except _TooLarge:
            await refuse(413, f"request body over {self.limit} bytes", "arsenale: limits")(
                scope, receive, send
            )


class _TooLarge(Exception):
    pass


class RateLimiter:
    """A token bucket per key (a seat token, or the client's address)."""

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
