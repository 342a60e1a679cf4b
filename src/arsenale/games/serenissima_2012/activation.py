"""A galley's action (serenissima-2012.en.txt, "A) Action"): loading, movement, then sale or
battle. The three steps are optional but keep their order, so the decision offers, at any
moment, the actions of the current step and of every later one; taking a later step's action
closes the earlier steps (RULINGS.md R3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arsenale.core.actions import Action
from arsenale.core.decisions import Decision
from arsenale.core.state import Event
from arsenale.games.serenissima_2012 import battle, blockade, turn_end
from arsenale.games.serenissima_2012.board import GOODS, SPICE
from arsenale.games.serenissima_2012.state import (
    BATTLE,
    LOADING,
    MOVING,
    POPCOUNT,
    SALE,
    STEP3,
)

if TYPE_CHECKING:
    from arsenale.games.serenissima_2012.state import SerenissimaState

RULE_LOADING = "serenissima-2012.en.txt, A) Action, 1) Loading"
RULE_MOVEMENT = "serenissima-2012.en.txt, A) Action, 2) Movement"
RULE_SALE = "serenissima-2012.en.txt, A) Action, 3) a) Sale"
RULE_CLAIM = "serenissima-2012.en.txt, A) Action, 3) b) Battle, Combat against a port"
RULE_LAST_PORT = "serenissima-2012.en.txt, A) Action, 3) b) Battle, Player's last port"
RULE_CLOSED = (
    "serenissima-2012.en.txt, Serenissima with 3 players and with 2 players (closed ports)"
)


def legal_activation(s: SerenissimaState, seat: int, top: Decision) -> list[Action]:
    a, b = s.game.actions, s.game.board
    g = s.active
    zone = s.g_zone[g]
    p = b.zone_port[zone]
    port_open = p >= 0 and not s.closed >> p & 1
    cargo, base = s.cargo, 6 * g
    out: list[Action] = []
    if s.step == LOADING:
        _loading(s, seat, g, zone, p if port_open else -1, out)
    if s.sale_blocked and s.mode != BATTLE:
        # A blockaded sale: fight the blockaders or end the turn (Blockade during a sale).
        blockers, gz, attack = s.sale_blocked, s.g_zone, a.attack_galley
        out += [
            attack[h]
            for h, o in enumerate(s.g_owner)
            if o >= 0 and blockers >> o & 1 and gz[h] == zone
        ]
        out.append(a.end)
        return out
    if s.step <= MOVING and s.moves < s.g_sailors[g]:
        move = a.move
        out += [move[z] for z in b.adjacent[zone]]
    if port_open:
        owner = s.owner[p]
        if s.mode != BATTLE and not s.sale_blocked and s.g_goods[g]:
            wh = s.warehouse[p]
            if POPCOUNT[wh] < b.port_size[p]:
                produced = b.port_good[p]
                out += [
                    a.sell[good]
                    for good in range(6)
                    if cargo[base + good] and good != produced and not wh >> good & 1
                ]
        if s.mode != SALE:
            if owner < 0:
                if not s.claim_blockers or not _blockers_present(s, zone):
                    out += a.claim[: claimable(s.g_sailors[g], b.port_size[p])]
            elif (
                owner != seat
                and s.owner.count(owner) >= 2  # never a player's last port
                and not any(o == owner and s.g_zone[h] == zone for h, o in enumerate(s.g_owner))
            ):
                out.append(a.attack_port)
    if s.mode != SALE:
        gz, attack = s.g_zone, a.attack_galley
        out += [
            attack[h] for h, o in enumerate(s.g_owner) if o >= 0 and o != seat and gz[h] == zone
        ]
    out.append(a.end)
    return out


def claimable(sailors: int, capacity: int) -> int:
    """Most sailors a galley may unload into a port: one must stay aboard, unless the galley
    has only one, which may land and sink the galley (RULINGS.md R28)."""
    return min(capacity, sailors - 1 if sailors > 1 else 1)


def _blockers_present(s: SerenissimaState, zone: int) -> bool:
    blockers = s.claim_blockers
    return any(
        o >= 0 and blockers >> o & 1 and s.g_zone[h] == zone for h, o in enumerate(s.g_owner)
    )


# Loading moves between the same two places go one way per loading (RULINGS.md R29): the bits
# of `s.locks` record the directions used. Port: bit 0 (to the galley), bit 1 (to the port);
# other galley h: 4h+2 sailor to the active galley, 4h+3 sailor to h, 4h+4 goods to the active
# galley, 4h+5 goods to h.
FROM_PORT, TO_PORT = 1, 2


def lock(h: int, k: int) -> int:
    return 1 << (4 * h + 2 + k)


def _loading(s: SerenissimaState, seat: int, g: int, zone: int, p: int, out: list[Action]) -> None:
    """Loading: sailors and goods between the active galley, the port and own galleys here."""
    a, b = s.game.actions, s.game.board
    sailors, goods = s.g_sailors[g], s.g_goods[g]
    room = sailors + goods < 5
    cargo, base = s.cargo, 6 * g
    mine = p >= 0 and s.owner[p] == seat
    locks = s.locks
    if mine:
        if room and s.port_sailors[p] >= 2 and not locks & TO_PORT:
            out.append(a.sailor_from_port)
        if s.port_sailors[p] < b.port_size[p] and not locks & FROM_PORT:
            out.append(a.sailor_to_port)
    gz, gs, gg = s.g_zone, s.g_sailors, s.g_goods
    for h, o in enumerate(s.g_owner):
        if o != seat or h == g or gz[h] != zone:
            continue
        h_locks = locks >> (4 * h + 2)
        if room and not h_locks & 2:
            out.append(a.sailor_from_galley[h])
        h_room = gs[h] + gg[h] < 5
        if h_room and not h_locks & 1:
            out.append(a.sailor_to_galley[h])
        if room and goods < 4 and not h_locks & 8:
            take = a.take_good[h]
            out += [take[i] for i in range(6) if cargo[6 * h + i]]
        if h_room and gg[h] < 4 and not h_locks & 4:
            give = a.give_good[h]
            out += [give[i] for i in range(6) if cargo[base + i]]
    if p >= 0 and room and goods < 4:
        good = b.port_good[p]
        if s.supply[good] > 0 and ((mine and s.free_cube) or s.money[seat] >= b.meta["good_price"]):
            out.append(a.buy_good[good])
    if goods:
        toss = a.toss_good
        out += [toss[i] for i in range(6) if cargo[base + i]]


def apply_activation(s: SerenissimaState, seat: int, action: Action, top: Decision) -> list[Event]:
    events: list[Event] = []
    HANDLERS[action.kind](s, seat, action, events)
    return events


# -- loading ---------------------------------------------------------------------------------


def _sailor_from_port(s: SerenissimaState, seat: int, action: Action, events: list[Event]) -> None:
    p = s.game.board.zone_port[s.g_zone[s.active]]
    s.port_sailors[p] -= 1
    s.g_sailors[s.active] += 1
    s.locks |= FROM_PORT
    events.append({"type": "sailor", "seat": seat, "from": "port", "to": s.active + 1})


def _sailor_to_port(s: SerenissimaState, seat: int, action: Action, events: list[Event]) -> None:
    p = s.game.board.zone_port[s.g_zone[s.active]]
    s.port_sailors[p] += 1
    s.locks |= TO_PORT
    _leave_galley(s, s.active, events)
    events.append({"type": "sailor", "seat": seat, "from": s.active + 1, "to": "port"})
    _after_crew_change(s, events)


def _sailor_from_galley(
    s: SerenissimaState, seat: int, action: Action, events: list[Event]
) -> None:
    h = action["galley"] - 1
    s.g_sailors[s.active] += 1
    s.locks |= lock(h, 0)
    events.append({"type": "sailor", "seat": seat, "from": h + 1, "to": s.active + 1})
    _leave_galley(s, h, events)


def _sailor_to_galley(s: SerenissimaState, seat: int, action: Action, events: list[Event]) -> None:
    h = action["galley"] - 1
    s.g_sailors[h] += 1
    s.locks |= lock(h, 1)
    events.append({"type": "sailor", "seat": seat, "from": s.active + 1, "to": h + 1})
    _leave_galley(s, s.active, events)
    _after_crew_change(s, events)


def _leave_galley(s: SerenissimaState, g: int, events: list[Event]) -> None:
    """One sailor leaves galley g; its last sailor leaving sinks it (a voluntary sinking)."""
    s.g_sailors[g] -= 1
    if s.g_sailors[g] == 0:
        s.g_sailors[g] = 0
        s.return_to_bank(s.sink(g, events, "abandoned"))


def _after_crew_change(s: SerenissimaState, events: list[Event]) -> None:
    if s.g_owner[s.active] < 0:  # the active galley itself was abandoned
        turn_end.finish_activation(s, events)


def _buy_good(s: SerenissimaState, seat: int, action: Action, events: list[Event]) -> None:
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


def _take_good(s: SerenissimaState, seat: int, action: Action, events: list[Event]) -> None:
    h, good = action["galley"] - 1, GOODS.index(action["good"])
    _shift(s, h, s.active, good)
    s.locks |= lock(h, 2)
    events.append(
        {
            "type": "transfer",
            "seat": seat,
            "good": action["good"],
            "from": h + 1,
            "to": s.active + 1,
        }
    )


def _give_good(s: SerenissimaState, seat: int, action: Action, events: list[Event]) -> None:
    h, good = action["galley"] - 1, GOODS.index(action["good"])
    _shift(s, s.active, h, good)
    s.locks |= lock(h, 3)
    events.append(
        {
            "type": "transfer",
            "seat": seat,
            "good": action["good"],
            "from": s.active + 1,
            "to": h + 1,
        }
    )


def _shift(s: SerenissimaState, src: int, dst: int, good: int) -> None:
    s.cargo[6 * src + good] -= 1
    s.g_goods[src] -= 1
    s.cargo[6 * dst + good] += 1
    s.g_goods[dst] += 1


def _toss_good(s: SerenissimaState, seat: int, action: Action, events: list[Event]) -> None:
    good = GOODS.index(action["good"])
    g = s.active
    s.cargo[6 * g + good] -= 1
    s.g_goods[g] -= 1
    s.supply[good] += 1
    events.append({"type": "toss", "seat": seat, "galley": g + 1, "good": action["good"]})


# -- movement --------------------------------------------------------------------------------


def _move(s: SerenissimaState, seat: int, action: Action, events: list[Event]) -> None:
    """One zone per sailor aboard; entering a zone may draw a blockade (blockade.py)."""
    b = s.game.board
    zone = b.zone_index(action["zone"])
    g = s.active
    s.step = MOVING
    s.g_zone[g] = zone
    s.moves += 1
    events.append({"type": "move", "seat": seat, "galley": g + 1, "zone": action["zone"]})
    if zone != s.start_zone:
        blockade.offer(s, "move", 0, events)


# -- sale ------------------------------------------------------------------------------------


def _sell(s: SerenissimaState, seat: int, action: Action, events: list[Event]) -> None:
    good = GOODS.index(action["good"])
    s.step = STEP3
    if not s.sale_asked:
        s.sale_asked = True
        if blockade.offer(s, "sale", good, events):
            return
    complete_sale(s, seat, good, events)


def complete_sale(s: SerenissimaState, seat: int, good: int, events: list[Event]) -> None:
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


def _claim(s: SerenissimaState, seat: int, action: Action, events: list[Event]) -> None:
    """Claim a neutral port by unloading sailors; other players may blockade the claim."""
    s.step = STEP3
    s.mode = BATTLE
    if blockade.offer(s, "claim", action["sailors"], events):
        return
    complete_claim(s, seat, action["sailors"], events)


def complete_claim(s: SerenissimaState, seat: int, sailors: int, events: list[Event]) -> None:
    """Unload sailors into the port, which becomes the player's; the galley's turn ends. If the
    last sailor leaves, the galley sinks and its cargo goes back to the bank."""
    b = s.game.board
    g = s.active
    p = b.zone_port[s.g_zone[g]]
    s.owner[p] = seat
    s.port_sailors[p] = sailors
    events.append({"type": "port_taken", "seat": seat, "port": b.port_ids[p], "sailors": sailors})
    s.g_sailors[g] -= sailors
    if s.g_sailors[g] == 0:
        s.return_to_bank(s.sink(g, events, "unloaded"))
    turn_end.finish_activation(s, events)


def _end(s: SerenissimaState, seat: int, action: Action, events: list[Event]) -> None:
    events.append({"type": "end", "seat": seat, "galley": s.active + 1})
    turn_end.finish_activation(s, events)


def _attack_galley(s: SerenissimaState, seat: int, action: Action, events: list[Event]) -> None:
    battle.attack(s, seat, action["galley"] - 1, events)


def _attack_port(s: SerenissimaState, seat: int, action: Action, events: list[Event]) -> None:
    battle.attack(s, seat, -1, events)


HANDLERS = {
    "sailor_from_port": _sailor_from_port,
    "sailor_to_port": _sailor_to_port,
    "sailor_from_galley": _sailor_from_galley,
    "sailor_to_galley": _sailor_to_galley,
    "buy_good": _buy_good,
    "take_good": _take_good,
    "give_good": _give_good,
    "toss_good": _toss_good,
    "move": _move,
    "sell": _sell,
    "claim": _claim,
    "attack_galley": _attack_galley,
    "attack_port": _attack_port,
    "end": _end,
}
