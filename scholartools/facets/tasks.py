"""st-facets' task: facet decomposition and per-facet ratings (FM paper §3.2–3.3).

The offline method decomposes with the sentence-role model and rates with the embedding rater
(:func:`scholartools.facets.annotate.offline_task`); the LLM method extracts the four facets
(verbatim spans, checked) and asks the rubric judge per facet
(:func:`scholartools.facets.annotate.llm_record`). Its options are :class:`FacetsOptions` (the
command's flags); ``ctx.options`` is the :class:`~scholartools.facets.annotate.FacetOptions`
:meth:`FacetsTask.prepare` makes of them.
"""
from __future__ import annotations

from dataclasses import dataclass

from scholartools.errors import UsageError
from scholartools.tasks import Options, Task, option
from scholartools.vocabulary import FACETS as FACET_NAMES


@dataclass
class FacetsOptions(Options):
    ref: str | None = option(None, "Field with the reference text (an abstract). Default: reference, or abstract "
                                   "on a record without reference (a paper record from st-parse).", metavar="FIELD")
    cand: str = option("candidate", "Field with the candidate summary; records without it are only decomposed.",
                       metavar="FIELD")
    ref_sentences: str | None = option(None, "Field with the reference already split into a list of sentences.",
                                       metavar="FIELD")
    cand_sentences: str | None = option(None, "Field with the candidate already split into a list of sentences.",
                                        metavar="FIELD")
    ref_facets: str | None = option(None, "Field with given reference facets (facet -> text), e.g. stored "
                                          "extractions; skips decomposition.", metavar="FIELD")
    cand_facets: str | None = option(None, "Field with given candidate facets (facet -> text).", metavar="FIELD")
    facet_list: str = option(",".join(FACET_NAMES), "Facets to rate, comma-separated.", flag="--facets")
    weights: str | None = option(None, "FM weights passed to st-score via the record's fm_weights, "
                                       "e.g. background=0.1,method=0.3,result=0.3,conclusion=0.3.")
    shots: str | None = option(None, "Few-shot judge examples (JSONL facet/reference/candidate/rating); 'default' "
                                     "uses the shipped set, written for scholartools (no evaluation documents). "
                                     "Zero-shot without it.", metavar="FILE|default")
    empty_candidate: str = option("auto", "Offline rating of a facet the candidate lacks: 'one' (the FM authors' "
                                          "rule), 'score' (rate its similarity to the whole candidate); auto: 'score' "
                                          "for our own decomposition, else 'one'.", choices=("auto", "one", "score"))


@dataclass(frozen=True)
class FacetsTask(Task):
    def prepare(self, options: FacetsOptions):
        """The facet list, the FM weights and the judge's examples read and checked."""
        from scholartools.facets.annotate import FacetOptions

        facets = [f.strip() for f in options.facet_list.split(",") if f.strip()]
        bad = [f for f in facets if f not in FACET_NAMES]
        if bad or not facets:
            raise UsageError(f"--facets: unknown facet(s) {', '.join(bad) or '(none)'}; choose from {', '.join(FACET_NAMES)}")
        weights = None
        if options.weights:
            from scholartools.metrics.fm import parse_weights

            try:
                weights = parse_weights(options.weights)
            except (ValueError, KeyError) as exc:
                raise UsageError(f"--weights: {exc}") from exc
        shots = None
        if options.shots:
            from scholartools.facets.llm_method import load_shots

            try:
                shots = load_shots(None if options.shots == "default" else options.shots)
            except (OSError, ValueError) as exc:
                raise UsageError(f"--shots: {exc}") from exc
        return FacetOptions(ref=options.ref or "reference", ref_fallback=None if options.ref else "abstract",
                            cand=options.cand, ref_sentences=options.ref_sentences,
                            cand_sentences=options.cand_sentences, ref_facets=options.ref_facets,
                            cand_facets=options.cand_facets, facets=facets, weights=weights,
                            empty_candidate=options.empty_candidate, shots=shots)

    def templates_used(self, opts):
        few = "_few" if opts.shots else ""
        return ["facets_extract", f"facets_judge_bc{few}", f"facets_judge_mr{few}"]

    def provenance(self, opts, method):
        if method == "llm":   # the judge's style: with the shipped or given examples, or without
            return {"method": self.method_names["llm"] + (" few-shot" if opts.shots else " zero-shot")}
        from scholartools.facets.roles import active_model

        # which role model decomposes: FM's, or its cue model alone when the embedding model is not
        # installed (roles.active_model); a record without a candidate names the variant that
        # labelled its roles in its own provenance entry (annotate.offline_task)
        return {"role_model": active_model().name}


FACETS = FacetsTask(
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
    options=FacetsOptions, embeds=True,
)
