"""QuestEval (Scialom et al., EMNLP 2021), the QA-based baseline of the FM paper's Fig. 5 / Table 3,
over local seq2seq checkpoints: the algorithm, not the authors' package or weights.

The method compares a summary S with its source D by questions:

* **answer selection** — candidate answers are picked from a text (QuestEval takes spaCy's named
  entities and nouns; here a rule without a tagger: numbers, capitalised spans, and the other
  content words, in order of first appearance, at most ``max_answers``);
* **question generation** ``QG(answer, text)`` — a seq2seq model reads ``"answer </s> text"`` and
  writes a question whose answer is ``answer``;
* **question answering** ``QA(question, text)`` — a seq2seq model reads ``"question </s> text"``
  and writes the answer; the probability that the question cannot be answered from ``text`` is the
  probability its first decoding step gives to the first token of ``unanswerable`` (the token
  QuestEval's QA models were trained to produce for unanswerable questions);
* **precision** (is what S says supported by D?) — questions generated from S, answered on D;
  each scores the token F1 (SQuAD normalisation) between D's answer and the answer selected in S;
  the mean over S's questions;
* **recall** (is what D says in S?) — questions generated from D, answered on S; each scores its
  answerability ``1 - P(unanswerable | S, q)``, weighted by ``W(q, D)`` — the paper's learned query
  weighter when given (``weighter``), else uniform (QuestEval's own default does not weight);
* **score** — the harmonic mean of precision and recall (``combine="f1"``) or their mean
  (``combine="mean"``; the FM paper does not say which QuestEval variant it ran).

The FM paper's QuestEval cells come from the stored scores (``*_questeval`` of ScholarSum); the
authors' T5 QG / QA checkpoints cannot be downloaded here, so this code path is tested on tiny
randomly initialised models built in the test (``tests/test_questeval.py``). torch and
transformers come with ``scholartools[torch]`` and are imported only when a model is used.
"""
from __future__ import annotations

import re
import string
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable

UNANSWERABLE = "unanswerable"
SEP = " </s> "

_STOP = frozenset("""a an the and or but if then else of in on at to for from by with without as is are was were be
been being this that these those it its they them their we our you your he she his her i me my not no nor so
than too very can could may might must shall should will would do does did done has have had having which who
whom whose what when where why how all any both each few more most other some such only own same into over
under again further once here there about above below between through during before after up down out off also
however thus therefore while because although though whether""".split())
_TOKEN = re.compile(r"[A-Za-z][A-Za-z\-]*|\d+(?:[.,]\d+)*%?")


# ----------------------------------------------------------------------------- text pieces

def normalise(text: str) -> str:
    """SQuAD's answer normalisation: lower case, punctuation and articles removed, spaces collapsed."""
    text = "".join(ch for ch in text.lower() if ch not in set(string.punctuation))
    text = re.sub(r"\b(a|an|the)\b", " ", text)
    return " ".join(text.split())


def token_f1(prediction: str, gold: str) -> float:
    """SQuAD token F1 of two answers (1.0 when both normalise to nothing, 0.0 when one does)."""
    p, g = normalise(prediction).split(), normalise(gold).split()
    if not p or not g:
        return float(p == g)
    common = sum((Counter(p) & Counter(g)).values())
    if common == 0:
        return 0.0
    prec, rec = common / len(p), common / len(g)
    return 2 * prec * rec / (prec + rec)


def select_answers(text: str, max_answers: int = 20) -> list[str]:
    """Candidate answers of ``text``: numbers, runs of capitalised words (not a sentence's first
    word alone), then the other content words; each once, in order of kind then of appearance."""
    numbers, names, words = [], [], []
    for sent in re.split(r"(?<=[.!?])\s+", text.strip()):
        toks = _TOKEN.findall(sent)
        run: list[str] = []
        for k, tok in enumerate(toks + [""]):
            if tok and tok[0].isupper() and (k > 0 or (len(toks) > 1 and toks[1][:1].isupper())):
                run.append(tok)
                continue
            if run:
                names.append(" ".join(run))
                run = []
            if not tok:
                break
            if tok[0].isdigit():
                numbers.append(tok)
            elif tok.lower() not in _STOP and len(tok) > 2:
                words.append(tok)
    out: list[str] = []
    seen: set[str] = set()
    for cand in numbers + names + words:
        key = normalise(cand)
        if key and key not in seen:
            seen.add(key)
            out.append(cand)
    return out[:max_answers]


# ----------------------------------------------------------------------------- the algorithm

@dataclass
class QuestEvalResult:
    precision: float
    recall: float
    score: float
    #: one entry per question: the side it was asked from, its answer, the question, the answer on
    #: the other text, P(unanswerable) there, and the question's score (F1 or answerability)
    questions: list[dict] = field(default_factory=list)


def questeval(source: str, summary: str, ask: Callable[[list[tuple[str, str]]], list[str]],
              answer: Callable[[list[tuple[str, str]]], list[tuple[str, float]]], *,
              weighter: Callable[[str, str, str], float] | None = None, max_answers: int = 20,
              combine: str = "f1") -> QuestEvalResult:
    """QuestEval of ``summary`` against ``source`` with a question generator ``ask([(answer, text)])
    -> [question]`` and a reader ``answer([(question, text)]) -> [(answer, p_unanswerable)]``."""
    if combine not in ("f1", "mean"):
        raise ValueError("combine must be 'f1' or 'mean'")
    rows: list[dict] = []
    for side, text, other in (("summary", summary, source), ("source", source, summary)):
        answers = select_answers(text, max_answers)
        questions = ask([(a, text) for a in answers]) if answers else []
        replies = answer([(q, other) for q in questions]) if questions else []
        for a, q, (pred, p_unans) in zip(answers, questions, replies):
            row = {"side": side, "answer": a, "question": q, "predicted": pred, "p_unanswerable": float(p_unans)}
            if side == "summary":
                row["score"] = token_f1(pred, a)
            else:
                row["score"] = 1.0 - float(p_unans)
                row["weight"] = float(weighter(q, a, source)) if weighter else 1.0
            rows.append(row)
    prec_rows = [r for r in rows if r["side"] == "summary"]
    rec_rows = [r for r in rows if r["side"] == "source"]
    precision = sum(r["score"] for r in prec_rows) / len(prec_rows) if prec_rows else 0.0
    total = sum(r["weight"] for r in rec_rows)
    recall = sum(r["weight"] * r["score"] for r in rec_rows) / total if total > 0 else 0.0
    if combine == "mean":
        score = (precision + recall) / 2
    else:
        score = 2 * precision * recall / (precision + recall) if precision + recall > 0 else 0.0
    return QuestEvalResult(precision, recall, score, rows)


# ----------------------------------------------------------------------------- local checkpoints

class Seq2SeqQuestions:
    """``ask`` and ``answer`` of :func:`questeval` over local seq2seq checkpoints (directories, or
    model and tokenizer objects): one for question generation, one for question answering."""

    def __init__(self, qg_dir: str | None = None, qa_dir: str | None = None, *, qg=None, qa=None,
                 max_input_tokens: int = 512, max_length: int = 32, num_beams: int = 1, batch_size: int = 8):
        from scholartools.generate import seq2seq

        self.qg = qg if qg is not None else seq2seq.load(qg_dir, "QuestEval's question generator")
        self.qa = qa if qa is not None else seq2seq.load(qa_dir, "QuestEval's question answerer")
        self.max_input_tokens, self.max_length = max_input_tokens, max_length
        self.num_beams, self.batch_size = num_beams, batch_size

    def ask(self, pairs: list[tuple[str, str]]) -> list[str]:
        from scholartools.generate import seq2seq

        model, tok = self.qg
        return seq2seq.generate([f"{a}{SEP}{t}" for a, t in pairs], model=model, tokenizer=tok,
                                max_input_tokens=self.max_input_tokens, max_length=self.max_length,
                                num_beams=self.num_beams, batch_size=self.batch_size)

    def unanswerable_probabilities(self, inputs: list[str]) -> list[float]:
        """P(first decoded token = the first token of ``unanswerable``) for each input."""
        from scholartools.extras import require

        torch = require("torch", "QuestEval's question answerer")
        model, tok = self.qa
        first = tok(UNANSWERABLE, add_special_tokens=False)["input_ids"][0]
        start = model.config.decoder_start_token_id
        model.eval()
        out: list[float] = []
        with torch.no_grad():
            for i in range(0, len(inputs), self.batch_size):
                enc = tok(inputs[i:i + self.batch_size], max_length=self.max_input_tokens, truncation=True,
                          padding=True, return_tensors="pt")
                dec = torch.full((enc["input_ids"].shape[0], 1), start, dtype=torch.long)
                logits = model(input_ids=enc["input_ids"], attention_mask=enc["attention_mask"],
                               decoder_input_ids=dec).logits[:, 0, :]
                out.extend(torch.softmax(logits, dim=-1)[:, first].tolist())
        return out

    def answer(self, pairs: list[tuple[str, str]]) -> list[tuple[str, float]]:
        from scholartools.generate import seq2seq

        model, tok = self.qa
        inputs = [f"{q}{SEP}{t}" for q, t in pairs]
        texts = seq2seq.generate(inputs, model=model, tokenizer=tok, max_input_tokens=self.max_input_tokens,
                                 max_length=self.max_length, num_beams=self.num_beams, batch_size=self.batch_size)
        return list(zip(texts, self.unanswerable_probabilities(inputs)))

    def score(self, source: str, summary: str, **kwargs) -> QuestEvalResult:
        return questeval(source, summary, self.ask, self.answer, **kwargs)
