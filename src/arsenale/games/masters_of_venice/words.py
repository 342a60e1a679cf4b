"""Every action of Masters of Venice in the rulebook's words, for the web page's move list
(`Game.action_words`; the notation of actions.py stays for the terminal and the API).

Shops, locations and characters by their printed names; amounts that a control chooses: the
bid, cubes bought or sold, the VP taken for a delivery, the orders a favor adds (RULES.md:
Bidding, Docks, Shops, Guild Hall, Favors & Rumors).
"""

from __future__ import annotations

from arsenale.core.actions import Action, Wording, amount_words
from arsenale.games.masters_of_venice.board import (
    CHARACTER_NAMES,
    CHARACTERS,
    COMPANIES,
    LOCATION_NAMES,
    LOCATIONS,
    SHOP_NAMES,
    SHOPS,
)

COMPANY_NAMES = dict(
    zip(COMPANIES, (*SHOP_NAMES, "Shipping Office North", "Shipping Office South"), strict=True)
)
SHOP = dict(zip(SHOPS, SHOP_NAMES, strict=True))
PLACE = dict(zip(LOCATIONS, LOCATION_NAMES, strict=True))
CHARACTER = dict(zip(CHARACTERS, CHARACTER_NAMES, strict=True))

_FIXED = {
    "gondola": ("Use the Gondola Marker now", "Gondola Marker"),
    "wait": ("Not now: keep the Gondola Marker", "Gondola Marker"),
    "draw": ("Draw a Guild Order", "Guild Hall"),
    "draw_two": ("Draw two Guild Orders and keep one (Guild Master)", "Guild Hall"),
    "ship": ("Use the shipping office: take its cube and stock the docks", "Shipping office"),
    "done": ("Done here", "Finish"),
}


def _cubes(n: int, resource: str) -> str:
    return f"{n} {resource} {'cube' if n == 1 else 'cubes'}"


def _shares(params: dict[str, int]) -> str:
    parts = [
        f"{n} {COMPANY_NAMES[c]} {'share' if n == 1 else 'shares'}"
        for c in COMPANIES
        if (n := params.get(c, 0))
    ]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def action_words(action: Action) -> Wording:
    p = action.params
    kind = action.kind
    if kind in _FIXED:
        return Wording(*_FIXED[kind])
    if kind == "bid":
        return Wording(f"Bid {amount_words(p['amount'], 'ducat')}", "Bid", ("amount",))
    if kind == "character":
        return Wording(f"Take the {CHARACTER[p['name']]}", "Character")
    if kind == "orders":
        way = "up" if p["dir"] == "up" else "down"
        return Wording(f"Move the {SHOP[p['shop']]}'s orders {way}", "Adjust a shop's orders")
    if kind == "go":
        return Wording(f"Go to the {PLACE[p['place']]}", "Destination")
    if kind == "dock":
        return Wording(f"Use dock {p['dock']}", "Docks")
    if kind == "buy":
        return Wording(f"Buy {_cubes(p['count'], p['resource'])}", "Buy cubes", ("count",))
    if kind == "sell":
        return Wording(f"Sell {_cubes(p['count'], p['resource'])}", "Sell cubes", ("count",))
    if kind == "steal":
        return Wording(f"Take {_cubes(1, p['resource'])} free (Thief)", "Thief")
    if kind == "majority":
        shop = SHOP[p["shop"]]
        if p["dir"] == "down":
            text = f"Stock majority: lower the {shop}'s price 2 spaces and add an order"
        else:
            text = f"Stock majority: raise the {shop}'s price 2 spaces and remove an order"
        return Wording(text, "Stock majority")
    if kind == "buy_shares":
        return Wording(f"Buy {_shares(p)}", "Buy shares")
    if kind == "sell_shares":
        return Wording(f"Sell {_shares(p)}", "Sell shares")
    if kind == "keep":
        back = f" and put back order {p['back']} of your hand" if p["back"] else ""
        return Wording(f"Keep the {p['which']} card drawn{back}", "Guild Master")
    if kind == "deliver":
        cubes = p["card"].split("+")
        return Wording(
            f"Deliver the {', '.join(cubes[:-1])} and {cubes[-1]} order for "
            f"{p['vp']} VP (50 ducats for each VP given up)",
            "Deliver a Guild Order",
            ("vp",),
        )
    if kind == "favor":
        return Wording(f"Buy the favor for {amount_words(p['value'], 'ducat')}", "Church")
    if kind == "play_favor":
        return Wording(
            f"Play the {p['value']} favor: add {amount_words(p['orders'], 'order')} "
            f"at the {SHOP[p['shop']]}",
            "Play a favor",
            ("orders",),
        )
    if kind == "rumor":
        peg = {"price": "resource price", "share": "share price", "orders": "orders"}[p["peg"]]
        return Wording(
            f"Play the rumor: the {SHOP[p['shop']]}'s {peg} one space {p['dir']}",
            "Play a rumor",
        )
    if kind == "place":
        return Wording(f"Put the {p['resource']} cube on the next dock", "Stock the docks")
    if kind == "swap":
        return Wording(
            f"Swap {_cubes(1, p['give'])} for a {p['take']} cube from the bag (Trader)",
            "Trader",
        )
    raise ValueError(f"no words for {action.notation}")
