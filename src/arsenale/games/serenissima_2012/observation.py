"""Serenissima (2012)'s observation tensor for the AI adapters, written from the state: what
`view(seat)` shows, as numbers (core/observation.py). Counts are raw, ducats in hundreds;
another seat's ducats are 0 with their "money_shown" slot 0 when coins are hidden. The
writer needs NumPy (the `ai` extra); the game makes it on the first observation."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from arsenale.core.observation import Buffer, Layout
from arsenale.games.serenissima_2012.board import WINE, Board

if TYPE_CHECKING:
    from arsenale.games.serenissima_2012.state import Serenissima2012State

KINDS = (
    "close",
    "choose_port",
    "choose_galley",
    "galley",
    "activation",
    "blockade",
    "battle",
    "loot",
    "occupy",
    "investment",
    "special",
)
"""The decision kinds (state.py's phases), one slot each."""
SEATS = 4
GOODS = 6
PORT_PARTS = 4096
"""Ports' parts remembered (the cache is emptied when full)."""


def layout(board: Board) -> Layout:
    """The parts of the tensor for this board."""
    ports, galleys, zones = len(board.port_ids), board.meta["galleys"], len(board.zone_ids)
    return Layout(
        ("decision", len(KINDS)),
        ("hidden_money", 1),
        ("first_player", SEATS),
        ("turn", 1),
        ("money", SEATS),
        ("money_shown", SEATS),
        ("sailors_in_reserve", SEATS),
        ("home", SEATS * ports),
        ("port_owner", ports * SEATS),
        ("port_sailors", ports),
        ("warehouse", ports * GOODS),
        ("fort", ports),
        ("basilica", ports),
        ("closed", ports),
        ("wine_side", ports),
        ("galley_owner", galleys * SEATS),
        ("galley_zone", galleys * zones),
        ("galley_sailors", galleys),
        ("cargo", galleys * GOODS),
        ("wheel", galleys + 1),
        ("track", 2),
        ("doge", 1 + len(board.doge_ids)),
        ("supply", GOODS),
        ("active_galley", galleys),
        ("step", 3),
        ("mode", 3),
        ("activation", 7),
        ("start_zone", zones),
        ("claim_blocked_by", SEATS),
    )


class Encoder:
    """The writer of one board's observations (NumPy: made when an adapter first asks)."""

    def __init__(self, board: Board) -> None:
        import numpy as np

        ports, galleys, zones = len(board.port_ids), board.meta["galleys"], len(board.zone_ids)
        self.ports, self.galleys, self.zones = ports, galleys, zones
        self.layout = layout(board)
        self.array: Any = np.array
        self.zeros: Any = np.zeros
        self.float32 = np.float32
        self.port_parts: dict[tuple[int, ...], Any] = {}
        self.at = {name: start for name, start, _ in self.layout}
        at = self.at
        self.port_owner = at["port_owner"] + SEATS * np.arange(ports)
        self.good_bits = np.arange(GOODS)
        self.port_bits = np.arange(ports)
        self.wine_ports = np.array([g == WINE for g in board.port_good], np.int64)
        self.kinds = {k: i for i, k in enumerate(KINDS)}
        self.port_span = slice(at["port_owner"], at["wine_side"] + ports)

    def write(self, s: Serenissima2012State, seat: int | None, out: Buffer) -> None:
        at = self.at
        w: Any = memoryview(out)  # type: ignore[arg-type]  # a slot's write, without NumPy's
        if s.stack and not s.over:
            w[at["decision"] + self.kinds[s.stack[-1].kind]] = 1.0
        hidden = bool(s.options.get("hidden_money", False))
        if hidden:
            w[at["hidden_money"]] = 1.0
        if s.first >= 0:
            w[at["first_player"] + s.first] = 1.0
        w[at["turn"]] = float(s.turn)
        money, shown = at["money"], at["money_shown"]
        reserve, home = at["sailors_in_reserve"], at["home"]
        ports = self.ports
        for p in range(s.players):
            if not hidden or p == seat:
                w[money + p] = s.money[p] / 100
                w[shown + p] = 1.0
            w[reserve + p] = float(s.reserve[p])
            if s.home[p] >= 0:
                w[home + p * ports + s.home[p]] = 1.0
        self._ports(s, out)
        g_owner, g_zone, g_sailors = at["galley_owner"], at["galley_zone"], at["galley_sailors"]
        cargo, zones = at["cargo"], self.zones
        for g, o in enumerate(s.g_owner):
            if o < 0:
                continue
            w[g_owner + g * SEATS + o] = 1.0
            w[g_zone + g * zones + s.g_zone[g]] = 1.0
            w[g_sailors + g] = float(s.g_sailors[g])
            if s.g_goods[g]:
                for i in range(GOODS):
                    n = s.cargo[GOODS * g + i]
                    if n:
                        w[cargo + g * GOODS + i] = float(n)
        w[at["wheel"] + (s.wheel if s.wheel >= 0 else self.galleys)] = 1.0
        w[at["track"]] = float(s.track)
        w[at["track"] + 1] = float(s.scorings)
        doge = at["doge"]
        w[doge] = float(len(s.doge_deck))
        counts: dict[int, int] = {}
        for c in s.doge_discard:
            counts[c] = counts.get(c, 0) + 1
        for c, n in counts.items():
            w[doge + 1 + c] = float(n)
        supply = at["supply"]
        for i in range(GOODS):
            w[supply + i] = float(s.supply[i])
        if s.active >= 0:
            w[at["active_galley"] + s.active] = 1.0
            w[at["step"] + s.step] = 1.0
            w[at["mode"] + s.mode] = 1.0
            w[at["start_zone"] + s.start_zone] = 1.0
            act = at["activation"]
            flags = (
                float(s.moves),
                float(s.free_cube),
                float(s.cap) if s.cap >= 0 else -1.0,
                float(bool(s.sale_blocked)),
                float(s.sale_asked),
                float(s.bought_galley),
                float(s.unloading),
            )
            for i, x in enumerate(flags):
                w[act + i] = x
            blockers = at["claim_blocked_by"]
            for o in range(s.players):
                if s.claim_blockers >> o & 1:
                    w[blockers + o] = 1.0

    def _ports(self, s: Serenissima2012State, out: Buffer) -> None:
        """The ports' part (owners to wine sides, contiguous), remembered by its content:
        ports change far less often than galleys move."""
        key = (s.forts, s.basilicas, s.closed, *s.owner, *s.port_sailors, *s.warehouse)
        part = self.port_parts.get(key)
        if part is None:
            if len(self.port_parts) >= PORT_PARTS:
                self.port_parts.clear()
            part = self.port_parts[key] = self._port_part(s)
        out[self.port_span] = part

    def _port_part(self, s: Serenissima2012State) -> Any:
        at, ports = self.at, self.ports
        part = self.zeros(self.port_span.stop - self.port_span.start, self.float32)
        base = self.port_span.start
        owner = self.array(s.owner)
        held = owner >= 0
        part[self.port_owner[held] + owner[held] - base] = 1.0
        part[at["port_sailors"] - base : at["port_sailors"] - base + ports] = s.port_sailors
        bits = self.array(s.warehouse)[:, None] >> self.good_bits & 1
        part[at["warehouse"] - base : at["warehouse"] - base + ports * GOODS] = bits.ravel()
        for name, mask in (("fort", s.forts), ("basilica", s.basilicas), ("closed", s.closed)):
            if mask:
                part[at[name] - base : at[name] - base + ports] = mask >> self.port_bits & 1
        wine = at["wine_side"] - base
        part[wine : wine + ports] = self.wine_ports | bits[:, WINE]
        return part
