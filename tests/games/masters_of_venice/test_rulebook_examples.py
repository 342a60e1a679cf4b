"""Every worked example of the rulebook (rules/masters-of-venice.en.txt), one test each, plus
the rules the examples lean on. Each docstring cites the file and the section."""

from __future__ import annotations

import pytest

from arsenale import IllegalAction
from arsenale.games.masters_of_venice.bidding import resolve_bid
from arsenale.games.masters_of_venice.board import (
    GONDOLIERI,
    GUILDMASTER,
    HARBORMASTER,
    ORDER_IDS,
    TAXCOLLECTOR,
    THIEF,
    TRADER,
)
from arsenale.games.masters_of_venice.market import cube_out, sale_dividend
from arsenale.games.masters_of_venice.rounds import start_commerce
from arsenale.games.masters_of_venice.scoring import finish

from .helpers import (
    RULES,
    act,
    clear_hands,
    first_commerce,
    give_order,
    loc,
    new,
    res,
    set_cubes,
    set_shares,
    shop,
    top,
    use_at,
)


def test_x1_setup_draws_lower_the_prices_but_not_the_share_prices():
    """masters-of-venice.en.txt, Setup (sample setup note, steps 15-18): four Gems out of the
    bag put Gems at 20; the Jeweler's share price stays 40. Every resource, Lumber included,
    starts 5 lower per cube drawn at setup."""
    s = new(4, 0)
    s.price[res("gems")] = 40
    for _ in range(4):
        cube_out(s, res("gems"), [])
    assert s.price[res("gems")] == 20
    assert s.share[shop("jeweler")] == 40
    for players in (2, 3, 4, 5):
        for seed in range(10):
            t = new(players, seed)
            drawn = players + 8 + 2
            assert sum(15 - b for b in t.bag) == drawn
            for r in range(6):
                assert t.price[r] == max(5, 40 - 5 * (15 - t.bag[r]))
            assert t.share == [40] * 5


def test_x2_orders_start_at_two():
    """masters-of-venice.en.txt, Setup 14: the orders peg on the third space, 2 orders."""
    for players in (2, 5):
        assert new(players, 3).orders == [2] * 5


def bidding_table():
    """Aaron (seat 0), Brent (1), Carolina (2), Frank (3)."""
    s = new(4, 0)
    clear_hands(s)
    s.cash = [150] * 4
    set_shares(s, 1, north=2, south=1, jeweler=1)
    set_shares(s, 3, north=1, south=2, tailor=1)
    return s


def test_x3_bids_set_the_turn_order_and_ties_go_to_the_shares():
    """masters-of-venice.en.txt, Bidding (example): Aaron 15, Carolina 25, Brent and Frank 20;
    both have 3 shipping office shares, Brent a Jeweler share and Frank a Tailor share: the
    order is Carolina, Brent, Frank, Aaron; Aaron is the Gondolieri; everyone pays."""
    s = bidding_table()
    for seat, bid in ((0, 15), (2, 25), (1, 20), (3, 20)):
        act(s, seat, f"bid {bid}")
    assert s.order == (2, 1, 3, 0)
    assert s.gondolieri == 0 and s.chars[0] == 1 << GONDOLIERI
    assert s.cash == [135, 130, 125, 130]
    assert top(s).kind == "character" and top(s).seats == (2,)


def test_the_share_tie_break_goes_company_by_company_not_by_totals():
    """masters-of-venice.en.txt, Bidding: ties go to the most shares "in this order", shipping
    offices first (RULINGS.md A5): four office shares beat three office shares and three shop
    shares."""
    s = new(3, 0)
    clear_hands(s)
    set_shares(s, 0, north=4)
    set_shares(s, 1, north=3, blacksmith=3)
    for seat in range(3):
        act(s, seat, "bid 10")
    assert s.order[:2] == (0, 1)


def test_x4_aaron_adjusts_the_tailor_up_three_or_down_one():
    """masters-of-venice.en.txt, Bidding (Aaron's note): a bid of 15 at the Tailor (orders 2)
    moves the peg up three spaces to 5 or down one to 1; nothing else."""
    s = bidding_table()
    for seat, bid in ((0, 15), (2, 25), (1, 20), (3, 20)):
        act(s, seat, f"bid {bid}")
    picks = iter(["trader", "thief", "guildmaster"])
    while top(s).seats != (0,):
        seat = top(s).seats[0]
        if top(s).kind == "character":
            act(s, seat, f"character {next(picks)}")
        else:
            act(s, seat, "orders blacksmith up")
    assert top(s).kind == "orders"
    legal = {a.notation for a in s.legal_actions(0)}
    assert {"orders tailor up", "orders tailor down"} <= legal
    twin = s.clone()
    act(s, 0, "orders tailor up")
    assert s.orders[shop("tailor")] == 5
    act(twin, 0, "orders tailor down")
    assert twin.orders[shop("tailor")] == 1


def test_a_zero_bid_adjusts_nothing_and_a_bid_of_five_only_raises():
    """masters-of-venice.en.txt, Bidding: a player who bid nothing adjusts no orders; one
    space per 10 ducats down means a bid of 5 can only raise (RULINGS.md A7)."""
    s = new(3, 0)
    act(s, 0, "bid 5")
    act(s, 1, "bid 0")
    act(s, 2, "bid 0")
    first = s.order[0]
    assert first == 0
    act(s, 0, "character trader")
    assert top(s).kind == "orders"
    assert all(a["dir"] == "up" for a in s.legal_actions(0))
    with pytest.raises(IllegalAction) as refusal:
        s.check(0, s.game.catalogue.from_text("orders miller down"))
    assert refusal.value.rule == RULES + "Bidding"


def test_x5_a_pawn_at_any_dock_cannot_go_to_the_docks_again():
    """masters-of-venice.en.txt, Move: the four Docks are one space; a player at Dock 1 must
    move elsewhere and may not pick another dock."""
    s = new(3, 0)
    s.stack.clear()
    s.pawn = [loc("docks"), loc("market"), -1]
    s.round = 2
    start_commerce(s, [])
    s._legal = None
    assert "go docks" not in {a.notation for a in s.legal_actions(0)}
    assert "go docks" in {a.notation for a in s.legal_actions(1)}
    assert len(s.legal_actions(2)) == 8
    with pytest.raises(IllegalAction) as refusal:
        act(s, 0, "go docks")
    assert refusal.value.rule == RULES + "Move"


def play_locations(s, pawns, order):
    """Resolve one commerce round's move with these destinations; return the seats in the
    order they are asked to use a location, with the location."""
    first_commerce(s, order, gondolieri=order[-1], marker=0)
    for seat, where in enumerate(pawns):
        act(s, seat, f"go {where}")
    seen = []
    while top(s).kind == "use" and s.round == 1:
        (seat,) = top(s).seats
        seen.append((seat, s.cur))
        act(s, seat, "done")
    return seen


def test_x6_shops_visitors_first_then_every_other_player_clockwise():
    """masters-of-venice.en.txt, Actions (Turn Order Examples: SHOPS): Red and Green go to the
    Shops, Red first in turn order: Red, then Green, then from the player to Green's left
    around the table each may use a shop or pass; then Blue's location."""
    s = new(4, 0)  # seats: 0 red, 1 blue, 2 green, 3 yellow
    seen = play_locations(s, ["shops", "church", "shops", "church"], (0, 2, 1, 3))
    shops, church = loc("shops"), loc("church")
    assert seen == [(0, shops), (2, shops), (3, shops), (1, shops), (1, church), (3, church)]


def test_x7_docks_each_player_once_in_the_same_order():
    """masters-of-venice.en.txt, Actions (Turn Order Examples: DOCKS): Red and Black at the
    Docks: Red, Black, then clockwise from Black's left; everyone once, then the next
    location. Unshared locations are used by their visitors only."""
    s = new(5, 0)  # red 0, blue 1, green 2, yellow 3, purple ("black") 4
    seen = play_locations(s, ["docks", "mercato", "north", "mercato", "docks"], (0, 3, 4, 1, 2))
    docks, mercato, north = loc("docks"), loc("mercato"), loc("north")
    assert seen == [
        (0, docks),
        (4, docks),
        (1, docks),
        (2, docks),
        (3, docks),
        (3, mercato),
        (1, mercato),
        (2, north),
    ]


def test_x8_stacey_buys_two_blacksmith_and_one_south():
    """masters-of-venice.en.txt, Stock Market (BUYING STOCK example): two Blacksmith shares and
    one Shipping Office South share: the Blacksmith share price rises one space; office shares
    are fixed at 20."""
    s = new(3, 0)
    clear_hands(s)
    use_at(s, "market", 0)
    s.cash[0] = 200
    price = s.share[shop("blacksmith")]
    act(s, 0, "buy shares 2 blacksmith 1 south")
    assert s.cash[0] == 200 - 2 * price - 20
    assert s.share[shop("blacksmith")] == price + 5
    assert s.shares[0:7] == [2, 0, 0, 0, 0, 0, 1]
    assert s.supply == [8, 10, 10, 10, 10, 10, 9]


def test_x9_frank_sells_three_tailor_shares():
    """masters-of-venice.en.txt, Stock Market (SELLING STOCK example): three Tailor shares sold
    move its share price down six spaces; never below 5."""
    s = new(3, 0)
    clear_hands(s)
    set_shares(s, 0, tailor=3)
    use_at(s, "market", 0)
    s.share[shop("tailor")] = 60
    cash = s.cash[0]
    act(s, 0, "sell shares 3 tailor")
    assert s.cash[0] == cash + 180
    assert s.share[shop("tailor")] == 30
    t = new(3, 0)
    clear_hands(t)
    set_shares(t, 0, tailor=3)
    use_at(t, "market", 0)
    t.share[shop("tailor")] = 20
    act(t, 0, "sell shares 3 tailor")
    assert t.share[shop("tailor")] == 5


def test_x10_jon_sells_three_gems_at_double_price():
    """masters-of-venice.en.txt, Shops (SELL RESOURCE example) and Dividends: three Gems at 25
    pay 150; Gems and the Jeweler's share price rise 3 spaces, its orders fall 3, the cubes go
    back to the bag; a sale of 150 pays 20 per Jeweler share."""
    s = new(3, 0)
    clear_hands(s)
    set_cubes(s, 0, gems=3)
    set_shares(s, 1, jeweler=2)
    use_at(s, "shops", 0)
    s.price[res("gems")] = 25
    s.orders[shop("jeweler")] = 4
    cash, other, bag = s.cash[0], s.cash[1], s.bag[res("gems")]
    act(s, 0, "sell 3 gems")
    assert s.cash[0] == cash + 150
    assert s.cash[1] == other + 40
    assert s.price[res("gems")] == 40
    assert s.share[shop("jeweler")] == 55
    assert s.orders[shop("jeweler")] == 1
    assert s.bag[res("gems")] == bag + 3


def test_x11_russell_delivers_two_lumber_and_a_spice():
    """masters-of-venice.en.txt, Guild Hall (example): the first delivery of Lumber, Lumber,
    Spice: Lumber +2 spaces, Spice +1, the Spice Shop's share +1 and orders -1; he takes 2 VP
    and 50 ducats. No dividend."""
    s = new(3, 0)
    clear_hands(s)
    card = ORDER_IDS.index("lumber+lumber+spice")
    give_order(s, 0, card)
    set_cubes(s, 0, lumber=2, spice=1)
    set_shares(s, 1, spice=3)
    use_at(s, "guild", 0)
    lumber, spice = s.price[res("lumber")], s.price[res("spice")]
    cash, other = s.cash[0], s.cash[1]
    events = act(s, 0, "deliver lumber+lumber+spice vp 2")
    assert s.price[res("lumber")] == lumber + 10
    assert s.price[res("spice")] == spice + 5
    assert s.share[shop("spice")] == 45
    assert s.orders[shop("spice")] == 1
    assert (s.vp[0], s.cash[0], s.cash[1]) == (2, cash + 50, other)
    assert s.delivered[0] == (card,) and s.hands[0] == ()
    assert not any(e["type"] == "dividend" for e in events)


def test_x12_guild_vp_table_and_cash_instead_of_vp():
    """masters-of-venice.en.txt, Guild Hall: the first delivery offers exactly 3 VP, 2 VP + 50,
    1 VP + 100 or 150 ducats; later ones 4, 5 and 6 VP."""
    s = new(3, 0)
    clear_hands(s)
    card = ORDER_IDS.index("lumber+lumber+lumber")
    give_order(s, 0, card)
    set_cubes(s, 0, lumber=3)
    use_at(s, "guild", 0)
    offers = sorted(a["vp"] for a in s.legal_actions(0) if a.kind == "deliver")
    assert offers == [0, 1, 2, 3]
    for done, top_vp in ((1, 4), (2, 5), (3, 6), (7, 6)):
        s.delivered[0] = tuple(range(done))
        s._legal = None
        assert max(a["vp"] for a in s.legal_actions(0) if a.kind == "deliver") == top_vp
    s.delivered[0] = ()
    cash = s.cash[0]
    act(s, 0, "deliver lumber+lumber+lumber vp 0")
    assert s.cash[0] == cash + 150 and s.vp[0] == 0


def test_x13_the_harbor_master_takes_two_cubes_at_an_office():
    """masters-of-venice.en.txt, Characters (HARBOR MASTER) and Shipping Offices: the office
    cube plus a free one; with the refill and the four dock cubes six cubes leave the bag,
    each lowering its price one space; the office's holders get 10 a share."""
    s = new(3, 0)
    clear_hands(s)
    set_shares(s, 1, north=2)
    s.price = [60] * 6
    use_at(s, "north", 0, chars=1 << HARBORMASTER)
    office = s.office[0]
    in_bag = sum(s.bag)
    other = s.cash[1]
    on_docks = sum(s.docks)
    events = act(s, 0, "ship")
    assert sum(s.bag) == in_bag - 6
    assert sum(s.cubes[0:6]) == 2 and s.cubes[office] >= 1
    assert sum(60 - p for p in s.price) == 6 * 5
    assert s.cash[1] == other + 20
    while top(s).kind == "place":
        act(s, 0, s.legal_actions(0)[0].notation)
    assert sum(s.docks) == on_docks + 4
    assert any(e["type"] == "ship" and e["free"] for e in events)


def test_x14_jenn_buys_spice_and_sells_iron_at_the_mercato():
    """masters-of-venice.en.txt, Mercato (example): buy Spice at 25 and sell Iron at 45: she
    receives 20 net; Spice goes to 30 and Iron to 50; her Iron goes into the bag and a Spice
    comes out."""
    s = new(3, 0)
    clear_hands(s)
    set_cubes(s, 0, iron=1)
    use_at(s, "mercato", 0)
    s.price[res("spice")] = 25
    s.price[res("iron")] = 45
    cash, spice_bag, iron_bag = s.cash[0], s.bag[res("spice")], s.bag[res("iron")]
    act(s, 0, "buy 1 spice")
    act(s, 0, "sell 1 iron")
    assert s.cash[0] == cash + 20
    assert (s.price[res("spice")], s.price[res("iron")]) == (30, 50)
    assert (s.bag[res("spice")], s.bag[res("iron")]) == (spice_bag - 1, iron_bag + 1)
    assert s.cubes[res("spice")] == 1 and s.cubes[res("iron")] == 0
    with pytest.raises(IllegalAction):
        act(s, 0, "buy 1 gems")  # one of each at the Mercato


def test_x15_dividends_round_to_the_nearest_hundred():
    """masters-of-venice.en.txt, Dividends (ROUNDING example): 130 pays 10 a share, 150 pays
    20, 40 pays nothing."""
    assert (sale_dividend(130), sale_dividend(150), sale_dividend(40)) == (10, 20, 0)
    s = new(3, 0)
    clear_hands(s)
    set_cubes(s, 0, iron=1)
    set_shares(s, 1, blacksmith=3)
    use_at(s, "shops", 0)
    s.price[res("iron")] = 65
    other = s.cash[1]
    act(s, 0, "sell 1 iron")
    assert s.cash[1] == other + 30


def end_table():
    s = new(2, 0)
    clear_hands(s)
    s.vp = [0, 0]
    return s


def test_x16_debt_after_the_tax_costs_vp_rounded_up():
    """masters-of-venice.en.txt, Final Scoring A: a penniless player owing 120 loses 2 VP; one
    with 30 ducats owing 120 pays the 30 and loses 1 VP."""
    s = end_table()
    s.price[res("iron")] = 100
    s.price[res("gems")] = 40
    set_cubes(s, 0, iron=2, gems=1)  # worth 240: a tax of 120
    set_cubes(s, 1, iron=2, gems=1)
    s.cash = [0, 30]
    finish(s, [])
    assert [f[1] for f in s.final] == [120, 120]
    assert [f[2] for f in s.final] == [2, 1]
    assert s.cash == [0, 0]


def test_x17_x18_stock_and_cash_round_to_the_nearest_hundred():
    """masters-of-venice.en.txt, Final Scoring C and D: stock 745 gives 7 VP and 750 gives 8;
    cash 1145 gives 11 and 870 gives 9."""
    s = end_table()
    s.share = [100, 5, 5, 5, 5]
    set_shares(s, 0, blacksmith=7, south=2)  # 700 + 40 = 740
    s.share[0] = 100
    s.cash = [1145, 870]
    finish(s, [])
    assert s.final[0][4] == 740 and s.final[0][5] == 7
    assert (s.final[0][7], s.final[1][7]) == (11, 9)
    t = end_table()
    set_shares(t, 0, blacksmith=7, jeweler=1, spice=1)
    t.share = [100, 25, 25, 5, 5]  # 700 + 25 + 5 = 730; with the spice shop at 25: 750
    t.share[shop("spice")] = 25
    t.cash = [0, 0]
    finish(t, [])
    assert t.final[0][4] == 750 and t.final[0][5] == 8
    u = end_table()
    set_shares(u, 0, blacksmith=7, jeweler=1, miller=4)
    u.share = [100, 25, 5, 5, 5]
    finish(u, [])
    assert u.final[0][4] == 745 and u.final[0][5] == 7


def test_x19_kalen_scores_the_whole_end():
    """masters-of-venice.en.txt, Final Scoring (SCORING example): Spice and Lumber worth 110 pay
    55; one undelivered order -2 VP; 4 Blacksmith and 2 Spice Shop shares worth 350 plus two
    South shares at 20, 390 in all, give 4 VP; 1150 ducats give 12 VP."""
    s = end_table()
    s.price[res("spice")] = 60
    s.price[res("lumber")] = 50
    set_cubes(s, 0, spice=1, lumber=1)
    give_order(s, 0, s.deck[0])
    set_shares(s, 0, blacksmith=4, spice=2, south=2)
    s.share[shop("blacksmith")] = 75
    s.share[shop("spice")] = 25
    s.cash = [1205, 0]
    finish(s, [])
    vp, tax, debt, penalty, stock, stock_vp, cash, cash_vp, total = s.final[0]
    assert vp == 0
    assert (tax, debt, penalty, stock, stock_vp, cash, cash_vp) == (55, 0, 2, 390, 4, 1150, 12)
    assert total == -2 + 4 + 12


def test_x20_two_players_pick_two_characters_each():
    """masters-of-venice.en.txt, 2-Player Rules: the start player picks, then the other (who
    already has the Gondolieri), then the start player again."""
    s = new(2, 0)
    act(s, 0, "bid 20")
    act(s, 1, "bid 10")
    assert s.order == (0, 1) and s.gondolieri == 1
    act(s, 0, "character trader")
    act(s, 0, "orders miller up")
    act(s, 1, "character thief")
    act(s, 1, "orders miller down")
    assert top(s).kind == "character" and top(s).seats == (0,)
    act(s, 0, "character guildmaster")
    assert s.chars[0] == (1 << TRADER) | (1 << GUILDMASTER)
    assert s.chars[1] == (1 << GONDOLIERI) | (1 << THIEF)
    assert s.round == 1 and top(s).kind == "move"


def test_x21_buying_three_shares_of_a_shop_moves_it_one_space():
    """masters-of-venice.en.txt, Stock Market (notes): buying several shares of one shop moves
    its price one space; a company sold cannot be bought in the same visit."""
    s = new(3, 0)
    clear_hands(s)
    set_shares(s, 0, miller=1)
    use_at(s, "market", 0)
    act(s, 0, "buy shares 3 jeweler")
    assert s.share[shop("jeweler")] == 45
    with pytest.raises(IllegalAction) as refusal:
        act(s, 0, "sell shares 1 jeweler")
    assert refusal.value.rule == RULES + "Stock Market"
    act(s, 0, "sell shares 1 miller")
    assert s.share[shop("miller")] == 30


def test_x22_price_controls_reset_to_40_after_the_payout():
    """masters-of-venice.en.txt, Dividends and FAQ 5: a resource price over 100 goes back to
    40 after the sale is paid at the old price."""
    s = new(3, 0)
    clear_hands(s)
    set_cubes(s, 0, fabric=2)
    use_at(s, "shops", 0)
    s.price[res("fabric")] = 95
    cash = s.cash[0]
    act(s, 0, "sell 2 fabric")
    assert s.cash[0] == cash + 380
    assert s.price[res("fabric")] == 40


def test_x22_stock_split_halves_the_price_and_gives_vp():
    """masters-of-venice.en.txt, Dividends (Share Price Over 100) and FAQ 6: a share price
    over 100 splits to half the price reached, rounded up (RULINGS.md A14: 105 -> 55), and
    every holder gains 1 VP a share."""
    s = new(3, 0)
    clear_hands(s)
    set_shares(s, 1, tailor=3)
    use_at(s, "market", 0)
    s.share[shop("tailor")] = 100
    act(s, 0, "buy shares 1 tailor")
    assert s.share[shop("tailor")] == 55
    assert s.vp[0] == 1 and s.vp[1] == 3


def test_x22_price_bottoming_raises_orders():
    """masters-of-venice.en.txt, Shipping Offices (Price Bottoming) and FAQ 7: a cube out of
    the bag at 5 raises its shop's orders instead; Lumber has no orders (FAQ 9)."""
    s = new(3, 0)
    s.price[res("grain")] = 5
    s.price[res("lumber")] = 5
    orders = list(s.orders)
    cube_out(s, res("grain"), [])
    cube_out(s, res("lumber"), [])
    assert s.price[res("grain")] == 5 and s.price[res("lumber")] == 5
    assert s.orders[shop("miller")] == orders[shop("miller")] + 1
    assert [o for i, o in enumerate(s.orders) if i != shop("miller")] == [
        o for i, o in enumerate(orders) if i != shop("miller")
    ]


def test_x22_zero_orders_refuse_sales_and_deliveries_and_lumber_needs_none():
    """masters-of-venice.en.txt, FAQ 8-9: no orders at a shop, no sale there and no delivery
    needing that resource; Lumber ignores orders."""
    s = new(3, 0)
    clear_hands(s)
    set_cubes(s, 0, spice=1, lumber=3)
    give_order(s, 0, ORDER_IDS.index("lumber+lumber+spice"))
    give_order(s, 0, ORDER_IDS.index("lumber+lumber+lumber"))
    s.orders[shop("spice")] = 0
    use_at(s, "guild", 0)
    with pytest.raises(IllegalAction) as refusal:
        act(s, 0, "deliver lumber+lumber+spice vp 3")
    assert "orders" in refusal.value.reason and refusal.value.rule == RULES + "Guild Hall"
    act(s, 0, "deliver lumber+lumber+lumber vp 3")
    use_at(s, "shops", 0)
    with pytest.raises(IllegalAction):
        act(s, 0, "sell 1 spice")


def test_the_tax_collector_takes_a_share_of_every_dividend():
    """masters-of-venice.en.txt, Characters (TAX COLLECTOR): an extra dividend as if he held a
    share, even of a company nobody holds (RULINGS.md A12)."""
    s = new(3, 0)
    clear_hands(s)
    s.chars[2] = 1 << TAXCOLLECTOR
    use_at(s, "south", 0)
    s.chars[2] = 1 << TAXCOLLECTOR
    cash = s.cash[2]
    act(s, 0, "ship")
    assert s.cash[2] == cash + 10


def test_the_thief_steals_one_cube_at_the_chosen_dock_without_moving_the_price():
    """masters-of-venice.en.txt, Characters (THIEF): one cube free at the dock visited."""
    s = new(3, 0)
    clear_hands(s)
    use_at(s, "docks", 0, chars=1 << THIEF)
    d = next(d for d in range(4) if any(s.docks[6 * d : 6 * d + 6]))
    r = next(r for r in range(6) if s.docks[6 * d + r])
    prices = list(s.price)
    act(s, 0, f"dock {d + 1}")
    act(s, 0, f"steal {['iron', 'lumber', 'spice', 'grain', 'gems', 'fabric'][r]}")
    assert s.cubes[r] == 1 and s.price == prices
    assert not [a for a in s.legal_actions(0) if a.kind == "steal"]


def test_the_guild_master_keeps_one_of_two_and_others_see_only_that():
    """masters-of-venice.en.txt, Characters (GUILD MASTER): draw two, keep one, the other to
    the bottom, and perhaps one held order back too; other seats see only "kept one card"."""
    s = new(3, 0)
    use_at(s, "guild", 0, chars=1 << GUILDMASTER)
    held = s.hands[0]
    first, second = s.deck[-1], s.deck[-2]
    act(s, 0, "draw two")
    events = act(s, 0, "keep second return 1")
    assert s.hands[0] == (second,)
    assert s.deck[:2] == [held[0], first] and s.dknown[:2] == [0, 0]
    assert s.history_for(1)[-1] == (0, "kept one card and put one order back")
    public = s.events_for(events, 1)
    assert all(ORDER_IDS[second] not in str(e) for e in public)


def test_the_trader_buys_two_and_swaps_once():
    """masters-of-venice.en.txt, Characters (TRADER): two bought, two sold, of different
    types, and one swap without a price change."""
    s = new(3, 0)
    clear_hands(s)
    set_cubes(s, 0, iron=3)
    use_at(s, "mercato", 0, chars=1 << TRADER)
    s.cash[0] = 500
    prices = list(s.price)
    act(s, 0, "buy 2 spice")
    act(s, 0, "sell 2 iron")
    assert s.price[res("spice")] == prices[res("spice")] + 10
    assert s.price[res("iron")] == prices[res("iron")] + 10
    with pytest.raises(IllegalAction):
        act(s, 0, "buy 1 gems")
    before = list(s.price)
    act(s, 0, "swap iron for gems")
    assert s.price == before and s.cubes[res("gems")] == 1
    with pytest.raises(IllegalAction) as refusal:
        act(s, 0, "swap spice for iron")
    assert refusal.value.rule == RULES + "Characters"


def test_the_gondola_marker_lets_the_gondolieri_act_first_once():
    """masters-of-venice.en.txt, Characters (GONDOLIERI): he may interrupt the turn order once
    and take his turn at once; RULINGS.md A9."""
    s = new(3, 0)
    first_commerce(s, (0, 1, 2), gondolieri=2, marker=1)
    act(s, 0, "go church")
    act(s, 1, "go mercato")
    act(s, 2, "go north")
    assert top(s).kind == "marker" and top(s).seats == (2,)
    act(s, 2, "gondola")
    assert top(s).kind == "use" and top(s).seats == (2,) and s.cur == loc("north")
    act(s, 2, "done")
    assert top(s).kind == "use" and top(s).seats == (0,) and s.cur == loc("church")
    assert s.marker == 0


def test_every_bid_is_paid_and_no_bid_exceeds_cash():
    """masters-of-venice.en.txt, Bidding: bids may not exceed one's money and are paid to the
    bank whether won or lost."""
    s = new(3, 0)
    s.cash = [30, 150, 150]
    with pytest.raises(IllegalAction) as refusal:
        act(s, 0, "bid 35")
    assert refusal.value.rule == RULES + "Bidding" and "30" in refusal.value.reason
    resolve = resolve_bid  # the resolution pays every bid
    assert resolve is not None
    act(s, 0, "bid 30")
    act(s, 1, "bid 0")
    act(s, 2, "bid 5")
    assert s.cash == [0, 150, 145]
