"""Every action of Serenissima (2012) in the rulebook's words, for the web page's move list
(`Game.action_words`; the notation of actions.py stays for the terminal and the API).

Galleys by their number, ports and sea zones by their printed names (rulebook: Setup;
Activating a galley: loading, movement, sale, battle; Investment).
"""

from __future__ import annotations

from arsenale.core.actions import Action, Wording, amount_words

_FIXED = {
    "act": ("Take this galley's actions", "Activation"),
    "invest": ("Invest instead", "Activation"),
    "sailor_from_port": ("Take a sailor aboard from the port", "Sailors"),
    "sailor_to_port": ("Put a sailor ashore in the port", "Sailors"),
    "sink": ("Sink this galley", "Sink"),
    "attack_port": ("Attack the port", "Attack"),
    "end": ("End this galley's turn", "Finish"),
    "blockade": ("Blockade the galley", "Blockade"),
    "pass": ("Let it pass", "Blockade"),
    "fight": ("Fight another round", "Battle"),
    "retreat": ("Retreat from the battle", "Battle"),
    "done": ("Done looting", "Loot"),
}


def action_words(action: Action, names: dict[str, str]) -> Wording:
    p = action.params
    kind = action.kind
    if kind in _FIXED:
        return Wording(*_FIXED[kind])

    def name(key: str) -> str:
        return names.get(str(p[key]), str(p[key]))

    galley = f"galley {p['galley']}" if "galley" in p else ""
    if kind == "close":
        return Wording(f"Close {name('port')} for this game", "Set-up: close a port")
    if kind == "choose_port":
        return Wording(f"Take {name('port')} as your home port", "Set-up: home port")
    if kind == "choose_galley":
        return Wording(f"Take {galley}", "Set-up: galley")
    if kind == "sailor_from_galley":
        return Wording(f"Take a sailor from {galley}", "Sailors")
    if kind == "sailor_to_galley":
        return Wording(f"Give a sailor to {galley}", "Sailors")
    if kind == "buy_good":
        return Wording(f"Buy {p['good']} here", "Goods")
    if kind == "take_good":
        return Wording(f"Take {p['good']} from {galley}", "Goods")
    if kind == "give_good":
        return Wording(f"Give {p['good']} to {galley}", "Goods")
    if kind == "toss_good":
        return Wording(f"Throw {p['good']} overboard", "Goods")
    if kind == "move":
        return Wording(f"Sail to {name('zone')}", "Move")
    if kind == "sell":
        return Wording(f"Sell {p['good']} here", "Sell")
    if kind == "attack_galley":
        return Wording(f"Attack {galley}", "Attack")
    if kind == "claim":
        return Wording(
            f"Take the port with {amount_words(p['sailors'], 'sailor')}",
            "Take the port",
            ("sailors",),
        )
    if kind == "loot":
        return Wording(f"Take {p['good']} from the sunk galley", "Loot")
    if kind == "recruit_port":
        return Wording(f"Recruit a sailor in {name('port')}", "Recruit")
    if kind == "recruit_galley":
        return Wording(f"Recruit a sailor aboard {galley}", "Recruit")
    if kind == "buy_galley":
        return Wording(f"Buy {galley} in {name('port')}", "Buy a galley")
    if kind == "fort":
        return Wording(f"Build a fort in {name('port')}", "Build")
    if kind == "basilica":
        return Wording(f"Build a basilica in {name('port')}", "Build")
    raise ValueError(f"no words for {action.notation}")
