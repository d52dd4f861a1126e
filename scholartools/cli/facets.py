"""st-facets: background / method / result / conclusion facets of abstracts and summaries, and
per-facet ratings for the Facet-aware Metric (FM)."""
from __future__ import annotations

from scholartools.cli.scale import scheduler_options
from scholartools.cli.tasks import task_command

HELP = """Split a reference abstract (and a candidate summary) into background / method / result /
conclusion facets and rate each candidate facet against the reference facet (background and
conclusion 1-3, method and result 1-4, 0 = facet absent from the reference).

Writes facets.reference, facets.candidate ({labels, sentences, background, method, result,
conclusion}), facet_ratings, facet_evidence and, with --weights, fm_weights. Without a model
the offline method runs: a sentence-role classifier trained on CSAbstruct and scholartools'
written corpus (data/facet-roles), and an embedding rater calibrated on ScholarSum PubMed
human ratings.

\b
Examples:
  st-facets --ref reference --cand candidate < pairs.jsonl \\
    | st-score --metric fm | st-agree --rater scores.fm --rater human.overall
  st-parse paper.pdf | st-facets | st-score   # a paper's abstract: facets.reference, facet-coverage
  st-facets --scheduler local:2 --method offline < pairs.jsonl > rated.jsonl   # on Dask

"""

main = task_command("st-facets", "facets", HELP, method_help=(
    "offline: sentence-role model + embedding rater; llm: extraction + rubric judge; "
    "auto: llm when a model is configured."), decorators=[scheduler_options])

if __name__ == "__main__":
    main()
