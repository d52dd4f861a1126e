"""The sampling parameters a judge sends: the papers' stated decoding settings, and temperature 1
when several samples are drawn; ``--temperature`` on the command line wins over both."""
from __future__ import annotations


#: decoding settings the papers state for their judges, used unless --temperature is given:
#: BAGELS' pair judge T = 0 (its code); AAAR's closed-model EquationInference T = 1, top_p 0.99,
#: 200 tokens and entailment judge T = 1, top_p 0.99, 720 tokens; CLAIMCHECK T = 0.3
PAPER_PARAMS = {
    "match": {"temperature": 0.0},
    "equation": {"temperature": 1.0, "top_p": 0.99, "max_tokens": 200},
    "entail": {"temperature": 1.0, "top_p": 0.99, "max_tokens": 720},
    "claimcheck": {"temperature": 0.3},
}


def paper_params(ctx, task: str) -> dict:
    """The paper's decoding settings of ``task`` (:data:`PAPER_PARAMS`); a ``--temperature``
    given on the command line replaces the paper's temperature (and its top_p)."""
    params = dict(PAPER_PARAMS.get(task, {}))
    if ctx.llm is not None and ctx.llm.config.temperature is not None:
        params.pop("temperature", None)
        params.pop("top_p", None)
    return params


def sampling_params(ctx, samples: int, extra: dict | None = None) -> dict:
    """Sampling parameters: temperature 1 when several samples are drawn and ``--temperature``
    is not given (G-Eval and Chiang & Lee sample at T = 1), plus ``extra``."""
    params = dict(extra or {})
    configured = ctx.llm.config.temperature if ctx.llm is not None else None
    if samples > 1 and configured is None:
        params.setdefault("temperature", 1.0)
    return params
