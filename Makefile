# scholartools — `make demo` runs the main job offline, `make test` runs the tests.
# Both install into .venv first when needed (nothing to install by hand on a fresh machine).

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: install test demo man bench clean

install: $(STAMP)

# torch first, pinned: the CPU build lies on disk here; an unpinned torch would pull a CUDA build.
$(STAMP): setup.cfg pyproject.toml constraints.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@echo "installing into $(VENV) (log: $(VENV)/install.log) ..."
	@{ $(BIN)/pip install torch==2.13.0 && \
	   $(BIN)/pip install -c constraints.txt -e '.[test,bench]'; } > $(VENV)/install.log 2>&1 \
	  || { tail -n 40 $(VENV)/install.log; exit 1; }
	touch $(STAMP)

# pytest exits 5 when it collects nothing; that must never pass silently, nor fail CI on its own.
test: install
	$(BIN)/python -m pytest; rc=$$?; if [ $$rc -eq 5 ]; then echo "no tests collected"; exit 0; fi; exit $$rc

demo: install
	PATH="$(CURDIR)/$(BIN):$$PATH" bash examples/demo.sh

man: install
	$(BIN)/python -m scholartools.cli.manpages man

bench: install
	for b in benchmarks/*.py; do echo "== $$b"; $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache
