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
from arsenale.games.amalfi_renaissance.actions import CATALOGUE
from arsenale.games.amalfi_renaissance.board import (
    ARTWORKS,
    ATLAS_SLOTS,
    DECREES,
    META,
    N_LOC,
    PRIVATES,
    ROMAN,
    TITLES,
    WORKSHOP_SLOTS,
    name,
)
from arsenale.games.amalfi_renaissance.rules import draw_atlas, settle, start_hands
from arsenale.games.amalfi_renaissance.state import EMPTY, METHODS, N_MODS, RIVALS, AmalfiState

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


class AmalfiRenaissance(Game):
    id = "amalfi-renaissance"
    title = "Amalfi: Renaissance"
    min_players = 1
    max_players = 4
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
            "how starting hands are dealt: packs, blind, personal, draft, "
            "draft_score (amalfi-renaissance.en.txt, Variants for the Allocation of "
            "Starting Hands; the drafts need 2-4 players)",
        ),
        Option("rival", "naples", "the solo rival: naples or genoa (Solo Challenge; 1 player)"),
        Option("first_player", -1, "the seat holding the Wind Rose first; -1 draws it"),
        Option(
            "solo_check",
            "after",
            "when the solo title check is made: 'after' periods "
            "II-IV or 'before' periods II-IV (RULINGS.md)",
        ),
    )

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> AmalfiState:
        method = options["hands"]
        if method not in HAND_PLAYERS:
            raise OptionError(f"option hands must be one of {', '.join(METHODS)}, not {method!r}")
        low, high = HAND_PLAYERS[method]
        if not low <= players <= high:
            raise OptionError(
                f"the {method} hands are for {low}-{high} players, not {players} "
                "(amalfi-renaissance.en.txt, Variants for the Allocation of Starting Hands)"
            )
        if options["rival"] not in RIVALS[1:]:
            raise OptionError(f"option rival must be naples or genoa, not {options['rival']!r}")
        if options["solo_check"] not in ("after", "before"):
            raise OptionError("option solo_check must be 'after' or 'before'")
        first = options["first_player"]
        if first != -1 and not 0 <= first < players:
            raise OptionError(f"option first_player must be -1 or a seat 0-{players - 1}")
        s = object.__new__(AmalfiState)
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
        # Setting up the main board 1-4
        decrees = list(range(len(DECREES)))
        s.chance.shuffle(decrees)
        s.decrees = tuple(decrees[:4])
        s.decrees_aside = tuple(sorted(decrees[4:]))
        tiles = list(range(len(PRIVATES)))
        s.chance.shuffle(tiles)
        half = len(tiles) // 2
        s.pile_a, s.pile_b = tiles[:half], tiles[half:]
        s.atlas = [EMPTY] * len(ATLAS_SLOTS)
        for k in range(len(ATLAS_SLOTS)):
            s.atlas[k] = draw_atlas(s)
        s.wdeck = list(range(len(ARTWORKS)))
        s.chance.shuffle(s.wdeck)
        s.wdisc = []
        s.workshop = [s.wdeck.pop() for _ in WORKSHOP_SLOTS]
        dark = [i for i, t in enumerate(TITLES) if t.dark]
        light = [i for i, t in enumerate(TITLES) if not t.dark]
        s.chance.shuffle(dark)
        s.chance.shuffle(light)
        s.titles = (dark[0], light[0], light[1])
        s.titles_aside = tuple(sorted(dark[1:] + light[2:]))
        s.council = [EMPTY] * META["council"]
        s.cdeck = []
        s.cdisc = []
        events: list[Event] = []
        start_hands(s, events)
        settle(s, events)
        s._legal = None
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
                    "source": "Artworks, discoveries, decrees, characters and bonuses",
                    "points": [v - t for v, t in zip(state.vp, titles, strict=True)],
                },
                {"source": "Titles", "points": titles},
            ],
            "money": None,
            "tiebreak_names": ["VP from titles"],
        }

    def action_words(self, action: Action) -> Wording:
        from arsenale.games.amalfi_renaissance.words import action_words

        return action_words(action)

    def describe_event(self, event: Event, label: Label) -> str:
        kind = event.get("type")
        seat = event.get("seat")
        who = label(seat) if isinstance(seat, int) else ""
        words = {
            "navigate": lambda e: (
                f"{who} sails to {name(e['place'])}"
                + (f", paying {e['bread']} bread" if e["bread"] else "")
            ),
            "acquire": lambda e: f"{who} acquires {name(e['artwork'])} for {e['vp']} VP",
            "discover": lambda e: f"{who} discovers {name(e['tile'])} for {e['vp']} VP",
            "invite": lambda e: f"{who} invites {name(e['card'])}",
            "engage": lambda e: f"{who} engages {name(e['card'])}",
            "construct": lambda e: (
                f"{who} constructs {e['ships']} ship" + ("s" if e["ships"] != 1 else "")
            ),
            "pass": lambda e: f"{who} passes",
            "take": lambda e: f"{who} takes {name(e['card'])} into hand",
            "lighthouse": lambda e: f"{who} erects a lighthouse on {name(e['place'])}",
            "send": lambda e: f"{who} sends a ship to the {e['hold']} hold",
            "title": lambda e: f"{who} completes the title {name(e['title'])} for {e['vp']} VP",
            "decree": lambda e: f"{who} scores {e['vp']} VP from the decree {name(e['decree'])}",
            "feed": lambda e: (
                f"{who} feeds the crews with {e['bread']} bread"
                + (f" and loses {e['vp_lost']} VP" if e["vp_lost"] else "")
            ),
            "period": lambda e: (
                f"period {ROMAN[e['period'] - 1]} begins; {label(e['first'])} plays first"
            ),
            "game_over": lambda e: "the game is over",
            "pack": lambda e: f"{who} takes the {e['icon']} pack",
            "council": lambda e: "the Council shows " + ", ".join(name(c) for c in e["cards"]),
            "discard": lambda e: f"{who} discards {name(e['card'])} for {e['bread']} bread",
            "discard_artwork": lambda e: f"{name(e['artwork'])} is discarded from the Workshop",
            "discard_character": lambda e: f"{name(e['character'])} is discarded from the Council",
            "evolving": lambda e: f"{name(e['tile'])} now covers {name(e['place'])}",
            "rival_removes": lambda e: f"the rival removes {name(e['tile'])} from the Atlas",
            "endgame": lambda e: f"{who} scores {e['vp']} VP with {name(e['card'])}",
            "straighten": lambda e: f"{who} straightens {name(e['card'])}",
            "beacon": lambda e: (
                f"{who} uses the lighthouse on {name(e['place'])}: "
                + ("1 bread" if e["use"] == "bread" else f"a ship to the {e['use']} hold")
            ),
            "kept": lambda e: f"{who} keeps {name(e['card'])}",
            "unload": lambda e: (
                f"{who} unloads the {e['hold']} hold for "
                + (f"{e['units']} units" if "units" in e else f"{e['bread']} bread")
            ),
            "emergency": lambda e: (
                f"{who} sends a ship to port for "
                + (f"{e['units']} units" if "units" in e else f"{e['bread']} bread")
            ),
            "bread": lambda e: f"{who} gains {e['bread']} bread",
            "vp": lambda e: f"{who} gains {e['vp']} VP",
            "lost": lambda e: f"{who} cannot use the bonus ({e['bonus']}) and loses it",
            "solo_lost": lambda e: (
                f"the title check of period {ROMAN[e['period'] - 1]} fails "
                f"({e['titles']} titles): the solo challenge is lost"
            ),
            "stop": lambda e: f"{who} sends no more ships",
            "evolving_bonus": lambda e: f"{who} takes the evolving bonus {e['when']}",
            "paying": lambda e: f"{who} starts paying {e['cost']} for the {e['for']}",
            "paid": lambda e: (
                f"{who} has paid {e['cost']} for the {e['for']}"
                + (f", {e['bread_kept']} bread kept" if e["bread_kept"] else "")
                + (f", {e['surcharge']} bread surcharge" if e["surcharge"] else "")
            ),
            "actions_end": lambda e: (
                f"the actions of period {ROMAN[e['period'] - 1]} end; "
                f"{label(e['first'])} holds the Wind Rose"
            ),
            "choose": lambda e: (
                f"{who} chooses to {'take a character' if e['what'] == 'character' else 'straighten'}"
            ),
            "instead": lambda e: (
                f"{who} takes {'a character' if e['what'] == 'character' else '2 VP'} instead of a lighthouse"
            ),
            "ready": lambda e: f"{who} is ready for the decree",
            "kept_round": lambda e: f"round {e['round']} of keeping cards is over",
            "dealt": lambda e: f"{who} receives {', '.join(name(c) for c in e['cards'])}",
            "rival": lambda e: (
                f"{name(e['rival'])} reacts to the {e['after']}: {e['ships']} ships and "
                f"{e['lighthouses']} lighthouses on the board"
            ),
            "solo_completed": lambda e: (
                f"the solo challenge is completed with {e['vp']} VP: {e['band']}"
            ),
        }
        fn = words.get(str(kind))
        text = str(fn(event)) if fn is not None else super().describe_event(event, label)
        return text[:1].upper() + text[1:]


__all__ = ["N_MODS", "AmalfiRenaissance"]
