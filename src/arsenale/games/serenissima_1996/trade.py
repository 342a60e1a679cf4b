"""Phase 2: buying goods, building galleys and forts, hiring sailors, moving pieces within an
area, discarding, and trade between players (serenissima-1996.en.txt, Phase 2 and "Special
rules", selling or bartering goods between players). In turn order, each seat does any number
of these, in any order, then says `done`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from arsenale.core.actions import Action
from arsenale.core.decisions import Decision, Why
from arsenale.core.state import Event
from arsenale.games.serenissima_1996 import arrange, flow, negotiation
from arsenale.games.serenissima_1996.arrange import RULE_ARRANGE
from arsenale.games.serenissima_1996.board import GOLD, GOODS, IRON, POPCOUNT, WOOD
from arsenale.games.serenissima_1996.negotiation import (
    RULE_BARTER,
    RULE_PRICE,
    RULE_TRADE,
    barter_bit,
)
from arsenale.games.serenissima_1996.words import _

if TYPE_CHECKING:
    from arsenale.games.serenissima_1996.state import Serenissima1996State

RULE_BUY: Final = "serenissima-1996.en.txt, Phase 2, Purchase of trade goods"
RULE_BUILD: Final = "serenissima-1996.en.txt, Phase 2, Building ships and fortresses"
RULE_HIRE: Final = "serenissima-1996.en.txt, Phase 2, Hiring of sailors"
RULE_PLACE: Final = "serenissima-1996.en.txt, Phase 2, Placing playing pieces"
RULE_DISCARD: Final = "serenissima-1996.en.txt, Special rules (discarding goods and sailors)"


def deal_bit(seller: int, good: int, port_deal: bool) -> int:
    """The bit of `s.deals` for a refused deal with `seller` over `good` (RULINGS.md R29)."""
    return 1 << (2 * (7 * seller + good) + (0 if port_deal else 1))


def can_hire(
    s: Serenissima1996State, seat: int, p: int, why: Why | None = None, galley: int = -1
) -> bool:
    """100 ducats a sailor from the box; per port and round, no more than the goods in its
    warehouse. With `why`, the failing check explains `hire <port>`, or `hire g<galley + 1>`
    when a galley is given."""
    if (
        s.hired[p] < POPCOUNT[s.warehouse[p]]
        and s.money[seat] >= s.game.board.prices["sailor"]
        and s.box > 0
    ):
        return True
    if why is not None:
        b = s.game.board
        if s.hired[p] >= POPCOUNT[s.warehouse[p]]:
            reason = _hiring_limit(s, p)
        elif s.box <= 0:
            reason = _("all {sailors} sailors are on the board: the box is empty").format(
                sailors=b.components["sailors"]
            )
        else:
            reason = _("a sailor costs {sailor} ducats").format(sailor=b.prices["sailor"])
        if galley < 0:
            why.no(reason, RULE_HIRE, "hire_port", port=b.port_ids[p])
        else:
            why.no(reason, RULE_HIRE, "hire_galley", galley=galley + 1)
    return False


def _hiring_limit(s: Serenissima1996State, p: int) -> str:
    name, goods = s.game.names()[s.game.board.port_ids[p]], POPCOUNT[s.warehouse[p]]
    if not goods:
        return _(
            "the warehouse of {name} is empty: a port hires one sailor a round per good in it"
        ).format(name=name)
    return _(
        "{name} has hired {hired} sailors this round, one per good in its warehouse ({goods})"
    ).format(name=name, hired=s.hired[p], goods=goods)


def can_build_galley(
    s: Serenissima1996State, seat: int, p: int, hire: bool = False, why: Why | None = None
) -> bool:
    """Wood and iron produced or present; 500 ducats; one build per port and round; a galley
    left in the box, which all nations share (RULINGS.md R11); a crew of one sailor, from the
    garrison or newly hired (R10)."""
    b = s.game.board
    price = b.prices["galley"]
    if s.built >> p & 1 or s.money[seat] < price:
        if why is not None:
            _refuse_build(s, seat, p, why, "build_galley", "hired" if hire else None)
        return False
    if not (s.port_has(p, WOOD) and s.port_has(p, IRON)):
        if why is not None:
            why.no(
                _("a galley needs wood and iron produced {in_port} or in its warehouse").format(
                    in_port=s.game.names()[f"in:{b.port_ids[p]}"]
                ),
                RULE_BUILD,
                "build_galley",
                port=b.port_ids[p],
            )
        return False
    if -1 not in s.g_owner:
        if why is not None:
            why.no(
                _("all {galleys} galleys are on the board: the box is empty").format(
                    galleys=b.components["galleys"]
                ),
                RULE_BUILD,
                "build_galley",
                port=b.port_ids[p],
            )
        return False
    if not hire:
        if s.garrison[p] >= 1:
            return True
        if why is not None:
            why.no(
                _(
                    "no sailor in the garrison of {port} to crew the galley: 'build galley {port2} hire' hires one"
                ).format(port=s.game.names()[b.port_ids[p]], port2=b.port_ids[p]),
                RULE_BUILD,
                "build_galley",
                port=b.port_ids[p],
                crew=None,
            )
        return False
    if (
        s.box > 0
        and s.hired[p] < POPCOUNT[s.warehouse[p]]
        and s.money[seat] >= price + b.prices["sailor"]
    ):
        return True
    if why is not None:
        if s.box <= 0:
            reason = _("all {sailors} sailors are on the board: none to hire").format(
                sailors=b.components["sailors"]
            )
        elif s.hired[p] >= POPCOUNT[s.warehouse[p]]:
            reason = _hiring_limit(s, p)
        else:
            reason = _("a galley and a hired sailor cost {price} ducats").format(
                price=price + b.prices["sailor"]
            )
        why.no(reason, RULE_BUILD, "build_galley", port=b.port_ids[p], crew="hired")
    return False


def can_build_fort(s: Serenissima1996State, seat: int, p: int, why: Why | None = None) -> bool:
    """Wood and gold produced or present; 500 ducats; one build per port and round; one fort a
    port, 20 in all."""
    b = s.game.board
    if (
        not s.built >> p & 1
        and not s.forts >> p & 1
        and s.money[seat] >= b.prices["fort"]
        and bin(s.forts).count("1") < b.components["forts"]
        and s.port_has(p, WOOD)
        and s.port_has(p, GOLD)
    ):
        return True
    if why is not None:
        _refuse_build(s, seat, p, why, "build_fort", None)
        if s.forts >> p & 1:
            reason = _("{port} has a fort already").format(port=s.game.names()[b.port_ids[p]])
        elif bin(s.forts).count("1") >= b.components["forts"]:
            reason = _("all {forts} forts are built").format(forts=b.components["forts"])
        else:
            reason = _("a fort needs wood and gold produced {in_port} or in its warehouse").format(
                in_port=s.game.names()[f"in:{b.port_ids[p]}"]
            )
        why.no(reason, RULE_BUILD, "build_fort", port=b.port_ids[p])
    return False


def _refuse_build(
    s: Serenissima1996State, seat: int, p: int, why: Why, kind: str, crew: str | None
) -> None:
    """The two checks every building shares: one a port and round, 500 ducats."""
    b = s.game.board
    asked: dict[str, Any] = {"port": b.port_ids[p]}
    if kind == "build_galley":
        asked["crew"] = crew
    if s.built >> p & 1:
        why.no(
            _("{port} has built this round: one building per port and round").format(
                port=s.game.names()[b.port_ids[p]]
            ),
            RULE_BUILD,
            kind,
            **asked,
        )
    price = b.prices["galley" if kind == "build_galley" else "fort"]
    if s.money[seat] < price:
        why.no(_("a building costs {price} ducats").format(price=price), RULE_BUILD, kind, **asked)


GALLEY_KINDS: Final = ("buy", "hire_galley", "discard_good", "discard_sailor")
"""Phase 2 actions on one galley (parameter `galley`)."""
PORT_KINDS: Final = ("hire_port", "build_galley", "build_fort")
BETWEEN: Final = ("trade", "barter", "discard_good")
PURCHASES: Final = frozenset((*GALLEY_KINDS, *PORT_KINDS, "trade", "barter", "arrange"))
RULE_OF: Final = {
    "buy": RULE_BUY,
    "hire_galley": RULE_HIRE,
    "discard_good": RULE_DISCARD,
    "discard_sailor": RULE_DISCARD,
}


def legal_purchases(
    s: Serenissima1996State, seat: int, top: Decision, why: Why | None = None
) -> list[Action]:
    """Phase 2 on the seat's turn: buy, hire and discard on its galleys, arrange its pieces
    of an area, trade or barter with other players' galleys there, hire and build in its
    ports, or `done`."""
    a, b = s.game.actions, s.game.board
    out: list[Action] = []
    money = s.money[seat]
    owner, g_owner, g_area = s.owner, s.g_owner, s.g_area
    gs, gg, cargo = s.g_sailors, s.g_goods, s.cargo
    mine = []
    by_area: dict[int, list[int]] = {}
    mine_by_area: dict[int, list[int]] = {}
    for g, o in enumerate(g_owner):
        if o >= 0:
            by_area.setdefault(g_area[g], []).append(g)
            if o == seat:
                mine.append(g)
                mine_by_area.setdefault(g_area[g], []).append(g)
    if why is not None:
        if not why.wants(PURCHASES):
            why = None
        else:
            for kind in GALLEY_KINDS:
                s.refuse_others(seat, why, kind, RULE_OF[kind])
            s.refuse_others(seat, why, "barter", RULE_BARTER, "from")
    for g in mine:
        area = g_area[g]
        p = b.area_port[area]
        base = 7 * g
        sailors = gs[g]
        room = sailors + gg[g] < 5 and gg[g] < 4
        carried = [i for i in range(7) if cargo[base + i]] if gg[g] else []
        if p >= 0:
            good = b.port_good[p]
            if (
                room
                and s.supply[good]
                and money >= 100
                and (owner[p] in (-1, seat) or not s.deals & deal_bit(owner[p], good, True))
            ):
                out.append(a.buy[g][good])
            elif why is not None:
                _why_not_buy(s, seat, g, p, room, why)
            if owner[p] == seat:
                if sailors + gg[g] < 5:
                    if can_hire(s, seat, p, why, g):
                        out.append(a.hire_galley[g])
                elif why is not None:
                    why.no(
                        _("galley {g} is full: 5 pieces a galley").format(g=g + 1),
                        RULE_PLACE,
                        "hire_galley",
                        galley=g + 1,
                    )
                if why is not None:
                    why.no(
                        _(
                            "in your own port a sailor leaves a galley for the garrison: 'arrange {area}' (RULINGS.md R19)"
                        ).format(area=b.area_ids[area]),
                        RULE_DISCARD,
                        "discard_sailor",
                        galley=g + 1,
                    )
            elif sailors >= 2:
                out.append(a.discard_sailor[g])
            elif why is not None:
                why.no(
                    _("galley {g} keeps at least one sailor aboard").format(g=g + 1),
                    RULE_DISCARD,
                    "discard_sailor",
                    galley=g + 1,
                )
            if why is not None:
                _why_not_in_port(s, seat, g, p, why)
        elif why is not None:
            _why_no_port(g, why)
        for h in by_area[area]:
            if h == g:
                continue
            o = g_owner[h]
            h_room = gs[h] + gg[h] < 5 and gg[h] < 4
            if o == seat:
                continue
            if not b.area_high_seas[area]:
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
                if gg[g] and gg[h] and not deals & barter_bit(g, h):
                    out.append(a.barter[g][h])
                if why is not None:
                    _why_not_trade(s, g, h, room, h_room, why)
            elif why is not None:
                for pair in ({"from": g + 1, "to": h + 1}, {"from": h + 1, "to": g + 1}):
                    why.no(
                        _("no trade between players on the high seas ({area})").format(
                            area=s.game.names()[b.area_ids[area]]
                        ),
                        RULE_TRADE,
                        "trade",
                        **pair,
                    )
                why.no(
                    _("no barter between players on the high seas ({area})").format(
                        area=s.game.names()[b.area_ids[area]]
                    ),
                    RULE_BARTER,
                    "barter",
                    **{"from": g + 1, "to": h + 1},
                )
        if carried:
            out += [a.discard_good[g][i] for i in carried]
        if why is not None:
            _why_not_between(s, seat, g, why)
    arranged = s.arranged
    for area, galleys in mine_by_area.items():
        if arranged >> area & 1:
            if why is not None:
                why.no(
                    _(
                        "you arranged {area} and have done nothing since: it would reach the same arrangements (RULINGS.md R28)"
                    ).format(area=s.game.names()[b.area_ids[area]]),
                    RULE_ARRANGE,
                    "arrange",
                    area=b.area_ids[area],
                )
            continue
        p = b.area_port[area]
        if arrange.movable(s, galleys, p if p >= 0 and owner[p] == seat else -1):
            out.append(a.arrange[area])
        elif why is not None:
            why.no(
                _(
                    "nothing can move in {area}: every galley of yours is full and no sailor can go ashore"
                ).format(area=s.game.names()[b.area_ids[area]]),
                RULE_ARRANGE,
                "arrange",
                area=b.area_ids[area],
            )
    if why is not None:
        why.no(_("you have no galley in this area"), RULE_ARRANGE, "arrange")
    for p, o in enumerate(owner):
        if o != seat:
            continue
        if can_hire(s, seat, p, why):
            out.append(a.hire_port[p])
        if can_build_galley(s, seat, p, False, why):
            out.append(a.build_galley[p])
        if can_build_galley(s, seat, p, True, why):
            out.append(a.build_galley_hired[p])
        if can_build_fort(s, seat, p, why):
            out.append(a.build_fort[p])
    if why is not None:
        for p, o in enumerate(owner):
            if o != seat:
                name = s.game.names()[b.port_ids[p]]
                whose = (
                    _("{name} is neutral").format(name=name)
                    if o < 0
                    else _("{name} is not yours").format(name=name)
                )
                why.no(whose, RULE_HIRE, "hire_port", port=b.port_ids[p])
                why.no(whose, RULE_BUILD, PORT_KINDS, port=b.port_ids[p])
        why.no(_("a trade must involve one of your galleys"), RULE_TRADE, "trade")
        why.no(_("a barter starts from one of your galleys"), RULE_BARTER, "barter")
    out.append(a.done)
    return out


def _why_not_buy(s: Serenissima1996State, seat: int, g: int, p: int, room: bool, why: Why) -> None:
    """The check of `legal_purchases` that keeps the port's good off galley g."""
    b = s.game.board
    good = b.port_good[p]
    rule = RULE_BUY
    if not room:
        reason, rule = f"galley {g + 1} has no room: 5 pieces a galley, at most 4 goods", RULE_PLACE
    elif not s.supply[good]:
        reason = _("no {good} left in the box").format(
            good=s.game.names().get(GOODS[good], GOODS[good])
        )
    elif s.money[seat] < 100:
        reason = _("a cube costs at least 100 ducats")
    else:
        reason = _(
            "the {seat_label} refused to sell you {good} this turn: the deal may not be reopened (RULINGS.md R29)"
        ).format(
            seat_label=s.game.seat_name(s.seat_label(s.owner[p])),
            good=s.game.names().get(GOODS[good], GOODS[good]),
        )
        rule = RULE_PRICE
    why.no(reason, rule, "buy", galley=g + 1, good=GOODS[good])


def _why_not_in_port(s: Serenissima1996State, seat: int, g: int, p: int, why: Why) -> None:
    """What else galley g may not do at the port of its area: buy another good than the
    port's; hire at a port that is not the seat's."""
    b = s.game.board
    name = s.game.names()[b.port_ids[p]]
    why.no(
        _("{name} offers {good} only").format(name=name, good=GOODS[b.port_good[p]]),
        RULE_BUY,
        "buy",
        galley=g + 1,
    )
    if s.owner[p] != seat:
        whose = _("neutral") if s.owner[p] < 0 else _("not yours")
        why.no(
            _("{name} is {whose}: hire in your own ports").format(name=name, whose=whose),
            RULE_HIRE,
            "hire_galley",
            galley=g + 1,
        )


def _why_no_port(g: int, why: Why) -> None:
    """Galley g lies in an area without a port."""
    no = _("there is no port in this area")
    why.no(no, RULE_BUY, "buy", galley=g + 1)
    why.no(no, RULE_HIRE, "hire_galley", galley=g + 1)
    why.no(
        _("{no}: sailors are discarded in a port area").format(no=no),
        RULE_DISCARD,
        "discard_sailor",
        galley=g + 1,
    )


def _why_not_trade(
    s: Serenissima1996State, g: int, h: int, room: bool, h_room: bool, why: Why
) -> None:
    """The checks of `legal_purchases` on a trade either way, or a barter, between the seat's
    galley g and another player's galley h of the same area."""
    if why.wants("barter"):
        pair = {"from": g + 1, "to": h + 1}
        for x in (g, h):
            if not s.g_goods[x]:
                why.no(
                    _("galley {x} carries no goods: a barter gives goods for goods").format(
                        x=x + 1
                    ),
                    RULE_BARTER,
                    "barter",
                    **pair,
                )
        why.no(
            _(
                "you have bartered between galleys {g} and {h} this turn: one offer a pair of galleys and turn (RULINGS.md R33)"
            ).format(g=g + 1, h=h + 1),
            RULE_BARTER,
            "barter",
            **pair,
        )
    if not why.wants("trade"):
        return
    for src, dst, dst_room in ((g, h, h_room), (h, g, room)):
        pair = {"from": src + 1, "to": dst + 1}
        if not dst_room:
            why.no(
                _("galley {dst} has no room: 5 pieces a galley, at most 4 goods").format(
                    dst=dst + 1
                ),
                RULE_TRADE,
                "trade",
                **pair,
            )
        seller = s.g_owner[src]
        for i, good in enumerate(GOODS):
            if not s.cargo[7 * src + i]:
                why.no(
                    _("there is no {good} aboard galley {src}").format(good=good, src=src + 1),
                    RULE_TRADE,
                    "trade",
                    good=good,
                    **pair,
                )
            elif s.deals & deal_bit(seller, i, False):
                why.no(
                    _(
                        "a sale of {good} by the {seat_label} was refused this turn: the deal may not be reopened (RULINGS.md R29)"
                    ).format(good=good, seat_label=s.game.seat_name(s.seat_label(seller))),
                    RULE_TRADE,
                    "trade",
                    good=good,
                    **pair,
                )


def _why_not_between(s: Serenissima1996State, seat: int, g: int, why: Why) -> None:
    """The checks that keep trades and barters between the seat's galley g and another slot
    out: goods it does not carry; a galley not on the board, not in its area, or the seat's
    own."""
    if not why.wants(BETWEEN):
        return
    for i, good in enumerate(GOODS):
        if not s.cargo[7 * g + i]:
            no = _("there is no {good} aboard galley {g}").format(good=good, g=g + 1)
            why.no(no, RULE_DISCARD, "discard_good", good=good, galley=g + 1)
    area = s.g_area[g]
    for h, o in enumerate(s.g_owner):
        if h == g:
            continue
        out = {"from": g + 1, "to": h + 1}
        back = {"from": h + 1, "to": g + 1}
        if o < 0:
            no = _("galley {h} is not on the board").format(h=h + 1)
            why.no(no, RULE_TRADE, "trade", **out)
            why.no(no, RULE_TRADE, "trade", **back)
            why.no(no, RULE_BARTER, "barter", **out)
            continue
        if o == seat:
            no = _("both galleys are yours: 'arrange {area}' moves goods between them").format(
                area=s.game.board.area_ids[area]
            )
            why.no(no, RULE_TRADE, "trade", **out)
            why.no(no, RULE_TRADE, "trade", **back)
            why.no(no, RULE_BARTER, "barter", **out)
        if s.g_area[h] != area:
            apart = _("galleys {min} and {max} are not in the same area").format(
                min=min(g, h) + 1, max=max(g, h) + 1
            )
            why.no(apart, RULE_TRADE, "trade", **out)
            why.no(apart, RULE_TRADE, "trade", **back)
            why.no(apart, RULE_BARTER, "barter", **out)


def apply_purchases(
    s: Serenissima1996State, seat: int, action: Action, top: Decision
) -> list[Event]:
    events: list[Event] = []
    if action.kind == "arrange":
        arrange.open_arrangement(s, seat, s.game.board.area_index(action["area"]), events)
        return events
    s.arranged = 0  # something may have changed: every area may be arranged again (R28)
    HANDLERS[action.kind](s, seat, action, events)
    return events


def _buy(s: Serenissima1996State, seat: int, action: Action, events: list[Event]) -> None:
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


def _hire_port(s: Serenissima1996State, seat: int, action: Action, events: list[Event]) -> None:
    p = s.game.board.port_ids.index(action["port"])
    _pay_sailor(s, seat, p)
    s.garrison[p] += 1
    events.append({"type": "hired", "seat": seat, "port": action["port"], "to": "garrison"})


def _hire_galley(s: Serenissima1996State, seat: int, action: Action, events: list[Event]) -> None:
    g = action["galley"] - 1
    p = s.game.board.area_port[s.g_area[g]]
    _pay_sailor(s, seat, p)
    s.g_sailors[g] += 1
    events.append({"type": "hired", "seat": seat, "port": s.game.board.port_ids[p], "to": g + 1})


def _pay_sailor(s: Serenissima1996State, seat: int, p: int) -> None:
    s.money[seat] -= s.game.board.prices["sailor"]
    s.box -= 1
    s.hired[p] += 1


def _build_galley(s: Serenissima1996State, seat: int, action: Action, events: list[Event]) -> None:
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


def _build_fort(s: Serenissima1996State, seat: int, action: Action, events: list[Event]) -> None:
    b = s.game.board
    p = b.port_ids.index(action["port"])
    s.money[seat] -= b.prices["fort"]
    s.built |= 1 << p
    s.forts |= 1 << p
    events.append({"type": "built_fort", "seat": seat, "port": action["port"]})


def _discard_good(s: Serenissima1996State, seat: int, action: Action, events: list[Event]) -> None:
    g, good = action["galley"] - 1, GOODS.index(action["good"])
    s.cargo[7 * g + good] -= 1
    s.g_goods[g] -= 1
    s.supply[good] += 1
    events.append({"type": "discarded", "seat": seat, "piece": action["good"], "galley": g + 1})


def _discard_sailor(
    s: Serenissima1996State, seat: int, action: Action, events: list[Event]
) -> None:
    g = action["galley"] - 1
    s.g_sailors[g] -= 1
    s.box += 1
    events.append({"type": "discarded", "seat": seat, "piece": "sailor", "galley": g + 1})


def _trade(s: Serenissima1996State, seat: int, action: Action, events: list[Event]) -> None:
    good = GOODS.index(action["good"])
    negotiation.open_trade(s, seat, good, action["from"] - 1, action["to"] - 1, events)


def _barter(s: Serenissima1996State, seat: int, action: Action, events: list[Event]) -> None:
    negotiation.open_barter(s, seat, action["from"] - 1, action["to"] - 1, events)


def _done(s: Serenissima1996State, seat: int, action: Action, events: list[Event]) -> None:
    events.append({"type": "done", "seat": seat, "phase": s.phase})
    flow.end_turn(s, events)


HANDLERS: Final = {
    "buy": _buy,
    "hire_port": _hire_port,
    "hire_galley": _hire_galley,
    "build_galley": _build_galley,
    "build_fort": _build_fort,
    "discard_good": _discard_good,
    "discard_sailor": _discard_sailor,
    "trade": _trade,
    "barter": _barter,
    "done": _done,
}
