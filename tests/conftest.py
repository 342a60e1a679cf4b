"""Makes the toy game importable and registered as "toy-race" for every test."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

os.environ["ARSENALE_LANG"] = "en"  # the tests read English texts, whatever the machine speaks

# No time limit on a Hypothesis example: the property tests check behaviour, not speed (that
# is for benchmarks/), and a shared machine under load made a 0.4 ms example take 315 ms.
settings.register_profile("arsenale", deadline=None)
settings.load_profile("arsenale")

HERE = str(Path(__file__).parent)
if HERE not in sys.path:  # so that worker processes and `importlib` find `toygame`
    sys.path.insert(0, HERE)

from arsenale.core.game import Game  # noqa: E402
from arsenale.core.registry import load_game, register  # noqa: E402

TOY = "toy-race"


@pytest.fixture(autouse=True, scope="session")
def toy_game() -> Game:
    register(TOY, "toygame:GAME")
    return load_game(TOY)


@pytest.fixture(autouse=True)
def fallbacks_as_they_were() -> Iterator[None]:
    """Every test leaves the process's fallback setting as it found it (benchmark scripts
    that tests run switch strict mode on for good, as they should when run on their own)."""
    from arsenale.bots.base import Fallbacks

    strict = Fallbacks.strict
    yield
    Fallbacks.strict = strict


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    """Every test leaves the language in force English (`arsenale --lang fr` run in-process
    through CliRunner sets it for the rest of the thread)."""
    yield
    from arsenale import i18n

    i18n.use("en")
