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

# ---------------------------------------------------------------------------- ScholarSum

#: PubMed systems in the order of pairs.jsonl, with their key prefix in the raw file
SCHOLARSUM_PUBMED_SYSTEMS = (("gpt35", "gpt35_fm"), ("llama2_70b", "llama2_70b"), ("longt5", "longt5"),
                             ("longt5_block", "longt5_block"), ("bigbird_pegasus", "bigbird_pegasus"),
                             ("bigbird_pegasus_block", "bigbird_pegasus_block"))
FACETS = ("background", "method", "result", "conclusion")
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


#: derive name (as the registry writes it) → function
DERIVATIONS: dict[str, Callable[[Path], bytes]] = {
    "scholarsum_pairs": scholarsum_pairs,
    "scholarsum_docs": scholarsum_docs,
}
