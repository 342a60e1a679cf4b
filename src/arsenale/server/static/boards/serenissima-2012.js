// The board of Serenissima (2012): sea zones, ports (owner, warehouse, sailors, fort, basilica),
// galleys with sailors and cargo, the wheel of galleys and the turn track with its scorings.
// Board data: GET /api/boards/serenissima-2012 (games/serenissima_2012/layout.py); the game
// view: state.py `_view`. The interface is described at the top of game.js.

import { _, ngettext, num } from "../i18n.js";
import {
  capitalise,
  countsText,
  drawSeaMap,
  el,
  galleyToken,
  nameOf,
  SEAT_CSS,
  text,
  title,
  tokenSlots,
  zoneTag,
} from "./common.js";

export const GOOD_CSS = {
  wood: "#8a5a2b",
  stone: "#9a9a92",
  marble: "#f4f4ef",
  wine: "#8e1f4a",
  gold: "#e9c12d",
  spice: "#8c5bd0",
};
const goodColour = (g) => GOOD_CSS[g] || "#777";

const DECISIONS = {
  close: _("close a port (2-3 players)"),
  choose_port: _("choose a starting port"),
  choose_galley: _("choose a starting galley"),
  galley: _("act or invest with the galley on the wheel"),
  activation: _("play the galley's turn"),
  blockade: _("blockade or let pass"),
  battle: _("fight on or retreat"),
  loot: _("take goods from the wreck"),
  occupy: _("claim the port"),
  investment: _("invest"),
  special: _("special investment"),
};

export function seatColour(seat, gv) {
  const p = gv.view.players_info?.[seat];
  return SEAT_CSS[p?.colour] || "#777";
}

export function seatName(seat, gv) {
  const name = gv.seats?.[seat]?.name; // the server's, in the page's language
  if (name) return name;
  const p = gv.view.players_info?.[seat];
  return capitalise(p?.colour || _("seat {n}", { n: seat + 1 }));
}

export function decisionText(gv) {
  const d = gv.view.decision;
  if (!d) return "";
  const act = gv.view.activation;
  if (d.kind === "activation" && act) return _("galley {n}: {step}", { n: act.galley, step: act.step });
  return DECISIONS[d.kind] || d.kind.replaceAll("_", " ");
}

export function status(gv, board) {
  const v = gv.view;
  const t = v.track;
  const bits = [_("Turn {n}", { n: v.turn }), _("track {n}/{length}", { n: t.position, length: t.length }), _("scorings {n}/3", { n: t.scorings_done })];
  bits.push(_("Doge deck {n}", { n: v.doge.face_down }));
  if (v.activation) bits.push(_("galley {n} acting", { n: v.activation.galley }));
  return bits.join(" · ");
}

export function panel(player, gv, board) {
  const names = new Map(board.ports.map((p) => [p.id, p.name]));
  const rows = [];
  rows.push([_("Ducats"), "money" in player ? String(player.money) : _("hidden"), "ducats"]);
  rows.push([_("Sailors left"), String(player.sailors_in_reserve), "sailors-left"]);
  rows.push([_("Ports"), player.ports.map((p) => names.get(p) || nameOf(board, p)).join(", ") || _("none"), "ports"]);
  rows.push([_("Galleys"), player.galleys.join(", ") || _("none"), "galleys"]);
  if (gv.view.first_player === player.seat) rows.push([_("First"), _("yes"), "first"]);
  return rows;
}

function activePort(gv, board) {
  const act = gv.view.activation;
  if (!act) return null;
  const g = gv.view.galleys.find((x) => x.number === act.galley);
  if (!g) return null;
  const zone = board.zones.find((z) => z.id === g.zone);
  return zone?.port || null;
}

/** Board places a legal action belongs to ("zone:<id>", "port:<id>", "galley:<n>", "wheel:<n>"). */
export function places(action, gv, board) {
  const a = action;
  switch (a.kind) {
    case "close":
    case "choose_port":
    case "recruit_port":
    case "fort":
    case "basilica":
      return [`port:${a.port}`];
    case "buy_galley":
      return [`port:${a.port}`, `wheel:${a.galley}`];
    case "choose_galley":
      return [`wheel:${a.galley}`];
    case "move":
      return [`zone:${a.zone}`];
    case "sell":
    case "claim":
    case "attack_port":
    case "buy_good":
    case "sailor_from_port":
    case "sailor_to_port": {
      const p = activePort(gv, board);
      return p ? [`port:${p}`] : [];
    }
    case "attack_galley":
    case "sailor_from_galley":
    case "sailor_to_galley":
    case "take_good":
    case "give_good":
    case "recruit_galley":
      return [`galley:${a.galley}`];
    case "act":
    case "invest": {
      const g = gv.view.wheel?.active_galley;
      return g ? [`galley:${g}`, `wheel:${g}`] : [];
    }
    case "blockade":
    case "pass":
    case "fight":
    case "retreat":
    case "end": {
      // Decisions about the galley that is acting: offered on that galley too.
      const g = gv.view.activation?.galley;
      return g ? [`galley:${g}`] : [];
    }
    default:
      return [];
  }
}

function fortIcon(g, x, y) {
  const f = el("g", { class: "icon fort", transform: `translate(${x},${y})` }, g);
  el("path", { d: "M-4,4 L-4,-3 L-2.5,-3 L-2.5,-1.5 L-0.8,-1.5 L-0.8,-3 L0.8,-3 L0.8,-1.5 L2.5,-1.5 L2.5,-3 L4,-3 L4,4 Z" }, f);
  title(f, _("fort"));
}

function basilicaIcon(g, x, y) {
  const b = el("g", { class: "icon basilica", transform: `translate(${x},${y})` }, g);
  el("path", { d: "M-4,4 L-4,0 A4,4 0 0 1 4,0 L4,4 Z M-0.6,-4 L0.6,-4 L0.6,-6 L-0.6,-6 Z" }, b);
  title(b, _("basilica"));
}

function portCard(layer, port, state, gv, board) {
  const W = 68;
  const H = 28;
  const [cx, cy] = port.card;
  const x0 = cx - W / 2;
  const y0 = cy - H / 2;
  const owner = state.owner;
  const ownerCss = owner === null || owner === undefined ? null : seatColour(owner, gv);
  // The city, and a line to the card when the card sits away from it.
  const [ax, ay] = port.at;
  el("line", { class: "leader", x1: ax, y1: ay, x2: cx, y2: cy }, layer);
  el("circle", { class: "city", cx: ax, cy: ay, r: 3.2, fill: ownerCss || "#fbf6e6" }, layer);

  const classes = ["port-card"];
  if (state.closed) classes.push("closed");
  if (ownerCss) classes.push("owned");
  const g = el("g", { class: classes.join(" "), "data-port": port.id, "data-place": `port:${port.id}`, "data-owner": owner ?? "" }, layer);
  const held = state.warehouse.length ? state.warehouse.map((g) => nameOf(board, g)).join(", ") : _("empty");
  const tip = [
    _("{port}: produces {good}", { port: port.name, good: nameOf(board, port.good) }),
    _("warehouse {n}/{size} ({held})", { n: state.warehouse.length, size: port.warehouse, held }),
    ownerCss ? _("owner {seat}, {sailors}", { seat: seatName(owner, gv), sailors: ngettext("{n} sailor", "{n} sailors", state.sailors) }) : _("neutral"),
  ];
  if (state.fort) tip.push(_("fort"));
  if (state.basilica) tip.push(_("basilica"));
  if (state.wine_side) tip.push(_("wine side (income)"));
  if (state.start) tip.push(_("starting port"));
  if (state.closed) tip.push(_("closed"));
  title(g, tip.join(_("; ")));
  el("rect", { class: "card", x: x0, y: y0, width: W, height: H, rx: 3, stroke: ownerCss || "#8b7a55" }, g);
  if (ownerCss) el("rect", { class: "owner-band", x: x0, y: y0, width: 4, height: H, fill: ownerCss }, g);
  el("circle", { class: "good-disc", cx: x0 + 10, cy: y0 + 8, r: 4.2, fill: goodColour(port.good) }, g);
  const label = port.name.length > 11 ? port.name.slice(0, 10) + "." : port.name;
  text(g, x0 + 17, y0 + 11, label, { class: "port-name" });
  for (let i = 0; i < port.warehouse; i++) {
    const good = state.warehouse[i];
    el("rect", { class: `slot${good ? " full" : ""}`, x: x0 + 7 + i * 8, y: y0 + 16, width: 7, height: 7, fill: good ? goodColour(good) : null }, g);
  }
  if (state.sailors > 0) {
    el("circle", { class: "sailors", cx: x0 + W - 9, cy: y0 + 19.5, r: 5.5, fill: ownerCss || "#999" }, g);
    text(g, x0 + W - 9, y0 + 22.5, String(state.sailors), { class: "sailor-count", "text-anchor": "middle", fill: ownerCss === SEAT_CSS.orange ? "#1d1d1d" : "#fff" });
  }
  // Fort, basilica and the wine side sit as badges on the card's top edge.
  let ix = x0 + W - 7;
  const badge = () => el("circle", { class: "badge", cx: ix, cy: y0 - 1, r: 6 }, g);
  if (state.basilica) {
    badge();
    basilicaIcon(g, ix, y0 - 1);
    ix -= 13;
  }
  if (state.fort) {
    badge();
    fortIcon(g, ix, y0 - 1);
    ix -= 13;
  }
  if (state.wine_side) title(el("circle", { class: "wine-mark", cx: ix + 3, cy: y0 - 1, r: 3 }, g), _("wine side (income)"));
  if (state.start) {
    const star = text(g, x0 + 11 + port.warehouse * 8, y0 + 23.5, "★", { class: "start-star" });
    title(star, _("starting port"));
  }
  if (state.closed) el("line", { class: "closed-bar", x1: x0 + 2, y1: y0 + H - 2, x2: x0 + W - 2, y2: y0 + 2 }, g);
}

function drawWheel(svg, board, gv, [x, y]) {
  const v = gv.view;
  const g = el("g", { class: "track wheel", transform: `translate(${x},${y})` }, svg);
  el("rect", { class: "track-bg", x: 0, y: 0, width: 8 * 25 + 12, height: 84, rx: 6 }, g);
  text(g, 8, 14, _("Wheel"), { class: "track-title" });
  const owner = new Map(v.galleys.map((gl) => [gl.number, gl.owner]));
  const active = v.wheel.active_galley;
  const slots = [0];
  for (let n = 1; n <= board.galleys; n++) slots.push(n);
  slots.forEach((n, i) => {
    const sx = 6 + (i % 8) * 25;
    const sy = 20 + Math.floor(i / 8) * 30;
    const s = el("g", { class: `wheel-slot${n === active || (n === 0 && active === null) ? " current" : ""}`, "data-wheel": n, "data-place": n ? `wheel:${n}` : null }, g);
    const o = owner.get(n);
    const fill = n === 0 ? "#f4e3a1" : o === undefined ? "#efe6cc" : seatColour(o, gv);
    el("rect", { x: sx, y: sy, width: 22, height: 24, rx: 3, fill, class: "slot-box" }, s);
    text(s, sx + 11, sy + 16, n === 0 ? "D" : String(n), { "text-anchor": "middle", class: "slot-label", fill: n === 0 || o === undefined ? "#3b2f1a" : seatColour(o, gv) === SEAT_CSS.orange ? "#1d1d1d" : "#fff" });
    title(s, n === 0 ? _("Doge space") : o === undefined ? _("galley {n}: not in play", { n }) : _("galley {n}: {seat}", { n, seat: seatName(o, gv) }));
  });
}

function drawTrack(svg, board, gv, [x, y]) {
  const v = gv.view;
  const t = v.track;
  const g = el("g", { class: "track turn-track", transform: `translate(${x},${y})` }, svg);
  const n = t.length + 1;
  el("rect", { class: "track-bg", x: 0, y: 0, width: n * 30 + 170, height: 50, rx: 6 }, g);
  text(g, 8, 14, _("Turn track"), { class: "track-title" });
  for (let i = 0; i < n; i++) {
    const scoring = t.scoring_spaces.includes(i);
    const done = scoring && t.scoring_spaces.indexOf(i) < t.scorings_done;
    const s = el("g", { class: `track-space${scoring ? " scoring" : ""}${done ? " done" : ""}`, "data-track": i }, g);
    el("rect", { x: 8 + i * 30, y: 20, width: 26, height: 24, rx: 3 }, s);
    text(s, 21 + i * 30, 36, String(i), { "text-anchor": "middle" });
    title(s, scoring ? (done ? _("space {n}: scoring (done)", { n: i }) : _("space {n}: scoring", { n: i })) : _("space {n}", { n: i }));
  }
  el("circle", { class: "track-token", cx: 21 + t.position * 30, cy: 22, r: 6 }, g);
  const dx = 14 + n * 30;
  text(g, dx, 30, _("Doge deck: {n}", { n: v.doge.face_down }), { class: "track-note" });
  const last = v.doge.discard[v.doge.discard.length - 1];
  text(g, dx, 44, last ? _("last card: {card}", { card: nameOf(board, last) }) : _("no card drawn yet"), { class: "track-note" });
}

/** Draw the whole board for this game view into `svg` (emptied by the caller). */
export function draw(svg, board, gv) {
  const v = gv.view;
  const layers = drawSeaMap(svg, board);
  const portState = new Map(v.ports.map((p) => [p.id, p]));
  for (const port of board.ports) portCard(layers.ports, port, portState.get(port.id), gv, board);

  const byZone = new Map();
  for (const g of v.galleys) {
    if (!byZone.has(g.zone)) byZone.set(g.zone, []);
    byZone.get(g.zone).push(g);
  }
  const active = v.wheel.active_galley;
  for (const zone of board.zones) {
    const here = byZone.get(zone.id) || [];
    const slots = tokenSlots(zone.galleys || [zone.label[0], zone.label[1] + 20], here.length);
    here.forEach((gl, i) => {
      const cargo = Object.keys(gl.cargo).length ? countsText(gl.cargo, board) : _("no cargo");
      galleyToken(layers.galleys, {
        x: slots[i][0],
        y: slots[i][1],
        scale: slots[i][2],
        number: gl.number,
        colour: seatColour(gl.owner, gv),
        sailors: gl.sailors,
        cargo: gl.cargo,
        goodColour,
        active: gl.number === active,
        place: `galley:${gl.number}`,
        tip: _("Galley {n} ({seat}) in {zone}: {sailors}, {cargo}", { n: gl.number, seat: seatName(gl.owner, gv), zone: zone.name, sailors: ngettext("{n} sailor", "{n} sailors", gl.sailors), cargo }),
      });
    });
    zoneTag(layers.tags, zone, { extra: zone.port ? "" : "open-sea" });
  }
  drawWheel(svg, board, gv, board.places.wheel);
  drawTrack(svg, board, gv, board.places.turn);
  text(svg, board.width - 8, board.height - 8, _("map reconstructed, not the printed board"), { class: "map-note", "text-anchor": "end" });
}
