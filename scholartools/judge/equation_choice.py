"""AAAR-1.0 EquationInference, multiple-choice variant (``specs/seed-aaar.md`` §1.3; the authors'
``Equation_eval`` prompt and ``subtask1_equation_model_eval.py``).

One call per equation: the two contexts (cut to ``--context-words`` whitespace words on each
side, as the binary variant) and the four options shown as AAAR lists them, ``(A). `eq`;`` one a
line; the model answers with the option's letter. ``prediction`` is the reply stripped of
surrounding space, as the authors keep it; ``st-score --metric eqinfer-choice`` compares it with
``answer`` by exact match after their normalisation (lower case, punctuation removed, spaces
collapsed), so ``"(B)."`` counts as B and a reply with anything more counts as wrong. Random
choice scores 25 % accuracy. The record never shows the model its ``answer``.
"""
from __future__ import annotations

import string

from scholartools.judge.decoding import paper_params
from scholartools.judge.inputs import first_words, last_words, read_text
from scholartools.judge.outcomes import templates_of, unscored_fields, value_of, with_field
from scholartools.records import RecordError, read_field


def format_options(options: list[str]) -> str:
    """AAAR's option block: ``(A). `eq`;`` … one per line, the last without the semicolon."""
    lines = [f"({string.ascii_uppercase[k]}). `{eq}`" for k, eq in enumerate(options)]
    return ";\n".join(lines)


def read_options(rec: dict, path: str) -> list[str]:
    value = read_field(rec, path, message=f"no '{path}' in the record (the options of a multiple-choice item: "
                                          f"st-eqsynth --format choice)")
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value) or not 2 <= len(value) <= 26:
        raise RecordError("bad_value", f"'{path}' must be a list of 2 to 26 candidate equations (LaTeX strings)",
                          field=path)
    return value


def choice_record(rec: dict, ctx):
    """The multiple-choice question for one equation (a task generator)."""
    opts = ctx.options
    n = opts.context_words
    before = last_words(read_text(rec, opts.before, "the context before the equation"), n)
    after = first_words(read_text(rec, opts.after, "the context after the equation"), n)
    options = read_options(rec, opts.options)
    letters = ", ".join(string.ascii_uppercase[:len(options)])
    res = yield ctx.ask("judge_equation_choice", before=before, after=after, options=format_options(options),
                        letters=letters, parse=str.strip, params=paper_params(ctx, "equation"))
    value = value_of(res)
    verdict = {"value": value, "raw": res.text, "protocol": "equation-choice", "context_words": n,
               "n_options": len(options), **unscored_fields(res), "templates": templates_of([res])}
    out = dict(rec)
    out["prediction"] = value
    return with_field(out, opts.out, verdict)
