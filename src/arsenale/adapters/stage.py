"""The `Observer`'s staged buffer (adapters/encoding.py), a class of its own module: a NumPy
array subclass stays interpreted in the compiled build (docs/compiled.md)."""

from __future__ import annotations

import numpy as np

from arsenale.core.observation import KeptBuffer


class Stage(np.ndarray, KeptBuffer):
    """An `Observer`'s own buffer for a filled observation (`KeptBuffer`): a float32 array
    whose `kept` is the game writer's record of what it last wrote there."""
