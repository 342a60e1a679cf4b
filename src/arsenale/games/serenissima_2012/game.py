"""Serenissima (2012): the game object and the set-up of a new state (the decision table is
`Serenissima2012State.phases`)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from arsenale.core.actions import Action, Wording
from arsenale.core.game import Game, Label, Option
from arsenale.core.state import Event, GameState
from arsenale.games.serenissima_2012 import observation, setup, turn_end
from arsenale.games.serenissima_2012.actions import Actions
from arsenale.games.serenissima_2012.board import Board, load_board
from arsenale.games.serenissima_2012.evaluate import estimate
from arsenale.games.serenissima_2012.heuristic import FALLBACK_KINDS
from arsenale.games.serenissima_2012.state import Serenissima2012State
from arsenale.games.serenissima_2012.words import WORDS, _, colour
from arsenale.i18n import N_, current

if TYPE_CHECKING:
    from rich.console import RenderableType


class Serenissima2012(Game):
    id = "serenissima-2012"
    title = N_("Serenissima (second edition, 2012)")
    min_players = 2
    max_players = 4
    rulebook = "serenissima-2012.en.txt"
    fallback_kinds = FALLBACK_KINDS
    observation_filled = True  # the encoder copies its whole image (observation.py)
    options = (
        Option(
            "hidden_money",
            False,
            N_("coins kept face down: other players' ducats are absent from each seat's view"),
            N_("Hidden money"),
        ),
    )

    def __init__(self) -> None:
        self.board: Board = load_board()
        self.actions = Actions(self.board)
        self.catalogue = self.actions.catalogue
        self.observation_layout = observation.layout(self.board)
        self._encoder: observation.Encoder | None = None
        self._names: dict[str, dict[str, str]] = {}  # per language: printed names by id
        self._links: list[tuple[str, str]] | None = None  # adjacent zones, for the map

    def encoder(self) -> observation.Encoder:
        """The writer of observations (made on first use: it needs NumPy)."""
        if self._encoder is None:
            self._encoder = observation.Encoder(self.board)
        return self._encoder

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> Serenissima2012State:
        b = self.board
        setup_row = b.setups[players]
        s = Serenissima2012State.__new__(Serenissima2012State)
        s._init_core(self, players, seed, options)
        n_ports, n_galleys = len(b.port_ids), b.meta["galleys"]
        s.money = [b.meta["starting_ducats"]] * players
        s.reserve = [setup_row.sailors] * players
        s.home = [-1] * players
        s.owner = [-1] * n_ports
        s.port_sailors = [0] * n_ports
        s.warehouse = [0] * n_ports
        s.forts = s.basilicas = s.closed = 0
        s.supply = list(b.cubes)
        s.g_owner = [-1] * n_galleys
        s.g_zone = [-1] * n_galleys
        s.g_sailors = [0] * n_galleys
        s.cargo = [0] * (6 * n_galleys)
        s.g_goods = [0] * n_galleys
        s.zone_galleys = [0] * len(b.zone_ids)
        s.fleet = [0] * players
        s.port_count = [0] * players
        s.first = s.chance.below(players)  # "a player is randomly chosen as first player"
        s.turn = 0
        s.wheel = -1
        s.track = 0
        s.scorings = 0
        s.doge_deck = list(range(len(b.doge_ids)))
        s.chance.shuffle(s.doge_deck)
        s.doge_discard = []
        turn_end.begin_activation(s, -1)
        setup.begin(s)
        return s

    def evaluate(self, state: GameState) -> list[float]:
        """Each seat's expected final ducats: money now, plus its ports, galleys and home
        weighted as fitted to heuristic self-play (evaluate.py, evaluate.toml)."""
        assert isinstance(state, Serenissima2012State)
        if state.over:
            return [float(m) for m in state.money]
        return [estimate(state, seat) for seat in range(state.players)]

    def board_data(self) -> dict[str, Any]:
        from arsenale.games.serenissima_2012.layout import board_data

        return board_data(self.board)

    def heuristic(
        self, world: GameState, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """heuristic.py: plans each galley's activation, investment and answers."""
        from arsenale.games.serenissima_2012.heuristic import heuristic

        assert isinstance(world, Serenissima2012State)
        return heuristic(world, seat, list(legal))

    def render(self, view: dict[str, Any], seat: int | None) -> RenderableType:
        from arsenale.games.serenissima_2012.render import links, render

        if self._links is None:
            self._links = links(self.board)
        return render(view, seat, self._links, self.names())

    def names(self) -> dict[str, str]:
        """Printed names of ports and zones by id in the language in force (arsenale.i18n)."""
        from arsenale.games.serenissima_2012.render import display_names

        language = current()
        names = self._names.get(language)
        if names is None:
            names = self._names[language] = display_names(self.board, language)
        return names

    def translate(self, text: str) -> str:
        """In French, this game's words (locale/fr/LC_MESSAGES/serenissima_2012.po)."""
        return WORDS.gettext(text)

    def seat_name(self, label: str) -> str:
        """A colour as a name in the language in force ("Bleu")."""
        return colour(label)

    def final_account(self, state: GameState) -> dict[str, Any]:
        """The score is the ducats held; ties go to the most Port cards (rulebook: End of
        the game)."""
        assert isinstance(state, Serenissima2012State)
        return {
            "sources": [{"source": _("Ducats held"), "points": list(state.money)}],
            "money": {"name": _("Ducats"), "amounts": list(state.money)},
            "tiebreak_names": [_("Port cards")],
        }

    def action_words(self, action: Action) -> Wording:
        from arsenale.games.serenissima_2012.words import action_words

        return action_words(action, self.names())

    def describe_event(self, event: Event, label: Label) -> str:
        from arsenale.games.serenissima_2012.render import describe_event

        return describe_event(event, self.names())
