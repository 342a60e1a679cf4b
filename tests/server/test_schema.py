"""Property-based tests of the HTTP API from its own OpenAPI schema (Schemathesis), against
SQLite: for a bounded number of generated requests per route, valid and invalid alike, the
server never answers 5xx, every answer (status, content type, body) matches the schema, and a
refused request changes nothing (the game's views for every seat and its stored rows are the
same before and after). Half of the generated game ids are swapped for a real table's, with
one of its seat tokens, so that refusals are also tried on games that exist.

The stateful part follows the schema's links: a new game's id into its view, actions, record
and replay."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.python import asgi
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from sqlalchemy import text

from arsenale.server.app import create_app

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]
EXAMPLES = 25  # per route; the whole file runs in well under a minute


class Served:
    """The app on a SQLite file in this module's temporary directory, with its lifespan
    running, a client into it, and two real tables: humans only, and one waiting on a bot."""

    def __init__(self, tmp: Path) -> None:
        self.app = create_app(
            f"sqlite:///{tmp / 'schema.sqlite3'}",
            bot_delay=0,
            rate=1e9,
            burst=1e9,
            new_games=10**9,
        )
        self._client = asgi.get_client(self.app)
        self.client = self._client.__enter__()
        self.tables: list[tuple[str, list[str]]] = []
        for game, seats in (
            ("serenissima-1996", ["human", "human", "human"]),
            ("serenissima-2012", ["human", "human"]),
        ):
            r = self.client.post(
                "http://localhost/api/games",
                json={"game": game, "players": len(seats), "seats": seats},
            )
            assert r.status_code == 201, r.text
            body = r.json()
            self.tables.append((body["id"], [s["token"] for s in body["seats"]]))

    def close(self) -> None:
        self._client.__exit__(None, None, None)

    def state(self, game_id: str) -> Any:
        """What a refusal must leave alone: the game's views for the spectator and every
        seat, and the stored rows."""
        hub = self.app.state.hub
        live = hub.games.get(game_id)
        views = None
        if live is not None:
            views = [live.view(None)] + [live.view(s) for s in range(live.state.players)]
        with hub.store.sessions() as session:
            # bots of other tables may move meanwhile: count this game's actions only
            stored = [
                session.execute(text("select count(*) from games")).scalar_one(),
                session.execute(text("select count(*) from seat_tokens")).scalar_one(),
                session.execute(
                    text(
                        "select count(*) from actions join games on games.pk = actions.game_pk "
                        "where games.id = :id"
                    ),
                    {"id": game_id},
                ).scalar_one(),
            ]
        return views, stored


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    s = Served(tmp_path_factory.mktemp("schema"))
    yield s
    s.close()


def api_schema() -> Any:
    """The schema the app publishes (building the app opens no database)."""
    loaded = schemathesis.openapi.from_dict(create_app("sqlite://").openapi())
    return loaded.include(path_regex="^/api/")


schema = api_schema()


def aim_at_a_real_table(case: Any, served: Served) -> str | None:
    """For half the generated game ids (chosen by a hash of the id), a real table's id and
    one of its tokens instead; returns the table's id."""
    generated = case.path_parameters.get("game_id") if case.path_parameters else None
    if generated is None:
        return None
    digest = hashlib.sha256(str(generated).encode()).digest()
    if digest[0] % 2:
        return None
    game_id, tokens = served.tables[digest[1] % len(served.tables)]
    case.path_parameters["game_id"] = game_id
    token = tokens[digest[2] % len(tokens)]
    case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}
    return game_id


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_every_answer_matches_the_schema_and_refusals_change_nothing(
    case: Any, served: Served
) -> None:
    table = aim_at_a_real_table(case, served)
    watched = [table] if table else [t for t, _ in served.tables]
    before = {t: served.state(t) for t in watched}
    response = case.call_and_validate(session=served.client, checks=CHECKS)
    if response.status_code >= 400:
        assert set(response.json()) == {"error", "rule"}
        assert {t: served.state(t) for t in watched} == before, "a refusal changed something"


@pytest.fixture(scope="module")
def state_machine(served: Served) -> Any:
    machine = schema.as_state_machine()

    class Machine(machine):  # type: ignore[misc,valid-type]
        def call(self, case: Any, **kwargs: Any) -> Any:
            game_id = (case.path_parameters or {}).get("game_id")
            before = served.state(str(game_id))
            response = case.call(session=served.client, **kwargs)
            if response.status_code >= 400:
                assert served.state(str(game_id)) == before, "a refusal changed something"
            return response

        def validate_response(self, response: Any, case: Any, **kwargs: Any) -> None:
            case.validate_response(response, checks=CHECKS)

    return Machine


def test_stateful_links_from_a_new_game(state_machine: Any) -> None:
    state_machine.run(
        settings=settings(
            max_examples=8,
            stateful_step_count=6,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            derandomize=True,
        )
    )
