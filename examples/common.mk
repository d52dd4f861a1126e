# What the five paper pipelines share; each examples/<paper>/Makefile sets PAPER and includes it.
#
# Every step is one file target built by one command, so an interrupted or changed run redoes
# only the files that are missing or older than their inputs, and the LLM cache (CACHE) answers
# every call already made: a rerun never pays twice. Outputs go to out/<paper>/ at the root of
# the checkout; the headline table is out/<paper>/table.md.

# ---------------------------------------------------------------- variables a user sets
ROOT     := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))..)
# the shared data folder, beside the checkout unless SHARED= (or ST_SHARED) says: the last place
# the external datasets are looked for (after ST_DATA and ~/.cache/scholartools/data; see DATASETS)
SHARED   ?= $(or $(ST_SHARED),$(ROOT)/../shared)
# any litellm model string (openai/gpt-4o-mini, anthropic/…, ollama/…); default: ST_MODEL
MODEL    ?= $(ST_MODEL)
# an OpenAI-compatible server (vLLM, llama.cpp, the scripted test server); default: ST_API_BASE
API_BASE ?= $(ST_API_BASE)
# the LLM response cache (SQLite file or redis://…); default: ST_CACHE, else out/<paper>/llm.sqlite
CACHE    ?= $(or $(ST_CACHE),$(OUT)/llm.sqlite)
# N=10: only the first N items (papers, pairs, RQs); TRIAL=1: a cheap trial (each Makefile's
# TRIAL_N items and its cheap settings) — by default the paper's settings on every item
TRIAL    ?=
N        ?= $(if $(TRIAL),$(TRIAL_N))
# JOBS=4 with make -j4: the LLM steps run on 4 shards of the items in parallel
JOBS     ?= 1
# more options for every LLM step, e.g. LLM_FLAGS='--max-cost 5 --max-concurrency 4'
LLM_FLAGS ?=
OUT      ?= $(ROOT)/out/$(PAPER)

# make splits file names at spaces: a checkout, OUT=, SHARED= or CACHE= path with a space would
# break every recipe (and make stray folders), so it is refused before anything runs
ifneq ($(words $(CURDIR)),1)
$(error '$(CURDIR)' has a space in it: the example Makefiles do not support spaces in the checkout's path \
(make splits names at spaces); move the checkout to a path without one)
endif
$(foreach v,OUT SHARED CACHE,$(if $(filter-out 1,$(words $($(v)))),$(error $(v)='$($(v))' has a space in it: \
the example Makefiles do not support spaces in paths (make splits names at spaces); choose a path without one)))

# ---------------------------------------------------------------- tools
BIN  := $(ROOT)/bin
# Python with the checkout's scholartools (the checkout's .venv when there is one, as bin/ does)
PY   := PYTHONPATH=$(ROOT)$${PYTHONPATH:+:$$PYTHONPATH} $(or $(wildcard $(ROOT)/.venv/bin/python),python3)
DATA := $(PY) -m scholartools.datasets
REPORT := $(PY) -m scholartools.report
LLM   = $(if $(MODEL),--model $(MODEL)) $(if $(API_BASE),--api-base $(API_BASE)) --cache $(CACHE) $(LLM_FLAGS) \
        $(if $(DRY),--dry-run)
# `$(RUN) CMD …`: CMD … -o $@ through a temporary file; exit 1 (some records are error records,
# written and passed on as every command does) keeps the output, 2 (usage) or worse stops the build.
# Under DRY=1 (what `plan` runs) each step's stderr goes to $@.err, its call summary.
RUN   = $(ROOT)/examples/run-step $(if $(DRY),--log )$@
# Under `make plan` (STEPS=FILE, set by the plan target) no step runs while make walks the graph:
# each is written to FILE in make's order (run-step --queue), and the plan then runs them all in
# one Python process (python -m scholartools.cli.steps): one start-up, import, task registry and
# tokenizer for the whole plan instead of one a step. So every recipe a plan builds runs its
# command through $(RUN) or $(DATA) (a plain shell command there would read a file not yet written).
ifneq ($(STEPS),)
RUN   = $(ROOT)/examples/run-step --queue $(STEPS) --log $@
DATA  = $(ROOT)/examples/run-step --queue $(STEPS) --module scholartools.datasets
endif
SHARDS := $(shell seq 1 $(JOBS))

# ---------------------------------------------------------------- external datasets
# Each Makefile names the registry's datasets it reads in DATASETS (scholartools/data/registry.json)
# and uses $(DATA_<name>), the folder scholartools.data finds for each (ST_DATA, the user cache,
# $(SHARED)/external). A missing one stops make before anything runs, naming it and the command
# that fetches it.
$(foreach d,$(DATASETS),$(eval DATA_$(d) := $(shell ST_SHARED='$(SHARED)' $(PY) -m scholartools.data path $(d) 2>/dev/null)))
MISSING_DATA := $(strip $(foreach d,$(DATASETS),$(if $(DATA_$(d)),,$(d))))
ifneq ($(MISSING_DATA),)
ifneq ($(filter-out clean help,$(or $(MAKECMDGOALS),table)),)
$(error $(PAPER): missing dataset(s): $(MISSING_DATA) (looked for in ST_DATA, ~/.cache/scholartools/data and \
the shared folder $(SHARED)); get it with: make data (at the checkout's root), or python -m scholartools.data fetch $(MISSING_DATA))
endif
endif
CONF   := $(OUT)/config

.DELETE_ON_ERROR:
# every file a step writes is kept (make would delete the intermediate files of pattern chains)
.SECONDARY:
.SUFFIXES:
.DEFAULT_GOAL := table
.PHONY: table check plan clean help

# ---------------------------------------------------------------- configuration stamps
# $(CONF)/n and $(CONF)/model hold the values of N and of the model settings; each is rewritten
# only when its value changes, so a new MODEL (or N) redoes exactly the steps that depend on it.
# `check` and `plan` leave the model stamp alone (they run sub-makes or dry runs of their own).
define stamp
$(shell mkdir -p $(CONF) && { printf '%s\n' '$(strip $(2))' | cmp -s - $(CONF)/$(1) || printf '%s\n' '$(strip $(2))' > $(CONF)/$(1); })
endef
GOALS := $(or $(MAKECMDGOALS),table)
ifneq ($(filter-out check clean help,$(GOALS)),)
$(call stamp,n,$(N))
$(call stamp,jobs,$(JOBS))
endif
ifneq ($(filter-out check plan clean help,$(GOALS)),)
$(call stamp,model,$(MODEL) $(MODEL_SETTINGS))
# a dry run (plan) redoes every LLM step: the counts are always fresh
ifneq ($(DRY),)
$(shell touch $(CONF)/model)
endif
endif
$(CONF)/%:
	@mkdir -p $(@D) && touch $@

# a pipeline with LLM-only steps (REQUIRES_MODEL := yes) says so before anything runs
ifeq ($(REQUIRES_MODEL)$(MODEL),yes)
ifneq ($(filter-out check plan clean help,$(GOALS)),)
$(error $(PAPER): set MODEL= (a litellm model string, e.g. MODEL=openai/gpt-4o-mini), or run 'make check' \
(offline, against the scripted test server), or 'make plan' (the calls and their cost))
endif
endif

# ---------------------------------------------------------------- check: offline, scripted server
# `make check` runs the pipeline on the first CHECK_N items against API_BASE when given, else
# against tests/openai_server.py with plausible replies for every prompt (started and stopped
# here; its requests are logged to out/<paper>/check-requests.jsonl). Up to date: nothing runs.
# The server listens on CHECK_PORT (one per paper; a free one if it is taken): the cache key
# holds the server's address, so a later check finds its answers in the cache.
CHECK_N     ?= 2
CHECK_MODEL ?= openai/test-model
CHECK_ARGS   = N=$(or $(N),$(CHECK_N)) MODEL=$(if $(filter command line,$(origin MODEL)),$(MODEL),$(CHECK_MODEL)) \
               JOBS=$(JOBS) $(CHECK_EXTRA)
check:
	@mkdir -p $(OUT)
ifneq ($(API_BASE),)
	@$(MAKE) --no-print-directory -q table $(CHECK_ARGS) API_BASE=$(API_BASE) 2>/dev/null \
	  || $(PLAN_THREADS) $(MAKE) --no-print-directory table $(CHECK_ARGS) API_BASE=$(API_BASE)
else
	@$(MAKE) --no-print-directory -q table $(CHECK_ARGS) API_BASE=http://127.0.0.1:$(CHECK_PORT)/v1 2>/dev/null \
	  || $(PLAN_THREADS) $(PY) $(ROOT)/tests/openai_server.py --port $(CHECK_PORT) --replies $(ROOT)/tests/plausible_replies.py \
	       --log $(OUT)/check-requests.jsonl --run '$(MAKE) --no-print-directory table $(CHECK_ARGS) API_BASE={url}'
endif
	@echo "$(PAPER): $(OUT)/table.md"

# ---------------------------------------------------------------- plan: dry runs, nothing called
# `make plan` runs the pipeline's LLM steps (each Makefile lists their files in PLAN_FILES, under
# OUT) with --dry-run into $(OUT)/plan: the same commands, inputs and options as the run, each
# step reading the one before it as the run does. A step whose input is a model's reply reads the
# earlier dry run's placeholder records (scholartools/llm/placeholders.py: each list a model would
# write counted as one stand-in item, every facet present) — unless the cache (CACHE, the run's)
# holds the replies: a plan made after a run, or after `check` with the same MODEL and API_BASE,
# counts every request of it exactly (a request two steps make is counted once, as the run sends it
# once: ST_PLAN_KEYS). Each step's call summary is summed by scholartools.report;
# PLAN_NOTES (the paper's settings the run uses, lines separated by ' | ') are printed under the title. MODEL prices the
# calls (default openai/gpt-4o-mini).
PLAN_MODEL = $(or $(MODEL),openai/gpt-4o-mini)
PLAN_OUT   = $(OUT)/plan
# one BLAS thread for the offline steps a plan runs (the embeddings of BAGELS' ground truth):
# OpenBLAS's spinning workers on a busy machine cost 7 times the CPU of one thread (60 against 8
# CPU s for BAGELS' ground truth at load 15); a value the caller set is kept
PLAN_THREADS = $(foreach v,OPENBLAS_NUM_THREADS OMP_NUM_THREADS MKL_NUM_THREADS,$(v)=$${$(v):-1})
# `make -C DIR plan` ends with GNU make's own "make: Leaving directory …" line (-C turns on -w),
# which nothing inside a Makefile can turn off. So that `calls: N` stays the last line a reader
# of the output sees (`make -C … plan | tail -n 1`, a captured stdout), that line is printed in
# place and once more just after make has exited (or is a zombie its parent has yet to reap): a
# reader of a file that opens it the moment make returns still finds the count, the line above
# make's. On a terminal, and with -s or --no-print-directory, it is printed once, in place.
LEAVES := $(and $(filter 0,$(MAKELEVEL)),$(findstring w,$(filter-out -%,$(firstword $(MAKEFLAGS)))),\
            $(if $(findstring --no-print-directory,$(MAKEFLAGS)),,yes))
plan:
	$(if $(strip $(PLAN_FILES)),,$(error $(PAPER): PLAN_FILES (the files of the LLM steps) is empty))
	@mkdir -p $(PLAN_OUT) && find $(PLAN_OUT) -name '*.err' -exec rm -f {} + && rm -f $(PLAN_OUT)/keys.sqlite $(PLAN_OUT)/steps
	@$(MAKE) --no-print-directory -s $(addprefix $(PLAN_OUT)/,$(PLAN_FILES)) OUT=$(PLAN_OUT) CACHE=$(CACHE) \
	  MODEL=$(PLAN_MODEL) JOBS=1 DRY=1 STEPS=$(PLAN_OUT)/steps
	@ST_PLAN_KEYS=$(PLAN_OUT)/keys.sqlite $(PLAN_THREADS) $(PY) -m scholartools.cli.steps $(PLAN_OUT)/steps
	@cd $(PLAN_OUT) && $(REPORT) -o summary.txt $(if $(strip $(PLAN_NOTES)),--note "$(strip $(PLAN_NOTES))") \
	  plan --model $(PLAN_MODEL) --title "$(PAPER) plan" $(PLAN_REPORT_FLAGS) \
	  $$(for f in $$(ls -tr $$(find . -name '*.err')); do grep -q 'dry run:' $$f || continue; \
	     b=$$(basename $$f .err); echo "$${b%.jsonl}=$$f"; done)
ifneq ($(strip $(LEAVES)),)
	@if [ -t 1 ]; then cat $(PLAN_OUT)/summary.txt; else cat $(PLAN_OUT)/summary.txt; \
	  m=$$PPID; ( while s=$$(ps -o stat= -p $$m 2>/dev/null) && [ -n "$$s" ] && [ "$${s#Z}" = "$$s" ]; \
	    do sleep 0.02; done; tail -n 1 $(PLAN_OUT)/summary.txt ) & fi
else
	@cat $(PLAN_OUT)/summary.txt
endif
FORCE:
.PHONY: FORCE

clean:
	find $(OUT) -mindepth 1 -maxdepth 1 ! -name '$(notdir $(CACHE))' ! -name '$(notdir $(CACHE))-*' \
	  -exec rm -rf {} + 2>/dev/null || true
