"""DELTA (Wallace et al. 2020; DeYoung et al. 2021, MS^2), the evidence-direction baseline of the
FM paper's Table 3 / Fig. 5, over local checkpoints: the algorithm, not the authors' weights.

* **I&O pairs** — interventions and outcomes are tagged in the *reference* by a
  token-classification checkpoint with BIO labels (``B-X`` / ``I-X``; X naming an intervention when
  it is ``I`` or starts with ``int``, an outcome when it is ``O`` or starts with ``out``, case
  folded; other labels, and the bare ``O`` of BIO, are outside any span); every intervention is
  paired with every outcome (repeats, after case folding, kept once). The pairs can be given
  instead (a record field), and the tagger is then not needed.
* **evidence direction** — a sequence-classification checkpoint reads
  ``"intervention [SEP] outcome [SEP] text"`` (the tokenizer's own separator token when it has one)
  and gives a distribution over three classes (significantly increased / significantly decreased /
  no significant difference, in the model's label order), once on the reference and once on the
  candidate.
* **score** — the Jensen–Shannon divergence between the two distributions, with base-2
  logarithms (so 0 ≤ JSD ≤ 1), averaged over the pairs; **lower is better**. A reference with no
  pair is unscored (None).

    JSD(P, Q) = ½ KL(P ‖ M) + ½ KL(Q ‖ M),   M = ½ (P + Q),   KL(P ‖ M) = Σ p log2(p / m)  (0 log 0 = 0)

The FM paper's DELTA cells come from the stored scores (``*_delta`` of ScholarSum); the evidence
inference models are not reachable here, so this code path is tested on tiny randomly initialised
models built in the test (``tests/test_delta.py``). torch and transformers come with
``scholartools[torch]`` and are imported only when a model is used.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Sequence

SEP = "[SEP]"


def kl_divergence(p: Sequence[float], q: Sequence[float]) -> float:
    """KL(p ‖ q) in bits; terms with p = 0 add 0; infinite when q = 0 where p > 0."""
    total = 0.0
    for a, b in zip(p, q, strict=True):
        if a > 0:
            if b <= 0:
                return math.inf
            total += a * math.log2(a / b)
    return total


def jensen_shannon(p: Sequence[float], q: Sequence[float]) -> float:
    """Jensen–Shannon divergence of two distributions, base 2 (in [0, 1])."""
    if len(p) != len(q):
        raise ValueError(f"distributions of different sizes: {len(p)} and {len(q)}")
    sp, sq = sum(p), sum(q)
    if sp <= 0 or sq <= 0 or any(v < 0 for v in (*p, *q)):
        raise ValueError("a distribution needs non-negative values with a positive sum")
    p, q = [v / sp for v in p], [v / sq for v in q]
    m = [(a + b) / 2 for a, b in zip(p, q)]
    return max(0.0, min(1.0, 0.5 * kl_divergence(p, m) + 0.5 * kl_divergence(q, m)))


def _kind(label: str) -> tuple[str, str] | None:
    """('B'|'I', 'intervention'|'outcome') of a BIO label, or None (outside / another kind)."""
    if len(label) < 3 or label[1] != "-" or label[0].upper() not in "BI":
        return None
    name = label[2:].strip().lower()
    if name == "i" or name.startswith("int"):
        return label[0].upper(), "intervention"
    if name == "o" or name.startswith("out"):
        return label[0].upper(), "outcome"
    return None


def spans(text: str, labels: list[tuple[str, int, int]]) -> dict[str, list[str]]:
    """Intervention and outcome spans of ``text`` from token labels ``(label, start, end)``: a span
    starts at B-X (or at I-X not continuing an X span) and runs over the following I-X tokens."""
    out: dict[str, list[str]] = {"intervention": [], "outcome": []}
    cur: list | None = None   # [kind, start, end]
    for label, start, end in labels + [("O", len(text), len(text))]:
        k = _kind(label)
        if k and k[0] == "I" and cur and cur[0] == k[1]:
            cur[2] = end
            continue
        if cur:
            out[cur[0]].append(text[cur[1]:cur[2]].strip())
            cur = None
        if k:
            cur = [k[1], start, end]
    return out


def io_pairs(found: dict[str, list[str]]) -> list[tuple[str, str]]:
    """Every intervention with every outcome, each span once (case folded), in order."""
    def unique(xs):
        seen, keep = set(), []
        for x in xs:
            if x and x.lower() not in seen:
                seen.add(x.lower())
                keep.append(x)
        return keep

    return [(i, o) for i in unique(found["intervention"]) for o in unique(found["outcome"])]


@dataclass
class DeltaResult:
    #: mean JSD over the pairs (lower is better), None without pairs
    score: float | None
    #: one entry per pair: intervention, outcome, the two distributions and their JSD
    pairs: list[dict] = field(default_factory=list)


def delta(reference: str, candidate: str, direction: Callable[[list[tuple[str, str, str]]], list[list[float]]],
          pairs: list[tuple[str, str]] | None = None,
          extract: Callable[[str], list[tuple[str, str]]] | None = None) -> DeltaResult:
    """DELTA of ``candidate`` against ``reference``: the I&O pairs (``pairs``, else
    ``extract(reference)``), their direction distributions ``direction([(i, o, text)])`` on both
    texts, and the mean Jensen–Shannon divergence (base 2)."""
    if pairs is None:
        if extract is None:
            raise ValueError("no I&O pairs given and no tagger")
        pairs = extract(reference)
    pairs = [(str(i), str(o)) for i, o in pairs]
    if not pairs:
        return DeltaResult(None, [])
    dists = direction([(i, o, reference) for i, o in pairs] + [(i, o, candidate) for i, o in pairs])
    n = len(pairs)
    rows = [{"intervention": i, "outcome": o, "reference": list(dists[k]), "candidate": list(dists[n + k]),
             "jsd": jensen_shannon(dists[k], dists[n + k])} for k, (i, o) in enumerate(pairs)]
    return DeltaResult(sum(r["jsd"] for r in rows) / n, rows)


# ----------------------------------------------------------------------------- local checkpoints

class Tagger:
    """``extract`` of :func:`delta` over a local token-classification checkpoint (BIO labels in
    its config's ``id2label``; a fast tokenizer)."""

    def __init__(self, model_dir: str | None = None, *, model=None, max_input_tokens: int = 512):
        from scholartools.metrics.checkpoints import load

        self.model, self.tok = model if model is not None else load(model_dir, "token-classification",
                                                                    "DELTA's I/O tagger")
        self.max_input_tokens = max_input_tokens

    def __call__(self, text: str) -> list[tuple[str, str]]:
        from scholartools.metrics.checkpoints import token_labels

        return io_pairs(spans(text, token_labels(self.model, self.tok, text, self.max_input_tokens,
                                                 "DELTA's I/O tagger")))


class DirectionClassifier:
    """``direction`` of :func:`delta` over a local sequence-classification checkpoint."""

    def __init__(self, model_dir: str | None = None, *, model=None, max_input_tokens: int = 512,
                 batch_size: int = 16):
        from scholartools.metrics.checkpoints import load

        self.model, self.tok = model if model is not None else load(model_dir, "sequence-classification",
                                                                    "DELTA's evidence-direction classifier")
        self.sep = getattr(self.tok, "sep_token", None) or SEP
        self.max_input_tokens, self.batch_size = max_input_tokens, batch_size

    def inputs(self, triples: list[tuple[str, str, str]]) -> list[str]:
        return [f"{i} {self.sep} {o} {self.sep} {t}" for i, o, t in triples]

    def __call__(self, triples: list[tuple[str, str, str]]) -> list[list[float]]:
        from scholartools.metrics.checkpoints import class_probabilities

        return class_probabilities(self.model, self.tok, self.inputs(triples), self.max_input_tokens,
                                   self.batch_size, "DELTA's evidence-direction classifier")
