"""The state of a game of Serenissima (1996).

Flat lists of small ints, so that `clone` is a handful of list copies. Goods, ports, areas and
nations are indices into the board (board.py); galley slot g is written `g{g + 1}`. A
warehouse is a bit mask of goods: a good enters a port's warehouse at most once.

The rules live beside this file, one module per part of the rulebook: setup.py, bidding.py
(phase 1), trade.py (phase 2), negotiation.py (prices, counter offers, trades between players),
movement.py (phase 3, permission to pass), battle.py (phase 4), landing.py (phase 5),
sales.py (phase 6, income, the end of a round and prosperity points). `Serenissima1996State.phases` ties each
decision to its legal actions, its effect and what it asks; every legal-action generator also
gives the reason a refused action is not legal (`why`), from the checks that leave it out.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any, ClassVar, Final

from arsenale.core.decisions import Phase, Why
from arsenale.core.observation import Buffer
from arsenale.core.result import Result
from arsenale.core.state import Event, GameState
from arsenale.games.serenissima_1996 import (
    arrange,
    battle,
    bidding,
    landing,
    movement,
    negotiation,
    sales,
    setup,
    trade,
)
from arsenale.games.serenissima_1996.board import GOODS, POPCOUNT
from arsenale.i18n import N_

if TYPE_CHECKING:
    from arsenale.games.serenissima_1996.game import Serenissima1996

MONEY_SPREAD: Final = 0.15
"""Spread (standard deviation of the logarithm) of a rival's drawn money per square root of
the rounds played (RULINGS.md R31)."""
MONEY_SPREAD_MAX: Final = 0.6
PHASE_NAMES: Final = ("set-up", "bids", "purchases", "movement", "battles", "landing", "sales")


class Serenissima1996State(GameState):
    copied = (
        "money",
        "owner",
        "garrison",
        "warehouse",
        "hired",
        "supply",
        "g_owner",
        "g_area",
        "g_sailors",
        "cargo",
        "g_goods",
        "g_moved",
        "g_start",
        "order",
    )
    kept = (
        "nation",
        "box",
        "forts",
        "built",
        "g_stopped",
        "round",
        "phase",
        "turn_index",
        "arranged",
        "deals",
    )
    __slots__ = copied + kept
    phases: ClassVar[dict[str, Phase]] = {
        "deploy": Phase(
            setup.legal_deploy,
            resolve=setup.resolve_deploy,
            asks=N_("split your 10 sailors: 'deploy <first galley> <second galley>'"),
            rule=setup.RULE_SETUP,
        ),
        "bid": Phase(
            bidding.legal_bid,
            resolve=bidding.resolve_bid,
            asks=N_("secret bid for the turn order: 'bid <ducats>' in hundreds"),
            rule=bidding.RULE_BIDS,
        ),
        "position": Phase(
            bidding.legal_position,
            bidding.apply_position,
            asks=N_("choose your place in the turn order: 'position <n>'"),
            rule=bidding.RULE_BIDS,
        ),
        "purchases": Phase(
            trade.legal_purchases,
            trade.apply_purchases,
            asks=N_("phase 2: buy, build, hire, arrange, discard, trade, barter, or 'done'"),
            rule=trade.RULE_BUY,
        ),
        "opening": Phase(
            negotiation.legal_offer,
            negotiation.apply_offer,
            asks=N_("a player wants to buy from you: 'price <ducats>' or 'refuse'"),
            rule=negotiation.RULE_TRADE,
        ),
        "offer": Phase(
            negotiation.legal_offer,
            negotiation.apply_offer,
            asks=N_("name your price: 'price <ducats>'"),
            rule=negotiation.RULE_PRICE,
        ),
        "answer": Phase(
            negotiation.legal_answer,
            negotiation.apply_answer,
            asks=N_("answer the price: 'accept', 'counter <ducats>' or 'refuse'"),
            rule=negotiation.RULE_PRICE,
        ),
        "counter_answer": Phase(
            negotiation.legal_accept_or_refuse,
            negotiation.apply_counter_answer,
            asks=N_("answer the counter offer: 'accept' or 'refuse'"),
            rule=negotiation.RULE_PRICE,
        ),
        "last_word": Phase(
            negotiation.legal_accept_or_refuse,
            negotiation.apply_last_word,
            asks=N_("take the first price ('accept') or give up ('refuse')"),
            says=N_("take the first price or give up"),
            rule=negotiation.RULE_PRICE,
        ),
        "arrange": Phase(
            arrange.legal_arrange,
            arrange.apply_arrange,
            asks=N_(
                "load the galley: 'put sailor', 'put <good>', then 'next' (a galley given no "
                "sailor sinks with its goods); or 'cancel'"
            ),
            rule=arrange.RULE_ARRANGE,
        ),
        "barter": Phase(
            negotiation.legal_barter,
            negotiation.apply_barter,
            asks=N_(
                "put your barter together: 'offer <good>', 'ask <good>', then 'propose' or 'cancel'"
            ),
            rule=negotiation.RULE_BARTER,
        ),
        "barter_answer": Phase(
            negotiation.legal_barter_answer,
            negotiation.apply_barter_answer,
            asks=N_("a barter is offered to you: 'accept' or 'refuse' it as a whole"),
            rule=negotiation.RULE_BARTER,
        ),
        "movement": Phase(
            movement.legal_movement,
            movement.apply_movement,
            asks=N_("phase 3: 'sail <galley> <area>' or 'done'"),
            says=N_("phase 3: sail your galleys, or end your movement"),
            rule=movement.RULE_MOVE,
        ),
        "permission": Phase(
            movement.legal_permission,
            movement.apply_permission,
            asks=N_("a galley asks to pass: 'allow' or 'deny'"),
            rule=movement.RULE_PERMISSION,
        ),
        "battles": Phase(
            battle.legal_battles,
            battle.apply_battles,
            asks=N_("phase 4: 'attack <galley> <target>' or 'done'"),
            says=N_("phase 4: attack with a galley, or end your battles"),
            rule=battle.RULE_BATTLE,
        ),
        "victory": Phase(
            battle.legal_victory,
            battle.apply_victory,
            asks=N_("the galley is emptied: 'capture <sailors>' or 'sink'"),
            rule=battle.RULE_BATTLE,
        ),
        "spoils": Phase(
            battle.legal_spoils,
            battle.apply_spoils,
            asks=N_(
                "share the goods of both galleys: 'take <good>' aboard the galley being "
                "loaded, then 'done' (the rest stay aboard the other, or sink with it)"
            ),
            rule=battle.RULE_BATTLE,
        ),
        "landing": Phase(
            landing.legal_landing,
            landing.apply_landing,
            asks=N_("phase 5: 'land <galley> <sailors>' or 'done'"),
            says=N_("phase 5: land sailors from a galley, or end your landings"),
            rule=landing.RULE_LANDING,
        ),
        "sales": Phase(
            sales.legal_sales,
            sales.apply_sales,
            asks=N_("phase 6: 'sell <good> <galley>' or 'done'"),
            says=N_("phase 6: sell goods from a galley, or end your sales"),
            rule=sales.RULE_SALE,
        ),
    }
    """Decision kind -> Phase: the phases of a round and the decisions that interrupt them."""

    game: Serenissima1996
    nation: tuple[int, ...]  # nation index of each seat
    money: list[int]
    box: int  # sailor pieces in the box, shared by every nation (RULINGS.md R11)
    owner: list[int]  # per port: seat or -1 (neutral)
    garrison: list[int]  # sailors in each port
    warehouse: list[int]  # bit mask of goods present
    forts: int  # bit mask of fortified ports
    built: int  # bit mask of ports where something was built this round
    hired: list[int]  # sailors hired in each port this round
    supply: list[int]  # cubes left in the box per good
    g_owner: list[int]  # per galley slot: seat, or -1 (not on the board)
    g_area: list[int]
    g_sailors: list[int]
    cargo: list[int]  # cargo[7 * g + good]
    g_goods: list[int]
    g_moved: list[int]  # areas moved this round (phase 3)
    g_stopped: int  # bit mask of galleys whose movement ended (refused passage)
    g_start: list[int]  # area where the galley began phase 3
    round: int
    phase: int  # index into PHASE_NAMES
    order: list[int]  # seats in turn order for this round
    turn_index: int  # whose turn within phases 2-6 (index into order)
    arranged: int  # areas arranged since the seat's last other phase-2 action (RULINGS R28)
    deals: int  # deals refused this turn (RULINGS R29) and barters made this turn (R33)

    def seat_label(self, seat: int) -> str:
        """Seats are named by their nation."""
        if 0 <= seat < len(self.nation):
            return self.game.board.nation_ids[self.nation[seat]]
        return super().seat_label(seat)

    # -- helpers used by the rules -------------------------------------------------------------

    @property
    def rounds(self) -> int:
        return self.game.board.setups[self.players].rounds

    def galleys_of(self, seat: int) -> list[int]:
        return [g for g, o in enumerate(self.g_owner) if o == seat]

    def galleys_in(self, area: int) -> list[int]:
        ga = self.g_area
        return [g for g, o in enumerate(self.g_owner) if o >= 0 and ga[g] == area]

    def ports_of(self, seat: int) -> list[int]:
        return [p for p, o in enumerate(self.owner) if o == seat]

    def port_has(self, p: int, good: int) -> bool:
        """Produced by the port or present in its warehouse (building conditions, bonus)."""
        return self.game.board.port_good[p] == good or bool(self.warehouse[p] >> good & 1)

    def room(self, g: int) -> bool:
        """A galley holds 5 pieces, at least one of them a sailor, so at most 4 goods."""
        return self.g_sailors[g] + self.g_goods[g] < 5 and self.g_goods[g] < 4

    def capital_of(self, seat: int) -> int:
        return self.game.board.nation_capital[self.nation[seat]]

    def monopoly(self, seat: int, good: int) -> bool:
        """A seat holds a monopoly of a good when it controls every port producing it."""
        owner = self.owner
        return all(owner[p] == seat for p in self.game.board.producers[good])

    def sink(self, g: int, events: list[Event], cause: str) -> None:
        """Remove galley g; its sailors and goods go back to the box."""
        seat = self.g_owner[g]
        self.box += self.g_sailors[g]
        base = 7 * g
        for i in range(7):
            self.supply[i] += self.cargo[base + i]
            self.cargo[base + i] = 0
        self.g_sailors[g] = 0
        self.g_goods[g] = 0
        self.g_owner[g] = -1
        self.g_area[g] = -1
        events.append({"type": "sunk", "galley": g + 1, "seat": seat, "cause": cause})

    def add_galley(self, seat: int, area: int) -> int:
        """Put a new galley of `seat` on the board (lowest free slot, no crew yet)."""
        g = self.g_owner.index(-1)
        self.g_owner[g] = seat
        self.g_area[g] = area
        self.g_moved[g] = 0
        self.g_start[g] = area
        return g

    def not_yours(self, g: int) -> str:
        """Why galley slot g is not the seat's to use."""
        from arsenale.games.serenissima_1996.words import _

        if self.g_owner[g] < 0:
            return _("galley {g} is not on the board").format(g=g + 1)
        return _("galley {g} is not yours: it belongs to the {nation}").format(
            g=g + 1, nation=self.game.seat_name(self.seat_label(self.g_owner[g]))
        )

    def refuse_others(
        self, seat: int, why: Why, kinds: str | tuple[str, ...], rule: str, name: str = "galley"
    ) -> None:
        """The check every generator makes first, that a galley is the seat's: explains the
        actions of `kinds` whose parameter `name` is a galley of somebody else or none."""
        if not why.wants(kinds):
            return
        for g, o in enumerate(self.g_owner):
            if o != seat:
                why.no(self.not_yours(g), rule, kinds, **{name: g + 1})

    # -- core hooks ----------------------------------------------------------------------------

    def _determinize(self, seat: int, rng: random.Random) -> None:
        """Other seats' money, hidden unless `open_money`, drawn from what `seat` sees
        (RULINGS.md R31): everyone holds the starting ducats until the first bids are paid;
        later each rival is taken to be as wealthy as the seat, money plus what it has
        visibly put into pieces (`invested`), give or take a spread that grows with the
        rounds played. Secret submissions are drawn by the core (`Game.submission_prior`).
        Nothing else is hidden."""
        if self.options.get("open_money", False):
            return
        start = self.game.board.start["ducats"]
        if self.round == 0 or (self.round == 1 and self.stack[-1].kind == "bid"):
            # nobody has paid anything yet
            for s in range(self.players):
                if s != seat:
                    self.money[s] = start
            return
        invested = self.investments()
        wealth = self.money[seat] + invested[seat]
        spread = min(MONEY_SPREAD_MAX, MONEY_SPREAD * math.sqrt(self.round))
        for s in range(self.players):
            if s != seat:
                mean = max(100, wealth - invested[s])
                draw = mean * math.exp(rng.gauss(-spread * spread / 2, spread))
                self.money[s] = int(draw / 100 + 0.5) * 100

    def invested(self, seat: int) -> int:
        """Ducats `seat` has visibly put into pieces beyond those it started with, at their
        prices: galleys past the first two, sailors in its ports' garrisons past the first
        ten, cubes aboard its galleys, forts in its ports. Read from what every seat sees."""
        return self.investments()[seat]

    def investments(self) -> list[int]:
        """`invested` of every seat, in one pass over the pieces."""
        b = self.game.board
        prices, start = b.prices, b.start
        n = self.players
        galleys, cubes, sailors, forts = [0] * n, [0] * n, [0] * n, [0] * n
        for o, goods in zip(self.g_owner, self.g_goods, strict=True):
            if 0 <= o < n:
                galleys[o] += 1
                cubes[o] += goods
        for o, garrison in zip(self.owner, self.garrison, strict=True):
            if 0 <= o < n:
                sailors[o] += garrison
        fortified = self.forts
        while fortified:
            low = fortified & -fortified
            o = self.owner[low.bit_length() - 1]
            if 0 <= o < n:
                forts[o] += 1
            fortified ^= low
        galley, sailor, good, fort = (
            prices["galley"],
            prices["sailor"],
            prices["good"],
            prices["fort"],
        )
        first_galleys, first_sailors = start["galleys"], start["sailors"]
        out = []
        for s in range(n):
            more_galleys = galleys[s] - first_galleys
            more_sailors = sailors[s] - first_sailors
            out.append(
                galley * (more_galleys if more_galleys > 0 else 0)
                + sailor * (more_sailors if more_sailors > 0 else 0)
                + good * cubes[s]
                + fort * forts[s]
            )
        return out

    def prosperity(self, seat: int) -> int:
        """Prosperity points (serenissima-1996.fr.txt, FIN DE PARTIE)."""
        return sum(self.prosperity_parts(seat))

    def prosperity_parts(self, seat: int) -> tuple[int, int, int, int]:
        """Prosperity points by source, in the rulebook's order (serenissima-1996.fr.txt,
        FIN DE PARTIE): the own capital held, ducats (1 per 500), ports whose warehouse is
        not full, full warehouses (2 / 5 / 10 by size)."""
        b = self.game.board
        pts = b.prosperity
        capital = pts["own_capital"] if self.owner[self.capital_of(seat)] == seat else 0
        money = self.money[seat] // pts["ducats_per_point"]
        open_ports = full = 0
        for p in self.ports_of(seat):
            size = b.port_size[p]
            if POPCOUNT[self.warehouse[p]] >= size:
                full += b.full_warehouse_points[size]
            else:
                open_ports += pts["open_port"]
        return capital, money, open_ports, full

    def _result(self) -> Result:
        """Most prosperity points wins; ties go to the richer player (RULINGS.md)."""
        scores = tuple(float(self.prosperity(s)) for s in range(self.players))
        money = tuple(float(m) for m in self.money)
        return Result.from_keys(scores, money)

    def _observe(self, seat: int | None, out: Buffer) -> None:
        """What `_view(seat)` shows, as numbers (observation.py)."""
        self.game.encoder().write(self, seat, out)

    def _view(self, seat: int | None) -> dict[str, Any]:
        b = self.game.board
        open_money = self.options.get("open_money", False)
        players = []
        for s in range(self.players):
            row: dict[str, Any] = {
                "seat": s,
                "nation": b.nation_ids[self.nation[s]],
                "sailors_in_box": self.box,  # the shared box (also at the top of the view)
                "ports": [b.port_ids[p] for p in self.ports_of(s)],
                "galleys": [g + 1 for g in self.galleys_of(s)],
                "place": self.order.index(s) + 1 if s in self.order else None,
            }
            if open_money or s == seat:
                row["money"] = self.money[s]
            if self.over:
                row["prosperity"] = self.prosperity(s)
            players.append(row)
        ports = [
            {
                "id": b.port_ids[p],
                "name": b.port_names[p],
                "good": GOODS[b.port_good[p]],
                "warehouse_size": b.port_size[p],
                "area": b.area_ids[b.port_area[p]],
                "capital_of": b.nation_ids[b.port_nation[p]] if b.port_nation[p] >= 0 else None,
                "owner": self.owner[p] if self.owner[p] >= 0 else None,
                "garrison": self.garrison[p],
                "warehouse": [GOODS[i] for i in range(7) if self.warehouse[p] >> i & 1],
                "fort": bool(self.forts >> p & 1),
                "built_this_round": bool(self.built >> p & 1),
                "hired_this_round": self.hired[p],
            }
            for p in range(len(b.port_ids))
        ]
        galleys = [
            {
                "galley": g + 1,
                "owner": o,
                "area": b.area_ids[self.g_area[g]],
                "sailors": self.g_sailors[g],
                "cargo": {
                    GOODS[i]: self.cargo[7 * g + i] for i in range(7) if self.cargo[7 * g + i]
                },
                "moved": self.g_moved[g],
                "stopped": bool(self.g_stopped >> g & 1),
                "started_in": b.area_ids[self.g_start[g]] if self.g_start[g] >= 0 else None,
            }
            for g, o in enumerate(self.g_owner)
            if o >= 0
        ]
        deal = None
        for frame in self.stack[::-1]:  # (mypyc cannot compile `reversed` of it)
            if frame.kind in ("offer", "answer", "counter_answer", "last_word", "opening"):
                deal = frame.data.to_json(b)
                break
            if frame.kind in ("barter", "barter_answer", "arrange", "spoils"):
                deal = frame.data.to_json(self)
                break
        return {
            "round": self.round,
            "rounds": self.rounds,
            "phase": PHASE_NAMES[self.phase],
            "order": list(self.order),
            "turn": self.order[self.turn_index] if self.phase >= 2 and not self.over else None,
            "players_info": players,
            "ports": ports,
            "galleys": galleys,
            "supply": {GOODS[i]: self.supply[i] for i in range(7)},
            "sailors_in_box": self.box,
            "deal": deal,
            "arranged_areas": [
                b.area_ids[z] for z in range(len(b.area_ids)) if self.arranged >> z & 1
            ],
            "refused_deals": [
                {"seller": seller, "good": GOODS[good], "at": "port" if port_deal else "galley"}
                for seller in range(self.players)
                for good in range(7)
                for port_deal in (True, False)
                if self.deals & trade.deal_bit(seller, good, port_deal)
            ],
            "barters_made": [
                [g + 1, h + 1]
                for g in range(len(self.g_owner))
                for h in range(g + 1, len(self.g_owner))
                if self.deals & negotiation.barter_bit(g, h)
            ],
        }
