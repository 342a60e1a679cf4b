// The table's chat (docs/server.md, "The table"): for the players at the table, read-only for
// spectators when the host allows it. Every message is put on the page as text (text nodes,
// never HTML), exactly as the server returns it.
//
// Hooks for browser tests: #chat-box (hidden when this viewer may not read the chat),
// #chat li[data-n][data-seat] (a notice of the table has data-seat="" and class "notice"),
// #chat li .chat-text (the message), #chat-form / #chat-text (only for a seat), #chat-error.

import { api } from "./api.js";
import { _, language } from "./i18n.js";
import { h } from "./view.js";

const cap = (s) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);

export class Chat {
  /** `box`: the element to fill; `token`: the seat's (null: a spectator); `live`: false for
   * the replay, which only shows what was said up to a ply. */
  constructor({ gameId, token = null, box, live = true }) {
    this.gameId = gameId;
    this.token = token;
    this.box = box;
    this.live = live;
    this.shown = new Set();
    this.loading = null;
    this.sending = Promise.resolve(); // the messages on their way, one after the other
    this.list = h("ol", { id: "chat", "aria-live": "polite", "aria-label": _("Table chat") });
    this.error = h("p", { id: "chat-error", class: "error", role: "alert" });
    this.input = h("input", { id: "chat-text", name: "text", maxlength: 500, autocomplete: "off", "aria-label": _("Say something to the table"), placeholder: _("Say something to the table") });
    this.form = h("form", { id: "chat-form", class: "chat-form hidden", onsubmit: (e) => this.send(e) }, this.input, h("button", { type: "submit" }, _("Send")));
    this.box.replaceChildren(h("h3", { class: "chat-title" }, _("Chat")), this.list, this.form, this.error);
  }

  /** A game view arrived: show or hide the chat as this viewer may use it, and catch up with
   * messages missed (a reconnect). */
  show(gv) {
    const mode = gv.table?.chat ?? null;
    this.box.classList.toggle("hidden", !mode);
    this.form.classList.toggle("hidden", mode !== "write" || gv.status === "over");
    if (mode && (gv.table.chat_messages ?? 0) > this.shown.size) this.load();
  }

  async load() {
    if (this.loading) return this.loading;
    const since = this.shown.size ? Math.max(...this.shown) + 1 : 0;
    this.loading = api(`/api/games/${encodeURIComponent(this.gameId)}/chat?since=${since}`, { token: this.token }).then((res) => {
      this.loading = null;
      if (res.ok) for (const m of res.data.messages) this.add(m);
    });
    return this.loading;
  }

  /** One message (pushed by the server, or loaded); shown once. */
  add(m) {
    if (this.shown.has(m.n)) return;
    this.shown.add(m.n);
    const notice = m.seat === null;
    const item = h(
      "li",
      { class: notice ? "notice" : "", dataset: { n: String(m.n), seat: notice ? "" : String(m.seat), ply: String(m.ply) }, title: _("ply {n}", { n: m.ply }) + " · " + new Date(m.at).toLocaleString(language) },
      h("span", { class: "chat-who" }, notice ? _("Table") : m.name || cap(m.label)),
      " ",
      h("span", { class: "chat-text" }, m.text),
    );
    const after = [...this.list.children].find((li) => Number(li.dataset.n) > m.n);
    this.list.insertBefore(item, after || null);
    const near = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 80;
    if (near || !this.live) this.list.scrollTop = this.list.scrollHeight;
  }

  /** The replay: what was said up to the ply on screen (`messages` absent: not for this viewer). */
  replay(messages) {
    this.box.classList.toggle("hidden", !messages);
    this.form.classList.add("hidden");
    this.shown.clear();
    this.list.replaceChildren();
    for (const m of messages || []) this.add(m);
  }

  async send(event) {
    event.preventDefault();
    const text = this.input.value;
    if (!text.trim()) return;
    this.error.textContent = "";
    this.input.value = ""; // at once: the next message may be typed while this one travels
    // One message at a time, in the order typed: requests sent together travel on several
    // connections and may reach the server, which numbers the messages, in another order.
    const turn = this.sending.then(() => this.post(text));
    this.sending = turn.catch(() => {});
    await turn;
  }

  async post(text) {
    const res = await api(`/api/games/${encodeURIComponent(this.gameId)}/chat`, { method: "POST", token: this.token, body: { text } });
    if (res.ok) this.add(res.data);
    else {
      if (!this.input.value) this.input.value = text; // not sent: give it back to edit
      this.error.textContent = res.status === 429 ? _("Too many messages: wait a few seconds.") : res.data?.error || _("not sent ({status})", { status: res.status });
    }
  }
}
