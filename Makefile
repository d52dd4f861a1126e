# scholartools — `make demo` runs the main job offline, `make test` runs the tests.
# Both install into .venv first when needed (nothing to install by hand on a fresh machine).

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: install test demo data man bench clean

install: $(STAMP)

# Every extra, for development. torch first, pinned: the CPU build lies on disk here; an unpinned
# torch (or the [torch] extra alone) would pull a CUDA build from the public index.
$(STAMP): setup.cfg pyproject.toml constraints.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@echo "installing into $(VENV) (log: $(VENV)/install.log) ..."
	@{ $(BIN)/pip install torch==2.13.0 && \
	   $(BIN)/pip install -c constraints.txt -e '.[torch,test,bench]'; } > $(VENV)/install.log 2>&1 \
	  || { tail -n 40 $(VENV)/install.log; exit 1; }
	touch $(STAMP)

# pytest's own exit status: 5 ("no tests collected") fails the run like a failed test, so a CI
# run that collects nothing can never pass. The tests run on one pytest-xdist worker per CPU this
# process may use (tests/conftest.py counts them and keeps a module whose fixture is computed once
# on one worker); TEST_JOBS=0 runs them all in this one process.
TEST_JOBS ?= auto
test: install
	$(BIN)/python -m pytest -n $(TEST_JOBS)

demo: install
	PATH="$(CURDIR)/$(BIN):$$PATH" bash examples/demo.sh

# the external datasets (scholartools/data/registry.json) that are not found in ST_DATA, the user
# cache or ../shared/external: downloaded at their pinned commits, verified, written to ST_DATA or
# ~/.cache/scholartools/data (DATASETS='scholarsum pdfs' for some); needs only Python's standard library
DATASETS ?= all
data:
	PYTHONPATH="$(CURDIR)$${PYTHONPATH:+:$$PYTHONPATH}" $(PYTHON) -m scholartools.data fetch $(DATASETS)

man: install
	$(BIN)/python -m scholartools.cli.manpages man

# every benchmark that runs without arguments; the rest are tools the benchmarks use or that
# need a folder to work on (a worker, the gold-set builders, the before/after comparison)
BENCH_TOOLS := parse_worker jats_pairs tex_pairs latex_corpus parse_regress
bench: install
	for b in benchmarks/*.py; do \
	  case " $(BENCH_TOOLS) " in *" $$(basename $$b .py) "*) continue;; esac; \
	  echo "== $$b"; $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache
