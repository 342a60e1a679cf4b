// The table around the game on the game page: clocks, chat and "my games" (chat.js,
// clocks.js, seats.js), in <section id="table-box"> of game.html. game.js calls `show(gv)`
// with every view and `chat(message)` with every chat message the WebSocket pushes.

import { Chat } from "./chat.js";
import { Clocks } from "./clocks.js";
import { _ } from "./i18n.js";
import { rememberSeat } from "./seats.js";
import { h } from "./view.js";

export function mountTable({ gameId, token, onView }) {
  const box = document.getElementById("table-box");
  if (!box) return { show() {}, chat() {} };
  const clocksBox = h("div", { id: "clocks" });
  const chatBox = h("div", { id: "chat-box", class: "hidden" });
  box.replaceChildren(h("h2", { id: "table-title" }, _("Table")), clocksBox, chatBox);
  box.setAttribute("aria-labelledby", "table-title");
  const chat = new Chat({ gameId, token, box: chatBox });
  const clocks = new Clocks({ gameId, token, box: clocksBox, onView });
  return {
    show(gv) {
      box.classList.remove("hidden");
      clocks.show(gv);
      chat.show(gv);
      rememberSeat(gv, token);
    },
    chat(message) {
      chat.add(message);
    },
  };
}
