"""The toy third game (tests/plugins/toy_market) through every interface, registered by its
entry point alone (tests/plugin_dist.py): the command line (in a fresh process too), the
server API, and the OpenSpiel, PettingZoo and Gymnasium adapters, in one- and two-player form."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from arsenale.cli import app
from arsenale.core.game import Game
from arsenale.core.record import load_record, replay
from arsenale.core.registry import load_game
from arsenale.sim.runner import play_game
from plugin_dist import GAME_ID, PLUGINS, installed

runner = CliRunner()


@pytest.fixture(scope="module")
def toy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """The toy registered by its entry point; the environment for subprocesses."""
    with installed(tmp_path_factory.mktemp("toy-dist")) as env:
        yield env


@pytest.fixture(scope="module")
def game(toy: dict[str, str]) -> Game:
    return load_game(GAME_ID)


def arsenale_cli(env: dict[str, str], *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """`arsenale ARGS` in a fresh Python process (as the installed command runs it)."""
    return subprocess.run(
        [sys.executable, "-c", "from arsenale.cli import main; main()", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=300,
    )


# -- the command line ---------------------------------------------------------------------------


def test_a_fresh_process_finds_the_game_by_its_entry_point(
    toy: dict[str, str], tmp_path: Path
) -> None:
    done = arsenale_cli(toy, "games", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    listed = {g["id"]: g for g in json.loads(done.stdout)}
    assert listed[GAME_ID]["players"] == [1, 3]
    assert listed[GAME_ID]["options"]["seasons"]["default"] == 3
    assert {"serenissima-2012", "serenissima-1996"} <= set(listed)


def test_rules_print_our_summary_and_its_sections(toy: dict[str, str]) -> None:
    whole = runner.invoke(app, ["rules", GAME_ID])
    assert whole.exit_code == 0
    assert whole.stdout.strip() == (PLUGINS / "toy_market" / "RULES.md").read_text().strip()
    broker = runner.invoke(app, ["rules", GAME_ID, "broker"])
    assert broker.exit_code == 0
    assert broker.stdout.startswith("## Broker") and "## Market" not in broker.stdout


@pytest.mark.parametrize("seats", ["heuristic,random", "heuristic", "random,heuristic,random"])
def test_play_runs_a_game_of_bots_to_the_end(
    toy: dict[str, str], tmp_path: Path, seats: str
) -> None:
    record = tmp_path / "game.json"
    done = runner.invoke(
        app, ["play", GAME_ID, "--seats", seats, "--seed", "7", "--record", str(record)]
    )
    assert done.exit_code == 0, done.stdout + done.stderr
    assert "Game over" in done.stdout and "Result" in done.stdout
    saved = load_record(record)
    again = replay(saved)
    assert again.is_over and saved["result"] == again.result().to_json()
    assert len(saved["seats"]) == len(seats.split(","))


def test_simulate_one_player_in_worker_processes(toy: dict[str, str], tmp_path: Path) -> None:
    """`simulate --players 1 --json` in a fresh process with two workers (which find the
    game the same way); its wins are the games that reached the target."""
    done = arsenale_cli(
        toy, "simulate", GAME_ID, "--players", "1", "--seats", "heuristic", "--games", "12",
        "--seed", "100", "--workers", "2", "--json", cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    stats = json.loads(done.stdout)
    assert stats["errors"] == 0 and stats["games"] == 12 and stats["players"] == 1
    reached = [play_game(GAME_ID, 1, ["heuristic"], 100 + g)["result"]["won"] for g in range(12)]
    assert stats["wins"] == [float(sum(reached))]
    assert 0 < sum(reached) < 12


@pytest.mark.parametrize("seats", ["heuristic,random", "random,heuristic,heuristic"])
def test_simulate_several_players(toy: dict[str, str], seats: str) -> None:
    players = len(seats.split(","))
    done = runner.invoke(
        app,
        ["simulate", GAME_ID, "--players", str(players), "--seats", seats, "--games", "10",
         "--workers", "1", "--json"],
    )  # fmt: skip
    assert done.exit_code == 0, done.stdout + done.stderr
    stats = json.loads(done.stdout)
    assert stats["errors"] == 0 and stats["players"] == players
    assert sum(stats["wins"]) == pytest.approx(10.0)
    assert all(score is not None and score >= 0 for score in stats["mean_score"])


# -- the server API ------------------------------------------------------------------------------


@pytest.fixture
def client(toy: dict[str, str], tmp_path: Path) -> Iterator[TestClient]:
    from arsenale.server.app import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path / 'toy.sqlite3'}", bot_delay=0)) as c:
        yield c


def view(client: TestClient, gid: str, token: str | None = None) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    r = client.get(f"/api/games/{gid}/view", headers=headers)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def wait_for(client: TestClient, gid: str, done: Any, token: str | None = None) -> dict[str, Any]:
    """The view once `done(view)` holds, polled under the server's rate limit."""
    deadline = time.monotonic() + 120
    while True:
        v = view(client, gid, token)
        if done(v):
            return v
        assert time.monotonic() < deadline, "the bots never finished"
        time.sleep(0.1)


def create(client: TestClient, seats: list[str]) -> dict[str, Any]:
    r = client.post("/api/games", json={"game": GAME_ID, "players": len(seats), "seats": seats})
    assert r.status_code == 201, r.text
    body: dict[str, Any] = r.json()
    return body


@pytest.mark.parametrize("seats", [["heuristic", "random", "heuristic"], ["heuristic"]])
def test_the_server_plays_a_table_of_bots_to_the_end(client: TestClient, seats: list[str]) -> None:
    catalog = client.get("/api/catalog").json()
    assert any(g["id"] == GAME_ID and g["players"] == [1, 3] for g in catalog["games"])
    gid = create(client, seats)["id"]
    end = wait_for(client, gid, lambda v: v["status"] == "over")
    record = client.get(f"/api/games/{gid}/record").json()
    assert record["game"] == GAME_ID and record["seats"] == seats
    assert replay(record).result().to_json() == end["result"] == record["result"]
    if len(seats) == 1:
        assert "target" in end["result"] and isinstance(end["result"]["won"], bool)
    assert end["log"] and all(entry["text"] for entry in end["log"])
    board = client.get(f"/api/boards/{GAME_ID}")
    assert board.status_code == 204  # no board drawing (docs/adding-a-game.md, section 9)
    assert client.get("/api/boards/no-such-game").status_code == 404


def test_a_human_at_the_server_never_sees_a_rivals_kept_card(client: TestClient) -> None:
    """A human plays against the heuristic through the API, typing notation; its log shows
    the rival's keeps only as secret choices, and its own in full."""
    g = create(client, ["human", "heuristic"])
    gid, token = g["id"], g["seats"][0]["token"]
    rng = random.Random(3)
    log: dict[int, str] = {}
    while True:
        # at a simultaneous keep the bot submits at once: act when only the human owes
        v = wait_for(client, gid, lambda v: v["status"] == "over" or v["to_move"] == [0], token)
        log.update({entry["ply"]: entry["text"] for entry in v["log"]})
        if v["status"] == "over":
            break
        texts = [entry["text"] for entry in v["legal"]]
        trades = [t for t in texts if t.startswith("buy")]
        choice = rng.choice(trades) if trades and rng.random() < 0.5 else rng.choice(texts)
        r = client.post(
            f"/api/games/{gid}/actions",
            json={"ply": v["ply"], "action": choice},
            headers={"Authorization": f"Bearer {token}"},
        )
        assert r.status_code == 200, r.text
    words = list(log.values())
    assert any(w.startswith("amber kept the order") for w in words)
    assert not any(w.startswith("teal kept") or w.startswith("teal is dealt") for w in words)
    assert sum("teal has made a secret choice" in w for w in words) == 6  # 2 keeps x 3 seasons
    record = client.get(f"/api/games/{gid}/record").json()
    assert replay(record).result().to_json() == v["result"]


# -- the AI adapters -----------------------------------------------------------------------------


def spiel_game(players: int, seed: int = 4) -> Any:
    pyspiel = pytest.importorskip("pyspiel")
    import arsenale.adapters.openspiel as aos

    name = aos.register(GAME_ID)  # a game registered after the module was imported
    assert name == "arsenale_toy_market"
    return pyspiel.load_game(name, {"players": players, "seed": seed})


def spiel_random_game(players: int, seed: int) -> Any:
    g = spiel_game(players)
    state = g.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_openspiel_plays_the_two_player_game(game: Game) -> None:
    g = spiel_game(2)
    assert g.num_distinct_actions() == len(game.catalogue) == 2430
    state = g.new_initial_state()
    rng = random.Random(2)
    while not state.is_terminal():
        seat = state.current_player()
        chosen = rng.choice(state.legal_actions())
        kept = game.catalogue[chosen]
        state.apply_action(chosen)
        if kept.kind == "keep":  # the other seat's information state: the public form only
            other = state.information_state_string(1 - seat)
            assert other.rstrip(";").endswith(f"{seat}:{kept.public}")
    assert state.returns() == game.returns(state.world.result())


def test_openspiel_declares_the_games_general_sum_utility(game: Game) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    assert spiel_game(2).get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


def test_openspiel_one_player_returns_win_or_loss_against_the_target(game: Game) -> None:
    for seed in range(6):
        state = spiel_random_game(1, seed)
        assert state.returns() == [1.0 if state.world.result().won else -1.0]


def pettingzoo_game(players: int, seed: int) -> tuple[dict[str, float], Any]:
    pytest.importorskip("pettingzoo")
    from arsenale.adapters.pettingzoo import env

    e = env(GAME_ID, players=players, seed=seed)
    e.reset()
    rng = random.Random(seed)
    final: dict[str, float] = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _info = e.last()
        final[agent] = reward
        if terminated or truncated:
            e.step(None)
            continue
        e.step(rng.choice([i for i, m in enumerate(obs["action_mask"]) if m]))
    return final, e.unwrapped.world


def test_pettingzoo_plays_the_two_player_game(game: Game) -> None:
    final, world = pettingzoo_game(2, 5)
    returns = game.returns(world.result())
    assert final == {"player_0": returns[0], "player_1": returns[1]}


def test_pettingzoo_one_player_rewards_win_or_loss(game: Game) -> None:
    for seed in range(6):
        final, world = pettingzoo_game(1, seed)
        assert final == {"player_0": 1.0 if world.result().won else -1.0}


def gymnasium_game(players: int, seed: int) -> tuple[float, Any]:
    pytest.importorskip("gymnasium")
    import gymnasium

    from arsenale.adapters.gymnasium import register_envs

    assert f"arsenale/{GAME_ID}-v0" in register_envs()
    env = gymnasium.make(f"arsenale/{GAME_ID}-v0", players=players, opponents="heuristic")
    _obs, info = env.reset(seed=seed)
    rng = random.Random(seed)
    while True:
        legal = [i for i, m in enumerate(info["action_mask"]) if m]
        _obs, reward, terminated, truncated, info = env.step(rng.choice(legal))
        assert not truncated and not info.get("illegal_action")
        if terminated:
            return float(reward), env.unwrapped.world  # type: ignore[attr-defined]


def test_gymnasium_plays_a_seat_of_the_two_player_game(game: Game) -> None:
    reward, world = gymnasium_game(2, 6)
    assert reward == game.returns(world.result())[0]


def test_gymnasium_one_player_rewards_win_or_loss(game: Game) -> None:
    for seed in range(6):
        reward, world = gymnasium_game(1, seed)
        assert reward == (1.0 if world.result().won else -1.0)
