"""Files of the data registry that were made here from upstream files, rebuilt by code.

Each function takes the dataset's folder (where the upstream files have just been downloaded)
and returns the bytes of one derived file; ``scholartools.data.fetch`` checks them against the
registry's SHA-256, which is the hash of the project's own copy (``../shared/external``), so a
rebuilt file is byte-identical to it. The field-by-field description of each file is in the
PROVENANCE.md of its folder.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Callable

from scholartools.vocabulary import FACETS

# ---------------------------------------------------------------------------- ScholarSum

#: PubMed systems in the order of pairs.jsonl, with their key prefix in the raw file
SCHOLARSUM_PUBMED_SYSTEMS = (("gpt35", "gpt35_fm"), ("llama2_70b", "llama2_70b"), ("longt5", "longt5"),
                             ("longt5_block", "longt5_block"), ("bigbird_pegasus", "bigbird_pegasus"),
                             ("bigbird_pegasus_block", "bigbird_pegasus_block"))
#: the rating scale of each facet: a stored ``*_list`` holds rating / max
FACET_MAX = (3, 4, 4, 3)
#: PubMed documents whose facets are the few-shot examples of the authors' judge prompts
SCHOLARSUM_ICL_DOCS = frozenset({0, 8, 10, 14, 19})


def _line(rec: dict) -> bytes:
    return json.dumps(rec, ensure_ascii=False).encode("utf-8") + b"\n"


def _scholarsum_rows(folder: Path) -> list[tuple[dict, str | None]]:
    """The raw PubMed documents, each with the index of an earlier identical line (or None)."""
    lines = [ln for ln in (folder / "pubmed.json").read_text(encoding="utf-8").splitlines() if ln.strip()]
    seen: dict[str, int] = {}
    out = []
    for i, ln in enumerate(lines):
        out.append((json.loads(ln), seen.get(ln)))
        seen.setdefault(ln, i)
    return out


def _facet_ints(normalised: list[float]) -> dict:
    return {f: int(round(v * m)) for f, v, m in zip(FACETS, normalised, FACET_MAX)}


def _clean(text: str) -> str:
    return " ".join(re.sub(r"</?s>|<pad>", " ", text).split())


def scholarsum_pairs(folder: Path) -> bytes:
    out = []
    for i, (raw, dup) in enumerate(_scholarsum_rows(folder)):
        doc_id = f"scholarsum-pubmed-{i:03d}"
        ref_facets = json.loads(raw["ground_aspect"])
        for system, p in SCHOLARSUM_PUBMED_SYSTEMS:
            human = _facet_ints(raw[f"{p}_human_list"])
            out.append({
                "id": f"{doc_id}-{system}", "doc_id": doc_id, "dataset": "pubmed", "doc_index": i,
                "system": system, "upstream_prefix": p,
                "duplicate_of": None if dup is None else f"scholarsum-pubmed-{dup:03d}-{system}",
                "used_as_icl_example": i in SCHOLARSUM_ICL_DOCS,
                "reference": raw["human"], "candidate": raw[p], "candidate_clean": _clean(raw[p]),
                "reference_facets": ref_facets, "candidate_facets": json.loads(raw[f"{p}_aspect"]),
                "human": {"facets": human, "overall": raw[f"{p}_human"],
                          "facets_present": [f for f in FACETS if human[f] > 0]},
                "fm_gpt4": {"facets": _facet_ints(raw[f"{p}_gpt4_fm_list"]), "overall": raw[f"{p}_gpt4_fm"]},
                "fm_gpt4_alt": {"facets": _facet_ints(raw[f"{p}_gpt4_list_wo"]), "overall": raw[f"{p}_gpt4_wo"]},
                "fm_gpt35": {"facets": _facet_ints(raw[f"{p}_gpt35_fm_list"]), "overall": raw[f"{p}_gpt35_fm"]},
                "fm_llama2": raw[f"{p}_llama"], "direct_gpt4": raw[f"{p}_gpt4"],
                "direct_llama2": raw[f"{p}_llama_base"], "geval": raw[f"{p}_geval"],
                "rouge1": raw[f"{p}_newrouge1"], "rouge2": raw[f"{p}_newrouge2"], "rougeL": raw[f"{p}_newrougel"],
                "bertscore": raw[f"{p}_bert"], "questeval": raw[f"{p}_questeval"], "acu": raw[f"{p}_acu3"],
                "delta": raw[f"{p}_delta"]})
    return b"".join(map(_line, out))


def scholarsum_docs(folder: Path) -> bytes:
    out = []
    for i, (raw, dup) in enumerate(_scholarsum_rows(folder)):
        out.append({"doc_id": f"scholarsum-pubmed-{i:03d}", "dataset": "pubmed", "doc_index": i,
                    "duplicate_of": None if dup is None else f"scholarsum-pubmed-{dup:03d}",
                    "used_as_icl_example": i in SCHOLARSUM_ICL_DOCS, "article": raw["article"],
                    "reference": raw["human"], "reference_facets": json.loads(raw["ground_aspect"]),
                    "unannotated_summaries": {}})
    return b"".join(map(_line, out))


# ---------------------------------------------------------------------------- PaperRQ


def _csv_rows(path: Path) -> list[dict]:
    import csv

    with open(path, encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def paperrq_jsonl(folder: Path) -> bytes:
    """dataset.jsonl: the 217 rows of dataset.csv with normalised names, the paper's ACL Anthology id
    and year, the human scores as ints, the RQ's position among its paper's rows and, for the papers
    that kept all three RQs, the prompt it presumably came from (rows come in prompt order)."""
    rows = _csv_rows(folder / "dataset.csv")
    by_paper: dict[str, list[int]] = {}
    for i, r in enumerate(rows):
        by_paper.setdefault(r["page_url"], []).append(i)
    out = []
    for i, r in enumerate(rows):
        mates = by_paper[r["page_url"]]
        pos, n = mates.index(i), len(mates)
        year = re.search(r"\b((?:19|20)\d\d)\b", r["citation"])
        out.append({
            "id": f"paperrq-{int(r['']):03d}", "row": int(r[""]),
            "paper_id": r["page_url"].rstrip("/").rsplit("/", 1)[-1], "year": int(year.group(1)) if year else None,
            "title": r["title"], "citation": r["citation"], "pdf_url": r["pdf_url"], "page_url": r["page_url"],
            "abstract": r["abstract"], "introduction": r["introduction"], "rq": r["predicted_rq"],
            "human": {"problem": int(float(r["score_problem"])), "method": int(float(r["score_method"])),
                      "format": int(float(r["is_target_rq_type"]))},
            "rq_pos_in_paper": pos, "n_rq_in_paper": n, "prompt_guess": f"prompt{pos + 1}" if n == 3 else None})
    return b"".join(map(_line, out))


# ---------------------------------------------------------------------------- ReviewCritique

REVIEW_MODELS = ("claude_opus", "gpt4", "gemini_pro_1.5")


def _clean_value(v):
    """NaN (the upstream file's bare NaN tokens) → None; strings stripped."""
    if isinstance(v, float) and v != v:
        return None
    return v.strip() if isinstance(v, str) else v


def reviewcritique_segments(folder: Path) -> bytes:
    """ReviewCritique_LLM.segments.jsonl: one line per review segment of the three LLM reviews of
    each paper, NaN as null, strings stripped, ``deficient`` = the expert's reliability is "No"."""
    out = []
    with open(folder / "ReviewCritique_LLM.jsonl", encoding="utf-8") as f:
        papers = [json.loads(line) for line in f if line.strip()]
    for i, paper in enumerate(papers):
        for model in REVIEW_MODELS:
            for j, seg in enumerate(paper[model]["review"]):
                s = {k: _clean_value(v) for k, v in seg.items()}
                out.append({"paper_idx": i, "title": paper["title"], "decision": paper["decision"],
                            "review_model": model, "segment_id": j, "segment_text": s["segment_text"],
                            "deficient": s["reliability"] == "No", "reliability": s["reliability"],
                            "explanation": s["explanation"], "error_type": s["error_type"],
                            "topic_class_1": s["topic_class_1"], "topic_class_2": s["topic_class_2"]})
    return b"".join(map(_line, out))


# ---------------------------------------------------------------------------- LimTopic (BAGELS)

#: df_all_data.csv is the concatenation of LimTopic's 24 per-track CSVs, in this order with these
#: numbers of rows (verified block by block against the per-track files; see bagels/PROVENANCE.md)
LIMTOPIC_TRACKS = (
    ("short papers", 231), ("long papers", 1261), ("TrustNLP workshop", 29), ("SIGMORPHON workshop", 12),
    ("WOAH workshop", 13), ("industry track", 47), ("student research workshop", 25), ("DialDoc workshop", 8),
    ("SustaiNLP workshop", 15), ("RepL4NLP workshop", 25), ("NLRSE workshop", 12), ("NLP4ConvAI workshop", 11),
    ("narrative understanding workshop", 10), ("MATCHING workshop", 9), ("IWSLT", 10), ("Findings of ACL", 976),
    ("DISRPT", 1), ("computational approaches (workshop)", 39), ("CODI workshop", 14), ("CAWL workshop", 10),
    ("BioNLP workshop", 49), ("BEA workshop", 40), ("AmericasNLP workshop", 10), ("ClinicalNLP workshop", 39))
#: a checklist answer that points to a section ("Section 6", "Yes. Section Limitation.") rather
#: than stating limitations: short, and opening with "yes" or "sec"
_POINTER = re.compile(r"(yes\b|sec)", re.I)


def limtopic_jsonl(folder: Path) -> bytes:
    """limtopic_acl2023_limitation_sections.jsonl: the CSV's rows with their track, stripped length,
    emptiness, whether the row is a pointer or too short to hold limitations (under 60 characters,
    or under 120 opening with "yes"/"sec"), and the id of an earlier row with the same stripped text."""
    rows = _csv_rows(folder / "limtopic_acl2023_limitation_sections.csv")
    tracks = [t for t, n in LIMTOPIC_TRACKS for _ in range(n)]
    if len(tracks) != len(rows):
        raise ValueError(f"LimTopic: {len(rows)} rows, the track table covers {len(tracks)}")
    first: dict[str, str] = {}
    out = []
    for r, track in zip(rows, tracks):
        i, text = int(r[""]), r["Text"]
        stripped = text.strip()
        n = len(stripped)
        rid = f"limtopic-{i:04d}"
        out.append({"id": rid, "row": i, "track": track, "text": text, "n_chars": n, "is_empty": n == 0,
                    "is_pointer_or_short": 0 < n < 60 or (n < 120 and bool(_POINTER.match(text))),
                    "dup_of": first.get(stripped)})
        first.setdefault(stripped, rid)
    return b"".join(map(_line, out))


#: derive name (as the registry writes it) → function
DERIVATIONS: dict[str, Callable[[Path], bytes]] = {
    "scholarsum_pairs": scholarsum_pairs,
    "scholarsum_docs": scholarsum_docs,
    "paperrq_jsonl": paperrq_jsonl,
    "reviewcritique_segments": reviewcritique_segments,
    "limtopic_jsonl": limtopic_jsonl,
}
