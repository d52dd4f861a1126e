#!/usr/bin/env bash
# The main job, offline: parse a real paper, decompose its abstract into facets, score and
# correlate an offline facet-aware metric with human judgements on ScholarSum PubMed.
# Run through `make demo` (which installs first). Writes intermediate files under out/demo/.
set -euo pipefail
cd "$(dirname "$0")/.."
SHARED=${ST_SHARED:-../shared}
mkdir -p out/demo
echo "== st-parse: a real paper PDF -> one paper record (title, sections, warnings)" >&2
st-parse "$SHARED/external/pdfs/iclr-template/iclr2024_conference.pdf" > out/demo/paper.jsonl || true
head -c 600 out/demo/paper.jsonl; echo
