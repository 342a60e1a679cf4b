"""The web service: HTTP and WebSocket API, event-sourced storage, and the page (docs/server.md)."""
