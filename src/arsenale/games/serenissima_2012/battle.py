"""Battle (serenissima-2012.en.txt, "b) Battle").

Against a galley: the attacker's combat value is its sailors minus the zones it crossed this
turn; the defender's is its sailors. Both roll that many skull dice at once and each skull kills
one enemy sailor. Between rounds the attacker may stop, which ends its turn. After losses the
attacker's value is its sailors but never above its first value (kept for the whole turn, so a
second battle starts from it too: the rulebook example's "now 1"). When one side is empty its
galley sinks and the survivor may take the sunken cargo into free spaces.

Against a port (owned by another player, never its owner's last port, after the owner's galleys
in the zone are sunk): a fort first fires two dice once, before the combat begins, so the
attacker's first combat value counts only the sailors the shot left; then rounds against the
port's sailors.
If the port is emptied, the attacker may unload sailors to take it; if both sides die, the port
becomes neutral.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from arsenale.core.actions import Action
from arsenale.core.decisions import Decision, Why
from arsenale.core.state import Event
from arsenale.games.serenissima_2012 import turn_end
from arsenale.games.serenissima_2012.board import GOODS
from arsenale.games.serenissima_2012.steps import BATTLE, STEP3
from arsenale.games.serenissima_2012.words import _

if TYPE_CHECKING:
    from arsenale.games.serenissima_2012.state import Serenissima2012State

RULE_BATTLE: Final = "serenissima-2012.en.txt, A) Action, 3) b) Battle"
RULE_PORT: Final = "serenissima-2012.en.txt, A) Action, 3) b) Battle, Combat against a port"
RULE_FORT: Final = "serenissima-2012.en.txt, A) Action, 3) b) Battle, Forts"


def skulls(s: Serenissima2012State, dice: int) -> list[bool]:
    b = s.game.board
    faces, hit = b.dice_faces, b.skull_faces
    below = s.chance.below
    return [below(faces) < hit for _ in range(dice)]


def attack(s: Serenissima2012State, seat: int, target: int, events: list[Event]) -> None:
    """Start a battle against galley `target`, or the zone's port if `target` is -1."""
    g = s.active
    s.step = STEP3
    s.mode = BATTLE
    b = s.game.board
    if target >= 0:
        events.append(
            {
                "type": "attack",
                "seat": seat,
                "galley": g + 1,
                "target": target + 1,
                "defender": s.g_owner[target],
            }
        )
    else:
        p = b.zone_port[s.g_zone[g]]
        events.append(
            {
                "type": "attack",
                "seat": seat,
                "galley": g + 1,
                "target": b.port_ids[p],
                "defender": s.owner[p],
            }
        )
        if s.forts >> p & 1:
            shots = skulls(s, b.meta["fort_dice"])
            killed = min(sum(shots), s.g_sailors[g])
            s.g_sailors[g] -= killed
            s.reserve[seat] += killed
            events.append(
                {"type": "fort_fire", "port": b.port_ids[p], "dice": shots, "killed": killed}
            )
            if s.g_sailors[g] == 0:
                s.return_to_bank(s.sink(g, events, "fort"))
                turn_end.finish_activation(s, events)
                return
    if s.cap < 0:  # the first combat value, counted after a fort's shot (RULINGS.md R8)
        s.cap = max(0, s.g_sailors[g] - s.moves)
    battle_round(s, seat, target, events)


def battle_round(s: Serenissima2012State, seat: int, target: int, events: list[Event]) -> None:
    """One round: simultaneous rolls, simultaneous losses, then the outcome."""
    b = s.game.board
    g = s.active
    zone = s.g_zone[g]
    p = b.zone_port[zone]
    attack_dice = skulls(s, min(s.cap, s.g_sailors[g]))
    if target >= 0:
        defender = s.g_owner[target]
        defence = s.g_sailors[target]
    else:
        defender = s.owner[p]
        defence = s.port_sailors[p]
    defence_dice = skulls(s, defence)
    kills = min(sum(attack_dice), defence)
    losses = min(sum(defence_dice), s.g_sailors[g])
    s.g_sailors[g] -= losses
    s.reserve[seat] += losses
    s.reserve[defender] += kills
    if target >= 0:
        s.g_sailors[target] -= kills
        left = s.g_sailors[target]
    else:
        s.port_sailors[p] -= kills
        left = s.port_sailors[p]
    events.append(
        {
            "type": "battle_round",
            "attacker": seat,
            "defender": defender,
            "attack_dice": attack_dice,
            "defence_dice": defence_dice,
            "attacker_lost": losses,
            "defender_lost": kills,
        }
    )
    attacker_alive = s.g_sailors[g] > 0
    if target >= 0:
        if not attacker_alive and not left:
            s.return_to_bank(s.sink(target, events, "battle"))
            s.return_to_bank(s.sink(g, events, "battle"))
            turn_end.finish_activation(s, events)
        elif not left:
            cargo = s.sink(target, events, "battle")
            _offer_loot(s, g, cargo, True, events)
        elif not attacker_alive:
            cargo = s.sink(g, events, "battle")
            _offer_loot(s, target, cargo, False, events)
        else:
            s.stack.append(Decision("battle", (seat,), target))
    else:
        if not left:
            s.owner[p] = -1
            s.port_count[defender] -= 1
            events.append({"type": "port_neutral", "port": b.port_ids[p], "former_owner": defender})
        if not attacker_alive:
            s.return_to_bank(s.sink(g, events, "battle"))
            turn_end.finish_activation(s, events)
        elif not left:
            s.stack.append(Decision("occupy", (seat,), p))
        else:
            s.stack.append(Decision("battle", (seat,), target))


def legal_battle(
    s: Serenissima2012State, seat: int, top: Decision, why: Why | None
) -> list[Action]:
    a = s.game.actions
    return [a.fight, a.retreat]


def apply_battle(s: Serenissima2012State, seat: int, action: Action, top: Decision) -> list[Event]:
    events: list[Event] = []
    s.stack.pop()
    if action is s.game.actions.fight:
        battle_round(s, seat, top.data, events)
    else:
        events.append({"type": "retreat", "seat": seat, "galley": s.active + 1})
        turn_end.finish_activation(s, events)
    return events


# -- the sunken cargo --------------------------------------------------------------------------


def _offer_loot(
    s: Serenissima2012State,
    survivor: int,
    cargo: list[int],
    attacker_won: bool,
    events: list[Event],
) -> None:
    frame = Decision("loot", (s.g_owner[survivor],), (survivor, tuple(cargo), attacker_won))
    if sum(cargo) and len(legal_loot(s, frame.seats[0], frame, None)) > 1:
        s.stack.append(frame)
    else:
        _end_loot(s, frame, events)


def legal_loot(s: Serenissima2012State, seat: int, top: Decision, why: Why | None) -> list[Action]:
    """A cube of the sunken cargo into a free space of the surviving galley, or done."""
    a = s.game.actions
    survivor, cargo, _rest = top.data
    out: list[Action] = []
    if why is not None:
        for i in range(6):
            if not cargo[i]:
                reason = _("the sunken galley's cargo has no {good} left to take").format(
                    good=_(GOODS[i])
                )
                why.no(reason, RULE_BATTLE, "loot", good=_(GOODS[i]))
    if s.g_sailors[survivor] + s.g_goods[survivor] < 5 and s.g_goods[survivor] < 4:
        out += [a.loot[i] for i in range(6) if cargo[i]]
    elif why is not None:
        reason = _("galley {survivor} has no free space (5 pieces and 4 goods at most)").format(
            survivor=survivor + 1
        )
        why.no(reason, RULE_BATTLE, "loot")
    out.append(a.done)
    return out


def apply_loot(s: Serenissima2012State, seat: int, action: Action, top: Decision) -> list[Event]:
    events: list[Event] = []
    survivor, cargo, attacker_won = top.data
    s.stack.pop()
    if action is s.game.actions.done:
        _end_loot(s, top, events)
        return events
    good = s.game.actions.good_of[action]
    left = list(cargo)
    left[good] -= 1
    s.cargo[6 * survivor + good] += 1
    s.g_goods[survivor] += 1
    events.append({"type": "loot", "seat": seat, "galley": survivor + 1, "good": GOODS[good]})
    frame = Decision("loot", top.seats, (survivor, tuple(left), attacker_won))
    if sum(left) and len(legal_loot(s, seat, frame, None)) > 1:
        s.stack.append(frame)
    else:
        _end_loot(s, frame, events)
    return events


def _end_loot(s: Serenissima2012State, frame: Decision, events: list[Event]) -> None:
    """Cargo nobody took goes back to the bank; the battle goes on or the turn ends."""
    _survivor, cargo, attacker_won = frame.data
    s.return_to_bank(list(cargo))
    if not attacker_won:
        turn_end.finish_activation(s, events)


# -- taking the port -------------------------------------------------------------------------


def legal_occupy(
    s: Serenissima2012State, seat: int, top: Decision, why: Why | None
) -> list[Action]:
    """Unload 1 to `claimable` sailors into the emptied port, or end the turn."""
    from arsenale.games.serenissima_2012.activation import claimable, too_many

    a = s.game.actions
    p = top.data
    n = claimable(s.g_sailors[s.active], s.game.board.port_size[p])
    if why is not None:
        too_many(s, p, n, why)
    return [*a.claim[:n], a.end]


def apply_occupy(s: Serenissima2012State, seat: int, action: Action, top: Decision) -> list[Event]:
    from arsenale.games.serenissima_2012 import activation

    events: list[Event] = []
    s.stack.pop()
    if action is s.game.actions.end:
        events.append({"type": "end", "seat": seat, "galley": s.active + 1})
        turn_end.finish_activation(s, events)
    else:
        activation.complete_claim(s, seat, action["sailors"], events)
    return events
