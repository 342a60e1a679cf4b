# Arsenale: `make run` serves the web app, `make test` runs every check. Both set themselves up.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: install system-deps run play test lint typecheck bench load clean messages compiled test-compiled

install: $(STAMP)

# Debian packages the server tests drive: Chromium (Playwright uses it, no browser download)
# and PostgreSQL's server binaries (the tests start a throwaway cluster). Installed only when
# missing; sudo only when not root.
CHROMIUM := /usr/bin/chromium
system-deps:
	@missing=""; \
	test -x $(CHROMIUM) || missing="$$missing chromium"; \
	pgbin=$$(pg_config --bindir 2>/dev/null); \
	{ test -n "$$pgbin" && test -x "$$pgbin/postgres"; } || pgbin=$$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1); \
	for b in initdb pg_ctl postgres; do test -x "$$pgbin/$$b" || { missing="$$missing postgresql"; break; }; done; \
	if [ -n "$$missing" ]; then \
		sudo=""; [ "$$(id -u)" = 0 ] || sudo=sudo; \
		echo "installing Debian packages:$$missing"; \
		$$sudo apt-get -o DPkg::Lock::Timeout=600 update -qq && \
		$$sudo env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends $$missing; \
	fi

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,ai,ray,report]'
	touch $(STAMP)

# The web app: lobby, live games and replays at the printed address (SQLite file in the
# working directory). `make play` is the terminal game.
run: install
	$(BIN)/arsenale serve

play: install
	$(BIN)/arsenale play serenissima-2012 --players 4 --seats human,heuristic,heuristic,heuristic

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: install
	$(BIN)/mypy

test: system-deps install lint typecheck
	$(BIN)/python -m pytest -n 2
	$(MAKE) test-compiled

# The opt-in compiled build (docs/compiled.md): the engines compiled by mypyc (setup.py lists
# the modules), installed in a virtual environment of its own; rebuilt when a source changes.
CVENV  := .venv-mypyc
CBIN   := $(CVENV)/bin
CSTAMP := $(CVENV)/.installed
SOURCES := $(shell find src -name '*.py')

compiled: $(CSTAMP)

$(CSTAMP): pyproject.toml setup.py $(SOURCES)
	test -x $(CBIN)/python || $(PYTHON) -m venv $(CVENV)
	$(CBIN)/python -m pip install --quiet --upgrade pip
	# the dependencies first (mypy and NumPy among them: mypyc type-checks against them)...
	$(CBIN)/python -m pip install --quiet '.[dev,ai]'
	# ...then the package again, compiled
	@echo "compiling the engines with mypyc (about 8 minutes; docs/compiled.md)"
	ARSENALE_MYPYC=1 $(CBIN)/python -m pip install --quiet --no-build-isolation --no-deps \
		--force-reinstall .
	$(CBIN)/python -c "import arsenale.core.state as m; assert m.__file__.endswith('.so'), m.__file__"
	touch $(CSTAMP)

# The engines' tests on the compiled build, with tests/test_compiled.py: every listed module
# compiled, and seeded games giving the same moves and results as the interpreted sources.
COMPILED_TESTS := tests/test_compiled.py tests/test_core_contract.py tests/test_every_game_contract.py \
	tests/test_kept_legal.py tests/games tests/adapters tests/plugins
test-compiled: compiled
	$(CBIN)/python -m pytest -n 2 -p no:cacheprovider $(COMPILED_TESTS)

bench: install
	$(BIN)/python benchmarks/run.py

load: install
	$(BIN)/python benchmarks/load.py --think 2
	$(BIN)/python benchmarks/load.py --think 0

clean:
	rm -rf $(VENV) $(CVENV) .pytest_cache .mypy_cache .ruff_cache build src/*.egg-info

# Message catalogues (arsenale.i18n): extract the texts of the code and merge them into the
# French catalogues, for the common domain and for each game that has a locale directory.
# Translate the new entries in the .po files; tests/test_i18n.py fails while one is missing.
messages: install
	$(BIN)/pybabel extract -F babel.cfg -k N_ --no-location --sort-output -o build/arsenale.pot src/arsenale
	$(BIN)/pybabel update -i build/arsenale.pot -d src/arsenale/locale -D arsenale --no-wrap
	for dir in src/arsenale/games/*/locale; do \
		pkg=$$(dirname $$dir); domain=$$(basename $$pkg); \
		$(BIN)/pybabel extract -k N_ --no-location --sort-output -o build/$$domain.pot $$pkg && \
		$(BIN)/pybabel update -i build/$$domain.pot -d $$dir -D $$domain --no-wrap; \
	done
