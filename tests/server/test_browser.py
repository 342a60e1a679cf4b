"""The game page in a real browser: two people play Serenissima (1996) against a bot by clicking.

Playwright drives the system's Chromium (/usr/bin/chromium, installed by `make system-deps`;
Playwright downloads no browser). A real `arsenale serve` process hosts a 3-player game:
seats 0 and 1 are humans, each in its own browser context (its own storage and sockets),
seat 2 is the heuristic bot. The test clicks board places and action buttons for both humans
through the first rounds (secret deployment, secret bids, purchases, movement, ...), and:

- every game view either context received (HTTP answers and WebSocket messages) is its own
  seat's, shows its own ducats and no other seat's (hidden money is the 1996 default), and
  never holds the other human's secret deployment or bid while it is still secret;
- the page shows the same: the other seats' ducats read "hidden", the secret choice appears
  only to the seat that made it, and the other human's bid amount is nowhere on the page;
- a reload shows the same ply, the same legal moves and one's own pending secret choice;
- the pages load nothing from outside the server and raise no JavaScript error;
- a screenshot of the board is written to artifacts/ (the repository root's).

A second, shorter game of Serenissima (2012) with its hidden-money option checks the same
for ducats on that game's page, and that a spectator sees nobody's.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError

from .helpers import ROOT, ServerProcess

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",  # a container's small /dev/shm must not crash the renderer
]
GAME = "serenissima-1996"
HUMANS = (0, 1)
BOT = 2
MAX_CLICKS = 120  # both humans together; the game reaches round 3 well before
WAIT_MS = 20_000


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).is_file():
        pytest.fail(f"{CHROMIUM} is missing: `make system-deps` installs Debian's chromium")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@dataclass
class Secret:
    ply: int  # the ply at which it was submitted
    kind: str
    action: dict[str, Any]
    amount: int | None = None  # a bid's amount, when it was chosen to be recognisable


@dataclass
class Player:
    """One human seat in its own browser context, with everything the server sent it."""

    seat: int | None  # None: a spectator
    page: Page
    origin: str
    views: list[dict[str, Any]] = field(default_factory=list)
    secrets: list[Secret] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    clicks: int = 0
    board_clicks: int = 0

    def watch(self) -> None:
        page = self.page
        page.on("request", lambda r: self.requests.append(r.url))
        page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        page.on(
            "console",
            lambda m: self.errors.append(f"console: {m.text}") if m.type == "error" else None,
        )
        page.on("response", self._response)
        page.on("websocket", lambda ws: ws.on("framereceived", self._frame))

    def _response(self, response: Any) -> None:
        if "/api/games/" not in response.url or response.request.method not in ("GET", "POST"):
            return
        try:
            data = response.json()
        except Exception:  # a body gone with a reload
            return
        if isinstance(data, dict) and "view" in data:
            self.views.append(data)

    def _frame(self, payload: str | bytes) -> None:
        data = json.loads(payload)
        if isinstance(data, dict) and "view" in data:
            self.views.append(data)

    def latest(self) -> dict[str, Any]:
        return max(self.views, key=lambda v: v["ply"])

    def current(self) -> dict[str, Any] | None:
        """The view the page shows now (by its ply), once its answer or message was seen."""
        shown = self.shown_ply()
        same = [v for v in self.views if v["ply"] == shown]
        return same[-1] if same else None

    def shown_ply(self) -> int:
        return int(self.page.get_attribute("body", "data-ply") or -1)

    def my_turn(self) -> bool:
        return self.page.get_attribute("#banner", "data-state") == "your-turn"

    def text_outside_moves(self) -> str:
        """The page's text, less the seat's own legal moves and the move chooser."""
        text: str = self.page.evaluate(
            """() => {
                const copy = document.body.cloneNode(true);
                copy.querySelectorAll('#actions, #chooser, #action-form, #my-submission')
                    .forEach((n) => n.remove());
                return copy.textContent;
            }"""
        )
        return text


def _without_own(view: dict[str, Any]) -> dict[str, Any]:
    """A game view less what only reflects the seat's own options and choice."""
    out = {k: v for k, v in view.items() if k != "legal"}
    out["view"] = {k: v for k, v in view["view"].items() if k != "my_submission"}
    return out


def _contains(obj: Any, part: dict[str, Any]) -> bool:
    if obj == part:
        return True
    if isinstance(obj, dict):
        return any(_contains(v, part) for v in obj.values())
    if isinstance(obj, list):
        return any(_contains(v, part) for v in obj)
    return False


def _has_number(text: str, n: int) -> bool:
    return re.search(rf"(?<![\d.]){n}(?![\d.])", text) is not None


def _pending_secret(view: dict[str, Any], other: Player) -> Secret | None:
    """The other human's secret that is still hidden in `view`, if any."""
    decision = view["view"].get("decision")
    if not decision or not decision["simultaneous"] or other.seat not in decision["submitted"]:
        return None
    earlier = [s for s in other.secrets if s.ply < view["ply"] and s.kind == decision["kind"]]
    return earlier[-1] if earlier else None


def check_views(me: Player, other: Player) -> int:
    """What the server sent `me` holds nothing of the other seats' hidden information;
    returns how many views held a pending secret of `other`."""
    own = [s.action for s in me.secrets]
    pending = 0
    for view in me.views:
        assert view["seat"] == me.seat
        for info in view["view"]["players_info"]:
            if info["seat"] == me.seat:
                assert "money" in info
            else:
                assert "money" not in info, f"seat {me.seat} was sent seat {info['seat']}'s ducats"
        mine = view["view"].get("my_submission")
        assert mine is None or mine in own, f"seat {me.seat} was sent a choice not its own"
        secret = _pending_secret(view, other)
        if secret is not None:
            pending += 1
            rest = _without_own(view)
            assert not _contains(rest, secret.action), (
                f"seat {me.seat} was sent seat {other.seat}'s secret {secret.action} "
                f"at ply {view['ply']}"
            )
            if secret.amount is not None:
                assert not _has_number(json.dumps(rest), secret.amount)
    return pending


def check_page(me: Player, other: Player) -> None:
    """The page of `me` shows its own ducats and not the other seats'; no secret of `other`."""
    page = me.page
    for seat in (*HUMANS, BOT):
        ducats = page.locator(f'#panels .panel[data-seat="{seat}"] dd[data-field="ducats"]')
        if seat == me.seat:
            assert re.fullmatch(r"\d+", ducats.inner_text().strip())
        else:
            assert ducats.inner_text().strip() == "hidden"
    secret = _pending_secret(me.latest(), other) if me.views else None
    if secret is not None and secret.amount is not None:
        text = me.text_outside_moves()
        m = re.search(rf"(?<![\d.]){secret.amount}(?![\d.])", text)
        assert m is None, (
            f"seat {me.seat}'s page shows seat {other.seat}'s bid of {secret.amount}: "
            f"...{text[max(0, m.start() - 200) : m.end() + 100]}..."
        )


def wait_settled(players: list[Player]) -> None:
    """Until a human owes a decision (or the game is over), with the view it shows at hand."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while time.monotonic() < deadline:
        for p in players:
            state = p.page.get_attribute("#banner", "data-state")
            if state == "over" or (state == "your-turn" and p.current() is not None):
                return
        players[0].page.wait_for_timeout(50)
    raise AssertionError(f"no human was asked for a decision within {WAIT_MS} ms")


def click_move(me: Player, other: Player, rng: random.Random) -> None:
    """One decision of `me`, made by clicking, and wait until the page shows its outcome."""
    page = me.page
    view = me.current()
    assert view is not None
    kind = view["view"]["decision"]["kind"]
    simultaneous = view["view"]["decision"]["simultaneous"]
    legal = {e["text"]: e["action"] for e in view["legal"]}
    before = view["ply"]
    text: str | None = None
    recognisable = False
    if kind == "bid":
        text, recognisable = _pick_bid(me, other, legal, rng)
    elif kind == "deploy" or simultaneous:
        text = rng.choice(sorted(legal))
    else:
        places = page.locator("#board [data-place].clickable")
        if places.count() and rng.random() < 0.6:
            target = places.nth(rng.randrange(places.count()))
            with contextlib.suppress(PlaywrightError):  # covered by another drawing, or
                target.click(timeout=1500)  # redrawn by the move it made
            if _board_answered(page, before):
                me.board_clicks += 1
                me.clicks += 1
                chooser = page.locator("#chooser:not(.hidden) button[data-action-text]")
                if me.shown_ply() == before and chooser.count():
                    chooser.nth(rng.randrange(chooser.count())).click()
                _wait_moved(page, before)
                return
            page.keyboard.press("Escape")  # nothing came of that click: use the list
        finishing = [t for t in legal if t in ("done", "pass")]
        finish = finishing and rng.random() < 0.4
        text = finishing[0] if finish else rng.choice(sorted(legal))
    assert text is not None
    if simultaneous:
        amount = _bid_amount(legal[text]) if recognisable else None
        me.secrets.append(Secret(before, kind, legal[text], amount))
    page.locator(f'#actions button[data-action-text="{text}"]').click(timeout=WAIT_MS)
    me.clicks += 1
    _wait_moved(page, before)


def _pick_bid(
    me: Player, other: Player, legal: dict[str, Any], rng: random.Random
) -> tuple[str, bool]:
    """A bid whose amount appears nowhere in what the other human was sent nor on its page,
    so that its appearance there would be a leak (True); any bid if there is none (False)."""
    seen = json.dumps([_without_own(v) for v in other.views[-3:]]) + other.text_outside_moves()
    theirs = {s.amount for s in other.secrets}
    choices = [
        text
        for text, action in legal.items()
        if (n := _bid_amount(action)) and n not in theirs and not _has_number(seen, n)
    ]
    if choices:
        return rng.choice(choices), True
    return rng.choice(sorted(legal)), False


def _bid_amount(action: dict[str, Any]) -> int | None:
    n = action.get("ducats")
    return n if isinstance(n, int) and not isinstance(n, bool) else None


def _board_answered(page: Page, before: int) -> bool:
    """Whether a click on the board made a move or offered a choice."""
    try:
        page.wait_for_function(
            """(before) => Number(document.body.dataset.ply) > before
                || !document.querySelector('#message').classList.contains('hidden')
                || !document.querySelector('#chooser').classList.contains('hidden')""",
            arg=before,
            timeout=3000,
        )
    except PlaywrightError:
        return False
    return True


def _wait_moved(page: Page, before: int) -> None:
    page.wait_for_function(
        """(before) => Number(document.body.dataset.ply) > before
            || !document.querySelector('#message').classList.contains('hidden')""",
        arg=before,
        timeout=WAIT_MS,
    )


def check_reload(me: Player) -> None:
    """Reloading the page resumes at the same ply with the same moves and own choice."""
    page = me.page
    ply = me.shown_ply()
    moves = sorted(page.locator("#actions button[data-action-text]").all_inner_texts())
    mine = page.locator("#my-submission").inner_text() if page.is_visible("#my-submission") else ""
    page.reload()
    page.wait_for_function(
        "(ply) => Number(document.body.dataset.ply) === ply && "
        "document.querySelector('#conn').dataset.state === ''",
        arg=ply,
        timeout=WAIT_MS,
    )
    assert sorted(page.locator("#actions button[data-action-text]").all_inner_texts()) == moves
    if mine:
        assert page.locator("#my-submission").inner_text() == mine
    else:
        assert not page.is_visible("#my-submission")


def _new_game(server: ServerProcess, game: str, options: dict[str, Any]) -> dict[str, Any]:
    created = httpx.post(
        f"{server.base_url}/api/games",
        json={
            "game": game,
            "players": 3,
            "seats": ["human", "human", "heuristic"],
            "options": options,
        },
        timeout=10,
    )
    assert created.status_code == 201, created.text
    out: dict[str, Any] = created.json()
    return out


def _open(browser: Browser, server: ServerProcess, seat: int | None, link: str) -> Player:
    """A page of its own browser context on `link`, once the seats' panels are drawn."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    player = Player(seat, context.new_page(), server.base_url)
    player.watch()
    player.page.goto(server.base_url + link)
    player.page.wait_for_selector("#panels .panel", timeout=WAIT_MS)
    return player


def _open_seats(browser: Browser, server: ServerProcess, created: dict[str, Any]) -> list[Player]:
    links = {s["seat"]: s["url"] for s in created["seats"] if s["url"]}
    assert set(links) == set(HUMANS)
    return [_open(browser, server, seat, links[seat]) for seat in HUMANS]


def _screenshot(player: Player, name: str) -> Path:
    artifacts = ROOT / "artifacts"
    artifacts.mkdir(exist_ok=True)
    shot = artifacts / name
    player.page.locator("#board").screenshot(path=str(shot))
    assert shot.stat().st_size > 10_000
    return shot


def _clean(player: Player) -> None:
    assert [u for u in player.requests if not u.startswith(player.origin)] == []
    assert player.errors == []


def test_two_humans_click_through_the_first_rounds_and_see_only_their_own(
    browser: Browser, tmp_path: Path, serve: Callable[..., ServerProcess]
) -> None:
    server = serve(f"sqlite:///{tmp_path / 'games.sqlite3'}", bot_delay=0.05)
    players = _open_seats(browser, server, _new_game(server, GAME, {}))
    a, b = players
    rng = random.Random(11)
    reloaded_secret = reloaded_turn = False
    bids_seen: set[int] = set()

    while a.clicks + b.clicks < MAX_CLICKS:
        wait_settled(players)
        if any(p.page.get_attribute("#banner", "data-state") == "over" for p in players):
            break
        view = a.latest()["view"]
        bids = [len([s for s in p.secrets if s.kind == "bid"]) for p in players]
        if view["round"] >= 2 and min(bids) >= 2 and view["decision"]["kind"] != "bid":
            break  # through the second round's secret bids
        for me, other in ((b, a), (a, b)):  # seat 1 first in secret decisions
            check_page(me, other)
            if not me.my_turn():
                continue
            shown = me.current()
            assert shown is not None
            decision = shown["view"]["decision"]
            if not reloaded_turn and shown["to_move"] == [me.seat] and me.clicks >= 3:
                check_reload(me)
                reloaded_turn = True
            click_move(me, other, rng)
            if decision["kind"] == "bid":
                bids_seen.add(me.seat)
            now = me.latest()
            if (
                not reloaded_secret
                and decision["simultaneous"]
                and now["view"].get("my_submission")
                and now["to_move"] == [other.seat]
            ):
                check_reload(me)  # my secret choice is made, the other's is still owed
                reloaded_secret = True
            break

    # Several turns were played by clicking, through secret choices, on the board too.
    assert a.latest()["view"]["round"] >= 2
    assert a.clicks >= 5 and b.clicks >= 5
    assert a.board_clicks + b.board_clicks >= 1
    assert bids_seen == set(HUMANS) and reloaded_secret and reloaded_turn
    assert all(any(s.kind == "bid" and s.amount for s in p.secrets) for p in players)

    # Nothing hidden was ever sent, and there was something to hide while it was sent.
    assert check_views(a, b) + check_views(b, a) > 0
    for p in players:
        _clean(p)
    _screenshot(a, f"board-{GAME}.png")
    b.page.screenshot(path=str(ROOT / "artifacts" / f"page-{GAME}-seat1.png"))


def test_hidden_money_in_2012_is_shown_only_to_its_owner(
    browser: Browser, tmp_path: Path, serve: Callable[..., ServerProcess]
) -> None:
    """Serenissima (2012) with coins kept face down: each seat sees its own ducats only, and
    a spectator sees nobody's, on the page and in everything the server sent."""
    server = serve(f"sqlite:///{tmp_path / 'games.sqlite3'}", bot_delay=0.05)
    created = _new_game(server, "serenissima-2012", {"hidden_money": True})
    players = _open_seats(browser, server, created)
    a, b = players
    watcher = _open(browser, server, None, created["spectator_url"])
    rng = random.Random(3)
    while min(a.clicks, b.clicks) < 3 and a.clicks + b.clicks < 30:
        wait_settled(players)
        if any(p.page.get_attribute("#banner", "data-state") == "over" for p in players):
            break
        for me, other in ((a, b), (b, a)):
            check_page(me, other)
            if me.my_turn():
                click_move(me, other, rng)
                break
    assert min(a.clicks, b.clicks) >= 3
    check_views(a, b)
    check_views(b, a)

    watcher.page.wait_for_function(
        "(ply) => Number(document.body.dataset.ply) >= ply", arg=a.shown_ply(), timeout=WAIT_MS
    )
    for seat in (*HUMANS, BOT):
        ducats = watcher.page.locator(f'#panels .panel[data-seat="{seat}"] dd[data-field="ducats"]')
        assert ducats.inner_text().strip() == "hidden"
    assert watcher.page.locator("#actions button").count() == 0
    assert watcher.views
    for view in watcher.views:
        assert view["seat"] is None and view["legal"] == []
        assert all("money" not in info for info in view["view"]["players_info"])
    for p in (*players, watcher):
        _clean(p)
    _screenshot(a, "board-serenissima-2012.png")


def test_a_game_without_a_board_drawing_is_played_from_its_page(
    browser: Browser,
    tmp_path: Path,
    serve: Callable[..., ServerProcess],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A new game needs no page code to be played: the toy third game, installed by its entry
    point alone and without a board module, gets its panels, a note in place of the board and
    its moves as buttons; clicking them plays it, with no JavaScript error."""
    from plugin_dist import installed

    with installed(tmp_path / "dist") as env:
        monkeypatch.setenv("PYTHONPATH", env["PYTHONPATH"])
        server = serve(f"sqlite:///{tmp_path / 'games.sqlite3'}", bot_delay=0.05)
        created = httpx.post(
            f"{server.base_url}/api/games",
            json={"game": "toy-market", "players": 2, "seats": ["human", "heuristic"]},
            timeout=10,
        )
        assert created.status_code == 201, created.text
        link = next(s["url"] for s in created.json()["seats"] if s["url"])
        player = _open(browser, server, 0, link)
        page = player.page
        assert "no board drawing" in page.locator("#board").inner_text()
        for _ in range(3):
            page.wait_for_selector('#banner[data-state="your-turn"]', timeout=WAIT_MS)
            buttons = page.locator("#actions button[data-action-text]")
            buttons.first.wait_for(timeout=WAIT_MS)
            before = player.shown_ply()
            buttons.first.click(timeout=WAIT_MS)
            page.wait_for_function(f"Number(document.body.dataset.ply) > {before}", timeout=WAIT_MS)
        assert player.shown_ply() >= 3
        # The toy's broker (a bot) may cut in while the human clicks: the server then answers
        # 409 and the page shows the new position (game.js); the browser logs that answer as a
        # failed resource, which is the page working, not an error of it.
        player.errors[:] = [e for e in player.errors if "status of 409" not in e]
        _clean(player)


def test_masters_of_venice_board_is_drawn_on_a_laptop_and_a_phone(
    browser: Browser, tmp_path: Path, serve: Callable[..., ServerProcess]
) -> None:
    """Masters of Venice against two bots: a few moves by the page's buttons, and the board
    (canal with the Gondola, the five shops with their pegs, docks, merchants) is drawn from
    the view, the seat's own Guild Orders on its own card only; on a phone (390 px) the tall
    arrangement fits the width with no sideways scroll. No JavaScript error on either."""
    server = serve(f"sqlite:///{tmp_path / 'games.sqlite3'}", bot_delay=0.05)
    created = httpx.post(
        f"{server.base_url}/api/games",
        json={
            "game": "masters-of-venice",
            "players": 3,
            "seats": ["human", "heuristic", "heuristic"],
        },
        timeout=10,
    )
    assert created.status_code == 201, created.text
    link = next(s["url"] for s in created.json()["seats"] if s["url"])
    player = _open(browser, server, 0, link)
    page = player.page
    for _ in range(4):
        # Only seat 0 owes a decision (the bots' secret choices are in), so no move of
        # theirs can make this one stale (a 409 is logged as a console error).
        page.wait_for_selector('#banner[data-state="your-turn"][data-to-move="0"]', timeout=WAIT_MS)
        before = player.shown_ply()
        page.locator("#actions button[data-action-text]").first.click(timeout=WAIT_MS)
        page.wait_for_function(f"Number(document.body.dataset.ply) > {before}", timeout=WAIT_MS)
    page.wait_for_function(
        "(ply) => Number(document.body.dataset.ply) >= ply",
        arg=player.latest()["ply"],
        timeout=WAIT_MS,
    )
    view = player.current()
    assert view is not None
    v = view["view"]
    svg = page.locator("#board svg")
    assert svg.get_attribute("data-arrangement") == "wide"
    assert svg.locator('[data-mov="canal"]').count() == 1
    assert svg.locator("[data-canal-space]").count() == 16
    assert svg.locator("[data-gondola]").get_attribute("data-gondola") == str(v["round"])
    assert svg.locator("[data-shop]").count() == 5
    assert svg.locator("[data-dock]").count() == 4
    assert svg.locator("[data-merchant]").count() == 3
    for shop, resource in (("blacksmith", "iron"), ("spice", "spice")):
        price = svg.locator(f'[data-track="{shop}:price"]').get_attribute("data-value")
        assert price == str(v["prices"][resource])
        orders = svg.locator(f'[data-track="{shop}:orders"]').get_attribute("data-value")
        assert orders == str(v["orders"][shop])
    assert svg.locator('[data-track="guild:price"]').get_attribute("data-value") == str(
        v["prices"]["lumber"]
    )
    mine = svg.locator('[data-merchant="0"] [data-hand-card].in-hand')
    assert mine.count() == min(len(v["hand"]), 4) > 0
    for other in ("1", "2"):
        assert svg.locator(f'[data-merchant="{other}"] [data-hand-card].in-hand').count() == 0
    pawns = [m["seat"] for m in v["merchants"] if m["pawn"]]
    assert svg.locator("[data-pawn]").count() == len(pawns)
    _clean(player)
    _screenshot(player, "board-masters-of-venice.png")

    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    watcher = Player(None, phone.new_page(), server.base_url)
    watcher.watch()
    watcher.page.goto(server.base_url + created.json()["spectator_url"])
    watcher.page.wait_for_selector('#board svg [data-mov="canal"]', timeout=WAIT_MS)
    wsvg = watcher.page.locator("#board svg")
    assert wsvg.get_attribute("data-arrangement") == "narrow"
    assert wsvg.locator("[data-shop]").count() == 5
    assert wsvg.locator("[data-hand-card].in-hand").count() == 0  # a spectator has no hand
    box = wsvg.bounding_box()
    assert box is not None and 300 < box["width"] <= 390 and box["height"] > box["width"]
    wide = watcher.page.evaluate(
        """() => [...document.querySelectorAll('body *')]
            .filter((n) => n.getBoundingClientRect().right > 391)
            .map((n) => `${n.tagName}#${n.id}.${n.className}`).slice(0, 8)"""
    )
    scroll = watcher.page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= 390, f"the phone page scrolls sideways ({scroll} px): {wide}"
    _clean(watcher)
    watcher.page.screenshot(
        path=str(ROOT / "artifacts" / "page-masters-of-venice-phone.png"), full_page=True
    )
