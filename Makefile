# `make run` and `make test` each set up .venv on first use (only Python 3.11+ is needed).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench bench-postgres stress stress-faults stress-fuzz clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# waitress on all interfaces (PORT, default 8000), one process per core (WORKERS to choose);
# prints the LAN address phones should open and that address as a QR code in the terminal.
run: $(STAMP)
	$(BIN)/python -m tally.cli serve --host 0.0.0.0 --port $${PORT:-8000}

# The store and API tests also run on PostgreSQL: a throwaway cluster (tests/pg_cluster.py,
# Debian's server installed when missing) on 127.0.0.1, started by the tests, stopped at the end.
test: $(STAMP)
	sh tests/ensure-postgres.sh
	sh tests/browser/ensure-chromium.sh
	sh tests/browser/ensure-axe.sh
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/api.py
	$(BIN)/python bench/growth.py
	$(BIN)/python bench/durability.py

# The same mixed load and growth table on PostgreSQL (issue 13): a throwaway cluster
# (tests/pg_cluster.py) on 127.0.0.1; the mixed load with 1 and then 2 server processes (one
# worker each, the clients spread over them) and the ratio; then the growth table. Stops
# with a clear message while the store has no PostgreSQL backend.
bench-postgres: $(STAMP)
	sh tests/ensure-postgres.sh
	$(BIN)/python tests/pg_cluster.py sh -c '\
	  $(BIN)/python bench/api.py --database-url "$$PG_URL" --servers 1,2 --workers 1 && \
	  $(BIN)/python bench/growth.py --database-url "$$PG_URL"'

# The real server on 127.0.0.1 under faults: SIGKILL in the middle of concurrent writes
# (FAULT_TRIALS, default 30), then schemathesis on every operation (FUZZ_MAX_EXAMPLES, default
# 200). Both run, each in a few minutes; the target fails on a lost or doubled write or a 5xx.
stress: $(STAMP)
	$(BIN)/python stress/faults.py; faults=$$?; \
	$(BIN)/python stress/fuzz.py; fuzz=$$?; \
	test $$faults -eq 0 && test $$fuzz -eq 0

stress-faults: $(STAMP)
	$(BIN)/python stress/faults.py

stress-fuzz: $(STAMP)
	$(BIN)/python stress/fuzz.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
