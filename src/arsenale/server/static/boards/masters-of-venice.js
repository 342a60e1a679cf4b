// The board of Masters of Venice: the canal of rounds with the Gondola and face-down rumors,
// the five shop boards (price, share price and orders tracks), the Guild Hall (Lumber price),
// the two shipping offices, the four docks, the Church Plaza's favors, the Mercato, the Stock
// Market, the turn order with the characters, the pawns at their locations and each
// merchant's card (the viewer's own Guild Orders on its own card only: the view holds no
// other hand). Board data: GET /api/boards/masters-of-venice (games/masters_of_venice/
// layout.py, two arrangements: `wide` for a laptop, `narrow` for a phone); the game view:
// state.py `_view`. The interface is described at the top of game.js.
//
// Hooks for tests: [data-mov="canal"], [data-canal-space="<1..16>"], [data-gondola],
// [data-shop="<id>"], [data-track="<shop>:<price|share|orders>"][data-value],
// [data-dock="<1..4>"], [data-office="<id>"], [data-pawn="<seat>"], [data-merchant="<seat>"],
// [data-hand-card="<order id>"], svg[data-arrangement="wide|narrow"].

import { _, ngettext } from "../i18n.js";
import { capitalise, el, fit, inkOn, nameOf, text, title } from "./common.js";

const SEAT_CSS = {
  red: "#c42f28",
  blue: "#2b63c6",
  green: "#2f8a3e",
  yellow: "#e5bf24",
  purple: "#7b3fa8",
};
const RES_CSS = {
  grey: "#8d8d8d",
  brown: "#8a5a2b",
  red: "#c0392b",
  yellow: "#e7c53a",
  green: "#2f9a55",
  black: "#262626",
};
const NARROW_BELOW = 640; // px of drawing width under which the phone arrangement is used

const DECISIONS = {
  bid: _("secret bid for turn order"),
  character: _("choose a character"),
  orders: _("adjust the orders of a shop"),
  move: _("secretly choose a destination on the dial"),
  marker: _("use the Gondolieri's marker or wait"),
  use: _("use the location"),
  keep: _("keep one of the drawn Guild Orders"),
  place: _("place the cubes on the docks"),
};
const PHASES = { bidding: _("bidding"), commerce: _("commerce"), over: _("over") };
const phaseName = (p) => PHASES[p] || p;

/** A resource's name in the page's language (the game's names, else the id). */
const resName = (board, r) => nameOf(board, r);

function resColour(board, r) {
  const res = board.resources.find((x) => x.id === r);
  return RES_CSS[res?.colour] || "#777";
}

function shopName(board, id) {
  return board.shops.find((s) => s.id === id)?.name || board.offices.find((o) => o.id === id)?.name || nameOf(board, id);
}

function merchant(gv, seat) {
  return gv.view.merchants?.find((m) => m.seat === seat);
}

export function seatColour(seat, gv) {
  return SEAT_CSS[merchant(gv, seat)?.colour] || "#777";
}

export function seatName(seat, gv) {
  const name = gv.seats?.[seat]?.name; // the server's, in the page's language
  if (name) return name;
  return capitalise(merchant(gv, seat)?.colour || _("seat {n}", { n: seat + 1 }));
}

export function decisionText(gv, board) {
  const d = gv.view.decision;
  if (!d) return "";
  const what = DECISIONS[d.kind] || d.kind.replaceAll("_", " ");
  return d.kind === "use" && gv.view.location ? `${what} (${locationName(board, gv.view.location)})` : what;
}

export function status(gv, board) {
  const v = gv.view;
  const bits = [_("Round {round}/{rounds}", { round: v.round, rounds: board.rounds }), phaseName(v.phase)];
  if (v.location) bits.push(_("at {place}", { place: locationName(board, v.location) }));
  bits.push(_("orders deck {n}", { n: v.deck_size }));
  return bits.join(" · ");
}

function locationName(board, id) {
  return board.locations.find((l) => l.id === id)?.name || nameOf(board, id);
}

function characterName(board, id) {
  return board.characters.find((c) => c.id === id)?.name || nameOf(board, id);
}

function cubeWords(cubes, board) {
  const out = Object.entries(cubes || {})
    .filter(([, n]) => n > 0)
    .map(([r, n]) => `${n} ${resName(board, r)}`);
  return out.join(", ") || _("none");
}

export function panel(info, gv, board) {
  // This game's view has no players_info: the page passes {seat}; read the merchant.
  const m = merchant(gv, info?.seat ?? -1);
  if (!m) return [];
  const rows = [];
  rows.push([_("Ducats"), "cash" in m ? String(m.cash) : _("hidden"), "ducats"]);
  rows.push([_("VP"), String(m.vp), "vp"]);
  rows.push([_("Cubes"), cubeWords(m.cubes, board), "cubes"]);
  const shares = Object.entries(m.shares)
    .filter(([, n]) => n > 0)
    .map(([c, n]) => `${n} ${shopName(board, c)}`);
  rows.push([_("Shares"), shares.join(", ") || _("none"), "shares"]);
  rows.push([_("Characters"), m.characters.map((c) => characterName(board, c)).join(", ") || _("none"), "characters"]);
  rows.push([_("Orders"), _("{hand} in hand, {delivered} delivered", { hand: m.hand_size, delivered: m.delivered.length }), "orders"]);
  if (m.favors.length) rows.push([_("Favors"), m.favors.join(", "), "favors"]);
  rows.push([_("Rumors"), String(m.rumor_count), "rumors"]);
  if (m.pawn) rows.push([_("Pawn"), locationName(board, m.pawn), "pawn"]);
  return rows;
}

/** Board places a legal action belongs to. */
export function places(action, gv, board) {
  const a = action;
  switch (a.kind) {
    case "go":
      return [`loc:${a.place}`];
    case "dock":
      return [`dock:${a.dock}`];
    case "orders":
    case "majority":
    case "rumor":
    case "play_favor":
      return [`shop:${a.shop}`];
    case "favor":
      return [`favor:${a.value}`];
    case "gondola":
      return ["gondola"];
    case "ship":
      return gv.view.location ? [`office:${gv.view.location}`] : [];
    case "draw":
    case "draw_two":
    case "deliver":
      return ["loc:guild"];
    default:
      return [];
  }
}

// -- drawing helpers ---------------------------------------------------------------------

function box(g, [x, y, w, h], cls, label) {
  el("rect", { class: `mov-box ${cls || ""}`.trim(), x, y, width: w, height: h, rx: 5 }, g);
  if (label) fit(text(g, x + 6, y + 12, label, { class: "mov-title" }), w - 12);
}

/** The width a drawn SVG text takes (0 before layout). */
function widthOf(node) {
  return node.getComputedTextLength?.() || 0;
}

/** A place's title that fits `width`: the full name, else the short one (the board data's,
 * from the game's catalogue: "Bureau nord" for "Bureau maritime nord"), squeezed if need be. */
function titleIn(g, x, y, full, short, width) {
  const node = text(g, x, y, full, { class: "mov-title" });
  if (short && widthOf(node) > width) node.textContent = short;
  return fit(node, width);
}

function cube(g, x, y, size, colour, tip) {
  const c = el("rect", { class: "mov-cube", x, y, width: size, height: size, rx: 1.2, fill: colour }, g);
  if (tip) title(c, tip);
  return c;
}

/** A track of holes from min to max with a peg at `value`. */
function track(g, board, { x, y, w, kind, value, label, id, colour = "#3b2f1a" }) {
  const t = board.tracks[kind];
  const n = Math.round((t.max - t.min) / t.step) + 1;
  const gap = w / n;
  const tg = el("g", { class: "mov-track", "data-track": id, "data-value": value }, g);
  title(tg, _("{label}: {words}", { label, words: value }));
  text(tg, x, y, `${label} ${value}`, { class: "mov-track-label" });
  el("rect", { class: "mov-track-bg", x: x - 1, y: y + 4, width: w + 2, height: 9, rx: 4 }, tg);
  for (let i = 0; i < n; i++) {
    const v = t.min + i * t.step;
    const cx = x + gap * (i + 0.5);
    el("circle", { class: v % (kind === "orders" ? 5 : 25) === 0 ? "mov-hole mark" : "mov-hole", cx, cy: y + 8.5, r: Math.min(2.2, gap / 3) }, tg);
  }
  const clamped = Math.max(t.min, Math.min(t.max, value));
  const px = x + gap * (Math.round((clamped - t.min) / t.step) + 0.5);
  el("circle", { class: "mov-peg", cx: px, cy: y + 8.5, r: Math.min(4, gap / 1.6), fill: colour }, tg);
}

function pawns(layer, gv, board, places, placeId, seats) {
  const p = places[placeId];
  if (!p || !seats.length) return;
  const [x, y, w] = p.box;
  seats.forEach((seat, i) => {
    const cx = x + w - 9 - i * 15;
    const cy = y + (placeId === "shops" ? 10 : 10);
    const g = el("g", { class: "mov-pawn", "data-pawn": seat, transform: `translate(${cx},${cy})` }, layer);
    title(g, _("pawn of {seat}: {place}", { seat: seatName(seat, gv), place: locationName(board, merchant(gv, seat).pawn) }));
    el("circle", { cx: 0, cy: -3, r: 3.2, fill: seatColour(seat, gv) }, g);
    el("path", { d: "M-5,6 L-2.5,-1 L2.5,-1 L5,6 Z", fill: seatColour(seat, gv) }, g);
  });
}

// -- the places --------------------------------------------------------------------------

function drawCanal(svg, board, gv, place) {
  const v = gv.view;
  const [x, y, w, h] = place.box;
  const perRow = place.per_row || board.rounds;
  const rows = Math.ceil(board.rounds / perRow);
  const g = el("g", { class: "mov-canal", "data-mov": "canal" }, svg);
  box(g, place.box, "canal", _("Canal"));
  // the round beside the title, on the left
  const head = g.querySelector(".mov-title");
  const after = 6 + widthOf(head) + 10;
  fit(text(g, x + after, y + 12, _("Round {round} of {rounds} · {phase}", { round: v.round, rounds: board.rounds, phase: phaseName(v.phase) }), { class: "mov-note", "data-canal-round": v.round }), w - after - 6);
  const cw = (w - 8) / perRow;
  const ch = (h - 20) / rows;
  for (let k = 1; k <= board.rounds; k++) {
    const col = (k - 1) % perRow;
    const row = Math.floor((k - 1) / perRow);
    const sx = x + 4 + col * cw;
    const sy = y + 16 + row * ch;
    const bid = board.bid_spaces.includes(k);
    const final = k === board.rounds;
    const cls = ["mov-canal-space"];
    if (bid) cls.push("bid");
    if (final) cls.push("final");
    if (k < v.round) cls.push("past");
    if (k === v.round) cls.push("current");
    const s = el("g", { class: cls.join(" "), "data-canal-space": k }, g);
    el("rect", { x: sx + 1, y: sy, width: cw - 2, height: ch - 2, rx: 3 }, s);
    text(s, sx + 4, sy + 10, String(k), { class: "mov-space-number" });
    if (bid || final) fit(text(s, sx + cw - 4, sy + 10, bid ? _("BID") : _("Final"), { class: "mov-space-tag", "text-anchor": "end" }), cw - 20);
    const tip = [bid ? _("space {n}: bidding round", { n: k }) : final ? _("space {n}: final turn", { n: k }) : _("space {n}: commerce round", { n: k })];
    if (v.canal_rumors?.[k - 1]) {
      const r = el("g", { class: "mov-rumor", transform: `translate(${sx + cw / 2 - 6},${sy + ch - 16})` }, s);
      el("rect", { width: 12, height: 12, rx: 2 }, r);
      text(r, 6, 9, "?", { "text-anchor": "middle", class: "mov-rumor-mark" });
      tip.push(_("a rumor face down"));
    }
    title(s, tip.join(_("; ")));
    if (k === v.round) {
      const gx = sx + cw / 2;
      const gy = sy + ch / 2 + 1;
      const gondola = el("g", { class: "mov-gondola", "data-gondola": k, "data-place": "gondola", transform: `translate(${gx},${gy})` }, g);
      const who = v.gondolieri >= 0 ? { seat: seatName(v.gondolieri, gv) } : null;
      title(gondola, _("the Gondola (round {n})", { n: k }) + (who ? (v.marker_unused ? _("; the Gondolieri: {seat}, marker unused", who) : _("; the Gondolieri: {seat}", who)) : ""));
      el("path", { d: "M-14,-1 Q0,6 14,-1 L16,-5 Q0,1 -16,-5 Z" }, gondola);
      el("line", { x1: 8, y1: -3, x2: 12, y2: -12 }, gondola);
    }
  }
}

function drawShop(svg, board, gv, shop, place) {
  const v = gv.view;
  const [x, y, w] = place.box;
  const g = el("g", { class: "mov-shop", "data-shop": shop.id, "data-place": `shop:${shop.id}` }, svg);
  box(g, place.box, "shop");
  const colour = resColour(board, shop.resource);
  cube(g, x + 6, y + 4, 10, colour, _("buys {resource}", { resource: resName(board, shop.resource) }));
  // the shop's name, then its note in what is left of the title row (never over the name)
  const name = fit(text(g, x + 20, y + 13, shop.name, { class: "mov-title" }), w - 26 - 40);
  const played = v.rumors_played?.[shop.id] || 0;
  const left = ngettext("{n} share left", "{n} shares left", v.supply[shop.id]);
  const room = w - 26 - widthOf(name) - 8;
  const note = text(g, x + w - 6, y + 13, played ? `${left} · ${ngettext("{n} rumor", "{n} rumors", played)}` : left, { class: "mov-note", "text-anchor": "end" });
  // too long even squeezed a little: the rumors as the canal marks them ("· 3?")
  if (played && widthOf(note) * 0.8 > room) note.textContent = `${left} · ${played}?`;
  fit(note, room);
  const tw = w - 14;
  track(g, board, { x: x + 7, y: y + 30, w: tw, kind: "price", value: v.prices[shop.resource], label: _("{resource} price", { resource: capitalise(resName(board, shop.resource)) }), id: `${shop.id}:price`, colour });
  track(g, board, { x: x + 7, y: y + 62, w: tw, kind: "share", value: v.share_prices[shop.id], label: _("Share price"), id: `${shop.id}:share` });
  track(g, board, { x: x + 7, y: y + 94, w: tw, kind: "orders", value: v.orders[shop.id], label: _("Orders"), id: `${shop.id}:orders`, colour: "#7a2a20" });
  title(g, _("{shop}: {resource} at {price}, shares at {share}, {orders} orders", { shop: shop.name, resource: resName(board, shop.resource), price: v.prices[shop.resource], share: v.share_prices[shop.id], orders: v.orders[shop.id] }));
}

function drawGuild(svg, board, gv, place) {
  const v = gv.view;
  const [x, y, w, h] = place.box;
  const g = el("g", { class: "mov-guild", "data-place": "loc:guild" }, svg);
  box(g, place.box, "guild", nameOf(board, "guild", _("Guild Hall")));
  track(g, board, { x: x + 7, y: y + 28, w: w - 14, kind: "price", value: v.prices.lumber, label: _("{resource} price", { resource: capitalise(resName(board, "lumber")) }), id: "guild:price", colour: resColour(board, "lumber") });
  const delivered = (v.merchants || []).reduce((n, m) => n + m.delivered.length, 0);
  text(g, x + 7, y + 60, _("Delivery VP: {values}", { values: board.guild_vp.join(" / ") }), { class: "mov-note" });
  text(g, x + 7, y + 74, ngettext("{n} order delivered", "{n} orders delivered", delivered), { class: "mov-note" });
  const deck = el("g", { class: "mov-deck" }, g);
  el("rect", { x: x + w - 34, y: y + h - 34, width: 24, height: 28, rx: 3 }, deck);
  text(deck, x + w - 22, y + h - 16, String(v.deck_size), { "text-anchor": "middle", class: "mov-deck-count" });
  title(deck, ngettext("Guild Orders deck: {n} card", "Guild Orders deck: {n} cards", v.deck_size));
}

function drawOffice(svg, board, gv, office, place) {
  const v = gv.view;
  const [x, y, w] = place.box;
  const g = el("g", { class: "mov-office", "data-office": office.id, "data-place": `office:${office.id}` }, svg);
  box(g, place.box, "office");
  titleIn(g, x + 6, y + 12, office.name, office.short, w - 12);
  const r = v.offices[office.id];
  if (r) cube(g, x + 8, y + 22, 16, resColour(board, r), _("{resource} cube waiting", { resource: resName(board, r) }));
  text(g, x + 30, y + 34, r ? resName(board, r) : _("no cube"), { class: "mov-note" });
  text(g, x + 8, y + 58, _("Shares {price} · {n} left", { price: board.office_share_price, n: v.supply[office.id] }), { class: "mov-note" });
  text(g, x + 8, y + 74, _("pays 10 a share"), { class: "mov-note faint" });
  title(g, r ? _("{office}: {resource} cube; shares at {price}", { office: office.name, resource: resName(board, r), price: board.office_share_price }) : _("{office}: no cube; shares at {price}", { office: office.name, price: board.office_share_price }));
}

function drawDocks(svg, board, gv, place) {
  const v = gv.view;
  const [x, y, w, h] = place.box;
  const g = el("g", { class: "mov-docks", "data-place": "loc:docks" }, svg);
  box(g, place.box, "docks", nameOf(board, "docks", _("Docks")));
  const bag = Object.values(v.bag || {}).reduce((a, b) => a + b, 0);
  text(g, x + 50, y + 12, ngettext("bag: {n} cube", "bag: {n} cubes", bag), { class: "mov-note faint" });
  const n = board.docks;
  const dw = (w - 8) / n;
  v.docks.forEach((dock, i) => {
    const dx = x + 4 + i * dw;
    const dy = y + 18;
    const d = el("g", { class: "mov-dock", "data-dock": i + 1, "data-place": `dock:${i + 1}` }, g);
    el("rect", { class: "mov-dock-bg", x: dx + 2, y: dy, width: dw - 4, height: h - 22, rx: 3 }, d);
    text(d, dx + 6, dy + 11, _("Dock {n}", { n: i + 1 }), { class: "mov-note" });
    const list = [];
    for (const [r, k] of Object.entries(dock)) for (let j = 0; j < k; j++) list.push(r);
    const perRow = Math.max(1, Math.floor((dw - 12) / 13));
    list.forEach((r, j) => cube(d, dx + 6 + (j % perRow) * 13, dy + 16 + Math.floor(j / perRow) * 13, 11, resColour(board, r), resName(board, r)));
    title(d, _("Dock {n}: {cubes}", { n: i + 1, cubes: cubeWords(dock, board) }));
  });
}

function drawChurch(svg, board, gv, place) {
  const v = gv.view;
  const [x, y] = place.box;
  const g = el("g", { class: "mov-church", "data-place": "loc:church" }, svg);
  box(g, place.box, "church", nameOf(board, "church", _("Church Plaza")));
  v.favor_display.forEach((value, i) => {
    const f = el("g", { class: "mov-favor", "data-favor": value, "data-place": `favor:${value}`, transform: `translate(${x + 24 + i * 44},${y + 46})` }, g);
    el("circle", { r: 17 }, f);
    text(f, 0, 4, String(value), { "text-anchor": "middle", class: "mov-favor-value" });
    const info = board.favors.find((b) => b.value === value);
    title(f, _("favor {value}: costs {value}, adds up to {n} orders at one shop", { value, n: info?.max_orders ?? "?" }));
  });
  text(g, x + 6, y + 84, _("{n} in the stack", { n: v.favor_stack.length }), { class: "mov-note" });
}

function drawMercato(svg, board, gv, place) {
  const [x, y] = place.box;
  const g = el("g", { class: "mov-mercato", "data-place": "loc:mercato" }, svg);
  box(g, place.box, "mercato", nameOf(board, "mercato", _("Mercato")));
  text(g, x + 6, y + 30, _("buy, sell and swap"), { class: "mov-note" });
  text(g, x + 6, y + 44, _("cubes at their prices"), { class: "mov-note" });
  void gv;
  void board;
}

// Each company's name short enough for its column, in any language: its first word (cut
// past 8 letters), or where two companies share that word (the shipping offices) the first
// initial and the last word: "S. North" / "S. South", "B. nord" / "B. sud".
function stockLabels(names) {
  const first = names.map((n) => n.split(" ")[0]);
  return names.map((n, i) => {
    const words = n.split(" ");
    if (words.length > 1 && first.filter((f) => f === first[i]).length > 1) {
      return `${words[0][0]}. ${words[words.length - 1]}`;
    }
    return first[i].length > 8 ? first[i].slice(0, 7) + "." : first[i];
  });
}

function drawMarket(svg, board, gv, place) {
  const v = gv.view;
  const [x, y, w] = place.box;
  const g = el("g", { class: "mov-market", "data-place": "loc:market" }, svg);
  box(g, place.box, "market", nameOf(board, "market", _("Stock Market")));
  const comps = [...board.shops.map((s) => s.id), ...board.offices.map((o) => o.id)];
  const cw = (w - 8) / comps.length;
  const labels = stockLabels(comps.map((c) => shopName(board, c)));
  comps.forEach((c, i) => {
    const cx = x + 4 + i * cw + cw / 2;
    const s = el("g", { class: "mov-stock", "data-stock": c }, g);
    text(s, cx, y + 34, labels[i], { class: "mov-note", "text-anchor": "middle" });
    text(s, cx, y + 52, String(v.share_prices[c]), { class: "mov-value", "text-anchor": "middle" });
    text(s, cx, y + 68, _("{n} left", { n: v.supply[c] }), { class: "mov-note faint", "text-anchor": "middle" });
    title(s, _("{shop}: shares at {price}, {n} in the market", { shop: shopName(board, c), price: v.share_prices[c], n: v.supply[c] }));
  });
}

function drawOrder(svg, board, gv, place) {
  const v = gv.view;
  const [x, y, w] = place.box;
  const g = el("g", { class: "mov-order" }, svg);
  box(g, place.box, "order", _("Turn order"));
  const n = v.turn_order.length;
  const sw = (w - 8) / Math.max(n, 1);
  v.turn_order.forEach((seat, i) => {
    const sx = x + 4 + i * sw;
    const s = el("g", { class: "mov-order-slot", "data-order": i + 1 }, g);
    const m = merchant(gv, seat);
    const css = seatColour(seat, gv);
    el("rect", { x: sx + 2, y: y + 18, width: sw - 4, height: 60, rx: 4 }, s);
    el("circle", { cx: sx + 14, cy: y + 32, r: 8, fill: css }, s);
    text(s, sx + 14, y + 35.5, String(i + 1), { "text-anchor": "middle", class: "mov-disk", fill: inkOn(css) });
    text(s, sx + 26, y + 35, seatName(seat, gv), { class: "mov-note" });
    (m?.characters || []).forEach((c, j) => {
      const label = characterName(board, c) + (c === "gondolieri" && v.marker_unused ? " ◆" : "");
      text(s, sx + 8, y + 52 + j * 12, label, { class: "mov-character" });
    });
    const held = (m?.characters || []).map((c) => characterName(board, c)).join(", ") || _("no character");
    title(s, `${i + 1}. ` + _("{label}: {words}", { label: seatName(seat, gv), words: held }));
  });
}

function orderCard(g, board, x, y, id) {
  const c = el("g", { class: "mov-order-card", "data-hand-card": id, transform: `translate(${x},${y})` }, g);
  el("rect", { width: 40, height: 14, rx: 2 }, c);
  id.split("+").forEach((r, i) => cube(c, 3 + i * 12.5, 2.5, 9, resColour(board, r)));
  title(c, _("Guild Order: {cubes}", { cubes: id.split("+").map((r) => resName(board, r)).join(", ") }));
  return c;
}

function drawMerchants(svg, board, gv, place) {
  const v = gv.view;
  const [x, y, w, h] = place.box;
  const perRow = place.per_row || 5;
  const rows = Math.ceil(5 / perRow);
  const gap = 6;
  const cw = (w - gap * (perRow - 1)) / perRow;
  const ch = (h - gap * (rows - 1)) / rows;
  const layer = el("g", { class: "mov-merchants" }, svg);
  (v.merchants || []).forEach((m, i) => {
    const mx = x + (i % perRow) * (cw + gap);
    const my = y + Math.floor(i / perRow) * (ch + gap);
    const css = seatColour(m.seat, gv);
    const mine = m.seat === gv.seat;
    const g = el("g", { class: `mov-merchant${mine ? " me" : ""}`, "data-merchant": m.seat }, layer);
    el("rect", { class: "mov-box merchant", x: mx, y: my, width: cw, height: ch, rx: 5 }, g);
    el("rect", { x: mx, y: my, width: 5, height: ch, fill: css, rx: 2 }, g);
    text(g, mx + 10, my + 13, mine ? _("{seat} (you)", { seat: seatName(m.seat, gv) }) : seatName(m.seat, gv), { class: "mov-title" });
    const cash = "cash" in m ? ngettext("{n} ducat", "{n} ducats", m.cash) : _("ducats hidden");
    text(g, mx + cw - 6, my + 13, _("{vp} VP · {cash}", { vp: m.vp, cash }), { class: "mov-note", "text-anchor": "end" });
    // Cubes: one square per resource with its count.
    let ly = my + 20;
    board.resources.forEach((r, j) => {
      const cx = mx + 10 + j * ((cw - 16) / 6);
      cube(g, cx, ly, 10, RES_CSS[r.colour], `${m.cubes[r.id]} ${resName(board, r.id)}`);
      text(g, cx + 12, ly + 9, String(m.cubes[r.id]), { class: "mov-note" });
    });
    ly += 24;
    const shares = Object.entries(m.shares)
      .filter(([, n]) => n > 0)
      .map(([c, n]) => `${n} ${shopName(board, c).replace("Shipping Office ", "").replace(" Shop", "")}`);
    text(g, mx + 10, ly, _("Shares: {shares}", { shares: shares.join(", ") || _("none") }), { class: "mov-note" });
    ly += 13;
    const chars = m.characters.map((c) => characterName(board, c)).join(", ") || _("no character");
    text(g, mx + 10, ly, m.favors.length ? _("{characters} · favors {favors}", { characters: chars, favors: m.favors.join(", ") }) : chars, { class: "mov-note" });
    ly += 13;
    text(g, mx + 10, ly, _("{hand} in hand · {delivered} delivered · {rumors}", { hand: m.hand_size, delivered: m.delivered.length, rumors: ngettext("{n} rumor", "{n} rumors", m.rumor_count) }), { class: "mov-note" });
    ly += 6;
    // Delivered orders are public; the hand is drawn only when the view holds it (its owner).
    const cards = [];
    for (const d of m.delivered) cards.push({ id: d, delivered: true });
    if (mine && Array.isArray(v.hand)) for (const d of v.hand) cards.push({ id: d, delivered: false });
    const perLine = Math.max(1, Math.floor((cw - 14) / 44));
    const room = Math.max(0, Math.floor((my + ch - ly - 4) / 17)) * perLine;
    cards.slice(0, room).forEach((c, j) => {
      const card = orderCard(g, board, mx + 10 + (j % perLine) * 44, ly + Math.floor(j / perLine) * 17, c.id);
      card.classList.add(c.delivered ? "delivered" : "in-hand");
    });
    if (cards.length > room) text(g, mx + cw - 6, my + ch - 5, `+${cards.length - room}`, { class: "mov-note", "text-anchor": "end" });
    if (mine && v.my_rumors?.length) {
      text(g, mx + cw - 6, my + 26 + 24, _("your rumors: {rumors}", { rumors: v.my_rumors.map((r) => shopName(board, r)).join(", ") }), { class: "mov-note faint", "text-anchor": "end" });
    }
    title(g, _("{seat}: {cash}, {vp} VP; cubes {cubes}; shares {shares}", { seat: seatName(m.seat, gv), cash, vp: m.vp, cubes: cubeWords(m.cubes, board), shares: shares.join(", ") || _("none") }));
  });
}

/** Draw the whole board for this game view into `svg` (emptied by the caller). */
export function draw(svg, board, gv) {
  const v = gv.view;
  const width = svg.getBoundingClientRect().width || window.innerWidth;
  const name = width && width < NARROW_BELOW ? "narrow" : "wide";
  const arr = board.arrangements[name];
  svg.setAttribute("viewBox", `0 0 ${arr.width} ${arr.height}`);
  svg.dataset.arrangement = name;
  // The phone arrangement is a tall column: the board holder takes its height from it.
  svg.parentElement?.classList.toggle("tall", name === "narrow");
  const p = arr.places;
  el("rect", { class: "mov-table", x: 0, y: 0, width: arr.width, height: arr.height }, svg);
  drawCanal(svg, board, gv, p.canal);
  const banner = el("g", { class: "mov-shops-banner", "data-place": "loc:shops" }, svg);
  box(banner, p.shops.box, "banner");
  text(banner, p.shops.box[0] + 6, p.shops.box[1] + 14, _("The Shops"), { class: "mov-title" });
  for (const shop of board.shops) drawShop(svg, board, gv, shop, p[`shop:${shop.id}`]);
  drawGuild(svg, board, gv, p.guild);
  for (const office of board.offices) drawOffice(svg, board, gv, office, p[`office:${office.id}`]);
  drawDocks(svg, board, gv, p.docks);
  drawChurch(svg, board, gv, p.church);
  drawMercato(svg, board, gv, p.mercato);
  drawMarket(svg, board, gv, p.market);
  drawOrder(svg, board, gv, p.order);
  drawMerchants(svg, board, gv, p.merchants);
  // Pawns stand on their location once the destinations are revealed (the view says where).
  const layer = el("g", { class: "mov-pawns" }, svg);
  for (const loc of board.locations) {
    const here = (v.merchants || []).filter((m) => m.pawn === loc.id).map((m) => m.seat);
    pawns(layer, gv, board, p, loc.place, here);
  }
}
