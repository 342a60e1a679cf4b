"""Amalfi: Renaissance's board drawing in a real browser (Playwright and the system Chromium,
as tests/server/test_browser.py), at one and four players.

- The solo challenge (1 player against Genoa): the main board's parts are drawn from the view
  (period track, decrees, Wind Rose with the rival, the sea with every printed and evolving
  destination, the titles, Atlas, Council and Workshop with their slots) and the player's own
  board (shipyard, bay, the five holds, the granary with its bread) with its hand, once the
  starting pack is chosen by clicking a move.
- Four players (two humans, two bots, `blind` hands, where no card of a hand is public): each
  human sees its own hand on its own board and every other board with a count only; no card
  of the other human's hand (its id or its printed name) is anywhere in the page's DOM.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page

from .helpers import ServerProcess
from .test_browser import WAIT_MS, _clean, _open, _screenshot, browser  # noqa: F401


def _word(text: str) -> re.Pattern[str]:
    """`text` as a whole word or id: not inside a longer word, id or attribute value."""
    return re.compile(r"(?<![\w-])" + re.escape(text) + r"(?![\w-])")


pytestmark = pytest.mark.browser

GAME = "amalfi-renaissance"


def _create(server: ServerProcess, seats: list[str], options: dict[str, Any]) -> dict[str, Any]:
    created = httpx.post(
        f"{server.base_url}/api/games",
        json={"game": GAME, "players": len(seats), "seats": seats, "options": options},
        timeout=10,
    )
    assert created.status_code == 201, created.text
    out: dict[str, Any] = created.json()
    return out


def _view(server: ServerProcess, game_id: str, link: str) -> dict[str, Any]:
    token = link.split("#token=", 1)[1]
    res = httpx.get(
        f"{server.base_url}/api/games/{game_id}/view",
        headers={"Authorization": f"Bearer {token}"},
        timeout=10,
    )
    assert res.status_code == 200, res.text
    out: dict[str, Any] = res.json()["view"]
    return out


def _main_board_is_drawn(page: Page, view: dict[str, Any]) -> None:
    svg = page.locator("#board svg")
    svg.locator('[data-amalfi="sea"]').wait_for(timeout=WAIT_MS)
    for part in ("period", "decrees", "windrose", "sea", "titles", "atlas", "council", "workshop"):
        assert svg.locator(f'[data-amalfi="{part}"]').count() == 1, part
    current = svg.locator("[data-period].current")
    assert current.get_attribute("data-period") == str(view["period"])
    assert svg.locator("[data-decree]").count() == 4
    assert svg.locator("[data-windrose]").get_attribute("data-windrose") == str(
        view["first_player"]
    )
    # eight printed destinations and three evolving locations (board.toml)
    assert svg.locator("[data-destination]").count() == 11
    for place, mark in view["docks"].items():
        assert svg.locator(f'[data-destination="{place}"]').get_attribute("data-dock") == str(mark)
    assert svg.locator("[data-title]").count() == len(view["titles"]) == 3
    for slot, n in (("council", 4), ("workshop", 5), ("atlas", 5)):
        assert svg.locator(f"[data-{slot}-slot]").count() == n, slot
    first = view["workshop"][0]
    name = first.replace("-", " ").title()
    assert name in svg.locator('[data-workshop-slot="1"]').inner_html()


def _own_board_is_drawn(page: Page, view: dict[str, Any], seat: int) -> None:
    svg = page.locator("#board svg")
    me = view["players"][seat]
    board = svg.locator(f'[data-player-board="{seat}"]')
    assert "me" in (board.get_attribute("class") or "")
    for res, ships in me["holds"].items():
        hold = board.locator(f'[data-hold="{seat}:{res}"]')
        assert hold.get_attribute("data-ships") == str(ships), res
    assert board.locator(f'[data-granary="{seat}"]').get_attribute("data-bread") == str(me["bread"])
    assert board.locator(f'[data-shipyard="{seat}"]').count() == 1
    assert board.locator(f'[data-bay="{seat}"]').count() == 1
    drawn = sorted(
        c.get_attribute("data-hand-card") or "" for c in board.locator("[data-hand-card]").all()
    )
    assert drawn == sorted(me["hand"]) and len(drawn) == len(me["hand"])


def test_amalfi_solo_board_shows_main_board_and_own_board(
    browser: Browser,  # noqa: F811
    tmp_path: Path,
    serve: Callable[..., ServerProcess],
) -> None:
    server = serve(f"sqlite:///{tmp_path / 'games.sqlite3'}", bot_delay=0.05)
    created = _create(server, ["human"], {"rival": "genoa"})
    link = created["seats"][0]["url"]
    player = _open(browser, server, 0, link)
    page = player.page
    # the first decision is the starting pack: choose one by its button
    page.wait_for_selector('#banner[data-state="your-turn"]', timeout=WAIT_MS)
    before = player.shown_ply()
    page.locator('#actions button[data-kind="pack"]').first.click(timeout=WAIT_MS)
    page.wait_for_function(f"Number(document.body.dataset.ply) > {before}", timeout=WAIT_MS)
    view = _view(server, created["id"], link)
    page.wait_for_function(
        "(ply) => Number(document.body.dataset.ply) >= ply", arg=view["ply"], timeout=WAIT_MS
    )
    _main_board_is_drawn(page, view)
    _own_board_is_drawn(page, view, 0)
    assert len(view["players"][0]["hand"]) == 6
    rival = page.locator("#board svg [data-rival]")
    assert rival.get_attribute("data-rival") == "genoa"
    assert page.locator("#board svg [data-player-board]").count() == 1
    _clean(player)
    _screenshot(player, "board-amalfi-renaissance-solo.png")


def test_amalfi_four_players_each_sees_only_its_own_hand(
    browser: Browser,  # noqa: F811
    tmp_path: Path,
    serve: Callable[..., ServerProcess],
) -> None:
    server = serve(f"sqlite:///{tmp_path / 'games.sqlite3'}", bot_delay=0.05)
    created = _create(
        server, ["human", "human", "heuristic", "heuristic"], {"hands": "blind", "first_player": 0}
    )
    links = {s["seat"]: s["url"] for s in created["seats"] if s["url"]}
    players = {seat: _open(browser, server, seat, links[seat]) for seat in (0, 1)}
    views = {seat: _view(server, created["id"], links[seat]) for seat in (0, 1)}
    hands = {seat: views[seat]["players"][seat]["hand"] for seat in (0, 1)}
    assert len(hands[0]) == len(hands[1]) == 6
    for seat, player in players.items():
        page = player.page
        page.wait_for_function(
            "(ply) => Number(document.body.dataset.ply) >= ply",
            arg=views[seat]["ply"],
            timeout=WAIT_MS,
        )
        view = views[seat]
        _main_board_is_drawn(page, view)
        _own_board_is_drawn(page, view, seat)
        svg = page.locator("#board svg")
        assert svg.locator("[data-player-board]").count() == 4
        for other in range(4):
            if other == seat:
                continue
            board = svg.locator(f'[data-player-board="{other}"]')
            assert board.locator("[data-hand-card]").count() == 0
            assert board.locator(f'[data-hand="{other}"]').get_attribute("data-count") == "6"
        # the other human's hand: neither its ids nor its printed names are in the DOM
        # (whole words: the id "leo" is inside the public "leonardo", the name "Leo" inside
        # "Leonardo")
        dom = page.content()
        for card in hands[1 - seat]:
            name = card.replace("-", " ").title()
            assert not _word(card).search(dom), (
                f"seat {seat}'s page holds {card} of seat {1 - seat}"
            )
            assert not _word(name).search(dom), f"seat {seat}'s page names {name} of the other hand"
        _clean(player)
    _screenshot(players[0], "board-amalfi-renaissance-4p.png")
