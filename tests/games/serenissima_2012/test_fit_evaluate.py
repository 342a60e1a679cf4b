"""benchmarks/fit_evaluate.py: the least-squares fit behind evaluate.toml recovers known
weights, floors the ones that would let search give things away, and writes a file that
`load_weights` reads back."""

from __future__ import annotations

import argparse
import random
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

import arsenale
from arsenale.games.serenissima_2012.evaluate import FEATURES, load_weights
from benchmark_scripts import load_script


def _fit_module() -> ModuleType:
    return load_script("fit_evaluate")


def _samples(true: dict[str, float], home: dict[int, float], n: int = 3000) -> list:
    rng = random.Random(1)
    rows = []
    for _ in range(n):
        turn = rng.randrange(1, 4)
        h = rng.choice(sorted(home))
        terms = tuple(rng.uniform(0, 30) for _ in FEATURES)
        money = rng.uniform(0, 50)
        final = money + sum(true[f] * x for f, x in zip(FEATURES, terms, strict=True)) + home[h]
        rows.append((turn, h, terms, money, final + rng.gauss(0, 0.5)))
    return rows


def test_the_fit_recovers_known_weights_and_home_constants() -> None:
    fit = _fit_module()
    true = {"ports": 0.8, "crew": 1.3, "cargo": 0.5, "potential": 0.3, "reserve": 0.4}
    home = {2: 10.0, 7: -5.0}
    rows, report = fit.fit(_samples(true, home), [2, 7])
    assert len(rows) == 3 and len(report) == 3
    for row in rows:
        for f in FEATURES:
            assert row[f] == pytest.approx(true[f], abs=0.02)
        assert row["home:2"] == pytest.approx(10.0, abs=0.5)
        assert row["home:7"] == pytest.approx(-5.0, abs=0.5)


def test_weights_below_their_floor_are_raised_and_the_constants_refitted() -> None:
    """Cargo that truly adds nothing still gets 0.2 (search must not throw cubes away), and
    the home constants absorb what the floor added on average."""
    fit = _fit_module()
    true = {"ports": 0.8, "crew": 1.3, "cargo": 0.0, "potential": 0.3, "reserve": -1.0}
    rows, _ = fit.fit(_samples(true, {2: 10.0, 7: -5.0}), [2, 7])
    for row in rows:
        assert row["cargo"] == 0.2 and row["reserve"] == 0.0
        assert row["home:2"] < 10.0  # the floored cargo now explains part of the outcome


def test_the_written_file_is_what_evaluate_reads(tmp_path: Path) -> None:
    fit = _fit_module()
    board = arsenale.load_game("serenissima-2012").board
    homes = list(board.start_ports)
    true = {"ports": 0.8, "crew": 1.3, "cargo": 0.5, "potential": 0.3, "reserve": 0.4}
    rows, _ = fit.fit(_samples(true, {h: float(h) for h in homes}), homes)
    args = argparse.Namespace(games=5, seed=0)
    text = fit.toml_text({2: rows, 3: rows, 4: rows}, args)
    weights = load_weights(board, 3, tomllib.loads(text))
    w, home = weights.row(2)
    assert w == tuple(rows[1][f] for f in FEATURES)
    assert home == {h: rows[1][f"home:{h}"] for h in homes}
    assert weights.row(99) == weights.row(3)  # later turns share the last row


def test_self_play_samples_carry_the_terms_and_the_final_ducats() -> None:
    fit = _fit_module()
    rows = fit.play((2, 7))
    assert rows
    finals = {r[4] for r in rows}
    assert all(r[0] >= 1 and len(r[2]) == len(FEATURES) for r in rows)
    assert len(finals) <= 2  # one final score per seat
