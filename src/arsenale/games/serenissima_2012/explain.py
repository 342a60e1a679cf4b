"""Why an action is refused: a plain reason and the rule it breaks.

Only called after an action was found illegal, so clarity matters here, not speed. Each check
mirrors a condition of the legal-move generators in the rule modules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arsenale.core.actions import Action
from arsenale.core.decisions import Decision
from arsenale.games.serenissima_2012.activation import (
    RULE_CLAIM,
    RULE_CLOSED,
    RULE_LAST_PORT,
    RULE_LOADING,
    RULE_MOVEMENT,
    RULE_SALE,
)
from arsenale.games.serenissima_2012.battle import RULE_BATTLE
from arsenale.games.serenissima_2012.blockade import RULE_BLOCKADE, RULE_SALE_BLOCKADE
from arsenale.games.serenissima_2012.board import GOLD, GOODS, MARBLE, STONE, WOOD
from arsenale.games.serenissima_2012.investment import MAX_GALLEYS, RULE_INVEST, galley_price
from arsenale.games.serenissima_2012.setup import RULE_SETUP
from arsenale.games.serenissima_2012.state import BATTLE, LOADING, POPCOUNT, SALE, STEP3
from arsenale.games.serenissima_2012.turn_end import RULE_FEW_GALLEYS, RULE_WHEEL

if TYPE_CHECKING:
    from arsenale.games.serenissima_2012.state import SerenissimaState

Why = tuple[str, str | None]

ASKED = {
    "close": ("you are closing a port for 2-3 players: 'close <port>'", RULE_CLOSED),
    "choose_port": ("you are choosing a starting port: 'port <port>'", RULE_SETUP),
    "choose_galley": ("you are choosing a galley: 'galley <number>'", RULE_SETUP),
    "galley": ("your galley is on the wheel: 'act' or 'invest'", RULE_WHEEL),
    "blockade": ("you are asked whether to blockade: 'blockade' or 'pass'", RULE_BLOCKADE),
    "battle": ("between two battle rounds the attacker says 'fight' or 'retreat'", RULE_BATTLE),
    "loot": ("you may take cargo from the sunken galley: 'loot <good>' or 'done'", RULE_BATTLE),
    "occupy": ("the port is emptied: 'claim <sailors>' to take it, or 'end'", RULE_CLAIM),
    "investment": ("you are investing: recruit, galley, fort, basilica or 'end'", RULE_INVEST),
    "special": ("special investment: galleys and their sailors, or 'end'", RULE_FEW_GALLEYS),
    "activation": ("your galley is acting: loading, movement, then sale or battle", RULE_LOADING),
}

INVEST_KINDS = {"recruit_port", "recruit_galley", "buy_galley", "fort", "basilica"}
LOADING_KINDS = {
    "sailor_from_port",
    "sailor_to_port",
    "sailor_from_galley",
    "sailor_to_galley",
    "buy_good",
    "take_good",
    "give_good",
    "toss_good",
}


def why_illegal(s: SerenissimaState, seat: int, action: Action, top: Decision) -> Why:
    kind = top.kind
    if kind == "activation":
        return _activation(s, seat, action)
    if kind in ("investment", "special") and action.kind in INVEST_KINDS:
        return _investment(s, seat, action, special=kind == "special")
    if kind in ("close", "choose_port", "choose_galley") and action.kind == kind:
        return _setup(s, action, top)
    if kind == "loot" and action.kind == "loot":
        return (f"there is no {action['good']} to take, or galley has no free space", RULE_BATTLE)
    if kind == "occupy" and action.kind == "claim":
        return (
            "keep a sailor aboard unless it is the only one; land at most the warehouse size",
            RULE_CLAIM,
        )
    asked, rule = ASKED[kind]
    return (f"{action.notation!r} is not possible now: {asked}", rule)


def _galley_here(s: SerenissimaState, seat: int, number: int) -> str | None:
    h = number - 1
    if not 0 <= h < len(s.g_owner) or s.g_owner[h] < 0:
        return f"galley {number} is not on the board"
    if s.g_owner[h] != seat:
        return f"galley {number} is not yours"
    if h == s.active:
        return f"galley {number} is the active galley itself"
    if s.g_zone[h] != s.g_zone[s.active]:
        return f"galley {number} is not in this zone"
    return None


def _undoes(s: SerenissimaState, action: Action) -> str | None:
    """Pieces move one way per loading between the same two places (RULINGS.md R29)."""
    from arsenale.games.serenissima_2012.activation import FROM_PORT, TO_PORT, lock

    k, locks = action.kind, s.locks
    if (k == "sailor_from_port" and locks & TO_PORT) or (
        k == "sailor_to_port" and locks & FROM_PORT
    ):
        return "this loading already moved sailors the other way between port and galley"
    if k in ("sailor_from_galley", "sailor_to_galley", "take_good", "give_good"):
        h = action["galley"] - 1
        opposite = {"sailor_from_galley": 1, "sailor_to_galley": 0, "take_good": 3, "give_good": 2}[
            k
        ]
        if locks & lock(h, opposite):
            return f"this loading already moved those pieces the other way with galley {h + 1}"
    return None


def _activation(s: SerenissimaState, seat: int, action: Action) -> Why:
    b = s.game.board
    g = s.active
    zone = s.g_zone[g]
    p = b.zone_port[zone]
    here = b.port_names[p] if p >= 0 else "the open sea"
    closed = p >= 0 and bool(s.closed >> p & 1)
    full = s.g_sailors[g] + s.g_goods[g] >= 5
    k = action.kind
    if k in INVEST_KINDS:
        return ("this galley chose to act, not to invest", RULE_WHEEL)
    if k in LOADING_KINDS:
        if s.step != LOADING:
            return (
                "loading comes first: after moving, selling or fighting it is over",
                RULE_LOADING,
            )
        undo = _undoes(s, action)
        if undo:
            return (undo, RULE_LOADING)
        if k in ("sailor_from_port", "sailor_to_port"):
            if p < 0 or s.owner[p] != seat:
                return (
                    f"sailors go to or from a port only where you control it ({here})",
                    RULE_LOADING,
                )
            if k == "sailor_from_port":
                if s.port_sailors[p] < 2:
                    return ("a port may not be abandoned: one sailor must stay", RULE_LOADING)
                return ("a galley holds at most 5 pieces (sailors and goods)", RULE_LOADING)
            return (
                f"{here} holds at most {b.port_size[p]} sailors (its warehouse size)",
                RULE_LOADING,
            )
        if k in ("sailor_from_galley", "sailor_to_galley", "take_good", "give_good"):
            problem = _galley_here(s, seat, action["galley"])
            if problem:
                return (problem, RULE_LOADING)
        if k == "buy_good":
            if p < 0:
                return ("there is no port here to load goods from", RULE_LOADING)
            if closed:
                return (f"{here} is closed: no commerce there", RULE_CLOSED)
            if GOODS.index(action["good"]) != b.port_good[p]:
                return (
                    f"{here} produces {GOODS[b.port_good[p]]}, not {action['good']}",
                    RULE_LOADING,
                )
            if s.supply[b.port_good[p]] == 0:
                return (f"no {action['good']} cubes are left in the bank", RULE_LOADING)
            if full or s.g_goods[g] >= 4:
                return ("a galley holds at most 5 pieces and 4 goods", RULE_LOADING)
            return ("you cannot pay the 1 ducat this cube costs", RULE_LOADING)
        if k in ("give_good", "toss_good") and not s.cargo[6 * g + GOODS.index(action["good"])]:
            return (f"the active galley carries no {action['good']}", RULE_LOADING)
        if (
            k == "take_good"
            and not s.cargo[6 * (action["galley"] - 1) + GOODS.index(action["good"])]
        ):
            return (f"galley {action['galley']} carries no {action['good']}", RULE_LOADING)
        return ("a galley holds at most 5 pieces and 4 goods", RULE_LOADING)
    if k == "move":
        if s.step == STEP3:
            if s.mode == 0 and s.sale_asked is False and s.moves < s.g_sailors[g]:
                return ("a blockade stopped this galley", RULE_BLOCKADE)
            return ("movement is over once the sale or battle step has begun", RULE_MOVEMENT)
        if s.moves >= s.g_sailors[g]:
            return (f"one zone per sailor aboard: {s.g_sailors[g]} already crossed", RULE_MOVEMENT)
        return (f"{action['zone']} is not next to {b.zone_ids[zone]}", RULE_MOVEMENT)
    if k == "sell":
        good = GOODS.index(action["good"])
        if p < 0:
            return ("there is no port here to sell to", RULE_SALE)
        if closed:
            return (f"{here} is closed: no commerce there", RULE_CLOSED)
        if s.mode == BATTLE:
            return ("sale or battle: after fighting, no sale", RULE_SALE)
        if s.sale_blocked:
            return ("a blockade prevents any sale here this turn; fight or end", RULE_SALE_BLOCKADE)
        if not s.cargo[6 * g + good]:
            return (f"the galley carries no {action['good']}", RULE_SALE)
        if b.port_good[p] == good:
            return (f"{here} produces {action['good']}: it cannot be sold there", RULE_SALE)
        if s.warehouse[p] >> good & 1:
            return (f"{here} already has {action['good']} in its warehouse", RULE_SALE)
        if POPCOUNT[s.warehouse[p]] >= b.port_size[p]:
            return (f"the warehouse of {here} is full", RULE_SALE)
    if s.sale_blocked and s.mode != BATTLE and k in ("claim", "attack_galley", "attack_port"):
        return ("after a blockaded sale: fight the blockading galleys or end", RULE_SALE_BLOCKADE)
    if k in ("claim", "attack_galley", "attack_port") and s.mode == SALE:
        return ("sale or battle: after selling, no battle or claim", RULE_SALE)
    if k == "claim":
        if p < 0:
            return ("there is no port here", RULE_CLAIM)
        if closed:
            return (f"{here} is closed: it cannot be claimed", RULE_CLOSED)
        if s.owner[p] >= 0:
            return (f"{here} is not neutral: attack it to take it", RULE_CLAIM)
        if s.claim_blockers:
            return (
                "a blockade prevents the claim until the blockading galleys are sunk",
                RULE_CLAIM,
            )
        return (
            f"keep a sailor aboard (unless it is the only one) and land at most "
            f"{b.port_size[p]} (the warehouse size)",
            RULE_CLAIM,
        )
    if k == "attack_galley":
        n = action["galley"]
        h = n - 1
        if not 0 <= h < len(s.g_owner) or s.g_owner[h] < 0:
            return (f"galley {n} is not on the board", RULE_BATTLE)
        if s.g_owner[h] == seat:
            return ("you cannot attack your own galley", RULE_BATTLE)
        return (f"galley {n} is not in this zone", RULE_BATTLE)
    if k == "attack_port":
        if p < 0:
            return ("there is no port here", RULE_CLAIM)
        if closed:
            return (f"{here} is closed", RULE_CLOSED)
        owner = s.owner[p]
        if owner < 0:
            return (f"{here} is neutral: claim it by unloading sailors", RULE_CLAIM)
        if owner == seat:
            return (f"{here} is yours", RULE_CLAIM)
        if s.owner.count(owner) < 2:
            return (
                f"{here} is {s.seat_label(owner)}'s last port: it cannot be conquered",
                RULE_LAST_PORT,
            )
        return (f"first sink {s.seat_label(owner)}'s galleys in this zone", RULE_CLAIM)
    asked, rule = ASKED["activation"]
    return (f"{action.notation!r} is not possible now: {asked}", rule)


def _investment(s: SerenissimaState, seat: int, action: Action, special: bool) -> Why:
    b, meta = s.game.board, s.game.board.meta
    k = action.kind
    rule = RULE_FEW_GALLEYS if special else RULE_INVEST
    if special and k in ("recruit_port", "fort", "basilica"):
        return ("the special investment buys only galleys and their sailors", RULE_FEW_GALLEYS)
    if k in ("recruit_port", "recruit_galley") and s.reserve[seat] < 1:
        return ("you have no sailor left in reserve", rule)
    if k in ("recruit_port", "recruit_galley") and s.money[seat] < meta["sailor_price"]:
        return ("a sailor costs 1 ducat", rule)
    if k == "recruit_port":
        p = b.port_index(action["port"])
        if s.owner[p] != seat:
            return (f"{b.port_names[p]} is not yours", rule)
        return (f"{b.port_names[p]} holds at most {b.port_size[p]} sailors", rule)
    if k == "recruit_galley":
        h = action["galley"] - 1
        if s.g_owner[h] != seat:
            return (f"galley {h + 1} is not yours", rule)
        p = b.zone_port[s.g_zone[h]]
        if p < 0 or s.owner[p] != seat:
            return (f"galley {h + 1} is not at one of your ports", rule)
        return (f"galley {h + 1} is full (5 pieces)", rule)
    if k == "buy_galley":
        h, p = action["galley"] - 1, b.port_index(action["port"])
        owned = sum(1 for o in s.g_owner if o == seat)
        if special and owned >= 2:
            return ("the special investment only brings you up to 2 galleys", RULE_FEW_GALLEYS)
        if not special and s.bought_galley:
            return ("one galley per investment", RULE_INVEST)
        if h >= s.setup.galleys:
            return (f"galley {h + 1} is not used with {s.players} players", RULE_SETUP)
        if s.g_owner[h] >= 0:
            return (f"galley {h + 1} is already in play", rule)
        if s.owner[p] != seat:
            return (f"a new galley is placed at one of your ports; {b.port_names[p]} is not", rule)
        if owned >= MAX_GALLEYS:
            return (f"you have no galley cube left ({MAX_GALLEYS} galleys at most)", rule)
        if s.reserve[seat] < 1:
            return ("you have no sailor left in reserve to crew it", rule)
        return (
            f"it costs {galley_price(s, seat)} ducats (1 per galley owned, 1 for its sailor)",
            rule,
        )
    p = b.port_index(action["port"])
    name = b.port_names[p]
    if s.owner[p] != seat:
        return (f"{name} is not yours", rule)
    if k == "fort":
        if s.forts >> p & 1:
            return (f"{name} already has a fort", rule)
        if not (s.port_has(p, WOOD) and s.port_has(p, STONE)):
            return (f"a fort needs wood and stone produced or present in {name}", rule)
        if s.money[seat] < meta["fort_price"]:
            return ("a fort costs 2 ducats", rule)
        return ("all fort tokens are on the board", rule)
    if s.basilicas >> p & 1:
        return (f"{name} already has a basilica", rule)
    if not (s.port_has(p, GOLD) and s.port_has(p, MARBLE)):
        return (f"a basilica needs gold and marble produced or present in {name}", rule)
    if s.money[seat] < meta["basilica_price"]:
        return ("a basilica costs 2 ducats", rule)
    return ("all basilica tokens are on the board", rule)


def _setup(s: SerenissimaState, action: Action, top: Decision) -> Why:
    b = s.game.board
    if top.kind == "close":
        p = b.port_index(action["port"])
        good = GOODS[top.data[0]]
        if p in b.start_ports:
            return ("starting ports stay open", RULE_CLOSED)
        return (
            f"now a {good} port is closed, and {b.port_names[p]} produces {GOODS[b.port_good[p]]}",
            RULE_CLOSED,
        )
    if top.kind == "choose_port":
        p = b.port_index(action["port"])
        if p not in b.start_ports:
            return (f"{b.port_names[p]} is not one of the 5 starting ports", RULE_SETUP)
        return (f"{b.port_names[p]} is already taken", RULE_SETUP)
    n = action["galley"]
    if n > s.setup.galleys:
        return (
            f"with {s.players} players galleys {s.setup.galleys + 1}-15 stay in the box",
            RULE_SETUP,
        )
    return (f"galley {n} is already taken", RULE_SETUP)
