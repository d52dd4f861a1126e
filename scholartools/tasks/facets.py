"""st-facets' task: facet decomposition and per-facet ratings (FM paper §3.2–3.3).

The offline method decomposes with the sentence-role model and rates with the embedding rater
(:func:`scholartools.facets.annotate.offline_batch`); the LLM method extracts the four facets
(verbatim spans, checked) and asks the rubric judge per facet
(:func:`scholartools.facets.annotate.llm_record`).
"""
from __future__ import annotations

from scholartools.tasks import Task, register


def _offline(records, ctx):
    from scholartools.facets.annotate import offline_batch

    return offline_batch(records, ctx.options)


FACETS = register(Task(
    name="facets", command="st-facets",
    summary="background / method / result / conclusion facets of a reference and a candidate; per-facet ratings",
    llm="scholartools.facets.annotate:llm_record", offline=_offline,
    templates=("facets_extract", "facets_judge_bc", "facets_judge_mr"),
    reads={"ref": "reference", "cand": "candidate"},
    writes=("facets.reference", "facets.candidate", "facet_ratings", "facet_evidence", "fm_weights"),
    method_names={
        "llm": "llm-extract+rubric-judge",
        "offline": "offline: sentence roles (CSAbstruct + written corpus) + MiniLM rater (ScholarSum PubMed)",
    },
))
