"""Amalfi: Renaissance: the Game object, its set-up and the hooks the tools call."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from arsenale.core.actions import Action, Wording
from arsenale.core.errors import OptionError
from arsenale.core.game import Game, Label, Option
from arsenale.core.state import Event, GameState
from arsenale.games.amalfi_renaissance import heuristic as bot
from arsenale.games.amalfi_renaissance import observation
from arsenale.games.amalfi_renaissance.actions import CATALOGUE
from arsenale.games.amalfi_renaissance.board import (
    ARTWORKS,
    ATLAS_SLOTS,
    DECREES,
    META,
    N_LOC,
    PRIVATES,
    TITLES,
    WORKSHOP_SLOTS,
)
from arsenale.games.amalfi_renaissance.rules import draw_atlas, settle, start_hands
from arsenale.games.amalfi_renaissance.state import EMPTY, METHODS, N_MODS, RIVALS, AmalfiState
from arsenale.games.amalfi_renaissance.words import WORDS, _, action_words, colour
from arsenale.i18n import N_

if TYPE_CHECKING:
    from rich.console import RenderableType

HAND_PLAYERS = {
    "packs": (1, 4),
    "blind": (1, 4),
    "personal": (1, 4),
    "draft": (2, 4),
    "draft_score": (2, 4),
}
"""Variants for the Allocation of Starting Hands: the player counts of each method."""

DARK_TITLES = tuple(i for i, t in enumerate(TITLES) if t.dark)
LIGHT_TITLES = tuple(i for i, t in enumerate(TITLES) if not t.dark)
"""The dark and the light titles, in the order of the titles (made once, shuffled per game)."""
ALL_DECREES = tuple(range(len(DECREES)))
ALL_TILES = tuple(range(len(PRIVATES)))
ALL_ARTWORKS = tuple(range(len(ARTWORKS)))
"""Every decree, private tile and artwork in card order: the decks before their shuffle."""


class AmalfiRenaissance(Game):
    id = "amalfi-renaissance"
    title = "Amalfi: Renaissance"
    min_players = 1
    max_players = 4
    observation_layout = observation.LAYOUT
    observation_filled = True  # the writer copies its whole image (observation.py)
    observation_kept = True  # or keeps it in the adapters' buffer
    rulebook = "amalfi-renaissance.en.txt"
    catalogue = CATALOGUE
    utility = "general_sum"
    max_game_length = 3_000
    fallback_kinds = (
        "done",
        "stop",
        "feed",
        "ready",
        "beacon",
        "pass",
        "keep",
        "pack",
        "take",
        "lighthouse",
        "instead",
        "choose",
        "straighten",
        "evolving",
        "send",
    )
    options = (
        Option(
            "hands",
            "packs",
            N_(
                "how starting hands are dealt: packs, blind, personal, draft, "
                "draft_score (amalfi-renaissance.en.txt, Variants for the Allocation of "
                "Starting Hands; the drafts need 2-4 players)"
            ),
            N_("Starting hands"),
            (
                ("packs", N_("six public packs (the usual deal)")),
                ("blind", N_("six random characters each")),
                ("personal", N_("ten cards each, six of them kept")),
                ("draft", N_("a draft of seven cards (2 to 4 players)")),
                ("draft_score", N_("a draft, endgame characters set aside (2 to 4 players)")),
            ),
        ),
        Option(
            "rival",
            "naples",
            N_("the solo rival: naples or genoa (Solo Challenge; 1 player)"),
            N_("Solo rival (1 player)"),
            (("naples", N_("Naples")), ("genoa", N_("Genoa"))),
        ),
        Option(
            "first_player",
            -1,
            N_("the seat holding the Wind Rose first; -1 draws it"),
            N_("First player"),
            (
                (-1, N_("drawn at random")),
                (0, N_("seat 1")),
                (1, N_("seat 2")),
                (2, N_("seat 3")),
                (3, N_("seat 4")),
            ),
        ),
        Option(
            "solo_check",
            "after",
            N_(
                "when the solo title check is made: 'after' periods "
                "II-IV or 'before' periods II-IV (RULINGS.md)"
            ),
            N_("Solo title check"),
            (
                ("after", N_("at the end of periods II, III and IV")),
                ("before", N_("before periods II, III and IV, against the next period")),
            ),
        ),
    )

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> AmalfiState:
        method = options["hands"]
        if method not in HAND_PLAYERS:
            raise OptionError(
                _("option hands must be one of {methods}, not {method!r}").format(
                    methods=", ".join(METHODS), method=method
                )
            )
        low, high = HAND_PLAYERS[method]
        if not low <= players <= high:
            raise OptionError(
                _(
                    "the {method} hands are for {low}-{high} players, not {players} "
                    "(amalfi-renaissance.en.txt, Variants for the Allocation of Starting Hands)"
                ).format(method=method, low=low, high=high, players=players)
            )
        if options["rival"] not in RIVALS[1:]:
            raise OptionError(
                _("option rival must be naples or genoa, not {rival!r}").format(
                    rival=options["rival"]
                )
            )
        if options["solo_check"] not in ("after", "before"):
            raise OptionError(_("option solo_check must be 'after' or 'before'"))
        solo = {o.name: o.default for o in self.options if o.name in ("rival", "solo_check")}
        if players > 1 and any(options[name] != default for name, default in solo.items()):
            raise OptionError(
                _(
                    "options rival and solo_check are for the solo challenge only, not a game "
                    "of {players} (amalfi-renaissance.en.txt, Solo Challenge)"
                ).format(players=players)
            )
        first = options["first_player"]
        if first != -1 and not 0 <= first < players:
            raise OptionError(
                _("option first_player must be -1 or a seat 0-{last}").format(last=players - 1)
            )
        s = AmalfiState.__new__(AmalfiState)
        s._init_core(self, players, seed, options)
        n = players
        s.method = METHODS.index(method)
        s.rival = RIVALS.index(options["rival"]) if n == 1 else 0
        s.first = 0 if n == 1 else (s.chance.below(n) if first == -1 else first)
        s.bay = [META["initial_ships"]] * n
        s.port = [0] * n
        s.holds = [0] * (5 * n)
        s.built = [0] * n
        s.lit = [0] * n
        s.bread = [0] * n
        for i in range(n):
            s.bread[(s.first + i) % n] = META["starting_bread"][i]
        s.vp = [0] * n
        s.title_vp = [0] * n
        s.passed = [0] * n
        s.hands = [()] * n
        s.known = [()] * n
        s.invited = [()] * n
        s.engaged = [()] * n
        s.arts = [()] * n
        s.tiles = [()] * n
        s.artc = [0] * (3 * n)
        s.charc = [0] * (4 * n)
        s.mods = [0] * (N_MODS * n)
        s.packets = [()] * n
        s.reserve = [()] * n
        s.pack_of = [EMPTY] * n
        s.queue = []
        s.claims = [(), (), ()]
        s.dock = [EMPTY] * N_LOC
        s.docked = 0
        s.light = [EMPTY] * N_LOC
        s.evolving = [EMPTY] * 3
        s.removed = []
        s.owner = [EMPTY] * len(PRIVATES)
        s.period = 0
        s.turn = s.first
        s.first_pass = EMPTY
        s.actor = EMPTY
        s.rival_ships = 0
        s.rival_lights = 0
        s.outcome = 0
        s.stage = 0
        s.sent = 0
        # Setting up the main board 1-4: the decrees, the tiles, the Workshop deck and the dark
        # and light titles are shuffled in this order (one call: one mixing of the draws)
        decrees = list(ALL_DECREES)
        tiles = list(ALL_TILES)
        s.wdeck = list(ALL_ARTWORKS)
        dark = list(DARK_TITLES)
        light = list(LIGHT_TITLES)
        s.chance.shuffle(decrees, tiles, s.wdeck, dark, light)
        s.decrees = tuple(decrees[:4])
        s.decrees_aside = tuple(sorted(decrees[4:]))
        half = len(tiles) // 2
        s.pile_a, s.pile_b = tiles[:half], tiles[half:]
        s.atlas = [EMPTY] * len(ATLAS_SLOTS)
        for k in range(len(ATLAS_SLOTS)):
            s.atlas[k] = draw_atlas(s)
        s.wdisc = []
        s.workshop = [s.wdeck.pop() for _ in WORKSHOP_SLOTS]
        s.titles = (dark[0], light[0], light[1])
        s.titles_aside = tuple(sorted(dark[1:] + light[2:]))
        s.council = [EMPTY] * META["council"]
        s.cdeck = []
        s.cdisc = []
        events: list[Event] = []
        start_hands(s, events)
        settle(s, events)  # leaves the first legal list as the core's cache, when one seat moves
        return s

    # -- bots --------------------------------------------------------------------------------

    def heuristic(
        self, world: GameState, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        assert isinstance(world, AmalfiState)
        return bot.heuristic(world, seat, legal, rng)

    def evaluate(self, state: GameState) -> list[float]:
        assert isinstance(state, AmalfiState)
        return bot.evaluate(state)

    def submission_prior(
        self, world: GameState, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        assert isinstance(world, AmalfiState)
        return bot.submission_prior(world, seat, legal, rng)

    # -- words ---------------------------------------------------------------------------------

    def render(self, view: dict[str, Any], seat: int | None) -> RenderableType:
        """The board for a terminal (render.py)."""
        from arsenale.games.amalfi_renaissance.render import render

        return render(view, seat)

    def names(self) -> dict[str, str]:
        """The resources by id in the language in force (the drawing's holds and costs)."""
        from arsenale.games.amalfi_renaissance.board import RES
        from arsenale.games.amalfi_renaissance.words import res

        return {r: res(r) for r in RES}

    def board_data(self) -> dict[str, Any]:
        """What the web page draws (layout.py)."""
        from arsenale.games.amalfi_renaissance.layout import board_data

        return board_data()

    def final_account(self, state: GameState) -> dict[str, Any]:
        """VP by source: titles apart, since they break ties (RULES.md, End of the game;
        Titles). The game has no money."""
        assert isinstance(state, AmalfiState)
        titles = list(state.title_vp)
        return {
            "sources": [
                {
                    "source": _("Artworks, discoveries, decrees, characters and bonuses"),
                    "points": [v - t for v, t in zip(state.vp, titles, strict=True)],
                },
                {"source": _("Titles"), "points": titles},
            ],
            "money": None,
            "tiebreak_names": [_("VP from titles")],
        }

    def action_words(self, action: Action) -> Wording:
        return action_words(action)

    def seat_name(self, label: str) -> str:
        """A colour as a name in the language in force ("Rouge")."""
        return colour(label)

    def translate(self, text: str) -> str:
        """In French, this game's words (locale/fr/LC_MESSAGES/amalfi_renaissance.po)."""
        return WORDS.gettext(text)

    def describe_event(self, event: Event, label: Label) -> str:
        """One event as a sentence in the language in force (events.py of the rules: their
        fields), starting with a capital."""
        from arsenale.games.amalfi_renaissance.render import describe_event

        text = describe_event(event, label)
        if text is None:
            text = super().describe_event(event, label)
        return text[:1].upper() + text[1:]


__all__ = ["N_MODS", "AmalfiRenaissance"]
