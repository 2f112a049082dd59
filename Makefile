# `make run` and `make test` each set up .venv on first use (only Python 3.11+ is needed).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lock wheel bench bench-postgres stress stress-faults stress-fuzz stress-flood clean

# The versions CI tested (requirements.lock, with their hashes), then this checkout itself.
$(STAMP): pyproject.toml requirements.lock
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --require-hashes -r requirements.lock
	$(BIN)/python -m pip install --quiet --no-deps -e .
	touch $(STAMP)

# Refresh requirements.lock: the newest versions pyproject.toml's ranges allow (pip-tools in a
# throwaway venv); then `make test`, and commit the lock with what changed.
lock:
	rm -rf .lock-venv && $(PYTHON) -m venv .lock-venv
	.lock-venv/bin/python -m pip install --quiet pip-tools
	.lock-venv/bin/pip-compile --quiet --upgrade --extra test --generate-hashes --strip-extras \
	  --allow-unsafe --no-emit-index-url --no-emit-find-links --output-file requirements.lock \
	  pyproject.toml
	rm -rf .lock-venv

# waitress on all interfaces (PORT, default 8000), one process per core (WORKERS to choose);
# prints the LAN address phones should open and that address as a QR code in the terminal.
run: $(STAMP)
	$(BIN)/hanafuda-tally serve --host 0.0.0.0 --port $${PORT:-8000}

# The sdist, then the wheel built from it, into dist/ (`pipx install dist/*.whl` takes it).
wheel: $(STAMP)
	rm -rf build dist
	$(BIN)/python -m build --outdir dist .

# The store and API tests also run on PostgreSQL: a throwaway cluster (tests/pg_cluster.py,
# Debian's server installed when missing) on 127.0.0.1, started by the tests, stopped at the end.
test: $(STAMP)
	sh tests/ensure-postgres.sh
	sh tests/browser/ensure-chromium.sh
	sh tests/browser/ensure-axe.sh
	sh tests/ensure-spectral.sh
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

# The real server on 127.0.0.1 under faults, on SQLite and then on a throwaway PostgreSQL
# cluster (tests/pg_cluster.py): SIGKILL in the middle of concurrent writes (FAULT_TRIALS,
# default 30), schemathesis on every operation (FUZZ_MAX_EXAMPLES, default 200), and floods of
# creations, imports and token guesses against the default rate limits (stress/flood.py).
# Every part runs; the target fails on a lost or doubled write, a 5xx or a limit that gave way.
stress: $(STAMP)
	sh tests/ensure-postgres.sh
	$(BIN)/python stress/faults.py; faults=$$?; \
	$(BIN)/python stress/fuzz.py; fuzz=$$?; \
	$(BIN)/python stress/flood.py; flood=$$?; \
	$(BIN)/python tests/pg_cluster.py sh -c '\
	  $(BIN)/python stress/faults.py --database-url "$$PG_URL"; f=$$?; \
	  $(BIN)/python stress/fuzz.py --database-url "$$PG_URL"; z=$$?; \
	  $(BIN)/python stress/flood.py --database-url "$$PG_URL"; l=$$?; \
	  test $$f -eq 0 && test $$z -eq 0 && test $$l -eq 0'; pg=$$?; \
	test $$faults -eq 0 && test $$fuzz -eq 0 && test $$flood -eq 0 && test $$pg -eq 0

stress-faults: $(STAMP)
	$(BIN)/python stress/faults.py

stress-fuzz: $(STAMP)
	$(BIN)/python stress/fuzz.py

stress-flood: $(STAMP)
	$(BIN)/python stress/flood.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build dist .lock-venv
