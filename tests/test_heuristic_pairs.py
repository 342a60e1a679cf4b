"""benchmarks/heuristic_pairs.py: two kept workers play the same heuristic games in turn, and
the summary names the games whose moves differ (issue 19)."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmark_scripts import load_script

PAIRS = load_script("heuristic_pairs")
SRC = Path(__file__).resolve().parents[1] / "src"


def _result(fp: str, seconds: float, calls: int) -> dict[str, object]:
    return {
        "fingerprint": fp,
        "heuristic": seconds,
        "bot": seconds,
        "calls": calls,
        "decisions": calls,
    }


def test_summary_gives_ratios_before_over_after_and_names_differing_games() -> None:
    pairs = [
        (_result("a", 3.0, 10), _result("a", 1.0, 10)),
        (_result("b", 4.0, 10), _result("x", 1.0, 10)),
        (_result("c", 2.0, 10), _result("c", 1.0, 10)),
        (_result("a", 3.0, 10), _result("a", 1.0, 10)),  # game 0 of a second round
    ]
    row = PAIRS.summary(pairs, 3, "all")
    assert row["heuristic_ratio_median"] == 3.0
    assert row["heuristic_ratio_of_sums"] == 3.0
    assert row["moves_differ"] == [1]
    assert row["calls"] == 40
    assert row["before_ms_per_call"] == 300.0


def test_two_workers_on_one_tree_play_the_same_moves() -> None:
    left = PAIRS.Worker(SRC, "amalfi-renaissance")
    right = PAIRS.Worker(SRC, "amalfi-renaissance")
    try:
        a, b = left.play(1), right.play(1)
    finally:
        left.close()
        right.close()
    assert a["fingerprint"] == b["fingerprint"]
    assert a["calls"] == b["calls"] > 0
    assert a["heuristic"] > 0


def test_an_unknown_revision_is_refused_with_a_message(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match="'no-such-revision' is neither a src directory nor a"):
        PAIRS.tree("no-such-revision", tmp_path)
