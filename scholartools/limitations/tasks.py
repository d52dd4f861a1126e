"""st-extract-limits' task: BAGELS limitation extraction (explicit sections, implicit spans,
reviews, verbatim points, merge).

The offline method segments the §4.3 regions with cue rules and the shared embeddings and merges
with embedding de-duplication (:func:`scholartools.limitations.extract.offline_task`); the LLM
method refines each region, segments the consolidated reviews and asks the master merge, every
returned point checked verbatim (:func:`scholartools.limitations.llm_method.llm_record`). Its
options are :class:`LimitationsOptions` (the command's flags); ``ctx.options`` is the
:class:`~scholartools.limitations.extract.ExtractOptions` :meth:`LimitationsTask.prepare` makes of them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from scholartools.errors import UsageError
from scholartools.tasks import Options, Task, embedding_provenance, option


@dataclass
class LimitationsOptions(Options):
    from_field: str | None = option(None, "Read this plain text field as an explicit Limitations section instead of "
                                          "'sections' (LimTopic rows, BAGELS flat JSON, your own text).",
                                    flag="--from", metavar="FIELD")
    reviews_field: str = option("reviews", "Field with the peer reviews: a list of texts, or of objects with a text "
                                           "or weaknesses field.", flag="--reviews", metavar="FIELD")
    merge: str = option("union", "Author + reviewer merge: union with de-duplication, or the literal intersection "
                                 "reading.", choices=("union", "intersection"))
    dedup: float = option(0.8, "Offline merge: cosine at which two points are the same limitation.", type=float,
                          min=0, max=1, metavar="COSINE")
    keywords: str | None = option(None, "Implicit-span keywords (default: the paper's limitation(s) | "
                                        "shortcoming(s)).", metavar="REGEX")
    exclude_sections: str | None = option(None, "Section types/headings never searched for implicit spans, "
                                                "comma-separated (default: abstract,introduction,related work).",
                                          metavar="LIST")
    stop_terms: str | None = option(None, "A following section whose heading matches ends an implicit span (default: "
                                          "acknowledgements, grant, future work, discussion, conclusion, appendix).",
                                    metavar="REGEX")
    implicit: bool = option(True, "Look for implicit limitation spans outside the Limitations sections.",
                            off="--no-implicit")
    any_keyword: bool = option(False, "Start an implicit span at any keyword sentence (the paper's plain rule), also "
                                      "one about prior work's limitations or one the paper overcomes ('to address the "
                                      "limitations of …').", is_flag=True)
    topic_shift: float | None = option(None, "Offline segmentation: start a new point inside a paragraph without any "
                                             "cue when the sentence's cosine to the point is below this (default "
                                             "0.12; 0 turns embeddings off).", type=float, min=0, max=1,
                                       metavar="COSINE")
    embeddings: bool = option(True, "--no-embeddings: no encoder at all (no topic shift; points de-duplicated by "
                                    "exact text).", off="--no-embeddings")


@dataclass(frozen=True)
class LimitationsTask(Task):
    def prepare(self, options: LimitationsOptions):
        """The rules' regular expressions checked, the rules and the segmentation options made."""
        from scholartools.limitations.extract import ExtractOptions
        from scholartools.limitations.rules import DEFAULT_RULES, Rules
        from scholartools.limitations.segment import DEFAULT_OPTIONS, SegmentOptions

        rules: dict = {}
        for name in ("keywords", "stop_terms"):
            value = getattr(options, name)
            if value is not None:
                try:
                    re.compile(value)
                except re.error as exc:
                    raise UsageError(f"--{name.replace('_', '-')}: not a regular expression ({exc})") from exc
                rules[name] = value
        if options.any_keyword:
            rules["own_work"] = False
        if options.exclude_sections is not None:
            rules["excluded"] = tuple(x.strip().lower() for x in options.exclude_sections.split(",") if x.strip())
        seg = DEFAULT_OPTIONS
        if options.topic_shift is not None or not options.embeddings:
            shift = DEFAULT_OPTIONS.shift if options.topic_shift is None else options.topic_shift
            seg = SegmentOptions(shift=shift, embeddings=options.embeddings and shift > 0)
        return ExtractOptions(from_field=options.from_field, reviews_field=options.reviews_field,
                              rules=Rules(**rules) if rules else DEFAULT_RULES, implicit=options.implicit,
                              merge=options.merge, dedup=options.dedup, embeddings=options.embeddings, segment=seg)

    def provenance(self, opts, method):
        prov = {"merge": opts.merge}
        if method == "offline" and opts.embeddings:
            prov.update(embedding_provenance())
        return prov


LIMITATIONS = LimitationsTask(
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
    options=LimitationsOptions,
)
