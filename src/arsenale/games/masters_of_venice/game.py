"""Masters of Venice: the Game object and the hooks the tools around the engine call."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from arsenale.core.actions import Action, Wording
from arsenale.core.game import Game, Label, Option
from arsenale.core.state import Event, GameState
from arsenale.games.masters_of_venice import heuristic as bot
from arsenale.games.masters_of_venice.actions import CATALOGUE
from arsenale.games.masters_of_venice.board import DATA
from arsenale.games.masters_of_venice.observation import LAYOUT
from arsenale.games.masters_of_venice.scoring import FINAL_KEYS
from arsenale.games.masters_of_venice.setup import new_state
from arsenale.games.masters_of_venice.state import MovState
from arsenale.games.masters_of_venice.words import WORDS, _, colour
from arsenale.i18n import N_, current

if TYPE_CHECKING:
    from rich.console import RenderableType


class MastersOfVenice(Game):
    id = "masters-of-venice"
    title = "Masters of Venice"
    min_players = 2
    max_players = 5
    rulebook = "masters-of-venice.en.txt"
    catalogue = CATALOGUE
    utility = "zero_sum"
    max_game_length = 6_000
    fallback_kinds = ("done", "wait", "bid", "go", "place", "keep", "character", "orders")
    observation_layout = LAYOUT
    observation_filled = True  # the writer copies its whole image (observation.py)
    observation_kept = True  # or keeps it in the adapters' buffer
    options = (
        Option(
            "hidden_money",
            False,
            N_(
                "keep each merchant's ducats hidden from the others until the end (Setup 3 "
                "allows it; RULINGS.md A28)"
            ),
            N_("Hidden money"),
        ),
    )

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> MovState:
        return new_state(self, players, seed, options)

    # -- bots ------------------------------------------------------------------------------

    def heuristic(
        self, world: GameState, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        assert isinstance(world, MovState)
        return bot.heuristic(world, seat, legal, rng)

    def evaluate(self, state: GameState) -> list[float]:
        assert isinstance(state, MovState)
        return bot.evaluate(state)

    def submission_prior(
        self, world: GameState, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        assert isinstance(world, MovState)
        return bot.submission_prior(world, seat, legal, rng)

    # -- words and pictures -------------------------------------------------------------------

    def final_account(self, state: GameState) -> dict[str, Any]:
        """Final Scoring A-D by source (RULES.md, End of the game): VP on the track, VP lost
        for tax still owed, undelivered orders, stock value and cash in VP; ties go to cash,
        then stock value."""
        assert isinstance(state, MovState)
        rows = [dict(zip(FINAL_KEYS, f, strict=True)) for f in state.final]
        sources = (
            (_("VP on the track (deliveries, splits)"), lambda r: r["track_vp"]),
            (_("Tax on cubes still owed"), lambda r: -r["debt_vp"]),
            (_("Undelivered Guild Orders"), lambda r: -r["order_penalty"]),
            (_("Stock value (1 VP per 100 ducats)"), lambda r: r["stock_vp"]),
            (_("Cash (1 VP per 100 ducats)"), lambda r: r["cash_vp"]),
        )
        return {
            "sources": [
                {"source": name, "points": [part(r) for r in rows]} for name, part in sources
            ],
            "money": {"name": _("Ducats"), "amounts": list(state.cash)},
            "tiebreak_names": [_("cash"), _("stock value")],
        }

    def translate(self, text: str) -> str:
        """In French, this game's words (locale/fr/LC_MESSAGES/masters_of_venice.po)."""
        return WORDS.gettext(text)

    def seat_name(self, label: str) -> str:
        """A merchant's colour as a name in the language in force ("Rouge")."""
        return colour(label)

    def action_words(self, action: Action) -> Wording:
        from arsenale.games.masters_of_venice.words import action_words

        return action_words(action)

    def describe_event(self, event: Event, label: Label) -> str:
        from arsenale.games.masters_of_venice.render import describe_event

        words = describe_event(event, label)
        if words is None:
            words = super().describe_event(event, label)
        return words[:1].upper() + words[1:]  # a sentence opens with a capital

    def names(self) -> dict[str, str]:
        """The resources, characters and locations by id in the language in force (words.py:
        board.toml's `name_fr` in French). A shop shares its id with its resource ("spice"):
        the shops are named in `board_in_words`."""
        from arsenale.games.masters_of_venice.words import (
            _CHARACTER,
            _RESOURCE,
            PLACE_WORDS,
            character,
            place,
            resource,
        )

        out = {r: resource(r) for r in _RESOURCE["en"]}
        out.update({c: character(c) for c in _CHARACTER["en"]})
        out.update({loc: place(loc) for loc in PLACE_WORDS})
        return out

    def board_in_words(self) -> dict[str, Any] | None:
        """The board data with every name in the language in force, the shops and offices
        by their own names."""
        from arsenale.games.masters_of_venice.words import company

        out = super().board_in_words()
        assert out is not None
        for key in ("shops", "offices"):
            out[key] = [{**entry, "name": company(entry["id"])} for entry in out[key]]
        # an office's short name, where the board has no room for the whole one (board.toml)
        short = "short_fr" if current() == "fr" else "short"
        data = {e["id"]: e for e in DATA["office"]}
        for entry in out["offices"]:
            entry["short"] = data[entry["id"]].get(short, entry["name"])
        return out

    def board_data(self) -> dict[str, Any]:
        """The places the web page draws (layout.py, from layout.toml) and the components."""
        from arsenale.games.masters_of_venice.layout import board_data

        return board_data()

    def render(self, view: dict[str, Any], seat: int | None) -> RenderableType:
        from arsenale.games.masters_of_venice.render import render

        return render(view, seat)
