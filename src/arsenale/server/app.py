"""The HTTP and WebSocket API and the page (docs/server.md).

Every refusal is a JSON `{"error", "rule"}` with its status, and changes nothing (the
handlers here give FastAPI's and Starlette's own refusals that shape too). A seat's token
travels as `Authorization: Bearer TOKEN` (on the WebSocket, in its first message, never in
the URL); without one the caller is a spectator. Responses carry only `GameState.view(seat)` and the events that
seat may see; the seed, the bots' seeds and the other seats' tokens never leave the server,
and the record (the game's seed included) only once the game is over.

`create_app` assembles the routers of `server/routes/` with the limits of `limits.py`; the
routes reach the hub (`live.py`) and the rate limiter through `app.state`.
"""

from __future__ import annotations

import asyncio
import gc
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from arsenale import i18n
from arsenale.core.errors import excerpt
from arsenale.i18n import _
from arsenale.server.language import Speaking, page_messages
from arsenale.server.limits import (
    BURST,
    MAX_BODY,
    NEW_GAMES,
    RATE,
    RULE_FORMAT,
    RULE_LIMITS,
    SOCKET_CAPS,
    BodyLimit,
    RateLimiter,
    SocketCaps,
    address,
    bearer,
    refuse,
)
from arsenale.server.live import IDLE_SECONDS, OVER_SECONDS, Hub, Refusal
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
    return refuse(e.status, e.error, e.rule, words=e.words)


async def http_error(request: Request, e: StarletteHTTPException) -> JSONResponse:
    """Starlette's own refusals (no such route, a method the route does not take, a body
    over the limit) in the refusal shape."""
    path = excerpt(request.url.path)
    if e.status_code == 404:
        error, rule = _("there is nothing at {path}").format(path=path), "arsenale: routes"
    elif e.status_code == 405:
        error = _("{method} is not allowed on {path}").format(method=request.method, path=path)
        rule = "arsenale: routes"
    elif e.status_code == 413:
        error, rule = str(e.detail), RULE_LIMITS
    else:
        error, rule = str(e.detail)[:200], RULE_FORMAT
    return refuse(e.status_code, error, rule, headers=e.headers)


async def invalid_request(_request: Request, e: RequestValidationError) -> JSONResponse:
    """A request FastAPI could not validate: 400 for a body that is not JSON, 422 for fields
    missing, unknown or of the wrong type; the message quotes at most an excerpt of each."""
    errors = e.errors()
    if any(err.get("type") == "json_invalid" for err in errors):
        return refuse(400, _("the body is not valid JSON"), RULE_FORMAT)
    parts = []
    for err in errors[:3]:
        where = ".".join(str(p) for p in err.get("loc", ()) if p != "body")[:40]
        part = f"{where or 'body'}: {err.get('msg')}"
        if "input" in err and err.get("type") != "missing":
            part += f" (got {excerpt(err['input'], 40)})"
        parts.append(part)
    return refuse(422, "; ".join(parts), RULE_FORMAT)


async def server_error(_request: Request, _e: Exception) -> JSONResponse:
    return refuse(500, "the server failed on this request; it is logged", "arsenale: server")


GAME_PATH = re.compile(r"^/api/games/([^/]+)/")


def rate_key(request: Request) -> str:
    """What a request is counted against: its seat token once that token is known to open a
    seat of the game in the path, else the client's address."""
    token = bearer(request)
    if token:
        match = GAME_PATH.match(request.url.path)
        hub: Hub | None = getattr(request.app.state, "hub", None)
        if match and hub is not None and hub.verified(match.group(1), token):
            return "token:" + token
    return "address:" + address(request)


async def rate_limit(request: Request, call_next: Any) -> Any:
    """Every API call but the health check spends one request of its bucket (`rate_key`); a
    new game also one of its address's bucket for new games; 429 once either is empty."""
    path = request.url.path
    if path.startswith("/api/") and path != "/api/health":
        limiter: RateLimiter = request.app.state.limiter
        if not limiter.allow(rate_key(request)):
            return refuse(429, _("too many requests: slow down"), RULE_LIMITS)
        if path == "/api/games" and request.method == "POST":
            creations: RateLimiter = request.app.state.creations
            if not creations.allow(address(request)):
                return refuse(
                    429,
                    _(
                        "too many new games from one address: at most {n} at once and as many "
                        "a minute"
                    ).format(n=f"{creations.burst:g}"),
                    RULE_LIMITS,
                )
    return await call_next(request)


def create_app(
    db_url: str = "sqlite:///arsenale.sqlite3",
    bot_delay: float = 0.5,
    rate: float = RATE,
    burst: float = BURST,
    new_games: float = NEW_GAMES,
    sockets: SocketCaps = SOCKET_CAPS,
    idle_seconds: float = IDLE_SECONDS,
    over_seconds: float = OVER_SECONDS,
) -> FastAPI:
    """The app, storing games in `db_url`; bots wait `bot_delay` seconds before each move;
    each verified token (or address) may make `rate` API requests per second, `burst` at
    once; each address may create `new_games` games at once and as many a minute, and open
    the WebSockets `sockets` allows; games leave memory after `idle_seconds` unused (`over_seconds` once finished)."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await asyncio.to_thread(Store, db_url)
        for language in i18n.LANGUAGES:  # the page's texts, read once before the first page
            await asyncio.to_thread(page_messages, language)
        hub = Hub(store, bot_delay=bot_delay, idle_seconds=idle_seconds, over_seconds=over_seconds)
        app.state.hub = hub
        await hub.resume_all()
        sweeper = asyncio.get_running_loop().create_task(hub.sweeper())
        yield
        sweeper.cancel()
        await hub.close()

    app = FastAPI(
        title="Arsenale",
        summary="Play Serenissima and its cousins: lobby, live games, bots, replays.",
        version="1",
        lifespan=lifespan,
    )
    app.state.limiter = RateLimiter(rate, burst)
    app.state.creations = RateLimiter(new_games / 60, new_games)
    app.state.sockets = sockets
    app.exception_handler(Refusal)(refusal)
    app.exception_handler(StarletteHTTPException)(http_error)
    app.exception_handler(RequestValidationError)(invalid_request)
    app.exception_handler(Exception)(server_error)
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
    app.add_middleware(Speaking)  # outermost: every request in its viewer's language
    return app
