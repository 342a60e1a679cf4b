"""Helpers for the Serenissima (1996) tests: staging rulebook positions, scripted dice, and the
invariants every reachable state must keep.

Seats are named by nation as in the 4-player line-up (Venetian 0, Genoese 1, Spaniard 2,
Turk 3); galleys by the engine's slot + 1, as the notation writes them (`g1` is slot 0).
Dice: the engine rolls `chance.below(6) + 1`, so a scripted value v is a die showing v + 1
(`die(6)` is 5).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import arsenale
from arsenale.core.decisions import Decision
from arsenale.games.serenissima_1996 import flow
from arsenale.games.serenissima_1996.board import GOODS
from arsenale.games.serenissima_1996.state import POPCOUNT, Serenissima1996State
from scripted_chance import ScriptedChance

GAME = arsenale.load_game("serenissima-1996")
BOARD = GAME.board
VENETIAN, GENOESE, SPANIARD, TURK = range(4)
SAILORS = BOARD.components["sailors"]  # 176, one box for every nation (RULINGS R11)
GALLEYS = BOARD.components["galleys"]  # 28, likewise

EN = "serenissima-1996.en.txt"
FR = "serenissima-1996.fr.txt"


def die(face: int) -> int:
    """The scripted value for a die showing `face` (the engine adds 1 to below(6))."""
    assert 1 <= face <= 6
    return face - 1


def script(state: Serenissima1996State, *faces: int) -> ScriptedChance:
    """Script the next dice by the faces they show (1-6)."""
    chance = ScriptedChance((die(f) for f in faces), shuffles=False)
    state.chance = chance  # type: ignore[assignment]
    return chance


def port(name: str) -> int:
    return BOARD.port_index(name)


def area(name: str) -> int:
    return BOARD.area_index(name)


def good(name: str) -> int:
    return GOODS.index(name)


def area_of(port_name: str) -> str:
    return BOARD.area_ids[BOARD.port_area[port(port_name)]]


def notations(s: Serenissima1996State, seat: int) -> set[str]:
    return {a.notation for a in s.legal_actions(seat)}


def kinds(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


def deployed(
    players: int = 4, seed: int = 1, options: dict[str, Any] | None = None, split=(3, 3)
) -> Serenissima1996State:
    """A new game with every seat's secret deployment made (`split` sailors on the galleys)."""
    s = GAME.new_game(players, seed, options)
    assert isinstance(s, Serenissima1996State)
    for seat in range(players):
        s.apply(seat, f"deploy {split[0]} {split[1]}")
    return s


class Stage:
    """Builds a position by hand: an empty board, then ports, galleys, money, the round and
    the turn order as told, and finally the decision frame to play from.

    `done()` recomputes the box's sailors and cubes from what is on the board, so
    the staged position keeps the conservation invariants.
    """

    def __init__(
        self,
        players: int = 4,
        seed: int = 1,
        money: int = 2000,
        options: dict[str, Any] | None = None,
    ) -> None:
        s = self.s = GAME.new_game(players, seed, options)
        assert isinstance(s, Serenissima1996State)
        n_ports, n_galleys = len(BOARD.port_ids), len(s.g_owner)
        s.stack = []
        s.submissions = {}
        s.money = [money] * players
        s.owner = [-1] * n_ports
        s.garrison = [0] * n_ports
        s.warehouse = [0] * n_ports
        s.forts = 0
        s.built = 0
        s.hired = [0] * n_ports
        s.g_owner = [-1] * n_galleys
        s.g_area = [-1] * n_galleys
        s.g_sailors = [0] * n_galleys
        s.cargo = [0] * (7 * n_galleys)
        s.g_goods = [0] * n_galleys
        s.g_moved = [0] * n_galleys
        s.g_stopped = 0
        s.g_start = [-1] * n_galleys
        s.round = 1
        s.phase = 2
        s.order = list(range(players))
        s.turn_index = 0

    def port(
        self,
        name: str,
        owner: int | None = None,
        garrison: int = 0,
        goods: Iterable[str] = (),
        fort: bool = False,
    ) -> Stage:
        s, p = self.s, port(name)
        assert owner is not None or garrison == 0, "a neutral port has no garrison"
        s.owner[p] = -1 if owner is None else owner
        s.garrison[p] = garrison
        mask = 0
        for name_ in goods:
            mask |= 1 << good(name_)
        s.warehouse[p] = mask
        if fort:
            s.forts |= 1 << p
        return self

    def capitals(self, garrison: int = 4) -> Stage:
        """Every seat holds its own capital with `garrison` sailors."""
        for seat in range(self.s.players):
            self.port(BOARD.port_ids[self.s.capital_of(seat)], seat, garrison)
        return self

    def galley(self, number: int, seat: int, where: str, sailors: int, **cargo: int) -> Stage:
        """Galley `number` (slot number - 1) of `seat` in area `where` (an area id, or a port id
        meaning that port's area)."""
        s, g = self.s, number - 1
        if where in BOARD.port_ids:
            where = area_of(where)
        s.g_owner[g] = seat
        s.g_area[g] = area(where)
        s.g_start[g] = area(where)
        s.g_sailors[g] = sailors
        for name, count in cargo.items():
            s.cargo[7 * g + good(name)] = count
        s.g_goods[g] = sum(cargo.values())
        return self

    def money(self, seat: int, ducats: int) -> Stage:
        self.s.money[seat] = ducats
        return self

    def order(self, *seats: int) -> Stage:
        """The round's turn order, first to last."""
        assert sorted(seats) == list(range(self.s.players))
        self.s.order = list(seats)
        return self

    def round(self, n: int) -> Stage:
        self.s.round = n
        return self

    def done(self) -> Serenissima1996State:
        s = self.s
        s.box = SAILORS - sailors_on_board(s)
        assert s.box >= 0
        s.supply = [BOARD.cubes[i] - goods_on_board(s, i) for i in range(7)]
        assert min(s.supply) >= 0
        s._legal = None  # the legal-action cache is keyed by ply, which staging leaves alone
        return s

    def phase(self, phase: int, seat: int | None = None) -> Serenissima1996State:
        """Phase 2-6 with `seat` (default: the first in turn order) on turn."""
        s = self.done()
        seat = s.order[0] if seat is None else seat
        s.phase = phase
        s.turn_index = s.order.index(seat)
        if phase == 3:
            s.g_moved = [0] * len(s.g_moved)
            s.g_start = s.g_area.copy()
            s.g_stopped = 0
        s.stack = [Decision(flow.PHASE_KIND[phase], (seat,))]
        return s

    def bidding(self) -> Serenissima1996State:
        """Phase 1 of the current round: every seat owes a secret bid."""
        s = self.done()
        s.phase = 1
        s.order = [-1] * s.players
        s.turn_index = 0
        s.stack = [Decision("bid", tuple(range(s.players)))]
        return s


# -- invariants --------------------------------------------------------------------------------

TRANSIENT = ("victory", "spoils")  # a galley may be empty or over-full while these are open


def goods_on_board(s: Serenissima1996State, good_index: int) -> int:
    """Cubes of one good outside the box: on galleys and in warehouses."""
    n = sum(s.cargo[7 * g + good_index] for g in range(len(s.g_owner)))
    n += sum(1 for mask in s.warehouse if mask >> good_index & 1)
    return n


def sailors_on_board(s: Serenissima1996State) -> int:
    """Every nation's sailors in garrisons and aboard galleys."""
    ports = sum(n for p, n in enumerate(s.garrison) if s.owner[p] >= 0)
    return ports + sum(n for g, n in enumerate(s.g_sailors) if s.g_owner[g] >= 0)


def check_invariants(s: Serenissima1996State) -> None:
    b = s.game.board
    deployed_ = s.round >= 1  # the sailors are on the board from the end of set-up on
    transient = any(f.kind in TRANSIENT for f in s.stack)
    assert s.box >= 0, f"{s.box} sailors in the box"
    if deployed_:
        assert s.box + sailors_on_board(s) == SAILORS, "sailors not conserved"
    for seat in range(s.players):
        assert s.money[seat] >= 0, f"seat {seat} has {s.money[seat]} ducats"
    assert len(s.g_owner) == GALLEYS, "one slot per galley of the box"
    for i in range(7):
        assert s.supply[i] >= 0, f"{GOODS[i]} supply {s.supply[i]}"
        assert s.supply[i] + goods_on_board(s, i) == b.cubes[i], f"{GOODS[i]} cubes not conserved"
    for g, o in enumerate(s.g_owner):
        cargo = s.cargo[7 * g : 7 * g + 7]
        assert min(cargo) >= 0
        assert sum(cargo) == s.g_goods[g], f"galley {g + 1} goods count"
        if o < 0:
            assert s.g_sailors[g] == 0 and s.g_goods[g] == 0 and s.g_area[g] == -1
            continue
        assert 0 <= s.g_area[g] < len(b.area_ids)
        if not transient:
            assert s.g_sailors[g] >= 1, f"galley {g + 1} has no sailor"
            assert s.g_sailors[g] + s.g_goods[g] <= 5, f"galley {g + 1} holds more than 5"
            assert s.g_goods[g] <= 4, f"galley {g + 1} holds more than 4 goods"
    for p, o in enumerate(s.owner):
        assert s.garrison[p] >= 0
        if o < 0:
            assert s.garrison[p] == 0, f"neutral port {b.port_ids[p]} holds sailors"
        assert POPCOUNT[s.warehouse[p]] <= b.port_size[p]
        assert not s.warehouse[p] >> b.port_good[p] & 1, "a port never stores its own good"
    assert bin(s.forts).count("1") <= b.components["forts"]


SAILOR = BOARD.prices["sailor"]


def money_flows(events: list[dict[str, Any]], players: int) -> list[int]:
    """Each seat's change of ducats that the events account for."""
    delta = [0] * players
    for e in events:
        kind = e["type"]
        if kind == "bids":
            for seat, amount in enumerate(e["bids"]):
                delta[seat] -= amount
        elif kind == "bought":
            delta[e["seat"]] -= e["ducats"]
        elif kind == "hired":
            delta[e["seat"]] -= SAILOR
        elif kind == "built_galley":
            delta[e["seat"]] -= BOARD.prices["galley"]
            if e["crew"] == "hired":
                delta[e["seat"]] -= SAILOR
        elif kind == "built_fort":
            delta[e["seat"]] -= BOARD.prices["fort"]
        elif kind == "deal_done":
            delta[e["buyer"]] -= e["ducats"]
            delta[e["seller"]] += e["ducats"]
        elif kind == "sold":
            delta[e["seat"]] += e["ducats"] + e["bonus"]
        elif kind == "income":
            delta[e["seat"]] += e["ducats"]
    return delta


PRIVATE = (
    "nation",
    "money",
    "box",
    "owner",
    "garrison",
    "warehouse",
    "forts",
    "built",
    "hired",
    "supply",
    "g_owner",
    "g_area",
    "g_sailors",
    "cargo",
    "g_goods",
    "g_moved",
    "g_stopped",
    "g_start",
    "round",
    "phase",
    "order",
    "turn_index",
)


def snapshot(s: Serenissima1996State) -> dict[str, Any]:
    """Everything about a state: every seat's view, its private lists and the core's fields."""
    out: dict[str, Any] = {name: _copy(getattr(s, name)) for name in PRIVATE}
    out["views"] = [s.view(seat) for seat in (None, *range(s.players))]
    out["ply"] = s.ply
    out["stack"] = list(s.stack)
    out["submissions"] = dict(s.submissions)
    out["over"] = s.over
    out["history"] = s.history()
    out["chance"] = s.chance.copy()._next() if hasattr(s.chance, "_next") else None
    return out


def _copy(value: Any) -> Any:
    return list(value) if isinstance(value, list) else value
