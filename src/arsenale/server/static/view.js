// What the game page and the replay viewer share: drawing one game view (board, banner,
// panels, legal actions, log, result) from the server's JSON. Shows only what the view holds.
//
// The board module of a game (boards/<game id>.js) is the one game-specific part; see the
// interface at the top of game.js.

import { api, loadBoard } from "./api.js";
import { _, listNames, ngettext, num, ordinal } from "./i18n.js";

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

/** Replace a node's children, leaving out the null ones (replaceChildren would show "null"). */
export function fill(node, ...children) {
  node.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
}

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
    this.zoom = new BoardZoom(this.svg);
    setupTabs();
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
    const name = this.gv.seats?.[seat]?.name; // the server's, in the page's language
    if (name) return name;
    if (this.module?.seatName) return this.module.seatName(seat, this.gv, this.board);
    return this.gv.seats?.[seat]?.label || _("Seat {n}", { n: seat + 1 });
  }

  /** A seat as a sentence puts it ("the Genoese", "les Génois"; "Red"): the server's. */
  seatInSentence(seat) {
    return this.gv.seats?.[seat]?.the || this.seatName(seat);
  }

  /** A seat after "of" ("of the Genoese", "des Génois"; "of Red", "de Rouge"): the server's. */
  seatOf(seat) {
    return this.gv.seats?.[seat]?.of || _("of {seat}", { seat: this.seatName(seat) });
  }

  /** The winners as the end of a game says it: "Victory of the Venetians", "Victoire des
   * Vénitiens", no verb to agree with a nation's plural name. */
  victory(winners) {
    const of = listNames(winners.map((s) => this.seatOf(s)));
    return winners.length > 1 ? _("Shared victory {of}.", { of }) : _("Victory {of}.", { of });
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
    setupHelp(gv.game);
    document.body.classList.toggle("no-drawing", !module);
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
    const who = gv.seat === null || gv.seat === undefined ? _("spectator") : this.seatName(gv.seat);
    // "you play the Venetians", "vous jouez les Vénitiens": the nation with its article
    $("#seat-name").textContent = gv.seat === null || gv.seat === undefined ? who : _("you play {seat}", { seat: this.seatInSentence(gv.seat) });
    const status = this.module?.status ? this.module.status(gv, this.board) : "";
    $("#status-line").textContent = (status ? `${status} · ` : "") + _("ply {n}", { n: gv.ply });
    const mine = gv.seat !== null && gv.seat !== undefined && (gv.to_move || []).includes(gv.seat) && gv.status !== "over";
    document.title = `${mine ? `● ${_("Your turn")} · ` : ""}${gv.seat === null || gv.seat === undefined ? _("Watching") : who} · ${gameTitle(gv.game)} · Arsenale`;
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
      banner.append(h("span", {}, winners.length ? _("Game over. {victory}", { victory: this.victory(winners) }) : _("Game over.")));
      banner.dataset.state = "over";
      return;
    }
    const waitingFor = listNames(toMove.map((s) => this.seatInSentence(s)));
    if (me !== null && me !== undefined && toMove.includes(me)) {
      banner.className = "your-turn";
      banner.dataset.state = "your-turn";
      banner.append(h("span", {}, secret ? _("Your secret choice") : _("Your turn")), h("span", { class: "detail" }, this.decisionText()));
      if (secret && toMove.length > 1) banner.append(h("span", { class: "detail" }, _("(also waiting for {who})", { who: listNames(toMove.filter((s) => s !== me).map((s) => this.seatInSentence(s))) })));
      return;
    }
    banner.dataset.state = "waiting";
    banner.append(h("span", { class: "spinner", "aria-hidden": "true" }));
    if (secret) {
      const done = (decision.submitted || []).filter((s) => s !== me).map((s) => this.seatName(s));
      const mine = gv.view?.my_submission ? ` ${_("You have chosen.")}` : "";
      const chosen = done.length ? ngettext("Chosen already: {names}.", "Chosen already: {names}.", done.length, { names: listNames(done) }) : "";
      banner.append(
        h("span", {}, _("Secret choices: waiting for {who}", { who: waitingFor })),
        h("span", { class: "detail" }, `${chosen}${mine} ${this.decisionText()}`),
      );
    } else {
      banner.append(h("span", {}, toMove.length ? _("Waiting for {who}", { who: waitingFor }) : _("Waiting")), h("span", { class: "detail" }, this.decisionText()));
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
          if (toMove.has(seat)) state = h("span", { class: "state moving" }, decision?.simultaneous ? _("choosing…") : _("to move"));
          else if (submitted.has(seat)) state = h("span", { class: "state submitted" }, `${_("has chosen")} ✓`);
        } else if (gv.result) {
          const rank = gv.result.ranks[seat];
          state = h("span", { class: "state" }, `${ordinal(rank)} · ${gv.result.scores[seat]}`);
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
            seat === gv.seat ? h("span", { class: "you" }, _("(you)")) : null,
            h("span", { class: "kind" }, s.player || (s.kind === "human" ? _("human") : _("bot: {kind}", { kind: s.kind }))),
            state,
          ),
          h(
            "dl",
            {},
            rows.flatMap(([k, v, field]) => {
              const wide = String(v).length > 12 ? "wide" : null;
              // data-field: the row's key, the same in every language (the label's otherwise)
              return [h("dt", { class: wide }, k), h("dd", { class: wide, dataset: { field: field || k.toLowerCase().replaceAll(" ", "-") } }, v)];
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
      if (!$("#board .board-note")) $("#board").append(h("p", { class: "board-note" }, _("This game has no board drawing: the players' panels and the moves show it.")));
      svg.removeAttribute("viewBox");
      this.zoom.drawn();
      return;
    }
    this.module.draw(svg, this.board, this.gv);
    this.zoom.drawn();
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
      h("h3", {}, _("{place}: choose", { place: name })),
      h(
        "div",
        { class: "buttons" },
        candidates.map((entry) =>
          h("button", { type: "button", dataset: { actionText: entry.text }, onclick: () => { this.clearSelection(false); this.act(entry); } }, entry.words || entry.text),
        ),
      ),
      h("div", { class: "muted", style: "font-size: 11px; margin-top: 4px" }, _("or click a highlighted place; Esc cancels")),
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
    document.querySelectorAll("#actions button, #action-form button").forEach((b) => (b.disabled = pending || (b.classList.contains("play") && !b.dataset.actionText)));
    this.markPlaces();
  }

  // -- actions list -----------------------------------------------------------------------------

  /**
   * The legal moves in the game's words (`words`), under their groups (`group`). A family of
   * moves that differ only by amounts (`amounts`: the 1996 bids, sailors landed, cubes bought)
   * is one control: a stepper and a slider per amount over the legal values, and one button
   * that plays the chosen move (its data-action-text follows the choice). Other moves are a
   * button each. The notation stays in data-action-text and in the typed-move form.
   */
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
        const words = gv.my_submission_words || humanKind(mine.kind);
        sub.textContent = _("Your secret choice: {words}. It stays hidden until everyone has chosen.", { words });
        sub.classList.remove("hidden");
      } else sub.classList.add("hidden");
    }
    if (!legal.length) {
      let why = _("Nothing to decide right now.");
      if (gv.seat === null || gv.seat === undefined) why = _("You are watching: spectators see the table but not private information.");
      else if (gv.status === "over") why = _("The game is over.");
      box.replaceChildren(h("p", { class: "none" }, why));
      $("#action-form")?.classList.add("hidden");
      return;
    }
    $("#action-form")?.classList.remove("hidden");
    const groups = new Map(); // group -> [items]; an item is an entry or a family
    const families = new Map();
    for (const entry of legal) {
      const group = entry.group || humanKind(entry.action?.kind || "other");
      if (!groups.has(group)) groups.set(group, []);
      const amounts = entry.amounts || [];
      if (amounts.length) {
        const rest = Object.entries(entry.action).filter(([k]) => !amounts.includes(k)).sort();
        const key = JSON.stringify([rest, amounts]);
        if (!families.has(key)) {
          const family = { family: true, amounts, entries: [] };
          families.set(key, family);
          groups.get(group).push(family);
        }
        families.get(key).entries.push(entry);
      } else groups.get(group).push(entry);
    }
    let n = 0;
    box.replaceChildren(
      ...[...groups].map(([group, items]) => {
        const many = items.length > 24;
        const id = `group-${n++}`;
        return h(
          "div",
          { class: `action-group${many ? " many" : ""}`, role: "group", "aria-labelledby": id, dataset: { group } },
          h("h3", { id }, group, many ? h("input", { type: "search", class: "filter", placeholder: _("filter…"), "aria-label": _("filter {group}", { group }), oninput: (e) => filterGroup(e.target) }) : null),
          h(
            "div",
            { class: "buttons" },
            items.map((item) => (item.family && item.entries.length > 1 ? this.amountControl(item) : this.moveButton(item.family ? item.entries[0] : item))),
          ),
        );
      }),
    );
    if (this.pending) this.setPending(true);
  }

  moveButton(entry) {
    return h(
      "button",
      {
        type: "button",
        class: entry._places?.length ? "move placed" : "move",
        title: entry._places?.length ? _("{move} (also on the board)", { move: entry.words || entry.text }) : null, // words, not the notation
        dataset: { actionText: entry.text, kind: entry.action?.kind || "" },
        onclick: () => this.act(entry),
        onmouseenter: () => this.hint(entry, true),
        onmouseleave: () => this.hint(entry, false),
        onfocus: () => this.hint(entry, true),
        onblur: () => this.hint(entry, false),
      },
      entry.words || entry.text,
    );
  }

  /** One control for a family of moves that differ by amounts: a stepper (−, number, +)
   * and a slider per amount over its legal values, the chosen move in words, one button. */
  amountControl(family) {
    const { amounts, entries } = family;
    const values = amounts.map((name) => [...new Set(entries.map((e) => e.action[name]))].sort((a, b) => a - b));
    const chosen = Object.fromEntries(amounts.map((name) => [name, entries[0].action[name]]));
    const find = () => entries.find((e) => amounts.every((name) => e.action[name] === chosen[name]));
    const words = h("span", { class: "amount-words", "aria-live": "polite" });
    const play = h("button", { type: "button", class: "move primary play" }, _("Play"));
    const texts = `|${entries.map((e) => e.text).join("|")}|`;
    const node = h("div", { class: "amount-family", dataset: { texts, kind: entries[0].action.kind } });
    const inputs = [];
    const update = () => {
      const entry = find();
      words.textContent = entry ? entry.words : _("not possible with these amounts");
      play.disabled = !entry || this.pending;
      play.dataset.actionText = entry ? entry.text : "";
      for (const { name, number, range } of inputs) {
        number.value = String(chosen[name]);
        range.value = String(values[amounts.indexOf(name)].indexOf(chosen[name]));
      }
    };
    play.addEventListener("click", () => {
      const entry = find();
      if (entry) this.act(entry);
    });
    const rows = amounts.map((name, i) => {
      const vals = values[i];
      const step = vals.length > 1 ? vals[1] - vals[0] : 1;
      // the game's label for the amount in the page's language (Wording.labels), else its name
      const shown = entries[0].amount_labels?.[i] || name.replaceAll("_", " ");
      const label = _("{amount} ({low} to {high})", { amount: shown, low: num(vals[0]), high: num(vals[vals.length - 1]) });
      const set = (v) => {
        const near = vals.reduce((best, x) => (Math.abs(x - v) < Math.abs(best - v) ? x : best), vals[0]);
        chosen[name] = near;
        update();
      };
      const number = h("input", { type: "number", inputmode: "numeric", min: vals[0], max: vals[vals.length - 1], step, "aria-label": label, dataset: { amount: name }, onchange: (e) => set(Number(e.target.value)) });
      const range = h("input", { type: "range", min: 0, max: vals.length - 1, step: 1, "aria-label": _("{label}, slider", { label }), oninput: (e) => set(vals[Number(e.target.value)]) });
      inputs.push({ name, number, range });
      const by = (d) => () => {
        const k = vals.indexOf(chosen[name]) + d;
        if (k >= 0 && k < vals.length) set(vals[k]);
      };
      return h(
        "div",
        { class: "amount-row" },
        h("span", { class: "amount-name" }, shown),
        h("button", { type: "button", class: "step", "aria-label": _("less {amount}", { amount: shown }), onclick: by(-1) }, "−"),
        number,
        h("button", { type: "button", class: "step", "aria-label": _("more {amount}", { amount: shown }), onclick: by(1) }, "+"),
        range,
      );
    });
    node.append(...rows, h("div", { class: "amount-play" }, words, play));
    update();
    return node;
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

  /**
   * The final result beside the board (never over it): ranks and scores, the score by its
   * sources as the rulebook adds it up (`account.sources`), every seat's money revealed
   * (`account.money`), and the tie-break in words where seats tied on points
   * (`account.tiebreak_names`, `result.tiebreaks`).
   */
  renderResult() {
    const box = $("#result");
    const gv = this.gv;
    document.body.classList.toggle("has-result", !!gv.result);
    if (!gv.result) {
      box.classList.add("hidden");
      box.replaceChildren();
      return;
    }
    const r = gv.result;
    const account = gv.account || {};
    const seats = gv.seats.map((s) => s.seat);
    const order = [...seats].sort((a, b) => r.ranks[a] - r.ranks[b] || a - b);
    const winners = new Set(r.winners);
    const head = h("tr", {}, h("th", { scope: "col" }, _("Source")), order.map((s) => h("th", { scope: "col", dataset: { seat: String(s) } }, h("span", { class: "swatch", style: `background: ${this.seatColour(s)}` }), " ", this.seatName(s), winners.has(s) ? " ★" : "")));
    const rows = (account.sources || []).map((row) =>
      h("tr", { class: "source" }, h("th", { scope: "row" }, row.source), order.map((s) => h("td", {}, num(row.points[s])))),
    );
    const total = h("tr", { class: "total" }, h("th", { scope: "row" }, _("Score")), order.map((s) => h("td", { class: winners.has(s) ? "winner" : null, dataset: { seat: String(s) } }, num(r.scores[s]))));
    const rank = h("tr", { class: "rank" }, h("th", { scope: "row" }, _("Place")), order.map((s) => h("td", {}, ordinal(r.ranks[s]))));
    const money = account.money
      ? h("tr", { class: "money", dataset: { field: "money" } }, h("th", { scope: "row" }, _("{money} (revealed)", { money: account.money.name })), order.map((s) => h("td", { dataset: { seat: String(s) } }, num(account.money.amounts[s]))))
      : null;
    fill(
      box,
      h("h2", { id: "result-title" }, _("Final result")),
      h("p", { class: "verdict" }, this.verdict(r, order)),
      h("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": _("Score breakdown") }, h("table", { class: "breakdown" }, h("thead", {}, head), h("tbody", {}, rows, total, money, rank))),
      this.tieText(r, account, order) ? h("p", { class: "tiebreak" }, this.tieText(r, account, order)) : null,
      this.interactive ? h("p", {}, h("a", { class: "button", href: `/replay/${encodeURIComponent(gv.id)}` }, _("Watch the replay"))) : null,
    );
    box.classList.remove("hidden");
  }

  verdict(r, order) {
    if (r.won !== undefined) return r.won ? _("The challenge is won.") : _("The challenge is lost.");
    const winners = r.winners || [];
    if (!winners.length) return _("No winner.");
    return this.victory(winners);
  }

  /** Where seats tied on the score, which tie-break settled it, in words. */
  tieText(r, account, order) {
    const names = account.tiebreak_names || [];
    const keys = r.tiebreaks || [];
    const out = [];
    const byScore = new Map();
    for (const s of order) {
      const k = String(r.scores[s]);
      if (!byScore.has(k)) byScore.set(k, []);
      byScore.get(k).push(s);
    }
    for (const [score, tied] of byScore) {
      if (tied.length < 2) continue;
      // the seats as a sentence puts them ("the Venetians", "les Vénitiens"), opening it
      const named = listNames(tied.map((s) => this.seatInSentence(s)));
      const who = named.charAt(0).toUpperCase() + named.slice(1);
      let settled = false;
      for (let i = 0; i < keys.length; i++) {
        const vals = tied.map((s) => keys[i][s]);
        if (new Set(vals).size > 1) {
          const detail = tied.map((s) => `${this.seatName(s)} ${num(Number(keys[i][s]))}`).join(", ");
          // the earlier keys they were also equal on, each with its shared value
          const equal = [];
          for (let j = 0; j < i; j++) {
            const key = tieName(names, j);
            equal.push(_("{name} ({value} each)", { name: key, value: num(Number(keys[j][tied[0]])) }));
          }
          const also = equal.length ? _(" and on {names}", { names: listNames(equal) }) : "";
          const name = tieName(names, i);
          out.push(_("{who} tied on {score}{also}; the tie is broken by {name} ({detail}), the higher ranking first.", { who, score: num(Number(score)), also, name, detail }));
          settled = true;
          break;
        }
      }
      if (!settled) out.push(_("{who} tied on {score}{also}: they share the place.", { who, score: num(Number(score)), also: keys.length ? _(" and on {names}", { names: listNames(names) }) : "" }));
    }
    if (!out.length && names.length) return _("Ties would be broken by {names}.", { names: listNames(names) });
    return out.join(" ");
  }
}

/** The name of tie-break `i` (the game's, else its number). */
function tieName(names, i) {
  return names[i] || _("tie-break {n}", { n: i + 1 });
}

/** Show a refusal or a notice above the board, with a link that opens the game's rules at
 * the section the refusal names (`rule`). */
export function showMessage(text, rule = null) {
  const box = $("#message");
  if (!box) return;
  if (!text) {
    box.classList.add("hidden");
    box.replaceChildren();
    return;
  }
  const ruleOfGame = rule && !rule.startsWith("arsenale:");
  // a game's rule by its rulebook section (not the rulebook's file name); the server's own
  // contract parts ("arsenale: notation") are no rule a player reads: kept in data-rule only
  box.dataset.rule = rule || "";
  fill(
    box,
    h("button", { type: "button", class: "dismiss", "aria-label": _("Dismiss the message"), onclick: () => showMessage(null) }, "×"),
    h("span", { class: "text" }, text),
    ruleOfGame ? h("span", { class: "rule" }, _("(rule: {rule})", { rule: ruleSection(rule) })) : null,
    ruleOfGame && helpGame ? h("button", { type: "button", class: "rule-link", onclick: () => openHelp(rule) }, _("Read this rule")) : null,
  );
  box.classList.remove("hidden");
  if (ruleOfGame && helpGame && !rulesCache.has(helpGame)) {
    // the section's heading in the page's language comes with the rule summary: once loaded,
    // the message names the rule by it ("règle : Enchères" for "RULES.md, Bidding")
    loadRules(helpGame).then(() => {
      const span = box.querySelector(".rule");
      if (span && box.dataset.rule === rule) span.textContent = _("(rule: {rule})", { rule: ruleSection(rule) });
    });
  }
}

// -- the rules in the page -------------------------------------------------------------------

let helpGame = null;
const rulesCache = new Map();

/** Make the Rules button open the rule summary of `gameId` (GET /api/rules/{id}). */
export function setupHelp(gameId) {
  if (helpGame === gameId) return;
  helpGame = gameId;
  const open = $("#help-open");
  if (open && !open.dataset.ready) {
    open.dataset.ready = "1";
    open.addEventListener("click", () => openHelp(null));
    $("#help-close")?.addEventListener("click", () => closeHelp());
    $("#help")?.addEventListener("close", () => open.setAttribute("aria-expanded", "false"));
  }
}

function closeHelp() {
  const dialog = $("#help");
  if (dialog?.open) dialog.close();
}

/** The section a rule names ("serenissima-1996.en.txt, Starting" -> "Starting"): under the
 * heading of the summary's section it opens when the page's language heads it otherwise
 * ("RULES.md, Bidding" -> "Enchères" on a French page), else as the rule names it. */
function ruleSection(rule) {
  const part = rule.split(",").slice(1).join(",").trim() || rule;
  const rules = helpGame ? rulesCache.get(helpGame) : null;
  const sec = rules?.sections?.[sectionFor(rules.sections, rule)];
  return sec?.key && sec.title && sec.title !== sec.key ? sec.title : part;
}

const rulesLoading = new Map();

/** The rule summary of `gameId` (GET /api/rules/{id}), loaded once into rulesCache. */
function loadRules(gameId) {
  if (rulesCache.has(gameId)) return Promise.resolve(rulesCache.get(gameId));
  if (!rulesLoading.has(gameId)) {
    rulesLoading.set(
      gameId,
      api(`/api/rules/${encodeURIComponent(gameId)}`).then((res) => {
        rulesCache.set(gameId, res.ok ? res.data : { intro: _("The rules could not be loaded."), sections: [] });
        rulesLoading.delete(gameId);
        return rulesCache.get(gameId);
      }),
    );
  }
  return rulesLoading.get(gameId);
}

/** The section of the summary a rule reference names: "serenissima-1996.en.txt, Phase 1" or
 * "RULES.md, Market" opens the section whose key (its English heading: rules name their
 * sections in English), else whose heading in the page's language, else whose text names its
 * part after the file. */
export function sectionFor(sections, rule) {
  if (!rule) return -1;
  const parts = rule.split(",").slice(1).join(",").trim() || rule;
  const wanted = parts.split(/[:;(]/)[0].trim().toLowerCase();
  if (!wanted) return -1;
  const names = (name) => {
    const low = (name || "").toLowerCase();
    return low !== "" && (low.includes(wanted) || wanted.includes(low));
  };
  let i = sections.findIndex((s) => names(s.key));
  if (i < 0) i = sections.findIndex((s) => names(s.title));
  if (i < 0) i = sections.findIndex((s) => s.text.toLowerCase().includes(wanted));
  return i;
}

function paragraphs(text) {
  // A little of Markdown: paragraphs, "- " lists, `code`; built as text nodes, never HTML.
  const out = [];
  let list = null;
  for (const block of text.split(/\n\s*\n/)) {
    const lines = block.split("\n");
    for (const line of lines) {
      if (/^\s*- /.test(line)) {
        if (!list) out.push((list = h("ul")));
        list.append(h("li", {}, inline(line.replace(/^\s*- /, ""))));
      } else if (list && /^\s+\S/.test(line)) {
        list.lastChild.append(" ", ...inline(line.trim()));
      } else {
        list = null;
        const last = out[out.length - 1];
        if (last && last.tagName === "P" && !last.dataset.closed) last.append(" ", ...inline(line.trim()));
        else out.push(h("p", {}, inline(line.trim())));
      }
    }
    if (out.length) out[out.length - 1].dataset.closed = "1";
    list = null;
  }
  return out;
}

function inline(text) {
  return text.split(/(`[^`]+`)/).map((part) => (part.startsWith("`") && part.endsWith("`") && part.length > 1 ? h("code", {}, part.slice(1, -1)) : part));
}

/** Open the rules, at the section `rule` names (or the top). */
export async function openHelp(rule) {
  const dialog = $("#help");
  if (!dialog || !helpGame) return;
  const rules = await loadRules(helpGame);
  const at = sectionFor(rules.sections, rule);
  $("#help-title").textContent = _("Rules in brief: {game}", { game: gameTitle(helpGame) });
  fill(
    $("#help-body"),
    rule ? h("p", { class: "help-rule" }, _("The rule the refusal names: {rule}", { rule: ruleSection(rule) })) : null,
    h("div", { class: "help-intro" }, paragraphs(rules.intro || "")),
    ...rules.sections.map((sec, i) =>
      h("details", { open: i === at || null, dataset: { section: sec.key || sec.title }, class: i === at ? "named" : null }, h("summary", {}, sec.title), h("div", {}, paragraphs(sec.text))),
    ),
  );
  if (!dialog.open) dialog.showModal();
  $("#help-open")?.setAttribute("aria-expanded", "true");
  const named = dialog.querySelector("details.named");
  if (named) {
    named.scrollIntoView({ block: "start" });
    named.querySelector("summary").focus();
  }
}

// -- zoom and pan of the board -------------------------------------------------------------------

/**
 * Zoom and pan the board drawing by changing its viewBox: the wheel or a pinch zooms about the
 * pointer, a drag pans (a drag of a few pixels is still a click), the buttons of #zoom zoom in,
 * out and back to the whole board. Kept across redraws (each view redraws the board).
 */
export class BoardZoom {
  constructor(svg) {
    this.svg = svg;
    this.base = null; // [x, y, w, h] as the board module drew it
    this.box = null; // the current view box, or null for the whole board
    this.pointers = new Map();
    this.dragged = false;
    svg.addEventListener("wheel", (e) => {
      if (!this.base) return;
      e.preventDefault();
      this.zoomAt(e.deltaY < 0 ? 1 / 1.2 : 1.2, e.clientX, e.clientY);
    }, { passive: false });
    svg.addEventListener("pointerdown", (e) => {
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, x0: e.clientX, y0: e.clientY });
      this.dragged = false;
    });
    svg.addEventListener("pointermove", (e) => this.move(e));
    const up = (e) => this.pointers.delete(e.pointerId);
    svg.addEventListener("pointerup", up);
    svg.addEventListener("pointercancel", up);
    svg.addEventListener("pointerleave", up);
    // A drag that moved the board is not a click on a place.
    svg.addEventListener("click", (e) => {
      if (this.dragged) {
        e.stopImmediatePropagation();
        e.preventDefault();
        this.dragged = false;
      }
    }, true);
    document.querySelectorAll("#zoom [data-zoom]").forEach((b) =>
      b.addEventListener("click", () => {
        const r = svg.getBoundingClientRect();
        const k = b.dataset.zoom;
        if (k === "fit") this.reset();
        else this.zoomAt(k === "in" ? 1 / 1.4 : 1.4, r.left + r.width / 2, r.top + r.height / 2);
      }),
    );
  }

  /** After the board module drew (and set its own viewBox): keep the zoom the player chose. */
  drawn() {
    const vb = this.svg.getAttribute("viewBox");
    if (!vb) {
      this.base = null;
      return;
    }
    const base = vb.split(/[ ,]+/).map(Number);
    if (!this.base || base.join() !== this.base.join()) {
      this.base = base;
      this.box = null;
    }
    document.body.style.setProperty("--board-aspect", `${base[2]} / ${base[3]}`);
    this.apply();
  }

  apply() {
    const b = this.box || this.base;
    if (b) this.svg.setAttribute("viewBox", b.map((x) => Math.round(x * 100) / 100).join(" "));
    this.svg.dataset.zoom = this.box ? (this.base[2] / this.box[2]).toFixed(2) : "1";
  }

  reset() {
    this.box = null;
    this.apply();
  }

  zoomAt(factor, clientX, clientY) {
    if (!this.base) return;
    const [bx, by, bw, bh] = this.base;
    const [x, y, w, hgt] = this.box || this.base;
    const nw = Math.min(bw, Math.max(bw / 8, w * factor));
    const nh = (nw / w) * hgt;
    const r = this.svg.getBoundingClientRect();
    const fx = r.width ? (clientX - r.left) / r.width : 0.5;
    const fy = r.height ? (clientY - r.top) / r.height : 0.5;
    const px = x + fx * w;
    const py = y + fy * hgt;
    this.box = nw >= bw ? null : this.clamp([px - fx * nw, py - fy * nh, nw, nh]);
    this.apply();
  }

  clamp([x, y, w, hgt]) {
    const [bx, by, bw, bh] = this.base;
    return [Math.min(Math.max(x, bx), bx + bw - w), Math.min(Math.max(y, by), by + bh - hgt), w, hgt];
  }

  move(e) {
    const p = this.pointers.get(e.pointerId);
    if (!p || !this.base) return;
    const r = this.svg.getBoundingClientRect();
    if (this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      const before = Math.hypot(a.x - b.x, a.y - b.y);
      p.x = e.clientX;
      p.y = e.clientY;
      const after = Math.hypot(a.x - b.x, a.y - b.y);
      if (before > 0 && after > 0) this.zoomAt(before / after, (a.x + b.x) / 2, (a.y + b.y) / 2);
      this.dragged = true;
      return;
    }
    const dx = e.clientX - p.x;
    const dy = e.clientY - p.y;
    p.x = e.clientX;
    p.y = e.clientY;
    if (Math.hypot(e.clientX - p.x0, e.clientY - p.y0) > 6) this.dragged = true;
    if (!this.box || !this.dragged) return;
    const [x, y, w, hgt] = this.box;
    this.box = this.clamp([x - (dx * w) / r.width, y - (dy * hgt) / r.height, w, hgt]);
    this.apply();
  }
}

// -- the side panels as tabs on a phone ------------------------------------------------------

/** On a narrow screen the side panels (moves, players, log, and whatever #side-extra holds)
 * are tabs under the board; on a wide one they all show. */
export function setupTabs() {
  const tabs = [...document.querySelectorAll("#tabs [role=tab]")];
  const select = (tab) => {
    for (const t of tabs) {
      const on = t === tab;
      t.setAttribute("aria-selected", on ? "true" : "false");
      t.tabIndex = on ? 0 : -1;
      document.getElementById(t.getAttribute("aria-controls"))?.classList.toggle("active", on);
    }
  };
  tabs.forEach((t, i) => {
    t.addEventListener("click", () => select(t));
    t.addEventListener("keydown", (e) => {
      const d = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
      if (!d) return;
      const next = tabs[(i + d + tabs.length) % tabs.length];
      select(next);
      next.focus();
    });
  });
  if (tabs.length) select(tabs.find((t) => t.getAttribute("aria-selected") === "true") || tabs[0]);
}
