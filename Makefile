# Every target bootstraps .venv itself: a fresh machine needs only python3.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench lint clean engine

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The rules engine compiled with mypyc (faster: the README has the figures); without a C compiler it runs as Python, so a
# failed build says why and goes on. Does nothing when the compiled engine matches the sources.
engine: $(STAMP)
	-$(BIN)/python -m firmware_py.build_engine

run: engine
	$(BIN)/tock serve

test: engine
	$(BIN)/python -m pytest

bench: engine
	$(BIN)/python -m tests.benchmarks

lint: $(STAMP)
	$(BIN)/ruff check firmware_py vision web hardware tests
	$(BIN)/ruff format --check firmware_py vision web hardware tests
	$(BIN)/mypy --strict firmware_py vision web hardware tests/web/scripted_table.py
	$(BIN)/lint-imports
	$(BIN)/python -m tests.module_sizes
	$(BIN)/python -m tests.any_count

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache firmware_py/engine/_compiled
