# Arsenale: `make run` plays a game, `make test` runs every check. Both set themselves up.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: install run test lint typecheck bench clean

install: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,ai]'
	touch $(STAMP)

run: install
	$(BIN)/arsenale play serenissima-2012 --players 4 --seats human,heuristic,heuristic,heuristic

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: install
	$(BIN)/mypy

test: install lint typecheck
	$(BIN)/python -m pytest -n 2

bench: install
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build src/*.egg-info
