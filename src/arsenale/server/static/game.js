// The game page: /game/{id}#token=... (no token: a spectator).
//
// Fetches the seat's view, keeps a WebSocket open for every new view (reconnecting with
// backoff; each message is the whole view and replaces what is shown), and posts moves as
// {ply, action}. Shows only what the server's view of this seat holds.
//
// Stable hooks for browser tests:
//   #board svg                          the board drawing
//   [data-zone="<zone id>"]             a sea zone's name tag (one per zone; clickable when a
//                                       move goes there); zone shapes carry data-place="zone:<id>"
//   [data-port="<port id>"]             a port's card (one per port), data-owner="<seat>" or ""
//   [data-galley="<n>"]                 a galley token on the board
//   [data-wheel="<n>"] / [data-order="<k>"]  wheel slots (2012) / turn-order spaces (1996)
//   [data-place].clickable              every board place the seat may click now
//   #actions .action-group[data-group="<group>"]   the legal moves in the game's words, by group
//   #actions button.move[data-action-text="<text notation>"]   a move of its own (data-kind too)
//   #actions .amount-family[data-texts="|<notation>|<notation>|"]   moves that differ by amounts:
//       input[type=number][data-amount="<parameter>"] (and a slider, − and + per amount) choose,
//       button.play[data-action-text="<chosen notation>"] plays it
//   #chooser button[data-action-text]   the choice offered when a clicked place has several
//   #action-form / #action-text         type a move in text notation
//   #banner                             data-state="your-turn" | "waiting" | "over",
//                                       data-to-move="0,2" (seats owing a decision)
//   #message                            the last refusal ({error} and its rule), role=alert;
//                                       button.rule-link opens the rules at that rule
//   #help-open, dialog#help             the rule summary (GET /api/rules/<game>), its sections
//                                       details[data-section]; the one a refusal names is open
//   #panels .panel[data-seat="N"]       seat N's panel (.to-move, .me); dd[data-field="ducats"]
//                                       says "hidden" when the view hides it
//   #my-submission                      this seat's secret choice, once made, in words
//   #log li[data-ply]                   the event log in words
//   #result                             the final result beside the board (hidden until the
//                                       game is over): table.breakdown, rows by source, a
//                                       tr.money row with every seat's money, p.tiebreak
//   #zoom button[data-zoom=in|out|fit]  zoom the board (also the wheel, a pinch, a drag pans);
//                                       #board svg[data-zoom] the zoom factor
//   #tabs [role=tab]                    on a narrow screen the side panels are tabs
//   #side-extra                         the slot in the side panels holding #table-box
//   #conn                               connection state: "live", "reconnecting…"
//   body[data-ply][data-status]         the ply and status of the view on screen
//   #table-box                          clocks and chat (table.js, chat.js, clocks.js)
//
// The board module (static/boards/<game id>.js) is all a new game provides. It exports:
//   draw(svg, board, gameView)          draw everything into the (emptied) <svg>; places the
//                                       player may click carry data-place="<kind>:<id>"
//   places(action, gameView, board)     the data-place keys a legal action (its JSON) belongs to
//   seatName(seat, gameView, board)     "Blue", "Venetians", ...
//   seatColour(seat, gameView, board)   a CSS colour
//   panel(playerInfo, gameView, board)  [[label, value, field], ...] for the seat's panel: the
//                                       label in the page's language (_()), `field` the row's
//                                       key for dd[data-field] in every language ("ducats")
//   status(gameView, board)             one line: turn, round, phase...
//   decisionText(gameView, board)       what the current decision is about, in words
// `board` is GET /api/boards/<game id> in the page's language (Game.board_in_words(): names of
// places in that language, and `board.names`, the game's names by id; boards/common.js nameOf).
// Every text a board module shows is marked with _() / ngettext() (i18n.js).

import { api, gameIdFromPath, tokenFromHash, wsUrl } from "./api.js";
import { _, language } from "./i18n.js";
import { mountTable } from "./table.js";
import { GameScreen, loadTitles, showMessage } from "./view.js";

const gameId = gameIdFromPath();
const token = tokenFromHash();
const conn = document.getElementById("conn");

const screen = new GameScreen({ interactive: true, onAction: (entry) => play(entry) });
let current = null; // the game view on screen
const table = mountTable({ gameId, token, onView: (gv) => show(gv) }); // clocks, chat: table.js

async function show(gv) {
  if (current && gv.ply < current.ply && gv.seat === current.seat) return; // an older view
  current = gv;
  await screen.show(gv);
  table.show(gv);
  // the typed-move box's example is one of this game's moves now (not another game's)
  const example = gv.legal?.[0]?.text;
  document.getElementById("action-text").placeholder = example ? _("or type a move, e.g. {example}", { example }) : _("or type a move");
}

async function refresh() {
  const res = await api(`/api/games/${encodeURIComponent(gameId)}/view`, { token });
  if (res.ok) {
    await show(res.data);
    return true;
  }
  if (res.status === 401) {
    showMessage(_("This link's token opens no seat of this game. Ask for your link again, or remove the #token part to watch."), res.data?.rule);
  } else if (res.status === 404) {
    showMessage(res.data?.error || _("There is no such game."), res.data?.rule);
    document.getElementById("banner").textContent = _("No such game.");
  } else {
    showMessage(res.data?.error || _("The game could not be loaded."), res.data?.rule);
  }
  return false;
}

async function play(entry) {
  if (!current) return;
  showMessage(null);
  screen.setPending(true);
  const action = entry.action ?? entry.text;
  const res = await api(`/api/games/${encodeURIComponent(gameId)}/actions`, {
    method: "POST",
    token,
    body: { ply: current.ply, action },
  });
  screen.setPending(false);
  if (res.ok) {
    await show(res.data);
    const input = document.getElementById("action-text");
    if (entry.typed) input.value = "";
    return;
  }
  const err = res.data || {};
  switch (res.status) {
    case 409:
      showMessage(_("The game moved on before your move arrived; here is the new position."), err.rule);
      await refresh();
      break;
    case 422: {
      const why = err.words || err.error || _("that move is not legal now"); // words: no notation
      showMessage(_("Refused: {why}", { why }), err.rule);
      break;
    }
    case 403:
      showMessage(err.error || _("It is not your decision."), err.rule);
      await refresh();
      break;
    case 401:
      showMessage(err.error || _("Your token opens no seat of this game."), err.rule);
      break;
    case 429:
      showMessage(_("Too many requests: wait a moment and try again."), err.rule);
      break;
    case 0:
      showMessage(_("The server cannot be reached; your move was not sent."), null);
      break;
    default:
      showMessage(err.error || _("The move failed ({status}).", { status: res.status }), err.rule);
  }
}

document.getElementById("action-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const text = document.getElementById("action-text").value.trim();
  if (!text) return;
  const known = (current?.legal || []).find((x) => x.text.toLowerCase() === text.toLowerCase());
  play(known ? { ...known, typed: true } : { text, typed: true });
});

// -- the live connection ---------------------------------------------------------------------

let socket = null;
let backoff = 500;
let keepAlive = null;

function setConn(state, text) {
  conn.className = `conn ${state}`;
  conn.textContent = text;
  conn.dataset.state = state;
}

function connect() {
  setConn("connecting", socket ? _("reconnecting…") : _("connecting…"));
  const ws = new WebSocket(wsUrl(`/ws/games/${encodeURIComponent(gameId)}`));
  socket = ws;
  ws.addEventListener("open", () => {
    ws.send(JSON.stringify({ token, lang: language })); // the token in the first message, never in the URL; the page's language for its views
    backoff = 500;
    setConn("", _("live"));
    clearInterval(keepAlive);
    keepAlive = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send("ping"), 60000);
  });
  ws.addEventListener("message", (event) => {
    let gv;
    try {
      gv = JSON.parse(event.data);
    } catch {
      return;
    }
    if (gv && gv.view) show(gv);
    else if (gv && gv.chat) table.chat(gv.chat);
  });
  ws.addEventListener("close", (event) => {
    clearInterval(keepAlive);
    if (ws !== socket) return;
    if (event.code === 4404 || event.code === 4401) {
      setConn("down", event.code === 4404 ? _("no such game") : _("token refused"));
      return;
    }
    if (current?.status === "over") {
      setConn("", _("game over"));
      return;
    }
    setConn("down", _("reconnecting…"));
    const wait = backoff * (0.8 + Math.random() * 0.4);
    backoff = Math.min(backoff * 2, 15000);
    setTimeout(connect, wait);
  });
}

document.addEventListener("visibilitychange", () => {
  // Back from a sleeping tab: make sure the position is current.
  if (!document.hidden && socket && socket.readyState !== WebSocket.OPEN) refresh();
});

loadTitles().then(() => current && screen.show(current));
if (await refresh()) connect();
else if (token === null) connect();
