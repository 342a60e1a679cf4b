"""Phase 2: buying goods, building galleys and forts, hiring sailors, moving pieces within an
area, discarding, and trade between players (serenissima-1996.en.txt, Phase 2 and "Special
rules"). In turn order, each seat does any number of these, in any order, then says `done`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arsenale.core.actions import Action
from arsenale.core.decisions import Decision
from arsenale.core.state import Event
from arsenale.games.serenissima_1996 import flow, negotiation
from arsenale.games.serenissima_1996.board import GOLD, GOODS, IRON, WOOD
from arsenale.games.serenissima_1996.state import POPCOUNT

if TYPE_CHECKING:
    from arsenale.games.serenissima_1996.state import State

RULE_BUY = "serenissima-1996.en.txt, Phase 2, Purchase of trade goods"
RULE_BUILD = "serenissima-1996.en.txt, Phase 2, Building ships and fortresses"
RULE_HIRE = "serenissima-1996.en.txt, Phase 2, Hiring of sailors"
RULE_PLACE = "serenissima-1996.en.txt, Phase 2, Placing playing pieces"
RULE_DISCARD = "serenissima-1996.en.txt, Special rules (discarding goods and sailors)"


# Within a turn each place either gives or receives sailors, and each galley either gives or
# receives goods, never both (RULINGS.md R28). Bits of `s.locks`: sailors given / received by
# galley g at 2g / 2g+1, by port p at PORT + 2p / +1; goods given / received by galley g at
# GOODS_AT + 2g / +1.
PORT, GOODS_AT = 56, 102


def gave(place: int) -> int:
    return 1 << (2 * place)


def got(place: int) -> int:
    return 1 << (2 * place + 1)


def deal_bit(seller: int, good: int, port_deal: bool) -> int:
    """The bit of `s.deals` for a refused deal with `seller` over `good` (RULINGS.md R29)."""
    return 1 << (2 * (7 * seller + good) + (0 if port_deal else 1))


def can_hire(s: State, seat: int, p: int) -> bool:
    """100 ducats a sailor; per port and round, no more than the goods in its warehouse."""
    return (
        s.hired[p] < POPCOUNT[s.warehouse[p]]
        and s.money[seat] >= s.game.board.prices["sailor"]
        and s.reserve[seat] > 0
    )


def can_build_galley(s: State, seat: int, p: int, hire: bool = False) -> bool:
    """Wood and iron produced or present; 500 ducats; one build per port and round; a crew of
    one sailor, from the garrison or newly hired (RULINGS.md R10)."""
    b = s.game.board
    price = b.prices["galley"]
    if s.built >> p & 1 or s.money[seat] < price:
        return False
    if not (s.port_has(p, WOOD) and s.port_has(p, IRON)):
        return False
    if -1 not in s.g_owner or s.g_owner.count(seat) >= b.components["galleys_per_nation"]:
        return False
    if not hire:
        return s.garrison[p] >= 1
    return (
        s.reserve[seat] > 0
        and s.hired[p] < POPCOUNT[s.warehouse[p]]
        and s.money[seat] >= price + b.prices["sailor"]
    )


def can_build_fort(s: State, seat: int, p: int) -> bool:
    """Wood and gold produced or present; 500 ducats; one build per port and round."""
    b = s.game.board
    return (
        not s.built >> p & 1
        and not s.forts >> p & 1
        and s.money[seat] >= b.prices["fort"]
        and bin(s.forts).count("1") < b.components["forts"]
        and s.port_has(p, WOOD)
        and s.port_has(p, GOLD)
    )


def legal_purchases(s: State, seat: int, top: Decision) -> list[Action]:
    a, b = s.game.actions, s.game.board
    out: list[Action] = []
    money = s.money[seat]
    locks = s.locks
    owner, g_owner, g_area = s.owner, s.g_owner, s.g_area
    gs, gg, cargo = s.g_sailors, s.g_goods, s.cargo
    mine = []
    by_area: dict[int, list[int]] = {}
    for g, o in enumerate(g_owner):
        if o >= 0:
            by_area.setdefault(g_area[g], []).append(g)
            if o == seat:
                mine.append(g)
    for g in mine:
        area = g_area[g]
        p = b.area_port[area]
        base = 7 * g
        sailors = gs[g]
        room = sailors + gg[g] < 5 and gg[g] < 4
        carried = [i for i in range(7) if cargo[base + i]]
        if p >= 0:
            good = b.port_good[p]
            if (
                room
                and s.supply[good]
                and money >= 100
                and (owner[p] in (-1, seat) or not s.deals & deal_bit(owner[p], good, True))
            ):
                out.append(a.buy[g][good])
            if owner[p] == seat:
                if sailors + gg[g] < 5:
                    if can_hire(s, seat, p):
                        out.append(a.hire_galley[g])
                    if s.garrison[p] and not locks & (got(PORT // 2 + p) | gave(g)):
                        out.append(a.embark[g])
                if sailors >= 2 and not locks & (got(g) | gave(PORT // 2 + p)):
                    out.append(a.garrison[g])
            elif sailors >= 2:
                out.append(a.discard_sailor[g])
        for h in by_area[area]:
            if h == g:
                continue
            o = g_owner[h]
            h_room = gs[h] + gg[h] < 5 and gg[h] < 4
            if o == seat:
                if sailors >= 2 and gs[h] + gg[h] < 5 and not locks & (got(g) | gave(h)):
                    out.append(a.transfer_sailor[g][h])
                if h_room and not locks & (got(GOODS_AT // 2 + g) | gave(GOODS_AT // 2 + h)):
                    out += [a.transfer_good[i][g][h] for i in carried]
            elif not b.area_high_seas[area]:
                deals = s.deals
                if h_room:
                    out += [
                        a.trade[i][g][h] for i in carried if not deals & deal_bit(seat, i, False)
                    ]
                if room:
                    out += [
                        a.trade[i][h][g]
                        for i in range(7)
                        if cargo[7 * h + i] and not deals & deal_bit(o, i, False)
                    ]
        out += [a.discard_good[g][i] for i in carried]
    for p, o in enumerate(owner):
        if o != seat:
            continue
        if can_hire(s, seat, p):
            out.append(a.hire_port[p])
        if can_build_galley(s, seat, p):
            out.append(a.build_galley[p])
        if can_build_galley(s, seat, p, hire=True):
            out.append(a.build_galley_hired[p])
        if can_build_fort(s, seat, p):
            out.append(a.build_fort[p])
    out.append(a.done)
    return out


def apply_purchases(s: State, seat: int, action: Action, top: Decision) -> list[Event]:
    events: list[Event] = []
    HANDLERS[action.kind](s, seat, action, events)
    return events


def _buy(s: State, seat: int, action: Action, events: list[Event]) -> None:
    """100 to the bank at a neutral or own port; at another player's port, a negotiation."""
    b = s.game.board
    g = action["galley"] - 1
    p = b.area_port[s.g_area[g]]
    good = b.port_good[p]
    if s.owner[p] >= 0 and s.owner[p] != seat:
        negotiation.open_port_deal(s, seat, p, g, events)
        return
    price = b.prices["good"]
    s.money[seat] -= price
    s.supply[good] -= 1
    s.cargo[7 * g + good] += 1
    s.g_goods[g] += 1
    events.append(
        {"type": "bought", "seat": seat, "good": GOODS[good], "galley": g + 1, "ducats": price}
    )


def _hire_port(s: State, seat: int, action: Action, events: list[Event]) -> None:
    p = s.game.board.port_ids.index(action["port"])
    _pay_sailor(s, seat, p)
    s.garrison[p] += 1
    events.append({"type": "hired", "seat": seat, "port": action["port"], "to": "garrison"})


def _hire_galley(s: State, seat: int, action: Action, events: list[Event]) -> None:
    g = action["galley"] - 1
    p = s.game.board.area_port[s.g_area[g]]
    _pay_sailor(s, seat, p)
    s.g_sailors[g] += 1
    events.append({"type": "hired", "seat": seat, "port": s.game.board.port_ids[p], "to": g + 1})


def _pay_sailor(s: State, seat: int, p: int) -> None:
    s.money[seat] -= s.game.board.prices["sailor"]
    s.reserve[seat] -= 1
    s.hired[p] += 1


def _build_galley(s: State, seat: int, action: Action, events: list[Event]) -> None:
    b = s.game.board
    p = b.port_ids.index(action["port"])
    s.money[seat] -= b.prices["galley"]
    s.built |= 1 << p
    g = s.add_galley(seat, b.port_area[p])
    crew = action.params.get("crew", "garrison")
    if crew == "garrison":
        s.garrison[p] -= 1
    else:
        _pay_sailor(s, seat, p)
    s.g_sailors[g] = 1
    events.append(
        {
            "type": "built_galley",
            "seat": seat,
            "port": action["port"],
            "galley": g + 1,
            "crew": crew,
        }
    )


def _build_fort(s: State, seat: int, action: Action, events: list[Event]) -> None:
    b = s.game.board
    p = b.port_ids.index(action["port"])
    s.money[seat] -= b.prices["fort"]
    s.built |= 1 << p
    s.forts |= 1 << p
    events.append({"type": "built_fort", "seat": seat, "port": action["port"]})


def _transfer_sailor(s: State, seat: int, action: Action, events: list[Event]) -> None:
    g, h = action["from"] - 1, action["to"] - 1
    s.g_sailors[g] -= 1
    s.g_sailors[h] += 1
    s.locks |= gave(g) | got(h)
    events.append({"type": "transfer", "seat": seat, "piece": "sailor", "from": g + 1, "to": h + 1})


def _transfer_good(s: State, seat: int, action: Action, events: list[Event]) -> None:
    g, h, good = action["from"] - 1, action["to"] - 1, GOODS.index(action["good"])
    s.locks |= gave(GOODS_AT // 2 + g) | got(GOODS_AT // 2 + h)
    s.cargo[7 * g + good] -= 1
    s.g_goods[g] -= 1
    s.cargo[7 * h + good] += 1
    s.g_goods[h] += 1
    events.append(
        {"type": "transfer", "seat": seat, "piece": action["good"], "from": g + 1, "to": h + 1}
    )


def _garrison(s: State, seat: int, action: Action, events: list[Event]) -> None:
    g = action["galley"] - 1
    p = s.game.board.area_port[s.g_area[g]]
    s.g_sailors[g] -= 1
    s.garrison[p] += 1
    s.locks |= gave(g) | got(PORT // 2 + p)
    events.append(
        {"type": "transfer", "seat": seat, "piece": "sailor", "from": g + 1, "to": "port"}
    )


def _embark(s: State, seat: int, action: Action, events: list[Event]) -> None:
    g = action["galley"] - 1
    p = s.game.board.area_port[s.g_area[g]]
    s.garrison[p] -= 1
    s.g_sailors[g] += 1
    s.locks |= gave(PORT // 2 + p) | got(g)
    events.append(
        {"type": "transfer", "seat": seat, "piece": "sailor", "from": "port", "to": g + 1}
    )


def _discard_good(s: State, seat: int, action: Action, events: list[Event]) -> None:
    g, good = action["galley"] - 1, GOODS.index(action["good"])
    s.cargo[7 * g + good] -= 1
    s.g_goods[g] -= 1
    s.supply[good] += 1
    events.append({"type": "discarded", "seat": seat, "piece": action["good"], "galley": g + 1})


def _discard_sailor(s: State, seat: int, action: Action, events: list[Event]) -> None:
    g = action["galley"] - 1
    s.g_sailors[g] -= 1
    s.reserve[seat] += 1
    events.append({"type": "discarded", "seat": seat, "piece": "sailor", "galley": g + 1})


def _trade(s: State, seat: int, action: Action, events: list[Event]) -> None:
    good = GOODS.index(action["good"])
    negotiation.open_trade(s, seat, good, action["from"] - 1, action["to"] - 1, events)


def _done(s: State, seat: int, action: Action, events: list[Event]) -> None:
    events.append({"type": "done", "seat": seat, "phase": s.phase})
    flow.end_turn(s, events)


HANDLERS = {
    "buy": _buy,
    "hire_port": _hire_port,
    "hire_galley": _hire_galley,
    "build_galley": _build_galley,
    "build_fort": _build_fort,
    "transfer_sailor": _transfer_sailor,
    "transfer_good": _transfer_good,
    "garrison": _garrison,
    "embark": _embark,
    "discard_good": _discard_good,
    "discard_sailor": _discard_sailor,
    "trade": _trade,
    "done": _done,
}
