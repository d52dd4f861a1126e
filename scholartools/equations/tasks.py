"""st-eqsynth's task: EquationInference items from display equations (AAAR §1.1–1.4).

The offline method makes rule-based negatives (:func:`scholartools.equations.items.rules_batch`);
the LLM method asks the model to recover each masked equation until its answer differs, then
keeps an item when the flaw filter judges at least one negative plausible
(:func:`scholartools.equations.recover.llm_record`). ``ctx.options`` is an
:class:`~scholartools.equations.items.EqSynthOptions`.
"""
from __future__ import annotations

from dataclasses import dataclass

from scholartools.tasks import Task


@dataclass(frozen=True)
class NegativesTask(Task):
    def make_options(self, **values):
        from scholartools.equations.items import EqSynthOptions

        return EqSynthOptions(**values)

    def templates_used(self, opts):
        from scholartools.equations.recover import FILTER_TEMPLATES, RECOVER_TEMPLATE

        return [RECOVER_TEMPLATE, FILTER_TEMPLATES[opts.filter]]

    def provenance(self, opts, method):
        if method == "llm":
            return {"seed": opts.seed, "negatives": opts.negatives, "format": opts.format,
                    "context_words": opts.context_words, "max_per_paper": opts.max_per_paper, "filter": opts.filter}
        return {"seed": opts.seed, "negatives": opts.negatives, "format": opts.format,
                "context_words": opts.context_words, "max_per_paper": opts.max_per_paper}


NEGATIVES = NegativesTask(
    declares_options=False,  # st-eqsynth declares its options (cli/); the API runs the command
    name="negatives", command="st-eqsynth",
    summary="EquationInference items: 1 positive + N plausible wrong equations per display equation",
    llm="scholartools.equations.recover:llm_record", offline="scholartools.equations.items:rules_batch",
    templates=("eqsynth_recover", "eqsynth_filter", "eqsynth_filter_flaw"),
    reads={"equations": "equations", "latex": "latex", "context_before": "context_before",
           "context_after": "context_after"},
    writes=("candidate", "label", "rule", "positive", "options", "answer"),
    method_names={"llm": "llm-recover+flaw-filter (AAAR)", "offline": "rules"},
    llm_batch_size=1,
)
