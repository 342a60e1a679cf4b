"""Killing the server mid-game loses no acknowledged ply, and the game goes on after a restart.

A real `arsenale serve` process plays Serenissima (2012) with one human seat, driven by this
test over its WebSocket and HTTP, and two heuristic bots moving on their own. A view the
server sent (a WebSocket push or the answer to a move) acknowledges every ply before its
`ply`. The process is then SIGKILLed while bots are moving, started again on the same
database, and must show every acknowledged ply, the same history, and go on playing.
"""

from __future__ import annotations

import contextlib
import json
import random
import time
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from .helpers import ServerProcess

GAME = "serenissima-2012"
SEATS = ["human", "heuristic", "heuristic"]
HUMAN = 0
KILL_AFTER = 60  # acknowledged plies before the kill
WAIT = 60.0  # seconds any phase may take before the test gives up


class Seat:
    """The human seat's client: a WebSocket for pushes, HTTP for moves; it keeps every view
    the server acknowledged, by ply."""

    def __init__(self, server: ServerProcess, game_id: str, token: str, seed: int) -> None:
        self.server = server
        self.game_id = game_id
        self.token = token
        self.http = httpx.Client(
            base_url=server.base_url, headers={"Authorization": f"Bearer {token}"}, timeout=10
        )
        self._stack = contextlib.ExitStack()
        self.ws: ClientConnection = self._stack.enter_context(
            connect(f"{server.ws_url}/ws/games/{game_id}", open_timeout=10)
        )
        self.ws.send(json.dumps({"token": token}))  # the token never goes in the URL
        self.rng = random.Random(seed)
        self.acked: dict[int, dict[str, Any]] = {}
        self.moves_accepted = 0
        self.bot_plies = 0

    def close(self) -> None:
        self.http.close()
        with contextlib.suppress(ConnectionClosed):
            self._stack.close()

    def _seen(self, view: dict[str, Any]) -> None:
        assert view["id"] == self.game_id
        assert view["seat"] == HUMAN
        self.acked[view["ply"]] = view

    def top(self) -> int:
        return max(self.acked)

    def step(self) -> dict[str, Any]:
        """Wait for the next push; if it asks the human for a decision, make a random legal
        move over HTTP. Returns the pushed view."""
        view = self.receive()
        if view["status"] == "active" and HUMAN in view["to_move"] and view["legal"]:
            self.move(view)
        return view

    def receive(self) -> dict[str, Any]:
        view: dict[str, Any] = json.loads(self.ws.recv(timeout=WAIT))
        if self.acked and view["ply"] > self.top():
            self.bot_plies += 1  # the human's own plies are recorded from the answer first
        self._seen(view)
        return view

    def move(self, view: dict[str, Any]) -> None:
        choice = self.rng.choice(view["legal"])
        while True:
            r = self.http.post(
                f"/api/games/{self.game_id}/actions",
                json={"ply": view["ply"], "action": choice["action"]},
            )
            if r.status_code != 429:
                break
            time.sleep(0.2)  # the per-token rate limit: a refusal changes nothing; retry
        if r.status_code == 200:
            answer = r.json()
            assert answer["ply"] > view["ply"]
            self._seen(answer)
            self.moves_accepted += 1
        else:  # a bot acted first in a simultaneous decision: the ply moved on
            assert r.status_code == 409, (r.status_code, r.text)


def _same_history(old: dict[str, Any], new: dict[str, Any]) -> int:
    """Checks that the log entries of an earlier view are those of a later view, over the plies
    both log tails cover; returns how many entries were compared."""
    limit = old["ply"]
    a = [(e["ply"], e["text"]) for e in old["log"] if e["ply"] < limit]
    b = [(e["ply"], e["text"]) for e in new["log"] if e["ply"] < limit]
    if not a or not b:
        return 0
    start = max(a[0][0], b[0][0]) + 1  # a tail may hold only part of its oldest ply
    a = [e for e in a if e[0] >= start]
    b = [e for e in b if e[0] >= start]
    assert a == b, f"the history before ply {limit} changed"
    return len(a)


@pytest.mark.parametrize("db", ["sqlite", "postgresql"])
def test_killed_server_keeps_every_acknowledged_ply_and_goes_on(
    db: str,
    request: pytest.FixtureRequest,
    tmp_path: Any,
    serve: Callable[..., ServerProcess],
) -> None:
    if db == "sqlite":
        db_url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    else:
        db_url = request.getfixturevalue("pg_url")

    # -- before: play until enough plies are acknowledged, then kill while bots move -------
    server = serve(db_url, bot_delay=0.02)
    created = httpx.post(
        f"{server.base_url}/api/games",
        json={"game": GAME, "players": len(SEATS), "seats": SEATS, "options": {}},
        timeout=10,
    )
    assert created.status_code == 201, created.text
    game_id = created.json()["id"]
    token = created.json()["seats"][HUMAN]["token"]
    seat = Seat(server, game_id, token, seed=5)
    deadline = time.monotonic() + WAIT
    seat.step()
    while (
        seat.top() < KILL_AFTER
        or seat.moves_accepted == 0
        or HUMAN in seat.acked[seat.top()]["to_move"]
    ):
        assert time.monotonic() < deadline, f"only {seat.top()} plies in {WAIT}s"
        assert seat.acked[seat.top()]["status"] == "active", "the game ended before the kill"
        seat.step()
    # The human owes nothing: the bots are moving right now.
    server.kill()
    with pytest.raises((ConnectionClosed, TimeoutError)):
        while True:
            seat.receive()  # pushes sent before the kill acknowledge their ply too
    seat.close()
    acked = seat.acked
    top = max(acked)
    print(
        f"killed: {len(acked)} views acknowledged, up to ply {top}; {seat.moves_accepted} human moves, {seat.bot_plies} bot plies pushed"
    )
    assert seat.moves_accepted > 0 and seat.bot_plies > 0

    # -- after a restart with the bots held back: nothing acknowledged is missing ----------
    server = serve(db_url, bot_delay=600)
    http = httpx.Client(
        base_url=server.base_url, headers={"Authorization": f"Bearer {token}"}, timeout=10
    )
    resumed = http.get(f"/api/games/{game_id}/view")
    assert resumed.status_code == 200, resumed.text
    now = resumed.json()
    assert now["ply"] >= top, f"acknowledged ply {top} is gone: the server is at {now['ply']}"
    print(f"restarted at ply {now['ply']}")
    if now["ply"] == top:  # nothing was in flight: the very same view
        assert now == acked[top]
    assert sum(_same_history(old, now) for old in acked.values()) > 0
    listed = httpx.get(f"{server.base_url}/api/games", timeout=10).json()["games"]
    assert [g["ply"] for g in listed if g["id"] == game_id] == [now["ply"]]
    http.close()
    server.stop()

    # -- and with bots moving again: the game goes on, the human's moves are accepted ------
    server = serve(db_url, bot_delay=0.02)
    seat = Seat(server, game_id, token, seed=6)
    start = seat.step()
    assert start["ply"] >= now["ply"]  # the connect view: where the game stands
    _same_history(now, start)
    deadline = time.monotonic() + WAIT
    while seat.moves_accepted < 2 or seat.bot_plies < 2:
        assert time.monotonic() < deadline, "the game did not go on after the restart"
        if seat.acked[seat.top()]["status"] == "over":
            break
        seat.step()
    assert seat.top() > now["ply"]
    seat.close()
