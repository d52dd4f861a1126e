"""GROBID TEI XML → paper record, read with lxml.

Title from ``teiHeader//titleStmt/title``, authors from ``sourceDesc//author/persName``, abstract
from ``profileDesc/abstract``, sections from ``text/body/div`` (``head`` with its ``n``),
paragraphs from ``p``, equations from ``formula`` (``label``), captions from ``figure``/``table``,
references from ``listBibl/biblStruct``. GROBID's training TEI (no namespace) is read too.
"""

from __future__ import annotations

import re

from scholartools.records import RecordError


def _text(el) -> str:
    return " ".join("".join(el.itertext()).split()) if el is not None else ""


def parse_tei(path: str) -> dict:
    from lxml import etree

    try:
        parser = etree.XMLParser(recover=True, huge_tree=True, resolve_entities=False, no_network=True)
        tree = etree.parse(path, parser)
    except (etree.XMLSyntaxError, OSError) as exc:
        raise RecordError("bad_xml", f"{path}: not readable XML ({exc})", source=path) from None
    root = tree.getroot()
    if root is None:
        raise RecordError("bad_xml", f"{path}: empty XML document", source=path)
    # drop namespaces so one set of paths reads GROBID output and training TEI alike
    for el in root.iter():
        if isinstance(el.tag, str) and "}" in el.tag:
            el.tag = el.tag.split("}", 1)[1]
    title = _text(root.find(".//teiHeader//titleStmt/title")) or _text(root.find(".//titlePart")) or None
    authors = []
    for pers in root.findall(".//teiHeader//sourceDesc//author/persName") or root.findall(".//docAuthor"):
        name = " ".join(t for t in (_text(x) for x in pers) if t) or _text(pers)
        if name:
            authors.append({"name": name})
    ab = root.find(".//teiHeader//profileDesc/abstract")
    if ab is None:
        ab = root.find(".//div[@type='abstract']")
    abstract = _text(ab) or None
    if abstract:
        abstract = re.sub(r"^abstract\W+", "", abstract, flags=re.I)
    sections = []
    equations = []
    figures = []
    body = root.find(".//text/body")
    if body is None:
        body = root.find(".//body")
    back = root.find(".//text/back")
    divs = []
    if body is not None:
        divs += [(d, False) for d in body.iter("div")]
    if back is not None:
        divs += [(d, d.get("type") in ("annex", "appendix") or True) for d in back.iter("div")
                 if d.get("type") not in ("references",) and d.find("listBibl") is None]
    for div, is_back in divs:
        head = div.find("head")
        heading = _text(head) or None
        number = head.get("n") if head is not None else None
        paragraphs = []
        for child in div:
            tag = child.tag if isinstance(child.tag, str) else ""
            if tag == "p":
                paragraphs.append(_text(child))
            elif tag == "formula":
                label = child.find("label")
                lab = _text(label) or None
                if label is not None:
                    label.getparent().remove(label)
                before = paragraphs[-1] if paragraphs else ""
                nxt = child.getnext()
                after = _text(nxt) if nxt is not None and nxt.tag == "p" else ""
                equations.append({"text": _text(child), "label": (lab or "").strip("()") or None,
                                  "context_before": before[-400:], "context_after": after[:400],
                                  "section": heading})
        if heading is None and not paragraphs:
            continue
        sec = {"heading": heading, "number": number.rstrip(".") if number else None, "paragraphs": paragraphs}
        if is_back and div.get("type") in ("annex", "appendix"):
            sec["type"] = "appendix"
        sections.append(sec)
    for fig in root.iter("figure"):
        kind = "table" if fig.get("type") == "table" else "figure"
        head = _text(fig.find("head"))
        desc = _text(fig.find("figDesc"))
        label = _text(fig.find("label")) or None
        figures.append({"kind": kind, "label": label, "caption": " ".join(x for x in (head, desc) if x), "page": None})
    refs = []
    for b in root.iter("biblStruct"):
        if b.getparent() is not None and b.getparent().tag != "listBibl":
            continue
        t = b.find("analytic/title") if b.find("analytic/title") is not None else b.find("monogr/title")
        names = []
        for pers in b.findall(".//author/persName"):
            names.append(" ".join(_text(x) for x in pers))
        date = b.find(".//imprint/date")
        year = None
        if date is not None:
            m = re.search(r"(19|20)\d{2}", date.get("when") or _text(date))
            year = int(m.group(0)) if m else None
        doi = b.find(".//idno[@type='DOI']")
        refs.append({"raw": _text(b), "title": _text(t) or None, "authors": names, "year": year,
                     "doi": _text(doi) or None})
    if not refs:
        for b in root.iter("bibl"):
            refs.append({"raw": _text(b), "title": None, "authors": [], "year": None, "doi": None})
    return {"title": title, "authors": authors, "abstract": abstract, "sections": sections, "equations": equations,
            "figures": figures, "references": refs, "source": {"pages": None}}
