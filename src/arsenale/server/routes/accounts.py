"""Optional accounts: a username and a password (argon2 hash), a session cookie, and the seats
the account owns (claimed with their links, opened from any device through routes/table.py).
Nobody needs an account to play: a seat's link is enough."""

from __future__ import annotations

import asyncio
import re
import secrets
from datetime import UTC, datetime, timedelta
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from arsenale.i18n import _
from arsenale.server.limits import RateLimiter
from arsenale.server.live import Hub, Refusal
from arsenale.server.routes.answers import REFUSALS, refusals
from arsenale.server.routes.deps import HubDep
from arsenale.server.storage import AccountRow, NameTaken, hash_token
from arsenale.server.table import encodable

RULE_ACCOUNT = "arsenale: accounts"
COOKIE = "arsenale_session"
SESSION_DAYS = 30
USERNAME = re.compile(r"[a-z0-9][a-z0-9_.-]{2,31}")
PASSWORD_MIN = 10
PASSWORD_MAX = 200
COMMON = {"password123", "1234567890", "qwertyuiop", "0123456789", "password12", "iloveyou12"}
HASHER = PasswordHasher()
ATTEMPT_RATE = 1 / 12  # sign-in attempts per second per username and per address, ...
ATTEMPT_BURST = 8.0  # ... with this many at once (new accounts count as attempts too)

router = APIRouter(tags=["accounts"], responses=REFUSALS)


class Credentials(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    username: str = Field(description="3 to 32 of a-z, 0-9, '_', '.', '-' (case is ignored)")
    password: str = Field(description=f"{PASSWORD_MIN} to {PASSWORD_MAX} characters")


class Account(BaseModel):
    username: str


class OwnedSeat(BaseModel):
    id: str
    game: str
    seat: int
    status: str
    private: bool


class AccountSeats(BaseModel):
    username: str | None = Field(description="null: nobody is signed in (then no seats)")
    seats: list[OwnedSeat]


class Ok(BaseModel):
    ok: bool


def attempts(request: Request) -> RateLimiter:
    """The app's limiter of sign-in attempts (made on first use)."""
    state = request.app.state
    if not hasattr(state, "sign_ins"):
        state.sign_ins = RateLimiter(ATTEMPT_RATE, ATTEMPT_BURST)
    limiter: RateLimiter = state.sign_ins
    return limiter


def username_of(raw: str) -> str:
    name = raw.strip().lower()
    if not USERNAME.fullmatch(name):
        raise Refusal(
            422,
            "a username has 3 to 32 characters: letters a-z, digits, '_', '.' or '-', "
            "starting with a letter or digit",
            RULE_ACCOUNT,
        )
    return name


def passwordrefusals(password: str, username: str) -> str | None:
    """Why a new password is too weak, or None."""
    if not encodable(password):
        return "a password must be valid Unicode (a lone surrogate is not)"
    if len(password) < PASSWORD_MIN:
        return f"a password needs at least {PASSWORD_MIN} characters"
    if len(password) > PASSWORD_MAX:
        return f"a password has at most {PASSWORD_MAX} characters"
    if username in password.lower():
        return "a password must not contain the username"
    if len(set(password)) < 5:
        return "a password needs at least 5 different characters"
    if password.lower() in COMMON:
        return "this password is among the most common ones: choose another"
    return None


def _sign_in(response: Response, request: Request, token: str) -> None:
    response.set_cookie(
        COOKIE,
        token,
        max_age=SESSION_DAYS * 86400,
        httponly=True,
        samesite="strict",
        secure=request.url.scheme == "https",
        path="/",
    )


async def account_of(request: Request, hub: Hub, required: bool = False) -> AccountRow | None:
    """The account signed in by the request's session cookie; Refusal 401 if `required` and
    there is none (or the session is over)."""
    token = request.cookies.get(COOKIE)
    found = await hub.db(hub.store.session_account, hash_token(token)) if token else None
    if found is not None and datetime.now(UTC) - found[1] > timedelta(days=SESSION_DAYS):
        found = None
    if found is None:
        if required:
            raise Refusal(401, _("sign in first (POST /api/session)"), RULE_ACCOUNT)
        return None
    return found[0]


async def _new_session(hub: Hub, account_pk: int, request: Request, response: Response) -> None:
    token = secrets.token_urlsafe(32)
    await hub.db(hub.store.add_session, account_pk, hash_token(token))
    _sign_in(response, request, token)


@router.post(
    "/api/accounts", status_code=201, response_model=Account, responses=refusals(409, 422, 429)
)
async def register(
    body: Credentials, request: Request, response: Response, hub: HubDep
) -> dict[str, str]:
    """A new account, signed in at once (session cookie)."""
    name = username_of(body.username)
    problem = passwordrefusals(body.password, name)
    if problem:
        raise Refusal(422, problem, RULE_ACCOUNT)
    address = request.client.host if request.client else "?"
    if not attempts(request).allow(f"new:{address}"):
        raise Refusal(429, _("too many new accounts from here: try again later"), RULE_ACCOUNT)
    password_hash = await asyncio.to_thread(HASHER.hash, body.password)
    try:
        pk = await hub.db(hub.store.create_account, name, password_hash)
    except NameTaken:
        raise Refusal(
            409, _("the username {name} is taken").format(name=repr(name)), RULE_ACCOUNT
        ) from None
    await _new_session(hub, pk, request, response)
    return {"username": name}


@router.post("/api/session", response_model=Account, responses=refusals(401, 422, 429))
async def sign_in(
    body: Credentials, request: Request, response: Response, hub: HubDep
) -> dict[str, str]:
    """Sign in: the session cookie."""
    name = body.username.strip().lower()
    address = request.client.host if request.client else "?"
    limiter = attempts(request)
    if not (limiter.allow(f"user:{name}") and limiter.allow(f"addr:{address}")):
        raise Refusal(429, _("too many attempts: wait a little"), RULE_ACCOUNT)
    row = await hub.db(hub.store.account, name) if USERNAME.fullmatch(name) else None
    ok = False
    if row is not None and len(body.password) <= PASSWORD_MAX and encodable(body.password):
        try:
            ok = await asyncio.to_thread(HASHER.verify, row.password_hash, body.password)
        except (VerificationError, InvalidHashError):
            ok = False
    if not ok or row is None:
        raise Refusal(401, _("unknown username or wrong password"), RULE_ACCOUNT)
    if HASHER.check_needs_rehash(row.password_hash):
        new_hash = await asyncio.to_thread(HASHER.hash, body.password)
        await hub.db(hub.store.set_password_hash, row.pk, new_hash)
    await _new_session(hub, row.pk, request, response)
    return {"username": row.username}


@router.delete("/api/session", response_model=Ok)
async def sign_out(request: Request, response: Response, hub: HubDep) -> dict[str, bool]:
    """Sign out: the session ends on the server too."""
    token = request.cookies.get(COOKIE)
    if token:
        await hub.db(hub.store.end_session, hash_token(token))
    response.delete_cookie(COOKIE, path="/")
    return {"ok": True}


@router.get("/api/account", response_model=AccountSeats)
async def account(request: Request, hub: HubDep) -> dict[str, Any]:
    """The signed-in account and the seats it owns; `username` null when nobody is signed in
    (a page asks this on every visit: not a refusal)."""
    row = await account_of(request, hub)
    if row is None:
        return {"username": None, "seats": []}
    seats = await hub.db(hub.store.account_seats, row.pk)
    return {
        "username": row.username,
        "seats": [
            {
                "id": g.id,
                "game": g.game,
                "seat": seat,
                "status": hub.games[g.id].status if g.id in hub.games else g.status,
                "private": bool(g.private),
            }
            for g, seat in seats
        ],
    }
