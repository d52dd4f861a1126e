"""AAAR-1.0 metrics (Lou et al., ICML 2025), as its released scoring scripts compute them.

The seed text lost its display math; every formula here follows ``specs/seed-aaar.md``, which
reconstructs it from the official code:

* EquationInference: F1 of the "correct equation" class over per-candidate 0/1 decisions, with
  format failures scored as wrong (§1.3–1.4) — see :func:`eqinfer_decision`.
* ExperimentDesign: En-Precision / En-Recall / En-F1 from entailment judgements, per paper then
  averaged (§2.4, :func:`en_prf`); S-Match, the mean cosine of aligned explanation pairs
  (:func:`s_match`); ROUGE on aligned pairs (:func:`aligned_rouge`).
* PaperWeakness: soft S-Precision / S-Recall / S-F1 against several reviewers' lists
  (§3.4, :func:`s_prf`) and the ITF-IDF diversity score (:func:`itf_idf`).
* ReviewCritique: P/R/F1 with "deficient" as the positive class (§4.3), via
  :func:`scholartools.metrics.classification.binary_prf`.

Functions take embeddings (L2-normalised numpy rows) rather than texts, so that they are exact
and testable without a model; :mod:`scholartools.metrics.score` does the encoding.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np


# --------------------------------------------------------------------------- EquationInference

def parse_binary(value: Any) -> int | None:
    """A 0/1 decision from 0/1, True/False or the strings "0"/"1"; anything else is ``None``.

    AAAR's closed-model parser is ``int(reply.strip())`` restricted to 0 or 1.
    """
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int) and value in (0, 1):
        return value
    if isinstance(value, float) and value in (0.0, 1.0):
        return int(value)
    if isinstance(value, str) and value.strip() in ("0", "1"):
        return int(value.strip())
    return None


def eqinfer_decision(prediction: Any, gold: Any) -> dict:
    """One EquationInference candidate: the decision that counts, and whether it was parseable.

    AAAR §1.3: a reply that is not exactly 0 or 1 (after stripping) is forced to be wrong,
    i.e. the prediction becomes ``1 − gold``. Returns ``{pred, gold, format_failure, correct}``.
    """
    g = parse_binary(gold)
    if g is None:
        raise ValueError(f"gold label must be 0 or 1, got {gold!r}")
    p = parse_binary(prediction)
    failure = p is None
    if failure:
        p = 1 - g
    return {"pred": p, "gold": g, "format_failure": failure, "correct": p == g}


def normalise_answer(text: str) -> str:
    """AAAR's answer normalisation (SQuAD v1.1's, *without* removing articles): lower case,
    punctuation removed, whitespace collapsed."""
    import string

    text = "".join(ch for ch in text.lower() if ch not in set(string.punctuation))
    return " ".join(text.split())


def choice_decision(prediction: Any, answer: Any) -> dict:
    """One multiple-choice EquationInference item: exact match of the normalised reply and the
    normalised answer letter (AAAR's ``exact_match_score``). No reply (unscored) counts as wrong.
    Returns ``{pred, gold, correct}``."""
    if not isinstance(answer, str) or not normalise_answer(answer):
        raise ValueError(f"the answer must be an option letter, got {answer!r}")
    pred = prediction if isinstance(prediction, str) else None
    return {"pred": pred, "gold": answer,
            "correct": pred is not None and normalise_answer(pred) == normalise_answer(answer)}


# --------------------------------------------------------------------------- ExperimentDesign

def en_prf(prediction_entailed: list, gold_entailed: list) -> dict:
    """En-Precision / En-Recall / En-F1 of one paper (AAAR §2.4).

    ``prediction_entailed[i] = E(p_i, G)``: is predicted experiment i included in the gold list;
    ``gold_entailed[j] = E(g_j, P)``: is gold experiment j included in the prediction.
    P = mean of the first, R = mean of the second, F1 = 2PR/(P+R) (0 when P+R = 0). An empty
    prediction scores 0/0/0; an empty gold list gives R = 0. Unparseable judgements count 0
    (the judge reply parser takes the first 0/1, else 0).
    """
    if not prediction_entailed:
        return {"p": 0.0, "r": 0.0, "f": 0.0}
    pe = [parse_binary(v) or 0 for v in prediction_entailed]
    ge = [parse_binary(v) or 0 for v in gold_entailed]
    p = sum(pe) / len(pe)
    r = sum(ge) / len(ge) if ge else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return {"p": p, "r": r, "f": f}


def s_match(pred_vecs: "np.ndarray", gold_vecs: "np.ndarray") -> float:
    """S-Match of one paper (AAAR §2.4): mean cosine of aligned (prediction, gold) explanations.

    ``k = min(len(pred), len(gold))``; the longer list is truncated. Empty → 0.
    """
    k = min(len(pred_vecs), len(gold_vecs))
    if k == 0:
        return 0.0
    return float((pred_vecs[:k] * gold_vecs[:k]).sum(axis=1).mean())


def aligned_rouge(predictions: list[str], golds: list[str], rouge_type: str = "rougeL",
                  use_stemmer: bool = True) -> float:
    """ROUGE F-measure averaged over aligned pairs of one paper (AAAR §2.4: stemmer on).

    Lists truncated to equal length; empty → 0.
    """
    from scholartools.metrics.overlap import rouge

    k = min(len(predictions), len(golds))
    if k == 0:
        return 0.0
    return sum(rouge(golds[i], predictions[i], (rouge_type,), use_stemmer)[rouge_type]["f"]
               for i in range(k)) / k


# --------------------------------------------------------------------------- PaperWeakness

def s_prf(pred_vecs: "np.ndarray", reviewer_vecs: list["np.ndarray"]) -> dict:
    """Soft S-Precision / S-Recall / S-F1 of one paper (AAAR §3.4, ``soft_accumulate``).

    With predictions p_1..p_m and reviewers k = 1..r (empty lists skipped) holding w^k_j:
    S-P = (1/m) Σ_i (1/r) Σ_k max_j cos(p_i, w^k_j);
    S-R = (1/r) Σ_k (1/n_k) Σ_j max_i cos(w^k_j, p_i);
    S-F1 = 2PR/(P+R+1e-10). No threshold. Empty prediction (or no non-empty reviewer) → 0/0/0.
    """
    reviewers = [v for v in reviewer_vecs if len(v)]
    if len(pred_vecs) == 0 or not reviewers:
        return {"p": 0.0, "r": 0.0, "f": 0.0}
    prec_terms = []
    rec_terms = []
    for w in reviewers:
        sims = pred_vecs @ w.T  # m × n_k
        prec_terms.append(sims.max(axis=1))      # best match of each prediction in this reviewer
        rec_terms.append(float(sims.max(axis=0).mean()))
    p = float(sum(prec_terms).mean() / len(reviewers))
    r = sum(rec_terms) / len(reviewers)
    f = 2 * p * r / (p + r + 1e-10)
    return {"p": p, "r": r, "f": f}


def itf_idf(papers: list["np.ndarray"], threshold: float = 0.5, block: int = 512) -> list[float]:
    """ITF-IDF weakness diversity of every paper in a corpus (AAAR §3.4, ``cross_focus_diversity``).

    ``papers[i]`` holds the embeddings of paper i's predicted weaknesses (AAAR: all-MiniLM-L6-v2;
    an empty list must be replaced by the embedding of ``"None"`` by the caller). For weakness
    w_j of paper i (n_i items, N papers, s = cosine, τ = ``threshold``, natural log)::

        O_j = Σ_{j'} s(w_j, w_j') · 1[s ≥ τ]          (j' over paper i, including j itself)
        m_k = round(max_{j'} s(w_j, w^{(k)}_{j'}), 2)  (for every other paper k)
        R_j = 1 + Σ_{k≠i} m_k · 1[m_k ≥ τ]
        ITF-IDF_j = log(n_i / O_j) · log(N / R_j)

    A paper scores the mean over its weaknesses; the reported value is the mean over papers.
    """
    import numpy as np

    sizes = [len(p) for p in papers]
    if any(s == 0 for s in sizes):
        raise ValueError("every paper needs at least one weakness embedding (use 'None' for empty)")
    n_papers = len(papers)
    if n_papers == 0:
        return []
    # float32 like the sentence-transformers cosines AAAR rounds; blocks keep memory at
    # block × items (993 papers × ~15 weaknesses: 512 × 15k × 4 B ≈ 30 MB)
    allv = np.concatenate([np.asarray(p, dtype=np.float32) for p in papers], axis=0)
    owner = np.repeat(np.arange(n_papers), sizes)
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    scores_per_item = np.empty(len(allv))
    for lo in range(0, len(allv), block):
        hi = min(lo + block, len(allv))
        sims = allv[lo:hi] @ allv.T                       # rows: items lo..hi, cols: every item
        maxes = np.maximum.reduceat(sims, starts, axis=1)  # rows × papers: best match per paper
        for row in range(hi - lo):
            j = lo + row
            i = owner[j]
            own = sims[row, starts[i]:starts[i] + sizes[i]]
            o = float(own[own >= threshold].sum())
            m = np.round(maxes[row].astype(np.float64), 2)
            m[i] = 0.0
            r = 1.0 + float(m[m >= threshold].sum())
            itf = math.log(sizes[i] / o) if o > 0 else 0.0
            scores_per_item[j] = itf * math.log(n_papers / r)
    return [float(scores_per_item[s:s + n].mean()) for s, n in zip(starts, sizes)]
