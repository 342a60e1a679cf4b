// The lobby (/): create a game from the catalog, hand out one private link per human seat,
// and list the games on this server.
//
// Hooks for browser tests: input[name="game"][value="<game id>"], #players,
// #seats select[data-seat="N"], #options [data-option="<name>"] (an input, or a select of
// the option's values in words), #create,
// #links .link-row[data-seat="N"] input (the seat's full URL) and its .copy button,
// #links .link-row[data-seat="spectator"], #games tr[data-game-id="<id>"]; the table options,
// "my games" and the account are seats.js's (its hooks are listed there).

import { api } from "./api.js";
import { _, language, ngettext } from "./i18n.js";
import { mountAccount, mountTableOptions, rememberCreated, renderMyGames, tableOptions } from "./seats.js";
import { h } from "./view.js";

const $ = (sel) => document.querySelector(sel);
let catalog = { games: [], seats: ["human"] };

function seatLabel(kind) {
  if (kind === "human") return _("Human");
  const words = catalog.seat_words?.[kind]; // the server's, in the page's language
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : _("Bot: {kind}", { kind });
}

function currentGame() {
  const id = document.querySelector('input[name="game"]:checked')?.value;
  return catalog.games.find((g) => g.id === id) || catalog.games[0];
}

function renderGames() {
  const box = $("#game-choices");
  box.replaceChildren(
    ...catalog.games.map((g, i) =>
      h(
        "label",
        { class: "game-choice" },
        h("input", { type: "radio", name: "game", value: g.id, checked: i === 0, onchange: renderForm }),
        h("span", {}, h("span", { class: "name" }, g.name), h("br"), h("span", { class: "muted" }, _("{low}-{high} players", { low: g.players[0], high: g.players[1] }))),
      ),
    ),
  );
}

function renderForm() {
  const game = currentGame();
  if (!game) return;
  const players = $("#players");
  const before = Number(players.value) || null;
  players.replaceChildren();
  for (let n = game.players[0]; n <= game.players[1]; n++) players.append(h("option", { value: n }, ngettext("{n} player", "{n} players", n)));
  players.value = String(before && before >= game.players[0] && before <= game.players[1] ? before : Math.min(3, game.players[1]));
  renderSeats();
  const options = $("#options");
  if (!game.options.length) options.replaceChildren(h("span", { class: "muted" }, _("none")));
  else {
    options.replaceChildren(
      ...game.options.map((o) => {
        const id = `opt-${o.name}`;
        const type = typeof o.default === "boolean" ? "bool" : typeof o.default === "number" ? "number" : "text";
        const label = h("label", { for: id }, h("strong", {}, o.label || o.name.replaceAll("_", " ")));
        if (o.choices?.length) {
          // one of a few values: offered by their words (the game's, in the page's language)
          const select = h(
            "select",
            { id, dataset: { option: o.name, type } },
            o.choices.map((c) => h("option", { value: String(c.value), selected: c.value === o.default }, c.label)),
          );
          return h("div", { class: "option-row", dataset: { optionRow: o.name } }, label, " ", select);
        }
        let input;
        if (type === "bool") input = h("input", { type: "checkbox", id, checked: o.default, dataset: { option: o.name, type } });
        else if (type === "number") input = h("input", { type: "number", id, value: o.default, dataset: { option: o.name, type } });
        else input = h("input", { type: "text", id, value: o.default, size: 16, dataset: { option: o.name, type } });
        return h("div", { class: "option-row", dataset: { optionRow: o.name } }, input, " ", label, h("div", { class: "help" }, o.help));
      }),
    );
  }
}

function renderSeats() {
  const n = Number($("#players").value);
  const box = $("#seats");
  const old = [...box.querySelectorAll("select")].map((s) => s.value);
  const defaultBot = catalog.seats.includes("heuristic") ? "heuristic" : catalog.seats.find((s) => s !== "human") || "human";
  box.replaceChildren(
    ...Array.from({ length: n }, (_unused, i) =>
      h(
        "div",
        { class: "seat-row" },
        h("label", { class: "seat-no", for: `seat-${i}` }, _("Seat {n}", { n: i + 1 })),
        h(
          "select",
          { id: `seat-${i}`, dataset: { seat: String(i) } },
          catalog.seats.map((k) => h("option", { value: k, selected: (old[i] ?? (i === 0 ? "human" : defaultBot)) === k }, seatLabel(k))),
        ),
      ),
    ),
  );
}

function absolute(url) {
  return new URL(url, location.origin).href;
}

function linkRow(key, who, detail, url) {
  const input = h("input", { type: "text", readonly: true, value: absolute(url), "aria-label": _("link for {who}", { who }), onfocus: (e) => e.target.select() });
  const copy = h("button", { type: "button", class: "copy" }, _("Copy"));
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(input.value);
    } catch {
      input.select();
      document.execCommand?.("copy");
    }
    copy.textContent = `${_("Copied")} ✓`;
    setTimeout(() => (copy.textContent = _("Copy")), 1500);
  });
  return h("div", { class: "link-row", dataset: { seat: key } }, h("span", {}, h("span", { class: "who" }, who), h("br"), h("span", { class: "muted" }, detail)), input, copy, h("a", { class: "button", href: url, target: "_blank", rel: "noopener" }, _("Open")));
}

async function create(event) {
  event.preventDefault();
  $("#create-error").textContent = "";
  const game = currentGame();
  const players = Number($("#players").value);
  const seats = [...document.querySelectorAll("#seats select")].map((s) => s.value);
  const options = {};
  document.querySelectorAll("#options [data-option]").forEach((input) => {
    const t = input.dataset.type;
    options[input.dataset.option] = t === "bool" ? input.checked : t === "number" ? Number(input.value) : input.value.trim();
  });
  const button = $("#create");
  button.disabled = true;
  const table = tableOptions($("#table-options"));
  const res = await api("/api/games", { method: "POST", body: { game: game.id, players, seats, options, table } });
  button.disabled = false;
  if (!res.ok) {
    $("#create-error").textContent = res.data?.error || _("could not create the game ({status})", { status: res.status });
    return;
  }
  const made = res.data;
  // Seat names (colours, nations) come from the game itself: ask as a spectator.
  const view = await api(`/api/games/${encodeURIComponent(made.id)}/view`);
  const labels = view.ok ? view.data.seats.map((s) => s.name || s.label) : [];
  rememberCreated(made, game.id, labels);
  showMyGames();
  const rows = made.seats.map((s) => {
    const label = labels[s.seat] ? ` · ${labels[s.seat].charAt(0).toUpperCase()}${labels[s.seat].slice(1)}` : "";
    const name = _("Seat {n}", { n: s.seat + 1 }) + label;
    if (s.url) return linkRow(String(s.seat), name, _("human: private link"), s.url);
    return h("div", { class: "link-row", dataset: { seat: String(s.seat) } }, h("span", {}, h("span", { class: "who" }, name), h("br"), h("span", { class: "muted" }, seatLabel(s.kind))), h("span", { class: "muted" }, _("played by the server")), h("span"), h("span"));
  });
  rows.push(linkRow("spectator", _("Spectators"), _("anyone may watch"), made.spectator_url));
  $("#links").replaceChildren(...rows);
  $("#new-game-form").classList.add("hidden");
  $("#created").classList.remove("hidden");
  $("#created").dataset.gameId = made.id;
  refreshGames();
}

async function refreshGames() {
  const res = await api("/api/games");
  const body = $("#games tbody");
  if (!res.ok) {
    body.replaceChildren(h("tr", {}, h("td", { colspan: 5, class: "muted" }, res.data?.error || _("the list is not available"))));
    return;
  }
  const games = res.data.games || [];
  if (!games.length) {
    body.replaceChildren(h("tr", {}, h("td", { colspan: 5, class: "muted" }, _("No games yet: create the first one."))));
    return;
  }
  const names = new Map(catalog.games.map((g) => [g.id, g.name]));
  body.replaceChildren(
    ...games.map((g) => {
      const over = g.status === "over";
      // the title, its edition (the part in parentheses) and when the game began: no ids
      const name = names.get(g.game) || g.game;
      const title = name.replace(/ \(.*\)$/, "");
      const edition = name.match(/ \((.*)\)$/)?.[1] || "";
      const humans = g.seats.filter((s) => s === "human").length;
      return h(
        "tr",
        { dataset: { gameId: g.id, status: g.status } },
        h("td", {}, h("strong", {}, title), h("br"), h("span", { class: "muted" }, [edition, started(g.created_at)].filter(Boolean).join(" · "))),
        h("td", {}, g.players + " · " + ngettext("{n} human", "{n} humans", humans), h("br"), h("span", { class: "muted" }, g.seats.filter((s) => s !== "human").map((s) => catalog.seat_words?.[s] || s).join(", ") || _("no bots"))),
        h("td", {}, g.ply),
        h("td", {}, h("span", { class: `pill ${over ? "over" : "active"}` }, over ? _("over") : _("in play"))),
        h(
          "td",
          {},
          h("a", { class: "button", href: `/game/${encodeURIComponent(g.id)}` }, _("Watch")),
          over ? " " : null,
          over ? h("a", { class: "button", href: `/replay/${encodeURIComponent(g.id)}` }, _("Replay")) : null,
        ),
      );
    }),
  );
}

/** When a game began, in the page's language ("27 Nov, 22:10"); "" when unknown. */
function started(iso) {
  const when = iso ? new Date(iso) : null;
  if (!when || Number.isNaN(when.getTime())) return "";
  return when.toLocaleString(language, { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
}

function showMyGames() {
  renderMyGames($("#my-games"), new Map(catalog.games.map((g) => [g.id, g.name])));
}

$("#players").addEventListener("change", renderSeats);
$("#new-game-form").addEventListener("submit", create);
$("#another").addEventListener("click", () => {
  $("#created").classList.add("hidden");
  $("#new-game-form").classList.remove("hidden");
});

const res = await api("/api/catalog");
if (res.ok) {
  catalog = res.data;
  renderGames();
  renderForm();
} else {
  $("#game-choices").replaceChildren(h("p", { class: "error" }, res.data?.error || _("The catalog could not be loaded.")));
}
refreshGames();
mountTableOptions($("#table-options"));
mountAccount($("#account-box"), showMyGames).then(showMyGames);
setInterval(() => {
  if (!document.hidden) refreshGames();
}, 4000);
