// What the game page and the replay viewer share: drawing one game view (board, banner,
// panels, legal actions, log, result) from the server's JSON. Shows only what the view holds.
//
// The board module of a game (boards/<game id>.js) is the one game-specific part; see the
// interface at the top of game.js.

import { api, loadBoard } from "./api.js";

const $ = (sel) => document.querySelector(sel);

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "dataset") Object.assign(node.dataset, v);
    else if (k === "style") node.style.cssText = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}
export { h };

const titles = new Map();
/** Load the games' names from the catalog (once); until then the id stands in. */
export async function loadTitles() {
  if (titles.size) return;
  const res = await api("/api/catalog");
  if (res.ok) for (const g of res.data.games || []) titles.set(g.id, g.name);
}
export function gameTitle(id) {
  return titles.get(id) || id;
}

/** Show only the buttons of a long group whose text contains the filter's words. */
function filterGroup(input) {
  const words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
  input.closest(".action-group").querySelectorAll("button[data-action-text]").forEach((b) => {
    const t = b.dataset.actionText.toLowerCase();
    b.classList.toggle("hidden", !words.every((w) => t.includes(w)));
  });
}

function humanKind(kind) {
  const s = kind.replaceAll("_", " ");
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function listNames(names) {
  if (names.length <= 1) return names.join("");
  return names.slice(0, -1).join(", ") + " and " + names[names.length - 1];
}

/**
 * One screen showing game views. `interactive`: the seat may act (game page); `onAction(entry)`
 * is called with a `legal` entry ({action, text}) or {text} typed by the player.
 */
export class GameScreen {
  constructor({ interactive = false, onAction = null } = {}) {
    this.interactive = interactive;
    this.onAction = onAction;
    this.gv = null;
    this.board = null;
    this.module = null;
    this.placeActions = new Map(); // place key -> [legal entries]
    this.selected = null; // a place key chosen first (e.g. a galley, then a zone)
    this.pending = false;
    this.svg = $("#board svg");
    this.svg.addEventListener("click", (e) => this.clickBoard(e));
    document.addEventListener("keydown", (e) => {
      if (e.key === "Escape") this.clearSelection();
    });
    document.addEventListener("click", (e) => {
      const chooser = $("#chooser");
      if (!chooser.classList.contains("hidden") && !chooser.contains(e.target) && !this.svg.contains(e.target)) this.clearSelection();
    });
  }

  seatName(seat) {
    if (this.module?.seatName) return this.module.seatName(seat, this.gv, this.board);
    return this.gv.seats?.[seat]?.label || `Seat ${seat + 1}`;
  }

  seatColour(seat) {
    return this.module?.seatColour ? this.module.seatColour(seat, this.gv, this.board) : "#888";
  }

  async show(gv) {
    const { board, module } = await loadBoard(gv.game);
    const plyChanged = !this.gv || this.gv.ply !== gv.ply || this.gv.seat !== gv.seat;
    this.board = board;
    this.module = module;
    this.gv = gv;
    if (plyChanged) this.clearSelection(false);
    document.body.dataset.game = gv.game;
    document.body.dataset.ply = gv.ply;
    document.body.dataset.status = gv.status;
    this.renderHeader();
    this.renderBanner();
    this.renderPanels();
    this.renderBoard();
    this.renderActions();
    this.renderLog(plyChanged);
    this.renderResult();
    $("#board .loading")?.remove();
  }

  // -- header, banner, panels ------------------------------------------------------------------

  renderHeader() {
    const gv = this.gv;
    $("#game-name").textContent = gameTitle(gv.game);
    const who = gv.seat === null || gv.seat === undefined ? "spectator" : this.seatName(gv.seat);
    $("#seat-name").textContent = who;
    const status = this.module?.status ? this.module.status(gv, this.board) : "";
    $("#status-line").textContent = `${status}${status ? " · " : ""}ply ${gv.ply}`;
    const mine = gv.seat !== null && gv.seat !== undefined && (gv.to_move || []).includes(gv.seat) && gv.status !== "over";
    document.title = `${mine ? "● Your turn · " : ""}${gv.seat === null || gv.seat === undefined ? "Watching" : who} · ${gameTitle(gv.game)} · Arsenale`;
  }

  decisionText() {
    return this.module?.decisionText ? this.module.decisionText(this.gv, this.board) : humanKind(this.gv.view?.decision?.kind || "");
  }

  renderBanner() {
    const gv = this.gv;
    const banner = $("#banner");
    banner.className = "";
    banner.replaceChildren();
    const me = gv.seat;
    const toMove = gv.to_move || [];
    const decision = gv.view?.decision;
    const secret = decision?.simultaneous;
    banner.dataset.toMove = toMove.join(",");
    if (gv.status === "over" || gv.result) {
      banner.className = "over";
      const winners = gv.result?.winners || [];
      banner.append(h("span", {}, `Game over. ${winners.length ? `Winner: ${listNames(winners.map((s) => this.seatName(s)))}` : ""}`));
      banner.dataset.state = "over";
      return;
    }
    const waitingFor = listNames(toMove.map((s) => this.seatName(s)));
    if (me !== null && me !== undefined && toMove.includes(me)) {
      banner.className = "your-turn";
      banner.dataset.state = "your-turn";
      banner.append(h("span", {}, secret ? "Your secret choice" : "Your turn"), h("span", { class: "detail" }, this.decisionText()));
      if (secret && toMove.length > 1) banner.append(h("span", { class: "detail" }, `(also waiting for ${listNames(toMove.filter((s) => s !== me).map((s) => this.seatName(s)))})`));
      return;
    }
    banner.dataset.state = "waiting";
    banner.append(h("span", { class: "spinner", "aria-hidden": "true" }));
    if (secret) {
      const done = (decision.submitted || []).filter((s) => s !== me).map((s) => this.seatName(s));
      const mine = gv.view?.my_submission ? " You have chosen." : "";
      banner.append(
        h("span", {}, `Secret choices: waiting for ${waitingFor}`),
        h("span", { class: "detail" }, `${done.length ? `${listNames(done)} ${done.length > 1 ? "have" : "has"} chosen.` : ""}${mine} ${this.decisionText()}`),
      );
    } else {
      banner.append(h("span", {}, toMove.length ? `Waiting for ${waitingFor}` : "Waiting"), h("span", { class: "detail" }, this.decisionText()));
    }
  }

  renderPanels() {
    const gv = this.gv;
    const box = $("#panels");
    const toMove = new Set(gv.to_move || []);
    const decision = gv.view?.decision;
    const submitted = new Set(decision?.simultaneous ? decision.submitted || [] : []);
    const players = gv.view?.players_info || [];
    box.replaceChildren(
      ...gv.seats.map((s) => {
        const seat = s.seat;
        const info = players.find((p) => p.seat === seat) || { seat };
        const colour = this.seatColour(seat);
        let state = null;
        if (gv.status !== "over") {
          if (toMove.has(seat)) state = h("span", { class: "state moving" }, decision?.simultaneous ? "choosing…" : "to move");
          else if (submitted.has(seat)) state = h("span", { class: "state submitted" }, "has chosen ✓");
        } else if (gv.result) {
          const rank = gv.result.ranks[seat];
          state = h("span", { class: "state" }, `#${rank} · ${gv.result.scores[seat]}`);
        }
        const rows = this.module?.panel ? this.module.panel(info, gv, this.board) : [];
        const classes = ["panel"];
        if (toMove.has(seat) && gv.status !== "over") classes.push("to-move");
        if (seat === gv.seat) classes.push("me");
        return h(
          "div",
          { class: classes.join(" "), style: `--seat: ${colour}`, dataset: { seat: String(seat) } },
          h(
            "div",
            { class: "head" },
            h("span", { class: "swatch", style: `background: ${colour}` }),
            h("span", { class: "seat-name" }, this.seatName(seat)),
            h("span", { class: "kind" }, s.kind === "human" ? "human" : `bot: ${s.kind}`),
            state,
          ),
          h(
            "dl",
            {},
            rows.flatMap(([k, v]) => {
              const wide = String(v).length > 12 ? "wide" : null;
              return [h("dt", { class: wide }, k), h("dd", { class: wide, dataset: { field: k.toLowerCase().replaceAll(" ", "-") } }, v)];
            }),
          ),
        );
      }),
    );
  }

  // -- board and clicks ------------------------------------------------------------------------

  renderBoard() {
    const svg = this.svg;
    svg.replaceChildren();
    this.placeActions = new Map();
    if (!this.module) {
      // No board drawing for this game: say so; the panels and the moves show the game.
      const note = document.createElementNS("http://www.w3.org/2000/svg", "text");
      note.setAttribute("x", "10");
      note.setAttribute("y", "24");
      note.textContent = "This game has no board drawing: the panels and moves show it.";
      svg.append(note);
      return;
    }
    this.module.draw(svg, this.board, this.gv);
    if (this.interactive) {
      for (const entry of this.gv.legal || []) {
        let keys = [];
        try {
          keys = this.module.places ? this.module.places(entry.action, this.gv, this.board) : [];
        } catch (e) {
          console.error("places()", e);
        }
        entry._places = keys;
        for (const k of keys) {
          if (!this.placeActions.has(k)) this.placeActions.set(k, []);
          this.placeActions.get(k).push(entry);
        }
      }
    }
    this.markPlaces();
  }

  /** Highlight the places the seat may click (narrowed to the selection's partners). */
  markPlaces() {
    const svg = this.svg;
    svg.querySelectorAll(".clickable, .selected, .dim").forEach((n) => n.classList.remove("clickable", "selected", "dim"));
    if (!this.interactive || this.pending) return;
    let usable = this.placeActions;
    if (this.selected) {
      const chosen = new Set(this.placeActions.get(this.selected) || []);
      usable = new Map();
      for (const [k, list] of this.placeActions) {
        const both = list.filter((e) => chosen.has(e));
        if (both.length && k !== this.selected) usable.set(k, both);
      }
      svg.querySelectorAll(`[data-place="${CSS.escape(this.selected)}"]`).forEach((n) => n.classList.add("selected"));
    }
    for (const k of usable.keys()) {
      svg.querySelectorAll(`[data-place="${CSS.escape(k)}"]`).forEach((n) => n.classList.add("clickable"));
    }
  }

  clickBoard(event) {
    if (!this.interactive || this.pending) return;
    const target = event.target.closest("[data-place]");
    if (!target) {
      this.clearSelection();
      return;
    }
    event.stopPropagation();
    const key = target.dataset.place;
    let candidates = this.placeActions.get(key) || [];
    if (this.selected && this.selected !== key) {
      const chosen = new Set(this.placeActions.get(this.selected) || []);
      const both = candidates.filter((e) => chosen.has(e));
      if (both.length) candidates = both;
    }
    if (!candidates.length) {
      this.clearSelection();
      return;
    }
    if (candidates.length === 1) {
      this.clearSelection(false);
      this.act(candidates[0]);
      return;
    }
    this.selected = key;
    this.markPlaces();
    this.openChooser(target, key, candidates, event);
  }

  openChooser(target, key, candidates, event) {
    const chooser = $("#chooser");
    const boardBox = $("#board").getBoundingClientRect();
    const name = target.querySelector("title")?.textContent?.split(":")[0] || key;
    chooser.replaceChildren(
      h("h3", {}, `${name}: choose`),
      h(
        "div",
        { class: "buttons" },
        candidates.map((entry) =>
          h("button", { type: "button", dataset: { actionText: entry.text }, onclick: () => { this.clearSelection(false); this.act(entry); } }, entry.text),
        ),
      ),
      h("div", { class: "muted", style: "font-size: 11px; margin-top: 4px" }, "or click a highlighted place; Esc cancels"),
    );
    chooser.classList.remove("hidden");
    const x = Math.min(event.clientX - boardBox.left + 12, boardBox.width - chooser.offsetWidth - 8);
    const y = Math.min(event.clientY - boardBox.top + 12, boardBox.height - chooser.offsetHeight - 8);
    chooser.style.left = `${Math.max(4, x)}px`;
    chooser.style.top = `${Math.max(4, y)}px`;
  }

  clearSelection(redraw = true) {
    this.selected = null;
    $("#chooser")?.classList.add("hidden");
    if (redraw && this.gv) this.markPlaces();
  }

  act(entry) {
    if (this.onAction && !this.pending) this.onAction(entry);
  }

  setPending(pending) {
    this.pending = pending;
    document.querySelectorAll("#actions button, #action-form button").forEach((b) => (b.disabled = pending));
    this.markPlaces();
  }

  // -- actions list -----------------------------------------------------------------------------

  renderActions() {
    const box = $("#actions");
    if (!box) return;
    const gv = this.gv;
    const legal = this.interactive ? gv.legal || [] : [];
    $("#actions-count").textContent = legal.length ? `${legal.length}` : "";
    const mine = gv.view?.my_submission;
    const sub = $("#my-submission");
    if (sub) {
      if (mine) {
        const text = Object.entries(mine).filter(([k]) => k !== "kind").map(([k, v]) => `${k} ${v}`).join(", ");
        sub.textContent = `Your secret choice: ${humanKind(mine.kind)}${text ? ` (${text})` : ""}; it stays hidden until everyone has chosen.`;
        sub.classList.remove("hidden");
      } else sub.classList.add("hidden");
    }
    if (!legal.length) {
      let why = "Nothing to decide right now.";
      if (gv.seat === null || gv.seat === undefined) why = "You are watching: spectators see the table but not private information.";
      else if (gv.status === "over") why = "The game is over.";
      box.replaceChildren(h("p", { class: "none" }, why));
      $("#action-form")?.classList.add("hidden");
      return;
    }
    $("#action-form")?.classList.remove("hidden");
    const groups = new Map();
    for (const entry of legal) {
      const kind = entry.action?.kind || "other";
      if (!groups.has(kind)) groups.set(kind, []);
      groups.get(kind).push(entry);
    }
    box.replaceChildren(
      ...[...groups].map(([kind, entries]) =>
        h(
          "div",
          { class: `action-group${entries.length > 24 ? " many" : ""}`, dataset: { kind } },
          h("h3", {}, humanKind(kind), entries.length > 24 ? h("input", { type: "search", class: "filter", placeholder: "filter…", "aria-label": `filter ${humanKind(kind)}`, oninput: (e) => filterGroup(e.target) }) : null),
          h(
            "div",
            { class: "buttons" },
            entries.map((entry) =>
              h(
                "button",
                {
                  type: "button",
                  class: entry._places?.length ? "placed" : null,
                  title: entry._places?.length ? "also on the board" : null,
                  dataset: { actionText: entry.text, kind },
                  onclick: () => this.act(entry),
                  onmouseenter: () => this.hint(entry, true),
                  onmouseleave: () => this.hint(entry, false),
                  onfocus: () => this.hint(entry, true),
                  onblur: () => this.hint(entry, false),
                },
                entry.text,
              ),
            ),
          ),
        ),
      ),
    );
    if (this.pending) this.setPending(true);
  }

  /** Show on the board where an action in the list happens. */
  hint(entry, on) {
    for (const k of entry._places || []) {
      this.svg.querySelectorAll(`[data-place="${CSS.escape(k)}"]`).forEach((n) => n.classList.toggle("hinted", on));
    }
  }

  // -- log and result ---------------------------------------------------------------------------

  renderLog(plyChanged) {
    const ol = $("#log");
    if (!ol) return;
    const atBottom = ol.scrollHeight - ol.scrollTop - ol.clientHeight < 30;
    const before = Number(ol.dataset.lastPly ?? -1);
    const entries = this.gv.log || [];
    ol.replaceChildren(
      ...entries.map((e) =>
        h("li", { class: plyChanged && e.ply >= before && before >= 0 ? "fresh" : null, dataset: { ply: String(e.ply) } }, h("span", { class: "ply" }, e.ply), e.text),
      ),
    );
    ol.dataset.lastPly = String(this.gv.ply);
    if (atBottom || plyChanged) ol.scrollTop = ol.scrollHeight;
  }

  renderResult() {
    const box = $("#result");
    const gv = this.gv;
    if (!gv.result) {
      box.classList.add("hidden");
      box.replaceChildren();
      return;
    }
    const r = gv.result;
    const order = gv.seats.map((s) => s.seat).sort((a, b) => r.ranks[a] - r.ranks[b]);
    const winners = new Set(r.winners);
    box.replaceChildren(
      h("h2", {}, "Final result"),
      h(
        "table",
        {},
        h("tr", {}, h("th", {}, "#"), h("th", {}, "Seat"), h("th", {}, "Score"), r.tiebreak?.length ? h("th", {}, "Tie-break") : null),
        order.map((s) =>
          h(
            "tr",
            { class: winners.has(s) ? "winner" : null, dataset: { seat: String(s) } },
            h("td", {}, r.ranks[s]),
            h("td", {}, h("span", { class: "swatch", style: `background: ${this.seatColour(s)}` }), " ", this.seatName(s), winners.has(s) ? " ★" : ""),
            h("td", {}, r.scores[s]),
            r.tiebreak?.length ? h("td", {}, r.tiebreak[s]) : null,
          ),
        ),
      ),
      this.interactive ? h("p", {}, h("a", { class: "button", href: `/replay/${encodeURIComponent(gv.id)}` }, "Watch the replay")) : null,
    );
    box.classList.remove("hidden");
  }
}

/** Show a refusal or a notice above the board; `kind` "error" (default) or "info". */
export function showMessage(text, rule = null) {
  const box = $("#message");
  if (!box) return;
  if (!text) {
    box.classList.add("hidden");
    box.replaceChildren();
    return;
  }
  box.replaceChildren(
    h("button", { type: "button", "aria-label": "dismiss", onclick: () => showMessage(null) }, "×"),
    h("span", { class: "text" }, text),
    rule ? h("span", { class: "rule" }, `(${rule})`) : null,
  );
  box.classList.remove("hidden");
}
