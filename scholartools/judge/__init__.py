"""st-judge as library functions: the LLM-as-judge protocols of the five papers.

One module per task family; each holds the task generators that :mod:`scholartools.llm.stages`
drives (and, for ``match``, the offline embedding matcher):

* :mod:`scholartools.judge.match` — BAGELS PointWise pair matching (§6.2): K prompt variants,
  both presentation orders with a consistency policy, the batched x×y matrix with its pairwise
  fallback, and the offline cosine matcher;
* :mod:`scholartools.judge.rate` — PaperRQ's rating protocols (§3): direct, G-Eval,
  analyze-rate, rate-explain, BatchEval, ICE, CoAScore, AutoCalibrate;
* :mod:`scholartools.judge.aaar` — AAAR-1.0 critique (ReviewCritique), entail (ExperimentDesign)
  and equation (EquationInference);
* :mod:`scholartools.judge.claimcheck` — CLAIMCHECK compare3, prefer and labels.

:mod:`scholartools.judge.verdicts` holds what they share: reading input fields, the verdict
object written at ``--out`` and vote combination. The tasks are registered in
:mod:`scholartools.tasks.judge`; ``st-judge`` (:mod:`scholartools.cli.judge`) is a thin layer.
"""
from __future__ import annotations

from typing import Any


def run_judge(io, llm, task: str, values: dict[str, Any], method: str = "auto", out: str = "judge") -> None:
    """The body of ``st-judge``: run the task ``task`` over the records of ``io`` (a
    :class:`~scholartools.cli.base.RecordIO`), writing its output records. From Python, run the
    command in-process: ``scholartools.run("st-judge", records, task="match", model=...)``.

    ``llm`` is an :class:`~scholartools.llm.options.LLMSettings`; ``values`` the task's option
    values by name (defaults filled in, see :mod:`scholartools.tasks.judge`); ``method``: ``llm``,
    ``embed`` (the offline matcher of ``match``) or ``auto``. A bad option value is a usage error.
    """
    from scholartools import tasks
    from scholartools.tasks.judge import options_for, task_for, templates_used

    spec = tasks.get("st-judge", task)
    if method == "embed" and spec.offline is None:
        io.usage_error(f"--method embed is the offline matcher of --task match; --task {task} needs a model")
    try:
        opts = options_for(spec, values, out=out, model=llm.model)
    except (ValueError, OSError) as exc:
        io.usage_error(str(exc))
    which = {"embed": "offline"}.get(method, method)
    prov: dict = {}
    if which == "offline" or (which == "auto" and not llm.model and spec.offline is not None):
        from scholartools.embeddings import model_name

        prov.update(embedding_model=model_name(), threshold=opts.threshold)
    else:
        prov["templates"] = [llm.template(t).provenance for t in templates_used(spec, opts)]
        if task == "rate":
            prov.update(protocol=opts.protocol, aspect=opts.aspect, samples=opts.samples)
    tasks.run_task(io, task_for(spec, opts), llm, opts, method=which, provenance=prov)
