#!/usr/bin/env bash
# The main job, offline, on real data (run it through `make demo`, which installs first):
#   1. st-parse      a real paper PDF -> a paper record (title, sections with types, references …)
#   2. st-facets     its abstract -> background / method / result / conclusion (a structured abstract)
#   3. ScholarSum PubMed: st-facets | st-score --metric fm,rougeL | st-agree --format table,
#      the offline facet-aware metric against human judgement, beside the stored baselines.
# Intermediate files go to out/demo/. DEMO_LIMIT=N uses only the first N PubMed pairs.
# Data: the registry's datasets `pdfs` and `scholarsum`, found in ST_DATA, the user cache or
# ../shared/external (scholartools/data); when one is missing the demo says so and how to fetch it.
set -euo pipefail
cd "$(dirname "$0")/.."
paths=$(PYTHONPATH=".${PYTHONPATH:+:$PYTHONPATH}" "${PYTHON:-python3}" -m scholartools.data path pdfs scholarsum) \
  || { echo "demo: the data above is missing; 'make data' fetches it" >&2; exit 2; }
PDFS=$(sed -n 1p <<<"$paths")
SCHOLARSUM=$(sed -n 2p <<<"$paths")
OUT=out/demo
mkdir -p "$OUT"

say() { printf '\n== %s\n' "$*" >&2; }

say "st-parse: a real paper (the ICLR 2026 template PDF) -> one paper record"
st-parse --quiet "$PDFS/iclr-template/iclr2026_conference.pdf" > "$OUT/paper.jsonl"
python3 - "$OUT/paper.jsonl" <<'PY' >&2
import json, sys
rec = json.loads(open(sys.argv[1]).readline())
print(f"title: {rec['title']}\npages: {rec['source']['pages']}, references: {len(rec['references'])}, "
      f"equations: {len(rec['equations'])}, warnings: {len(rec['warnings'])}")
for s in rec["sections"][:12]:
    print(f"  {s.get('number') or '':>5} {(s.get('heading') or '(text before the first heading)')[:60]:60s} [{s['type']}]")
PY

say "st-parse | st-facets: a real abstract (Semantic Scholar's literature graph, NAACL 2018) -> its facets"
st-parse --quiet "$PDFS/s2orc-doc2json/N18-3011.pdf" \
  | st-facets --quiet --ref abstract | tee "$OUT/facets.jsonl" \
  | python3 -c '
import json, sys
for line in sys.stdin:
    rec = json.loads(line)
    if "error" in rec:
        print(json.dumps(rec)); continue
    ref = rec["facets"]["reference"]
    print(json.dumps({"id": rec["id"], "title": rec.get("title"),
                      "facets": [[lab, s] for lab, s in zip(ref["labels"], ref["sentences"])]}))
'

say "ScholarSum PubMed: offline FM vs human judgement (Pearson, pooled; duplicate document excluded)"
python3 - "$SCHOLARSUM/pairs.jsonl" "${DEMO_LIMIT:-0}" <<'PY' > "$OUT/pubmed.jsonl"
import json, sys
limit = int(sys.argv[2])
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
rows = [r for r in rows if r["dataset"] == "pubmed" and not r["duplicate_of"]]
for r in rows[: limit or None]:
    print(json.dumps(r))
PY
st-facets --quiet < "$OUT/pubmed.jsonl" | st-score --quiet --metric fm,rougeL > "$OUT/pubmed.scored.jsonl"
st-agree --quiet --rater human.overall --rater scores.fm --rater scores.rougeL.f --rater rougeL \
  --rater bertscore --rater fm_gpt4.overall --measure pearson --vs-reference --format table \
  < "$OUT/pubmed.scored.jsonl"
cat >&2 <<'TXT'

  raters: scores.fm = our offline FM (st-facets default), scores.rougeL.f = ROUGE-L recomputed by
  st-score; rougeL, bertscore, fm_gpt4.overall = the values stored in ScholarSum (paper: 0.24, 0.34, 0.685).
TXT
