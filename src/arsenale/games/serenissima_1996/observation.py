"""Serenissima (1996)'s observation tensor for the AI adapters, written from the state: what
`view(seat)` shows, as numbers (core/observation.py). Counts are raw, ducats in hundreds;
another seat's ducats are 0 with their "money_shown" slot 0 unless money is open. The deal
under way (a price, a barter, an arrangement, spoils) is its fields' numbers in order. The
writer needs NumPy (the `ai` extra); the game makes it on the first observation."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from arsenale.core.observation import Buffer, Layout
from arsenale.games.serenissima_1996.board import Board

if TYPE_CHECKING:
    from arsenale.games.serenissima_1996.state import Serenissima1996State

KINDS: Final = (
    "deploy",
    "bid",
    "position",
    "purchases",
    "opening",
    "offer",
    "answer",
    "counter_answer",
    "last_word",
    "arrange",
    "barter",
    "barter_answer",
    "movement",
    "permission",
    "battles",
    "victory",
    "spoils",
    "landing",
    "sales",
)
"""The decision kinds (state.py's phases), one slot each."""
DEALS: Final = ("Deal", "Barter", "Arrangement", "Spoils")
DEAL_FRAMES: Final = frozenset(
    (
        "offer",
        "answer",
        "counter_answer",
        "last_word",
        "opening",
        "barter",
        "barter_answer",
        "arrange",
        "spoils",
    )
)
"""The frames whose data is the deal the view shows (the topmost one)."""
DEAL_NUMBERS: Final = 96
SEATS: Final = 4
GOODS: Final = 7
PHASES: Final = 7
PORT_PARTS: Final = 4096
"""Ports' parts remembered (the cache is emptied when full)."""


def layout(board: Board) -> Layout:
    """The parts of the tensor for this board."""
    ports, areas, galleys = len(board.port_ids), len(board.area_ids), board.components["galleys"]
    return Layout(
        ("decision", len(KINDS)),
        ("open_money", 1),
        ("round", 2),
        ("phase", PHASES),
        ("order", SEATS * SEATS),
        ("turn", SEATS),
        ("nation", SEATS * len(board.nation_ids)),
        ("money", SEATS),
        ("money_shown", SEATS),
        ("prosperity", SEATS),
        ("sailors_in_box", 1),
        ("port_owner", ports * SEATS),
        ("garrison", ports),
        ("warehouse", ports * GOODS),
        ("fort", ports),
        ("built_this_round", ports),
        ("hired_this_round", ports),
        ("galley_owner", galleys * SEATS),
        ("galley_area", galleys * areas),
        ("galley_sailors", galleys),
        ("cargo", galleys * GOODS),
        ("moved", galleys),
        ("stopped", galleys),
        ("started_in", galleys * areas),
        ("supply", GOODS),
        ("deal", len(DEALS) + DEAL_NUMBERS),
        ("arranged_areas", areas),
        ("refused_deals", SEATS * GOODS * 2),
        ("barters_made", galleys * galleys),
    )


def _numbers(value: Any, out: list[float]) -> None:
    """The numbers of a deal's fields, depth first."""
    if isinstance(value, tuple):
        for v in value:
            _numbers(v, out)
    elif isinstance(value, str):  # Spoils.mode: 1 where the beaten galley sinks
        out.append(float(value != "share"))
    else:
        out.append(float(value))


class Encoder:
    """The writer of one board's observations (NumPy: made when an adapter first asks)."""

    def __init__(self, board: Board) -> None:
        import numpy as np

        self.ports, self.areas = len(board.port_ids), len(board.area_ids)
        self.nations = len(board.nation_ids)
        self.galleys = board.components["galleys"]
        self.layout = layout(board)
        self.at = {name: start for name, start, _ in self.layout}
        self.kinds = {k: i for i, k in enumerate(KINDS)}
        self.array: Any = np.array
        self.zeros: Any = np.zeros
        self.float32 = np.float32
        at, ports = self.at, self.ports
        self.port_span = slice(at["port_owner"], at["hired_this_round"] + ports)
        self.port_owner = at["port_owner"] + SEATS * np.arange(ports)
        self.good_bits = np.arange(GOODS)
        self.port_bits = np.arange(ports)
        self.port_parts: dict[tuple[int, ...], Any] = {}

    def write(self, s: Serenissima1996State, seat: int | None, out: Buffer) -> None:
        at = self.at
        w: Any = memoryview(out)  # type: ignore[arg-type]  # a slot's write, without NumPy's
        over = s.over
        if s.stack and not over:
            w[at["decision"] + self.kinds[s.stack[-1].kind]] = 1.0
        open_money = bool(s.options.get("open_money", False))
        if open_money:
            w[at["open_money"]] = 1.0
        w[at["round"]] = float(s.round)
        w[at["round"] + 1] = float(s.rounds)
        w[at["phase"] + s.phase] = 1.0
        order = at["order"]
        for place, o in enumerate(s.order):
            w[order + SEATS * o + place] = 1.0
        if s.phase >= 2 and not over:
            w[at["turn"] + s.order[s.turn_index]] = 1.0
        nation, money, shown = at["nation"], at["money"], at["money_shown"]
        for p in range(s.players):
            w[nation + self.nations * p + s.nation[p]] = 1.0
            if open_money or p == seat:
                w[money + p] = s.money[p] / 100
                w[shown + p] = 1.0
            if over:
                w[at["prosperity"] + p] = float(s.prosperity(p))
        w[at["sailors_in_box"]] = float(s.box)
        self._ports(s, out)
        g_owner, g_area, g_sailors = at["galley_owner"], at["galley_area"], at["galley_sailors"]
        cargo, moved, stopped, start = at["cargo"], at["moved"], at["stopped"], at["started_in"]
        areas = self.areas
        for g, o in enumerate(s.g_owner):
            if o < 0:
                continue
            w[g_owner + g * SEATS + o] = 1.0
            w[g_area + g * areas + s.g_area[g]] = 1.0
            w[g_sailors + g] = float(s.g_sailors[g])
            if s.g_goods[g]:
                for i in range(GOODS):
                    n = s.cargo[GOODS * g + i]
                    if n:
                        w[cargo + g * GOODS + i] = float(n)
            if s.g_moved[g]:
                w[moved + g] = float(s.g_moved[g])
            if s.g_stopped >> g & 1:
                w[stopped + g] = 1.0
            if s.g_start[g] >= 0:
                w[start + g * areas + s.g_start[g]] = 1.0
        supply = at["supply"]
        for i in range(GOODS):
            w[supply + i] = float(s.supply[i])
        for frame in s.stack[::-1]:  # (mypyc cannot compile `reversed` of it)
            if frame.kind in DEAL_FRAMES:
                deal = at["deal"]
                w[deal + DEALS.index(type(frame.data).__name__)] = 1.0
                numbers: list[float] = []
                _numbers(frame.data, numbers)
                for i, value in enumerate(numbers[:DEAL_NUMBERS]):
                    w[deal + len(DEALS) + i] = value
                break
        x = s.arranged
        while x:
            low = x & -x
            w[at["arranged_areas"] + low.bit_length() - 1] = 1.0
            x ^= low
        deals = s.deals
        x = deals & ((1 << (2 * GOODS * s.players)) - 1)
        while x:
            low = x & -x
            w[at["refused_deals"] + low.bit_length() - 1] = 1.0
            x ^= low
        x = deals >> 64
        while x:
            low = x & -x
            w[at["barters_made"] + low.bit_length() - 1] = 1.0
            x ^= low

    def _ports(self, s: Serenissima1996State, out: Buffer) -> None:
        """The ports' part (owners to hired sailors, contiguous), remembered by its content:
        ports change far less often than galleys move."""
        key = (s.forts, s.built, *s.owner, *s.garrison, *s.warehouse, *s.hired)
        part = self.port_parts.get(key)
        if part is None:
            if len(self.port_parts) >= PORT_PARTS:
                self.port_parts.clear()
            part = self.port_parts[key] = self._port_part(s)
        out[self.port_span] = part

    def _port_part(self, s: Serenissima1996State) -> Any:
        at, ports, base = self.at, self.ports, self.port_span.start
        part = self.zeros(self.port_span.stop - base, self.float32)
        owner = self.array(s.owner)
        held = owner >= 0
        part[self.port_owner[held] + owner[held] - base] = 1.0
        part[at["garrison"] - base : at["garrison"] - base + ports] = s.garrison
        bits = self.array(s.warehouse)[:, None] >> self.good_bits & 1
        part[at["warehouse"] - base : at["warehouse"] - base + ports * GOODS] = bits.ravel()
        for name, mask in (("fort", s.forts), ("built_this_round", s.built)):
            if mask:
                part[at[name] - base : at[name] - base + ports] = mask >> self.port_bits & 1
        hired = at["hired_this_round"] - base
        part[hired : hired + ports] = s.hired
        return part
