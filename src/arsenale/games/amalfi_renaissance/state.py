"""The state of a game of Amalfi: Renaissance: flat lists of small ints and sorted tuples
(docs/architecture.md, "Speed"), its view per seat, its result and its determinization. The
rules themselves are in rules.py, which fills in `AmalfiState.phases` and `AmalfiState.settle`.

Cards are indices: characters into `board.CHARACTERS`, artworks into `board.ARTWORKS`, private
tiles into `board.PRIVATES`. Locations (docks and lighthouse slots) are indices into
`board.LOC_IDS`: the printed destinations, the three evolving locations, then one per tile.
Hidden collections (hands, packets, decks before a shuffle) are kept sorted where their order
means nothing, so that two states differing only in how cards were dealt are the same state.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Final

from arsenale.core.actions import Action
from arsenale.core.chance import shuffle_as_random
from arsenale.core.decisions import Decision
from arsenale.core.observation import Buffer
from arsenale.core.result import Result
from arsenale.core.state import Event, GameState
from arsenale.games.amalfi_renaissance import observation
from arsenale.games.amalfi_renaissance.board import (
    ART_IDS,
    ARTWORKS,
    CHAR_IDS,
    CHAR_TYPES,
    CHARACTERS,
    DECREES,
    EV0,
    LOC_IDS,
    META,
    N_LOC,
    PACK_ICONS,
    PRIV0,
    PRIVATES,
    RES,
    SOLO,
    TITLES,
)

if TYPE_CHECKING:
    from arsenale.games.amalfi_renaissance.game import AmalfiRenaissance

COLOURS: Final = ("red", "blue", "green", "yellow")
RIVAL: Final = 9
"""The solo rival's mark on a dock or lighthouse slot (RULES.md, Solo challenge)."""
RIVALS: Final = ("", "naples", "genoa")
METHODS: Final = ("packs", "blind", "personal", "draft", "draft_score")

# permanent modifiers per seat (effects.py)
M_SHIP, M_FEED, M_CAP, M_DISP, M_HOLD = 0, 1, 2, 3, 4
N_MODS: Final = M_HOLD + 5

EMPTY: Final = -1
BASE_CAPACITY: Final = META["base_capacity"]
ART_TYPE: Final = {"books": 0, "paintings": 1, "monuments": 2}
CHAR_TYPE: Final = {kind: i for i, kind in enumerate(CHAR_TYPES)}
"""The index of each artwork type in `artc` and of each character type in `charc`."""


class AmalfiState(GameState):
    settle: ClassVar[Callable[[AmalfiState, list[Event]], list[Event]]]
    """The forced moves that follow a decision (rules.settle), set by rules.py with the phases
    and called through the class, `AmalfiState.settle(self, events)` (a function-level import
    in `_apply` would cost about as much as a move; a class compiled by mypyc does not bind a
    function kept on the class to the instance)."""

    copied = (
        "bay",
        "port",
        "holds",
        "built",
        "lit",
        "bread",
        "vp",
        "title_vp",
        "passed",
        "hands",
        "known",
        "invited",
        "engaged",
        "arts",
        "tiles",
        "artc",
        "charc",
        "mods",
        "council",
        "cdeck",
        "cdisc",
        "workshop",
        "wdeck",
        "wdisc",
        "atlas",
        "pile_a",
        "pile_b",
        "removed",
        "owner",
        "dock",
        "light",
        "evolving",
        "claims",
        "queue",
        "packets",
        "reserve",
        "pack_of",
    )
    kept = (
        "decrees",
        "decrees_aside",
        "titles",
        "titles_aside",
        "period",
        "first",
        "turn",
        "first_pass",
        "actor",
        "rival",
        "rival_ships",
        "rival_lights",
        "outcome",
        "method",
        "stage",
        "sent",
        "docked",
    )
    __slots__ = copied + kept
    seat_names = COLOURS
    game: AmalfiRenaissance

    bay: list[int]  # per seat: usable ships
    port: list[int]  # per seat: ships unusable until the next period
    holds: list[int]  # holds[5 * seat + resource]
    built: list[int]  # per seat: ships constructed (0-6); the shipyard keeps 6 - built
    lit: list[int]  # per seat: lighthouses erected (0-6)
    bread: list[int]
    vp: list[int]
    title_vp: list[int]  # VP from titles: the tie-break
    passed: list[int]  # per seat: 1 once passed this period
    hands: list[tuple[int, ...]]  # sorted; secret
    known: list[tuple[int, ...]]  # sorted: the cards of each hand every seat knows of
    invited: list[tuple[int, ...]]  # characters in each game zone, in order of invitation
    engaged: list[tuple[int, ...]]  # sorted: engageable characters turned sideways
    arts: list[tuple[int, ...]]  # artworks acquired, in order
    tiles: list[tuple[int, ...]]  # private tiles discovered, in order
    artc: list[int]  # artc[3 * seat + type]
    charc: list[int]  # charc[4 * seat + type]
    mods: list[int]  # mods[N_MODS * seat + m]: permanent characters' modifiers
    council: list[int]  # 4 slots, left to right; EMPTY when none
    cdeck: list[int]  # face down, the next card last
    cdisc: list[int]  # face up
    workshop: list[int]  # 5 slots
    wdeck: list[int]
    wdisc: list[int]
    atlas: list[int]  # 5 slots of private tiles
    pile_a: list[int]  # the two face-down Atlas piles
    pile_b: list[int]
    removed: list[int]  # tiles the solo rival threw out (public)
    owner: list[int]  # per tile: the seat that discovered it, EMPTY otherwise
    dock: list[int]  # per location: a seat, RIVAL or EMPTY
    light: list[int]  # per location: a lighthouse's owner, RIVAL or EMPTY
    evolving: list[int]  # per evolving location: the tile covering it or EMPTY
    claims: list[tuple[int, ...]]  # per title in play: the seats whose cubes sit there, in order
    queue: list[tuple[int, int, int]]  # bonus steps still to resolve, the next one last
    packets: list[tuple[int, ...]]  # set-up: the cards each seat chooses from; secret
    reserve: list[tuple[int, ...]]  # draft with score: the 3 endgame cards set aside; secret
    pack_of: list[int]  # standard method: the pack token each seat took, EMPTY before
    decrees: tuple[int, ...]  # the decree of each period
    decrees_aside: tuple[int, ...]  # sorted, unused
    titles: tuple[int, ...]  # the 3 titles in play: dark, light, light
    titles_aside: tuple[int, ...]  # sorted, unused
    period: int  # 0-3
    first: int  # the seat holding the Wind Rose
    turn: int  # the seat whose main action it is (or was last)
    first_pass: int  # the first seat to pass this period, EMPTY before
    actor: int  # the seat whose bonus steps are resolving
    rival: int  # 0 no rival, 1 Naples, 2 Genoa
    rival_ships: int  # rival ships on the board
    rival_lights: int  # rival lighthouses on the board
    outcome: int  # solo: 0 playing, 1 completed, 2 lost
    method: int  # index into METHODS
    stage: int  # set-up round counter (drafts), else 0
    sent: int  # 1 once the acting seat has sent a ship to a hold during this main action
    docked: int  # bit loc set while dock[loc] holds a ship (rules.dock_ship; `dock` says whose)

    # -- derived figures ---------------------------------------------------------------------

    def capacity(self, seat: int) -> int:
        """RULES.md, Bread: 6 plus one per lighthouse erected (plus characters)."""
        return META["base_capacity"] + self.lit[seat] + self.mods[N_MODS * seat + M_CAP]

    def feed(self, seat: int) -> int:
        """RULES.md, Feed: the rightmost visible value of the shipyard."""
        return max(0, META["base_feed"] + self.built[seat] - self.mods[N_MODS * seat + M_FEED])

    def gain_bread(self, seat: int, amount: int) -> int:
        """Add bread up to the granary's capacity (`capacity`, written out); the bread
        actually kept."""
        bread = self.bread
        room = BASE_CAPACITY + self.lit[seat] + self.mods[N_MODS * seat + M_CAP] - bread[seat]
        if room < 0:
            room = 0
        got = amount if amount < room else room
        bread[seat] += got
        return got

    def hand_known(self, seat: int) -> tuple[int, ...]:
        return self.known[seat]

    def count(self, seat: int, item: str) -> int:
        """How many of an item a seat holds (titles, decrees, endgame characters)."""
        if item == "characters":
            return len(self.invited[seat])
        if item == "fleet":
            return META["initial_ships"] + self.built[seat]
        if item == "ships":
            return self.built[seat]
        if item == "lighthouses":
            return self.lit[seat]
        if item == "privates":
            return len(self.tiles[seat])
        a = 3 * seat
        if item in ART_TYPE:
            return self.artc[a + ART_TYPE[item]]
        if item == "artworks":
            return self.artc[a] + self.artc[a + 1] + self.artc[a + 2]
        c = 4 * seat
        if item in CHAR_TYPE:
            return self.charc[c + CHAR_TYPE[item]]
        if item == "pairs_of_types":
            artc = self.artc
            return (artc[a] >= 2) + (artc[a + 1] >= 2) + (artc[a + 2] >= 2)
        if item == "largest_type":
            return max(self.artc[a : a + 3])
        if item == "character_types":
            charc = self.charc
            return (charc[c] >= 1) + (charc[c + 1] >= 1) + (charc[c + 2] >= 1) + (charc[c + 3] >= 1)
        if item == "titles":
            return sum(1 for cl in self.claims if seat in cl)
        raise KeyError(item)

    # -- core hooks ----------------------------------------------------------------------------

    def _apply(self, seat: int, action: Action, top: Decision) -> list[Event]:
        """The phase's apply, then any forced moves (rules.settle)."""
        return AmalfiState.settle(self, self.phases[top.kind].apply(self, seat, action, top))

    def _resolve(self, top: Decision, submissions: dict[int, Action]) -> list[Event]:
        return AmalfiState.settle(self, self.phases[top.kind].resolve(self, top, submissions))

    def _observe(self, seat: int | None, out: Buffer) -> None:
        """What `_view(seat)` shows, as numbers (observation.py)."""
        observation.write(self, seat, out)

    def _view(self, seat: int | None) -> dict[str, Any]:
        n = self.players
        players = []
        for s in range(n):
            mine = seat == s
            p: dict[str, Any] = {
                "seat": s,
                "colour": COLOURS[s],
                "vp": self.vp[s],
                "title_vp": self.title_vp[s],
                "bread": self.bread[s],
                "capacity": self.capacity(s),
                "feed": self.feed(s),
                "bay": self.bay[s],
                "port": self.port[s],
                "holds": {RES[r]: self.holds[5 * s + r] for r in range(5)},
                "shipyard": 6 - self.built[s],
                "granary_lighthouses": 6 - self.lit[s],
                "passed": bool(self.passed[s]),
                "hand_size": len(self.hands[s]),
                "known_hand": [CHAR_IDS[c] for c in self.known[s]],
                "invited": [CHAR_IDS[c] for c in self.invited[s]],
                "engaged": [CHAR_IDS[c] for c in self.engaged[s]],
                "artworks": [ART_IDS[a] for a in self.arts[s]],
                "privates": [PRIVATES[t].id for t in self.tiles[s]],
                "pack": PACK_ICONS[self.pack_of[s]] if self.pack_of[s] >= 0 else None,
                "packet_size": len(self.packets[s]),
                "reserve_size": len(self.reserve[s]),
            }
            if mine:
                p["hand"] = [CHAR_IDS[c] for c in self.hands[s]]
                p["packet"] = [CHAR_IDS[c] for c in self.packets[s]]
                p["reserve"] = [CHAR_IDS[c] for c in self.reserve[s]]
            players.append(p)
        out: dict[str, Any] = {
            "period": self.period + 1,
            "first_player": self.first,
            "turn": self.turn,
            "hands_method": METHODS[self.method],
            "players": players,
            "council": [CHAR_IDS[c] if c >= 0 else None for c in self.council],
            "council_deck": len(self.cdeck),
            "council_discard": [CHAR_IDS[c] for c in self.cdisc],
            "workshop": [ART_IDS[a] if a >= 0 else None for a in self.workshop],
            "workshop_deck": len(self.wdeck),
            "workshop_discard": [ART_IDS[a] for a in self.wdisc],
            "atlas": [PRIVATES[t].id if t >= 0 else None for t in self.atlas],
            "atlas_piles": [len(self.pile_a), len(self.pile_b)],
            "removed_tiles": [PRIVATES[t].id for t in self.removed],
            "evolving": [PRIVATES[t].id if t >= 0 else None for t in self.evolving],
            "docks": {LOC_IDS[i]: _mark(v) for i, v in enumerate(self.dock) if v != EMPTY},
            "lighthouses": {LOC_IDS[i]: _mark(v) for i, v in enumerate(self.light) if v != EMPTY},
            "decrees": [DECREES[d].id for d in self.decrees],
            "titles": [
                {"id": TITLES[t].id, "cubes": list(self.claims[i])}
                for i, t in enumerate(self.titles)
            ],
            "pending": [list(step) for step in reversed(self.queue)],
            "packs_left": [
                PACK_ICONS[i] for i in range(6) if self.method == 0 and i not in self.pack_of
            ],
        }
        top = self.stack[-1] if self.stack and not self.over else None
        if top is not None and top.kind == "pay":
            purpose, _arg, cost, mask, surcharge, paid, surplus = top.data
            out["payment"] = {
                "for": purpose,
                "cost": cost,
                "resources": [RES[r] for r in range(5) if mask >> r & 1],
                "bread_surcharge": surcharge,
                "paid": paid,
                "surplus": surplus,
            }
        if self.rival:
            out["rival"] = {
                "name": RIVALS[self.rival],
                "ships": self.rival_ships,
                "lighthouses": self.rival_lights,
            }
            out["outcome"] = ("playing", "completed", "lost")[self.outcome]
            if self.outcome == 1:
                out["band"] = band(self.vp[0])
        return out

    def _result(self) -> Result:
        """RULES.md, End of the game: VP, then VP from titles; Solo challenge: completing the
        fourth period is the win, a failed title check the loss, the score kept either way
        (RULINGS.md R16)."""
        if self.players == 1:
            return Result.from_keys([self.vp[0]], [self.title_vp[0]], won=self.outcome == 1)
        return Result.from_keys(self.vp, self.title_vp)

    def _determinize(self, seat: int, rng: random.Random) -> None:
        """Redraw what `seat` cannot see, from what it sees: the characters not in view (its
        hand, packet and reserve, the others' publicly known cards, the Council, its discard
        pile, every game zone) are listed in card order, shuffled and dealt to the others'
        unknown hand cards, packets and reserves and to the Council deck in the sizes the view
        shows; the Workshop deck and the two Atlas piles keep their (public) contents in a new
        order. What a seat remembers of packets it passed in a draft is not used (RULINGS.md)."""
        n = self.players
        if self.method == 0 and EMPTY in self.pack_of:
            return  # the packs are being chosen: every pack's contents are public
        seen = set(self.hands[seat]) | set(self.packets[seat]) | set(self.reserve[seat])
        for s in range(n):
            seen.update(self.known[s])
            seen.update(self.invited[s])
        seen.update(c for c in self.council if c >= 0)
        seen.update(self.cdisc)
        pool = [c for c in range(len(CHARACTERS)) if c not in seen]
        shuffle_as_random(rng, pool)
        taken = 0

        def deal(count: int) -> list[int]:
            nonlocal taken
            cards = pool[taken : taken + count]
            taken += count
            return cards

        for s in range(n):
            if s == seat:
                continue
            unknown = len(self.hands[s]) - len(self.known[s])
            self.hands[s] = tuple(sorted((*self.known[s], *deal(unknown))))
            self.packets[s] = tuple(sorted(deal(len(self.packets[s]))))
            self.reserve[s] = tuple(sorted(deal(len(self.reserve[s]))))
        self.cdeck = deal(len(self.cdeck))
        if taken != len(pool):
            raise AssertionError(f"determinize dealt {taken} of {len(pool)} unseen characters")
        wdeck = sorted(self.wdeck)
        shuffle_as_random(rng, wdeck)
        self.wdeck = wdeck
        piles = sorted(self.pile_a + self.pile_b)
        shuffle_as_random(rng, piles)
        self.pile_a = piles[: len(self.pile_a)]
        self.pile_b = piles[len(self.pile_a) :]


def _mark(v: int) -> int | str:
    return "rival" if v == RIVAL else v


def band(score: int) -> str:
    """RULES.md, Solo challenge: the band of a completed solo game (RULINGS.md: 125 is a
    beginner's score)."""
    names = SOLO["band_names"]
    for limit, name in zip(SOLO["bands"], names, strict=False):
        if score <= limit:
            return str(name)
    return str(names[-1])


def loc_is_private(loc: int) -> bool:
    return loc >= PRIV0


def loc_is_evolving(loc: int) -> bool:
    return EV0 <= loc < PRIV0


ALL_LOCS: Final = range(N_LOC)
__all__ = ["ARTWORKS", "AmalfiState"]
