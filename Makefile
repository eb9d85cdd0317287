# Two commands on a fresh machine: `make run` (the bot) and `make test` (the tests).
# Each creates .venv and installs what it needs the first time.
PYTHON ?= python3.11
VENV   := .venv
PY     := $(VENV)/bin/python

.PHONY: run test bench clean

$(VENV)/.installed: pyproject.toml
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "Python 3.11 is required ($(PYTHON) not found)"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	@touch $@

run: $(VENV)/.installed
	$(PY) bot.py $(ARGS)

# The tests run in one process per core (pytest-xdist); a conformance case's tests share one process (loadgroup).
JOBS ?= auto
test: $(VENV)/.installed
	$(PY) -m pytest -n $(JOBS) --dist loadgroup $(ARGS)

bench: $(VENV)/.installed
	$(PY) -m bench

clean:
	rm -rf $(VENV) var boards
