// The board of Amalfi: Renaissance: the period track, the four decrees by period, the Wind
// Rose (and the solo rival), the sea with the printed and evolving destinations (ships on
// their docks, lighthouses), the three titles with their cubes, the Atlas, the Council and the
// Workshop; below, each player's personal board: shipyard, bay and port, the five holds, the
// granary with its bread and lighthouses, VP, private destinations, artworks and characters.
// The viewer's own board comes first and shows its hand (the view holds a hand only for its
// owner); the others show how many cards they hold and those the rules make public
// (`known_hand`: the packs, cards taken face up). Board data: GET /api/boards/amalfi-renaissance
// (games/amalfi_renaissance/layout.py and layout.toml); the game view: state.py `_view`. The
// interface is described at the top of game.js. All styling is inline (no page CSS needed).
//
// Hooks for tests: [data-amalfi="sea|titles|atlas|council|workshop|decrees|period|windrose"],
// [data-destination="<id>"][data-dock="<seat>|rival|"], [data-lighthouse="<place id>"],
// [data-council-slot="<1..4>"], [data-workshop-slot="<1..5>"], [data-atlas-slot="<1..5>"],
// [data-decree="<period 1..4>"], [data-title="<id>"], [data-period="<n>"].current,
// [data-windrose="<seat>"], [data-rival], [data-player-board="<seat>"] (.me on the viewer's),
// [data-hold="<seat>:<resource>"][data-ships], [data-granary="<seat>"][data-bread],
// [data-shipyard="<seat>"], [data-bay="<seat>"], [data-hand="<seat>"][data-count],
// [data-hand-card="<character id>"] (the viewer's own hand only), [data-payment].

import { _, ngettext } from "../i18n.js";
import { capitalise, el, inkOn, nameOf as boardName, text, title } from "./common.js";

const SEAT_CSS = { red: "#c42f28", blue: "#2b63c6", green: "#2f8a3e", yellow: "#e5bf24" };
const RIVAL_CSS = "#5a5a5a";
const RES_CSS = { spices: "#c0622b", wood: "#8a5a2b", wine: "#7a1f4a", gems: "#2a8a8a", fabric: "#3c5fb0" };
const TYPE_CSS = { immediate: "#c98a1e", permanent: "#4f7a3a", endgame: "#7b3fa8", engageable: "#2b63c6" };
const ART_CSS = { book: "#8a5a2b", painting: "#b03a48", monument: "#6b6b6b" };
const INK = "#2b2216";
const PAPER = "#f7eed6";
const EDGE = "#8b7a55";
const SEA_CSS = "#3f77a3";
const ROMAN = ["I", "II", "III", "IV"];

const DECISIONS = {
  pack: _("choose a starting pack"),
  select: _("secretly keep a character"),
  draft: _("secretly keep a character and pass the rest"),
  reserve: _("keep one of the set-aside characters"),
  turn: _("take a main action or pass"),
  pay: _("pay: unload holds, supply from the bay, then done"),
  evolving: _("take the evolving bonus first or last"),
  send: _("send ships from the bay to your holds"),
  take: _("take a character from the Council"),
  erect: _("erect a lighthouse"),
  instead: _("all lighthouses are up: a character or 2 VP"),
  choose: _("take a character or straighten"),
  straighten: _("straighten an engaged character"),
  beacon: _("use your lighthouse: send a ship or take bread"),
  feed: _("feed the crews"),
  ready: _("before the decree: convert ships to bread, then ready"),
};
const ART_NAMES = { book: _("books"), painting: _("paintings"), monument: _("monuments") };
/** A character's type in the page's language (the data's id is English: "endgame"). */
const TYPE_NAMES = { immediate: _("immediate"), permanent: _("permanent"), engageable: _("engageable"), endgame: _("endgame") };
const typeName = (type) => TYPE_NAMES[type] || type;
const ART_TYPES = { book: _("book"), painting: _("painting"), monument: _("monument") };

/** A resource's name in the page's language (the game's names, else the id). */
const res = (board, r) => boardName(board, r);

const FONT = "font-family: system-ui, sans-serif";

function t(g, x, y, s, { size = 9, weight = 400, fill = INK, anchor = "start", cls = null } = {}) {
  return text(g, x, y, s, { style: `${FONT}; font-size: ${size}px; font-weight: ${weight}`, fill, "text-anchor": anchor, class: cls });
}

function box(g, [x, y, w, h], { fill = PAPER, stroke = EDGE, label = null, rx = 5 } = {}) {
  el("rect", { x, y, width: w, height: h, rx, fill, stroke, "stroke-width": 1.2 }, g);
  if (label) t(g, x + 6, y + 13, label, { size: 11, weight: 700, fill: fill === SEA_CSS ? "#eef5fb" : INK });
}

function player(gv, seat) {
  return (gv.view.players || []).find((p) => p.seat === seat);
}

function nameOf(board, id) {
  if (!id) return "";
  return (
    board.characters[id]?.name ||
    board.artworks[id]?.name ||
    board.privates[id]?.name ||
    board.destinations.find((d) => d.id === id)?.name ||
    board.evolving.find((d) => d.id === id)?.name ||
    board.titles[id]?.name ||
    board.decrees[id]?.name ||
    boardName(board, id, capitalise(id.replaceAll("-", " ")))
  );
}

function orWords(board, resources) {
  return resources.map((r) => res(board, r)).join(_(" or "));
}

function costWords(c, board) {
  return `${c.cost} ${orWords(board, c.resources)}`;
}

function slotWords(v) {
  return v < 0 ? _("+{n} bread", { n: -v }) : v > 0 ? _("gain {n} bread", { n: v }) : "";
}

export function seatColour(seat, gv) {
  return SEAT_CSS[player(gv, seat)?.colour] || "#777";
}

export function seatName(seat, gv) {
  const name = gv.seats?.[seat]?.name; // the server's, in the page's language
  if (name) return name;
  return capitalise(player(gv, seat)?.colour || _("seat {n}", { n: seat + 1 }));
}

export function decisionText(gv) {
  const d = gv.view.decision;
  if (!d) return "";
  return DECISIONS[d.kind] || d.kind.replaceAll("_", " ");
}

export function status(gv, board) {
  const v = gv.view;
  const bits = [_("Period {n} of {last}", { n: ROMAN[v.period - 1] || v.period, last: ROMAN[board.periods - 1] })];
  const decree = v.decrees?.[v.period - 1];
  if (decree) bits.push(_("decree: {name}", { name: nameOf(board, decree) }));
  if (v.rival) bits.push(_("rival: {name}", { name: capitalise(v.rival.name) }));
  bits.push(_("Wind Rose: {seat}", { seat: seatName(v.first_player, gv) }));
  return bits.join(" · ");
}

export function panel(info, gv, board) {
  const p = player(gv, info?.seat ?? -1);
  if (!p) return [];
  const rows = [
    [_("VP"), _("{vp} ({titles} from titles)", { vp: p.vp, titles: p.title_vp }), "vp"],
    [_("Bread"), _("{bread} of {capacity} · feed {feed}", { bread: p.bread, capacity: p.capacity, feed: p.feed }), "bread"],
    [_("Ships"), _("{bay} in bay, {port} in port, {shipyard} in shipyard", { bay: p.bay, port: p.port, shipyard: p.shipyard }), "ships"],
    [_("Holds"), board.resources.map((r) => `${p.holds[r]} ${res(board, r)}`).join(", "), "holds"],
    [_("Hand"), Array.isArray(p.hand) ? p.hand.map((c) => nameOf(board, c)).join(", ") || _("empty") : ngettext("{n} card", "{n} cards", p.hand_size), "hand"],
    [_("Invited"), p.invited.map((c) => nameOf(board, c)).join(", ") || _("none"), "invited"],
  ];
  if (p.passed) rows.push([_("Passed"), _("yes"), "passed"]);
  return rows;
}

/** Board places a legal action belongs to. */
export function places(action, gv) {
  const a = action;
  switch (a.kind) {
    case "navigate":
    case "lighthouse":
      return [`dest:${a.place}`];
    case "acquire":
      return [`workshop:${a.slot}`];
    case "discover":
      return [`atlas:${a.slot}`];
    case "take":
      return [`council:${a.slot}`];
    case "invite":
    case "engage":
    case "discard":
    case "straighten":
    case "keep":
      return [`card:${a.card}`];
    case "unload":
    case "send":
      return gv.seat === null || gv.seat === undefined ? [] : [`hold:${gv.seat}:${a.hold}`];
    case "emergency":
      return gv.seat === null || gv.seat === undefined ? [] : [`bay:${gv.seat}`];
    case "construct":
      return gv.seat === null || gv.seat === undefined ? [] : [`shipyard:${gv.seat}`];
    default:
      return [];
  }
}

// -- tokens ------------------------------------------------------------------------------------

function ship(g, x, y, colour, tip, scale = 1) {
  const s = el("g", { transform: `translate(${x},${y}) scale(${scale})` }, g);
  el("path", { d: "M-9,-2 L9,-2 L6,4 L-6,4 Z", fill: colour, stroke: "#1d1d1d", "stroke-width": 0.6 }, s);
  el("path", { d: "M0,-2 L0,-11 L6,-4 Z", fill: "#f5f2e8", stroke: "#1d1d1d", "stroke-width": 0.5 }, s);
  if (tip) title(s, tip);
  return s;
}

function tower(g, x, y, colour, tip) {
  const s = el("g", { transform: `translate(${x},${y})` }, g);
  el("path", { d: "M-3,6 L-2,-5 L2,-5 L3,6 Z", fill: colour, stroke: "#1d1d1d", "stroke-width": 0.6 }, s);
  el("circle", { cx: 0, cy: -7, r: 2.4, fill: "#ffd84a", stroke: "#1d1d1d", "stroke-width": 0.5 }, s);
  if (tip) title(s, tip);
  return s;
}

function markColour(gv, mark) {
  return mark === "rival" ? RIVAL_CSS : seatColour(mark, gv);
}

function markName(gv, mark) {
  return mark === "rival" ? capitalise(gv.view.rival?.name || _("the rival")) : seatName(mark, gv);
}

/** A card on a display or in a hand: a coloured band for its kind, name, cost, and a line. */
function card(g, x, y, w, h, { band, name, cost, line, tip, attrs = {} }) {
  const c = el("g", { ...attrs }, g);
  el("rect", { x, y, width: w, height: h, rx: 3, fill: "#fffaf0", stroke: EDGE }, c);
  el("rect", { x, y, width: w, height: 5, rx: 2, fill: band }, c);
  t(c, x + 4, y + 16, fit(name, w - 6, 5.6), { size: 9.5, weight: 700 });
  if (cost) t(c, x + 4, y + 28, fit(cost, w - 6, 4.5), { size: 8 });
  if (line) t(c, x + 4, y + 39, fit(line, w - 6, 4.1), { size: 7.5, fill: "#5a4a2a" });
  title(c, tip);
  return c;
}

/** `s` cut to the characters that fit `w` px at about `per` px a character. */
function fit(s, w, per) {
  const max = Math.max(3, Math.floor(w / per));
  return s.length > max ? s.slice(0, max - 1) + "…" : s;
}

function emptySlot(g, x, y, w, h, tip) {
  const c = el("rect", { x, y, width: w, height: h, rx: 3, fill: "none", stroke: EDGE, "stroke-dasharray": "3 2" }, g);
  title(c, tip);
}

// -- the main board ------------------------------------------------------------------------------

function drawPeriod(svg, board, gv, place) {
  const v = gv.view;
  const [x, y, w] = place;
  const g = el("g", { "data-amalfi": "period" }, svg);
  box(g, place, { label: _("Period") });
  const step = (w - 20) / board.periods;
  for (let k = 1; k <= board.periods; k++) {
    const cx = x + 10 + step * (k - 0.5);
    const cur = k === v.period;
    const s = el("g", { "data-period": k, class: cur ? "current" : null }, g);
    el("circle", { cx, cy: y + 40, r: 13, fill: cur ? "#e2b43a" : k < v.period ? "#d8ccb0" : "#fffaf0", stroke: INK, "stroke-width": cur ? 2 : 1 }, s);
    t(s, cx, y + 44, ROMAN[k - 1], { size: 11, weight: 700, anchor: "middle" });
    title(s, cur ? _("period {n} (now)", { n: ROMAN[k - 1] }) : k < v.period ? _("period {n} (over)", { n: ROMAN[k - 1] }) : _("period {n}", { n: ROMAN[k - 1] }));
  }
}

function drawDecrees(svg, board, gv, place) {
  const v = gv.view;
  const [x, y, w, h] = place;
  const g = el("g", { "data-amalfi": "decrees" }, svg);
  box(g, place, { label: _("Decrees") });
  const n = v.decrees.length;
  const sw = (w - 70) / n;
  v.decrees.forEach((id, i) => {
    const d = board.decrees[id];
    const sx = x + 64 + i * sw;
    const cur = i + 1 === v.period;
    const s = el("g", { "data-decree": i + 1, class: cur ? "current" : null }, g);
    el("rect", { x: sx, y: y + 6, width: sw - 6, height: h - 12, rx: 4, fill: cur ? "#f3dc92" : "#fffaf0", stroke: cur ? INK : EDGE, "stroke-width": cur ? 2 : 1 }, s);
    t(s, sx + 5, y + 20, `${ROMAN[i]}`, { size: 9, weight: 700, fill: "#7d6a45" });
    t(s, sx + 5, y + 36, d?.name || id, { size: 10, weight: 700 });
    const each = _("{n} VP each", { n: d?.value ?? "?" });
    t(s, sx + 5, y + 50, d?.pair ? _("{each}, {n} a pair", { each, n: d.pair }) : each, { size: 8 });
    title(s, _("decree of period {n}: {name}, scored at the end of the period", { n: ROMAN[i], name: d?.name || id }));
  });
}

function drawWindrose(svg, board, gv, place) {
  const v = gv.view;
  const [x, y, w] = place;
  const g = el("g", { "data-amalfi": "windrose" }, svg);
  box(g, place, { label: _("Wind Rose") });
  const rose = el("g", { "data-windrose": v.first_player, transform: `translate(${x + 40},${y + 40})` }, g);
  const css = seatColour(v.first_player, gv);
  el("path", { d: "M0,-18 L4,-4 L18,0 L4,4 L0,18 L-4,4 L-18,0 L-4,-4 Z", fill: css, stroke: INK, "stroke-width": 1 }, rose);
  title(rose, _("the Wind Rose: {seat} plays first this period", { seat: seatName(v.first_player, gv) }));
  t(g, x + 66, y + 36, _("{seat} plays first", { seat: seatName(v.first_player, gv) }), { size: 10, weight: 700 });
  if (v.rival) {
    const r = el("g", { "data-rival": v.rival.name }, g);
    const ships = ngettext("{n} ship", "{n} ships", v.rival.ships);
    const lighthouses = ngettext("{n} lighthouse", "{n} lighthouses", v.rival.lighthouses);
    t(r, x + 66, y + 52, _("Rival {name}: {ships}, {lighthouses}", { name: capitalise(v.rival.name), ships, lighthouses }), { size: 8.5 });
    title(r, _("solo challenge against {name} ({outcome})", { name: capitalise(v.rival.name), outcome: v.outcome }) + (v.band ? `, ${v.band}` : ""));
  } else {
    const passed = (v.players || []).filter((p) => p.passed).map((p) => seatName(p.seat, gv));
    t(g, x + 66, y + 52, passed.length ? _("passed: {seats}", { seats: passed.join(", ") }) : _("nobody has passed"), { size: 8.5 });
  }
  void w;
}

function destination(g, board, gv, d, [sx, sy], covered) {
  const v = gv.view;
  const dock = v.docks?.[d.id];
  const light = v.lighthouses?.[d.id];
  const shown = covered ? board.privates[covered] : d;
  const node = el("g", { "data-destination": d.id, "data-place": `dest:${d.id}`, "data-dock": dock === undefined ? "" : dock, transform: `translate(${sx},${sy})` }, g);
  el("rect", { x: -48, y: -20, width: 96, height: 44, rx: 8, fill: covered ? "#efe2c0" : "#fdf8ea", stroke: "#274f70", "stroke-width": 1.4 }, node);
  const label = covered ? _("{label}: {words}", { label: d.name, words: shown.name }) : d.name;
  t(node, 0, -8, fit(label, 92, 5), { size: 8.5, weight: 700, anchor: "middle" });
  const benefit = (shown.price ? _("pay {n} bread: ", { n: shown.price }) : "") + shown.steps.join(", ");
  t(node, 0, 3, fit(benefit, 92, 3.7), { size: 7, anchor: "middle", fill: "#3b2f1a" });
  if (dock !== undefined) ship(node, -30, 16, markColour(gv, dock), _("a ship of {seat} is on the dock", { seat: markName(gv, dock) }));
  else el("circle", { cx: -30, cy: 15, r: 4, fill: "none", stroke: "#274f70", "stroke-dasharray": "2 2" }, node);
  if (light !== undefined) {
    const tw = tower(node, 34, 12, markColour(gv, light), _("lighthouse of {seat}", { seat: markName(gv, light) }));
    tw.setAttribute("data-lighthouse", d.id);
  }
  const extra = d.period ? _("; evolving location of period {n}, also {bonus}", { n: ROMAN[d.period - 1], bonus: board.evolving_bonus }) : "";
  const docked = dock !== undefined ? _("; dock taken by {seat}", { seat: markName(gv, dock) }) : _("; dock free");
  const lit = light !== undefined ? _("; lighthouse of {seat}", { seat: markName(gv, light) }) : "";
  title(node, _("{label}: {words}", { label, words: `${benefit}${extra}${docked}${lit}` }));
}

function drawSea(svg, board, gv, place) {
  const v = gv.view;
  const [x, y, w, h] = place;
  const g = el("g", { "data-amalfi": "sea" }, svg);
  box(g, place, { fill: SEA_CSS, stroke: "#274f70", label: _("The sea") });
  // the lanes: every destination sails from Amalfi's harbour, drawn at the bottom centre
  const hx = x + w / 2;
  const hy = y + h - 8;
  const all = [...board.destinations, ...board.evolving];
  for (const d of all) el("line", { x1: hx, y1: hy, x2: x + d.at[0], y2: y + d.at[1], stroke: "#9cc3e0", "stroke-width": 1, "stroke-dasharray": "4 3" }, g);
  t(g, hx, hy - 2, "Amalfi", { size: 9, weight: 700, anchor: "middle", fill: "#eef5fb" });
  for (const d of board.destinations) destination(g, board, gv, d, [x + d.at[0], y + d.at[1]], null);
  board.evolving.forEach((d, i) => destination(g, board, gv, d, [x + d.at[0], y + d.at[1]], v.evolving?.[i] || null));
}

function drawTitles(svg, board, gv, place) {
  const v = gv.view;
  const [x, y, w, h] = place;
  const g = el("g", { "data-amalfi": "titles" }, svg);
  box(g, place, { label: _("Titles") });
  const n = v.titles.length || 1;
  const tw = (w - 12) / n;
  v.titles.forEach((ti, i) => {
    const info = board.titles[ti.id];
    const tx = x + 6 + i * tw;
    const s = el("g", { "data-title": ti.id }, g);
    el("rect", { x: tx, y: y + 20, width: tw - 6, height: h - 26, rx: 4, fill: info?.dark ? "#3b3326" : "#fffaf0", stroke: EDGE }, s);
    const ink = info?.dark ? "#f3e7c8" : INK;
    t(s, tx + 5, y + 34, info?.name || ti.id, { size: 10, weight: 700, fill: ink });
    t(s, tx + 5, y + 47, fit(info?.need || "", tw - 14, 3.9), { size: 7.5, fill: ink });
    (info?.values || []).forEach((val, k) => {
      const bx = tx + 5 + k * 28;
      const by = y + 58;
      el("rect", { x: bx, y: by, width: 24, height: 24, rx: 3, fill: info.dark ? "#5a4e3a" : "#efe2c0", stroke: EDGE }, s);
      t(s, bx + 12, by + 35, String(val), { size: 8, anchor: "middle", fill: ink });
      const cube = ti.cubes[k];
      if (cube !== undefined) {
        const c = el("rect", { x: bx + 5, y: by + 5, width: 14, height: 14, rx: 2, fill: seatColour(cube, gv), stroke: "#1d1d1d" }, s);
        title(c, _("{seat} completed it for {n} VP", { seat: seatName(cube, gv), n: val }));
      }
    });
    const who = ti.cubes.map((c) => seatName(c, gv)).join(", ");
    const values = { name: info?.name || ti.id, need: info?.need, done: who ? _("completed by {seats}", { seats: who }) : _("not yet completed") };
    title(s, info?.dark ? _("dark title {name}: {need}; {done}", values) : _("light title {name}: {need}; {done}", values));
  });
}

function drawDisplay(svg, board, gv, place, { key, label, ids, slots, deck, kind }) {
  const [x, y, w, h] = place;
  const g = el("g", { "data-amalfi": key }, svg);
  box(g, place, { label });
  t(g, x + w - 6, y + 13, deck, { size: 8.5, anchor: "end", fill: "#5a4a2a" });
  const n = slots.length;
  const cw = (w - 12) / n;
  ids.forEach((id, i) => {
    const cx = x + 6 + i * cw;
    const cy = y + 20;
    const extra = slotWords(slots[i]);
    const slotTip = extra ? _("; this slot: {bonus}", { bonus: extra }) : "";
    const attrs = { [`data-${key}-slot`]: i + 1, "data-place": `${key}:${i + 1}` };
    if (!id) {
      const s = el("g", attrs, g);
      emptySlot(s, cx, cy, cw - 6, h - 40, _("{place} slot {n}: empty", { place: label, n: i + 1 }));
    } else if (kind === "character") {
      const c = board.characters[id];
      card(g, cx, cy, cw - 6, h - 40, { band: TYPE_CSS[c.type], name: c.name, cost: `${typeName(c.type)} · ${costWords(c, board)}`, line: c.text, tip: _("{name} ({kind}): costs {cost}; {text}", { name: c.name, kind: typeName(c.type), cost: costWords(c, board), text: c.text }) + slotTip, attrs });
    } else if (kind === "artwork") {
      const a = board.artworks[id];
      card(g, cx, cy, cw - 6, h - 40, { band: ART_CSS[a.type], name: a.name, cost: _("{cost} · {n} VP", { cost: costWords(a, board), n: a.vp }), line: a.bonus, tip: _("{name} ({kind}): costs {cost}, {n} VP, bonus: {bonus}", { name: a.name, kind: ART_TYPES[a.type] || a.type, cost: costWords(a, board), n: a.vp, bonus: a.bonus }) + slotTip, attrs });
    } else {
      const p = board.privates[id];
      card(g, cx, cy, cw - 6, h - 40, { band: "#274f70", name: p.name, cost: _("{cost} · {n} VP", { cost: costWords(p, board), n: p.vp }), line: (p.price ? _("pay {n}: ", { n: p.price }) : "") + p.steps.join(", "), tip: _("{name}: costs {cost}, {n} VP; sailing there: {steps}", { name: p.name, cost: costWords(p, board), n: p.vp, steps: p.steps.join(", ") }) + slotTip, attrs });
    }
    if (extra) t(g, cx + (cw - 6) / 2, y + h - 8, extra, { size: 8, anchor: "middle", fill: slots[i] < 0 ? "#8a2a20" : "#2f6a2f" });
  });
}

// -- the players' boards -------------------------------------------------------------------------

function drawShipyard(g, board, p, css, [x, y, w, h]) {
  const yard = el("g", { "data-shipyard": p.seat, "data-place": `shipyard:${p.seat}` }, g);
  el("rect", { x, y, width: w, height: h, rx: 4, fill: "#efe2c0", stroke: EDGE }, yard);
  t(yard, x + 4, y + 10, _("Shipyard {n}", { n: p.shipyard }), { size: 8, weight: 700 });
  const built = 6 - p.shipyard;
  board.shipyard_icons.forEach((icon, k) => {
    const sx = x + 10 + k * ((w - 16) / 6) + 2;
    if (k >= built) ship(yard, sx, y + h - 9, css, _("a ship to build (under it: {icon})", { icon: icon || _("nothing") }), 0.7);
    else t(yard, sx, y + h - 7, "·", { size: 10, anchor: "middle" });
  });
  title(yard, _("shipyard: {n} ships to build, at {prices} {resource} in periods I-IV", { n: p.shipyard, prices: board.ship_price.join(", "), resource: res(board, board.ship_resource) }));
}

function drawBay(g, p, css, [x, y, w, h]) {
  const bay = el("g", { "data-bay": p.seat, "data-place": `bay:${p.seat}` }, g);
  el("rect", { x, y, width: w, height: h, rx: 4, fill: "#cfe1ee", stroke: "#274f70" }, bay);
  t(bay, x + 4, y + 10, _("Bay {bay} · port {port}", { bay: p.bay, port: p.port }), { size: 8, weight: 700 });
  const per = Math.max(1, Math.floor((w - 8) / 16));
  for (let k = 0; k < Math.min(p.bay, per * 2); k++) ship(bay, x + 11 + (k % per) * 16, y + 21 + Math.floor(k / per) * 12, css, null, 0.65);
  title(bay, _("bay: {bay} ships ready to sail; port: {port} ships used for emergency supply this period", { bay: p.bay, port: p.port }));
}

function drawHolds(g, board, p, [x, y, w, h]) {
  const hw = (w - 4 * 3) / 5;
  board.resources.forEach((r, k) => {
    const hx = x + k * (hw + 3);
    const hold = el("g", { "data-hold": `${p.seat}:${r}`, "data-ships": p.holds[r], "data-place": `hold:${p.seat}:${r}` }, g);
    el("rect", { x: hx, y, width: hw, height: h, rx: 4, fill: "#fffaf0", stroke: RES_CSS[r], "stroke-width": 2 }, hold);
    el("rect", { x: hx, y, width: hw, height: 10, rx: 3, fill: RES_CSS[r] }, hold);
    t(hold, hx + hw / 2, y + 8, `${res(board, r)} ×${board.holds[r]}`, { size: 7, anchor: "middle", fill: "#fff", weight: 700 });
    t(hold, hx + hw / 2, y + h - 6, String(p.holds[r]), { size: Math.min(14, h - 14), weight: 700, anchor: "middle" });
    const ships = ngettext("{n} ship", "{n} ships", p.holds[r]);
    title(hold, _("{resource} hold: {ships}, each unloads for {n} {resource}", { resource: res(board, r), ships, n: board.holds[r] }));
  });
}

function drawGranary(g, board, p, css, [x, y, w, h]) {
  const gran = el("g", { "data-granary": p.seat, "data-bread": p.bread }, g);
  el("rect", { x, y, width: w, height: h, rx: 4, fill: "#f3e2b0", stroke: EDGE }, gran);
  t(gran, x + 4, y + 10, _("Granary {bread}/{capacity} bread", { bread: p.bread, capacity: p.capacity }), { size: 8, weight: 700 });
  const spaces = Math.max(12, p.capacity);
  const bw = (w - 8) / spaces;
  for (let k = 1; k <= spaces; k++) {
    const bx = x + 4 + (k - 1) * bw;
    const open = k <= p.capacity;
    el("rect", { x: bx, y: y + 13, width: bw - 1.5, height: 8, rx: 2, fill: k <= p.bread ? "#c8902e" : open ? "#fffaf0" : "#d8ccb0", stroke: EDGE, "stroke-width": 0.6 }, gran);
  }
  const lit = 6 - p.granary_lighthouses;
  board.granary_icons.forEach((icon, k) => {
    const bx = x + 4 + (6 + k) * bw + bw / 2;
    if (k >= lit) tower(gran, bx, y + h - 8, css, icon ? _("a lighthouse on space {n} (under it: {icon})", { n: 7 + k, icon }) : _("a lighthouse on space {n}", { n: 7 + k }));
  });
  title(gran, _("granary: {bread} of {capacity} bread; {left} lighthouses still on it, {lit} erected", { bread: p.bread, capacity: p.capacity, left: p.granary_lighthouses, lit }));
}

function drawPlayer(svg, board, gv, p, [x, y, w, h], mine) {
  const v = gv.view;
  const css = seatColour(p.seat, gv);
  const g = el("g", { "data-player-board": p.seat, class: mine ? "me" : null }, svg);
  el("rect", { x, y, width: w, height: h, rx: 6, fill: "#fbf6e8", stroke: mine ? INK : EDGE, "stroke-width": mine ? 2.2 : 1.2 }, g);
  el("rect", { x, y, width: 6, height: h, rx: 2, fill: css }, g);
  const who = [mine ? _("{seat} (you)", { seat: seatName(p.seat, gv) }) : seatName(p.seat, gv)];
  if (p.passed) who.push(_("passed"));
  if (v.turn === p.seat && !v.over) who.push(_("to play"));
  t(g, x + 12, y + 15, who.join(" · "), { size: 11, weight: 700 });
  t(g, x + w - 8, y + 15, _("{vp} VP ({titles} from titles) · feed {feed}", { vp: p.vp, titles: p.title_vp, feed: p.feed }), { size: 9, anchor: "end" });
  const L = x + 12;
  const R = x + w - 8;
  let ly;
  if (mine) {
    // one row: shipyard, bay, holds, granary
    drawShipyard(g, board, p, css, [L, y + 24, 140, 44]);
    drawBay(g, p, css, [L + 146, y + 24, 90, 44]);
    drawHolds(g, board, p, [L + 242, y + 24, 300, 44]);
    drawGranary(g, board, p, css, [L + 548, y + 24, R - L - 548, 44]);
    ly = y + 84;
  } else {
    // three rows: shipyard and bay, holds, granary
    const half = (R - L - 6) / 2;
    drawShipyard(g, board, p, css, [L, y + 22, half, 32]);
    drawBay(g, p, css, [L + half + 6, y + 22, half, 32]);
    drawHolds(g, board, p, [L, y + 58, R - L, 30]);
    drawGranary(g, board, p, css, [L, y + 92, R - L, 32]);
    ly = y + 136;
  }
  const line = (label, words) => {
    const s = _("{label}: {words}", { label, words });
    const max = Math.floor((R - L) / 4.4);
    const row = t(g, L, ly, s.length > max ? s.slice(0, max - 1) + "…" : s, { size: 8.5 });
    title(row, s);
    ly += 12;
  };
  line(_("Destinations"), p.privates.map((id) => nameOf(board, id)).join(", ") || _("none"));
  const arts = p.artworks.map((id) => board.artworks[id]);
  const byType = ["book", "painting", "monument"].map((ty) => `${arts.filter((a) => a?.type === ty).length} ${ART_NAMES[ty]}`);
  line(_("Artworks"), `${byType.join(", ")}${arts.length ? ` (${arts.map((a) => a.name).join(", ")})` : ""}`);
  const engaged = new Set(p.engaged);
  line(_("Invited"), p.invited.map((c) => (engaged.has(c) ? _("{name} (engaged)", { name: nameOf(board, c) }) : nameOf(board, c))).join(", ") || _("none"));
  // the hand: its cards only on the owner's own board; the others show counts and public cards
  const hand = el("g", { "data-hand": p.seat, "data-count": p.hand_size }, g);
  if (mine && Array.isArray(p.hand)) {
    const extra = [[_("packet"), p.packet], [_("reserve"), p.reserve]].filter(([, l]) => l?.length).map(([k, l]) => _("{label}: {words}", { label: k, words: l.map((id) => nameOf(board, id)).join(", ") }));
    t(hand, L, ly + 2, [_("Your hand ({n})", { n: p.hand.length }), ...extra].join(" · "), { size: 9, weight: 700 });
    const n = Math.max(6, p.hand.length);
    const cw = Math.min(150, (R - L) / n);
    p.hand.forEach((id, k) => {
      const c = board.characters[id];
      card(hand, L + k * cw, ly + 6, cw - 4, 44, { band: TYPE_CSS[c.type], name: c.name, cost: `${typeName(c.type)} · ${costWords(c, board)}`, line: c.text, tip: _("{name} ({kind}): costs {cost}; {text}", { name: c.name, kind: typeName(c.type), cost: costWords(c, board), text: c.text }), attrs: { "data-hand-card": id, "data-place": `card:${id}` } });
    });
  } else {
    const known = p.known_hand.map((c) => nameOf(board, c));
    let s = _("Hand: {cards}", { cards: ngettext("{n} card", "{n} cards", p.hand_size) });
    if (known.length) s += _(", known: {names}", { names: known.join(", ") });
    if (p.packet_size) s += _(" · packet {n}", { n: p.packet_size });
    // cut to the board's width as drawn (a French line of names is longer): the tooltip has it all
    const line = t(hand, L, ly, s, { size: 8.5, weight: 700 });
    const room = R - L;
    if ((line.getComputedTextLength?.() || 0) > room) {
      let low = 0;
      let high = s.length;
      while (low < high) {
        const mid = Math.ceil((low + high) / 2);
        line.textContent = s.slice(0, mid) + "…";
        if (line.getComputedTextLength() <= room) low = mid;
        else high = mid - 1;
      }
      line.textContent = s.slice(0, low) + "…";
    }
    const held = ngettext("{seat} holds {n} character", "{seat} holds {n} characters", p.hand_size, { seat: seatName(p.seat, gv) });
    title(hand, known.length ? _("{held}; publicly known: {names}", { held, names: known.join(", ") }) : held);
  }
}

function drawPayment(svg, board, gv, [x, y, w]) {
  const pay = gv.view.payment;
  if (!pay) return;
  const g = el("g", { "data-payment": pay.for }, svg);
  el("rect", { x: x + w - 250, y: y - 26, width: 250, height: 22, rx: 4, fill: "#fff3c4", stroke: INK }, g);
  const paying = _("Paying for {what}: {paid} of {cost} {resources}", { what: nameOf(board, pay.for), paid: pay.paid, cost: pay.cost, resources: orWords(board, pay.resources) });
  t(g, x + w - 244, y - 11, pay.bread_surcharge ? _("{paying} + {n} bread", { paying, n: pay.bread_surcharge }) : paying, { size: 9, weight: 700 });
}

/** Draw the whole board for this game view into `svg` (emptied by the caller). */
export function draw(svg, board, gv) {
  const v = gv.view;
  const P = board.places;
  const players = v.players || [];
  const me = players.find((p) => p.seat === gv.seat);
  const others = players.filter((p) => p !== me);
  const per = board.others_per_row;
  const rows = Math.ceil(others.length / per);
  const ownH = me ? board.own_height : 0;
  const height = board.players_top + ownH + (me ? 8 : 0) + rows * (board.other_height + 8) + 4;
  svg.setAttribute("viewBox", `0 0 ${board.width} ${height}`);
  svg.dataset.game = "amalfi-renaissance";
  svg.parentElement?.classList.toggle("tall", height > board.width * 0.95);
  el("rect", { x: 0, y: 0, width: board.width, height, fill: "#d9c7a0" }, svg);
  drawPeriod(svg, board, gv, P.period);
  drawDecrees(svg, board, gv, P.decrees);
  drawWindrose(svg, board, gv, P.windrose);
  drawSea(svg, board, gv, P.sea);
  drawTitles(svg, board, gv, P.titles);
  drawDisplay(svg, board, gv, P.atlas, { key: "atlas", label: boardName(board, "atlas", _("Atlas")), ids: v.atlas, slots: board.slots.atlas, deck: _("piles {sizes}", { sizes: v.atlas_piles.join(" / ") }), kind: "private" });
  drawDisplay(svg, board, gv, P.council, { key: "council", label: boardName(board, "council", _("Council")), ids: v.council, slots: board.slots.council, deck: _("deck {n} · discard {discard}", { n: v.council_deck, discard: v.council_discard.length }), kind: "character" });
  drawDisplay(svg, board, gv, P.workshop, { key: "workshop", label: boardName(board, "workshop", _("Workshop")), ids: v.workshop, slots: board.slots.workshop, deck: _("deck {n} · discard {discard}", { n: v.workshop_deck, discard: v.workshop_discard.length }), kind: "artwork" });
  let y = board.players_top;
  const W = board.width - 20;
  if (me) {
    drawPlayer(svg, board, gv, me, [10, y, W, board.own_height], true);
    drawPayment(svg, board, gv, [10, y, W]);
    y += board.own_height + 8;
  }
  const ow = (W - (per - 1) * 8) / per;
  others.forEach((p, i) => {
    const col = i % per;
    const row = Math.floor(i / per);
    drawPlayer(svg, board, gv, p, [10 + col * (ow + 8), y + row * (board.other_height + 8), ow, board.other_height], false);
  });
  void inkOn;
}
