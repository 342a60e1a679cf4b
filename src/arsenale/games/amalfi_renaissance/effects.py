"""The named effect functions of the characters (cards.toml `effect`) and the decree formulas
(board.toml `formula`). A card's effect is its data plus one of these small functions; the
rules code calls them by name and knows no card (RULES.md, Characters; Decree)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from arsenale.games.amalfi_renaissance.board import Character, Decree

if TYPE_CHECKING:
    from arsenale.games.amalfi_renaissance.state import AmalfiState

from arsenale.games.amalfi_renaissance.state import M_CAP, M_DISP, M_FEED, M_HOLD, M_SHIP, N_MODS

# -- characters: called once, when the card is invited (immediate and permanent cards) or
# engaged (engageable cards); they return nothing and change the state or queue bonus steps.


def bonus(s: AmalfiState, seat: int, card: Character) -> None:
    """Immediate or engageable: resolve the card's bonus steps, left to right."""
    s.queue.extend(reversed(card.steps))


def cheaper_ships(s: AmalfiState, seat: int, card: Character) -> None:
    """Permanent: each ship you construct costs `amount` fewer units (at least 1)."""
    s.mods[N_MODS * seat + M_SHIP] += card.amount


def lighter_feed(s: AmalfiState, seat: int, card: Character) -> None:
    """Permanent: your crews need `amount` fewer bread at each Feed."""
    s.mods[N_MODS * seat + M_FEED] += card.amount


def bigger_granary(s: AmalfiState, seat: int, card: Character) -> None:
    """Permanent: your granary holds `amount` more bread."""
    s.mods[N_MODS * seat + M_CAP] += card.amount


def cheaper_displays(s: AmalfiState, seat: int, card: Character) -> None:
    """Permanent: every bread surcharge of a display slot costs you `amount` less."""
    s.mods[N_MODS * seat + M_DISP] += card.amount


def rich_hold(s: AmalfiState, seat: int, card: Character) -> None:
    """Permanent: each ship unloaded from the card's hold yields 1 more unit."""
    s.mods[N_MODS * seat + M_HOLD + card.hold] += 1


def score_per(s: AmalfiState, seat: int, card: Character) -> int:
    """Endgame: `per` VP for each `item` held at the end, at most `max`."""
    return min(card.max, card.per * s.count(seat, card.item))


ON_INVITE: Final[dict[str, Callable[[AmalfiState, int, Character], None]]] = {
    "bonus": bonus,
    "cheaper_ships": cheaper_ships,
    "lighter_feed": lighter_feed,
    "bigger_granary": bigger_granary,
    "cheaper_displays": cheaper_displays,
    "rich_hold": rich_hold,
}
AT_END: Final[dict[str, Callable[[AmalfiState, int, Character], int]]] = {"score_per": score_per}


# -- decrees: VP of one seat; `extra` is the board's VP per item for this period


def largest_art_type(s: AmalfiState, seat: int, d: Decree, extra: int) -> int:
    return (d.value + extra) * s.count(seat, "largest_type")


def art_sets(s: AmalfiState, seat: int, d: Decree, extra: int) -> int:
    """Full sets first, then pairs of two types among what is left (RULINGS.md, Blessing)."""
    a = s.artc[3 * seat : 3 * seat + 3]
    sets = min(a)
    rest = sorted(x - sets for x in a)
    pairs = rest[1]  # the smallest is 0: pairs of the two other types
    return (d.value + extra) * sets + (d.pair + extra) * pairs


def _per(item: str) -> Callable[[AmalfiState, int, Decree, int], int]:
    def formula(s: AmalfiState, seat: int, d: Decree, extra: int) -> int:
        return (d.value + extra) * s.count(seat, item)

    formula.__name__ = f"per_{item}"
    return formula


def ships_on_privates(s: AmalfiState, seat: int, d: Decree, extra: int) -> int:
    from arsenale.games.amalfi_renaissance.board import PRIV0

    on = sum(1 for t in s.tiles[seat] if s.dock[PRIV0 + t] == seat)
    return (d.value + extra) * on


def bread(s: AmalfiState, seat: int, d: Decree, extra: int) -> int:
    return (d.value + extra) * s.bread[seat]


def universal(s: AmalfiState, seat: int, d: Decree, extra: int) -> int:
    items = s.count(seat, "artworks") + s.count(seat, "privates") + s.count(seat, "characters")
    return (d.value + extra) * items


DECREE_FORMULAS: Final[dict[str, Callable[[AmalfiState, int, Decree, int], int]]] = {
    "largest_art_type": largest_art_type,
    "art_sets": art_sets,
    "lighthouses": _per("lighthouses"),
    "ships_on_privates": ships_on_privates,
    "characters": _per("characters"),
    "character_types": _per("character_types"),
    "privates": _per("privates"),
    "ships_built": _per("ships"),
    "bread": bread,
    "universal": universal,
}
