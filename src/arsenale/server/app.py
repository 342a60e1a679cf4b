"""The HTTP and WebSocket API and the page (docs/server.md).

Every refusal is a JSON `{"error", "rule"}` with its status, and changes nothing. A seat's
token travels as `Authorization: Bearer TOKEN` (or `?token=` on the WebSocket); without one
the caller is a spectator. Responses carry only `GameState.view(seat)` and the events that
seat may see; the seed and the other seats' tokens never leave the server, and the record
(seed included) only once the game is over.
"""

from __future__ import annotations

import asyncio
import gc
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from arsenale.bots.ismcts import parse_budget
from arsenale.bots.registry import is_human, make_bot, parse_spec
from arsenale.core.errors import ArsenaleError
from arsenale.core.record import replay
from arsenale.core.registry import game_ids, load_game
from arsenale.server.live import Hub, LiveGame, Refusal, game_view
from arsenale.server.storage import Store

STATIC = Path(__file__).parent / "static"
MAX_BODY = 16 * 1024  # bytes: an action or a new game is far smaller
RATE = 20.0  # requests per second per token (or per address without one), ...
BURST = 60.0  # ... with this many allowed at once
MAX_BOT_SECONDS = 5.0  # the longest think a served bot may be given
MAX_BOT_ITERATIONS = 100_000
SEAT_KINDS = ["human", "random", "heuristic", "ismcts:1s", "ismcts+heuristic:1s", "ismcts:3s"]


class NewGame(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str
    players: int
    seats: list[str]
    options: dict[str, Any] = Field(default_factory=dict)


class Move(BaseModel):
    model_config = ConfigDict(extra="forbid")
    ply: int
    action: dict[str, Any] | str


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


def quiet_garbage_collector() -> None:
    """Make the cyclic garbage collector's full passes rare, for a long-running server.

    A full pass scans every live object (each game's state, log and bots) while the event
    loop waits: in the load benchmark (100 games) they took 100 to 170 ms each, about one every
    4 seconds, and made the slowest moves. Live objects are freed by reference counting
    anyway; cycles are rare here, so larger thresholds lose little memory. What exists at
    start-up (modules, the app) is frozen out of the scans for good."""
    gc.freeze()
    gc.set_threshold(50_000, 20, 10)


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


def _bearer(request: Request) -> str | None:
    header = request.headers.get("authorization")
    if not header:
        return None
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" else header.strip()


def check_seat_spec(spec: str) -> None:
    """A served bot may think at most MAX_BOT_SECONDS (or MAX_BOT_ITERATIONS)."""
    if is_human(spec):
        return
    _kind, budget = parse_spec(spec)
    if budget is not None:
        seconds, iterations = parse_budget(budget)
        if (seconds or 0) > MAX_BOT_SECONDS or (iterations or 0) > MAX_BOT_ITERATIONS:
            raise ArsenaleError(
                f"bot {spec!r} thinks too long for this server "
                f"(at most {MAX_BOT_SECONDS:g}s or {MAX_BOT_ITERATIONS}it)"
            )


def create_app(
    db_url: str = "sqlite:///arsenale.sqlite3",
    bot_delay: float = 0.5,
    rate: float = RATE,
    burst: float = BURST,
) -> FastAPI:
    """The app, storing games in `db_url`; bots wait `bot_delay` seconds before each move;
    each token (or address) may make `rate` API requests per second, `burst` at once."""
    state: dict[str, Hub] = {}

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        store = await asyncio.to_thread(Store, db_url)
        hub = Hub(store, bot_delay=bot_delay)
        state["hub"] = hub
        await hub.resume_all()
        yield
        await hub.close()

    app = FastAPI(
        title="Arsenale",
        summary="Play Serenissima and its cousins: lobby, live games, bots, replays.",
        version="1",
        lifespan=lifespan,
    )
    limiter = RateLimiter(rate, burst)

    def hub() -> Hub:
        return state["hub"]

    @app.exception_handler(Refusal)
    async def _refusal(_request: Request, e: Refusal) -> JSONResponse:
        return refuse(e.status, e.error, e.rule)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, e: RequestValidationError) -> JSONResponse:
        errors = e.errors()
        if any(err.get("type") == "json_invalid" for err in errors):
            return refuse(400, "the body is not valid JSON", "arsenale: API format")
        parts = []
        for err in errors[:3]:
            where = ".".join(str(p) for p in err.get("loc", ()) if p != "body")
            parts.append(f"{where or 'body'}: {err.get('msg')}")
        return refuse(422, "; ".join(parts), "arsenale: API format")

    @app.middleware("http")
    async def _rate_limit(request: Request, call_next: Any) -> Any:
        if request.url.path.startswith("/api/") and request.url.path != "/api/health":
            key = _bearer(request) or (request.client.host if request.client else "?")
            if not limiter.allow(key):
                return refuse(429, "too many requests: slow down", "arsenale: limits")
        return await call_next(request)

    async def live_game(game_id: str) -> LiveGame:
        live = await hub().get(game_id)
        if live is None:
            raise Refusal(404, f"there is no game {game_id!r}", "arsenale: game ids")
        return live

    # -- API -----------------------------------------------------------------------------------

    @app.get("/api/health")
    async def health() -> dict[str, bool]:
        return {"ok": True}

    @app.get("/api/catalog")
    async def catalog() -> dict[str, Any]:
        games = []
        for gid in game_ids():
            game = load_game(gid)
            games.append(
                {
                    "id": game.id,
                    "name": game.title,
                    "players": [game.min_players, game.max_players],
                    "options": [
                        {"name": o.name, "default": o.default, "help": o.help} for o in game.options
                    ],
                }
            )
        return {"games": games, "seats": SEAT_KINDS}

    @app.post("/api/games", status_code=201)
    async def new_game(body: NewGame, request: Request) -> dict[str, Any]:
        try:
            game = load_game(body.game)
        except ArsenaleError as e:
            raise Refusal(422, str(e), "arsenale: game ids") from None
        if len(body.seats) != body.players:
            raise Refusal(
                422,
                f"{body.players} players need {body.players} seats, got {len(body.seats)}",
                "arsenale: seats",
            )
        try:
            for spec in body.seats:
                check_seat_spec(spec)
                if not is_human(spec):
                    make_bot(spec, game, 0)
            live, tokens = await hub().create(
                game, body.players, [s.strip().lower() for s in body.seats], body.options
            )
        except ArsenaleError as e:
            raise Refusal(422, str(e), "arsenale: new game") from None
        return {
            "id": live.id,
            "seats": [
                {
                    "seat": s,
                    "kind": spec,
                    "token": tokens.get(s),
                    "url": f"/game/{live.id}#token={tokens[s]}" if s in tokens else None,
                }
                for s, spec in enumerate(live.seats)
            ],
            "spectator_url": f"/game/{live.id}",
        }

    @app.get("/api/games")
    async def list_games() -> dict[str, Any]:
        rows = await hub().db(hub().store.recent_games, 100)
        out = []
        for row, plies in rows:
            live = hub().games.get(row.id)
            out.append(
                {
                    "id": row.id,
                    "game": row.game,
                    "players": row.players,
                    "seats": row.seats,
                    "ply": live.state.ply if live else plies,
                    "status": live.status if live else row.status,
                    "to_move": list(live.state.to_move()) if live else [],
                    "created_at": row.created_at.isoformat() if row.created_at else None,
                }
            )
        return {"games": out}

    @app.get("/api/games/{game_id}/view")
    async def view(game_id: str, request: Request) -> dict[str, Any]:
        live = await live_game(game_id)
        return live.view(live.seat_of(_bearer(request)))

    @app.post("/api/games/{game_id}/actions")
    async def act(game_id: str, body: Move, request: Request) -> dict[str, Any]:
        live = await live_game(game_id)
        seat = live.seat_of(_bearer(request))
        return await hub().play(live, seat, body.ply, body.action)

    @app.get("/api/games/{game_id}/record")
    async def record(game_id: str) -> dict[str, Any]:
        live = await live_game(game_id)
        if not live.state.over:
            raise Refusal(409, "the record is published once the game is over", "arsenale: record")
        return live.state.record(live.seats)

    @app.get("/api/games/{game_id}/replay/{ply}")
    async def replay_view(game_id: str, ply: int, seat: int | None = None) -> dict[str, Any]:
        live = await live_game(game_id)
        if not live.state.over:
            raise Refusal(409, "replays open once the game is over", "arsenale: record")
        plies = live.state.ply
        if not 0 <= ply <= plies:
            raise Refusal(422, f"ply must be between 0 and {plies}", "arsenale: record")
        if seat is not None and not 0 <= seat < live.state.players:
            raise Refusal(422, f"there is no seat {seat}", "arsenale: seats")
        past = await asyncio.to_thread(replay, live.state.record(live.seats), ply)
        out = game_view(live, past, seat, [e for e in live.log if e[0] < ply])
        out["plies"] = plies
        return out

    @app.get("/api/boards/{game}")
    async def board(game: str) -> dict[str, Any]:
        try:
            data = load_game(game).board_data()
        except ArsenaleError as e:
            raise Refusal(404, str(e), "arsenale: game ids") from None
        if data is None:
            raise Refusal(404, f"{game} has no board drawing", "arsenale: game ids")
        return data

    # -- WebSocket -----------------------------------------------------------------------------

    @app.websocket("/ws/games/{game_id}")
    async def socket(websocket: WebSocket, game_id: str, token: str | None = None) -> None:
        live = await hub().get(game_id)
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

    # -- the page ------------------------------------------------------------------------------

    if STATIC.is_dir():
        app.mount("/static", StaticFiles(directory=STATIC), name="static")

    def page(name: str) -> FileResponse:
        return FileResponse(STATIC / name, headers={"Cache-Control": "no-cache"})

    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return page("index.html")

    @app.get("/game/{game_id}", include_in_schema=False)
    async def game_page(game_id: str) -> FileResponse:
        return page("game.html")

    @app.get("/replay/{game_id}", include_in_schema=False)
    async def replay_page(game_id: str) -> FileResponse:
        return page("replay.html")

    app.add_middleware(BodyLimit, limit=MAX_BODY)
    return app
