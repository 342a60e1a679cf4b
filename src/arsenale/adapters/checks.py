"""What the PettingZoo and Gymnasium environments accept from their callers, checked alike in
both (docs/adapters.md): action ids, seats, seeds and the `max_plies` cut.

An integer here is a Python `int` or a NumPy integer, never a bool (a bool is an `int` to
Python, not a number to an agent); an action may also be a 0-d integer array, which
Gymnasium's `Discrete.contains` accepts. Nothing else is converted: a float, a string or None
is refused rather than truncated or parsed.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from arsenale.core.errors import ArsenaleError, IllegalAction, excerpt

ACTION_RULE = "arsenale: action format"


class NotInActionSpace(IllegalAction, AssertionError):
    """A value that is not an action id of the environment's `Discrete` action space. The
    state is unchanged. It is also the AssertionError PettingZoo's AssertOutOfBoundsWrapper
    raises, with the same first words ("action is not in action space")."""


def integer(value: Any) -> int | None:
    """`value` as an int if it is an integer (see the module's docstring), else None."""
    if type(value) is int:
        return value
    if isinstance(value, int | np.integer) and not isinstance(value, bool):
        return int(value)
    return None


def action_index(action: Any, size: int) -> int:
    """The catalogue index `action` names among `size` actions, or NotInActionSpace: not an
    integer (a 0-d integer array counts as one) or outside 0..size-1."""
    index = integer(action)
    if (
        index is None
        and isinstance(action, np.ndarray)
        and action.shape == ()
        and np.issubdtype(action.dtype, np.integer)
    ):
        index = int(action)
    if index is None:
        raise NotInActionSpace(
            f"action is not in action space: {excerpt(action)} is not an integer action id "
            "(a Python or NumPy integer, not a bool)",
            ACTION_RULE,
        )
    if not 0 <= index < size:
        raise NotInActionSpace(
            f"action is not in action space: {index} is outside 0-{size - 1}", ACTION_RULE
        )
    return index


def seed(value: Any) -> int | None:
    """A seed for `random.Random`: None, or an integer (as an int)."""
    if value is None:
        return None
    number = integer(value)
    if number is None:
        raise ArsenaleError(
            f"seed must be an integer (Python or NumPy, not a bool) or None, not {excerpt(value)}"
        )
    return number


def max_plies(value: Any, default: int) -> int:
    """The plies after which a game is cut: `default` for None, else a positive integer."""
    if value is None:
        return default
    number = integer(value)
    if number is None or number < 1:
        raise ArsenaleError(
            "max_plies (the actions after which a game is cut) must be a positive integer "
            f"or None, not {excerpt(value)}"
        )
    return number
