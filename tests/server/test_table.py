"""The table around a game (docs/server.md, "The table"): chat, private tables, seat links the
host replaces, accounts that own seats, clocks and seats given to a bot, against SQLite and a
throwaway PostgreSQL. Every refusal is `{error, rule}` and changes nothing."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from arsenale.server import table
from arsenale.server.app import create_app
from arsenale.server.routes import accounts
from arsenale.server.storage import upgrade

from .test_api import auth, new_game, rows, view

PAYLOADS = [
    "<script>alert('x')</script>",
    '<img src=x onerror="alert(1)">',
    "<b>bold</b> &amp; <i>markup</i> \u202e",
    "</textarea><svg onload=alert(1)>",
]


class FakeClock:
    """`table.now` under the test's control."""

    def __init__(self) -> None:
        self.t = float(int(time.time()))  # whole seconds: stored times keep microseconds

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    fake = FakeClock()
    monkeypatch.setattr(table, "now", fake)
    return fake


@pytest.fixture
def client(db_url: str, clock: FakeClock) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        yield c


def table_game(
    client: TestClient, seats: list[str], game: str = "serenissima-2012", **tbl: Any
) -> dict[str, Any]:
    r = client.post(
        "/api/games", json={"game": game, "players": len(seats), "seats": seats, "table": tbl}
    )
    assert r.status_code == 201, r.text
    body: dict[str, Any] = r.json()
    return body


def refused(r: Any, status: int) -> dict[str, Any]:
    assert r.status_code == status, r.text
    body: dict[str, Any] = r.json()
    assert set(body) == {"error", "rule"} and body["error"] and body["rule"], body
    return body


def chat(client: TestClient, gid: str, token: str | None) -> list[dict[str, Any]]:
    r = client.get(f"/api/games/{gid}/chat", headers=auth(token))
    assert r.status_code == 200, r.text
    out: list[dict[str, Any]] = r.json()["messages"]
    return out


# -- chat ------------------------------------------------------------------------------------


def test_chat_keeps_markup_as_data_and_is_for_the_table_only(
    client: TestClient, db_url: str
) -> None:
    g = new_game(client, ["human", "human"])
    gid, t0, t1 = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]
    for i, payload in enumerate(PAYLOADS):
        r = client.post(
            f"/api/games/{gid}/chat", json={"text": payload}, headers=auth(t0 if i % 2 else t1)
        )
        assert r.status_code == 201, r.text
        assert r.json()["text"] == payload
        assert r.headers["content-type"].startswith("application/json")
    said = chat(client, gid, t0)
    assert [m["text"] for m in said] == PAYLOADS  # verbatim: data, never HTML
    assert [m["seat"] for m in said] == [1, 0, 1, 0]
    assert [m["n"] for m in said] == [0, 1, 2, 3]
    assert chat(client, gid, t1) == said
    assert [m["text"] for m in chat(client, gid, t0)[2:]] == PAYLOADS[2:]
    assert (
        client.get(f"/api/games/{gid}/chat?since=2", headers=auth(t0)).json()["messages"]
        == said[2:]
    )
    stored = rows(db_url, "select text from chat order by pk")
    assert [r[0] for r in stored] == PAYLOADS
    # Spectators: not at this table (the host did not allow it), neither read nor write.
    refused(client.get(f"/api/games/{gid}/chat"), 403)
    refused(client.post(f"/api/games/{gid}/chat", json={"text": "hi"}), 403)
    assert view(client, gid, None)["table"]["chat"] is None
    assert view(client, gid, t0)["table"]["chat"] == "write"
    refused(client.get(f"/api/games/{gid}/chat", headers=auth("not-a-token")), 401)
    refused(client.get("/api/games/nope/chat", headers=auth(t0)), 404)


def test_spectators_read_the_chat_when_the_host_allows_and_never_write(client: TestClient) -> None:
    g = table_game(client, ["human", "random"], spectator_chat=True)
    gid, t0 = g["id"], g["seats"][0]["token"]
    assert (
        client.post(f"/api/games/{gid}/chat", json={"text": "ciao"}, headers=auth(t0)).status_code
        == 201
    )
    assert [m["text"] for m in chat(client, gid, None)] == ["ciao"]
    assert view(client, gid, None)["table"]["chat"] == "read"
    refused(client.post(f"/api/games/{gid}/chat", json={"text": "me too"}), 403)
    assert len(chat(client, gid, None)) == 1


@pytest.mark.parametrize(
    "body",
    [
        {"text": ""},
        {"text": "   \n "},
        {"text": "x" * (table.CHAT_MAX + 1)},
        {"text": "bell\x07"},
        {"text": "half a pair \ud800"},
        {"text": 5},
        {"text": None},
        {"text": ["a"]},
        {},
        {"text": "ok", "seat": 1},
    ],
)
def test_a_malformed_chat_message_is_refused_and_stores_nothing(
    client: TestClient, db_url: str, body: dict[str, Any]
) -> None:
    g = new_game(client, ["human", "human"])
    gid, t0 = g["id"], g["seats"][0]["token"]
    raw = json.dumps(body)  # \ud800 escaped, as a client may send it
    headers = {**auth(t0), "content-type": "application/json"}
    refused(client.post(f"/api/games/{gid}/chat", content=raw, headers=headers), 422)
    assert chat(client, gid, t0) == []
    assert rows(db_url, "select count(*) from chat") == [(0,)]


def test_chat_is_rate_limited_per_seat(client: TestClient) -> None:
    g = new_game(client, ["human", "human"])
    gid, t0, t1 = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]
    statuses = [
        client.post(f"/api/games/{gid}/chat", json={"text": f"m{i}"}, headers=auth(t0)).status_code
        for i in range(int(table.CHAT_BURST) + 3)
    ]
    assert statuses[: int(table.CHAT_BURST)] == [201] * int(table.CHAT_BURST)
    assert 429 in statuses[int(table.CHAT_BURST) :]
    body = refused(
        client.post(f"/api/games/{gid}/chat", json={"text": "again"}, headers=auth(t0)), 429
    )
    assert body["rule"] == table.RULE_CHAT
    assert len(chat(client, gid, t0)) == statuses.count(201)
    # the other seat has its own allowance
    assert (
        client.post(f"/api/games/{gid}/chat", json={"text": "me"}, headers=auth(t1)).status_code
        == 201
    )


def test_chat_is_pushed_to_the_table_survives_a_restart_and_shows_in_the_replay(
    db_url: str, clock: FakeClock
) -> None:
    with TestClient(create_app(db_url, bot_delay=0, rate=1e6, burst=1e6)) as client:
        g = new_game(client, ["human", "random"])
        gid, t0 = g["id"], g["seats"][0]["token"]
        with (
            client.websocket_connect(f"/ws/games/{gid}") as ws,
            client.websocket_connect(f"/ws/games/{gid}") as spectator,
        ):
            ws.send_json({"token": t0})  # the token comes in the first message, never the URL
            spectator.send_json({"token": None})
            assert ws.receive_json()["seat"] == 0
            assert spectator.receive_json()["seat"] is None
            r = client.post(f"/api/games/{gid}/chat", json={"text": PAYLOADS[0]}, headers=auth(t0))
            assert r.status_code == 201
            pushed = ws.receive_json()
            while "chat" not in pushed:  # a view pushed by a bot's move may come first
                pushed = ws.receive_json()
            assert pushed["chat"] == r.json()
            spectator.send_text("view")
            assert "chat" not in spectator.receive_json()  # the next message is a view, no chat
        said_at = r.json()["ply"]
        # play on to the end: the human seat plays its first legal move each time
        while True:
            v = view(client, gid, t0)
            if v["status"] == "over":
                break
            if 0 in v["to_move"]:
                client.post(
                    f"/api/games/{gid}/actions",
                    json={"ply": v["ply"], "action": v["legal"][0]["action"]},
                    headers=auth(t0),
                )
            else:
                time.sleep(0.02)
        client.post(f"/api/games/{gid}/chat", json={"text": "gg"}, headers=auth(t0))
        before = chat(client, gid, t0)
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        assert chat(client, gid, t0) == before  # stored with the game
        record = client.get(f"/api/games/{gid}/record", headers=auth(t0)).json()
        assert [m["text"] for m in record["chat"]] == [PAYLOADS[0], "gg"]
        assert "chat" not in client.get(f"/api/games/{gid}/record").json()  # not for spectators
        plies = record["plies"] if "plies" in record else len(record["actions"])
        early = client.get(f"/api/games/{gid}/replay/{said_at}", headers=auth(t0)).json()
        assert [m["text"] for m in early["chat"]] == [PAYLOADS[0]]
        if said_at > 0:
            assert client.get(f"/api/games/{gid}/replay/0", headers=auth(t0)).json()["chat"] == []
        end = client.get(f"/api/games/{gid}/replay/{plies}", headers=auth(t0)).json()
        assert [m["text"] for m in end["chat"]] == [PAYLOADS[0], "gg"]
        assert "chat" not in client.get(f"/api/games/{gid}/replay/{plies}").json()


# -- private tables and seat links -----------------------------------------------------------


def test_a_private_table_is_not_listed_but_opens_by_its_links(client: TestClient) -> None:
    public = new_game(client, ["human", "random"])
    private = table_game(client, ["human", "random"], private=True)
    assert private["private"] is True and public["private"] is False
    listed = [g["id"] for g in client.get("/api/games").json()["games"]]
    assert public["id"] in listed and private["id"] not in listed
    v = view(client, private["id"], private["seats"][0]["token"])
    assert v["seat"] == 0 and v["table"]["private"] is True
    assert view(client, private["id"], None)["seat"] is None


def test_the_host_issues_a_new_link_and_the_old_one_is_refused_by_name(
    client: TestClient, db_url: str
) -> None:
    g = new_game(client, ["human", "random", "human"])
    gid, host, old = g["id"], g["host_token"], g["seats"][0]["token"]
    assert host and host not in {s["token"] for s in g["seats"]}
    url = f"/api/games/{gid}/seats/0/link"
    before = rows(db_url, "select seat, token_hash, revoked_at from seat_tokens order by pk")
    refused(client.post(url), 403)  # no key
    refused(client.post(url, headers=auth(old)), 403)  # a seat's token is not the host's key
    refused(client.post(url, headers=auth(g["seats"][2]["token"])), 403)
    refused(client.post(f"/api/games/{gid}/seats/1/link", headers=auth(host)), 409)  # a bot
    refused(client.post(f"/api/games/{gid}/seats/7/link", headers=auth(host)), 422)
    refused(client.post(f"/api/games/{gid}/seats/x/link", headers=auth(host)), 422)
    assert (
        rows(db_url, "select seat, token_hash, revoked_at from seat_tokens order by pk") == before
    )
    r = client.post(url, headers=auth(host))
    assert r.status_code == 200, r.text
    new = r.json()["token"]
    assert r.json()["url"] == f"/game/{gid}#token={new}" and new != old
    body = refused(client.get(f"/api/games/{gid}/view", headers=auth(old)), 401)
    assert "replaced by the table's host" in body["error"]
    assert view(client, gid, new)["seat"] == 0
    assert view(client, gid, g["seats"][2]["token"])["seat"] == 2  # other seats keep theirs
    # after a restart too
    with TestClient(create_app(db_url, bot_delay=0)) as again:
        assert (
            "replaced"
            in refused(again.get(f"/api/games/{gid}/view", headers=auth(old)), 401)["error"]
        )
        assert view(again, gid, new)["seat"] == 0


# -- accounts --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("username", "password", "words"),
    [
        ("ab", "a long enough passphrase", "username"),
        ("bad name", "a long enough passphrase", "username"),
        ("<script>", "a long enough passphrase", "username"),
        ("marco", "short", "at least 10"),
        ("marco", "x" * 201, "at most 200"),
        ("marco", "my-marco-password", "must not contain the username"),
        ("marco", "abababababab", "5 different"),
        ("marco", "password123", "common"),
        ("marco", "lagoon \udc00 at night", "valid Unicode"),
    ],
)
def test_weak_or_malformed_accounts_are_refused_clearly(
    client: TestClient, db_url: str, username: str, password: str, words: str
) -> None:
    raw = json.dumps({"username": username, "password": password})  # \udc00 escaped
    body = refused(
        client.post("/api/accounts", content=raw, headers={"content-type": "application/json"}),
        422,
    )
    assert words in body["error"]
    assert rows(db_url, "select count(*) from accounts") == [(0,)]


def test_an_account_claims_a_seat_and_opens_it_from_another_device(
    client: TestClient, db_url: str
) -> None:
    secret = "gondolas at dawn 1497"
    refused(client.post("/api/accounts", json={"username": "Marco", "password": 7}), 422)
    r = client.post("/api/accounts", json={"username": "Marco", "password": secret})
    assert r.status_code == 201 and r.json() == {"username": "marco"}
    assert "httponly" in r.headers["set-cookie"].lower()
    assert "samesite=strict" in r.headers["set-cookie"].lower()
    refused(client.post("/api/accounts", json={"username": "marco", "password": secret + "!"}), 409)
    (stored,) = rows(db_url, "select password_hash from accounts")
    assert stored[0].startswith("$argon2id$") and secret not in stored[0]

    g = new_game(client, ["human", "random", "human"])
    gid, mine, theirs = g["id"], g["seats"][0]["token"], g["seats"][2]["token"]
    claim = f"/api/games/{gid}/seats/0/claim"
    refused(client.post(claim), 403)  # no seat token
    refused(client.post(claim, headers=auth(theirs)), 403)  # another seat's token
    refused(client.post(claim, headers=auth("forged")), 401)
    refused(client.post(f"/api/games/{gid}/seats/{2**70}/claim", headers=auth(mine)), 422)
    refused(client.post(f"/api/games/{gid}/seats/-1/open"), 422)
    r = client.post(claim, headers=auth(mine))
    assert r.status_code == 200 and r.json() == {"game": gid, "seat": 0, "username": "marco"}
    owned = client.get("/api/account").json()
    assert owned["username"] == "marco"
    assert [(s["id"], s["seat"]) for s in owned["seats"]] == [(gid, 0)]

    # another device: no cookie yet
    with TestClient(client.app) as phone:
        assert phone.get("/api/account").json() == {"username": None, "seats": []}
        refused(phone.post(f"/api/games/{gid}/seats/0/open"), 401)
        refused(
            phone.post("/api/session", json={"username": "marco", "password": "wrong password"}),
            401,
        )
        refused(phone.post("/api/session", json={"username": "nobody", "password": secret}), 401)
        assert (
            phone.post("/api/session", json={"username": "MARCO", "password": secret}).status_code
            == 200
        )
        refused(phone.post(f"/api/games/{gid}/seats/2/open"), 403)  # not its seat
        r = phone.post(f"/api/games/{gid}/seats/0/open")
        assert r.status_code == 200, r.text
        device = r.json()["token"]
        assert view(phone, gid, device)["seat"] == 0
        assert view(phone, gid, mine)["seat"] == 0  # the first device keeps its link
        # the host replaces the seat's link: every key of it goes, and the account's claim
        assert (
            client.post(f"/api/games/{gid}/seats/0/link", headers=auth(g["host_token"])).status_code
            == 200
        )
        refused(phone.get(f"/api/games/{gid}/view", headers=auth(device)), 401)
        assert phone.get("/api/account").json()["seats"] == []
        refused(phone.post(f"/api/games/{gid}/seats/0/open"), 403)
        assert phone.delete("/api/session").json() == {"ok": True}
        assert phone.get("/api/account").json()["username"] is None
        refused(phone.post(f"/api/games/{gid}/seats/0/open"), 401)
    assert client.get("/api/account").json()["username"] == "marco"  # the other session goes on


def test_sign_in_attempts_are_limited_per_username(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The bucket refills slowly here: each attempt hashes with argon2, and on a loaded machine
    # twelve of them can take long enough at the real rate for a token to come back.
    monkeypatch.setattr(accounts, "ATTEMPT_RATE", 1 / 3600)
    secret = "a lagoon of many islands"
    assert (
        client.post("/api/accounts", json={"username": "dandolo", "password": secret}).status_code
        == 201
    )
    statuses = [
        client.post(
            "/api/session", json={"username": "dandolo", "password": f"guess {i}!"}
        ).status_code
        for i in range(12)
    ]
    assert statuses[0] == 401 and 429 in statuses
    body = refused(
        client.post("/api/session", json={"username": "dandolo", "password": secret}), 429
    )
    assert body["rule"] == "arsenale: accounts"


# -- table options, clocks and absence -------------------------------------------------------


@pytest.mark.parametrize(
    "tbl",
    [
        {"clock": {"kind": "move"}},
        {"clock": {"kind": "move", "seconds": 5}},
        {"clock": {"kind": "move", "seconds": "60"}},
        {"clock": {"kind": "move", "seconds": 60.0}},
        {"clock": {"kind": "total", "seconds": 60}},
        {"clock": {"kind": "total", "minutes": 0}},
        {"clock": {"kind": "none", "increment": 3}},
        {"clock": {"kind": "sundial"}},
        {"timeout": "bot"},
        {"timeout": "forfeit", "clock": {"kind": "move", "seconds": 60}},
        {"absent_after": 1},
        {"abandon_after": True},
        {"private": "yes"},
        {"spectator_chat": 1},
        {"bot": "ismcts:5s"},
        {"colour": "red"},
    ],
)
def test_bad_table_options_are_refused_and_create_nothing(
    client: TestClient, db_url: str, tbl: dict[str, Any]
) -> None:
    r = client.post(
        "/api/games",
        json={"game": "serenissima-2012", "players": 2, "seats": ["human", "human"], "table": tbl},
    )
    refused(r, 422)
    assert rows(db_url, "select count(*) from games") == [(0,)]


def test_a_seat_out_of_time_is_given_to_a_bot_by_another_player(
    client: TestClient, clock: FakeClock, db_url: str
) -> None:
    g = table_game(client, ["human", "human"], clock={"kind": "move", "seconds": 60})
    gid = g["id"]
    tokens = {0: g["seats"][0]["token"], 1: g["seats"][1]["token"]}
    v = view(client, gid, None)
    (late,) = v["to_move"]
    other = 1 - late
    seat_clock = v["table"]["seats"][late]
    assert seat_clock["deadline"] == pytest.approx(seat_clock["waiting_since"] + 60, abs=1e-3)
    assert v["table"]["seats"][other]["waiting_since"] is None
    url = f"/api/games/{gid}/seats/{late}/bot"
    clock.advance(30)
    seats_before = rows(db_url, "select seats from games")
    before = [view(client, gid, t) for t in (None, tokens[0], tokens[1])]
    assert (
        "30 seconds are left for"
        in refused(client.post(url, headers=auth(tokens[other])), 409)["error"]
    )
    refused(client.post(url), 403)  # a spectator
    refused(client.post(url, headers=auth(tokens[late])), 403)  # itself
    refused(client.post(f"/api/games/{gid}/seats/{other}/bot", headers=auth(tokens[late])), 409)
    refused(client.post(f"/api/games/{gid}/seats/9/bot", headers=auth(tokens[other])), 422)
    assert [view(client, gid, t) for t in (None, tokens[0], tokens[1])] == before
    assert rows(db_url, "select seats from games") == seats_before
    clock.advance(31)
    assert view(client, gid, None)["table"]["seats"][late]["overdue"] is True
    their_move = view(client, gid, tokens[late])["legal"][0]["action"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    hub.bot_delay = 2.0  # time to try acting for the seat before its bot does
    r = client.post(url, headers=auth(tokens[other]))
    assert r.status_code == 200, r.text
    assert r.json()["seats"][late]["kind"] == "heuristic"
    notice = chat(client, gid, tokens[other])[-1]
    assert notice["seat"] is None and "heuristic bot" in notice["text"]
    # its player may still watch the seat, but no longer act for it
    v = view(client, gid, tokens[late])
    assert v["seat"] == late and v["legal"] == [] and v["ply"] == 0
    body = refused(
        client.post(
            f"/api/games/{gid}/actions",
            json={"ply": 0, "action": their_move},
            headers=auth(tokens[late]),
        ),
        403,
    )
    assert "given to a bot" in body["error"]
    # the bot plays the seat
    deadline = time.monotonic() + 30
    while view(client, gid, None)["ply"] == 0:
        assert time.monotonic() < deadline, "the bot did not take the seat's decision"
        time.sleep(0.05)
    with TestClient(create_app(db_url, bot_delay=0)) as again:
        assert view(again, gid, None)["seats"][late]["kind"] == "heuristic"


def test_a_seat_out_of_time_goes_to_a_bot_at_once_under_timeout_bot(
    client: TestClient, clock: FakeClock
) -> None:
    g = table_game(
        client,
        ["human", "human"],
        clock={"kind": "move", "seconds": 20},
        timeout="bot",
        bot="random",
    )
    gid = g["id"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    (late,) = view(client, gid, None)["to_move"]
    clock.advance(19)
    assert client.portal.call(hub.sweep) == 0  # type: ignore[union-attr]
    clock.advance(1)
    assert client.portal.call(hub.sweep) == 1  # type: ignore[union-attr]
    assert view(client, gid, None)["seats"][late]["kind"] == "random"


FR = {"Accept-Language": "fr-FR,fr;q=0.9"}
EN = {"Accept-Language": "en-GB,en;q=0.9"}


def _notices(messages: list[dict[str, Any]]) -> list[str]:
    return [m["text"] for m in messages if m["seat"] is None]


def test_a_seat_given_to_a_bot_is_told_in_each_readers_language(
    db_url: str, clock: FakeClock
) -> None:
    """The notice is kept as its kind and parameters and worded for each reader: pushed,
    read, in the record and the replay; an English notice stored before that is read back
    into its parameters, and an unknown old text is shown as it was."""
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        g = table_game(
            client,
            ["human", "human"],
            clock={"kind": "move", "seconds": 60},
            abandon_after=3600,
            spectator_chat=True,
        )
        gid = g["id"]
        tokens = {0: g["seats"][0]["token"], 1: g["seats"][1]["token"]}
        seats = client.get(f"/api/games/{gid}/view", headers=EN).json()["seats"]
        en = [s["name"] for s in seats]
        fr = [s["name"] for s in client.get(f"/api/games/{gid}/view", headers=FR).json()["seats"]]
        labels = [s["label"] for s in seats]
        assert en != fr
        (late,) = view(client, gid, None)["to_move"]
        other = 1 - late
        clock.advance(61)
        with (
            client.websocket_connect(f"/ws/games/{gid}", headers=FR) as ws_fr,
            client.websocket_connect(f"/ws/games/{gid}", headers=EN) as ws_en,
        ):
            pushed = {}
            for ws in (ws_fr, ws_en):
                ws.send_json({"token": None})
                assert ws.receive_json()["seat"] is None
            r = client.post(f"/api/games/{gid}/seats/{late}/bot", headers=auth(tokens[other]))
            assert r.status_code == 200, r.text
            for name, ws in (("fr", ws_fr), ("en", ws_en)):
                message = ws.receive_json()
                while "chat" not in message:
                    message = ws.receive_json()
                pushed[name] = message["chat"]
        said_en = f"{en[late]}: out of time; the seat was given to the heuristic bot by {en[other]}"
        said_fr = (
            f"{fr[late]}\u00a0: temps écoulé\u00a0; place confiée au robot heuristique "
            f"par {fr[other]}"
        )
        assert pushed["en"]["text"] == said_en and pushed["fr"]["text"] == said_fr
        notice = {"kind": "bot", "seat": late, "why": "clock", "bot": "heuristic", "by": other}
        assert pushed["en"]["notice"] == pushed["fr"]["notice"] == notice
        url = f"/api/games/{gid}/chat"
        assert _notices(client.get(url, headers={**EN, **auth(tokens[0])}).json()["messages"]) == [
            said_en
        ]
        assert _notices(client.get(url, headers={**FR, **auth(tokens[1])}).json()["messages"]) == [
            said_fr
        ]
        ((text_stored, notice_stored),) = rows(db_url, "select text, notice from chat")
        assert text_stored == said_en  # English words beside the parameters
        stored = json.loads(notice_stored) if isinstance(notice_stored, str) else notice_stored
        assert stored == notice
    # notices written before they had a kind: the English one is read back, another kept
    old = f"{labels[late]} (out of time) is played by a random bot, at the server's call"
    engine = create_engine(db_url)
    with engine.begin() as conn:
        for said in (old, "the table was moved"):
            conn.execute(
                text(
                    "insert into chat (game_pk, ply, seat, text, created_at) "
                    "select pk, 0, null, :said, created_at from games where id = :gid"
                ),
                {"said": said, "gid": gid},
            )
    engine.dispose()
    old_fr = (
        f"{fr[late]}\u00a0: temps écoulé\u00a0; place confiée au robot aléatoire par le serveur"
    )
    old_en = f"{en[late]}: out of time; the server gave the seat to the random bot"
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        deadline = time.monotonic() + 60
        while view(client, gid, None)["status"] != "over":  # the server gives the other seat
            assert time.monotonic() < deadline, "the bots did not finish the game"
            clock.advance(3601)
            client.portal.call(hub.sweep)  # type: ignore[union-attr]
            time.sleep(0.05)
        plies = view(client, gid, None)["ply"]
        end_en = client.get(f"/api/games/{gid}/replay/{plies}", headers=EN).json()["chat"]
        end_fr = client.get(f"/api/games/{gid}/replay/{plies}", headers=FR).json()["chat"]
        server_en = f"{en[other]}: out of time; the server gave the seat to the heuristic bot"
        server_fr = (
            f"{fr[other]}\u00a0: temps écoulé\u00a0; place confiée au robot heuristique "
            "par le serveur"
        )
        assert _notices(end_en) == [said_en, old_en, "the table was moved", server_en]
        assert _notices(end_fr) == [said_fr, old_fr, "the table was moved", server_fr]
        record = client.get(f"/api/games/{gid}/record", headers=FR).json()
        assert _notices(record["chat"]) == _notices(end_fr)


def test_a_total_clock_counts_used_time_and_increments_and_survives_a_restart(
    db_url: str, clock: FakeClock
) -> None:
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        g = table_game(
            client, ["human", "human"], clock={"kind": "total", "minutes": 5, "increment": 10}
        )
        gid = g["id"]
        tokens = {0: g["seats"][0]["token"], 1: g["seats"][1]["token"]}
        v = view(client, gid, None)
        (first,) = v["to_move"]
        assert v["table"]["seats"][first]["left"] == pytest.approx(300)
        clock.advance(100)
        v = view(client, gid, tokens[first])
        r = client.post(
            f"/api/games/{gid}/actions",
            json={"ply": v["ply"], "action": v["legal"][0]["action"]},
            headers=auth(tokens[first]),
        )
        assert r.status_code == 200, r.text
        after = view(client, gid, None)["table"]
        # 100 seconds used, 10 added: whether or not the seat owes the next decision too
        assert after["seats"][first]["left"] == pytest.approx(300 - 100 + 10, abs=1e-3)
        assert after["seats"][1 - first]["left"] == pytest.approx(300)
    with TestClient(create_app(db_url, bot_delay=0)) as again:
        assert view(again, gid, None)["table"] == after


def test_the_server_gives_an_abandoned_seat_to_a_bot_so_no_game_waits_for_ever(
    client: TestClient, clock: FakeClock
) -> None:
    g = table_game(client, ["human", "human"], abandon_after=3600)
    gid = g["id"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    (waiting,) = view(client, gid, None)["to_move"]
    clock.advance(3000)
    assert client.portal.call(hub.sweep) == 0  # type: ignore[union-attr]
    assert view(client, gid, None)["seats"][waiting]["kind"] == "human"
    clock.advance(601)
    assert client.portal.call(hub.sweep) >= 1  # type: ignore[union-attr]
    v = view(client, gid, None)
    assert v["seats"][waiting]["kind"] == "heuristic"
    assert "the server" in chat(client, gid, g["seats"][0]["token"])[-1]["text"]


# -- the schema ------------------------------------------------------------------------------


def test_the_new_routes_are_in_the_openapi_schema_with_their_answers(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    paths = schema["paths"]
    for path, method, code in [
        ("/api/games/{game_id}/chat", "get", "200"),
        ("/api/games/{game_id}/chat", "post", "201"),
        ("/api/games/{game_id}/seats/{seat}/link", "post", "200"),
        ("/api/games/{game_id}/seats/{seat}/claim", "post", "200"),
        ("/api/games/{game_id}/seats/{seat}/open", "post", "200"),
        ("/api/games/{game_id}/seats/{seat}/bot", "post", "200"),
        ("/api/accounts", "post", "201"),
        ("/api/session", "post", "200"),
        ("/api/session", "delete", "200"),
        ("/api/account", "get", "200"),
    ]:
        answers = paths[path][method]["responses"]
        assert code in answers, (path, method)
        refusals = [c for c in answers if c.startswith("4") and c != "422"]
        for c in refusals:
            ref = answers[c]["content"]["application/json"]["schema"]["$ref"]
            assert ref.endswith("/Refused"), (path, method, c)  # the {error, rule} body
    assert "TableOptions" in schema["components"]["schemas"]


def test_migration_0002_keeps_the_games_of_0001_and_goes_back(db_url: str) -> None:
    from alembic import command
    from alembic.config import Config

    from arsenale.server.storage import MIGRATIONS

    engine = create_engine(db_url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0001")
        conn.execute(
            text(
                "insert into games (id, game, players, options, seed, seats, status, "
                "created_at, updated_at) values ('old', 'serenissima-2012', 2, '{}', 7, "
                "'[\"human\", \"random\"]', 'active', '2026-01-01 00:00:00', "
                "'2026-01-01 00:00:00')"
            )
        )
        conn.execute(
            text(
                "insert into seat_tokens (game_pk, seat, token_hash) "
                "select pk, 0, 'h' from games where id = 'old'"
            )
        )
    upgrade(engine)
    with engine.connect() as conn:
        ((game_id, private),) = list(conn.execute(text("select id, private from games")))
        assert game_id == "old" and not private
        assert list(conn.execute(text("select seat, account_pk, revoked_at from seat_tokens"))) == [
            (0, None, None)
        ]
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.downgrade(config, "0001")
    with engine.connect() as conn:
        assert list(conn.execute(text("select seat, token_hash from seat_tokens"))) == [(0, "h")]
    engine.dispose()


def test_a_game_out_of_memory_is_loaded_again_when_the_server_must_give_a_seat(
    client: TestClient, clock: FakeClock
) -> None:
    """Games leave memory when idle (`Hub.let_go`), yet no game waits for ever: one let go is
    parked until its takeover time, and the sweep loads it again then."""
    g = table_game(client, ["human", "human"], abandon_after=3600)
    gid = g["id"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    (waiting,) = view(client, gid, None)["to_move"]
    gone = client.portal.call(hub.let_go, time.monotonic() + 1e9)  # type: ignore[union-attr]
    assert gone == [gid] and gid not in hub.games and gid in hub.parked
    clock.advance(3000)
    assert client.portal.call(hub.sweep) == 0  # type: ignore[union-attr]
    assert gid not in hub.games, "not loaded before its time"
    clock.advance(601)
    assert client.portal.call(hub.sweep) >= 1  # type: ignore[union-attr]
    assert gid in hub.games and gid not in hub.parked
    assert view(client, gid, None)["seats"][waiting]["kind"] == "heuristic"


def test_after_a_restart_the_games_not_loaded_are_still_looked_at_by_the_sweep(
    db_url: str, clock: FakeClock
) -> None:
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        g = table_game(client, ["human", "human"], abandon_after=3600)
        gid = g["id"]
        (waiting,) = view(client, gid, None)["to_move"]
    engine = create_engine(db_url)
    with engine.begin() as conn:
        conn.execute(
            text("update games set updated_at = :old where id = :id"),
            {"old": "2020-01-01 00:00:00.000000", "id": gid},
        )
    engine.dispose()
    clock.advance(3601)
    with TestClient(create_app(db_url, bot_delay=0, idle_seconds=3600)) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert gid not in hub.games and gid in hub.parked  # not loaded at start-up
        assert client.portal.call(hub.sweep) >= 1  # type: ignore[union-attr]
        assert view(client, gid, None)["seats"][waiting]["kind"] == "heuristic"
