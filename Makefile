# `make run` and `make test` each set up .venv on first use (only Python 3.11+ is needed).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# waitress on all interfaces (PORT, default 8000); prints the LAN address phones should open
# and that address as a QR code in the terminal.
run: $(STAMP)
	$(BIN)/python -m tally.cli serve --host 0.0.0.0 --port $${PORT:-8000}

test: $(STAMP)
	sh tests/browser/ensure-chromium.sh
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/api.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
