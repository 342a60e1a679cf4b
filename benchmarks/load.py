"""Load on the web service: many live games at once, against a real `arsenale serve` process.

    python benchmarks/load.py [--games 100] [--seconds 30] [--think 0] [--bot-delay 0.05]
                              [--db sqlite|postgresql|URL] [--no-deflate]
    make load            # --think 2 (people playing: the 100 ms target), then --think 0

Starts `arsenale serve` on a free port of 127.0.0.1 (a new SQLite file in a temporary
directory; `--db postgresql` starts a throwaway PostgreSQL cluster as the tests do, or give a
database URL), then:

1. games: creates `--games` Serenissima (2012) games of 3 seats: 2 humans played by this
   script and 1 heuristic bot played by the server (waiting `--bot-delay` seconds before each
   move). Each human seat has its own WebSocket (with permessage-deflate, as browsers ask for
   it, unless `--no-deflate`) and its own HTTP connection. When a pushed view says the seat
   owes a decision, it waits `--think` seconds on average (exponential; 0: not at all), then
   POSTs a random legal action for that view's ply. Move latency is the time from sending the
   POST to receiving its answer, the new view, which the server sends only after committing
   the action. Measured for `--seconds` once every socket has its first view.
2. health: the bare endpoint `GET /api/health` of the same server process, from as many
   clients as there were WebSockets: first at about the rate the moves came in, then with no
   pause at all (the most the server and this client manage together), `--seconds` / 2 each.

Prints one JSON object: move latency p50/p99 (ms), moves per second (human moves answered,
and plies of every seat), refusals by status, the same figures for the bare endpoint, and the
server's CPU time per ply and per request (user + system, all its threads, from /proc). The
target is a move p99 under 100 ms. Everything runs on loopback and the client shares the
machine's cores with the server, so the client's own work (and anything else running) is
inside the latencies; the server CPU figures are not affected by it.

With `--think 0` the clients move the instant they may, so the server is saturated and the
latency is mostly queueing (Little's law: in-flight moves / throughput); a think time of a few
seconds is closer to people playing, and `--think 2` (2 seconds a move on average, quick for a
board game) is the case the p99 target is about. `make load` runs both.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import random
import shutil
import ssl
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from server.helpers import PgCluster, ServerProcess  # noqa: E402

GAME = "serenissima-2012"
SEATS = ["human", "human", "heuristic"]
TLS = ssl.create_default_context()  # unused on http://, but each client would build its own


def percentile(values: list[float], q: float) -> float:
    """The q-quantile (0..1) by the nearest-rank method; NaN for no values."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[max(1, math.ceil(q * len(ordered))) - 1]


def summary(latencies: list[float], seconds: float) -> dict[str, Any]:
    ms = [x * 1000 for x in latencies]
    return {
        "count": len(ms),
        "p50_ms": round(percentile(ms, 0.50), 2),
        "p99_ms": round(percentile(ms, 0.99), 2),
        "max_ms": round(max(ms), 2) if ms else None,
        "per_second": round(len(ms) / seconds, 1) if seconds > 0 else None,
    }


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far, all threads (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Stats:
    def __init__(self) -> None:
        self.measuring = False
        self.latencies: list[float] = []
        self.refusals: dict[int, int] = {}
        self.transport_errors = 0
        self.connected = 0
        self.plies: dict[str, int] = {}
        self.plies_at_start: dict[str, int] = {}
        self.over: set[str] = set()
        self.errors: list[str] = []

    def saw(self, view: dict[str, Any]) -> None:
        gid = view["id"]
        self.plies[gid] = max(self.plies.get(gid, 0), view["ply"])
        if view["status"] == "over":
            self.over.add(gid)

    def start(self) -> None:
        self.measuring = True
        self.plies_at_start = dict(self.plies)
        self.refusals.clear()
        self.transport_errors = 0

    def plies_measured(self) -> int:
        return sum(p - self.plies_at_start.get(g, p) for g, p in self.plies.items())


async def create_games(client: httpx.AsyncClient, count: int) -> list[dict[str, Any]]:
    """`count` new games; the per-address rate limit is respected by retrying on 429."""
    games: list[dict[str, Any]] = []
    while len(games) < count:
        r = await client.post(
            "/api/games", json={"game": GAME, "players": len(SEATS), "seats": SEATS}
        )
        if r.status_code == 429:
            await asyncio.sleep(0.1)
            continue
        r.raise_for_status()
        games.append(r.json())
    return games


class Seat:
    """One human seat: follows the pushed views and answers every decision it owes with a
    random legal action, until told to stop or the game ends."""

    def __init__(
        self,
        server: ServerProcess,
        game_id: str,
        token: str,
        rng: random.Random,
        stats: Stats,
        think: float,
        deflate: bool,
    ) -> None:
        self.server = server
        self.game_id = game_id
        self.token = token
        self.rng = rng
        self.stats = stats
        self.think = think
        self.deflate = deflate
        self.latest: dict[str, Any] | None = None
        self.fresh = asyncio.Event()
        self.acted_ply = -1

    def _keep(self, view: dict[str, Any]) -> None:
        self.stats.saw(view)
        if self.latest is None or view["ply"] >= self.latest["ply"]:
            self.latest = view
            self.fresh.set()

    async def _receive(self, ws: ClientConnection) -> None:
        first = True
        async for message in ws:
            self._keep(json.loads(message))
            if first:
                self.stats.connected += 1
                first = False

    def _owes(self, view: dict[str, Any] | None) -> bool:
        return (
            view is not None
            and view["status"] == "active"
            and view["seat"] in view["to_move"]
            and bool(view["legal"])
            and view["ply"] > self.acted_ply
        )

    async def _move(self, client: httpx.AsyncClient, view: dict[str, Any]) -> None:
        """POST one random legal action for `view`; a connection dropped by the server's
        keep-alive timeout is retried once (a duplicate would be refused as a stale ply)."""
        choice = self.rng.choice(view["legal"])
        body = {"ply": view["ply"], "action": choice["action"]}
        for attempt in (1, 2):
            sent = time.perf_counter()
            try:
                r = await client.post(f"/api/games/{self.game_id}/actions", json=body)
            except httpx.TransportError:
                if self.stats.measuring:
                    self.stats.transport_errors += 1
                if attempt == 2:
                    raise
                continue
            took = time.perf_counter() - sent
            break
        self.acted_ply = view["ply"]
        if r.status_code == 200:
            if self.stats.measuring:
                self.stats.latencies.append(took)
            self._keep(r.json())
        else:
            if self.stats.measuring:
                self.stats.refusals[r.status_code] = self.stats.refusals.get(r.status_code, 0) + 1
            if r.status_code == 429:
                await asyncio.sleep(0.5)
                self.acted_ply = -1  # nothing changed: the decision is still owed

    async def play(self, stop: asyncio.Event) -> None:
        url = f"{self.server.ws_url}/ws/games/{self.game_id}"
        async with (
            httpx.AsyncClient(
                base_url=self.server.base_url,
                headers={"Authorization": f"Bearer {self.token}"},
                timeout=30,
                verify=TLS,
            ) as client,
            connect(url, open_timeout=120, compression="deflate" if self.deflate else None) as ws,
        ):
            await ws.send(json.dumps({"token": self.token}))  # the token is never in the URL
            reader = asyncio.create_task(self._receive(ws))
            stopper = asyncio.create_task(stop.wait())
            try:
                while not stop.is_set() and not reader.done():
                    waiter = asyncio.create_task(self.fresh.wait())
                    await asyncio.wait(
                        {waiter, stopper, reader}, return_when=asyncio.FIRST_COMPLETED
                    )
                    waiter.cancel()
                    self.fresh.clear()
                    while not stop.is_set() and self._owes(self.latest):
                        if self.think:
                            await asyncio.sleep(self.rng.expovariate(1 / self.think))
                        view = self.latest
                        assert view is not None
                        await self._move(client, view)
                    if self.latest is not None and self.latest["status"] == "over":
                        break
                if reader.done() and not reader.cancelled() and reader.exception():
                    self.stats.errors.append(f"{self.game_id}: {reader.exception()!r}")
            finally:
                stopper.cancel()
                reader.cancel()
                with contextlib.suppress(asyncio.CancelledError, ConnectionClosed):
                    await reader


async def run_games(server: ServerProcess, args: argparse.Namespace) -> dict[str, Any]:
    rng = random.Random(args.seed)
    stats = Stats()
    async with httpx.AsyncClient(base_url=server.base_url, timeout=30, verify=TLS) as client:
        created = await create_games(client, args.games)
    stop = asyncio.Event()
    seats = [
        Seat(
            server,
            g["id"],
            s["token"],
            random.Random(rng.randrange(1 << 30)),
            stats,
            args.think,
            not args.no_deflate,
        )
        for g in created
        for s in g["seats"]
        if s["token"]
    ]
    tasks = [asyncio.create_task(seat.play(stop)) for seat in seats]
    ready_by = time.perf_counter() + 120
    while stats.connected < len(seats) and time.perf_counter() < ready_by:
        await asyncio.sleep(0.05)
    connected = stats.connected
    cpu_before = cpu_seconds(server.pid)
    started = time.perf_counter()
    stats.start()
    await asyncio.sleep(args.seconds)
    elapsed = time.perf_counter() - started
    cpu = cpu_seconds(server.pid) - cpu_before
    stats.measuring = False
    plies = stats.plies_measured()
    stop.set()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    failures = [repr(r) for r in results if isinstance(r, BaseException)]
    return {
        "games": args.games,
        "websockets": len(seats),
        "websockets_connected": connected,
        "seconds": round(elapsed, 1),
        "moves": summary(stats.latencies, elapsed),
        "plies_per_second_all_seats": round(plies / elapsed, 1),
        "server_cpu_ms_per_ply": round(cpu * 1000 / plies, 2) if plies else None,
        "server_cpu_share": round(cpu / elapsed, 2),
        "games_over": len(stats.over),
        "refusals": {str(k): v for k, v in sorted(stats.refusals.items())},
        "transport_errors_retried": stats.transport_errors,
        "client_errors": (failures + stats.errors)[:5],
    }


async def run_health(
    server: ServerProcess, clients: int, seconds: float, rate: float | None
) -> dict[str, Any]:
    """`GET /api/health` from `clients` clients for `seconds`: each pauses at random
    (exponential) between requests so that together they send about `rate` requests per
    second, or not at all (`rate` None)."""
    latencies: list[float] = []
    statuses: dict[int, int] = {}
    rng = random.Random(7)
    mean_pause = clients / rate if rate else 0.0
    ready = asyncio.Event()
    connected = dropped = 0
    started = cpu_before = 0.0

    async def worker() -> None:
        nonlocal connected, started, cpu_before, dropped
        async with httpx.AsyncClient(base_url=server.base_url, timeout=30, verify=TLS) as client:
            await client.get("/api/health")  # the connection is made before measuring
            connected += 1
            if connected == clients:  # the last one in starts the clock for all
                cpu_before = cpu_seconds(server.pid)
                started = time.perf_counter()
                ready.set()
            await ready.wait()
            deadline = started + seconds
            while True:
                if mean_pause:
                    pause = rng.expovariate(1 / mean_pause)
                    await asyncio.sleep(min(pause, max(0.0, deadline - time.perf_counter())))
                if time.perf_counter() >= deadline:
                    return
                try:
                    sent = time.perf_counter()
                    r = await client.get("/api/health")
                except httpx.TransportError:  # the server's keep-alive timeout raced us: again
                    dropped += 1
                    sent = time.perf_counter()
                    r = await client.get("/api/health")
                took = time.perf_counter() - sent
                statuses[r.status_code] = statuses.get(r.status_code, 0) + 1
                if r.status_code == 200:
                    latencies.append(took)

    await asyncio.gather(*(worker() for _ in range(clients)))
    elapsed = time.perf_counter() - started
    cpu = cpu_seconds(server.pid) - cpu_before
    out = {"clients": clients, "seconds": round(elapsed, 1), **summary(latencies, elapsed)}
    out["server_cpu_ms_per_request"] = round(cpu * 1000 / len(latencies), 2) if latencies else None
    out["server_cpu_share"] = round(cpu / elapsed, 2)
    out["statuses"] = {str(k): v for k, v in sorted(statuses.items())}
    out["transport_errors_retried"] = dropped
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="mean seconds a human client waits before each move (exponential); 0: none",
    )
    parser.add_argument("--bot-delay", type=float, default=0.05)
    parser.add_argument("--db", default="sqlite", help="sqlite, postgresql or a database URL")
    parser.add_argument(
        "--no-deflate",
        action="store_true",
        help="WebSockets without permessage-deflate (browsers always ask for it)",
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    workdir = Path(tempfile.mkdtemp(prefix="arsenale-load-"))
    cluster: PgCluster | None = None
    if args.db == "sqlite":
        db_url = f"sqlite:///{workdir / 'load.sqlite3'}"
    elif args.db == "postgresql":
        cluster = PgCluster().start()
        db_url = cluster.create_database("load")
    else:
        db_url = args.db
    # one address plays every seat here: let it create all the games and open every socket
    many = str(10 * args.games + 100)
    extra = ("--new-games", many, "--sockets-per-address", many)
    server = ServerProcess(db_url, workdir, bot_delay=args.bot_delay, extra=extra)
    try:
        server.start()
        games = asyncio.run(run_games(server, args))
        clients = games["websockets"]
        rate = games["moves"]["per_second"] or None
        paced = asyncio.run(run_health(server, clients, args.seconds / 2, rate))
        flat_out = asyncio.run(run_health(server, clients, args.seconds / 2, None))
        alive = server.running()
    finally:
        server.stop()
        if cluster is not None:
            cluster.stop()
        shutil.rmtree(workdir, ignore_errors=True)
    report = {
        "benchmark": "arsenale serve under load (benchmarks/load.py)",
        "database": args.db if args.db in ("sqlite", "postgresql") else "url",
        "think_s": args.think,
        "bot_delay_s": args.bot_delay,
        "websocket_deflate": not args.no_deflate,
        "cpus": os.cpu_count(),
        "load_average_1min_at_end": round(os.getloadavg()[0], 2),
        "server_alive_at_end": alive,
        **games,
        "health_at_the_move_rate": paced,
        "health_flat_out": flat_out,
        "target_move_p99_under_100ms": games["moves"]["p99_ms"] < 100,
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
