"""The server's routes, one router per part of docs/server.md: `lobby` (catalogue, new and
recent games), `games` (a game's view, actions, record and replay), `boards` (board data for
the page), `socket` (the WebSocket) and `pages` (the HTML). `deps` holds what they share."""
