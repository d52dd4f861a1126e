"""Science Parse JSON → paper record (``metadata.sections[] = {heading, text}``, BAGELS's input)."""

from __future__ import annotations

from scholartools.parsing.s2orc import _load


def parse_scienceparse(path: str) -> dict:
    data = _load(path)
    meta = data.get("metadata") if isinstance(data.get("metadata"), dict) else data
    sections = [{"heading": s.get("heading") or None, "text": s.get("text") or ""}
                for s in meta.get("sections") or []]
    refs = []
    for r in meta.get("references") or []:
        refs.append({"raw": " ".join(filter(None, [", ".join(r.get("author") or []), str(r.get("year") or ""),
                                                   r.get("title") or "", r.get("venue") or ""])),
                     "title": r.get("title"), "authors": list(r.get("author") or []),
                     "year": r.get("year") if isinstance(r.get("year"), int) and r.get("year") > 0 else None,
                     "doi": None})
    return {"title": meta.get("title"), "authors": [{"name": a} for a in meta.get("authors") or []],
            "abstract": meta.get("abstractText"), "sections": sections, "references": refs,
            "source": {"pages": None}}
