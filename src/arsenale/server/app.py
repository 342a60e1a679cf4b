"""The HTTP and WebSocket API and the page (docs/server.md).

Every refusal is a JSON `{"error", "rule"}` with its status, and changes nothing. A seat's
token travels as `Authorization: Bearer TOKEN` (or `?token=` on the WebSocket); without one
the caller is a spectator. Responses carry only `GameState.view(seat)` and the events that
seat may see; the seed, the bots' seeds and the other seats' tokens never leave the server,
and the record (the game's seed included) only once the game is over.

`create_app` assembles the routers of `server/routes/` with the limits of `limits.py`; the
routes reach the hub (`live.py`) and the rate limiter through `app.state`.
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from arsenale.server.limits import BURST, MAX_BODY, RATE, BodyLimit, RateLimiter, bearer, refuse
from arsenale.server.live import Hub, Refusal
from arsenale.server.routes import accounts, boards, games, lobby, pages, socket, table
from arsenale.server.storage import Store


def quiet_garbage_collector() -> None:
    """Make the cyclic garbage collector's full passes rare, for a long-running server.

    A full pass scans every live object (each game's state, log and bots) while the event
    loop waits: in the load benchmark (100 games) they took 100 to 170 ms each, about one every
    4 seconds, and made the slowest moves. Live objects are freed by reference counting
    anyway; cycles are rare here, so larger thresholds lose little memory. What exists at
    start-up (modules, the app) is frozen out of the scans for good."""
    gc.freeze()
    gc.set_threshold(50_000, 20, 10)


async def refusal(_request: Request, e: Refusal) -> JSONResponse:
    return refuse(e.status, e.error, e.rule)


async def invalid_request(_request: Request, e: RequestValidationError) -> JSONResponse:
    errors = e.errors()
    if any(err.get("type") == "json_invalid" for err in errors):
        return refuse(400, "the body is not valid JSON", "arsenale: API format")
    parts = []
    for err in errors[:3]:
        where = ".".join(str(p) for p in err.get("loc", ()) if p != "body")
        parts.append(f"{where or 'body'}: {err.get('msg')}")
    return refuse(422, "; ".join(parts), "arsenale: API format")


async def rate_limit(request: Request, call_next: Any) -> Any:
    """Every API call but the health check spends one request of its token's (or address's)
    bucket; 429 once it is empty."""
    if request.url.path.startswith("/api/") and request.url.path != "/api/health":
        key = bearer(request) or (request.client.host if request.client else "?")
        limiter: RateLimiter = request.app.state.limiter
        if not limiter.allow(key):
            return refuse(429, "too many requests: slow down", "arsenale: limits")
    return await call_next(request)


def create_app(
    db_url: str = "sqlite:///arsenale.sqlite3",
    bot_delay: float = 0.5,
    rate: float = RATE,
    burst: float = BURST,
) -> FastAPI:
    """The app, storing games in `db_url`; bots wait `bot_delay` seconds before each move;
    each token (or address) may make `rate` API requests per second, `burst` at once."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await asyncio.to_thread(Store, db_url)
        hub = Hub(store, bot_delay=bot_delay)
        app.state.hub = hub
        await hub.resume_all()
        yield
        await hub.close()

    app = FastAPI(
        title="Arsenale",
        summary="Play Serenissima and its cousins: lobby, live games, bots, replays.",
        version="1",
        lifespan=lifespan,
    )
    app.state.limiter = RateLimiter(rate, burst)
    app.exception_handler(Refusal)(refusal)
    app.exception_handler(RequestValidationError)(invalid_request)
    app.middleware("http")(rate_limit)
    app.include_router(lobby.router)
    app.include_router(games.router)
    app.include_router(table.router)
    app.include_router(accounts.router)
    app.include_router(boards.router)
    app.include_router(socket.router)
    if pages.STATIC.is_dir():
        app.mount("/static", StaticFiles(directory=pages.STATIC), name="static")
    app.include_router(pages.router)
    app.add_middleware(BodyLimit, limit=MAX_BODY)
    return app
