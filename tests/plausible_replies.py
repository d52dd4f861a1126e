"""Plausible replies for every prompt scholartools sends: the scripted server's stand-in model
for running whole pipelines offline (``examples/*/Makefile``'s ``check`` target).

    python tests/openai_server.py --replies tests/plausible_replies.py

:func:`reply` recognises which of the shipped templates (``scholartools/templates/*.txt``) a
request was rendered from — every literal stretch of the template's user message occurs in the
prompt, in order; the template with the most literal text wins — reads the template's fields
back out of the prompt, and answers in the shape that template asks for, built from the prompt's
own text: verbatim sentences where a verbatim copy is asked (claims, weaknesses, limitation
points, facets), scores from the word overlap of the two texts compared, lists, JSON objects,
tags. The answers are plausible in form, not in judgement: they let every stage of a pipeline
run and every parser accept its reply. A prompt no template matches gets ``OK``.

A template's literal stretches are found with ``str.find`` one after another, so a prompt is
read in linear time whatever its length.
"""
from __future__ import annotations

import json
import re
import threading
import zlib
from functools import lru_cache

_WORD = re.compile(r"[A-Za-z]{4,}")
_SENT_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z(\[\"'])")
_NUMBERED = re.compile(r"^\s*(\d{1,3})[.)]\s*(.*)$")
_STOP = frozenset("""this that with from have were which their there these those been into than
then they them also more most such only other over under about after before between while where
when what will would could should each both does done being very much many some same paper work
study method methods result results using used show shows shown based""".split())


# ---------------------------------------------------------------------------- templates
@lru_cache(maxsize=1)
def _templates() -> list[tuple[str, list[str], list[str]]]:
    """``[(name, literal pieces, field names)]`` of every shipped template's first user message."""
    from scholartools.llm.templates import FIELD_RE, available, load

    out = []
    for name in available():
        tpl = load(name)
        user = next((raw for role, raw in tpl.messages() if role == "user"), None)
        if user is None:
            continue
        pieces = FIELD_RE.split(user)          # literal, field, literal, field, …, literal
        out.append((name, pieces[0::2], pieces[1::2]))
    return out


def identify(prompt: str) -> tuple[str | None, dict]:
    """The template ``prompt`` was rendered from and its field values (``(None, {})`` if none)."""
    best: tuple[int, str | None, dict] = (-1, None, {})
    for name, literals, fields in _templates():
        values = _read_fields(prompt, literals, fields)
        if values is None:
            continue
        weight = sum(len(s) for s in literals)
        if weight > best[0]:
            best = (weight, name, values)
    return best[1], best[2]


def _read_fields(prompt: str, literals: list[str], fields: list[str]) -> dict | None:
    """The field values of ``prompt`` if it is ``literals`` with fields between them, else None.

    Literal stretches are found left to right (first occurrence); a template that begins with a
    field ends that field at the last occurrence of the literal after it, since its value (ICE's
    examples) may repeat the literals that follow it while later fields (BatchEval's items) may
    repeat the ones before them."""
    if not prompt.startswith(literals[0]) or not prompt.endswith(literals[-1]):
        return None
    if len(prompt) < len(literals[0]) + len(literals[-1]):
        return None
    if not fields:
        return {} if prompt == literals[0] else None
    values: dict = {}
    pos = len(literals[0])
    start = 0
    if not literals[0] and literals[1]:
        # a leading field (ICE's examples, a rating task) may repeat the literals that follow it:
        # it ends at the last occurrence of the next literal; the rest is read left to right
        end = prompt.rfind(literals[1], 0, len(prompt) - len(literals[-1]) if len(fields) > 1 else None)
        if end < 0:
            return None
        values[fields[0]] = prompt[:end]
        pos = end + len(literals[1])
        start = 1
    for i in range(start, len(fields)):
        name, lit = fields[i], literals[i + 1]
        if i + 1 == len(fields):
            end = len(prompt) - len(lit)
        elif lit:
            end = prompt.find(lit, pos)
        else:
            end = pos
        if end < pos:
            return None
        values.setdefault(name, prompt[pos:end])
        pos = end + len(lit)
    return values


def _prompt(body: dict) -> str:
    """The first user message (a repair re-ask appends turns after it)."""
    for m in body.get("messages") or []:
        if m.get("role") == "user":
            content = m.get("content")
            if isinstance(content, list):
                content = "".join(p.get("text", "") for p in content if isinstance(p, dict))
            return str(content or "")
    return ""


# ---------------------------------------------------------------------------- text helpers
def sentences(text: str) -> list[str]:
    """Sentences of ``text``, each a verbatim stretch of it (whitespace inside kept)."""
    out = []
    for part in _SENT_END.split(text or ""):
        part = part.strip()
        if part:
            out.append(part)
    return out


def words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(text or "")} - _STOP


def overlap(a: str, b: str) -> float:
    """Shared content words over the smaller text's content words (0 when either has none)."""
    wa, wb = words(a), words(b)
    if not wa or not wb:
        return 0.0
    return len(wa & wb) / min(len(wa), len(wb))


def _numbered_items(text: str) -> list[str]:
    items = []
    for line in (text or "").splitlines():
        m = _NUMBERED.match(line)
        if m:
            items.append(m.group(2).strip())
    return items


def _few_words(text: str, n: int) -> str:
    return " ".join((text or "").split()[:n]).rstrip(".,;:")


def _keyword(text: str) -> str:
    ws = [w for w in _WORD.findall(text or "") if w.lower() not in _STOP]
    return max(ws, key=len).lower() if ws else "scope"


def _scale(ov: float, low: int = 1, high: int = 5) -> int:
    return low + round((high - low) * min(1.0, ov))


_counts: dict[str, int] = {}
_counts_lock = threading.Lock()


def _nth(key: str) -> int:
    """How many times this prompt was seen before (samples of one prompt get different answers)."""
    with _counts_lock:
        k = _counts.get(key, 0)
        _counts[key] = k + 1
    return k


def _stable(text: str) -> int:
    return zlib.crc32((text or "").encode("utf-8"))


# ---------------------------------------------------------------------------- the replies
_LIMIT_CUES = ("limit", "only", "not ", "future", "small", "however", "cannot", "restrict", "assum", "lack")
_CRITIC_CUES = ("should", "lack", "unclear", "not clear", "limited", "insufficient", "missing", "could be")
_CLAIM_CUES = ("we show", "we propose", "we present", "we introduce", "outperform", "improve", "our ",
               "results", "we find", "achiev", "first")


def _pick(sents: list[str], cues: tuple[str, ...], k: int) -> list[str]:
    hits = [s for s in sents if any(c in s.lower() for c in cues)]
    return (hits or sents)[:k]


def _limitation_list(content: str, k: int = 3) -> str:
    sents = [s for s in sentences(content) if len(s.split()) >= 5] or ["The text gives little detail."]
    chosen = []
    for s in sents:
        if all(overlap(s, c) < 0.5 for c in chosen):
            chosen.append(s)
        if len(chosen) == k:
            break
    lines = []
    for i, s in enumerate(chosen, 1):
        lines.append(f"{i}. **Limited {_keyword(s)}**: the paper does not test how far this holds: "
                     f"\"{_few_words(s, 14)}\".")
    return "\n".join(lines)


def _json(obj) -> str:
    return json.dumps(obj, ensure_ascii=False)


def _rater(document: str, summary: str) -> int:
    """1-5: how much of the text's content the document holds, and how much the text says."""
    share = overlap(summary, document)
    told = min(1.0, len(summary.split()) / 30)
    return 1 + round(2 * share + 2 * told)


def _claims_extract(f):
    return _json({"claims": _pick(sentences(f["chunk"]), _CLAIM_CUES, 3)})


def _claims_weaknesses(f):
    review = f["review"]
    out, inside = [], False
    for line in review.splitlines():
        s = line.strip()
        if not s:
            continue
        if re.match(r"^[A-Za-z ,]{3,60}:$", s):
            inside = "weakness" in s.lower() and "strength" not in s.lower()
            continue
        if inside:
            out.append(re.sub(r"^(\d{1,2}[.)]|[-*\u2022])\s*", "", s))
    if not out:
        out = [s for s in sentences(review) if any(c in s.lower() for c in _CRITIC_CUES)][:3]
    return _json({"weaknesses": out})


def _claims_associate(f):
    claims = []
    for line in f["claims"].splitlines():
        cid, sep, text = line.partition(": ")
        if sep and cid.startswith("Claim"):
            claims.append((cid, text))
    scored = sorted(((overlap(f["weakness"], t), cid) for cid, t in claims), reverse=True)
    targets = [cid for ov, cid in scored[:1] if ov >= 0.2]
    return _json({"reasoning": "The weakness disputes the claim it shares its subject with." if targets
                  else "The weakness disputes no listed claim.", "targets": targets, "custom_target": ""})


_EQ_TAILS = ("+ 1", "- x", "\\cdot 2", "+ \\alpha", "- 2 y", "+ z^{2}", "\\cdot \\beta", "- 3", "+ q", "/ 2",
             "+ 5", "- \\gamma")


def _eqsynth_recover(f, key):
    lhs = f["lhs"].strip()
    if lhs.endswith("```"):
        lhs = lhs[:-3].strip()
    return f"{lhs} {_EQ_TAILS[_nth(key) % len(_EQ_TAILS)]}"


def _facets_extract(f):
    sents = sentences(f["text"])
    n = len(sents)
    if n == 0:
        return _json({"background": "", "method": "", "result": "", "conclusion": ""})
    if n < 4:
        parts = {"background": sents[0], "method": sents[1] if n > 1 else "", "result": sents[2] if n > 2 else "",
                 "conclusion": ""}
    else:
        q = max(1, n // 4)
        parts = {"background": " ".join(sents[:q]), "method": " ".join(sents[q:2 * q]),
                 "result": " ".join(sents[2 * q:n - 1]), "conclusion": sents[-1]}
    return _json(parts)


def _facets_judge(f, high):
    ref, cand = f["reference"], f["candidate"]
    if not words(cand):
        return "1"
    ov = overlap(ref, cand)
    return str(max(1, min(high, 1 + round((high - 1) * ov + 0.4))))


def _evidence(paper: str) -> str:
    return next((s for s in sentences(paper) if len(s.split()) >= 6), _few_words(paper, 12))


_TYPES = {"insufficient": True, "contradictory": False, "novelty": False, "clarity": False,
          "related_work": False, "other": False}


def _claim_weakness(f):
    return _json({"evidence": {"text_0": _evidence(f["paper"])}, "figures": [], "tables": [], "algorithms": [],
                  "reasoning": f"The claim \"{_few_words(f['claim'], 12)}\" rests on [text_0] alone; no experiment "
                               "isolates the effect it states.", "weakness_types": _TYPES})


def _weakness_distill(f):
    return _json({"evidence": {"text_0": _evidence(f["paper"])}, "figures": [], "tables": [], "algorithms": [],
                  "reasoning": f"As the reviewer notes, {_few_words(f['weakness'], 25)}; [text_0] does not settle it."})


def _weakness_edit(f):
    w = " ".join(f["weakness"].split())
    objectivity = 4 if re.search(r"\d|Table|Section|Figure", w) else 2
    return _json({"objectivity_reasoning": "Judged from the observations the weakness states.",
                  "objectivity": objectivity, "agreement_reasoning": "Partly applicable to the claims listed.",
                  "agreement": 3, "type_reasoning": "It asks for more support.", "weakness_types": _TYPES,
                  "rewrite_reasoning": "Names what is missing.",
                  "rewritten_weakness": w + " Specifically, the paper reports no experiment isolating this point."})


def _experiments(f):
    sents = _pick(sentences(f["context"]), ("we ", "evaluat", "experiment", "compar", "dataset", "propose"), 3)
    return "\n".join(f"{i}. Evaluate whether {_few_words(s, 16).lower()} holds against a strong baseline."
                     for i, s in enumerate(sents, 1)) or "1. Compare the method with a baseline."


def _explanation(f):
    return f"To show that {_few_words(f['experiment'], 18).lower()} supports the paper's main claim."


def _explanations_list(f):
    items = _numbered_items(f["experiments"]) or [f["experiments"]]
    n = int(f["n"]) if f["n"].strip().isdigit() else len(items)
    items = (items + items[-1:] * n)[:n]
    return "\n".join(f"{i}. To show that {_few_words(t, 16).lower()} supports the main claim."
                     for i, t in enumerate(items, 1))


def _aggregate(f):
    items, seen = [], []
    for line in f["lists"].splitlines():
        m = _NUMBERED.match(line)
        if m and all(overlap(m.group(2), s) < 0.6 for s in seen):
            seen.append(m.group(2))
            items.append(m.group(2).strip())
    items = items or ["**Limited scope**: the parts do not state a limitation clearly."]
    return "\n".join(f"{i}. {t}" for i, t in enumerate(items, 1))


def _rerank(f):
    out = []
    for m in re.finditer(r"^Chunk (\d+): (.*)$", f["chunks"], re.M):
        ov = overlap(m.group(2), f["content"])
        out.append({"chunk": int(m.group(1)), "score": 9 if ov >= 0.15 else 3, "reason": "shared topic" if ov >= 0.15
                    else "little connection"})
    return _json(out)


def _problem_method(abstract: str) -> tuple[str, str]:
    sents = sentences(abstract) or [abstract or "the task"]
    problem = _few_words(sents[0], 10).lower()
    how = next((s for s in sents if re.search(r"\bwe (propose|present|introduce|describe|develop)", s, re.I)),
               sents[1] if len(sents) > 1 else sents[0])
    method = _few_words(re.sub(r"^.*?\bwe (propose|present|introduce|describe|develop)\s+", "", how, flags=re.I), 10)
    return problem or "the task", method.lower() or "the proposed method"


def _rq(f):
    p, m = _problem_method(f["abstract"])
    return f"Can {p} be solved by {m}?"


def _rq3(f):
    p, m = _problem_method(f["abstract"])
    return (f"<THINK>The abstract states the problem first and then the method that addresses it.</THINK>\n"
            f"<RESEARCH_QUESTION><PROBLEM>{p}</PROBLEM><METHOD>{m}</METHOD>Can {p} be solved by {m}?"
            f"</RESEARCH_QUESTION>")


def _summary(f):
    try:
        n = int(f["words"])
    except ValueError:
        n = 200
    return " ".join(f["paper"].split()[:n])


def _weaknesses(f):
    sents = [s for s in sentences(f["paper"]) if len(s.split()) >= 6]
    if not sents:
        return "No research content"
    chosen = _pick(sents, _LIMIT_CUES, 3)
    return "\n".join(f"{i}. The paper does not justify that {_few_words(s, 14).lower()}."
                     for i, s in enumerate(chosen, 1))


def _compare3(f):
    ov = overlap(f["reviewer_weakness"], f["model_weakness"])
    label = "same" if ov >= 0.5 else "similar" if ov >= 0.2 else "different"
    return f"The two criticisms share {round(100 * ov)}% of their content words.\nVerdict: {label}"


def _segments(text: str) -> list[tuple[int, str]]:
    return [(int(m.group(1)), m.group(2)) for m in re.finditer(r"^\[(\d+)\] (.*)$", text, re.M)]


def _critique_all(f):
    return _json([{"id": k, "deficient": any(c in s.lower() for c in _CRITIC_CUES),
                   "explanation": "It asks for something without saying why." if any(
                       c in s.lower() for c in _CRITIC_CUES) else "Accurate."} for k, s in _segments(f["segments"])])


def _critique_select(f):
    return _json([{"id": k, "explanation": "It asks for something without saying why."}
                  for k, s in _segments(f["segments"]) if any(c in s.lower() for c in _CRITIC_CUES)])


def _entail(f):
    items = _numbered_items(f["items"]) or [f["items"]]
    return "1" if any(overlap(f["item"], t) >= 0.3 for t in items) else "0"


def _equation(f):
    return "1" if _stable(" ".join(f["candidate"].split())) % 3 == 0 else "0"


def _labels(f):
    w = f["weakness"]
    return _json({"objectivity_reasoning": "From the observations it states.",
                  "objectivity": 4 if re.search(r"\d", w) else 2, "agreement_reasoning": "Partly convincing.",
                  "agreement": 3, "types_reasoning": "It asks for more support.", "types": _TYPES})


def _match(f):
    return "Yes" if overlap(f["first"], f["second"]) >= 0.25 else "No"


def _match_matrix(f):
    a, b = _numbered_items(f["first_list"]), _numbered_items(f["second_list"])
    return _json({"matrix": [[int(overlap(x, y) >= 0.25) for y in b] for x in a]})


def _prefer(f):
    a, b = len(f["first"].split()), len(f["second"].split())
    verdict = "A" if a > 1.2 * b else "B" if b > 1.2 * a else "tie"
    return f"The more specific version names more of what is wrong and where.\nVerdict: {verdict}"


def _rate(f):
    return _rater(f["document"], f["summary"])


def _steps(f):
    try:
        n = int(f["n_steps"])
    except ValueError:
        n = 5
    return "\n".join(f"{i}. Check the text against the source document, point {i}." for i in range(1, n + 1))


def _batch(f):
    scores = []
    for block in re.split(r"(?:^|\n\n)Item \d+\n", f["items"])[1:]:
        doc, _, summary = block.partition("\n\nText to evaluate:\n")
        scores.append(round(1 + 4 * min(1.0, overlap(summary, doc.replace("Source document:\n", "", 1))), 1))
    return _json({"analysis": "Items are compared by how much of the source they cover.", "scores": scores})


def _coa_aspects(f):
    try:
        n = int(f["n_aspects"])
    except ValueError:
        n = 3
    names = ["coverage", "precision", "clarity", "specificity", "faithfulness", "concision"]
    return _json([{"aspect": names[i % len(names)], "definition": f"How well the text shows {names[i % len(names)]}."}
                  for i in range(n)])


def _criteria(_f):
    return ("<criteria>\n1: the text misses the point.\n2: it touches the point vaguely.\n3: it states the point "
            "partly.\n4: it states the point with minor gaps.\n5: it states the point fully and precisely.\n</criteria>")


def _ice(f):
    return str(_rater(f["document"], f["summary"]))


def _points(text: str) -> list[str]:
    return [s for s in sentences(text) if len(s.split()) >= 4]


def _refine(f):
    sents = _points(f["text"])
    kept = [s for s in sents if not re.match(r"^(this|our) (work|paper|study) has (several|some|a few) limitation", s,
                                             re.I)]
    return _json(kept)


def _reviews(f):
    return _json([s for s in _points(f["text"]) if any(c in s.lower() for c in _CRITIC_CUES + _LIMIT_CUES)])


def _merge(f, intersection: bool):
    a, b = _numbered_items(f["author"]), _numbered_items(f["review"])
    if intersection:
        return _json([x for x in a if any(overlap(x, y) >= 0.5 for y in b)])
    return _json(a + [y for y in b if all(overlap(x, y) < 0.5 for x in a)])


RULES = {
    "claims_associate": _claims_associate,
    "claims_extract": _claims_extract,
    "claims_weaknesses": _claims_weaknesses,
    "eqsynth_filter": lambda f: "Correct",
    "eqsynth_filter_flaw": lambda f: "Correct",
    "facets_extract": _facets_extract,
    "facets_judge_bc": lambda f: _facets_judge(f, 3),
    "facets_judge_mr": lambda f: _facets_judge(f, 4),
    "facets_judge_bc_few": lambda f: _facets_judge(f, 3),
    "facets_judge_mr_few": lambda f: _facets_judge(f, 4),
    "gen_claim_weakness": _claim_weakness,
    "gen_experiments": _experiments,
    "gen_explanation": _explanation,
    "gen_explanations_list": _explanations_list,
    "gen_leak_filter": lambda f: "1" if overlap(f["sentence"], f["experiments"]) >= 0.5 else "0",
    "gen_limitations": lambda f: _limitation_list(f["content"]),
    "gen_limitations_aggregate": _aggregate,
    "gen_limitations_rag": lambda f: _limitation_list(f["content"] + "\n" + f["context"], 4),
    "gen_rag_rerank": _rerank,
    "gen_rq1": _rq,
    "gen_rq2": _rq,
    "gen_rq3": _rq3,
    "gen_summary": _summary,
    "gen_weakness_distill": _weakness_distill,
    "gen_weakness_edit": _weakness_edit,
    "gen_weaknesses": _weaknesses,
    "judge_compare3": _compare3,
    "judge_critique_all": _critique_all,
    "judge_critique_select": _critique_select,
    "judge_entail": _entail,
    "judge_equation": _equation,
    "judge_equation_choice": lambda f: "ABCD"[_stable(f["options"]) % 4],
    "judge_labels": _labels,
    "judge_match_1": _match,
    "judge_match_2": _match,
    "judge_match_3": _match,
    "judge_match_matrix_1": _match_matrix,
    "judge_match_matrix_2": _match_matrix,
    "judge_match_matrix_3": _match_matrix,
    "judge_prefer": _prefer,
    "judge_rate_analyze": lambda f: f"Good: it names the problem. Bad: it is vague on details.\nRating: {_rate(f)}",
    "judge_rate_autocal_draft": _criteria,
    "judge_rate_autocal_refine": _criteria,
    "judge_rate_batch": _batch,
    "judge_rate_coa_aspects": _coa_aspects,
    "judge_rate_coa_final": lambda f: f"Score: {_rate(f)}",
    "judge_rate_coa_sub": lambda f: f"Score: {_rate(f)}",
    "judge_rate_direct": lambda f: f"Score: {_rate(f)}",
    "judge_rate_explain": lambda f: f"Rating: {_rate(f)}\nThe text covers part of the source document.",
    "judge_rate_geval": lambda f: str(_rate(f)),
    "judge_rate_geval_steps": _steps,
    "judge_rate_ice": _ice,
    "limits_merge_intersection": lambda f: _merge(f, True),
    "limits_merge_union": lambda f: _merge(f, False),
    "limits_refine": _refine,
    "limits_reviews": _reviews,
}


def reply(body: dict) -> str:
    """The reply to one chat request (the scripted server's reply function)."""
    prompt = _prompt(body)
    name, fields = identify(prompt)
    if name == "eqsynth_recover":
        return _eqsynth_recover(fields, prompt)
    rule = RULES.get(name or "")
    if rule is None:
        return "OK"
    return rule(fields)
