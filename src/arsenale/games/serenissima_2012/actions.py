"""Every action of Serenissima (2012), built once into a catalogue.

Text notation (case and accents ignored) and JSON kinds:

| notation | JSON | when |
|---|---|---|
| `close napoli` | `{"kind": "close", "port": "napoli"}` | set-up, 2-3 players |
| `port venezia` | `{"kind": "choose_port", "port": "venezia"}` | set-up |
| `galley 7` | `{"kind": "choose_galley", "galley": 7}` | set-up |
| `act` / `invest` | `act` / `invest` | a galley's activation |
| `sailor from port` / `sailor to port` | `sailor_from_port` / `sailor_to_port` | loading |
| `sailor from g6` / `sailor to g6` | `sailor_from_galley` / `sailor_to_galley` | loading |
| `buy wood` | `{"kind": "buy_good", "good": "wood"}` | loading |
| `take wood from g6` / `give wood to g6` | `take_good` / `give_good` + `good`, `galley` | loading |
| `toss wood` | `{"kind": "toss_good", "good": "wood"}` | loading |
| `sink` | `{"kind": "sink"}` | loading: sink the active galley on purpose |
| `move algiers` | `{"kind": "move", "zone": "algiers"}` | movement |
| `sell wood` | `{"kind": "sell", "good": "wood"}` | sale |
| `attack g7` / `attack port` | `attack_galley` + `galley` / `attack_port` | battle |
| `claim 2` | `{"kind": "claim", "sailors": 2}` | taking a neutral or conquered port |
| `end` | `{"kind": "end"}` | ends a galley's turn or an investment |
| `blockade` / `pass` | `blockade` / `pass` | another player's blockade decision |
| `fight` / `retreat` | `fight` / `retreat` | between battle rounds |
| `loot marble` / `done` | `loot` + `good` / `done` | after sinking a galley |
| `recruit napoli` / `recruit g12` | `recruit_port` / `recruit_galley` | investment |
| `galley 7 at napoli` | `{"kind": "buy_galley", "galley": 7, "port": "napoli"}` | investment |
| `fort napoli` / `basilica napoli` | `fort` / `basilica` + `port` | investment |
"""

from __future__ import annotations

from arsenale.core.actions import Action, Catalogue
from arsenale.core.actions import normalize_text as _plain
from arsenale.core.decisions import Decision
from arsenale.games.serenissima_2012.board import GOODS, Board


class Actions:
    """The catalogue plus index tables, so rules pick actions without building any."""

    def __init__(self, board: Board) -> None:
        c = self.catalogue = Catalogue("serenissima-2012")
        ports, names = board.port_ids, board.port_names
        n_ports, n_galleys = len(ports), board.meta["galleys"]
        galleys = range(1, n_galleys + 1)

        def port_alias(fmt: str, p: int) -> tuple[str, ...]:
            alias = fmt.format(_plain(names[p]))
            return () if alias == fmt.format(ports[p]) else (alias,)

        self.close = [
            c.add("close", f"close {ports[p]}", port_alias("close {}", p), port=ports[p])
            for p in range(n_ports)
        ]
        self.choose_port = [
            c.add("choose_port", f"port {ports[p]}", port_alias("port {}", p), port=ports[p])
            for p in range(n_ports)
        ]
        self.choose_galley = [c.add("choose_galley", f"galley {n}", galley=n) for n in galleys]
        self.act = c.add("act", "act", ("action",))
        self.invest = c.add("invest", "invest", ("investment",))
        self.sailor_from_port = c.add("sailor_from_port", "sailor from port")
        self.sailor_to_port = c.add("sailor_to_port", "sailor to port")
        self.sailor_from_galley = [
            c.add("sailor_from_galley", f"sailor from g{n}", (f"sailor from galley {n}",), galley=n)
            for n in galleys
        ]
        self.sailor_to_galley = [
            c.add("sailor_to_galley", f"sailor to g{n}", (f"sailor to galley {n}",), galley=n)
            for n in galleys
        ]
        self.buy_good = [c.add("buy_good", f"buy {g}", (f"load {g}",), good=g) for g in GOODS]
        self.take_good = [
            [c.add("take_good", f"take {g} from g{n}", good=g, galley=n) for g in GOODS]
            for n in galleys
        ]
        self.give_good = [
            [c.add("give_good", f"give {g} to g{n}", good=g, galley=n) for g in GOODS]
            for n in galleys
        ]
        self.toss_good = [c.add("toss_good", f"toss {g}", good=g) for g in GOODS]
        self.sink = c.add("sink", "sink", ("sink galley", "scuttle"))
        self.move = [
            c.add(
                "move",
                f"move {z}",
                port_alias("move {}", board.zone_port[i]) if board.zone_port[i] >= 0 else (),
                zone=z,
            )
            for i, z in enumerate(board.zone_ids)
        ]
        self.zone_of = {m: z for z, m in enumerate(self.move)}
        """The zone of each move (a dict lookup: cheaper than finding its id on the board)."""
        self.moves_from = [
            tuple(self.move[z] for z in board.adjacent[i]) for i in range(len(board.zone_ids))
        ]
        """The moves out of each zone, in the order of its adjacent zones."""
        self.sell = [c.add("sell", f"sell {g}", good=g) for g in GOODS]
        self.attack_galley = [
            c.add("attack_galley", f"attack g{n}", (f"attack galley {n}",), galley=n)
            for n in galleys
        ]
        self.attack_port = c.add("attack_port", "attack port")
        self.claim = [c.add("claim", f"claim {n}", sailors=n) for n in range(1, 6)]  # claim[n - 1]
        self.end = c.add("end", "end", ("end turn",))
        self.blockade = c.add("blockade", "blockade", ("block",))
        self.pass_ = c.add("pass", "pass", ("no blockade",))
        self.fight = c.add("fight", "fight", ("continue",))
        self.retreat = c.add("retreat", "retreat", ("stop",))
        self.loot = [c.add("loot", f"loot {g}", good=g) for g in GOODS]
        self.done = c.add("done", "done")
        self.recruit_port = [
            c.add("recruit_port", f"recruit {ports[p]}", port_alias("recruit {}", p), port=ports[p])
            for p in range(n_ports)
        ]
        self.recruit_galley = [
            c.add("recruit_galley", f"recruit g{n}", (f"recruit galley {n}",), galley=n)
            for n in galleys
        ]
        self.buy_galley = [
            [
                c.add(
                    "buy_galley",
                    f"galley {n} at {ports[p]}",
                    port_alias(f"galley {n} at {{}}", p),
                    galley=n,
                    port=ports[p],
                )
                for p in range(n_ports)
            ]
            for n in galleys
        ]
        self.fort = [
            c.add("fort", f"fort {ports[p]}", port_alias("fort {}", p), port=ports[p])
            for p in range(n_ports)
        ]
        self.basilica = [
            c.add("basilica", f"basilica {ports[p]}", port_alias("basilica {}", p), port=ports[p])
            for p in range(n_ports)
        ]
        goods = (
            self.buy_good,
            self.toss_good,
            self.sell,
            self.loot,
            *self.take_good,
            *self.give_good,
        )
        self.good_of = {x[i]: i for x in goods for i in range(len(GOODS))}
        """The good of each action naming one, by its index in GOODS."""
        self.port_of = {
            x[p]: p
            for x in (self.recruit_port, self.fort, self.basilica, *self.buy_galley)
            for p in range(n_ports)
        }
        """The port of each investment naming one, by its index on the board."""

        # The decisions of a galley's turn, made once too (a `Decision` is a NamedTuple, slow to
        # build): the token on galley g, whose owner chooses (`galley_frame[g][seat]`), and its
        # action or investment.
        seats = range(max(board.setups))  # every seat of the largest game
        self.galley_frame = [[Decision("galley", (s,), g) for s in seats] for g in range(n_galleys)]
        self.activation_frame = [
            [Decision("activation", (s,), g) for s in seats] for g in range(n_galleys)
        ]
        self.investment_frame = [
            [Decision("investment", (s,), g) for s in seats] for g in range(n_galleys)
        ]

    def claim_action(self, n: int) -> Action:
        """The action unloading `n` sailors into a port."""
        return self.claim[n - 1]
