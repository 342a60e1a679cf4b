"""A server that cannot be flooded (issue 17), against SQLite: rate limits keyed on what the
server has verified, a creation limit per address, capped WebSockets that never carry the
token in their URL, every refusal in the `{"error", "rule"}` shape quoting only an excerpt of
the input, strict request types, games that leave memory when nobody uses them, and secret
choices that are not refused because another seat submitted first."""

from __future__ import annotations

import contextlib
import secrets
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from starlette.websockets import WebSocketDisconnect

from arsenale.core.record import replay
from arsenale.server.app import create_app
from arsenale.server.limits import SocketCaps

from .test_api import auth, new_game, poll, rows, snapshot, view


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'arsenale.sqlite3'}"


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with TestClient(create_app(db, bot_delay=0)) as c:
        yield c


def refused(response: Any, status: int) -> dict[str, Any]:
    """The refusal's body, checked to be exactly `{error, rule}` with that status (a refused
    move adds `words`, what the page shows: docs/server.md)."""
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    assert set(body) - {"words"} == {"error", "rule"} and body["error"], body
    return body


# -- rate limits -------------------------------------------------------------------------------


def test_made_up_bearer_values_count_against_the_address(db: str) -> None:
    """Each random bearer value used to open a fresh bucket; now an unverified token is
    charged to its sender's address, and only a token that opens a seat has its own."""
    with TestClient(create_app(db, bot_delay=0, rate=0.001, burst=5)) as c:
        g = new_game(c, ["human", "human"])  # one request of the address's bucket
        url = f"/api/games/{g['id']}/view"
        codes = [c.get(url, headers=auth(secrets.token_urlsafe(16))).status_code for _ in range(6)]
        assert codes[:4] == [401] * 4 and codes[4:] == [429, 429]
        body = refused(c.get("/api/catalog", headers=auth("made-up")), 429)
        assert body["rule"] == "arsenale: limits"
        # a token that opens a seat has its own bucket, apart from the address's
        token = g["seats"][0]["token"]
        assert c.get(url, headers=auth(token)).status_code == 200
        # a real token of another game does not count as verified for this one
        refused(c.get("/api/games/elsewhere/view", headers=auth(token)), 429)


def test_new_games_have_their_own_limit_per_address(db: str) -> None:
    with TestClient(create_app(db, bot_delay=0, new_games=3)) as c:
        for _ in range(3):
            new_game(c, ["human", "human"])
        payload = {"game": "serenissima-2012", "players": 2, "seats": ["human", "human"]}
        body = refused(c.post("/api/games", json=payload), 429)
        assert body["rule"] == "arsenale: limits" and "new games" in body["error"]
        # random bearer values win nothing here either
        refused(c.post("/api/games", json=payload, headers=auth(secrets.token_urlsafe(16))), 429)
        assert rows(db, "select count(*) from games") == [(3,)]
        assert c.get("/api/catalog").status_code == 200  # the other requests go on


# -- the refusal shape -------------------------------------------------------------------------


def test_every_refusal_has_the_documented_shape(client: TestClient) -> None:
    g = new_game(client, ["human", "human"])
    gid = g["id"]
    token = g["seats"][0]["token"]
    # 404: no such route, under /api and elsewhere; no such game
    assert refused(client.get("/api/nothing-here"), 404)["rule"] == "arsenale: routes"
    refused(client.get("/no/such/page"), 404)
    refused(client.get("/api/games/nope/view"), 404)
    # 405: a method the route does not take
    body = refused(client.delete("/api/catalog"), 405)
    assert "DELETE" in body["error"]
    refused(client.get(f"/api/games/{gid}/actions"), 405)
    refused(client.put("/api/games", json={}), 405)
    # 400: not JSON
    body = refused(
        client.post(
            f"/api/games/{gid}/actions",
            content=b"{nope",
            headers={**auth(token), "content-type": "application/json"},
        ),
        400,
    )
    assert body["rule"] == "arsenale: API format"
    # 422: the wrong fields, a path parameter of the wrong type, a bad query parameter
    refused(client.post("/api/games", json={"game": 3}), 422)
    refused(client.post("/api/games", json=[]), 422)
    refused(client.get(f"/api/games/{gid}/replay/zero"), 422)
    refused(client.get(f"/api/games/{gid}/replay/0?seat=x"), 422)
    # 413: declared too large, and streamed (chunked, no length) past the limit
    big = b'{"ply": 0, "action": "' + b"x" * 20_000 + b'"}'
    headers = {**auth(token), "content-type": "application/json"}
    assert refused(client.post("/api/games", content=big, headers=headers), 413)["rule"] == (
        "arsenale: limits"
    )

    def chunks() -> Iterator[bytes]:
        yield b'{"ply": 0, "action": "'
        for _ in range(40):
            yield b"x" * 1000
        yield b'"}'

    r = client.post(f"/api/games/{gid}/actions", content=chunks(), headers=headers)
    assert "content-length" not in {k.lower() for k in r.request.headers}
    assert refused(r, 413)["rule"] == "arsenale: limits"
    assert rows_of(client) == 0


def rows_of(client: TestClient) -> int:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    with hub.store.sessions() as session:
        return int(session.execute(text("select count(*) from actions")).scalar_one())


def test_refusals_quote_only_an_excerpt_of_the_input(client: TestClient) -> None:
    g = new_game(client, ["human", "human"])
    gid = g["id"]
    v = view(client, gid, None)
    token = g["seats"][v["to_move"][0]]["token"]
    long = "fly " + "a" * 10_000
    answers = [
        client.post(
            f"/api/games/{gid}/actions", json={"ply": v["ply"], "action": long}, headers=auth(token)
        ),
        client.post(
            f"/api/games/{gid}/actions",
            json={"ply": v["ply"], "action": {"kind": "k" * 10_000}},
            headers=auth(token),
        ),
        client.get(f"/api/games/{'g' * 5000}/view"),
        client.get(f"/api/{'p' * 5000}"),
        client.post("/api/games", json={"game": "c" * 10_000, "players": 2, "seats": ["human"]}),
        client.post(
            "/api/games",
            json={"game": "serenissima-2012", "players": 2, "seats": ["human", "w" * 10_000]},
        ),
        client.post(
            "/api/games",
            json={
                "game": "serenissima-2012",
                "players": 2,
                "seats": ["human", "human"],
                "options": {"o" * 10_000: 1},
            },
        ),
        client.post("/api/games", json={"game": "x", "players": "y" * 10_000, "seats": []}),
    ]
    for r in answers:
        body = refused(r, r.status_code)
        assert 400 <= r.status_code < 500
        assert len(body["error"]) < 300, (r.status_code, body["error"][:100])
        assert len(body.get("words", "")) < 300, (r.status_code, body["words"][:100])


# -- strict types --------------------------------------------------------------------------------


@pytest.mark.parametrize("ply", [False, True, "0", 0.0, -1, None, [0], {"ply": 0}])
def test_ply_must_be_a_json_integer(client: TestClient, db: str, ply: Any) -> None:
    g = new_game(client, ["human", "human"])
    gid = g["id"]
    tokens = [s["token"] for s in g["seats"]]
    before = snapshot(client, gid, [None, *tokens])
    decider = before[0]["to_move"][0]
    legal = before[1 + decider]["legal"][0]["action"]
    r = client.post(
        f"/api/games/{gid}/actions",
        json={"ply": ply, "action": legal},
        headers=auth(tokens[decider]),
    )
    body = refused(r, 422)
    assert "ply" in body["error"]
    assert snapshot(client, gid, [None, *tokens]) == before
    assert rows(db, "select count(*) from actions") == [(0,)]


@pytest.mark.parametrize(
    "spec", ["ismcts:nans", "ismcts:infs", "ismcts:-1s", "ismcts:0it", "ismcts+heuristic:nanms"]
)
def test_a_bot_budget_must_be_a_finite_number_in_range(
    client: TestClient, db: str, spec: str
) -> None:
    r = client.post(
        "/api/games", json={"game": "serenissima-2012", "players": 2, "seats": ["human", spec]}
    )
    body = refused(r, 422)
    assert "bad search budget" in body["error"]
    assert rows(db, "select count(*) from games") == [(0,)]


def test_new_game_fields_are_strict(client: TestClient, db: str) -> None:
    for players in ("2", 2.0, True):
        r = client.post(
            "/api/games",
            json={"game": "serenissima-2012", "players": players, "seats": ["human", "human"]},
        )
        refused(r, 422)
    assert rows(db, "select count(*) from games") == [(0,)]


# -- WebSockets ----------------------------------------------------------------------------------


@contextlib.contextmanager
def hello(client: TestClient, gid: str, token: str | None) -> Iterator[Any]:
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.send_json({"token": token})
        yield ws


def closed_with(client: TestClient, url: str, first: Any | None = None) -> int:
    """The close code a socket at `url` gets (after sending `first`, if given)."""
    with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect(url) as ws:
        if first is not None:
            ws.send_json(first) if not isinstance(first, str) else ws.send_text(first)
        ws.receive_json()
    return closed.value.code


def test_a_token_in_the_websocket_url_is_refused(client: TestClient) -> None:
    g = new_game(client, ["human", "human"])
    token = g["seats"][0]["token"]
    assert closed_with(client, f"/ws/games/{g['id']}?token={token}") == 4400
    assert closed_with(client, f"/ws/games/{g['id']}?token=") == 4400
    # the first message must be {"token": ...}
    assert closed_with(client, f"/ws/games/{g['id']}", "hello") == 4400
    assert closed_with(client, f"/ws/games/{g['id']}", {"token": 5}) == 4400
    with (
        pytest.raises(WebSocketDisconnect) as binary,
        client.websocket_connect(f"/ws/games/{g['id']}") as ws,
    ):
        ws.send_bytes(b'{"token": null}')
        ws.receive_json()
    assert binary.value.code == 4400
    assert closed_with(client, f"/ws/games/{g['id']}", {"token": "nope"}) == 4401
    with hello(client, g["id"], token) as ws:
        assert ws.receive_json()["seat"] == 0


def test_opening_sockets_with_made_up_tokens_counts_against_the_address(db: str) -> None:
    with TestClient(create_app(db, bot_delay=0, rate=0.001, burst=4)) as c:
        g = new_game(c, ["human", "human"])  # one request of the address's bucket
        url = f"/ws/games/{g['id']}"
        codes = [closed_with(c, url, {"token": secrets.token_urlsafe(16)}) for _ in range(4)]
        assert codes == [4401, 4401, 4401, 4429]
        assert closed_with(c, "/ws/games/nope", {"token": None}) == 4429
        with hello(c, g["id"], g["seats"][1]["token"]) as ws:  # a real token: its own bucket
            assert ws.receive_json()["seat"] == 1


def test_websockets_are_capped_per_seat_per_game_and_per_address(db: str) -> None:
    caps = SocketCaps(per_token=2, per_game=3, per_address=5)
    with TestClient(create_app(db, bot_delay=0, sockets=caps)) as client:
        capped(client, caps)


def capped(client: TestClient, caps: SocketCaps) -> None:
    g = new_game(client, ["human", "human"])
    gid = g["id"]
    token = g["seats"][0]["token"]
    with contextlib.ExitStack() as stack:
        for _ in range(caps.per_token):
            assert stack.enter_context(hello(client, gid, token)).receive_json()["seat"] == 0
        assert closed_with(client, f"/ws/games/{gid}", {"token": token}) == 4429
        # the other seat and spectators are not held back by seat 0's sockets
        assert stack.enter_context(hello(client, gid, g["seats"][1]["token"])).receive_json()
    assert stack.enter_context(hello(client, gid, token)).receive_json()["seat"] == 0  # freed
    stack.close()

    with contextlib.ExitStack() as stack:
        for _ in range(caps.per_game):
            assert stack.enter_context(hello(client, gid, None)).receive_json()["seat"] is None
        assert closed_with(client, f"/ws/games/{gid}", {"token": None}) == 4429
        other = new_game(client, ["human", "human"])["id"]
        assert stack.enter_context(hello(client, other, None)).receive_json()["id"] == other

    with contextlib.ExitStack() as stack:
        for n in range(caps.per_address):
            stack.enter_context(hello(client, gid if n < 2 else other, None)).receive_json()
        # counted before the game is even looked up: an unknown game costs the same
        assert closed_with(client, "/ws/games/nope", {"token": None}) == 4429
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert hub.sockets_of == {} and hub.games[gid].sockets == {}


# -- memory --------------------------------------------------------------------------------------


def test_finished_and_idle_games_leave_memory_and_load_on_demand(db: str) -> None:
    with TestClient(create_app(db, bot_delay=0, idle_seconds=0.6, over_seconds=0.3)) as c:
        hub = c.app.state.hub  # type: ignore[attr-defined]
        done = new_game(c, ["random", "random"])["id"]
        v = poll(c, done, lambda v: v["status"] == "over")
        assert v is not None, "two random bots finish within a minute"
        waiting = new_game(c, ["human", "human"])
        wid = waiting["id"]
        tokens = [s["token"] for s in waiting["seats"]]
        before = snapshot(c, wid, [None, *tokens])
        deadline = time.monotonic() + 10
        while (done in hub.games or wid in hub.games) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert done not in hub.games, "a finished game leaves memory once nobody asks for it"
        assert wid not in hub.games, "an idle game leaves memory"
        # both come back from the database when asked for, the same as before
        record = c.get(f"/api/games/{done}/record")
        assert record.status_code == 200 and done in hub.games
        assert replay(record.json()).result().to_json() == v["result"]
        assert view(c, done, None) == v
        mid = c.get(f"/api/games/{done}/replay/{v['ply'] // 2}?seat=0").json()
        assert mid["view"] == replay(record.json(), v["ply"] // 2).view(0)
        assert snapshot(c, wid, [None, *tokens]) == before
        # a watched game stays, however idle
        with hello(c, wid, tokens[0]) as ws:
            ws.receive_json()
            time.sleep(1.0)
            assert wid in hub.games
        # and it can still be played
        decider = before[0]["to_move"][0]
        r = c.post(
            f"/api/games/{wid}/actions",
            json={"ply": before[0]["ply"], "action": before[1 + decider]["legal"][0]["action"]},
            headers=auth(tokens[decider]),
        )
        assert r.status_code == 200, r.text


def test_a_restart_loads_only_the_games_in_play(db_url: str) -> None:
    """On SQLite and PostgreSQL (`db_url`): the games that moved lately are loaded at start-up,
    the finished and the abandoned ones when first asked for."""
    db = db_url
    with TestClient(create_app(db, bot_delay=0)) as c:
        done = new_game(c, ["random", "random"])["id"]
        assert poll(c, done, lambda v: v["status"] == "over") is not None
        recent = new_game(c, ["human", "human"])
        abandoned = new_game(c, ["human", "random"])
    engine = create_engine(db)
    with engine.begin() as conn:
        conn.execute(
            text("update games set updated_at = :old where id = :id"),
            {"old": "2020-01-01 00:00:00.000000", "id": abandoned["id"]},
        )
    engine.dispose()
    with TestClient(create_app(db, bot_delay=0, idle_seconds=3600)) as c:
        hub = c.app.state.hub  # type: ignore[attr-defined]
        assert set(hub.games) == {recent["id"]}
        # the others load when asked for; the abandoned game's bot is set going again
        assert view(c, done, None)["status"] == "over"
        token = abandoned["seats"][0]["token"]
        v = poll(c, abandoned["id"], lambda v: 0 in v["to_move"])
        assert v is not None and view(c, abandoned["id"], token)["legal"]
        assert set(hub.games) == {recent["id"], done, abandoned["id"]}


# -- secret choices ------------------------------------------------------------------------------


def secret_table(client: TestClient) -> tuple[str, list[str], list[dict[str, Any]]]:
    """A 1996 game of three humans at its first decision, a simultaneous secret one; the
    three seats' views of it."""
    g = new_game(client, ["human", "human", "human"], game="serenissima-1996")
    tokens = [s["token"] for s in g["seats"]]
    views = [view(client, g["id"], t) for t in tokens]
    assert sorted(views[0]["to_move"]) == [0, 1, 2]
    assert views[0]["view"]["decision"]["simultaneous"]
    return g["id"], tokens, views


@pytest.mark.parametrize("order", [[0, 1, 2], [2, 1, 0], [1, 0, 2]])
def test_a_secret_choice_is_not_refused_because_another_seat_submitted_first(
    db_url: str, order: list[int]
) -> None:
    """On SQLite and PostgreSQL (`db_url`), each seat's submission is stored at the ply it
    was made at, whatever ply its view showed."""
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        submit_in_order(client, db_url, order)


def submit_in_order(client: TestClient, db: str, order: list[int]) -> None:
    gid, tokens, views = secret_table(client)
    ply = views[0]["ply"]
    url = f"/api/games/{gid}/actions"
    for n, seat in enumerate(order[:2]):
        r = client.post(
            url,
            json={"ply": ply, "action": views[seat]["legal"][0]["action"]},
            headers=auth(tokens[seat]),
        )
        assert r.status_code == 200, r.text
        assert r.json()["ply"] == ply + n + 1
        # a seat that has submitted cannot submit again against that decision
        again = client.post(
            url,
            json={"ply": ply, "action": views[seat]["legal"][-1]["action"]},
            headers=auth(tokens[seat]),
        )
        assert "already" in refused(again, 409)["error"]
    assert rows(db, "select ply, seat from actions order by ply") == [
        (ply, order[0]),
        (ply + 1, order[1]),
    ]
    last = order[2]
    r = client.post(
        url,
        json={"ply": ply, "action": views[last]["legal"][0]["action"]},
        headers=auth(tokens[last]),
    )
    assert r.status_code == 200, r.text
    after = r.json()
    assert after["ply"] == ply + 3
    # the decision is over: a view of it is now really stale
    if after["legal"]:
        stale = client.post(
            url,
            json={"ply": ply, "action": after["legal"][0]["action"]},
            headers=auth(tokens[last]),
        )
        assert refused(stale, 409)["rule"] == "arsenale: stale ply"


def until_reply(ws: Any, ply: int = 1 << 30) -> dict[str, Any]:
    """The next refusal on this socket, or the next view at `ply` or later (pushes of other
    seats' earlier moves are skipped)."""
    while True:
        message: dict[str, Any] = ws.receive_json()
        if "error" in message or message["ply"] >= ply:
            return message


@pytest.mark.parametrize("order", [[0, 1, 2], [2, 0, 1]])
def test_a_secret_choice_over_websockets_in_any_order(
    client: TestClient, db: str, order: list[int]
) -> None:
    gid, tokens, views = secret_table(client)
    ply = views[0]["ply"]
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(hello(client, gid, t)) for t in tokens]
        for ws in sockets:
            assert ws.receive_json()["ply"] == ply
        for n, seat in enumerate(order[:2]):
            sockets[seat].send_json({"ply": ply, "action": views[seat]["legal"][0]["action"]})
            reply = until_reply(sockets[seat], ply + n + 1)
            assert "error" not in reply and seat in reply["view"]["decision"]["submitted"]
        # a second submission of a seat, over the socket: refused in the same shape as HTTP
        sockets[order[0]].send_json({"ply": ply, "action": views[order[0]]["legal"][0]["action"]})
        refusal = until_reply(sockets[order[0]])
        assert refusal["status"] == 409 and set(refusal) == {"error", "rule", "status"}
        # a malformed action message is refused and the socket stays open
        sockets[order[2]].send_json({"ply": "0", "action": 3})
        assert until_reply(sockets[order[2]])["status"] == 422
        sockets[order[2]].send_json({"ply": ply, "action": views[order[2]]["legal"][0]["action"]})
        final = until_reply(sockets[order[2]], ply + 3)
        assert "error" not in final and final["ply"] == ply + 3
    assert [s for _p, s in rows(db, "select ply, seat from actions order by ply")] == order
