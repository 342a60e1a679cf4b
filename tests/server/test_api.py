"""The HTTP and WebSocket API (docs/server.md), against SQLite and a throwaway PostgreSQL.

Every status code the API promises is provoked here, and every refusal is checked to leave
the game exactly as it was: same view for every seat, same rows in the database.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from starlette.websockets import WebSocketDisconnect

from arsenale.core.record import replay
from arsenale.core.registry import load_game
from arsenale.server import live
from arsenale.server.app import create_app


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        yield c


def new_game(
    client: TestClient, seats: list[str], game: str = "serenissima-2012", **options: Any
) -> dict[str, Any]:
    r = client.post(
        "/api/games", json={"game": game, "players": len(seats), "seats": seats, "options": options}
    )
    assert r.status_code == 201, r.text
    body: dict[str, Any] = r.json()
    return body


def auth(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


def view(client: TestClient, gid: str, token: str | None) -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}/view", headers=auth(token))
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


@contextlib.contextmanager
def socket(client: TestClient, gid: str, token: str | None) -> Iterator[Any]:
    """A WebSocket on game `gid` that has sent its first message, the seat's token."""
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.send_json({"token": token})
        yield ws


def rows(db_url: str, sql: str) -> list[tuple[Any, ...]]:
    engine = create_engine(db_url)
    try:
        with engine.connect() as conn:
            return [tuple(r) for r in conn.execute(text(sql))]
    finally:
        engine.dispose()


def snapshot(client: TestClient, gid: str, tokens: list[str | None]) -> list[dict[str, Any]]:
    return [view(client, gid, t) for t in tokens]


def wait_for_humans(client: TestClient, gid: str, tokens: dict[int, str]) -> dict[str, Any]:
    """The spectator view once the bots have moved and a human seat decides."""
    v = poll(client, gid, lambda v: v["status"] == "over" or any(s in tokens for s in v["to_move"]))
    assert v is not None, "the bots never handed the game back to a human"
    return v


def poll(
    client: TestClient, gid: str, done: Callable[[dict[str, Any]], bool], seconds: float = 60
) -> dict[str, Any] | None:
    """The spectator view once `done` holds of it (None after `seconds`), asked for at most
    10 times a second: under the server's rate limit (20 a second), which a faster poll trips
    on a slow machine."""
    deadline = time.monotonic() + seconds
    while True:
        v = view(client, gid, None)
        if done(v):
            return v
        if time.monotonic() > deadline:
            return None
        time.sleep(0.1)


def test_create_returns_one_token_per_human_stored_only_as_hash(
    client: TestClient, db_url: str
) -> None:
    g = new_game(client, ["human", "random", "human"])
    seats = g["seats"]
    assert [s["kind"] for s in seats] == ["human", "random", "human"]
    assert seats[1]["token"] is None and seats[1]["url"] is None
    tokens = [seats[0]["token"], seats[2]["token"]]
    for t in tokens:
        # 128 random bits, URL-safe base64 without padding
        assert len(t) == 22
    assert seats[0]["url"] == f"/game/{g['id']}#token={tokens[0]}"
    assert g["spectator_url"] == f"/game/{g['id']}"
    stored = rows(db_url, "select seat, token_hash from seat_tokens order by seat")
    assert stored == [
        (0, hashlib.sha256(tokens[0].encode()).hexdigest()),
        (2, hashlib.sha256(tokens[1].encode()).hexdigest()),
    ]
    dump = json.dumps(rows(db_url, "select * from games"), default=str) + json.dumps(
        rows(db_url, "select * from seat_tokens")
    )
    assert tokens[0] not in dump and tokens[1] not in dump


def test_every_status_code_and_refusals_change_nothing(client: TestClient, db_url: str) -> None:
    g = new_game(client, ["human", "human"])
    gid = g["id"]
    tokens: dict[int, str] = {0: g["seats"][0]["token"], 1: g["seats"][1]["token"]}
    v = view(client, gid, None)
    assert v["seat"] is None and v["legal"] == [] and v["status"] == "active"
    decider = v["to_move"][0]
    other = 1 - decider
    ply = v["ply"]
    before = snapshot(client, gid, [None, tokens[0], tokens[1]])
    stored_before = rows(db_url, "select count(*) from actions")
    legal = before[1 + decider]["legal"]
    assert legal, "the deciding seat is offered its legal actions"
    assert before[1 + other]["legal"] == []
    url = f"/api/games/{gid}/actions"

    def refused(status: int, response: Any) -> dict[str, Any]:
        assert response.status_code == status, response.text
        body: dict[str, Any] = response.json()
        # a refused move also carries its words (no notation): what the page shows
        assert set(body) - {"words"} == {"error", "rule"} and body["error"]
        assert snapshot(client, gid, [None, tokens[0], tokens[1]]) == before
        assert rows(db_url, "select count(*) from actions") == stored_before
        return body

    # 403: the other seat's token, and a spectator
    body = refused(
        403,
        client.post(
            url, json={"ply": ply, "action": legal[0]["action"]}, headers=auth(tokens[other])
        ),
    )
    assert body["rule"] == "arsenale: turn order" and "not" in body["error"]
    refused(403, client.post(url, json={"ply": ply, "action": legal[0]["action"]}))
    # 401: a token of no seat
    refused(
        401,
        client.post(url, json={"ply": ply, "action": legal[0]["action"]}, headers=auth("x" * 22)),
    )
    # 409: a stale ply
    body = refused(
        409,
        client.post(
            url, json={"ply": ply + 5, "action": legal[0]["action"]}, headers=auth(tokens[decider])
        ),
    )
    assert body["rule"] == "arsenale: stale ply"
    # 422: an action of the game that is illegal now (names its rule), unknown text, unknown kind
    catalogue = load_game("serenissima-2012").catalogue
    legal_set = {json.dumps(a["action"], sort_keys=True) for a in legal}
    illegal = next(a for a in catalogue if json.dumps(a.to_json(), sort_keys=True) not in legal_set)
    body = refused(
        422,
        client.post(
            url, json={"ply": ply, "action": illegal.to_json()}, headers=auth(tokens[decider])
        ),
    )
    assert body["rule"]
    assert body["words"] and illegal.notation not in body["words"]
    body = refused(
        422,
        client.post(
            url, json={"ply": ply, "action": "fly to the moon"}, headers=auth(tokens[decider])
        ),
    )
    assert "fly" in body["error"] and "fly" not in body["words"]
    refused(
        422,
        client.post(
            url, json={"ply": ply, "action": {"kind": "teleport"}}, headers=auth(tokens[decider])
        ),
    )
    # 422: request fields of the wrong type or missing, or unknown
    refused(
        422, client.post(url, json={"ply": "zero", "action": "x"}, headers=auth(tokens[decider]))
    )
    refused(422, client.post(url, json={"action": legal[0]["text"]}, headers=auth(tokens[decider])))
    refused(
        422,
        client.post(
            url, json={"ply": ply, "action": "x", "seat": 1}, headers=auth(tokens[decider])
        ),
    )
    # 400: not JSON at all
    body = refused(
        400,
        client.post(
            url,
            content=b'{"ply": 0,',
            headers={**auth(tokens[decider]), "content-type": "application/json"},
        ),
    )
    assert body["rule"] == "arsenale: API format"
    # 413: a body over the limit
    refused(
        413,
        client.post(
            url,
            content=b"{" + b" " * 20_000 + b"}",
            headers={**auth(tokens[decider]), "content-type": "application/json"},
        ),
    )
    # 404: no such game, for every route
    assert client.get("/api/games/nope/view").status_code == 404
    assert client.post("/api/games/nope/actions", json={"ply": 0, "action": "x"}).status_code == 404
    assert client.get("/api/games/nope/record").status_code == 404
    # 409: the record before the end
    body = refused(409, client.get(f"/api/games/{gid}/record"))
    assert "over" in body["error"]
    assert client.get(f"/api/games/{gid}/replay/0").status_code == 409

    # and the legal move, by its text notation: accepted, stored, the ply moves on
    r = client.post(
        url, json={"ply": ply, "action": legal[0]["text"]}, headers=auth(tokens[decider])
    )
    assert r.status_code == 200, r.text
    after = r.json()
    assert after["ply"] == ply + 1 and after["seat"] == decider
    assert rows(db_url, "select ply, seat from actions") == [(ply, decider)]
    # the same request again is now stale
    assert (
        client.post(
            url, json={"ply": ply, "action": legal[0]["text"]}, headers=auth(tokens[decider])
        ).status_code
        == 409
    )


@pytest.mark.parametrize(
    "payload, status",
    [
        ({"game": "chess", "players": 2, "seats": ["human", "human"]}, 422),
        ({"game": "serenissima-2012", "players": 9, "seats": ["human"] * 9}, 422),
        ({"game": "serenissima-2012", "players": 2, "seats": ["human"]}, 422),
        ({"game": "serenissima-2012", "players": 2, "seats": ["human", "wizard"]}, 422),
        ({"game": "serenissima-2012", "players": 2, "seats": ["human", "ismcts:10m"]}, 422),
        ({"game": "serenissima-2012", "players": 2, "seats": ["human", "ismcts:60s"]}, 422),
        (
            {
                "game": "serenissima-2012",
                "players": 2,
                "seats": ["human", "human"],
                "options": {"nope": 1},
            },
            422,
        ),
        ({"game": "serenissima-2012", "players": 2}, 422),
        # amalfi-renaissance.en.txt, Variants for the Allocation of Starting Hands: the
        # drafts need 2 to 4 players, so the lobby refuses one (as new_game and the CLI do)
        (
            {
                "game": "amalfi-renaissance",
                "players": 1,
                "seats": ["human"],
                "options": {"hands": "draft"},
            },
            422,
        ),
    ],
)
def test_bad_new_games_are_refused_and_store_nothing(
    client: TestClient, db_url: str, payload: dict[str, Any], status: int
) -> None:
    r = client.post("/api/games", json=payload)
    assert r.status_code == status, r.text
    assert set(r.json()) == {"error", "rule"}
    if payload.get("options", {}).get("hands") == "draft":
        assert "2-4 players" in r.json()["error"]
    assert rows(db_url, "select count(*) from games") == [(0,)]


def test_rate_limit_per_token(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_delay=0, rate=0.001, burst=5)) as c:
        g = new_game(c, ["human", "human"])
        token = g["seats"][0]["token"]
        codes = [
            c.get(f"/api/games/{g['id']}/view", headers=auth(token)).status_code for _ in range(8)
        ]
        assert codes[:4] == [200] * 4  # the creation used one request of the address's bucket
        assert codes[-1] == 429
        # another token has its own bucket
        other = g["seats"][1]["token"]
        assert c.get(f"/api/games/{g['id']}/view", headers=auth(other)).status_code == 200
        r = c.get(f"/api/games/{g['id']}/view", headers=auth(token))
        assert r.status_code == 429 and r.json()["rule"] == "arsenale: limits"


def test_bots_finish_a_game_and_the_record_replays(client: TestClient) -> None:
    g = new_game(client, ["random", "random"])
    gid = g["id"]
    v = poll(client, gid, lambda v: v["status"] == "over")
    assert v is not None and v["result"] is not None, "two random bots finish within a minute"
    record = client.get(f"/api/games/{gid}/record").json()
    assert record["seats"] == ["random", "random"]
    state = replay(record)
    assert state.over and state.result().to_json() == v["result"]
    # the game's account of the end: points by source, every seat's money, tie-breaks named
    account = load_game("serenissima-2012").final_account(state)
    assert v["account"] == account and account["sources"][0]["points"] == list(state.money)
    assert account["money"] == {"name": "Ducats", "amounts": list(state.money)}
    assert account["tiebreak_names"] == ["Port cards"]
    assert len(record["actions"]) == v["ply"]
    # the replay viewer: the start, a middle ply (a seat's view), the end
    first = client.get(f"/api/games/{gid}/replay/0").json()
    assert first["ply"] == 0 and first["plies"] == v["ply"] and first["log"] == []
    mid = client.get(f"/api/games/{gid}/replay/{v['ply'] // 2}?seat=1").json()
    assert mid["ply"] == v["ply"] // 2 and mid["seat"] == 1
    assert mid["view"] == replay(record, v["ply"] // 2).view(1)
    assert client.get(f"/api/games/{gid}/replay/{v['ply'] + 1}").status_code == 422
    assert client.get(f"/api/games/{gid}/replay/1?seat=7").status_code == 422
    listed = {x["id"]: x for x in client.get("/api/games").json()["games"]}
    assert listed[gid]["status"] == "over"


def test_views_are_the_seats_own_and_never_carry_the_seed(client: TestClient, db_url: str) -> None:
    # 1996: money is hidden by default, and the first decision is a simultaneous secret one
    g = new_game(client, ["human", "human", "human"], game="serenissima-1996")
    gid = g["id"]
    tokens = [s["token"] for s in g["seats"]]
    seed = rows(db_url, "select seed from games")[0][0]
    views = snapshot(client, gid, [None, *tokens])
    for v in views:
        assert str(seed) not in json.dumps(v)
        assert "seed" not in json.dumps(v["view"])
    v0 = views[1]
    assert len(v0["to_move"]) > 1, "the 1996 deployment is a simultaneous secret decision"
    # seat 1 submits its secret choice; seat 0 and the spectator learn only that it did
    choice = views[2]["legal"][0]
    r = client.post(
        f"/api/games/{gid}/actions",
        json={"ply": views[2]["ply"], "action": choice["action"]},
        headers=auth(tokens[1]),
    )
    assert r.status_code == 200, r.text
    assert r.json()["view"].get("my_submission") == choice["action"]
    for token in (None, tokens[0], tokens[2]):
        v = view(client, gid, token)
        assert 1 in v["view"]["decision"]["submitted"]
        assert "my_submission" not in v["view"]
        # (the other seats' own legal lists may hold the same deployment: not a leak)
        seen = json.dumps({k: val for k, val in v.items() if k != "legal"})
        assert json.dumps(choice["action"]) not in seen
        assert choice["text"] not in json.dumps(v["log"])
    # the server's view is exactly the engine's view of that seat
    state = load_game("serenissima-1996").new_game(3, seed)
    state.apply(1, choice["action"])
    for seat, token in enumerate(tokens):
        assert view(client, gid, token)["view"] == state.view(seat)
    assert view(client, gid, None)["view"] == state.view(None)


def test_served_bots_draw_from_their_own_entropy_and_no_response_carries_a_seed(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three tables created with the same game seed: their bots get seeds of their own, so two
    random-bot tables play different games (with bots seeded from the game seed, as before,
    they played the same one); no response but the finished game's record names the game
    seed, none names a bot seed, and the bot seeds are not stored (a restart draws new ones)."""
    seed = 4_242_424_242_424_242
    monkeypatch.setattr(live, "game_seed", lambda: seed)
    sent: list[Any] = []  # every response body the server gave, but the records

    def get(c: TestClient, url: str, token: str | None = None) -> Any:
        r = c.get(url, headers=auth(token))
        assert r.status_code == 200, r.text
        sent.append(r.json())
        return r.json()

    with TestClient(create_app(db_url, bot_delay=0)) as c:
        a, b, h = (
            new_game(c, seats) for seats in (["random"] * 2, ["random"] * 2, ["human", "random"])
        )
        sent.extend([a, b, h])
        assert rows(db_url, "select seed from games") == [(seed,)] * 3
        hub = c.app.state.hub  # type: ignore[attr-defined]
        bot_seeds = [bot.seed for g in (a, b, h) for bot in hub.games[g["id"]].bots.values()]
        assert len(set(bot_seeds)) == 5
        assert not set(bot_seeds) & {(seed * 31 + s) & 0x7FFFFFFF for s in range(2)}
        with socket(c, a["id"], None) as ws:
            sent.append(ws.receive_json())
        token = h["seats"][0]["token"]
        with socket(c, h["id"], token) as ws:
            sent.append(ws.receive_json())
        records = []
        for g in (a, b):
            v = poll(c, g["id"], lambda v: v["status"] == "over")
            assert v is not None, "two random bots finish within a minute"
            sent.append(v)
            for ply in (0, v["ply"] // 2, v["ply"]):
                get(c, f"/api/games/{g['id']}/replay/{ply}?seat=1")
            r = c.get(f"/api/games/{g['id']}/record")
            assert r.status_code == 200
            records.append(r.json())
            assert replay(r.json()).result().to_json() == v["result"]
        assert records[0]["seed"] == records[1]["seed"] == seed
        assert records[0]["actions"] != records[1]["actions"]
        sent.append(wait_for_humans(c, h["id"], {0: token}))
        get(c, f"/api/games/{h['id']}/view", token)
        for url in ("/api/games", "/api/catalog", "/api/boards/serenissima-2012"):
            get(c, url)
        stored = json.dumps(
            [rows(db_url, f"select * from {t}") for t in ("games", "actions", "seat_tokens")],
            default=str,
        )
    # a restart: the table waiting for its human goes on, its bot with a new seed
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        hub = c.app.state.hub  # type: ignore[attr-defined]
        bot_seeds.append(hub.games[h["id"]].bots[1].seed)
        assert bot_seeds[-1] != bot_seeds[-2]
        mine = get(c, f"/api/games/{h['id']}/view", token)
        r = c.post(
            f"/api/games/{h['id']}/actions",
            json={"ply": mine["ply"], "action": mine["legal"][0]["action"]},
            headers=auth(token),
        )
        assert r.status_code == 200, r.text
        sent.append(r.json())
    dump = json.dumps(sent)
    assert str(seed) not in dump
    for s in bot_seeds:
        assert str(s) not in dump and str(s) not in json.dumps(records) and str(s) not in stored


def test_websocket_pushes_each_seat_its_view_and_resumes(client: TestClient) -> None:
    g = new_game(client, ["human", "human"])
    gid = g["id"]
    tokens = {0: g["seats"][0]["token"], 1: g["seats"][1]["token"]}
    with (
        socket(client, gid, tokens[0]) as ws0,
        socket(client, gid, None) as spectator,
    ):
        first = ws0.receive_json()
        assert first["seat"] == 0 and spectator.receive_json()["seat"] is None
        decider = first["to_move"][0]
        legal = view(client, gid, tokens[decider])["legal"]
        r = client.post(
            f"/api/games/{gid}/actions",
            json={"ply": first["ply"], "action": legal[0]["action"]},
            headers=auth(tokens[decider]),
        )
        assert r.status_code == 200
        pushed = ws0.receive_json()
        assert pushed["ply"] == first["ply"] + 1 and pushed["seat"] == 0
        assert pushed == view(client, gid, tokens[0])
        assert spectator.receive_json()["ply"] == first["ply"] + 1
    # reconnecting resumes from the current ply
    with socket(client, gid, tokens[1]) as ws1:
        again = ws1.receive_json()
        assert again["ply"] == first["ply"] + 1 and again["seat"] == 1
    # a bad token or game is refused
    with (
        pytest.raises(WebSocketDisconnect) as bad,
        socket(client, gid, "nope") as ws,
    ):
        ws.receive_json()
    assert bad.value.code == 4401
    with (
        pytest.raises(WebSocketDisconnect) as missing,
        socket(client, "nope", None) as ws,
    ):
        ws.receive_json()
    assert missing.value.code == 4404


def test_a_new_app_on_the_same_database_continues_every_game(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        g = new_game(c, ["human", "heuristic", "human"])
        gid = g["id"]
        tokens = {0: g["seats"][0]["token"], 2: g["seats"][2]["token"]}
        for _ in range(6):
            v = wait_for_humans(c, gid, tokens)
            seat = next(s for s in v["to_move"] if s in tokens)
            mine = view(c, gid, tokens[seat])
            r = c.post(
                f"/api/games/{gid}/actions",
                json={"ply": mine["ply"], "action": mine["legal"][-1]["action"]},
                headers=auth(tokens[seat]),
            )
            assert r.status_code == 200, r.text
        v = wait_for_humans(c, gid, tokens)
        before = {s: view(c, gid, t) for s, t in tokens.items()}
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        after = {s: view(c, gid, t) for s, t in tokens.items()}
        assert after == before
        seat = next(s for s in after[0]["to_move"] if s in tokens)
        r = c.post(
            f"/api/games/{gid}/actions",
            json={"ply": after[seat]["ply"], "action": after[seat]["legal"][0]["action"]},
            headers=auth(tokens[seat]),
        )
        assert r.status_code == 200 and r.json()["ply"] == after[seat]["ply"] + 1


def test_legal_moves_carry_their_words_group_and_amount_parameters(client: TestClient) -> None:
    """The legal-moves response gives each action in the rulebook's words beside its notation
    (`Game.action_words`), its group, and for a family that differs only by an amount the
    parameter a control chooses: the 1996 bid is one family of 21 ducat values, not 21
    notations for the page to show."""
    g = new_game(client, ["human", "human"], game="serenissima-1996")
    seat = 0
    mine = view(client, g["id"], g["seats"][seat]["token"])
    if not mine["legal"]:
        seat = 1
        mine = view(client, g["id"], g["seats"][seat]["token"])
    legal = mine["legal"]
    assert legal and all(
        set(e) == {"action", "text", "words", "group", "amounts", "amount_labels"} for e in legal
    )
    assert all(e["words"] != e["text"] and e["words"][0].isupper() for e in legal)
    first = legal[0]
    assert first["text"] == "deploy 1 1"
    assert first["words"].startswith("Put 1 sailor on your first galley, 1 on your second")
    assert first["amounts"] == ["first", "second"] and len({e["group"] for e in legal}) == 1
    assert first["amount_labels"] == ["Sailors on the first galley", "Sailors on the second galley"]
    # the words are the game's, the notation is still what the API accepts
    r = client.post(
        f"/api/games/{g['id']}/actions",
        json={"ply": mine["ply"], "action": first["text"]},
        headers=auth(g["seats"][seat]["token"]),
    )
    assert r.status_code == 200, r.text


def test_openapi_describes_the_api(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    for path in (
        "/api/games",
        "/api/games/{game_id}/view",
        "/api/games/{game_id}/actions",
        "/api/games/{game_id}/record",
        "/api/catalog",
    ):
        assert path in spec["paths"]
    catalog = client.get("/api/catalog").json()
    assert {g["id"] for g in catalog["games"]} >= {"serenissima-2012", "serenissima-1996"}
    assert "human" in catalog["seats"] and "heuristic" in catalog["seats"]


def test_a_search_bot_plays_from_a_worker_process(client: TestClient) -> None:
    g = new_game(client, ["ismcts:20it", "random"])
    v = poll(client, g["id"], lambda v: v["ply"] >= 30)
    assert v is not None, "the ismcts seat kept the game moving"


def test_the_server_process_makes_full_garbage_collections_rare() -> None:
    """`arsenale serve` freezes its start-up objects out of the collector's scans and raises
    its thresholds (full passes stalled the event loop for 100-170 ms under load)."""
    import subprocess
    import sys

    code = (
        "import gc; from arsenale.server.app import quiet_garbage_collector; "
        "before = gc.get_threshold(); quiet_garbage_collector(); "
        "print(before[0], gc.get_threshold()[0], gc.get_freeze_count() > 1000)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    before, after, frozen = out.stdout.split()
    assert int(after) >= 50 * int(before) and frozen == "True"


def test_masters_of_venice_has_board_data(client: TestClient) -> None:
    """The page draws Masters of Venice from its board data (not 204): both arrangements,
    the five shops, two offices, four docks and the canal of 16 rounds."""
    r = client.get("/api/boards/masters-of-venice")
    assert r.status_code == 200, r.text
    data = r.json()
    assert data == load_game("masters-of-venice").board_in_words()
    assert [s["id"] for s in data["shops"]] == [
        "blacksmith",
        "jeweler",
        "miller",
        "spice",
        "tailor",
    ]
    assert [o["id"] for o in data["offices"]] == ["north", "south"]
    assert data["docks"] == 4 and data["rounds"] == 16 and data["bid_spaces"][0] == 1
    for arrangement in data["arrangements"].values():
        assert {"canal", "shop:tailor", "office:south", "docks", "church"} <= set(
            arrangement["places"]
        )


def test_the_rules_summary_is_served_by_section(client: TestClient) -> None:
    """GET /api/rules/{game}: the game's RULES.md cut at its `## ` headings, for the page's
    help, which opens the section a refusal's rule names; 404 for an unknown game."""
    r = client.get("/api/rules/masters-of-venice")
    assert r.status_code == 200
    body = r.json()
    titles = [s["title"] for s in body["sections"]]
    assert "Bidding" in titles and "End of the game" in titles
    text = load_game("masters-of-venice").rules("Bidding")
    bidding = next(s for s in body["sections"] if s["title"] == "Bidding")
    assert bidding["text"] in text and "#" not in body["intro"][:1]
    missing = client.get("/api/rules/no-such-game")
    assert missing.status_code == 404 and set(missing.json()) == {"error", "rule"}
