"""benchmarks/adapters_pairs.py: kept workers on two trees play the same chunks in turn, and the
summary gives the CPU time a step before over after (issue 19)."""

from __future__ import annotations

from pathlib import Path

from benchmark_scripts import load_script

PAIRS = load_script("adapters_pairs")
SRC = Path(__file__).resolve().parents[1] / "src"


def test_summary_gives_time_a_step_before_over_after() -> None:
    pairs = [
        ({"steps": 10, "plies": 40, "cpu": 3.0}, {"steps": 10, "plies": 40, "cpu": 1.0}),
        ({"steps": 20, "plies": 80, "cpu": 4.0}, {"steps": 10, "plies": 40, "cpu": 1.0}),
        ({"steps": 10, "plies": 40, "cpu": 5.0}, {"steps": 10, "plies": 40, "cpu": 1.0}),
    ]
    row = PAIRS.summary(pairs, "gymnasium")
    # a step's time before over after: 3, 2 and 5; summed: (12 / 40) / (3 / 30) = 3
    assert row["ratio_median"] == 3.0
    assert row["ratio_of_sums"] == 3.0
    assert (row["before_steps"], row["after_steps"]) == (40, 30)
    assert row["after_steps_per_s"] == 10


def test_two_workers_on_one_tree_play_the_same_steps() -> None:
    argv = ("gymnasium", "1", "1")
    left = PAIRS.Worker(SRC, "amalfi-renaissance", PAIRS.WORKER, argv)
    right = PAIRS.Worker(SRC, "amalfi-renaissance", PAIRS.WORKER, argv)
    try:
        a, b = left.play(2), right.play(2)
    finally:
        left.close()
        right.close()
    assert a["steps"] == b["steps"] > 0
    assert a["plies"] == b["plies"] >= a["steps"]
    assert a["cpu"] > 0
