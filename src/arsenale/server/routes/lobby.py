"""The lobby: health, the catalogue of games and seat kinds, new games, the recent games."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from arsenale.bots.ismcts import parse_budget
from arsenale.bots.registry import is_human, make_bot, parse_spec, player_words
from arsenale.core.errors import ArsenaleError, excerpt
from arsenale.core.registry import game_ids, load_game
from arsenale.server.live import Refusal
from arsenale.server.routes.answers import REFUSALS, Catalog, GameList, Health, NewGameAnswer
from arsenale.server.routes.deps import HubDep
from arsenale.server.table import RULE_TABLE, TableOptions

MAX_BOT_SECONDS = 5.0  # the longest think a served bot may be given
MAX_BOT_ITERATIONS = 100_000
SEAT_KINDS = ["human", "random", "heuristic", "ismcts:1s", "ismcts+heuristic:1s", "ismcts:3s"]

router = APIRouter(responses=REFUSALS)

NEW_GAME_LINKS = {
    name: {"operationId": name, "parameters": {"game_id": "$response.body#/id"}}
    for name in ("view", "act", "record", "replay")
}
"""OpenAPI links: a new game's id is the `game_id` of its view, actions, record and replay."""


class NewGame(BaseModel):
    """A new table: the game's id, the player count, one seat kind per player ("human" or a
    bot spec), and the game's options."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={
            "examples": [
                {"game": "serenissima-2012", "players": 2, "seats": ["human", "human"]},
                {"game": "serenissima-1996", "players": 3, "seats": ["human"] * 3},
            ]
        },
    )
    game: str
    players: int
    seats: list[str]
    options: dict[str, Any] = Field(default_factory=dict)
    table: TableOptions = TableOptions()


def check_seat_spec(spec: str) -> None:
    """A served bot may think at most MAX_BOT_SECONDS (or MAX_BOT_ITERATIONS)."""
    if is_human(spec):
        return
    _kind, budget = parse_spec(spec)
    if budget is not None:
        seconds, iterations = parse_budget(budget)
        if (seconds or 0) > MAX_BOT_SECONDS or (iterations or 0) > MAX_BOT_ITERATIONS:
            raise ArsenaleError(
                f"bot {excerpt(spec)} thinks too long for this server "
                f"(at most {MAX_BOT_SECONDS:g}s or {MAX_BOT_ITERATIONS}it)"
            )


@router.get("/api/health", responses={200: {"model": Health}})
async def health() -> dict[str, bool]:
    return {"ok": True}


@router.get("/api/catalog", responses={200: {"model": Catalog}})
async def catalog() -> dict[str, Any]:
    games = []
    for gid in game_ids():
        game = load_game(gid)
        games.append(
            {
                "id": game.id,
                "name": game.display_title(),
                "players": [game.min_players, game.max_players],
                "options": [
                    {
                        "name": o.name,
                        "label": game.option_label(o),
                        "default": o.default,
                        "choices": game.option_choices(o),
                        "help": game.option_help(o),
                    }
                    for o in game.options
                ],
            }
        )
    words = {spec: player_words(spec) for spec in SEAT_KINDS}
    return {"games": games, "seats": SEAT_KINDS, "seat_words": words}


@router.post(
    "/api/games",
    operation_id="new_game",
    status_code=201,
    responses={201: {"model": NewGameAnswer, "links": NEW_GAME_LINKS}},
)
async def new_game(body: NewGame, hub: HubDep) -> dict[str, Any]:
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
    problem = body.table.check()
    if problem:
        raise Refusal(422, problem, RULE_TABLE)
    try:
        for spec in body.seats:
            check_seat_spec(spec)
            if not is_human(spec):
                make_bot(spec, game, 0)
        live, tokens, host = await hub.create(
            game, body.players, [s.strip().lower() for s in body.seats], body.options, body.table
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
        "host_token": host,
        "private": live.private,
    }


@router.get("/api/games", responses={200: {"model": GameList}})
async def list_games(hub: HubDep) -> dict[str, Any]:
    rows = await hub.db(hub.store.recent_games, 100)
    out = []
    for row, plies in rows:
        live = hub.games.get(row.id)
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
