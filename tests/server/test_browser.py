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
    play_move(page, text, legal[text])
    me.clicks += 1
    _wait_moved(page, before)


def play_move(page: Page, text: str, action: dict[str, Any]) -> None:
    """Play a legal move from the list as a person would: its own button, or, for a move of an
    amount family (a bid, a deployment), the family's control set to its amounts and its Play
    button."""
    button = page.locator(f'#actions button.move[data-action-text="{text}"]')
    if button.count():
        button.click(timeout=WAIT_MS)
        return
    family = page.locator(f'#actions .amount-family[data-texts*="|{text}|"]')
    assert family.count() == 1, f"{text!r} is neither a button nor in an amount control"
    for box in family.locator("input[data-amount]").all():
        name = box.get_attribute("data-amount")
        assert name is not None
        box.fill(str(action[name]))
        box.dispatch_event("change")
    play = family.locator("button.play")
    assert play.get_attribute("data-action-text") == text
    play.click(timeout=WAIT_MS)


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
    moves = sorted(
        page.locator("#actions [data-action-text], #actions [data-texts]").all_inner_texts()
    )
    mine = page.locator("#my-submission").inner_text() if page.is_visible("#my-submission") else ""
    page.reload()
    page.wait_for_function(
        "(ply) => Number(document.body.dataset.ply) === ply && "
        "document.querySelector('#conn').dataset.state === ''",
        arg=ply,
        timeout=WAIT_MS,
    )
    again = page.locator("#actions [data-action-text], #actions [data-texts]").all_inner_texts()
    assert sorted(again) == moves
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
    columns = svg.locator(".mov-stock > text.mov-note:not(.faint)").all_text_contents()
    assert columns == ["Blacksm.", "Jeweler", "Miller", "Spice", "Tailor", "S. North", "S. South"]
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


# -- every page on a phone and a laptop: sideways scroll, touch targets, zoom, accessibility ----

SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"
WIDTHS = (390, 1280)
GAMES_ON_THE_PAGE = (
    "serenissima-1996",
    "serenissima-2012",
    "masters-of-venice",
    "amalfi-renaissance",
)

SMALL_TARGETS = """() => [...document.querySelectorAll(
        'button, a[href], input, select, summary, [role=tab], [tabindex]:not([tabindex="-1"])')]
    .filter((n) => !n.closest('svg, dialog:not([open])'))
    .filter((n) => { const r = n.getBoundingClientRect(); return r.width > 0 && r.height > 0; })
    .filter((n) => !['checkbox', 'radio'].includes(n.type) || n.closest('label')?.getBoundingClientRect().height < 44)
    .filter((n) => { const r = n.getBoundingClientRect(); return r.width < 44 || r.height < 44; })
    .map((n) => { const r = n.getBoundingClientRect();
        return `${n.tagName}#${n.id}.${n.className} ${Math.round(r.width)}x${Math.round(r.height)}`
            + ` "${(n.textContent || n.getAttribute('aria-label') || '').trim().slice(0, 24)}"`; })"""

TOO_WIDE = """() => [...document.querySelectorAll('body *')]
    .filter((n) => n.getBoundingClientRect().right > innerWidth + 1 && !n.closest('svg'))
    .map((n) => `${n.tagName}#${n.id}.${n.className}`).slice(0, 8)"""


OVERLAPS = """() => {
    const parts = ['#board-area', '#sidebar', '#result', '.replay-controls', '#banner', 'header']
        .map((sel) => [sel, document.querySelector(sel)])
        .filter(([, n]) => n && n.getClientRects().length && !n.classList.contains('hidden'));
    const out = [];
    for (let i = 0; i < parts.length; i++) for (let j = i + 1; j < parts.length; j++) {
        const a = parts[i][1].getBoundingClientRect(), b = parts[j][1].getBoundingClientRect();
        const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (w > 2 && h > 2) out.push(`${parts[i][0]} / ${parts[j][0]}`);
    }
    return out;
}"""


def _phone_or_laptop(browser: Browser, width: int) -> Page:
    if width < 600:
        context = browser.new_context(
            viewport={"width": width, "height": 844}, is_mobile=True, has_touch=True
        )
    else:
        context = browser.new_context(viewport={"width": width, "height": 800})
    return context.new_page()


def check_fits(page: Page, width: int, what: str) -> None:
    """No sideways scroll (the page no wider than the screen: a phone's browser would widen its
    layout to the content, so the test compares with the screen's width, not innerWidth); on a
    phone every control at least 44 px each way."""
    scroll = page.evaluate("document.scrollingElement.scrollWidth")
    inner = page.evaluate("innerWidth")
    assert scroll <= inner <= width, (
        f"{what} at {width} px scrolls sideways ({scroll}, {inner}): "
        + str(page.evaluate(TOO_WIDE.replace("innerWidth", str(width))))
    )
    overlaps = page.evaluate(OVERLAPS)
    assert overlaps == [], f"{what} at {width} px: parts drawn over each other: {overlaps}"
    if width < 600:
        small = page.evaluate(SMALL_TARGETS)
        assert small == [], f"{what} at {width} px has targets under 44 px: {small}"


def check_axe(page: Page, what: str) -> None:
    """axe-core (axe-playwright-python's bundled copy) finds no serious or critical violation."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    bad = [
        f"{v['id']} ({v['impact']}): {v['help']} — "
        + "; ".join(n["target"][0] if n["target"] else "?" for n in v["nodes"][:4])
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    assert bad == [], f"{what}: " + "\n".join(bad)


def _shot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / name), full_page=True)


@pytest.fixture(scope="module")
def one_server(
    browser: Browser, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProcess]:
    """One `arsenale serve` for the layout tests (a module's worth of games)."""
    where = tmp_path_factory.mktemp("layout")
    server = ServerProcess(f"sqlite:///{where / 'games.sqlite3'}", where, bot_delay=0.02)
    server.start()
    try:
        yield server
    finally:
        server.kill()


def _game_for_a_human(server: ServerProcess, game: str) -> dict[str, Any]:
    players = {"amalfi-renaissance": 2}.get(game, 2)
    created = httpx.post(
        f"{server.base_url}/api/games",
        json={"game": game, "players": players, "seats": ["human"] + ["heuristic"] * (players - 1)},
        timeout=10,
    )
    assert created.status_code == 201, created.text
    out: dict[str, Any] = created.json()
    return out


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("game", GAMES_ON_THE_PAGE)
def test_every_game_page_fits_a_phone_and_a_laptop_and_reads_in_words(
    browser: Browser, one_server: ServerProcess, game: str, width: int
) -> None:
    """Each game's page for a seat that owes a decision: no sideways scroll, touch targets of
    44 px on a phone, every move shown in words (not its notation) and amounts by a control,
    the board zoomed and reset by its buttons, the side panels reachable (tabs on a phone),
    no serious or critical accessibility violation; a screenshot in test-artifacts/."""
    created = _game_for_a_human(one_server, game)
    link = next(s["url"] for s in created["seats"] if s["url"])
    page = _phone_or_laptop(browser, width)
    player = Player(0, page, one_server.base_url)
    player.watch()
    page.goto(one_server.base_url + link)
    page.wait_for_selector('#banner[data-state="your-turn"]', timeout=WAIT_MS)
    page.wait_for_selector("#actions [data-action-text], #actions [data-texts]", timeout=WAIT_MS)
    moves = page.locator("#actions button.move[data-action-text]")
    for i in range(min(moves.count(), 30)):
        button = moves.nth(i)
        words = button.inner_text().strip()
        assert words and words != button.get_attribute("data-action-text")
    for family in page.locator("#actions .amount-family").all():
        assert family.locator("input[type=number][data-amount]").count() >= 1
        assert family.locator("input[type=range]").count() >= 1
    if page.locator("#board svg[viewBox]").count():
        page.locator('#zoom [data-zoom="in"]').click()
        assert float(page.get_attribute("#board svg", "data-zoom") or 1) > 1
        page.locator('#zoom [data-zoom="fit"]').click()
        assert page.get_attribute("#board svg", "data-zoom") == "1"
        if width > 600:  # the wheel zooms about the pointer, a drag pans, a drag is no click
            box = page.locator("#board svg").bounding_box()
            assert box is not None
            x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            page.mouse.move(x, y)
            page.mouse.wheel(0, -400)
            page.wait_for_function("Number(document.querySelector('#board svg').dataset.zoom) > 1")
            ply = player.shown_ply()
            before = page.get_attribute("#board svg", "viewBox")
            page.mouse.down()
            page.mouse.move(x - 120, y - 60, steps=6)
            page.mouse.up()
            assert page.get_attribute("#board svg", "viewBox") != before
            page.wait_for_timeout(300)
            assert player.shown_ply() == ply and page.locator("#chooser.hidden").count() == 1
            page.locator('#zoom [data-zoom="fit"]').click()
    check_fits(page, width, f"{game} page")
    check_axe(page, f"{game} page at {width} px")
    _shot(page, f"game-{game}-{width}.png")
    if width < 600:
        page.locator("#tab-log").click()
        assert (
            page.locator("#log-box").is_visible() and not page.locator("#actions-box").is_visible()
        )
        page.locator("#tab-panels").click()
        assert page.locator("#panels .panel").first.is_visible()
        check_fits(page, width, f"{game} page, players tab")
    player.errors[:] = [e for e in player.errors if "status of 409" not in e]
    _clean(player)
    page.context.close()


def test_two_fingers_pinch_the_board_and_one_pans_it_on_a_phone(
    browser: Browser, one_server: ServerProcess
) -> None:
    """On a 390 px phone, touch events as a finger sends them (Chromium's DevTools input, not
    mouse events): two fingers spreading zoom the board in about their middle, one finger then
    pans it, and neither counts as a click on the board (no move chosen, the ply unchanged)."""
    created = _game_for_a_human(one_server, "serenissima-1996")
    link = next(s["url"] for s in created["seats"] if s["url"])
    page = _phone_or_laptop(browser, 390)
    player = Player(0, page, one_server.base_url)
    player.watch()
    page.goto(one_server.base_url + link)
    page.wait_for_selector('#banner[data-state="your-turn"]', timeout=WAIT_MS)
    page.wait_for_selector("#board svg[viewBox]", timeout=WAIT_MS)
    box = page.locator("#board svg").bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    ply = player.shown_ply()
    touch = page.context.new_cdp_session(page)

    def fingers(kind: str, points: list[tuple[float, float]]) -> None:
        touch.send(
            "Input.dispatchTouchEvent",
            {
                "type": kind,
                "touchPoints": [{"x": px, "y": py, "id": i} for i, (px, py) in enumerate(points)],
            },
        )

    fingers("touchStart", [(x - 20, y), (x + 20, y)])
    for step in range(1, 9):
        fingers("touchMove", [(x - 20 - 10 * step, y), (x + 20 + 10 * step, y)])
    fingers("touchEnd", [])
    page.wait_for_function("Number(document.querySelector('#board svg').dataset.zoom) > 1.5")
    before = page.get_attribute("#board svg", "viewBox")
    fingers("touchStart", [(x, y)])
    for step in range(1, 7):
        fingers("touchMove", [(x - 15 * step, y - 8 * step)])
    fingers("touchEnd", [])
    page.wait_for_timeout(300)
    assert page.get_attribute("#board svg", "viewBox") != before
    assert player.shown_ply() == ply and page.locator("#chooser.hidden").count() == 1
    check_fits(page, 390, "1996 page, zoomed in")
    _shot(page, "game-serenissima-1996-390-pinched.png")
    player.errors[:] = [e for e in player.errors if "status of 409" not in e]
    _clean(player)
    page.context.close()


def test_the_lobby_fits_a_phone_and_a_laptop(browser: Browser, one_server: ServerProcess) -> None:
    for width in WIDTHS:
        page = _phone_or_laptop(browser, width)
        page.goto(one_server.base_url + "/")
        page.wait_for_selector("#game-choices input", timeout=WAIT_MS)
        check_fits(page, width, "the lobby")
        check_axe(page, f"the lobby at {width} px")
        _shot(page, f"lobby-{width}.png")
        page.context.close()


def _finished_game(server: ServerProcess, game: str, players: int) -> dict[str, Any]:
    created = httpx.post(
        f"{server.base_url}/api/games",
        json={"game": game, "players": players, "seats": ["heuristic"] * players},
        timeout=10,
    )
    assert created.status_code == 201, created.text
    gid = created.json()["id"]
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        view = httpx.get(f"{server.base_url}/api/games/{gid}/view", timeout=10).json()
        if view["status"] == "over":
            out: dict[str, Any] = created.json()
            return out
        time.sleep(0.5)
    raise AssertionError(f"heuristic bots did not finish {game} within 2 minutes")


@pytest.mark.parametrize("width", WIDTHS)
def test_the_end_shows_the_breakdown_beside_the_board_and_the_replay_fits(
    browser: Browser, one_server: ServerProcess, width: int
) -> None:
    """A finished game of Masters of Venice: the result panel lies beside the board (their
    boxes do not meet), lists the score by its sources with each seat's column adding up to
    its score, reveals every seat's money and says how ties are broken; the replay page fits
    the screen too, with no serious accessibility violation."""
    created = _finished_game(one_server, "masters-of-venice", 2)
    view = httpx.get(f"{one_server.base_url}/api/games/{created['id']}/view", timeout=10).json()
    result = view["account"]
    page = _phone_or_laptop(browser, width)
    page.goto(one_server.base_url + created["spectator_url"])
    page.wait_for_selector("#result:not(.hidden) table.breakdown", timeout=WAIT_MS)
    board = page.locator("#board").bounding_box()
    panel = page.locator("#result").bounding_box()
    assert board and panel
    apart = (
        panel["y"] >= board["y"] + board["height"] - 1
        or panel["x"] >= board["x"] + board["width"] - 1
        or board["y"] >= panel["y"] + panel["height"] - 1
    )
    assert apart, f"the result {panel} covers the board {board}"
    rows = page.locator("#result tr.source").count()
    assert rows == len(result["sources"]) >= 2
    money = page.locator("#result tr.money td")
    assert money.count() == 2
    for seat in (0, 1):
        shown = page.locator(f'#result tr.money td[data-seat="{seat}"]').inner_text()
        assert shown.replace(",", "") == str(result["money"]["amounts"][seat])
    assert "cash" in page.locator("#result .tiebreak").inner_text()
    check_fits(page, width, "the end of a game")
    check_axe(page, f"the end of a game at {width} px")
    _shot(page, f"result-masters-of-venice-{width}.png")

    page.goto(f"{one_server.base_url}/replay/{created['id']}?ply=5")
    page.wait_for_function("Number(document.body.dataset.ply) === 5", timeout=WAIT_MS)
    check_fits(page, width, "the replay")
    check_axe(page, f"the replay at {width} px")
    _shot(page, f"replay-masters-of-venice-{width}.png")
    page.context.close()


def test_a_refusal_names_the_range_and_opens_the_rules_at_its_rule(
    browser: Browser, one_server: ServerProcess
) -> None:
    """A bid typed beyond the seat's money is refused on the page with the legal range, in
    no terminal wording ('moves'); its link opens the rule summary at the section it names.
    The amount control then plays a bid."""
    created = _game_for_a_human(one_server, "masters-of-venice")
    link = next(s["url"] for s in created["seats"] if s["url"])
    page = _phone_or_laptop(browser, 1280)
    page.goto(one_server.base_url + link)
    page.wait_for_selector('#banner[data-state="your-turn"]', timeout=WAIT_MS)
    family = page.locator('#actions .amount-family[data-kind="bid"]')
    family.wait_for(timeout=WAIT_MS)
    page.fill("#action-text", "bid 995")
    page.locator("#action-form button").click()
    message = page.locator("#message:not(.hidden)")
    message.wait_for(timeout=WAIT_MS)
    text = message.inner_text()
    assert "the range now: ducats bid 0 to 150 in steps of 5" in text, text
    assert "moves'" not in text and "type '" not in text.lower()
    page.locator("#message button.rule-link").click()
    opened = page.locator("#help[open] details[open]")
    opened.wait_for(timeout=WAIT_MS)
    assert opened.get_attribute("data-section") == "Bidding"
    page.locator("#help-close").click()
    before = int(page.get_attribute("body", "data-ply") or -1)
    play_move(page, "bid 15", {"kind": "bid", "amount": 15})
    page.wait_for_function(f"Number(document.body.dataset.ply) > {before}", timeout=WAIT_MS)
    page.context.close()
