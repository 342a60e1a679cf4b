"""Amalfi: Renaissance components, read from board.toml and cards.toml (through
`core.data.read_toml`) and checked against every count the rulebook states
(amalfi-renaissance.en.txt: Player components, Main components, Setting up the main board,
Players Setup, Types of artworks, Variants, Titles, Solo Challenge); DataError otherwise.

Everything the engine uses is a small int: resources 0-4, cards and tiles by index, bonus
steps as int tuples (KIND, a, b). A card's effect is a name of `effects.py` plus parameters.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from arsenale.core.data import read_toml
from arsenale.core.errors import DataError

RES: Final = ("spices", "wood", "wine", "gems", "fabric")
ANY: Final = 5
"""A send or beacon hold of the player's choice."""
NONE: Final = 6
"""A beacon with no hold: its owner can only take 1 bread."""

# bonus step kinds (RULES.md, Bonuses)
VP: Final = 0
BREAD: Final = 1
SEND: Final = 2
TAKE: Final = 3
ERECT: Final = 4
STRAIGHTEN: Final = 5
DISC_ART: Final = 6
DISC_CHAR: Final = 7
CHOICE: Final = 8
STEP_NAMES: Final = (
    "vp",
    "bread",
    "send",
    "take",
    "erect",
    "straighten",
    "discard_art",
    "discard_char",
    "take|straighten",
)

IMMEDIATE: Final = 0
PERMANENT: Final = 1
ENDGAME: Final = 2
ENGAGEABLE: Final = 3
CHAR_TYPES: Final = ("immediate", "permanent", "endgame", "engageable")
ART_TYPES: Final = ("book", "painting", "monument")

Step = tuple[int, int, int]


class Character(NamedTuple):
    id: str
    type: int
    cost: int
    mask: int  # bit r set: resource r pays
    effect: str
    steps: tuple[Step, ...]
    amount: int
    hold: int
    item: str
    per: int
    max: int
    pack: int  # -1: no starting-hand icon


class Artwork(NamedTuple):
    id: str
    type: int
    cost: int
    mask: int
    vp: int
    bonus: Step


class Place(NamedTuple):
    """A destination: printed, evolving (as printed) or a private tile."""

    id: str
    cost: int
    mask: int
    vp: int
    price: int
    steps: tuple[Step, ...]
    beacon: int


class Title(NamedTuple):
    id: str
    dark: bool
    need: tuple[tuple[str, int], ...]


class Decree(NamedTuple):
    id: str
    formula: str
    value: int
    pair: int


TITLE_ITEMS: Final = frozenset(
    {
        "characters",
        "fleet",
        "lighthouses",
        "books",
        "paintings",
        "monuments",
        "artworks",
        "privates",
        "endgame",
        "engageable",
        "permanent",
        "immediate",
        "pairs_of_types",
        "largest_type",
        "character_types",
    }
)
ENDGAME_ITEMS: Final = frozenset(
    {
        "paintings",
        "books",
        "monuments",
        "artworks",
        "privates",
        "lighthouses",
        "ships",
        "characters",
        "titles",
        "engageable",
        "permanent",
        "immediate",
    }
)
PERMANENT_EFFECTS: Final = (
    "cheaper_ships",
    "lighter_feed",
    "bigger_granary",
    "cheaper_displays",
    "rich_hold",
)


def _fail(message: str) -> None:
    raise DataError(f"amalfi-renaissance: {message}")


def hold_of(name: str, where: str) -> int:
    if name == "any":
        return ANY
    if name == "none":
        return NONE
    if name not in RES:
        _fail(f"{where}: unknown hold {name!r}")
    return RES.index(name)


def parse_step(text: str, where: str) -> Step:
    parts = text.split(":")
    name = parts[0]
    if text == "take|straighten":
        return (CHOICE, 0, 0)
    if name not in STEP_NAMES:
        _fail(f"{where}: unknown bonus step {text!r}")
    kind = STEP_NAMES.index(name)
    if kind in (VP, BREAD):
        if len(parts) != 2 or int(parts[1]) < 1:
            _fail(f"{where}: {text!r} needs a positive amount")
        return (kind, int(parts[1]), 0)
    if kind == SEND:
        if len(parts) != 3 or int(parts[1]) < 1:
            _fail(f"{where}: {text!r} must be send:N:HOLD")
        hold = hold_of(parts[2], where)
        if hold == NONE:
            _fail(f"{where}: a send needs a hold")
        return (SEND, int(parts[1]), hold)
    if len(parts) != 1:
        _fail(f"{where}: {text!r} takes no argument")
    return (kind, 0, 0)


def mask_of(resources: list[str], where: str) -> int:
    if not 1 <= len(resources) <= 2:
        _fail(f"{where}: a cost shows 1 or 2 resources (Acquisition, Discovery, Invitation)")
    mask = 0
    for r in resources:
        mask |= 1 << hold_of(r, where)
    if mask >= 1 << 5:
        _fail(f"{where}: a cost names resources, not {resources}")
    return mask


def _place(e: dict[str, Any], where: str) -> Place:
    steps = tuple(parse_step(t, f"{where} {e['id']}") for t in e["steps"])
    if not steps:
        _fail(f"{where} {e['id']}: a destination has at least one action")
    beacon = e.get("beacon")
    if beacon is None:  # the first send's hold (RULINGS.md: the hold shown)
        sends = [s for s in steps if s[0] == SEND]
        b = sends[0][2] if sends else NONE
    else:
        b = hold_of(beacon, where)
    cost = int(e.get("cost", 0))
    mask = mask_of(e["resources"], f"{where} {e['id']}") if "resources" in e else 0
    return Place(e["id"], cost, mask, int(e.get("vp", 0)), int(e.get("price", 0)), steps, b)


def _status(e: dict[str, Any], where: str) -> None:
    if e.get("status") not in ("confirmed", "reconstructed"):
        _fail(f"{where}: status must be confirmed or reconstructed")
    if not e.get("reason"):
        _fail(f"{where}: every entry gives a reason")


def load(board: dict[str, Any], cards: dict[str, Any]) -> dict[str, Any]:
    """Everything the engine needs, checked; DataError names the first broken count."""
    meta = board["meta"]
    _status(meta, "meta")
    checks = [
        (meta["periods"] == 4, "4 periods (Sequence of Play)"),
        (meta["ships"] == 10 and meta["initial_ships"] == 4, "10 ships, 4 in the bay"),
        (meta["lighthouses"] == 6, "6 lighthouses per colour"),
        (meta["cubes"] == 3, "3 cubes per colour"),
        (meta["base_capacity"] == 6, "a granary of 6 at the start"),
        (meta["base_feed"] == 2, "a feed of 2 at the start (Phase 2)"),
        (meta["ship_price"] == [5, 4, 4, 3], "ship prices 5, 4, 4, 3 (Construction)"),
        (meta["starting_bread"] == [3, 4, 5, 6], "starting bread 3, 4, 5, 6 (Players Setup 7)"),
        ((meta["council"], meta["workshop"], meta["atlas"]) == (4, 5, 5), "displays 4, 5, 5"),
        (meta["hand"] == 6, "starting hands of 6"),
    ]
    for ok, what in checks:
        if not ok:
            _fail(f"board.toml [meta] must give {what}")
    holds = board["holds"]
    _status(holds, "holds")
    values = tuple(int(holds[r]) for r in RES)
    if sorted(values) != [2, 3, 3, 3, 3]:
        _fail("one hold yields 2 and four yield 3 (Your Personal Board 2)")
    slots = board["slots"]
    _status(slots, "slots")
    for name, size, charged in (("council", 4, 2), ("workshop", 5, 3), ("atlas", 5, 3)):
        row = slots[name]
        if len(row) != size or row[-1] != 1 or any(v not in (-1, -2) for v in row[:charged]):
            _fail(f"slots.{name}: {charged} leftmost cost 1 or 2, the rightmost gives 1")
        if any(v != 0 for v in row[charged:-1]):
            _fail(f"slots.{name}: the middle slots cost nothing")
    publics = []
    for e in board["destination"]:
        _status(e, f"destination {e['id']}")
        publics.append(_place(e, "destination"))
    evolving = []
    for e in board["evolving"]:
        _status(e, f"evolving {e['id']}")
        evolving.append(_place(e, "evolving"))
    if len(evolving) != 3:
        _fail("3 evolving locations (The Evolving Destinations)")
    _status(board["evolving_bonus"], "evolving_bonus")
    evolving_bonus = parse_step(board["evolving_bonus"]["step"], "evolving_bonus")
    granary = tuple(parse_step(t, "granary") if t else None for t in board["granary"]["icons"])
    shipyard = tuple(parse_step(t, "shipyard") if t else None for t in board["shipyard"]["icons"])
    if len(granary) != 6 or len(shipyard) != 6:
        _fail("6 granary lighthouse spaces and 6 shipyard slots")
    if (STRAIGHTEN, 0, 0) not in granary:
        _fail("a granary space shows straighten (Navigation, Erect a Lighthouse)")
    if (CHOICE, 0, 0) not in shipyard:
        _fail("a shipyard slot shows take a character / straighten (Construction)")
    decree_bonus = tuple(board["decree_bonus"]["values"])
    if len(decree_bonus) != 4:
        _fail("one decree bonus per period")
    decrees = []
    for e in board["decree"]:
        _status(e, f"decree {e['id']}")
        decrees.append(Decree(e["id"], e["formula"], int(e["value"]), int(e.get("pair", 0))))
    names = {
        "adulation",
        "blessing",
        "colonization",
        "trade",
        "conclave",
        "council",
        "exploration",
        "mobilization",
        "subsistence",
        "universalism",
    }
    if {d.id for d in decrees} != names:
        _fail("the 10 decrees of Phase 3")
    titles = []
    for e in board["title"]:
        _status(e, f"title {e['id']}")
        need = tuple(sorted((k, int(v)) for k, v in e["need"].items()))
        if any(k not in TITLE_ITEMS for k, _ in need):
            _fail(f"title {e['id']}: unknown requirement")
        titles.append(Title(e["id"], bool(e["dark"]), need))
    if sum(t.dark for t in titles) != 6 or len(titles) != 16:
        _fail("16 titles: 6 dark, 10 light (Main components; Titles)")
    tv = board["title_values"]
    if max(tv["dark"]) != 24 or max(tv["light"]) != 12 or tv["dark"] != sorted(tv["dark"])[::-1]:
        _fail("dark titles are worth up to 24, light up to 12, the leftmost square most")
    # -- cards
    artworks = []
    ranges = {0: (4, 8, 4, 10), 1: (5, 9, 5, 11), 2: (6, 10, 6, 13)}
    for e in cards["artwork"]:
        _status(e, f"artwork {e['id']}")
        t = ART_TYPES.index(e["type"])
        a = Artwork(
            e["id"],
            t,
            int(e["cost"]),
            mask_of(e["resources"], e["id"]),
            int(e["vp"]),
            parse_step(e["bonus"], e["id"]),
        )
        c0, c1, v0, v1 = ranges[t]
        if not (c0 <= a.cost <= c1 and v0 <= a.vp <= v1):
            _fail(f"artwork {a.id}: outside the {e['type']} ranges (Types of artworks)")
        if a.bonus[0] not in (VP, BREAD, SEND, STRAIGHTEN, TAKE, ERECT):
            _fail(f"artwork {a.id}: a bonus of the Acquisition list")
        artworks.append(a)
    if len(artworks) != 54:
        _fail(f"54 artworks (Main components), not {len(artworks)}")
    mains = []
    for t in range(3):
        of_type = [a for a in artworks if a.type == t]
        common = of_type[0].mask
        for a in of_type:
            common &= a.mask
        if not common:
            _fail(f"the {ART_TYPES[t]}s share a main resource (Types of artworks)")
        mains.append(common)
        kinds = {a.bonus[0] for a in of_type}
        if kinds != {VP, BREAD, SEND, STRAIGHTEN, TAKE, ERECT}:
            _fail(f"every bonus appears among the {ART_TYPES[t]}s (Types of artworks)")
    privates = []
    for e in cards["private"]:
        _status(e, f"private {e['id']}")
        privates.append(_place(e, "private"))
    if len(privates) != 36:
        _fail(f"36 private destinations (Main components), not {len(privates)}")
    icons: list[str] = []
    characters = []
    for e in cards["character"]:
        where = f"character {e['id']}"
        _status(e, where)
        t = CHAR_TYPES.index(e["type"])
        pack = e.get("pack")
        if pack is not None and pack not in icons:
            icons.append(pack)
        effect = e["effect"]
        steps = tuple(parse_step(x, where) for x in e.get("steps", ()))
        if t in (IMMEDIATE, ENGAGEABLE) and (effect != "bonus" or not steps):
            _fail(f"{where}: an immediate or engageable character has bonus steps")
        if t == ENGAGEABLE and any(s[0] in (STRAIGHTEN, CHOICE) for s in steps):
            _fail(f"{where}: an engageable effect may not straighten (a game must end)")
        if t == PERMANENT and effect not in PERMANENT_EFFECTS:
            _fail(f"{where}: unknown permanent effect {effect!r}")
        if t == ENDGAME and (
            effect != "score_per" or e.get("item") not in ENDGAME_ITEMS or int(e.get("max", 0)) < 1
        ):
            _fail(f"{where}: an endgame character scores per item with a Max")
        characters.append(
            Character(
                e["id"],
                t,
                int(e["cost"]),
                mask_of(e["resources"], where),
                effect,
                steps,
                int(e.get("amount", 0)),
                hold_of(e.get("hold", "none"), where),
                e.get("item", ""),
                int(e.get("per", 0)),
                int(e.get("max", 0)),
                -1 if pack is None else icons.index(pack),
            )
        )
    if len(characters) != 75:
        _fail(f"75 characters (Main components), not {len(characters)}")
    if len(icons) != 6 or any(sum(c.pack == i for c in characters) != 6 for i in range(6)):
        _fail("6 starting-hand icons of 6 cards each (Players Setup 8)")
    if sum(c.type == ENDGAME for c in characters) != 15:
        _fail("15 endgame characters, set apart by two variants (Variants)")
    ids = [c.id for c in characters] + [a.id for a in artworks] + [p.id for p in privates]
    ids += [p.id for p in publics] + [p.id for p in evolving]
    if len(set(ids)) != len(ids):
        _fail("every card, tile and destination has its own id")
    solo = board["solo"]
    if (
        solo["naples"] != [0, 1, 2]
        or solo["genoa"] != [1, 2, 3]
        or solo["bands"] != [125, 175, 225]
    ):
        _fail("the solo table: Naples 0/1/2, Genoa 1/2/3; bands 125/175/225 (Solo Challenge)")
    table = board["solo_table"]
    pub_ids = [p.id for p in publics]
    rival_res = tuple(pub_ids.index(table[r]) for r in RES)
    bonus_row = {}
    for k, v in table["bonus"].items():
        lighthouse = v.startswith("lighthouse:")
        dest = v.split(":", 1)[1] if lighthouse else v
        bonus_row[STEP_NAMES.index(k)] = (-1 if dest == "hold" else pub_ids.index(dest), lighthouse)
    names_fr = {
        e["id"]: e["name_fr"]
        for table in (board["destination"], board["decree"], board["title"])
        for e in table
        if "name_fr" in e
    }
    names_fr |= {
        e["id"]: e["name_fr"] for e in (*cards["private"], *cards["character"]) if "name_fr" in e
    }
    return {
        "names_fr": names_fr,
        "meta": meta,
        "hold_values": values,
        "slots": slots,
        "publics": tuple(publics),
        "evolving": tuple(evolving),
        "evolving_bonus": evolving_bonus,
        "granary": granary,
        "shipyard": shipyard,
        "decree_bonus": decree_bonus,
        "decrees": tuple(decrees),
        "titles": tuple(titles),
        "title_values": (tuple(tv["dark"]), tuple(tv["light"])),
        "artworks": tuple(artworks),
        "art_mains": tuple(mains),
        "privates": tuple(privates),
        "characters": tuple(characters),
        "pack_icons": tuple(icons),
        "solo": solo,
        "rival_res": rival_res,
        "rival_bonus": bonus_row,
    }


DATA: Final = load(read_toml(__package__, "board.toml"), read_toml(__package__, "cards.toml"))
NAMES_FR: Final[dict[str, str]] = DATA["names_fr"]
"""French names by id (the TOML files' `name_fr`, ours): destinations, decrees, titles, private
destinations and characters; words.name shows them in French."""
META: Final = DATA["meta"]
HOLD_VALUES: Final[tuple[int, ...]] = DATA["hold_values"]
COUNCIL_SLOTS: Final[tuple[int, ...]] = tuple(DATA["slots"]["council"])
WORKSHOP_SLOTS: Final[tuple[int, ...]] = tuple(DATA["slots"]["workshop"])
ATLAS_SLOTS: Final[tuple[int, ...]] = tuple(DATA["slots"]["atlas"])
PUBLICS: Final[tuple[Place, ...]] = DATA["publics"]
EVOLVING: Final[tuple[Place, ...]] = DATA["evolving"]
EVOLVING_BONUS: Final[Step] = DATA["evolving_bonus"]
GRANARY_ICONS: Final[tuple[Step | None, ...]] = DATA["granary"]
SHIPYARD_ICONS: Final[tuple[Step | None, ...]] = DATA["shipyard"]
# not Final: a rulebook example's test gives rules.py a bonus of its own (the printed values are
# lost), which the compiled rules then read from their module
DECREE_BONUS: tuple[int, ...] = DATA["decree_bonus"]
DECREES: Final[tuple[Decree, ...]] = DATA["decrees"]
TITLES: Final[tuple[Title, ...]] = DATA["titles"]
DARK_VALUES, LIGHT_VALUES = DATA["title_values"]
ARTWORKS: Final[tuple[Artwork, ...]] = DATA["artworks"]
PRIVATES: Final[tuple[Place, ...]] = DATA["privates"]
CHARACTERS: Final[tuple[Character, ...]] = DATA["characters"]
PACK_ICONS: Final[tuple[str, ...]] = DATA["pack_icons"]
SOLO: Final = DATA["solo"]
RIVAL_RES: Final[tuple[int, ...]] = DATA["rival_res"]
RIVAL_BONUS: Final[dict[int, tuple[int, bool]]] = DATA["rival_bonus"]

N_PUBLIC: Final = len(PUBLICS)
EV0: Final = N_PUBLIC  # the evolving locations II, III, IV
PRIV0: Final = EV0 + 3  # private tile t sits at location PRIV0 + t
N_LOC: Final = PRIV0 + len(PRIVATES)
LOC_IDS: Final = (
    tuple(p.id for p in PUBLICS) + tuple(p.id for p in EVOLVING) + tuple(p.id for p in PRIVATES)
)
CHAR_IDS: Final = tuple(c.id for c in CHARACTERS)
ART_IDS: Final = tuple(a.id for a in ARTWORKS)
SHIP_RES: Final = RES.index(META["ship_resource"])
ENDGAME_CARDS: Final = tuple(i for i, c in enumerate(CHARACTERS) if c.type == ENDGAME)
OTHER_CARDS: Final = tuple(i for i, c in enumerate(CHARACTERS) if c.type != ENDGAME)
PACKS: Final = tuple(tuple(i for i, c in enumerate(CHARACTERS) if c.pack == p) for p in range(6))

ROMAN: Final = ("I", "II", "III", "IV")


def name(ident: str) -> str:
    """The printed name of a card, tile, destination, decree, title, resource or pack icon,
    from its id: "spice-market" -> "Spice Market", "book-13" -> "Book 13", "evolving-2" ->
    "Evolving II" (the evolving location a tile covers at the start of period II)."""
    if ident.startswith("evolving-") and ident[9:].isdigit():
        return f"Evolving {ROMAN[int(ident[9:]) - 1]}"
    return " ".join(w.capitalize() for w in ident.replace("_", "-").split("-"))
