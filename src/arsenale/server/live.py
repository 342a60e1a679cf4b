"""Games in memory: rebuilt from their rows, moved on by humans and server-side bots.

Every action goes through `Hub.play`: under the game's lock it is checked against the live
state (stale ply, deciding seat, legality), committed as a row, and only then applied and
pushed to the sockets that watch the game, each seat getting its own view.

Only games in play stay in memory: a finished game leaves once `over_seconds` have passed
without a request, an abandoned one after `idle_seconds`, neither while a socket watches it
or a bot thinks; any of them is rebuilt from its rows when next asked for (`Hub.get`). After a
restart only the games that moved within `idle_seconds` are loaded at once. An unfinished game
out of memory is parked until the time the server must give one of its seats to a bot; the
sweep (`Hub.sweep`) loads it again then (after a restart, the games not loaded are looked at a
few per sweep). Bots decide away
from the event loop, seen through `SeatInfo`, so they never read more than their seat may
see: quick bots (random, heuristic) in worker threads on a clone of the state; search bots
(ismcts, openspiel-*), which would hold the GIL for their whole think, in worker processes
that rebuild the game from its actions (and keep it for the next decision). Each bot draws
its random numbers from a seed of its own (`bot_seed`), never from the game's seed.

Around the game sits its table (`table.py`): the chat (`Hub.say`), the clocks (rebuilt from
when each stored action was played), a seat given to a bot when its player is gone
(`Hub.give_to_bot`, by another player or by `Hub.sweep` past the table's limit), and new links
for a seat (`Hub.new_link`, revoking the old ones).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import multiprocessing
import os
import secrets
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import Any

from arsenale import i18n
from arsenale.bots.base import Bot
from arsenale.bots.registry import is_human, make_bot, player_words
from arsenale.core.actions import Action
from arsenale.core.errors import ArsenaleError, IllegalAction
from arsenale.core.game import Game
from arsenale.core.info import SeatInfo
from arsenale.core.registry import load_game
from arsenale.core.state import PRIVATE, Event, GameState
from arsenale.server import table
from arsenale.server.limits import RateLimiter
from arsenale.server.storage import GameRow, PlyTaken, Store, aware, hash_token
from arsenale.server.table import RULE_CHAT, RULE_CLOCK, Clocks, TableOptions

_ = i18n.ARSENALE.gettext

log = logging.getLogger("arsenale.server")

LOG_TAIL = 150  # log entries sent with a view; the page shows the most recent
IDLE_SECONDS = 15 * 60.0  # an unfinished game nobody asked for this long leaves memory
OVER_SECONDS = 60.0  # a finished game nobody asked for this long leaves memory


class Refusal(Exception):
    """A request refused with an HTTP status; `rule` names the rule or contract part;
    `words`, for a refused move, the refusal in words alone (no notation), which the page
    shows (`IllegalAction.words`)."""

    def __init__(self, status: int, error: str, rule: str | None, words: str | None = None) -> None:
        super().__init__(error)
        self.status = status
        self.error = error
        self.rule = rule
        self.words = words

    def to_json(self) -> dict[str, str | None]:
        out = {"error": self.error, "rule": self.rule}
        if self.words is not None:
            out["words"] = self.words
        return out


def game_seed() -> int:
    """A new game's seed: 62 bits of the operating system's entropy. Stored with the game (its
    chance is replayed from it) and published only in the record, once the game is over."""
    return secrets.randbits(62)


def bot_seed() -> int:
    """A served bot's seed: 63 bits of the operating system's entropy, drawn apart from the
    game's seed, held only in this process's memory (not stored, not sent). A spectator who
    reads a random bot's moves learns nothing of the game's chance; a restart gives the bots
    new seeds, which changes nothing already played (the record holds actions)."""
    return secrets.randbits(63)


RULE_TURN = "arsenale: turn order"
RULE_PLY = "arsenale: stale ply"
RULE_TOKEN = "arsenale: seat tokens"
SWEEP_EVERY = 5.0  # at most this many seconds between two sweeps (`Hub.sweep`)
PARKED_PER_SWEEP = 20  # parked games loaded again in one sweep at most


def moment(at: float) -> datetime:
    return datetime.fromtimestamp(at, UTC)


def stamp() -> tuple[datetime, float]:
    """Now, as stored (microseconds) and as the clocks count it: the same instant after a
    restart as before."""
    when = moment(table.now())
    return when, when.timestamp()


def decision_opened(state: GameState) -> int:
    """The ply since which the pending decision has stood unchanged for the seats that still
    owe it: a simultaneous secret choice stays open while the other seats submit (each
    submission is a ply), so a view taken at any of those plies may still answer it; any
    other decision is over at the next ply."""
    return state.ply - len(state.submissions)


class LiveGame:
    """One game in memory: its state, the log of events, its bots and its watchers."""

    def __init__(
        self,
        row: GameRow,
        game: Game,
        state: GameState,
        tokens: dict[str, int],
        revoked: set[str] | None = None,
    ):
        self.pk = row.pk
        self.id = row.id
        self.game = game
        self.seats: list[str] = list(row.seats)
        self.seed = row.seed
        self.created_at = row.created_at
        self.state = state
        self.tokens = tokens  # token hash -> seat
        self.revoked = revoked or set()  # hashes of keys the host replaced
        self.table = TableOptions.model_validate(row.table_options or {})
        self.private = bool(row.private)
        self.host_hash = row.host_hash
        self.clocks = Clocks.start(
            self.table,
            state.players,
            list(state.to_move()),
            aware(row.created_at).timestamp() if row.created_at else table.now(),
        )
        self.chat: list[dict[str, Any]] = []
        self.chat_count = 0
        self.lock = asyncio.Lock()
        self.log: list[LogEntry] = []  # (ply, visible_to, event): worded when viewed
        self.worded: dict[str, list[str]] = {}  # language -> the log's texts so far
        self.sockets: dict[Any, int | None] = {}
        self.speaks: dict[Any, str] = {}  # socket -> the language of its connection
        self.bots: dict[int, Bot] = {
            seat: make_bot(spec, game, seed=bot_seed())
            for seat, spec in enumerate(self.seats)
            if not is_human(spec)
        }
        self.bot_task: asyncio.Task[None] | None = None
        self.used = time.monotonic()  # the last request or ply; see `Hub.sweep`

    @property
    def status(self) -> str:
        return "over" if self.state.over else "active"

    def add_events(self, ply: int, events: list[Event]) -> None:
        """Keep the events of ply `ply` (a private one with the seats that may read it); they
        are put into words when a viewer asks, in that viewer's language (`words`)."""
        for e in events:
            to = e.get(PRIVATE)
            plain = e if to is None else {k: v for k, v in e.items() if k != PRIVATE}
            self.log.append((ply, None if to is None else frozenset(to), plain))

    def words(self) -> list[str]:
        """The log's texts in the language in force, one per entry of `log`: each event is
        worded once per language, the first time a viewer of that language looks."""
        texts = self.worded.setdefault(i18n.current(), [])
        for _ply, _to, event in self.log[len(texts) :]:
            texts.append(self.game.describe_event(event, self.state.seat_label))
        return texts

    def drop_socket(self, socket: Any) -> None:
        self.sockets.pop(socket, None)
        self.speaks.pop(socket, None)

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token opens; None for no token (a spectator); Refusal for a bad one."""
        if token is None or token == "":
            return None
        key = hash_token(token)
        seat = self.tokens.get(key)
        if seat is None:
            if key in self.revoked:
                raise Refusal(
                    401,
                    _("this link was replaced by the table's host: ask the host for the new one"),
                    RULE_TOKEN,
                )
            raise Refusal(401, _("this token opens no seat of this game"), RULE_TOKEN)
        return seat

    def humans(self) -> list[int]:
        return [s for s, spec in enumerate(self.seats) if is_human(spec)]

    def takeover(self) -> float | None:
        """The first time the server will give one of the human seats to a bot, if any."""
        if self.state.over:
            return None
        times = [self.clocks.server_takes_over(s) for s in self.humans()]
        return min((t for t in times if t is not None), default=None)

    def reads_chat(self, seat: int | None) -> bool:
        """Chat is public to the table: its players, and spectators if the host allows."""
        return seat is not None or self.table.spectator_chat

    def chat_message(
        self, ply: int, seat: int | None, text: str, at: float, notice: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """Keep a message said at the table; a notice of the table (seat None) keeps its kind
        and parameters (an English one stored before them is read back into them)."""
        if seat is None and notice is None:
            labels = [self.state.seat_label(s) for s in range(self.state.players)]
            notice = table.old_notice(text, labels)
        message = self.chat_entry(self.chat_count, ply, seat, text, at, notice)
        self.chat_count += 1
        self.chat.append(message)
        del self.chat[: -table.CHAT_KEPT]
        return message

    def chat_entry(
        self,
        n: int,
        ply: int,
        seat: int | None,
        text: str,
        at: float,
        notice: dict[str, Any] | None,
    ) -> dict[str, Any]:
        return {
            "n": n,
            "ply": ply,
            "seat": seat,
            "label": "table" if seat is None else self.state.seat_label(seat),
            "text": text,
            "at": moment(at).isoformat(),
            "notice": notice,
        }

    def seat_words(self, seat: int, form: str = "") -> str:
        """A seat's name in the language in force; given a `form`, as a sentence puts it
        (`Game.seat_phrase`: "by the Genoese", "par les Génois")."""
        label = self.state.seat_label(seat)
        return self.game.seat_phrase(label, form) if form else self.game.seat_name(label)

    def chat_words(self, messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Messages as the viewer reads them: the speaker's `name` and a notice's words in the
        language in force (what the players typed stays as typed)."""
        out = []
        for m in messages:
            notice = m.get("notice")
            words = None if notice is None else table.notice_words(notice, self.seat_words)
            said = {**m, "name": None if m["seat"] is None else self.seat_words(m["seat"])}
            out.append(said if words is None else {**said, "text": words})
        return out

    def table_view(self, seat: int | None) -> dict[str, Any]:
        """The table around the game as `seat` sees it: public to everyone at the table."""
        out = self.clocks.to_json(self.humans(), table.now())
        out.update(
            private=self.private,
            spectator_chat=self.table.spectator_chat,
            chat="write" if seat is not None else "read" if self.reads_chat(seat) else None,
            chat_messages=self.chat_count if self.reads_chat(seat) else None,
        )
        return out

    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` sees, worded in the language in force (the viewer's)."""
        out = game_view(self, self.state, seat)
        if seat in self.bots:  # given to a bot: its player watches, the bot decides
            out["legal"] = []
        out["table"] = self.table_view(seat)
        return out


LogEntry = tuple[int, frozenset[int] | None, Event]
"""A log entry: its ply, the seats that may read it (None: everyone) and the event."""


def game_view(
    live: LiveGame, state: GameState, seat: int | None, before: int | None = None
) -> dict[str, Any]:
    """What `seat` (None: a spectator) may see of a game (`before`: only the log of the plies
    before it, for a replay), in the language in force: see docs/server.md."""
    tail: list[dict[str, Any]] = []
    texts = live.words()
    for index in range(len(live.log) - 1, -1, -1):
        ply, to, _event = live.log[index]
        if before is not None and ply >= before:
            continue
        if to is None or (seat is not None and seat in to):
            tail.append({"ply": ply, "text": texts[index]})
            if len(tail) >= LOG_TAIL:
                break
    tail.reverse()
    legal = state.legal_actions(seat) if seat is not None else []
    over = state.over
    return {
        "id": live.id,
        "game": live.game.id,
        "seat": seat,
        "ply": state.ply,
        "status": "over" if over else "active",
        "seats": [
            {
                "seat": s,
                "label": state.seat_label(s),
                "name": live.game.seat_name(state.seat_label(s)),  # in the viewer's language
                # as a sentence puts it ("the Genoese", "les Génois"; "Red")
                "the": live.game.seat_phrase(state.seat_label(s), "the"),
                "of": live.game.seat_phrase(state.seat_label(s), "of"),  # "des Génois"
                "kind": spec,
                "player": player_words(spec),  # the kind in the viewer's language
            }
            for s, spec in enumerate(live.seats)
        ],
        "to_move": list(state.to_move()),
        "view": state.view(seat),
        "legal": [legal_entry(live.game, a) for a in legal],
        "my_submission_words": _submission_words(live.game, state, seat),
        "log": tail,
        "result": state.result().to_json() if over else None,
        "account": live.game.final_account(state) if over else None,
    }


def legal_entry(game: Game, action: Action) -> dict[str, Any]:
    """A legal action as the page lists it: its JSON and notation, its words, the group it
    is listed under and, for a family that differs only by amounts, those parameters' names
    (`Game.action_words`)."""
    words = game.wording(action)
    return {
        "action": action.to_json(),
        "text": action.notation,
        "words": words.text,
        "group": words.group,
        "amounts": list(words.amounts),
        "amount_labels": list(words.labels),
    }


def _submission_words(game: Game, state: GameState, seat: int | None) -> str | None:
    """The seat's own pending secret choice in words (its view holds it as JSON)."""
    mine = state.submissions.get(seat) if seat is not None else None
    return game.wording(mine).text if mine is not None else None


def _think(bot: Bot, world: GameState, seat: int) -> Action:
    """A bot's decision (in a worker thread), seen through its seat's information only."""
    return bot.choose(SeatInfo(world, seat))


SEARCH_BOTS = ("ismcts", "openspiel")
_worker_states: dict[str, GameState] = {}
_worker_bots: dict[tuple[str, int, str], Bot] = {}


def _think_in_process(
    key: str,
    game_id: str,
    players: int,
    options: dict[str, Any],
    seed: int,
    actions: list[tuple[int, dict[str, Any]]],
    seat: int,
    spec: str,
    bot_seed: int,
) -> dict[str, Any]:
    """A search bot's decision in a worker process: the game is rebuilt from its actions (or
    brought up to date from the copy this process kept), then seen through `SeatInfo`."""
    state = _worker_states.pop(key, None)
    if state is None or state.ply > len(actions):
        state = load_game(game_id).new_game(players, seed, options)
    for s, a in actions[state.ply :]:
        state.apply(s, a)
    _worker_states[key] = state
    while len(_worker_states) > 32:  # forget the game this process used least recently
        del _worker_states[next(iter(_worker_states))]
    bot = _worker_bots.get((key, seat, spec))
    if bot is None:
        bot = _worker_bots[(key, seat, spec)] = make_bot(spec, state.game, bot_seed)
        while len(_worker_bots) > 128:
            del _worker_bots[next(iter(_worker_bots))]
    return bot.choose(SeatInfo(state.clone(), seat)).to_json()


class Hub:
    """All live games of one server, the store behind them, and the bots' worker threads."""

    def __init__(
        self,
        store: Store,
        bot_delay: float = 0.5,
        bot_threads: int = 2,
        bot_processes: int | None = None,
        idle_seconds: float = IDLE_SECONDS,
        over_seconds: float = OVER_SECONDS,
    ) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.idle_seconds = idle_seconds
        self.over_seconds = over_seconds
        self.games: dict[str, LiveGame] = {}
        self.sockets_of: dict[str, int] = {}  # client address -> its open (or opening) sockets
        self.pool = ThreadPoolExecutor(max_workers=bot_threads, thread_name_prefix="bot")
        self.processes = ProcessPoolExecutor(
            max_workers=bot_processes or max(1, min(4, os.cpu_count() or 1)),
            mp_context=multiprocessing.get_context("spawn"),
        )
        self._loading: dict[str, asyncio.Future[LiveGame | None]] = {}
        self.closed = False
        self.chat_limiter = RateLimiter(table.CHAT_RATE, table.CHAT_BURST)
        self.parked: dict[str, float] = {}  # game let go -> when the server must look again

    async def db(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.to_thread(fn, *args)

    # -- loading -------------------------------------------------------------------------------

    async def resume_all(self) -> int:
        """After a restart: load the unfinished games that moved within `idle_seconds` and set
        their bots going again; the others wait in the database until asked for."""
        since = datetime.now(UTC) - timedelta(seconds=self.idle_seconds)
        ids = await self.db(self.store.active_game_ids, since)
        for game_id in ids:
            await self.get(game_id)
        # the others may owe the server a seat given to a bot: `sweep` looks at them in turn
        for game_id in await self.db(self.store.active_game_ids):
            if game_id not in self.games:
                self.parked.setdefault(game_id, 0.0)
        return len(ids)

    async def get(self, game_id: str) -> LiveGame | None:
        """The game `game_id`, from memory or rebuilt from its rows (its bots set going);
        None if there is none."""
        live = self.games.get(game_id)
        if live is not None:
            live.used = time.monotonic()
            return live
        pending = self._loading.get(game_id)
        if pending is not None:
            return await pending
        future: asyncio.Future[LiveGame | None] = asyncio.get_running_loop().create_future()
        self._loading[game_id] = future
        try:
            live = await self.db(self._load, game_id)
            if live is not None:
                self.games[game_id] = live
                self.parked.pop(game_id, None)
                self.kick(live)
            future.set_result(live)
            return live
        except BaseException as e:
            future.set_exception(e)
            raise
        finally:
            del self._loading[game_id]

    def _load(self, game_id: str) -> LiveGame | None:
        """Rebuild a game from its rows (in a worker thread)."""
        row = self.store.game(game_id)
        if row is None:
            return None
        game = load_game(row.game)
        state = game.new_game(row.players, row.seed, row.options)
        live = LiveGame(
            row, game, state, self.store.token_hashes(row.pk), self.store.revoked_hashes(row.pk)
        )
        times = self.store.action_times(row.pk)
        for (ply, seat, action), at in zip(self.store.actions(row.pk), times, strict=True):
            if ply != state.ply:
                raise ArsenaleError(f"game {game_id}: stored ply {ply} where {state.ply} was due")
            live.add_events(ply, state.apply(seat, action))
            live.clocks.played(seat, list(state.to_move()), at.timestamp())
        for said_at, speaker, text, when, notice in self.store.chat(row.pk):
            live.chat_message(said_at, speaker, text, when.timestamp(), notice)
        if state.over and row.status != "over":
            self.store.set_status(row.pk, "over")
        return live

    def verified(self, game_id: str, token: str) -> bool:
        """Whether `token` opens a seat of `game_id`, as far as the games in memory tell (a
        game not in memory is not loaded for this)."""
        live = self.games.get(game_id)
        return live is not None and hash_token(token) in live.tokens

    def let_go(self, now: float | None = None) -> list[str]:
        """Let go of the games nobody uses: finished ones after `over_seconds`, unfinished
        ones after `idle_seconds`, never while a socket watches, an action is being applied
        or a bot thinks. An unfinished game let go is parked until the server must give one
        of its seats to a bot (`sweep` loads it again then). Returns the ids let go."""
        now = time.monotonic() if now is None else now
        gone = []
        for game_id, live in list(self.games.items()):
            if live.sockets or live.lock.locked():
                continue
            if live.bot_task is not None and not live.bot_task.done():
                continue
            limit = self.over_seconds if live.state.over else self.idle_seconds
            if now - live.used >= limit:
                del self.games[game_id]
                gone.append(game_id)
                takeover = live.takeover()
                if takeover is not None:
                    self.parked[game_id] = takeover
        return gone

    # -- creating ------------------------------------------------------------------------------

    async def create(
        self,
        game: Game,
        players: int,
        seats: list[str],
        options: dict[str, Any],
        table_options: TableOptions | None = None,
    ) -> tuple[LiveGame, dict[int, str], str]:
        """A new game; returns it, the token of each human seat and the host's key (shown
        only here)."""
        seed = game_seed()
        state = game.new_game(players, seed, options)  # validates players and options
        tokens = {s: secrets.token_urlsafe(16) for s, spec in enumerate(seats) if is_human(spec)}
        host = secrets.token_urlsafe(16)
        game_id = secrets.token_urlsafe(9)
        row = await self.db(
            self.store.create_game,
            game_id,
            game.id,
            players,
            dict(state.options),
            seed,
            seats,
            {s: hash_token(t) for s, t in tokens.items()},
            (table_options or TableOptions()).model_dump(),
            hash_token(host),
            stamp()[0],
        )
        live = LiveGame(row, game, state, {hash_token(t): s for s, t in tokens.items()})
        self.games[game_id] = live
        self.kick(live)
        return live, tokens, host

    # -- playing -------------------------------------------------------------------------------

    async def play(
        self, live: LiveGame, seat: int | None, ply: Any, action: Any, bot: bool = False
    ) -> dict[str, Any]:
        """Check, commit, apply and push one action; Refusal (nothing changed) otherwise.
        `bot`: the server's bot of that seat acts (a person may not act for a bot's seat)."""
        async with live.lock:
            live.used = time.monotonic()
            state = live.state
            if state.over:
                raise Refusal(409, _("the game is over"), "arsenale: game end")
            if not isinstance(ply, int) or isinstance(ply, bool):
                raise Refusal(
                    422, _("'ply' must be the integer ply of the view you act on"), RULE_PLY
                )
            if not decision_opened(state) <= ply <= state.ply:
                raise Refusal(
                    409,
                    _("stale ply {ply}: the game is at ply {now}; reload").format(
                        ply=ply, now=state.ply
                    ),
                    RULE_PLY,
                )
            if seat is None:
                raise Refusal(403, _("spectators cannot act: send a seat's token"), RULE_TOKEN)

            def phrase(s: int, form: str) -> str:  # "of the Venetians", "des Vénitiens"
                return live.game.seat_phrase(state.seat_label(s), form)

            if seat in state.submissions:
                raise Refusal(
                    409,
                    _("the secret choice {of} is already made here").format(of=phrase(seat, "of")),
                    RULE_TURN,
                )
            if seat not in state.to_move():
                waiting = ", ".join(phrase(s, "the") for s in state.to_move())
                raise Refusal(
                    403,
                    _("the decision is not up {to} now; waiting for {waiting}").format(
                        to=phrase(seat, "to"), waiting=waiting
                    ),
                    RULE_TURN,
                )
            if seat in live.bots and not bot:
                raise Refusal(
                    403,
                    _("the seat {of} was given to a bot: it plays for it now").format(
                        of=phrase(seat, "of")
                    ),
                    RULE_CLOCK,
                )
            try:
                chosen: Action = state.coerce(action, seat)
                state.check(seat, chosen)
            except IllegalAction as e:
                raise Refusal(422, e.reason, e.rule, e.words) from None
            when, at = stamp()
            try:
                await self.db(self.store.append, live.pk, state.ply, seat, chosen.to_json(), when)
            except PlyTaken:
                raise Refusal(
                    409, _("ply {ply} was taken meanwhile; reload").format(ply=state.ply), RULE_PLY
                ) from None
            live.add_events(state.ply, state.apply(seat, chosen))
            live.clocks.played(seat, list(state.to_move()), at)
            if state.over:
                await self.db(self.store.set_status, live.pk, "over")
            view = live.view(seat)
        await self.push(live)
        self.kick(live)
        return view

    async def push(self, live: LiveGame) -> None:
        """Send each watching socket its seat's new view in the language of its connection
        (one view per seat and language)."""
        if not live.sockets:
            return
        views: dict[tuple[int | None, str], dict[str, Any]] = {}
        sends: list[Awaitable[Any]] = []
        sockets = list(live.sockets.items())
        for socket, seat in sockets:
            key = (seat, live.speaks.get(socket, i18n.DEFAULT))
            if key not in views:
                with i18n.speaking(key[1]):
                    views[key] = live.view(seat)
            sends.append(asyncio.wait_for(socket.send_json(views[key]), timeout=5))
        results = await asyncio.gather(*sends, return_exceptions=True)
        for (socket, _seat), outcome in zip(sockets, results, strict=True):
            if isinstance(outcome, BaseException):  # gone or too slow: it reconnects and resumes
                live.drop_socket(socket)
                with contextlib.suppress(Exception):
                    await socket.close()

    # -- bots ----------------------------------------------------------------------------------

    def kick(self, live: LiveGame) -> None:
        """Start the game's bot loop if a bot owes a decision and none is running."""
        if self.closed or not live.bots or live.state.over:
            return
        if live.bot_task is not None and not live.bot_task.done():
            return
        if not any(s in live.bots for s in live.state.to_move()):
            return
        live.bot_task = asyncio.get_running_loop().create_task(self._bots(live))

    async def _bots(self, live: LiveGame) -> None:
        loop = asyncio.get_running_loop()
        while not self.closed:
            state = live.state
            movers = [s for s in state.to_move() if s in live.bots]
            if state.over or not movers:
                return
            seat = movers[0]
            bot = live.bots[seat]
            ply = state.ply
            think: Callable[[], Awaitable[Any]]
            if bot.name.startswith(SEARCH_BOTS):
                actions = [(s, a.to_json()) for s, a in state.history()]
                args = (live.id, live.game.id, state.players, dict(state.options), live.seed)
                think = partial(
                    loop.run_in_executor,
                    self.processes,
                    _think_in_process,
                    *args,
                    actions,
                    seat,
                    bot.name,
                    bot.seed,
                )
            else:
                think = partial(loop.run_in_executor, self.pool, _think, bot, state.clone(), seat)
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            try:
                chosen = await think()
                if isinstance(chosen, Action):
                    chosen = chosen.to_json()
                await self.play(live, seat, ply, chosen, bot=True)
            except Refusal as e:
                if e.status == 409 and live.state.ply != ply:
                    continue  # someone acted meanwhile: think again on the new state
                log.error("bot %s of game %s refused: %s", seat, live.id, e.error)
                return
            except Exception:  # a bot bug must not take the server down
                log.exception("bot %s of game %s failed", seat, live.id)
                return

    # -- the table -----------------------------------------------------------------------------

    async def say(self, live: LiveGame, seat: int | None, text: Any) -> dict[str, Any]:
        """A player says something at the table: stored, then pushed to those who read the
        chat. Refusal (nothing stored) for a spectator, a bad message or too many at once."""
        if seat is None:
            raise Refusal(403, _("spectators cannot chat: send a seat's token"), RULE_CHAT)
        if not isinstance(text, str):
            raise Refusal(422, _("'text' must be a string"), RULE_CHAT)
        problem = table.chat_problem(text)
        if problem:
            raise Refusal(422, problem, RULE_CHAT)
        if not self.chat_limiter.allow(f"{live.id}:{seat}"):
            raise Refusal(429, _("too many chat messages: wait a few seconds"), RULE_CHAT)
        async with live.lock:
            when, at = stamp()
            ply = live.state.ply
            await self.db(self.store.add_chat, live.pk, ply, seat, text, when)
            message = live.chat_message(ply, seat, text, at)
        await self.push_chat(live, message)
        return live.chat_words([message])[0]

    async def whole_chat(self, live: LiveGame) -> list[dict[str, Any]]:
        """Every message of a game: from memory, or from the database once the game has said
        more than memory keeps (CHAT_KEPT)."""
        if live.chat_count <= len(live.chat):
            return live.chat_words(live.chat)
        rows = await self.db(self.store.chat, live.pk)
        labels = [live.state.seat_label(s) for s in range(live.state.players)]
        return live.chat_words(
            [
                live.chat_entry(
                    n,
                    ply,
                    seat,
                    text,
                    at.timestamp(),
                    notice if notice or seat is not None else table.old_notice(text, labels),
                )
                for n, (ply, seat, text, at, notice) in enumerate(rows)
            ]
        )

    async def notice(self, live: LiveGame, notice: dict[str, Any]) -> None:
        """A notice of the table itself in the chat (under the game's lock): stored as its
        kind and parameters (with its English words), worded for each reader."""
        when, at = stamp()
        with i18n.speaking(i18n.DEFAULT):
            text = table.notice_words(notice, live.seat_words)
        assert text is not None, notice
        ply = live.state.ply
        await self.db(self.store.add_chat, live.pk, ply, None, text, when, notice)
        message = live.chat_message(ply, None, text, at, notice)
        asyncio.get_running_loop().create_task(self.push_chat(live, message))

    async def push_chat(self, live: LiveGame, message: dict[str, Any]) -> None:
        """Send a message to the sockets that read the chat, each in its own language."""
        sockets = [ws for ws, seat in list(live.sockets.items()) if live.reads_chat(seat)]
        worded: dict[str, dict[str, Any]] = {}
        for ws in sockets:
            language = live.speaks.get(ws, i18n.DEFAULT)
            if language not in worded:
                with i18n.speaking(language):
                    worded[language] = live.chat_words([message])[0]
        results = await asyncio.gather(
            *(
                asyncio.wait_for(
                    ws.send_json({"chat": worded[live.speaks.get(ws, i18n.DEFAULT)]}), timeout=5
                )
                for ws in sockets
            ),
            return_exceptions=True,
        )
        for ws, outcome in zip(sockets, results, strict=True):
            if isinstance(outcome, BaseException):
                live.drop_socket(ws)

    async def give_to_bot(self, live: LiveGame, seat: int, by: int | None) -> dict[str, Any]:
        """Seat `seat`, out of time or gone past the table's limit, is played by a bot from
        now on: asked by another player (`by`), or by the server (`by` None) once the table's
        limit for that is past. Refusal if the seat may not be given yet."""
        async with live.lock:
            state = live.state
            if state.over:
                raise Refusal(409, _("the game is over"), "arsenale: game end")
            if not 0 <= seat < state.players:
                raise Refusal(
                    422, _("there is no seat {seat}").format(seat=seat), "arsenale: seats"
                )
            if by is None and seat not in live.humans():
                return live.view(None)
            name = live.game.seat_name(state.seat_label(seat))
            if seat not in live.humans():
                raise Refusal(
                    409,
                    _("the seat {of} is played by a bot already").format(
                        of=live.game.seat_phrase(state.seat_label(seat), "of")
                    ),
                    RULE_CLOCK,
                )
            if by == seat:
                raise Refusal(403, _("a seat cannot give itself away"), RULE_CLOCK)
            at = table.now()
            deadline = live.clocks.deadline(seat)
            limit = deadline if by is not None else live.clocks.server_takes_over(seat)
            if limit is None:
                raise Refusal(
                    409,
                    _("{seat} owes no decision: nobody waits for it").format(seat=name),
                    RULE_CLOCK,
                )
            if at < limit:
                raise Refusal(
                    409,
                    _("{seconds} seconds are left {for}").format(
                        seconds=math.ceil(limit - at - 1e-6),
                        **{"for": live.game.seat_phrase(state.seat_label(seat), "for")},
                    ),
                    RULE_CLOCK,
                )
            spec = live.table.bot
            seats = list(live.seats)
            seats[seat] = spec
            await self.db(self.store.set_seats, live.pk, seats)
            live.seats = seats
            live.bots[seat] = make_bot(spec, live.game, seed=bot_seed())
            clock = live.table.clock.kind != "none"
            await self.notice(live, table.bot_notice(seat, clock, spec, by))
            view = live.view(by)
        await self.push(live)
        self.kick(live)
        return view

    async def new_link(self, live: LiveGame, seat: int) -> str:
        """A new key for a human seat; every earlier key of it (and its account's claim) is
        revoked, and the sockets watching that seat are closed (the new holder reconnects)."""
        async with live.lock:
            if not 0 <= seat < live.state.players:
                raise Refusal(
                    422, _("there is no seat {seat}").format(seat=seat), "arsenale: seats"
                )
            if seat not in live.humans():
                raise Refusal(409, _("a bot's seat has no link"), RULE_TOKEN)
            token = secrets.token_urlsafe(16)
            await self.db(self.store.replace_seat_keys, live.pk, seat, hash_token(token))
            for key, s in list(live.tokens.items()):
                if s == seat:
                    del live.tokens[key]
                    live.revoked.add(key)
            live.tokens[hash_token(token)] = seat
            for ws, watcher in list(live.sockets.items()):
                if watcher == seat:
                    live.drop_socket(ws)
                    with contextlib.suppress(Exception):
                        await ws.close(code=4401, reason="this link was replaced by the host")
        return token

    async def open_seat(self, live: LiveGame, seat: int, account_pk: int) -> str:
        """A further key to a seat its account owns (another device)."""
        token = secrets.token_urlsafe(16)
        async with live.lock:
            if await self.db(self.store.seat_owner, live.pk, seat) != account_pk:
                raise Refusal(
                    403, _("this account does not own that seat: claim it first"), RULE_TOKEN
                )
            await self.db(self.store.add_seat_key, live.pk, seat, hash_token(token), account_pk)
            live.tokens[hash_token(token)] = seat
        return token

    async def sweep(self) -> int:
        """The server's round: load the parked games whose takeover time has come (a few per
        round), give to a bot every human seat past the point where the server takes over
        (the game never waits for ever), then let go of the games nobody uses (`let_go`).
        Returns how many seats were given."""
        at = table.now()
        due = [game_id for game_id, when in self.parked.items() if when <= at]
        for game_id in due[:PARKED_PER_SWEEP]:
            del self.parked[game_id]
            await self.get(game_id)
        given = 0
        for live in list(self.games.values()):
            if live.state.over:
                continue
            for seat in live.humans():
                limit = live.clocks.server_takes_over(seat)
                if limit is not None and at >= limit:
                    try:
                        await self.give_to_bot(live, seat, None)
                        given += 1
                    except Refusal:
                        pass
        gone = self.let_go()
        if gone:
            log.info("let go of %d idle or finished games", len(gone))
        return given

    async def sweeper(self) -> None:
        """`sweep` now and then, for as long as the hub is open."""
        every = min(SWEEP_EVERY, max(0.05, min(self.idle_seconds, self.over_seconds) / 2))
        while not self.closed:
            await asyncio.sleep(every)
            try:
                await self.sweep()
            except Exception:
                log.exception("the server's sweep failed")

    async def close(self) -> None:
        self.closed = True
        tasks = [g.bot_task for g in self.games.values() if g.bot_task and not g.bot_task.done()]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.processes.shutdown(wait=False, cancel_futures=True)
        await asyncio.to_thread(self.store.close)
