"""The page in French and English in a real browser (Playwright on the system's Chromium, a
real `arsenale serve`): a browser asking for French gets the lobby, the header, a game's
moves and its log in French (the log with Méditerranée's words for Serenissima 1996); the
header's switch turns it all to English and the choice is kept. Screenshots of both in
test-artifacts/screenshots/."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from .helpers import ROOT, ServerProcess
from .test_browser import WAIT_MS, browser  # noqa: F401  (the module's browser fixture)

pytestmark = pytest.mark.browser

SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"


def _watch(page: Page, errors: list[str]) -> None:
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)


def _french_page(chromium: Browser) -> tuple[BrowserContext, Page, list[str]]:
    """A 1280 px browser tab asking for French, its script errors gathered in the list."""
    errors: list[str] = []
    context = chromium.new_context(locale="fr-FR", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    _watch(page, errors)
    return context, page, errors


def _new_1996(server: ServerProcess, seats: list[str]) -> dict[str, Any]:
    """A Serenissima 1996 game with these seats, as the lobby's API creates it."""
    created: dict[str, Any] = httpx.post(
        f"{server.base_url}/api/games",
        json={"game": "serenissima-1996", "players": len(seats), "seats": seats},
        timeout=10,
    ).json()
    return created


def test_a_french_browser_gets_the_page_in_french_and_the_switch_turns_it_english(
    browser: Browser,  # noqa: F811
    tmp_path: Path,
    serve: Callable[..., ServerProcess],
) -> None:
    server = serve(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    created = _new_1996(server, ["human", "heuristic", "heuristic"])
    context, page, errors = _french_page(browser)

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
    # no ids a player does not care about: the games by title and players, the list by title,
    # edition and date; each game option by its label and values in French
    choices = page.locator("#game-choices").inner_text()
    assert "serenissima-1996" not in choices and "amalfi-renaissance" not in choices, choices
    assert created["id"] not in (row.inner_text() or ""), row.inner_text()
    page.check('input[name="game"][value="amalfi-renaissance"]')
    labels = page.locator("#options label").all_text_contents()
    assert "Premier joueur" in labels and "Mains de départ" in labels, labels
    assert not any("_" in label for label in labels), labels
    values = page.locator('#options select[data-option="first_player"] option').all_text_contents()
    assert values[0] == "tiré au sort", values

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


# Each game's board for a French viewer: the panel's labels, the status line and the drawing's
# own words in French, and the places under the game's names in French where it has them
# (Méditerranée's for 1996), the same names the board data gives in French.
BOARDS = {
    "serenissima-1996": {
        "players": 3,
        "drawn": "#board svg [data-zone]",
        "labels": {"Ducats", "Marins restants", "Ports", "Galères"},
        "english": {"Sailors left", "Galleys"},
        "status": r"Tour de jeu \d+/\d+ · phase\u00a0: ",
        "svg": ["Ordre du tour", "Tours de jeu", "carte reconstituée, pas le plateau imprimé"],
    },
    "serenissima-2012": {
        "players": 2,
        "drawn": "#board svg [data-zone]",
        "labels": {"Ducats", "Marins restants", "Ports", "Galères"},
        "english": {"Sailors left", "Galleys"},
        "status": r"Tour \d+ · piste \d+/\d+ · décomptes \d/3",
        "svg": ["Roue", "Piste des tours"],
    },
    "masters-of-venice": {
        "players": 2,
        "drawn": '#board svg [data-mov="canal"]',
        "labels": {"Ducats", "PV", "Cubes", "Actions", "Personnages", "Commandes", "Rumeurs"},
        "english": {"Shares", "Characters", "Rumors"},
        "status": r"Tour de jeu \d+/\d+ · enchères",
        "svg": ["Les boutiques", "Cours de l’action", "Ordre du tour"],
    },
    "amalfi-renaissance": {
        "players": 2,
        "drawn": '#board svg [data-amalfi="sea"]',
        "labels": {"PV", "Pain", "Navires", "Cales", "Main", "Invités"},
        "english": {"Bread", "Ships", "Holds"},
        "status": r"Période I sur IV · ",
        "svg": ["La mer", "Rose des vents", "Décrets", "Titres"],
    },
}


def test_a_french_viewer_sees_each_games_board_in_french(
    browser: Browser,  # noqa: F811
    tmp_path: Path,
    serve: Callable[..., ServerProcess],
) -> None:
    server = serve(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    context, page, errors = _french_page(browser)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for game, expect in BOARDS.items():
        created = httpx.post(
            f"{server.base_url}/api/games",
            json={
                "game": game,
                "players": expect["players"],
                "seats": ["human"] * expect["players"],
            },
            timeout=10,
        ).json()
        board = httpx.get(
            f"{server.base_url}/api/boards/{game}", headers={"Cookie": "lang=fr"}, timeout=10
        ).json()
        page.goto(server.base_url + created["seats"][0]["url"])
        page.wait_for_selector(expect["drawn"], timeout=WAIT_MS)
        page.wait_for_selector('#panels .panel[data-seat="0"] dt', timeout=WAIT_MS)
        panel = page.locator('#panels .panel[data-seat="0"]')
        labels = set(panel.locator("dt").all_text_contents())
        assert expect["labels"] <= labels, (game, labels)
        assert not labels & expect["english"], (game, labels)
        if "Ducats" in expect["labels"]:  # the row's key stays the same in every language
            assert panel.locator('dd[data-field="ducats"]').count() == 1
        status = page.locator("#status-line").text_content() or ""
        assert re.search(expect["status"], status), (game, status)
        assert status.endswith(tuple(f"coup {n}" for n in range(10))), status
        drawn = page.locator("#board svg").text_content() or ""
        for words in expect["svg"]:
            assert words in drawn, (game, words)
        # the places under the names the board data gives in French, tag by tag
        for zone in board.get("zones", []):
            tag = page.locator(f'#board svg g.zone-tag[data-zone="{zone["id"]}"] > title')
            assert tag.text_content() == zone["name"], (game, zone["id"])
        page.screenshot(path=str(SCREENSHOTS / f"board-fr-{game}.png"), full_page=True)
        if game == "masters-of-venice":  # each company's column under a label of its own
            stocks = page.locator("#board svg .mov-stock > text.mov-note:not(.faint)")
            columns = stocks.all_text_contents()
            assert len(columns) == 7 and len(set(columns)) == 7, columns
            assert {"B. nord", "B. sud"} <= set(columns), columns
        if game == "serenissima-1996":  # Méditerranée's names on the map
            names = page.locator("#board svg g.zone-tag > title").all_text_contents()
            assert {"Golfe de Valence", "Golfe du Lion", "Îles Baléares"} <= set(names), names
            assert "Gulf of Valencia" not in names
            venice = page.locator('#board svg [data-port="venezia"] title').first
            assert (venice.text_content() or "").startswith(
                "Venise\u00a0: produit tissus\u00a0; entrepôt 0/6"
            ), venice.text_content()
            assert "Venise" in (
                page.locator('#board svg [data-port="venezia"]').text_content() or ""
            )
            assert panel.locator(".seat-name").text_content() == "Vénitiens"
            assert panel.locator(".you").text_content() == "(vous)"
    assert errors == []
    context.close()


def test_a_french_player_reads_no_ids_nulls_or_unspaced_colons(
    browser: Browser,  # noqa: F811
    tmp_path: Path,
    serve: Callable[..., ServerProcess],
) -> None:
    """A refusal names the game by its French title, shows no "null" and no contract id; the
    seats' kinds and the chat's speaker are named in French; the tooltips and labels the page
    builds put a space before the colon."""
    server = serve(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    created = _new_1996(server, ["human", "heuristic", "random"])
    context, page, errors = _french_page(browser)
    page.goto(server.base_url + created["seats"][0]["url"])
    page.wait_for_selector("#panels .panel", timeout=WAIT_MS)
    page.wait_for_selector("#actions .amount-family, #actions button.move", timeout=WAIT_MS)
    page.fill("#action-text", "fly 99")
    page.press("#action-text", "Enter")
    message = page.locator("#message:not(.hidden)")
    message.wait_for(timeout=WAIT_MS)
    text = message.inner_text()
    assert "ce coup n’existe pas dans le jeu Méditerranée" in text, text
    assert "fly" not in text, text  # the page's refusal is in words: no notation quoted
    assert "null" not in text and "arsenale:" not in text and "serenissima-1996" not in text
    titles = page.locator("#actions button.move[title]").evaluate_all(
        "(bs) => bs.map((b) => [b.title, b.dataset.actionText])"
    )
    assert all(notation not in title for title, notation in titles), titles
    kinds = page.locator("#panels .panel .kind").all_text_contents()
    assert kinds == ["humain", "robot heuristique", "robot aléatoire"], kinds
    page.fill("#chat-text", "Bonjour !")
    page.press("#chat-text", "Enter")
    page.wait_for_selector("#chat li .chat-text", timeout=WAIT_MS)
    assert page.locator("#chat li .chat-who").first.text_content() == "Vénitiens"
    said_at = page.locator("#chat li").first.get_attribute("title") or ""
    assert "T" not in said_at.split("·")[-1], said_at  # a date in words, not ISO 8601
    labels = page.evaluate(
        "[...document.querySelectorAll('[aria-label], title')]"
        ".map((n) => n.getAttribute('aria-label') || n.textContent)"
    )
    unspaced = [t for t in labels if re.search(r"[^\s\u00a0\u202f][:;!?](\s|$)", t or "")]
    assert unspaced == [], unspaced
    page.screenshot(path=str(SCREENSHOTS / "page-fr-words.png"), full_page=True)
    assert [e for e in errors if "422" not in e] == []  # the refusal's own 422 is expected
    context.close()


MOV_LABELS_JS = """() => {
  const rect = (n) => { const r = n.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const out = [];
  const groups = document.querySelectorAll(
    '#board svg [data-shop], #board svg [data-office], #board svg [data-mov="canal"]');
  for (const g of groups) {
    const frame = g.querySelector('rect.mov-box');
    const title = g.querySelector(':scope > text.mov-title');
    const notes = [...g.querySelectorAll(':scope > text.mov-note')].map(rect);
    out.push({ place: g.dataset.shop || g.dataset.office || 'canal', text: title.textContent,
               title: rect(title), frame: rect(frame), notes });
  }
  const zoom = document.querySelector('#zoom');
  return { labels: out, svg: rect(document.querySelector('#board svg')),
           header: rect(document.querySelector('header')),
           zoom: zoom && zoom.offsetParent ? rect(zoom) : null };
}"""


def _overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


def _inside(a: list[float], b: list[float]) -> bool:
    return a[0] >= b[0] - 0.5 and a[1] >= b[1] - 0.5 and a[2] <= b[2] + 0.5 and a[3] <= b[3] + 0.5


def test_masters_of_venice_shop_and_office_names_fit_their_boxes_in_both_languages(
    browser: Browser,  # noqa: F811
    tmp_path: Path,
    serve: Callable[..., ServerProcess],
) -> None:
    """Masters of Venice at 1280 and 390 px, in English and French: each shop's, office's
    and the canal's title lies inside its box and the board's drawing, clear of the page's
    header, of the notes on its title row ("9 actions restantes", the round) and of the
    zoom buttons; "Bureau maritime sud" is never cut off (its short name where the whole one
    has no room). Screenshots mov-labels-<lang>-<width>.png."""
    server = serve(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    for language in ("en", "fr"):
        for width in (1280, 390):
            created = httpx.post(
                f"{server.base_url}/api/games",
                json={"game": "masters-of-venice", "players": 3, "seats": ["human"] * 3},
                timeout=10,
            ).json()
            context = browser.new_context(
                locale="fr-FR" if language == "fr" else "en-US",
                viewport={"width": width, "height": 844 if width < 600 else 800},
            )
            page = context.new_page()
            errors: list[str] = []
            _watch(page, errors)
            page.goto(server.base_url + created["seats"][0]["url"])
            page.wait_for_selector(
                "#board svg [data-office='south'] text.mov-title", timeout=WAIT_MS
            )
            found = page.evaluate(MOV_LABELS_JS)
            assert len(found["labels"]) == 8, found["labels"]  # 5 shops, 2 offices, the canal
            for label in found["labels"]:
                where = (language, width, label["place"], label["text"])
                assert _inside(label["title"], label["frame"]), where
                assert _inside(label["title"], found["svg"]), where
                assert not _overlap(label["title"], found["header"]), where
                for note in label["notes"]:
                    assert not _overlap(label["title"], note), where
                    if label["place"] == "canal" and found["zoom"]:
                        assert not _overlap(note, found["zoom"]), where
                if found["zoom"]:
                    assert not _overlap(label["title"], found["zoom"]), where
            south = next(x["text"] for x in found["labels"] if x["place"] == "south")
            assert south in (
                ("South Office", "Shipping Office South")
                if language == "en"
                else ("Bureau sud", "Bureau maritime sud")
            ), south
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOTS / f"mov-labels-{language}-{width}.png"))
            assert errors == []
            context.close()


BOARD_BOXES_JS = """() => {
  const rect = (n) => { const r = n.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const panel = document.querySelector('#actions');
  const first = panel.querySelector('button');
  return { svg: rect(document.querySelector('#board svg')), zoom: rect(document.querySelector('#zoom')),
           buttons: [...document.querySelectorAll('#zoom button')].map(rect),
           actions: rect(panel), first: first ? rect(first) : null, actionsHeight: panel.clientHeight };
}"""


def test_every_board_keeps_the_zoom_buttons_off_its_drawing_and_the_first_move_in_sight(
    browser: Browser,  # noqa: F811
    tmp_path: Path,
    serve: Callable[..., ServerProcess],
) -> None:
    """Each game at 1280 x 800 and 390 x 844: the zoom buttons (44 px each way) have a band of
    their own beside or above the board, never over its drawing; at 1280 px the moves panel
    shows its first move whole and room for a few more (Amalfi's panel was cut to one and a
    half). Screenshots zoom-band-<game>-<width>.png."""
    server = serve(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    for game, players in (
        ("serenissima-1996", 3),
        ("serenissima-2012", 3),
        ("masters-of-venice", 3),
        ("amalfi-renaissance", 2),
    ):
        created = httpx.post(
            f"{server.base_url}/api/games",
            json={"game": game, "players": players, "seats": ["human"] * players},
            timeout=10,
        ).json()
        view = httpx.get(
            f"{server.base_url}/api/games/{created['id']}/view",
            headers={"Authorization": f"Bearer {created['seats'][0]['token']}"},
            timeout=10,
        ).json()
        mover = created["seats"][view["to_move"][0]]  # a seat with moves to list
        for width in (1280, 390):
            context = browser.new_context(
                viewport={"width": width, "height": 844 if width < 600 else 800},
                has_touch=width < 600,
            )
            page = context.new_page()
            errors: list[str] = []
            _watch(page, errors)
            page.goto(server.base_url + mover["url"])
            page.wait_for_selector('#banner[data-state="your-turn"]', timeout=WAIT_MS)
            page.wait_for_selector("#actions button", timeout=WAIT_MS)
            found = page.evaluate(BOARD_BOXES_JS)
            where = (game, width, found)
            assert not _overlap(found["zoom"], found["svg"]), where
            for button in found["buttons"]:
                assert button[2] - button[0] >= 44 and button[3] - button[1] >= 44, where
            if width == 1280:
                assert found["first"] is not None and _inside(found["first"], found["actions"]), (
                    where
                )
                assert found["actionsHeight"] >= 120, where
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOTS / f"zoom-band-{game}-{width}.png"))
            assert errors == [], where
            context.close()


def test_a_french_refusal_opens_the_rules_in_french_at_the_section_its_rule_names(
    browser: Browser,  # noqa: F811
    tmp_path: Path,
    serve: Callable[..., ServerProcess],
) -> None:
    """A bid beyond the seat's money, refused in French: its link opens the French rule
    summary (RULES.fr.md) at the section the rule names in English ("Bidding"), found by the
    section's key, shown under its French heading."""
    server = serve(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    created = httpx.post(
        f"{server.base_url}/api/games",
        json={"game": "masters-of-venice", "players": 2, "seats": ["human", "heuristic"]},
        timeout=10,
    ).json()
    context, page, errors = _french_page(browser)
    page.goto(server.base_url + created["seats"][0]["url"])
    page.wait_for_selector('#banner[data-state="your-turn"]', timeout=WAIT_MS)
    page.locator('#actions .amount-family[data-kind="bid"]').wait_for(timeout=WAIT_MS)
    page.fill("#action-text", "bid 995")
    page.locator("#action-form button").click()
    message = page.locator("#message:not(.hidden)")
    message.wait_for(timeout=WAIT_MS)
    assert "Bidding" in (message.get_attribute("data-rule") or "")
    # the rule under its French heading once the summary is loaded, not the English "Bidding"
    rule = message.locator(".rule")
    page.wait_for_function(
        "() => (document.querySelector('#message .rule')?.textContent || '').includes('Enchères')",
        timeout=WAIT_MS,
    )
    assert "Bidding" not in (rule.text_content() or ""), rule.text_content()
    link = page.locator("#message button.rule-link")
    assert link.text_content() == "Lire cette règle"
    link.click()
    opened = page.locator("#help[open] details[open]")
    opened.wait_for(timeout=WAIT_MS)
    assert opened.get_attribute("data-section") == "Bidding"
    assert opened.locator("summary").text_content() == "Enchères"
    body = " ".join((opened.locator("div").first.text_content() or "").split())
    assert "mise en secret sur son cadran" in body, body
    assert (page.locator("#help-title").text_content() or "").startswith("Les règles en bref")
    summaries = page.locator("#help details summary").all_text_contents()
    assert "Vue d’ensemble" in summaries and "Bidding" not in summaries, summaries
    assert [e for e in errors if "422" not in e] == []  # the refusal answers 422
    context.close()
