"""What the server tests share: a throwaway PostgreSQL cluster and `arsenale serve` as a process.

Both are plain classes so that the load benchmark can use them too; the fixtures in
`conftest.py` wrap them.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[2]


class ClusterError(RuntimeError):
    """PostgreSQL could not be found, initialised or started; the message says why."""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nobody listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def postgres_bindir() -> Path:
    """The directory with initdb, pg_ctl and postgres (Debian keeps them off PATH)."""
    candidates: list[str] = []
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        out = subprocess.run(
            ["pg_config", "--bindir"], capture_output=True, text=True, timeout=10, check=True
        )
        candidates.append(out.stdout.strip())
    versions = glob.glob("/usr/lib/postgresql/*/bin")
    versions.sort(key=lambda p: int(Path(p).parent.name) if Path(p).parent.name.isdigit() else 0)
    candidates.extend(reversed(versions))
    for c in candidates:
        d = Path(c)
        if all((d / b).is_file() and os.access(d / b, os.X_OK) for b in NEEDED):
            return d
    raise ClusterError(
        "PostgreSQL's server binaries (initdb, pg_ctl, postgres) were not found via "
        "`pg_config --bindir` nor in /usr/lib/postgresql/*/bin; `make system-deps` installs "
        "the Debian package `postgresql`"
    )


NEEDED = ("initdb", "pg_ctl", "postgres")


class PgCluster:
    """A PostgreSQL cluster in a temporary directory, on a free port of 127.0.0.1, trusted
    local logins for the user `arsenale`. As root it runs as the `postgres` system user,
    since PostgreSQL refuses to run as root."""

    USER = "arsenale"

    def __init__(self) -> None:
        self.bindir = postgres_bindir()
        self.dir = Path(tempfile.mkdtemp(prefix="arsenale-pg-"))
        self.data = self.dir / "data"
        self.sockets = self.dir / "sockets"
        self.log = self.dir / "server.log"
        self.port = 0
        self.as_user: str | None = "postgres" if os.geteuid() == 0 else None
        self._started = False

    # -- running the binaries ----------------------------------------------------------------

    def _command(self, binary: str, *args: str) -> list[str]:
        cmd = [str(self.bindir / binary), *args]
        if self.as_user is not None:
            cmd = ["runuser", "-u", self.as_user, "--", *cmd]
        return cmd

    def _run(self, binary: str, *args: str, timeout: float = 120) -> None:
        proc = subprocess.run(
            self._command(binary, *args),
            cwd=self.dir,
            capture_output=True,
            text=True,
            timeout=timeout,
            env={**os.environ, "LC_ALL": "C", "LANG": "C"},
        )
        if proc.returncode != 0:
            raise ClusterError(
                f"{binary} {' '.join(args)} failed with status {proc.returncode}:\n"
                f"{proc.stdout}{proc.stderr}{self._log_tail()}"
            )

    def _log_tail(self) -> str:
        try:
            text = self.log.read_text(errors="replace")
        except OSError:
            return ""
        return "\nserver log:\n" + "\n".join(text.splitlines()[-30:])

    # -- life cycle --------------------------------------------------------------------------

    def start(self) -> PgCluster:
        self.sockets.mkdir()
        if self.as_user is not None:
            try:
                import pwd

                entry = pwd.getpwnam(self.as_user)
            except KeyError:
                raise ClusterError(
                    f"running as root, and there is no {self.as_user!r} system user to run "
                    "PostgreSQL as (the Debian package `postgresql` creates it)"
                ) from None
            for p in (self.dir, self.sockets):
                os.chown(p, entry.pw_uid, entry.pw_gid)
        self._run(
            "initdb",
            "-D",
            str(self.data),
            "-U",
            self.USER,
            "--auth=trust",
            "--encoding=UTF8",
            "--no-locale",
            "--no-sync",
        )
        last: ClusterError | None = None
        for _ in range(3):  # the free port can be taken between choosing it and binding it
            self.port = free_port()
            options = " ".join(
                [
                    f"-p {self.port}",
                    f"-k {self.sockets}",
                    "-c listen_addresses=127.0.0.1",
                    "-c fsync=off",
                    "-c full_page_writes=off",
                    "-c max_connections=200",
                ]
            )
            try:
                self._run(
                    "pg_ctl", "-D", str(self.data), "-l", str(self.log), "-w", "-t", "60",
                    "-o", options, "start",
                )  # fmt: skip
                self._started = True
                return self
            except ClusterError as e:
                last = e
        assert last is not None
        raise last

    def stop(self) -> None:
        if self._started:
            with contextlib.suppress(ClusterError, subprocess.SubprocessError):
                self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
            self._started = False
        shutil.rmtree(self.dir, ignore_errors=True)

    # -- databases ---------------------------------------------------------------------------

    def url(self, database: str) -> str:
        return f"postgresql+psycopg://{self.USER}@127.0.0.1:{self.port}/{database}"

    def _admin(self) -> Any:
        import psycopg

        return psycopg.connect(
            host="127.0.0.1", port=self.port, user=self.USER, dbname="postgres", autocommit=True
        )

    def create_database(self, prefix: str = "t") -> str:
        """A new empty database; its SQLAlchemy URL."""
        name = f"{prefix}_{uuid.uuid4().hex[:12]}"
        with self._admin() as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def drop_database(self, url: str) -> None:
        name = url.rsplit("/", 1)[1]
        with self._admin() as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _die_with_parent() -> None:
    """In the child before exec: SIGKILL it if the process that started it dies (Linux), so
    that a test run stopped hard leaves no server behind."""
    with contextlib.suppress(Exception):
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


class ServerProcess:
    """`arsenale serve` in a child process on a free port of 127.0.0.1.

    `start()` returns once `GET /api/health` answers; `kill()` is SIGKILL (no clean shutdown),
    `stop()` is SIGTERM then SIGKILL. The output goes to `log`, shown when start-up fails.
    """

    def __init__(
        self, db_url: str, workdir: Path, bot_delay: float = 0.05, extra: tuple[str, ...] = ()
    ) -> None:
        self.db_url = db_url
        self.extra = extra  # more `arsenale serve` options
        self.workdir = workdir
        self.bot_delay = bot_delay
        self.port = 0
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = workdir / f"serve-{uuid.uuid4().hex[:8]}.log"
        self.starts = 0

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        assert self.proc is not None, "not started"
        return self.proc.pid

    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def command(self) -> list[str]:
        return [
            sys.executable,
            "-c",
            "from arsenale.cli import main; main()",
            "serve",
            "--db",
            self.db_url,
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--bot-delay",
            str(self.bot_delay),
            *self.extra,
        ]

    def start(self, timeout: float = 60) -> ServerProcess:
        assert self.proc is None or self.proc.poll() is not None, "already running"
        last = ""
        for _ in range(3):  # another process may take the free port first
            self.port = free_port()
            self.starts += 1
            with self.log.open("ab") as out:
                out.write(f"--- start {self.starts}: port {self.port}\n".encode())
                out.flush()
                self.proc = subprocess.Popen(
                    self.command(),
                    cwd=self.workdir,
                    stdout=out,
                    stderr=subprocess.STDOUT,
                    stdin=subprocess.DEVNULL,
                    start_new_session=True,
                    preexec_fn=_die_with_parent,
                )
            if self._wait_healthy(timeout):
                return self
            last = self.log_tail()
            self.kill()
        raise RuntimeError(f"`arsenale serve` did not answer GET /api/health:\n{last}")

    def _wait_healthy(self, timeout: float) -> bool:
        assert self.proc is not None
        deadline = time.monotonic() + timeout
        with httpx.Client(timeout=2) as client:
            while time.monotonic() < deadline:
                if self.proc.poll() is not None:
                    return False
                try:
                    r = client.get(f"{self.base_url}/api/health")
                    if r.status_code == 200 and r.json().get("ok") is True:
                        return True
                except (httpx.HTTPError, ValueError):
                    pass
                time.sleep(0.1)
        return False

    def kill(self) -> None:
        """SIGKILL: the process gets no chance to flush or close anything."""
        if self.proc is not None and self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=30)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""
