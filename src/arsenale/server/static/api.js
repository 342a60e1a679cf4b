// Talking to the Arsenale server (docs/server.md): JSON over HTTP, the seat token as a bearer.

/** The seat token from the URL fragment (#token=...), or null for a spectator. */
export function tokenFromHash() {
  const params = new URLSearchParams(location.hash.replace(/^#/, ""));
  const token = params.get("token");
  return token && token.trim() ? token.trim() : null;
}

/** The game id from a path like /game/{id} or /replay/{id}. */
export function gameIdFromPath() {
  const parts = location.pathname.split("/").filter(Boolean);
  return decodeURIComponent(parts[parts.length - 1] || "");
}

/**
 * Call the API. Resolves to {ok, status, data}; data is the parsed JSON body (a refusal is
 * {error, rule}). Never throws for an HTTP error; a network failure gives status 0.
 */
export async function api(path, { method = "GET", token = null, body = undefined } = {}) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    return { ok: false, status: 0, data: { error: "the server cannot be reached", rule: null } };
  }
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = { error: `${res.status} ${res.statusText}`, rule: null };
  }
  return { ok: res.ok, status: res.status, data };
}

/** The WebSocket URL for a path on this server (ws: or wss: like the page). */
export function wsUrl(path) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}${path}`;
}

/** Board data and the board module of a game, loaded once per page; both null for a game
 * without a board drawing (the API answers 204), whose page shows the game without one. */
const boards = new Map();
export function loadBoard(gameId) {
  if (!boards.has(gameId)) {
    boards.set(
      gameId,
      (async () => {
        const res = await api(`/api/boards/${encodeURIComponent(gameId)}`);
        if (res.status === 204) return { board: null, module: null };
        if (!res.ok) throw new Error(res.data?.error || "no board data");
        const module = await import(`/static/boards/${gameId}.js`);
        return { board: res.data, module };
      })(),
    );
  }
  return boards.get(gameId);
}
