"""The heuristic bot for Serenissima (1996): trades for profit, takes ports, guards its capital,
fights when the odds favour it and haggles like a merchant.

The bot reads only a determinized world (`SeatInfo.determinize`, where other seats' money and
secret choices are drawn afresh, RULINGS.md R31-R32; it reads only its own money and never a
pending submission) and searches nothing. Every decision is scored in
ducats, a prosperity point being worth 500 (the rate at which money scores):

* a sale is worth its warehouse space, plus the new-market bonus (500, or 1,000 in a rival's
  capital), plus the progress it makes towards a full warehouse for the port's owner (our own
  ports count for us, rivals' ports against us, weighted 1 / number of rivals);
* a port is worth its point, or the points of its full warehouse, and a capital to its nation
  far more (10 points and 300 ducats a round);
* a galley is worth what it will still earn, its sailors 150 each, its cargo what the cubes
  will fetch.

Set-up: 3 sailors on each galley, 4 in the capital (phase 2 embarks those the capital can
spare). Bids: nothing, or 200-300 (at most a tenth of our money) when two or more rival
galleys at least as strong as ours could reach them; the bot takes the last free place (it
moves, fights, lands and sells knowing what the others did).
Phase 2 keeps a garrison in the capital (more when a rival galley could reach it), embarks
spare garrison, hires sailors for galleys, builds galleys while there are rounds to use them,
and buys cubes that can be sold within reach at ports that neither produce nor hold them (at a
rival's port only when the cube is worth the highest price the owner may ask, so a deal never
loops). Phase 3 sends each galley to the reachable area worth most: sales, an undefended port
to land on, a port or a galley to attack, minus the danger of stronger rival galleys, plus a
little for what it could do from there next round; paths avoid areas where a rival could refuse
passage. Battles use the exact expected value of fighting on round by round (dice totals
divided by 3, or 4 against a fort) with the option to break off; an emptied galley is captured
with one sailor when the winner has two, else sunk, and its goods taken (the goods worth most
first; after a capture each galley keeps its own). Landing takes every
empty port with one sailor while the galley keeps one (with its last sailor for a capital, or
in the last round when the cargo is worth less). Sales sell everything sellable.

Negotiation: as a port owner the bot asks 300 ducats, or with a monopoly what the cube is worth
to the buyer less 100 (300 to 1,000); as a buyer it accepts cheap prices, counters high ones at
40% of the cube's worth and, after a refused counter offer, takes the price only when the cube
is worth more; as a seller it accepts counter offers of two thirds of its price (between
galleys: above what the cube is worth to itself). Passage: see `_permission`.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import TYPE_CHECKING, Final

from arsenale.core.actions import Action
from arsenale.games.serenissima_1996.board import GOODS, Board
from arsenale.games.serenissima_1996.state import POPCOUNT, Serenissima1996State

if TYPE_CHECKING:
    from arsenale.games.serenissima_1996.actions import Actions
    from arsenale.games.serenissima_1996.negotiation import Deal


POINT: Final = 500  # ducats per prosperity point
SAILOR: Final = 150  # a sailor aboard: movement and a future landing
DEPLOY: Final = (3, 3)  # sailors on the two starting galleys; the rest garrison the capital
CAPITAL_GUARD: Final = 2  # garrison kept in the capital when no rival galley threatens it
PORT_GUARD: Final = 1  # garrison kept in other ports
CREW: Final = 3  # sailors a trading galley wants aboard
HOLD: Final = 0.85  # chance a port we take is still ours at the end
P_LAND: Final = 0.85  # chance of landing on a port whose garrison we emptied
BID_PER_THREAT: Final = 100  # bid per strong rival galley within reach of ours
HOME_VALUE: Final = 300.0  # per sailor a galley brings home to a capital short of its guard
HIRE_VALUE: Final = 150.0  # the first good in one of our warehouses: we can hire there
GARRISON_FROM: Final = 3  # a galley with this many sailors leaves one to a capital short of guard
BUILD_EMPTY: Final = True  # build a galley even if its crew leaves the port without a garrison
MIN_BUY_GAIN: Final = 150  # a cube must be worth this much more than its price
FALLBACK_KINDS: Final = ("done", "bid", "allow", "refuse", "sink", "cancel")
"""What a bot plays when this heuristic fails (bots/base.py counts it)."""
ALL_GOODS: Final = (1 << len(GOODS)) - 1

_Market = tuple[int, int, float, float]
"""A port's market for our next sale there: the goods it does not buy (a bit mask), the goods
that earn the market bonus there, the worth of selling another good, of a good with the bonus
(`_Ctx.sale` with k = 0)."""


# -- board statics ---------------------------------------------------------------------------


class _Static:
    def __init__(self, b: Board) -> None:
        n = len(b.area_ids)
        self.n = n
        self.dist = [list(b.distances(z)) for z in range(n)]
        self.ports = range(len(b.port_ids))
        self.area_of = {area_id: z for z, area_id in enumerate(b.area_ids)}
        self.port_of = {port_id: p for p, port_id in enumerate(b.port_ids)}
        # the board's figures `_Ctx.sale` reads at each of its many calls
        self.first_space = b.rules["first_space_value"]
        self.space_unit = b.prices["space_value_unit"]
        self.space_value = [float((self.first_space + n) * self.space_unit) for n in range(8)]
        self.capital_bonus = b.prices["capital_market_bonus"]
        self.new_bonus = b.prices["new_market_bonus"]
        self.capital_income = b.prices["capital_income"]
        self.size = b.port_size
        self.produced = [1 << good for good in b.port_good]
        self.bonus = [
            self.capital_bonus if nation >= 0 else self.new_bonus for nation in b.port_nation
        ]
        # per port and number of goods in its warehouse: the worth of holding it (before a
        # capital's own worth) and of the next cube in it, in the last round or before
        self.holding: list[list[float]] = []
        self.fill: list[list[float]] = []
        self.last_fill: list[list[float]] = []
        for size in b.port_size:
            extra = (b.full_warehouse_points[size] - 1) * POINT
            self.holding.append(
                [
                    POINT + extra * (1.0 if n >= size else 0.6 * n * n / (size * size))
                    for n in range(8)
                ]
            )
            self.fill.append(
                [extra * ((n + 1) * (n + 1) - n * n) / (size * size) for n in range(size)]
            )
            self.last_fill.append([float(extra) if n + 1 == size else 0.0 for n in range(size)])
        self._sale_values: dict[tuple[int, bool], _SaleValues] = {}
        self.port_figures: dict[_PortsSeen, _PortFigures] = {}

    def sale_values(self, players: int, last: bool) -> _SaleValues:
        got = self._sale_values.get((players, last))
        if got is None:
            got = self._sale_values[players, last] = _SaleValues(self, players, last)
        return got


class _SaleValues:
    """The worth of our next sale at a port (`_Ctx.sale` with k = 0) by the number of goods in
    its warehouse, for a number of players, in the last round or before: at nobody's port; per
    port at ours; at a rival's, without and with the market bonus. The same sums as `sale`."""

    def __init__(self, st: _Static, players: int, last: bool) -> None:
        w_opp = 1.0 / (players - 1)
        self.neutral = [max(base + 0.0, 1.0) for base in st.space_value]
        self.own: list[list[float]] = []
        self.rival: list[list[tuple[float, float]]] = []
        for p, fills in enumerate(st.last_fill if last else st.fill):
            own: list[float] = []
            rival: list[tuple[float, float]] = []
            for n, fill in enumerate(fills):
                base = st.space_value[n]
                v = base + fill
                if n == 0 and not last:
                    v += HIRE_VALUE  # a first good lets us hire there
                own.append(max(v, 1.0))
                theirs = -w_opp * fill
                rival.append((max(base + theirs, 1.0), max(base + st.bonus[p] + theirs, 1.0)))
            self.own.append(own)
            self.rival.append(rival)


_PortsSeen = tuple[int, int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""The seat deciding, players, rounds left, seats' nations, and per port the owner and the
warehouse: all that `_PortFigures` depends on but the garrisons (`_PortFigures.garrisons`)."""
PORT_FIGURES_KEPT: Final = 16
"""How many `_PortFigures` a board keeps (all are dropped when there are more)."""


class _PortFigures:
    """What `_Ctx` works out from the ports alone (`held`, `markets`, `our_market`,
    `sales_of`, `best_sales`, `empty_ports`), each when first asked. Kept per board and
    `_PortsSeen` (`_Ctx.figures`): the ports do not change while galleys move, so a movement's
    successive decisions share them."""

    def __init__(self) -> None:
        self.held: list[int] | None = None
        self.markets: list[_Market] | None = None
        self.ours: dict[int, _Market] = {}
        self.column: dict[int, list[float]] = {}
        self.best: dict[int, list[tuple[float, int]]] = {}
        # the empty ports and those worth taking, for these garrisons
        self.garrisons: tuple[int, ...] = ()
        self.empty: list[tuple[float, int, int]] | None = None
        self.landings: list[tuple[float, int]] | None = None


_STATICS: Final[dict[int, _Static]] = {}


def _static(b: Board) -> _Static:
    st = _STATICS.get(id(b))
    if st is None:
        st = _STATICS[id(b)] = _Static(b)
    return st


# -- battles ---------------------------------------------------------------------------------

_HITS: Final[dict[tuple[int, int], tuple[float, ...]]] = {}


def _hits(n: int, div: int) -> tuple[float, ...]:
    """P(total // div == k) for a die plus n."""
    key = (n, div)
    got = _HITS.get(key)
    if got is None:
        out = [0.0] * ((6 + n) // div + 1)
        for d in range(1, 7):
            out[(d + n) // div] += 1 / 6
        got = _HITS[key] = tuple(out)
    return got


@lru_cache(maxsize=8192)
def _fight(a: int, b: int, div: int, win: int, lose: int, both: int, sva: int, svb: int) -> float:
    """Worth of the position when we have a sailors against b, attacking with the option to
    stop: a * sva - b * svb, plus `win` when b reaches 0 with a left, minus `lose` when a
    reaches 0 first, `both` when both do. Our hits divide by `div`, theirs by 3."""
    stop = a * sva - b * svb
    if b == 0:
        return stop + (both if a == 0 else win)
    if a == 0:
        return stop - lose
    pa, pb = _hits(a, div), _hits(b, 3)
    p_self = pa[0] * pb[0]
    rest = 0.0
    for x, px in enumerate(pa):
        if not px:
            continue
        for y, py in enumerate(pb):
            if not py or (x == 0 and y == 0):
                continue
            rest += px * py * _fight(max(0, a - y), max(0, b - x), div, win, lose, both, sva, svb)
    cont = rest / (1.0 - p_self)
    return max(stop, cont)


def _attack_gain(a: int, b: int, div: int, win: float, lose: float, both: float) -> float:
    """Expected gain of attacking now (one round at least) over not attacking."""
    return _attack_gain_ducats(a, b, div, int(win), int(lose), int(both))


@lru_cache(maxsize=8192)
def _attack_gain_ducats(a: int, b: int, div: int, w: int, lo: int, bo: int) -> float:
    """`_attack_gain` with the stakes in whole ducats, as `_fight` takes them."""
    sva, svb = SAILOR, SAILOR // 2
    pa, pb = _hits(a, div), _hits(b, 3)
    total = 0.0
    for x, px in enumerate(pa):
        if not px:
            continue
        for y, py in enumerate(pb):
            if py:
                total += px * py * _fight(max(0, a - y), max(0, b - x), div, w, lo, bo, sva, svb)
    return total - (a * sva - b * svb)


# -- the per-decision context ----------------------------------------------------------------


class _Ctx:
    """What one decision needs, computed once from the determinized world."""

    def __init__(self, w: Serenissima1996State, seat: int) -> None:
        self.w = w
        self.seat = seat
        b = self.b = w.game.board
        self.a: Actions = w.game.actions
        self.st = _static(b)
        self.players = w.players
        self.w_opp = 1.0 / (w.players - 1)
        self.left = max(0, w.rounds - w.round)  # rounds after this one
        self.last = self.left == 0
        self.capital = w.capital_of(seat)
        # a capital's worth to its nation beside its warehouse: 10 points and its income
        self.capital_worth = 10 * POINT + (self.left + 1) * self.st.capital_income
        self.fills = self.st.last_fill if self.last else self.st.fill
        self._mine: list[int] | None = None
        self._rival_areas: tuple[list[int], list[int]] | None = None
        self._capital_guard = -1
        self._figures: _PortFigures | None = None
        self._rivals: list[tuple[int, int, int, int]] | None = None
        self._contacts: list[tuple[int, int, float, bool, float]] | None = None

    @property
    def mine(self) -> list[int]:
        """Our galleys, in slot order."""
        got = self._mine
        if got is None:
            got = self._mine = [g for g, o in enumerate(self.w.g_owner) if o == self.seat]
        return got

    def rival_areas(self) -> tuple[list[int], list[int]]:
        """Rival galleys per area: the strongest crew, a bit mask of their seats."""
        got = self._rival_areas
        if got is None:
            strongest = [0] * self.st.n
            seats = [0] * self.st.n
            for _h, o, s, z in self.rivals():
                if s > strongest[z]:
                    strongest[z] = s
                seats[z] |= 1 << o
            got = self._rival_areas = (strongest, seats)
        return got

    def figures(self) -> _PortFigures:
        """What this decision works out from the ports, shared with earlier decisions that
        saw the same ports (the same `_PortsSeen`)."""
        got = self._figures
        if got is None:
            w = self.w
            seen = (
                self.seat,
                w.players,
                self.left,
                w.nation,
                tuple(w.owner),
                tuple(w.warehouse),
            )
            kept = self.st.port_figures
            got = kept.get(seen)
            if got is None:
                if len(kept) >= PORT_FIGURES_KEPT:
                    kept.clear()
                got = kept[seen] = _PortFigures()
            self._figures = got
        return got

    def held(self) -> list[int]:
        """Per seat: goods its ports produce or hold (the new-market bonus)."""
        figures = self.figures()
        got = figures.held
        if got is None:
            w = self.w
            got = figures.held = [0] * w.players
            for o, wh, produced in zip(w.owner, w.warehouse, self.st.produced, strict=True):
                if o >= 0:
                    got[o] |= wh | produced
        return got

    # -- values --------------------------------------------------------------------------------

    def fill_value(self, p: int, n: int, owner: int) -> float:
        """Worth to us of the cube that brings port p's warehouse from n to n + 1 goods."""
        if owner < 0:
            return 0.0
        v = self.fills[p][n]
        if owner == self.seat:
            return v
        return -self.w_opp * v

    def port_value(self, p: int, seat: int | None = None) -> float:
        """Worth of holding port p at the end (for `seat`, default us)."""
        v = self.st.holding[p][POPCOUNT[self.w.warehouse[p]]]
        if p == (self.capital if seat is None else self.w.capital_of(seat)):
            v += self.capital_worth
        return v

    def sale(self, p: int, good: int, k: int, owner: int, seller: int | None = None) -> float:
        """Worth of selling `good` at port p as the (k+1)-th sale there this phase, the port
        then owned by `owner`; -1 if it cannot be sold there."""
        w, b = self.w, self.b
        wh = w.warehouse[p]
        n = POPCOUNT[wh] + k
        if b.port_good[p] == good or wh >> good & 1 or n >= b.port_size[p]:
            return -1.0
        if seller is None:
            seller = self.seat
        st = self.st
        v = st.space_value[n]
        if owner >= 0 and owner != seller and not self.held()[owner] >> good & 1:
            v += st.capital_bonus if b.port_nation[p] >= 0 else st.new_bonus
        if seller == self.seat:
            v += self.fill_value(p, n, owner)
            if owner == seller and n == 0 and not self.last:
                v += HIRE_VALUE  # a first good lets us hire there
        return max(v, 1.0)

    def _market(self, p: int, owner: int, values: _SaleValues) -> _Market:
        """Port p's market for our next sale there, the port owned by `owner` (`_Market`):
        `sale(p, good, 0, owner)` for the seven goods, read from `values`."""
        wh = self.w.warehouse[p]
        n = POPCOUNT[wh]
        st = self.st
        if n >= st.size[p]:
            return ALL_GOODS, 0, -1.0, -1.0
        closed = wh | st.produced[p]
        if owner < 0:
            v = values.neutral[n]
            return closed, 0, v, v
        if owner == self.seat:
            v = values.own[p][n]
            return closed, 0, v, v
        # the market bonus, for a good the owner lacks
        plain, with_bonus = values.rival[p][n]
        return closed, ~self.held()[owner] & ALL_GOODS, plain, with_bonus

    def good_value(
        self, area: int, moves: int, good: int, copies: int = 0, seller: int | None = None
    ) -> float:
        """Worth of one more cube of `good` aboard a galley at `area` that moves `moves` areas
        a round (already carrying `copies` of it): the (copies + 1)-th best port for it,
        discounted by the rounds needed to get there."""
        w, b = self.w, self.b
        dist = self.st.dist[area]
        vals: list[float] = []
        moves = max(1, moves)
        if seller is None or seller == self.seat:
            values = self.sales_of(good)
        else:
            values = [self.sale(p, good, 0, w.owner[p], seller) for p in self.st.ports]
        for p in self.st.ports:
            v = values[p]
            if v <= 0:
                continue
            d = dist[b.port_area[p]]
            if d <= moves:
                f = 1.0
            elif self.last:
                continue
            elif d <= 2 * moves:
                f = 0.7
            elif self.left >= 2:
                f = 0.45
            else:
                continue
            vals.append(v * f)
        if len(vals) <= copies:
            return 0.0
        vals.sort(reverse=True)
        return vals[copies] * (0.8**copies)

    def cargo_value(self, g: int) -> float:
        """220 a cube aboard galley g (whole ducats: the total is exact in any order)."""
        base = 7 * g
        return 220.0 * sum(self.w.cargo[base : base + 7])

    def galley_value(self, g: int) -> float:
        """What a galley is still worth: future trade, crew and cargo."""
        w = self.w
        return 200.0 * min(self.left, 3) + SAILOR * w.g_sailors[g] + self.cargo_value(g)

    def threat(self, p: int, extra: int = 0) -> int:
        """The largest rival crew that could reach port p (within its sailors + extra)."""
        dz = self.st.dist[self.b.port_area[p]]
        worst = 0
        for _h, _o, s, zh in self.rivals():
            if dz[zh] <= s + extra and s > worst:
                worst = s
        return worst

    def guard(self, p: int) -> int:
        """Garrison we want in our port p."""
        if p == self.capital:
            if self._capital_guard < 0:
                t = self.threat(p, 1)
                self._capital_guard = max(CAPITAL_GUARD, min(5, (t * 3 + 3) // 4))
            return self._capital_guard
        return PORT_GUARD

    # -- movement planning ---------------------------------------------------------------------

    def reach(self, start: int, moves: int) -> tuple[list[int], list[int]]:
        """(distance, first step) to every area within `moves` without passing through an
        area where a rival could refuse passage (entering it as the last move is free; the
        area the galley is in it may leave freely, but coming back into it means asking)."""
        n = self.st.n
        dist = [-1] * n
        first = [-1] * n
        dist[start] = 0
        todo = [start]
        adjacent = self.b.adjacent
        rival_here = self.rival_areas()[1]
        for here in todo:
            d = dist[here]
            if d >= moves:
                continue
            if here != start and rival_here[here]:
                continue  # we would have to ask to pass
            for there in adjacent[here]:
                if dist[there] < 0:
                    dist[there] = d + 1
                    first[there] = there if here == start else first[here]
                    todo.append(there)
        return dist, first

    def markets(self) -> list[_Market]:
        """Every port's market (`_market`) as the port is owned now."""
        figures = self.figures()
        got = figures.markets
        if got is None:
            got = figures.markets = []
            values = self.st.sale_values(self.w.players, self.last)
            for p, owner in enumerate(self.w.owner):
                got.append(self._market(p, owner, values))
        return got

    def our_market(self, p: int) -> _Market:
        """Port p's market once we have landed there."""
        ours = self.figures().ours
        got = ours.get(p)
        if got is None:
            values = self.st.sale_values(self.w.players, self.last)
            got = ours[p] = self._market(p, self.seat, values)
        return got

    def sales_of(self, good: int) -> list[float]:
        """`sale(p, good, 0, owner)` at every port p as now owned."""
        column = self.figures().column
        got = column.get(good)
        if got is None:
            got = column[good] = [
                -1.0 if closed >> good & 1 else with_bonus if lacks >> good & 1 else plain
                for closed, lacks, plain, with_bonus in self.markets()
            ]
        return got

    def best_sales(self, good: int) -> list[tuple[float, int]]:
        """Ports that would buy `good` now, best first: (value, area)."""
        best = self.figures().best
        got = best.get(good)
        if got is None:
            got = best[good] = []
            for (closed, lacks, plain, with_bonus), za in zip(
                self.markets(), self.b.port_area, strict=True
            ):
                if not closed >> good & 1:
                    got.append((with_bonus if lacks >> good & 1 else plain, za))
            got.sort(reverse=True)
        return got

    def empty_ports(self) -> list[tuple[float, int, int]]:
        """Ports we could land on (no garrison, not ours), best first: (value, area, port)."""
        figures = self.figures()
        got = figures.empty
        garrisons = tuple(self.w.garrison)
        if got is None or figures.garrisons != garrisons:
            w, b = self.w, self.b
            figures.garrisons = garrisons
            figures.landings = None
            got = []
            for p in self.st.ports:
                o = w.owner[p]
                if w.garrison[p] == 0 and o != self.seat:
                    v = HOLD * self.port_value(p) - SAILOR
                    if o >= 0:
                        v += self.w_opp * self.port_value(p, o)
                    got.append((v, b.port_area[p], p))
            got.sort(reverse=True)
            figures.empty = got
        return got

    def landings(self, taken: set[int]) -> list[tuple[float, int]]:
        """Empty ports worth taking, not in `taken`, best first: (value, area)."""
        empty = self.empty_ports()
        figures = self.figures()
        if not taken and figures.landings is not None:
            return figures.landings
        got = [(v, za) for v, za, p in empty if v > 0 and p not in taken]
        if not taken:
            figures.landings = got
        return got

    def rivals(self) -> list[tuple[int, int, int, int]]:
        """Rival galleys: (galley, owner, sailors, area)."""
        got = self._rivals
        if got is None:
            w, seat = self.w, self.seat
            got = self._rivals = []
            for h, o in enumerate(w.g_owner):
                if o >= 0 and o != seat:
                    got.append((h, o, w.g_sailors[h], w.g_area[h]))
        return got

    def area_score(
        self, voyage: _Voyage, z: int, sold: set[int], taken: set[int]
    ) -> tuple[float, list[int], int]:
        """Worth of ending the movement of the voyage's galley in area z, the port's part:
        before the rival galleys it meets there (`_Voyage.contact`) and what it could do
        from there next round (`_Voyage.potential`): (score, sales as 7 * port + good, port
        landed)."""
        w, b = self.w, self.b
        seat = self.seat
        g, sailors, worth = voyage.g, voyage.sailors, voyage.worth
        p = b.area_port[z]
        score = 0.0
        sales: list[int] = []
        land = -1
        if p >= 0:
            owner = w.owner[p]
            claimed, sales, land = self.claims(voyage, p, sold, taken)
            score += claimed
            # a port to attack
            if owner >= 0 and owner != seat and w.garrison[p] > 0 and sailors >= 2:
                div = 4 if w.forts >> p & 1 else 3
                win = P_LAND * (self.port_value(p) + self.w_opp * self.port_value(p, owner))
                gain = _attack_gain(sailors, w.garrison[p], div, win, worth, -worth)
                if gain > 0:
                    score += 0.6 * gain
            # something to buy here next round
            good = b.port_good[p]
            if (
                not self.last
                and not w.cargo[7 * g + good]
                and w.supply[good]
                and (owner < 0 or owner == seat)
            ):
                score += 60.0
            if owner == seat and w.warehouse[p] and sailors < CREW:
                score += 40.0 * (CREW - sailors)
            if p == self.capital and not self.last and sailors >= 2:
                need = self.guard(p) - w.garrison[p]
                if need > 0:
                    score += HOME_VALUE * min(need, sailors - 1)
        return score, sales, land

    def claims(
        self, voyage: _Voyage, p: int, sold: set[int], taken: set[int]
    ) -> tuple[float, list[int], int]:
        """The sales and the landing of the voyage's galley at port p, the sales greedily best
        first (as the port is owned now, or by us after landing): (their worth, the sales as
        7 * port + good, the port landed or -1)."""
        w, seat = self.w, self.seat
        sailors, goods = voyage.sailors, voyage.goods
        owner = w.owner[p]
        cap = 0.0
        if w.garrison[p] == 0 and owner != seat and p not in taken:
            if sailors >= 2:
                cap = HOLD * self.port_value(p) - SAILOR
            elif p == self.capital or (self.last and self.cargo_value(voyage.g) < 400):
                cap = HOLD * self.port_value(p) - voyage.worth
            if cap > 0 and owner >= 0:
                cap += self.w_opp * self.port_value(p, owner)
        if goods:
            free = self.st.size[p] - POPCOUNT[w.warehouse[p]]
            best_v, sales = _sales_at(p, goods, free, voyage.markets[p], sold)
            if cap > 0:
                total, ours = _sales_at(p, goods, free, self.our_market(p), sold)
                total += cap
                if total > best_v:
                    return total, ours, p
            return best_v, sales, -1
        if cap > 0:
            return cap, [], p
        return 0.0, [], -1

    def contacts(self) -> list[tuple[int, int, float, bool, float]]:
        """Rival galleys as `contact` weighs them: (sailors, area, chance that it is there
        when we end our movement in its area, whether it moves after us, worth of its
        capture)."""
        got = self._contacts
        if got is None:
            w = self.w
            moving = w.phase == 3
            place = [0] * w.players
            for i, o in enumerate(w.order):
                place[o] = i
            got = []
            for h, o, s, zh in self.rivals():
                later = place[o] > w.turn_index
                earlier = place[o] < w.turn_index
                there = 1.0 if not moving or earlier else 0.6
                got.append((s, zh, there, moving and later, 200.0 + 150.0 * w.g_goods[h]))
            self._contacts = got
        return got

    def plan(self) -> Iterator[tuple[int, int, int]]:
        """Our galleys' destinations this movement, one galley at a time: (galley, target
        area, first step). Galleys that cannot move come first and stay; the others follow,
        the strongest first, each avoiding the sales and landings claimed before it."""
        w = self.w
        sold: set[int] = set()
        taken: set[int] = set()
        fixed = [
            g
            for g in self.mine
            if w.phase != 3 or w.g_stopped >> g & 1 or w.g_moved[g] >= w.g_sailors[g]
        ]
        movers = [g for g in self.mine if g not in fixed]
        movers.sort(key=lambda g: (-w.g_sailors[g], g))
        for g in fixed + movers:
            here = w.g_area[g]
            voyage = _Voyage(self, g)
            if g in fixed:
                # its only area is its own: what matters is what it claims there
                p = self.b.area_port[here]
                if p >= 0:
                    _, sales, land = self.claims(voyage, p, sold, taken)
                    sold.update(sales)
                    if land >= 0:
                        taken.add(land)
                yield g, here, -1
                continue
            moves = w.g_sailors[g] - w.g_moved[g]
            dist, first = self.reach(here, moves)
            voyage.survey(self, moves, taken)
            best: tuple[float, int, int, list[int], int] = (-1e9, here, -1, [], -1)
            dh = self.st.dist[here]
            for z in range(self.st.n):
                if dist[z] < 0:
                    continue
                sc, sales, land = self.area_score(voyage, z, sold, taken)
                # the rival galleys and next round add at most `best_contact` and
                # `best_potential` (the same sums of larger terms, never below the score):
                # an area that cannot beat the best even so is passed over
                if sc + voyage.best_contact + voyage.best_potential - 3.0 * dh[z] <= best[0]:
                    continue
                dz = self.st.dist[z]
                sc += voyage.contact(dz)
                if not self.last:
                    sc += voyage.potential(dz)
                sc -= 3.0 * dh[z]
                if sc > best[0]:
                    best = (sc, z, first[z], sales, land)
            _, z, step, sales, land = best
            sold.update(sales)
            if land >= 0:
                taken.add(land)
            yield g, z, step


class _Voyage:
    """What `_Ctx.area_score` reads of the galley it places, once per galley: its crew, cargo
    and worth; for a galley that moves (`survey`), the rival galleys near and the landings and
    sales it could reach next round."""

    def __init__(self, c: _Ctx, g: int) -> None:
        w = c.w
        self.g = g
        self.sailors = w.g_sailors[g]
        self.goods = [i for i in range(7) if w.cargo[7 * g + i]]
        self.markets = c.markets() if self.goods else []
        self.worth = c.galley_value(g)
        self.reach = max(1, self.sailors)
        self.contacts: list[tuple[int, int, float, bool, float]] = []
        self.landings: list[tuple[float, int]] = []
        self.sales: list[list[tuple[float, int]]] = []
        self.best_contact = 0.0
        self.best_potential = 0.0

    def survey(self, c: _Ctx, moves: int, taken: set[int]) -> None:
        """The rival galleys and the landings and sales within reach of the areas the galley
        can end in, `moves` areas at most from its own."""
        sailors = self.sailors
        # the rival galleys `contact` can count from such an area: in that area, or moving
        # later and within their sailors of it
        dh = c.st.dist[c.w.g_area[self.g]]
        for rival in c.contacts():
            s, zh, _there, later, prey = rival
            if dh[zh] <= moves + (s if later else 0):
                self.contacts.append(rival)
                if s < sailors:  # `contact` at its most: every weaker one there
                    self.best_contact += 0.3 * prey
        if not c.last:
            if sailors >= 2:
                self.landings = c.landings(taken)
            self.sales = [c.best_sales(i) for i in self.goods]
            # `potential` at its most: the best landing and the best sale anywhere
            best_cap = self.landings[0][0] if self.landings else 0.0
            best_sale = max([ports[0][0] for ports in self.sales if ports], default=0.0)
            self.best_potential = 0.35 * best_cap + 0.3 * best_sale

    def contact(self, dz: list[int]) -> float:
        """Prey and danger from rival galleys at or near the area at distances `dz`."""
        sailors = self.sailors
        out = 0.0
        for s, zh, there, later, prey in self.contacts:
            d = dz[zh]
            if d == 0:
                p_there = there
            elif later and d <= s:
                p_there = 0.2
            else:
                continue
            if s > sailors:
                out -= p_there * 0.5 * self.worth * (1.0 if s - sailors >= 2 else 0.5)
            elif s < sailors and d == 0:
                out += p_there * 0.3 * prey
        return out

    def potential(self, dz: list[int]) -> float:
        """What the galley could do next round from the area at distances `dz`: land or sell
        within reach."""
        reach = self.reach
        best_cap = 0.0
        for v, za in self.landings:
            if 0 < dz[za] <= reach:
                best_cap = v
                break
        best_sale = 0.0
        for ports in self.sales:
            for v, za in ports:
                if v <= best_sale:
                    break
                if 0 < dz[za] <= reach:
                    best_sale = v
                    break
        return 0.35 * best_cap + 0.3 * best_sale


def _sales_at(
    p: int, goods: list[int], free: int, market: _Market, sold: set[int]
) -> tuple[float, list[int]]:
    """Our galley's `goods` sold at port p's `market`, best first, as many as its warehouse
    has free spaces, none already claimed in `sold`: (their worth plus 100 for each pair of
    them, the sales as 7 * p + good)."""
    closed, lacks, plain, with_bonus = market
    if closed == ALL_GOODS or free <= 0:
        return 0.0, []
    vals: list[tuple[float, int]] = []
    for i in goods:
        if not closed >> i & 1 and 7 * p + i not in sold:
            vals.append((with_bonus if lacks >> i & 1 else plain, i))
    if len(vals) <= 1:
        return (vals[0][0], [7 * p + vals[0][1]]) if vals else (0.0, [])
    vals.sort(reverse=True)
    del vals[free:]
    total = 0.0  # added one by one, best first
    for v, _ in vals:
        total += v
    k = len(vals)
    return total + 50.0 * k * (k - 1), [7 * p + i for _, i in vals]


# -- decisions -------------------------------------------------------------------------------


def _deploy(c: _Ctx, legal: list[Action]) -> Action:
    return c.a.deploy_action(*DEPLOY)


def _near(c: _Ctx) -> int:
    """Rival galleys that could end their movement where one of our galleys is, and are
    at least as strong."""
    w = c.w
    n = 0
    for _h, _o, s, z in c.rivals():
        dz = c.st.dist[z]
        if any(dz[w.g_area[g]] <= s and s >= w.g_sailors[g] for g in c.mine):
            n += 1
    return n


def _bid(c: _Ctx, legal: list[Action]) -> Action:
    """Modest: the last place (move, fight and sell knowing what the others did) is worth
    something when several strong rival galleys are within reach of ours; otherwise nothing
    (in heuristic self-play, bidding more lost more than it won)."""
    if c.last or c.w.round <= 1:
        return legal[0]
    near = _near(c)
    value = BID_PER_THREAT * min(3, near) if near >= 2 else 0
    value = min(value, c.w.money[c.seat] // 10 // 100 * 100)
    return legal[min(len(legal) - 1, value // 100)]


def _position(c: _Ctx, legal: list[Action]) -> Action:
    """The last free place: move, fight, land and sell knowing what the others did."""
    return legal[-1]


def _purchases(c: _Ctx, legal: list[Action]) -> Action:
    w, b, a, seat = c.w, c.b, c.a, c.seat
    money = w.money[seat]
    kinds: dict[str, list[Action]] = {}
    for act in legal:
        kinds.setdefault(act.kind, []).append(act)
    legal_set = set(legal)
    # 1. the capital's garrison: sailors ashore from well-manned galleys, else hired
    for act in kinds.get("arrange", ()):
        if _ashore(c, c.st.area_of[act["area"]]) is not None:
            return act
    for act in kinds.get("hire_port", ()):
        p = c.st.port_of[act["port"]]
        if w.garrison[p] < c.guard(p) and money >= 200:
            return act
    # 2. spare garrison aboard galleys that want crew
    for act in kinds.get("arrange", ()):
        if _aboard(c, c.st.area_of[act["area"]]) is not None:
            return act
    # 3. crew for galleys in our ports
    reserve = 300 if not c.last else 0
    for act in kinds.get("hire_galley", ()):
        g = act["galley"] - 1
        if w.g_sailors[g] < CREW and money >= 100 + reserve and (not c.last or money % 500 >= 100):
            return act
    # 4. a galley while there are rounds to use it
    n_galleys = len(c.mine)
    if c.left >= 2 and n_galleys < 6:
        for act in kinds.get("build_galley", ()):
            p = c.st.port_of[act["port"]]
            if money < 1000 + 100 * n_galleys:
                continue
            # the crew comes from the garrison when there is one: hire first to keep the guard
            if w.garrison[p] > c.guard(p) or w.garrison[p] == 0:
                return act
            hire = a.hire_port[p]
            if hire in legal_set and w.box >= 2 and money >= 1100 + 100 * n_galleys:
                return hire
            if BUILD_EMPTY and p != c.capital:
                return act
    # 5. a fort for a threatened capital
    if c.left >= 1:
        build = a.build_fort[c.capital]
        if build in legal_set and money >= 1500 and c.threat(c.capital, 2) >= 3:
            return build
    # 6. goods worth more than their price
    best: tuple[float, Action | None] = (MIN_BUY_GAIN, None)
    for act in kinds.get("buy", ()):
        g = act["galley"] - 1
        z = w.g_area[g]
        p = b.area_port[z]
        good = b.port_good[p]
        owner = w.owner[p]
        if owner >= 0 and owner != seat:
            price = 100 * (10 if w.monopoly(owner, good) else 3)
        else:
            price = b.prices["good"]
        if money < price + (0 if c.last else 100):
            continue
        if w.g_sailors[g] + w.g_goods[g] >= 4 and w.g_sailors[g] < 2 and not c.last:
            continue  # keep room for a second sailor
        v = c.good_value(z, w.g_sailors[g], good, w.cargo[7 * g + good])
        gain = v - price
        if owner >= 0 and owner != seat:
            gain -= 100  # the price goes to a rival
        if gain > best[0]:
            best = (gain, act)
    if best[1] is not None:
        return best[1]
    return a.done


def _crews(c: _Ctx, area: int) -> tuple[list[int], int, int]:
    """Our galleys in `area` (slot order), our port there (or -1) and its garrison."""
    w = c.w
    galleys = [g for g in c.mine if w.g_area[g] == area]
    p = c.b.area_port[area]
    if p < 0 or w.owner[p] != c.seat:
        return galleys, -1, 0
    return galleys, p, w.garrison[p]


def _ashore(c: _Ctx, area: int) -> tuple[list[int], list[int]] | None:
    """Sailors to put ashore in our port of `area` while its garrison is short of its guard,
    one at a time from the best-manned galley that has GARRISON_FROM: (galleys, sailors
    aboard each afterwards), or None when none goes."""
    galleys, p, garrison = _crews(c, area)
    if p < 0 or not galleys:
        return None
    crews = [c.w.g_sailors[g] for g in galleys]
    guard = c.guard(p)
    moved = False
    while garrison < guard:
        j = max(range(len(galleys)), key=lambda j: crews[j])
        if crews[j] < GARRISON_FROM:
            break
        crews[j] -= 1
        garrison += 1
        moved = True
    return (galleys, crews) if moved else None


def _aboard(c: _Ctx, area: int) -> tuple[list[int], list[int]] | None:
    """Spare garrison of our port of `area` (above its guard) aboard galleys that want crew,
    in slot order, as `_ashore`; never in the last round."""
    galleys, p, garrison = _crews(c, area)
    if p < 0 or not galleys or c.last:
        return None
    w = c.w
    crews = [w.g_sailors[g] for g in galleys]
    guard = c.guard(p)
    moved = False
    for j, g in enumerate(galleys):
        while garrison > guard and crews[j] < CREW + 1 and crews[j] + w.g_goods[g] < 5:
            crews[j] += 1
            garrison -= 1
            moved = True
    return (galleys, crews) if moved else None


def _arrange(c: _Ctx, legal: list[Action]) -> Action:
    """Load each galley with the crew `_ashore` or `_aboard` chose and its own cargo."""
    from arsenale.games.serenissima_1996.arrange import Arrangement

    w, a = c.w, c.a
    ar: Arrangement = w.stack[-1].data
    plan = _ashore(c, ar.area) or _aboard(c, ar.area)
    j = len(ar.loads) - 1
    g = ar.galleys[j]
    cur = ar.loads[-1]
    crew = w.g_sailors[g] if plan is None else plan[1][plan[0].index(g)]
    want: Action = a.next
    if cur[0] < crew:
        want = a.put[0]
    else:
        for i in range(7):
            if cur[1 + i] < w.cargo[7 * g + i]:
                want = a.put[1 + i]
                break
    return want if want in legal else a.cancel


def _movement(c: _Ctx, legal: list[Action]) -> Action:
    w, a = c.w, c.a
    legal_set = set(legal)
    for g, z, step in c.plan():
        if step >= 0 and z != w.g_area[g]:
            act = a.sail[g][step]
            if act in legal_set:
                return act
    return a.done


def _permission(c: _Ctx, legal: list[Action]) -> Action:
    """Deny a rival galley that could then reach one of our weakly held ports, a galley of
    ours weaker than it (unless it is stronger than ours here too: then it had better sail
    on), or an empty port one of our galleys waits to take; deny a clearly weaker galley, to
    attack it here; allow the rest."""
    w, b, a = c.w, c.b, c.a
    g, _rest = w.stack[-1].data
    z = w.g_area[g]
    s = w.g_sailors[g]
    left = s - w.g_moved[g]
    dz = c.st.dist[z]
    # our ports it could then reach and take
    for p in w.ports_of(c.seat):
        d = dz[b.port_area[p]]
        if 0 < d <= left and w.garrison[p] <= s // 2 + 1:
            return a.deny
        if p == c.capital and 0 < d <= left and w.garrison[p] < s:
            return a.deny
    mine_here = [h for h in c.mine if w.g_area[h] == z]
    strongest_here = max((w.g_sailors[h] for h in mine_here), default=0)
    # a weaker galley: keep it here, where we can attack it
    if strongest_here > s + 1:
        return a.deny
    # our weaker galleys it could then reach
    for h in c.mine:
        d = dz[w.g_area[h]]
        if 0 < d <= left and w.g_sailors[h] < s and strongest_here >= s:
            return a.deny
    # an empty port we are about to take
    for h in c.mine:
        zh = w.g_area[h]
        p = b.area_port[zh]
        if p >= 0 and w.garrison[p] == 0 and w.owner[p] != c.seat and 0 < dz[zh] <= left:
            return a.deny
    return a.allow


def _battles(c: _Ctx, legal: list[Action]) -> Action:
    w, b = c.w, c.b
    best: tuple[float, Action | None] = (20.0, None)
    for act in legal:
        if act.kind == "attack":
            g, h = act["galley"] - 1, act["target"] - 1
            o = w.g_owner[h]
            mine_v = c.galley_value(g)
            their_v = 200.0 * min(c.left, 3) + c.cargo_value(h)
            win = their_v + c.w_opp * their_v
            lose = mine_v - SAILOR * w.g_sailors[g] + c.w_opp * their_v * 0.5
            both = -lose + c.w_opp * their_v
            gain = _attack_gain(w.g_sailors[g], w.g_sailors[h], 3, win, lose, both)
            if o < 0:
                continue
        elif act.kind == "attack_port":
            g = act["galley"] - 1
            p = b.area_port[w.g_area[g]]
            o = w.owner[p]
            div = b.rules["fort_divisor"] if w.forts >> p & 1 else b.rules["battle_divisor"]
            strongest, seats = c.rival_areas()
            others = seats[w.g_area[g]] & ~(1 << o)
            p_land = P_LAND if others or strongest[w.g_area[g]] else 0.95
            win = p_land * (c.port_value(p) + c.w_opp * c.port_value(p, o))
            lose = c.galley_value(g) - SAILOR * w.g_sailors[g]
            gain = _attack_gain(w.g_sailors[g], w.garrison[p], div, win, lose, -lose)
        else:
            continue
        if gain > best[0]:
            best = (gain, act)
    if best[1] is not None:
        return best[1]
    return c.a.done


def _victory(c: _Ctx, legal: list[Action]) -> Action:
    w, a = c.w, c.a
    winner, _loser = w.stack[-1].data
    if w.g_sailors[winner] >= 2 and a.capture[0] in legal:
        return a.capture[0]
    return a.sink


def _spoils(c: _Ctx, legal: list[Action]) -> Action:
    """After a capture that keeps both galleys afloat, each keeps its own goods; when one
    sinks, the galley that stays takes the goods worth most to it while it has room."""
    from arsenale.games.serenissima_1996.battle import Spoils

    w, a = c.w, c.a
    sp: Spoils = w.stack[-1].data
    keep = sp.keep
    if not sp.sinking:
        for i in range(7):
            if sp.load[i] < w.cargo[7 * keep + i] and a.take[i] in legal:
                return a.take[i]
        return a.done if a.done in legal else legal[0]
    best: tuple[float, Action] = (0.0, a.done)
    for act in legal:
        if act.kind == "take":
            i = GOODS.index(act["good"])
            v = c.good_value(w.g_area[keep], w.g_sailors[keep], i, sp.load[i]) + 1.0
            if v > best[0]:
                best = (v, act)
    return best[1] if best[1] in legal else legal[0]


def _landing(c: _Ctx, legal: list[Action]) -> Action:
    w, b, a = c.w, c.b, c.a
    best: tuple[float, Action | None] = (0.0, None)
    for act in legal:
        if act.kind != "land" or act["sailors"] != 1:
            continue
        g = act["galley"] - 1
        p = b.area_port[w.g_area[g]]
        s = w.g_sailors[g]
        owner = w.owner[p]
        value = c.port_value(p) if owner != c.seat else c.port_value(p) * 0.5
        if owner >= 0 and owner != c.seat:
            value += c.w_opp * c.port_value(p, owner)
        if s >= 2:
            cost = SAILOR if not c.last else 0.0
        else:
            cost = c.galley_value(g)
            if c.last:
                cost = _sellable_here(c, g, p)
        gain = value - cost
        if gain > best[0]:
            k = 1
            if p == c.capital or b.port_nation[p] >= 0:
                k = min(s - 1, 2) if s >= 3 else 1
            best = (gain, a.land[g][k - 1])
    if best[1] is not None and best[1] in legal:
        return best[1]
    return a.done


def _sellable_here(c: _Ctx, g: int, p: int) -> float:
    w = c.w
    total = 0.0
    k = 0
    for i in range(7):
        if w.cargo[7 * g + i]:
            v = c.sale(p, i, k, w.owner[p])
            if v > 0:
                total += v
                k += 1
    return total


def _sales(c: _Ctx, legal: list[Action]) -> Action:
    for act in legal:
        if act.kind == "sell":
            return act
    return c.a.done


# -- negotiation -----------------------------------------------------------------------------


def _buyer_value(c: _Ctx, deal: Deal, seat: int) -> float:
    """What the cube of the deal is worth to its buyer (`seat`), aboard galley deal.dst."""
    w = c.w
    g = deal.dst
    return c.good_value(
        w.g_area[g], w.g_sailors[g], deal.good, w.cargo[7 * g + deal.good], seller=seat
    )


def _own_value(c: _Ctx, deal: Deal) -> float:
    """What the cube we would sell from galley deal.src is worth to us."""
    w = c.w
    g = deal.src
    return c.good_value(w.g_area[g], w.g_sailors[g], deal.good, w.cargo[7 * g + deal.good] - 1)


def _price(c: _Ctx, legal: list[Action], hundreds: int) -> Action:
    prices = [act for act in legal if act.kind == "price"]
    hundreds = max(prices[0]["ducats"] // 100, min(prices[-1]["ducats"] // 100, hundreds))
    for act in prices:
        if act["ducats"] == hundreds * 100:
            return act
    return prices[-1]


def _offer(c: _Ctx, legal: list[Action]) -> Action:
    """The owner of a port asks the most it may (300), or with a monopoly about what the cube
    is worth to the buyer, less a margin so that the buyer still takes it; a seller between
    galleys asks more than the cube is worth to itself, and keeps a cube worth a fortune."""
    deal: Deal = c.w.stack[-1].data
    if deal.port >= 0:
        if deal.high <= 3:
            return _price(c, legal, deal.high)
        v = _buyer_value(c, deal, deal.buyer)
        return _price(c, legal, max(3, int(v - 100) // 100))
    mine = _own_value(c, deal)
    if c.w.stack[-1].kind == "opening" and mine >= 900:
        return c.a.refuse
    return _price(c, legal, int(mine + 150) // 100 + 1)


def _answer(c: _Ctx, legal: list[Action]) -> Action:
    a = c.a
    deal: Deal = c.w.stack[-1].data
    v = _buyer_value(c, deal, c.seat)
    price = deal.offer * 100
    counters = [act for act in legal if act.kind == "counter"]
    if a.accept in legal and (price <= 100 or price <= 0.35 * v):
        return a.accept
    if counters:
        target = int(0.4 * v) // 100
        pick = [act for act in counters if act["ducats"] <= target * 100]
        if pick:
            return pick[-1]
    if a.accept in legal and price <= v - 50:
        return a.accept
    return a.refuse


def _counter_answer(c: _Ctx, legal: list[Action]) -> Action:
    """Take a counter offer of at least two thirds of the price (at a port; the cube costs
    the owner nothing), or, between galleys, above what the cube is worth to us."""
    deal: Deal = c.w.stack[-1].data
    if deal.port >= 0:
        ok = 3 * deal.counter >= 2 * deal.offer
    else:
        ok = deal.counter * 100 >= _own_value(c, deal) + 50
    return c.a.accept if ok else c.a.refuse


def _last_word(c: _Ctx, legal: list[Action]) -> Action:
    deal: Deal = c.w.stack[-1].data
    if c.a.accept in legal and deal.offer * 100 <= _buyer_value(c, deal, c.seat) - 50:
        return c.a.accept
    return c.a.refuse


def _barter(c: _Ctx, legal: list[Action]) -> Action:
    """The bot proposes no barter; should it find itself putting one together, it gives up."""
    return c.a.cancel


def _barter_answer(c: _Ctx, legal: list[Action]) -> Action:
    """Take a barter when the cubes received are worth more to us, where our galley lies,
    than the cubes given away."""
    from arsenale.games.serenissima_1996.negotiation import Barter

    w = c.w
    bt: Barter = w.stack[-1].data
    g = bt.dst
    z, sailors = w.g_area[g], w.g_sailors[g]
    gain = 0.0
    for i in range(7):
        n = w.cargo[7 * g + i]
        for k in range(bt.give[i]):
            gain += c.good_value(z, sailors, i, n + k)
        for k in range(bt.ask[i]):
            gain -= c.good_value(z, sailors, i, n - 1 - k)
    return c.a.accept if gain >= 100 else c.a.refuse


_DECIDE: Final = {
    "deploy": _deploy,
    "bid": _bid,
    "position": _position,
    "purchases": _purchases,
    "opening": _offer,
    "offer": _offer,
    "answer": _answer,
    "counter_answer": _counter_answer,
    "last_word": _last_word,
    "barter": _barter,
    "arrange": _arrange,
    "barter_answer": _barter_answer,
    "movement": _movement,
    "permission": _permission,
    "battles": _battles,
    "victory": _victory,
    "spoils": _spoils,
    "landing": _landing,
    "sales": _sales,
}


def heuristic(w: Serenissima1996State, seat: int, legal: list[Action]) -> Action:
    """The heuristic's choice for `seat` in the world `w` (see the module docstring)."""
    return _DECIDE[w.stack[-1].kind](_Ctx(w, seat), legal)
