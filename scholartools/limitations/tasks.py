"""st-extract-limits' task: BAGELS limitation extraction (explicit sections, implicit spans,
reviews, verbatim points, merge).

The offline method segments the §4.3 regions with cue rules and the shared embeddings and merges
with embedding de-duplication (:func:`scholartools.limitations.extract.offline_task`); the LLM
method refines each region, segments the consolidated reviews and asks the master merge, every
returned point checked verbatim (:func:`scholartools.limitations.llm_method.llm_record`).
``ctx.options`` is an :class:`~scholartools.limitations.extract.ExtractOptions`.
"""
from __future__ import annotations

from dataclasses import dataclass

from scholartools.tasks import Task, embedding_provenance


@dataclass(frozen=True)
class LimitationsTask(Task):
    def make_options(self, **values):
        from scholartools.limitations.extract import ExtractOptions

        return ExtractOptions(**values)

    def provenance(self, opts, method):
        prov = {"merge": opts.merge}
        if method == "offline" and opts.embeddings:
            prov.update(embedding_provenance())
        return prov


LIMITATIONS = LimitationsTask(
    declares_options=False,  # st-extract-limits declares its options (cli/); the API runs the command
    name="limitations", command="st-extract-limits",
    summary="limitation spans and verbatim limitation points of papers and reviews; author + reviewer merge",
    llm="scholartools.limitations.llm_method:llm_record", offline="scholartools.limitations.extract:offline_task",
    templates=("limits_refine", "limits_reviews", "limits_merge_union", "limits_merge_intersection"),
    reads={"sections": "sections", "reviews": "reviews"},
    writes=("limitations.author", "limitations.review", "limitations.merged", "limitations.spans",
            "limitations.points"),
    method_names={
        "llm": "llm-refine+review-segment+master-merge (verbatim-checked)",
        "offline": "offline: §4.3 rules + cue segmentation + MiniLM topic shift / de-duplication",
    },
)
