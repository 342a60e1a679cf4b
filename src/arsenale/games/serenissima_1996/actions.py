"""Every action of Serenissima (1996), built once into a catalogue.

Galleys are named `g1`..`g28` (their slot on the board), areas and ports by id. Money in
hundreds of ducats is written in ducats: `bid 300`, `price 200`.

Notation (JSON kind in brackets):

- set-up, secret: `deploy 3 4` (deploy: sailors on the two galleys, the rest in the capital)
- phase 1: `bid 300` (bid, secret), `position 2` (position: a place in the turn order)
- phase 2: `buy wood g3` (buy), `hire venezia` / `hire g3` (hire_port / hire_galley),
  `build galley venezia` / `build galley venezia hire` (build_galley, crewed from the
  garrison or by a hired sailor), `build fort venezia` (build_fort),
  `arrange ligurian-sea` (arrange: set where one's sailors and goods of an area lie, then
  `put sailor` / `put wood` (put) aboard each galley in turn, `next`, or `cancel`), `discard wood g1` /
  `discard sailor g1` (discard_good / discard_sailor), `trade wood g1 g5` (trade: a sale
  from one player's galley to another's), `barter g1 g5` (barter: goods for goods between
  one's galley and another player's)
- barter: `offer wood` / `ask gold` (barter_give / barter_ask: a cube more to give or to ask
  for), `propose`, `cancel`; the other player answers `accept` or `refuse`
- negotiation: `price 200`, `counter 100`, `accept`, `refuse`
- phase 3: `sail g1 ionian-sea` (sail); permission: `allow` / `deny`
- phase 4: `attack g1 g5` (attack), `attack g1 port` (attack_port); after emptying a galley
  `capture 2` / `sink`, then `take wood` / `give wood` to share the goods
- phase 5: `land g1 2` (land); phase 6: `sell wood g1` (sell)
- `done` ends one's turn of a phase, or the sharing of goods
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from arsenale.core.actions import Action, Catalogue
from arsenale.games.serenissima_1996.board import GOODS, Board


class Actions:
    """The catalogue plus index tables, so rules pick actions without building any."""

    def __init__(self, board: Board) -> None:
        c = self.catalogue = Catalogue("serenissima-1996")
        n_galleys = board.components["galleys"]
        ports, areas = board.port_ids, board.area_ids
        G = range(n_galleys)  # galley slots

        self.deploy = [
            [
                c.add("deploy", f"deploy {a} {b}", first=a, second=b) if a and b else None
                for b in range(6)
            ]
            for a in range(6)
        ]
        # Any sum the bidder holds, in 100-ducat coins: up to the most a player can ever hold
        # (Board.money_bound), so the catalogue limits nothing the rules allow (RULINGS.md R9).
        top_bid = board.money_bound() // 100
        self.bid = [c.add("bid", f"bid {n * 100}", ducats=n * 100) for n in range(top_bid + 1)]
        self.position = [c.add("position", f"position {k}", place=k) for k in range(1, 5)]
        self.buy = [
            [c.add("buy", f"buy {good} g{g + 1}", good=good, galley=g + 1) for good in GOODS]
            for g in G
        ]
        self.hire_port = [c.add("hire_port", f"hire {p}", port=p) for p in ports]
        self.hire_galley = [c.add("hire_galley", f"hire g{g + 1}", galley=g + 1) for g in G]
        self.build_galley = [c.add("build_galley", f"build galley {p}", port=p) for p in ports]
        self.build_galley_hired = [
            c.add("build_galley", f"build galley {p} hire", port=p, crew="hired") for p in ports
        ]
        self.build_fort = [c.add("build_fort", f"build fort {p}", port=p) for p in ports]

        def pairs(make: Callable[[int, int], Action]) -> list[list[Action]]:
            """A table [g][h] over two different galleys; the diagonal is never read."""
            return cast(
                "list[list[Action]]", [[make(g, h) if g != h else None for h in G] for g in G]
            )

        def good_pairs(kind: str, word: str) -> list[list[list[Action]]]:
            """[good][g][h]: a good moving from galley g to galley h."""

            def for_good(good: str) -> list[list[Action]]:
                return pairs(
                    lambda g, h: c.add_params(
                        kind,
                        f"{word} {good} g{g + 1} g{h + 1}",
                        {"good": good, "from": g + 1, "to": h + 1},
                    )
                )

            return [for_good(good) for good in GOODS]

        self.arrange = [c.add("arrange", f"arrange {z}", area=z) for z in areas]
        self.put = [c.add("put", f"put {piece}", piece=piece) for piece in ("sailor", *GOODS)]
        self.next = c.add("next", "next")
        self.discard_good = [
            [
                c.add("discard_good", f"discard {good} g{g + 1}", good=good, galley=g + 1)
                for good in GOODS
            ]
            for g in G
        ]
        self.discard_sailor = [
            c.add("discard_sailor", f"discard sailor g{g + 1}", galley=g + 1) for g in G
        ]
        self.trade = good_pairs("trade", "trade")
        self.barter = pairs(
            lambda g, h: c.add_params(
                "barter", f"barter g{g + 1} g{h + 1}", {"from": g + 1, "to": h + 1}
            )
        )
        self.barter_give = [c.add("barter_give", f"offer {good}", good=good) for good in GOODS]
        self.barter_ask = [c.add("barter_ask", f"ask {good}", good=good) for good in GOODS]
        self.propose = c.add("propose", "propose")
        self.cancel = c.add("cancel", "cancel")
        # Prices between players are free (RULINGS.md R8): any sum in 100-ducat coins up to
        # the most a player can ever hold, in hundreds.
        self.max_price = board.money_bound() // 100
        self.price = [
            c.add("price", f"price {n * 100}", ducats=n * 100) for n in range(self.max_price + 1)
        ]
        self.counter = [
            c.add("counter", f"counter {n * 100}", ducats=n * 100)
            for n in range(self.max_price + 1)
        ]
        self.accept = c.add("accept", "accept", ("yes",))
        self.refuse = c.add("refuse", "refuse", ("no",))
        self.sail = [
            [c.add("sail", f"sail g{g + 1} {a}", galley=g + 1, area=a) for a in areas] for g in G
        ]
        self.allow = c.add("allow", "allow", ("grant",))
        self.deny = c.add("deny", "deny")
        self.attack = pairs(
            lambda g, h: c.add("attack", f"attack g{g + 1} g{h + 1}", galley=g + 1, target=h + 1)
        )
        self.attack_port = [c.add("attack_port", f"attack g{g + 1} port", galley=g + 1) for g in G]
        self.capture = [
            c.add("capture", f"capture {k}", sailors=k) for k in range(1, 6)
        ]  # capture[k - 1]
        self.sink = c.add("sink", "sink")
        self.take = [c.add("take", f"take {good}", good=good) for good in GOODS]
        self.give = [c.add("give", f"give {good}", good=good) for good in GOODS]
        self.land = [
            [c.add("land", f"land g{g + 1} {k}", galley=g + 1, sailors=k) for k in range(1, 6)]
            for g in G
        ]
        self.sell = [
            [c.add("sell", f"sell {good} g{g + 1}", good=good, galley=g + 1) for good in GOODS]
            for g in G
        ]
        self.done = c.add("done", "done", ("end", "pass"))

    def deploy_action(self, first: int, second: int) -> Action:
        action = self.deploy[first][second]
        assert action is not None
        return action
