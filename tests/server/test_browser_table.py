"""The table in a real browser: two players chat with markup payloads that must show as text,
a spectator of a closed chat sees none of it, and the lobby lists the seat under "my games"
from the browser's own storage (Playwright on the system's Chromium, a real `arsenale serve`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser

from .helpers import ServerProcess
from .test_browser import WAIT_MS, browser  # noqa: F401  (the module's browser fixture)

pytestmark = pytest.mark.browser

PAYLOADS = [
    "<script>window.__pwned = 1</script>",
    '<img src=x onerror="window.__pwned = 2">',
    "<b>bold</b> &amp; <i>markup</i>",
]


def test_chat_shows_markup_as_text_and_the_lobby_lists_my_games(
    browser: Browser,  # noqa: F811
    tmp_path: Path,
    serve: Callable[..., ServerProcess],
) -> None:
    server = serve(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    created = httpx.post(
        f"{server.base_url}/api/games",
        json={"game": "serenissima-2012", "players": 2, "seats": ["human", "human"]},
        timeout=10,
    ).json()
    gid = created["id"]
    pages = []
    dialogs: list[str] = []
    errors: list[str] = []
    for link in [created["seats"][0]["url"], created["seats"][1]["url"], f"/game/{gid}"]:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(server.base_url + link)
        page.wait_for_selector("#panels .panel", timeout=WAIT_MS)
        pages.append(page)
    me, other, spectator = pages

    me.wait_for_selector("#chat-form:not(.hidden)", timeout=WAIT_MS)
    other.wait_for_selector("#chat-form:not(.hidden)", timeout=WAIT_MS)
    for payload in PAYLOADS:
        me.fill("#chat-text", payload)
        me.press("#chat-text", "Enter")
    for page in (me, other):  # the sender's own page shows them as the server numbered them too
        page.wait_for_function(
            f"document.querySelectorAll('#chat li').length >= {len(PAYLOADS)}", timeout=WAIT_MS
        )
    for page in (me, other):
        # in the order typed: the page sends one message at a time (three sent together went on
        # three connections and the server numbered them as they arrived, 2 runs in 20)
        shown = page.locator("#chat li .chat-text").all_text_contents()
        assert shown == PAYLOADS  # as typed, character for character
        assert page.locator("#chat script, #chat img, #chat b, #chat i").count() == 0
        assert page.evaluate("window.__pwned") is None
    assert me.locator("#chat li").first.get_attribute("data-seat") == "0"
    # The other seat answers; the first sees it pushed.
    other.fill("#chat-text", "ciao <3")
    other.press("#chat-text", "Enter")
    me.wait_for_function(
        f"document.querySelectorAll('#chat li').length >= {len(PAYLOADS) + 1}", timeout=WAIT_MS
    )
    assert me.locator("#chat li .chat-text").last.text_content() == "ciao <3"
    # The host did not open the chat to spectators: nothing of it on their page.
    assert spectator.locator("#chat-box").is_hidden()
    assert "pwned" not in spectator.content() and "ciao" not in spectator.content()
    # Clocks: without a clock, who is thinking and for how long.
    me.wait_for_selector('#clocks .clock[data-state="waiting"]', timeout=WAIT_MS)

    # My games: the lobby of the same browser lists the seat it opened, with its link.
    me.goto(server.base_url + "/")
    row = me.locator(f'#my-games li[data-game-id="{gid}"][data-seat="0"]')
    row.wait_for(timeout=WAIT_MS)
    href = row.locator("a.open").get_attribute("href")
    assert href == f"/game/{gid}#token={created['seats'][0]['token']}"
    assert other.evaluate("localStorage.getItem('arsenale.my-games')").count(gid) == 1
    assert spectator.evaluate("localStorage.getItem('arsenale.my-games')") is None
    assert dialogs == [] and errors == []
