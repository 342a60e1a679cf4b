// The replay viewer: /replay/{id}, once the game is over. Steps through the game with
// GET /api/games/{id}/replay/{ply}[?seat=S] (the view as it was at that ply, `plies` the total).
//
// Hooks for browser tests: #first #prev #play #next #last, #slider (input range: the ply),
// #ply-label, #seat-select (value "" = spectator, or a seat number), #chat-box (what was said
// up to the ply: with a seat's #token=, or when the table's chat is open), and everything the game
// page shows (#board svg, #panels .panel[data-seat], #log, #banner, #result); body[data-ply].
// Keys: ← → step, Home/End jump, space plays.

import { api, gameIdFromPath, tokenFromHash } from "./api.js";
import { Chat } from "./chat.js";
import { _ } from "./i18n.js";
import { GameScreen, loadTitles, showMessage } from "./view.js";

const $ = (sel) => document.querySelector(sel);
const gameId = gameIdFromPath();
const screen = new GameScreen({ interactive: false });
const params = new URLSearchParams(location.search);
let plies = 0;
let ply = Number(params.get("ply") || 0);
let seat = params.get("seat") ?? "";
let loading = null;
let wanted = null;
let timer = null;
let seatsShown = false;
const token = tokenFromHash(); // a seat's token shows the table's chat (chat.js)
const chat = new Chat({ gameId, token, box: $("#chat-box"), live: false });

function updateControls() {
  $("#slider").max = String(plies);
  $("#slider").value = String(ply);
  $("#ply-label").textContent = _("ply {n}", { n: ply }) + " / " + plies;
  $("#first").disabled = $("#prev").disabled = ply <= 0;
  $("#last").disabled = $("#next").disabled = ply >= plies;
  const url = new URL(location.href);
  url.searchParams.set("ply", String(ply));
  if (seat === "") url.searchParams.delete("seat");
  else url.searchParams.set("seat", seat);
  history.replaceState(null, "", url);
}

/** Load the view at `target` (the latest request wins; one request at a time). */
async function go(target) {
  wanted = Math.max(0, Math.min(target, plies || target));
  if (loading) return;
  while (wanted !== null) {
    const want = wanted;
    wanted = null;
    const query = seat === "" ? "" : `?seat=${encodeURIComponent(seat)}`;
    loading = api(`/api/games/${encodeURIComponent(gameId)}/replay/${want}${query}`, { token });
    const res = await loading;
    loading = null;
    if (!res.ok) {
      stop();
      showMessage(res.status === 409 ? _("The replay opens once the game is over.") : res.data?.error || _("The replay could not be loaded."), res.data?.rule);
      $("#banner").textContent = res.status === 409 ? _("This game is still being played.") : _("No replay.");
      return;
    }
    showMessage(null);
    plies = res.data.plies;
    ply = want;
    if (!seatsShown) {
      const select = $("#seat-select");
      for (const s of res.data.seats) select.append(new Option(_("seat {n}: {label}", { n: s.seat + 1, label: s.name || s.label }), String(s.seat)));
      select.value = seat;
      seatsShown = true;
    }
    await screen.show(res.data);
    chat.replay(res.data.chat);
    updateControls();
  }
}

function stop() {
  clearInterval(timer);
  timer = null;
  $("#play").textContent = `▶ ${_("Play")}`;
}

function toggle() {
  if (timer) return stop();
  if (ply >= plies) go(0);
  $("#play").textContent = `⏸ ${_("Pause")}`;
  timer = setInterval(() => {
    if (ply >= plies) stop();
    else go(ply + 1);
  }, 700);
}

$("#first").addEventListener("click", () => go(0));
$("#prev").addEventListener("click", () => go(ply - 1));
$("#next").addEventListener("click", () => go(ply + 1));
$("#last").addEventListener("click", () => go(plies));
$("#play").addEventListener("click", toggle);
$("#slider").addEventListener("input", (e) => go(Number(e.target.value)));
$("#seat-select").addEventListener("change", (e) => {
  seat = e.target.value;
  go(ply);
});
document.addEventListener("keydown", (e) => {
  if (e.target.closest("input[type=text], select")) return;
  const keys = { ArrowLeft: () => go(ply - 1), ArrowRight: () => go(ply + 1), Home: () => go(0), End: () => go(plies), " ": toggle };
  if (keys[e.key] && !(e.key.startsWith("Arrow") && e.target.id === "slider")) {
    e.preventDefault();
    keys[e.key]();
  }
});

loadTitles();
go(ply);
