"""The automatic ACU score (Liu et al., ACL 2023, "Revisiting the Gold Standard": atomic content
units), a baseline of the FM paper's Fig. 5 / Table 3, over local checkpoints: the algorithm, not
the authors' weights.

Two steps, each a model given by path:

* **ACU writing** — a seq2seq checkpoint reads the reference summary and writes its atomic content
  units, one per line (or per ``sep``); :func:`split_acus` cuts its output into units (list
  markers such as ``-``, ``*``, ``•``, ``1.`` dropped, repeats kept once). ACUs already written
  (by annotators, as in RoSE) can be given instead, and the writer is then not needed;
* **ACU checking** — a sequence-classification (NLI) checkpoint reads ``(premise = candidate
  summary, hypothesis = ACU)``; the ACU is *matched* when the entailment class has the highest
  probability (or, with ``threshold``, when P(entailment) ≥ threshold). The entailment class is the
  config's ``id2label`` entry whose name starts with ``entail`` (case-insensitive), or given.

The score is the fraction of the reference's ACUs the candidate entails (Liu et al.'s un-normalised
ACU score); a reference with no ACU is unscored (None). Liu et al. also define a length-normalised
ACU score that penalises long candidates; we do not implement it, because we cannot state its exact
form and constant from what we have here (docs/fidelity.md says so).

The FM paper's ACU cells come from the stored scores (``*_acu3`` of ScholarSum, probably the
distilled A3CU model of Liu et al., which scores ACUs without writing them: a different model and
code path from this one). torch and transformers come with ``scholartools[torch]`` and are
imported only when a model is used; this code path is tested on tiny randomly initialised models
built in the test (``tests/test_acu.py``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

_MARKER = re.compile(r"^\s*(?:[-*•·]+|\(?\d+[.)]|\(?[a-z][.)](?=\s))\s*")


def split_acus(text: str, sep: str | None = None) -> list[str]:
    """The units of an ACU writer's output: one per line (or per ``sep``), list markers stripped,
    empty units dropped, repeats (after case folding) kept once, in order."""
    parts = text.split(sep) if sep else text.splitlines()
    out: list[str] = []
    seen: set[str] = set()
    for part in parts:
        unit = _MARKER.sub("", part).strip()
        key = " ".join(unit.lower().split())
        if unit and key not in seen:
            seen.add(key)
            out.append(unit)
    return out


@dataclass
class ACUResult:
    #: the fraction of ACUs matched, None when the reference has none
    score: float | None
    #: one entry per ACU: its text, P(entailment) and whether it is matched
    acus: list[dict] = field(default_factory=list)


def acu_score(reference: str, candidate: str, check: Callable[[list[tuple[str, str]]], list[tuple[bool, float]]],
              write: Callable[[list[str]], list[str]] | None = None, acus: list[str] | None = None,
              sep: str | None = None) -> ACUResult:
    """ACU score of ``candidate``: the reference's ACUs (``acus``, else ``write([reference])``
    split by :func:`split_acus`) each checked by ``check([(candidate, acu)]) -> [(matched,
    p_entailment)]``; the score is the fraction matched."""
    if acus is None:
        if write is None:
            raise ValueError("no ACUs given and no ACU writer")
        acus = split_acus(write([reference])[0], sep)
    if not acus:
        return ACUResult(None, [])
    verdicts = check([(candidate, a) for a in acus])
    rows = [{"acu": a, "p_entailment": float(p), "matched": bool(m)} for a, (m, p) in zip(acus, verdicts)]
    return ACUResult(sum(r["matched"] for r in rows) / len(rows), rows)


# ----------------------------------------------------------------------------- local checkpoints

def entailment_index(id2label: dict, label: str | None = None) -> int:
    """The class index of ``label`` (or of the first label starting with ``entail``) in a
    config's ``id2label``; ValueError when there is none."""
    for idx, name in sorted((int(k), str(v)) for k, v in id2label.items()):
        if (name == label) if label is not None else name.lower().startswith("entail"):
            return idx
    want = f"'{label}'" if label is not None else "an entailment label"
    raise ValueError(f"the NLI model's id2label has no {want}: {dict(id2label)} (give the entailment label)")


class NLIChecker:
    """``check`` of :func:`acu_score` over a local sequence-classification checkpoint (a
    directory, or a ``(model, tokenizer)`` pair)."""

    def __init__(self, model_dir: str | None = None, *, model=None, entailment_label: str | None = None,
                 threshold: float | None = None, max_input_tokens: int = 512, batch_size: int = 16):
        from scholartools.metrics.checkpoints import load

        self.model, self.tok = model if model is not None else load(model_dir, "sequence-classification",
                                                                    "ACU's NLI checker")
        self.entail = entailment_index(self.model.config.id2label, entailment_label)
        self.threshold, self.max_input_tokens, self.batch_size = threshold, max_input_tokens, batch_size

    def __call__(self, pairs: list[tuple[str, str]]) -> list[tuple[bool, float]]:
        from scholartools.metrics.checkpoints import class_probabilities

        probs = class_probabilities(self.model, self.tok, pairs, self.max_input_tokens, self.batch_size,
                                    "ACU's NLI checker")
        out = []
        for row in probs:
            p = row[self.entail]
            if self.threshold is not None:
                matched = p >= self.threshold
            else:
                matched = max(range(len(row)), key=row.__getitem__) == self.entail
            out.append((bool(matched), float(p)))
        return out


class Seq2SeqWriter:
    """``write`` of :func:`acu_score` over a local seq2seq checkpoint (greedy unless ``num_beams``)."""

    def __init__(self, model_dir: str | None = None, *, model=None, max_input_tokens: int = 512,
                 max_length: int = 256, num_beams: int = 1, batch_size: int = 8):
        from scholartools.generate import seq2seq

        self.model, self.tok = model if model is not None else seq2seq.load(model_dir, "ACU's writer")
        self.max_input_tokens, self.max_length = max_input_tokens, max_length
        self.num_beams, self.batch_size = num_beams, batch_size

    def __call__(self, texts: list[str]) -> list[str]:
        from scholartools.generate import seq2seq

        return seq2seq.generate(texts, model=self.model, tokenizer=self.tok, max_input_tokens=self.max_input_tokens,
                                max_length=self.max_length, num_beams=self.num_beams, batch_size=self.batch_size)
