"""Game options in words (issue 17): each option has a label and, where it takes one of a
few values, each value's words, in English and French; the values offered are the ones the
game takes."""

from __future__ import annotations

import pytest

from arsenale import i18n
from arsenale.core.errors import OptionError
from arsenale.core.registry import game_ids, load_game


@pytest.mark.parametrize("game_id", game_ids())
def test_every_option_has_a_label_and_its_values_in_words(game_id: str) -> None:
    game = load_game(game_id)
    for option in game.options:
        assert option.label, f"{game_id}: option {option.name} has no label"
        if option.choices:
            values = [v for v, _words in option.choices]
            assert option.default in values, option
            for value in values:  # each value offered starts a game at some player count
                started = False
                for players in range(game.min_players, game.max_players + 1):
                    try:
                        game.new_game(players, seed=1, options={option.name: value})
                    except OptionError:
                        continue
                    started = True
                    break
                assert started, (game_id, option.name, value)
        english = {}
        for language in ("en", "fr"):
            with i18n.speaking(language):
                label = game.option_label(option)
                choices = game.option_choices(option)
            assert label and "_" not in label, (language, label)
            assert all(c["label"] and "_" not in c["label"] for c in choices), choices
            if language == "en":
                english = {"label": label, "choices": choices}
            elif label == english["label"]:
                pytest.fail(f"{game_id}: {label!r} is not in French")
