"""Phase 6: sales and income, then the end of the round or of the game
(serenissima-1996.en.txt, "Phase 6"; serenissima-1996.fr.txt, "FIN DE PARTIE").

A good sells in a port that neither produces it nor holds it; the cube takes the lowest free
warehouse space and the bank pays 100 ducats times that space's number (the first is 2), in
any port. Selling into another player's port a good none of that player's ports produces or
holds earns 500 more, 1,000 in a capital. Then each seat holding its own capital gets 300.
After the last round, prosperity points decide (state.prosperity).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from arsenale.core.actions import Action
from arsenale.core.decisions import Decision, Why
from arsenale.core.state import Event
from arsenale.games.serenissima_1996 import flow
from arsenale.games.serenissima_1996.board import GOODS, POPCOUNT
from arsenale.games.serenissima_1996.words import _

if TYPE_CHECKING:
    from arsenale.games.serenissima_1996.state import Serenissima1996State

RULE_SALE: Final = "serenissima-1996.en.txt, Phase 6: Sale of trade goods and income"
RULE_MARKETS: Final = "serenissima-1996.en.txt, Phase 6, Opening new markets"


def can_sell(s: Serenissima1996State, p: int, good: int) -> bool:
    """A port buys a good it neither produces nor holds, while its warehouse has space."""
    b = s.game.board
    wh = s.warehouse[p]
    return b.port_good[p] != good and not wh >> good & 1 and POPCOUNT[wh] < b.port_size[p]


def legal_sales(
    s: Serenissima1996State, seat: int, top: Decision, why: Why | None = None
) -> list[Action]:
    """Every good aboard a galley of the seat that the port of its area buys (`can_sell`)."""
    a, b = s.game.actions, s.game.board
    out: list[Action] = []
    cargo = s.cargo
    if why is not None:
        if not why.wants("sell"):
            why = None
        else:
            s.refuse_others(seat, why, "sell", RULE_SALE)
    for g, o in enumerate(s.g_owner):
        if o != seat:
            continue
        if s.g_goods[g]:
            p = b.area_port[s.g_area[g]]
            if p >= 0:
                row = a.sell[g]
                out += [row[i] for i in range(7) if cargo[7 * g + i] and can_sell(s, p, i)]
            elif why is not None:
                why.no(_("there is no port in this area"), RULE_SALE, "sell", galley=g + 1)
        if why is not None:
            _why_not_sell(s, g, why)
    out.append(a.done)
    return out


def _why_not_sell(s: Serenissima1996State, g: int, why: Why) -> None:
    """The checks of `legal_sales` and `can_sell` on the goods of galley g."""
    b = s.game.board
    for i, good in enumerate(GOODS):
        if not s.cargo[7 * g + i]:
            why.no(
                _("there is no {good} aboard galley {g}").format(good=good, g=g + 1),
                RULE_SALE,
                "sell",
                galley=g + 1,
                good=good,
            )
    p = b.area_port[s.g_area[g]]
    if p < 0:
        return
    name, wh = s.game.names()[b.port_ids[p]], s.warehouse[p]
    for i, good in enumerate(GOODS):
        if b.port_good[p] == i:
            reason = _(
                "{name} produces {good}: it buys only goods it neither makes nor holds"
            ).format(name=name, good=good)
        elif wh >> i & 1:
            reason = _("{name} already holds {good} in its warehouse").format(name=name, good=good)
        else:
            reason = _("the warehouse of {name} is full").format(name=name)
        why.no(reason, RULE_SALE, "sell", galley=g + 1, good=good)


def new_market_bonus(s: Serenissima1996State, seller: int, p: int, good: int) -> int:
    """500 (1,000 in a capital) when the port's owner is another player none of whose ports
    produce or hold the good."""
    b = s.game.board
    owner = s.owner[p]
    if owner < 0 or owner == seller:
        return 0
    if any(s.port_has(q, good) for q in s.ports_of(owner)):
        return 0
    return (
        b.prices["capital_market_bonus"] if b.port_nation[p] >= 0 else b.prices["new_market_bonus"]
    )


def apply_sales(s: Serenissima1996State, seat: int, action: Action, top: Decision) -> list[Event]:
    events: list[Event] = []
    if action is s.game.actions.done:
        events.append({"type": "done", "seat": seat, "phase": 6})
        flow.end_turn(s, events)
        return events
    b = s.game.board
    g, good = action["galley"] - 1, GOODS.index(action["good"])
    p = b.area_port[s.g_area[g]]
    space = b.rules["first_space_value"] + POPCOUNT[s.warehouse[p]]
    price = space * b.prices["space_value_unit"]
    bonus = new_market_bonus(s, seat, p, good)
    s.warehouse[p] |= 1 << good
    s.cargo[7 * g + good] -= 1
    s.g_goods[g] -= 1
    s.money[seat] += price + bonus
    events.append(
        {
            "type": "sold",
            "seat": seat,
            "good": action["good"],
            "port": b.port_ids[p],
            "ducats": price,
            "bonus": bonus,
        }
    )
    return events


def end_round(s: Serenissima1996State, events: list[Event]) -> None:
    """Income of 300 for each seat holding its own capital; then a new round or the end."""
    income = s.game.board.prices["capital_income"]
    for seat in range(s.players):
        if s.owner[s.capital_of(seat)] == seat:
            s.money[seat] += income
            events.append({"type": "income", "seat": seat, "ducats": income})
    if s.round >= s.rounds:
        s.over = True
        s.stack.clear()
        events.append({"type": "game_over", "result": s.result().to_json()})
        return
    flow.start_round(s, events)
