"""Shared by the st-generate tests: the fixture papers, the RAG corpus, a scripted model, a runner.

The RAG corpus is built at test time (nothing parsed from the shared PDFs is committed): the ten
papers of ``fixtures/generate/papers.jsonl`` (written for these tests; they cite each other and
four real papers by title), four real papers parsed from ``../shared/external/pdfs/`` with
st-parse (SPECTER, the Semantic Scholar literature graph, CiteSee, ReVerb; each cut to its
abstract and first section to keep the embedding work small), a second copy of ReVerb under
another id, and a note that cites ReVerb and repeats two sentences of ReVerb's Limitations
section. The file is written once per process, so the index over it is built once per test
session (``scholartools.generate.rag.load_corpus`` caches by file).
"""
from __future__ import annotations

import json
import re
import tempfile
from functools import lru_cache
from pathlib import Path

import orjson

ROOT = Path(__file__).resolve().parents[1]
PAPERS = ROOT / "fixtures" / "generate" / "papers.jsonl"
PDFS = {"specter": "s2orc-doc2json/2020.acl-main.207.pdf", "s2graph": "s2orc-doc2json/N18-3011.pdf",
        "citesee": "papermage/2302.07302v1.pdf", "reverb": "science-parse/fader11.pdf"}
from conftest import CLEAN_ENV as ENV  # noqa: E402


def papers() -> list[dict]:
    return [json.loads(line) for line in PAPERS.read_text(encoding="utf-8").splitlines() if line.strip()]


@lru_cache(maxsize=None)
def _parsed(name: str) -> str:
    from conftest import EXTERNAL
    from scholartools.parsing import parse_path

    return json.dumps(parse_path(str(EXTERNAL / "pdfs" / PDFS[name])))


def parsed(name: str) -> dict:
    """A real paper parsed by st-parse's library function (a fresh copy each call)."""
    return json.loads(_parsed(name))


def trimmed(rec: dict, paragraphs: int = 2) -> dict:
    first = dict(rec["sections"][0])
    first["text"] = "\n\n".join(re.split(r"\n\s*\n", first["text"])[:paragraphs])
    return {**rec, "sections": [first]}


def limitations_section(rec: dict) -> dict:
    return next(s for s in rec["sections"] if s["heading"] == "Limitations")


@lru_cache(maxsize=1)
def corpus_path() -> str:
    reverb = parsed("reverb")
    lim = limitations_section(reverb)["text"]
    from scholartools.text.sentences import split_sentences

    quoted = " ".join(split_sentences(lim)[:2])
    note = {"id": "note-reverb", "title": "A Note on Relation Phrase Constraints in Open Extraction",
            "abstract": "We revisit the syntactic constraint on relation phrases and its effect on recall.",
            "sections": [{"heading": "1 Background", "text": quoted + " We ask whether newer extractors relax it."}],
            "references": [{"title": reverb["title"], "raw": f"A. Fader et al. 2011. {reverb['title']}. In EMNLP."}]}
    records = papers() + [trimmed(parsed(n)) for n in ("specter", "s2graph", "citesee", "reverb")]
    records += [dict(trimmed(reverb), id="reverb-copy"), note]
    path = Path(tempfile.mkdtemp(prefix="st-generate-corpus-")) / "corpus.jsonl"
    path.write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in records))
    return str(path)


def run(args, records, env=None):
    """st-generate in-process; returns (exit code, records, stderr). One run unless the test gives
    ``--runs`` (the papers' repeated runs are tested in tests/test_runs.py)."""
    from conftest import invoke

    args = list(args) + ([] if "--runs" in args or "--help" in args else ["--runs", "1"])
    code, recs, err, _ = invoke("st-generate", args, records, env=env)
    return code, recs, err


def llm_args(server, cache) -> list[str]:
    return ["--model", "openai/test-model", "--api-base", server.url, "--cache", str(cache)]


def dry_calls(stderr: str) -> int:
    m = re.search(r"dry run: (\d+) calls needed", stderr)
    assert m, stderr
    return int(m.group(1))


# ---------------------------------------------------------------------- the scripted model

def _content(body) -> str:
    return "\n".join(m["content"] for m in body["messages"] if m["role"] != "system")


def reply(body):
    """A plausible answer for each st-generate prompt (told apart by its wording)."""
    text = _content(body)
    if "Reply with a JSON array only" in text:            # re-ranking: odd chunk numbers 9, even 7
        nums = [int(n) for n in re.findall(r"^Chunk (\d+):", text, re.M)]
        return "Scores:\n" + json.dumps([{"chunk": f"Chunk {n}", "score": 9 if n % 2 else 7, "reason": "r"}
                                         for n in nums])
    if "<PAPER>" in text:
        return ("<THINK label=\"1\">The paper names a problem and a method.</THINK>\n<RESEARCH_QUESTION>"
                "<PROBLEM>evidence retrieval for claims</PROBLEM><METHOD>citation links</METHOD>"
                "Can evidence retrieval for claims be improved by citation links?</RESEARCH_QUESTION>")
    if "Output only the research question" in text:
        return "Research question: Can evidence retrieval be improved by citation links?"
    if "Your list of experiments:" in text:
        return "Here is the list:\n1. Compare with BM25.\n2. Ablate the bonus.\n"
    if "suggested this experiment" in text:
        exp = text.split("Experiment:\n", 1)[1].split("\n", 1)[0]
        return f"To verify: {exp}"
    if "aligned one to one" in text:
        n = int(re.search(r"exactly (\d+) explanations", text).group(1))
        return "\n".join(f"{i + 1}. Reason {i + 1}." for i in range(n))
    if "identify its weaknesses" in text:
        if "future work" in text.lower():       # the last piece of a fixture paper: nothing to say
            return "No research content"
        return "1. The evaluation is small.\n2. No significance tests."
    if "Write the abstract" in text:
        return "Abstract: We study a problem and find a result."
    if "Find the weakness of this claim" in text:
        quote = re.search(r"Focal claim:\n\"(.*)\"", text).group(1)
        return json.dumps({"evidence": {"text_0": quote, "text_1": "A sentence the paper never wrote."},
                           "figures": [], "tables": ["Table 1"], "algorithms": [],
                           "reasoning": "The claim rests on one benchmark <text_0>.",
                           "weakness_types": {"insufficient": True, "contradictory": False, "novelty": False,
                                              "clarity": False, "related_work": False, "other": False}})
    if "Rewrite the reviewer's weakness" in text:
        return "```json\n" + json.dumps({"evidence": {}, "figures": [], "tables": [], "algorithms": [],
                                         "reasoning": "The tuning protocol is not described."}) + "\n```"
    if "If needed, rewrite the weakness to make it more sound" in text:
        return json.dumps({"objectivity_reasoning": "o", "objectivity": "4", "agreement_reasoning": "a",
                           "agreement": 3, "type_reasoning": "t",
                           "weakness_types": {"insufficient": True, "contradictory": False, "novelty": False,
                                              "clarity": False, "related_work": False, "other": False},
                           "rewrite_reasoning": "r", "rewritten_weakness": "A sounder weakness."})
    if "Merge them into a single list" in text:
        n = int(re.search(r"separately in (\d+) consecutive parts", text).group(1))
        return "Merged list:\n" + "\n".join(f"{i + 1}. **Part {i + 1}**: merged." for i in range(n))
    if "limitations or shortcomings" in text:
        # the last item depends on the prompt, as a real model's answer would
        return ("Here are the limitations:\n\n1. **Scope**: evaluated on two datasets only.\n"
                f"   It may not generalise.\n2. **Cost**: expensive.\n3. **Length**: {len(text)} characters read."
                "\n\nI hope this helps.")
    return "OK"
