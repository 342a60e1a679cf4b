"""The rules of Amalfi: Renaissance, one group of functions per part of RULES.md, and the
phase table `AmalfiState.phases` (decision kind -> Phase).

Every legal-action generator is also the explanation of a refusal: where a check keeps an
action out it calls `why.no(reason, rule, kinds, **params)`, naming the rulebook section.

Benefits resolve through one queue (`state.queue`, the next step last): bonus steps (board.py
VP ... CHOICE) and three control steps: BEACON (a lighthouse owner's use), RIVAL (the solo
rival's reaction) and END (the next turn). `run` resolves steps until one needs a decision,
which it pushes as a frame; answering the frame continues the queue.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from arsenale.core.actions import Action
from arsenale.core.decisions import Decision, Phase, Why
from arsenale.core.state import Event
from arsenale.games.amalfi_renaissance import actions as A
from arsenale.games.amalfi_renaissance.board import (
    ANY,
    ART_IDS,
    ARTWORKS,
    ATLAS_SLOTS,
    BREAD,
    CHAR_IDS,
    CHAR_TYPES,
    CHARACTERS,
    CHOICE,
    COUNCIL_SLOTS,
    DARK_VALUES,
    DECREE_BONUS,
    DECREES,
    DISC_ART,
    DISC_CHAR,
    ENDGAME,
    ENGAGEABLE,
    ERECT,
    EV0,
    EVOLVING,
    EVOLVING_BONUS,
    GRANARY_ICONS,
    HOLD_VALUES,
    IMMEDIATE,
    LIGHT_VALUES,
    LOC_IDS,
    META,
    N_LOC,
    N_PUBLIC,
    NONE,
    PACK_ICONS,
    PACKS,
    PERMANENT,
    PRIV0,
    PRIVATES,
    PUBLICS,
    RES,
    RIVAL_BONUS,
    RIVAL_RES,
    SEND,
    SHIP_RES,
    SHIPYARD_ICONS,
    SOLO,
    STRAIGHTEN,
    TAKE,
    TITLES,
    VP,
    WORKSHOP_SLOTS,
    Place,
    Step,
)
from arsenale.games.amalfi_renaissance.effects import AT_END, DECREE_FORMULAS, ON_INVITE
from arsenale.games.amalfi_renaissance.state import (
    EMPTY,
    M_CAP,
    M_DISP,
    M_HOLD,
    M_SHIP,
    N_MODS,
    RIVAL,
    RIVALS,
    AmalfiState,
    band,
)
from arsenale.games.amalfi_renaissance.words import PACK_WORDS, _, name, ngettext, res, word
from arsenale.i18n import N_

RB: Final = "amalfi-renaissance.en.txt, "
R_SETUP: Final = RB + "Players Setup"
R_VARIANTS: Final = RB + "Variants for the Allocation of Starting Hands"
R_ACTIONS: Final = RB + "Phase 1: Actions"
R_PAY: Final = RB + "Payments & Resources"
R_NAV: Final = RB + "Navigation"
R_LIGHT: Final = RB + "Navigation, Using Lighthouses"
R_EVOLVING: Final = RB + "Navigation, The Evolving Destinations"
R_TAKE: Final = RB + "Navigation, Take a Character in hand"
R_ERECT: Final = RB + "Navigation, Erect a Lighthouse"
R_ACQ: Final = RB + "Acquisition"
R_DISC: Final = RB + "Discovery"
R_INV: Final = RB + "Invitation"
R_ENG: Final = RB + "Engagement"
R_CON: Final = RB + "Construction"
R_OPT: Final = RB + "Optional Actions"
R_FEED: Final = RB + "Phase 2: Feed"
R_DECREE: Final = RB + "Phase 3: Decree"
R_SOLO: Final = RB + "Solo Challenge"

BEACON, RIVAL_STEP, END = 20, 21, 22
NAV: Final = 0
ACQ: Final = 1
DISC: Final = 2
INV: Final = 3
ENG: Final = 4
CON: Final = 5
ACTION_NAMES: Final = (
    "navigation",
    "acquisition",
    "discovery",
    "invitation",
    "engagement",
    "construction",
)
OPTIONAL: Final = frozenset({"unload", "emergency", "discard"})


# -- small helpers ----------------------------------------------------------------------------


def place_of(s: AmalfiState, loc: int) -> Place:
    """The destination at a location now: printed, evolving (or the tile covering it), tile."""
    if loc < N_PUBLIC:
        return PUBLICS[loc]
    if loc < PRIV0:
        t = s.evolving[loc - EV0]
        return PRIVATES[t] if t >= 0 else EVOLVING[loc - EV0]
    return PRIVATES[loc - PRIV0]


def units(s: AmalfiState, seat: int, r: int) -> int:
    """RULES.md, Payments: what a ship leaving hold r yields."""
    return HOLD_VALUES[r] + s.mods[N_MODS * seat + M_HOLD + r]


def slot_bread(s: AmalfiState, seat: int, value: int) -> int:
    """A display slot's bread for this seat: negative = surcharge (less any discount)."""
    if value < 0:
        return min(0, value + s.mods[N_MODS * seat + M_DISP])
    return value


def ship_price(s: AmalfiState, seat: int) -> int:
    return max(1, META["ship_price"][s.period] - s.mods[N_MODS * seat + M_SHIP])


def coverage(s: AmalfiState, seat: int, mask: int) -> tuple[int, int]:
    """(the most units the seat can put toward a cost payable in `mask`, the most units it can
    produce at all): every ship in a hold unloaded, then every ship in the bay supplied."""
    h = 5 * seat
    ships = s.bay[seat]
    toward = 0
    produce = 0
    for r in range(5):
        k = s.holds[h + r]
        if k:
            ships += k
            u = k * units(s, seat, r)
            produce += u
            if mask >> r & 1:
                toward += u
    return toward + 3 * ships, produce + 3 * ships


def can_pay(s: AmalfiState, seat: int, cost: int, mask: int, surcharge: int) -> str | None:
    """None if the payment is possible (RULES.md, Payments); else why not, in words."""
    toward, produce = coverage(s, seat, mask)
    if toward < cost:
        names = _(" or ").join(res(RES[r]) for r in range(5) if mask >> r & 1)
        return _("it costs {cost} {resources} and your ships can raise at most {toward}").format(
            cost=cost, resources=names, toward=toward
        )
    if surcharge < 0:
        best = min(s.capacity(seat), s.bread[seat] + produce - cost)
        if best < -surcharge:
            return _(
                "after paying you could hold at most {best} bread, and the slot costs {surcharge}"
            ).format(best=best, surcharge=-surcharge)
    return None


def pay_ok(
    s: AmalfiState,
    seat: int,
    cost: int,
    mask: int,
    surcharge: int,
    memo: dict[int, tuple[int, int]],
) -> bool:
    """`can_pay` without the words, with the coverage of each mask computed once."""
    t = memo.get(mask)
    if t is None:
        t = memo[mask] = coverage(s, seat, mask)
    if t[0] < cost:
        return False
    return surcharge >= 0 or min(s.capacity(seat), s.bread[seat] + t[1] - cost) >= -surcharge


def draw_council(s: AmalfiState) -> int:
    if not s.cdeck and s.cdisc:
        s.cdeck, s.cdisc = sorted(s.cdisc), []
        s.chance.shuffle(s.cdeck)
    return s.cdeck.pop() if s.cdeck else EMPTY


def draw_workshop(s: AmalfiState) -> int:
    if not s.wdeck and s.wdisc:
        s.wdeck, s.wdisc = sorted(s.wdisc), []
        s.chance.shuffle(s.wdeck)
    return s.wdeck.pop() if s.wdeck else EMPTY


def draw_atlas(s: AmalfiState) -> int:
    """From the larger face-down pile, pile A on a tie (RULINGS.md, Atlas refills)."""
    if len(s.pile_a) >= len(s.pile_b):
        return s.pile_a.pop() if s.pile_a else EMPTY
    return s.pile_b.pop()


def take_from(row: list[int], i: int, refill: int) -> int:
    """Remove slot i; the cards to its left shift right; the new card enters on the left."""
    card = row.pop(i)
    row.insert(0, refill)
    return card


def pop_council(s: AmalfiState, i: int) -> int:
    card = s.council[i]
    s.council.pop(i)
    s.council.insert(0, draw_council(s))
    return card


def pop_workshop(s: AmalfiState, i: int) -> int:
    card = s.workshop[i]
    s.workshop.pop(i)
    s.workshop.insert(0, draw_workshop(s))
    return card


def pop_atlas(s: AmalfiState, i: int) -> int:
    tile = s.atlas[i]
    s.atlas.pop(i)
    s.atlas.insert(0, draw_atlas(s))
    return tile


def add_steps(s: AmalfiState, steps: list[Step] | tuple[Step, ...]) -> None:
    """Queue steps to resolve next, in this order."""
    s.queue.extend(reversed(steps))


def remove_from_hand(s: AmalfiState, seat: int, card: int) -> None:
    hand = list(s.hands[seat])
    hand.remove(card)
    s.hands[seat] = tuple(hand)
    if card in s.known[seat]:
        known = list(s.known[seat])
        known.remove(card)
        s.known[seat] = tuple(known)


def add_to_hand(s: AmalfiState, seat: int, card: int, public: bool) -> None:
    s.hands[seat] = tuple(sorted((*s.hands[seat], card)))
    if public:
        s.known[seat] = tuple(sorted((*s.known[seat], card)))


def dock_ship(s: AmalfiState, loc: int, who: int) -> None:
    """A ship (a seat's or the rival's) takes the dock at `loc` for the period."""
    s.dock[loc] = who
    s.docked |= 1 << loc


def slot_exists(s: AmalfiState, loc: int) -> bool:
    """Lighthouse slots: every printed and evolving destination, and every discovered tile."""
    return loc < PRIV0 or s.owner[loc - PRIV0] >= 0


# -- titles (RULES.md, Titles) -----------------------------------------------------------------


TITLE_GROWTH: Final = {
    "acquire": frozenset(
        {"books", "paintings", "monuments", "artworks", "pairs_of_types", "largest_type"}
    ),
    "discover": frozenset({"privates"}),
    "invite": frozenset({"characters", *CHAR_TYPES, "character_types"}),
    "construct": frozenset({"fleet"}),
    "erect": frozenset({"lighthouses"}),
}
"""The title items (board.TITLE_ITEMS) that each action growing any of them grows."""
TITLE_WATCH: dict[str, tuple[bool, ...]] = {
    what: tuple(any(item in items for item, _k in title.need) for title in TITLES)
    for what, items in TITLE_GROWTH.items()
}
"""`TITLE_WATCH[what][t]`: whether title t counts an item that `what` grows (not Final:
tests/games/amalfi_renaissance/test_title_checks.py replaces it, also in the compiled build)."""


def check_titles(s: AmalfiState, seat: int, events: list[Event], what: str) -> None:
    """At any moment a seat meets all of a title's requirements it places a cube on the
    leftmost empty square and scores it.

    Every item a title counts (board.TITLE_ITEMS) only grows, and only when the seat pays for
    an acquisition, discovery, invitation or construction (`apply_pay`) or erects a lighthouse
    (`apply_erect`): `what`, which grows the items `TITLE_GROWTH[what]`. So those two check
    the acting seat and nothing else needs to, and a title that counts none of those items
    was not met before (else it would have been claimed then) and is not met now. No title
    counts titles, so one pass claims every title met."""
    if seat < 0:
        return
    watch = TITLE_WATCH[what]
    for i, t in enumerate(s.titles):
        if not watch[t]:
            continue
        cl = s.claims[i]
        if seat in cl:
            continue
        title = TITLES[t]
        for item, k in title.need:
            if s.count(seat, item) < k:
                break
        else:
            values = DARK_VALUES if title.dark else LIGHT_VALUES
            v = values[len(cl)] if len(cl) < len(values) else 0
            s.claims[i] = (*cl, seat)
            s.vp[seat] += v
            s.title_vp[seat] += v
            events.append({"type": "title", "seat": seat, "title": title.id, "vp": v})


# -- the step queue ----------------------------------------------------------------------------


def run(s: AmalfiState, events: list[Event]) -> None:
    """Resolve queued steps until one needs a decision (a frame is pushed) or none is left."""
    while s.queue:
        kind, a, b = s.queue.pop()
        if STEPS[kind](s, a, b, events):
            return


def step_vp(s: AmalfiState, a: int, b: int, events: list[Event]) -> bool:
    s.vp[s.actor] += a
    events.append({"type": "vp", "seat": s.actor, "vp": a})
    return False


def step_bread(s: AmalfiState, a: int, b: int, events: list[Event]) -> bool:
    got = s.gain_bread(s.actor, a)
    events.append({"type": "bread", "seat": s.actor, "bread": got})
    return False


def step_send(s: AmalfiState, a: int, b: int, events: list[Event]) -> bool:
    """RULES.md, Navigation: send up to `a` ships from the bay to hold `b` (or any)."""
    if s.bay[s.actor] == 0:
        return False
    s.stack.append(Decision("send", (s.actor,), (a, b)))
    return True


def take_cost(s: AmalfiState, seat: int, k: int) -> int:
    return slot_bread(s, seat, COUNCIL_SLOTS[k])


def step_take(s: AmalfiState, a: int, b: int, events: list[Event]) -> bool:
    """RULES.md, Bonuses: take a character from the Council, if any slot is affordable."""
    seat = s.actor
    for k in range(4):
        if s.council[k] >= 0 and s.bread[seat] + take_cost(s, seat, k) >= 0:
            s.stack.append(TAKES[seat])
            return True
    events.append({"type": "lost", "seat": seat, "bonus": "take"})
    return False


def free_slots(s: AmalfiState) -> list[int]:
    return [loc for loc in range(N_LOC) if s.light[loc] == EMPTY and slot_exists(s, loc)]


def step_erect(s: AmalfiState, a: int, b: int, events: list[Event]) -> bool:
    seat = s.actor
    if s.lit[seat] >= META["lighthouses"]:
        s.stack.append(INSTEADS[seat])
        return True
    if not any(s.light[loc] == EMPTY and slot_exists(s, loc) for loc in range(N_LOC)):
        events.append({"type": "lost", "seat": seat, "bonus": "erect"})
        return False
    s.stack.append(ERECTS[seat])
    return True


def step_straighten(s: AmalfiState, a: int, b: int, events: list[Event]) -> bool:
    seat = s.actor
    if not s.engaged[seat]:
        events.append({"type": "lost", "seat": seat, "bonus": "straighten"})
        return False
    s.stack.append(STRAIGHTENS[seat])
    return True


def step_discard_art(s: AmalfiState, a: int, b: int, events: list[Event]) -> bool:
    i = len(s.workshop) - 1
    if s.workshop[i] >= 0:
        card = pop_workshop(s, i)
        s.wdisc.append(card)
        events.append({"type": "discard_artwork", "artwork": ART_IDS[card]})
    return False


def step_discard_char(s: AmalfiState, a: int, b: int, events: list[Event]) -> bool:
    i = len(s.council) - 1
    if s.council[i] >= 0:
        card = pop_council(s, i)
        s.cdisc.append(card)
        events.append({"type": "discard_character", "character": CHAR_IDS[card]})
    return False


def step_choice(s: AmalfiState, a: int, b: int, events: list[Event]) -> bool:
    s.stack.append(CHOICES[s.actor])
    return True


def step_beacon(s: AmalfiState, loc: int, b: int, events: list[Event]) -> bool:
    """RULES.md, Lighthouses: the owner of the lighthouse here may use it once."""
    owner = s.light[loc]
    if owner in (EMPTY, RIVAL):
        return False
    s.stack.append(Decision("beacon", (owner,), loc))
    return True


def step_rival(s: AmalfiState, kind: int, b: int, events: list[Event]) -> bool:
    rival_react(s, kind, events)
    return False


def step_end(s: AmalfiState, a: int, b: int, events: list[Event]) -> bool:
    advance(s, events)
    return True


STEPS: Final[dict[int, Any]] = {
    VP: step_vp,
    BREAD: step_bread,
    SEND: step_send,
    TAKE: step_take,
    ERECT: step_erect,
    STRAIGHTEN: step_straighten,
    DISC_ART: step_discard_art,
    DISC_CHAR: step_discard_char,
    CHOICE: step_choice,
    BEACON: step_beacon,
    RIVAL_STEP: step_rival,
    END: step_end,
}


def finish_frame(s: AmalfiState, events: list[Event]) -> list[Event]:
    """A step's decision is answered: pop it, resolve the rest of the queue."""
    s.stack.pop()
    run(s, events)
    return events


# -- set-up: starting hands (RULES.md, Starting hands) ---------------------------------------


def start_hands(s: AmalfiState, events: list[Event]) -> None:
    n = s.players
    method = s.method
    if method == 0:  # packs: reverse turn order, from the first player's right
        s.stack.append(ROUNDS["pack"][0][(s.first - 1) % n])
        return
    if method == 1:  # blind
        deck = list(range(len(CHARACTERS)))
        s.chance.shuffle(deck)
        for seat in range(n):
            hand = tuple(sorted(deck.pop() for _ in range(META["hand"])))
            s.hands[seat] = hand
            events.append(_dealt(seat, hand))
        s.cdeck = deck
        finish_setup(s, events)
        return
    ends = [c for c, ch in enumerate(CHARACTERS) if ch.type == ENDGAME]
    others = [c for c, ch in enumerate(CHARACTERS) if ch.type != ENDGAME]
    if method == 3:
        others = list(range(len(CHARACTERS)))
        ends = []
    s.chance.shuffle(ends)
    s.chance.shuffle(others)
    for seat in range(n):
        if method == 2:
            packet = [ends.pop() for _ in range(2)] + [others.pop() for _ in range(8)]
        elif method == 3:
            packet = [others.pop() for _ in range(7)]
        else:
            s.reserve[seat] = tuple(sorted(ends.pop() for _ in range(3)))
            events.append(_dealt(seat, s.reserve[seat], "reserve"))
            packet = [others.pop() for _ in range(6)]
        s.packets[seat] = tuple(sorted(packet))
        events.append(_dealt(seat, s.packets[seat]))
    s.cdeck = ends + others
    s.stage = 0
    s.stack.append(Decision("select" if method == 2 else "draft", tuple(range(n)), 0))


def _dealt(seat: int, cards: tuple[int, ...], what: str = "packet") -> Event:
    return {
        "type": "dealt",
        "seat": seat,
        "what": what,
        "cards": [CHAR_IDS[c] for c in cards],
        "visible_to": [seat],
    }


def legal_pack(s: AmalfiState, seat: int, top: Decision, why: Why | None = None) -> list[Action]:
    out = []
    for i, action in enumerate(A.PACK):
        if i in s.pack_of:
            if why is not None:
                why.no(
                    _("the {icon} pack is taken").format(icon=word(PACK_WORDS, PACK_ICONS[i])),
                    R_SETUP,
                    "pack",
                    icon=PACK_ICONS[i],
                )
        else:
            out.append(action)
    return out


def apply_pack(s: AmalfiState, seat: int, action: Action, top: Decision) -> list[Event]:
    s.stack.pop()
    i = A.NUMBER[action]
    s.pack_of[seat] = i
    s.hands[seat] = PACKS[i]
    s.known[seat] = PACKS[i]
    events: list[Event] = [{"type": "pack", "seat": seat, "icon": PACK_ICONS[i]}]
    k = top.data + 1
    if k < s.players:
        s.stack.append(ROUNDS["pack"][k][(s.first - 1 - k) % s.players])
        return events
    s.cdeck = list(UNPACKED)  # finish_setup sorts the deck
    for p in range(6):
        if p not in s.pack_of:
            s.cdeck += PACKS[p]
    finish_setup(s, events)
    return events


UNPACKED: Final = tuple(c for c, ch in enumerate(CHARACTERS) if ch.pack < 0)
"""The characters of no starting pack: always in the Council deck."""


def legal_keep(s: AmalfiState, seat: int, top: Decision, why: Why | None = None) -> list[Action]:
    cards = s.reserve[seat] if top.kind == "reserve" else s.packets[seat]
    if why is not None and why.wants("keep"):
        c = CHAR_IDS.index(why.action["card"])
        if c not in cards:
            if top.kind == "reserve":
                reason = _("{card} is not among your 3 endgame cards")
            else:
                reason = _("{card} is not among the cards you hold")
            why.no(reason.format(card=name(CHAR_IDS[c])), R_VARIANTS, "keep")
    return [A.KEEP[c] for c in cards]


def apply_keep(s: AmalfiState, seat: int, action: Action, top: Decision) -> list[Event]:
    """The one-player form of the simultaneous keep (personal selection in solo)."""
    s.stack.pop()
    return resolve_keep(s, top, {seat: action})


def resolve_keep(s: AmalfiState, top: Decision, subs: dict[int, Action]) -> list[Event]:
    n = s.players
    events: list[Event] = [{"type": "kept_round", "decision": top.kind, "round": top.data + 1}]
    rests: list[tuple[int, ...]] = []
    for seat in range(n):
        c = A.NUMBER[subs[seat]]
        events.append({"type": "kept", "seat": seat, "card": CHAR_IDS[c], "visible_to": [seat]})
        s.hands[seat] = tuple(sorted((*s.hands[seat], c)))
        if top.kind == "reserve":
            s.cdeck.extend(x for x in s.reserve[seat] if x != c)
            s.reserve[seat] = ()
            continue
        rest = tuple(x for x in s.packets[seat] if x != c)
        rests.append(rest)
    if top.kind == "reserve":
        finish_setup(s, events)
        return events
    if top.kind == "select":  # personal selection: keep one more, six times
        for seat in range(n):
            s.packets[seat] = rests[seat]
        if top.data + 1 < META["hand"]:
            s.stack.append(Decision("select", top.seats, top.data + 1))
            return events
        for seat in range(n):
            s.cdeck.extend(s.packets[seat])
            s.packets[seat] = ()
        finish_setup(s, events)
        return events
    # draft: pass the rest to the left-hand neighbour; at 2 cards keep 1, discard 1
    if len(rests[0]) == 1:
        for seat in range(n):
            s.cdeck.extend(rests[seat])
            s.packets[seat] = ()
        if s.method == 4:
            s.stack.append(Decision("reserve", top.seats, 0))
            return events
        finish_setup(s, events)
        return events
    for seat in range(n):
        s.packets[(seat + 1) % n] = rests[seat]
        events.append(_dealt((seat + 1) % n, rests[seat]))
    s.stack.append(Decision("draft", top.seats, top.data + 1))
    return events


def finish_setup(s: AmalfiState, events: list[Event]) -> None:
    """Players Setup 10: the other characters form the Council deck; reveal 4."""
    s.cdeck.sort()
    s.chance.shuffle(s.cdeck)
    s.council = [draw_council(s) for _ in range(META["council"])]
    events.append({"type": "council", "cards": [CHAR_IDS[c] for c in s.council]})
    start_period(s, events)


# -- periods and turns (RULES.md, Periods; Actions) --------------------------------------------


TURNS: Final = tuple(Decision("turn", (seat,)) for seat in range(4))
"""The main action of each seat: one frame per seat, made once (a frame never changes)."""
TAKES, ERECTS, INSTEADS, CHOICES, STRAIGHTENS = (
    tuple(Decision(kind, (seat,)) for seat in range(4))
    for kind in ("take", "erect", "instead", "choose", "straighten")
)
"""The bonus steps' frames, which carry no data: one per kind and seat, made once."""
ROUNDS: Final = {
    kind: tuple(tuple(Decision(kind, (seat,), k) for seat in range(4)) for k in range(4))
    for kind in ("pack", "feed", "ready")
}
"""The frames of the rounds that go round the table (starting packs, feed, the window before
the decree): `ROUNDS[kind][k][seat]`, the k-th seat's of the round, made once."""


def start_period(s: AmalfiState, events: list[Event]) -> None:
    s.passed = [0] * s.players
    s.first_pass = EMPTY
    s.turn = s.first
    s.actor = s.first
    events.append({"type": "period", "period": s.period + 1, "first": s.first})
    s.stack.append(TURNS[s.first])


def advance(s: AmalfiState, events: list[Event]) -> None:
    """The next seat that has not passed, clockwise; when all have passed, the Feed."""
    n = s.players
    for i in range(1, n + 1):
        seat = (s.turn + i) % n
        if not s.passed[seat]:
            s.turn = seat
            s.actor = seat
            s.stack.append(TURNS[seat])
            return
    end_actions(s, events)


def _unloads(s: AmalfiState, h: int, out: list[Action], why: Why | None, rule: str) -> None:
    """The unloads of the holds from `h` on (a seat's five) that have a ship, added to `out`;
    without explanations to give, the holds are looked at one by one only if one has a ship."""
    holds = s.holds
    if why is not None or any(holds[h : h + 5]):
        for r in range(5):
            if holds[h + r]:
                out.append(A.UNLOAD[r])
            elif why is not None:
                why.no(
                    _("you have no ship in your {hold} hold").format(hold=res(RES[r])),
                    rule,
                    "unload",
                    hold=RES[r],
                )


def legal_optional(
    s: AmalfiState, seat: int, why: Why | None, out: list[Action], ships: bool = True
) -> None:
    """RULES.md, Optional actions: unload a ship, emergency supply, discard a character.
    `ships` False: between two sends of a turn, when ships may not be moved for bread."""
    if why is not None and not why.wants(OPTIONAL):
        return
    h = 5 * seat
    if not ships and why is not None and why.wants(("unload", "emergency")):
        why.no(
            _(
                "ships may be moved for bread only before the first ship this turn sends to "
                "a hold or after the last"
            ),
            R_OPT,
            why.action.kind,
        )
    if ships:
        _unloads(s, h, out, why, R_OPT)
    if not ships:
        pass
    elif s.bay[seat]:
        out.append(A.EMERGENCY)
    elif why is not None:
        why.no(_("you have no ship in your bay"), R_PAY, "emergency")
    hand = s.hands[seat]
    if why is not None and why.wants("discard"):
        c = CHAR_IDS.index(why.action["card"])
        if c not in hand:
            why.no(_("{card} is not in your hand").format(card=name(CHAR_IDS[c])), R_OPT, "discard")
    discard = A.DISCARD
    for c in hand:
        out.append(discard[c])


def apply_optional(s: AmalfiState, seat: int, action: Action) -> list[Event]:
    kind = action.kind
    if kind == "unload":
        r = A.NUMBER[action]
        s.holds[5 * seat + r] -= 1
        s.bay[seat] += 1
        got = s.gain_bread(seat, units(s, seat, r))
        return [{"type": "unload", "seat": seat, "hold": RES[r], "bread": got}]
    if kind == "emergency":
        s.bay[seat] -= 1
        s.port[seat] += 1
        got = s.gain_bread(seat, META["emergency_units"])
        return [{"type": "emergency", "seat": seat, "bread": got}]
    c = A.NUMBER[action]
    remove_from_hand(s, seat, c)
    s.cdisc.append(c)
    got = s.gain_bread(seat, 1)
    return [{"type": "discard", "seat": seat, "card": CHAR_IDS[c], "bread": got}]


def can_navigate(s: AmalfiState, seat: int, loc: int) -> str | None:
    if s.dock[loc] != EMPTY:
        return _("the dock of {place} is taken this period").format(place=name(LOC_IDS[loc]))
    if loc >= PRIV0:
        t = loc - PRIV0
        if s.owner[t] != seat:
            return _("{place} is not a private destination you have discovered").format(
                place=name(LOC_IDS[loc])
            )
    price = place_of(s, loc).price
    if s.bread[seat] < price:
        return _("{place} costs {price} bread and you have {bread}").format(
            place=name(LOC_IDS[loc]), price=price, bread=s.bread[seat]
        )
    return None


PUBLIC_PRICE: Final = tuple(p.price for p in PUBLICS)
EVOLVING_PRICE: Final = tuple(p.price for p in EVOLVING)
PRIVATE_PRICE: Final = tuple(p.price for p in PRIVATES)
ART_PRICE: Final = tuple(a.cost for a in ARTWORKS)
ART_MASK: Final = tuple(a.mask for a in ARTWORKS)
TILE_PRICE: Final = tuple(t.cost for t in PRIVATES)
TILE_MASK: Final = tuple(t.mask for t in PRIVATES)
CHAR_PRICE: Final = tuple(c.cost for c in CHARACTERS)
CHAR_MASK: Final = tuple(c.mask for c in CHARACTERS)
IS_ENGAGEABLE: Final = tuple(c.type == ENGAGEABLE for c in CHARACTERS)
SHIP_MASK: Final = 1 << SHIP_RES
SHIP_PRICE: Final = tuple(META["ship_price"])
BASE_CAPACITY: Final = META["base_capacity"]
EMERGENCY_UNITS: Final = META["emergency_units"]


NAV_TOP: Final = max(PUBLIC_PRICE)
PUBLIC_BITS: Final = (1 << N_PUBLIC) - 1
NAV_PUBLIC: Final = tuple(
    tuple(
        tuple(
            A.NAVIGATE[loc]
            for loc in range(N_PUBLIC)
            if not docked >> loc & 1 and PUBLIC_PRICE[loc] <= bread
        )
        for docked in range(PUBLIC_BITS + 1)
    )
    for bread in range(NAV_TOP + 1)
)
"""`NAV_PUBLIC[bread][docked]`: the printed destinations with a free dock (`docked`, their
bits of `AmalfiState.docked`) that a seat can pay for with `bread` (NAV_TOP or more: every
price), in location order."""
NAV_ANY: Final = max(PUBLIC_PRICE + EVOLVING_PRICE + PRIVATE_PRICE)
EVOLVING_BITS: Final = (1 << len(EVOLVING)) - 1
NAV_EVOLVING: Final = tuple(
    tuple(A.NAVIGATE[EV0 + i] for i in range(len(EVOLVING)) if not docked >> i & 1)
    for docked in range(EVOLVING_BITS + 1)
)
"""`NAV_EVOLVING[docked]`: the evolving destinations with a free dock (`docked`, their bits of
`AmalfiState.docked` shifted down by EV0), in location order. A seat with NAV_ANY bread or
more can pay for any printed or evolving destination, a tile on an evolving one included."""
DISCOUNT_TOP: Final = max(0, -min(WORKSHOP_SLOTS), -min(ATLAS_SLOTS))
WORKSHOP_SURCHARGE: Final = tuple(
    tuple(max(0, -value - disp) for value in WORKSHOP_SLOTS) for disp in range(DISCOUNT_TOP + 1)
)
ATLAS_SURCHARGE: Final = tuple(
    tuple(max(0, -value - disp) for value in ATLAS_SLOTS) for disp in range(DISCOUNT_TOP + 1)
)
"""The bread each display slot costs a seat with a discount of `disp` (M_DISP; DISCOUNT_TOP or
more: nothing), 0 where it costs none (`slot_bread`, negated)."""
MASK_BITS: Final = tuple(tuple(r for r in range(5) if mask >> r & 1) for mask in range(32))
"""The resources (bits) of each payment mask."""
DISPLAY_TOP: Final = max(ART_PRICE + TILE_PRICE)
SURCHARGE_TOP: Final = max(WORKSHOP_SURCHARGE[0] + ATLAS_SURCHARGE[0])
"""The dearest artwork or tile and the dearest slot's bread: a seat whose ships cover the one
and whose bread after it covers the other can take every card of the Workshop and the Atlas."""


NO_UNITS: Final = (0, 0, 0, 0, 0)
"""`turn_actions`' units of each hold's ships when no hold has a ship."""
FIVE: Final = (0, 1, 2, 3, 4)
"""The five holds (resources) of a seat, or the five slots of the Workshop or the Atlas:
`turn_actions` loops over this tuple rather than calling `range(5)` at each loop."""


def _toward(units: Sequence[int], base: int, mask: int) -> int:
    """The most units a seat can put toward a cost payable in `mask` (`coverage`), given the
    units of each hold's ships and `base`, 3 for every ship."""
    for r in MASK_BITS[mask]:
        base += units[r]
    return base


def turn_actions(s: AmalfiState, seat: int) -> list[Action]:
    """`legal_turn` without explanations, the same list in the same order: the seat's means
    of payment are summed once (what `coverage` gives per mask), navigation looks at the
    printed and evolving destinations (tables by the docks taken, `NAV_PUBLIC` and
    `NAV_EVOLVING`) and the seat's own tiles only, a seat without ships skips every priced
    action, and one whose ships cover the dearest display card (and its slot's bread) takes
    every Workshop and Atlas card without checking them one by one
    (tests/games/amalfi_renaissance/test_turn_tables.py)."""
    bread = s.bread[seat]
    bay = s.bay[seat]
    if bay and bread >= 0:  # every price is 0 or more
        if bread >= NAV_ANY:  # any printed or evolving destination can be paid for
            docked = s.docked
            out = [
                *NAV_PUBLIC[NAV_TOP][docked & PUBLIC_BITS],
                *NAV_EVOLVING[docked >> EV0 & EVOLVING_BITS],
            ]
        else:
            out = [*NAV_PUBLIC[bread if bread < NAV_TOP else NAV_TOP][s.docked & PUBLIC_BITS]]
            dock = s.dock
            for i, t in enumerate(s.evolving):
                if dock[EV0 + i] == EMPTY and bread >= (
                    PRIVATE_PRICE[t] if t >= 0 else EVOLVING_PRICE[i]
                ):
                    out.append(A.NAVIGATE[EV0 + i])
        tiles = s.tiles[seat]
        if tiles:
            dock = s.dock
            for t in sorted(tiles):
                if dock[PRIV0 + t] == EMPTY and bread >= PRIVATE_PRICE[t]:
                    out.append(A.NAVIGATE[PRIV0 + t])
    else:
        out = []
    # RULES.md, Payments: every ship in a hold unloaded, then every ship in the bay supplied
    h = 5 * seat
    m = N_MODS * seat
    holds = s.holds
    mods = s.mods
    ships = bay
    units: Sequence[int] = NO_UNITS  # read only where `extra` is not 0
    extra = 0
    unloads: list[Action] = []
    # any hold with a ship, the five read in place (no slice of `holds`, no `any` call)
    if holds[h] or holds[h + 1] or holds[h + 2] or holds[h + 3] or holds[h + 4]:
        loaded = [0, 0, 0, 0, 0]
        for r in FIVE:
            k = holds[h + r]
            if k:
                ships += k
                u = loaded[r] = k * (HOLD_VALUES[r] + mods[m + M_HOLD + r])
                extra += u
                unloads.append(A.UNLOAD[r])
        units = loaded
    base = 3 * ships  # what every mask gets (all of it when no hold has a ship: extra 0)
    hand = s.hands[seat]
    # without a ship nothing can be paid for (every price is 1 or more): no acquisition,
    # discovery, invitation or construction
    if ships:
        have = bread + base + extra
        capacity = BASE_CAPACITY + s.lit[seat] + mods[m + M_CAP]  # s.capacity(seat)
        if (
            base >= DISPLAY_TOP
            and have - DISPLAY_TOP >= SURCHARGE_TOP
            and capacity >= SURCHARGE_TOP
        ):
            # every card of both displays can be paid for, slot surcharge included; only a
            # display with an empty slot (its deck or piles used up) is read slot by slot
            workshop = s.workshop
            atlas = s.atlas
            if EMPTY in workshop or EMPTY in atlas:
                for row, actions in ((workshop, A.ACQUIRE), (atlas, A.DISCOVER)):
                    for k in FIVE:
                        if row[k] >= 0:
                            out.append(actions[k])
            else:
                out += A.ACQUIRE
                out += A.DISCOVER
        else:
            disp = mods[m + M_DISP]
            if disp > DISCOUNT_TOP:
                disp = DISCOUNT_TOP
            for surcharges, row, prices, masks, actions in (
                (
                    WORKSHOP_SURCHARGE[disp],
                    s.workshop,
                    ART_PRICE,
                    ART_MASK,
                    A.ACQUIRE,
                ),
                (
                    ATLAS_SURCHARGE[disp],
                    s.atlas,
                    TILE_PRICE,
                    TILE_MASK,
                    A.DISCOVER,
                ),
            ):
                for k in FIVE:
                    card = row[k]
                    if card < 0:
                        continue
                    cost = prices[card]
                    if cost > base and (not extra or _toward(units, base, masks[card]) < cost):
                        continue
                    surcharge = surcharges[k]  # the bread the slot costs this seat
                    if surcharge and (capacity < surcharge or have - cost < surcharge):
                        continue
                    out.append(actions[k])
        invite = A.INVITE
        for c in hand:
            cost = CHAR_PRICE[c]
            if cost <= base or (extra and _toward(units, base, CHAR_MASK[c]) >= cost):
                out.append(invite[c])
    invited = s.invited[seat]
    if invited:
        engaged = s.engaged[seat]
        engage = A.ENGAGE
        for c in sorted(invited):
            if IS_ENGAGEABLE[c] and c not in engaged:
                out.append(engage[c])
    left = 6 - s.built[seat] if ships else 0
    if left:
        toward = _toward(units, base, SHIP_MASK) if extra else base
        price = SHIP_PRICE[s.period] - mods[m + M_SHIP]  # ship_price(s, seat)
        most = toward // (price if price > 1 else 1)
        out += A.CONSTRUCT[: most if most < left else left]
    out += unloads
    if bay:
        out.append(A.EMERGENCY)
    discard = A.DISCARD
    for c in hand:
        out.append(discard[c])
    out.append(A.PASS)
    return out


def legal_turn(s: AmalfiState, seat: int, top: Decision, why: Why | None = None) -> list[Action]:
    if why is None:
        return turn_actions(s, seat)
    out: list[Action] = []
    memo: dict[int, tuple[int, int]] = {}
    if why is None or why.wants("navigate"):
        if not s.bay[seat]:
            if why is not None:
                why.no(_("you have no ship in your bay to sail"), R_NAV, "navigate")
        else:
            bread = s.bread[seat]
            dock = s.dock
            for loc in range(N_LOC):
                if dock[loc] != EMPTY:
                    if why is not None:
                        why.no(
                            _("the dock of {place} is taken this period").format(
                                place=name(LOC_IDS[loc])
                            ),
                            R_NAV,
                            "navigate",
                            place=LOC_IDS[loc],
                        )
                    continue
                if loc >= PRIV0:
                    if s.owner[loc - PRIV0] != seat:
                        if why is not None:
                            why.no(
                                _(
                                    "{place} is not a private destination you have discovered"
                                ).format(place=name(LOC_IDS[loc])),
                                R_DISC + ", Navigate to a private destination",
                                "navigate",
                                place=LOC_IDS[loc],
                            )
                        continue
                    price = PRIVATES[loc - PRIV0].price
                else:
                    price = place_of(s, loc).price
                if bread < price:
                    if why is not None:
                        why.no(
                            _("{place} costs {price} bread and you have {bread}").format(
                                place=name(LOC_IDS[loc]), price=price, bread=bread
                            ),
                            R_NAV,
                            "navigate",
                            place=LOC_IDS[loc],
                        )
                    continue
                out.append(A.NAVIGATE[loc])
    if why is None or why.wants("acquire"):
        for k in range(5):
            a = s.workshop[k]
            if a < 0:
                if why is not None:
                    why.no(
                        _("Workshop slot {slot} is empty").format(slot=k + 1),
                        R_ACQ,
                        "acquire",
                        slot=k + 1,
                    )
                continue
            art = ARTWORKS[a]
            sb = slot_bread(s, seat, WORKSHOP_SLOTS[k])
            if pay_ok(s, seat, art.cost, art.mask, sb, memo):
                out.append(A.ACQUIRE[k])
            elif why is not None:
                why.no(
                    _("{card}: {why}").format(
                        card=name(art.id), why=can_pay(s, seat, art.cost, art.mask, sb)
                    ),
                    R_ACQ,
                    "acquire",
                    slot=k + 1,
                )
    if why is None or why.wants("discover"):
        for k in range(5):
            t = s.atlas[k]
            if t < 0:
                if why is not None:
                    why.no(
                        _("Atlas slot {slot} is empty").format(slot=k + 1),
                        R_DISC,
                        "discover",
                        slot=k + 1,
                    )
                continue
            tile = PRIVATES[t]
            sb = slot_bread(s, seat, ATLAS_SLOTS[k])
            if pay_ok(s, seat, tile.cost, tile.mask, sb, memo):
                out.append(A.DISCOVER[k])
            elif why is not None:
                why.no(
                    _("{card}: {why}").format(
                        card=name(tile.id), why=can_pay(s, seat, tile.cost, tile.mask, sb)
                    ),
                    R_DISC,
                    "discover",
                    slot=k + 1,
                )
    if why is None or why.wants("invite"):
        hand = s.hands[seat]
        if why is not None:
            c = CHAR_IDS.index(why.action["card"])
            if c not in hand:
                why.no(
                    _("{card} is not in your hand").format(card=name(CHAR_IDS[c])), R_INV, "invite"
                )
        for c in hand:
            ch = CHARACTERS[c]
            if pay_ok(s, seat, ch.cost, ch.mask, 0, memo):
                out.append(A.INVITE[c])
            elif why is not None:
                why.no(
                    _("{card}: {why}").format(
                        card=name(ch.id), why=can_pay(s, seat, ch.cost, ch.mask, 0)
                    ),
                    R_INV,
                    "invite",
                    card=ch.id,
                )
    if why is None or why.wants("engage"):
        if why is not None:
            c = CHAR_IDS.index(why.action["card"])
            if c not in s.invited[seat]:
                why.no(
                    _("you have not invited {card}").format(card=name(CHAR_IDS[c])),
                    R_ENG,
                    "engage",
                )
            elif CHARACTERS[c].type != ENGAGEABLE:
                why.no(
                    _("{card} is not an engageable character").format(card=name(CHAR_IDS[c])),
                    R_ENG,
                    "engage",
                )
            elif c in s.engaged[seat]:
                why.no(
                    _("{card} is already engaged this period").format(card=name(CHAR_IDS[c])),
                    R_ENG,
                    "engage",
                )
        engaged = s.engaged[seat]
        out.extend(
            A.ENGAGE[c]
            for c in sorted(s.invited[seat])
            if CHARACTERS[c].type == ENGAGEABLE and c not in engaged
        )
    if why is None or why.wants("construct"):
        left = 6 - s.built[seat]
        price = ship_price(s, seat)
        for n in range(1, 7):
            if n > left:
                if why is not None:
                    why.no(
                        ngettext(
                            "your shipyard has {n} ship left",
                            "your shipyard has {n} ships left",
                            left,
                        ).format(n=left),
                        R_CON,
                        "construct",
                        ships=n,
                    )
                continue
            if pay_ok(s, seat, n * price, 1 << SHIP_RES, 0, memo):
                out.append(A.CONSTRUCT[n - 1])
            elif why is not None:
                no = can_pay(s, seat, n * price, 1 << SHIP_RES, 0)
                why.no(
                    ngettext("{n} ship: {why}", "{n} ships: {why}", n).format(n=n, why=no),
                    R_CON,
                    "construct",
                    ships=n,
                )
            else:
                break  # dearer counts cannot be paid either
    legal_optional(s, seat, why, out)
    out.append(A.PASS)
    return out


def apply_turn(s: AmalfiState, seat: int, action: Action, top: Decision) -> list[Event]:
    kind = action.kind
    if kind in OPTIONAL:
        return apply_optional(s, seat, action)
    s.stack.pop()
    s.actor = seat
    s.sent = 0
    events: list[Event] = []
    if kind == "pass":
        s.passed[seat] = 1
        if s.first_pass == EMPTY:
            s.first_pass = seat
        events.append({"type": "pass", "seat": seat})
        advance(s, events)
        return events
    end: list[Step] = [(RIVAL_STEP, 0, 0)] if s.rival else []
    end.append((END, 0, 0))
    if kind == "navigate":
        loc = A.NUMBER[action]
        place = place_of(s, loc)
        s.bread[seat] -= place.price
        s.bay[seat] -= 1
        dock_ship(s, loc, seat)
        events.append(
            {"type": "navigate", "seat": seat, "place": LOC_IDS[loc], "bread": place.price}
        )
        if s.rival:
            end[0] = (RIVAL_STEP, NAV, 0)
        s.queue = []
        add_steps(s, [(BEACON, loc, 0), *end])
        if EV0 <= loc < PRIV0:
            s.stack.append(Decision("evolving", (seat,), loc))
            return events
        add_steps(s, place.steps)
        run(s, events)
        return events
    if kind == "engage":
        c = A.NUMBER[action]
        s.engaged[seat] = tuple(sorted((*s.engaged[seat], c)))
        events.append({"type": "engage", "seat": seat, "card": CHAR_IDS[c]})
        if s.rival:
            end[0] = (RIVAL_STEP, ENG, 0)
        s.queue = []
        add_steps(s, end)
        card = CHARACTERS[c]
        ON_INVITE[card.effect](s, seat, card)
        run(s, events)
        return events
    if kind == "acquire":
        k = A.NUMBER[action]
        art = ARTWORKS[s.workshop[k]]
        data = ("acquire", k, art.cost, art.mask, slot_bread(s, seat, WORKSHOP_SLOTS[k]), 0, 0)
    elif kind == "discover":
        k = A.NUMBER[action]
        tile = PRIVATES[s.atlas[k]]
        data = ("discover", k, tile.cost, tile.mask, slot_bread(s, seat, ATLAS_SLOTS[k]), 0, 0)
    elif kind == "invite":
        c = A.NUMBER[action]
        ch = CHARACTERS[c]
        data = ("invite", c, ch.cost, ch.mask, 0, 0, 0)
    else:
        n = A.NUMBER[action] + 1
        data = ("construct", n, n * ship_price(s, seat), 1 << SHIP_RES, 0, 0, 0)
    s.stack.append(Decision("pay", (seat,), data))
    events.append({"type": "paying", "seat": seat, "for": kind, "cost": data[2]})
    return events


# -- payments (RULES.md, Payments) --------------------------------------------------------------


def legal_pay(s: AmalfiState, seat: int, top: Decision, why: Why | None = None) -> list[Action]:
    _purpose, _arg, cost, _mask, surcharge, paid, surplus = top.data
    out: list[Action] = []
    h = 5 * seat
    _unloads(s, h, out, why, R_PAY)
    if s.bay[seat]:
        out.append(A.EMERGENCY)
    elif why is not None:
        why.no(_("you have no ship in your bay"), R_PAY, "emergency")
    if paid < cost:
        if why is not None:
            why.no(
                _("you have raised {paid} of {cost}").format(paid=paid, cost=cost), R_PAY, "done"
            )
    elif (
        surcharge < 0 and min(s.capacity(seat), s.bread[seat] + surplus + paid - cost) < -surcharge
    ):
        if why is not None:
            why.no(
                _(
                    "the slot costs {surcharge} bread more than you would hold: raise more first"
                ).format(surcharge=-surcharge),
                R_PAY,
                "done",
            )
    else:
        out.append(A.DONE)
    if why is not None and why.wants("discard"):
        why.no(_("discard characters before you start a payment"), R_OPT, "discard")
    return out


def apply_pay(s: AmalfiState, seat: int, action: Action, top: Decision) -> list[Event]:
    """RULES.md, Payments: a ship unloaded or supplied raises units; "done" pays (the forced
    ones that follow, `settle` makes)."""
    purpose, arg, cost, mask, surcharge, paid, surplus = top.data
    kind = action.kind
    if kind == "unload":
        r = A.NUMBER[action]
        s.holds[5 * seat + r] -= 1
        s.bay[seat] += 1
        u = units(s, seat, r)
        if mask >> r & 1:
            paid += u
        else:
            surplus += u
        s.stack[-1] = Decision(
            "pay", top.seats, (purpose, arg, cost, mask, surcharge, paid, surplus)
        )
        return [{"type": "unload", "seat": seat, "hold": RES[r], "units": u}]
    if kind == "emergency":
        s.bay[seat] -= 1
        s.port[seat] += 1
        paid += EMERGENCY_UNITS
        s.stack[-1] = Decision(
            "pay", top.seats, (purpose, arg, cost, mask, surcharge, paid, surplus)
        )
        return [{"type": "emergency", "seat": seat, "units": EMERGENCY_UNITS}]
    events: list[Event] = []
    s.stack.pop()
    kept = s.gain_bread(seat, surplus + paid - cost)
    if surcharge < 0:
        s.bread[seat] += surcharge
    elif surcharge > 0:
        kept += s.gain_bread(seat, surcharge)
    events.append(
        {
            "type": "paid",
            "seat": seat,
            "for": purpose,
            "cost": cost,
            "bread_kept": kept,
            "surcharge": -surcharge if surcharge < 0 else 0,
        }
    )
    end: list[Step] = []
    if purpose == "acquire":
        a = pop_workshop(s, arg)
        art = ARTWORKS[a]
        s.vp[seat] += art.vp
        s.arts[seat] = (*s.arts[seat], a)
        s.artc[3 * seat + art.type] += 1
        events.append({"type": "acquire", "seat": seat, "artwork": art.id, "vp": art.vp})
        steps: list[Step] = [art.bonus]
        kind_code = ACQ
    elif purpose == "discover":
        t = pop_atlas(s, arg)
        tile = PRIVATES[t]
        s.vp[seat] += tile.vp
        s.owner[t] = seat
        s.tiles[seat] = (*s.tiles[seat], t)
        events.append({"type": "discover", "seat": seat, "tile": tile.id, "vp": tile.vp})
        steps = []
        kind_code = DISC
    elif purpose == "invite":
        card = CHARACTERS[arg]
        remove_from_hand(s, seat, arg)
        s.invited[seat] = (*s.invited[seat], arg)
        s.charc[4 * seat + card.type] += 1
        events.append({"type": "invite", "seat": seat, "card": card.id})
        steps = []
        kind_code = INV
    else:
        steps = []
        for _ in range(arg):
            slot = s.built[seat]
            s.built[seat] += 1
            s.port[seat] += 1
            icon = SHIPYARD_ICONS[slot]
            if icon is not None:
                steps.append(icon)
        events.append({"type": "construct", "seat": seat, "ships": arg})
        kind_code = CON
    if s.rival:
        end.append((RIVAL_STEP, kind_code, 0))
    end.append((END, 0, 0))
    s.queue = []
    add_steps(s, [*steps, *end])
    if purpose == "invite":
        card = CHARACTERS[arg]
        if card.type in (IMMEDIATE, PERMANENT):
            ON_INVITE[card.effect](s, seat, card)
    check_titles(s, seat, events, purpose)
    run(s, events)
    return events


# -- benefits (RULES.md, Bonuses; Navigation) ----------------------------------------------------


def legal_evolving(
    s: AmalfiState, seat: int, top: Decision, why: Why | None = None
) -> list[Action]:
    return [A.BONUS_FIRST, A.BONUS_LAST]


def apply_evolving(s: AmalfiState, seat: int, action: Action, top: Decision) -> list[Event]:
    steps = list(place_of(s, top.data).steps)
    if action["when"] == "first":
        add_steps(s, [EVOLVING_BONUS, *steps])
    else:
        add_steps(s, [*steps, EVOLVING_BONUS])
    events: list[Event] = [{"type": "evolving_bonus", "seat": seat, "when": action["when"]}]
    return finish_frame(s, events)


def legal_send(s: AmalfiState, seat: int, top: Decision, why: Why | None = None) -> list[Action]:
    _n, hold = top.data
    if hold == ANY:
        out = list(A.SEND)
    else:
        out = [A.SEND[hold]]
        if why is not None and why.wants("send"):
            why.no(
                _("this benefit sends ships to your {hold} hold only").format(hold=res(RES[hold])),
                R_NAV,
                "send",
            )
    out.append(A.STOP)
    return out


def apply_send(s: AmalfiState, seat: int, action: Action, top: Decision) -> list[Event]:
    if action is A.STOP:
        return finish_frame(s, [{"type": "stop", "seat": seat}])
    n, hold = top.data
    r = A.NUMBER[action]
    s.bay[seat] -= 1
    s.holds[5 * seat + r] += 1
    s.sent = 1
    events: list[Event] = [{"type": "send", "seat": seat, "hold": RES[r]}]
    if n > 1 and s.bay[seat]:
        s.stack[-1] = Decision("send", top.seats, (n - 1, hold))
        return events
    return finish_frame(s, events)


def legal_take(s: AmalfiState, seat: int, top: Decision, why: Why | None = None) -> list[Action]:
    out = []
    if why is None:  # the loop below without explanations, `take_cost` written out
        bread = s.bread[seat]
        disp = s.mods[N_MODS * seat + M_DISP]
        council = s.council
        for k in range(4):
            value = COUNCIL_SLOTS[k]
            if council[k] >= 0 and bread + (min(0, value + disp) if value < 0 else value) >= 0:
                out.append(A.TAKE[k])
        legal_optional(s, seat, why, out, ships=not sends_pending(s))
        return out
    for k in range(4):
        if s.council[k] < 0:
            if why is not None:
                why.no(
                    _("Council slot {slot} is empty").format(slot=k + 1),
                    R_TAKE,
                    "take",
                    slot=k + 1,
                )
            continue
        cost = -take_cost(s, seat, k)
        if cost > s.bread[seat]:
            if why is not None:
                why.no(
                    _("Council slot {slot} costs {cost} bread and you have {bread}").format(
                        slot=k + 1, cost=cost, bread=s.bread[seat]
                    ),
                    R_TAKE,
                    "take",
                    slot=k + 1,
                )
            continue
        out.append(A.TAKE[k])
    legal_optional(s, seat, why, out, ships=not sends_pending(s))
    return out


def sends_pending(s: AmalfiState) -> bool:
    """Optional Actions, IMPORTANT: between the first and the last ship a turn sends to the
    holds, no ship may be moved for bread. True if a ship was sent and a send is still due."""
    return bool(s.sent) and any(step[0] == SEND for step in s.queue)


def apply_take(s: AmalfiState, seat: int, action: Action, top: Decision) -> list[Event]:
    if action.kind in OPTIONAL:
        return apply_optional(s, seat, action)
    k = A.NUMBER[action]
    delta = take_cost(s, seat, k)
    if delta < 0:
        s.bread[seat] += delta
    elif delta > 0:
        s.gain_bread(seat, delta)
    c = pop_council(s, k)
    add_to_hand(s, seat, c, public=True)
    events: list[Event] = [{"type": "take", "seat": seat, "card": CHAR_IDS[c], "bread": delta}]
    return finish_frame(s, events)


def legal_erect(s: AmalfiState, seat: int, top: Decision, why: Why | None = None) -> list[Action]:
    out = []
    if why is None:  # the loop below without explanations, `slot_exists` written out
        light = s.light
        lighthouse = A.LIGHTHOUSE
        for loc in range(PRIV0):
            if light[loc] == EMPTY:
                out.append(lighthouse[loc])
        found: list[int] = []  # the discovered tiles (`owner` set), the seats' tiles
        for tiles in s.tiles:
            found += tiles
        for t in sorted(found):
            if light[PRIV0 + t] == EMPTY:
                out.append(lighthouse[PRIV0 + t])
        return out
    for loc in range(N_LOC):
        if s.light[loc] != EMPTY:
            if why is not None:
                why.no(
                    _("{place} already has a lighthouse").format(place=name(LOC_IDS[loc])),
                    R_ERECT,
                    "lighthouse",
                    place=LOC_IDS[loc],
                )
        elif not slot_exists(s, loc):
            if why is not None:
                why.no(
                    _("{place} is not on the board (nobody has discovered it)").format(
                        place=name(LOC_IDS[loc])
                    ),
                    R_ERECT,
                    "lighthouse",
                    place=LOC_IDS[loc],
                )
        else:
            out.append(A.LIGHTHOUSE[loc])
    return out


def apply_erect(s: AmalfiState, seat: int, action: Action, top: Decision) -> list[Event]:
    loc = A.NUMBER[action]
    icon = GRANARY_ICONS[s.lit[seat]]
    s.lit[seat] += 1
    s.light[loc] = seat
    events: list[Event] = [{"type": "lighthouse", "seat": seat, "place": LOC_IDS[loc]}]
    if icon is not None:
        add_steps(s, [icon])
    check_titles(s, seat, events, "erect")
    return finish_frame(s, events)


def legal_instead(s: AmalfiState, seat: int, top: Decision, why: Why | None = None) -> list[Action]:
    return [A.INSTEAD_CHARACTER, A.INSTEAD_VP]


def apply_instead(s: AmalfiState, seat: int, action: Action, top: Decision) -> list[Event]:
    if action["what"] == "vp":
        add_steps(s, [(VP, META["no_lighthouse_vp"], 0)])
    else:
        add_steps(s, [(TAKE, 0, 0)])
    return finish_frame(s, [{"type": "instead", "seat": seat, "what": action["what"]}])


def legal_choose(s: AmalfiState, seat: int, top: Decision, why: Why | None = None) -> list[Action]:
    return [A.CHOOSE_CHARACTER, A.CHOOSE_STRAIGHTEN]


def apply_choose(s: AmalfiState, seat: int, action: Action, top: Decision) -> list[Event]:
    add_steps(s, [(TAKE if action["what"] == "character" else STRAIGHTEN, 0, 0)])
    return finish_frame(s, [{"type": "choose", "seat": seat, "what": action["what"]}])


def legal_straighten(
    s: AmalfiState, seat: int, top: Decision, why: Why | None = None
) -> list[Action]:
    if why is not None and why.wants("straighten"):
        c = CHAR_IDS.index(why.action["card"])
        if c not in s.engaged[seat]:
            why.no(
                _("{card} is not one of your engaged characters").format(card=name(CHAR_IDS[c])),
                R_ENG,
                "straighten",
            )
    return [A.STRAIGHTEN[c] for c in s.engaged[seat]]


def apply_straighten(s: AmalfiState, seat: int, action: Action, top: Decision) -> list[Event]:
    c = A.NUMBER[action]
    s.engaged[seat] = tuple(x for x in s.engaged[seat] if x != c)
    return finish_frame(s, [{"type": "straighten", "seat": seat, "card": CHAR_IDS[c]}])


def legal_beacon(s: AmalfiState, seat: int, top: Decision, why: Why | None = None) -> list[Action]:
    out: list[Action] = []
    hold = place_of(s, top.data).beacon
    if hold == NONE:
        if why is not None:
            why.no(
                _("this destination shows no hold: its lighthouse gives 1 bread"),
                R_LIGHT,
                "beacon",
            )
    elif s.bread[seat] < 2:
        if why is not None:
            why.no(
                _("sending costs 2 bread and you have {bread}").format(bread=s.bread[seat]),
                R_LIGHT,
                "beacon",
            )
    elif not s.bay[seat]:
        if why is not None:
            why.no(_("you have no ship in your bay"), R_LIGHT, "beacon")
    elif hold == ANY:
        out.extend(A.BEACON)
    else:
        if why is not None and why.action.params.get("use") not in (RES[hold], "bread"):
            why.no(
                _("this lighthouse sends to the {hold} hold").format(hold=res(RES[hold])),
                R_LIGHT,
                "beacon",
            )
        out.append(A.BEACON[hold])
    out.append(A.BEACON_BREAD)
    legal_optional(s, seat, why, out)
    return out


def apply_beacon(s: AmalfiState, seat: int, action: Action, top: Decision) -> list[Event]:
    if action.kind in OPTIONAL:
        return apply_optional(s, seat, action)
    use = action["use"]
    if use == "bread":
        got = s.gain_bread(seat, 1)
        events: list[Event] = [
            {
                "type": "beacon",
                "seat": seat,
                "place": LOC_IDS[top.data],
                "use": "bread",
                "bread": got,
            }
        ]
    else:
        r = A.NUMBER[action]
        s.bread[seat] -= 2
        s.bay[seat] -= 1
        s.holds[5 * seat + r] += 1
        events = [{"type": "beacon", "seat": seat, "place": LOC_IDS[top.data], "use": use}]
    return finish_frame(s, events)


# -- the solo rival (RULES.md, Solo challenge) ---------------------------------------------------


def rival_ship(s: AmalfiState, loc: int, beacons: list[int]) -> None:
    if s.dock[loc] == EMPTY and s.rival_ships < META["ships"]:
        dock_ship(s, loc, RIVAL)
        s.rival_ships += 1
        if s.light[loc] == 0:
            beacons.append(loc)


def rival_react(s: AmalfiState, kind: int, events: list[Event]) -> None:
    rival_name = RIVALS[s.rival]
    beacons: list[int] = []
    if kind == NAV:
        a = s.workshop[-1]
        if a >= 0:
            art = ARTWORKS[a]
            for r in range(5):
                if art.mask >> r & 1:
                    rival_ship(s, RIVAL_RES[r], beacons)
            if s.rival == 2 and art.bonus[0] in RIVAL_BONUS:
                dest, lighthouse = RIVAL_BONUS[art.bonus[0]]
                if dest < 0:
                    dest = RIVAL_RES[art.bonus[2]] if art.bonus[2] < 5 else RIVAL_RES[0]
                if lighthouse:
                    if s.light[dest] == EMPTY and s.rival_lights < META["lighthouses"]:
                        s.light[dest] = RIVAL
                        s.rival_lights += 1
                else:
                    rival_ship(s, dest, beacons)
    elif kind == ENG:
        for loc in range(EV0, PRIV0):
            if s.dock[loc] == EMPTY:
                rival_ship(s, loc, beacons)
                break
    elif kind == CON:
        t = s.atlas[-1]
        if t >= 0:
            tile = PRIVATES[t]
            for r in range(5):
                if tile.mask >> r & 1:
                    rival_ship(s, RIVAL_RES[r], beacons)
    elif kind == ACQ:
        step_discard_art(s, 0, 0, events)
    elif kind == DISC:
        if s.atlas[-1] >= 0:
            t = pop_atlas(s, len(s.atlas) - 1)
            s.removed.append(t)
            events.append({"type": "rival_removes", "tile": PRIVATES[t].id})
    elif kind == INV:
        step_discard_char(s, 0, 0, events)
    events.append(
        {
            "type": "rival",
            "rival": rival_name,
            "after": ACTION_NAMES[kind],
            "ships": s.rival_ships,
            "lighthouses": s.rival_lights,
        }
    )
    if beacons:
        add_steps(s, [(BEACON, loc, 0) for loc in sorted(beacons)])


# -- feed, decree, new period, end (RULES.md, Feed; Decree; New period; End of the game) ------


def end_actions(s: AmalfiState, events: list[Event]) -> None:
    if s.players > 1 and s.first_pass != EMPTY:
        s.first = s.first_pass
    events.append({"type": "actions_end", "period": s.period + 1, "first": s.first})
    s.actor = EMPTY
    s.stack.append(ROUNDS["feed"][0][s.first])


def legal_feed(s: AmalfiState, seat: int, top: Decision, why: Why | None = None) -> list[Action]:
    out: list[Action] = []
    legal_optional(s, seat, why, out)
    out.append(A.READY if top.kind == "ready" else A.FEED)
    return out


def apply_feed(s: AmalfiState, seat: int, action: Action, top: Decision) -> list[Event]:
    if action.kind in OPTIONAL:
        return apply_optional(s, seat, action)
    s.stack.pop()
    n = s.players
    events: list[Event] = []
    if top.kind == "feed":
        need = s.feed(seat)
        paid = min(need, s.bread[seat])
        s.bread[seat] -= paid
        lost = META["feed_shortfall_vp"] * (need - paid)
        s.vp[seat] -= lost
        events.append({"type": "feed", "seat": seat, "bread": paid, "vp_lost": lost})
    else:
        events.append({"type": "ready", "seat": seat})
    k = top.data + 1
    if k < n:
        s.stack.append(ROUNDS[top.kind][k][(s.first + k) % n])
        return events
    if top.kind == "feed" and DECREES[s.decrees[s.period]].formula == "bread":
        s.stack.append(ROUNDS["ready"][0][s.first])  # RULINGS.md: a window before Subsistence
        return events
    score_decree(s, events)
    return events


def score_decree(s: AmalfiState, events: list[Event]) -> None:
    d = DECREES[s.decrees[s.period]]
    extra = DECREE_BONUS[s.period]
    for seat in range(s.players):
        v = DECREE_FORMULAS[d.formula](s, seat, d, extra)
        s.vp[seat] += v
        events.append({"type": "decree", "seat": seat, "decree": d.id, "vp": v})
    if s.rival:
        dock = s.dock
        for _ in range(dock.count(RIVAL)):
            loc = dock.index(RIVAL)
            dock[loc] = EMPTY
            s.docked &= ~(1 << loc)
        s.rival_ships = 0
        if solo_lost(s):
            s.outcome = 2
            s.over = True
            events.append(
                {"type": "solo_lost", "period": s.period + 1, "titles": s.count(0, "titles")}
            )
            return
    if s.period == META["periods"] - 1:
        end_game(s, events)
    else:
        new_period(s, events)


def solo_lost(s: AmalfiState) -> bool:
    """RULES.md, Solo challenge: the title check (option solo_check)."""
    mins = SOLO[RIVALS[s.rival]]
    after = s.options.get("solo_check", "after") == "after"
    column = s.period - 1 if after else s.period
    if not 0 <= column < len(mins):
        return False
    return s.count(0, "titles") < mins[column]


def new_period(s: AmalfiState, events: list[Event]) -> None:
    s.period += 1
    dock = s.dock
    for seat in range(s.players):  # the ships at the docks and in port return to the bay
        s.bay[seat] += dock.count(seat) + s.port[seat]
        s.port[seat] = 0
        s.engaged[seat] = ()
    s.dock = [EMPTY] * N_LOC
    s.docked = 0
    i = len(s.atlas) - 1
    if s.atlas[i] >= 0:
        t = pop_atlas(s, i)
        s.evolving[s.period - 1] = t
        events.append(
            {"type": "evolving", "place": LOC_IDS[EV0 + s.period - 1], "tile": PRIVATES[t].id}
        )
    step_discard_art(s, 0, 0, events)
    step_discard_char(s, 0, 0, events)
    start_period(s, events)


def end_game(s: AmalfiState, events: list[Event]) -> None:
    for seat in range(s.players):
        for c in s.invited[seat]:
            card = CHARACTERS[c]
            if card.type == ENDGAME:
                v = AT_END[card.effect](s, seat, card)
                s.vp[seat] += v
                events.append({"type": "endgame", "seat": seat, "card": card.id, "vp": v})
    if s.rival:
        s.outcome = 1
        events.append({"type": "solo_completed", "vp": s.vp[0], "band": band(s.vp[0])})
    s.over = True
    events.append({"type": "game_over", "vp": list(s.vp)})


AmalfiState.phases = {
    "pack": Phase(
        legal_pack, apply_pack, None, N_("choose a starting pack: 'pack <icon>'"), R_SETUP
    ),
    "select": Phase(
        legal_keep,
        apply_keep,
        resolve_keep,
        N_("keep one more of your dealt cards: 'keep <card>'"),
        R_VARIANTS,
    ),
    "draft": Phase(
        legal_keep,
        apply_keep,
        resolve_keep,
        N_("keep one card of your packet: 'keep <card>'"),
        R_VARIANTS,
    ),
    "reserve": Phase(
        legal_keep,
        apply_keep,
        resolve_keep,
        N_("keep one of your 3 endgame cards: 'keep <card>'"),
        R_VARIANTS,
    ),
    "turn": Phase(
        legal_turn,
        apply_turn,
        None,
        N_(
            "a main action (navigate, acquire, discover, invite, engage, construct), an "
            "optional action (unload, emergency, discard) or pass"
        ),
        R_ACTIONS,
        N_(
            "a main action (navigate, acquire, discover, invite, engage or construct), an "
            "optional action (unload, emergency supply or discard), or pass"
        ),
    ),
    "pay": Phase(
        legal_pay,
        apply_pay,
        None,
        N_("pay: 'unload <hold>', 'emergency', then 'done'"),
        R_PAY,
        N_("pay the cost, unloading holds or with the emergency supply, then finish"),
    ),
    "evolving": Phase(
        legal_evolving,
        apply_evolving,
        None,
        N_("take the evolving bonus first or last: 'bonus first' / 'bonus last'"),
        R_EVOLVING,
    ),
    "send": Phase(legal_send, apply_send, None, N_("send a ship: 'send <hold>' or 'stop'"), R_NAV),
    "take": Phase(legal_take, apply_take, None, N_("take a character: 'take <slot 1-4>'"), R_TAKE),
    "erect": Phase(
        legal_erect, apply_erect, None, N_("erect a lighthouse: 'lighthouse <place>'"), R_ERECT
    ),
    "instead": Phase(
        legal_instead,
        apply_instead,
        None,
        N_("no lighthouse left: 'instead character' or 'instead vp'"),
        R_ERECT,
        N_("no lighthouse left: take a character or victory points instead"),
    ),
    "choose": Phase(
        legal_choose,
        apply_choose,
        None,
        N_("'choose character' or 'choose straighten'"),
        R_CON,
        N_("take a character or straighten an engaged one"),
    ),
    "straighten": Phase(
        legal_straighten,
        apply_straighten,
        None,
        N_("straighten an engaged character: 'straighten <card>'"),
        R_ENG,
    ),
    "beacon": Phase(
        legal_beacon,
        apply_beacon,
        None,
        N_("use your lighthouse: 'beacon <hold>' (2 bread) or 'beacon bread'"),
        R_LIGHT,
        N_("use your lighthouse: send a ship for 2 bread, or take 1 bread"),
    ),
    "feed": Phase(
        legal_feed,
        apply_feed,
        None,
        N_("feed your crews: 'feed' (after any optional action)"),
        R_FEED,
    ),
    "ready": Phase(
        legal_feed,
        apply_feed,
        None,
        N_("score the decree: 'ready' (after any optional action)"),
        R_DECREE,
    ),
}


def settle(s: AmalfiState, events: list[Event]) -> list[Event]:
    """Play forced moves at once: while the decision on top belongs to one seat and offers a
    single legal action (a payment only an emergency supply can make, a feed with nothing to
    convert, a pass with no main action possible), it is applied without asking (RULINGS.md,
    Forced moves). The events say what happened."""
    stack = s.stack
    phases = AmalfiState.phases
    while stack and not s.over:
        top = stack[-1]
        seats = top.seats
        if len(seats) != 1:
            return events
        seat = seats[0]
        kind = top.kind
        phase = phases[kind]
        # a turn's list: legal_turn without explanations, called directly
        legal = turn_actions(s, seat) if kind == "turn" else phase.legal(s, seat, top, None)
        if len(legal) != 1:
            s._legal = (s.ply, seat, legal)  # the core's cache for this ply
            return events
        events += phase.apply(s, seat, legal[0], top)
    return events


AmalfiState.settle = settle
