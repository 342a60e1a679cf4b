"""Information-set Monte Carlo tree search, for every game of the contract.

Single-observer ISMCTS (Cowling, Powley and Whitehouse 2012): each iteration samples a world
from the deciding seat's information (`SeatInfo.determinize`), descends one shared tree keyed
by actions, choosing at each decision the action that maximises UCB for the seat that decides
there, with availability counts in place of parent visits (actions differ between worlds);
then adds one node, plays out, and backs up one reward per seat.

Simultaneous secret decisions (several seats in `to_move()`) are searched with decoupled UCB:
each seat chooses from its own statistics at that node, blind to the others' choices, and the
child is keyed by the joint choice. Chance (dice, shuffles) happens inside `apply` with the
world's reseeded generator, so the tree is open-loop over it.

Rewards come from final ranks: 1 for first, 0 for last, shared ranks averaged. Play-outs stop
after `depth` plies when the game offers `Game.evaluate(state)` (per-seat estimates of the final
score), which are ranked the same way; otherwise they run to the end. The bot never reads the
true state: only the `SeatInfo` it is given.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from arsenale.core.actions import Action
from arsenale.core.errors import ArsenaleError
from arsenale.core.game import Game, Policy
from arsenale.core.info import SeatInfo
from arsenale.core.state import GameState

Rollout = Callable[[GameState, int, random.Random], Action]
_SEAT = 1 << 20  # stats key = seat * _SEAT + action index


class Node:
    __slots__ = ("children", "stats")

    def __init__(self) -> None:
        self.children: dict[Any, Node] = {}
        # key -> [visits, total reward of the deciding seat, availability, wins (ranked first)]
        self.stats: dict[int, list[float]] = {}


def parse_budget(budget: str | None, default: str = "1s") -> tuple[float | None, int | None]:
    """'1s', '500ms', '0.5s' -> seconds; '5000it' -> iterations."""
    text = (budget or default).strip().lower()
    try:
        if text.endswith("ms"):
            return float(text[:-2]) / 1000, None
        if text.endswith("it"):
            n = int(text[:-2])
            if n < 1:
                raise ValueError
            return None, n
        if text.endswith("s"):
            seconds = float(text[:-1])
            if seconds <= 0:
                raise ValueError
            return seconds, None
    except ValueError:
        pass
    raise ArsenaleError(f"bad search budget {budget!r}: use e.g. 1s, 500ms or 5000it")


def rank_rewards(values: list[float] | tuple[float, ...]) -> list[float]:
    """1 for the best value, 0 for the worst; equal values share the average."""
    n = len(values)
    if n == 1:
        return [1.0]
    out = []
    for v in values:
        better = sum(1 for w in values if w > v)
        equal = sum(1 for w in values if w == v)
        # average of the rewards of the places (better .. better + equal - 1)
        places = [(n - 1 - k) / (n - 1) for k in range(better, better + equal)]
        out.append(sum(places) / len(places))
    return out


def random_rollout(state: GameState, seat: int, rng: random.Random) -> Action:
    return rng.choice(state.legal_actions(seat))


class ISMCTS:
    """A policy (callable on a SeatInfo and a generator) that searches before it plays."""

    def __init__(
        self,
        game: Game,
        seconds: float | None = 1.0,
        iterations: int | None = None,
        rollout: Rollout = random_rollout,
        c: float = 0.7,
        depth: int = 60,
    ) -> None:
        self.game = game
        self.seconds = seconds
        self.iterations = iterations
        self.rollout = rollout
        self.c = c
        self.depth = depth
        self.last_stats: dict[str, Any] = {}

    def __call__(self, info: SeatInfo, rng: random.Random) -> Action:
        return self.search(info, rng)[0]

    def search(
        self, info: SeatInfo, rng: random.Random
    ) -> tuple[Action, list[tuple[Action, int, float, float]]]:
        """The chosen action and, for each root action, best first: (action, visits, mean
        reward, share of play-outs in which this seat finished first)."""
        legal = info.legal_actions()
        if not legal:
            raise ArsenaleError(f"seat {info.seat} has no decision to make")
        seat = info.seat
        root = Node()
        start = time.perf_counter()
        deadline = start + self.seconds if self.seconds is not None else math.inf
        limit = self.iterations if self.iterations is not None else 1 << 62
        n = 0
        if len(legal) > 1:
            while n < limit and (n & 7 or time.perf_counter() < deadline):
                self._iterate(root, info.determinize(rng), rng)
                n += 1
        elapsed = time.perf_counter() - start
        table = []
        for a in legal:
            st = root.stats.get(seat * _SEAT + a.index)
            visits = int(st[0]) if st else 0
            mean = st[1] / st[0] if st and st[0] else 0.0
            table.append((a, visits, mean, st[3] / st[0] if st and st[0] else 0.0))
        table.sort(key=lambda row: (-row[1], -row[2]))
        self.last_stats = {
            "iterations": n,
            "seconds": elapsed,
            "iterations_per_s": n / elapsed if elapsed else 0.0,
        }
        return table[0][0], table

    def _iterate(self, root: Node, state: GameState, rng: random.Random) -> None:
        node = root
        path: list[tuple[Node, int, int]] = []  # (node, deciding seat, stats key)
        expanded = False
        c = self.c
        while not state.over and not expanded:
            movers = state.to_move()
            key_parts = []
            for m in movers:
                legal = state.legal_actions(m)
                stats = node.stats
                base = m * _SEAT
                fresh = []
                best, best_value = None, -math.inf
                for a in legal:
                    k = base + a.index
                    st = stats.get(k)
                    if st is None:
                        fresh.append(a)
                        continue
                    st[2] += 1
                for a in legal:
                    st = stats.get(base + a.index)
                    if st is None:
                        continue
                    value = (
                        st[1] / st[0] + c * math.sqrt(math.log(st[2]) / st[0])
                        if st[0]
                        else math.inf
                    )
                    if value > best_value:
                        best, best_value = a, value
                if fresh:
                    best = rng.choice(fresh)
                    stats[base + best.index] = [0.0, 0.0, 1.0, 0.0]
                    expanded = True
                assert best is not None
                path.append((node, m, base + best.index))
                key_parts.append(best.index)
                state.apply(m, best)
            key = key_parts[0] if len(key_parts) == 1 else tuple(key_parts)
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = Node()
            node = child
        rewards = self._playout(state, rng)
        for node_, m, k in path:
            st = node_.stats[k]
            st[0] += 1
            st[1] += rewards[m]
            if rewards[m] == 1.0:
                st[3] += 1

    def _playout(self, state: GameState, rng: random.Random) -> list[float]:
        evaluate = self.game.evaluate
        steps = 0
        rollout = self.rollout
        while not state.over:
            if steps >= self.depth:
                estimate = evaluate(state)
                if estimate is not None:
                    return rank_rewards(estimate)
            for m in state.to_move():
                state.apply(m, rollout(state, m, rng))
            steps += 1
        return rank_rewards([-float(r) for r in state.result().ranks])  # tie-breaks included


def heuristic_rollout(game: Game) -> Rollout:
    policy = game.heuristic_policy()

    def roll(state: GameState, seat: int, rng: random.Random) -> Action:
        return policy(SeatInfo(state, seat), rng)

    return roll


def ismcts_factory(game: Game, budget: str | None) -> Policy:
    seconds, iterations = parse_budget(budget)
    return ISMCTS(game, seconds=seconds, iterations=iterations)


def ismcts_heuristic_factory(game: Game, budget: str | None) -> Policy:
    seconds, iterations = parse_budget(budget)
    return ISMCTS(
        game, seconds=seconds, iterations=iterations, rollout=heuristic_rollout(game), depth=20
    )
