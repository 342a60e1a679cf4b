"""Phase 4: battles (serenissima-1996.en.txt, "Phase 4: Battles").

Always optional. In turn order, a seat attacks as often as it likes: one of its galleys against
another player's galley in the same area, or against the garrison of another player's port
there. One attack is one round: each side rolls a die and adds its sailors (the galley's, or
the garrison's); each total divided by 3, rounded down, is what the other side loses, at the
same time. Against a fortified port the attacker divides by 4. A galley emptied in a battle
between galleys is captured (with sailors of the winning galley only) or sunk by the winner,
who then sets the split of the goods of the two galleys as he likes, within 5 pieces a
galley (FR: "répartis au choix du joueur"; `Spoils`, RULINGS.md R16), before the galley he
sinks goes down with what is left aboard it; a galley emptied by a garrison sinks with its
cargo. An emptied garrison leaves the port open to landing in phase 5.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple

from arsenale.core.actions import Action
from arsenale.core.decisions import Decision, Why
from arsenale.core.state import Event
from arsenale.games.serenissima_1996 import flow
from arsenale.games.serenissima_1996.board import GOODS
from arsenale.games.serenissima_1996.words import _
from arsenale.i18n import N_

if TYPE_CHECKING:
    from arsenale.games.serenissima_1996.state import Serenissima1996State

RULE_BATTLE: Final = "serenissima-1996.en.txt, Phase 4: Battles, Battles between galleys"
RULE_PORT: Final = "serenissima-1996.en.txt, Phase 4: Battles, Attacking a port"


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
                        _("galley {h} is not on the board").format(h=h + 1)
                        if oh < 0
                        else _("galley {h} is yours").format(h=h + 1)
                        if oh == seat
                        else _("galley {h} is not in the area of galley {g}").format(
                            h=h + 1, g=g + 1
                        ),
                        RULE_BATTLE,
                        "attack",
                        galley=g + 1,
                        target=h + 1,
                    )
    out.append(a.done)
    return out


ATTACKS: Final = ("attack", "attack_port")


def _no_port_attack(s: Serenissima1996State, seat: int, p: int) -> str:
    """Why a galley cannot attack the port of its area."""
    if p < 0:
        return _("there is no port in this area")
    name = s.game.names().get(s.game.board.port_ids[p], s.game.board.port_names[p])
    if s.owner[p] < 0:
        return _("{name} is neutral: land on it in phase 5").format(name=name)
    if s.owner[p] == seat:
        return _("{name} is yours").format(name=name)
    return _("{name} has no garrison left to fight: land on it in phase 5 (RULINGS.md R17)").format(
        name=name
    )


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
                "seat": s.g_owner[g],
                "defender_seat": s.g_owner[h],
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
            "seat": s.g_owner[g],
            "defender_seat": s.owner[p],
            "attacker": g + 1,
            "port": b.port_ids[p],
            "fort": fort,
            "rolls": [a_roll, d_roll],
            "losses": [d_hits, a_hits],
        }
    )
    if s.g_sailors[g] == 0:
        s.sink(g, events, N_("port battle"))
    return events


def _after_galley_battle(s: Serenissima1996State, g: int, h: int, events: list[Event]) -> None:
    if s.g_sailors[g] == 0 and s.g_sailors[h] == 0:
        s.sink(g, events, N_("battle"))
        s.sink(h, events, N_("battle"))
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
                    _("galley {winner} has only {sailors} sailors to move aboard").format(
                        winner=winner + 1, sailors=sailors
                    ),
                    RULE_BATTLE,
                    "capture",
                    sailors=k,
                )
            elif k > room:
                why.no(
                    _(
                        "galley {loser} carries {g_good} goods: room for {room} sailors at most (5 pieces a galley, RULINGS.md R25)"
                    ).format(loser=loser + 1, g_good=s.g_goods[loser], room=room),
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


class Spoils(NamedTuple):
    """The goods of the two galleys of a battle, being shared out by the winner (RULINGS.md
    R16): every cube of both is lifted into `pool`; `take <good>` puts one aboard `keep` (the
    winner's galley, or the captured one when the winner's sinks), `load` counting them; `done`
    leaves the rest aboard `other`, which then sinks with them if the winner sinks it (`mode`
    "sink_first" or "sink_second"; "share" after a capture that keeps both afloat). Nothing
    moves on the board until `done`."""

    first: int  # the winning galley
    second: int  # the beaten galley
    mode: str
    pool: tuple[int, ...]
    load: tuple[int, ...]

    @property
    def keep(self) -> int:
        return self.second if self.mode == "sink_first" else self.first

    @property
    def other(self) -> int:
        return self.first if self.mode == "sink_first" else self.second

    @property
    def sinking(self) -> bool:
        return self.mode != "share"

    def to_json(self, s: Serenissima1996State) -> dict[str, object]:
        return {
            "kind": "spoils",
            "loading": self.keep + 1,
            "other": self.other + 1,
            "sinking": self.sinking,
            "loaded": {GOODS[i]: n for i, n in enumerate(self.load) if n},
            "left": {GOODS[i]: n for i, n in enumerate(self.pool) if n},
        }


def _share(
    s: Serenissima1996State, seat: int, first: int, second: int, mode: str, events: list[Event]
) -> None:
    """Open the sharing of the goods of both galleys, unless there is nothing to choose."""
    cargo = s.cargo
    pool = tuple(cargo[7 * first + i] + cargo[7 * second + i] for i in range(7))
    frame = Decision("spoils", (seat,), Spoils(first, second, mode, pool, (0,) * 7))
    legal = legal_spoils(s, seat, frame)
    if len(legal) > 1 or legal[0] is not s.game.actions.done:
        s.stack.append(frame)
        sp: Spoils = frame.data
        events.append(
            {
                "type": "sharing",
                "seat": seat,
                "galley": sp.keep + 1,
                "other": sp.other + 1,
                "sinking": sp.sinking,
            }
        )
    else:
        _finish_spoils(s, seat, frame, events, moved=False)


def _rest_fits(s: Serenissima1996State, sp: Spoils) -> bool:
    """Whether the goods not put aboard `keep` fit aboard `other`: 5 pieces a galley."""
    return sum(sp.pool) + s.g_sailors[sp.other] <= 5


def legal_spoils(
    s: Serenissima1996State, seat: int, top: Decision, why: Why | None = None
) -> list[Action]:
    """`take` puts a good of the pool aboard the galley being loaded while it has room (5
    pieces, a sailor among them); `done` once the rest fits aboard the other galley (5
    pieces), which keeps them or sinks with them. Each cube is placed once, so a sharing
    ends (RULINGS.md R16, R30)."""
    a = s.game.actions
    sp: Spoils = top.data
    keep = sp.keep
    room = s.g_sailors[keep] + sum(sp.load) < 5
    out: list[Action] = []
    for i, good in enumerate(GOODS):
        if sp.pool[i] and room:
            out.append(a.take[i])
        elif why is not None and why.wants("take"):
            why.no(
                _("no {good} is left to share").format(good=good)
                if not sp.pool[i]
                else _("galley {keep} is full: 5 pieces a galley").format(keep=keep + 1),
                RULE_BATTLE,
                "take",
                good=good,
            )
    if _rest_fits(s, sp):
        out.append(a.done)
    elif why is not None:
        why.no(
            _(
                "the goods left would not fit aboard galley {other}: 5 pieces a galley, {g_sailor} of them sailors"
            ).format(other=sp.other + 1, g_sailor=s.g_sailors[sp.other]),
            RULE_BATTLE,
            "done",
        )
    return out


def apply_spoils(s: Serenissima1996State, seat: int, action: Action, top: Decision) -> list[Event]:
    sp: Spoils = top.data
    events: list[Event] = []
    if action is s.game.actions.done:
        s.stack.pop()
        _finish_spoils(s, seat, top, events)
        return events
    i = GOODS.index(action["good"])
    pool = (*sp.pool[:i], sp.pool[i] - 1, *sp.pool[i + 1 :])
    load = (*sp.load[:i], sp.load[i] + 1, *sp.load[i + 1 :])
    top = s.stack[-1] = Decision("spoils", top.seats, sp._replace(pool=pool, load=load))
    events.append({"type": "spoils", "seat": seat, "good": action["good"], "to": sp.keep + 1})
    if legal_spoils(s, seat, top) == [s.game.actions.done]:
        s.stack.pop()
        _finish_spoils(s, seat, top, events)
    return events


def _finish_spoils(
    s: Serenissima1996State, seat: int, frame: Decision, events: list[Event], moved: bool = True
) -> None:
    """Set the split: `load` aboard `keep`, the rest aboard `other`; then sink the galley the
    winner sinks, with the goods aboard it (FR: "la galère coule avec tous les pions
    Marchandises")."""
    sp: Spoils = frame.data
    if moved:
        for g, goods in ((sp.keep, sp.load), (sp.other, sp.pool)):
            s.cargo[7 * g : 7 * g + 7] = goods
            s.g_goods[g] = sum(goods)
        events.append(
            {
                "type": "shared",
                "seat": seat,
                "galleys": [
                    {"galley": g + 1, **{GOODS[i]: n for i, n in enumerate(goods) if n}}
                    for g, goods in ((sp.keep, sp.load), (sp.other, sp.pool))
                ],
                "sinking": sp.other + 1 if sp.sinking else None,
            }
        )
    if sp.mode == "sink_first":
        s.sink(sp.first, events, N_("crew moved to the captured galley"))
    elif sp.mode == "sink_second":
        s.sink(sp.second, events, N_("sunk by the winner"))
