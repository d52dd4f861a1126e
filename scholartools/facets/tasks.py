"""st-facets' task: facet decomposition and per-facet ratings (FM paper §3.2–3.3).

The offline method decomposes with the sentence-role model and rates with the embedding rater
(:func:`scholartools.facets.annotate.offline_task`); the LLM method extracts the four facets
(verbatim spans, checked) and asks the rubric judge per facet
(:func:`scholartools.facets.annotate.llm_record`). ``ctx.options`` is a
:class:`~scholartools.facets.annotate.FacetOptions` (its options are declared by st-facets).
"""
from __future__ import annotations

from dataclasses import dataclass

from scholartools.tasks import Task


@dataclass(frozen=True)
class FacetsTask(Task):
    def make_options(self, **values):
        from scholartools.facets.annotate import FacetOptions

        return FacetOptions(**values)

    def templates_used(self, opts):
        few = "_few" if opts.shots else ""
        return ["facets_extract", f"facets_judge_bc{few}", f"facets_judge_mr{few}"]

    def provenance(self, opts, method):
        if method == "llm":   # the judge's style: with the shipped or given examples, or without
            return {"method": self.method_names["llm"] + (" few-shot" if opts.shots else " zero-shot")}
        return {}


FACETS = FacetsTask(
    declares_options=False,  # st-facets declares its options (cli/); the API runs the command
    name="facets", command="st-facets",
    summary="background / method / result / conclusion facets of a reference and a candidate; per-facet ratings",
    llm="scholartools.facets.annotate:llm_record", offline="scholartools.facets.annotate:offline_task",
    templates=("facets_extract", "facets_judge_bc", "facets_judge_mr", "facets_judge_bc_few", "facets_judge_mr_few"),
    reads={"ref": "reference", "cand": "candidate"},
    writes=("facets.reference", "facets.candidate", "facet_ratings", "facet_evidence", "fm_weights"),
    method_names={
        "llm": "llm-extract+rubric-judge",
        "offline": "offline: sentence roles (CSAbstruct + written corpus) + MiniLM rater (ScholarSum PubMed)",
    },
    embeds=True,
)
