"""How fast a catalogue of a few thousand composite actions is to build, generate, mask and
check: Toy Market (tests/plugins/toy_market), 2,430 actions, 2,400 of them trades.

    python benchmarks/toy_market_catalogue.py [positions]

Prints one JSON object: the catalogue's build time (ms) and, over market turns of random
3-player games, the median and 90th percentile (µs) of generating the legal actions, of a
numpy mask over the catalogue from them, of `check` on the last legal action (a scan of the
legal list) and of the observation encoding; with the mean number of legal actions. A figure
to watch, not a test: the tests only prove correctness.
"""

from __future__ import annotations

import importlib
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "plugins"))


def timed(fn: Callable[[], Any], repeat: int = 20) -> float:
    """The best of `repeat` runs of `fn`, in microseconds."""
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best * 1e6


def summary(values: list[float]) -> dict[str, float]:
    values = sorted(values)
    return {
        "median_us": round(statistics.median(values), 1),
        "p90_us": round(values[int(0.9 * (len(values) - 1))], 1),
    }


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    t = time.perf_counter()
    import toy_market.actions

    build_ms = (time.perf_counter() - t) * 1e3
    t = time.perf_counter()
    importlib.reload(toy_market.actions)  # the catalogue alone, the cards already loaded
    rebuild_ms = (time.perf_counter() - t) * 1e3

    from toy_market import GAME

    from arsenale.adapters.encoding import encode

    size = len(GAME.catalogue)
    generate, mask, check, encoding, legal_sizes = [], [], [], [], []
    seed = 0
    while len(generate) < count:
        rng = random.Random(seed)
        state = GAME.new_game(3, seed)
        while not state.is_over and len(generate) < count:
            (seat,) = state.to_move()[:1]
            top = state.stack[-1]
            if top.kind == "turn":
                legal = state._legal_actions(seat, top)
                legal_sizes.append(len(legal))
                generate.append(timed(lambda s=state, p=seat, f=top: s._legal_actions(p, f)))

                def make_mask(legal: list[Any] = legal) -> None:
                    m = np.zeros(size, np.int8)
                    m[[a.index for a in legal]] = 1

                mask.append(timed(make_mask))
                last = legal[-2] if len(legal) > 1 else legal[-1]  # the last trade
                check.append(timed(lambda s=state, p=seat, a=last: s.check(p, a)))
                encoding.append(timed(lambda s=state, p=seat: encode(s, p), repeat=5))
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        seed += 1
    # the widest market turn: cash to spare and 2 of each good (sell 2 to buy 3 of each)
    rich: Any = GAME.new_game(3, 0)
    while rich.stack[-1].kind != "turn" or rich.to_move() != (0,):
        rich.apply(rich.to_move()[0], rich.legal_actions(rich.to_move()[0])[-1])
    rich.cash[0], rich.stock[0:4], rich._legal = 1000, [2, 2, 2, 2], None
    wide = rich._legal_actions(0, rich.stack[-1])
    first_trade = next(a for a in wide if a.kind == "trade")
    print(
        json.dumps(
            {
                "game": GAME.id,
                "catalogue": size,
                "trades": sum(1 for a in GAME.catalogue if a.kind == "trade"),
                "import_package_ms": round(build_ms, 1),
                "catalogue_build_ms": round(rebuild_ms, 1),
                "positions": len(generate),
                "mean_legal": round(statistics.mean(legal_sizes), 1),
                "legal_actions": summary(generate),
                "numpy_mask": summary(mask),
                "check_last_trade": summary(check),
                "encode_view": summary(encoding),
                "widest_turn": {
                    "legal": len(wide),
                    "legal_actions_us": round(
                        timed(lambda: rich._legal_actions(0, rich.stack[-1])), 1
                    ),
                    "check_first_trade_us": round(timed(lambda: rich.check(0, first_trade)), 1),
                    "check_pass_us": round(timed(lambda: rich.check(0, wide[-1])), 1),
                },
            }
        )
    )


if __name__ == "__main__":
    main()
