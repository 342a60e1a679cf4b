"""`arsenale report` opened in Chromium (Playwright, Debian's /usr/bin/chromium as in
tests/server/test_browser.py): a report of three runs (two simulations that differ by an
option, a tournament) renders with its parts, its figures decoded and no error."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from arsenale.sim.report import write_report
from test_sim_stream import make_report_inputs

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage"]


def test_the_report_renders_in_chromium(tmp_path: Path) -> None:
    if not Path(CHROMIUM).is_file():
        pytest.fail(f"{CHROMIUM} is missing: `make system-deps` installs Debian's chromium")
    html = tmp_path / "report.html"
    assert write_report(make_report_inputs(tmp_path), html) == 3
    errors: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1200, "height": 900})
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("requestfailed", lambda r: errors.append(r.url))
            page.goto(html.as_uri())
            page.wait_for_load_state("load")
            figures = page.evaluate(
                "[...document.querySelectorAll('figure img')].map(i => "
                "[i.complete, i.naturalWidth, i.naturalHeight, i.getBoundingClientRect().width])"
            )
            headings = page.locator("h2").all_inner_texts()
            tables = page.locator("table").count()
            page.screenshot(path=str(tmp_path / "report.png"), full_page=True)
        finally:
            browser.close()
    text = html.read_text()
    for needle in (
        "Win rates",
        "each bot in each seat",
        "First mover",
        "Scores",
        "Game length",
        "Events",
        "roll",
        "Ratings",
        "two-proportion z-test",
    ):
        assert needle in text, needle
    assert not errors
    assert len(figures) >= 12
    for complete, width, height, shown in figures:
        assert complete and width > 200 and height > 100 and shown > 100
    assert [h.split(":")[0] for h in headings] == ["Run 1", "Run 2", "Run 3", "Comparison"]
    assert tables >= 10
