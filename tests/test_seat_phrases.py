"""Seat names inside sentences (issue 17): a nation takes its article after a preposition in
French ("par les Génois", "des Vénitiens", "aux Vénitiens") and in English ("by the
Genoese"), from the game's catalogue (`Game.seat_forms`); a colour is a name ("par Rouge").
The chat's notice that a seat was handed to a bot says so."""

from __future__ import annotations

from arsenale import i18n
from arsenale.core.registry import load_game
from arsenale.server.table import bot_notice, notice_words


def test_the_1996_nations_take_their_article_in_both_languages() -> None:
    game = load_game("serenissima-1996")
    with i18n.speaking("fr"):
        assert game.seat_phrase("genoese", "by") == "par les Génois"
        assert game.seat_phrase("venetians", "of") == "des Vénitiens"
        assert game.seat_phrase("venetians", "to") == "aux Vénitiens"
        assert game.seat_phrase("spanish", "the") == "les Espagnols"
        assert game.seat_phrase("turks", "for") == "pour les Turcs"
    with i18n.speaking("en"):
        assert game.seat_phrase("genoese", "by") == "by the Genoese"
        assert game.seat_phrase("venetians", "the") == "the Venetians"


def test_a_colour_is_a_name_after_the_preposition() -> None:
    game = load_game("masters-of-venice")
    with i18n.speaking("fr"):
        assert game.seat_phrase("red", "by") == "par Rouge"
        assert game.seat_phrase("red", "the") == "Rouge"
    with i18n.speaking("en"):
        assert game.seat_phrase("blue", "of") == "of Blue"


def test_the_notice_of_a_seat_given_to_a_bot_names_the_nation_with_its_article() -> None:
    game = load_game("serenissima-1996")
    labels = ["venetians", "genoese", "spanish"]

    def name(seat: int, form: str = "") -> str:
        return game.seat_phrase(labels[seat], form) if form else game.seat_name(labels[seat])

    notice = bot_notice(0, True, "heuristic", 1)
    with i18n.speaking("fr"):
        said = notice_words(notice, name)
    assert said == (
        "Vénitiens\u00a0: temps écoulé\u00a0; place confiée au robot heuristique par les Génois"
    )
    with i18n.speaking("en"):
        said = notice_words(notice, name)
    assert said == "Venetians: out of time; the seat was given to the heuristic bot by the Genoese"
