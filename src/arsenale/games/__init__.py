"""The games shipped with Arsenale, one package each. They register through the
`arsenale.games` entry points in pyproject.toml, as a game installed on its own would."""
