"""Game records: saving, loading and replaying (format in docs/formats.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from arsenale.core.errors import ArsenaleError, RecordError
from arsenale.core.registry import load_game
from arsenale.core.state import GameState
from arsenale.i18n import _

FORMAT = "arsenale-record/1"


def replay(record: dict[str, Any], upto: int | None = None) -> GameState:
    """Rebuild the state a record describes (its first `upto` actions if given).

    A full replay must reproduce the recorded result; RecordError says where it does not.
    """
    if not isinstance(record, dict):
        raise RecordError(_("a record must be a JSON object"))
    if record.get("format") != FORMAT:
        raise RecordError(
            _("not an Arsenale record (format must be {format})").format(format=repr(FORMAT))
        )
    for key, kind in (("game", str), ("players", int), ("seed", int), ("actions", list)):
        if not isinstance(record.get(key), kind):
            raise RecordError(
                _("the record's {key} is missing or not a {type}").format(
                    key=repr(key), type=kind.__name__
                )
            )
    try:
        game = load_game(record["game"])
        state = game.new_game(record["players"], record["seed"], record.get("options") or {})
    except ArsenaleError as e:
        raise RecordError(_("the record cannot start its game: {error}").format(error=e)) from None
    actions = record["actions"]
    if upto is not None:
        if not 0 <= upto <= len(actions):
            raise RecordError(
                _("the record has {n} actions; cannot stop at ply {ply}").format(
                    n=len(actions), ply=upto
                )
            )
        actions = actions[:upto]
    for ply, entry in enumerate(actions):
        if not (isinstance(entry, list) and len(entry) == 2):
            raise RecordError(_("action {ply} is not a [seat, action] pair").format(ply=ply))
        seat, action = entry
        try:
            state.apply(seat, action)
        except ArsenaleError as e:
            raise RecordError(
                _("action {ply} ({action}) does not replay: {error}").format(
                    ply=ply, action=repr(entry), error=e
                )
            ) from None
    if upto is None and record.get("result") is not None:
        if not state.over:
            raise RecordError(_("the record claims a result but its actions do not end the game"))
        got = state.result().to_json()
        if got["scores"] != record["result"].get("scores") or got["ranks"] != record["result"].get(
            "ranks"
        ):
            raise RecordError(
                _("replay gives {got}, the record says {result}").format(
                    got=got, result=record["result"]
                )
            )
    return state


def load_record(path: str | Path) -> dict[str, Any]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise RecordError(
            _("cannot read {file}: {error}").format(file=path, error=e.strerror)
        ) from None
    try:
        record = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(
            _("{file} is not valid JSON (line {line}: {error})").format(
                file=path, line=e.lineno, error=e.msg
            )
        ) from None
    if not isinstance(record, dict):
        raise RecordError(_("{file} does not hold a record object").format(file=path))
    return record


def save_record(path: str | Path, record: dict[str, Any]) -> None:
    Path(path).write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
