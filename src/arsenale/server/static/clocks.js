// The table's clocks and absent players (docs/server.md, "The table"): each human seat's time
// (a clock per move, a total with increment, or without a clock the table's absence limit),
// counted down every second from the deadlines in the view; a seat out of time may be given
// to a bot by the other players, as Board Game Arena's zombie turns.
//
// Hooks for browser tests: #clocks .clock[data-seat="N"] with data-state="waiting" | "idle" |
// "overdue" | "bot", its .clock-time; #clocks button.give-bot[data-seat="N"].

import { api } from "./api.js";
import { _ } from "./i18n.js";
import { h } from "./view.js";

const cap = (s) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);

function mmss(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  const hours = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return hours ? `${hours}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

export class Clocks {
  /** `onView(gv)`: the caller's view after a seat was given to a bot. */
  constructor({ gameId, token = null, box, onView = () => {} }) {
    this.gameId = gameId;
    this.token = token;
    this.box = box;
    this.onView = onView;
    this.gv = null;
    this.timer = setInterval(() => this.render(), 1000);
  }

  show(gv) {
    this.gv = gv;
    this.render();
  }

  render() {
    const gv = this.gv;
    const t = gv?.table;
    if (!t || gv.status === "over") {
      this.box.replaceChildren();
      return;
    }
    const now = Date.now() / 1000;
    const kind = t.clock?.kind || "none";
    const rows = t.seats.map((c) => {
      const label = gv.seats[c.seat]?.name || cap(gv.seats[c.seat]?.label || _("seat {n}", { n: c.seat + 1 }));
      if (!c.human) return h("li", { class: "clock", dataset: { seat: String(c.seat), state: "bot" } }, h("span", { class: "clock-who" }, label), " ", h("span", { class: "clock-time muted" }, gv.seats[c.seat]?.player || _("bot ({kind})", { kind: gv.seats[c.seat]?.kind })));
      const waiting = c.waiting_since !== null;
      const overdue = c.overdue || (waiting && c.deadline !== null && now >= c.deadline);
      let time;
      if (kind === "total") time = mmss(waiting ? c.left - (now - c.waiting_since) : c.left);
      else if (kind === "move") time = waiting ? mmss(c.deadline - now) : mmss(t.clock.seconds);
      else time = waiting ? _("thinking {time}", { time: mmss(now - c.waiting_since) }) : "";
      const state = overdue ? "overdue" : waiting ? "waiting" : "idle";
      const shown = overdue ? (kind === "none" ? _("away too long") : _("out of time")) : time;
      const mayGive = overdue && gv.seat !== null && gv.seat !== c.seat && gv.seats[gv.seat]?.kind === "human";
      return h(
        "li",
        { class: `clock ${state}`, dataset: { seat: String(c.seat), state } },
        h("span", { class: "clock-who" }, label),
        " ",
        h("span", { class: "clock-time", "aria-label": shown ? _("{label}: {words}", { label, words: shown }) : null }, shown),
        mayGive ? h("button", { type: "button", class: "give-bot", dataset: { seat: String(c.seat) }, onclick: () => this.give(c.seat) }, _("Give the seat to a bot")) : null,
      );
    });
    const rule =
      kind === "total"
        ? _("Clock: {minutes} min + {increment} s a move", { minutes: t.clock.minutes, increment: t.clock.increment })
        : kind === "move"
          ? _("Clock: {seconds} s a move", { seconds: t.clock.seconds })
          : _("No clock: a player may be replaced after {time} away", { time: mmss(t.absent_after) });
    this.box.replaceChildren(h("p", { class: "muted clock-rule" }, rule), h("ul", { class: "clocks" }, rows));
  }

  async give(seat) {
    const res = await api(`/api/games/${encodeURIComponent(this.gameId)}/seats/${seat}/bot`, { method: "POST", token: this.token });
    if (res.ok) this.onView(res.data);
    else this.box.append(h("p", { class: "error", role: "alert" }, res.data?.error || _("refused ({status})", { status: res.status })));
  }
}
