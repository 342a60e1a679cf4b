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
    """The writer of one board's observations (NumPy: made when an adapter first asks).

    It keeps the last observation it wrote as an image in four parts (the players, the ports,
    the galleys, the rest), each with the fields it reads, and rewrites a part only when one of
    those fields changed since the last call: one move changes few of them. The image is
    copied into the buffer. One encoder serves one thread at a time."""

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
        self.image: Any = np.zeros(self.layout.size, np.float32)
        self.w: Any = memoryview(self.image)  # type: ignore[arg-type]  # slot writes, no NumPy
        self.blank: Any = memoryview(np.zeros(self.layout.size, np.float32))  # type: ignore[arg-type]
        self.doges = len(board.doge_ids)
        self.act = slice(at["active_galley"], at["claim_blocked_by"] + SEATS)
        self.supply: list[int] = [0] * GOODS
        """The supply the image shows."""
        self.top = -1
        """The decision's slot in the image (-1: none)."""
        self.keys: list[Any] = [None] * 5
        """The fields each part of the image was last written from (lists copied)."""

    def write(self, s: Serenissima2012State, seat: int | None, out: Buffer) -> None:
        keys, w = self.keys, self.w
        top = self.at["decision"] + self.kinds[s.stack[-1].kind] if s.stack and not s.over else -1
        if top != self.top:
            if self.top >= 0:
                w[self.top] = 0.0
            if top >= 0:
                w[top] = 1.0
            self.top = top
        hidden = bool(s.options.get("hidden_money", False))
        shown = seat if hidden else -1
        key: tuple[Any, ...] = (shown, s.first, s.turn, s.money, s.reserve, s.home)
        if key != keys[0]:
            keys[0] = (shown, s.first, s.turn, [*s.money], [*s.reserve], [*s.home])
            self._players(s, seat, hidden)
        key = (s.forts, s.basilicas, s.closed, s.owner, s.port_sailors, s.warehouse)
        if key != keys[1]:
            keys[1] = (
                s.forts,
                s.basilicas,
                s.closed,
                [*s.owner],
                [*s.port_sailors],
                [*s.warehouse],
            )
            self._ports(s)
        key = (s.g_owner, s.g_zone, s.g_sailors, s.cargo)
        if key != keys[2]:
            self._galleys(s, keys[2])
            keys[2] = ([*s.g_owner], [*s.g_zone], [*s.g_sailors], [*s.cargo])
        key = (s.wheel, s.track, s.scorings, len(s.doge_deck), s.doge_discard)
        if key != keys[3]:
            keys[3] = (*key[:4], [*s.doge_discard])
            self._turn(s)
        if s.supply != self.supply:
            self.supply = supply = [*s.supply]
            at = self.at["supply"]
            for i in range(GOODS):
                w[at + i] = float(supply[i])
        key = (
            s.active,
            s.step,
            s.mode,
            s.start_zone,
            s.moves,
            s.free_cube,
            s.cap,
            s.sale_blocked,
            s.sale_asked,
            s.bought_galley,
            s.unloading,
            s.claim_blockers,
            s.players,
        )
        if key != keys[4]:
            keys[4] = key
            self._activation(s)
        out[: self.layout.size] = self.image

    def _clear(self, first: str, last: str, length: int) -> None:
        """Zero the image from part `first` to the end of part `last` (`length` slots)."""
        a, b = self.at[first], self.at[last] + length
        self.w[a:b] = self.blank[: b - a]

    def _players(self, s: Serenissima2012State, seat: int | None, hidden: bool) -> None:
        """Hidden money to home ports."""
        at, w, ports = self.at, self.w, self.ports
        self._clear("hidden_money", "home", SEATS * ports)
        if hidden:
            w[at["hidden_money"]] = 1.0
        if s.first >= 0:
            w[at["first_player"] + s.first] = 1.0
        w[at["turn"]] = float(s.turn)
        money, shown = at["money"], at["money_shown"]
        reserve, home = at["sailors_in_reserve"], at["home"]
        for p in range(s.players):
            if not hidden or p == seat:
                w[money + p] = s.money[p] / 100
                w[shown + p] = 1.0
            w[reserve + p] = float(s.reserve[p])
            if s.home[p] >= 0:
                w[home + p * ports + s.home[p]] = 1.0

    def _galleys(self, s: Serenissima2012State, old: tuple[list[int], ...] | None) -> None:
        """Galley owners to cargo: the galleys whose fields changed since `old`, the fields the
        image was last written from (None: every galley)."""
        at, w = self.at, self.w
        g_owner, g_zone, g_sailors = at["galley_owner"], at["galley_zone"], at["galley_sailors"]
        cargo, zones = at["cargo"], self.zones
        for g, o in enumerate(s.g_owner):
            if old is not None:
                was = old[0][g]
                if (
                    was == o
                    and old[1][g] == s.g_zone[g]
                    and old[2][g] == s.g_sailors[g]
                    and old[3][GOODS * g : GOODS * g + GOODS]
                    == s.cargo[GOODS * g : GOODS * g + GOODS]
                ):
                    continue
                if was >= 0:
                    w[g_owner + g * SEATS + was] = 0.0
                    w[g_zone + g * zones + old[1][g]] = 0.0
                    w[g_sailors + g] = 0.0
                    for i in range(GOODS):
                        w[cargo + g * GOODS + i] = 0.0
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

    def _turn(self, s: Serenissima2012State) -> None:
        """The wheel, the track and the Doge cards."""
        at, w = self.at, self.w
        self._clear("wheel", "doge", 1 + self.doges)
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

    def _activation(self, s: Serenissima2012State) -> None:
        """The active galley's activation: its slots, from the active galley's to the claim's
        blockers."""
        w, a = self.w, self.act
        w[a.start : a.stop] = self.blank[: a.stop - a.start]
        if s.active < 0:
            return
        at = self.at
        w[at["active_galley"] + s.active] = 1.0
        w[at["step"] + s.step] = 1.0
        w[at["mode"] + s.mode] = 1.0
        w[at["start_zone"] + s.start_zone] = 1.0
        act = at["activation"]
        if s.moves:
            w[act] = float(s.moves)
        if s.free_cube:
            w[act + 1] = 1.0
        w[act + 2] = float(s.cap) if s.cap >= 0 else -1.0
        if s.sale_blocked:
            w[act + 3] = 1.0
        if s.sale_asked:
            w[act + 4] = 1.0
        if s.bought_galley:
            w[act + 5] = 1.0
        if s.unloading:
            w[act + 6] = 1.0
        if s.claim_blockers:
            blockers = at["claim_blocked_by"]
            for o in range(s.players):
                if s.claim_blockers >> o & 1:
                    w[blockers + o] = 1.0

    def _ports(self, s: Serenissima2012State) -> None:
        """The ports' part (owners to wine sides, contiguous), remembered by its content."""
        key = (s.forts, s.basilicas, s.closed, *s.owner, *s.port_sailors, *s.warehouse)
        part = self.port_parts.get(key)
        if part is None:
            if len(self.port_parts) >= PORT_PARTS:
                self.port_parts.clear()
            part = self.port_parts[key] = self._port_part(s)
        self.image[self.port_span] = part

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
