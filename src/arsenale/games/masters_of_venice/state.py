"""The state of a game of Masters of Venice and its rules (rules/masters-of-venice.en.txt).

Flat data (docs/architecture.md, "Speed"): lists of small ints copied by `clone`, ints and
tuples shared. Per seat tables are flat: `cubes[6 * seat + resource]`,
`shares[7 * seat + company]`, `docks[6 * dock + resource]`. Hidden collections are in one
canonical order (sorted hands and rumors) so that the order of deals is not a hidden
difference between two states.

The rules live beside this file, one module per part of the rulebook: setup.py (Setup
1-18), rounds.py (the gondola, the end of a round), bidding.py (Bidding; 2-Player Rules),
movement.py (Move), turn_order.py (Actions in turn order and by location, sharing, the
Gondola Marker), use.py (one use of a location), stock_market.py, shops.py, guild_hall.py,
docks.py, church.py (with favors and rumors), shipping.py, mercato.py, market.py (prices,
splits, controls, bottoming, dividends) and scoring.py (Final Scoring); rulebook.py holds
the references they cite. The flow is the table `MovState.phases`. Each legal-action
generator is also the explanation of a refusal: where a check keeps an action out it calls
`why.no(reason, rule, kinds, **params)`, naming the section of the rulebook.

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
from typing import TYPE_CHECKING, Any, Final

from arsenale.core.chance import shuffle_as_random
from arsenale.core.decisions import Phase
from arsenale.core.observation import Buffer
from arsenale.core.result import Result
from arsenale.core.state import GameState
from arsenale.games.masters_of_venice import observation
from arsenale.games.masters_of_venice.bidding import (
    apply_character,
    apply_orders,
    legal_bid,
    legal_character,
    legal_orders,
    resolve_bid,
)
from arsenale.games.masters_of_venice.board import (
    BID_SPACES,
    CHARACTERS,
    COMPANIES,
    FAVOR_SET,
    FAVOR_VALUES,
    LOCATIONS,
    N_COMP,
    N_DOCKS,
    N_ORDERS,
    N_RES,
    N_SHOPS,
    OFFICE_PRICE,
    ORDER_IDS,
    RESOURCES,
    RUMORS_PER_SHOP,
    SHOPS,
)
from arsenale.games.masters_of_venice.guild_hall import apply_keep, legal_keep
from arsenale.games.masters_of_venice.movement import legal_move, resolve_move
from arsenale.games.masters_of_venice.rulebook import (
    RULE_ACTIONS,
    RULE_BID,
    RULE_CHARS,
    RULE_MOVE,
    RULE_OFFICE,
)
from arsenale.games.masters_of_venice.scoring import FINAL_KEYS
from arsenale.games.masters_of_venice.shipping import apply_place, legal_place
from arsenale.games.masters_of_venice.turn_order import apply_marker, legal_marker
from arsenale.games.masters_of_venice.use import apply_use, legal_use
from arsenale.games.masters_of_venice.words import N_

if TYPE_CHECKING:
    from arsenale.games.masters_of_venice.game import MastersOfVenice

COLOURS: Final = ("red", "blue", "green", "yellow", "purple")


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
        shares = self.shares
        mine = shares[N_COMP * seat + shop]
        if mine == 0:
            return False
        for at in range(shop, N_COMP * self.players, N_COMP):
            if shares[at] >= mine and at != N_COMP * seat + shop:
                return False
        return True

    def phase_name(self) -> str:
        if self.over:
            return "over"
        return "bidding" if self.round in BID_SPACES else "commerce"

    # -- core hooks ----------------------------------------------------------------------

    def _observe(self, seat: int | None, out: Buffer) -> None:
        """What `view(seat)` shows, as numbers (observation.py)."""
        observation.write(self, seat, out)

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
        shuffle_as_random(rng, pool)
        i = 0
        canal = self.canal
        for k, c in enumerate(canal):
            if c >= 0:
                canal[k] = pool[i]
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
        mine = seat in self.dknown  # deck cards this seat has seen (a Guild Master's)
        if mine:
            for k, who in zip(self.deck, self.dknown, strict=True):
                if who == seat:
                    seen.add(k)
        cards = [k for k in range(N_ORDERS) if k not in seen]
        shuffle_as_random(rng, cards)
        i = 0
        for s in range(n):
            if s != seat:
                size = len(self.hands[s])
                self.hands[s] = tuple(sorted(cards[i : i + size]))
                i += size
        if mine:
            for pos, who in enumerate(self.dknown):
                if who != seat:
                    self.deck[pos] = cards[i]
                    i += 1
        else:  # every deck card unseen: dealt in deck order, as the loop above would
            self.deck[:] = cards[i : i + len(self.deck)]
            i += len(self.deck)
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
        shuffle_as_random(rng, kinds)
        i = 0
        for pos, known in enumerate(self.fknown):
            if not known:
                self.fstack[pos] = kinds[i]
                i += 1


MovState.phases = {
    "bid": Phase(
        legal_bid,
        None,
        resolve_bid,
        N_(
            "every merchant bids in secret, 0 to 1,000 in steps of 5 and no more than their "
            "cash: 'bid 15'"
        ),
        RULE_BID,
    ),
    "character": Phase(
        legal_character,
        apply_character,
        None,
        N_("pick a character still available: 'character trader'"),
        RULE_BID,
    ),
    "orders": Phase(
        legal_orders,
        apply_orders,
        None,
        N_(
            "adjust the orders at one shop, up one per 5 ducats bid or down one per 10: "
            "'orders tailor up'"
        ),
        RULE_BID,
    ),
    "move": Phase(
        legal_move,
        None,
        resolve_move,
        N_("choose a destination in secret, not where your pawn stands: 'go docks'"),
        RULE_MOVE,
    ),
    "marker": Phase(
        legal_marker,
        apply_marker,
        None,
        N_("the Gondolieri may use the Gondola Marker to act now ('gondola') or 'wait'"),
        RULE_CHARS,
        N_("the Gondolieri may use the Gondola Marker to act now, or wait"),
    ),
    "use": Phase(
        legal_use,
        apply_use,
        None,
        N_("use this location, play favors or rumors, or 'done'"),
        RULE_ACTIONS,
    ),
    "place": Phase(
        legal_place,
        apply_place,
        None,
        N_("put a drawn cube on the next dock: 'place iron'"),
        RULE_OFFICE,
    ),
    "keep": Phase(
        legal_keep,
        apply_keep,
        None,
        N_(
            "keep the first or second order drawn, perhaps putting one held order back: "
            "'keep first' or 'keep second return 1'"
        ),
        RULE_CHARS,
    ),
}
