"""Why an action is refused in Serenissima (1996): a plain reason and the rule it breaks.

Only called after an action was found illegal; each check mirrors a condition of the
legal-move generators in the rule modules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arsenale.core.actions import Action
from arsenale.core.decisions import Decision
from arsenale.games.serenissima_1996.battle import RULE_BATTLE, RULE_PORT
from arsenale.games.serenissima_1996.bidding import RULE_BIDS
from arsenale.games.serenissima_1996.board import GOODS
from arsenale.games.serenissima_1996.flow import RULE_ROUND
from arsenale.games.serenissima_1996.landing import RULE_LANDING
from arsenale.games.serenissima_1996.movement import RULE_MOVE, RULE_PERMISSION
from arsenale.games.serenissima_1996.negotiation import RULE_PRICE, RULE_TRADE
from arsenale.games.serenissima_1996.sales import RULE_SALE
from arsenale.games.serenissima_1996.setup import RULE_SETUP
from arsenale.games.serenissima_1996.trade import (
    RULE_BUILD,
    RULE_BUY,
    RULE_DISCARD,
    RULE_HIRE,
    RULE_PLACE,
    can_build_fort,
    can_build_galley,
)

if TYPE_CHECKING:
    from arsenale.games.serenissima_1996.state import State

Why = tuple[str, str | None]

ASKED = {
    "deploy": ("split your 10 sailors: 'deploy <first galley> <second galley>'", RULE_SETUP),
    "bid": ("secret bid for the turn order: 'bid <ducats>' in hundreds", RULE_BIDS),
    "position": ("choose your place in the turn order: 'position <n>'", RULE_BIDS),
    "purchases": ("phase 2: buy, build, hire, transfer, discard, trade, or 'done'", RULE_BUY),
    "opening": ("a player wants to buy from you: 'price <ducats>' or 'refuse'", RULE_TRADE),
    "offer": ("name your price: 'price <ducats>'", RULE_PRICE),
    "answer": ("answer the price: 'accept', 'counter <ducats>' or 'refuse'", RULE_PRICE),
    "counter_answer": ("answer the counter offer: 'accept' or 'refuse'", RULE_PRICE),
    "last_word": ("take the first price ('accept') or give up ('refuse')", RULE_PRICE),
    "movement": ("phase 3: 'sail <galley> <area>' or 'done'", RULE_MOVE),
    "permission": ("a galley asks to pass: 'allow' or 'deny'", RULE_PERMISSION),
    "battles": ("phase 4: 'attack <galley> <target>' or 'done'", RULE_BATTLE),
    "victory": ("the galley is emptied: 'capture <sailors>' or 'sink'", RULE_BATTLE),
    "spoils": ("share the goods: 'take <good>', 'give <good>' or 'done'", RULE_BATTLE),
    "landing": ("phase 5: 'land <galley> <sailors>' or 'done'", RULE_LANDING),
    "sales": ("phase 6: 'sell <good> <galley>' or 'done'", RULE_SALE),
}


def _galley(s: State, seat: int, number: int) -> str | None:
    g = number - 1
    if not 0 <= g < len(s.g_owner) or s.g_owner[g] < 0:
        return f"galley {number} is not on the board"
    if s.g_owner[g] != seat:
        return f"galley {number} is not yours"
    return None


def why_illegal(s: State, seat: int, action: Action, top: Decision) -> Why:
    kind, k = top.kind, action.kind
    b = s.game.board
    money = s.money[seat]
    if kind == "bid" and k == "bid":
        return (f"you cannot bid more than your {money} ducats", RULE_BIDS)
    if kind == "position" and k == "position":
        return (f"place {action['place']} is taken or does not exist", RULE_BIDS)
    if kind == "deploy" and k == "deploy":
        return ("each galley holds 1 to 5 sailors, 10 in all with the capital", RULE_SETUP)
    if kind in ("offer", "opening") and k == "price":
        deal = top.data
        return (
            f"the price must lie between {deal.low * 100} and {deal.high * 100} ducats",
            RULE_PRICE,
        )
    if kind == "answer" and k in ("accept", "counter"):
        if k == "accept":
            return ("you cannot pay that price", RULE_PRICE)
        return (
            "a counter offer is lower than the price, within the range, and affordable",
            RULE_PRICE,
        )
    if kind == "last_word" and k == "accept":
        return ("you cannot pay that price", RULE_PRICE)
    if kind == "victory" and k == "capture":
        return (
            "capture with sailors of the winning galley only, within your 7 galleys",
            RULE_BATTLE,
        )
    if kind == "spoils" and k in ("take", "give"):
        return ("no such good, no room, or the galley receiving it is sinking", RULE_BATTLE)
    phase_kinds = {
        "purchases": {
            "buy",
            "hire_port",
            "hire_galley",
            "build_galley",
            "build_fort",
            "transfer_sailor",
            "transfer_good",
            "garrison",
            "embark",
            "discard_good",
            "discard_sailor",
            "trade",
        },
        "movement": {"sail"},
        "battles": {"attack", "attack_port"},
        "landing": {"land"},
        "sales": {"sell"},
    }
    if kind in phase_kinds and k in phase_kinds[kind]:
        if "galley" in action.params or "from" in action.params:
            number: int = action.params.get("galley", action.params.get("from", 0))
            if k == "trade":
                src, dst = action["from"] - 1, action["to"] - 1
                if seat not in (s.g_owner[src], s.g_owner[dst]):
                    return ("a trade must involve one of your galleys", RULE_TRADE)
                if s.g_area[src] != s.g_area[dst] or s.g_owner[src] == s.g_owner[dst]:
                    return ("trades are between two players' galleys in the same area", RULE_TRADE)
                if b.area_high_seas[s.g_area[src]]:
                    return ("no trade between players on the high seas", RULE_TRADE)
                return ("no such good aboard, or no room on the buying galley", RULE_TRADE)
            problem = _galley(s, seat, number)
            if problem:
                return (problem, RULE_ROUND)
        if k == "buy":
            g = action["galley"] - 1
            p = b.area_port[s.g_area[g]]
            if p < 0:
                return ("there is no port in this area", RULE_BUY)
            if b.port_good[p] != GOODS.index(action["good"]):
                return (f"{b.port_names[p]} offers {GOODS[b.port_good[p]]} only", RULE_BUY)
            if not s.supply[b.port_good[p]]:
                return (f"no {action['good']} left in the box", RULE_BUY)
            if not s.room(g):
                return ("5 pieces per galley, at least one a sailor", RULE_PLACE)
            return ("a cube costs at least 100 ducats", RULE_BUY)
        if k in ("hire_port", "hire_galley"):
            return (
                "hire in your own ports, 100 each, per round no more than its warehouse goods",
                RULE_HIRE,
            )
        if k in ("build_galley", "build_fort"):
            p = b.port_ids.index(action["port"])
            if s.owner[p] != seat:
                return (f"{b.port_names[p]} is not yours", RULE_BUILD)
            if s.built >> p & 1:
                return ("one building per port and round", RULE_BUILD)
            if s.money[seat] < 500:
                return ("a building costs 500 ducats", RULE_BUILD)
            if k == "build_galley" and not can_build_galley(s, seat, p, "crew" in action.params):
                return (
                    "a galley needs wood and iron produced or in the warehouse, and a crew "
                    "(a garrison sailor, or one you may hire here)",
                    RULE_BUILD,
                )
            if k == "build_fort" and not can_build_fort(s, seat, p):
                return (
                    "a fort needs wood and gold produced or in the warehouse (one per port)",
                    RULE_BUILD,
                )
        if k in ("transfer_sailor", "transfer_good", "garrison", "embark"):
            return (
                "pieces move within one area, 5 per galley with a sailor left aboard; within a "
                "turn a place either gives or receives (RULINGS.md R28)",
                RULE_PLACE,
            )
        if k in ("discard_good", "discard_sailor"):
            return (
                "discard goods aboard, or sailors in a port area keeping one aboard",
                RULE_DISCARD,
            )
        if k == "sail":
            g = action["galley"] - 1
            if s.g_stopped >> g & 1:
                return ("passage was refused: this galley stays here this round", RULE_PERMISSION)
            if s.g_moved[g] >= s.g_sailors[g]:
                return ("one area per sailor aboard", RULE_MOVE)
            return (f"{action['area']} is not next to {b.area_ids[s.g_area[g]]}", RULE_MOVE)
        if k in ("attack", "attack_port"):
            if k == "attack_port":
                return (
                    "attack another player's port with a garrison, in your galley's area",
                    RULE_PORT,
                )
            return ("attack another player's galley in the same area", RULE_BATTLE)
        if k == "land":
            return (
                "land on a port without garrison in the galley's area, with sailors it has",
                RULE_LANDING,
            )
        if k == "sell":
            return (
                "sell where the port neither produces nor holds the good and has space",
                RULE_SALE,
            )
    asked, rule = ASKED[kind]
    return (f"{action.notation!r} is not possible now: {asked}", rule)
