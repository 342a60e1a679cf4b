"""Places in a ranking in words on the page (issue 17): 1st, 2nd, 3rd, 4th in English and
1er, 2e in French from `ordinal` of static/i18n.js (run under Node with a stand-in document
holding the page's French catalogue), and no "#1" left in the page's scripts."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from arsenale.i18n import ARSENALE
from arsenale.server.language import STATIC


def _ordinals(tmp_path: Path, language: str, numbers: list[int]) -> list[str]:
    module = tmp_path / "i18n.mjs"
    module.write_text((STATIC / "i18n.js").read_text(encoding="utf-8"), encoding="utf-8")
    messages = json.dumps(ARSENALE.messages(language))
    runner = tmp_path / f"run-{language}.mjs"
    runner.write_text(
        "const messages = " + json.dumps(messages) + ";\n"
        "globalThis.document = {\n"
        "  documentElement: { lang: " + json.dumps(language) + " },\n"
        "  getElementById: () => ({ textContent: messages }),\n"
        "  querySelectorAll: () => [],\n"
        "};\n"
        "const { ordinal } = await import('./i18n.mjs');\n"
        "console.log(JSON.stringify(" + json.dumps(numbers) + ".map(ordinal)));\n",
        encoding="utf-8",
    )
    out = subprocess.run(
        ["node", str(runner)], capture_output=True, text=True, timeout=60, check=True
    )
    result: list[str] = json.loads(out.stdout)
    return result


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js runs the page's script")
def test_places_are_ordinal_words_in_english_and_french(tmp_path: Path) -> None:
    numbers = [1, 2, 3, 4, 5, 11, 21, 22]
    assert _ordinals(tmp_path, "en", numbers) == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "5th",
        "11th",
        "21st",
        "22nd",
    ]
    assert _ordinals(tmp_path, "fr", numbers) == [
        "1er",
        "2e",
        "3e",
        "4e",
        "5e",
        "11e",
        "21e",
        "22e",
    ]


def test_no_script_shows_a_place_as_a_number_sign() -> None:
    for script in sorted(STATIC.rglob("*.js")):
        source = script.read_text(encoding="utf-8")
        assert not re.search(r"`#\$\{", source), f"{script.name} writes a place as '#N'"
