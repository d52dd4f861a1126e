"""S2ORC / doc2json JSON → paper record (body_text paragraphs grouped by section)."""

from __future__ import annotations

import orjson

from scholartools.records import RecordError


def _name(a: dict) -> str:
    parts = [a.get("first") or ""] + list(a.get("middle") or []) + [a.get("last") or ""]
    return " ".join(p for p in parts if p).strip()


def _load(path: str):
    try:
        with open(path, "rb") as fh:
            return orjson.loads(fh.read())
    except orjson.JSONDecodeError as exc:
        raise RecordError("bad_json", f"{path}: not valid JSON ({exc})", source=path) from None


def parse_s2orc(path: str) -> dict:
    data = _load(path)
    pp = data.get("pdf_parse") or data
    paras = list(pp.get("body_text") or []) + [dict(p, _back=True) for p in pp.get("back_matter") or []]
    sections: list[dict] = []
    for p in paras:
        heading = p.get("section") or None
        num = p.get("sec_num") or None
        if not sections or sections[-1]["heading"] != heading or sections[-1]["number"] != num:
            sections.append({"heading": heading, "number": num,
                             "level": str(num).count(".") + 1 if num else None, "paragraphs": []})
        sections[-1]["paragraphs"].append(p.get("text") or "")
    abstract = data.get("abstract")
    if isinstance(abstract, list):
        abstract = " ".join(a.get("text", "") for a in abstract)
    if not abstract and isinstance(pp.get("abstract"), list):
        abstract = " ".join(a.get("text", "") for a in pp["abstract"])
    refs = []
    for b in (pp.get("bib_entries") or {}).values():
        doi = (b.get("other_ids") or {}).get("DOI")
        refs.append({"raw": b.get("raw_text") or b.get("title") or "", "title": b.get("title") or None,
                     "authors": [_name(a) for a in b.get("authors") or []], "year": b.get("year"),
                     "doi": doi[0] if isinstance(doi, list) and doi else doi or None})
    figures = []
    for key, r in (pp.get("ref_entries") or {}).items():
        kind = (r.get("type") or "figure").lower()
        figures.append({"kind": kind, "label": key, "caption": r.get("text") or "", "page": None})
    return {"title": data.get("title"), "authors": [{"name": _name(a)} for a in data.get("authors") or []],
            "abstract": abstract or None, "sections": sections, "references": refs, "figures": figures,
            "equations": [], "source": {"pages": None}}
