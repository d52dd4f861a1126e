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

What they share, one module each: :mod:`~scholartools.judge.inputs` (reading the input fields and
laying them out for the prompt), :mod:`~scholartools.judge.reply_parsers` (Yes/No, verdict lines,
0/1), :mod:`~scholartools.judge.outcomes` (a verdict's value or why it has none, its templates,
writing it at ``--out``), :mod:`~scholartools.judge.votes` (several votes combined into one
decision) and :mod:`~scholartools.judge.decoding` (the papers' decoding settings). The tasks are registered in
:mod:`scholartools.judge.tasks` (one object per task, its options dataclass beside it); ``st-judge``
(:mod:`scholartools.cli.judge`) is built from them. From Python: ``scholartools.run("st-judge", records,
task="match", ...)`` or :func:`scholartools.tasks.run_task`.
"""
from __future__ import annotations
