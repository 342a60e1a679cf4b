"""The state of a game of Serenissima (2012).

Everything is kept in flat lists of small integers so that `clone` is a handful of list copies
(see docs/architecture.md, "Speed"). Goods, ports, zones are indices into the board
(board.py); galley g is the galley numbered g + 1 on the board. A warehouse is a bit mask of
the goods it holds: the rulebook lets each good enter a port's warehouse at most once.

The rules themselves live beside this file, one module per part of the rulebook: setup.py,
activation.py (loading, movement, sale, claims), blockade.py, battle.py, investment.py and
turn_end.py (wheel, Doge cards, scoring, special investment, end of the game).
"""

from __future__ import annotations

import random
from itertools import compress
from typing import TYPE_CHECKING, Any, ClassVar, Final

from arsenale.core.chance import shuffle_as_random
from arsenale.core.decisions import Phase
from arsenale.core.observation import Buffer
from arsenale.core.result import Result
from arsenale.core.state import Event, GameState
from arsenale.games.serenissima_2012 import (
    activation,
    battle,
    blockade,
    investment,
    setup,
    turn_end,
)
from arsenale.games.serenissima_2012.board import GOODS, POPCOUNT, WINE, PlayerSetup
from arsenale.i18n import N_

if TYPE_CHECKING:
    from arsenale.games.serenissima_2012.game import Serenissima2012

COLOURS: Final = ("blue", "red", "orange", "black")
NO_CARGO: Final = (0,) * 6  # a galley's cargo slots, emptied


class Serenissima2012State(GameState):
    copied = (
        "money",
        "reserve",
        "owner",
        "port_sailors",
        "warehouse",
        "supply",
        "g_owner",
        "g_zone",
        "g_sailors",
        "cargo",
        "g_goods",
        "zone_galleys",
        "fleet",
        "port_count",
        "doge_deck",
        "doge_discard",
    )
    kept = (
        "home",
        "forts",
        "basilicas",
        "closed",
        "first",
        "turn",
        "wheel",
        "track",
        "scorings",
        "active",
        "start_zone",
        "moves",
        "step",
        "mode",
        "free_cube",
        "cap",
        "sale_asked",
        "sale_blocked",
        "claim_blockers",
        "bought_galley",
        "unloading",
    )
    __slots__ = copied + kept

    # Decision kind -> Phase: the game's flow (set-up, the wheel, a galley's action and the
    # decisions it raises, investments), with what each decision asks and its rule.
    phases: ClassVar[dict[str, Phase]] = {
        "close": Phase(
            setup.legal_close,
            setup.apply_close,
            asks=N_("you are closing a port for 2-3 players: 'close <port>'"),
            rule=activation.RULE_CLOSED,
        ),
        "choose_port": Phase(
            setup.legal_choose_port,
            setup.apply_choose_port,
            asks=N_("you are choosing a starting port: 'port <port>'"),
            rule=setup.RULE_SETUP,
        ),
        "choose_galley": Phase(
            setup.legal_choose_galley,
            setup.apply_choose_galley,
            asks=N_("you are choosing a galley: 'galley <number>'"),
            rule=setup.RULE_SETUP,
        ),
        "galley": Phase(
            turn_end.legal_galley,
            turn_end.apply_galley,
            asks=N_("your galley is on the wheel: 'act' or 'invest'"),
            rule=turn_end.RULE_WHEEL,
        ),
        "activation": Phase(
            activation.legal_activation,
            activation.apply_activation,
            asks=N_("your galley is acting: loading, movement, then sale or battle"),
            rule=activation.RULE_LOADING,
        ),
        "blockade": Phase(
            blockade.legal_blockade,
            blockade.apply_blockade,
            asks=N_("you are asked whether to blockade: 'blockade' or 'pass'"),
            rule=blockade.RULE_BLOCKADE,
        ),
        "battle": Phase(
            battle.legal_battle,
            battle.apply_battle,
            asks=N_("between two battle rounds the attacker says 'fight' or 'retreat'"),
            says=N_("between two battle rounds the attacker fights on or retreats"),
            rule=battle.RULE_BATTLE,
        ),
        "loot": Phase(
            battle.legal_loot,
            battle.apply_loot,
            asks=N_("you may take cargo from the sunken galley: 'loot <good>' or 'done'"),
            rule=battle.RULE_BATTLE,
        ),
        "occupy": Phase(
            battle.legal_occupy,
            battle.apply_occupy,
            asks=N_("the port is emptied: 'claim <sailors>' to take it, or 'end'"),
            rule=activation.RULE_CLAIM,
        ),
        "investment": Phase(
            investment.legal_investment,
            investment.apply_investment,
            asks=N_("you are investing: recruit, galley, fort, basilica or 'end'"),
            rule=investment.RULE_INVEST,
        ),
        "special": Phase(
            investment.legal_special,
            turn_end.apply_special,
            asks=N_("special investment: galleys and their sailors, or 'end'"),
            rule=investment.RULE_FEW_GALLEYS,
        ),
    }

    seat_names = COLOURS
    game: Serenissima2012

    # players and ports
    money: list[int]
    reserve: list[int]  # sailors not on the board, per player
    home: list[int]  # starting port of each player (-1 before it is chosen)
    owner: list[int]  # per port: owning seat or -1 (neutral)
    port_sailors: list[int]
    warehouse: list[int]  # per port: bit mask of goods present
    forts: int  # bit mask of ports with a fort
    basilicas: int  # bit mask of ports with a basilica
    closed: int  # bit mask of closed ports (2-3 players)
    supply: list[int]  # goods cubes left in the bank
    # galleys (index = number - 1)
    g_owner: list[int]  # -1: in the box, not on the wheel
    g_zone: list[int]
    g_sailors: list[int]
    cargo: list[int]  # cargo[6 * g + good]
    g_goods: list[int]  # goods cubes aboard galley g
    # counts kept up to date with the lists above, where they change (`recount` makes them anew)
    zone_galleys: list[int]  # per zone: galleys in play there
    fleet: list[int]  # per seat: galleys in play
    port_count: list[int]  # per seat: ports owned
    # turn, wheel, track, Doge
    first: int
    turn: int
    wheel: int  # galley index the black token is on; -1: the Doge space
    track: int
    scorings: int
    doge_deck: list[int]  # face down; the next card is the last element
    doge_discard: list[int]
    # the active galley's activation
    active: int
    start_zone: int
    moves: int  # zones crossed so far
    step: int
    mode: int
    free_cube: bool  # the free cube of an own port is still available
    cap: int  # the attacker's first combat value this activation, -1 before any battle
    sale_asked: bool  # blockade of the sale already offered
    sale_blocked: int  # bit mask of the seats that blockaded the sale (0: not blocked)
    claim_blockers: int  # bit mask of seats that blockaded a claim of the neutral port
    bought_galley: bool  # a galley was bought in this investment
    unloading: bool  # a piece has left the active galley in this loading (RULINGS.md R29)

    # -- helpers used by the rules ------------------------------------------------------------

    @property
    def setup(self) -> PlayerSetup:
        return self.game.board.setups[self.players]

    def galleys_of(self, seat: int) -> list[int]:
        """The seat's galleys in play, in order (found by `list.index`: it owns few)."""
        owners, out, g = self.g_owner, [], -1
        for _ in range(self.fleet[seat]):
            g = owners.index(seat, g + 1)
            out.append(g)
        return out

    def galleys_in(self, zone: int) -> list[int]:
        """The galleys in play in a zone of the board, in order (found by `list.index`, as
        many as the kept count says: a zone holds few of them)."""
        gz, out, g = self.g_zone, [], -1
        for _ in range(self.zone_galleys[zone]):
            g = gz.index(zone, g + 1)
            out.append(g)
        return out

    def recount(self) -> None:
        """Make the kept counts anew from the galleys' zones and owners and the ports' owners
        (for positions set up by hand)."""
        zones = [0] * len(self.game.board.zone_ids)
        fleet = [0] * self.players
        for g, o in enumerate(self.g_owner):
            if o >= 0:
                zones[self.g_zone[g]] += 1
                fleet[o] += 1
        self.zone_galleys = zones
        self.fleet = fleet
        self.port_count = [self.owner.count(seat) for seat in range(self.players)]

    def ports_of(self, seat: int) -> list[int]:
        """The seat's ports, in order (found by `list.index`: a seat owns few of them)."""
        owner, out, p = self.owner, [], -1
        for _ in range(self.port_count[seat]):
            p = owner.index(seat, p + 1)
            out.append(p)
        return out

    def pieces(self, g: int) -> int:
        return self.g_sailors[g] + self.g_goods[g]

    def port_has(self, p: int, good: int) -> bool:
        """A port "has" a good if it produces it or its warehouse holds it (Fort, Basilica)."""
        return self.game.board.port_good[p] == good or bool(self.warehouse[p] >> good & 1)

    def is_wine_port(self, p: int) -> bool:
        """The Port card shows its wine side (rulebook: Sale, Wine)."""
        return self.port_has(p, WINE)

    def sink(self, g: int, events: list[Event], cause: str) -> list[int]:
        """Remove galley g from the board and the wheel; sailors go back to the reserve.

        Returns its cargo (counts per good), which the caller gives to a looter or the bank.
        """
        owner = self.g_owner[g]
        self.reserve[owner] += self.g_sailors[g]
        base = 6 * g
        cargo = self.cargo[base : base + 6]
        self.cargo[base : base + 6] = NO_CARGO
        self.g_sailors[g] = 0
        self.g_goods[g] = 0
        self.g_owner[g] = -1
        self.fleet[owner] -= 1
        self.zone_galleys[self.g_zone[g]] -= 1
        self.g_zone[g] = -1
        events.append({"type": "sunk", "galley": g + 1, "seat": owner, "cause": cause})
        return cargo

    def return_to_bank(self, cargo: list[int]) -> None:
        supply = self.supply
        for good in compress(range(6), cargo):  # the goods there are
            supply[good] += cargo[good]

    # -- core hooks ---------------------------------------------------------------------------

    def _determinize(self, seat: int, rng: random.Random) -> None:
        """Redraw what `seat` cannot see: the order of the face-down Doge cards (which cards
        they are is public: every card not in the discard) and, with hidden money, the other
        seats' ducats, drawn from what the seat sees (RULINGS.md R30)."""
        deck = self.doge_deck
        deck.sort()
        shuffle_as_random(rng, deck)
        if self.options.get("hidden_money", False):
            money = self.money
            own, mine = money[seat], self.scoring_worth(seat)
            for s in range(self.players):
                if s != seat:
                    gap = self.scorings * (self.scoring_worth(s) - mine) // 2
                    centre = max(0, own + gap)
                    spread = 2 + centre // 4
                    money[s] = rng.randint(max(0, centre - spread), centre + spread)

    def scoring_worth(self, seat: int) -> int:
        """What a scoring would pay `seat` now: its ports by warehouse cubes, 5 a basilica."""
        b = self.game.board
        worth = 0
        for p in self.ports_of(seat):
            worth += b.scoring_by_cubes[POPCOUNT[self.warehouse[p]]]
            if self.basilicas >> p & 1:
                worth += b.meta["basilica_points"]
        return worth

    def _result(self) -> Result:
        """The richest player wins; ties go to the most Port cards (rulebook: End of the game)."""
        scores = tuple(float(m) for m in self.money)
        ports = tuple(float(n) for n in self.port_count)
        return Result.from_keys(scores, ports)

    def _observe(self, seat: int | None, out: Buffer) -> None:
        """What `_view(seat)` shows, as numbers (observation.py)."""
        self.game.encoder().write(self, seat, out)

    def _view(self, seat: int | None) -> dict[str, Any]:
        b = self.game.board
        hidden = self.options.get("hidden_money", False)
        players = []
        for s in range(self.players):
            row: dict[str, Any] = {
                "seat": s,
                "colour": COLOURS[s],
                "sailors_in_reserve": self.reserve[s],
                "ports": [b.port_ids[p] for p in self.ports_of(s)],
                "galleys": [g + 1 for g in self.galleys_of(s)],
                "home": b.port_ids[self.home[s]] if self.home[s] >= 0 else None,
            }
            if not hidden or s == seat:
                row["money"] = self.money[s]
            players.append(row)
        ports = [
            {
                "id": b.port_ids[p],
                "name": b.port_names[p],
                "good": GOODS[b.port_good[p]],
                "warehouse_size": b.port_size[p],
                "owner": self.owner[p] if self.owner[p] >= 0 else None,
                "sailors": self.port_sailors[p],
                "warehouse": [GOODS[g] for g in range(6) if self.warehouse[p] >> g & 1],
                "fort": bool(self.forts >> p & 1),
                "basilica": bool(self.basilicas >> p & 1),
                "closed": bool(self.closed >> p & 1),
                "wine_side": self.is_wine_port(p),
                "start": p in b.start_ports,
            }
            for p in range(len(b.port_ids))
        ]
        galleys = [
            {
                "number": g + 1,
                "owner": o,
                "zone": b.zone_ids[self.g_zone[g]],
                "sailors": self.g_sailors[g],
                "cargo": {
                    GOODS[i]: self.cargo[6 * g + i] for i in range(6) if self.cargo[6 * g + i]
                },
            }
            for g, o in enumerate(self.g_owner)
            if o >= 0
        ]
        setup = self.setup
        acting = None
        if self.active >= 0:
            acting = {
                "galley": self.active + 1,
                "seat": self.g_owner[self.active],
                "step": ("loading", "movement", "sale or battle")[self.step],
                "mode": (None, "sale", "battle")[self.mode],
                "zones_crossed": self.moves,
                "start_zone": b.zone_ids[self.start_zone],
                "free_cube": self.free_cube,
                "combat_cap": self.cap if self.cap >= 0 else None,
                "sale_blocked": bool(self.sale_blocked),
                "sale_blockade_asked": self.sale_asked,
                "claim_blocked_by": [
                    o for o in range(self.players) if self.claim_blockers >> o & 1
                ],
                "galley_bought": self.bought_galley,
                "unloading": self.unloading,
            }
        return {
            "first_player": self.first,
            "turn": self.turn,
            "players_info": players,
            "ports": ports,
            "galleys": galleys,
            "wheel": {
                "active_galley": self.wheel + 1 if self.wheel >= 0 else None,
                "order": [g + 1 for g, o in enumerate(self.g_owner) if o >= 0],
            },
            "track": {
                "position": self.track,
                "length": setup.track_length,
                "scoring_spaces": list(setup.scoring),
                "scorings_done": self.scorings,
            },
            "doge": {
                "face_down": len(self.doge_deck),
                "discard": [b.doge_ids[c] for c in self.doge_discard],
            },
            "supply": {GOODS[i]: self.supply[i] for i in range(6)},
            "activation": acting,
        }
