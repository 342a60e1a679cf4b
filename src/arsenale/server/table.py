"""The table around a served game (docs/server.md, "The table"): its options (privacy, who reads
the chat, the clock, how long a seat may be gone), the clocks, and the chat's limits.

Time is read only through `now()` (seconds since the epoch), which tests replace. Clocks are
not kept in memory alone: a seat's time is rebuilt from when each stored action was played,
so a restart changes no one's remaining time.
"""

from __future__ import annotations

import re
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from arsenale.bots.registry import player_words
from arsenale.i18n import _

RULE_TABLE = "arsenale: table options"
RULE_CLOCK = "arsenale: clocks and absence"
RULE_CHAT = "arsenale: table chat"

CHAT_MAX = 500  # characters in one message
CHAT_RATE = 0.5  # messages per second per seat, ...
CHAT_BURST = 5.0  # ... with this many at once
CHAT_KEPT = 1000  # messages a game keeps (older ones stay in the database and the record)


def now() -> float:
    """Seconds since the epoch (the one clock of the table; tests replace it)."""
    return time.time()


class Clock(BaseModel):
    """`none`: no clock. `move`: `seconds` for each decision. `total`: `minutes` for the whole
    game plus `increment` seconds after each decision (Fischer increment)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    kind: Literal["none", "move", "total"] = "none"
    seconds: Annotated[int, Field(ge=10, le=7 * 86400)] | None = None
    minutes: Annotated[int, Field(ge=1, le=30 * 1440)] | None = None
    increment: Annotated[int, Field(ge=0, le=86400)] = 0


class TableOptions(BaseModel):
    """What the host chooses for the table, apart from the game's own options."""

    model_config = ConfigDict(extra="forbid", strict=True)
    private: Annotated[bool, Field(description="not listed in the lobby; reached by links")] = False
    spectator_chat: Annotated[bool, Field(description="spectators may read the chat")] = False
    clock: Clock = Clock()
    timeout: Annotated[
        Literal["vote", "bot"],
        Field(
            description="a seat out of time: the other players may give it to a bot (vote), "
            "or the server does at once (bot)"
        ),
    ] = "vote"
    absent_after: Annotated[
        int,
        Field(
            ge=30,
            le=30 * 86400,
            description="without a clock: seconds a seat may owe a decision before the "
            "others may give it to a bot",
        ),
    ] = 600
    abandon_after: Annotated[
        int,
        Field(
            ge=60,
            le=60 * 86400,
            description="seconds after which the server itself gives a seat that still owes "
            "a decision to a bot, so that no game waits for ever",
        ),
    ] = 3 * 86400
    bot: Annotated[
        Literal["random", "heuristic"],
        Field(description="the bot that takes over a seat given away"),
    ] = "heuristic"

    def check(self) -> str | None:
        """What is wrong with the combination, or None."""
        c = self.clock
        if c.kind == "move" and (c.seconds is None or c.minutes is not None or c.increment):
            return _("a per-move clock takes 'seconds' (10 or more) and nothing else")
        if c.kind == "total" and (c.minutes is None or c.seconds is not None):
            return _("a total clock takes 'minutes' and an optional 'increment' in seconds")
        if c.kind == "none" and (c.seconds is not None or c.minutes is not None or c.increment):
            return _("without a clock, give no 'seconds', 'minutes' nor 'increment'")
        if self.timeout == "bot" and c.kind == "none":
            return _("timeout 'bot' needs a clock")
        return None


def chat_problem(text: str) -> str | None:
    """Why a chat message is refused, or None: one to CHAT_MAX characters, not blank, no
    control characters but line breaks."""
    if not text.strip():
        return _("a chat message cannot be empty")
    if len(text) > CHAT_MAX:
        return _("a chat message has at most {most} characters (this one has {n})").format(
            most=CHAT_MAX, n=len(text)
        )
    if any(unicodedata.category(ch) == "Cc" and ch != "\n" for ch in text):
        return _("a chat message cannot hold control characters (line breaks are fine)")
    if not encodable(text):
        return _("a chat message must be valid Unicode (a lone surrogate is not)")
    return None


def encodable(text: str) -> bool:
    """Whether `text` is valid Unicode (JSON's \\ud800 escapes can carry lone surrogates, which
    no database stores)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


@dataclass(slots=True)
class SeatClock:
    """One seat's time: what it has used, and since when it owes a decision (None: it does
    not)."""

    used: float = 0.0
    decisions: int = 0
    since: float | None = None


@dataclass(slots=True)
class Clocks:
    """The clocks of a table, advanced ply by ply from when each action was played."""

    options: TableOptions
    seats: list[SeatClock] = field(default_factory=list)

    @classmethod
    def start(cls, options: TableOptions, players: int, to_move: list[int], at: float) -> Clocks:
        clocks = cls(options, [SeatClock() for _ in range(players)])
        for s in to_move:
            clocks.seats[s].since = at
        return clocks

    def played(self, seat: int, to_move: list[int], at: float) -> None:
        """`seat` acted at `at`; `to_move` is who owes a decision afterwards."""
        me = self.seats[seat]
        if me.since is not None:
            me.used += max(0.0, at - me.since)
        me.decisions += 1
        me.since = None
        for s, c in enumerate(self.seats):
            if s in to_move:
                if c.since is None:
                    c.since = at
            else:
                c.since = None

    def remaining(self, seat: int, at: float) -> float | None:
        """A total clock's time left (None without one)."""
        o = self.options.clock
        if o.kind != "total" or o.minutes is None:
            return None
        c = self.seats[seat]
        left = o.minutes * 60 + o.increment * c.decisions - c.used
        if c.since is not None:
            left -= max(0.0, at - c.since)
        return left

    def deadline(self, seat: int) -> float | None:
        """When the seat's time for its pending decision runs out (its clock, or without one
        the table's absence limit); None if it owes nothing."""
        c = self.seats[seat]
        if c.since is None:
            return None
        o = self.options.clock
        if o.kind == "move" and o.seconds is not None:
            return c.since + o.seconds
        if o.kind == "total":
            left = self.remaining(seat, c.since)
            return c.since + max(0.0, left or 0.0)
        return c.since + self.options.absent_after

    def server_takes_over(self, seat: int) -> float | None:
        """When the server itself gives the seat to a bot: at once when out of time under
        timeout 'bot', otherwise after the table's abandon limit."""
        c = self.seats[seat]
        deadline = self.deadline(seat)
        if c.since is None or deadline is None:
            return None
        if self.options.timeout == "bot":
            return deadline
        return max(deadline, c.since + self.options.abandon_after)

    def overdue(self, seat: int, at: float) -> bool:
        deadline = self.deadline(seat)
        return deadline is not None and at >= deadline

    def to_json(self, humans: list[int], at: float) -> dict[str, Any]:
        """The clocks for a view. Times are seconds since the epoch; `left` is a total clock's
        time when the seat's wait began (it runs down until `deadline`), so that a view does
        not change from one second to the next."""
        seats = []
        for s, c in enumerate(self.seats):
            human = s in humans
            seats.append(
                {
                    "seat": s,
                    "human": human,
                    "waiting_since": c.since,
                    "left": self.remaining(s, c.since if c.since is not None else at),
                    "deadline": self.deadline(s) if human else None,
                    "overdue": human and self.overdue(s, at),
                    "server_takes_over": self.server_takes_over(s) if human else None,
                }
            )
        return {
            "clock": self.options.clock.model_dump(),
            "timeout": self.options.timeout,
            "absent_after": self.options.absent_after,
            "abandon_after": self.options.abandon_after,
            "seats": seats,
        }


# -- notices of the table --------------------------------------------------------------------

BOT_NOTICE = "bot"
"""A seat given to a bot: {kind, seat, why ("clock" or "absent"), bot (its spec), by (the
seat that asked, None for the server)}."""

_OLD_BOT_NOTICE = re.compile(
    r"(?P<seat>\S+) \((?P<why>out of time|gone too long)\) is played by a (?P<bot>\S+) bot, "
    r"at (?P<by>.+)'s call"
)


def bot_notice(seat: int, clock: bool, bot: str, by: int | None) -> dict[str, Any]:
    return {
        "kind": BOT_NOTICE,
        "seat": seat,
        "why": "clock" if clock else "absent",
        "bot": bot,
        "by": by,
    }


def old_notice(text: str, labels: list[str]) -> dict[str, Any] | None:
    """The notice an English text stored before notices had a kind says, if it is one."""
    found = _OLD_BOT_NOTICE.fullmatch(text)
    if found is None or found["seat"] not in labels:
        return None
    by = found["by"]
    if by != "the server" and by not in labels:
        return None
    return bot_notice(
        labels.index(found["seat"]),
        found["why"] == "out of time",
        found["bot"],
        None if by == "the server" else labels.index(by),
    )


def notice_words(notice: dict[str, Any], name: Callable[..., str]) -> str | None:
    """A notice in the language in force; None for an unknown kind. Seats are named by
    `name(seat)`, and `name(seat, form)` as a sentence puts them (`Game.seat_phrase`: "by
    the Genoese", "par les Génois")."""
    if notice.get("kind") != BOT_NOTICE:
        return None
    seat, by, bot = name(notice["seat"]), notice.get("by"), player_words(notice["bot"])
    clock = notice.get("why") == "clock"
    if by is None:
        text = (
            _("{seat}: out of time; the server gave the seat to the {bot}")
            if clock
            else _("{seat}: away too long; the server gave the seat to the {bot}")
        )
        return text.format(seat=seat, bot=bot)
    text = (
        _("{seat}: out of time; the seat was given to the {bot} {by}")
        if clock
        else _("{seat}: away too long; the seat was given to the {bot} {by}")
    )
    return text.format(seat=seat, by=name(by, "by"), bot=bot)
