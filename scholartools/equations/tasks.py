"""st-eqsynth's task: EquationInference items from display equations (AAAR §1.1–1.4).

The offline method makes rule-based negatives (:func:`scholartools.equations.items.rules_batch`);
the LLM method asks the model to recover each masked equation until its answer differs, then
keeps an item when the flaw filter judges at least one negative plausible
(:func:`scholartools.equations.recover.llm_record`). Its options are :class:`NegativesOptions`
(the command's flags); ``ctx.options`` is the :class:`~scholartools.equations.items.EqSynthOptions`
:meth:`NegativesTask.prepare` makes of them.
"""
from __future__ import annotations

from dataclasses import dataclass

from scholartools.tasks import Options, Task, option


@dataclass
class NegativesOptions(Options):
    seed: int = option(42, "Seed for the rules' choices, the option order and the answer letters.", type=int)
    negatives: int = option(3, "Wrong equations per item.", type=int, min=1, max=25)
    max_per_paper: int = option(3, "Display equations sampled per paper (AAAR §3.1: at most 3, shuffled with "
                                   "--seed); 0 keeps every one.", type=int, min=0)
    context_words: int = option(1000, "Whitespace words of context kept on each side (AAAR's main table: 1000).",
                                type=int, min=0)
    fmt: str = option("binary", "binary: one record per candidate (label 1/0, the F1 setting); choice: one record "
                                "per equation with options and answer.", choices=("binary", "choice"), flag="--format")
    max_tries: int = option(10, "llm: recovery attempts per negative until it differs from the positive.",
                            type=int, min=1, max=100)
    prompt_words: int = option(100, "llm: context words on each side in the recovery prompt.", type=int, min=0)
    filter: str = option("context", "llm: the negative filter. context: the paper's (AAAR §3.1: a negative using "
                                    "notation its context never defines is unaligned); flaw: the official code's "
                                    "context-free 'obvious flaw?' check of each negative alone.",
                         choices=("context", "flaw"))
    keep_filtered: bool = option(False, "llm: also write items whose negatives the flaw filter all judged wrong "
                                        "(keep: false).", is_flag=True)


@dataclass(frozen=True)
class NegativesTask(Task):
    def prepare(self, options: NegativesOptions):
        from scholartools.equations.items import EqSynthOptions

        return EqSynthOptions(seed=options.seed, negatives=options.negatives, max_per_paper=options.max_per_paper,
                              filter=options.filter, context_words=options.context_words,
                              format=options.fmt, keep_filtered=options.keep_filtered, max_tries=options.max_tries,
                              prompt_words=options.prompt_words)

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
    name="negatives", command="st-eqsynth",
    summary="EquationInference items: 1 positive + N plausible wrong equations per display equation",
    llm="scholartools.equations.recover:llm_record", offline="scholartools.equations.items:rules_batch",
    templates=("eqsynth_recover", "eqsynth_filter", "eqsynth_filter_flaw"),
    reads={"equations": "equations", "latex": "latex", "context_before": "context_before",
           "context_after": "context_after"},
    writes=("candidate", "label", "rule", "positive", "options", "answer"),
    method_names={"llm": "llm-recover+flaw-filter (AAAR)", "offline": "rules"},
    options=NegativesOptions, llm_batch_size=1,
)
