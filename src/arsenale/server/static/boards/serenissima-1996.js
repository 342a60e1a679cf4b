// The board of Serenissima (1996): sea areas (high seas hatched), ports (owner, warehouse with
// its space values, garrison, fort, capitals), galleys with sailors and cargo, the turn-order
// track (I-IV), the round track and the phases. Board data: GET /api/boards/serenissima-1996
// (games/serenissima_1996/layout.py); the game view: state.py `_view`. The interface is
// described at the top of game.js.

import { _, ngettext, num } from "../i18n.js";
import {
  capitalise,
  countsText,
  drawSeaMap,
  el,
  fit,
  galleyToken,
  inkOn,
  nameOf,
  SEAT_CSS,
  text,
  title,
  tokenSlots,
  zoneTag,
} from "./common.js";

export const GOOD_CSS = {
  gems: "#e07b1f",
  gold: "#e9c12d",
  spices: "#3f9a3a",
  wine: "#b0202a",
  cloth: "#262626",
  iron: "#8d949a",
  wood: "#8a5a2b",
};
const goodColour = (g) => GOOD_CSS[g] || "#777";
const ROMAN = ["I", "II", "III", "IV"];
const PHASES = ["set-up", "bids", "purchases", "movement", "battles", "landing", "sales"];
/** The phases as the French rulebook names them (serenissima-1996.fr.txt, DEROULEMENT). */
const PHASE_NAMES = {
  "set-up": _("set-up"),
  bids: _("bids"),
  purchases: _("purchases"),
  movement: _("movement"),
  battles: _("battles"),
  landing: _("landing"),
  sales: _("sales"),
};
const phaseName = (p) => PHASE_NAMES[p] || p;

const DECISIONS = {
  deploy: _("share your sailors between your galleys and your capital (secret)"),
  bid: _("bid for the turn order (secret)"),
  position: _("choose your place in the turn order"),
  purchases: _("buy goods, hire, build, load"),
  opening: _("name your price"),
  offer: _("name your price"),
  answer: _("accept, refuse or counter the price"),
  counter_answer: _("accept or refuse the counter offer"),
  last_word: _("accept or refuse"),
  movement: _("sail your galleys"),
  permission: _("allow or deny passage"),
  battles: _("attack or pass"),
  victory: _("capture or sink the beaten galley"),
  spoils: _("share the goods of both galleys"),
  landing: _("land sailors in ports"),
  sales: _("sell goods in ports"),
};

function nationOf(seat, gv) {
  return gv.view.players_info?.[seat]?.nation;
}

export function seatColour(seat, gv, board) {
  const n = board?.nations?.find((x) => x.id === nationOf(seat, gv));
  return SEAT_CSS[n?.colour] || "#777";
}

export function seatName(seat, gv, board) {
  const name = gv.seats?.[seat]?.name; // the server's, in the page's language
  if (name) return name;
  const id = nationOf(seat, gv);
  const n = board?.nations?.find((x) => x.id === id);
  return n?.name || capitalise(id || _("seat {n}", { n: seat + 1 }));
}

function portName(board, id) {
  return board.ports.find((p) => p.id === id)?.name || nameOf(board, id);
}

function dealText(deal, gv, board) {
  if (!deal) return "";
  if (deal.kind === "barter") {
    return _("{who} offers {give} from g{from} for {ask} from g{to}", {
      who: seatName(deal.proposer, gv, board),
      give: countsText(deal.give, board),
      from: deal.from_galley,
      ask: countsText(deal.ask, board),
      to: deal.to_galley,
    });
  }
  if (deal.kind === "spoils") {
    const values = { loading: deal.loading, loaded: countsText(deal.loaded, board), other: deal.other, left: countsText(deal.left, board) };
    return deal.sinking
      ? _("sharing goods: loading g{loading} ({loaded}), left for g{other} (it sinks): {left}", values)
      : _("sharing goods: loading g{loading} ({loaded}), left for g{other}: {left}", values);
  }
  if (deal.kind === "arrangement") {
    const area = board.zones?.find((a) => a.id === deal.area)?.name || nameOf(board, deal.area);
    return _("arranging {area}: loading g{loading}, still to place {left}", { area, loading: deal.loading, left: countsText(deal.left, board) });
  }
  const values = {
    buyer: seatName(deal.buyer, gv, board),
    seller: seatName(deal.seller, gv, board),
    good: nameOf(board, deal.good),
    port: deal.port ? portName(board, deal.port) : "",
    low: num(deal.price_range[0]),
    high: num(deal.price_range[1]),
  };
  let s = deal.port ? _("{buyer} buys {good} from {seller} in {port} (price {low}-{high})", values) : _("{buyer} buys {good} from {seller} (price {low}-{high})", values);
  if (deal.offer !== null) s += _(", asked {n}", { n: num(deal.offer) });
  if (deal.counter !== null) s += _(", countered {n}", { n: num(deal.counter) });
  return s;
}

export function decisionText(gv, board) {
  const d = gv.view.decision;
  if (!d) return "";
  const base = DECISIONS[d.kind] || d.kind.replaceAll("_", " ");
  const deal = dealText(gv.view.deal, gv, board);
  return deal && ["opening", "offer", "answer", "counter_answer", "last_word"].includes(d.kind) ? _("{decision}: {deal}", { decision: base, deal }) : base;
}

export function status(gv, board) {
  const v = gv.view;
  const bits = [_("Round {round}/{rounds}", { round: v.round, rounds: v.rounds }), _("phase: {phase}", { phase: phaseName(v.phase) })];
  if (v.order?.length && !v.order.includes(-1)) bits.push(_("order: {seats}", { seats: v.order.map((s) => seatName(s, gv, board)).join(", ") }));
  const deal = dealText(v.deal, gv, board);
  if (deal) bits.push(_("deal: {deal}", { deal }));
  return bits.join(" · ");
}

export function panel(player, gv, board) {
  const rows = [];
  rows.push([_("Ducats"), "money" in player ? String(player.money) : _("hidden"), "ducats"]);
  rows.push([_("Sailors left"), String(player.sailors_in_box), "sailors-left"]);
  if (player.place) rows.push([_("Turn order"), ROMAN[player.place - 1] || String(player.place), "turn-order"]);
  rows.push([_("Ports"), player.ports.map((p) => portName(board, p)).join(", ") || _("none"), "ports"]);
  rows.push([_("Galleys"), player.galleys.map((g) => `g${g}`).join(", ") || _("none"), "galleys"]);
  if ("prosperity" in player) rows.push([_("Prosperity"), String(player.prosperity), "prosperity"]);
  return rows;
}

function portOfGalley(n, gv, board) {
  const g = gv.view.galleys.find((x) => x.galley === n);
  if (!g) return null;
  return board.zones.find((z) => z.id === g.area)?.port || null;
}

/** Board places a legal action belongs to ("zone:<id>", "port:<id>", "galley:<n>", "order:<k>"). */
export function places(action, gv, board) {
  const a = action;
  const withPort = (n, extra = []) => {
    const p = portOfGalley(n, gv, board);
    return [`galley:${n}`, ...(p ? [`port:${p}`] : []), ...extra];
  };
  switch (a.kind) {
    case "hire_port":
    case "build_galley":
    case "build_fort":
      return [`port:${a.port}`];
    case "buy":
    case "sell":
    case "land":
    case "attack_port":
    case "garrison":
    case "embark":
      return withPort(a.galley);
    case "hire_galley":
    case "discard_good":
    case "discard_sailor":
      return [`galley:${a.galley}`];
    case "transfer_sailor":
    case "transfer_good":
    case "trade":
      return [`galley:${a.from}`, `galley:${a.to}`];
    case "sail":
      return [`galley:${a.galley}`, `zone:${a.area}`];
    case "attack":
      return [`galley:${a.galley}`, `galley:${a.target}`];
    case "position":
      return [`order:${a.place}`];
    default:
      return [];
  }
}

function fortIcon(g, x, y) {
  const f = el("g", { class: "icon fort", transform: `translate(${x},${y})` }, g);
  el("path", { d: "M-4,4 L-4,-3 L-2.5,-3 L-2.5,-1.5 L-0.8,-1.5 L-0.8,-3 L0.8,-3 L0.8,-1.5 L2.5,-1.5 L2.5,-3 L4,-3 L4,4 Z" }, f);
  title(f, _("fort"));
}

function portCard(layer, port, state, gv, board) {
  const slot = 7.5;
  const W = Math.max(62, 18 + port.warehouse * (slot + 1) + 16);
  const H = 28;
  const [cx, cy] = port.card;
  const x0 = cx - W / 2;
  const y0 = cy - H / 2;
  const owner = state.owner;
  const ownerCss = owner === null || owner === undefined ? null : seatColour(owner, gv, board);
  const [ax, ay] = port.at;
  el("line", { class: "leader", x1: ax, y1: ay, x2: cx, y2: cy }, layer);
  el("circle", { class: "city", cx: ax, cy: ay, r: 3.2, fill: ownerCss || "#fbf6e6" }, layer);

  const g = el("g", { class: `port-card${ownerCss ? " owned" : ""}${port.capital_of ? " capital" : ""}`, "data-port": port.id, "data-place": `port:${port.id}`, "data-owner": owner ?? "" }, layer);
  const held = state.warehouse.length ? state.warehouse.map((g) => nameOf(board, g)).join(", ") : _("empty");
  const tip = [
    _("{port}: produces {good}", { port: port.name, good: nameOf(board, port.good) }),
    _("warehouse {n}/{size} ({held}); spaces pay {values}", { n: state.warehouse.length, size: port.warehouse, held, values: port.values.map((v) => num(v * 100)).join(", ") }),
    ownerCss ? _("held by the {seat}, garrison {n}", { seat: seatName(owner, gv, board), n: state.garrison }) : _("neutral"),
  ];
  const capitalOf = (id) => _("capital of the {nation}", { nation: board.nations.find((n) => n.id === id)?.name || nameOf(board, id) });
  if (port.capital_of) tip.push(capitalOf(port.capital_of));
  if (state.fort) tip.push(_("fort"));
  if (state.built_this_round) tip.push(_("built this round"));
  title(g, tip.join(_("; ")));
  el("rect", { class: "card", x: x0, y: y0, width: W, height: H, rx: 3, stroke: ownerCss || "#8b7a55" }, g);
  if (ownerCss) el("rect", { class: "owner-band", x: x0, y: y0, width: 4, height: H, fill: ownerCss, stroke: "#3b2f1a", "stroke-width": 0.4 }, g);
  el("circle", { class: "good-disc", cx: x0 + 10, cy: y0 + 8, r: 4.2, fill: goodColour(port.good) }, g);
  const label = port.name.length > 11 ? port.name.slice(0, 10) + "." : port.name;
  text(g, x0 + 17, y0 + 11, label, { class: "port-name" });
  for (let i = 0; i < port.warehouse; i++) {
    const good = state.warehouse[i];
    const sx = x0 + 7 + i * (slot + 1);
    el("rect", { class: `slot${good ? " full" : ""}`, x: sx, y: y0 + 16, width: slot, height: slot, fill: good ? goodColour(good) : null }, g);
    if (!good) text(g, sx + slot / 2, y0 + 22, String(port.values[i]), { class: "slot-value", "text-anchor": "middle" });
  }
  if (state.garrison > 0) {
    el("circle", { class: "sailors", cx: x0 + W - 9, cy: y0 + 19.5, r: 5.5, fill: ownerCss || "#999" }, g);
    text(g, x0 + W - 9, y0 + 22.5, String(state.garrison), { class: "sailor-count", "text-anchor": "middle", fill: inkOn(ownerCss || "#999") });
  }
  // The capital's flag and the fort sit on the card's top edge.
  let ix = x0 + W - 7;
  if (port.capital_of) {
    const nation = board.nations.find((n) => n.id === port.capital_of);
    const flag = el("g", { class: "capital-flag", transform: `translate(${ix - 2},${y0 - 9})` }, g);
    el("line", { x1: 0, y1: 0, x2: 0, y2: 9, stroke: "#3b2f1a", "stroke-width": 0.8 }, flag);
    el("path", { d: "M0,0 L7,2 L0,5 Z", fill: SEAT_CSS[nation?.colour] || "#777", stroke: "#3b2f1a", "stroke-width": 0.5 }, flag);
    title(flag, capitalOf(port.capital_of));
    ix -= 13;
  }
  if (state.fort) {
    el("circle", { class: "badge", cx: ix, cy: y0 - 1, r: 6 }, g);
    fortIcon(g, ix, y0 - 1);
  }
}

function drawOrderTrack(svg, board, gv, [x, y]) {
  const v = gv.view;
  const g = el("g", { class: "track order-track", transform: `translate(${x},${y})` }, svg);
  el("rect", { class: "track-bg", x: 0, y: 0, width: 4 * 34 + 12, height: 66, rx: 6 }, g);
  text(g, 8, 14, _("Turn order"), { class: "track-title" });
  for (let k = 1; k <= 4; k++) {
    const seat = v.order?.[k - 1];
    const taken = seat !== undefined && seat !== -1 && seat !== null;
    const s = el("g", { class: "order-space", "data-order": k, "data-place": `order:${k}` }, g);
    const css = taken ? seatColour(seat, gv, board) : "#fffaf0";
    el("rect", { x: 6 + (k - 1) * 34, y: 20, width: 30, height: 24, rx: 3, fill: css, stroke: "#8b7a55" }, s);
    text(s, 21 + (k - 1) * 34, 36, ROMAN[k - 1], { "text-anchor": "middle", class: "slot-label", fill: taken ? inkOn(css) : "#3b2f1a" });
    const holder = taken ? seatName(seat, gv, board) : _("free");
    title(s, _("{label}: {words}", { label: ROMAN[k - 1], words: holder }));
  }
  text(g, 8, 59, _("phase: {phase}", { phase: phaseName(v.phase) }), { class: "track-note" });
}

function drawRoundTrack(svg, board, gv, [x, y]) {
  const v = gv.view;
  const g = el("g", { class: "track round-track", transform: `translate(${x},${y})` }, svg);
  const n = v.rounds;
  const width = n * 28 + 16;
  el("rect", { class: "track-bg", x: 0, y: 0, width: Math.max(width, 7 * 62 + 16), height: 64, rx: 6 }, g);
  text(g, 8, 14, _("Rounds"), { class: "track-title" });
  for (let r = 1; r <= n; r++) {
    const s = el("g", { class: `track-space${r === v.round ? " current" : ""}${r < v.round ? " done" : ""}`, "data-round": r }, g);
    el("rect", { x: 8 + (r - 1) * 28, y: 18, width: 24, height: 20, rx: 3 }, s);
    text(s, 20 + (r - 1) * 28, 32, String(r), { "text-anchor": "middle" });
    title(s, _("round {n}", { n: r }));
  }
  PHASES.forEach((p, i) => {
    const current = v.phase === p;
    const s = el("g", { class: `track-space phase${current ? " current" : ""}` }, g);
    el("rect", { x: 8 + i * 62, y: 42, width: 58, height: 17, rx: 3 }, s);
    fit(text(s, 37 + i * 62, 54, phaseName(p), { "text-anchor": "middle", class: "phase-name" }), 54);
  });
}

/** Draw the whole board for this game view into `svg` (emptied by the caller). */
export function draw(svg, board, gv) {
  const v = gv.view;
  const layers = drawSeaMap(svg, board, { zoneClass: (z) => (z.high_seas ? "high-seas" : "") });
  const portState = new Map(v.ports.map((p) => [p.id, p]));
  for (const port of board.ports) portCard(layers.ports, port, portState.get(port.id), gv, board);

  const byArea = new Map();
  for (const g of v.galleys) {
    if (!byArea.has(g.area)) byArea.set(g.area, []);
    byArea.get(g.area).push(g);
  }
  for (const zone of board.zones) {
    const here = byArea.get(zone.id) || [];
    const slots = tokenSlots(zone.galleys || [zone.label[0], zone.label[1] + 20], here.length);
    here.forEach((gl, i) => {
      const cargo = Object.keys(gl.cargo).length ? countsText(gl.cargo, board) : _("no cargo");
      const tipValues = { g: gl.galley, seat: seatName(gl.owner, gv, board), zone: zone.name, sailors: ngettext("{n} sailor", "{n} sailors", gl.sailors), cargo, moved: ngettext("{n} area", "{n} areas", gl.moved) };
      const token = galleyToken(layers.galleys, {
        x: slots[i][0],
        y: slots[i][1],
        scale: slots[i][2],
        number: gl.galley,
        label: `g${gl.galley}`,
        colour: seatColour(gl.owner, gv, board),
        sailors: gl.sailors,
        cargo: gl.cargo,
        goodColour,
        active: false,
        place: `galley:${gl.galley}`,
        tip: gl.stopped ? _("g{g} ({seat}) in {zone}: {sailors}, {cargo}; moved {moved}, stopped", tipValues) : _("g{g} ({seat}) in {zone}: {sailors}, {cargo}; moved {moved}", tipValues),
      });
      if (gl.stopped) token.classList.add("stopped");
    });
    zoneTag(layers.tags, zone, { extra: zone.high_seas ? "open-sea" : "" });
  }
  drawOrderTrack(svg, board, gv, board.places.order);
  drawRoundTrack(svg, board, gv, board.places.round);
  text(svg, board.width - 8, board.height - 8, _("map reconstructed, not the printed board"), { class: "map-note", "text-anchor": "end" });
}
