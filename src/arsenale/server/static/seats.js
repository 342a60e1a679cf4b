// Seats that are never lost (docs/server.md, "The table"): the links this browser holds ("my
// games", kept in localStorage), an optional account that owns seats across devices, the
// host's new link for a seat, and the table options of a new game.
//
// Hooks for browser tests: #my-games li[data-game-id][data-seat] (data-seat="host" for a
// table this browser created) with a.open, button.forget, button.claim, button.new-link
// [data-for-seat]; #my-games .new-link-url (a new link); #account-box form#account-form
// (#account-name, #account-password, button[value="in"|"up"]), #account-user, #sign-out,
// #account-seats li[data-game-id][data-seat] button.open-here; #table-options inputs
// [data-table="private"|"spectator_chat"|"clock"|"seconds"|"minutes"|"increment"|"absent_after"].

import { api } from "./api.js";
import { _ } from "./i18n.js";
import { h } from "./view.js";

const KEY = "arsenale.my-games";
const KEEP = 50;

/** The links this browser holds: [{id, game, seat, token, label, at}] (seat "host": the host). */
export function myGames() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? list.filter((e) => e && typeof e.id === "string" && typeof e.token === "string") : [];
  } catch {
    return [];
  }
}

function save(list) {
  try {
    localStorage.setItem(KEY, JSON.stringify(list.slice(0, KEEP)));
  } catch {
    /* private browsing or full: the links still work, they are only not remembered */
  }
}

/** Remember a link (the newest first; a seat's newer token replaces its older one). */
export function remember(entry) {
  const list = myGames().filter((e) => !(e.id === entry.id && String(e.seat) === String(entry.seat)));
  list.unshift({ ...entry, at: new Date().toISOString() });
  save(list);
}

export function forget(id, seat) {
  save(myGames().filter((e) => !(e.id === id && String(e.seat) === String(seat))));
}

/** The game page's hook: a view opened with a seat's token is remembered. */
export function rememberSeat(gv, token) {
  if (!token || gv.seat === null || gv.seat === undefined) return;
  const known = myGames().find((e) => e.id === gv.id && String(e.seat) === String(gv.seat));
  if (known && known.token === token && known.status === gv.status) return;
  remember({ id: gv.id, game: gv.game, seat: gv.seat, token, label: gv.seats[gv.seat]?.label || "", status: gv.status });
}

/** The lobby's hook after creating a game: the host's key and every human seat's link. */
export function rememberCreated(made, game, labels) {
  for (const s of [...made.seats].reverse()) if (s.token) remember({ id: made.id, game, seat: s.seat, token: s.token, label: labels[s.seat] || "" });
  remember({ id: made.id, game, seat: "host", token: made.host_token, label: "host", humans: made.seats.filter((s) => s.token).map((s) => s.seat) });
}

// -- the lobby: table options ----------------------------------------------------------------

export function mountTableOptions(box) {
  const num = (name, value, min, label) => h("label", { class: "table-num" }, `${label} `, h("input", { type: "number", min, value, dataset: { table: name }, style: "width: 6em" }));
  const clock = h(
    "select",
    { dataset: { table: "clock" }, "aria-label": _("Clock"), onchange: () => sync() },
    h("option", { value: "none" }, _("no clock")),
    h("option", { value: "move" }, _("per move")),
    h("option", { value: "total" }, _("total + increment")),
  );
  const seconds = num("seconds", 120, 10, _("seconds a move"));
  const minutes = num("minutes", 30, 1, _("minutes"));
  const increment = num("increment", 20, 0, _("+ seconds a move"));
  const absent = num("absent_after", 600, 30, _("replaceable after (s)"));
  const sync = () => {
    seconds.classList.toggle("hidden", clock.value !== "move");
    minutes.classList.toggle("hidden", clock.value !== "total");
    increment.classList.toggle("hidden", clock.value !== "total");
    absent.classList.toggle("hidden", clock.value !== "none");
  };
  box.replaceChildren(
    h("div", { class: "option-row" }, h("label", {}, h("input", { type: "checkbox", dataset: { table: "private" } }), " ", _("private: not listed below, reached by its links"))),
    h("div", { class: "option-row" }, h("label", {}, h("input", { type: "checkbox", dataset: { table: "spectator_chat" } }), " ", _("spectators may read the chat"))),
    h("div", { class: "option-row" }, clock, " ", seconds, " ", minutes, " ", increment, " ", absent),
    h("div", { class: "help" }, _("A player out of time (or away too long) may be given to a bot by the others; after three days the server does it, so no game waits for ever.")),
  );
  sync();
}

/** The `table` of POST /api/games from the lobby's form. */
export function tableOptions(box) {
  const get = (name) => box.querySelector(`[data-table="${name}"]`);
  const out = { private: get("private").checked, spectator_chat: get("spectator_chat").checked };
  const kind = get("clock").value;
  const n = (name) => Math.round(Number(get(name).value));
  if (kind === "move") out.clock = { kind, seconds: n("seconds") };
  else if (kind === "total") out.clock = { kind, minutes: n("minutes"), increment: n("increment") };
  else out.absent_after = n("absent_after");
  return out;
}

// -- the lobby: my games ---------------------------------------------------------------------

let signedIn = null; // the account's username, once known

export async function renderMyGames(box, names = new Map()) {
  const list = myGames();
  const rows = await Promise.all(
    list.map(async (e) => {
      const host = e.seat === "host";
      const res = host ? await api(`/api/games/${encodeURIComponent(e.id)}/view`) : await api(`/api/games/${encodeURIComponent(e.id)}/view`, { token: e.token });
      const status = res.ok ? res.data.status : res.status === 401 ? "link replaced" : res.status === 404 ? "gone" : "?";
      const said = { active: _("in play"), over: _("over"), "link replaced": _("link replaced"), gone: _("gone") }[status] || status;
      const title = (names.get(e.game) || e.game || "").replace(/ \(.*\)$/, "");
      const who = host ? _("host") : _("seat {n}", { n: Number(e.seat) + 1 }) + (e.label ? ` · ${e.label}` : "");
      const item = h(
        "li",
        { dataset: { gameId: e.id, seat: String(e.seat), status } },
        h("span", { class: "my-game" }, h("strong", {}, title), " ", h("span", { class: "muted" }, `${who} · ${said}`)),
        " ",
        host ? h("a", { class: "button open", href: `/game/${encodeURIComponent(e.id)}` }, _("Watch")) : h("a", { class: "button open", href: `/game/${encodeURIComponent(e.id)}#token=${encodeURIComponent(e.token)}` }, _("Open")),
        " ",
        res.ok && res.data.status === "over" ? h("a", { class: "button replay", href: `/replay/${encodeURIComponent(e.id)}${host ? "" : `#token=${encodeURIComponent(e.token)}`}` }, _("Replay")) : null,
        signedIn && !host && res.ok ? h("button", { type: "button", class: "claim", onclick: (ev) => claim(e, ev.target) }, _("Keep in my account")) : null,
        h("button", { type: "button", class: "forget", onclick: () => { forget(e.id, e.seat); renderMyGames(box, names); } }, _("Forget")),
      );
      if (host && res.ok && res.data.status !== "over") {
        const humans = res.data.seats.filter((s) => s.kind === "human");
        if (humans.length) {
          item.append(
            h("div", { class: "host-tools" }, h("span", { class: "muted" }, `${_("New link (the old one stops working):")} `), humans.map((s) => h("button", { type: "button", class: "new-link", dataset: { forSeat: String(s.seat) }, onclick: (ev) => newLink(e, s.seat, item, ev.target) }, _("seat {n}", { n: s.seat + 1 }) + " · " + (s.name || s.label)))),
          );
        }
      }
      return item;
    }),
  );
  box.replaceChildren(rows.length ? h("ul", { class: "my-games-list" }, rows) : h("p", { class: "muted" }, _("Games you create or open in this browser are listed here.")));
}

async function claim(entry, button) {
  const res = await api(`/api/games/${encodeURIComponent(entry.id)}/seats/${entry.seat}/claim`, { method: "POST", token: entry.token });
  button.textContent = res.ok ? _("Kept by {name}", { name: res.data.username }) + " ✓" : res.data?.error || _("refused");
  button.disabled = true;
  if (res.ok) renderAccountSeats();
}

async function newLink(host, seat, item, button) {
  const res = await api(`/api/games/${encodeURIComponent(host.id)}/seats/${seat}/link`, { method: "POST", token: host.token });
  item.querySelector(`.new-link-url[data-for-seat="${seat}"]`)?.remove();
  if (!res.ok) {
    item.append(h("p", { class: "error", role: "alert" }, res.data?.error || _("refused")));
    return;
  }
  const url = new URL(res.data.url, location.origin).href;
  item.append(h("div", { class: "new-link-url", dataset: { forSeat: String(seat) } }, _("New link for seat {n}:", { n: seat + 1 }) + " ", h("input", { type: "text", readonly: true, value: url, "aria-label": _("new link for seat {n}", { n: seat + 1 }), onfocus: (e) => e.target.select() })));
  button.textContent = _("seat {n}: new link issued", { n: seat + 1 });
}

// -- the lobby: the account ------------------------------------------------------------------

let accountBox = null;
let onAccountChange = () => {};

export async function mountAccount(box, changed = () => {}) {
  accountBox = box;
  onAccountChange = changed;
  const res = await api("/api/account");
  signedIn = res.ok ? res.data.username : null; // null: nobody is signed in
  if (signedIn) {
    box.replaceChildren(
      h("h2", {}, _("Your account")),
      h("p", {}, `${_("Signed in as")} `, h("strong", { id: "account-user" }, signedIn), " ", h("button", { type: "button", id: "sign-out", onclick: signOut }, _("Sign out"))),
      h("ul", { id: "account-seats", class: "my-games-list" }),
    );
    renderAccountSeats(res.data);
  } else {
    const name = h("input", { id: "account-name", name: "username", autocomplete: "username", required: true, "aria-label": _("Username") });
    const password = h("input", { id: "account-password", name: "password", type: "password", autocomplete: "current-password", required: true, "aria-label": _("Password") });
    const error = h("p", { id: "account-error", class: "error", role: "alert" });
    const form = h(
      "form",
      { id: "account-form", class: "account-form" },
      h("label", { for: "account-name" }, `${_("Username")} `), name, " ",
      h("label", { for: "account-password" }, `${_("Password")} `), password, " ",
      h("button", { type: "submit", value: "in", class: "primary" }, _("Sign in")), " ",
      h("button", { type: "submit", value: "up" }, _("Create an account")),
      error,
    );
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const up = e.submitter?.value === "up";
      const res = await api(up ? "/api/accounts" : "/api/session", { method: "POST", body: { username: name.value, password: password.value } });
      if (!res.ok) {
        error.textContent = res.data?.error || _("refused ({status})", { status: res.status });
        return;
      }
      await mountAccount(box, changed);
      changed();
    });
    box.replaceChildren(h("h2", {}, _("Account (optional)")), h("p", { class: "muted" }, _("An account keeps your seats: open them from any device. A link alone is enough to play.")), form);
  }
}

async function signOut() {
  await api("/api/session", { method: "DELETE" });
  await mountAccount(accountBox, onAccountChange);
  onAccountChange();
}

async function renderAccountSeats(data = null) {
  const list = document.getElementById("account-seats");
  if (!list) return;
  if (!data) {
    const res = await api("/api/account");
    if (!res.ok || !res.data.username) return;
    data = res.data;
  }
  if (!data.seats.length) {
    list.replaceChildren(h("li", { class: "muted" }, _("No seats kept yet: use “Keep in my account” on one of your games.")));
    return;
  }
  list.replaceChildren(
    ...data.seats.map((s) =>
      h(
        "li",
        { dataset: { gameId: s.id, seat: String(s.seat) } },
        h("span", {}, h("strong", {}, s.game), " ", h("span", { class: "muted" }, _("seat {n}", { n: s.seat + 1 }) + ` · ${s.id} · ` + (s.status === "over" ? _("over") : s.status === "active" ? _("in play") : s.status))),
        " ",
        h("button", { type: "button", class: "open-here", onclick: () => openHere(s) }, _("Open here")),
      ),
    ),
  );
}

async function openHere(s) {
  const res = await api(`/api/games/${encodeURIComponent(s.id)}/seats/${s.seat}/open`, { method: "POST" });
  if (res.ok) {
    remember({ id: s.id, game: s.game, seat: s.seat, token: res.data.token, label: "" });
    location.href = res.data.url;
  }
}
