"""Phase 4: battles (serenissima-1996.en.txt, "Phase 4: Battles").

Always optional. In turn order, a seat attacks as often as it likes: one of its galleys against
another player's galley in the same area, or against the garrison of another player's port
there. One attack is one round: each side rolls a die and adds its sailors (the galley's, or
the garrison's); each total divided by 3, rounded down, is what the other side loses, at the
same time. Against a fortified port the attacker divides by 4. A galley emptied in a battle
between galleys is captured (with sailors of the winning galley only) or sunk by the winner,
who shares out the goods of the two galleys; a galley emptied by a garrison sinks with its
cargo. An emptied garrison leaves the port open to landing in phase 5.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arsenale.core.actions import Action
from arsenale.core.decisions import Decision, Why
from arsenale.core.state import Event
from arsenale.games.serenissima_1996 import flow
from arsenale.games.serenissima_1996.board import GOODS

if TYPE_CHECKING:
    from arsenale.games.serenissima_1996.state import Serenissima1996State

RULE_BATTLE = "serenissima-1996.en.txt, Phase 4: Battles, Battles between galleys"
RULE_PORT = "serenissima-1996.en.txt, Phase 4: Battles, Attacking a port"


def legal_battles(
    s: Serenissima1996State, seat: int, top: Decision, why: Why | None = None
) -> list[Action]:
    """A galley of the seat against another player's galley in its area, or against the
    garrison of another player's port there."""
    a, b = s.game.actions, s.game.board
    out: list[Action] = []
    g_owner, g_area = s.g_owner, s.g_area
    if why is not None:
        if not why.wants(ATTACKS):
            why = None
        else:
            s.refuse_others(seat, why, ATTACKS, RULE_BATTLE)
    for g, o in enumerate(g_owner):
        if o != seat:
            continue
        area = g_area[g]
        row = a.attack[g]
        out += [
            row[h] for h, oh in enumerate(g_owner) if oh >= 0 and oh != seat and g_area[h] == area
        ]
        p = b.area_port[area]
        if p >= 0 and s.owner[p] >= 0 and s.owner[p] != seat and s.garrison[p] > 0:
            out.append(a.attack_port[g])
        elif why is not None:
            why.no(_no_port_attack(s, seat, p), RULE_PORT, "attack_port", galley=g + 1)
        if why is not None:
            for h, oh in enumerate(g_owner):
                if oh < 0 or oh == seat or g_area[h] != area:
                    why.no(
                        f"galley {h + 1} is not on the board"
                        if oh < 0
                        else f"galley {h + 1} is yours"
                        if oh == seat
                        else f"galley {h + 1} is not in the area of galley {g + 1}",
                        RULE_BATTLE,
                        "attack",
                        galley=g + 1,
                        target=h + 1,
                    )
    out.append(a.done)
    return out


ATTACKS = ("attack", "attack_port")


def _no_port_attack(s: Serenissima1996State, seat: int, p: int) -> str:
    """Why a galley cannot attack the port of its area."""
    if p < 0:
        return "there is no port in this area"
    name = s.game.board.port_names[p]
    if s.owner[p] < 0:
        return f"{name} is neutral: land on it in phase 5"
    if s.owner[p] == seat:
        return f"{name} is yours"
    return f"{name} has no garrison left to fight: land on it in phase 5 (RULINGS.md R17)"


def die(s: Serenissima1996State) -> int:
    return s.chance.below(6) + 1


def apply_battles(s: Serenissima1996State, seat: int, action: Action, top: Decision) -> list[Event]:
    events: list[Event] = []
    if action is s.game.actions.done:
        events.append({"type": "done", "seat": seat, "phase": 4})
        flow.end_turn(s, events)
        return events
    divisor = s.game.board.rules["battle_divisor"]
    g = action["galley"] - 1
    a_roll = die(s)
    if action.kind == "attack":
        h = action["target"] - 1
        d_roll = die(s)
        a_hits = min((a_roll + s.g_sailors[g]) // divisor, s.g_sailors[h])
        d_hits = min((d_roll + s.g_sailors[h]) // divisor, s.g_sailors[g])
        s.g_sailors[g] -= d_hits
        s.g_sailors[h] -= a_hits
        s.box += d_hits + a_hits
        events.append(
            {
                "type": "battle",
                "attacker": g + 1,
                "defender": h + 1,
                "rolls": [a_roll, d_roll],
                "losses": [d_hits, a_hits],
            }
        )
        _after_galley_battle(s, g, h, events)
        return events
    b = s.game.board
    p = b.area_port[s.g_area[g]]
    fort = bool(s.forts >> p & 1)
    d_roll = die(s)
    a_hits = min(
        (a_roll + s.g_sailors[g]) // (b.rules["fort_divisor"] if fort else divisor), s.garrison[p]
    )
    d_hits = min((d_roll + s.garrison[p]) // divisor, s.g_sailors[g])
    s.g_sailors[g] -= d_hits
    s.garrison[p] -= a_hits
    s.box += d_hits + a_hits
    events.append(
        {
            "type": "port_battle",
            "attacker": g + 1,
            "port": b.port_ids[p],
            "fort": fort,
            "rolls": [a_roll, d_roll],
            "losses": [d_hits, a_hits],
        }
    )
    if s.g_sailors[g] == 0:
        s.sink(g, events, "port battle")
    return events


def _after_galley_battle(s: Serenissima1996State, g: int, h: int, events: list[Event]) -> None:
    if s.g_sailors[g] == 0 and s.g_sailors[h] == 0:
        s.sink(g, events, "battle")
        s.sink(h, events, "battle")
    elif s.g_sailors[h] == 0:
        s.stack.append(Decision("victory", (s.g_owner[g],), (g, h)))
    elif s.g_sailors[g] == 0:
        s.stack.append(Decision("victory", (s.g_owner[h],), (h, g)))


# -- capture or sink, then the goods -----------------------------------------------------------


def legal_victory(
    s: Serenissima1996State, seat: int, top: Decision, why: Why | None = None
) -> list[Action]:
    """Capture with sailors of the winning galley only, no more than the captured galley has
    room for beside its cargo (RULINGS.md R25); or sink it. The galley is already on the board,
    so a capture takes nothing from the box (R11)."""
    a = s.game.actions
    winner, loser = top.data
    room = 5 - s.g_goods[loser]  # the captured galley keeps its cargo: 5 pieces in all
    sailors = s.g_sailors[winner]
    out: list[Action] = a.capture[: min(sailors, room)]
    if why is not None and why.wants("capture"):
        for k in range(1, len(a.capture) + 1):
            if k > sailors:
                why.no(
                    f"galley {winner + 1} has only {sailors} sailors to move aboard",
                    RULE_BATTLE,
                    "capture",
                    sailors=k,
                )
            elif k > room:
                why.no(
                    f"galley {loser + 1} carries {s.g_goods[loser]} goods: room for {room} "
                    "sailors at most (5 pieces a galley, RULINGS.md R25)",
                    RULE_BATTLE,
                    "capture",
                    sailors=k,
                )
    return [*out, a.sink]


def apply_victory(s: Serenissima1996State, seat: int, action: Action, top: Decision) -> list[Event]:
    winner, loser = top.data
    s.stack.pop()
    events: list[Event] = []
    if action is s.game.actions.sink:
        events.append({"type": "sink_chosen", "seat": seat, "galley": loser + 1})
        _share(s, seat, winner, loser, "sink_second", events)
        return events
    k = action["sailors"]
    previous = s.g_owner[loser]
    s.g_owner[loser] = seat
    s.g_sailors[winner] -= k
    s.g_sailors[loser] += k
    events.append(
        {"type": "captured", "seat": seat, "galley": loser + 1, "from": previous, "sailors": k}
    )
    _share(s, seat, winner, loser, "sink_first" if s.g_sailors[winner] == 0 else "share", events)
    return events


def _share(
    s: Serenissima1996State, seat: int, first: int, second: int, mode: str, events: list[Event]
) -> None:
    frame = Decision("spoils", (seat,), (first, second, mode, 0))
    if len(legal_spoils(s, seat, frame)) > 1:
        s.stack.append(frame)
    else:
        _finish_spoils(s, frame, events)


def legal_spoils(
    s: Serenissima1996State, seat: int, top: Decision, why: Why | None = None
) -> list[Action]:
    """`take` moves a good from the second galley to the first, `give` the other way; only
    towards a galley that stays afloat and has room, and each good one way only (RULINGS.md
    R30: `moved` has bit i once good i was taken, bit 7 + i once it was given)."""
    a = s.game.actions
    first, second, mode, moved = top.data
    out: list[Action] = []
    for kind, src, dst, sinking, back in (
        ("take", second, first, "sink_first", 7),
        ("give", first, second, "sink_second", 0),
    ):
        if mode != sinking and s.room(dst):
            row = a.take if kind == "take" else a.give
            base = 7 * src
            out += [row[i] for i in range(7) if s.cargo[base + i] and not moved >> (back + i) & 1]
        if why is not None and why.wants(kind):
            _why_not_share(s, why, kind, src, dst, mode == sinking, moved >> back)
    out.append(a.done)
    return out


def _why_not_share(
    s: Serenissima1996State, why: Why, kind: str, src: int, dst: int, sinking: bool, other_way: int
) -> None:
    """The check of `legal_spoils` that keeps a `take` or `give` out (`other_way`: bit i set
    once good i went the other way)."""
    if sinking:
        why.no(f"galley {dst + 1} is sinking: no goods go aboard", RULE_BATTLE, kind)
    elif not s.room(dst):
        why.no(
            f"galley {dst + 1} has no room: 5 pieces a galley, at most 4 goods",
            RULE_BATTLE,
            kind,
        )
    for i, good in enumerate(GOODS):
        if not s.cargo[7 * src + i]:
            why.no(f"there is no {good} aboard galley {src + 1}", RULE_BATTLE, kind, good=good)
        elif other_way >> i & 1:
            why.no(
                f"{good} already went the other way: each good moves one way only (RULINGS.md R30)",
                RULE_BATTLE,
                kind,
                good=good,
            )


def apply_spoils(s: Serenissima1996State, seat: int, action: Action, top: Decision) -> list[Event]:
    first, second, mode, moved = top.data
    events: list[Event] = []
    if action is s.game.actions.done:
        s.stack.pop()
        _finish_spoils(s, top, events)
        return events
    good = GOODS.index(action["good"])
    taken = action.kind == "take"
    src, dst = (second, first) if taken else (first, second)
    top = s.stack[-1] = Decision(
        "spoils", top.seats, (first, second, mode, moved | 1 << (good if taken else 7 + good))
    )
    s.cargo[7 * src + good] -= 1
    s.g_goods[src] -= 1
    s.cargo[7 * dst + good] += 1
    s.g_goods[dst] += 1
    events.append(
        {"type": "spoils", "seat": seat, "good": action["good"], "from": src + 1, "to": dst + 1}
    )
    if len(legal_spoils(s, seat, top)) == 1:
        s.stack.pop()
        _finish_spoils(s, top, events)
    return events


def _finish_spoils(s: Serenissima1996State, frame: Decision, events: list[Event]) -> None:
    first, second, mode, _moved = frame.data
    if mode == "sink_first":
        s.sink(first, events, "crew moved to the captured galley")
    elif mode == "sink_second":
        s.sink(second, events, "sunk by the winner")
