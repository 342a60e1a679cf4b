"""Every action of Amalfi: Renaissance in the rulebook's words, for the web page's move list
(`Game.action_words`; the notation of actions.py stays for the terminal and the API).

Characters and destinations by their names as the terminal prints them; the ships built are
the amount a control chooses (RULES.md: Starting hands, Actions, Payments, Navigation,
Lighthouses, Bonuses, Construction, Feed, Decree).
"""

from __future__ import annotations

from arsenale.core.actions import Action, Wording, amount_words
from arsenale.games.amalfi_renaissance.board import name as _name

_FIXED = {
    "pass": ("Pass for the rest of the period", "Main action"),
    "emergency": ("Emergency supply: send a bay ship to the port for 3 units", "Payment"),
    "done": ("Done: pay", "Payment"),
    "stop": ("Send no more ships", "Send ships"),
    "feed": ("Feed the crews", "Feed"),
    "ready": ("Score the decree", "Decree"),
}
_SLOT = ["leftmost", "second", "third", "fourth", "fifth"]


def action_words(action: Action) -> Wording:
    p = action.params
    kind = action.kind
    if kind in _FIXED:
        return Wording(*_FIXED[kind])
    if kind == "pack":
        return Wording(f"Take the {p['icon']} pack of characters", "Starting hand")
    if kind == "keep":
        return Wording(f"Keep {_name(p['card'])} for your starting hand", "Starting hand")
    if kind == "navigate":
        return Wording(f"Navigate to {_name(p['place'])}", "Navigate")
    if kind == "acquire":
        return Wording(f"Acquire the {_SLOT[p['slot'] - 1]} artwork of the Workshop", "Acquire")
    if kind == "discover":
        return Wording(f"Discover the {_SLOT[p['slot'] - 1]} tile of the Atlas", "Discover")
    if kind == "invite":
        return Wording(f"Invite {_name(p['card'])} from your hand", "Invite a character")
    if kind == "engage":
        return Wording(
            f"Engage {_name(p['card'])}: turn the card and apply it", "Engage a character"
        )
    if kind == "construct":
        return Wording(f"Build {amount_words(p['ships'], 'ship')}", "Construct", ("ships",))
    if kind == "unload":
        return Wording(f"Unload a ship from the {p['hold']} hold", "Payment")
    if kind == "discard":
        return Wording(f"Discard {_name(p['card'])} for 1 bread", "Discard a character")
    if kind == "send":
        return Wording(f"Send a ship to the {p['hold']} hold", "Send ships")
    if kind == "evolving":
        when = "before" if p["when"] == "first" else "after"
        return Wording(f"Take the character {when} the destination's benefits", "Evolving bonus")
    if kind == "take":
        return Wording(f"Take the {_SLOT[p['slot'] - 1]} character of the Council", "Council")
    if kind == "lighthouse":
        return Wording(f"Erect a lighthouse at {_name(p['place'])}", "Lighthouse")
    if kind == "instead":
        what = "a character" if p["what"] == "character" else "2 VP"
        return Wording(f"Take {what} instead of a lighthouse", "Lighthouse")
    if kind == "choose":
        what = "take a character" if p["what"] == "character" else "straighten a character"
        return Wording(f"Choose to {what}", "Bonus")
    if kind == "straighten":
        return Wording(f"Straighten {_name(p['card'])} again", "Straighten")
    if kind == "beacon":
        if p["use"] == "bread":
            return Wording("Take 1 bread from the lighthouse", "Your lighthouse")
        return Wording(f"Pay 2 bread: send a ship to the {p['use']} hold", "Your lighthouse")
    raise ValueError(f"no words for {action.notation}")
