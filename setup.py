"""The opt-in compiled build (docs/compiled.md): with ARSENALE_MYPYC=1 in the environment,
`pip install --no-build-isolation .` compiles the engines listed below with mypyc (mypy must
be installed first). Without it the package is pure Python, as always: everything else about
the package is in pyproject.toml.

A module listed here must compile and behave exactly as it does interpreted: `make
test-compiled` builds the package this way and runs the engines' tests and the replay check
against it. A game not listed (a new one) runs interpreted beside the compiled core.
"""

import os

from setuptools import setup

COMPILED = {
    "core": ("actions", "chance", "decisions", "errors", "result", "state"),
    "adapters": ("encoding", "opponents"),
    "games/serenissima_1996": (
        "actions",
        "arrange",
        "battle",
        "bidding",
        "board",
        "flow",
        "heuristic",
        "landing",
        "movement",
        "negotiation",
        "observation",
        "sales",
        "setup",
        "state",
        "trade",
    ),
    "games/serenissima_2012": (
        "actions",
        "activation",
        "battle",
        "blockade",
        "board",
        "evaluate",
        "heuristic",
        "investment",
        "observation",
        "setup",
        "state",
        "steps",
        "turn_end",
    ),
    "games/masters_of_venice": (
        "actions",
        "bidding",
        "board",
        "church",
        "docks",
        "guild_hall",
        "heuristic",
        "market",
        "mercato",
        "movement",
        "observation",
        "powers",
        "rounds",
        "scoring",
        "setup",
        "shipping",
        "shops",
        "state",
        "stock_market",
        "turn_order",
        "use",
    ),
    "games/amalfi_renaissance": (
        "actions",
        "board",
        "effects",
        "heuristic",
        "observation",
        "rules",
        "state",
    ),
}
"""Per package of src/arsenale, the modules compiled: the core's state and actions, the
adapters' encodings and bots' loop and, of each game, its board and action constants, state,
rules, observation writer and heuristic (not its game class, words or rendering)."""


def compiled_paths() -> list[str]:
    return [
        f"src/arsenale/{package}/{module}.py"
        for package, modules in COMPILED.items()
        for module in modules
    ]


ext_modules = []
if os.environ.get("ARSENALE_MYPYC") == "1":
    from mypyc.build import mypycify

    # a C file per module, compiled in parallel
    ext_modules = mypycify(compiled_paths(), opt_level="3", multi_file=True)

setup(ext_modules=ext_modules, options={"build_ext": {"parallel": os.cpu_count() or 1}})
