"""Serenissima (2012)'s observation tensor for the AI adapters, written from the state: what
`view(seat)` shows, as numbers (core/observation.py). Counts are raw, ducats in hundreds;
another seat's ducats are 0 with their "money_shown" slot 0 when coins are hidden. The
writer needs NumPy (the `ai` extra); the game makes it on the first observation."""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING, Any, Final

from arsenale.core.observation import Buffer, Layout
from arsenale.games.serenissima_2012.board import WINE, Board

if TYPE_CHECKING:
    from arsenale.games.serenissima_2012.state import Serenissima2012State

KINDS: Final = (
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
SEATS: Final = 4
GOODS: Final = 6


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

    It keeps the last observation it wrote as an image in parts (the decision, the players,
    the port owners, the ports' sailors, the warehouses, the buildings, the galleys, the
    wheel, the turn, the supply, the activation), each with the fields it reads, and rewrites
    a part only when one of those fields changed since the previous call: one move changes
    few of them. Of the players' ducats and reserves, the port owners, the ports' sailors,
    the supply, and the galleys' owners, zones and sailors only the changed entries are
    rewritten, found by plain loops over indices (cheaper here than `map(ne, new, old)` or `zip`);
    the galleys' cargoes are then rewritten on their own, and the turn apart from the rest
    of the players' part. Slots
    are set through a memoryview (NumPy's item assignment costs more than the game's move);
    the whole image is copied into the buffer, every slot of the layout (the game declares
    `observation_filled`). One encoder serves one thread at a time."""

    def __init__(self, board: Board) -> None:
        import numpy as np

        ports, galleys, zones = len(board.port_ids), board.meta["galleys"], len(board.zone_ids)
        self.ports, self.galleys, self.zones = ports, galleys, zones
        self.doges = len(board.doge_ids)
        self.layout = layout(board)
        self.at = {name: start for name, start, _ in self.layout}
        self.slots = {k: self.at["decision"] + i for i, k in enumerate(KINDS)}
        """Each decision kind's slot in the image."""
        self.wine_ports = [g == WINE for g in board.port_good]
        self.image: Any = np.zeros(self.layout.size, np.float32)
        self.w: Any = memoryview(self.image)  # type: ignore[arg-type]
        blank: Any = memoryview(np.zeros(self.layout.size, np.float32))  # type: ignore[arg-type]

        def span(first: str, last: str, length: int) -> tuple[int, int, Any]:
            """From part `first` to the end of part `last` (`length` slots), with its zeros."""
            a, b = self.at[first], self.at[last] + length
            return a, b, blank[: b - a]

        self.spans = {
            "players": span("hidden_money", "home", SEATS * ports),
            "port_owner": span("port_owner", "port_owner", SEATS * ports),
            "warehouse": span("warehouse", "warehouse", GOODS * ports),
            "galleys": span("galley_owner", "cargo", galleys * GOODS),
            "cargo": span("cargo", "cargo", galleys * GOODS),
            "turn": span("track", "doge", 1 + self.doges),
            "activation": span("active_galley", "claim_blocked_by", SEATS),
        }
        """The stretches of the image each part clears: start, end and as many zeros."""
        self.top = -1
        """The decision's slot in the image (-1: none)."""
        self.wheel = -1
        """The wheel's slot in the image (-1: none yet)."""
        self.wheel_at = self.at["wheel"]
        at = self.at
        self.crew_at = (at["galley_owner"], at["galley_zone"], at["galley_sailors"])
        """Where the galleys' owners, zones and sailors start."""
        self.activation_at = tuple(
            at[part] for part in ("active_galley", "step", "mode", "start_zone", "activation")
        )
        """Where the active galley's slots start, its step's, mode's, start zone's and the
        other activation numbers'."""
        self.turn = 0
        """The turn written in the image."""
        self.keys: list[Any] = [None] * 9
        """The fields each part of the image was last written from (lists copied)."""

    def write(self, s: Serenissima2012State, seat: int | None, out: Buffer) -> None:
        keys, w = self.keys, self.w
        top = self.slots[s.stack[-1].kind] if s.stack and not s.over else -1
        if top != self.top:
            if self.top >= 0:
                w[self.top] = 0.0
            if top >= 0:
                w[top] = 1.0
            self.top = top
        hidden = bool(s.options.get("hidden_money", False))
        shown = seat if hidden else -1
        key: tuple[Any, ...] = (shown, s.players, s.first, s.home)
        kept = keys[0]
        if kept is None or key != kept[0]:
            keys[0] = ((*key[:3], [*s.home]), [*s.money], [*s.reserve])
            self._players(s, seat, hidden)
            self.turn = s.turn
        elif s.money != kept[1] or s.reserve != kept[2]:
            self._purses(s, seat, hidden, kept[1], kept[2])
            keys[0] = (kept[0], [*s.money], [*s.reserve])
        if s.turn != self.turn:
            w[self.at["turn"]] = float(s.turn)
            self.turn = s.turn
        if s.owner != keys[1]:
            self._owners(s.owner, keys[1])
            keys[1] = [*s.owner]
        if s.port_sailors != keys[2]:
            self._counts("port_sailors", s.port_sailors, keys[2])
            keys[2] = [*s.port_sailors]
        if s.warehouse != keys[3]:
            keys[3] = [*s.warehouse]
            self._warehouses(s.warehouse)
        key = (s.forts, s.basilicas, s.closed)
        if key != keys[4]:
            keys[4] = key
            self._buildings(key)
        kept = keys[5]
        if kept is None:
            self._galleys(s)
            keys[5] = ([*s.g_owner], [*s.g_zone], [*s.g_sailors], [*s.cargo])
        else:
            owners = s.g_owner != kept[0]
            moved = s.g_zone != kept[1]
            crewed = s.g_sailors != kept[2]
            cargo = s.cargo != kept[3]
            if owners or (moved and crewed):
                self._crews(s, kept[0], kept[1], kept[2])
            elif moved:  # the same owners: only zones changed
                self._zones(s.g_zone, kept[1])
            elif crewed:  # the same owners: only sailors changed (none off the board)
                self._counts("galley_sailors", s.g_sailors, kept[2])
            if cargo or owners:
                self._cargo(s)
            if owners or moved or crewed or cargo:  # the kept copies unchanged serve on
                keys[5] = (
                    [*s.g_owner] if owners else kept[0],
                    [*s.g_zone] if moved else kept[1],
                    [*s.g_sailors] if crewed else kept[2],
                    [*s.cargo] if cargo else kept[3],
                )
        wheel = self.wheel_at + (s.wheel if s.wheel >= 0 else self.galleys)
        if wheel != self.wheel:
            if self.wheel >= 0:
                w[self.wheel] = 0.0
            w[wheel] = 1.0
            self.wheel = wheel
        key = (s.track, s.scorings, len(s.doge_deck), s.doge_discard)
        if key != keys[6]:
            keys[6] = (*key[:3], [*s.doge_discard])
            self._turn(s)
        if s.supply != keys[7]:
            self._counts("supply", s.supply, keys[7])
            keys[7] = [*s.supply]
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
        if key != keys[8]:
            keys[8] = key
            self._activation(s)
        out[: self.layout.size] = self.image

    def _clear(self, part: str) -> None:
        """Zero the stretch of the image `part` rewrites (`spans`)."""
        a, b, zeros = self.spans[part]
        self.w[a:b] = zeros

    def _players(self, s: Serenissima2012State, seat: int | None, hidden: bool) -> None:
        """Hidden money to home ports."""
        at, w, ports = self.at, self.w, self.ports
        self._clear("players")
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

    def _purses(
        self, s: Serenissima2012State, seat: int | None, hidden: bool, money: Any, reserve: Any
    ) -> None:
        """The ducats and reserves that differ from `money` and `reserve`, the ones shown (the
        rest of the players' part unchanged: the same seats, first player, turn and homes)."""
        w, at, cash, crews = self.w, self.at, s.money, s.reserve
        for p in range(s.players):
            if cash[p] != money[p] and (not hidden or p == seat):
                w[at["money"] + p] = cash[p] / 100
            if crews[p] != reserve[p]:
                w[at["sailors_in_reserve"] + p] = float(crews[p])

    def _owners(self, owner: list[int], shown: list[int] | None) -> None:
        """The port owners: those that differ from `shown`, or all of them (None)."""
        w, at = self.w, self.at["port_owner"]
        if shown is None or len(shown) != len(owner):
            self._clear("port_owner")
            for p, o in enumerate(owner):
                if o >= 0:
                    w[at + SEATS * p + o] = 1.0
            return
        for p in range(len(owner)):
            o = owner[p]
            if o != shown[p]:
                was = shown[p]
                if was >= 0:
                    w[at + SEATS * p + was] = 0.0
                if o >= 0:
                    w[at + SEATS * p + o] = 1.0

    def _warehouses(self, warehouse: list[int]) -> None:
        """The goods in each warehouse, and the wine sides (a wine port's, or wine present)."""
        w, at, wine = self.w, self.at["warehouse"], self.at["wine_side"]
        self._clear("warehouse")
        for p, bits in enumerate(warehouse):
            if bits:
                for i in range(GOODS):
                    if bits >> i & 1:
                        w[at + GOODS * p + i] = 1.0
            w[wine + p] = 1.0 if self.wine_ports[p] or bits >> WINE & 1 else 0.0

    def _buildings(self, masks: tuple[int, int, int]) -> None:
        """Forts, basilicas and closed ports (bit masks)."""
        w, ports = self.w, self.ports
        for name, mask in zip(("fort", "basilica", "closed"), masks, strict=True):
            at = self.at[name]
            for p in range(ports):
                w[at + p] = 1.0 if mask >> p & 1 else 0.0

    def _counts(self, part: str, counts: list[int], shown: list[int] | None) -> None:
        """The numbers of `part` (one slot each): those that differ from `shown`, or all of
        them (None)."""
        w, at = self.w, self.at[part]
        if shown is None or len(shown) != len(counts):
            for i, n in enumerate(counts):
                w[at + i] = float(n)
            return
        for i in range(len(counts)):
            if counts[i] != shown[i]:
                w[at + i] = float(counts[i])

    def _galleys(self, s: Serenissima2012State) -> None:
        """Galley owners to cargo."""
        at, w = self.at, self.w
        self._clear("galleys")
        g_owner, g_zone, g_sailors = at["galley_owner"], at["galley_zone"], at["galley_sailors"]
        cargo, zones = at["cargo"], self.zones
        for g, o in enumerate(s.g_owner):
            if o < 0:
                continue
            w[g_owner + g * SEATS + o] = 1.0
            w[g_zone + g * zones + s.g_zone[g]] = 1.0
            w[g_sailors + g] = float(s.g_sailors[g])
            if s.g_goods[g]:
                base = GOODS * g
                for i in compress(range(GOODS), s.cargo[base : base + GOODS]):  # goods aboard
                    w[cargo + base + i] = float(s.cargo[base + i])

    def _cargo(self, s: Serenissima2012State) -> None:
        """The cargoes of the galleys on the board (the rest of the galleys' part unchanged)."""
        w, cargo = self.w, self.at["cargo"]
        self._clear("cargo")
        for g in compress(range(self.galleys), s.g_goods):  # galleys with goods (in play)
            base = GOODS * g
            for i in compress(range(GOODS), s.cargo[base : base + GOODS]):  # goods aboard
                w[cargo + base + i] = float(s.cargo[base + i])

    def _crews(
        self, s: Serenissima2012State, owners: list[int], zones: list[int], sailors: list[int]
    ) -> None:
        """The owners, zones and sailors of the galleys whose owner, zone or sailors differ from
        `owners`, `zones` and `sailors` (those last written; a galley off the board has none)."""
        w = self.w
        g_owner, g_zone, g_sailors = self.crew_at
        owner, zone, crew, n = s.g_owner, s.g_zone, s.g_sailors, self.zones
        for g in range(self.galleys):
            o = owner[g]
            if o != owners[g]:
                was = owners[g]
                if was >= 0:
                    w[g_owner + g * SEATS + was] = 0.0
                    w[g_zone + g * n + zones[g]] = 0.0
                    w[g_sailors + g] = 0.0
                if o >= 0:
                    w[g_owner + g * SEATS + o] = 1.0
                    w[g_zone + g * n + zone[g]] = 1.0
                    w[g_sailors + g] = float(crew[g])
            elif o >= 0:
                if zone[g] != zones[g]:
                    w[g_zone + g * n + zones[g]] = 0.0
                    w[g_zone + g * n + zone[g]] = 1.0
                if crew[g] != sailors[g]:
                    w[g_sailors + g] = float(crew[g])

    def _zones(self, zone: list[int], zones: list[int]) -> None:
        """The zones of the galleys that moved since `zones` was written, the owners unchanged
        (a galley off the board is in zone -1 in both)."""
        w, at, n = self.w, self.crew_at[1], self.zones
        for g in range(self.galleys):
            if zone[g] != zones[g]:
                w[at + g * n + zones[g]] = 0.0
                w[at + g * n + zone[g]] = 1.0

    def _turn(self, s: Serenissima2012State) -> None:
        """The track and the Doge cards (the wheel's slot is set apart)."""
        at, w = self.at, self.w
        self._clear("turn")
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
        """The active galley's activation: the slots from the active galley's to the claim's
        blockers."""
        w = self.w
        self._clear("activation")
        if s.active < 0:
            return
        active, step, mode, start_zone, act = self.activation_at
        w[active + s.active] = 1.0
        w[step + s.step] = 1.0
        w[mode + s.mode] = 1.0
        w[start_zone + s.start_zone] = 1.0
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
            blockers = self.at["claim_blocked_by"]
            for o in range(s.players):
                if s.claim_blockers >> o & 1:
                    w[blockers + o] = 1.0
