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

from typing import Any, Iterable


def run(io, llm, task: str, values: dict[str, Any], method: str = "auto", out: str = "judge") -> None:
    """Run the st-judge task ``task`` over the records of ``io`` (a
    :class:`~scholartools.cli.base.RecordIO`), writing its output records.

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


def judge(records: Iterable[dict], task: str, *, method: str = "auto", out: str = "judge",
          **options: Any) -> list[dict]:
    """st-judge as a function: records in, judged records out (error records in place).

    ``options`` are the command's options by their Python names: the LLM layer's (``model``,
    ``api_base``, ``cache``, ``max_concurrency``, ``dry_run`` …) and the task's (``gt``,
    ``variants``, ``protocol``, ``samples`` …)::

        pairs = judge(papers, "match", model="openai/gpt-4o-mini", variants=3, inconsistent="majority")
        rated = judge(rqs, "rate", model="openai/gpt-4o-mini", protocol="geval", aspect="method")

    A usage problem (a bad option value, no model for an LLM-only task) raises
    :class:`click.UsageError`.
    """
    import io as _io

    import orjson

    from scholartools.cli.base import RecordIO
    from scholartools.llm.options import OPTION_NAMES, settings_from
    from scholartools.tasks.judge import TEMPLATES

    llm = settings_from({k: options.pop(k) for k in list(options) if k in OPTION_NAMES}, list(TEMPLATES))
    data = b"".join(orjson.dumps(r) + b"\n" for r in records)
    stdout = _io.BytesIO()
    rio = RecordIO("st-judge", stdin=_io.BytesIO(data), stdout=stdout, stderr=_io.StringIO(), quiet=True)
    try:
        run(rio, llm, task, options, method=method, out=out)
    finally:
        llm.close()
    return [orjson.loads(line) for line in stdout.getvalue().splitlines() if line.strip()]
