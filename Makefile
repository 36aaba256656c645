# hisoutab — set-up and main jobs. Every target installs what it needs first.
# The interpreter for .venv: an optimized CPython >= 3.11 (see scripts/pick-python.sh).
PYTHON ?= $(shell sh scripts/pick-python.sh)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test lab lint bench setup system clean

setup: $(STAMP) system

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[lab,test]'
	touch $(STAMP)

# System packages: Graphviz's `dot` (pictures of graphs) and Chromium (the browser test).
system:
	@sh scripts/install-system.sh

demo: setup
	$(BIN)/hisoutab play --seed 1

test: setup
	$(BIN)/ruff check .
	$(BIN)/lint-imports
	$(BIN)/mypy --strict hisoutab/engine
	$(BIN)/mypy hisoutab tests/toy
	$(BIN)/python -m pytest
	$(BIN)/python -m pytest -p no:cacheprovider --nbval notebooks/ --nbval-current-env \
		--nbval-sanitize-with notebooks/sanitize.cfg

# The server's root is the repository (notebooks link to docs/ and scenarios/); it opens notebooks/.
lab: setup
	$(BIN)/jupyter lab --ServerApp.root_dir=. --allow-root notebooks/

bench: setup
	$(BIN)/hisoutab bench --json

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache
