"""The shapes of the API's answers, for the OpenAPI schema (docs/server.md): the routes build
plain dicts, declared `dict[str, Any]` so that pydantic serialises them without validating
them (a route with no response model goes through FastAPI's much slower `jsonable_encoder`:
benchmarks/results/load.md), and the property-based tests (tests/server/test_schema.py)
check every answer against these models. `REFUSALS` declares the
refusals every API route may give, all in the `{"error", "rule"}` shape."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel

from arsenale.server.limits import Refused


class Health(BaseModel):
    ok: bool


class CatalogGame(BaseModel):
    id: str
    name: str
    players: list[int]
    options: list[dict[str, Any]]


class Catalog(BaseModel):
    games: list[CatalogGame]
    seats: list[str]
    seat_words: dict[str, str]  # each seat kind in the viewer's language


class NewSeat(BaseModel):
    seat: int
    kind: str
    token: str | None
    url: str | None


class NewGameAnswer(BaseModel):
    id: str
    seats: list[NewSeat]
    spectator_url: str


class ListedGame(BaseModel):
    id: str
    game: str
    players: int
    seats: list[str]
    ply: int
    status: Literal["active", "over"]
    to_move: list[int]
    created_at: str | None


class GameList(BaseModel):
    games: list[ListedGame]


class SeatLine(BaseModel):
    seat: int
    label: str
    name: str  # the seat's name in the viewer's language (Game.seat_name)
    the: str | None = None  # as a sentence puts it: "the Genoese" (Game.seat_phrase)
    kind: str
    player: str  # `kind` in the viewer's language ("robot heuristique")


class LegalMove(BaseModel):
    action: dict[str, Any]
    text: str


class LogLine(BaseModel):
    ply: int
    text: str


class GameView(BaseModel):
    """What a seat (None: a spectator) sees of a game."""

    id: str
    game: str
    seat: int | None
    ply: int
    status: Literal["active", "over"]
    seats: list[SeatLine]
    to_move: list[int]
    view: dict[str, Any]
    legal: list[LegalMove]
    log: list[LogLine]
    result: dict[str, Any] | None


class ReplayView(GameView):
    plies: int


def refusals(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI `responses` for these refusal statuses, each a `Refused` body."""
    return {status: {"model": Refused, "description": WHY[status]} for status in statuses}


WHY = {
    400: "the body is not JSON",
    401: "the token opens no seat of this game (or was replaced), or no account is signed in",
    403: "not this seat's decision, no token, or not this seat's or host's to do",
    404: "no such game or route",
    405: "the route does not take this method",
    409: "a stale ply, a decision already made, a record asked for before the end, a seat "
    "not yet to be given away, or a name taken",
    413: "the body is too large",
    422: "illegal or malformed action, or bad request fields",
    429: "rate limit",
    500: "the server failed",
}

REFUSALS = refusals(400, 404, 405, 413, 422, 429, 500)
"""What any API route may answer besides its own refusals."""
