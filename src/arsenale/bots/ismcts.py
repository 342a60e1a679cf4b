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

Guidance by a prior policy (`prior`, in practice the game's heuristic bot). At a node the
policy chooses once per seat (at the root at once, elsewhere from the `prior_visits`-th visit
on, as it is costly), in the first world that reaches the node. Two ways to use that choice:
progressive bias (Chaslot et al. 2008), UCB plus bias / (visits + 1) for it and its expansion
before the other untried actions; or PUCT (Rosin 2011; Silver et al. 2017), mean + c P(a)
sqrt(N) / (1 + n(a)) with the prior P putting `bias` on the heuristic's choice and spreading
the rest evenly, untried actions valued at the mean of the tried ones. With PUCT a short search
keeps the heuristic's move unless the play-outs show a better one.

Play-outs follow `rollout` (uniformly random, or the heuristic: `heuristic_rollout`). They stop
after `depth` plies when the game offers `Game.evaluate(state)` (per-seat estimates of the
final score); otherwise they run to the end. A finished play-out is rewarded by the game's
payoffs, `Game.returns(result)`, read from [-1, 1] into [0, 1]: by default 1 for first, 0 for
last, shared ranks averaged. An estimate is rewarded by its ranks in the same way; with
`margin` > 0 rank rewards are mixed with the seat's lead over the best other seat, squashed
into (0, 1) (`margin_rewards`), since with four players ranks alone are a noisy signal. In a
one-player game a finished play-out against a target scores 1 if it reached it and 0 if not;
a final score without a target, and an estimate, are squashed around the root's estimate, or
the search's first final score where the game has no `evaluate` (`solo_reward`). The bot
never reads the true state: only the `SeatInfo` it is given, and the worlds sampled from it.

Rivals modelled by the prior (`model_rivals`, with three or more players): the other seats'
decisions in the tree are the prior's choices instead of being searched, so the iterations go
to the deciding seat's own moves, several of them deep, against rivals who play as the prior
would. With one rival there is little to save and the rival is searched as above. This is an
opponent model, in the spirit of best-reply search for multi-player games (Schadd and Winands
2011): sound against bots like the prior, an assumption against anyone else. With modelled
rivals, `own_reward` scores a play-out by the deciding seat's own gain in the game's estimate
since the root rather than by ranks: only that seat's choices are searched, and ranks compare
leaves at different moments (a line that passes the turn lets the rivals gain before it is
valued; a line of one's own further moves does not). A game may ask, through its
`rival_playout` (bots/tuning.toml), for play-outs of that many plies by the prior before
`evaluate` when the rivals are modelled: the estimate then sees what the heuristic players do
with the position over the next round, not only the position itself.

Bots (`ismcts_factory`, `ismcts_heuristic_factory`): `ismcts` uses the game's heuristic as the
PUCT prior (at the root and at nodes visited twice), models rivals by it with three or more
players, and values each new leaf by `evaluate` at once, without a play-out; margin rewards
mixed half and half, or with three or more players the seat's own gain since the root
(`own_reward`), after a play-out by the heuristic where the game sets `rival_playout`; the
search stops early once the most visited root action can no longer be overtaken
(`early_stop`). `ismcts+heuristic` follows the heuristic alone in play-outs of 30 plies. A
game without `evaluate` gets random play-outs to the end instead; one without a heuristic,
plain UCB with random play-outs.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from arsenale.bots.base import fallback, has_heuristic, heuristic_policy
from arsenale.bots.calibration import game_win_chances
from arsenale.bots.tuning import tuning
from arsenale.core.actions import Action
from arsenale.core.errors import ArsenaleError
from arsenale.core.game import Game, Policy
from arsenale.core.info import SeatInfo
from arsenale.core.result import Result
from arsenale.core.state import GameState
from arsenale.i18n import _

ISMCTS_VERSION = "8"
"""Changes whenever the default `ismcts` bot plays differently; benchmark results are kept per
version (benchmarks/search.py summary counts only the current one)."""

Rollout = Callable[[GameState, int, random.Random], Action]
_SEAT = 1 << 20  # stats key = seat * _SEAT + action index
UCB_C = 0.7
"""The exploration constant of UCB1 (searches without a prior policy)."""


class Node:
    __slots__ = ("children", "hints", "stats", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.children: dict[Any, Node] = {}
        # seat -> index of the action the prior policy chose here (in the first world seen)
        self.hints: dict[int, int] = {}
        # key -> [visits, total reward of the deciding seat, availability, summed chance of
        #         ranking first (see `_playout`)]
        self.stats: dict[int, list[float]] = {}


MAX_BUDGET_SECONDS = 3600.0
MAX_BUDGET_ITERATIONS = 10_000_000
"""The longest budget a spec may name: an hour, or ten million iterations per decision."""


def parse_budget(budget: str | None, default: str = "1s") -> tuple[float | None, int | None]:
    """'1s', '500ms', '0.5s' -> seconds; '5000it' -> iterations. A budget must be a finite
    positive number up to MAX_BUDGET_SECONDS (or a whole number of iterations up to
    MAX_BUDGET_ITERATIONS): 'nans', 'infs', '-1s' and '0it' are refused with ArsenaleError."""
    text = (budget or default).strip().lower()
    seconds: float | None = None
    iterations: int | None = None
    try:
        if text.endswith("ms"):
            seconds = float(text[:-2]) / 1000
        elif text.endswith("it"):
            iterations = int(text[:-2])
        elif text.endswith("s"):
            seconds = float(text[:-1])
    except ValueError:
        pass
    if seconds is not None and math.isfinite(seconds) and 0 < seconds <= MAX_BUDGET_SECONDS:
        return seconds, None
    if iterations is not None and 1 <= iterations <= MAX_BUDGET_ITERATIONS:
        return None, iterations
    shown = budget if budget is None or len(budget) <= 24 else budget[:24] + "…"
    raise ArsenaleError(
        _(
            "bad search budget {budget}: a number of seconds above 0 and at most {seconds} "
            "(1s, 500ms) or of iterations from 1 to {iterations} (5000it)"
        ).format(
            budget=repr(shown),
            seconds=f"{MAX_BUDGET_SECONDS:g}",
            iterations=MAX_BUDGET_ITERATIONS,
        )
    )


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


def margin_rewards(values: list[float] | tuple[float, ...]) -> list[float]:
    """Each seat's lead over the best other seat, squashed into (0, 1): 1/2 for a tie, towards
    1 for a clear lead. The scale is a quarter of the mean absolute value, so the reward does
    not depend on the game's units."""
    n = len(values)
    if n == 1:
        return [1.0]
    scale = _scale(values)
    return [
        _squash((v - max(w for j, w in enumerate(values) if j != i)) / scale)
        for i, v in enumerate(values)
    ]


def own_rewards(values: list[float] | tuple[float, ...], before: list[float]) -> list[float]:
    """Each seat's gain since the root, squashed into (0, 1): 1/2 for no change. The scale is a
    quarter of the mean absolute value at the root, as in `margin_rewards`."""
    scale = _scale(before)
    return [_squash((v - b) / scale) for v, b in zip(values, before, strict=True)]


def solo_reward(value: float, reference: float) -> float:
    """A one-player game's score without a target, or an estimate of it, squashed into (0, 1)
    around `reference` (the root's estimate, else the search's first final score): 1/2 for as
    much, towards 1 for more. The scale is a quarter of the reference, at least 1."""
    return _squash((value - reference) / max(1.0, 0.25 * abs(reference)))


def _scale(values: list[float] | tuple[float, ...]) -> float:
    """A quarter of the mean absolute value: reward scales that ignore the game's units."""
    return max(1e-9, 0.25 * sum(abs(v) for v in values) / len(values))


def _squash(x: float) -> float:
    """The logistic function, clamped: (-inf, inf) -> (0, 1)."""
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, x))))


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
        depth: int = 60,
        prior: Policy | None = None,
        bias: float = 0.0,
        margin: float = 0.0,
        puct: float = 0.0,
        prior_visits: int = 0,
        model_rivals: bool = False,
        early_stop: bool = False,
        own_reward: bool = False,
        rival_playout: int = 0,
        halving: bool = False,
        candidates: int = 16,
    ) -> None:
        self.game = game
        self.seconds = seconds
        self.iterations = iterations
        self.rollout = rollout
        self.depth = depth
        self.prior = prior
        self.bias = bias
        self.margin = margin
        self.puct = puct
        self.prior_visits = prior_visits
        self.model_rivals = model_rivals and prior is not None
        self.early_stop = early_stop
        self.own_reward = own_reward
        # with modelled rivals (3+ players): play-outs of this many plies by the prior before
        # `evaluate` (0: `depth` and `rollout` as with two players)
        self.rival_playout = rival_playout if self.model_rivals else 0
        # the root searched alone by sequential halving over shared worlds (`_halving`)
        self.halving = halving and self.prior is not None
        self.candidates = candidates
        self._depth = depth
        self._rollout = rollout
        # the displayed chance to win (the `search` table) from the calibrated chances
        # (bots/calibration.py) where a play-out stops early; off in play, as only hints show it
        self.chances = False
        self._root_values: list[float] | None = None
        # a one-player game: the value `solo_reward` squashes around
        self._reference: float | None = None
        self.last_stats: dict[str, Any] = {}

    def __call__(self, info: SeatInfo, rng: random.Random) -> Action:
        return self.search(info, rng)[0]

    def search(
        self, info: SeatInfo, rng: random.Random
    ) -> tuple[Action, list[tuple[Action, int, float, float]]]:
        """The chosen action and, for each root action, best first: (action, visits, mean
        reward, mean chance of this seat finishing first over its play-outs: see `_playout`)."""
        legal = info.legal_actions()
        if not legal:
            raise ArsenaleError(f"seat {info.seat} has no decision to make")
        seat = info.seat
        root = Node()
        start = time.perf_counter()
        deadline = start + self.seconds if self.seconds is not None else math.inf
        limit = self.iterations if self.iterations is not None else 1 << 62
        self._root_values = self._reference = None
        if self.halving and len(legal) > 1 and info.players > 2:
            return self._halving(info, rng, legal, deadline, limit, start)
        if self.own_reward and self.model_rivals and info.players > 2:
            self._root_values = self.game.evaluate(info.determinize(rng))
        elif info.players == 1:
            estimate = self.game.evaluate(info.determinize(rng))
            self._reference = estimate[0] if estimate is not None else None
        self._depth, self._rollout = self.depth, self.rollout
        if self.rival_playout and info.players > 2:
            self._depth, self._rollout = self.rival_playout, self._prior_rollout
        n = 0
        stopped_early = False
        if len(legal) > 1:
            while n < limit:
                now = time.perf_counter()
                if now >= deadline:
                    break
                if self.early_stop and n and n % 32 == 0:
                    left = limit - n
                    if deadline != math.inf:  # iterations still to come at the rate so far
                        left = min(left, int((deadline - now) * n / (now - start)) + 1)
                    if self._decided(root, seat, legal, left):
                        stopped_early = True
                        break
                self._iterate(root, info.determinize(rng), rng, seat)
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
            "stopped_early": stopped_early,
        }
        return table[0][0], table

    def _halving(
        self,
        info: SeatInfo,
        rng: random.Random,
        legal: list[Action],
        deadline: float,
        limit: int,
        start: float,
    ) -> tuple[Action, list[tuple[Action, int, float, float]]]:
        """The root alone, searched by sequential halving (Karnin, Koren and Somekh 2013; the
        root of Gumbel MuZero, Danihelka et al. 2022): in each of log2(n) phases every
        remaining candidate is played in the same worlds, each world a determinization and a
        seed for its chance, then by the prior for every seat to the end of the game; the
        better half by mean reward goes on. Shared worlds make the comparison between two
        candidates a paired one: what differs in their play-outs is the candidate alone. The
        prior's own choice stays in until the last phase, so the search leaves it only for a
        move that beats it in the same worlds. At most `candidates` moves: the prior's and its
        neighbours in the legal order (bids next to its bid). The budget is split evenly
        between the phases; with iterations it counts play-outs."""
        seat = info.seat
        assert self.prior is not None
        hint_action = self.prior(info, rng)
        hint = hint_action.index
        cands = list(legal)
        if len(cands) > self.candidates:
            i = next((k for k, a in enumerate(cands) if a.index == hint), 0)
            lo = max(0, min(i - self.candidates // 2, len(cands) - self.candidates))
            cands = cands[lo : lo + self.candidates]
        sums = {a.index: [0, 0.0, 0.0] for a in cands}  # worlds, reward, firsts
        phases = max(1, math.ceil(math.log2(len(cands))))
        total_seconds = deadline - start
        plays = 0
        for phase in range(phases):
            if len(cands) == 1:
                break
            phase_end = start + total_seconds * (phase + 1) / phases
            per = max(1, (limit if limit < 1 << 62 else 0) // (len(cands) * phases))
            worlds = 0
            while True:
                world = info.determinize(rng)
                seed = rng.getrandbits(64)
                for a in cands:
                    state = world.clone()
                    act = next((b for b in state.legal_actions(seat) if b.index == a.index), a)
                    state.apply(seat, act)
                    rewards, firsts = self._to_the_end(state, random.Random(seed))
                    row = sums[a.index]
                    row[0] += 1
                    row[1] += rewards[seat]
                    row[2] += firsts[seat]
                    plays += 1
                worlds += 1
                if limit < 1 << 62:
                    if worlds >= per:
                        break
                elif time.perf_counter() >= phase_end:
                    break
            if phase == phases - 1:
                break
            cands.sort(key=lambda a: (-sums[a.index][1], a.index != hint))
            kept = cands[: max(1, len(cands) // 2)]
            if all(a.index != hint for a in kept):
                kept.append(next(a for a in cands if a.index == hint))
            cands = kept
        elapsed = time.perf_counter() - start
        table = []
        for a in legal:
            n, total, first = sums.get(a.index, (0, 0.0, 0.0))
            table.append((a, int(n), total / n if n else 0.0, first / n if n else 0.0))
        best = max(cands, key=lambda a: (sums[a.index][1] / sums[a.index][0], a.index == hint))
        table.sort(key=lambda row: (row[0] is not best, -row[1], -row[2]))
        self.last_stats = {
            "iterations": plays,
            "seconds": elapsed,
            "iterations_per_s": plays / elapsed if elapsed else 0.0,
            "stopped_early": False,
        }
        return best, table

    def _to_the_end(self, state: GameState, rng: random.Random) -> tuple[list[float], list[float]]:
        """A play-out of `_halving`: every seat plays the game's heuristic on this world (it
        is one of the deciding seat's worlds, not anyone's true position) to the end;
        rewarded as `_playout` rewards a finished game, mixed with the score margin."""
        decide = self.game.heuristic
        while not state.over:
            movers = state.to_move()
            if not movers:  # an engine fault: a game not over that waits for nobody
                raise RuntimeError(f"{self.game.id}: no seat to move in a game not over")
            for m in movers:
                legal = state.legal_actions(m)
                act = decide(state, m, legal, rng) if len(legal) > 1 else legal[0]
                if act is None or act not in legal:
                    act = fallback(self.game, legal)
                state.apply(m, act)
        result = state.result()
        ranks = self._payoffs(result)
        firsts = [float(result.winners == (s,)) for s in range(state.players)]
        if self.margin:
            w = self.margin
            values = [float(v) for v in result.scores]
            ranks = [
                (1 - w) * r + w * m for r, m in zip(ranks, margin_rewards(values), strict=True)
            ]
        return ranks, firsts

    def _decided(self, root: Node, seat: int, legal: list[Action], left: int) -> bool:
        """Whether the most visited root action stays first whatever the `left` iterations
        still to come do: its lead in visits is more than they can make up ("smart pruning",
        as in Leela Zero and KataGo)."""
        first = second = 0.0
        base = seat * _SEAT
        stats = root.stats
        for a in legal:
            st = stats.get(base + a.index)
            v = st[0] if st is not None else 0.0
            if v > first:
                first, second = v, first
            elif v > second:
                second = v
        return first - second > left

    def _iterate(self, root: Node, state: GameState, rng: random.Random, me: int) -> None:
        node = root
        path: list[tuple[Node, int, int]] = []  # (node, deciding seat, stats key)
        expanded = False
        prior = self.prior
        model_rivals = self.model_rivals and state.players > 2
        while not state.over and not expanded:
            movers = state.to_move()
            key_parts = []
            searched = False
            for m in movers:
                legal = state.legal_actions(m)
                if model_rivals and m != me:
                    act = self._rival_move(node, state, m, legal, rng)
                    key_parts.append(act.index)
                    state.apply(m, act)
                    continue
                searched = True
                stats = node.stats
                base = m * _SEAT
                hint = -1
                if (
                    prior is not None
                    and len(legal) > 1
                    and (node is root or node.visits >= self.prior_visits)
                ):
                    hints = node.hints
                    got = hints.get(m)
                    if got is None:
                        got = hints[m] = prior(SeatInfo(state, m), rng).index
                    hint = got
                if self.puct:
                    best = self._puct(stats, base, legal, hint)
                    if stats.get(base + best.index) is None:
                        stats[base + best.index] = [0.0, 0.0, 1.0, 0.0]
                        expanded = True
                else:
                    best, new = self._ucb(stats, base, legal, hint, rng)
                    expanded = expanded or new
                path.append((node, m, base + best.index))
                key_parts.append(best.index)
                state.apply(m, best)
            node.visits += 1
            key = key_parts[0] if len(key_parts) == 1 else tuple(key_parts)
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = Node()
                # a step of modelled rivals only: the new node is this iteration's expansion
                expanded = expanded or not searched
            node = child
        rewards, firsts = self._playout(state, rng)
        for node_, m, k in path:
            st = node_.stats[k]
            st[0] += 1
            st[1] += rewards[m]
            st[3] += firsts[m]

    def _prior_rollout(self, state: GameState, seat: int, rng: random.Random) -> Action:
        """A play-out step by the prior policy (`rival_playout`)."""
        assert self.prior is not None
        return self.prior(SeatInfo(state, seat), rng)

    def _rival_move(
        self, node: Node, state: GameState, seat: int, legal: list[Action], rng: random.Random
    ) -> Action:
        """A modelled rival's move: the prior's choice at this node, asked in the first world
        that reaches it and asked again in a world where that choice is not legal."""
        if len(legal) == 1:
            return legal[0]
        got = node.hints.get(seat)
        if got is not None:
            for a in legal:
                if a.index == got:
                    return a
        assert self.prior is not None
        act = self.prior(SeatInfo(state, seat), rng)
        if got is None:
            node.hints[seat] = act.index
        return act

    def _ucb(
        self,
        stats: dict[int, list[float]],
        base: int,
        legal: list[Action],
        hint: int,
        rng: random.Random,
    ) -> tuple[Action, bool]:
        """UCB1 with availability counts; an untried action first (the hint if untried), and
        a progressive bias bias / (visits + 1) towards the hint (Chaslot et al. 2008)."""
        c, bias = UCB_C, self.bias
        fresh = []
        best, best_value = None, -math.inf
        for a in legal:
            st = stats.get(base + a.index)
            if st is None:
                fresh.append(a)
                continue
            st[2] += 1
            if st[0]:
                value = st[1] / st[0] + c * math.sqrt(math.log(st[2]) / st[0])
                if a.index == hint:
                    value += bias / (st[0] + 1)
            else:
                value = math.inf
            if value > best_value:
                best, best_value = a, value
        if fresh:
            best = None
            if hint >= 0:
                best = next((a for a in fresh if a.index == hint), None)
            if best is None:
                best = rng.choice(fresh)
            stats[base + best.index] = [0.0, 0.0, 1.0, 0.0]
            return best, True
        assert best is not None
        return best, False

    def _puct(
        self, stats: dict[int, list[float]], base: int, legal: list[Action], hint: int
    ) -> Action:
        """PUCT (Rosin 2011; Silver et al. 2017): mean + c P(a) sqrt(N) / (1 + n(a)), with the
        prior P putting `bias` on the hint and spreading the rest evenly; an untried action
        counts the mean of the tried ones (first-play urgency)."""
        visits = total = 0.0
        for a in legal:
            st = stats.get(base + a.index)
            if st is not None:
                visits += st[0]
                total += st[1]
        fpu = total / visits if visits else 0.5
        spread = (1.0 - self.bias if hint >= 0 else 1.0) / len(legal)
        scale = self.puct * math.sqrt(visits + 1)
        best, best_value = legal[0], -math.inf
        for a in legal:
            st = stats.get(base + a.index)
            p = spread + self.bias if a.index == hint else spread
            if st is None or not st[0]:
                value = fpu + scale * p
            else:
                value = st[1] / st[0] + scale * p / (1 + st[0])
            if value > best_value:
                best, best_value = a, value
        return best

    def _playout(self, state: GameState, rng: random.Random) -> tuple[list[float], list[float]]:
        """Per seat: the reward of the play-out, and its chance of coming first: 1 for the
        sole winner of a finished game, else 0; where the play-out stopped early, the
        calibrated chances (bots/calibration.py) from the estimates if the game is calibrated
        and `chances` is on (hints), else whether the seat led them alone. In a one-player
        game both are the reward."""
        evaluate = self.game.evaluate
        steps = 0
        rollout = self._rollout
        depth = self._depth
        values: list[float] | None = None
        while not state.over:
            if steps >= depth:
                values = evaluate(state)
                if values is not None:
                    break
            for m in state.to_move():
                state.apply(m, rollout(state, m, rng))
            steps += 1
        result: Result | None = None
        if values is None:
            result = state.result()
            values = [float(v) for v in result.scores]
        if state.players == 1:
            if result is not None and result.solo:
                won = self._payoffs(result)
                return won, won
            if self._reference is None:
                self._reference = values[0]
            reward = [solo_reward(values[0], self._reference)]
            return reward, reward
        if result is not None:
            ranks = self._payoffs(result)
            firsts = [float(result.winners == (s,)) for s in range(state.players)]
        else:
            ranks = rank_rewards(values)
            chances = game_win_chances(state, values) if self.chances else None
            firsts = chances if chances is not None else [float(r == 1.0) for r in ranks]
        if self._root_values is not None:
            return own_rewards(values, self._root_values), firsts
        if self.margin:
            w = self.margin
            ranks = [
                (1 - w) * r + w * m for r, m in zip(ranks, margin_rewards(values), strict=True)
            ]
        return ranks, firsts

    def _payoffs(self, result: Result) -> list[float]:
        """The game's payoffs for a finished play-out (`Game.returns`), from [-1, 1] into
        [0, 1]."""
        return [min(1.0, max(0.0, 0.5 + 0.5 * r)) for r in self.game.returns(result)]


def heuristic_rollout(game: Game) -> Rollout:
    """Play-outs by the game's heuristic policy."""
    policy = heuristic_policy(game)

    def roll(state: GameState, seat: int, rng: random.Random) -> Action:
        return policy(SeatInfo(state, seat), rng)

    return roll


def _heuristic_or_none(game: Game) -> Policy | None:
    return heuristic_policy(game) if has_heuristic(game) else None


def ismcts_factory(game: Game, budget: str | None) -> Policy:
    """The `ismcts` bot: guided by the game's heuristic when it has one (PUCT prior on the
    heuristic's choice once a node has been visited twice, rivals modelled by it with three or
    more players, each new leaf valued by `evaluate` without a play-out, or after the game's
    `rival_playout` (bots/tuning.toml) plies by the heuristic with modelled rivals; rewards
    half rank, half score margin, or with modelled rivals the seat's own gain since the root;
    early stop once the choice is settled); plain UCB with random play-outs otherwise. Its
    versions and their measurements: benchmarks/results/NOTES.md."""
    seconds, iterations = parse_budget(budget)
    prior = _heuristic_or_none(game)
    if prior is None:
        return ISMCTS(game, seconds=seconds, iterations=iterations)
    return ISMCTS(
        game,
        seconds=seconds,
        iterations=iterations,
        depth=0,
        prior=prior,
        bias=0.5,
        puct=1.0,
        margin=0.5,
        prior_visits=2,
        model_rivals=True,
        early_stop=True,
        own_reward=True,
        rival_playout=tuning(game.id).rival_playout,
        halving=tuning(game.id).halving,
    )


def ismcts_heuristic_factory(game: Game, budget: str | None) -> Policy:
    """The `ismcts+heuristic` bot: as `ismcts`, but the play-outs follow the heuristic alone
    (no random moves) for 30 plies: fewer, longer and more faithful play-outs."""
    seconds, iterations = parse_budget(budget)
    return ISMCTS(
        game,
        seconds=seconds,
        iterations=iterations,
        rollout=heuristic_rollout(game),
        depth=30,
        prior=heuristic_policy(game),
        bias=0.5,
        puct=1.0,
        margin=0.5,
        early_stop=True,
    )
