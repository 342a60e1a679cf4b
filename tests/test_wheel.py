"""A wheel built from the project, installed in a fresh virtual environment, plays every game
it registers, and finds every data file of every game package (issue 20: "a wheel built and
installed in a fresh venv can play every game").

Beside Arsenale's own wheel, the toy third game (tests/plugins/toy_market) is built as a wheel
of its own distribution, `toy-market`, whose only tie to Arsenale is its entry point line:
the fresh environment must find it like the games shipped with Arsenale.

How, offline: both wheels are built with `pip wheel --no-deps --no-build-isolation` from copies
of their sources (a setuptools build writes `build/` and `*.egg-info` beside the sources; the
copies keep the worktree clean); the venv is made without pip (`venv --without-pip`) and the
wheels are installed into it by this interpreter's pip (`pip --python VENV install --no-deps
--no-index`). The dependencies (Typer, Rich, FastAPI...) are made importable by a .pth file
listing this interpreter's site-packages directories, after the venv's own, so that Arsenale
itself comes from the wheel: the test checks `arsenale.__file__`.

Skipped when the tools are missing: pip with `--python` (22.3 or later), the `venv` module, and
a setuptools that builds pyproject.toml (its `license = "MIT"` needs setuptools 77 or later;
`make install` must provide it for this test to run in `make test`).
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import textwrap
import tomllib
import zipfile
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any, NamedTuple

import pytest

ROOT = Path(__file__).resolve().parents[1]
TOY = ROOT / "tests" / "plugins" / "toy_market"
SETUPTOOLS_NEEDED = 77
"""The first setuptools that reads `license` as a string (PEP 639), as pyproject.toml has it."""

TOY_PYPROJECT = """\
[build-system]
requires = ["setuptools>=77"]
build-backend = "setuptools.build_meta"

[project]
name = "toy-market"
version = "0.1"
description = "Toy Market, a test game for Arsenale"
requires-python = ">=3.11"
dependencies = ["arsenale"]

[project.entry-points."arsenale.games"]
toy-market = "toy_market:GAME"

[tool.setuptools]
packages = ["toy_market"]

[tool.setuptools.package-data]
"*" = ["*.toml", "*.md", "*.json"]
"""
"""The pyproject.toml of a game shipped as a distribution of its own (docs/adding-a-game.md)."""


def _missing_tools() -> str | None:
    """What is missing to build and install the wheels offline (None: nothing)."""
    if importlib.util.find_spec("venv") is None:
        return "the venv module"
    try:
        pip, setuptools = version("pip"), version("setuptools")
    except PackageNotFoundError as e:
        return f"the package {e}"
    if tuple(int(x) for x in pip.split(".")[:2]) < (22, 3):
        return f"pip with --python (22.3 or later), not pip {pip}"
    if int(setuptools.split(".")[0]) < SETUPTOOLS_NEEDED:
        return f"setuptools {SETUPTOOLS_NEEDED} or later to build pyproject.toml, not {setuptools}"
    return None


pytestmark = pytest.mark.skipif(
    _missing_tools() is not None, reason=f"offline build tools missing: {_missing_tools()}"
)


def run(*cmd: str | Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        [str(c) for c in cmd], capture_output=True, text=True, env=env, timeout=600
    )
    assert done.returncode == 0, f"{' '.join(map(str, cmd))}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def data_files(tree: Path, prefix: str) -> set[str]:
    """Every file of a source tree that is not Python code, as a path inside a wheel."""
    return {
        f"{prefix}{p.relative_to(tree).as_posix()}"
        for p in tree.rglob("*")
        if p.is_file()
        and p.suffix not in (".py", ".pyc")
        and "__pycache__" not in p.parts
        and not any(part.endswith(".egg-info") for part in p.parts)
    }


class Installed(NamedTuple):
    venv: Path
    python: Path
    env: dict[str, str]
    wheels: dict[str, Path]


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    tmp = tmp_path_factory.mktemp("wheel")
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info", "build")
    project = tmp / "arsenale"
    project.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, project / name)
    shutil.copytree(ROOT / "src", project / "src", ignore=ignore)
    toy = tmp / "toy-market"
    shutil.copytree(TOY, toy / "toy_market", ignore=ignore)
    (toy / "pyproject.toml").write_text(TOY_PYPROJECT, encoding="utf-8")
    out = tmp / "wheels"
    for source in (project, toy):
        run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
            "--no-index", "-w", out, source)  # fmt: skip
    wheels = {w.name.split("-")[0]: w for w in out.glob("*.whl")}
    assert set(wheels) == {"arsenale", "toy_market"}, wheels

    venv = tmp / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv)
    python = venv / "bin" / "python"
    run(sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-deps",
        "--no-index", *wheels.values())  # fmt: skip
    purelib = run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])")
    ours = [p for p in sys.path if p.endswith("site-packages") and Path(p).is_dir()]
    (Path(purelib.strip()) / "zz_dependencies.pth").write_text(
        "\n".join(ours) + "\n", encoding="utf-8"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    return Installed(venv, python, env, wheels)


def test_the_wheels_ship_every_data_file(installed: Installed) -> None:
    """pyproject.toml ships data by glob: every non-Python file of src/arsenale (boards,
    layouts, rules, calibrations, the web page, migrations) is in the wheel, and the toy's
    cards.toml, RULES.md and RULINGS.md in its own."""
    names = set(zipfile.ZipFile(installed.wheels["arsenale"]).namelist())
    expected = data_files(ROOT / "src" / "arsenale", "arsenale/")
    assert expected - names == set()
    assert {
        "arsenale/games/serenissima_2012/board.toml",
        "arsenale/server/templates/game.html",
    } <= names
    toy = set(zipfile.ZipFile(installed.wheels["toy_market"]).namelist())
    assert data_files(TOY, "toy_market/") - toy == set()
    assert "toy_market/cards.toml" in toy


PLAY_EVERY_GAME = textwrap.dedent(
    """
    import json, random, sys
    from importlib.metadata import entry_points
    from importlib.resources import files
    import arsenale
    from arsenale.core.registry import game_ids, load_game

    report = {"arsenale": arsenale.__file__, "ids": game_ids(), "games": {}}
    for ep in entry_points(group="arsenale.games"):
        game = load_game(ep.name)
        package = type(game).__module__.rpartition(".")[0]
        players = game.min_players
        state = game.new_game(players, 1)
        rng = random.Random(1)
        while not state.is_over and state.ply < 50_000:
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        board = game.board_data()
        report["games"][ep.name] = {
            "package": sys.modules[package].__file__,
            "over": state.is_over,
            "plies": state.ply,
            "result": state.result().to_json(),
            "rules": game.rules()[:40],
            "rulings": files(package).joinpath("RULINGS.md").read_text()[:40],
            "board": None if board is None else sorted(board),
        }
    print(json.dumps(report))
    """
)


def test_a_fresh_venv_plays_every_game_from_the_wheels(installed: Installed) -> None:
    report: dict[str, Any] = json.loads(
        run(installed.python, "-c", PLAY_EVERY_GAME, env=installed.env)
    )
    venv = str(installed.venv.resolve())
    assert str(Path(report["arsenale"]).resolve()).startswith(venv)  # from the wheel
    games = report["games"]
    shipped = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"]
    assert set(games) == set(report["ids"]) == {*shipped["arsenale.games"], "toy-market"}
    assert {"serenissima-2012", "serenissima-1996"} <= set(games)
    for gid, g in games.items():
        assert str(Path(g["package"]).resolve()).startswith(venv), gid
        assert g["over"] and g["plies"] > 0, gid
        assert g["rules"].startswith("# ") and g["rulings"].startswith("# "), gid
    for gid in ("serenissima-2012", "serenissima-1996"):
        assert {"width", "height", "ports"} <= set(games[gid]["board"])
    assert games["toy-market"]["board"] is None
    assert "target" in games["toy-market"]["result"]  # a one-player game


def test_the_installed_command_knows_every_game(installed: Installed) -> None:
    command = installed.venv / "bin" / "arsenale"
    listed = json.loads(run(command, "games", "--json", env=installed.env))
    shipped = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"]
    assert [g["id"] for g in listed] == sorted({*shipped["arsenale.games"], "toy-market"})
    assert all("error" not in g for g in listed)
    broker = run(command, "rules", "toy-market", "broker", env=installed.env)
    assert broker.startswith("## Broker")
    simulate = ["simulate", "toy-market", "--seats", "heuristic,random", "--games", "4"]
    sim = json.loads(run(command, *simulate, "--workers", "1", "--json", env=installed.env))
    assert sim["errors"] == 0 and sim["games"] == 4
