"""Serenissima (1996): the game object, set-up of a new state, the heuristic and the prior of
other seats' secret choices (the decision table is `Serenissima1996State.phases`)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from babel.numbers import format_decimal

from arsenale.core.actions import Action, Wording
from arsenale.core.errors import OptionError
from arsenale.core.game import Game, Label, Option
from arsenale.core.state import Event, GameState
from arsenale.games.serenissima_1996 import heuristic as heuristic_bot
from arsenale.games.serenissima_1996 import observation, setup
from arsenale.games.serenissima_1996.actions import Actions
from arsenale.games.serenissima_1996.board import Board, load_board
from arsenale.games.serenissima_1996.heuristic import FALLBACK_KINDS
from arsenale.games.serenissima_1996.state import Serenissima1996State
from arsenale.i18n import N_, current

if TYPE_CHECKING:
    from rich.console import RenderableType

NATION_OPTIONS = {"historical": 0, "spanish-turks": 1}
PRIOR_AS_HEURISTIC = 0.5
"""How often another seat's secret choice is taken to be the heuristic's (RULINGS.md R32)."""


class Serenissima1996(Game):
    id = "serenissima-1996"
    title = N_("Serenissima (first edition, 1996; French: Méditerranée)")
    """In French: Méditerranée, the French edition's own title (`display_title`)."""
    min_players = 2
    max_players = 4
    rulebook = "serenissima-1996.en.txt, serenissima-1996.fr.txt"
    options = (
        Option(
            "open_money",
            False,
            N_("money on the table: every seat sees everyone's ducats"),
            N_("Money on the table"),
        ),
        Option(
            "nations",
            "historical",
            N_("2 players: 'historical' (Venetians and Genoese) or 'spanish-turks'"),
            N_("Nations at 2 players"),
            (
                ("historical", N_("Venetians and Genoese")),
                ("spanish-turks", N_("Spaniards and Turks")),
            ),
        ),
    )
    fallback_kinds = FALLBACK_KINDS
    seat_forms: ClassVar[
        dict[str, str] | None
    ] = {  # the nations take an article: "by the Genoese", "par les Génois"
        "the": N_("the {seat}"),
        "by": N_("by the {seat}"),
        "of": N_("of the {seat}"),
        "to": N_("to the {seat}"),
        "for": N_("for the {seat}"),
    }

    def __init__(self) -> None:
        self.board: Board = load_board()
        self.actions = Actions(self.board)
        self.catalogue = self.actions.catalogue
        self.observation_layout = observation.layout(self.board)
        self._encoder: observation.Encoder | None = None
        self._names: dict[str, dict[str, str]] = {}  # per language: printed names by id
        self._sailing: list[tuple[str, str]] | None = None
        """Pairs of adjacent areas, for the terminal map."""

    def encoder(self) -> observation.Encoder:
        """The writer of observations (made on first use: it needs NumPy)."""
        if self._encoder is None:
            self._encoder = observation.Encoder(self.board)
        return self._encoder

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> Serenissima1996State:
        b = self.board
        if options["nations"] not in NATION_OPTIONS:
            raise OptionError(f"option nations must be one of {', '.join(NATION_OPTIONS)}")
        if options["nations"] != "historical" and players != 2:
            raise OptionError("option nations applies to 2 players only")
        lineup = b.setups[players].options[
            NATION_OPTIONS[options["nations"]] if players == 2 else 0
        ]
        s = Serenissima1996State.__new__(Serenissima1996State)
        s._init_core(self, players, seed, options)
        n_ports, n_galleys = len(b.port_ids), b.components["galleys"]
        s.nation = tuple(lineup)
        s.money = [b.start["ducats"]] * players
        s.box = b.components["sailors"] - b.start["sailors"] * players
        s.owner = [-1] * n_ports
        s.garrison = [0] * n_ports
        s.warehouse = [0] * n_ports
        s.forts = 0
        s.built = 0
        s.hired = [0] * n_ports
        s.supply = list(b.cubes)
        s.g_owner = [-1] * n_galleys
        s.g_area = [-1] * n_galleys
        s.g_sailors = [0] * n_galleys
        s.cargo = [0] * (7 * n_galleys)
        s.g_goods = [0] * n_galleys
        s.g_moved = [0] * n_galleys
        s.g_stopped = 0
        s.g_start = [-1] * n_galleys
        s.round = 0
        s.phase = 0
        s.order = []
        s.turn_index = 0
        s.arranged = 0
        s.deals = 0
        setup.begin(s)
        return s

    def evaluate(self, state: GameState) -> list[float]:
        """Each seat's expected prosperity points at the end (see `_estimate`)."""
        assert isinstance(state, Serenissima1996State)
        if state.over:
            return [float(state.prosperity(seat)) for seat in range(state.players)]
        return [_estimate(state, seat) for seat in range(state.players)]

    def board_data(self) -> dict[str, Any]:
        from arsenale.games.serenissima_1996.layout import board_data

        return board_data(self.board)

    def heuristic(
        self, world: GameState, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """heuristic.py: bids, trades, routes, battles and landings by their value."""
        assert isinstance(world, Serenissima1996State)
        return heuristic_bot.heuristic(world, seat, list(legal))

    def submission_prior(
        self, world: GameState, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """Another seat's secret deployment or bid as a player of that seat might make it
        (RULINGS.md R32): half the time the heuristic's own choice in this world; otherwise a
        split of its sailors close to that one, or a bid of a few hundred ducats, a tenth of
        the seat's money on average (drawn in the world, so never the true sum)."""
        assert isinstance(world, Serenissima1996State)
        choices = list(legal)
        guess = heuristic_bot.heuristic(world, seat, choices)
        if rng.random() < PRIOR_AS_HEURISTIC:
            return guess
        if guess.kind == "deploy":
            first, second = guess["first"], guess["second"]
            near = [a for a in choices if abs(a["first"] - first) + abs(a["second"] - second) <= 2]
            return near[rng.randrange(len(near))]
        if guess.kind == "bid":
            hundreds = rng.expovariate(1000 / max(1000, world.money[seat]))
            return choices[min(len(choices) - 1, int(hundreds))]
        return choices[rng.randrange(len(choices))]

    def render(self, view: dict[str, Any], seat: int | None) -> RenderableType:
        from arsenale.games.serenissima_1996.render import render

        b = self.board
        if self._sailing is None:
            self._sailing = [
                (b.area_ids[a], b.area_ids[o])
                for a in range(len(b.area_ids))
                for o in b.adjacent[a]
            ]
        names = self.names()  # areas, ports, goods and nations, in the language in force
        return render(view, seat, names, self._sailing, names)

    def names(self) -> dict[str, str]:
        """Printed names by id in the language in force (arsenale.i18n)."""
        from arsenale.games.serenissima_1996.render import display_names

        language = current()
        names = self._names.get(language)
        if names is None:
            names = self._names[language] = display_names(self.board, language)
        return names

    def translate(self, text: str) -> str:
        """In French, Méditerranée's words (locale/fr/LC_MESSAGES/serenissima_1996.po)."""
        from arsenale.games.serenissima_1996.render import WORDS

        return WORDS.gettext(text)

    def seat_name(self, label: str) -> str:
        """A nation's name: Méditerranée's in French ("Vénitiens")."""
        return self.names().get(label) or super().seat_name(label)

    def final_account(self, state: GameState) -> dict[str, Any]:
        """Prosperity points by source; every nation's ducats; ties go to the richer
        (serenissima-1996.fr.txt, FIN DE PARTIE; RULINGS.md)."""
        assert isinstance(state, Serenissima1996State)
        parts = [state.prosperity_parts(s) for s in range(state.players)]
        per = self.board.prosperity["ducats_per_point"]
        from arsenale.games.serenissima_1996.words import _

        names = (  # in the language in force: Méditerranée's words in French
            _("Own capital held"),
            _("Ducats (1 point per {per})").format(per=format_decimal(per, locale=current())),
            _("Ports with room in the warehouse"),
            _("Full warehouses"),
        )
        return {
            "sources": [
                {"source": name, "points": [p[i] for p in parts]} for i, name in enumerate(names)
            ],
            "money": {"name": _("Ducats"), "amounts": list(state.money)},
            "tiebreak_names": [_("ducats")],
        }

    def action_words(self, action: Action) -> Wording:
        from arsenale.games.serenissima_1996.words import action_words

        # in the language in force: Game.wording keeps one wording per action and language
        return action_words(action, self.names())

    def describe_event(self, event: Event, label: Label) -> str:
        from arsenale.games.serenissima_1996.render import describe_event

        return describe_event(event, label, self.names())


ATTACKED = 0.5
"""Chance that a rival galley able to reach one of our ports attacks it before the end."""


def _keep(threat: int, garrison: int) -> float:
    """Chance of keeping a port whose garrison is `garrison` when the strongest rival crew in
    reach is `threat` (0: none): a rough share of the sailors on the defending side."""
    if threat <= 0:
        return 1.0
    return 1.0 - ATTACKED * threat / (threat + garrison)


def _estimate(state: Serenissima1996State, seat: int) -> float:
    """Prosperity points to come: money at 500 ducats a point, each port held (its point, or
    the points of its warehouse as it fills; the capital's 10 points and the income of the
    rounds left) times the chance of keeping it from rival galleys in reach, and each galley's future trade, crew and cargo (rulebook: FIN DE PARTIE,
    capital income; the values in ducats are the heuristic bot's,
    games/serenissima_1996/heuristic.py)."""
    from arsenale.games.serenissima_1996.heuristic import POINT, _Ctx

    c = _Ctx(state, seat)
    total = float(state.money[seat])
    for p, o in enumerate(state.owner):
        if o == seat:
            total += c.port_value(p) * _keep(c.threat(p), state.garrison[p])
    for g, o in enumerate(state.g_owner):
        if o == seat:
            total += c.galley_value(g)
    return total / POINT
