"""Masters of Venice's bad input through the HTTP API: each case of the issue's list
(tests/games/masters_of_venice/helpers.py, BAD_INPUTS) is staged in a live game and posted as
the seat's text; the API answers 422 (403 for a seat whose decision it is not) with the
engine's reason and rule, and every seat's view and the stored actions are as before."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from arsenale.server.app import create_app
from games.masters_of_venice.helpers import BAD_INPUTS, RULES


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, str]]:
    url = f"sqlite:///{Path(tmp_path_factory.mktemp('mov')) / 'arsenale.sqlite3'}"
    with TestClient(create_app(url, bot_delay=0, new_games=1000)) as c:
        yield c, url


def stored(url: str) -> int:
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            return int(conn.execute(text("select count(*) from actions")).scalar_one())
    finally:
        engine.dispose()


@pytest.mark.parametrize(
    ("stage", "typed", "reason", "rule"),
    [case[1:] for case in BAD_INPUTS],
    ids=[case[0] for case in BAD_INPUTS],
)
def test_the_api_refuses_the_issues_bad_input_and_changes_nothing(
    client: tuple[TestClient, str], stage: Any, typed: str, reason: str, rule: str
) -> None:
    c, url = client
    state, seat = stage()
    r = c.post(
        "/api/games",
        json={
            "game": "masters-of-venice",
            "players": state.players,
            "seats": ["human"] * state.players,
        },
    )
    assert r.status_code == 201, r.text
    g = r.json()
    tokens = [s["token"] for s in g["seats"]]
    hub = c.app.state.hub  # type: ignore[attr-defined]
    hub.games[g["id"]].state = state  # the staged position, in place of the new game's

    def views() -> list[Any]:
        out = []
        for t in [None, *tokens]:
            headers = {"Authorization": f"Bearer {t}"} if t else {}
            v = c.get(f"/api/games/{g['id']}/view", headers=headers)
            assert v.status_code == 200, v.text
            out.append(v.json())
        return out

    before, rows = views(), stored(url)
    assert before[0]["ply"] == state.ply
    answer = c.post(
        f"/api/games/{g['id']}/actions",
        json={"ply": state.ply, "action": typed},
        headers={"Authorization": f"Bearer {tokens[seat]}"},
    )
    body = answer.json()
    if rule.startswith("arsenale"):  # not this seat's decision: the API's own turn rule
        assert answer.status_code == 403, answer.text
        assert body["rule"] == "arsenale: turn order" and re.search(reason, body["error"])
    else:
        assert answer.status_code == 422, answer.text
        assert re.search(reason, body["error"]), body
        assert body["rule"].startswith(RULES + rule), body
    assert views() == before and stored(url) == rows
