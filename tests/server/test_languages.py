"""The server in each viewer's language (server/language.py, docs/architecture.md): the `lang`
cookie, else the browser's Accept-Language, else English; the log, the moves and the
refusals worded when each viewer asks, so two viewers of one game read it in two languages
at the same time, over HTTP and over the WebSocket, with nothing more of the game shown to
either than before.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from arsenale import i18n
from arsenale.core.actions import Action, Wording
from arsenale.core.registry import load_game
from arsenale.server.app import create_app
from arsenale.server.language import negotiate, of_scope, page_ids, page_messages

FR = {"Cookie": "lang=fr"}
EN = {"Accept-Language": "en-GB,en;q=0.9"}


# -- choosing the language -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cookie", "header", "expected"),
    [
        ("fr", "en-US,en;q=0.9", "fr"),  # the cookie (the page's switch) beats the browser
        ("en", "fr-FR,fr;q=0.9", "en"),
        (None, "fr-CA,fr;q=0.9,en;q=0.5", "fr"),  # no cookie: the browser's choice
        (None, "de-DE,it;q=0.8", "en"),  # nothing we speak: English
        ("de", "fr-FR", "fr"),  # a cookie for a language we lack is ignored
        ("de", "es", "en"),
        ("fr-FR", None, "fr"),
        (None, None, "en"),
        ("", "", "en"),
    ],
)
def test_the_cookie_beats_the_header_and_the_rest_falls_back_to_english(
    cookie: str | None, header: str | None, expected: str
) -> None:
    assert negotiate(cookie, header) == expected


def test_the_language_of_a_connection_is_read_from_its_headers() -> None:
    def scope(*headers: tuple[bytes, bytes]) -> dict[str, Any]:
        return {"type": "http", "headers": list(headers)}

    assert of_scope(scope((b"cookie", b"a=1; lang=fr; b=2"), (b"accept-language", b"en"))) == "fr"
    assert of_scope(scope((b"cookie", b"language=fr"), (b"accept-language", b"en"))) == "en"
    assert of_scope(scope((b"cookie", b"lang=xx"), (b"accept-language", b"fr"))) == "fr"
    assert (
        of_scope(
            scope(
                (b"cookie", b"=;;lang"),
            )
        )
        == "en"
    )  # malformed: ignored
    assert of_scope(scope()) == "en"


def test_the_end_and_the_header_name_a_nation_with_its_article(client: TestClient) -> None:
    """The page's header ("vous jouez les Vénitiens") and the end of a game ("Victoire des
    Vénitiens", "Victoire partagée des Vénitiens et des Génois") take the seats' forms the
    server gives ("the", "of"): no bare plural nation before a verb or after a noun."""
    body = client.post(
        "/api/games",
        json={"game": "serenissima-1996", "players": 3, "seats": ["human", "heuristic", "random"]},
    ).json()
    token = body["seats"][0]["token"]
    french = get_view(client, body["id"], token, FR)["seats"][0]
    assert (french["the"], french["of"]) == ("les Vénitiens", "des Vénitiens")
    english = get_view(client, body["id"], token, EN)["seats"][0]
    assert (english["the"], english["of"]) == ("the Venetians", "of the Venetians")
    colours = client.post(
        "/api/games", json={"game": "serenissima-2012", "players": 2, "seats": ["human", "random"]}
    ).json()
    blue = get_view(client, colours["id"], colours["seats"][0]["token"], FR)["seats"][0]
    assert (blue["the"], blue["of"]) == ("Bleu", "de Bleu")
    said = page_messages("fr")
    assert said["Game over. {victory}"] == "Partie terminée. {victory}"
    assert said["Victory {of}."].format(of=french["of"]) == "Victoire des Vénitiens."
    assert said["Shared victory {of}."] == "Victoire partagée {of}."
    assert said["you play {seat}"].format(seat=french["the"]) == "vous jouez les Vénitiens"
    assert said["of {seat}"] == "de {seat}"  # a seat the server gives no form
    for gone in ("{name} wins.", "{names} share the victory.", "Game over. Winner: {names}"):
        assert gone not in said


def test_the_page_gets_the_french_of_every_text_its_scripts_mark() -> None:
    ids = page_ids()
    assert "Your moves" not in ids  # a template's text, not a script's
    assert {"Waiting for {who}", "Final result", ("{n} player", "{n} players")} <= set(ids)
    french = page_messages("fr")
    assert set(french) == {m if isinstance(m, str) else m[0] for m in ids}
    assert french["Waiting for {who}"] == "On attend {who}"
    assert french["{n} player"] == ["{n} joueur", "{n} joueurs"]
    assert page_messages("en") == {}  # English is the ids themselves


def test_game_wording_is_kept_per_language() -> None:
    """Game.wording caches one Wording per action and language: a French viewer and an
    English one each get their own words, each worked out once."""
    game = load_game("serenissima-2012")
    calls: list[str] = []
    original = game.action_words

    def words(action: Action) -> Wording:
        calls.append(i18n.current())
        base = original(action)
        return Wording(f"[{i18n.current()}] {base.text}", base.group, base.amounts)

    game.__dict__.pop("_wordings", None)
    game.action_words = words  # type: ignore[method-assign]
    try:
        action = game.catalogue[0]
        english = game.wording(action).text
        with i18n.speaking("fr"):
            french = game.wording(action).text
            assert game.wording(action).text == french
        assert game.wording(action).text == english
    finally:
        del game.action_words
        game.__dict__.pop("_wordings", None)
    assert english.startswith("[en] ") and french.startswith("[fr] ")
    assert calls == ["en", "fr"]


# -- two viewers of one game -----------------------------------------------------------------


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        yield c


def new_1996(client: TestClient) -> tuple[str, list[str]]:
    r = client.post(
        "/api/games",
        json={"game": "serenissima-1996", "players": 3, "seats": ["human"] * 3},
    )
    assert r.status_code == 201, r.text
    body = r.json()
    return body["id"], [s["token"] for s in body["seats"]]


def bearer(token: str | None, language: dict[str, str]) -> dict[str, str]:
    return {**language, **({"Authorization": f"Bearer {token}"} if token else {})}


def get_view(client: TestClient, gid: str, token: str | None, language: dict[str, str]) -> Any:
    r = client.get(f"/api/games/{gid}/view", headers=bearer(token, language))
    assert r.status_code == 200, r.text
    return r.json()


def play_first(client: TestClient, gid: str, tokens: list[str], seat: int) -> Any:
    v = get_view(client, gid, tokens[seat], EN)
    r = client.post(
        f"/api/games/{gid}/actions",
        json={"ply": v["ply"], "action": v["legal"][0]["action"]},
        headers=bearer(tokens[seat], EN),
    )
    assert r.status_code == 200, r.text
    return r.json()


def test_two_viewers_read_the_log_moves_and_refusals_each_in_their_language(
    client: TestClient,
) -> None:
    gid, tokens = new_1996(client)
    for seat in (0, 1, 2):  # the three secret deployments, then the round begins
        play_first(client, gid, tokens, seat)
    french = get_view(client, gid, tokens[0], FR)
    english = get_view(client, gid, tokens[1], EN)
    fr_log = [e["text"] for e in french["log"]]
    en_log = [e["text"] for e in english["log"]]
    assert [e["ply"] for e in french["log"]] == [e["ply"] for e in english["log"]]
    assert "Les Vénitiens ont fait un choix secret." in fr_log
    assert "Venetians have made a secret choice." in en_log
    assert "=== Tour de jeu 1 ===" in fr_log and "=== Round 1 ===" in en_log
    assert not any("Venetians" in t or "sailor" in t for t in fr_log)
    # the same seat asked in both languages at once: same view but for the words
    both = get_view(client, gid, tokens[0], EN)
    assert (
        both["view"] == french["view"]
        and both["legal"][0]["action"] == french["legal"][0]["action"]
    )
    assert [e["text"] for e in both["log"]] == en_log
    # the moves are worded for each viewer's language (the game's own catalogue may still lack
    # some of them; the server asks in the right language: Game.wording per language)
    game = load_game("serenissima-1996")
    action = game.action_from_json(french["legal"][0]["action"])
    with i18n.speaking("fr"):
        assert french["legal"][0]["words"] == game.action_words(action).text
    assert both["legal"][0]["words"] == game.action_words(action).text

    # a refusal in the language of whoever is refused: seat 0 has bid, and bids again
    bid = play_first(client, gid, tokens, 0)
    for language, words in (
        (FR, "le choix secret des Vénitiens est déjà fait"),  # the nation with its article
        (EN, "the secret choice of the Venetians is already made"),
    ):
        r = client.post(
            f"/api/games/{gid}/actions",
            json={"ply": bid["ply"], "action": french["legal"][0]["action"]},
            headers=bearer(tokens[0], language),
        )
        assert r.status_code == 409, r.text
        assert words in r.json()["error"], r.json()
        assert r.json()["rule"] == "arsenale: turn order"
    mover = 1
    r = client.post(
        f"/api/games/{gid}/actions",
        json={"ply": french["ply"] - 1, "action": french["legal"][0]["action"]},  # stale
        headers=bearer(tokens[mover], FR),
    )
    assert r.status_code == 409 and r.json()["error"].startswith("coup "), r.json()
    r = client.get("/api/games/nope/view", headers=FR)
    assert r.status_code == 404 and r.json()["error"] == "il n’y a pas de partie 'nope'"
    assert get_view(client, gid, tokens[0], FR)["ply"] == bid["ply"]  # refusals changed nothing


def test_two_sockets_get_their_pushes_each_in_their_language(client: TestClient) -> None:
    gid, tokens = new_1996(client)
    play_first(client, gid, tokens, 0)
    play_first(client, gid, tokens, 1)
    with (
        client.websocket_connect(f"/ws/games/{gid}", headers=FR) as fr_ws,
        client.websocket_connect(f"/ws/games/{gid}", headers=EN) as en_ws,
        client.websocket_connect(f"/ws/games/{gid}", headers={"Cookie": "lang=en"}) as spy,
    ):
        fr_ws.send_json({"token": tokens[0]})
        en_ws.send_json({"token": tokens[1]})
        spy.send_json({"token": None})
        first = [fr_ws.receive_json(), en_ws.receive_json(), spy.receive_json()]
        assert first[0]["log"][0]["text"] == "Les Vénitiens ont fait un choix secret."
        assert first[1]["log"][0]["text"] == "Venetians have made a secret choice."
        play_first(client, gid, tokens, 2)  # seat 2, over HTTP in English: pushes to all three
        fr_view, en_view, spectator = fr_ws.receive_json(), en_ws.receive_json(), spy.receive_json()
        assert fr_view["ply"] == en_view["ply"] == spectator["ply"] == 3
        assert fr_view["log"][-1]["text"] == "=== Tour de jeu 1 ==="
        assert en_view["log"][-1]["text"] == "=== Round 1 ==="
        assert spectator["log"] == en_view["log"]
        assert any(re.match(r"Les Génois mettent \d+ marins?", e["text"]) for e in fr_view["log"])
        assert spectator["legal"] == [] and spectator["seat"] is None
        # a refusal over the socket, in the socket's language
        fr_ws.send_json({"ply": 0, "action": fr_view["legal"][0]["action"]})
        refused = fr_ws.receive_json()
        assert refused["status"] == 409 and "périmé" in refused["error"], refused
        en_ws.send_json({"ply": 0, "action": en_view["legal"][0]["action"]})
        refused = en_ws.receive_json()
        assert refused["status"] == 409 and "stale ply" in refused["error"], refused


def test_a_seat_reads_the_games_title_and_the_players_in_words_not_ids(client: TestClient) -> None:
    """A notation nobody knows is refused naming the game by its title (Méditerranée), the
    seats' kinds and the chat's speakers are named in the viewer's language."""
    body = client.post(
        "/api/games",
        json={"game": "serenissima-1996", "players": 3, "seats": ["human", "heuristic", "random"]},
    ).json()
    gid, tokens = body["id"], [body["seats"][0]["token"]]
    v = get_view(client, gid, tokens[0], FR)
    r = client.post(
        f"/api/games/{gid}/actions",
        json={"ply": v["ply"], "action": "fly 99"},
        headers=bearer(tokens[0], FR),
    )
    assert (
        r.status_code == 422
        and r.json()["error"] == "'fly 99' n’est pas un coup du jeu Méditerranée"
    )
    assert r.json()["words"] == "ce coup n’existe pas dans le jeu Méditerranée"  # the page's
    assert [s["player"] for s in v["seats"]] == ["humain", "robot heuristique", "robot aléatoire"]
    english = get_view(client, gid, tokens[0], EN)
    assert [s["player"] for s in english["seats"]] == ["human", "heuristic bot", "random bot"]
    said = client.post(
        f"/api/games/{gid}/chat", json={"text": "salut"}, headers=bearer(tokens[0], FR)
    ).json()
    assert said["name"] == "Vénitiens" and said["label"] == "venetians"
    read = client.get(f"/api/games/{gid}/chat", headers=bearer(tokens[0], EN)).json()
    assert read["messages"][0]["name"] == "Venetians"


def test_a_socket_speaks_the_language_its_first_message_names(client: TestClient) -> None:
    """The page names its own language when it connects (a browser may send the handshake
    without the Accept-Language of the page): that language wins; an unknown one is ignored."""
    gid, tokens = new_1996(client)
    play_first(client, gid, tokens, 0)
    with (
        client.websocket_connect(f"/ws/games/{gid}", headers=EN) as fr_ws,
        client.websocket_connect(f"/ws/games/{gid}", headers=FR) as xx_ws,
    ):
        fr_ws.send_json({"token": tokens[1], "lang": "fr"})
        xx_ws.send_json({"token": None, "lang": "xx"})
        assert fr_ws.receive_json()["log"][0]["text"] == "Les Vénitiens ont fait un choix secret."
        assert xx_ws.receive_json()["log"][0]["text"] == "Les Vénitiens ont fait un choix secret."
        play_first(client, gid, tokens, 1)  # in English over HTTP: pushed in French
        pushed = fr_ws.receive_json()
        assert pushed["log"][-1]["text"] == "Les Génois ont fait un choix secret."
        assert xx_ws.receive_json()["log"] == pushed["log"]
    with client.websocket_connect(f"/ws/games/{gid}") as bad:
        bad.send_json({"token": None, "lang": "fr", "colour": "red"})
        with pytest.raises(WebSocketDisconnect):
            bad.receive_json()


def test_a_private_event_stays_private_in_every_language(client: TestClient) -> None:
    """The log is worded per language but filtered as before: each seat and the spectator
    see the same entries (plies, count) in French as in English."""
    gid, tokens = new_1996(client)
    for seat in (0, 1, 2):
        play_first(client, gid, tokens, seat)
    for token in (None, *tokens):
        fr_log = get_view(client, gid, token, FR)["log"]
        en_log = get_view(client, gid, token, EN)["log"]
        assert [e["ply"] for e in fr_log] == [e["ply"] for e in en_log]
        assert len(fr_log) == len(en_log)


def test_the_pages_speak_the_viewers_language(client: TestClient) -> None:
    french = client.get("/", headers={"Accept-Language": "fr-FR,fr;q=0.9"})
    assert french.status_code == 200
    assert '<html lang="fr">' in french.text and "Nouvelle partie" in french.text
    assert "Créer la partie" in french.text and "New game" not in french.text
    assert '"Waiting for {who}": "On attend {who}"' in french.text  # the scripts' words
    assert 'data-lang="en"' in french.text and 'data-lang="fr"' in french.text
    english = client.get("/", headers={"Accept-Language": "fr-FR", "Cookie": "lang=en"})
    assert '<html lang="en">' in english.text and "New game" in english.text
    gid, _tokens = new_1996(client)
    game = client.get(f"/game/{gid}", headers=FR)
    assert "Vos coups" in game.text and "Journal" in game.text
    assert "Relecture" in client.get(f"/replay/{gid}", headers=FR).text


def test_the_bids_amount_labels_are_in_the_viewers_language(client: TestClient) -> None:
    """Serenissima 1996's turn order bid (rulebook Phase 1, "miser"): the page's amount control
    is labelled in the viewer's language, the legal actions themselves the same for both."""
    gid, tokens = new_1996(client)
    for seat in (0, 1, 2):  # the secret deployments; then every seat bids
        play_first(client, gid, tokens, seat)
    french = get_view(client, gid, tokens[0], FR)
    english = get_view(client, gid, tokens[0], EN)
    fr_bids = [e for e in french["legal"] if e["action"]["kind"] == "bid"]
    en_bids = [e for e in english["legal"] if e["action"]["kind"] == "bid"]
    assert len(fr_bids) > 1 and [e["action"] for e in fr_bids] == [e["action"] for e in en_bids]
    assert {tuple(e["amounts"]) for e in fr_bids} == {("ducats",)}
    assert {tuple(e["amount_labels"]) for e in fr_bids} == {("Ducats misés",)}
    assert {tuple(e["amount_labels"]) for e in en_bids} == {("Ducats bid",)}
    hundred = next(e for e in fr_bids if e["action"]["ducats"] == 100)
    assert hundred["words"] == "Miser 100 ducats pour l’ordre du tour"
    assert hundred["group"] == "Enchère pour l’ordre du tour"
    assert next(e for e in en_bids if e["action"]["ducats"] == 100)["words"] == (
        "Bid 100 ducats for the turn order"
    )


def test_the_catalog_names_the_games_and_options_in_the_viewers_language(
    client: TestClient,
) -> None:
    """`/api/catalog` through `Game.display_title` and `Game.option_help`: Méditerranée is
    Serenissima 1996's French title (serenissima-1996.fr.txt)."""
    french = {g["id"]: g for g in client.get("/api/catalog", headers=FR).json()["games"]}
    english = {g["id"]: g for g in client.get("/api/catalog", headers=EN).json()["games"]}
    assert french["serenissima-1996"]["name"] == "Méditerranée"
    assert english["serenissima-1996"]["name"].startswith("Serenissima (first edition, 1996")
    fr_help = {o["name"]: o["help"] for o in french["serenissima-1996"]["options"]}
    assert fr_help["open_money"].startswith("argent sur la table")
    assert french["serenissima-2012"]["name"] == "Serenissima (seconde édition, 2012)"
    assert english["masters-of-venice"]["name"] == french["masters-of-venice"]["name"]
    fr_amalfi = {o["name"]: o["help"] for o in french["amalfi-renaissance"]["options"]}
    assert fr_amalfi["rival"].startswith("le rival en solo\u00a0: naples ou genoa")
    # each option's label and values in words (the lobby shows them, never "first_player")
    for language, games in (("fr", french), ("en", english)):
        for game in games.values():
            for o in game["options"]:
                assert o["label"] and "_" not in o["label"], (language, o)
                assert all(c["label"] and "_" not in c["label"] for c in o["choices"]), o
    fr_options = {o["name"]: o for o in french["amalfi-renaissance"]["options"]}
    en_options = {o["name"]: o for o in english["amalfi-renaissance"]["options"]}
    assert fr_options["first_player"]["label"] == "Premier joueur"
    assert en_options["first_player"]["label"] == "First player"
    assert {c["value"]: c["label"] for c in fr_options["first_player"]["choices"]}[-1] == (
        "tiré au sort"
    )
    assert {c["value"]: c["label"] for c in en_options["hands"]["choices"]}["draft_score"] == (
        "a draft, endgame characters set aside (2 to 4 players)"
    )
    assert {c["value"] for c in en_options["hands"]["choices"]} == {
        "packs",
        "blind",
        "personal",
        "draft",
        "draft_score",
    }
    fr_1996 = {o["name"]: o for o in french["serenissima-1996"]["options"]}
    assert [c["label"] for c in fr_1996["nations"]["choices"]] == [
        "Vénitiens et Génois",
        "Espagnols et Turcs",
    ]
    kinds = client.get("/api/catalog", headers=FR).json()["seat_words"]
    assert kinds["heuristic"] == "robot heuristique" and kinds["human"] == "humain"
    assert kinds["ismcts:1s"] == "robot de recherche (1s)"
    assert client.get("/api/catalog", headers=EN).json()["seat_words"]["random"] == "random bot"


def test_masters_of_venice_board_names_its_shops_and_cubes_in_the_viewers_language(
    client: TestClient,
) -> None:
    """The drawing's shops, offices, characters, locations and cubes (`names`) in French; a
    shop named apart from its resource of the same id ("spice": Épicier, épices)."""
    french = client.get("/api/boards/masters-of-venice", headers=FR).json()
    english = client.get("/api/boards/masters-of-venice", headers=EN).json()
    shops = {s["id"]: s["name"] for s in french["shops"]}
    assert shops["blacksmith"] == "Forgeron" and shops["spice"] == "Épicier"
    assert {o["name"] for o in french["offices"]} == {"Bureau maritime nord", "Bureau maritime sud"}
    assert {c["id"]: c["name"] for c in french["characters"]}["thief"] == "Voleur"
    assert {loc["id"]: loc["name"] for loc in french["locations"]}["market"] == "Bourse"
    assert french["names"]["spice"] == "épices" and french["names"]["lumber"] == "bois"
    assert {s["id"]: s["name"] for s in english["shops"]}["spice"] == "Spice Shop"
    assert english["names"]["spice"] == "spice"
    assert french["arrangements"] == english["arrangements"]


def test_amalfi_board_names_its_resources_in_the_viewers_language(client: TestClient) -> None:
    french = client.get("/api/boards/amalfi-renaissance", headers=FR).json()
    english = client.get("/api/boards/amalfi-renaissance", headers=EN).json()
    assert french["names"]["fabric"] == "étoffes" and french["names"]["spices"] == "épices"
    assert english["names"]["fabric"] == "fabric"


def test_the_board_data_names_the_places_in_the_viewers_language(client: TestClient) -> None:
    """GET /api/boards in French: Méditerranée's names of 1996's areas, ports and nations
    (board.toml `name_fr`), and the game's names by id for the drawing's other words; in
    English the printed ones. The positions are the same in both."""
    french = client.get("/api/boards/serenissima-1996", headers=FR).json()
    english = client.get("/api/boards/serenissima-1996", headers=EN).json()
    zones = {z["id"]: z["name"] for z in french["zones"]}
    ports = {p["id"]: p["name"] for p in french["ports"]}
    assert zones["gulf-of-valencia"] == "Golfe de Valence"
    assert ports["venezia"] == "Venise" and ports["genova"] == "Gênes"
    assert {n["id"]: n["name"] for n in french["nations"]}["venetians"] == "Vénitiens"
    assert french["names"]["wine"] == "vin"  # a good, named mid-sentence
    assert {z["id"]: z["name"] for z in english["zones"]}["gulf-of-valencia"] == "Gulf of Valencia"
    assert {p["id"]: p["name"] for p in english["ports"]}["venezia"] == "Venezia"
    assert english["names"]["wine"] == "wine"
    assert [z["label"] for z in french["zones"]] == [z["label"] for z in english["zones"]]
    assert load_game("serenissima-1996").board_data()["zones"][0]["name"] == "Gulf of Valencia"
    # every game's board data in French keeps its shape; a name the game has no French for
    # stays the printed one
    for gid in ("serenissima-2012", "masters-of-venice", "amalfi-renaissance"):
        fr = client.get(f"/api/boards/{gid}", headers=FR).json()
        en = client.get(f"/api/boards/{gid}", headers=EN).json()
        assert set(fr) == set(en) and isinstance(fr["names"], dict)


def test_the_catalog_asks_each_game_for_its_words(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Game names and option help in /api/catalog come through Game.translate in the
    viewer's language (a game words them with its own catalogue)."""
    game = load_game("amalfi-renaissance")
    monkeypatch.setattr(
        type(game), "translate", lambda self, text: f"[{i18n.current()}] {text}", raising=True
    )
    french = {g["id"]: g for g in client.get("/api/catalog", headers=FR).json()["games"]}
    english = {g["id"]: g for g in client.get("/api/catalog", headers=EN).json()["games"]}
    assert french["amalfi-renaissance"]["name"] == f"[fr] {game.title}"
    assert english["amalfi-renaissance"]["name"] == f"[en] {game.title}"
    assert all(o["help"].startswith("[fr] ") for o in french["amalfi-renaissance"]["options"])


def test_the_rules_are_served_in_the_viewers_language_with_english_keys(
    client: TestClient,
) -> None:
    """GET /api/rules/{game}: RULES.fr.md for a French viewer (the `lang` cookie or the
    browser's Accept-Language), RULES.md for an English one; each section's `key` is its
    English heading in both, so the page finds the section a refusal's rule names."""
    for game in ("serenissima-1996", "serenissima-2012", "masters-of-venice", "amalfi-renaissance"):
        english = client.get(f"/api/rules/{game}", headers=EN).json()
        by_cookie = client.get(f"/api/rules/{game}", headers=FR).json()
        by_browser = client.get(
            f"/api/rules/{game}", headers={"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"}
        ).json()
        assert by_cookie == by_browser
        keys = [s["key"] for s in english["sections"]]
        assert keys == [s["title"] for s in english["sections"]]
        assert [s["key"] for s in by_cookie["sections"]] == keys
        titles = [s["title"] for s in by_cookie["sections"]]
        assert titles != keys and by_cookie["intro"] != english["intro"]
        with i18n.speaking("fr"):
            whole = load_game(game).rules()
        assert all(f"## {t}\n" in whole for t in titles)
    french = client.get("/api/rules/serenissima-1996", headers=FR).json()
    sections = {s["key"]: s for s in french["sections"]}
    assert sections["Phase 3: movement"]["title"] == "Phase 3\u00a0: déplacement des galères"
    assert "autorisation de passage" in " ".join(sections["Phase 3: movement"]["text"].split())
    missing = client.get("/api/rules/no-such-game", headers=FR)
    assert missing.status_code == 404
