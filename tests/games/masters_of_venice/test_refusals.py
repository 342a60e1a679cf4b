"""Every refusal of Masters of Venice names its reason and its rule in the rulebook.

The reasons come from the legal-move generators themselves (a `Why` passed through the
checks), so this walks random positions of 2 to 5 players and asks about the whole catalogue:
every action that is not legal for the seat to move is refused with a plain reason and a
reference into masters-of-venice.en.txt, every legal action is accepted, and asking changes
nothing."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

from arsenale import IllegalAction
from arsenale.core.errors import NotationError

from .helpers import BAD_INPUTS, GAME, RULES, random_play, snapshot

CATALOGUE = list(GAME.catalogue)
KINDS = {action.kind for action in CATALOGUE}
COMMON = {"use", "move", "bid"}
EVERY = 4


def positions():
    for players in (2, 3, 4, 5):
        for seed in range(3):
            for s, seat, _legal in random_play(players, 500 + 10 * players + seed, busy=0.8):
                if s.stack[-1].kind not in COMMON or s.ply % EVERY == 0:
                    yield s, seat


def test_every_illegal_catalogue_action_is_refused_with_a_rule_of_the_rulebook():
    """Over more than 1,000 positions of random games: each of the catalogue's actions is
    either legal and passes `check`, or is refused with IllegalAction whose reason is
    non-empty and whose rule cites masters-of-venice.en.txt; the state is unchanged after."""
    seen = 0
    refused: Counter[str] = Counter()
    decisions: Counter[str] = Counter()
    for s, seat in positions():
        seen += 1
        decisions[s.stack[-1].kind] += 1
        before = snapshot(s) if seen % 25 == 0 else None
        legal = set(s.legal_actions(seat))
        assert legal
        for action in CATALOGUE:
            if action in legal:
                s.check(seat, action)
                continue
            with pytest.raises(IllegalAction) as refusal:
                s.check(seat, action)
            assert refusal.value.reason, action.notation
            assert refusal.value.rule and refusal.value.rule.startswith(RULES), (
                action.notation,
                refusal.value.rule,
            )
            refused[action.kind] += 1
        if before is not None:
            assert snapshot(s) == before
    assert seen >= 1000, seen
    assert set(refused) == KINDS, KINDS - set(refused)
    assert set(decisions) >= {"bid", "character", "orders", "move", "use", "marker", "place"}


def test_refusals_say_what_is_wrong():
    """A few refusals in words: a bid above one's money, a share the supply lacks, a location
    not shared, a character power used twice, an order delivered without its cubes."""
    from arsenale.games.masters_of_venice.board import ORDER_IDS, THIEF

    from .helpers import act, clear_hands, give_order, new, set_cubes, set_shares, use_at

    s = new(3, 0)
    s.cash[0] = 40
    with pytest.raises(IllegalAction, match="more than your 40 ducats"):
        act(s, 0, "bid 45")
    with pytest.raises(IllegalAction, match="bids in secret"):
        act(s, 0, "go market")
    with pytest.raises(NotationError):  # the dial turns in steps of 5
        act(s, 0, "bid 7")
    with pytest.raises(NotationError):
        act(s, 0, "bid 1005")
    clear_hands(s)
    set_shares(s, 1, miller=10)
    use_at(s, "market", 0)
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="supply has no shares of the Miller"):
        act(s, 0, "buy shares 1 miller")
    with pytest.raises(IllegalAction, match="done at the Church, not at the Stock Market"):
        act(s, 0, "favor 20")
    assert snapshot(s) == before
    use_at(s, "docks", 0, chars=1 << THIEF)
    s.docks[0] += 2  # two iron on dock 1
    s.bag[0] -= 2
    act(s, 0, "dock 1")
    act(s, 0, "steal iron")
    with pytest.raises(IllegalAction, match="steals 1 cube per visit") as refusal:
        act(s, 0, "steal iron")
    assert refusal.value.rule.startswith(RULES)
    give_order(s, 0, ORDER_IDS.index("lumber+lumber+spice"))
    set_cubes(s, 0, lumber=1)
    use_at(s, "guild", 0)
    with pytest.raises(IllegalAction, match="needs 2 cubes of lumber and you hold 1") as refusal:
        act(s, 0, "deliver lumber+lumber+spice vp 3")
    assert refusal.value.rule == RULES + "Guild Hall"


def test_only_the_visitors_use_a_location_that_is_not_shared():
    """masters-of-venice.en.txt, Actions 2.2: at the Church only those who moved there act; the
    others are never offered it and a move of theirs there is refused, changing nothing."""
    from .helpers import act, first_commerce, new, top

    s = new(3, 0)
    first_commerce(s, (0, 1, 2), gondolieri=2, marker=0)
    act(s, 0, "go church")
    act(s, 1, "go mercato")
    act(s, 2, "go north")
    assert top(s).kind == "use" and top(s).seats == (0,)
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="not up to Blue now; waiting for Red"):
        act(s, 1, "done")
    assert snapshot(s) == before
    act(s, 0, "done")
    assert top(s).seats == (1,) and s.cur == 7  # the Mercato next: nobody shared the Church


def test_share_trades_offered_are_exactly_those_the_rules_allow():
    """masters-of-venice.en.txt, Stock Market: in random positions at the Stock Market, the
    purchases offered are exactly the 1-3 shares the supply holds and the cash pays for, of
    companies not sold in this use; the sales exactly those held, not bought in this use."""
    from arsenale.games.masters_of_venice.actions import SHARE_COUNTS, share_counts

    checked = 0
    for players in (2, 5):
        for s, seat, legal in random_play(players, 70 + players, busy=0.9):
            if s.stack[-1].kind != "use" or s.cur != 0:
                continue
            checked += 1
            prices = [*s.share, 20, 20]
            held = s.shares[7 * seat : 7 * seat + 7]
            buys = {share_counts(a) for a in legal if a.kind == "buy_shares"}
            sells = {share_counts(a) for a in legal if a.kind == "sell_shares"}
            want_buys = set()
            want_sells = set()
            for counts in SHARE_COUNTS:
                companies = {c for c in range(7) if counts[c]}
                if s.u_sbuy < 0 and not any(max(s.u_ssell, 0) >> c & 1 for c in companies):
                    cost = sum(k * p for k, p in zip(counts, prices, strict=True))
                    if all(counts[c] <= s.supply[c] for c in companies) and cost <= s.cash[seat]:
                        want_buys.add(counts)
                unsold = s.u_ssell < 0 and not any(max(s.u_sbuy, 0) >> c & 1 for c in companies)
                if unsold and all(counts[c] <= held[c] for c in companies):
                    want_sells.add(counts)
            assert buys == want_buys and sells == want_sells
    assert checked > 20


@pytest.mark.parametrize(
    ("stage", "text", "reason", "rule"),
    [case[1:] for case in BAD_INPUTS],
    ids=[case[0] for case in BAD_INPUTS],
)
def test_the_issues_bad_input_is_refused_with_its_rule_and_changes_nothing(
    stage: Any, text: str, reason: str, rule: str
) -> None:
    """The issue's bad input (helpers.BAD_INPUTS): a dial value off the dial, a bid above one's
    money (Bidding), shares the supply lacks (Stock Market), a location that is not shared used
    by another (Actions 2.2), a power used twice (Characters: Thief, Trader, the Gondola
    Marker; Guild Hall: one draw a visit), an order without its cubes or its shop's orders
    (Guild Hall; FAQ 8). Typed or as an action, each is refused with its reason and rule and
    the state is exactly as before."""
    s, seat = stage()
    before = snapshot(s)
    with pytest.raises(IllegalAction) as typed:
        s.apply(seat, text)
    assert re.search(reason, typed.value.reason), typed.value.reason
    want = rule if rule.startswith("arsenale") else RULES + rule
    assert typed.value.rule and typed.value.rule.startswith(want), typed.value.rule
    assert snapshot(s) == before
    action = next((a for a in CATALOGUE if a.notation == text), None)
    if action is not None:  # a move of the catalogue, illegal here: the same refusal
        with pytest.raises(IllegalAction) as checked:
            s.check(seat, action)
        assert (checked.value.reason, checked.value.rule) == (typed.value.reason, typed.value.rule)
        assert snapshot(s) == before


@pytest.mark.parametrize(
    ("stage", "text", "reason", "rule"),
    [case[1:] for case in BAD_INPUTS if not case[4].startswith("arsenale")],
    ids=[case[0] for case in BAD_INPUTS if not case[4].startswith("arsenale")],
)
def test_the_terminal_refuses_the_issues_bad_input_with_its_rule(
    stage: Any, text: str, reason: str, rule: str
) -> None:
    """The terminal game (`arsenale play`) prints the engine's reason and its rule for each
    case of the issue's bad input typed by the seat to move; the game is unchanged. (A seat
    whose decision it is not is never prompted there.)"""
    from arsenale.terminal import refusal

    s, seat = stage()
    before = snapshot(s)
    with pytest.raises(IllegalAction) as caught:
        GAME.parse(s, seat, text)
    lines = [line for line, _style in refusal(GAME, s, seat, text, caught.value)]
    assert lines[0].startswith("Refused: ") and re.search(reason, lines[0]), lines
    assert f"(rule: {RULES}{rule}" in "\n".join(lines), lines
    assert snapshot(s) == before


def test_arsenale_play_refuses_bids_off_the_dial_or_above_ones_money(tmp_path: Any) -> None:
    """`arsenale play masters-of-venice` with a human seat: 'bid 7' (not on the dial) and
    'bid 155' (above the 150 ducats of the setup) are refused with the Bidding rule, the game
    goes on with a legal bid, and the saved record holds only the accepted moves."""
    from typer.testing import CliRunner

    from arsenale.cli import app
    from arsenale.core import load_record

    path = tmp_path / "game.json"
    typed = "bid 7\nbid 155\nbid 10\n" + "quit\ny\n"
    result = CliRunner().invoke(
        app,
        [
            "play",
            "masters-of-venice",
            "--seats",
            "human,random",
            "--seed",
            "3",
            "--record",
            str(path),
        ],
        input=typed,
    )
    out = result.stdout
    assert "Refused: 'bid 7' is not a move here:" in out and "steps of 5" in out
    assert "Refused: a bid of 155 is more than your 150 ducats" in out
    assert out.count(f"(rule: {RULES}Bidding)") >= 2
    assert load_record(path)["actions"][0] == [0, {"kind": "bid", "amount": 10}]
