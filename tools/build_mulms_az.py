"""Build ``fixtures/mulms-az/abstracts.jsonl``: the abstracts of the MuLMS-AZ corpus (materials science,
CC BY-SA 4.0) with their argumentative-zoning labels per sentence, from the corpus's XMI files.

    python -m tools.build_mulms_az XMI_DIR METADATA_CSV OUT_JSONL

``XMI_DIR``: ``data/mulms_corpus/xmi/`` of ``boschresearch/mulms-az-codi2023`` (commit in
``fixtures/mulms-az/PROVENANCE.md``); ``METADATA_CSV``: ``data/mulms_corpus/MuLMS_Corpus_Metadata.csv``.
Reads each document's text (the CAS sofa) and its ``custom:MatSci_Sentence`` annotations: several
per sentence span, each with a ``ContentInformation`` (an argumentative zone, or a measurement
layer: ``MEASUREMENT`` / ``QUAL_MEASUREMENT``, left out) or a ``StructureInformation`` (Abstract,
Heading, Metadata, Caption …). The abstract is, in order of preference:

1. the sentences marked ``StructureInformation="Abstract"``;
2. else the run of unmarked sentences after a heading reading "Abstract" ("A B S T R A C T",
   "ABSTRACT:", …), up to the next structure-marked sentence;
3. else the run of unmarked sentences just before the first heading that names the
   introduction.

Documents where none applies are left out (2 of 50 at that commit). One line per
abstract: ``{"doc", "category", "split", "sentences", "zones"}``, ``zones`` the sorted
argumentative zones of each sentence (empty: none). The facet mapping is
:data:`scholartools.facets.corpora.MULMS_MAP`. Uses lxml (a core dependency).
"""
from __future__ import annotations

import csv
import json
import re
import sys
from pathlib import Path

_NS = {"custom": "http:///webanno/custom.ecore", "cas": "http:///uima/cas.ecore"}
#: ContentInformation values of the measurement layer, not argumentative zones
NOT_ZONES = {"MEASUREMENT", "QUAL_MEASUREMENT", "None"}


def _squash(text: str) -> str:
    return re.sub(r"\W", "", text).lower()


def abstract_of(path: Path) -> tuple[list[str], list[list[str]]] | None:
    """``(sentences, zones)`` of the abstract of one XMI document, or None (see the module doc)."""
    from lxml import etree

    root = etree.parse(str(path)).getroot()
    sofa = root.find("cas:Sofa", _NS).get("sofaString")
    spans: dict = {}
    for s in root.findall("custom:MatSci_Sentence", _NS):
        d = spans.setdefault((int(s.get("begin")), int(s.get("end"))), {"zones": set(), "structure": set()})
        if s.get("ContentInformation") and s.get("ContentInformation") not in NOT_ZONES:
            d["zones"].add(s.get("ContentInformation"))
        if s.get("StructureInformation"):
            d["structure"].add(s.get("StructureInformation"))
    order = sorted(spans)

    def text(k):
        return " ".join(sofa[k[0]:k[1]].split())

    run = [k for k in order if "Abstract" in spans[k]["structure"]]
    if not run:
        head = next((i for i, k in enumerate(order) if "Heading" in spans[k]["structure"]
                     and _squash(text(k)).startswith("abstract")), None)
        if head is not None:
            i = head + 1
            while i < len(order) and not spans[order[i]]["structure"]:
                run.append(order[i])
                i += 1
        else:
            intro = next((i for i, k in enumerate(order) if "Heading" in spans[k]["structure"]
                          and "introduction" in _squash(text(k))), None)
            i = -1 if intro is None else intro - 1
            while i >= 0 and not spans[order[i]]["structure"] - {"Abstract"}:
                run.insert(0, order[i])
                i -= 1
    run = [k for k in run if text(k)]
    if not run:
        return None
    return [text(k) for k in run], [sorted(spans[k]["zones"]) for k in run]


def build(xmi_dir: Path, metadata: Path) -> bytes:
    meta = {row["name"]: row for row in csv.DictReader(metadata.open(encoding="utf-8"))}
    out = []
    for path in sorted(Path(xmi_dir).glob("*.xmi")):
        found = abstract_of(path)
        if found is None:
            continue
        row = meta.get(path.stem, {})
        out.append(json.dumps({"doc": path.stem, "category": row.get("category"), "split": row.get("set"),
                               "sentences": found[0], "zones": found[1]}, ensure_ascii=False) + "\n")
    return "".join(out).encode("utf-8")


def main(argv=None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 3:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    data = build(Path(args[0]), Path(args[1]))
    Path(args[2]).write_bytes(data)
    n = data.count(b"\n")
    print(f"{n} abstracts written to {args[2]}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
