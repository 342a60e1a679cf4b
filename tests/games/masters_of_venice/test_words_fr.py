"""Masters of Venice in French and English (arsenale.i18n, the game's catalogue
locale/fr/LC_MESSAGES/masters_of_venice.po and board.toml's `name_fr`): moves, events, seat
names, amount labels, the final account, refusals (the rule reference unchanged), the terminal
game with --lang fr, and no translation while legal moves are generated."""

from __future__ import annotations

import random
import re

import pytest
from typer.testing import CliRunner

from arsenale import i18n
from arsenale.bots.registry import make_bot
from arsenale.cli import app
from arsenale.core.errors import IllegalAction, NotationError
from arsenale.core.info import SeatInfo
from arsenale.core.registry import load_game
from arsenale.games.masters_of_venice.board import BID_CAP, BID_STEP

NBSP = "\u00a0"
GAME = load_game("masters-of-venice")
LABEL = {0: "red", 1: "blue", 2: "green"}.__getitem__


def _playing(plies: int, players: int = 2, seed: int = 3):  # type: ignore[no-untyped-def]
    state = GAME.new_game(players, seed=seed)
    bots = [make_bot("heuristic", GAME, seed=s) for s in range(players)]
    for _ in range(plies):
        for seat in state.to_move():
            state.apply(seat, bots[seat].choose(SeatInfo(state, seat)))
    return state


def test_moves_and_their_amount_labels_in_both_languages() -> None:
    bid = GAME.catalogue.get("bid", amount=1100 if BID_CAP >= 1100 else 1000)
    buy = GAME.catalogue.get("buy", count=3, resource="spice")
    go = GAME.catalogue.get("go", place="guild")
    shares = GAME.catalogue.get("buy_shares", blacksmith=2, north=1)
    favor = GAME.catalogue.get("play_favor", value=30, shop="spice", orders=1)
    with i18n.speaking("en"):
        assert GAME.wording(bid).text == "Bid 1,000 ducats"
        assert GAME.wording(bid).labels == ("Ducats bid",)
        assert GAME.wording(buy).text == "Buy 3 cubes of spice"
        assert GAME.wording(buy).labels == ("Cubes bought",)
        assert GAME.wording(go).text == "Go to the Guild Hall"
        assert GAME.wording(shares).text == (
            "Buy 2 shares of the Blacksmith and 1 share of the Shipping Office North"
        )
        assert GAME.wording(favor).text == "Play the 30 favor: add 1 order at the Spice Shop"
        assert GAME.wording(favor).labels == ("Orders added",)
    with i18n.speaking("fr"):
        assert GAME.wording(bid).text == "Miser 1\u202f000 ducats"  # thousands: narrow nbsp
        assert GAME.wording(bid).labels == ("Ducats misés",)
        assert GAME.wording(buy).text == "Acheter 3 cubes d’épices"
        assert GAME.wording(buy).labels == ("Cubes achetés",)
        assert GAME.wording(go).text == "Aller à l’Hôtel de la Guilde"
        assert GAME.wording(shares).text == (
            "Acheter 2 actions du Forgeron et 1 action du Bureau maritime nord"
        )
        assert GAME.wording(favor).text == (
            f"Jouer la faveur de 30{NBSP}: ajouter 1 commande chez l’Épicier"
        )
        assert GAME.wording(favor).labels == ("Commandes ajoutées",)
    # every amount family of the game names its control, in both languages
    for language in ("en", "fr"):
        with i18n.speaking(language):
            for action in GAME.catalogue:
                words = GAME.wording(action)
                assert len(words.labels) == len(words.amounts), action.notation


def test_events_seat_names_and_the_final_account_in_both_languages() -> None:
    sale = {"type": "sale", "seat": 1, "resource": "gems", "count": 4, "total": 240}
    rumor = {"type": "rumor", "seat": 0, "shop": "blacksmith", "peg": "share", "dir": "up"}
    controls = {"type": "controls", "resource": "spice", "reached": 105}
    with i18n.speaking("en"):
        assert GAME.describe_event(sale, LABEL) == (
            "Blue sells 4 cubes of gems at the Jeweler for 240 ducats"
        )
        assert GAME.describe_event(rumor, LABEL) == (
            "Red plays a rumor at the Blacksmith: the share price goes up"
        )
        assert GAME.seat_name("purple") == "Purple"
    with i18n.speaking("fr"):
        assert GAME.describe_event(sale, LABEL) == (
            "Bleu vend 4 cubes de gemmes chez le Joaillier pour 240 ducats"
        )
        assert GAME.describe_event(rumor, LABEL) == (
            f"Rouge joue une rumeur chez le Forgeron{NBSP}: le cours de l’action monte"
        )
        assert GAME.describe_event(controls, LABEL) == (
            f"Contrôle des prix{NBSP}: le prix des épices revient à 40"
        )
        assert GAME.seat_name("purple") == "Violet"
        # the terminal names seats before it words the event: a name is kept as it is
        assert GAME.describe_event(sale, {1: "Bleu"}.__getitem__).startswith("Bleu vend")
    state = _finished()
    with i18n.speaking("fr"):
        account = GAME.final_account(state)
        assert account["sources"][0]["source"] == "PV sur la piste (livraisons, divisions)"
        assert account["tiebreak_names"] == ["argent", "valeur des actions"]
    assert GAME.final_account(state)["sources"][0]["source"].startswith("VP on the track")


def _finished():  # type: ignore[no-untyped-def]
    state = GAME.new_game(2, seed=5)
    bots = [make_bot("heuristic", GAME, seed=s) for s in range(2)]
    while not state.is_over:
        for seat in state.to_move():
            state.apply(seat, bots[seat].choose(SeatInfo(state, seat)))
    return state


def test_a_refused_bid_in_both_languages_with_the_range_and_the_same_rule() -> None:
    state = GAME.new_game(2, seed=1)  # round 1 is a bid; every merchant holds 150 ducats
    too_much = GAME.catalogue.get("bid", amount=500)
    with i18n.speaking("fr"), pytest.raises(IllegalAction) as french:
        state.apply(0, too_much)
    with i18n.speaking("en"), pytest.raises(IllegalAction) as english:
        state.apply(0, too_much)
    assert english.value.reason == (
        "a bid of 500 is more than your 150 ducats; the range now: ducats bid 0 to 150 in steps of 5"
    )
    assert french.value.reason == (
        f"une enchère de 500 dépasse vos 150 ducats{NBSP}; ce qui est possible maintenant"
        f"{NBSP}: ducats misés de 0 à 150 par pas de 5"
    )
    assert french.value.rule == english.value.rule == "masters-of-venice.en.txt, Bidding"
    assert state.ply == 0 and list(state.to_move()) == [0, 1]  # nothing changed


def test_refusals_of_the_game_and_of_the_core_in_french() -> None:
    state = GAME.new_game(2, seed=1)
    with i18n.speaking("fr"):
        with pytest.raises(NotationError) as typo:
            state.apply(0, "bid 7")  # bids go in steps of 5
        assert typo.value.reason.startswith(f"'bid 7' n’est pas un coup ici{NBSP}: chaque")
        with pytest.raises(IllegalAction) as early:
            state.apply(0, "go docks")  # a destination, but this is a bidding round
        assert early.value.reason.startswith(
            f"'go docks' n’est pas possible maintenant{NBSP}: chaque marchand mise en secret"
        )
        with pytest.raises(NotationError) as unknown:
            state.apply(0, "fly home")
        assert unknown.value.reason == "'fly home' n’est pas un coup du jeu Masters of Venice"
    state = _playing(1)  # the bids are in: one merchant picks a character
    seat = state.to_move()[0]
    other = 1 - seat
    with i18n.speaking("fr"), pytest.raises(IllegalAction) as turn:
        state.apply(other, "character thief")
    name = GAME.seat_name(state.seat_label(seat))
    with i18n.speaking("fr"):
        french_name = GAME.seat_name(state.seat_label(seat))
        other_name = GAME.seat_name(state.seat_label(other))
    assert turn.value.reason == (
        f"ce n’est pas à {other_name} de décider maintenant{NBSP}; on attend {french_name}"
    )
    with pytest.raises(IllegalAction) as english:
        state.apply(other, "character thief")
    assert english.value.reason.endswith(f"; waiting for {name}")


def test_every_refusal_of_a_french_game_is_in_french() -> None:
    """A whole game of bots; at every decision, every action the seat may not play is refused
    in French: no English sentence, no placeholder left, the rule reference in English as the
    rulebook's section names are."""
    state = GAME.new_game(3, seed=4)
    bots = [make_bot("heuristic", GAME, seed=s) for s in range(3)]
    rng = random.Random(4)
    english = re.compile(r"\b(the|you|your|have|has|only|cannot|already|is|of|at)\b")
    seen = 0
    with i18n.speaking("fr"):
        while not state.is_over:
            for seat in state.to_move():
                legal = set(state.legal_actions(seat))
                for action in rng.sample(list(GAME.catalogue), 8):
                    if action in legal:
                        continue
                    with pytest.raises(IllegalAction) as refusal:
                        state.apply(seat, action)
                    reason = refusal.value.reason
                    quoted = re.sub(r"'[^']*'", "", reason)
                    assert "{" not in reason and not english.search(quoted), reason
                    assert refusal.value.rule and "masters-of-venice.en.txt" in refusal.value.rule
                    seen += 1
                for event in state.apply(seat, bots[seat].choose(SeatInfo(state, seat))):
                    text = GAME.describe_event(event, state.seat_label)
                    assert "{" not in text and not english.search(text), text
    assert seen > 500


def test_legal_moves_are_generated_without_translating(monkeypatch: pytest.MonkeyPatch) -> None:
    """Refusal texts are translated only when a refusal is built: random play in French asks
    the catalogues nothing while it generates and plays legal moves."""
    calls = []
    real = i18n._translations
    monkeypatch.setattr(i18n, "_translations", lambda *a: calls.append(a) or real(*a))
    state = GAME.new_game(3, seed=8)
    rng = random.Random(8)
    plies = 0
    with i18n.speaking("fr"):
        while not state.is_over:
            for seat in state.to_move():
                legal = state.legal_actions(seat)
                state.apply(seat, legal[rng.randrange(len(legal))])
                plies += 1
    assert plies > 100 and calls == []
    with i18n.speaking("fr"), pytest.raises(IllegalAction):
        GAME.new_game(3, seed=8).apply(0, "bid 500")  # more than the 150 ducats held
    assert calls, "a refusal does ask the catalogue"


def test_the_bid_decision_states_the_dials_range() -> None:
    asks = GAME.new_game(2, seed=1).phases["bid"].asks
    assert f"0 to {BID_CAP:,} in steps of {BID_STEP}" in asks


def test_the_terminal_game_speaks_french() -> None:
    args = ["play", "masters-of-venice", "--players", "2", "--seats", "heuristic,heuristic"]
    result = CliRunner().invoke(app, ["--lang", "fr", *args, "--seed", "3"])
    i18n.use("en")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Partie terminée." in out and "Résultat" in out
    assert f"Manche 2{NBSP}: manche de commerce" in out and "Rouge" in out and "Bleu" in out
    assert re.search(r"(Rouge|Bleu) (achète|vend) \d+ cubes? d", out), out[-2000:]
    assert "Bleu est le Gondolier" in out or "Rouge est le Gondolier" in out
    for english in (
        " buys ",
        " sells ",
        "Guild Hall",
        "Stock Market",
        "Red ",
        "Blue ",
        "Game over",
    ):
        assert english not in out, english


def test_a_french_player_sees_the_board_and_the_decision_in_french() -> None:
    args = ["--lang", "fr", "play", "masters-of-venice", "--players", "2"]
    result = CliRunner().invoke(app, [*args, "--seats", "human,heuristic", "--seed", "1"], input="")
    i18n.use("en")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Rouge, à vous de décider (enchère)" in out
    assert "chaque marchand mise en secret, de 0 à 1\u202f000 par pas de 5" in out
    for place in ("Bourse", "Hôtel de la Guilde", "Église", "Bureau maritime nord", "Quais"):
        assert place in out, place
    for shop in ("Forgeron", "Joaillier", "Meunier", "Épicier", "Tailleur"):
        assert shop in out, shop
    assert "manche 1 sur 16, enchères" in out and f"vos commandes{NBSP}:" in out
    for english in ("Stock Market", "Guild Hall", "Blacksmith", "your orders", "round 1 of 16"):
        assert english not in out, english


def test_the_hidden_money_option_is_explained_in_the_viewers_language() -> None:
    """The lobby and `arsenale games` show an option's help through `Game.option_help`: the
    Setup 3 variant of hidden ducats reads in French for a French viewer."""
    game = load_game("masters-of-venice")
    (option,) = game.options
    with i18n.speaking("fr"):
        french = game.option_help(option)
    english = game.option_help(option)
    assert french.startswith("les ducats de chaque marchand restent cachés")
    assert "\u00a0;" in french and "RULINGS.md A28" in french
    assert english.startswith("keep each merchant's ducats hidden")
