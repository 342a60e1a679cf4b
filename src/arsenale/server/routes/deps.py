"""What the routers share, passed explicitly: `create_app` puts the rate limiter and (at
start-up) the hub on `app.state`; routes ask for them with `HubDep` and `LimiterDep`."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends
from starlette.requests import HTTPConnection

from arsenale.core.errors import excerpt
from arsenale.i18n import _
from arsenale.server.limits import RateLimiter
from arsenale.server.live import Hub, LiveGame, Refusal


def get_hub(connection: HTTPConnection) -> Hub:
    hub: Hub = connection.app.state.hub
    return hub


def get_limiter(connection: HTTPConnection) -> RateLimiter:
    limiter: RateLimiter = connection.app.state.limiter
    return limiter


HubDep = Annotated[Hub, Depends(get_hub)]
LimiterDep = Annotated[RateLimiter, Depends(get_limiter)]


async def find_game(hub: Hub, game_id: str) -> LiveGame:
    """The live game `game_id`; Refusal 404 if there is none. Called in the route, after the
    request is validated (a malformed request is a 422 even for an unknown game)."""
    live = await hub.get(game_id)
    if live is None:
        raise Refusal(
            404, _("there is no game {id}").format(id=excerpt(game_id)), "arsenale: game ids"
        )
    return live
