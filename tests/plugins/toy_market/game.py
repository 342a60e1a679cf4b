"""Toy Market: the Game object, its set-up and every hook the tools around the engine call
(core/game.py declares them all; nothing probes a game for others)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from arsenale.core.actions import Action, Wording
from arsenale.core.errors import OptionError
from arsenale.core.game import Game, Label, Option
from arsenale.core.state import Event, GameState
from toy_market import heuristic as bot
from toy_market.actions import CATALOGUE
from toy_market.cards import GOODS, ORDER_IDS, ORDERS, SEASONS, START_PRICES, STARTING_CASH
from toy_market.state import MarketState, start_season

if TYPE_CHECKING:
    from rich.console import RenderableType


class ToyMarket(Game):
    id = "toy-market"
    title = "Toy Market (a test game of the contract)"
    min_players = 1
    max_players = 3
    rulebook = "RULES.md"
    catalogue = CATALOGUE
    utility = "general_sum"
    max_game_length = 200  # 3 seasons x (2 draft rounds + 3 merchants x 2 turns x 2 with cut-ins)
    fallback_kinds = ("pass", "wait")
    options = (Option("seasons", SEASONS, f"seasons to play, 1 to {SEASONS} (RULES.md, Overview)"),)

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> MarketState:
        seasons = options["seasons"]
        if not 1 <= seasons <= SEASONS:
            raise OptionError(f"toy-market plays 1 to {SEASONS} seasons, not {seasons}")
        s = MarketState.__new__(MarketState)
        s._init_core(self, players, seed, options)
        s.cash = [STARTING_CASH] * players
        s.stock = [0] * (len(GOODS) * players)
        s.prices = list(START_PRICES)
        s.hands = [()] * players
        s.packets = [()] * players
        s.deck = [k for k, order in enumerate(ORDERS) for _ in range(order.copies)]
        s.chance.shuffle(s.deck)
        s.aside = []
        s.filled = []
        s.orders = [0] * players
        s.seasons = seasons
        s.season = 0
        s.draft_round = 0
        s.turn = 0
        s.first = 0
        s.broker = players - 1  # RULES.md, Set-up: the last merchant holds the broker token
        s.passed = ((),) * players
        start_season(s, [])
        return s

    # -- bots ------------------------------------------------------------------------------------

    def heuristic(
        self, world: GameState, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        assert isinstance(world, MarketState)
        return bot.heuristic(world, seat, legal)

    def evaluate(self, state: GameState) -> list[float]:
        assert isinstance(state, MarketState)
        return bot.evaluate(state)

    def submission_prior(
        self, world: GameState, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        assert isinstance(world, MarketState)
        return bot.submission_prior(world, seat, legal, rng)

    # -- words and pictures ------------------------------------------------------------------------

    def action_words(self, action: Action) -> Wording:
        """RULES.md: Draft, Orders, Market, Broker."""
        p = action.params
        if action.kind == "keep":
            return Wording(f"Keep {_order_words(p['card'])}", "Draft")
        if action.kind == "fill":
            return Wording(f"Fill {_order_words(p['card'])}", "Fill an order")
        if action.kind == "trade":
            bought = " and ".join(f"{c} {g}" for g, c in p.items() if c > 0)
            sold = " and ".join(f"{-c} {g}" for g, c in p.items() if c < 0)
            words = " and ".join(
                w for w in (f"buy {bought}" if bought else "", f"sell {sold}" if sold else "") if w
            )
            return Wording(f"{words.capitalize()} at the market", "Trade at the market")
        if action.kind == "cut_in":
            return Wording(f"Cut in: buy one {p['good']} first", "Broker")
        if action.kind == "wait":
            return Wording("Let the merchant on turn go first", "Broker")
        return Wording("Pass: end your market turn", "Trade at the market")

    def describe_event(self, event: Event, label: Label) -> str:
        kind = event.get("type")
        seat = event.get("seat")
        who = label(seat) if isinstance(seat, int) else ""
        if kind == "season":
            return f"season {event['season']} begins; {label(event['first'])} trades first"
        if kind == "dealt":
            return f"{who} is dealt {', '.join(_order_words(c) for c in event['cards'])}"
        if kind == "draft_round":
            rest = "set the last card aside" if event["last"] else "passed the rest to the left"
            return f"draft round {event['round']}: every merchant kept a card and {rest}"
        if kind == "kept":
            return f"{who} kept {_order_words(event['card'])}"
        if kind == "trade":
            return f"{who} {_trade_words(event['goods'], event['cost'])}"
        if kind == "fill":
            return f"{who} filled {_order_words(event['card'])}"
        if kind == "pass":
            return f"{who} passes"
        if kind == "cut_in":
            before = label(event["before"])
            return (
                f"{who} cuts in before {before}, buys 1 {event['good']} for {event['price']} "
                f"and hands the broker token to {before}"
            )
        if kind == "wait":
            return f"{who} lets {label(event['before'])} trade first"
        if kind == "season_end":
            return f"season {event['season']} ends"
        if kind == "game_over":
            return "the game is over"
        return super().describe_event(event, label)

    def render(self, view: dict[str, Any], seat: int | None) -> RenderableType:
        from rich.console import Group
        from rich.table import Table
        from rich.text import Text

        prices = "  ".join(f"{g} {p}" for g, p in view["prices"].items())
        head = Text(
            f"Season {view['season']} of {view['options']['seasons']}, {view['phase']}; "
            f"deck {view['deck_size']}; prices: {prices}"
        )
        table = Table(box=None)
        for column in ("merchant", "cash", *GOODS, "hand", "filled"):
            table.add_column(column, justify="left" if column == "merchant" else "right")
        for m in view["merchants"]:
            name = m["colour"] + (" (broker)" if m["seat"] == view["broker"] else "")
            table.add_row(
                name,
                str(m["cash"]),
                *(str(m["stock"][g]) for g in GOODS),
                str(m["hand_size"]),
                str(m["orders_filled"]),
            )
        parts: list[RenderableType] = [head, table]
        if seat is not None:
            parts.append(Text("your orders: " + (", ".join(view["hand"]) or "none")))
            if view["packet"]:
                parts.append(Text("your packet: " + ", ".join(view["packet"])))
        return Group(*parts)


def _order_words(card: str) -> str:
    order = ORDERS[ORDER_IDS.index(card)]
    return f"the order {card} ({order.units} {GOODS[order.good]} for {order.reward})"


def _trade_words(goods: dict[str, int], cost: int) -> str:
    bought = " and ".join(f"{c} {g}" for g, c in goods.items() if c > 0)
    sold = " and ".join(f"{-c} {g}" for g, c in goods.items() if c < 0)
    words = " and ".join(
        part
        for part in (f"buys {bought}" if bought else "", f"sells {sold}" if sold else "")
        if part
    )
    money = f"paying {cost}" if cost > 0 else f"receiving {-cost}" if cost < 0 else "even"
    return f"{words}, {money}"
