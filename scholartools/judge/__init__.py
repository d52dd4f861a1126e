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
:mod:`scholartools.judge.tasks` (one object per task, its options dataclass beside it); ``st-judge``
(:mod:`scholartools.cli.judge`) is built from them. From Python: ``scholartools.run("st-judge", records,
task="match", ...)`` or :func:`scholartools.tasks.run_task`.
"""
from __future__ import annotations
