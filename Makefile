# Every target bootstraps .venv itself: a fresh machine needs only python3.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench lint clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/tock serve

test: $(STAMP)
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python -m tests.benchmarks

lint: $(STAMP)
	$(BIN)/ruff check firmware_py vision web hardware tests
	$(BIN)/ruff format --check firmware_py vision web hardware tests
	$(BIN)/mypy --strict firmware_py/engine hardware

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
