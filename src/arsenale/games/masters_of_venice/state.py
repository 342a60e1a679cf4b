"""The state of a game of Masters of Venice and its rules (rules/masters-of-venice.en.txt).

Flat data (docs/architecture.md, "Speed"): lists of small ints copied by `clone`, ints and
tuples shared. Per seat tables are flat: `cubes[6 * seat + resource]`,
`shares[7 * seat + company]`, `docks[6 * dock + resource]`. Hidden collections are in one
canonical order (sorted hands and rumors) so that the order of deals is not a hidden
difference between two states.

The flow is the table `MovState.phases`. Each legal-action generator is also the explanation
of a refusal: where a check keeps an action out it calls `why.no(reason, rule, kinds,
**params)`, naming the section of the rulebook.

Rounds: `round` is the 0-based canal space of the gondola. A bidding round is one secret bid
from every seat (`bid`), then the character draft and the orders adjustments in turn order
(`character`, `orders`). A commerce round is one secret destination from every seat (`move`),
then the locations are activated one after another (`advance`): the visitors use it in turn
order (`use`), and at a shared location every other seat then uses it or passes, clockwise
from the left of the last one who acted. The Gondolieri's marker (`marker`) is asked only
where using it would change the order.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from arsenale.core.actions import Action
from arsenale.core.decisions import Decision, Phase, Why
from arsenale.core.observation import Buffer
from arsenale.core.result import Result
from arsenale.core.state import Event, GameState
from arsenale.games.masters_of_venice import actions as A
from arsenale.games.masters_of_venice import powers
from arsenale.games.masters_of_venice.board import (
    BID_CAP,
    BID_SPACES,
    BID_STEP,
    CASH_PER_VP,
    CHARACTER_NAMES,
    CHARACTERS,
    CHURCH,
    COMPANIES,
    CUBES_PER_RES,
    DOCKS,
    FAVOR_MAX,
    FAVOR_SET,
    FAVOR_VALUES,
    FLOOR,
    GONDOLIERI,
    GUILD,
    GUILD_VP,
    LOCATION_NAMES,
    LOCATIONS,
    LUMBER,
    MARKET,
    MERCATO,
    N_COMP,
    N_DOCKS,
    N_ORDERS,
    N_RES,
    N_SHOPS,
    NORTH,
    OFFICE_PRICE,
    ORDER_IDS,
    ORDERS,
    ORDERS_MAX,
    PRICE_MAX,
    RES_SHOP,
    RESET,
    RESOURCES,
    ROUNDS,
    RUMORS_PER_SHOP,
    SHARE_MAX,
    SHARED,
    SHOP_NAMES,
    SHOP_RES,
    SHOPS,
    SHOPS_LOC,
    STEP,
)

if TYPE_CHECKING:
    from arsenale.games.masters_of_venice.game import MastersOfVenice

RB = "masters-of-venice.en.txt"
RULE_SETUP = f"{RB}, Setup"
RULE_BID = f"{RB}, Bidding"
RULE_2P = f"{RB}, 2-Player Rules"
RULE_CHARS = f"{RB}, Characters"
RULE_MOVE = f"{RB}, Move"
RULE_ACTIONS = f"{RB}, Actions"
RULE_DOCKS = f"{RB}, Docks"
RULE_SHOPS = f"{RB}, Shops"
RULE_STOCK = f"{RB}, Stock Market"
RULE_GUILD = f"{RB}, Guild Hall"
RULE_CHURCH = f"{RB}, Church"
RULE_OFFICE = f"{RB}, Shipping Offices"
RULE_MERCATO = f"{RB}, Mercato"
RULE_FAVORS = f"{RB}, Favors & Rumors"
RULE_DIVIDENDS = f"{RB}, Dividends"
RULE_SCORING = f"{RB}, Final Scoring"
RULE_FAQ = f"{RB}, FAQ"

COLOURS = ("red", "blue", "green", "yellow", "purple")
ALL_RES = (1 << N_RES) - 1

FINAL_KEYS = (
    "track_vp",
    "tax",
    "debt_vp",
    "order_penalty",
    "stock_value",
    "stock_vp",
    "cash",
    "cash_vp",
    "score",
)
"""Final Scoring, per seat: the VP on the track (deliveries, splits), the tax on cubes (A),
VP lost for tax still owed, -2 per undelivered order (B), stock value and its VP (C), cash
after the tax and its VP (D), and the final score."""

# Steps of the bidding draft, kept as ints: seat * 2 + kind.
PICK, ADJUST = 0, 1


class MovState(GameState):
    copied = (
        "cash",
        "vp",
        "cubes",
        "shares",
        "supply",
        "price",
        "share",
        "orders",
        "bag",
        "docks",
        "office",
        "fstack",
        "fknown",
        "display",
        "favors",
        "canal",
        "rumors",
        "box",
        "used",
        "deck",
        "dknown",
        "hands",
        "delivered",
        "pawn",
        "bids",
        "chars",
        "majority",
        "pending",
    )
    kept = (
        "round",
        "order",
        "gondolieri",
        "marker",
        "age",
        "draft",
        "activated",
        "cur",
        "queue",
        "stage",
        "last",
        "acted",
        "waited",
        "u_dock",
        "u_types",
        "u_sold",
        "u_nbuy",
        "u_nsell",
        "u_sbuy",
        "u_ssell",
        "u_sale",
        "u_draw",
        "u_steal",
        "u_swap",
        "u_favor",
        "u_ship",
        "place_dock",
        "final",
    )
    __slots__ = copied + kept
    seat_names = COLOURS
    game: MastersOfVenice

    cash: list[int]
    vp: list[int]
    cubes: list[int]  # cubes[6 * seat + resource]; public
    shares: list[int]  # shares[7 * seat + company]; public
    supply: list[int]  # per company: shares left in the supply
    price: list[int]  # per resource, in ducats
    share: list[int]  # per shop: share price in ducats
    orders: list[int]  # per shop
    bag: list[int]  # per resource: cubes in the bag
    docks: list[int]  # docks[6 * dock + resource]
    office: list[int]  # per office: the resource lying there, -1 none
    fstack: list[int]  # favor kinds, bottom first (the last one is on top)
    fknown: list[int]  # 1 where the favor at that stack position is known to all
    display: list[int]  # face-up favor kinds in the Church Plaza
    favors: list[tuple[int, ...]]  # per seat, favor kinds held (public: bought in the open)
    canal: list[int]  # per canal space: a face-down rumor's shop colour, -1 none
    rumors: list[tuple[int, ...]]  # per seat, rumor colours held (secret)
    box: list[int]  # the unused rumors, unseen by everyone
    used: list[int]  # per shop colour: rumors played (revealed)
    deck: list[int]  # Guild Orders, bottom first (the last one is on top)
    dknown: list[int]  # per deck position: the seat that knows that card, -1 none
    hands: list[tuple[int, ...]]  # per seat, Guild Orders held (secret), sorted
    delivered: list[tuple[int, ...]]  # per seat, Guild Orders delivered (face up)
    pawn: list[int]  # per seat: location, -1 off the board
    bids: list[int]  # per seat: the last bid revealed
    chars: list[int]  # per seat: bit mask of characters held
    majority: list[int]  # per seat: bit mask of shops whose majority move was used this round
    pending: list[int]  # cubes drawn at a shipping office waiting to be put on the docks
    round: int
    order: tuple[int, ...]
    gondolieri: int
    marker: int  # 1 while the Gondolieri's marker is unused
    age: tuple[int, ...]  # per seat: 0 is the youngest (bidding tie-break)
    draft: tuple[int, ...]  # the bidding round's remaining steps (seat * 2 + PICK/ADJUST)
    activated: int  # bit mask of locations activated this round
    cur: int  # the location being resolved, -1 between locations
    queue: tuple[int, ...]  # seats still to act at `cur` in this stage
    stage: int  # 0 visitors, 1 sharers
    last: int  # the seat that acted last at `cur`
    acted: int  # bit mask of seats that acted at `cur`
    waited: int  # 1 when the Gondolieri has just waited at this boundary
    u_dock: int
    u_types: int
    u_sold: int
    u_nbuy: int
    u_nsell: int
    u_sbuy: int
    u_ssell: int
    u_sale: int
    u_draw: int
    u_steal: int
    u_swap: int
    u_favor: int
    u_ship: int
    place_dock: int
    final: tuple[tuple[int, ...], ...]

    # -- helpers -------------------------------------------------------------------------

    def has(self, seat: int, character: int) -> bool:
        return bool(self.chars[seat] >> character & 1)

    def holder(self, character: int) -> int:
        for seat, mask in enumerate(self.chars):
            if mask >> character & 1:
                return seat
        return -1

    def held(self, seat: int, r: int) -> int:
        return self.cubes[N_RES * seat + r]

    def comp_price(self, c: int) -> int:
        return self.share[c] if c < N_SHOPS else OFFICE_PRICE

    def stock_value(self, seat: int) -> int:
        base = N_COMP * seat
        return sum(self.shares[base + c] * self.comp_price(c) for c in range(N_COMP))

    def cube_value(self, seat: int) -> int:
        base = N_RES * seat
        return sum(self.cubes[base + r] * self.price[r] for r in range(N_RES))

    def has_majority(self, seat: int, shop: int) -> bool:
        mine = self.shares[N_COMP * seat + shop]
        if mine == 0:
            return False
        return all(self.shares[N_COMP * o + shop] < mine for o in range(self.players) if o != seat)

    def phase_name(self) -> str:
        if self.over:
            return "over"
        return "bidding" if self.round in BID_SPACES else "commerce"

    # -- core hooks ----------------------------------------------------------------------

    def _observe(self, seat: int | None, out: Buffer) -> None:
        """What `view(seat)` shows, as numbers (observation.py)."""
        from arsenale.games.masters_of_venice.observation import write

        write(self, seat, out)

    def _view(self, seat: int | None) -> dict[str, Any]:
        n = self.players
        hidden = self.options.get("hidden_money", False) and not self.over
        merchants = []
        for s in range(n):
            merchants.append(
                {
                    "seat": s,
                    "colour": COLOURS[s],
                    "vp": self.vp[s],
                    "cubes": {RESOURCES[r]: self.held(s, r) for r in range(N_RES)},
                    "shares": {COMPANIES[c]: self.shares[N_COMP * s + c] for c in range(N_COMP)},
                    "characters": [CHARACTERS[c] for c in range(len(CHARACTERS)) if self.has(s, c)],
                    "favors": [FAVOR_VALUES[k] for k in self.favors[s]],
                    "rumor_count": len(self.rumors[s]),
                    "hand_size": len(self.hands[s]),
                    "delivered": [ORDER_IDS[k] for k in self.delivered[s]],
                    "pawn": LOCATIONS[self.pawn[s]] if self.pawn[s] >= 0 else None,
                    "bid": self.bids[s],
                    "age_rank": self.age[s],
                }
            )
            if not hidden or s == seat:
                merchants[-1]["cash"] = self.cash[s]
        out: dict[str, Any] = {
            "round": self.round + 1,
            "phase": self.phase_name(),
            "bid_spaces": sorted(b + 1 for b in BID_SPACES),
            "turn_order": list(self.order),
            "gondolieri": self.gondolieri,
            "marker_unused": bool(self.marker),
            "prices": {RESOURCES[r]: self.price[r] for r in range(N_RES)},
            "share_prices": {COMPANIES[c]: self.comp_price(c) for c in range(N_COMP)},
            "orders": {SHOPS[s]: self.orders[s] for s in range(N_SHOPS)},
            "supply": {COMPANIES[c]: self.supply[c] for c in range(N_COMP)},
            "bag": {RESOURCES[r]: self.bag[r] for r in range(N_RES)},
            "docks": [
                {RESOURCES[r]: self.docks[N_RES * d + r] for r in range(N_RES)}
                for d in range(N_DOCKS)
            ],
            "offices": {
                "north": RESOURCES[self.office[0]] if self.office[0] >= 0 else None,
                "south": RESOURCES[self.office[1]] if self.office[1] >= 0 else None,
            },
            "merchants": merchants,
            "favor_display": [FAVOR_VALUES[k] for k in self.display],
            "favor_stack": [
                FAVOR_VALUES[k] if known else None
                for k, known in zip(self.fstack, self.fknown, strict=True)
            ],
            "canal_rumors": [c >= 0 for c in self.canal],
            "rumors_played": {SHOPS[s]: self.used[s] for s in range(N_SHOPS)},
            "rumors_in_box": len(self.box),
            "deck_size": len(self.deck),
            "deck_known_by": list(self.dknown),
            "location": LOCATIONS[self.cur] if self.cur >= 0 else None,
            "waiting": list(self.queue),
            "acted_here": [s for s in range(n) if self.acted >> s & 1],
            "activated": [LOCATIONS[x] for x in range(8) if self.activated >> x & 1],
            "use": self._use_view(),
            "pending_cubes": [RESOURCES[r] for r in self.pending],
        }
        if self.over:
            out["final"] = [dict(zip(FINAL_KEYS, f, strict=True)) for f in self.final]
        if seat is not None:
            out["hand"] = [ORDER_IDS[k] for k in self.hands[seat]]
            out["my_rumors"] = [SHOPS[c] for c in self.rumors[seat]]
            out["deck_known"] = [
                [i, ORDER_IDS[k]]
                for i, (k, who) in enumerate(zip(self.deck, self.dknown, strict=True))
                if who == seat
            ]
        return out

    def _use_view(self) -> dict[str, Any] | None:
        if not self.stack or self.stack[-1].kind not in ("use", "place", "keep"):
            return None
        return {
            "dock": self.u_dock + 1 if self.u_dock >= 0 else None,
            "bought": [RESOURCES[r] for r in range(N_RES) if self.u_types >> r & 1],
            "sold": [RESOURCES[r] for r in range(N_RES) if self.u_sold >> r & 1],
            "shares_bought": self.u_sbuy >= 0,
            "shares_sold": self.u_ssell >= 0,
            "sale": bool(self.u_sale),
            "drawn": bool(self.u_draw),
            "stolen": bool(self.u_steal),
            "swapped": bool(self.u_swap),
            "favor_bought": bool(self.u_favor),
            "shipped": bool(self.u_ship),
        }

    def _result(self) -> Result:
        """Final Scoring: most VP; ties by cash, then stock value."""
        totals = [f[-1] for f in self.final]
        return Result.from_keys(
            totals, list(self.cash), [self.stock_value(s) for s in range(self.players)]
        )

    def _determinize(self, seat: int, rng: random.Random) -> None:
        """Redraw what `seat` cannot see, from its view alone: the face-down rumors (canal,
        other seats' tiles, the box), the Guild Orders (other hands and the deck, less the
        deck cards this seat has seen) and the unseen part of the favor stack. Each unseen
        pool is built in canonical order from the component counts less what the seat sees,
        then shuffled with `rng`."""
        n = self.players
        # Rumors.
        left = [RUMORS_PER_SHOP - self.used[c] for c in range(N_SHOPS)]
        for c in self.rumors[seat]:
            left[c] -= 1
        pool = [c for c in range(N_SHOPS) for _ in range(left[c])]
        rng.shuffle(pool)
        i = 0
        for k in range(len(self.canal)):
            if self.canal[k] >= 0:
                self.canal[k] = pool[i]
                i += 1
        for s in range(n):
            if s != seat:
                size = len(self.rumors[s])
                self.rumors[s] = tuple(sorted(pool[i : i + size]))
                i += size
        self.box = pool[i : i + len(self.box)]
        i += len(self.box)
        if i != len(pool):
            raise AssertionError(f"determinize: {len(pool)} unseen rumors, {i} places")
        # Guild Orders.
        seen = set(self.hands[seat])
        for s in range(n):
            seen.update(self.delivered[s])
        for k, who in zip(self.deck, self.dknown, strict=True):
            if who == seat:
                seen.add(k)
        cards = [k for k in range(N_ORDERS) if k not in seen]
        rng.shuffle(cards)
        i = 0
        for s in range(n):
            if s != seat:
                size = len(self.hands[s])
                self.hands[s] = tuple(sorted(cards[i : i + size]))
                i += size
        for pos, who in enumerate(self.dknown):
            if who != seat:
                self.deck[pos] = cards[i]
                i += 1
        if i != len(cards):
            raise AssertionError(f"determinize: {len(cards)} unseen orders, {i} places")
        # Other seats' money, with the option hidden_money: drawn around the seat's own
        # (RULINGS.md A28; all payments are public, a world only approximates them).
        if self.options.get("hidden_money", False):
            own = self.cash[seat]
            for s in range(n):
                if s != seat:
                    spread = 2 + own // 20
                    self.cash[s] = 5 * rng.randint(max(0, own // 5 - spread), own // 5 + spread)
        # The favor stack's unseen part.
        kinds = list(FAVOR_SET)
        for k in self.display:
            kinds.remove(k)
        for s in range(n):
            for k in self.favors[s]:
                kinds.remove(k)
        for k, known in zip(self.fstack, self.fknown, strict=True):
            if known:
                kinds.remove(k)
        kinds.sort()
        rng.shuffle(kinds)
        i = 0
        for pos, known in enumerate(self.fknown):
            if not known:
                self.fstack[pos] = kinds[i]
                i += 1


# -- Market arithmetic (Dividends; FAQ) ------------------------------------------------------


def draw_cube(s: MovState, events: list[Event]) -> int:
    """One random cube out of the bag (-1 if empty); its price falls one space, or at the
    floor its shop gains an order (price bottoming)."""
    bag = s.bag
    total = bag[0] + bag[1] + bag[2] + bag[3] + bag[4] + bag[5]
    if total == 0:
        return -1
    k = s.chance.below(total)
    r = 0
    while k >= bag[r]:
        k -= bag[r]
        r += 1
    bag[r] -= 1
    cube_out(s, r, events)
    return r


def cube_out(s: MovState, r: int, events: list[Event]) -> None:
    if s.price[r] > FLOOR:
        s.price[r] -= STEP
    elif r != LUMBER:
        shop = RES_SHOP[r]
        if s.orders[shop] < ORDERS_MAX:
            s.orders[shop] += 1
        events.append({"type": "bottoming", "resource": RESOURCES[r], "shop": SHOPS[shop]})


def raise_share(s: MovState, shop: int, spaces: int, events: list[Event]) -> None:
    """The share price rises; over the top the stock splits: half the price reached, rounded
    up to a whole space, and every holder gains 1 VP per share."""
    v = s.share[shop] + STEP * spaces
    if v > SHARE_MAX:
        new = -(-v // (2 * STEP)) * STEP
        s.share[shop] = new
        gains = {}
        for seat in range(s.players):
            held = s.shares[N_COMP * seat + shop]
            if held:
                s.vp[seat] += held
                gains[seat] = held
        events.append(
            {"type": "split", "shop": SHOPS[shop], "reached": v, "price": new, "vp": gains}
        )
    else:
        s.share[shop] = v


def controls(s: MovState, r: int, events: list[Event]) -> None:
    """Price controls: a resource price over the top goes back to 40 after the payouts."""
    if s.price[r] > PRICE_MAX:
        events.append({"type": "controls", "resource": RESOURCES[r], "reached": s.price[r]})
        s.price[r] = RESET


def dividend(s: MovState, company: int, per: int, events: list[Event]) -> None:
    """Every holder receives `per` a share; the Tax Collector one more `per`."""
    paid: dict[int, int] = {}
    for seat in range(s.players):
        held = s.shares[N_COMP * seat + company]
        if held:
            paid[seat] = per * held
    for seat, extra in powers.extra_dividend(s):
        paid[seat] = paid.get(seat, 0) + per * extra
    for seat, amount in paid.items():
        s.cash[seat] += amount
    events.append(
        {"type": "dividend", "company": COMPANIES[company], "per_share": per, "paid": paid}
    )


def sale_dividend(total: int) -> int:
    """Dividends: 10% of the sale rounded to the nearest 100 (halves up), per share; nothing
    under 50."""
    if total < 50:
        return 0
    return (total + 50) // 100 * 10


# -- Set-up and rounds -----------------------------------------------------------------------


def end_round(s: MovState, events: list[Event]) -> None:
    """The Gondolieri moves the gondola and takes the rumor there; the last round ends the
    game (Characters, Gondolieri; game length)."""
    if s.round >= ROUNDS - 1:
        finish(s, events)
        return
    s.round += 1
    g = s.gondolieri
    events.append({"type": "gondola", "round": s.round + 1, "seat": g})
    colour = s.canal[s.round]
    if colour >= 0:
        s.canal[s.round] = -1
        s.rumors[g] = tuple(sorted((*s.rumors[g], colour)))
        events.append({"type": "rumor_taken", "seat": g})
        events.append({"type": "rumor_seen", "seat": g, "shop": SHOPS[colour], "visible_to": [g]})
    s.majority = [0] * s.players
    if s.round in BID_SPACES:
        start_bidding(s, events)
    else:
        start_commerce(s, events)


def start_bidding(s: MovState, events: list[Event]) -> None:
    s.chars = [0] * s.players
    s.gondolieri = -1
    s.marker = 0
    s.cur = -1
    s.queue = ()
    events.append({"type": "bidding", "round": s.round + 1})
    s.stack.append(Decision("bid", tuple(range(s.players)), s.round))


def start_commerce(s: MovState, events: list[Event]) -> None:
    events.append({"type": "commerce", "round": s.round + 1})
    s.stack.append(Decision("move", tuple(range(s.players)), s.round))


def finish(s: MovState, events: list[Event]) -> None:
    """Final Scoring A-D, each seat on its own."""
    final = []
    for seat in range(s.players):
        value = s.cube_value(seat)
        tax = -(-value // (2 * STEP)) * STEP  # half, rounded up to a whole coin (RULINGS)
        paid = min(tax, s.cash[seat])
        s.cash[seat] -= paid
        owed = tax - paid
        debt_vp = -(-owed // 100)
        penalty = 2 * len(s.hands[seat])
        stock = s.stock_value(seat)
        stock_vp = (stock + 50) // 100
        cash_vp = (s.cash[seat] + 50) // 100
        total = s.vp[seat] - debt_vp - penalty + stock_vp + cash_vp
        final.append(
            (s.vp[seat], tax, debt_vp, penalty, stock, stock_vp, s.cash[seat], cash_vp, total)
        )
    s.final = tuple(final)
    s.over = True
    events.append({"type": "game_over", "scores": [f[-1] for f in final]})


# -- Bidding (Bidding; 2-Player Rules) ---------------------------------------------------


def legal_bid(s: MovState, seat: int, top: Decision, why: Why | None = None) -> list[Action]:
    cash = s.cash[seat]
    top_bid = min(cash, BID_CAP) // BID_STEP
    if why is not None and why.wants("bid"):
        amount = why.action["amount"]
        if amount > cash:
            why.no(f"a bid of {amount} is more than your {cash} ducats", RULE_BID, "bid")
    return list(A.BIDS[: top_bid + 1])


def tiebreak_key(s: MovState, seat: int) -> tuple[int, ...]:
    """Bidding: the higher bid first; ties to the most shipping office shares (both
    together), then Blacksmith, Jeweler, Miller, Spice Shop, Tailor; then the younger."""
    base = N_COMP * seat
    sh = s.shares
    return (
        -s.bids[seat],
        -(sh[base + 5] + sh[base + 6]),
        -sh[base],
        -sh[base + 1],
        -sh[base + 2],
        -sh[base + 3],
        -sh[base + 4],
        s.age[seat],
    )


def resolve_bid(s: MovState, top: Decision, submissions: dict[int, Action]) -> list[Event]:
    n = s.players
    for seat in range(n):
        amount = submissions[seat]["amount"]
        s.bids[seat] = amount
        s.cash[seat] -= amount
    s.order = tuple(sorted(range(n), key=lambda seat: tiebreak_key(s, seat)))
    g = s.order[-1]
    s.gondolieri = g
    s.chars[g] = 1 << GONDOLIERI
    s.marker = powers.gondola(s, g)
    events: list[Event] = [
        {"type": "bids", "bids": list(s.bids), "order": list(s.order), "gondolieri": g}
    ]
    steps: tuple[int, ...]
    if n == 2:
        a, b = s.order
        steps = (a * 2 + PICK, a * 2 + ADJUST, b * 2 + PICK, b * 2 + ADJUST, a * 2 + PICK)
    else:
        steps = tuple(x for seat in s.order[:-1] for x in (seat * 2 + PICK, seat * 2 + ADJUST))
        steps += (g * 2 + ADJUST,)
    s.draft = steps
    next_draft(s, events)
    return events


def adjust_targets(s: MovState, seat: int, shop: int) -> tuple[int, int]:
    """The orders after raising by bid/5 or lowering by bid/10, within the track."""
    bid = s.bids[seat]
    now = s.orders[shop]
    return min(ORDERS_MAX, now + bid // 5), max(0, now - bid // 10)


def can_adjust(s: MovState, seat: int) -> bool:
    if s.bids[seat] <= 0:
        return False
    for shop in range(N_SHOPS):
        up, down = adjust_targets(s, seat, shop)
        if up != s.orders[shop] or down != s.orders[shop]:
            return True
    return False


def next_draft(s: MovState, events: list[Event]) -> None:
    while s.draft:
        step, s.draft = s.draft[0], s.draft[1:]
        seat, kind = divmod(step, 2)
        if kind == PICK:
            s.stack.append(Decision("character", (seat,), s.round))
            return
        if can_adjust(s, seat):
            s.stack.append(Decision("orders", (seat,), s.round))
            return
        events.append({"type": "no_adjustment", "seat": seat, "bid": s.bids[seat]})
    end_round(s, events)


def legal_character(s: MovState, seat: int, top: Decision, why: Why | None = None) -> list[Action]:
    out = []
    taken = 0
    for mask in s.chars:
        taken |= mask
    for c in range(1, len(CHARACTERS)):
        if taken >> c & 1:
            if why is not None:
                why.no(
                    f"the {CHARACTER_NAMES[c]} is already taken",
                    RULE_BID,
                    "character",
                    name=CHARACTERS[c],
                )
        else:
            out.append(A.CHARACTER[c - 1])
    return out


def apply_character(s: MovState, seat: int, action: Action, top: Decision) -> list[Event]:
    s.stack.pop()
    c = CHARACTERS.index(action["name"])
    s.chars[seat] |= 1 << c
    events: list[Event] = [{"type": "character", "seat": seat, "character": CHARACTERS[c]}]
    next_draft(s, events)
    return events


def legal_orders(s: MovState, seat: int, top: Decision, why: Why | None = None) -> list[Action]:
    out = []
    for shop in range(N_SHOPS):
        up, down = adjust_targets(s, seat, shop)
        if up != s.orders[shop]:
            out.append(A.ORDERS_ADJUST[shop][0])
        elif why is not None:
            why.no(
                f"the orders at the {SHOP_NAMES[shop]} cannot rise (bid {s.bids[seat]})",
                RULE_BID,
                "orders",
                shop=SHOPS[shop],
                dir="up",
            )
        if down != s.orders[shop]:
            out.append(A.ORDERS_ADJUST[shop][1])
        elif why is not None:
            why.no(
                f"the orders at the {SHOP_NAMES[shop]} cannot fall (bid {s.bids[seat]}: "
                "one space per 10 ducats)",
                RULE_BID,
                "orders",
                shop=SHOPS[shop],
                dir="down",
            )
    return out


def apply_orders(s: MovState, seat: int, action: Action, top: Decision) -> list[Event]:
    s.stack.pop()
    shop = SHOPS.index(action["shop"])
    up, down = adjust_targets(s, seat, shop)
    before = s.orders[shop]
    s.orders[shop] = up if action["dir"] == "up" else down
    events: list[Event] = [
        {
            "type": "orders",
            "seat": seat,
            "shop": SHOPS[shop],
            "from": before,
            "to": s.orders[shop],
        }
    ]
    next_draft(s, events)
    return events


# -- Move (Move; Round Summary) ------------------------------------------------------------


def legal_move(s: MovState, seat: int, top: Decision, why: Why | None = None) -> list[Action]:
    here = s.pawn[seat]
    out = []
    for loc in range(8):
        if loc == here:
            if why is not None:
                why.no(
                    f"you are at the {LOCATION_NAMES[loc]} and must move elsewhere",
                    RULE_MOVE,
                    "go",
                    place=LOCATIONS[loc],
                )
        else:
            out.append(A.GO[loc])
    return out


def resolve_move(s: MovState, top: Decision, submissions: dict[int, Action]) -> list[Event]:
    for seat in range(s.players):
        s.pawn[seat] = LOCATIONS.index(submissions[seat]["place"])
    events: list[Event] = [
        {"type": "moved", "places": [LOCATIONS[p] for p in s.pawn]},
    ]
    s.activated = 0
    s.cur = -1
    s.queue = ()
    s.waited = 0
    advance(s, events)
    return events


# -- Order of actions (Actions; Characters, Gondolieri) --------------------------------------


def next_location(s: MovState) -> int:
    for seat in s.order:
        loc = s.pawn[seat]
        if not s.activated >> loc & 1:
            return loc
    return -1


def activate(s: MovState, loc: int, first: int, events: list[Event]) -> None:
    s.cur = loc
    s.activated |= 1 << loc
    visitors = [seat for seat in s.order if s.pawn[seat] == loc]
    if first >= 0:
        visitors.remove(first)
        visitors.insert(0, first)
    s.queue = tuple(visitors)
    s.stage = 0
    s.acted = 0
    s.last = -1
    events.append({"type": "activate", "place": LOCATIONS[loc], "visitors": visitors})


def could_jump(s: MovState, nxt: int) -> bool:
    """Whether the Gondolieri's marker could put him ahead of `nxt` at this location."""
    g = s.gondolieri
    if not s.marker or g == nxt or s.acted >> g & 1:
        return False
    if g in s.queue:
        return True
    return s.stage == 0 and s.cur in SHARED and s.pawn[g] != s.cur


def advance(s: MovState, events: list[Event]) -> None:
    """Give the next turn: the next seat at this location, the sharers, or the next location;
    after the last location, the end of the round."""
    while True:
        if s.cur >= 0 and not s.queue and s.stage == 0 and s.cur in SHARED:
            n = s.players
            start = s.last if s.last >= 0 else s.order[0]
            sharers = tuple(
                (start + k) % n for k in range(1, n + 1) if not s.acted >> ((start + k) % n) & 1
            )
            s.queue = sharers
            s.stage = 1
            if sharers:
                events.append(
                    {"type": "sharing", "place": LOCATIONS[s.cur], "seats": list(sharers)}
                )
        if s.cur < 0 or not s.queue:
            s.cur = -1
            loc = next_location(s)
            if loc < 0:
                end_round(s, events)
                return
            g = s.gondolieri
            gloc = s.pawn[g] if g >= 0 else -1
            if (
                s.marker
                and not s.waited
                and gloc != loc
                and gloc >= 0
                and not s.activated >> gloc & 1
            ):
                s.stack.append(Decision("marker", (g,), -1))
                return
            s.waited = 0
            activate(s, loc, -1, events)
            continue
        nxt = s.queue[0]
        if not s.waited and could_jump(s, nxt):
            s.stack.append(Decision("marker", (s.gondolieri,), nxt))
            return
        s.waited = 0
        s.queue = s.queue[1:]
        begin_use(s, nxt)
        return


def begin_use(s: MovState, seat: int) -> None:
    """A seat's turn at the active location begins, with nothing used yet."""
    clear_use(s)
    s.stack.append(Decision("use", (seat,), s.cur))


def clear_use(s: MovState) -> None:
    """The once-per-turn marks of a location's use (dock chosen, resources bought and sold,
    draws, powers and favors used) back to nothing."""
    s.u_dock = -1
    s.u_types = 0
    s.u_sold = 0
    s.u_nbuy = 0
    s.u_nsell = 0
    s.u_sbuy = -1
    s.u_ssell = -1
    s.u_sale = 0
    s.u_draw = 0
    s.u_steal = 0
    s.u_swap = 0
    s.u_favor = 0
    s.u_ship = 0


def legal_marker(s: MovState, seat: int, top: Decision, why: Why | None = None) -> list[Action]:
    return [A.GONDOLA, A.WAIT]


def apply_marker(s: MovState, seat: int, action: Action, top: Decision) -> list[Event]:
    s.stack.pop()
    events: list[Event] = []
    if action is A.WAIT:
        s.waited = 1
        events.append({"type": "wait", "seat": seat})
        advance(s, events)
        return events
    s.marker -= 1
    events.append({"type": "marker", "seat": seat})
    if top.data < 0:  # between locations: his own destination now, with him first
        s.waited = 0
        activate(s, s.pawn[seat], seat, events)
        advance(s, events)
        return events
    if seat in s.queue:
        s.queue = tuple(x for x in s.queue if x != seat)
    s.waited = 0
    begin_use(s, seat)
    return events


# -- A use of a location: legal actions ----------------------------------------------------


def legal_use(s: MovState, seat: int, top: Decision, why: Why | None = None) -> list[Action]:
    loc = top.data
    out: list[Action] = []
    if (
        why is not None
        and why.action.kind in LOCATION_KINDS
        and why.action.kind not in (KINDS_AT[loc] | COMMON_KINDS)
    ):
        where = [LOCATION_NAMES[x] for x in range(8) if why.action.kind in KINDS_AT[x]]
        why.no(
            f"'{why.action.notation}' is done at the {' or '.join(where)}, not at the "
            f"{LOCATION_NAMES[loc]}",
            RULE_ACTIONS,
        )
    if loc == MARKET:
        legal_stock(s, seat, out, why)
    elif loc == SHOPS_LOC:
        legal_shops(s, seat, out, why)
    elif loc == GUILD:
        legal_guild(s, seat, out, why)
    elif loc == DOCKS:
        legal_docks(s, seat, out, why)
    elif loc == CHURCH:
        legal_church(s, seat, out, why)
    elif loc == MERCATO:
        legal_mercato(s, seat, out, why)
    else:
        if s.u_ship:
            if why is not None:
                why.no("you have already used this office", RULE_OFFICE, "ship")
        else:
            out.append(A.SHIP)
    legal_tiles(s, seat, out, why)
    out.append(A.DONE)
    return out


def legal_tiles(s: MovState, seat: int, out: list[Action], why: Why | None) -> None:
    """Favors & Rumors: play any held favor or rumor during one's own use."""
    held = s.favors[seat]
    if held and (why is None or why.wants("play_favor")):
        for kind in sorted(set(held)):
            top_n = FAVOR_MAX[kind]
            for shop in range(N_SHOPS):
                room = ORDERS_MAX - s.orders[shop]
                for n in range(1, top_n + 1):
                    if n <= room:
                        out.append(A.PLAY_FAVOR[kind][shop][n - 1])
                    elif why is not None:
                        why.no(
                            f"the orders at the {SHOP_NAMES[shop]} can rise only {room} more",
                            RULE_FAVORS,
                            "play_favor",
                            value=FAVOR_VALUES[kind],
                            shop=SHOPS[shop],
                            orders=n,
                        )
    if why is not None and why.wants("play_favor"):
        kind = FAVOR_VALUES.index(why.action["value"])
        if kind not in held:
            why.no(f"you hold no {FAVOR_VALUES[kind]} favor", RULE_FAVORS, "play_favor")
    tiles = s.rumors[seat]
    if tiles and (why is None or why.wants("rumor")):
        for shop in sorted(set(tiles)):
            r = SHOP_RES[shop]
            checks = (
                (True, s.price[r] > FLOOR, "the price is at its floor"),
                (True, s.share[shop] > FLOOR, "the share price is at its floor"),
                (s.orders[shop] < ORDERS_MAX, s.orders[shop] > 0, ""),
            )
            for p, (up_ok, down_ok, floor_words) in enumerate(checks):
                for d, ok in ((0, up_ok), (1, down_ok)):
                    if ok:
                        out.append(A.RUMOR[shop][p][d])
                    elif why is not None:
                        words = floor_words or (
                            "the orders are at the top" if d == 0 else "there are no orders"
                        )
                        why.no(
                            f"a rumor must move its peg: at the {SHOP_NAMES[shop]} {words}",
                            RULE_FAVORS,
                            "rumor",
                            shop=SHOPS[shop],
                            peg=A.PEGS[p],
                            dir=("up", "down")[d],
                        )
    if why is not None and why.wants("rumor"):
        shop = SHOPS.index(why.action["shop"])
        if shop not in tiles:
            why.no(f"you hold no rumor of the {SHOP_NAMES[shop]}", RULE_FAVORS, "rumor")


def legal_stock(s: MovState, seat: int, out: list[Action], why: Why | None) -> None:
    """Stock Market: one purchase of 1-3 shares and one sale of 1-3, of different
    companies."""
    cash = s.cash[seat]
    base = N_COMP * seat
    if s.u_sbuy >= 0:
        if why is not None:
            why.no("you have already bought shares in this use", RULE_STOCK, "buy_shares")
    elif why is None:
        blocked = max(s.u_ssell, 0)
        prices = [*s.share, OFFICE_PRICE, OFFICE_PRICE]
        supply = s.supply
        if not blocked and 3 * max(prices) <= cash and min(supply) >= 3:
            out.extend(A.BUY_SHARES)  # every trade is possible: the common case, at once
        else:
            legal_share_buys(out, blocked, prices, supply, cash)
    elif why.wants("buy_shares"):
        blocked = max(s.u_ssell, 0)
        prices = [s.comp_price(c) for c in range(N_COMP)]
        for action, counts in zip(A.BUY_SHARES, A.SHARE_COUNTS, strict=True):
            cost = 0
            ok = True
            for c in range(N_COMP):
                k = counts[c]
                if k:
                    if blocked >> c & 1:
                        ok = False
                        if why is not None:
                            why.no(
                                f"you sold {COMPANIES[c]} shares in this use and cannot buy them",
                                RULE_STOCK,
                                "buy_shares",
                            )
                        break
                    if s.supply[c] < k:
                        ok = False
                        if why is not None:
                            why.no(
                                f"the supply has {s.supply[c]} {COMPANIES[c]} shares",
                                RULE_STOCK,
                                "buy_shares",
                                **{COMPANIES[c]: k},
                            )
                        break
                    cost += k * prices[c]
            if not ok:
                continue
            if cost > cash:
                if why is not None and why.action is action:
                    why.no(f"these shares cost {cost} and you have {cash}", RULE_STOCK)
                continue
            out.append(action)
    if s.u_ssell >= 0:
        if why is not None:
            why.no("you have already sold shares in this use", RULE_STOCK, "sell_shares")
    elif why is None or why.wants("sell_shares"):
        blocked = max(s.u_sbuy, 0)
        mine = s.shares[base : base + N_COMP]
        if any(mine):
            for action, items, mask in A.SELL_TABLE:
                if mask & blocked:
                    continue
                for c, k in items:
                    if mine[c] < k:
                        break
                else:
                    out.append(action)
        if why is not None and why.wants("sell_shares"):
            counts = A.share_counts(why.action)
            for c in range(N_COMP):
                if counts[c] and blocked >> c & 1:
                    why.no(
                        f"you bought {COMPANIES[c]} shares in this use and cannot sell them",
                        RULE_STOCK,
                    )
                elif counts[c] > mine[c]:
                    why.no(f"you hold {mine[c]} {COMPANIES[c]} shares", RULE_STOCK)


def legal_share_buys(
    out: list[Action], blocked: int, prices: list[int], supply: list[int], cash: int
) -> None:
    for action, items, mask in A.BUY_TABLE:
        if mask & blocked:
            continue
        cost = 0
        for c, k in items:
            if supply[c] < k:
                break
            cost += k * prices[c]
        else:
            if cost <= cash:
                out.append(action)


def legal_shops(s: MovState, seat: int, out: list[Action], why: Why | None) -> None:
    """Shops: a majority move at each shop where the seat holds majority (once a round), and
    one sale at one shop, no more than its orders, at double the price."""
    used = s.majority[seat]
    for shop in range(N_SHOPS):
        name = SHOP_NAMES[shop]
        if used >> shop & 1:
            if why is not None:
                why.no(
                    f"you have already used your majority at the {name} this round",
                    RULE_SHOPS,
                    "majority",
                    shop=SHOPS[shop],
                )
            continue
        if not s.has_majority(seat, shop):
            if why is not None:
                why.no(
                    f"you do not hold the majority of the {name}'s shares",
                    RULE_SHOPS,
                    "majority",
                    shop=SHOPS[shop],
                )
            continue
        r = SHOP_RES[shop]
        if s.price[r] - 2 * STEP >= FLOOR and s.orders[shop] < ORDERS_MAX:
            out.append(A.MAJORITY[shop][0])
        elif why is not None:
            why.no(
                f"no room at the {name}: the price cannot fall 2 spaces or the orders rise",
                RULE_SHOPS,
                "majority",
                shop=SHOPS[shop],
                dir="down",
            )
        if s.price[r] + 2 * STEP <= PRICE_MAX and s.orders[shop] > 0:
            out.append(A.MAJORITY[shop][1])
        elif why is not None:
            why.no(
                f"no room at the {name}: the price cannot rise 2 spaces or the orders fall",
                RULE_SHOPS,
                "majority",
                shop=SHOPS[shop],
                dir="up",
            )
    if s.u_sale:
        if why is not None:
            why.no("you have already sold at a shop in this use", RULE_SHOPS, "sell")
        return
    base = N_RES * seat
    for r in range(N_RES):
        shop = RES_SHOP[r]
        held = s.cubes[base + r]
        if shop < 0:
            if why is not None:
                why.no(
                    "no shop buys Lumber (it goes to the Guild Hall)",
                    RULE_FAQ,
                    "sell",
                    resource=RESOURCES[r],
                )
            continue
        top_k = min(held, s.orders[shop])
        for k in range(1, top_k + 1):
            out.append(A.SELL[r][k - 1])
        if why is not None and why.wants("sell") and why.action["resource"] == RESOURCES[r]:
            k = why.action["count"]
            if k > held:
                why.no(f"you hold {held} {RESOURCES[r]}", RULE_SHOPS, "sell")
            elif k > s.orders[shop]:
                why.no(
                    f"the {SHOP_NAMES[shop]} has {s.orders[shop]} orders",
                    RULE_SHOPS,
                    "sell",
                )


def legal_guild(s: MovState, seat: int, out: list[Action], why: Why | None) -> None:
    """Guild Hall: one draw, and deliveries of held orders whose cubes the seat has and whose
    shops have the orders."""
    if s.u_draw:
        if why is not None:
            why.no("you have already drawn an order in this use", RULE_GUILD, ("draw", "draw_two"))
    elif not s.deck:
        if why is not None:
            why.no("the Guild Order deck is empty", RULE_GUILD, ("draw", "draw_two"))
    else:
        out.append(A.DRAW)
        if powers.guild_draws(s, seat)[0] < 2:
            if why is not None:
                why.no("only the Guild Master may draw two orders", RULE_CHARS, "draw_two")
        elif len(s.deck) < 2:
            if why is not None:
                why.no("only one order is left in the deck", RULE_CHARS, "draw_two")
        else:
            out.append(A.DRAW_TWO)
    hand = s.hands[seat]
    k = len(s.delivered[seat])
    vmax = GUILD_VP[min(k, len(GUILD_VP) - 1)]
    base = N_RES * seat
    for card in hand:
        need = ORDERS[card].need
        ok = True
        for r in range(N_RES):
            if need[r]:
                if s.cubes[base + r] < need[r]:
                    ok = False
                    if why is not None:
                        why.no(
                            f"order {ORDER_IDS[card]} needs {need[r]} {RESOURCES[r]} and you "
                            f"hold {s.cubes[base + r]}",
                            RULE_GUILD,
                            "deliver",
                            card=ORDER_IDS[card],
                        )
                    break
                shop = RES_SHOP[r]
                if shop >= 0 and s.orders[shop] < need[r]:
                    ok = False
                    if why is not None:
                        why.no(
                            f"the {SHOP_NAMES[shop]} has {s.orders[shop]} orders, the order "
                            f"needs {need[r]}",
                            RULE_GUILD,
                            "deliver",
                            card=ORDER_IDS[card],
                        )
                    break
        if ok:
            out.extend(A.DELIVER[card][: vmax + 1])
            if why is not None:
                why.no(
                    f"your delivery number {k + 1} is worth at most {vmax} VP",
                    RULE_GUILD,
                    "deliver",
                    card=ORDER_IDS[card],
                )
    if why is not None and why.wants("deliver"):
        why.no(f"you hold no order {why.action['card']}", RULE_GUILD, "deliver")


def legal_docks(s: MovState, seat: int, out: list[Action], why: Why | None) -> None:
    """Docks: choose one dock, buy any of its cubes at the current prices (one batch per
    resource); the Thief may also take one cube free."""
    if s.u_dock < 0:
        for d in range(N_DOCKS):
            if any(s.docks[N_RES * d : N_RES * d + N_RES]):
                out.append(A.DOCK[d])
            elif why is not None:
                why.no(f"dock {d + 1} is empty", RULE_DOCKS, "dock", dock=d + 1)
        if why is not None:
            why.no("choose a dock first ('dock 1' to 'dock 4')", RULE_DOCKS, ("buy", "steal"))
        return
    if why is not None:
        why.no("you have already chosen a dock in this use", RULE_DOCKS, "dock")
    base = N_RES * s.u_dock
    cash = s.cash[seat]
    steals = powers.dock_steals(s, seat)
    for r in range(N_RES):
        there = s.docks[base + r]
        if not there:
            if why is not None:
                why.no(
                    f"dock {s.u_dock + 1} has no {RESOURCES[r]}",
                    RULE_DOCKS,
                    ("buy", "steal"),
                    resource=RESOURCES[r],
                )
            continue
        if s.u_types >> r & 1:
            if why is not None:
                why.no(
                    f"you have already bought {RESOURCES[r]} in this use (buy them in one go)",
                    RULE_DOCKS,
                    "buy",
                    resource=RESOURCES[r],
                )
        else:
            p = s.price[r]
            top_k = min(there, cash // p)
            for k in range(1, top_k + 1):
                out.append(A.BUY[r][k - 1])
            if why is not None and why.wants("buy") and why.action["resource"] == RESOURCES[r]:
                k = why.action["count"]
                if k > there:
                    why.no(f"dock {s.u_dock + 1} has {there} {RESOURCES[r]}", RULE_DOCKS)
                else:
                    why.no(f"{k} {RESOURCES[r]} cost {k * p} and you have {cash}", RULE_DOCKS)
        if not steals:
            if why is not None:
                why.no("only the Thief may steal a cube", RULE_CHARS, "steal")
        elif s.u_steal >= steals:
            if why is not None:
                why.no(f"the Thief steals {steals} cube(s) per visit", RULE_CHARS, "steal")
        else:
            out.append(A.STEAL[r])


def legal_church(s: MovState, seat: int, out: list[Action], why: Why | None) -> None:
    if s.u_favor:
        if why is not None:
            why.no("one favor per visit", RULE_CHURCH, "favor")
        return
    cash = s.cash[seat]
    for kind in sorted(set(s.display)):
        if FAVOR_VALUES[kind] <= cash:
            out.append(A.FAVOR[kind])
        elif why is not None:
            why.no(
                f"the {FAVOR_VALUES[kind]} favor costs more than your {cash} ducats",
                RULE_CHURCH,
                "favor",
                value=FAVOR_VALUES[kind],
            )
    if why is not None:
        why.no("that favor is not face up in the Church Plaza", RULE_CHURCH, "favor")


def legal_mercato(s: MovState, seat: int, out: list[Action], why: Why | None) -> None:
    """Mercato: buy one cube from the bag and/or sell one, of different resources, at the
    current prices; the Trader two and two, and one swap."""
    buys, sells, swaps = powers.mercato_limits(s, seat)
    cash = s.cash[seat]
    base = N_RES * seat
    for r in range(N_RES):
        name = RESOURCES[r]
        room = buys - s.u_nbuy
        if s.u_sold >> r & 1 or s.u_types >> r & 1:
            if why is not None:
                why.no(
                    f"you have already traded {name} here: what you buy and sell must differ "
                    "and each is one batch",
                    RULE_MERCATO,
                    "buy",
                    resource=name,
                )
        else:
            p = s.price[r]
            top_k = min(room, s.bag[r], cash // p)
            for k in range(1, top_k + 1):
                out.append(A.BUY[r][k - 1])
            if why is not None and why.wants("buy") and why.action["resource"] == name:
                k = why.action["count"]
                if k > room:
                    why.no(f"you may buy {room} more cube(s) here", RULE_MERCATO)
                elif k > s.bag[r]:
                    why.no(f"the bag holds {s.bag[r]} {name}", RULE_MERCATO)
                else:
                    why.no(f"{k} {name} cost {k * p} and you have {cash}", RULE_MERCATO)
        room = sells - s.u_nsell
        held = s.cubes[base + r]
        if s.u_sold >> r & 1 or s.u_types >> r & 1:
            if why is not None:
                why.no(
                    f"you have already traded {name} here: what you buy and sell must differ "
                    "and each is one batch",
                    RULE_MERCATO,
                    "sell",
                    resource=name,
                )
        else:
            for k in range(1, min(room, held) + 1):
                out.append(A.SELL[r][k - 1])
            if why is not None and why.wants("sell") and why.action["resource"] == name:
                k = why.action["count"]
                if k > room:
                    why.no(f"you may sell {room} more cube(s) here", RULE_MERCATO)
                else:
                    why.no(f"you hold {held} {name}", RULE_MERCATO)
    if not swaps:
        if why is not None:
            why.no("only the Trader may swap cubes", RULE_CHARS, "swap")
        return
    if s.u_swap >= swaps:
        if why is not None:
            why.no(f"the Trader swaps {swaps} time(s) per visit", RULE_CHARS, "swap")
        return
    for a in range(N_RES):
        if not s.cubes[base + a]:
            if why is not None:
                why.no(f"you hold no {RESOURCES[a]}", RULE_CHARS, "swap", give=RESOURCES[a])
            continue
        for b in range(N_RES):
            if a == b:
                continue
            if s.bag[b]:
                out.append(A.SWAP[a, b])
            elif why is not None:
                why.no(f"the bag holds no {RESOURCES[b]}", RULE_CHARS, "swap", take=RESOURCES[b])


# -- A use of a location: effects -----------------------------------------------------------


def apply_use(s: MovState, seat: int, action: Action, top: Decision) -> list[Event]:
    kind = action.kind
    events: list[Event] = []
    loc = top.data
    if kind == "done":
        s.stack.pop()
        s.acted |= 1 << seat
        s.last = seat
        events.append({"type": "done", "seat": seat, "place": LOCATIONS[loc]})
        advance(s, events)
        return events
    if kind == "play_favor":
        play_favor(s, seat, action, events)
    elif kind == "rumor":
        play_rumor(s, seat, action, events)
    elif kind == "buy_shares":
        buy_shares(s, seat, A.share_counts(action), events)
    elif kind == "sell_shares":
        sell_shares(s, seat, A.share_counts(action), events)
    elif kind == "majority":
        majority(s, seat, SHOPS.index(action["shop"]), action["dir"], events)
    elif kind == "sell":
        r = RESOURCES.index(action["resource"])
        if loc == SHOPS_LOC:
            shop_sale(s, seat, r, action["count"], events)
        else:
            mercato_sell(s, seat, r, action["count"], events)
    elif kind == "buy":
        r = RESOURCES.index(action["resource"])
        if loc == DOCKS:
            dock_buy(s, seat, r, action["count"], events)
        else:
            mercato_buy(s, seat, r, action["count"], events)
    elif kind == "dock":
        s.u_dock = action["dock"] - 1
        events.append({"type": "dock", "seat": seat, "dock": action["dock"]})
    elif kind == "steal":
        r = RESOURCES.index(action["resource"])
        s.docks[N_RES * s.u_dock + r] -= 1
        s.cubes[N_RES * seat + r] += 1
        s.u_steal += 1
        events.append(
            {"type": "steal", "seat": seat, "dock": s.u_dock + 1, "resource": RESOURCES[r]}
        )
    elif kind == "swap":
        a = RESOURCES.index(action["give"])
        b = RESOURCES.index(action["take"])
        s.cubes[N_RES * seat + a] -= 1
        s.bag[a] += 1
        s.bag[b] -= 1
        s.cubes[N_RES * seat + b] += 1
        s.u_swap += 1
        events.append({"type": "swap", "seat": seat, "give": RESOURCES[a], "take": RESOURCES[b]})
    elif kind == "draw":
        draw_order(s, seat, events)
    elif kind == "draw_two":
        s.u_draw = 1
        n = len(s.deck)
        s.dknown[n - 1] = seat
        s.dknown[n - 2] = seat
        events.append({"type": "draw_two", "seat": seat})
        events.append(
            {
                "type": "drawn_two",
                "seat": seat,
                "cards": [ORDER_IDS[s.deck[n - 1]], ORDER_IDS[s.deck[n - 2]]],
                "visible_to": [seat],
            }
        )
        s.stack.append(Decision("keep", (seat,), loc))
    elif kind == "deliver":
        deliver(s, seat, ORDER_IDS.index(action["card"]), action["vp"], events)
    elif kind == "favor":
        buy_favor(s, seat, FAVOR_VALUES.index(action["value"]), events)
    elif kind == "ship":
        ship(s, seat, loc, events)
    return events


def play_favor(s: MovState, seat: int, action: Action, events: list[Event]) -> None:
    kind = FAVOR_VALUES.index(action["value"])
    shop = SHOPS.index(action["shop"])
    n = action["orders"]
    held = list(s.favors[seat])
    held.remove(kind)
    s.favors[seat] = tuple(held)
    s.orders[shop] += n
    s.fstack.insert(0, kind)
    s.fknown.insert(0, 1)
    events.append(
        {
            "type": "play_favor",
            "seat": seat,
            "value": FAVOR_VALUES[kind],
            "shop": SHOPS[shop],
            "orders": n,
        }
    )
    refill_display(s, events)


def refill_display(s: MovState, events: list[Event]) -> None:
    while len(s.display) < 2 and s.fstack:
        kind = s.fstack.pop()
        s.fknown.pop()
        s.display.append(kind)
        s.display.sort()
        events.append({"type": "favor_shown", "value": FAVOR_VALUES[kind]})


def buy_favor(s: MovState, seat: int, kind: int, events: list[Event]) -> None:
    s.display.remove(kind)
    s.cash[seat] -= FAVOR_VALUES[kind]
    s.favors[seat] = tuple(sorted((*s.favors[seat], kind)))
    s.u_favor = 1
    events.append({"type": "favor", "seat": seat, "value": FAVOR_VALUES[kind]})
    refill_display(s, events)


def play_rumor(s: MovState, seat: int, action: Action, events: list[Event]) -> None:
    shop = SHOPS.index(action["shop"])
    peg = action["peg"]
    up = action["dir"] == "up"
    held = list(s.rumors[seat])
    held.remove(shop)
    s.rumors[seat] = tuple(held)
    s.used[shop] += 1
    events.append(
        {"type": "rumor", "seat": seat, "shop": SHOPS[shop], "peg": peg, "dir": action["dir"]}
    )
    r = SHOP_RES[shop]
    if peg == "price":
        s.price[r] += STEP if up else -STEP
        controls(s, r, events)
    elif peg == "share":
        if up:
            raise_share(s, shop, 1, events)
        else:
            s.share[shop] -= STEP
    else:
        s.orders[shop] += 1 if up else -1


def buy_shares(s: MovState, seat: int, counts: tuple[int, ...], events: list[Event]) -> None:
    base = N_COMP * seat
    cost = 0
    mask = 0
    for c in range(N_COMP):
        k = counts[c]
        if k:
            cost += k * s.comp_price(c)
            s.shares[base + c] += k
            s.supply[c] -= k
            mask |= 1 << c
    s.cash[seat] -= cost
    s.u_sbuy = mask
    events.append(
        {
            "type": "buy_shares",
            "seat": seat,
            "shares": {COMPANIES[c]: counts[c] for c in range(N_COMP) if counts[c]},
            "cost": cost,
        }
    )
    for c in range(N_SHOPS):
        if counts[c]:
            raise_share(s, c, 1, events)


def sell_shares(s: MovState, seat: int, counts: tuple[int, ...], events: list[Event]) -> None:
    base = N_COMP * seat
    gain = 0
    mask = 0
    for c in range(N_COMP):
        k = counts[c]
        if k:
            gain += k * s.comp_price(c)
            s.shares[base + c] -= k
            s.supply[c] += k
            mask |= 1 << c
    s.cash[seat] += gain
    s.u_ssell = mask
    for c in range(N_SHOPS):
        if counts[c]:
            s.share[c] = max(FLOOR, s.share[c] - 2 * STEP * counts[c])
    events.append(
        {
            "type": "sell_shares",
            "seat": seat,
            "shares": {COMPANIES[c]: counts[c] for c in range(N_COMP) if counts[c]},
            "gain": gain,
        }
    )


def majority(s: MovState, seat: int, shop: int, direction: str, events: list[Event]) -> None:
    r = SHOP_RES[shop]
    if direction == "down":
        s.price[r] -= 2 * STEP
        s.orders[shop] += 1
    else:
        s.price[r] += 2 * STEP
        s.orders[shop] -= 1
    s.majority[seat] |= 1 << shop
    events.append({"type": "majority", "seat": seat, "shop": SHOPS[shop], "dir": direction})


def shop_sale(s: MovState, seat: int, r: int, k: int, events: list[Event]) -> None:
    """Shops 2: double the price for each cube; then the pegs move, a split, the dividend,
    price controls (RULINGS.md: the order of the payouts)."""
    shop = RES_SHOP[r]
    total = 2 * s.price[r] * k
    s.cash[seat] += total
    s.cubes[N_RES * seat + r] -= k
    s.bag[r] += k
    s.price[r] += STEP * k
    s.orders[shop] -= k
    s.u_sale = 1
    events.append(
        {"type": "sale", "seat": seat, "resource": RESOURCES[r], "count": k, "total": total}
    )
    raise_share(s, shop, k, events)
    per = sale_dividend(total)
    if per:
        dividend(s, shop, per, events)
    controls(s, r, events)


def mercato_sell(s: MovState, seat: int, r: int, k: int, events: list[Event]) -> None:
    total = s.price[r] * k
    s.cash[seat] += total
    s.cubes[N_RES * seat + r] -= k
    s.bag[r] += k
    s.price[r] += STEP * k
    s.u_sold |= 1 << r
    s.u_nsell += k
    events.append(
        {"type": "mercato_sell", "seat": seat, "resource": RESOURCES[r], "count": k, "total": total}
    )
    controls(s, r, events)


def mercato_buy(s: MovState, seat: int, r: int, k: int, events: list[Event]) -> None:
    total = s.price[r] * k
    s.cash[seat] -= total
    s.bag[r] -= k
    s.cubes[N_RES * seat + r] += k
    s.price[r] += STEP * k
    s.u_types |= 1 << r
    s.u_nbuy += k
    events.append(
        {"type": "mercato_buy", "seat": seat, "resource": RESOURCES[r], "count": k, "total": total}
    )
    controls(s, r, events)


def dock_buy(s: MovState, seat: int, r: int, k: int, events: list[Event]) -> None:
    total = s.price[r] * k
    s.cash[seat] -= total
    s.docks[N_RES * s.u_dock + r] -= k
    s.cubes[N_RES * seat + r] += k
    s.price[r] += STEP * k
    s.u_types |= 1 << r
    events.append(
        {
            "type": "dock_buy",
            "seat": seat,
            "dock": s.u_dock + 1,
            "resource": RESOURCES[r],
            "count": k,
            "total": total,
        }
    )
    controls(s, r, events)


def draw_order(s: MovState, seat: int, events: list[Event]) -> None:
    card = s.deck.pop()
    s.dknown.pop()
    s.hands[seat] = tuple(sorted((*s.hands[seat], card)))
    s.u_draw = 1
    events.append({"type": "draw", "seat": seat})
    events.append({"type": "drawn", "seat": seat, "card": ORDER_IDS[card], "visible_to": [seat]})


def deliver(s: MovState, seat: int, card: int, vp: int, events: list[Event]) -> None:
    """Guild Hall: the cubes go back to the bag; each raises its price one space and, for a
    shop resource, the share price one space and the orders down one; VP or 50 ducats per VP
    given up."""
    need = ORDERS[card].need
    base = N_RES * seat
    k = len(s.delivered[seat])
    vmax = GUILD_VP[min(k, len(GUILD_VP) - 1)]
    hand = list(s.hands[seat])
    hand.remove(card)
    s.hands[seat] = tuple(hand)
    s.delivered[seat] = (*s.delivered[seat], card)
    s.vp[seat] += vp
    s.cash[seat] += (vmax - vp) * CASH_PER_VP
    events.append(
        {
            "type": "deliver",
            "seat": seat,
            "card": ORDER_IDS[card],
            "vp": vp,
            "cash": (vmax - vp) * CASH_PER_VP,
        }
    )
    for r in range(N_RES):
        n = need[r]
        if n:
            s.cubes[base + r] -= n
            s.bag[r] += n
            s.price[r] += STEP * n
            shop = RES_SHOP[r]
            if shop >= 0:
                s.orders[shop] -= n
                raise_share(s, shop, n, events)
    for r in range(N_RES):
        if need[r]:
            controls(s, r, events)


def ship(s: MovState, seat: int, loc: int, events: list[Event]) -> None:
    """Shipping Offices: take the office's cube, refill it, draw four for the docks (placed by
    the user), the Harbor Master's free cube; then the office's dividend."""
    o = loc - NORTH
    s.u_ship = 1
    got = s.office[o]
    if got >= 0:
        s.cubes[N_RES * seat + got] += 1
    s.office[o] = draw_cube(s, events)
    drawn = []
    for _ in range(N_DOCKS):
        r = draw_cube(s, events)
        if r >= 0:
            drawn.append(r)
    free = []
    for _ in range(powers.office_free_cubes(s, seat)):
        r = draw_cube(s, events)
        if r >= 0:
            s.cubes[N_RES * seat + r] += 1
            free.append(RESOURCES[r])
    events.append(
        {
            "type": "ship",
            "seat": seat,
            "office": LOCATIONS[loc],
            "took": RESOURCES[got] if got >= 0 else None,
            "refill": RESOURCES[s.office[o]] if s.office[o] >= 0 else None,
            "drawn": [RESOURCES[r] for r in drawn],
            "free": free,
        }
    )
    dividend(s, 5 + o, 10, events)
    s.pending = sorted(drawn)
    s.place_dock = 0
    settle_pending(s, seat, events)


def settle_pending(s: MovState, seat: int, events: list[Event]) -> None:
    """Place the drawn cubes on the docks in order; a decision only where the choice matters
    (two kinds of cube or more left)."""
    if not s.pending:
        return
    if s.pending[0] == s.pending[-1]:
        for r in s.pending:
            s.docks[N_RES * s.place_dock + r] += 1
            events.append(
                {"type": "place", "seat": seat, "dock": s.place_dock + 1, "resource": RESOURCES[r]}
            )
            s.place_dock += 1
        s.pending = []
        return
    s.stack.append(Decision("place", (seat,), s.place_dock))


def legal_place(s: MovState, seat: int, top: Decision, why: Why | None = None) -> list[Action]:
    out = []
    for r in range(N_RES):
        if r in s.pending:
            out.append(A.PLACE[r])
        elif why is not None:
            why.no(
                f"no {RESOURCES[r]} was drawn for the docks",
                RULE_OFFICE,
                "place",
                resource=RESOURCES[r],
            )
    return out


def apply_place(s: MovState, seat: int, action: Action, top: Decision) -> list[Event]:
    s.stack.pop()
    r = RESOURCES.index(action["resource"])
    s.pending.remove(r)
    s.docks[N_RES * s.place_dock + r] += 1
    events: list[Event] = [
        {"type": "place", "seat": seat, "dock": s.place_dock + 1, "resource": RESOURCES[r]}
    ]
    s.place_dock += 1
    settle_pending(s, seat, events)
    return events


def legal_keep(s: MovState, seat: int, top: Decision, why: Why | None = None) -> list[Action]:
    size = len(s.hands[seat])
    top_back = size if powers.guild_draws(s, seat)[1] else 0
    out: list[Action] = []
    for w in range(2):
        out.extend(A.KEEP[w][: top_back + 1])
    if why is not None and why.wants("keep") and why.action["back"] > top_back:
        why.no(f"you held {size} order(s) before this draw", RULE_CHARS, "keep")
    return out


def apply_keep(s: MovState, seat: int, action: Action, top: Decision) -> list[Event]:
    """Guild Master: keep one of the two cards, the other to the bottom of the deck; perhaps
    one order held before, to the bottom as well."""
    s.stack.pop()
    first = s.deck.pop()
    s.dknown.pop()
    second = s.deck.pop()
    s.dknown.pop()
    kept, back = (first, second) if action["which"] == "first" else (second, first)
    hand = list(s.hands[seat])
    returned = -1
    if action["back"]:
        returned = hand.pop(action["back"] - 1)
    hand.append(kept)
    s.hands[seat] = tuple(sorted(hand))
    s.deck.insert(0, back)
    s.dknown.insert(0, seat)
    if returned >= 0:
        s.deck.insert(0, returned)
        s.dknown.insert(0, seat)
    private: Event = {
        "type": "kept_order",
        "seat": seat,
        "card": ORDER_IDS[kept],
        "bottom": [ORDER_IDS[back]] + ([ORDER_IDS[returned]] if returned >= 0 else []),
        "visible_to": [seat],
    }
    return [
        {"type": "keep", "seat": seat, "returned": returned >= 0},
        private,
    ]


LOCATION_KINDS = frozenset(
    {
        "buy_shares",
        "sell_shares",
        "majority",
        "sell",
        "draw",
        "draw_two",
        "deliver",
        "dock",
        "buy",
        "steal",
        "favor",
        "ship",
        "swap",
    }
)
COMMON_KINDS = frozenset({"play_favor", "rumor", "done"})
KINDS_AT: tuple[frozenset[str], ...] = (
    frozenset({"buy_shares", "sell_shares"}),
    frozenset({"majority", "sell"}),
    frozenset({"draw", "draw_two", "deliver"}),
    frozenset({"dock", "buy", "steal"}),
    frozenset({"favor"}),
    frozenset({"ship"}),
    frozenset({"ship"}),
    frozenset({"buy", "sell", "swap"}),
)


MovState.phases = {
    "bid": Phase(
        legal_bid,
        None,
        resolve_bid,
        f"every merchant bids in secret, 0 to {BID_CAP} in steps of {BID_STEP} and no more than "
        "their cash: 'bid 15'",
        RULE_BID,
    ),
    "character": Phase(
        legal_character,
        apply_character,
        None,
        "pick a character still available: 'character trader'",
        RULE_BID,
    ),
    "orders": Phase(
        legal_orders,
        apply_orders,
        None,
        "adjust the orders at one shop, up one per 5 ducats bid or down one per 10: "
        "'orders tailor up'",
        RULE_BID,
    ),
    "move": Phase(
        legal_move,
        None,
        resolve_move,
        "choose a destination in secret, not where your pawn stands: 'go docks'",
        RULE_MOVE,
    ),
    "marker": Phase(
        legal_marker,
        apply_marker,
        None,
        "the Gondolieri may use the Gondola Marker to act now ('gondola') or 'wait'",
        RULE_CHARS,
    ),
    "use": Phase(
        legal_use,
        apply_use,
        None,
        "use this location, play favors or rumors, or 'done'",
        RULE_ACTIONS,
    ),
    "place": Phase(
        legal_place,
        apply_place,
        None,
        "put a drawn cube on the next dock: 'place iron'",
        RULE_OFFICE,
    ),
    "keep": Phase(
        legal_keep,
        apply_keep,
        None,
        "keep the first or second order drawn, perhaps putting one held order back: "
        "'keep first' or 'keep second return 1'",
        RULE_CHARS,
    ),
}


def new_state(game: MastersOfVenice, players: int, seed: int, options: dict[str, Any]) -> MovState:
    """Setup 1-18, in the rulebook's order (the order fixes the chance draws)."""
    s = object.__new__(MovState)
    s._init_core(game, players, seed, options)
    n = players
    ch = s.chance
    # Setup 2: one share of a different shop each.
    starting = list(range(N_SHOPS))
    ch.shuffle(starting)
    s.shares = [0] * (N_COMP * n)
    s.supply = [10] * N_COMP
    for seat in range(n):
        s.shares[N_COMP * seat + starting[seat]] = 1
        s.supply[starting[seat]] -= 1
    s.cash = [150] * n
    s.vp = [0] * n
    # Setup 5: favors.
    s.fstack = list(FAVOR_SET)
    ch.shuffle(s.fstack)
    s.fknown = [0] * len(s.fstack)
    s.display = sorted(s.fstack.pop() for _ in range(2))
    s.fknown = s.fknown[: len(s.fstack)]
    s.favors = [()] * n
    # Setup 6: rumors, one face down on every canal space but the BID spaces.
    tiles = [c for c in range(N_SHOPS) for _ in range(RUMORS_PER_SHOP)]
    ch.shuffle(tiles)
    s.canal = [-1] * ROUNDS
    for k in range(ROUNDS):
        if k not in BID_SPACES:
            s.canal[k] = tiles.pop()
    s.box = sorted(tiles)
    s.rumors = [()] * n
    s.used = [0] * N_SHOPS
    # Setup 11: a secret Guild Order each.
    s.deck = list(range(N_ORDERS))
    ch.shuffle(s.deck)
    s.hands = [(s.deck.pop(),) for _ in range(n)]
    s.dknown = [-1] * len(s.deck)
    s.delivered = [()] * n
    # Setup 12-14.
    s.price = [40] * N_RES
    s.share = [40] * N_SHOPS
    s.orders = [2] * N_SHOPS
    # Setup 15-18: cubes out of the bag lower their prices.
    s.bag = [CUBES_PER_RES] * N_RES
    s.cubes = [0] * (N_RES * n)
    s.docks = [0] * (N_RES * N_DOCKS)
    s.office = [-1, -1]
    events: list[Event] = []
    for seat in range(n):
        r = draw_cube(s, events)
        s.cubes[N_RES * seat + r] += 1
    for d in range(N_DOCKS):
        for _ in range(2):
            r = draw_cube(s, events)
            s.docks[N_RES * d + r] += 1
    for o in range(2):
        s.office[o] = draw_cube(s, events)
    # The younger player wins a tie (Bidding): a public age ranking (RULINGS.md).
    ages = list(range(n))
    ch.shuffle(ages)
    s.age = tuple(ages)
    s.pawn = [-1] * n
    s.bids = [0] * n
    s.chars = [0] * n
    s.majority = [0] * n
    s.pending = []
    s.round = 0
    s.order = tuple(range(n))
    s.gondolieri = -1
    s.marker = 0
    s.draft = ()
    s.activated = 0
    s.cur = -1
    s.queue = ()
    s.stage = 0
    s.last = -1
    s.acted = 0
    s.waited = 0
    clear_use(s)
    s.place_dock = 0
    s.final = ()
    start_bidding(s, [])
    return s
