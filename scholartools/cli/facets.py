"""st-facets: background / method / result / conclusion facets of abstracts and summaries, and
per-facet ratings for the Facet-aware Metric (FM)."""
from __future__ import annotations

import click

from scholartools.cli import tasks as cli_tasks
from scholartools.cli.base import RecordIO, st_command
from scholartools.cli.scale import scheduler_options
from scholartools.llm.options import llm_options
from scholartools.tasks import tasks_of

from scholartools.vocabulary import FACETS as FACET_NAMES


@st_command("st-facets")
@scheduler_options
@llm_options(templates=["facets_extract", "facets_judge_bc", "facets_judge_mr", "facets_judge_bc_few",
                        "facets_judge_mr_few"])
@click.option("--ref", "ref", metavar="FIELD",
              help="Field with the reference text (an abstract). Default: reference, or abstract on a "
                   "record without reference (a paper record from st-parse).")
@click.option("--cand", "cand", default="candidate", show_default=True, metavar="FIELD",
              help="Field with the candidate summary; records without it are only decomposed.")
@click.option("--ref-sentences", metavar="FIELD", help="Field with the reference already split into a list of sentences.")
@click.option("--cand-sentences", metavar="FIELD", help="Field with the candidate already split into a list of sentences.")
@click.option("--ref-facets", metavar="FIELD",
              help="Field with given reference facets (facet -> text), e.g. stored extractions; skips decomposition.")
@click.option("--cand-facets", metavar="FIELD", help="Field with given candidate facets (facet -> text).")
@click.option("--facets", "facet_list", default=",".join(FACET_NAMES), show_default=True,
              help="Facets to rate, comma-separated.")
@click.option("--weights", help="FM weights passed to st-score via the record's fm_weights, "
                                "e.g. background=0.1,method=0.3,result=0.3,conclusion=0.3.")
@click.option("--method", type=cli_tasks.MethodChoice(), default="auto", show_default=True,
              help="offline: sentence-role model + embedding rater; llm: extraction + rubric judge; "
                   "auto: llm when a model is configured.")
@click.option("--shots", "shots", metavar="FILE|default",
              help="Few-shot judge examples (JSONL facet/reference/candidate/rating); 'default' uses the "
                   "shipped set, written for scholartools (no evaluation documents). Zero-shot without it.")
@click.option("--empty-candidate", type=click.Choice(["auto", "one", "score"]), default="auto", show_default=True,
              help="Offline rating of a facet the candidate lacks: 'one' (the FM authors' rule), 'score' (rate its "
                   "similarity to the whole candidate); auto: 'score' for our own decomposition, else 'one'.")
def main(io: RecordIO, llm, ref, cand, ref_sentences, cand_sentences, ref_facets, cand_facets,
         facet_list, weights, method, shots, empty_candidate):
    """Split a reference abstract (and a candidate summary) into background / method / result /
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
    from scholartools.facets import annotate

    facets = [f.strip() for f in facet_list.split(",") if f.strip()]
    bad = [f for f in facets if f not in FACET_NAMES]
    if bad or not facets:
        io.usage_error(f"--facets: unknown facet(s) {', '.join(bad) or '(none)'}; choose from {', '.join(FACET_NAMES)}")
    fm_weights = None
    if weights:
        from scholartools.metrics.fm import parse_weights

        try:
            fm_weights = parse_weights(weights)
        except (ValueError, KeyError) as exc:
            io.usage_error(f"--weights: {exc}")
    shot_list = None
    if shots:
        from scholartools.facets.llm_method import load_shots

        try:
            shot_list = load_shots(None if shots == "default" else shots)
        except (OSError, ValueError) as exc:
            io.usage_error(f"--shots: {exc}")
    opts = annotate.FacetOptions(ref=ref or "reference", ref_fallback=None if ref else "abstract", cand=cand, ref_sentences=ref_sentences, cand_sentences=cand_sentences,
                                 ref_facets=ref_facets, cand_facets=cand_facets, facets=facets, weights=fm_weights,
                                 empty_candidate=empty_candidate, shots=shot_list)
    cli_tasks.run(io, tasks_of("st-facets")["facets"], llm, opts, method=method)

if __name__ == "__main__":
    main()
