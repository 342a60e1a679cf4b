"""The page in French and English in a real browser (Playwright on the system's Chromium, a
real `arsenale serve`): a browser asking for French gets the lobby, the header, a game's
moves and its log in French (the log with Méditerranée's words for Serenissima 1996); the
header's switch turns it all to English and the choice is kept. Screenshots of both in
test-artifacts/screenshots/."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page

from .helpers import ROOT, ServerProcess
from .test_browser import WAIT_MS, browser  # noqa: F401  (the module's browser fixture)

pytestmark = pytest.mark.browser

SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"


def _watch(page: Page, errors: list[str]) -> None:
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)


def test_a_french_browser_gets_the_page_in_french_and_the_switch_turns_it_english(
    browser: Browser,  # noqa: F811
    tmp_path: Path,
    serve: Callable[..., ServerProcess],
) -> None:
    server = serve(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    created = httpx.post(
        f"{server.base_url}/api/games",
        json={
            "game": "serenissima-1996",
            "players": 3,
            "seats": ["human", "heuristic", "heuristic"],
        },
        timeout=10,
    ).json()
    errors: list[str] = []
    context = browser.new_context(locale="fr-FR", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    _watch(page, errors)

    # The lobby: the header, the form and the list of games in French.
    page.goto(server.base_url + "/")
    page.wait_for_selector(f'#games tr[data-game-id="{created["id"]}"]', timeout=WAIT_MS)
    assert page.get_attribute("html", "lang") == "fr"
    assert page.locator("#new-title").text_content() == "Nouvelle partie"
    assert page.locator("header .sub").first.text_content() == "Galères marchandes de Méditerranée"
    assert page.locator('button.lang-switch[aria-current="true"]').text_content() == "Français"
    row = page.locator(f'#games tr[data-game-id="{created["id"]}"]')
    assert row.locator("a.button").first.text_content() == "Regarder"
    assert "en cours" in (row.text_content() or "")
    options = page.locator("#players option").all_text_contents()
    assert options[0] in ("1 joueur", "2 joueurs") and options[-1].endswith(" joueurs"), options

    # A seat's page: header, banner, moves and log in French.
    page.goto(server.base_url + created["seats"][0]["url"])
    page.wait_for_selector("#panels .panel", timeout=WAIT_MS)
    page.wait_for_selector("#actions .amount-family, #actions button.move", timeout=WAIT_MS)
    page.wait_for_function(
        "[...document.querySelectorAll('#log li')].some((li) => /ont fait un choix secret/"
        ".test(li.textContent))",
        timeout=WAIT_MS,
    )
    assert page.get_attribute("html", "lang") == "fr"
    assert (page.locator("#actions-title").text_content() or "").startswith("Vos coups")
    assert page.locator("#tab-log").text_content() == "Journal"
    assert page.locator("#help-open").text_content() == "Règles"
    assert page.locator("#banner").text_content().startswith("Votre choix secret")  # type: ignore[union-attr]
    assert page.locator("#actions button.play").first.text_content() == "Jouer"
    assert re.search(
        r"\(de \d+ à \d+\)",
        page.locator("#actions input[data-amount]").first.get_attribute("aria-label") or "",
    )
    log = page.locator("#log li").all_text_contents()
    assert any("Les Génois ont fait un choix secret." in t for t in log), log
    assert not any("have made a secret choice" in t for t in log), log
    assert re.search(r"coup \d+$", page.locator("#status-line").text_content() or "")
    page.wait_for_function("document.querySelector('#conn').dataset.state === ''", timeout=WAIT_MS)
    assert page.locator("#conn").text_content() == "en direct"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "page-fr-serenissima-1996.png"), full_page=True)

    # The switch: English at once, and kept for the next pages (the `lang` cookie).
    page.locator('button.lang-switch[data-lang="en"]').click()
    page.wait_for_function("document.documentElement.lang === 'en'", timeout=WAIT_MS)
    page.wait_for_selector("#log li", timeout=WAIT_MS)
    page.wait_for_selector("#actions .amount-family, #actions button.move", timeout=WAIT_MS)
    assert (page.locator("#actions-title").text_content() or "").startswith("Your moves")
    assert page.locator("#tab-log").text_content() == "Log"
    log = page.locator("#log li").all_text_contents()
    assert any("Genoese have made a secret choice." in t for t in log), log
    assert not any("ont fait un choix secret" in t for t in log), log
    assert page.locator("#actions button.play").first.text_content() == "Play"
    page.wait_for_function("document.querySelector('#conn').dataset.state === ''", timeout=WAIT_MS)
    assert page.locator("#conn").text_content() == "live"
    page.screenshot(path=str(SCREENSHOTS / "page-en-serenissima-1996.png"), full_page=True)
    page.goto(server.base_url + "/")
    page.wait_for_selector("#new-title", timeout=WAIT_MS)
    assert page.get_attribute("html", "lang") == "en"
    assert page.locator("#new-title").text_content() == "New game"
    assert errors == []
    context.close()
