"""The heuristic bot for Serenissima (2012): trades for profit, claims and defends ports,
invests, and fights when the odds favour it.

The bot reads only a determinized world (`SeatInfo.determinize`: the true state with the
face-down Doge cards reshuffled) and never searches deeply. Each decision is scored with a
hand-written value, in ducats, of what this seat will hold at the end of the game:

* money, plus each owned port's expected scoring (remaining scorings x the warehouse scale),
  its basilica, its wine income and a little for its future fill;
* each galley: its crew (future activations, faster with more sailors) and its cargo, each
  cube worth its best sale at a port it can reach, discounted by the activations needed;
* rivals' gains count against us, weighted 1 / (number of rivals).

A galley's activation is planned as a whole every time the bot decides within it: a number of
sailors aboard, a number of cubes to buy, a destination reachable without passing a zone where
a rival could blockade, and what to do there (sell the goods worth more now than later, claim
a neutral port, attack a galley or a port when the expected value of the battle, computed
exactly over the skull dice, is positive, or just wait). The bot plays the first action of
the best plan; re-planning after each action keeps it consistent (sailor transfers are valued
by the resulting crews, so none is ever undone); a destination is skipped when an upper
bound of every way to end there cannot pass the best plan found so far, and values are
remembered from one decision to the next while what they depend on is unchanged. Between battle rounds it fights on while the
exact expectation with the option to retreat later says so. Ports are valued after the risk
of losing them to a rival galley in reach, which prices port sailors and forts. Investing
competes with acting: basilicas, galleys, sailors for slow galleys and exposed ports, forts.
"""

from __future__ import annotations

import itertools
import math
import threading
from collections.abc import Callable, Sequence
from functools import lru_cache, partial
from itertools import accumulate
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING, Any, Final, TypeVar, cast

from arsenale.core.actions import Action
from arsenale.games.serenissima_2012 import investment
from arsenale.games.serenissima_2012.activation import claimable
from arsenale.games.serenissima_2012.board import GOODS, POPCOUNT, SPICE, WINE, Board
from arsenale.games.serenissima_2012.state import Serenissima2012State
from arsenale.games.serenissima_2012.steps import BATTLE, LOADING, SALE, STEP3

if TYPE_CHECKING:
    from arsenale.games.serenissima_2012.actions import Actions


_T = TypeVar("_T")

GAMMA: Final = 0.65  # worth of a gain one activation later
# ducats a galley with n sailors earns per activation (a tuple of any length for mypyc, whose
# check of a fixed-length float tuple read before it is set is wrong)
ACT: Final[tuple[float, ...]] = (0.0, 1.3, 2.6, 3.4, 3.9, 4.2)
P_BLOCK: Final = 0.75  # chance a rival who can blockade a sale or claim does so
ATTACK_P: Final = 0.4  # chance a rival galley able to take one of our ports tries
SAILOR: Final = 1.0  # a sailor's replacement cost
NEUTRAL_FILL: Final = 0.2  # share of a neutral port's scoring gain we count when selling there
POTENTIAL: Final = 0.6  # worth of what the next activation could start with where a galley stops
FILL_HOPE: Final = 0.5  # expected share of one more cube in an owned port's warehouse
INVEST_MARGIN: Final = 0.5  # investing must beat acting by this much


@lru_cache(maxsize=8)
def _binom(p: float) -> tuple[tuple[float, ...], ...]:
    """_binom(p)[n][k]: chance of k skulls among n dice, each a skull with chance p."""
    return tuple(
        tuple(math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)) for n in range(11)
    )


@lru_cache(maxsize=1024)
def _doge(
    need_end: int,
    need_sc: int,
    deck: tuple[int, ...],
    full: tuple[int, ...],
    steps: tuple[int, ...],
    shuffle: tuple[bool, ...],
    wine: tuple[bool, ...],
) -> tuple[float, float, float, float, float]:
    """From the face-down Doge cards: expected draws to the end and wine cards among them
    (`_future`), the chances that the next card ends the game and that it brings a scoring
    (`need_sc` steps away), and the chance it is the wine card."""
    if need_end <= 0 or not deck:
        turns, wines, p_last, p_score = 1.0, 0.0, 1.0, 1.0
    else:
        turns, wines = _future(need_end, deck, full, steps, shuffle, wine)
        p_last = sum(1 for c in deck if steps[c] >= need_end) / len(deck)
        p_score = sum(1 for c in deck if steps[c] >= need_sc) / len(deck)
    wine_now = sum(1 for c in deck if wine[c]) / len(deck) if deck else 0.0
    return turns, wines, p_last, p_score, wine_now


@lru_cache(maxsize=1024)
def _by_distance(fut: float, t: int, span: int) -> tuple[float, ...]:
    """The discount (`_by_future`) of a sale d zones away (d < span) for a galley with t
    sailors, by d: it gets there in ceil(d / t) activations; a sale here waits for the
    next one."""
    disc = _by_future(fut)[1]
    return tuple([disc[-(-d // t) if d else 1] for d in range(span)])


@lru_cache(maxsize=256)
def _by_future(fut: float) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """With `fut` activations of a galley to come: the worth of its crew by sailors (more
    than 5 sailors, only while loading (R29), earn as 5; index -1 too), and of a gain k
    activations from now (k = 1..20)."""
    crews = tuple(fut * x for x in ACT) + (fut * ACT[5],) * 15
    disc = (0.0, *(GAMMA**k * min(1.0, max(0.0, fut - k + 1)) for k in range(1, 21)))
    return crews, disc


# -- board statics ---------------------------------------------------------------------------


class _Static:
    def __init__(self, b: Board) -> None:
        self.skull = b.skull_faces / b.dice_faces
        self.fort_dice = b.meta["fort_dice"]
        self.doge_cards = (tuple(range(len(b.doge_ids))), b.doge_steps, b.doge_shuffle, b.doge_wine)
        # `_deck_numbers` by (players, track, scorings, deck)
        self.doge: dict[tuple[object, ...], _Numbers] = {}
        # `_Ctx.prices` and `_Ctx.sale_caps` by what they read of a port (see `_Ctx.port_key`)
        self.prices: dict[tuple[float, ...], tuple[float | None, ...]] = {}
        self.sale_caps: dict[tuple[float, ...], _Caps] = {}
        # the sales of `_Ctx.sales` at a port, by the key of its `_Ctx.prices`
        self.offers: dict[tuple[float, ...], tuple[tuple[int, tuple[float, int]], ...]] = {}
        # `_Ctx.discounts` by the activations to come, then by t * 32 + zone (None: not yet
        # known)
        self.factors: dict[float, list[tuple[int, tuple[float, ...], bool] | None]] = {}
        # a number for each list of discounts (`_Ctx.discounts`), never given twice
        self.discount_ids: dict[tuple[float, ...], int] = {}
        self.numbers = itertools.count()
        n = len(b.zone_ids)
        self.dist = [[99] * n for _ in range(n)]
        self.span = n  # more than the longest distance
        for z in range(n):
            d = self.dist[z]
            d[z] = 0
            todo = [z]
            for u in todo:
                for v in b.adjacent[u]:
                    if d[v] == 99:
                        d[v] = d[u] + 1
                        todo.append(v)
        # by zone, what reads the distance from there to each port in a list by distance,
        # as a tuple by port (an itemgetter of one index would give a number, not a tuple)
        assert len(b.port_ids) > 1
        self.to_ports = [itemgetter(*[d[zp] for zp in b.port_zone]) for d in self.dist]


_STATICS: Final[dict[int, _Static]] = {}

# `_deck_numbers`: R, turns, wines, p_last, fut, crews, disc, R_next, wines_next
_Numbers = tuple[
    int, float, float, float, float, tuple[float, ...], tuple[float, ...], float, float
]


def _deck_numbers(
    w: Serenissima2012State, deck: tuple[int, ...], cards: tuple[Any, ...]
) -> _Numbers:
    """What a context reads of the scorings and the face-down Doge cards (`deck`, sorted;
    `cards`: `_Static.doge_cards`), in `_Numbers`' order: the scorings to come (R), the
    expected Doge draws to the end and wine cards among them, the chance the next card ends
    the game (`_doge`), the activations of a galley after this turn (fut), `_by_future(fut)`,
    and the scorings and wine cards to come after the next card."""
    R = max(0, 3 - w.scorings)
    setup = w.setup
    need_end = setup.track_length - w.track
    nxt = [sp for sp in setup.scoring if sp > w.track]
    need_sc = (nxt[0] - w.track) if nxt else need_end
    turns, wines, p_last, p_score, wine_now = _doge(need_end, need_sc, deck, *cards)
    fut = max(0.0, turns - 1.0)  # activations of a galley after this turn
    crews, disc = _by_future(fut)
    return (
        R,
        turns,
        wines,
        p_last,
        fut,
        crews,
        disc,
        max(0.0, R - p_score),
        max(0.0, wines - wine_now),
    )


def _static(b: Board) -> _Static:
    st = _STATICS.get(id(b))
    if st is None:
        st = _STATICS[id(b)] = _Static(b)
    return st


@lru_cache(maxsize=4096)
def _future(
    need: int,
    deck: tuple[int, ...],
    full: tuple[int, ...],
    steps: tuple[int, ...],
    shuffle: tuple[bool, ...],
    wine: tuple[bool, ...],
) -> tuple[float, float]:
    """Expected Doge draws until the track has moved `need` more steps, and wine cards among
    them (the deck is a multiset of card indices; the shuffle card brings back `full`)."""
    turns = wines = 0.0
    for i, card in enumerate(deck):
        st, wn = steps[card], 1.0 if wine[card] else 0.0
        if st >= need:
            turns += 1.0
            wines += wn
            continue
        rest = full if shuffle[card] else deck[:i] + deck[i + 1 :]
        t2, w2 = _future(need - st, rest, full, steps, shuffle, wine)
        turns += 1.0 + t2
        wines += wn + w2
    n = len(deck)
    return turns / n, wines / n


# the slots of the memos by t * 32 + zone (an index: a list reads faster than a dict): t
# sailors, at most 20 (`_by_future`'s crews), at a zone, fewer than 32
_BY_CREW_ZONE: Final = 21 * 32

# `_Ctx.top`: the best sales of a good, flat (value, port, value, port, ...): one tuple of
# numbers, which the garbage collector stops visiting once it has seen it
_Top = tuple[float, ...]
_UNKNOWN: Final = (None,) * 6  # no good's `_Ctx.top` known yet
_VALUE: Final = itemgetter(0)  # a (value, port) pair's value
_Caps = tuple[tuple[float, ...], ...]  # `_Ctx.sale_caps`, by good
_ABOARD: Final[dict[tuple[int, ...], tuple[tuple[int, int], ...]]] = {}  # `_aboard` by cargo


def _aboard(cargo: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """The goods aboard, in order, with their cubes: (good, cubes)."""
    key = tuple(cargo)
    try:  # nearly always known: a miss costs more than a `get`, a hit less
        return _ABOARD[key]
    except KeyError:
        got = _ABOARD[key] = tuple([(good, k) for good, k in enumerate(cargo) if k])
        return got


class _Market:
    """Memos of the values that depend only on the ports, the Doge deck and the seat."""

    __slots__ = (
        "by_discount",
        "caps",
        "children",
        "claims",
        "ports",
        "pot_caps",
        "pv",
        "sale_caps",
        "sales",
        "top",
    )

    def __init__(self, ports: int) -> None:
        self.sales: list[list[tuple[float, int]]] | None = None
        self.claims: list[tuple[int, float]] | None = None
        self.caps: list[list[float]] | None = None
        # `_Ctx.top` by t * 32 + zone, then by good (None: not yet known)
        self.top: list[list[_Top | None] | None] = [None] * _BY_CREW_ZONE
        # the same lists by the number of the discounts at each port (`_Ctx._tops`)
        self.by_discount: dict[int, list[_Top | None]] = {}
        # `_Ctx.port_value` and `_Ctx.sale_caps` by port (None: not yet known)
        self.pv: list[float | None] = [None] * ports
        self.sale_caps: list[_Caps | None] = [None] * ports
        self.pot_caps: dict[int, float] = {}
        self.children: dict[tuple[object, ...], dict[Any, Any]] = {}
        # (the zones of the rivals' open ports, our ports), made by `_Ctx.plan_memos`
        self.ports: tuple[tuple[int, ...], tuple[int, ...]] | None = None

    def child(self, key: tuple[object, ...]) -> dict[Any, Any]:
        """The memo of values that also read what `key` holds, made if missing."""
        got = self.children.get(key)
        if got is None:
            _forget(self.children, _CHILDREN)
            got = self.children[key] = {}
        return got


_SHARED: Final = threading.local()
# Few memos are met again once their market or rival galleys have changed, and the garbage
# collector visits every memo kept: keeping fewer costs less than computing them again (a
# context holds its own memos, so a forgotten one only stops being shared). At least 2 each:
# `_forget` keeps the newer half.
_MARKETS: Final = 2  # markets remembered per thread
_CHILDREN: Final = 8  # memos remembered per market (a context makes six)
_ROUTES: Final = 4  # memos of routes, threats or risks remembered per thread


_Stores = dict[object, dict[tuple[object, ...], Any]]


def _stores(w: Serenissima2012State) -> _Stores:
    """This thread's memo stores for the game of `w` (new ones when the game changed), by
    the first word of their keys: what `_shared` reads (a context fetches them once)."""
    stores: _Stores | None = getattr(_SHARED, "stores", None)
    if stores is None or _SHARED.game is not w.game:
        stores = _SHARED.stores = {}
        _SHARED.game = w.game
    return stores


def _shared(
    stores: _Stores,
    key: tuple[object, ...],
    make: Callable[[], _T],
    most: int = _MARKETS,
) -> _T:
    """The memo stored under `key` in `stores` (`_stores`), made if missing; the memos
    whose key starts with the same word are kept `most` at a time."""
    memos = stores.get(key[0])
    if memos is None:
        memos = stores[key[0]] = {}
    got = memos.get(key)
    if got is None:
        _forget(memos, most)
        got = memos[key] = make()
    return got  # (Any: no `typing.cast` call at run time)


def _forget(memos: dict[Any, Any], most: int) -> None:
    """Forget the older half of a memo store holding `most` memos."""
    if len(memos) >= most:
        for old in list(memos)[: most // 2]:
            del memos[old]


# -- the per-decision context ----------------------------------------------------------------


class _Ctx:
    """What one decision needs, computed once from the determinized world."""

    # slots: more attributes than an instance's shared dict holds (30), so that every
    # attribute read stays a fast one
    __slots__ = (
        "R",
        "R_next",
        "_battle_caps",
        "_battles",
        "_factors",
        "_held",
        "_keys",
        "_pot",
        "_risk",
        "_rival_caps",
        "_threats",
        "a",
        "b",
        "claim_gains",
        "crews",
        "disc",
        "ends",
        "enemy",
        "fight_memo",
        "fights_at",
        "finals",
        "fut",
        "here",
        "last_plan",
        "mk",
        "my_ports",
        "p_last",
        "players",
        "rivals_at",
        "rough",
        "routes",
        "seat",
        "st",
        "turns",
        "w",
        "w_opp",
        "wines",
        "wines_next",
    )

    def __init__(self, w: Serenissima2012State, seat: int) -> None:
        self.w = w
        self.seat = seat
        b = self.b = w.game.board
        self.a: Actions = w.game.actions
        self.st = _static(b)
        self.players = w.players
        self.w_opp = 1.0 / (w.players - 1)
        deck = tuple(sorted(w.doge_deck))
        key = (w.players, w.track, w.scorings, deck)
        numbers = self.st.doge.get(key)
        if numbers is None:
            _forget(self.st.doge, 4096)
            numbers = self.st.doge[key] = _deck_numbers(w, deck, self.st.doge_cards)
        (
            self.R,
            self.turns,
            self.wines,
            self.p_last,
            self.fut,
            self.crews,
            self.disc,
            self.R_next,
            self.wines_next,
        ) = numbers
        factors = self.st.factors.get(self.fut)
        if factors is None:
            _forget(self.st.factors, 64)
            factors = self.st.factors[self.fut] = [None] * _BY_CREW_ZONE
        self._factors = factors
        # enemy strength per zone (the most sailors one rival has there, on galleys): the
        # running most of each rival's sailors by zone (they only grow)
        nz = len(b.zone_ids)
        rival_galleys = []  # a loop: a comprehension would make cells at every call
        for h, o in enumerate(w.g_owner):
            if o >= 0 and o != seat:
                rival_galleys.append((h, w.g_zone[h], w.g_sailors[h]))
        rivals = tuple(rival_galleys)
        tot = [0] * (w.players * nz)  # by rival * nz + zone
        self.enemy = enemy = [0] * nz
        for h, zone, sailors in rivals:
            k = w.g_owner[h] * nz + zone
            tot[k] += sailors
            if tot[k] > enemy[zone]:
                enemy[zone] = tot[k]
        self.my_ports = w.owner.count(seat)
        # the values that depend on ports and the Doge deck only, and those that depend on
        # rival galleys too, are shared by every decision of this seat in the same market
        market = (
            seat,
            w.players,
            tuple(w.warehouse),
            w.closed,
            tuple(w.owner),
            w.basilicas,
            w.scorings,
            w.track,
            deck,
        )
        stores = _stores(w)
        self.mk = _shared(stores, ("market", market), partial(_Market, len(b.port_ids)))
        stocked = tuple(map(bool, w.supply))  # a supply is never below 0: n > 0
        self._pot: dict[int, float] = self.mk.child(("potential", stocked))
        # risks read the rival galleys, the activations to come and which ports are ours
        # (whether we hold fewer than two, and the port's owner: in `risk`'s key)
        self._risk: dict[int, float] = _shared(
            stores, ("risk", rivals, self.fut, self.my_ports < 2), dict, _ROUTES
        )
        # threats read only the rival galleys: they outlive the market
        self._threats: dict[int, tuple[tuple[int, int, float], ...]] = _shared(
            stores, ("threats", rivals), dict, _ROUTES
        )
        self._held: dict[int, float] = self.mk.child(("held", rivals))
        self._keys = (stocked, rivals)

    def plan_memos(self) -> None:
        """The memos of planning the active galley's activation (`_plan`)."""
        w, b, seat = self.w, self.b, self.seat
        self.last_plan: tuple[tuple[object, ...], _Plan] | None = None
        stocked, rivals = self._keys
        g = w.active
        self.here = w.cargo[6 * g : 6 * g + 6]
        # the rival galleys by zone, in galley order (most zones share the empty tuple)
        self.rivals_at: list[tuple[int, ...]] = [()] * len(b.zone_ids)
        # zones where a battle may be fought: a rival galley there, or a rival's open port
        self.fights_at = [False] * len(b.zone_ids)
        for h, zone, _ in rivals:
            self.rivals_at[zone] += (h,)
            self.fights_at[zone] = True
        ports = self.mk.ports  # they read only the owners and closed ports: the market's
        if ports is None:  # (loops: comprehensions would make cells at every call)
            rival_zones = []
            ours = []
            for p, o in enumerate(w.owner):
                if o >= 0 and o != seat and not w.closed >> p & 1:
                    rival_zones.append(b.port_zone[p])
                if o == seat:
                    ours.append(p)
            ports = self.mk.ports = (tuple(rival_zones), tuple(ours))
        for zone in ports[0]:
            self.fights_at[zone] = True
        # the destinations in reach, by where the galley is, its crew and how far it came;
        # they read no port but through `fights_at`, so they outlive the market
        self.routes: dict[tuple[int, ...], tuple[list[int], _Dests]] = _shared(
            _stores(w), ("routes", tuple(self.enemy), tuple(self.fights_at)), dict, _ROUTES
        )
        # the most a claim adds, by port * 32 + sailors aboard (an int hashes faster than a
        # tuple)
        self.claim_gains: dict[int, float] = self.mk.child(("claims", rivals))
        # the ways to end an activation without a battle, by (zone, sailors, cargo): they
        # read the ports, the rival galleys, the blockades and the mode of this activation
        blockades = (w.start_zone, w.sale_blocked, w.sale_asked, w.claim_blockers)
        ends = (stocked, rivals, blockades, w.mode)
        self.ends: dict[tuple[int, tuple[int, ...]], _Rows] = self.mk.child(("ends", ends))
        # rougher bounds than `_end_cap`'s that read only the ports and this activation's mode
        self.rough: dict[tuple[int, int], list[float | None]] = self.mk.child(
            ("rough", w.mode, w.sale_blocked)
        )
        # battles read the cargo aboard, the rivals' cargo and ports, forts, the combat value
        # (the sailors in our ports count as -1)
        sailors = list(w.port_sailors)
        for p in ports[1]:
            sailors[p] = -1
        loots = []  # the rival galleys' cargo
        for h, _, _ in rivals:
            loots.append(tuple(w.cargo[6 * h : 6 * h + 6]))
        fights = (
            ends,
            tuple(self.here),
            tuple(loots),
            tuple(sailors),
            w.forts,
            w.cap,
        )
        memo = self.mk.child(("fights", fights))
        if not memo:
            memo.update(battles={}, caps={}, finals={}, values={}, rivals={})
        self.fight_memo: dict[int, float] = memo["values"]
        self._battles: dict[tuple[int, int, int], list[tuple[float, Action]]] = memo["battles"]
        self._battle_caps: dict[int, float] = memo["caps"]
        # per rival galley, the parts of `_battle_cap` that read only it and the market
        self._rival_caps: dict[int, tuple[int, float, float, float, float]] = memo["rivals"]
        # every way to end the activation, by (zone, sailors, cargo, combat value)
        self.finals: dict[tuple[object, ...], tuple[list[tuple[float, Action | None]], float]] = (
            memo["finals"]
        )

    # -- values ------------------------------------------------------------------------------

    def sale_value(self, p: int, good: int, n: int, R: float, wines: float) -> float | None:
        """What selling `good` at port p (holding n cubes) is worth to us; None if refused."""
        w, b = self.w, self.b
        if (
            w.closed >> p & 1
            or b.port_good[p] == good
            or w.warehouse[p] >> good & 1
            or n >= b.port_size[p]
        ):
            return None
        by = b.scoring_by_cubes
        delta = R * (by[n + 1] - by[n])
        if good == WINE and not w.is_wine_port(p):
            delta += b.meta["wine_income"] * wines
        bonus = b.meta["spice_bonus"] if good == SPICE else 0
        owner = w.owner[p]
        if owner == self.seat:
            return delta + bonus
        v = float(b.meta["first_sale_value"] + n + bonus)
        if owner >= 0:
            return v - self.w_opp * delta
        return v + NEUTRAL_FILL * delta

    def port_key(self, p: int, n: int, R: float, wines: float) -> tuple[float, ...]:
        """What the prices at port p holding n cubes read, in one flat tuple: the port, its
        warehouse, closed or not, whose it is (ours, a rival's, nobody's), the rivals'
        weight, n, and the scorings and wine income to come."""
        w = self.w
        owner = w.owner[p]
        mine = 0 if owner == self.seat else 1 if owner >= 0 else 2
        return (p, w.warehouse[p], w.closed >> p & 1, mine, self.w_opp, n, R, wines)

    def prices(self, p: int, n: int, R: float, wines: float) -> tuple[float | None, ...]:
        """`sale_value` of each good at port p holding n cubes, a tuple of numbers."""
        key = self.port_key(p, n, R, wines)
        got = self.st.prices.get(key)
        if got is None:
            _forget(self.st.prices, 4096)
            got = self.st.prices[key] = self._prices(p, n, R, wines)
        return got

    def _prices(self, p: int, n: int, R: float, wines: float) -> tuple[float | None, ...]:
        w, b = self.w, self.b
        if w.closed >> p & 1 or n >= b.port_size[p]:
            return (None,) * 6
        meta = b.meta
        by = b.scoring_by_cubes
        fill = R * (by[n + 1] - by[n])
        refused = w.warehouse[p] | 1 << b.port_good[p]
        owner = w.owner[p]
        out: list[float | None] = []
        for good in range(6):
            if refused >> good & 1:
                out.append(None)
                continue
            delta = fill
            if good == WINE:  # a wine port refuses wine
                delta += meta["wine_income"] * wines
            bonus = meta["spice_bonus"] if good == SPICE else 0
            if owner == self.seat:
                out.append(delta + bonus)
                continue
            v = float(meta["first_sale_value"] + n + bonus)
            out.append(v - self.w_opp * delta if owner >= 0 else v + NEUTRAL_FILL * delta)
        return tuple(out)

    def sales(self) -> list[list[tuple[float, int]]]:
        """Per good, every port that would buy it later: (value, port), the last port first
        (as `top` wants them)."""
        out = self.mk.sales
        if out is None:
            w, b = self.w, self.b
            out = [[] for _ in range(6)]
            offers, R, wines = self.st.offers, self.R_next, self.wines_next
            for p in reversed(range(len(b.port_ids))):
                n = POPCOUNT[w.warehouse[p]]
                key = self.port_key(p, n, R, wines)
                got = offers.get(key)
                if got is None:
                    _forget(offers, 4096)
                    prices = self.prices(p, n, R, wines)
                    got = offers[key] = tuple(
                        [(good, (v, p)) for good, v in enumerate(prices) if v is not None and v > 0]
                    )
                for good, sale in got:
                    out[good].append(sale)
            self.mk.sales = out
        return out

    def worthless(self, good: int) -> bool:
        """No port will ever buy `good` from us again (a galley may toss it)."""
        w, b = self.w, self.b
        return all(
            self.sale_value(p, good, POPCOUNT[w.warehouse[p]], self.R, self.wines) is None
            for p in range(len(b.port_ids))
        )

    def top(self, zone: int, t: int, good: int) -> _Top:
        """Best future sales of `good` for a galley at `zone` with t sailors, the best first
        and at most five: value, port, value, port, ... in one flat tuple."""
        key = t * 32 + zone  # an int hashes faster than a tuple
        tops = self.mk.top[key]
        if tops is None:
            tops = self.mk.top[key] = self._tops(zone, t)
        known = tops[good]
        if known is not None:
            return known
        out: _Top = ()
        if self.fut > 0.0 and t > 0:
            same = self._factors[key]  # `_tops` made it, unless another context did
            if same is None:
                same = self.discounts(zone, t)
            _, factor, out_of_reach = same
            sales = self.mk.sales
            if sales is None:
                sales = self.sales()
            # the sales come from the last port first: a stable sort by value puts the
            # higher port first among equal values, as sorting the pairs would
            best: list[tuple[float, int]] = []  # loops: no comprehension's function and cells
            if out_of_reach:  # a factor is never below 0: a true one is above
                for v, p in sales[good]:
                    f = factor[p]
                    if f:
                        best.append((v * f, p))
            else:
                for v, p in sales[good]:
                    best.append((v * factor[p], p))
            best.sort(key=_VALUE, reverse=True)
            out = sum(best[:5], out)  # flat: five pairs at most
        tops[good] = out
        return out

    def _tops(self, zone: int, t: int) -> list[_Top | None]:
        """The slots of `top` by good at `zone` with t sailors: the same list for every
        zone and crew with the same discount at each port (`top` reads nothing else of
        them), so that their best sales are sorted once."""
        if self.fut <= 0.0 or t <= 0:
            return [None] * 6
        same = self._factors[t * 32 + zone]
        if same is None:
            same = self.discounts(zone, t)
        got = self.mk.by_discount.get(same[0])
        if got is None:
            got = self.mk.by_discount[same[0]] = [None] * 6
        return got

    def discounts(self, zone: int, t: int) -> tuple[int, tuple[float, ...], bool]:
        """By port, the discount of a sale there for a galley at `zone` with t sailors
        (`_by_distance`), with a number that only equal discounts share, and whether a
        discount is 0 (a port out of reach before the end)."""
        key = t * 32 + zone
        got = self._factors[key]
        if got is None:
            by_dist = _by_distance(self.fut, t, self.st.span)
            factor: tuple[float, ...] = self.st.to_ports[zone](by_dist)
            number = self.st.discount_ids.get(factor)
            if number is None:
                _forget(self.st.discount_ids, 4096)
                number = self.st.discount_ids[factor] = next(self.st.numbers)
            got = self._factors[key] = (number, factor, 0.0 in factor)
        return got

    def cargo_value(
        self, zone: int, t: int, cargo: Sequence[int], sold_at: int, sold: int
    ) -> float:
        """Future worth of the cubes aboard (a list, or its tuple: then not copied); `sold` is a
        mask of goods just sold at `sold_at`."""
        total = 0.0
        tops: Sequence[_Top | None] | None = self.mk.top[t * 32 + zone]
        if tops is None:
            tops = _UNKNOWN
        try:  # `_aboard`, here without a call when it is known
            aboard = _ABOARD[tuple(cargo)]
        except KeyError:
            aboard = _aboard(cargo)
        for good, k in aboard:
            best = tops[good]
            if best is None:
                best = self.top(zone, t, good)
            if not sold >> good & 1:
                if k == 1:  # the most common case, without a slice
                    if best:
                        total += best[0]
                    continue
                for v in best[: 2 * k : 2]:
                    total += v
                continue
            for i in range(0, len(best), 2):  # (value, port) pairs
                if best[i + 1] == sold_at:
                    continue
                total += best[i]
                k -= 1
                if not k:
                    break
        return total

    def potential(self, zone: int, t: int, room: int) -> float:
        """What the next activation could start with here: a cheap cube or a neutral port."""
        if t <= 0 or self.fut <= 0.0:
            return 0.0
        pot = self._pot.get((zone * 32 + t) * 2 + (room > 0))
        if pot is not None:
            return pot
        return self.new_potential(zone, t, room)

    def new_potential(self, zone: int, t: int, room: int) -> float:
        """`potential` not yet in its memo (t > 0 and fut > 0), made and kept there by
        (zone * 32 + t) * 2 + (room > 0): an int hashes faster than a tuple."""
        w, b = self.w, self.b
        pot = 0.0
        p = b.zone_port[zone]
        if room > 0 and p >= 0 and not w.closed >> p & 1:
            good = b.port_good[p]
            if w.supply[good] > 0:
                price = 0.0 if w.owner[p] == self.seat else 1.0
                tops = self.mk.top[t * 32 + zone]  # `top`, without a call when it is known
                best = tops[good] if tops is not None else None
                if best is None:
                    best = self.top(zone, t, good)
                if best and best[0] - price > pot:
                    pot = best[0] - price
        if t >= 2:
            dist = self.st.dist[zone]
            cost = self.crews[t] - self.crews[t - 1]
            targets = self.mk.claims  # `claim_targets`, without a call when they are known
            if targets is None:
                targets = self.claim_targets()
            for zq, v in targets:
                if v - cost <= pot:
                    break  # nor will any later one pass it
                if dist[zq] <= t:
                    pot = v - cost
                    break
        pot *= POTENTIAL * (self.fut if self.fut < 1.0 else 1.0)
        self._pot[(zone * 32 + t) * 2 + (room > 0)] = pot
        return pot

    def claim_targets(self) -> list[tuple[int, float]]:
        """Neutral open ports: (zone, discounted worth of claiming it next activation), the
        most worth first."""
        out = self.mk.claims
        if out is None:
            w, b = self.w, self.b
            out = []  # a loop: a comprehension would make cells at every call
            for q in range(len(b.port_ids)):
                if w.owner[q] < 0 and not w.closed >> q & 1:
                    out.append((b.port_zone[q], GAMMA * self.port_value(q, True)))
            out.sort(key=lambda target: -target[1])
            self.mk.claims = out
        return out

    # -- upper bounds, to skip destinations that cannot beat the best plan ----------------

    def cargo_cap(self, cargo: list[int]) -> float:
        """At least `cargo_value` of these cubes anywhere, with any crew: each cube sold at a
        different port, none sooner than next activation (the least discount)."""
        if self.fut <= 0.0:
            return 0.0
        caps = self.mk.caps  # `sale_sums`, without a call when it is known
        if caps is None:
            caps = self.sale_sums()
        total = 0.0
        try:  # `_aboard`, without a call when it is known
            aboard = _ABOARD[tuple(cargo)]
        except KeyError:
            aboard = _aboard(cargo)
        for good, k in aboard:
            acc = caps[good]
            total += acc[k if k < len(acc) else len(acc) - 1]
        return total

    def rows(self, t: int, cargo: list[int], cargo_key: tuple[int, ...]) -> _Rows:
        """With t sailors and this cargo: what is known at each zone (`_At`), by zone;
        `waiting_cap`; `rough_row` (the same list for every memo of the ends that has this
        mode and sale blockade)."""
        got = self.ends.get((t, cargo_key))
        if got is None:
            got = self.ends[(t, cargo_key)] = (
                [None] * len(self.b.zone_ids),
                self.waiting_cap(t, cargo),
                self.rough_row(t, cargo),
            )
        return got

    def rough_row(self, t: int, cargo: list[int]) -> list[float | None]:
        """`_rough_cap` at each zone, by zone; None: not yet known. It reads only which goods
        are aboard."""
        aboard = 0
        for good, k in enumerate(cargo):
            if k:
                aboard |= 1 << good
        key = (t, aboard)
        got = self.rough.get(key)
        if got is None:
            got = self.rough[key] = [None] * len(self.b.zone_ids)
        return got

    def waiting_cap(self, t: int, cargo: list[int]) -> float:
        """At least the value of waiting anywhere with at most t sailors and this cargo."""
        return self.crews[t] + self.cargo_cap(cargo) + self.potential_cap(t)

    def sale_sums(self) -> list[list[float]]:
        """Per good, the sums of its n best sales made next activation (n = 0, 1, ...)."""
        caps = self.mk.caps
        if caps is None:
            caps = []
            sales, d1 = self.sales(), self.disc[1]
            for good in range(6):
                best = []  # a loop: a comprehension would make a cell at every call
                for v, _ in sales[good]:
                    best.append(v * d1)
                best.sort(reverse=True)
                caps.append(list(accumulate(best, initial=0.0)))
            self.mk.caps = caps
        return caps

    def potential_cap(self, t: int) -> float:
        """At least `potential` anywhere with at most t sailors: the best cube anywhere, or the
        best claim paid with the t-th sailor (each sailor adds less than the one before)."""
        if t <= 0 or self.fut <= 0.0:
            return 0.0
        got = self.mk.pot_caps.get(t)
        if got is None:
            pot = max([0.0] + [acc[1] for acc in self.sale_sums() if len(acc) > 1])
            if t >= 2:
                cost = self.crews[t] - self.crews[t - 1]
                for _, v in self.claim_targets():
                    pot = max(pot, v - cost)
            got = self.mk.pot_caps[t] = pot * POTENTIAL * min(1.0, self.fut)
        return got

    def sale_caps(self, p: int) -> _Caps:
        """Per good, the best price port p could pay for one cube of it sold i-th or sooner
        in this sale, for i = 1, 2, ... (the warehouse fills by one cube a sale; at least 0;
        empty if the port refuses the good), as tuples of numbers."""
        caps = self.mk.sale_caps[p]
        if caps is not None:
            return caps
        n = POPCOUNT[self.w.warehouse[p]]
        key = self.port_key(p, n, self.R, self.wines)
        caps = self.st.sale_caps.get(key)
        if caps is None:
            _forget(self.st.sale_caps, 4096)
            size = self.b.port_size[p]
            fills = []  # a loop: a comprehension would make cells at every call
            for m in range(n, size):
                fills.append(self.prices(p, m, self.R, self.wines))
            runs: list[tuple[float, ...]] = []
            for good in range(6):
                if not fills or fills[0][good] is None:  # refused, or at a fuller port
                    runs.append(())
                    continue
                run: list[float] = []
                best = 0.0
                for prices in fills:
                    v = prices[good]  # not None: a fuller port refuses the same goods
                    if v is not None and v > best:
                        best = v
                    run.append(best)
                runs.append(tuple(run))
            caps = self.st.sale_caps[key] = tuple(runs)
        self.mk.sale_caps[p] = caps
        return caps

    def galley_value(
        self, zone: int, t: int, cargo: list[int], sold_at: int = -1, sold: int = 0
    ) -> float:
        if t <= 0:
            return 0.0
        room = 5 - t - sum(cargo)
        pot = self._pot.get((zone * 32 + t) * 2 + (room > 0)) if self.fut > 0.0 else 0.0
        if pot is None:  # `potential`, here without a call when it is known
            pot = self.new_potential(zone, t, room)
        return self.crews[t] + self.cargo_value(zone, t, cargo, sold_at, sold) + pot

    def port_value(self, p: int, mine: bool) -> float:
        """Worth of owning port p, to us (mine) or to a rival (the same: it reads only the
        port, the scorings and wine income to come)."""
        got = self.mk.pv[p]
        if got is not None:
            return got
        w, b = self.w, self.b
        n = POPCOUNT[w.warehouse[p]]
        by = b.scoring_by_cubes
        v = self.R * by[n] + 1.0
        if w.basilicas >> p & 1:
            v += self.R * b.meta["basilica_points"]
        if w.is_wine_port(p):
            v += b.meta["wine_income"] * self.wines
        if n < b.port_size[p]:
            v += FILL_HOPE * self.R_next * (by[n + 1] - by[n])
        self.mk.pv[p] = v
        return v

    def risk(self, p: int, n: int, fort: bool | None = None) -> float:
        """Chance of losing port p, held with n sailors, to a rival galley before the end."""
        w = self.w
        if fort is None:
            fort = bool(w.forts >> p & 1)
        mine = w.owner[p] == self.seat
        key = ((p * 64 + n) * 2 + fort) * 2 + mine  # an int hashes faster than a tuple
        got = self._risk.get(key)
        if got is not None:
            return got
        worst = others = 0.0
        fort_dice = self.st.fort_dice if fort else 0
        if n > 0 and self.fut > 0.0:
            skull = self.st.skull
            for s, cap, chance in self.threats(p):
                x = chance * _win_chance(s, n, cap, fort_dice, skull)
                if x > worst:
                    worst, x = x, worst
                others += x
        risk = worst + 0.25 * others
        risk = risk if risk < 0.9 else 0.9
        if self.fut < 2.0:  # times the share of the activations to come, at most 1
            risk *= self.fut / 2.0
        if self.my_ports < 2 and mine:
            risk *= 0.5  # our last port is safe until we take another
        self._risk[key] = risk
        return risk

    def threats(self, p: int) -> tuple[tuple[int, int, float], ...]:
        """The rival galleys that could attack port p, in galley order: (sailors, combat
        value, chance it tries) — in reach this activation, or next one with a sailor less."""
        got = self._threats.get(p)
        if got is None:
            dz = self.st.dist[self.b.port_zone[p]]
            found = []
            for _, zone, s in self._keys[1]:  # the rival galleys: (galley, zone, sailors)
                d = dz[zone]
                if d <= s:
                    cap, chance = s - d, ATTACK_P
                elif d <= s + 3:
                    cap, chance = s - 1, 0.4 * ATTACK_P
                else:
                    continue
                if cap > 0:
                    found.append((s, cap, chance))
            got = self._threats[p] = tuple(found)  # most ports share the empty tuple
        return got

    def held(self, p: int, n: int) -> float:
        """Worth to us of holding port p with n sailors in it, after the risk of losing it."""
        key = (p * 64 + n) * 2 + (self.w.forts >> p & 1)  # an int hashes faster than a tuple
        got = self._held.get(key)
        if got is None:
            got = self._held[key] = self.port_value(p, True) * (1.0 - self.risk(p, n))
        return got

    def enemy_galley_value(self, h: int) -> float:
        w = self.w
        cubes = sum(w.cargo[6 * h : 6 * h + 6])
        return self.crews[w.g_sailors[h]] + 1.5 * cubes


_KEPT: Final = threading.local()


_LISTS: Final = attrgetter(
    *(name for name in Serenissima2012State.copied if name not in ("g_zone", "doge_deck"))
)
_SCALARS: Final = attrgetter(
    *(name for name in Serenissima2012State.kept if name not in ("moves", "step"))
)


def _snapshot(w: Serenissima2012State, seat: int) -> tuple[object, ...]:
    """Everything of the world a plan's values depend on, except where the active galley is
    and how far it has come (the plan reads those afresh): equal snapshots give equal
    `_Ctx` values, so a context carries over from one decision of an activation to the next.
    The face-down Doge cards count as a multiset (their order is redrawn each decision)."""
    zones = list(w.g_zone)
    if w.active >= 0:
        zones[w.active] = -1
    return (
        seat,
        w.players,
        tuple(zones),
        tuple(sorted(w.doge_deck)),
        *map(tuple, _LISTS(w)),
        *_SCALARS(w),
    )


def _context(w: Serenissima2012State, seat: int) -> _Ctx:
    """The decision context of `seat` in `w`: the last one of this thread and seat when its
    snapshot is equal (its memos still hold), else a fresh one."""
    kept = getattr(_KEPT, "by_seat", None)
    if kept is None:
        kept = _KEPT.by_seat = {}
    key = _snapshot(w, seat)
    got = kept.get(seat)
    if got is not None and got[0] is w.game and got[1] == key:
        c: _Ctx = got[2]
        c.w = w
        return c
    c = _Ctx(w, seat)
    c.plan_memos()
    kept[seat] = (w.game, key, c)
    return c


# -- battles ---------------------------------------------------------------------------------


def _battle(
    a0: int,
    d0: int,
    cap: int,
    stop: Callable[[int, int], float],
    win: Callable[[int], float],
    lose: Callable[[int], float],
    both: float,
    fort_dice: int,
    skull: float,
    fresh: bool = True,
) -> float:
    """Expected utility of attacking: the first round is forced, then the attacker goes on
    while that is worth more than stopping. stop(a, d), win(a), lose(d) give utilities; a
    fort fires `fort_dice` dice once first, and if the combat value is not yet set (`fresh`)
    each sailor it kills lowers `cap` too (rulebook: Forts)."""
    memo: dict[tuple[int, int], float] = {}
    binom = _binom(skull)

    def outcome(a: int, d: int) -> float:
        if d == 0:
            return both if a == 0 else win(a)
        if a == 0:
            return lose(d)
        return value(a, d)

    def round_(a: int, d: int) -> tuple[float, float]:
        """(probability that nobody is hit, expected utility over the other outcomes)."""
        pa, pd = binom[min(cap, a)], binom[d]
        p00 = pa[0] * pd[0]
        rest = 0.0
        for x, px in enumerate(pa):
            for y, py in enumerate(pd):
                if x == 0 and y == 0:
                    continue
                rest += px * py * outcome(a - min(y, a), d - min(x, d))
        return p00, rest

    def value(a: int, d: int) -> float:
        key = (a, d)
        if key in memo:
            return memo[key]
        memo[key] = stop(a, d)  # guards the recursion; replaced below
        p00, rest = round_(a, d)
        cont = rest / (1.0 - p00)
        v = max(stop(a, d), cont)
        memo[key] = v
        return v

    def first(a: int) -> float:
        if a == 0:
            return lose(d0)
        p00, rest = round_(a, d0)
        return p00 * value(a, d0) + rest

    if not fort_dice:
        return first(a0)
    total = 0.0
    for k, pk in enumerate(binom[fort_dice]):
        if fresh and k:
            a, low = max(0, a0 - k), max(0, cap - k)
            total += pk * _battle(a, d0, low, stop, win, lose, both, 0, skull)
        else:
            total += pk * first(max(0, a0 - k))
    return total


_Sparse = tuple[tuple[int, float], ...]
_ENDS: Final[dict[tuple[int, int, int, float], tuple[_Sparse, _Sparse, float]]] = {}


def _fought(a: int, d: int, cap: int, skull: float) -> tuple[_Sparse, _Sparse, float]:
    """Where a battle fought to the end from a attackers (rolling at most `cap` dice) and d
    defenders leads, each probability not 0 as (sailors left, probability): the attacker
    wins, the defender holds; and the chance both sides die. Remembered by state: a
    state's odds are the same in every battle that passes through it."""
    cap = min(cap, a)
    key = (a, d, cap, skull)
    got = _ENDS.get(key)
    if got is not None:
        return got
    if d == 0 and a == 0:
        got = ((), (), 1.0)
    elif d == 0:
        got = (((a, 1.0),), (), 0.0)
    elif a == 0:
        got = ((), ((d, 1.0),), 0.0)
    else:
        binom = _binom(skull)
        win = [0.0] * (a + 1)
        lose = [0.0] * (d + 1)
        both = 0.0
        pa, pd = binom[cap], binom[d]
        p00 = pa[0] * pd[0]
        for x, px in enumerate(pa):
            for y, py in enumerate(pd):
                if x == 0 and y == 0:
                    continue
                q = px * py / (1.0 - p00)
                a2 = a - min(y, a)
                w2, l2, b2 = _fought(a2, d - min(x, d), min(cap, a2), skull)
                # the probabilities left out are 0: adding q * 0.0 changes no sum
                for i, v in w2:
                    win[i] += q * v
                for i, v in l2:
                    lose[i] += q * v
                both += q * b2
        got = (
            tuple((i, v) for i, v in enumerate(win) if v),
            tuple((i, v) for i, v in enumerate(lose) if v),
            both,
        )
    _ENDS[key] = got
    return got


@lru_cache(maxsize=2048)
def _outcomes(
    a0: int, d0: int, cap: int, fort_dice: int, skull: float, fresh: bool = True
) -> tuple[tuple[float, ...], tuple[float, ...], float]:
    """Where a battle fought to the end leads: (P(attacker wins with a sailors left) for a,
    P(defender holds with d sailors left) for d, P(both sides die)). A fort's kills lower a
    combat value not yet set (`fresh`), as in `_battle`."""
    win = [0.0] * (a0 + 1)
    lose = [0.0] * (d0 + 1)
    if not fort_dice:
        w0, l0, b0 = _fought(a0, d0, cap, skull)
        for i, v in w0:
            win[i] = v
        for i, v in l0:
            lose[i] = v
        return tuple(win), tuple(lose), b0
    both = 0.0
    for k, pk in enumerate(_binom(skull)[fort_dice]):
        a = max(0, a0 - k)
        w2, l2, b2 = _fought(a, d0, max(0, cap - k) if fresh and k else cap, skull)
        for i, v in w2:
            win[i] += pk * v
        for i, v in l2:
            lose[i] += pk * v
        both += pk * b2
    return tuple(win), tuple(lose), both


@lru_cache(maxsize=4096)
def _odds(
    a0: int, d0: int, cap: int, fort_dice: int, skull: float, fresh: bool
) -> tuple[float, float, float, float]:
    """Of a battle fought to the end (`_outcomes`): the chance the attacker wins, the chance
    the defender holds, the defender's expected sailors left when it holds, and the
    expected earnings per activation (ACT) of the attacker's crew left when it wins."""
    win, lose, _ = _outcomes(a0, d0, cap, fort_dice, skull, fresh)
    acts = sum(pr * ACT[min(a, 5)] for a, pr in enumerate(win))
    return sum(win), sum(lose), sum(d * pr for d, pr in enumerate(lose)), acts


@lru_cache(maxsize=4096)
def _win_chance(a0: int, d0: int, cap: int, fort_dice: int, skull: float) -> float:
    """The chance that the attacker wins a battle fought to the end (`_outcomes`)."""
    return sum(_outcomes(a0, d0, cap, fort_dice, skull)[0])


def _mine(
    c: _Ctx, zone: int, t: int, cargo: list[int], memo: dict[int, float] | None
) -> list[float]:
    """Our galley's value at `zone` with a = 0..t sailors and `cargo` (remembered in `memo`,
    for the cargo aboard now, by an even number: an int hashes faster than a tuple)."""
    out = []  # loops: a comprehension would make cells at every call
    for a in range(t + 1):
        if memo is None:
            out.append(c.galley_value(zone, a, cargo))
            continue
        key = (zone * 32 + a) * 2
        v = memo.get(key)
        if v is None:
            v = memo[key] = c.galley_value(zone, a, cargo)
        out.append(v)
    return out


def _attack_galley_gain(
    c: _Ctx,
    zone: int,
    t: int,
    cargo: list[int],
    cap: int,
    h: int,
    exact: bool = False,
    memo: dict[int, float] | None = None,
) -> float:
    """Expected gain of attacking galley h (fought to the end, or with the best retreats if
    `exact`), against not fighting; `memo` remembers values that do not depend on t or the
    combat value (for the cargo aboard now; a won battle's by an odd number, `_mine`'s by an
    even one)."""
    w = c.w
    d0 = w.g_sailors[h]
    opp = c.w_opp
    base_enemy = c.enemy_galley_value(h)
    per_sailor = c.fut * 0.6
    goods = sum(cargo)
    mine_v = _mine(c, zone, t, cargo, memo)
    # by the sailors d the rival galley has left: its worth, and a lost battle's (lists and
    # module functions rather than closures: no cells or functions made at every call)
    enemy: list[float] = []
    lose: list[float] = []
    for d in range(d0 + 1):
        enemy.append(base_enemy - (d0 - d) * per_sailor)
        lose.append(-opp * (enemy[d] + 1.5 * goods))
    if exact:
        stop = partial(_galley_stop, mine_v, opp, enemy)
        win = partial(_galley_won, c, zone, cargo, h, memo, mine_v)
        ev = _battle(t, d0, cap, stop, win, lose.__getitem__, 0.0, 0, c.st.skull)
    else:
        pw, pl, _ = _outcomes(t, d0, cap, 0, c.st.skull)
        won = lost = 0.0  # summed in order, as sum() does
        for a, p in enumerate(pw):
            if p:
                won += p * _galley_won(c, zone, cargo, h, memo, mine_v, a)
        for d, p in enumerate(pl):
            if p:
                lost += p * lose[d]
        ev = won + lost
    return ev - _galley_stop(mine_v, opp, enemy, t, d0)


def _galley_stop(mine_v: list[float], opp: float, enemy: list[float], a: int, d: int) -> float:
    """A battle against a galley stopped with a sailors left to us and d to it
    (`_attack_galley_gain`'s values by sailors left)."""
    return mine_v[a] - opp * enemy[d]


def _galley_won(
    c: _Ctx,
    zone: int,
    cargo: list[int],
    h: int,
    memo: dict[int, float] | None,
    mine_v: list[float],
    a: int,
) -> float:
    """Our galley's value (`mine_v`, by sailors) after taking galley h with a sailors left:
    half of what its loot adds aboard counts, the goods it holds most taken first
    (remembered in `memo` by an odd number)."""
    key = ((h * 32 + zone) * 32 + a) * 2 + 1
    if memo is not None:
        got = memo.get(key)
        if got is not None:
            return got
    v = mine_v[a]
    loot_cargo = c.w.cargo[6 * h : 6 * h + 6]
    goods = sum(cargo)
    room = min(5 - a - goods, 4 - goods)
    if room > 0 and any(loot_cargo):
        order = sorted(range(6), key=loot_cargo.__getitem__, reverse=True)  # ties: good order
        new = list(cargo)
        for good in order:
            take = min(room, loot_cargo[good])
            if not take:
                break  # no room left, or no loot left (the goods held most come first)
            new[good] += take
            room -= take
        gain = c.cargo_value(zone, a, new, -1, 0) - c.cargo_value(zone, a, cargo, -1, 0)
        v = mine_v[a] + 0.5 * gain
    if memo is not None:
        memo[key] = v
    return v


def _attack_port_gain(
    c: _Ctx,
    zone: int,
    t: int,
    cargo: list[int],
    cap: int,
    p: int,
    exact: bool = False,
    fort: bool = True,
    memo: dict[int, float] | None = None,
) -> float:
    """Expected gain of attacking port p (as `_attack_galley_gain`), the fort firing first
    if `fort`."""
    w = c.w
    d0 = w.port_sailors[p]
    opp = c.w_opp
    theirs = c.port_value(p, False)
    mine_v = _mine(c, zone, t, cargo, memo)
    fort_dice = c.st.fort_dice if fort and w.forts >> p & 1 else 0
    size = c.b.port_size[p]

    def stop(a: int, d: int) -> float:
        return mine_v[a] - opp * theirs

    def win(a: int) -> float:
        land = range(1, claimable(a, size) + 1)
        return max(mine_v[a], max([c.held(p, n) + mine_v[a - n] for n in land]))

    def lose(d: int) -> float:
        return -opp * theirs

    fresh = w.cap < 0  # the combat value is set after the fort's shot
    if exact:
        ev = _battle(t, d0, cap, stop, win, lose, 0.0, fort_dice, c.st.skull, fresh)
    else:
        pw, pl, _ = _outcomes(t, d0, cap, fort_dice, c.st.skull, fresh)
        ev = sum([pr * win(a) for a, pr in enumerate(pw) if pr], 0.0)
        ev += sum([pr * lose(d) for d, pr in enumerate(pl) if pr], 0.0)
    return ev - stop(t, d0)


# -- the activation plan ---------------------------------------------------------------------


class _Plan:
    __slots__ = ("action", "dest", "final", "k", "t", "value")

    def __init__(
        self,
        value: float,
        t: int,
        k: int,
        dest: int,
        final: Action | None,
        action: Action | None = None,
    ) -> None:
        self.value = value
        self.t = t
        self.k = k
        self.dest = dest
        self.final = final
        self.action = action


def _reach(
    c: _Ctx, start: int, t: int, moves_left: int, origin: int
) -> tuple[list[int], list[int]]:
    """Shortest distances from `start` over zones where no rival can blockade a galley with t
    sailors (the destination itself may be such a zone), and each zone's first step."""
    b = c.b
    n = len(b.zone_ids)
    dist = [99] * n
    first = [-1] * n
    dist[start] = 0
    enemy = c.enemy
    todo = [start]
    for u in todo:
        if dist[u] >= moves_left:
            continue
        if u != start and enemy[u] > t and u != origin:
            continue  # we would be stopped here
        for v in b.adjacent[u]:
            if dist[v] == 99:
                dist[v] = dist[u] + 1
                first[v] = v if u == start else first[u]
                todo.append(v)
    return dist, first


_Dests = tuple[tuple[int, int, bool], ...]  # `_routes`: (zone, combat value, battle or not)


def _routes(c: _Ctx, zone: int, t: int) -> tuple[list[int], _Dests]:
    """Where the active galley at `zone` with t sailors can end its move (`_reach`): each
    zone's first step, and (zone, combat value there, whether a battle may be fought
    there) for each zone in reach, in zone order."""
    w = c.w
    key = (zone, t, w.moves, w.start_zone, w.cap, w.mode)
    got = c.routes.get(key)
    if got is None:
        moves = w.moves
        dist, first = _reach(c, zone, t, t - moves, w.start_zone)
        battles, fights_at, cap = w.mode != SALE, c.fights_at, w.cap
        dests = []
        for dest, d in enumerate(dist):
            if d != 99:
                fight = cap if cap >= 0 else t - moves - d if t - moves - d > 0 else 0
                dests.append((dest, fight, battles and fight > 0 and fights_at[dest]))
        got = c.routes[key] = (first, tuple(dests))
    return got


_NEVER: Final = -math.inf


class _At:
    """What is known of the ways to end the activation at a zone with given sailors and
    cargo: upper bounds of them (coarse, then fine), the value of waiting, the ways and the
    most one is worth. Made by `_ways` (its attributes set there: a class without an
    `__init__` is made without running a Python frame)."""

    __slots__ = ("coarse", "ends", "fine", "top", "waiting")
    coarse: float
    fine: float | None
    waiting: float
    ends: list[tuple[float, Action | None]] | None
    top: float


# `_Ctx.rows`: what is known by zone, the value of waiting anywhere, rough bounds by zone
_Rows = tuple[list[_At | None], float, list[float | None]]


def _ways(
    c: _Ctx,
    zone: int,
    t: int,
    cargo: list[int],
    cargo_key: tuple[int, ...],
    cap: int,
    fight: bool,
    waiting_cap: float,
    row: list[_At | None],
    rough_row: list[float | None],
    limit: float = _NEVER,
) -> tuple[list[tuple[float, Action | None]] | None, float]:
    """Every way to end the activation at `zone` with t sailors, `cargo` and the combat value
    `cap`: (value, first action), None = just end; the ways without a battle, then the
    battles if a battle may be fought there (`fight`); with the most one is worth. When an
    upper bound of their values is at most `limit`, (None, that bound) instead
    (`waiting_cap`: `_Ctx.waiting_cap(t, cargo)`, `row` and `rough_row`: `_Ctx.row` and
    `_Ctx.rough_row`)."""
    at = row[zone]
    if at is None or at.ends is None:
        if at is None:
            rough = rough_row[zone]
            if rough is None:
                rough = rough_row[zone] = _rough_cap(c, zone, t, cargo)
            coarse = waiting_cap + rough
        else:
            coarse = at.coarse
        bound = coarse
        if fight:
            battle = waiting_cap + _battle_cap(c, zone, t, cap)
            if battle > bound:
                bound = battle
        if bound <= limit:
            return None, bound
        if at is None:  # made once past the coarse bound: most zones are not
            at = row[zone] = _At()
            at.coarse, at.fine, at.waiting, at.ends, at.top = coarse, None, 0.0, None, _NEVER
        mode = c.w.mode
        allow_sale, allow_battle = mode != BATTLE, mode != SALE
        if at.fine is None:
            pot = c._pot.get((zone * 32 + t) * 2 + 1) if c.fut > 0.0 else 0.0
            if pot is None:  # `potential` with room aboard, without a call when it is known
                pot = c.new_potential(zone, t, 1) if t > 0 else 0.0
            at.waiting = c.crews[t] + c.cargo_value(zone, t, cargo_key, -1, 0) + pot
            extra = _end_cap(c, zone, t, cargo_key, allow_sale, allow_battle)
            at.fine = at.waiting + extra
        bound = at.fine
        if fight:
            battle = at.waiting + _battle_cap(c, zone, t, cap, fine=True)
            if battle > bound:
                bound = battle
        if bound <= limit:
            return None, bound
        idle = at.waiting if sum(cargo) + t < 5 else c.galley_value(zone, t, cargo)
        at.ends = _ends(c, zone, t, cargo, allow_sale, allow_battle, idle)
        most = at.ends[0][0]  # as max() over the values: the first of the greatest
        for v, _ in at.ends:
            if v > most:
                most = v
        at.top = most
    if not fight:
        return at.ends, at.top
    fkey = (zone, t, cargo_key, cap)
    got = c.finals.get(fkey)
    if got is None:
        idle = at.ends[0][0]
        out = list(at.ends)
        most = at.top  # the most of `out` so far, as max() would scan it
        for gain, act in _battles(c, zone, t, cap):
            v = idle + gain
            out.append((v, act))
            if v > most:
                most = v
        got = c.finals[fkey] = (out, most)
    return got


def _finals(
    c: _Ctx, zone: int, t: int, cargo: list[int], moves: int
) -> list[tuple[float, Action | None]]:
    """Every way to end the activation at `zone` after crossing `moves` zones (`_ways`)."""
    w = c.w
    cap = w.cap if w.cap >= 0 else max(0, t - moves)
    cargo_key = tuple(cargo)
    row, waiting_cap, rough_row = c.rows(t, cargo, cargo_key)
    fight = w.mode != SALE and cap > 0 and c.fights_at[zone]
    out, _ = _ways(c, zone, t, cargo, cargo_key, cap, fight, waiting_cap, row, rough_row)
    assert out is not None
    return out


def _ends(
    c: _Ctx,
    zone: int,
    t: int,
    cargo: list[int],
    allow_sale: bool,
    allow_battle: bool,
    idle: float,
) -> list[tuple[float, Action | None]]:
    """The ways to end the activation at `zone` without a battle: wait (worth `idle`, the
    galley's value there), sell, claim."""
    w, b, a = c.w, c.b, c.a
    out: list[tuple[float, Action | None]] = []
    out.append((idle, None))
    p = b.zone_port[zone]
    risky = c.enemy[zone] > t and zone != w.start_zone  # no blockade where the turn began
    if p >= 0 and not w.closed >> p & 1:
        owner = w.owner[p]
        if allow_sale and any(cargo) and not w.sale_blocked:
            n = POPCOUNT[w.warehouse[p]]
            cand = []
            prices = c.prices(p, n, c.R, c.wines)  # `sale_value` of each good, remembered
            for good in range(6):
                if cargo[good]:
                    v = prices[good]
                    if v is not None:
                        later = 0.0  # the best later sale elsewhere
                        best = c.top(zone, t, good)
                        for i in range(0, len(best), 2):  # (value, port) pairs
                            if best[i + 1] != p:
                                later = best[i]
                                break
                        cand.append((v - later, good, later))
            if cand:
                cand.sort(reverse=True)
                room = b.port_size[p] - n
                sold = 0
                gain = 0.0
                left = list(cargo)
                first_good = -1
                for _, good, later in cand[:room]:  # (goods differ: `later` never compared)
                    v = c.sale_value(p, good, n, c.R, c.wines)
                    if v is None:
                        break
                    if v < later and sold:
                        break
                    if v <= 0.0 and not sold:
                        break
                    gain += v
                    n += 1
                    sold |= 1 << good
                    left[good] -= 1
                    if first_good < 0:
                        first_good = good
                if sold:
                    after = c.galley_value(zone, t, left, p, sold) + gain
                    if risky and not w.sale_asked:  # the blockade is offered at the first sale
                        after = (1 - P_BLOCK) * after + P_BLOCK * idle
                    out.append((after, a.sell[first_good]))
        blocked = False  # a galley of a player who may block the claim is here
        if w.claim_blockers:
            for h, o in enumerate(w.g_owner):
                if o >= 0 and w.claim_blockers >> o & 1 and w.g_zone[h] == zone:
                    blocked = True
                    break
        if allow_battle and owner < 0 and not blocked:
            for n_s in range(1, claimable(t, b.port_size[p]) + 1):
                v = c.held(p, n_s) + c.galley_value(zone, t - n_s, cargo)
                if risky:
                    v = (1 - P_BLOCK) * v + P_BLOCK * idle
                out.append((v, a.claim_action(n_s)))
    return out


def _battles(c: _Ctx, zone: int, t: int, cap: int) -> list[tuple[float, Action]]:
    """The battles a galley with t sailors and combat value `cap` could start at `zone`, a
    rival's port then its galleys: (expected gain, action). They are valued with the cargo
    aboard now (cubes bought in this loading left out)."""
    w, b = c.w, c.b
    key = (zone, t, cap)
    out = c._battles.get(key)
    if out is not None:
        return out
    out = []
    p = b.zone_port[zone]
    if p >= 0 and not w.closed >> p & 1:
        owner = w.owner[p]
        here = False  # one of the owner's galleys is here
        for h in c.rivals_at[zone]:
            if w.g_owner[h] == owner:
                here = True
                break
        if owner >= 0 and owner != c.seat and w.owner.count(owner) >= 2 and not here:
            gain = _attack_port_gain(c, zone, t, c.here, cap, p, memo=c.fight_memo)
            out.append((gain, c.a.attack_port))
    for h in c.rivals_at[zone]:
        gain = _attack_galley_gain(c, zone, t, c.here, cap, h, memo=c.fight_memo)
        out.append((gain, c.a.attack_galley[h]))
    c._battles[key] = out
    return out


def _battle_cap(c: _Ctx, zone: int, t: int, cap: int, fine: bool = False) -> float:
    """At least the expected gain of every battle of `_battles`, from the same odds: a won
    battle leaves at most the crew left and the best cargo and prospects anywhere (if
    `fine`: here, with room), plus the port taken or half the best loot; a lost one what the
    battle's gain counts for it; not fighting is worth at least the crew (if `fine`: exactly
    the galley's value)."""
    w, b = c.w, c.b
    key = ((zone * 32 + t) * 32 + cap) * 2 + fine  # an int hashes faster than a tuple
    got = c._battle_caps.get(key)
    if got is not None:
        return got
    opp, skull = c.w_opp, c.st.skull
    crew = c.crews[t]
    if fine:
        cargo = c.cargo_value(zone, t, c.here, -1, 0)
        galley = cargo + c.potential(zone, t, 1)
        # not fighting: `galley_value`
        crew = c.crews[t] + cargo + c.potential(zone, t, 5 - t - sum(c.here))
    else:
        galley = c.cargo_cap(c.here) + c.potential_cap(t)
    best = 0.0
    p = b.zone_port[zone]
    if p >= 0 and not w.closed >> p & 1:
        owner = w.owner[p]
        if owner >= 0 and owner != c.seat:
            fort_dice = c.st.fort_dice if w.forts >> p & 1 else 0
            p_win, p_lose, _, acts = _odds(t, w.port_sailors[p], cap, fort_dice, skull, w.cap < 0)
            theirs = c.port_value(p, False)
            win = p_win * (galley + c.port_value(p, True)) + c.fut * acts
            gain = win - p_lose * opp * theirs - crew + opp * theirs
            if gain > best:
                best = gain
    for h in c.rivals_at[zone]:
        rival = c._rival_caps.get(h)
        if rival is None:  # what does not depend on the zone, crew or combat value
            goods = sum(c.here)
            caps = c.sale_sums()
            d0 = w.g_sailors[h]
            base_enemy = c.enemy_galley_value(h)
            per_sailor = c.fut * 0.6
            loot = w.cargo[6 * h : 6 * h + 6]
            one = 0.0  # the best single sale of a good in its loot, as max() finds it
            for i in range(6):
                if loot[i] and len(caps[i]) > 1 and caps[i][1] > one:
                    one = caps[i][1]
            rival = c._rival_caps[h] = (
                d0,
                0.5 * one * max(0, min(4 - goods, sum(loot))),
                base_enemy - d0 * per_sailor + 1.5 * goods,
                per_sailor,
                opp * base_enemy,
            )
        d0, loot_v, lost_v, per_sailor, enemy_v = rival
        p_win, p_lose, left, acts = _odds(t, d0, cap, 0, skull, True)
        win = p_win * (galley + loot_v) + c.fut * acts
        lost = -opp * (lost_v * p_lose + per_sailor * left)
        gain = win + lost - crew + enemy_v
        if gain > best:
            best = gain
    c._battle_caps[key] = best
    return best


_SLACK: Final = 1e-7  # covers rounding: a bound is compared with values summed in another order


def _caps_aboard(
    c: _Ctx, p: int, cargo: Sequence[int]
) -> tuple[_Caps, tuple[tuple[int, int], ...]]:
    """Port p's sale caps (`_Ctx.sale_caps`) and the goods aboard (`_aboard`), read from
    their memos when known: one call instead of two for the bounds below."""
    caps = c.mk.sale_caps[p]
    if caps is None:
        caps = c.sale_caps(p)
    try:
        aboard = _ABOARD[tuple(cargo)]
    except KeyError:
        aboard = _aboard(cargo)
    return caps, aboard


def _rough_cap(c: _Ctx, zone: int, t: int, cargo: list[int]) -> float:
    """At least what any way of ending at `zone` without a battle adds to the value of
    waiting anywhere (`_Ctx.waiting_cap`), reading only the ports and this activation's
    mode: a sale's takings at the best prices (at most one cube of each good aboard, each
    at its best price whatever the warehouse holds by then), a claimed port's value
    whatever the risk less one sailor (see `_end_cap`)."""
    w, b = c.w, c.b
    extra = 0.0
    p = b.zone_port[zone]
    if p >= 0 and not w.closed >> p & 1:
        if w.mode != BATTLE and not w.sale_blocked and any(cargo):
            caps, aboard = _caps_aboard(c, p, cargo)
            for good, _ in aboard:
                if caps[good]:
                    extra += caps[good][-1]
        if w.mode != SALE and w.owner[p] < 0 and claimable(t, b.port_size[p]) >= 1:
            worth = c.mk.pv[p]  # `port_value`, without a call when it is known
            if worth is None:
                worth = c.port_value(p, True)
            claim = worth - (c.crews[t] - c.crews[t - 1])
            if claim > extra:
                extra = claim
    return extra


def _end_cap(
    c: _Ctx,
    zone: int,
    t: int,
    cargo: Sequence[int],
    allow_sale: bool,
    allow_battle: bool,
) -> float:
    """At least what any way of ending at `zone` without a battle (`_ends`) adds to the value
    of waiting there with the most favourable room aboard: a sale's takings less the least
    each sold good's cubes lose in future worth, a claimed port less the sailors landed.
    Every galley value in `_ends` is at most that of waiting with t sailors and room (fewer
    sailors or cubes never hold more), and a blockade's odds only mix a value with
    waiting."""
    w, b = c.w, c.b
    extra = 0.0
    p = b.zone_port[zone]
    if p >= 0 and not w.closed >> p & 1:
        if allow_sale and not w.sale_blocked and any(cargo):
            # with g goods the port takes aboard, a cube is sold g-th or sooner
            caps, aboard = _caps_aboard(c, p, cargo)
            taken = 0
            for good, _ in aboard:
                if caps[good]:
                    taken += 1
            tops = c.mk.top[t * 32 + zone]  # `top`'s slots: read without a call when known
            for good, k in aboard:
                if not caps[good]:
                    continue  # refused here
                top = tops[good] if tops is not None else None
                if top is None:
                    top = c.top(zone, t, good)
                run = caps[good]
                price = run[taken - 1] if taken < len(run) else run[-1]
                gain = price - (top[2 * k - 2] if len(top) >= 2 * k else 0.0)
                if gain > 0.0:
                    extra += gain
        if allow_battle and w.owner[p] < 0:
            claim = c.claim_gains.get(p * 32 + t)
            if claim is None:
                claim, crew = 0.0, c.crews[t]
                for n in range(1, claimable(t, b.port_size[p]) + 1):
                    gain = c.held(p, n) - (crew - c.crews[t - n])
                    if gain > claim:
                        claim = gain
                c.claim_gains[p * 32 + t] = claim
            if claim > extra:
                extra = claim
    return extra


def _transfers(
    c: _Ctx, p: int
) -> tuple[list[tuple[float, tuple[int, ...]]], list[tuple[float, tuple[int, ...]]]]:
    """The sailor transfers of a loading (`_combine`: taken aboard, then landed) from and to
    our port p here (-1: none) and our other galleys here, each side valued by what it holds
    afterwards, so that no transfer is ever undone (apart from `_plan`, whose names then
    need no cells for these comprehensions)."""
    w, seat = c.w, c.seat
    g = w.active
    zone = w.g_zone[g]
    src: list[tuple[int, list[float]]] = []  # (-1 = the port, or a galley; cost of j)
    snk: list[tuple[int, list[float]]] = []
    if p >= 0:
        ps = w.port_sailors[p]
        h0 = c.held(p, ps)
        src.append((-1, [h0 - c.held(p, ps - j) for j in range(ps)]))
        snk.append((-1, [c.held(p, ps + j) - h0 for j in range(c.b.port_size[p] - ps + 1)]))
    mates = [h for h, o in enumerate(w.g_owner) if o == seat and h != g and w.g_zone[h] == zone]
    for h in mates:
        sh = w.g_sailors[h]
        ch = c.crews[sh]
        if sh:  # a galley left without sailors in this loading has none to give
            src.append((h, [ch - c.crews[sh - j] for j in range(sh)]))
        snk.append((h, [c.crews[sh + j] - ch for j in range(5 - sh - w.g_goods[h] + 1)]))
    return _combine(src, minimize=True), _combine(snk, minimize=False)


def _plan(c: _Ctx, legal: set[Action], floor: float | None = None) -> _Plan:
    """The best plan for the rest of the active galley's activation whose first action is
    legal (None: end the activation). With a `floor`, only whether some legal plan is worth
    more: the first one found is returned, else a plan worth at most floor + 1e-9 (every
    cube count is then tried, so nothing the full search meets is missed)."""
    w, b, seat = c.w, c.b, c.seat
    g = w.active
    zone = w.g_zone[g]
    t0 = w.g_sailors[g]
    cargo0 = w.cargo[6 * g : 6 * g + 6]
    goods0 = sum(cargo0)
    p = b.zone_port[zone]
    port_open = p >= 0 and not w.closed >> p & 1
    best = _Plan(-1e9, t0, 0, zone, None)

    if w.step == LOADING and goods0 and t0 + goods0 >= 4:
        for good in range(6):
            if cargo0[good] and c.worthless(good) and c.a.toss_good[good] in legal:
                best.action = c.a.toss_good[good]
                return best

    if w.step == STEP3:
        for v, act in _finals(c, zone, t0, cargo0, w.moves):
            if v > best.value and (act is None or act in legal):
                best = _Plan(v, t0, 0, zone, act)
        best.action = best.final
        return best

    mine = port_open and w.owner[p] == seat
    takes: list[tuple[float, tuple[int, ...]]] = [(0.0, ())]
    drops: list[tuple[float, tuple[int, ...]]] = [(0.0, ())]
    if w.step == LOADING:
        takes, drops = _transfers(c, p if mine else -1)
    local = -1
    k_max = 0
    free = False
    if w.step == LOADING and port_open:
        local = b.port_good[p]
        free = mine and w.free_cube
        afford = w.money[seat] + (1 if free else 0)
        k_max = max(0, min(4 - goods0, w.supply[local], afford))
        if k_max and not c.top(zone, 5, local) and not c.top(zone, 1, local):
            # nothing to sell it at later; still consider one cube for a sale this turn
            k_max = min(k_max, 2)
    t_lo = max(1, t0 - len(drops) + 1)
    t_hi = max(t0, min(5 - goods0, t0 + len(takes) - 1))
    per_crew: list[tuple[int, float, tuple[int, ...], list[int], _Dests]] = []
    for t in range(t_lo, t_hi + 1):
        if t > t0:
            shift = -takes[t - t0][0] - 0.05 * (t - t0)
            split = takes[t - t0][1]
        elif t < t0:
            shift = drops[t0 - t][0] - 0.05 * (t0 - t)
            split = drops[t0 - t][1]
        else:
            shift, split = 0.0, ()
        first, dests = _routes(c, zone, t)
        per_crew.append((t, shift, split, first, dests))
    # Waiting here as we are (t0, no cube) is a plan the search meets, legal (it ends the
    # activation), so the best plan is worth at least that less 1e-9 (a plan replaces the
    # best only if worth 1e-9 more). Plans worth a thousandth less than that cannot change
    # the outcome: the searches with and without them agree again at the first plan worth
    # 1e-9 more than every plan either has kept, and the thousandth holds fewer than a
    # million steps of 1e-9.
    low = c.galley_value(zone, t0, cargo0) - 1e-9 - 1e-3
    finals_memo = c.finals
    beat = best.value + 1e-9  # what a plan must be worth more than to replace the best
    # the best plan found in the search, as `_Plan`'s arguments (made into one at the end)
    found: tuple[float, int, int, int, Action | None, Action | None] | None = None
    for t, shift, split, first, dests in per_crew:
        prev_k = -1e9
        k_top = k_max if k_max < 5 - t - goods0 else 5 - t - goods0
        for k in range(0, k_top + 1):
            cost = 0.0 if k == 0 else float(k - (1 if free else 0))
            if k and w.owner[p] >= 0 and w.owner[p] != seat:
                cost += c.w_opp * k  # the ducats go to a rival
            cargo = cargo0
            if k:
                cargo = list(cargo0)
                cargo[local] += k
            best_k = -1e9
            cargo_key = tuple(cargo)
            row, waiting_cap, rough_row = c.rows(t, cargo, cargo_key)
            # (upper bound, zone, combat value, whether a battle may be fought there); None
            # when no later cube count reads them
            skipped: list[tuple[float, int, int, bool]] | None = None
            if k < k_top and floor is None:
                skipped = []
            # a destination is skipped when no ending there can pass the best plan (kept for
            # best_k); the limit changes only with the best plan
            limit = beat
            if low > limit:
                limit = low
            if floor is not None and floor > limit:
                limit = floor
            limit = limit - shift + cost - _SLACK
            for dest, fight, fighting in dests:
                at = row[dest]
                finals = None
                # the common cases without a call to `_ways`, as it would answer them
                if at is not None and at.ends is not None:
                    if not fighting:
                        finals, most = at.ends, at.top
                    else:
                        got = finals_memo.get((dest, t, cargo_key, fight))
                        if got is not None:
                            finals, most = got
                elif not fighting:
                    if at is None:
                        rough = rough_row[dest]
                        if rough is None:
                            rough = rough_row[dest] = _rough_cap(c, dest, t, cargo)
                        rough += waiting_cap
                        if rough <= limit:
                            if skipped is not None:
                                skipped.append((rough, dest, fight, fighting))
                            continue
                    else:
                        bound = at.coarse
                        if bound > limit and at.fine is not None:
                            bound = at.fine
                        if bound <= limit:
                            if skipped is not None:
                                skipped.append((bound, dest, fight, fighting))
                            continue
                if finals is None:
                    finals, most = _ways(
                        c,
                        dest,
                        t,
                        cargo,
                        cargo_key,
                        fight,
                        fighting,
                        waiting_cap,
                        row,
                        rough_row,
                        limit,
                    )
                    if finals is None:
                        if skipped is not None:
                            skipped.append((most, dest, fight, fighting))
                        continue
                # rounding is monotonic: the most a total is worth is the most's total
                most = most + shift - cost
                if most > best_k:
                    best_k = most
                if most <= beat:
                    continue
                for v, act in finals:
                    total = v + shift - cost
                    if total > beat:
                        first_act = _first_action(c, zone, t0, t, k, dest, first, act, split)
                        if first_act is None or first_act in legal:
                            found = (total, t, k, dest, act, first_act)
                            if floor is not None and total > floor:
                                return _Plan(*found)
                            beat = total + 1e-9
                            limit = beat
                            if low > limit:
                                limit = low
                            if floor is not None and floor > limit:
                                limit = floor
                            limit = limit - shift + cost - _SLACK
            if skipped is None:  # the last cube count, or a search with a floor
                continue
            # the next cube count compares with this one's best: the skipped count too
            skipped.sort(reverse=True)
            for bound, dest, fight, fighting in skipped:
                if bound + shift - cost + _SLACK <= best_k:
                    break
                finals, most = _ways(
                    c,
                    dest,
                    t,
                    cargo,
                    cargo_key,
                    fight,
                    fighting,
                    waiting_cap,
                    row,
                    rough_row,
                    best_k - shift + cost - _SLACK,
                )
                if finals is not None and most + shift - cost > best_k:
                    best_k = most + shift - cost
            if best_k <= prev_k:
                break  # one more cube no longer pays: nor will two
            prev_k = best_k
    return best if found is None else _Plan(*found)


def _planned(c: _Ctx, legal: list[Action]) -> _Plan:
    """`_plan`, or the plan this context made last if the galley is where it was then (the
    plan weighing acting against investing is the first one of the activation)."""
    w = c.w
    key = (w.g_zone[w.active], w.moves, w.step, tuple(legal))
    if c.last_plan is not None and c.last_plan[0] == key:
        return c.last_plan[1]
    plan = _plan(c, set(legal))
    c.last_plan = (key, plan)
    return plan


def _settle(c: _Ctx, legal: list[Action]) -> Action | None:
    """While loading, an active galley over its limits or without a sailor (RULINGS.md R29)
    is first brought back within them: sailors out before goods, goods to another own galley
    before overboard, the least valuable good first; None when it is within its limits."""
    w, a = c.w, c.a
    g = w.active
    t, goods = w.g_sailors[g], w.g_goods[g]
    if w.step != LOADING or (t >= 1 and t + goods <= 5 and goods <= 4):
        return None
    allowed = set(legal)
    if not t:
        takes = [x for x in legal if x.kind in ("sailor_from_port", "sailor_from_galley")]
        return takes[0] if takes else (a.end if a.end in allowed else legal[0])
    if t > 5 or (goods <= 4 and t > 1):
        out = [x for x in legal if x.kind in ("sailor_to_port", "sailor_to_galley")]
        if out:
            return out[0]
    zone = w.g_zone[g]
    aboard = [i for i in range(6) if w.cargo[6 * g + i]]
    if not aboard:
        return legal[0]
    worst = min(aboard, key=lambda i: (c.top(zone, min(t, 5), i) or (0.0,))[0])
    for x in legal:
        if x.kind == "give_good" and x["good"] == GOODS[worst]:
            return x
    return a.toss_good[worst] if a.toss_good[worst] in allowed else legal[0]


def _combine(
    parts: list[tuple[int, list[float]]], minimize: bool
) -> list[tuple[float, tuple[int, ...]]]:
    """Best total (least cost or most gain) of moving j sailors over several places, each
    with its own cumulative curve: for each j, (total, place of each sailor moved)."""
    if not parts:
        return [(0.0, ())]
    where, curve = parts[0]  # the first place alone: its own curve (from a total of 0.0)
    best: list[tuple[float, tuple[int, ...]]] = [
        (0.0 + x, (where,) * i) for i, x in enumerate(curve)
    ]
    for where, curve in parts[1:]:
        nxt: list[tuple[float, tuple[int, ...]] | None] = [None] * (len(best) + len(curve) - 1)
        for j, (v, alloc) in enumerate(best):
            for i, x in enumerate(curve):
                cand = (v + x, alloc + (where,) * i)
                cur = nxt[j + i]
                if cur is None or (cand[0] < cur[0] if minimize else cand[0] > cur[0]):
                    nxt[j + i] = cand
        best = [x for x in nxt if x is not None]
    return best


def _first_action(
    c: _Ctx,
    zone: int,
    t0: int,
    t: int,
    k: int,
    dest: int,
    first: list[int],
    final: Action | None,
    split: tuple[int, ...],
) -> Action | None:
    a, b = c.a, c.b
    if t < t0:
        where = split[0]
        return a.sailor_to_port if where < 0 else a.sailor_to_galley[where]
    if t > t0:
        where = split[0]
        return a.sailor_from_port if where < 0 else a.sailor_from_galley[where]
    if k > 0:
        return a.buy_good[b.port_good[b.zone_port[zone]]]
    if dest != zone:
        return a.move[first[dest]]
    return final


# -- investments -----------------------------------------------------------------------------


def _purchase_gain(c: _Ctx, action: Action) -> float:
    """Value minus price of one purchase (the investment goes on while this is positive)."""
    w, b, seat = c.w, c.b, c.seat
    meta = b.meta
    money = w.money[seat]
    kind = action.kind
    scarce = 0.4 if money < 5 else 0.0
    if kind == "basilica":
        p = b.port_index(action["port"])
        keep = 1.0 - c.risk(p, w.port_sailors[p])
        return c.R * meta["basilica_points"] * keep - meta["basilica_price"] * (1 + scarce)
    if kind == "fort":
        p = b.port_index(action["port"])
        n = w.port_sailors[p]
        gain = c.port_value(p, True) * (c.risk(p, n, False) - c.risk(p, n, True))
        return gain - meta["fort_price"] * (1 + scarce)
    if kind == "recruit_galley":
        h = action["galley"] - 1
        s = w.g_sailors[h]
        return c.crews[s + 1] - c.crews[s] - SAILOR * (1 + scarce) - 0.5
    if kind == "recruit_port":
        p = b.port_index(action["port"])
        n = w.port_sailors[p]
        return c.held(p, n + 1) - c.held(p, n) - SAILOR * (1 + scarce)
    if kind == "buy_galley":
        price = investment.galley_price(c.w, seat)
        return c.crews[1] + 0.5 * c.fut * (ACT[3] - ACT[1]) - price * (1 + scarce) - 2.0
    return 0.0


def _invest_pick(c: _Ctx, legal: list[Action]) -> tuple[float, Action]:
    best_gain, best = 0.0, c.a.end
    galley_gain: float | None = None  # every galley purchase has the same gain: reads no place
    for act in legal:
        kind = act.kind
        if kind == "end":
            continue
        if kind == "buy_galley":
            if galley_gain is None:
                galley_gain = _purchase_gain(c, act)
            gain = galley_gain
        else:
            gain = _purchase_gain(c, act)
        if gain > best_gain:
            best_gain, best = gain, act
    return best_gain, best


def _invest_total(w: Serenissima2012State, seat: int) -> float:
    """The worth of investing now: greedy purchases played out on a copy. A purchase changes
    no rival galley, port owner, warehouse or Doge card: the context stays valid (it reads
    the copy) unless a basilica changes the ports' worth."""
    x = cast(Serenissima2012State, w.clone())
    x.apply(seat, x.game.actions.invest)
    total = 0.0
    c: _Ctx | None = None
    basilicas = -1
    for _ in range(20):
        if not x.stack or x.stack[-1].kind != "investment":
            break
        if c is None or basilicas != x.basilicas:
            c = _Ctx(x, seat)
            basilicas = x.basilicas
        gain, act = _invest_pick(c, x.legal_actions(seat))
        if act.kind == "end":
            break
        total += gain
        x.apply(seat, act)
    return total


def _invest_wins(w: Serenissima2012State, seat: int, inv: float) -> bool:
    """Investing (worth `inv`) beats acting by INVEST_MARGIN: acting is worth the best plan
    of the activation over the galley's value now. Plans that cannot decide it are not
    searched: a floor just under the break-even shows whether any plan passes it, and only
    a plan within a hair of it needs the full search."""
    x = cast(Serenissima2012State, w.clone())
    x.apply(seat, x.game.actions.act)
    c = _context(x, seat)
    g = x.active
    zone = x.g_zone[g]
    base = c.galley_value(zone, x.g_sailors[g], x.cargo[6 * g : 6 * g + 6])
    legal = x.legal_actions(seat)
    floor = inv - INVEST_MARGIN + base - 1e-6
    probe = _plan(c, set(legal), floor)
    if probe.value <= floor + 1e-9:
        return True
    if probe.value > floor + 4e-6:
        return False
    return inv > _planned(c, legal).value - base + INVEST_MARGIN


# -- set-up ----------------------------------------------------------------------------------


def _choose_port(w: Serenissima2012State, seat: int, legal: list[Action]) -> Action:
    b = w.game.board
    st = _static(b)
    homes = [b.port_zone[h] for h in w.home if h >= 0]

    def score(act: Action) -> float:
        p = b.port_index(act["port"])
        z = b.port_zone[p]
        v = 2.0 if b.port_good[p] == SPICE else 0.0
        for q in range(len(b.port_ids)):
            if q == p or q in b.start_ports or w.closed >> q & 1:
                continue
            v += b.port_size[q] * 0.55 ** st.dist[z][b.port_zone[q]]
        v += len(b.adjacent[z]) * 0.5
        for hz in homes:
            v -= 4.0 * 0.5 ** st.dist[z][hz]
        return v

    return max(legal, key=score)


def _close(w: Serenissima2012State, legal: list[Action]) -> Action:
    b = w.game.board
    st = _static(b)

    def score(act: Action) -> int:
        z = b.port_zone[b.port_index(act["port"])]
        return sum(st.dist[z][b.port_zone[s]] for s in b.start_ports)

    return max(legal, key=score)


# -- the policy ------------------------------------------------------------------------------


def _blockade(c: _Ctx) -> bool:
    w, b = c.w, c.b
    g = w.active
    context = w.stack[-1].data[0]
    mover_cap = max(0, w.g_sailors[g] - w.moves) if w.cap < 0 else min(w.cap, w.g_sailors[g])
    mine = [
        w.g_sailors[h]
        for h, o in enumerate(w.g_owner)
        if o == c.seat and w.g_zone[h] == w.g_zone[g]
    ]
    safe = not mine or mover_cap < min(mine)
    if context == "move":
        return safe
    return safe or context == "claim" or w.g_goods[g] >= 2 or b.zone_port[w.g_zone[g]] < 0


def _battle_choice(c: _Ctx) -> Action:
    w, b, a = c.w, c.b, c.a
    target = w.stack[-1].data
    g = w.active
    zone = w.g_zone[g]
    t = w.g_sailors[g]
    cargo = w.cargo[6 * g : 6 * g + 6]
    cap = min(w.cap, t)
    if target >= 0:
        gain = _attack_galley_gain(c, zone, t, cargo, cap, target, exact=True)
        d0 = w.g_sailors[target]
    else:
        p = b.zone_port[zone]
        gain = _attack_port_gain(c, zone, t, cargo, cap, p, exact=True, fort=False)
        d0 = w.port_sailors[p]
    # one more round is the same as a fresh attack without the fort
    if cap >= d0 + 1 or gain > 0:
        return a.fight
    return a.retreat


def _loot(c: _Ctx, legal: list[Action]) -> Action:
    w = c.w
    survivor = w.stack[-1].data[0]
    zone = w.g_zone[survivor]
    t = w.g_sailors[survivor]
    cargo = w.cargo[6 * survivor : 6 * survivor + 6]
    base = c.cargo_value(zone, t, cargo, -1, 0)
    best, best_gain = c.a.done, 0.05
    for act in legal:
        if act.kind != "loot":
            continue
        good = GOODS.index(act["good"])
        cargo[good] += 1
        gain = c.cargo_value(zone, t, cargo, -1, 0) - base
        cargo[good] -= 1
        if gain > best_gain:
            best, best_gain = act, gain
    return best


def _occupy(c: _Ctx, legal: list[Action]) -> Action:
    w = c.w
    g = w.active
    p = w.stack[-1].data
    zone = w.g_zone[g]
    t = w.g_sailors[g]
    cargo = w.cargo[6 * g : 6 * g + 6]
    best, best_v = c.a.end, c.galley_value(zone, t, cargo)
    for act in legal:
        if act.kind == "claim":
            n = act["sailors"]
            v = c.held(p, n) + c.galley_value(zone, t - n, cargo)
            if v > best_v:
                best, best_v = act, v
    return best


def _special(c: _Ctx, legal: list[Action]) -> Action:
    best_gain, best = _invest_pick(c, legal)
    for act in legal:
        if act.kind == "buy_galley" and c.fut > 0.0:
            return _best_galley_buy(c, [x for x in legal if x.kind == "buy_galley"])
    return best if best_gain > 0 else c.a.end


def _best_galley_buy(c: _Ctx, buys: list[Action]) -> Action:
    """A galley numbered after the black token's galley (it acts this very turn), else the
    lowest number (it acts early in every turn), at our port with the best prospects."""
    b, wheel = c.b, c.w.wheel

    def key(act: Action) -> tuple[bool, int, float]:
        p = b.port_index(act["port"])
        n = act["galley"]
        return (n - 1 <= wheel, n, -c.potential(b.port_zone[p], 3, 2))

    return min(buys, key=key)


def _decide(w: Serenissima2012State, seat: int, legal: list[Action]) -> Action:
    kind = w.stack[-1].kind
    a = w.game.actions
    if kind == "choose_galley":
        return min(legal, key=lambda x: x["galley"])
    if kind == "choose_port":
        return _choose_port(w, seat, legal)
    if kind == "close":
        return _close(w, legal)
    if kind == "galley":
        inv = _invest_total(w, seat)
        if inv <= INVEST_MARGIN:
            return a.act
        return a.invest if _invest_wins(w, seat, inv) else a.act
    c = _context(w, seat) if kind == "activation" else _Ctx(w, seat)
    if kind == "activation":
        settle = _settle(c, legal)
        if settle is not None:
            return settle
        plan = _planned(c, legal)
        return plan.action if plan.action is not None else a.end
    if kind == "investment":
        _, act_ = _invest_pick(c, legal)
        if act_.kind == "buy_galley":
            return _best_galley_buy(c, [x for x in legal if x.kind == "buy_galley"])
        return act_
    if kind == "special":
        return _special(c, legal)
    if kind == "blockade":
        return a.blockade if _blockade(c) else a.pass_
    if kind == "battle":
        return _battle_choice(c)
    if kind == "loot":
        return _loot(c, legal)
    if kind == "occupy":
        return _occupy(c, legal)
    return legal[0]


FALLBACK_KINDS: Final = ("end", "pass", "done", "retreat", "act")
"""What a bot plays when this heuristic fails (bots/base.py counts it)."""


def heuristic(w: Serenissima2012State, seat: int, legal: list[Action]) -> Action:
    """The heuristic's choice for `seat` in the world `w` (see the module docstring)."""
    return _decide(w, seat, legal)
