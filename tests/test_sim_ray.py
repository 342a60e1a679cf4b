"""The Ray backend on a real local Ray with 2 CPUs (Ray is the `ray` extra, which `make
test` installs): the same seeds give the same lines as the local backend, a run resumes on
Ray, and the command drives it. One Ray for the module; it is shut down at the end."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arsenale.cli import app
from arsenale.sim import simulate, tournament

ray = pytest.importorskip("ray")

TESTS = str(Path(__file__).parent)
SEATS = ["random", "heuristic", "random"]


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """A local Ray with 2 CPUs whose workers import the toy game from tests/ as the runner
    registers it (conftest.py puts tests/ on this process's path only)."""
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        runtime_env={"env_vars": {"PYTHONPATH": TESTS}},
    )
    yield
    ray.shutdown()


def _without_speed(summary: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in summary.items() if k not in ("games_per_s", "out")}


def test_ray_plays_the_same_games_as_the_local_backend(local_ray: None, tmp_path: Path) -> None:
    """One test, so that pytest-xdist starts one Ray, not one per worker."""
    local, on_ray = tmp_path / "local.jsonl", tmp_path / "ray.jsonl"

    def run(out: Path, workers: int, backend: str) -> dict[str, object]:
        return simulate(
            "toy-race", 3, SEATS, 8, seed=11, workers=workers, options={"goal": 15},
            backend=backend, rotate=True, out=out,
        )  # fmt: skip

    one, two = run(local, 1, "local"), run(on_ray, 2, "ray")
    assert one["games"] == two["games"] == 24 and one["played"] == 24
    assert _without_speed(one) == _without_speed(two)
    assert local.read_bytes() == on_ray.read_bytes()  # the same lines in the same order

    # stopped after 10 games, the last line half written: the rerun plays the 14 others
    lines = on_ray.read_bytes().splitlines(keepends=True)
    on_ray.write_bytes(b"".join(lines[:10]) + lines[10][:25])
    resumed = run(on_ray, 2, "ray")
    assert (resumed["played"], resumed["resumed"]) == (14, 10)
    assert local.read_bytes() == on_ray.read_bytes()
    assert _without_speed(resumed) == {**_without_speed(one), "played": 14, "resumed": 10}

    # a tournament, and the command
    bots = ["random", "heuristic"]
    ranked = tournament("toy-race", 2, bots, 5, seed=3, workers=1)
    ranked_on_ray = tournament("toy-race", 2, bots, 5, seed=3, workers=2, backend="ray")
    assert _without_speed(ranked) == _without_speed(ranked_on_ray)
    out = tmp_path / "cli.jsonl"
    args = ["simulate", "toy-race", "--seats", "random,heuristic", "--games", "6", "--json"]
    result = CliRunner().invoke(app, [*args, "--backend", "ray", "--out", str(out)])
    assert result.exit_code == 0, result.output
    stats = json.loads(result.stdout)
    assert stats["games"] == 6 and stats["errors"] == 0
    assert len(out.read_text().splitlines()) == 6
