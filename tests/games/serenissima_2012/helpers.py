"""Helpers for the Serenissima (2012) tests: staging rulebook positions, scripted dice, and the
invariants every reachable state must keep.

Seats are named by colour as in the engine (blue 0, red 1, orange 2, black 3); galleys are
named by the number printed on them (the engine's index + 1).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import arsenale
from arsenale.core.decisions import Decision
from arsenale.games.serenissima_2012 import turn_end
from arsenale.games.serenissima_2012.board import GOODS, POPCOUNT
from arsenale.games.serenissima_2012.state import Serenissima2012State
from arsenale.games.serenissima_2012.steps import LOADING
from scripted_chance import ScriptedChance

GAME = arsenale.load_game("serenissima-2012")
BOARD = GAME.board
BLUE, RED, ORANGE, BLACK = range(4)
SKULL, BLANK = 0, 5  # values of chance.below(6): below 3 is a skull (battle.skulls)

RULES = "serenissima-2012.en.txt"


def script(state: Serenissima2012State, *values: int) -> ScriptedChance:
    chance = ScriptedChance(values)
    state.chance = chance
    return chance


def port(name: str) -> int:
    return BOARD.port_index(name)


def zone(name: str) -> int:
    return BOARD.zone_index(name)


def good(name: str) -> int:
    return GOODS.index(name)


def set_up(
    players: int = 4, seed: int = 1, options: dict[str, Any] | None = None
) -> Serenissima2012State:
    """A new game with its set-up decisions played (the first legal choice each time)."""
    s = GAME.new_game(players, seed, options)
    while s.stack and s.stack[-1].kind in ("close", "choose_port", "choose_galley"):
        seat = s.to_move()[0]
        s.apply(seat, s.legal_actions(seat)[0])
    assert isinstance(s, Serenissima2012State)
    return s


class Stage:
    """Builds a position by hand: an empty board, then ports, galleys and money as told.

    `done()` recomputes the sailor reserves and the bank's cubes from what is on the board, so
    the staged position keeps the conservation invariants.
    """

    def __init__(self, players: int = 4, seed: int = 1, money: int = 20) -> None:
        s = self.s = set_up(players, seed)
        s.money = [money] * players
        s.owner = [-1] * len(s.owner)
        s.port_sailors = [0] * len(s.port_sailors)
        s.warehouse = [0] * len(s.warehouse)
        s.forts = s.basilicas = 0
        n = len(s.g_owner)
        s.g_owner = [-1] * n
        s.g_zone = [-1] * n
        s.g_sailors = [0] * n
        s.g_goods = [0] * n
        s.cargo = [0] * (6 * n)
        s.stack = []
        s.recount()

    def port(
        self,
        name: str,
        owner: int | None = None,
        sailors: int = 0,
        goods: Iterable[str] = (),
        fort: bool = False,
        basilica: bool = False,
    ) -> Stage:
        s, p = self.s, port(name)
        assert (owner is None) == (sailors == 0), "an owned port holds 1+ sailors, a neutral none"
        s.owner[p] = -1 if owner is None else owner
        s.port_sailors[p] = sailors
        mask = 0
        for g in goods:
            mask |= 1 << good(g)
        s.warehouse[p] = mask
        if fort:
            s.forts |= 1 << p
        if basilica:
            s.basilicas |= 1 << p
        s.recount()
        return self

    def galley(self, number: int, seat: int, where: str, sailors: int, **cargo: int) -> Stage:
        s, g = self.s, number - 1
        s.g_owner[g] = seat
        s.g_zone[g] = zone(where)
        s.g_sailors[g] = sailors
        for name, count in cargo.items():
            s.cargo[6 * g + good(name)] = count
        s.g_goods[g] = sum(cargo.values())
        s.recount()
        return self

    def money(self, seat: int, ducats: int) -> Stage:
        self.s.money[seat] = ducats
        return self

    def done(self) -> Serenissima2012State:
        s = self.s
        total = BOARD.setups[s.players].sailors
        for seat in range(s.players):
            on_board = sum(n for p, n in enumerate(s.port_sailors) if s.owner[p] == seat)
            on_board += sum(n for g, n in enumerate(s.g_sailors) if s.g_owner[g] == seat)
            s.reserve[seat] = total - on_board
            assert s.reserve[seat] >= 0
        s.supply = [BOARD.cubes[i] - goods_on_board(s, i) for i in range(6)]
        assert min(s.supply) >= 0
        s.recount()  # the kept counts of galleys per zone and seat and of ports per seat
        s._legal = None  # the legal-action cache is keyed by ply, which staging leaves alone
        return s

    def activate(self, number: int, choice: str = "act") -> Serenissima2012State:
        """Make galley `number` the active one, its owner having chosen to act or invest."""
        s = self.done()
        g = number - 1
        s.wheel = g
        turn_end.begin_activation(s, g)
        kind = "activation" if choice == "act" else "investment"
        s.stack = [Decision(kind, (s.g_owner[g],), g)]
        return s

    def wheel_at(self, number: int) -> Serenissima2012State:
        """The black token on galley `number`, its owner to choose between act and invest."""
        s = self.done()
        g = number - 1
        s.wheel = g
        s.active = -1
        s.stack = [Decision("galley", (s.g_owner[g],), g)]
        return s


# -- invariants --------------------------------------------------------------------------------


def goods_on_board(s: Serenissima2012State, good_index: int) -> int:
    """Cubes of one good outside the bank: on galleys, in warehouses, and in a loot frame."""
    n = sum(s.cargo[6 * g + good_index] for g in range(len(s.g_owner)))
    n += sum(1 for mask in s.warehouse if mask >> good_index & 1)
    for frame in s.stack:
        if frame.kind == "loot":
            n += frame.data[1][good_index]
    return n


def check_invariants(s: Serenissima2012State) -> None:
    b = s.game.board
    total = b.setups[s.players].sailors
    meta = b.meta
    for seat in range(s.players):
        ports = sum(n for p, n in enumerate(s.port_sailors) if s.owner[p] == seat)
        galleys = sum(n for g, n in enumerate(s.g_sailors) if s.g_owner[g] == seat)
        assert s.reserve[seat] >= 0, f"seat {seat} reserve {s.reserve[seat]}"
        assert s.reserve[seat] + ports + galleys == total, f"seat {seat} sailors not conserved"
        assert s.money[seat] >= 0, f"seat {seat} has {s.money[seat]} ducats"
        assert sum(1 for o in s.g_owner if o == seat) <= meta["galley_cubes_per_player"]
    for i in range(6):
        assert s.supply[i] >= 0
        assert s.supply[i] + goods_on_board(s, i) == b.cubes[i], f"{GOODS[i]} cubes not conserved"
    loading = bool(s.stack) and s.stack[-1].kind == "activation" and s.step == LOADING
    for g, o in enumerate(s.g_owner):
        cargo = s.cargo[6 * g : 6 * g + 6]
        assert min(cargo) >= 0
        assert sum(cargo) == s.g_goods[g]
        if o < 0:
            assert s.g_sailors[g] == 0 and s.g_goods[g] == 0 and s.g_zone[g] == -1
            continue
        assert g < b.setups[s.players].galleys, f"galley {g + 1} is not used with {s.players}"
        assert 0 <= s.g_zone[g] < len(b.zone_ids)
        if loading and o == s.g_owner[s.active] and s.g_zone[g] == s.g_zone[s.active]:
            # RULINGS.md R29: while loading, the player's galleys here may lack a sailor and
            # the active one may hold too much; both are settled when loading ends
            assert s.g_sailors[g] >= 0
            if g == s.active:
                continue
        else:
            assert s.g_sailors[g] >= 1, f"galley {g + 1} has no crew"
        assert s.g_sailors[g] <= meta["galley_capacity"], f"galley {g + 1} crew"
        assert s.g_goods[g] <= meta["galley_max_goods"]
        assert s.g_sailors[g] + s.g_goods[g] <= meta["galley_capacity"]
    for p, o in enumerate(s.owner):
        if o >= 0:
            assert 1 <= s.port_sailors[p] <= b.port_size[p], f"port {b.port_ids[p]} sailors"
            assert not s.closed >> p & 1, f"closed port {b.port_ids[p]} owned"
        else:
            assert s.port_sailors[p] == 0, f"neutral port {b.port_ids[p]} holds sailors"
        assert POPCOUNT[s.warehouse[p]] <= b.port_size[p]
        assert not s.warehouse[p] >> b.port_good[p] & 1, "a port never stores its own good"
    assert bin(s.basilicas).count("1") <= meta["basilicas"]
    assert bin(s.forts).count("1") <= meta["forts"]
    check_counts(s)


def check_counts(s: Serenissima2012State) -> None:
    """The counts the state keeps up to date (galleys per zone and per seat, ports per seat)
    equal those counted afresh."""
    kept = (s.zone_galleys, s.fleet, s.port_count)
    c = s.clone()
    assert isinstance(c, Serenissima2012State)
    c.recount()
    assert kept == (c.zone_galleys, c.fleet, c.port_count), "kept counts out of date"


def money_flows(events: list[dict[str, Any]], players: int) -> list[int]:
    """Each seat's change of ducats that the events account for."""
    delta = [0] * players
    for e in events:
        kind = e["type"]
        if kind == "load":
            delta[e["seat"]] -= e["ducats"]
            if e["paid_to"] is not None:
                delta[e["paid_to"]] += e["ducats"]
        elif kind == "purchase":
            delta[e["seat"]] -= e["ducats"]
        elif kind in ("sale", "wine_income", "scoring"):
            delta[e["seat"]] += e["ducats"]
    return delta


PRIVATE = Serenissima2012State.copied + Serenissima2012State.kept
"""Every field of the state (as `clone` copies them)."""


def snapshot(s: Serenissima2012State) -> dict[str, Any]:
    """Everything about a state: its spectator view, its private lists and the core's fields."""
    out: dict[str, Any] = {name: _copy(getattr(s, name)) for name in PRIVATE}
    out["view"] = s.view(None)
    out["ply"] = s.ply
    out["stack"] = list(s.stack)
    out["submissions"] = dict(s.submissions)
    out["over"] = s.over
    out["history"] = s.history()
    out["chance"] = s.chance.copy()._next() if hasattr(s.chance, "_next") else None
    return out


def _copy(value: Any) -> Any:
    return list(value) if isinstance(value, list) else value
