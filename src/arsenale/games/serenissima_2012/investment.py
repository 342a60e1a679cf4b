"""Investment (serenissima-2012.en.txt, "B) Investment") and the special investment of players
with fewer than 2 galleys ("End of the Turn").

Purchases, each paid to the bank: a sailor (1 ducat) in an own port up to its warehouse size or
aboard an own galley lying at an own port; one galley per investment (1 ducat per galley already
owned) placed at an own port, crewed by one recruited sailor (RULINGS.md R7); a fort (2 ducats)
where wood and stone are produced or present; a basilica (2 ducats) where gold and marble are.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from arsenale.core.actions import Action
from arsenale.core.decisions import Decision, Why
from arsenale.core.state import Event
from arsenale.games.serenissima_2012 import turn_end
from arsenale.games.serenissima_2012.board import GOLD, GOODS, MARBLE, STONE, WOOD
from arsenale.games.serenissima_2012.words import _, port_name

if TYPE_CHECKING:
    from arsenale.games.serenissima_2012.state import Serenissima2012State

RULE_INVEST: Final = "serenissima-2012.en.txt, B) Investment"
RULE_FEW_GALLEYS: Final = (
    "serenissima-2012.en.txt, End of the Turn (players with less than 2 galleys)"
)
MAX_GALLEYS: Final = 6  # galley cubes per player (rulebook components)
RECRUITS: Final = ("recruit_port", "recruit_galley")
FORT, BASILICA = (WOOD, STONE), (GOLD, MARBLE)  # the goods each needs in its port


def galley_price(s: Serenissima2012State, seat: int) -> int:
    """Ducats for a new galley with its first sailor: 1 per galley owned, plus the sailor."""
    return s.fleet[seat] + s.game.board.meta["sailor_price"]


def _recruits(
    s: Serenissima2012State, seat: int, ports: list[int] | None, rule: str, why: Why | None
) -> list[Action]:
    """Sailors (1 ducat each, from the reserve) for own ports (`ports`, the seat's; None: no
    port recruits) up to their warehouse size, and for own galleys lying at own ports up to 5
    pieces. Without a `why` only the seat's own ports and galleys are looked at."""
    b, a = s.game.board, s.game.actions
    out: list[Action] = []
    price = b.meta["sailor_price"]
    broke = s.reserve[seat] < 1 or s.money[seat] < price
    if broke and why is None:
        return out
    owner = s.owner
    if ports is not None:
        recruit, sailors, size = a.recruit_port, s.port_sailors, b.port_size
        for p in ports if why is None else range(len(owner)):
            o = owner[p]
            if o == seat and sailors[p] < size[p]:
                out.append(recruit[p])
            elif why is not None:
                name = port_name(b, p)
                if o != seat:
                    reason = _("{name} is not yours").format(name=name)
                else:
                    reason = _("{name} holds at most {size} sailors (its warehouse size)").format(
                        name=name, size=size[p]
                    )
                why.no(reason, rule, "recruit_port", port=b.port_ids[p])
    zone_port, g_owner = b.zone_port, s.g_owner
    galleys: Iterable[int] = range(len(g_owner))
    if why is None:  # only the seat's own galleys take recruits
        galleys = s.galleys_of(seat)
    for g in galleys:
        o = g_owner[g]
        if o == seat:
            p = zone_port[s.g_zone[g]]
            if p >= 0 and owner[p] == seat and s.g_sailors[g] + s.g_goods[g] < 5:
                out.append(a.recruit_galley[g])
            elif why is not None:
                if p < 0 or owner[p] != seat:
                    reason = _("galley {g} is not at one of your ports").format(g=g + 1)
                else:
                    reason = _("galley {g} is full (5 pieces)").format(g=g + 1)
                why.no(reason, rule, "recruit_galley", galley=g + 1)
        elif why is not None:
            why.no(
                _("galley {g} is not yours").format(g=g + 1), rule, "recruit_galley", galley=g + 1
            )
    if broke and why is not None:  # the checks above only explained refusals
        if s.reserve[seat] < 1:
            why.no(_("you have no sailor left in reserve"), rule, RECRUITS)
        why.no(_("a sailor costs {price} ducat").format(price=price), rule, RECRUITS)
        return []
    return out


def _galley_buys(
    s: Serenissima2012State, seat: int, ports: list[int] | None, rule: str, why: Why | None
) -> list[Action]:
    """A galley not in play, of this player count's set, at an own port (of `ports`, the
    seat's, or found here if None), with one sailor."""
    owned = s.fleet[seat]
    price = galley_price(s, seat)
    broke = owned >= MAX_GALLEYS or s.reserve[seat] < 1 or s.money[seat] < price
    if broke and why is None:
        return []
    a = s.game.actions
    if ports is None:
        ports = s.ports_of(seat)
    used = s.setup.galleys
    owners, buy = s.g_owner, a.buy_galley
    out = [buy[g][p] for g in range(used) if owners[g] < 0 for p in ports]
    if why is not None:
        for g, o in enumerate(s.g_owner):
            if g >= used:
                from arsenale.games.serenissima_2012.setup import RULE_PLAYERS

                reason = _("galley {g} is not used with {players} players").format(
                    g=g + 1, players=s.players
                )
                why.no(reason, RULE_PLAYERS, "buy_galley", galley=g + 1)
            elif o >= 0:
                why.no(
                    _("galley {g} is already in play").format(g=g + 1),
                    rule,
                    "buy_galley",
                    galley=g + 1,
                )
        b = s.game.board
        for p, o in enumerate(s.owner):
            if o != seat:
                reason = _("a new galley is placed at one of your ports; {port} is not").format(
                    port=port_name(b, p)
                )
                why.no(reason, rule, "buy_galley", port=b.port_ids[p])
        if broke:  # the checks above only explained refusals
            if owned >= MAX_GALLEYS:
                reason = _("you have no galley cube left ({max_galleys} galleys at most)").format(
                    max_galleys=MAX_GALLEYS
                )
            elif s.reserve[seat] < 1:
                reason = _("you have no sailor left in reserve to crew it")
            else:
                reason = _("it costs {price} ducats (1 per galley owned, 1 for its sailor)").format(
                    price=price
                )
            why.no(reason, rule, "buy_galley")
            return []
    return out


def _buildings(
    s: Serenissima2012State,
    seat: int,
    kind: str,
    ports: list[int],
    why: Why | None,
    out: list[Action],
) -> None:
    """A fort (wood and stone) or a basilica (gold and marble) in an own port that has both
    goods, produced or in its warehouse, and none yet, while tokens last; 2 ducats."""
    b, meta = s.game.board, s.game.board.meta
    if kind == "fort":
        built, tokens = s.forts, s.game.actions.fort
        price, limit, needs = meta["fort_price"], meta["forts"], FORT
    else:
        built, tokens = s.basilicas, s.game.actions.basilica
        price, limit, needs = meta["basilica_price"], meta["basilicas"], BASILICA
    broke = s.money[seat] < price or built.bit_count() >= limit
    if broke and why is None:
        return
    first, second = needs
    good, warehouse = b.port_good, s.warehouse
    for p in ports:
        # a port has a good it produces or holds in its warehouse (`port_has`)
        if (
            not built >> p & 1
            and (good[p] == first or warehouse[p] >> first & 1)
            and (good[p] == second or warehouse[p] >> second & 1)
        ):
            if not broke:
                out.append(tokens[p])
        elif why is not None:
            name = port_name(b, p)
            if built >> p & 1:
                reason = _("{name} already has a {kind}").format(name=name, kind=_(kind))
            else:
                reason = _(
                    "a {kind} needs {good} and {good2} produced or present in {name}"
                ).format(kind=_(kind), good=_(GOODS[first]), good2=_(GOODS[second]), name=name)
            why.no(reason, RULE_INVEST, kind, port=b.port_ids[p])
    if why is not None:
        for p, o in enumerate(s.owner):
            if o != seat:
                why.no(
                    _("{port} is not yours").format(port=port_name(b, p)),
                    RULE_INVEST,
                    kind,
                    port=b.port_ids[p],
                )
        if s.money[seat] < price:
            why.no(
                _("a {kind} costs {price} ducats").format(kind=_(kind), price=price),
                RULE_INVEST,
                kind,
            )
        elif broke:
            why.no(_("all {kind} tokens are on the board").format(kind=_(kind)), RULE_INVEST, kind)


def legal_investment(
    s: Serenissima2012State, seat: int, top: Decision, why: Why | None
) -> list[Action]:
    """Recruits, one galley per investment, forts, basilicas, or end."""
    ports = s.ports_of(seat)
    out = _recruits(s, seat, ports, RULE_INVEST, why)
    if not s.bought_galley:
        out += _galley_buys(s, seat, ports, RULE_INVEST, why)
    elif why is not None:
        why.no(_("one galley per investment"), RULE_INVEST, "buy_galley")
    _buildings(s, seat, "fort", ports, why, out)
    _buildings(s, seat, "basilica", ports, why, out)
    out.append(s.game.actions.end)
    return out


def legal_special(
    s: Serenissima2012State, seat: int, top: Decision, why: Why | None
) -> list[Action]:
    """Sailors for own galleys at own ports, and galleys until the player owns 2, or end."""
    if why is not None:
        reason = _("the special investment buys only galleys and their sailors")
        why.no(reason, RULE_FEW_GALLEYS, ("recruit_port", "fort", "basilica"))
    out = _recruits(s, seat, None, RULE_FEW_GALLEYS, why)
    if s.fleet[seat] < 2:
        out += _galley_buys(s, seat, None, RULE_FEW_GALLEYS, why)
    elif why is not None:
        reason = _("the special investment only brings you up to 2 galleys")
        why.no(reason, RULE_FEW_GALLEYS, "buy_galley")
    out.append(s.game.actions.end)
    return out


def purchase(s: Serenissima2012State, seat: int, action: Action, events: list[Event]) -> None:
    """Carry out one legal purchase and pay the bank."""
    b, meta = s.game.board, s.game.board.meta
    kind, port_of = action.kind, s.game.actions.port_of
    if kind == "recruit_port":
        p = port_of[action]
        s.port_sailors[p] += 1
        cost = meta["sailor_price"]
        s.reserve[seat] -= 1
    elif kind == "recruit_galley":
        g = action.params["galley"] - 1
        s.g_sailors[g] += 1
        cost = meta["sailor_price"]
        s.reserve[seat] -= 1
    elif kind == "buy_galley":
        g, p = action.params["galley"] - 1, port_of[action]
        cost = galley_price(s, seat)
        s.g_owner[g] = seat
        s.fleet[seat] += 1
        s.g_zone[g] = b.port_zone[p]
        s.zone_galleys[b.port_zone[p]] += 1
        s.g_sailors[g] = 1
        s.reserve[seat] -= 1
        s.bought_galley = True
    elif kind == "fort":
        s.forts |= 1 << port_of[action]
        cost = meta["fort_price"]
    else:  # basilica
        s.basilicas |= 1 << port_of[action]
        cost = meta["basilica_price"]
    s.money[seat] -= cost
    events.append({"type": "purchase", "seat": seat, "what": action.notation, "ducats": cost})


def apply_investment(
    s: Serenissima2012State, seat: int, action: Action, top: Decision
) -> list[Event]:
    events: list[Event] = []
    if action is s.game.actions.end:
        events.append({"type": "end_investment", "seat": seat})
        turn_end.finish_activation(s, events)
        return events
    purchase(s, seat, action, events)
    legal = legal_investment(s, seat, top, None)
    if len(legal) == 1:  # nothing left to buy
        events.append({"type": "end_investment", "seat": seat})
        turn_end.finish_activation(s, events)
    else:  # the seat invests on: these are its legal actions, kept in the core's cache
        s._legal = (s.ply, seat, legal)
    return events
