"""A tiny race game implementing the core contract, for testing the game-agnostic layers.

Each turn the active seat rolls a die (moving 1-6 spaces, and secretly finding a coin half the
time) or stops for good. After every `bid_every` turns all seats secretly bid 0-3 coins at
once; everyone pays their bid and a unique highest bidder moves 2 spaces per coin bid. Reaching
`goal` ends the game, as does everyone stopping. Score: position; tie-break: coins.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from arsenale.core import Action, Catalogue, Decision, Game, GameState, Option, Result
from arsenale.core.actions import Wording, amount_words
from arsenale.core.errors import ArsenaleError

RULE_TURN = "toy rules §1 (turns)"
RULE_BID = "toy rules §2 (bids)"

CATALOGUE = Catalogue("toy-race")
ROLL = CATALOGUE.add("roll", "roll", aliases=("r",))
STOP = CATALOGUE.add("stop", "stop", aliases=("s",))
BIDS = [CATALOGUE.add("bid", f"bid {n}", coins=n) for n in range(4)]

RULES = """# Toy race

## Turns
Roll a die and move, or stop for good.

## Bids
Every few turns all seats secretly bid 0-3 coins at once.
"""


class ToyRaceState(GameState):
    copied = (
        "pos",
        "found",
        "spent",
        "rolls",
        "stopped",
    )
    kept = (
        "turns",
        "faulty",
    )
    __slots__ = copied + kept
    seat_names = ("red", "blue", "green", "yellow")

    pos: list[int]
    found: list[int]
    spent: list[int]
    rolls: list[int]
    stopped: list[bool]
    turns: int
    faulty: bool

    def coins(self, seat: int) -> int:
        return 3 + self.found[seat] - self.spent[seat]

    @property
    def goal(self) -> int:
        return int(self.options["goal"])

    def _legal_actions(self, seat: int, top: Decision) -> list[Action]:
        if top.kind == "turn":
            return [ROLL, STOP]
        return BIDS[: min(3, self.coins(seat)) + 1]

    def _why_illegal(self, seat: int, action: Action, top: Decision) -> tuple[str, str | None]:
        if top.kind == "turn":
            return (f"on your turn you may only roll or stop, not {action.notation!r}", RULE_TURN)
        if action.kind == "bid":
            return (f"you have only {self.coins(seat)} coins", RULE_BID)
        return ("now every seat must bid 0-3 coins", RULE_BID)

    def _apply(self, seat: int, action: Action, top: Decision) -> list[dict[str, Any]]:
        if self.faulty:
            raise RuntimeError("toy engine fault")
        self.stack.pop()
        events: list[dict[str, Any]] = []
        if action is ROLL:
            die = self.chance.below(6) + 1
            self.pos[seat] += die
            self.rolls[seat] += 1
            events.append({"type": "roll", "seat": seat, "die": die, "position": self.pos[seat]})
            if self.chance.below(2):
                self.found[seat] += 1
                events.append({"type": "found_coin", "seat": seat, "visible_to": [seat]})
        else:
            self.stopped[seat] = True
            events.append({"type": "stop", "seat": seat})
        self._next_turn(seat, events)
        return events

    def _next_turn(self, seat: int, events: list[dict[str, Any]]) -> None:
        if max(self.pos) >= self.goal or all(self.stopped):
            self.over = True
            events.append({"type": "game_over"})
            return
        self.turns += 1
        nxt = (seat + 1) % self.players
        while self.stopped[nxt]:
            nxt = (nxt + 1) % self.players
        self.stack.append(Decision("turn", (nxt,)))
        if self.turns % int(self.options["bid_every"]) == 0:
            self.stack.append(Decision("bid", tuple(range(self.players))))
            events.append({"type": "bidding"})

    def _resolve(self, top: Decision, submissions: dict[int, Action]) -> list[dict[str, Any]]:
        bids = [submissions[s]["coins"] for s in range(self.players)]
        for s, b in enumerate(bids):
            self.spent[s] += b
        events: list[dict[str, Any]] = [{"type": "bids", "bids": bids}]
        best = max(bids)
        if best > 0 and bids.count(best) == 1:
            winner = bids.index(best)
            self.pos[winner] += 2 * best
            events.append({"type": "bid_won", "seat": winner, "advance": 2 * best})
            if self.pos[winner] >= self.goal:
                self.over = True
                events.append({"type": "game_over"})
        return events

    def _view(self, seat: int | None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "goal": self.goal,
            "positions": list(self.pos),
            "rolls": list(self.rolls),
            "spent": list(self.spent),
            "stopped": list(self.stopped),
        }
        if seat is not None:
            out["my_coins"] = self.coins(seat)
        return out

    def _result(self) -> Result:
        coins = tuple(float(self.coins(s)) for s in range(self.players))
        return Result.from_keys(tuple(float(p) for p in self.pos), coins)

    def _determinize(self, seat: int, rng: random.Random) -> None:
        for s in range(self.players):
            if s != seat:
                found = sum(rng.random() < 0.5 for _ in range(self.rolls[s]))
                self.found[s] = max(found, self.spent[s] - 3)


def heuristic(legal: Sequence[Action]) -> Action:
    """Always roll; bid one coin when it can."""
    if ROLL in legal:
        return ROLL
    return BIDS[1] if BIDS[1] in legal else BIDS[0]


class ToyRace(Game):
    id = "toy-race"
    title = "Toy race"
    min_players = 2
    max_players = 4
    rulebook = "tests/toygame.py"
    options = (
        Option("goal", 20, "spaces to reach to end the game"),
        Option("bid_every", 3, "turns between two secret bids"),
        Option("fault", 0, "test hook: a game whose seed is a multiple of this crashes (0: never)"),
    )
    catalogue = CATALOGUE

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> GameState:
        state = ToyRaceState()
        state._init_core(self, players, seed, options)
        state.pos = [0] * players
        state.found = [0] * players
        state.spent = [0] * players
        state.rolls = [0] * players
        state.stopped = [False] * players
        state.turns = 0
        state.faulty = options["fault"] > 0 and seed % options["fault"] == 0
        state.stack.append(Decision("turn", (0,)))
        return state

    def heuristic(
        self, world: GameState, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        return heuristic(legal)

    def action_words(self, action: Action) -> Wording:
        """Toy rules: Turns, Bids."""
        if action.kind == "bid":
            return Wording(f"Bid {amount_words(action['coins'], 'coin')}", "Bid", ("coins",))
        if action.kind == "roll":
            return Wording("Roll the die and move", "Turn")
        return Wording("Stop for good", "Turn")

    def rules(self, topic: str | None = None) -> str:
        if not topic:
            return RULES
        sections = [s for s in RULES.split("\n## ")[1:] if topic.lower() in s.lower()]
        if not sections:
            raise ArsenaleError(f"no rules topic {topic!r}; topics: turns, bids")
        return "\n".join("## " + s for s in sections)


GAME = ToyRace()
