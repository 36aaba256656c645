# hisoutab — set-up and main jobs. Every target installs what it needs first.
# The interpreter for .venv: an optimized CPython >= 3.11 (see scripts/pick-python.sh).
PYTHON ?= $(shell sh scripts/pick-python.sh)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# pytest on both cores (pytest-xdist). `make test` lets a worker that is done take tests queued for
# the other (worksteal): its largest modules (the conformance suite, the leak test) would otherwise
# leave one core idle at the end. The long run keeps a test module's tests in one worker: its module
# fixtures (one JupyterLab for the browser drives) are made once. nbval is left out of these runs
# (pyproject's addopts: importing it costs every test process seconds) and named where the
# notebooks run (-p nbval), a notebook's cells in one worker (its kernel)
PYTEST_PARALLEL ?= -n 2 --dist loadscope
PYTEST_BALANCED ?= -n 2 --dist worksteal
# mkdocs-material's notice about a future MkDocs, printed on every build
export NO_MKDOCS_2_WARNING := 1
# Python keeps the bytecode it compiles (and pytest its rewritten test modules) in __pycache__
# (ignored by git): a machine that asks it not to (PYTHONDONTWRITEBYTECODE) would compile the
# package and rewrite every test module again in each test process, 7 of a worker's 10 s of
# collection
unexport PYTHONDONTWRITEBYTECODE

.PHONY: demo test test-long lab lint bench fast test-fast bench-fast fast-clean docs schemas setup system clean

setup: $(STAMP) system

$(STAMP): pyproject.toml scripts/lab-overrides.json
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[lab,test,docs,bench,balance]'
	mkdir -p $(VENV)/share/jupyter/lab/settings
	cp scripts/lab-overrides.json $(VENV)/share/jupyter/lab/settings/overrides.json
	touch $(STAMP)

# System packages: Graphviz's `dot` (pictures of graphs) and Chromium (the browser test).
system:
	@sh scripts/install-system.sh

demo: setup
	$(BIN)/hisoutab play --seed 1

test: setup
	$(BIN)/ruff check .
	$(BIN)/lint-imports
	$(BIN)/mypy --strict hisoutab
	$(BIN)/mypy tests/toy
	$(BIN)/python -m pytest $(PYTEST_BALANCED) -m "not slow"
	$(BIN)/python -m pytest -p no:cacheprovider -p nbval --nbval notebooks/ --nbval-current-env \
		--nbval-sanitize-with notebooks/sanitize.cfg $(PYTEST_PARALLEL)
	$(BIN)/mkdocs build --strict --quiet --site-dir .cache/site-test

# The long seeded series (every game of each ruleset's long series checked step by step, and what
# they reach against tests/data/reach/), the long real-browser drives of the workbench (a minute of
# one core each; `make test` keeps one browser smoke test) and other long computations: the `slow`
# tests. CI runs it
# after `make test`; after a change of the rules, `scripts/seed-cover.py` writes tests/data/reach/ again.
test-long: setup
	$(BIN)/python -m pytest $(PYTEST_PARALLEL) -m slow

# The server's root is the repository (notebooks link to docs/ and scenarios/); it opens notebooks/.
lab: setup
	$(BIN)/jupyter lab --ServerApp.root_dir=. --allow-root notebooks/

# The documentation site (docs/ and the stored notebooks, not run) into site/: open site/index.html.
docs: setup
	$(BIN)/mkdocs build --strict

# The JSON Schemas of docs/schemas/ written again (after a change to a loader, or to a ruleset's
# options, setup, steps or clauses; the tests say when they are out of date).
schemas: setup
	$(BIN)/python -m hisoutab.scenarios.schema docs/schemas

bench: setup
	$(BIN)/hisoutab bench --json

# Optional: the engine's step loop and the rulesets' rules modules compiled with mypyc (needs a C
# compiler and the Python headers) into build/fast/, never next to the sources. Used only with
# HISOUTAB_COMPILED=1 and while every compiled source is unchanged (pure Python otherwise);
# `hisoutab bench` says which ran. test-fast: the pinned log hashes against the build; bench-fast:
# the comparison with python-chess on it. See docs/engine.md, "The compiled build".
fast: setup
	$(BIN)/python scripts/build-fast.py

test-fast: fast
	HISOUTAB_COMPILED=1 $(BIN)/python -m pytest -n 0 tests/test_log_hashes.py tests/test_compiled.py

bench-fast: fast
	HISOUTAB_COMPILED=1 $(BIN)/hisoutab bench --versus chess --json

fast-clean:
	rm -rf build/fast

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache site .cache
