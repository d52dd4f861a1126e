"""BAGELS-style flat JSON → paper record: one key per heading, in key order.

``Title``/``title`` and ``abstractText``/``abstract`` are the title and abstract; identifier
keys (``File Number``, ``paper_id`` …) are skipped; ACL Responsible-NLP checklist questions
(keys ending in "?" or starting "Did you"/"Have you") are skipped, so their word "limitations"
never creates a limitations section.
"""

from __future__ import annotations

import re

from scholartools.parsing.s2orc import _load
from scholartools.records import RecordError

TITLE_KEYS = ("title", "Title", "paper_title")
ABSTRACT_KEYS = ("abstractText", "abstract", "Abstract")
SKIP_KEYS = re.compile(r"^(file ?number|file_name|paper_id|id|row_number|year|venue|authors?|url|doi|pdf)$", re.I)
QUESTION = re.compile(r"\?\s*$|^\s*(did|have|do|are|is|was|were) you\b", re.I)


def parse_flatjson(path: str) -> dict:
    data = _load(path)
    if isinstance(data, list) and data and isinstance(data[0], dict):
        data = data[0]
    if not isinstance(data, dict):
        raise RecordError("bad_value", f"{path}: flat JSON must be an object with one key per heading", source=path)
    title = next((data[k] for k in TITLE_KEYS if isinstance(data.get(k), str)), None)
    abstract = next((data[k] for k in ABSTRACT_KEYS if isinstance(data.get(k), str)), None)
    sections = []
    for key, value in data.items():
        if key in TITLE_KEYS or key in ABSTRACT_KEYS or SKIP_KEYS.match(key) or QUESTION.search(key):
            continue
        if isinstance(value, list):
            value = "\n\n".join(str(v) for v in value)
        if not isinstance(value, str):
            continue
        sections.append({"heading": key.strip(), "text": value})
    authors = data.get("authors") if isinstance(data.get("authors"), list) else []
    return {"title": title, "abstract": abstract, "sections": sections,
            "authors": [{"name": a} if isinstance(a, str) else a for a in authors],
            "doi": data.get("doi") if isinstance(data.get("doi"), str) else None, "source": {"pages": None}}
