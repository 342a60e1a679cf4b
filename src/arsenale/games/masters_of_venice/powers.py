"""The characters' powers (rules/masters-of-venice.en.txt, Characters): each character in
board.toml names its power, one of the small functions below, and the numbers the power uses
(`steals = 1`, `buys = 2`...). The rules code asks these functions what a seat may do; it
never tests a character by name. An owner of the game who finds a different number on a card
edits board.toml.

Each function reads the seat's characters (`state.chars`, a bit mask) and the numbers of
those whose power it is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from arsenale.core.errors import DataError
from arsenale.games.masters_of_venice.board import DATA

if TYPE_CHECKING:
    from arsenale.games.masters_of_venice.state import MovState

_CHARS: Final[list[dict[str, Any]]] = DATA["character"]


def _numbers(power: str, key: str) -> tuple[int, ...]:
    """Per character: its `key` number if its power is `power`, else 0."""
    return tuple(int(c.get(key, 0)) if c["power"] == power else 0 for c in _CHARS)


MARKER_USES: Final = _numbers("gondola", "marker_uses")
DRAWS: Final = _numbers("guild_draws", "draws")
RETURNS: Final = _numbers("guild_draws", "returns")
FREE_CUBES: Final = _numbers("office_free_cubes", "free_cubes")
EXTRA_SHARES: Final = _numbers("extra_dividend", "extra_shares")
STEALS: Final = _numbers("dock_steals", "steals")
BUYS: Final = _numbers("mercato_limits", "buys")
SELLS: Final = _numbers("mercato_limits", "sells")
SWAPS: Final = _numbers("mercato_limits", "swaps")
N_CHARS: Final = len(_CHARS)


def _best(table: tuple[int, ...], mask: int, default: int = 0) -> int:
    out = default
    for c in range(N_CHARS):
        if mask >> c & 1 and table[c] > out:
            out = table[c]
    return out


def _by_mask(table: tuple[int, ...], default: int = 0) -> tuple[int, ...]:
    """`_best(table, mask, default)` for every mask of characters, by mask."""
    return tuple(_best(table, mask, default) for mask in range(1 << N_CHARS))


_MARKER_USES: Final = _by_mask(MARKER_USES)
_GUILD_DRAWS: Final = tuple(zip(_by_mask(DRAWS, 1), _by_mask(RETURNS), strict=True))
_FREE_CUBES: Final = _by_mask(FREE_CUBES)
_EXTRA_SHARES: Final = _by_mask(EXTRA_SHARES)
_STEALS: Final = _by_mask(STEALS)
_MERCATO_LIMITS: Final = tuple(
    zip(_by_mask(BUYS, 1), _by_mask(SELLS, 1), _by_mask(SWAPS), strict=True)
)
"""The powers' numbers by the mask of a seat's characters (`state.chars`), made once."""


def gondola(s: MovState, seat: int) -> int:
    """Gondolieri: how many times the seat may use the Gondola Marker this tenure (the seat
    also moves the gondola and takes the rumors: state.end_round)."""
    return _MARKER_USES[s.chars[seat]]


def guild_draws(s: MovState, seat: int) -> tuple[int, int]:
    """Guild Master: cards looked at in one draw (one kept), and held orders that may go back
    to the bottom of the deck with it. Anyone else: (1, 0)."""
    return _GUILD_DRAWS[s.chars[seat]]


def office_free_cubes(s: MovState, seat: int) -> int:
    """Harbor Master: cubes drawn free from the bag at each shipping office use."""
    return _FREE_CUBES[s.chars[seat]]


def extra_dividend(s: MovState) -> list[tuple[int, int]]:
    """Tax Collector: (seat, extra shares) paid on every dividend, held or not."""
    out = []
    for seat, mask in enumerate(s.chars):
        extra = _EXTRA_SHARES[mask]
        if extra:
            out.append((seat, extra))
    return out


def dock_steals(s: MovState, seat: int) -> int:
    """Thief: cubes taken free, without moving the price, at the dock of one use."""
    return _STEALS[s.chars[seat]]


def mercato_limits(s: MovState, seat: int) -> tuple[int, int, int]:
    """Trader: cubes that may be bought, cubes that may be sold and swaps at one Mercato
    visit; anyone else buys one and sells one and swaps none (Mercato)."""
    return _MERCATO_LIMITS[s.chars[seat]]


POWERS: Final[dict[str, Callable[..., Any]]] = {
    "gondola": gondola,
    "guild_draws": guild_draws,
    "office_free_cubes": office_free_cubes,
    "extra_dividend": extra_dividend,
    "dock_steals": dock_steals,
    "mercato_limits": mercato_limits,
}
"""Power names as board.toml writes them."""

for _c in _CHARS:
    if _c.get("power") not in POWERS:
        raise DataError(
            f"masters-of-venice board.toml: character {_c['id']} names no known power "
            f"({_c.get('power')!r}; known: {', '.join(POWERS)})"
        )
if max(DRAWS) != 2:
    raise DataError(
        "masters-of-venice board.toml: the Guild Master looks at two cards (Characters); the "
        "catalogue names them 'first' and 'second'"
    )
