// Helpers shared by the board drawings: SVG elements, the sea map cut into zones, tokens.
//
// A board module (boards/<game id>.js) draws with these but owns its look; see game.js for the
// interface every board module exports.

import { _ } from "../i18n.js";
import { ISLANDS, OFF_BOARD_WATER, SEA } from "./mediterranean.js";

export const SVG_NS = "http://www.w3.org/2000/svg";

/** Colours for seat colour names used by the games' data. */
export const SEAT_CSS = {
  blue: "#2b63c6",
  red: "#c42f28",
  orange: "#e88a1a",
  black: "#2a2a2a",
  white: "#f5f2e8",
  yellow: "#e5bf24",
  green: "#2f8a3e",
};

/** A text colour readable on top of a seat colour. */
export function inkOn(css) {
  return ["#f5f2e8", "#e5bf24", "#e88a1a"].includes(css) ? "#1d1d1d" : "#ffffff";
}

/** Create an SVG element with attributes (null/undefined skipped), optionally appended. */
export function el(tag, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== null && v !== undefined && v !== false) node.setAttribute(k, String(v));
  }
  if (parent) parent.appendChild(node);
  return node;
}

/** An SVG text element. */
export function text(parent, x, y, content, attrs = {}) {
  const t = el("text", { x, y, ...attrs }, parent);
  t.textContent = content;
  return t;
}

/** Squeeze an SVG text into `width` when it is wider (a label longer in another language). */
export function fit(node, width) {
  const drawn = node.getComputedTextLength?.() || 0;
  if (drawn > width) {
    node.setAttribute("textLength", String(width));
    node.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
  return node;
}

/** A <title> child: the tooltip and accessible name of an SVG place. */
export function title(node, content) {
  const t = el("title", {}, node);
  t.textContent = content;
  return node;
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
}

export function capitalise(s) {
  return s ? s.charAt(0).toUpperCase() + s.slice(1) : s;
}

/** A place's or piece's name in the page's language: the game's names that the server sends
 * with the board data (`board.names`, Game.names), else `fallback`, else the id. */
export function nameOf(board, id, fallback = null) {
  return board?.names?.[id] || fallback || id;
}

/** Counts of goods or pieces in words: "2 wine, 1 iron" with the game's names; "nothing". */
export function countsText(counts, board) {
  const parts = Object.entries(counts || {}).map(([what, n]) => `${n} ${nameOf(board, what)}`);
  return parts.length ? parts.join(", ") : _("nothing");
}

/** The islands' names in the page's language (drawn by drawSeaMap as tooltips). */
const ISLAND_NAMES = {
  mallorca: _("Mallorca"),
  menorca: _("Menorca"),
  ibiza: _("Ibiza"),
  corsica: _("Corsica"),
  sardinia: _("Sardinia"),
  sicily: _("Sicily"),
  malta: _("Malta"),
  crete: _("Crete"),
  cyprus: _("Cyprus"),
  rhodes: _("Rhodes"),
  euboea: _("Euboea"),
  lesbos: _("Lesbos"),
  chios: _("Chios"),
  samos: _("Samos"),
  lemnos: _("Lemnos"),
  naxos: _("Naxos"),
  paros: _("Paros"),
  andros: _("Andros"),
  corfu: _("Corfu"),
  cephalonia: _("Cephalonia"),
  kythira: _("Kythira"),
  karpathos: _("Karpathos"),
  djerba: _("Djerba"),
  elba: _("Elba"),
};

/**
 * Voronoi cells of `sites` ([{x, y}]) inside the 0..w x 0..h rectangle, by clipping the
 * rectangle with the bisector of every other site (fine for a few dozen sites).
 * Returns one polygon per site: [{x, y, other}] where `other` is the site across the edge
 * that starts at that vertex (-1 for the rectangle's border).
 */
export function voronoi(sites, w, h) {
  return sites.map((s, i) => {
    let poly = [
      { x: 0, y: 0, other: -1 },
      { x: w, y: 0, other: -1 },
      { x: w, y: h, other: -1 },
      { x: 0, y: h, other: -1 },
    ];
    sites.forEach((o, j) => {
      if (j === i || poly.length === 0) return;
      const dx = o.x - s.x;
      const dy = o.y - s.y;
      if (dx === 0 && dy === 0) return;
      const mx = (s.x + o.x) / 2;
      const my = (s.y + o.y) / 2;
      const side = (p) => (p.x - mx) * dx + (p.y - my) * dy; // <= 0: nearer to s
      const out = [];
      for (let k = 0; k < poly.length; k++) {
        const a = poly[k];
        const b = poly[(k + 1) % poly.length];
        const fa = side(a);
        const fb = side(b);
        const cut = () => {
          const t = fa / (fa - fb);
          return { x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y) };
        };
        if (fa <= 0) {
          out.push(a);
          if (fb > 0) out.push({ ...cut(), other: j });
        } else if (fb <= 0) {
          out.push({ ...cut(), other: a.other });
        }
      }
      poly = out;
    });
    return poly;
  });
}

function pathOf(poly) {
  return "M" + poly.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" L") + " Z";
}

/**
 * The map every Mediterranean board shares: land, the sea cut into zones, islands, lanes
 * between adjacent zones, and each zone's name tag. `board.zones` = [{id, name, label, seeds,
 * adjacent}]. Zone cells carry data-place="zone:<id>"; the name tag (one element per zone, on
 * top) carries data-zone="<id>" too. Returns layers to draw the rest into, in paint order.
 */
export function drawSeaMap(svg, board, { zoneClass = () => "" } = {}) {
  const w = board.width;
  const h = board.height;
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  const defs = el("defs", {}, svg);
  const clip = el("clipPath", { id: "sea-clip" }, defs);
  el("path", { d: SEA }, clip);
  const hatch = el(
    "pattern",
    { id: "hatch", width: 6, height: 6, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
    defs,
  );
  el("rect", { width: 6, height: 6, fill: "transparent" }, hatch);
  el("line", { x1: 0, y1: 0, x2: 0, y2: 6, stroke: "rgba(255,255,255,0.18)", "stroke-width": 2 }, hatch);
  const glow = el("filter", { id: "glow", x: "-50%", y: "-50%", width: "200%", height: "200%" }, defs);
  el("feGaussianBlur", { stdDeviation: 2.5, result: "b" }, glow);
  const merge = el("feMerge", {}, glow);
  el("feMergeNode", { in: "b" }, merge);
  el("feMergeNode", { in: "SourceGraphic" }, merge);

  el("rect", { class: "land", x: 0, y: 0, width: w, height: h }, svg);
  for (const d of OFF_BOARD_WATER) el("path", { class: "off-water", d }, svg);

  const sites = [];
  board.zones.forEach((z, zi) => {
    for (const [x, y] of z.seeds) sites.push({ x, y, zone: zi });
  });
  const cells = voronoi(sites, w, h);
  const seaLayer = el("g", { class: "zones", "clip-path": "url(#sea-clip)" }, svg);
  el("path", { class: "sea", d: SEA }, seaLayer);
  const zoneGroups = board.zones.map((z) => {
    const g = el("g", { class: `zone-area ${zoneClass(z)}`.trim(), "data-place": `zone:${z.id}` }, seaLayer);
    title(g, z.name);
    return g;
  });
  cells.forEach((poly, i) => {
    if (poly.length > 2) el("path", { class: "zone-cell", d: pathOf(poly) }, zoneGroups[sites[i].zone]);
  });
  // Borders: between cells of different zones; a border between zones with no passage is drawn
  // heavier, so the drawing never suggests a move the rules refuse.
  const byId = new Map(board.zones.map((z) => [z.id, z]));
  const borders = el("g", { class: "zone-borders" }, seaLayer);
  cells.forEach((poly, i) => {
    poly.forEach((p, k) => {
      const j = p.other;
      if (j < 0 || j < i) return;
      const za = board.zones[sites[i].zone];
      const zb = board.zones[sites[j].zone];
      if (za === zb) return;
      const q = poly[(k + 1) % poly.length];
      const open = za.adjacent.includes(zb.id);
      el("line", { class: open ? "border open" : "border closed", x1: p.x, y1: p.y, x2: q.x, y2: q.y }, borders);
    });
  });
  el("path", { class: "coast", d: SEA }, svg);
  const islands = el("g", { class: "islands" }, svg);
  for (const [name, d] of ISLANDS) title(el("path", { class: "island", d }, islands), ISLAND_NAMES[name] || capitalise(name));

  const lanes = el("g", { class: "lanes" }, svg);
  for (const z of board.zones) {
    for (const other of z.adjacent) {
      const o = byId.get(other);
      if (!o || other < z.id) continue;
      el("line", { class: "lane", x1: z.label[0], y1: z.label[1], x2: o.label[0], y2: o.label[1] }, lanes);
    }
  }
  const ports = el("g", { class: "ports" }, svg);
  const galleys = el("g", { class: "galleys" }, svg);
  const tags = el("g", { class: "zone-tags" }, svg);
  const overlay = el("g", { class: "overlay" }, svg);
  return { defs, zones: seaLayer, zoneGroups, lanes, ports, galleys, tags, overlay, byId };
}

/** A zone's name tag: the one element per zone with data-zone, drawn above the tokens. Long
 * names go on two lines. The plate behind the text is the tag's click target. */
export function zoneTag(layer, zone, { extra = "" } = {}) {
  const [x, y] = zone.label;
  const g = el("g", { class: `zone-tag ${extra}`.trim(), "data-zone": zone.id, "data-place": `zone:${zone.id}` }, layer);
  title(g, zone.name);
  let lines = [zone.name];
  if (zone.name.length > 11 && zone.name.includes(" ")) {
    const spaces = [...zone.name.matchAll(/ /g)].map((m) => m.index);
    const cut = spaces.reduce((a, b) => (Math.abs(b - zone.name.length / 2) < Math.abs(a - zone.name.length / 2) ? b : a));
    lines = [zone.name.slice(0, cut), zone.name.slice(cut + 1)];
  }
  const lh = 10;
  const widest = Math.max(...lines.map((l) => l.length));
  const w = widest * 5.6 + 8;
  const h = lines.length * lh + 3;
  const top = y - h + 3;
  el("rect", { class: "zone-plate", x: x - w / 2, y: top, width: w, height: h, rx: 5 }, g);
  lines.forEach((line, i) => {
    text(g, x, top + 9 + i * lh, line, { class: "zone-name", "text-anchor": "middle" });
  });
  return g;
}

/** A galley token: hull in the owner's colour with its number, and a row of pips below for its
 * sailors (discs) and goods (squares). `cargo` = {good: count}. */
export function galleyToken(layer, { x, y, scale = 1, number, label, colour, sailors, cargo, goodColour, active, place, tip }) {
  const g = el("g", { class: `galley${active ? " active" : ""}`, transform: `translate(${x},${y}) scale(${scale})`, "data-galley": number, "data-place": place }, layer);
  title(g, tip);
  el("path", { class: "hull", d: "M-15,-6 L15,-6 L11,5 L-11,5 Z", fill: colour }, g);
  el("path", { class: "mast", d: "M0,-6 L0,-15 L8,-8 Z" }, g);
  text(g, 0, 3, label ?? String(number), { class: "galley-number", "text-anchor": "middle", fill: inkOn(colour) });
  const pips = [];
  for (let i = 0; i < sailors; i++) pips.push({ kind: "sailor" });
  for (const [good, n] of Object.entries(cargo || {})) for (let i = 0; i < n; i++) pips.push({ kind: "good", good });
  const start = -((pips.length - 1) * 6) / 2;
  pips.forEach((p, i) => {
    const px = start + i * 6;
    if (p.kind === "sailor") el("circle", { class: "pip sailor", cx: px, cy: 10, r: 2.4, fill: colour }, g);
    else el("rect", { class: "pip good", x: px - 2.5, y: 7.5, width: 5, height: 5, fill: goodColour(p.good) }, g);
  });
  return g;
}

/** Positions [x, y, scale] for n tokens from a zone's galley anchor: rows of 2, or smaller
 * tokens in rows of 3-4 when a zone is crowded, so a crowd keeps to its own waters. */
export function tokenSlots(anchor, n) {
  const [x, y] = anchor;
  const out = [];
  const scale = n <= 4 ? 1 : n <= 6 ? 0.8 : 0.68;
  const perRow = n <= 4 ? 2 : n <= 6 ? 3 : 4;
  for (let i = 0; i < n; i++) {
    const row = Math.floor(i / perRow);
    const inRow = Math.min(perRow, n - row * perRow);
    const col = i % perRow;
    out.push([x + (col - (inRow - 1) / 2) * 34 * scale, y + row * 26 * scale, scale]);
  }
  return out;
}
