"""st-extract-limits' task: BAGELS limitation extraction (explicit sections, implicit spans,
reviews, verbatim points, merge).

The offline method segments the §4.3 regions with cue rules and the shared embeddings and merges
with embedding de-duplication (:func:`scholartools.limitations.extract.offline_batch`); the LLM
method refines each region, segments the consolidated reviews and asks the master merge, every
returned point checked verbatim (:func:`scholartools.limitations.llm_method.llm_record`).
"""
from __future__ import annotations

from scholartools.tasks import Task, register

LIMITATIONS = register(Task(
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
))
