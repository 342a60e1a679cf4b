"""How an Amalfi merchant plays: the heuristic bot, the score estimate search uses, and the
model of another seat's secret keep. Each reads a world sampled from one seat's information
(`SeatInfo.determinize`), never the true state.

The heuristic is greedy: every main action is valued in VP (what it scores now, plus a rough
worth of what it brings: ships in holds, characters, lighthouses, tiles), less the units it
costs at about half a VP each; it passes when nothing is worth its price. Payments unload the
holds the cost can use, then supply from the bay; feeding converts ships only when short.
In the solo challenge a navigation that fills the holds a planned purchase can use is worth
that purchase as well, so the bot sails before it buys instead of paying with its bay.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from arsenale.core.actions import Action
from arsenale.games.amalfi_renaissance import actions as A
from arsenale.games.amalfi_renaissance.actions import NUMBER
from arsenale.games.amalfi_renaissance.board import (
    ANY,
    ARTWORKS,
    ATLAS_SLOTS,
    BREAD,
    CHAR_IDS,
    CHAR_TYPES,
    CHARACTERS,
    CHOICE,
    COUNCIL_SLOTS,
    DARK_VALUES,
    ENDGAME,
    ENGAGEABLE,
    ERECT,
    HOLD_VALUES,
    IMMEDIATE,
    LIGHT_VALUES,
    LOC_IDS,
    PACKS,
    PRIV0,
    PRIVATES,
    RES,
    SEND,
    SHIP_RES,
    SOLO,
    STRAIGHTEN,
    TAKE,
    TITLES,
    VP,
    WORKSHOP_SLOTS,
    Step,
)
from arsenale.games.amalfi_renaissance.rules import place_of, ship_price, turn_actions, units
from arsenale.games.amalfi_renaissance.state import RIVALS

if TYPE_CHECKING:
    from arsenale.games.amalfi_renaissance.state import AmalfiState

LOC_INDEX: Final = {loc: i for i, loc in enumerate(LOC_IDS)}
CHAR_INDEX: Final = {c: i for i, c in enumerate(CHAR_IDS)}

UNIT: Final = 0.45
"""What one unit of resource is worth in VP to the heuristic."""


def step_value(s: AmalfiState, seat: int, step: Step, ships: int) -> float:
    kind, a, _b = step
    if kind == VP:
        return float(a)
    if kind == BREAD:
        return 0.3 * min(a, s.capacity(seat) - s.bread[seat])
    if kind == SEND:
        return 1.3 * min(a, ships)
    if kind == TAKE:
        return 1.5
    if kind == ERECT:
        return 2.5 if s.lit[seat] < 6 else 2.0
    if kind == STRAIGHTEN:
        return 1.5 if s.engaged[seat] else 0.0
    if kind == CHOICE:
        return 1.5
    return 0.0


def steps_value(
    steps: tuple[Step, ...], ships: int, room: int, erect: float, straighten: float
) -> float:
    """`step_value` of each step added up in order, the seat's figures read beforehand: its
    ships, the room left in its granary, what a lighthouse erected and a character
    straightened are worth to it."""
    v = 0.0
    for kind, a, _b in steps:
        if kind == SEND:
            v += 1.3 * min(a, ships)
        elif kind == VP:
            v += float(a)
        elif kind == BREAD:
            v += 0.3 * min(a, room)
        elif kind in (TAKE, CHOICE):
            v += 1.5
        elif kind == ERECT:
            v += erect
        elif kind == STRAIGHTEN:
            v += straighten
    return v


def card_value(s: AmalfiState, seat: int, c: int) -> float:
    card = CHARACTERS[c]
    left = 4 - s.period
    if card.type == ENDGAME:
        have = s.count(seat, card.item) if card.item else 0
        return min(card.max, card.per * (have + left)) * 0.8
    if card.type in (IMMEDIATE, ENGAGEABLE):
        v = 0.0
        for step in card.steps:
            v += step_value(s, seat, step, 3)
        return (
            v * (left if card.type == ENGAGEABLE else 1) * (0.8 if card.type == ENGAGEABLE else 1)
        )
    return 1.5 * left + 1.0


def gains_of(s: AmalfiState, action: Action) -> dict[str, int]:
    """The title items a main action adds (RULES.md, Titles); in the solo challenge the
    lighthouses its bonus erects too. The dict may be shared: do not modify it."""
    kind = action.kind
    if kind == "acquire":
        return ART_GAINS[s.workshop[action.params["slot"] - 1]][1 if s.rival else 0]
    if kind == "navigate" and s.rival:
        place = place_of(s, LOC_INDEX[action.params["place"]])
        erect = sum(1 for st in place.steps if st[0] == ERECT)
        return {"lighthouses": erect} if erect else {}
    if kind == "discover":
        return PRIVATE_GAINS
    if kind == "invite":
        return CHAR_GAINS[CHAR_INDEX[action.params["card"]]]
    if kind == "construct":
        return {"fleet": action.params["ships"], "ships": action.params["ships"]}
    return {}


def _art_gains(t: int, erects: bool) -> dict[str, int]:
    out = {"artworks": 1, ("books", "paintings", "monuments")[t]: 1, f"art{t}": 1}
    if erects:
        out["lighthouses"] = 1
    return out


ART_GAINS: Final = tuple(
    (_art_gains(art.type, False), _art_gains(art.type, art.bonus[0] == ERECT)) for art in ARTWORKS
)
"""`gains_of` an artwork's acquisition, outside and in the solo challenge."""
CHAR_GAINS: Final = tuple(
    {"characters": 1, CHAR_TYPES[card.type]: 1, f"char{card.type}": 1} for card in CHARACTERS
)
"""`gains_of` a character's invitation."""
PRIVATE_GAINS: Final = {"privates": 1}
"""`gains_of` a discovery."""


def pairs_short(arts: Sequence[int], k: int) -> int:
    """The artworks still to acquire for `k` types with two each (the fullest types first)."""
    return sum(max(0, 2 - n) for n in sorted(arts, reverse=True)[:k])


def short_of(s: AmalfiState, seat: int, item: str, k: int) -> int:
    """The acquisitions, invitations, ships ... a title item still lacks: for two artworks
    of each of `k` types, the artworks missing, not the pairs."""
    if item == "pairs_of_types":
        return pairs_short(s.artc[3 * seat : 3 * seat + 3], k)
    return max(0, k - s.count(seat, item))


def deficits(s: AmalfiState, seat: int) -> list[tuple[int, int]]:
    """(what the seat still lacks, title index) of each title in play it has not completed,
    the nearest first."""
    out = []
    for i, t in enumerate(s.titles):
        if seat not in s.claims[i]:
            short = sum(short_of(s, seat, item, k) for item, k in TITLES[t].need)
            out.append((short, i))
    return sorted(out)


def solo_weights(s: AmalfiState, seat: int) -> dict[int, float]:
    """Solo challenge: the weight of each title the plan aims at. The rival's title checks
    (RULES.md, Solo challenge) make the nearest titles worth the game: as many as the last
    check asks for get SOLO_WEIGHT, the nearest one more again while the next check is not
    yet met."""
    mins = SOLO[RIVALS[s.rival]]
    have = s.count(seat, "titles")
    final = max(0, mins[-1] - have)
    column = min(len(mins) - 1, max(0, s.period - 1))
    urgent = mins[column] > have
    weights: dict[int, float] = {}
    for rank, (_short, i) in enumerate(deficits(s, seat)[:final]):
        weights[i] = SOLO_WEIGHT * (SOLO_URGENCY if urgent and rank == 0 else 1.0)
    return weights


SOLO_WEIGHT: Final = 8.0
"""Solo: the title weight (in place of TITLE_WEIGHT) of a title the plan aims at."""
SOLO_PASS: Final = -1.0
"""Solo: the heuristic passes only when no main action is worth more than this; with no
rival seat to leave the displays to, a slightly costly action still builds toward a title."""
SOLO_URGENCY: Final = 2.0
"""Solo: the extra factor of the nearest title while the next title check is not met."""


class Plan:
    """The titles in play a seat can still gain, read once a decision (`title_plan`): what
    the seat lacks depends neither on the action valued nor on its holds and bay, which a
    solo look-ahead changes (`nav_lookahead`). Each title is (its next square's VP, the weight
    of progress toward it, what the seat lacks in all, the items it lacks as (item, count
    needed, how many short)); in the solo challenge, whose look-ahead values the same purchases
    again, `bonus` keeps each action's `title_bonus` once worked out (None otherwise)."""

    __slots__ = ("bonus", "titles")

    def __init__(
        self,
        titles: tuple[tuple[float, float, int, tuple[tuple[str, int, int], ...]], ...],
        solo: bool,
    ) -> None:
        self.titles = titles
        self.bonus: dict[Action, float] | None = {} if solo else None


def title_plan(s: AmalfiState, seat: int) -> Plan:
    """The titles of `title_bonus`, read once a decision: what the seat lacks does not depend
    on the action valued (RULES.md, Titles)."""
    weights = solo_weights(s, seat) if s.rival else None
    plan = []
    for i, t in enumerate(s.titles):
        claimed = s.claims[i]
        if seat in claimed:
            continue
        title = TITLES[t]
        values = DARK_VALUES if title.dark else LIGHT_VALUES
        if len(claimed) >= len(values):
            continue
        weight = TITLE_WEIGHT if weights is None else weights.get(i, TITLE_WEIGHT)
        deficit = 0
        lacking = []
        for item, k in title.need:
            if weights is not None and item == "pairs_of_types":
                # solo: the artworks the pairs still need (short_of), credited as such
                short = pairs_short(s.artc[3 * seat : 3 * seat + 3], k)
                if short:
                    deficit += short
                    lacking.append(("solo_pairs", k, short))
            else:
                short = k - s.count(seat, item)
                if short > 0:
                    deficit += short
                    lacking.append((item, k, short))
        plan.append((values[len(claimed)], weight, deficit, tuple(lacking)))
    return Plan(tuple(plan), weights is not None)


def title_bonus(s: AmalfiState, seat: int, action: Action, plan: Plan) -> float:
    """Progress toward the titles in play the seat has not completed (`plan`), in VP."""
    memo = plan.bonus
    if memo is None:
        return _title_bonus(s, seat, action, plan)
    known = memo.get(action)
    if known is None:
        known = memo[action] = _title_bonus(s, seat, action, plan)
    return known


def _title_bonus(s: AmalfiState, seat: int, action: Action, plan: Plan) -> float:
    gains = gains_of(s, action)
    if not gains:
        return 0.0
    # the artwork or character type gained (gains_of's "art<type>" and "char<type>")
    kind, art, char = action.kind, -1, -1
    if kind == "acquire":
        art = ARTWORKS[s.workshop[action.params["slot"] - 1]].type
    elif kind == "invite":
        char = CHARACTERS[CHAR_INDEX[action.params["card"]]].type
    return gains_bonus(s, seat, plan, gains, art, char)


def gains_bonus(
    s: AmalfiState, seat: int, plan: Plan, gains: dict[str, int], art: int, char: int
) -> float:
    """`title_bonus` of an action that `gains` title items (`gains_of`; `art` and `char` the
    artwork and character type gained, -1 for none)."""
    bonus = 0.0
    for value, weight, deficit, lacking in plan.titles:
        helped = 0
        for item, k, short in lacking:
            if item == "solo_pairs":
                if art >= 0:
                    arts = list(s.artc[3 * seat : 3 * seat + 3])
                    arts[art] += 1
                    helped += short - pairs_short(arts, k)
            elif item in gains:
                helped += min(short, gains[item])
            elif item == "pairs_of_types" and art >= 0:
                helped += 1 if s.artc[3 * seat + art] == 1 else 0
            elif item == "largest_type" and art >= 0:
                helped += 1 if s.artc[3 * seat + art] == max(s.artc[3 * seat : 3 * seat + 3]) else 0
            elif item == "character_types" and char >= 0:
                helped += 1 if s.charc[4 * seat + char] == 0 else 0
        if helped and deficit:
            bonus += value * helped / deficit * weight
    return bonus


TITLE_WEIGHT: Final = 1.6
"""How much of a title square's VP the heuristic credits per unit of progress toward it."""


def main_value(s: AmalfiState, seat: int, action: Action, plan: Plan) -> float:
    """A main action's worth in VP (`plan`: the seat's `title_plan`)."""
    v = main_value_base(s, seat, action) + title_bonus(s, seat, action, plan)
    if s.rival:
        v -= SOLO_SUPPLY * supplies(s, seat, action)
    return v


def cost_of(s: AmalfiState, seat: int, action: Action) -> tuple[int, int]:
    """(units, resource mask) a main action's payment asks; (0, 0) for none."""
    kind = action.kind
    if kind == "acquire":
        art = ARTWORKS[s.workshop[action.params["slot"] - 1]]
        return art.cost, art.mask
    if kind == "discover":
        tile = PRIVATES[s.atlas[action.params["slot"] - 1]]
        return tile.cost, tile.mask
    if kind == "invite":
        card = CHARACTERS[CHAR_INDEX[action.params["card"]]]
        return card.cost, card.mask
    if kind == "construct":
        return action.params["ships"] * ship_price(s, seat), 1 << SHIP_RES
    return 0, 0


def supplies(s: AmalfiState, seat: int, action: Action) -> int:
    """The emergency supplies a payment for `action` needs beyond the ships in the holds it
    can use: each one leaves a ship in port for the rest of the period (RULES.md, Payments)."""
    cost, mask = cost_of(s, seat, action)
    if not mask:
        return 0
    h = 5 * seat
    held = 0
    for r in range(5):
        if mask >> r & 1:
            held += s.holds[h + r] * units(s, seat, r)
    return max(0, -(-(cost - held) // 3))


SOLO_AHEAD: Final = 1.0
"""Solo: the share of the purchase a navigation makes cheaper (nav_lookahead) credited to it."""
SOLO_SUPPLY: Final = 8.0
"""Solo: what the heuristic reckons an emergency supply costs, in VP (a ship lost for the
period is a navigation lost, and navigations fill the holds that pay without supplies)."""


def main_value_base(s: AmalfiState, seat: int, action: Action) -> float:
    kind = action.kind
    if kind == "navigate":
        held = sum(s.holds[5 * seat : 5 * seat + 5])
        loc = LOC_INDEX[action.params["place"]]
        place = place_of(s, loc)
        ships = s.bay[seat] - 1
        v = sum(step_value(s, seat, st, ships) for st in place.steps)
        if held >= 7:
            v *= 0.4
        return v - 0.4 * place.price + (0.5 if loc >= PRIV0 else 0.0)
    if kind == "acquire":
        k = action.params["slot"] - 1
        art = ARTWORKS[s.workshop[k]]
        return (
            art.vp
            + step_value(s, seat, art.bonus, s.bay[seat])
            - UNIT * art.cost
            + 0.4 * WORKSHOP_SLOTS[k]
        )
    if kind == "discover":
        k = action.params["slot"] - 1
        tile = PRIVATES[s.atlas[k]]
        return tile.vp + 1.2 * (3 - s.period) - UNIT * tile.cost + 0.4 * ATLAS_SLOTS[k]
    if kind == "invite":
        c = CHAR_INDEX[action.params["card"]]
        return card_value(s, seat, c) - UNIT * CHARACTERS[c].cost + 1.0
    if kind == "engage":
        c = CHAR_INDEX[action.params["card"]]
        return sum(step_value(s, seat, st, s.bay[seat]) for st in CHARACTERS[c].steps) + 0.5
    if kind == "construct":
        n = action.params["ships"]
        if n > 1 or s.period >= 3:
            return -5.0
        return 2.5 * (3 - s.period) - UNIT * ship_price(s, seat) - 1.0
    return -99.0


def pay_step(s: AmalfiState, seat: int, legal: Sequence[Action]) -> Action:
    _p, _a, _cost, mask, _sur, _paid, _surplus = s.stack[-1].data
    if A.DONE in legal:
        return A.DONE
    h = 5 * seat
    best = None
    for r in range(5):
        if (
            mask >> r & 1
            and s.holds[h + r]
            and A.UNLOAD[r] in legal
            and (best is None or HOLD_VALUES[r] > HOLD_VALUES[best])
        ):
            best = r
    if best is not None:
        return A.UNLOAD[best]
    if A.EMERGENCY in legal:
        return A.EMERGENCY
    for r in range(5):
        if A.UNLOAD[r] in legal:
            return A.UNLOAD[r]
    return legal[0]


def wanted_hold(s: AmalfiState, seat: int, mask: int = 0) -> int:
    """The hold a ship is best sent to: in the solo challenge one that pays the planned
    purchase (`mask`), else wood early (ships), else the emptiest 3-unit hold."""
    h = 5 * seat
    if mask:
        return max((r for r in range(5) if mask >> r & 1), key=lambda r: (HOLD_VALUES[r], -r))
    if s.period <= 1 and s.built[seat] < 3 and s.holds[h + SHIP_RES] < 2:
        return SHIP_RES
    return min(range(5), key=lambda r: (s.holds[h + r] - (HOLD_VALUES[r] - 2), r))


HOLDS_BY_VALUE: Final = tuple(sorted(range(5), key=lambda r: HOLD_VALUES[r]))
"""The holds, the cheapest ships first (in hold order among equals)."""


def feed_step(s: AmalfiState, seat: int, legal: Sequence[Action]) -> Action:
    final = A.FEED if A.FEED in legal else A.READY
    need = s.feed(seat) if final is A.FEED else s.capacity(seat)
    if s.bread[seat] >= need or (final is A.READY and s.period < 0):
        return final
    room = s.capacity(seat) - s.bread[seat]
    if room >= 2 and (final is A.FEED or s.period == 3):
        for r in HOLDS_BY_VALUE:
            if A.UNLOAD[r] in legal:
                return A.UNLOAD[r]
    if final is A.FEED and A.EMERGENCY in legal and room >= 3:
        return A.EMERGENCY
    return final


def solo_target(
    s: AmalfiState, seat: int, legal: Sequence[Action], plan: Plan
) -> tuple[float, int]:
    """Solo: (the value of the best main action that is not a navigation, the resources its
    cost accepts as a mask; 0 for none)."""
    best, mask = SOLO_PASS, 0
    for a in legal:
        if a.kind in ("acquire", "discover", "invite", "construct"):
            v = main_value(s, seat, a, plan)
            if v > best:
                best, mask = v, cost_of(s, seat, a)[1]
    return best, mask


def planned_mask(s: AmalfiState, seat: int) -> int:
    """Solo: the resources of the purchase the seat would make next (0 outside solo)."""
    if not s.rival:
        return 0
    return solo_target(s, seat, turn_actions(s, seat), title_plan(s, seat))[1]


def nav_lookahead(
    s: AmalfiState,
    seat: int,
    action: Action,
    legal: Sequence[Action],
    target: tuple[float, int],
    plan: Plan,
) -> float:
    """Solo: what a navigation adds to the best purchase after it. Its sends fill the holds a
    cost can use, so the purchase needs fewer emergency supplies: when it does, the navigation
    is worth that purchase too (it stays available), else nothing more (RULES.md,
    Navigation, Payments)."""
    place = place_of(s, LOC_INDEX[action.params["place"]])
    ships = s.bay[seat] - 1
    sends = []
    for kind, n, hold in place.steps:
        if kind == SEND and ships > 0:
            k = min(n, ships)
            ships -= k
            sends.append((k, hold))
    if not sends:
        return 0.0
    now, mask = target
    h = 5 * seat
    saved = list(s.holds[h : h + 5]), s.bay[seat]
    for k, hold in sends:
        r = hold if hold != ANY else wanted_hold(s, seat, mask)
        s.holds[h + r] += k
        s.bay[seat] -= k
    s.bay[seat] -= 1
    after, _ = solo_target(s, seat, legal, plan)
    s.holds[h : h + 5], s.bay[seat] = saved
    return after if after > now + 0.5 else 0.0


def solo_main(s: AmalfiState, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
    """Solo challenge: the main action of the highest `main_value` (a hundredth of a VP at
    random breaks ties), a navigation with what it adds to the next purchase
    (`nav_lookahead`); PASS unless one is worth more than SOLO_PASS."""
    best, score = A.PASS, SOLO_PASS
    plan = title_plan(s, seat)  # the same for every action valued
    target = solo_target(s, seat, legal, plan)
    for a in legal:
        if a.kind in ("pass", "unload", "emergency", "discard"):
            continue
        v = main_value(s, seat, a, plan) + rng.random() * 0.01
        if a.kind == "navigate":
            v += SOLO_AHEAD * nav_lookahead(s, seat, a, legal, target, plan)
        if v > score:
            best, score = a, v
    return best


CHAR_GAIN: Final = 3
"""`gain_bonus`: a character of type t is gain CHAR_GAIN + t (an artwork of type t, gain t)."""
PRIVATE_GAIN: Final = 7
"""`gain_bonus`: a private tile."""
SHIPS_GAIN: Final = 8
"""`gain_bonus`: n ships built are gain SHIPS_GAIN + n."""
TYPE_GAINS: Final = tuple(_art_gains(t, False) for t in range(3)) + tuple(
    {"characters": 1, CHAR_TYPES[t]: 1, f"char{t}": 1} for t in range(4)
)
"""`gains_of` an artwork of each type outside the solo challenge, then a character of each."""


def gain_bonus(s: AmalfiState, seat: int, plan: Plan, gain: int) -> float:
    """`title_bonus` of a multi-player main action by what it gains: an artwork of type `gain`
    (0 to 2), a character of type `gain - CHAR_GAIN`, a private tile (PRIVATE_GAIN), `gain -
    SHIPS_GAIN` ships; the same for every card of a type (`gains_of`)."""
    if gain < CHAR_GAIN:
        return gains_bonus(s, seat, plan, TYPE_GAINS[gain], gain, -1)
    if gain < PRIVATE_GAIN:
        return gains_bonus(s, seat, plan, TYPE_GAINS[gain], -1, gain - CHAR_GAIN)
    if gain == PRIVATE_GAIN:
        return gains_bonus(s, seat, plan, PRIVATE_GAINS, -1, -1)
    n = gain - SHIPS_GAIN
    return gains_bonus(s, seat, plan, {"fleet": n, "ships": n}, -1, -1)


def best_main(s: AmalfiState, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
    """With rivals: the main action of the highest `main_value` (a hundredth of a VP at random
    breaks ties), PASS unless one is worth more than 0. `main_value_base` and `title_bonus`
    written out, the same sums in the same order; the title bonus is worked out once for each
    gain (`gains_of`: an artwork or character type, a discovery, a number of ships built), and
    the titles (`title_plan`) read only when an action gains one of their items (navigations
    and engagements gain none)."""
    best, score = A.PASS, 0.0
    plan: Plan | None = None  # read at the first action that gains a title item
    bonuses: dict[int, float] = {}  # by gain (gain_bonus)
    bay = s.bay[seat]
    full = sum(s.holds[5 * seat : 5 * seat + 5]) >= 7
    room = s.capacity(seat) - s.bread[seat]
    erect = 2.5 if s.lit[seat] < 6 else 2.0
    straighten = 1.5 if s.engaged[seat] else 0.0
    left = 4 - s.period
    for a in legal:
        kind = a.kind
        gain = -1
        if kind == "navigate":
            loc = NUMBER[a]
            place = place_of(s, loc)
            v = steps_value(place.steps, bay - 1, room, erect, straighten)
            if full:
                v *= 0.4
            v = v - 0.4 * place.price + (0.5 if loc >= PRIV0 else 0.0)
        elif kind in ("pass", "unload", "emergency", "discard"):
            continue
        elif kind == "acquire":
            k = NUMBER[a]
            art = ARTWORKS[s.workshop[k]]
            v = (
                art.vp
                + step_value(s, seat, art.bonus, bay)
                - UNIT * art.cost
                + 0.4 * WORKSHOP_SLOTS[k]
            )
            gain = art.type
        elif kind == "discover":
            k = NUMBER[a]
            tile = PRIVATES[s.atlas[k]]
            v = tile.vp + 1.2 * (3 - s.period) - UNIT * tile.cost + 0.4 * ATLAS_SLOTS[k]
            gain = PRIVATE_GAIN
        elif kind == "invite":
            c = NUMBER[a]
            card = CHARACTERS[c]
            if card.type == ENDGAME:  # card_value written out
                have = s.count(seat, card.item) if card.item else 0
                v = min(card.max, card.per * (have + left)) * 0.8
            elif card.type == IMMEDIATE:
                v = steps_value(card.steps, 3, room, erect, straighten)
            elif card.type == ENGAGEABLE:
                v = steps_value(card.steps, 3, room, erect, straighten) * left * 0.8
            else:
                v = 1.5 * left + 1.0
            v = v - UNIT * card.cost + 1.0
            gain = CHAR_GAIN + card.type
        elif kind == "engage":
            steps = CHARACTERS[NUMBER[a]].steps
            v = steps_value(steps, bay, room, erect, straighten) + 0.5
        elif kind == "construct":
            n = NUMBER[a] + 1
            if n > 1 or s.period >= 3:
                v = -5.0
            else:
                v = 2.5 * (3 - s.period) - UNIT * ship_price(s, seat) - 1.0
            gain = SHIPS_GAIN + n
        else:
            v = -99.0
        if gain >= 0:
            bonus = bonuses.get(gain)
            if bonus is None:
                if plan is None:
                    plan = title_plan(s, seat)
                bonus = bonuses[gain] = gain_bonus(s, seat, plan, gain)
            v += bonus
        v += rng.random() * 0.01
        if v > score:
            best, score = a, v
    return best


def heuristic(s: AmalfiState, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
    kind = s.stack[-1].kind
    if kind == "turn":
        best = solo_main(s, seat, legal, rng) if s.rival else best_main(s, seat, legal, rng)
        if best is A.PASS and s.bread[seat] < 2:
            # unable to sail anywhere paid: unload a ship for bread and look again next ply
            for r in range(5):
                if A.UNLOAD[r] in legal and s.period < 3 and s.bay[seat] == 0:
                    return A.UNLOAD[r]
        return best
    if kind == "pay":
        return pay_step(s, seat, legal)
    if kind == "send":
        _n, hold = s.stack[-1].data
        if hold < 5:
            return A.SEND[hold]
        r = wanted_hold(s, seat, planned_mask(s, seat))
        return A.SEND[r] if A.SEND[r] in legal else legal[0]
    if kind == "take":
        # The take step also offers the optional actions (unload, emergency, discard): the
        # heuristic takes a card.
        takes = [a for a in legal if a.kind == "take"]
        if not takes:
            return legal[0]
        return max(
            takes,
            key=lambda a: (
                card_value(s, seat, s.council[NUMBER[a]]) + 0.5 * COUNCIL_SLOTS[NUMBER[a]]
            ),
        )
    if kind == "erect":
        for a in legal:  # the first lighthouse on a tile of the seat's
            loc = NUMBER[a]
            if loc >= PRIV0 and s.owner[loc - PRIV0] == seat:
                return a
        return legal[rng.randrange(min(len(legal), 8))]
    if kind == "instead":
        return A.INSTEAD_VP
    if kind == "choose":
        return A.CHOOSE_STRAIGHTEN if s.engaged[seat] else A.CHOOSE_CHARACTER
    if kind == "beacon":
        sends = [a for a in legal if a.kind == "beacon" and a["use"] != "bread"]
        if sends and s.bread[seat] >= 2 + s.feed(seat) // 2:
            r = wanted_hold(s, seat, planned_mask(s, seat))
            pick = [a for a in sends if a["use"] == RES[r]]
            return pick[0] if pick else sends[0]
        return A.BEACON_BREAD
    if kind in ("feed", "ready"):
        return feed_step(s, seat, legal)
    if kind == "pack":
        return max(
            legal,
            key=lambda a: sum(card_value(s, seat, c) for c in PACKS[NUMBER[a]]),
        )
    if kind in ("select", "draft", "reserve"):
        return max(
            legal,
            key=lambda a: (
                card_value(s, seat, CHAR_INDEX[a["card"]])
                - UNIT * CHARACTERS[CHAR_INDEX[a["card"]]].cost
            ),
        )
    return legal[0]


def evaluate(s: AmalfiState) -> list[float]:
    """Each seat's expected final VP: VP now, plus ships in holds and bread as future means,
    endgame characters at their current counts, cards in hand."""
    out = []
    left = 4 - s.period
    for seat in range(s.players):
        v = float(s.vp[seat])
        if s.over:
            out.append(v)
            continue
        h = 5 * seat
        units = sum(s.holds[h + r] * HOLD_VALUES[r] for r in range(5))
        v += 0.35 * units + 0.15 * s.bread[seat] + 0.6 * len(s.hands[seat])
        v += left * (1.2 * len(s.tiles[seat]) + 0.5 * s.lit[seat] + 0.3 * s.built[seat])
        for c in s.invited[seat]:
            card = CHARACTERS[c]
            if card.type == ENDGAME:
                v += min(card.max, card.per * s.count(seat, card.item))
        v -= max(0, s.feed(seat) - s.bread[seat]) * 1.5
        out.append(v)
    return out


def submission_prior(
    s: AmalfiState, seat: int, legal: Sequence[Action], rng: random.Random
) -> Action:
    """A rival's secret keep: the heuristic's pick three times in four, else any card."""
    if rng.random() < 0.75:
        return heuristic(s, seat, legal, rng)
    return legal[rng.randrange(len(legal))]
