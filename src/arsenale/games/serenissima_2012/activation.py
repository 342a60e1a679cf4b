"""A galley's action (serenissima-2012.en.txt, "A) Action"): loading, movement, then sale or
battle. The three steps are optional but keep their order, so the decision offers, at any
moment, the actions of the current step and of every later one; taking a later step's action
closes the earlier steps (RULES.md, The wheel).
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING, Final

from arsenale.core.actions import Action
from arsenale.core.decisions import Decision, Why
from arsenale.core.state import Event
from arsenale.games.serenissima_2012 import battle, blockade, turn_end
from arsenale.games.serenissima_2012.board import GOODS, POPCOUNT, SPICE, Board
from arsenale.games.serenissima_2012.steps import BATTLE, LOADING, MOVING, NO_MODE, SALE, STEP3
from arsenale.games.serenissima_2012.words import (
    N_,
    _,
    colour,
    ngettext,
    port_name,
    sea_name,
    zone_where,
)

if TYPE_CHECKING:
    from arsenale.games.serenissima_2012.state import Serenissima2012State

RULE_LOADING: Final = "serenissima-2012.en.txt, A) Action, 1) Loading"
RULE_MOVEMENT: Final = "serenissima-2012.en.txt, A) Action, 2) Movement"
RULE_SALE: Final = "serenissima-2012.en.txt, A) Action, 3) a) Sale"
RULE_CLAIM: Final = "serenissima-2012.en.txt, A) Action, 3) b) Battle, Combat against a port"
RULE_LAST_PORT: Final = "serenissima-2012.en.txt, A) Action, 3) b) Battle, Player's last port"
RULE_CLOSED: Final = (
    "serenissima-2012.en.txt, Serenissima with 3 players and with 2 players (closed ports)"
)


INVEST_KINDS: Final = ("recruit_port", "recruit_galley", "buy_galley", "fort", "basilica")
LOADING_KINDS: Final = (
    "sailor_from_port",
    "sailor_to_port",
    "sailor_from_galley",
    "sailor_to_galley",
    "buy_good",
    "take_good",
    "give_good",
    "toss_good",
    "sink",
)
LOADING_SET: Final = frozenset(LOADING_KINDS)
PORT_SAILORS: Final = ("sailor_from_port", "sailor_to_port")
BATTLE_KINDS: Final = ("claim", "attack_galley", "attack_port")
LATER_KINDS: Final = ("move", "sell", "end", *BATTLE_KINDS)  # the actions that end the loading
OVER: Final = N_("movement is over once the sale or battle step has begun")


def legal_activation(
    s: Serenissima2012State, seat: int, top: Decision, why: Why | None
) -> list[Action]:
    """The actions of the current step and of every later one (RULES.md, The wheel), and end."""
    a, b = s.game.actions, s.game.board
    g = s.active
    zone = s.g_zone[g]
    p = b.zone_port[zone]
    port_open = p >= 0 and not s.closed >> p & 1
    cargo, base = s.cargo, 6 * g
    # the galleys in play here, the active one among them, if it is not alone
    present = s.galleys_in(zone) if s.zone_galleys[zone] > 1 else []
    out: list[Action] = []
    if why is not None:
        why.no(_("this galley chose to act, not to invest"), turn_end.RULE_WHEEL, INVEST_KINDS)
    if s.step == LOADING:
        _loading(s, seat, g, zone, p if port_open else -1, present, out, why)
        sailors, goods = s.g_sailors[g], s.g_goods[g]
        if sailors + goods > 5 or goods > 4 or not sailors:
            # Loading cannot end yet, or ends only with the galley's turn (R29, Limitations).
            full = sailors + goods > 5 or goods > 4
            if not full:
                out.append(a.end)  # it sinks, having no sailor left
            if why is not None:
                if full:
                    reason = _(
                        "{over_limits}: it holds {sailors} sailors and {goods} goods"
                    ).format(over_limits=_(OVER_LIMITS), sailors=sailors, goods=goods)
                else:
                    reason = _("the active galley has no sailor left: it sinks when loading ends")
                why.no(reason, RULE_LOADING, LATER_KINDS)
            return out
    elif why is not None:
        reason = _("loading comes first: after moving, selling or fighting it is over")
        why.no(reason, RULE_LOADING, LOADING_KINDS)
    if s.sale_blocked and s.mode != BATTLE:
        # A blockaded sale: fight the blockaders or end the turn (Blockade during a sale).
        blockers, gz, attack = s.sale_blocked, s.g_zone, a.attack_galley
        out += [
            attack[h]
            for h, o in enumerate(s.g_owner)
            if o >= 0 and blockers >> o & 1 and gz[h] == zone
        ]
        out.append(a.end)
        if why is not None:
            why.no(_(OVER), RULE_MOVEMENT, "move")
            reason = _("a blockade prevents any sale here this turn; fight or end")
            why.no(reason, blockade.RULE_SALE_BLOCKADE, "sell")
            reason = _("after a blockaded sale: fight the blockading galleys or end")
            why.no(reason, blockade.RULE_SALE_BLOCKADE, BATTLE_KINDS)
        return out
    if s.step <= MOVING and s.moves < s.g_sailors[g]:
        out += a.moves_from[zone]
        if why is not None:
            _not_next(s, zone, why)
    elif why is not None:
        if s.step < STEP3:
            reason = _("one zone per sailor aboard: {g_sailor} already crossed").format(
                g_sailor=s.g_sailors[g]
            )
            why.no(reason, RULE_MOVEMENT, "move")
        elif s.mode == NO_MODE and not s.sale_asked:
            why.no(_("a blockade stopped this galley"), blockade.RULE_BLOCKADE, "move")
        else:
            why.no(_(OVER), RULE_MOVEMENT, "move")
    if port_open:
        owner = s.owner[p]
        if s.mode != BATTLE and not s.sale_blocked and s.g_goods[g]:
            wh = s.warehouse[p]
            if POPCOUNT[wh] < b.port_size[p]:
                produced, sell = b.port_good[p], a.sell
                for good in compress(range(6), cargo[base : base + 6]):  # the goods aboard
                    if good != produced and not wh >> good & 1:
                        out.append(sell[good])
                if why is not None:
                    _unsold(s, p, cargo, base, why)
            elif why is not None:
                why.no(
                    _("the warehouse of {port} is full").format(port=port_name(b, p)),
                    RULE_SALE,
                    "sell",
                )
        elif why is not None:
            if s.mode == BATTLE:
                why.no(_("sale or battle: after fighting, no sale"), RULE_SALE, "sell")
            _unsold(s, p, cargo, base, why)
        if s.mode != SALE:
            if owner < 0:
                if not s.claim_blockers or not _blockers_present(s, zone):
                    n = claimable(s.g_sailors[g], b.port_size[p])
                    out += a.claim[:n]
                    if why is not None:
                        too_many(s, p, n, why)
                elif why is not None:
                    reason = _(
                        "a blockade prevents the claim until the blockading galleys are sunk"
                    )
                    why.no(reason, blockade.RULE_CLAIM_BLOCKADE, "claim")
            elif (
                owner != seat
                and s.port_count[owner] >= 2  # never a player's last port
                and not any(s.g_owner[h] == owner for h in present)
            ):
                out.append(a.attack_port)
            elif why is not None:
                _unattackable(s, seat, p, why)
            if why is not None:
                _unclaimable(s, seat, p, why)
        elif why is not None:
            why.no(_("sale or battle: after selling, no battle or claim"), RULE_SALE, BATTLE_KINDS)
    elif why is not None:
        _no_port(s, p, why)
    if s.mode != SALE:
        if present:  # another galley is here
            owners, attack = s.g_owner, a.attack_galley
            for h in present:
                if owners[h] != seat:
                    out.append(attack[h])
        if why is not None:
            _not_attackable(s, seat, zone, why)
    elif why is not None:
        why.no(_("sale or battle: after selling, no battle or claim"), RULE_SALE, "attack_galley")
    out.append(a.end)
    return out


# -- reasons for refusals (called with a `Why` only, where a check above keeps actions out) ------


def _not_next(s: Serenissima2012State, zone: int, why: Why) -> None:
    """The zones a move may not reach: every zone not next to this one."""
    b = s.game.board
    here = zone_name(b, zone)
    adjacent = b.adjacent[zone]
    for z, zid in enumerate(b.zone_ids):
        if z == zone:
            why.no(
                _("the galley is already {in_here}").format(in_here=zone_where(b, zone)),
                RULE_MOVEMENT,
                "move",
                zone=zid,
            )
        elif z not in adjacent:
            why.no(
                _("{zone_name} is not next to {here}").format(zone_name=zone_name(b, z), here=here),
                RULE_MOVEMENT,
                "move",
                zone=zid,
            )


def zone_name(b: Board, z: int) -> str:
    """A zone as the board prints it: its port's name, or the sea's (layout.py does the same)."""
    p = b.zone_port[z]
    return port_name(b, p) if p >= 0 else sea_name(b.zone_ids[z])


def _unsold(s: Serenissima2012State, p: int, cargo: list[int], base: int, why: Why) -> None:
    """The goods the active galley may not sell in port p: goods it does not carry, the
    port's own good, goods already in the warehouse."""
    b = s.game.board
    here, wh = port_name(b, p), s.warehouse[p]
    for good, name in enumerate(GOODS):
        if not cargo[base + good]:
            why.no(
                _("the galley carries no {name}").format(name=_(name)), RULE_SALE, "sell", good=name
            )
        elif good == b.port_good[p]:
            why.no(
                _("{here} produces {name}: it cannot be sold there").format(
                    here=here, name=_(name)
                ),
                RULE_SALE,
                "sell",
                good=name,
            )
        elif wh >> good & 1:
            why.no(
                _("{here} already has {name} in its warehouse").format(here=here, name=_(name)),
                RULE_SALE,
                "sell",
                good=name,
            )


def too_many(s: Serenissima2012State, p: int, n: int, why: Why) -> None:
    """Claims landing more than `n`: the sailors aboard, at most the port's warehouse size."""
    size, aboard = s.game.board.port_size[p], s.g_sailors[s.active]
    for k in range(n + 1, len(s.game.actions.claim) + 1):
        if k > aboard:
            reason = ngettext(
                "the galley carries only {aboard} sailor",
                "the galley carries only {aboard} sailors",
                aboard,
            ).format(aboard=aboard)
        else:
            reason = _("{port} holds at most {size} sailors (its warehouse size)").format(
                port=port_name(s.game.board, p), size=size
            )
        why.no(reason, RULE_CLAIM, "claim", sailors=k)


def _unattackable(s: Serenissima2012State, seat: int, p: int, why: Why) -> None:
    """Why the owned port p may not be attacked."""
    here, owner = port_name(s.game.board, p), s.owner[p]
    if owner == seat:
        why.no(_("{here} is yours").format(here=here), RULE_CLAIM, "attack_port")
    elif s.port_count[owner] < 2:
        reason = _("{here} is the last port of {owner}: it cannot be conquered").format(
            here=here, owner=colour(s.seat_label(owner))
        )
        why.no(reason, RULE_LAST_PORT, "attack_port")
    why.no(
        _("first sink the galleys of {owner} in this zone").format(
            owner=colour(s.seat_label(owner))
        ),
        RULE_CLAIM,
        "attack_port",
    )


def _unclaimable(s: Serenissima2012State, seat: int, p: int, why: Why) -> None:
    """A neutral port is claimed, not attacked; an owned one is attacked, not claimed."""
    here, owner = port_name(s.game.board, p), s.owner[p]
    if owner < 0:
        why.no(
            _("{here} is neutral: claim it by unloading sailors").format(here=here),
            RULE_CLAIM,
            "attack_port",
        )
    elif owner == seat:
        why.no(_("{here} is already yours").format(here=here), RULE_CLAIM, "claim")
    else:
        why.no(
            _("{here} is not neutral: attack it to take it").format(here=here), RULE_CLAIM, "claim"
        )


def _no_port(s: Serenissima2012State, p: int, why: Why) -> None:
    """No sale, claim or port attack at open sea or in a closed port."""
    if p < 0:
        why.no(_("there is no port here to sell to"), RULE_SALE, "sell")
        why.no(_("there is no port here"), RULE_CLAIM, ("claim", "attack_port"))
        return
    here = port_name(s.game.board, p)
    why.no(_("{here} is closed: no commerce there").format(here=here), RULE_CLOSED, "sell")
    why.no(_("{here} is closed: it cannot be claimed").format(here=here), RULE_CLOSED, "claim")
    why.no(
        _("{here} is closed: its port cannot be attacked").format(here=here),
        RULE_CLOSED,
        "attack_port",
    )


def _not_attackable(s: Serenissima2012State, seat: int, zone: int, why: Why) -> None:
    """The galleys the active galley may not attack: not in play, own, or elsewhere."""
    for h, o in enumerate(s.g_owner):
        if o < 0:
            reason = _("galley {h} is not on the board").format(h=h + 1)
        elif o == seat:
            reason = _("you cannot attack your own galley")
        elif s.g_zone[h] != zone:
            reason = _("galley {h} is not in this zone").format(h=h + 1)
        else:
            continue
        why.no(reason, battle.RULE_BATTLE, "attack_galley", galley=h + 1)


def claimable(sailors: int, capacity: int) -> int:
    """Most sailors a galley may unload into a port: all it carries, up to the port's warehouse
    size; landing the last one sinks the galley (RULINGS.md R28)."""
    return min(capacity, sailors)


def _blockers_present(s: Serenissima2012State, zone: int) -> bool:
    blockers = s.claim_blockers
    return any(
        o >= 0 and blockers >> o & 1 and s.g_zone[h] == zone for h, o in enumerate(s.g_owner)
    )


# The loading keeps a canonical order (RULINGS.md R29): pieces first come aboard the active
# galley (from the port or another own galley here), then leave it (to the port, to another
# own galley, overboard); after the first piece has left, none comes aboard again except bought
# cubes. Meanwhile the active galley may hold more than 5 pieces or 4 goods, and galleys may be
# left without sailors: the limits are checked, and crewless galleys sink, when loading ends.
ABOARD: Final = N_("sailors and goods come aboard the active galley before any leaves it (R29)")
OVER_LIMITS: Final = N_(
    "when loading ends the active galley holds at most 5 pieces, 4 of them goods"
)


def free_spaces(s: Serenissima2012State, seat: int, zone: int, p: int) -> int:
    """Spaces left for pieces in this loading: on the player's galleys here (5 each, the
    active one possibly overfull) and in the port if it is the player's."""
    go, gs, gg = s.g_owner, s.g_sailors, s.g_goods
    free = 0
    for h in s.galleys_in(zone):
        if go[h] == seat:
            free += 5 - gs[h] - gg[h]
    if p >= 0 and s.owner[p] == seat:
        free += s.game.board.port_size[p] - s.port_sailors[p]
    return free


def _loading(
    s: Serenissima2012State,
    seat: int,
    g: int,
    zone: int,
    p: int,
    present: list[int],
    out: list[Action],
    why: Why | None,
) -> None:
    """Loading: sailors and goods between the active galley, the port and own galleys here
    (of `present`, the galleys in the zone if the active one is not alone), in the canonical
    order of R29."""
    a, b = s.game.actions, s.game.board
    sailors = s.g_sailors[g]
    cargo, base = s.cargo, 6 * g
    mine = p >= 0 and s.owner[p] == seat
    aboard = not s.unloading  # pieces may still come aboard
    if mine:
        if aboard and s.port_sailors[p] >= 2:
            out.append(a.sailor_from_port)
        elif why is not None:
            reason = (
                _(ABOARD) if not aboard else _("a port may not be abandoned: one sailor must stay")
            )
            why.no(reason, RULE_LOADING, "sailor_from_port")
        if sailors and s.port_sailors[p] < b.port_size[p]:
            out.append(a.sailor_to_port)
        elif why is not None:
            if not sailors:
                reason = _("the active galley has no sailor left to unload")
            else:
                reason = _("{port} holds at most {port_size} sailors (its warehouse size)").format(
                    port=port_name(b, p), port_size=b.port_size[p]
                )
            why.no(reason, RULE_LOADING, "sailor_to_port")
    elif why is not None:
        q = b.zone_port[zone]
        here = port_name(b, q) if q >= 0 else _("the open sea")
        reason = _("sailors go to or from a port only where you control it ({here})").format(
            here=here
        )
        why.no(reason, RULE_LOADING, PORT_SAILORS)
    gz, gs, gg = s.g_zone, s.g_sailors, s.g_goods
    owner = s.g_owner
    if why is not None:
        alongside = [h for h in present if h != g and owner[h] == seat]
        for h in range(len(gz)):
            if h not in alongside:
                _not_alongside(s, seat, h, why)
    for h in present:
        if h == g or owner[h] != seat:
            continue  # the active galley itself, or another player's
        if aboard and gs[h]:
            out.append(a.sailor_from_galley[h])
        elif why is not None:
            reason = _(ABOARD) if not aboard else _("galley {h} has no sailor left").format(h=h + 1)
            why.no(reason, RULE_LOADING, "sailor_from_galley", galley=h + 1)
        h_room = gs[h] + gg[h] < 5
        if sailors and h_room:
            out.append(a.sailor_to_galley[h])
        elif why is not None:
            if not sailors:
                reason = _("the active galley has no sailor left to unload")
            else:
                reason = _("galley {h} is full (5 pieces)").format(h=h + 1)
            why.no(reason, RULE_LOADING, "sailor_to_galley", galley=h + 1)
        if why is not None:
            _missing(cargo, 6 * h, f"galley {h + 1}", "take_good", why, galley=h + 1)
            _missing(cargo, base, "the active galley", "give_good", why, galley=h + 1)
        if aboard:
            if gg[h]:
                take = a.take_good[h]
                out += compress(take, cargo[6 * h : 6 * h + 6])  # the goods galley h carries
        elif why is not None:
            why.no(_(ABOARD), RULE_LOADING, "take_good", galley=h + 1)
        if h_room and gg[h] < 4:
            if gg[g]:
                give = a.give_good[h]
                out += compress(give, cargo[base : base + 6])  # the goods aboard the active one
        elif why is not None:
            reason = _("galley {h} is full (5 pieces, 4 goods)").format(h=h + 1)
            why.no(reason, RULE_LOADING, "give_good", galley=h + 1)
    if p >= 0:
        good = b.port_good[p]
        if why is not None:
            reason = _("{port} produces {good}: only that good is loaded there").format(
                port=port_name(b, p), good=_(GOODS[good])
            )
            for name in GOODS:
                if name != GOODS[good]:
                    why.no(reason, RULE_LOADING, "buy_good", good=name)
        # The active galley is the only one that may be overfull: room on it is room enough.
        if s.g_sailors[g] + s.g_goods[g] < 5 or free_spaces(s, seat, zone, p) > 0:
            if s.supply[good] > 0 and (
                (mine and s.free_cube) or s.money[seat] >= b.meta["good_price"]
            ):
                out.append(a.buy_good[good])
            elif why is not None:
                if s.supply[good] == 0:
                    reason = _("no {good} cubes are left in the bank").format(good=_(GOODS[good]))
                else:
                    reason = _("you cannot pay the {good_price} ducat this cube costs").format(
                        good_price=b.meta["good_price"]
                    )
                why.no(reason, RULE_LOADING, "buy_good")
        elif why is not None:
            reason = _("no space is left for it on your galleys here (5 pieces each)")
            why.no(reason, RULE_LOADING, "buy_good")
    elif why is not None:
        q = b.zone_port[zone]
        if q < 0:
            why.no(_("there is no port here to load goods from"), RULE_LOADING, "buy_good")
        else:
            why.no(
                _("{port} is closed: no commerce there").format(port=port_name(b, q)),
                RULE_CLOSED,
                "buy_good",
            )
    if s.g_goods[g]:
        toss = a.toss_good
        out += compress(toss, cargo[base : base + 6])
    if why is not None:
        _missing(cargo, base, "the active galley", "toss_good", why)
    out.append(a.sink)  # a voluntary sinking (RULINGS.md R28)


def _missing(cargo: list[int], base: int, carrier: str, kind: str, why: Why, **params: int) -> None:
    """The goods `carrier` (whose cargo starts at `base`) does not carry, for `kind`."""
    for i, name in enumerate(GOODS):
        if not cargo[base + i]:
            why.no(
                _("{carrier} carries no {name}").format(carrier=carrier, name=_(name)),
                RULE_LOADING,
                kind,
                good=name,
                **params,
            )


def _not_alongside(s: Serenissima2012State, seat: int, h: int, why: Why) -> None:
    """Galley h takes no part in this loading: not in play, not yours, the active galley, or
    in another zone."""
    g, o = s.active, s.g_owner[h]
    if o < 0:
        reason = _("galley {h} is not on the board").format(h=h + 1)
    elif o != seat:
        reason = _("galley {h} is not yours").format(h=h + 1)
    elif h == g:
        reason = _("galley {h} is the active galley itself").format(h=h + 1)
    else:
        reason = _("galley {h} is not in this zone").format(h=h + 1)
    why.no(reason, RULE_LOADING, GALLEY_LOADING, galley=h + 1)


GALLEY_LOADING: Final = ("sailor_from_galley", "sailor_to_galley", "take_good", "give_good")


def apply_activation(
    s: Serenissima2012State, seat: int, action: Action, top: Decision
) -> list[Event]:
    events: list[Event] = []
    if s.step == LOADING and action.kind not in LOADING_SET and close_loading(s, seat, events):
        turn_end.finish_activation(s, events)  # `end` with no sailor left aboard
        return events
    HANDLERS[action.kind](s, seat, action, events)
    return events


# -- loading ---------------------------------------------------------------------------------


def _sailor_from_port(
    s: Serenissima2012State, seat: int, action: Action, events: list[Event]
) -> None:
    p = s.game.board.zone_port[s.g_zone[s.active]]
    s.port_sailors[p] -= 1
    s.g_sailors[s.active] += 1
    events.append({"type": "sailor", "seat": seat, "from": "port", "to": s.active + 1})


def _sailor_to_port(
    s: Serenissima2012State, seat: int, action: Action, events: list[Event]
) -> None:
    p = s.game.board.zone_port[s.g_zone[s.active]]
    s.port_sailors[p] += 1
    s.g_sailors[s.active] -= 1
    s.unloading = True
    events.append({"type": "sailor", "seat": seat, "from": s.active + 1, "to": "port"})


def _sailor_from_galley(
    s: Serenissima2012State, seat: int, action: Action, events: list[Event]
) -> None:
    h = action.params["galley"] - 1
    s.g_sailors[h] -= 1
    s.g_sailors[s.active] += 1
    events.append({"type": "sailor", "seat": seat, "from": h + 1, "to": s.active + 1})


def _sailor_to_galley(
    s: Serenissima2012State, seat: int, action: Action, events: list[Event]
) -> None:
    h = action.params["galley"] - 1
    s.g_sailors[s.active] -= 1
    s.g_sailors[h] += 1
    s.unloading = True
    events.append({"type": "sailor", "seat": seat, "from": s.active + 1, "to": h + 1})


def close_loading(s: Serenissima2012State, seat: int, events: list[Event]) -> bool:
    """Loading ends: the player's galleys here left without a sailor sink, their cargo going
    back to the bank (Loading, Limitations). True if the active galley itself sank."""
    go, gs = s.g_owner, s.g_sailors
    for h in s.galleys_in(s.g_zone[s.active]):
        if go[h] == seat and not gs[h]:
            s.return_to_bank(s.sink(h, events, "abandoned"))
    return s.g_owner[s.active] < 0


def _buy_good(s: Serenissima2012State, seat: int, action: Action, events: list[Event]) -> None:
    """First cube free in an own port; otherwise 1 ducat to the bank, or to the port's owner."""
    b = s.game.board
    g = s.active
    p = b.zone_port[s.g_zone[g]]
    good = b.port_good[p]
    owner = s.owner[p]
    price = b.meta["good_price"]
    if owner == seat and s.free_cube:
        s.free_cube = False
        price, payee = 0, None
    elif owner >= 0 and owner != seat:
        s.money[owner] += price
        payee = owner
    else:
        payee = None
    s.money[seat] -= price
    s.supply[good] -= 1
    s.cargo[6 * g + good] += 1
    s.g_goods[g] += 1
    events.append(
        {
            "type": "load",
            "seat": seat,
            "galley": g + 1,
            "good": GOODS[good],
            "ducats": price,
            "paid_to": payee,
        }
    )


def _take_good(s: Serenissima2012State, seat: int, action: Action, events: list[Event]) -> None:
    h, good = action.params["galley"] - 1, s.game.actions.good_of[action]
    _shift(s, h, s.active, good)
    events.append(
        {
            "type": "transfer",
            "seat": seat,
            "good": GOODS[good],
            "from": h + 1,
            "to": s.active + 1,
        }
    )


def _give_good(s: Serenissima2012State, seat: int, action: Action, events: list[Event]) -> None:
    h, good = action.params["galley"] - 1, s.game.actions.good_of[action]
    _shift(s, s.active, h, good)
    s.unloading = True
    events.append(
        {
            "type": "transfer",
            "seat": seat,
            "good": GOODS[good],
            "from": s.active + 1,
            "to": h + 1,
        }
    )


def _shift(s: Serenissima2012State, src: int, dst: int, good: int) -> None:
    s.cargo[6 * src + good] -= 1
    s.g_goods[src] -= 1
    s.cargo[6 * dst + good] += 1
    s.g_goods[dst] += 1


def _sink(s: Serenissima2012State, seat: int, action: Action, events: list[Event]) -> None:
    """The player sinks the active galley: its sailors go back to the reserve, its cargo to
    the bank, and its turn ends (Loading, Limitations; RULINGS.md R28). Loading ends with it."""
    if not close_loading(s, seat, events):
        s.return_to_bank(s.sink(s.active, events, "scuttled"))
    turn_end.finish_activation(s, events)


def _toss_good(s: Serenissima2012State, seat: int, action: Action, events: list[Event]) -> None:
    good = s.game.actions.good_of[action]
    g = s.active
    s.cargo[6 * g + good] -= 1
    s.g_goods[g] -= 1
    s.supply[good] += 1
    s.unloading = True
    events.append({"type": "toss", "seat": seat, "galley": g + 1, "good": GOODS[good]})


# -- movement --------------------------------------------------------------------------------


def _move(s: Serenissima2012State, seat: int, action: Action, events: list[Event]) -> None:
    """One zone per sailor aboard; entering a zone may draw a blockade (blockade.py)."""
    zone = s.game.actions.zone_of[action]
    g = s.active
    s.step = MOVING
    s.zone_galleys[s.g_zone[g]] -= 1
    s.zone_galleys[zone] += 1
    s.g_zone[g] = zone
    s.moves += 1
    events.append(
        {"type": "move", "seat": seat, "galley": g + 1, "zone": s.game.board.zone_ids[zone]}
    )
    if zone != s.start_zone:
        blockade.offer(s, "move", 0, events)


# -- sale ------------------------------------------------------------------------------------


def _sell(s: Serenissima2012State, seat: int, action: Action, events: list[Event]) -> None:
    good = s.game.actions.good_of[action]
    s.step = STEP3
    if not s.sale_asked:
        s.sale_asked = True
        if blockade.offer(s, "sale", good, events):
            return
    complete_sale(s, seat, good, events)


def complete_sale(s: Serenissima2012State, seat: int, good: int, events: list[Event]) -> None:
    """The cube fills the cheapest free warehouse space; the bank pays its value (nothing in
    an own port), and 2 more for spice in any port."""
    b = s.game.board
    g = s.active
    p = b.zone_port[s.g_zone[g]]
    value = b.meta["first_sale_value"] + POPCOUNT[s.warehouse[p]]
    gain = 0 if s.owner[p] == seat else value
    if good == SPICE:
        gain += b.meta["spice_bonus"]
    s.warehouse[p] |= 1 << good
    s.cargo[6 * g + good] -= 1
    s.g_goods[g] -= 1
    s.money[seat] += gain
    s.mode = SALE
    events.append(
        {
            "type": "sale",
            "seat": seat,
            "galley": g + 1,
            "good": GOODS[good],
            "port": b.port_ids[p],
            "ducats": gain,
        }
    )


# -- claims ----------------------------------------------------------------------------------


def _claim(s: Serenissima2012State, seat: int, action: Action, events: list[Event]) -> None:
    """Claim a neutral port by unloading sailors; other players may blockade the claim."""
    s.step = STEP3
    s.mode = BATTLE
    if blockade.offer(s, "claim", action["sailors"], events):
        return
    complete_claim(s, seat, action["sailors"], events)


def complete_claim(s: Serenissima2012State, seat: int, sailors: int, events: list[Event]) -> None:
    """Unload sailors into the port, which becomes the player's; the galley's turn ends. If the
    last sailor leaves, the galley sinks and its cargo goes back to the bank."""
    b = s.game.board
    g = s.active
    p = b.zone_port[s.g_zone[g]]
    if s.owner[p] >= 0:  # (a claimed or emptied port is neutral already)
        s.port_count[s.owner[p]] -= 1
    s.owner[p] = seat
    s.port_count[seat] += 1
    s.port_sailors[p] = sailors
    events.append({"type": "port_taken", "seat": seat, "port": b.port_ids[p], "sailors": sailors})
    s.g_sailors[g] -= sailors
    if s.g_sailors[g] == 0:
        s.return_to_bank(s.sink(g, events, "unloaded"))
    turn_end.finish_activation(s, events)


def _end(s: Serenissima2012State, seat: int, action: Action, events: list[Event]) -> None:
    events.append({"type": "end", "seat": seat, "galley": s.active + 1})
    turn_end.finish_activation(s, events)


def _attack_galley(s: Serenissima2012State, seat: int, action: Action, events: list[Event]) -> None:
    battle.attack(s, seat, action["galley"] - 1, events)


def _attack_port(s: Serenissima2012State, seat: int, action: Action, events: list[Event]) -> None:
    battle.attack(s, seat, -1, events)


HANDLERS: Final = {
    "sailor_from_port": _sailor_from_port,
    "sailor_to_port": _sailor_to_port,
    "sailor_from_galley": _sailor_from_galley,
    "sailor_to_galley": _sailor_to_galley,
    "buy_good": _buy_good,
    "take_good": _take_good,
    "give_good": _give_good,
    "toss_good": _toss_good,
    "sink": _sink,
    "move": _move,
    "sell": _sell,
    "claim": _claim,
    "attack_galley": _attack_galley,
    "attack_port": _attack_port,
    "end": _end,
}
