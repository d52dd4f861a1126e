"""Real publisher PDFs with JATS gold: open-access articles that public repositories keep as a
``fulltext.pdf`` beside the publisher's or Europe PMC's ``fulltext.xml`` (ContentMine "CProject"
folders), turned into a gold set for tools/evaluate_parse and benchmarks/parse_speed.

    # which PDF/XML pairs a fetched repository holds (one manifest row per distinct PDF)
    python benchmarks/jats_pairs.py survey GIT_DIR_OR_URL [--repo owner/name] [--history]
    # the PDFs and gold of the manifest's rows, taken from the fetched repositories
    python benchmarks/jats_pairs.py build --out /tmp/jats_pairs GIT_DIR_OR_URL...
    # the gold derived again from a build's XML files (after a change to how it is read)
    python benchmarks/jats_pairs.py gold --out /tmp/jats_pairs

The manifest (fixtures/jats-pairs/manifest.jsonl; provenance and licences in its PROVENANCE.md)
names each PDF by repository, commit, folder and the git blob ids of the PDF and the XML, so
``build`` reads exactly those bytes (``git cat-file blob ID``) from a snapshot or clone of the
repository (a URL is cloned bare into ``OUT/_clones``); nothing else is downloaded, and the PDFs
stay out of this repository. ``build`` writes ``OUT/ID.pdf``,
``OUT/ID.xml`` and ``OUT/gold.jsonl`` (rows in tools.evaluate_parse's gold schema, with the
manifest's ``family`` and ``split``).

Gold from the JATS (``gold_quality`` "publisher XML"):
* title: ``article-meta/title-group/article-title`` (cross-references and footnotes left out);
* abstract: the first ``abstract`` with no ``abstract-type`` (or a plain one), its paragraphs and
  the titles of a structured abstract's parts, without the "Abstract" label and without a
  ``sec-type="highlights"`` part (bullet points some publishers put inside the abstract element);
* headings: the ``title`` of every ``sec`` of ``body`` in document order (``label`` put before
  it; nesting depth as ``level``; sections inside boxes, figures and tables left out; the sections
  Europe PMC's conversion adds, ``GENERATED_SECTIONS``, optional), then the
  titled ``ack``, ``sec``, ``app``, ``notes`` and ``fn-group`` of ``back``. Back-matter labels
  the XML does not title (acknowledgements, conflicts of interest, funding...) are listed as
  ``optional`` in ``heading_detail``: a parser that prints them is neither right nor wrong; so is
  a heading the PDF does not print (:func:`printed_headings`: Nature's PDFs print no
  "Introduction" where the XML has one).

The XML is the same article's structure, not a description of the PDF page: a heading the PDF
sets run-in, or a back-matter heading the XML leaves untitled, is still gold (or optional).
"""

from __future__ import annotations

import argparse
import html
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MANIFEST = ROOT / "fixtures" / "jats-pairs" / "manifest.jsonl"

_XML_ENTITIES = {"amp", "lt", "gt", "quot", "apos"}
_ENTITY = re.compile(r"&([A-Za-z][A-Za-z0-9]*);")
_DOCTYPE = re.compile(rb"<!DOCTYPE[^>\[]*(\[.*?\])?\s*>", re.S)
# back-matter labels a PDF prints although the XML may carry no title for them
BACK_LABELS = ["Acknowledgments", "Acknowledgements", "Acknowledgment", "Acknowledgement", "Conflict of Interests",
               "Conflict of Interest", "Conflicts of Interest", "Competing Interests", "Competing interest",
               "Disclosure", "Disclosures", "Funding", "Financial support", "Source of Support",
               "Authors' Contributions",
               "Author Contributions", "Abbreviations", "Supplementary Material", "Supplementary Materials",
               "Additional files", "Ethical approval", "Ethics statement", "Consent", "Data Availability",
               "Declaration of competing interest", "Declaration of Conflicting Interests",
               "Financial support and sponsorship", "Disclaimer", "Notes",
               "Author details", "Authors' information", "Publisher's Note", "Consent for publication",
               "Ethics approval and consent to participate", "Availability of data and materials",
               "Availability of supporting data", "Declarations", "Open Access", "Conflict of interest statement",
               "Author Disclosure Statement", "Supporting information", "Supplementary data",
               "Electronic supplementary material",
               "Additional information", "Compliance with ethical standards", "Data Availability Statement",
               "Contributors", "Patient and public involvement", "Patient consent for publication", "Patient consent",
               "Ethics approval", "Provenance and peer review", "Data sharing statement",
               # MDPI's back matter, printed as bold labels from commands of its own
               "Institutional Review Board Statement", "Informed Consent Statement", "Sample Availability",
               # labels a publisher prints over what the XML keeps outside its sections (the
               # authors' addresses, a Nature paper's reviewers, ACS's supporting files)
               "Affiliation", "Affiliations", "Author affiliations", "Peer review information", "Peer review",
               "Associated content", "Author information",
               # Springer's declarations, printed as labels from environments of its own
               # (``authorcontribution``, ``materialsavailability``, ``codeavailability``)
               "Author Contribution", "Materials Availability", "Code Availability",
               # acknowledgments in the languages theses are written in, which their classes print
               # from environments of their own (ustcthesis' ``acknowledgements``: "致谢")
               "Danksagung", "Remerciements", "Agradecimientos", "Agradecimentos", "Ringraziamenti",
               "致谢", "致謝", "謝辞",
               # an engineering paper's list of symbols, printed by a class's environment
               "Nomenclature",
               # Elsevier's authors' roles, printed by the cas classes as a section of the back matter
               "CRediT authorship contribution statement"]


# sections Europe PMC's conversion adds to the body (a list of supplementary files, "Associated
# Data", the figures and tables gathered at the end, footnotes as a section): a publisher's PDF
# may print a heading for them or not, so they are optional, their subsections too
GENERATED_SECTIONS = {"supplementary-material", "associated-data", "display-objects", "fn-group", "ref-list"}
# front matter some XML keeps as the body's first section ("Highlights" of Nano-Micro Letters): a
# parser may type it front matter, as a keywords label, or print it as a heading
_FRONT_SECTION = re.compile(r"(?i)\s*(?:highlights|graphical abstract|key points)\W*$")


def licence_code(text: str | None) -> str | None:
    """"CC BY 4.0", "CC BY-NC-SA 3.0"... from a JATS ``license`` element's link or text."""
    if not text:
        return None
    s = " ".join(text.lower().split())
    m = re.search(r"licenses/(by(?:-nc)?(?:-nd|-sa)?)/(\d\.\d)", s)
    if m:
        return f"CC {m.group(1).upper()} {m.group(2)}"
    kind = "BY-NC-ND" if re.search(r"non-?commercial-?no-?deriv", s) else "BY-NC-SA" if re.search(
        r"non-?commercial-?share", s) else "BY-NC" if re.search(r"non-?commercial", s) else "BY"
    if "creative commons" in s or "creativecommons.org" in s:
        v = re.search(r"attribution[a-z -]{0,40}?(\d\.\d)", s)
        return f"CC {kind}" + (f" {v.group(1)}" if v else "")
    return text[:80]


def _local(tag) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def parse_xml(data: bytes) -> ET.Element:
    """The XML's root, read without its DTD (named HTML entities replaced by their characters)."""
    data = _DOCTYPE.sub(b"", data, count=1)
    text = data.decode("utf-8", errors="replace")
    text = re.sub(r"^<\?xml[^>]*\?>", "", text.lstrip("\ufeff").lstrip())
    text = _ENTITY.sub(lambda m: m.group(0) if m.group(1) in _XML_ENTITIES else html.unescape(m.group(0)), text)
    return ET.fromstring(text)


def _text(el: ET.Element | None, skip=("xref", "fn", "target"), named_refs: bool = False) -> str:
    """Text of an element with its descendants (``skip`` elements left out, their tail kept);
    with ``named_refs``, a cross-reference that names something ("(H1)", "(Katz et al., 1981)") is
    kept and only a bare numeric marker ("³", "[12]") is left out."""
    if el is None:
        return ""

    def raw(e):
        parts = [e.text or ""]
        for ch in e:
            name = _local(ch.tag)
            if name not in skip:
                parts.append(raw(ch))
            elif named_refs and name == "xref" and re.search(r"[^\W\d_]", raw(ch)):
                parts.append(raw(ch))
            parts.append(ch.tail or "")
        return "".join(parts)

    return " ".join(raw(el).split())


def _first(el: ET.Element, path: list[str]) -> ET.Element | None:
    for name in path:
        if el is None:
            return None
        el = next((c for c in el if _local(c.tag) == name), None)
    return el


def _children(el: ET.Element | None, name: str) -> list[ET.Element]:
    return [c for c in el if _local(c.tag) == name] if el is not None else []


def _heading(sec: ET.Element) -> str:
    label = _text(_first(sec, ["label"]))
    title = _text(_first(sec, ["title"]), named_refs=True)    # the PDF prints a heading's cited names
    if not title:
        return ""
    return f"{label} {title}".strip() if label and not title.startswith(label) else title


def _abstract(meta: ET.Element) -> str | None:
    plain = [a for a in _children(meta, "abstract")
             if a.get("abstract-type") in (None, "", "normal", "structured", "abstract")]
    if not plain:
        return None
    parts = []

    def walk(el, top):
        for ch in el:
            name = _local(ch.tag)
            if name == "title":
                t = _text(ch)
                if not (top and re.fullmatch(r"(?i)abstract|summary", t.strip(" .:"))):
                    parts.append(t)
            elif name == "p":
                parts.append(_text(ch))
            elif name == "sec" and ch.get("sec-type") != "highlights":   # a highlights box is no abstract
                walk(ch, False)

    walk(plain[0], True)
    text = " ".join(p for p in parts if p)
    return text or None


def gold_from_jats(data: bytes) -> dict:
    """{title, abstract, headings, heading_detail, journal, publisher, licence, doi, pmcid} of a
    JATS/NLM article."""
    root = parse_xml(data)
    if _local(root.tag) != "article":
        raise ValueError(f"not a JATS article: <{_local(root.tag)}>")
    front = _first(root, ["front"])
    meta = _first(front, ["article-meta"])
    if meta is None:
        raise ValueError("no <article-meta> in the article's <front>")
    jmeta = _first(front, ["journal-meta"])
    title = _text(_first(meta, ["title-group", "article-title"])) or None
    ids = {a.get("pub-id-type"): (a.text or "").strip() for a in _children(meta, "article-id")}
    lic = ""
    for el in meta.iter():
        if _local(el.tag) == "license":
            href = next((v for e in el.iter() for k, v in e.attrib.items() if k.endswith("href")), "")
            lic = licence_code(href or _text(el))
            break
    jtitle = _text(_first(jmeta, ["journal-title-group", "journal-title"])) or _text(_first(jmeta, ["journal-title"]))
    detail = []

    def walk(el, level, optional=False):
        for sec in _children(el, "sec"):
            h = _heading(sec)
            opt = optional or sec.get("sec-type") in GENERATED_SECTIONS or bool(h and _FRONT_SECTION.match(h))
            if h:
                detail.append({"text": h, "level": level, **({"optional": True} if opt else {})})
            walk(sec, level + 1 if h else level, opt)

    walk(_first(root, ["body"]), 1)
    back = _first(root, ["back"])
    for el in list(back) if back is not None else []:
        name = _local(el.tag)
        if name in ("ack", "sec", "notes", "fn-group", "glossary"):
            h = _heading(el)
            if h:
                detail.append({"text": h, "level": 1, "back": True})
            if name == "sec":
                walk(el, 2)
        elif name == "app-group":
            h = _heading(el)
            if h:
                detail.append({"text": h, "level": 1, "back": True})
            for app in _children(el, "app"):
                ha = _heading(app)
                if ha:
                    detail.append({"text": ha, "level": 1, "back": True})
                walk(app, 2)
        elif name == "app":
            ha = _heading(el)
            if ha:
                detail.append({"text": ha, "level": 1, "back": True})
            walk(el, 2)
    from tools.evaluate_parse import normalise_heading

    have = {normalise_heading(h["text"]) for h in detail}
    optional = [{"text": t, "level": 1, "optional": True} for t in BACK_LABELS if normalise_heading(t) not in have]
    return {"title": title, "abstract": _abstract(meta), "headings": [h["text"] for h in detail if not h.get("optional")],
            "heading_detail": detail + optional, "journal": jtitle or None,
            "publisher": _text(_first(jmeta, ["publisher", "publisher-name"])) or None, "licence": lic or None,
            "doi": ids.get("doi"), "pmcid": ids.get("pmcid") or ids.get("pmc")}


# ---------------------------------------------------------------------------------------------
# repositories

def _git(gitdir: Path, *args: str, binary: bool = False):
    # (core.quotepath off: a path holding other scripts than ASCII, "实验报告.pdf", is listed as it is,
    # not as an octal-escaped string in quotes that names no file)
    # (a file name that is no UTF-8 keeps its bytes as surrogates, so it reads and names its file
    # again when passed back to git: a repository holding one had stopped the survey)
    p = subprocess.run(["git", "-c", "core.quotepath=off", f"--git-dir={gitdir}", *args], capture_output=True, check=True)
    return p.stdout if binary else p.stdout.decode("utf-8", "surrogateescape")


def git_dir(source: str, work: Path) -> Path:
    """A local git directory for ``source``: a path (a bare repository, a ``.git`` folder or a work
    tree) or a URL, cloned bare (no checkout) into ``work``."""
    p = Path(source)
    if p.exists():
        for cand in (p, p / ".git", p / "repo", p / "repo" / ".git"):
            if (cand / "HEAD").exists() and (cand / "objects").exists():
                return cand
        raise SystemExit(f"no git directory at {source}")
    dest = work / re.sub(r"\W+", "+", source.rstrip("/").split("github.com/")[-1])
    if not dest.exists():
        subprocess.run(["git", "clone", "--bare", "--quiet", source, str(dest)], check=True)
    return dest


def survey(gitdir: Path, repo: str) -> list[dict]:
    """Manifest rows for the folders of HEAD holding both ``fulltext.pdf`` and a JATS
    ``fulltext.xml`` (one row per distinct PDF)."""
    commit = _git(gitdir, "rev-parse", "HEAD").strip()
    blobs = {}
    for line in _git(gitdir, "ls-tree", "-r", "HEAD").splitlines():
        info, path = line.split("\t", 1)
        blobs[path] = info.split()[2]
    rows, seen = [], set()
    for path in sorted(blobs):
        if not path.endswith("/fulltext.pdf"):
            continue
        folder = path[: -len("/fulltext.pdf")]
        xml = folder + "/fulltext.xml"
        if xml not in blobs or blobs[path] in seen:
            continue
        try:
            g = gold_from_jats(_git(gitdir, "cat-file", "blob", blobs[xml], binary=True))
        except (ValueError, ET.ParseError) as e:
            print(f"skip {folder}: {e}", file=sys.stderr)
            continue
        seen.add(blobs[path])
        rows.append({"id": None, "repo": repo, "commit": commit, "folder": folder, "pdf_blob": blobs[path],
                     "xml_blob": blobs[xml], "publisher": g["publisher"], "journal": g["journal"],
                     "licence": g["licence"], "doi": g["doi"], "pmcid": g["pmcid"], "n_headings": len(g["headings"]),
                     "has_abstract": bool(g["abstract"])})
    return rows


_PMCID = re.compile(r"PMC\d{5,9}")


def _pair_key(path: str) -> str:
    """What pairs a PDF with its JATS XML: the PMC id in the file name or, else, the innermost folder
    naming one (``PMC13211235/PMC13201855/PMC13199339/fulltext.pdf`` is PMC13199339's), else the
    path without its extension."""
    ids = _PMCID.findall(path.rsplit("/", 1)[-1]) or _PMCID.findall(path)
    return ids[-1] if ids else path.rsplit(".", 1)[0]


def survey_history(gitdir: Path, repo: str) -> list[dict]:
    """Manifest rows for PDFs anywhere in the repository's history that a JATS XML of the history
    pairs with: by the PMC id both carry in their name or folder (``europe_pmc_PMCxxxx.pdf`` under
    ``documents/pdf`` beside ``documents/xml/europe_pmc_PMCxxxx.xml``, folders a later commit
    removed; a PMC package's ``PMCxxxx/name.pdf`` beside ``PMCxxxx/name.nxml``), or, without one, by
    the same path up to the extension (``raw/nihms945382.pdf`` and ``raw/nihms945382.nxml``): one
    row per distinct PDF present in the snapshot, with the paths and the newest commit holding it."""
    objs = subprocess.run(["git", f"--git-dir={gitdir}", "rev-list", "--all", "--objects", "--missing=allow-any"], capture_output=True)
    pdfs, xmls = {}, {}
    for line in objs.stdout.decode(errors="replace").splitlines():
        blob, _, path = line.partition(" ")
        if not path.lower().endswith((".pdf", ".xml", ".nxml")):
            continue
        key = _pair_key(path)
        (pdfs if path.lower().endswith(".pdf") else xmls).setdefault(key, (blob, path))
    rows, seen = [], set()
    for key in sorted(pdfs):
        (pblob, ppath), xml = pdfs[key], xmls.get(key)
        if xml is None or pblob in seen:
            continue
        try:
            _git(gitdir, "cat-file", "-e", pblob)
            g = gold_from_jats(_git(gitdir, "cat-file", "blob", xml[0], binary=True))
        except (subprocess.CalledProcessError, ValueError, ET.ParseError) as e:
            print(f"skip {ppath}: {str(e)[:80]}", file=sys.stderr)
            continue
        seen.add(pblob)
        commit = _git(gitdir, "log", "--all", "-1", "--format=%H", "--", ppath).strip()
        rows.append({"id": None, "repo": repo, "commit": commit, "folder": ppath.rsplit("/", 1)[0],
                     "pdf_path": ppath, "xml_path": xml[1], "pdf_blob": pblob, "xml_blob": xml[0],
                     "publisher": g["publisher"], "journal": g["journal"], "licence": g["licence"], "doi": g["doi"],
                     "pmcid": g["pmcid"], "n_headings": len(g["headings"]), "has_abstract": bool(g["abstract"])})
    return rows


def build(sources: list[str], out: Path, manifest: Path = MANIFEST) -> list[dict]:
    """Write OUT/ID.pdf, OUT/ID.xml and OUT/gold.jsonl for the manifest rows whose repository
    is among ``sources`` (git directories or URLs); returns the gold rows."""
    import pymupdf

    out.mkdir(parents=True, exist_ok=True)
    rows = [json.loads(x) for x in manifest.read_text().splitlines() if x.strip()]
    dirs = {}
    for s in sources:
        d = git_dir(s, out / "_clones")
        url = _git(d, "config", "--get", "remote.origin.url").strip() if not Path(s).exists() else ""
        dirs[d] = url
    gold = []
    for r in rows:
        got = None
        for d in dirs:
            try:
                pdf = _git(d, "cat-file", "blob", r["pdf_blob"], binary=True)
                xml = _git(d, "cat-file", "blob", r["xml_blob"], binary=True)
                got = (pdf, xml)
                break
            except subprocess.CalledProcessError:
                continue
        if got is None:
            continue
        for name, data in ((f"{r['id']}.pdf", got[0]), (f"{r['id']}.xml", got[1])):
            if not (out / name).exists() or (out / name).read_bytes() != data:   # unchanged files keep their
                (out / name).write_bytes(data)                                    # mtime (the peer cache's key)
        g = gold_from_jats(got[1])
        with pymupdf.open(out / f"{r['id']}.pdf") as doc:
            pages = doc.page_count
            front = " ".join(doc[k].get_text() for k in range(min(2, pages)))
        share = title_printed(g["title"], front)
        if share < 0.5:
            print(f"{r['id']}: only {share:.0%} of the XML's title words are on the PDF's first pages "
                  "(another paper's PDF beside the XML, or fonts with no text mapping?)", file=sys.stderr)
        row = {"id": r["id"], "pdf": f"{r['id']}.pdf", "split": r["split"], "family": r["family"],
               "source": r["repo"], "source_path": r.get("pdf_path") or f"{r['folder']}/fulltext.pdf", "commit": r["commit"],
               "pages": pages, "journal": g["journal"], "publisher": g["publisher"], "licence": r["licence"],
               "gold_quality": "publisher XML (JATS)", "title": g["title"], "abstract": g["abstract"],
               "headings": g["headings"], "heading_detail": g["heading_detail"], "doi": g["doi"]}
        gold.append(printed_headings(row, pdf_text(out / row["pdf"])[0]))
    return write_gold(out, gold, len(rows))


def title_printed(title: str | None, text: str) -> float:
    """The share of a title's words of four letters or more found in ``text`` (a PDF's first
    pages); 1.0 for a title without such words. A folder whose PDF is another paper than its XML
    (one in the thirteenth round) shows as a low share."""
    words = {w for w in re.findall(r"[^\W\d_]{4,}", (title or "").lower())}
    if not words:
        return 1.0
    have = set(re.findall(r"[^\W\d_]{4,}", text.lower()))
    return len(words & have) / len(words)


def pdf_text(pdf: Path, pages: int = 10_000) -> tuple[str, int]:
    """(the normalised text of a PDF's first ``pages`` pages (pymupdf's plain text), its page count)."""
    import pymupdf

    from tools.evaluate_parse import normalise

    with pymupdf.open(pdf) as doc:
        return normalise(" ".join(doc[k].get_text() for k in range(min(pages, doc.page_count)))), doc.page_count


def printed_headings(gold: dict, text: str) -> dict:
    """The gold with the headings the PDF does not print made optional (no parser can find them:
    Nature's PDFs print no "Introduction" where its XML has one); ``text``: the PDF's normalised
    text (:func:`pdf_text`'s first). "Printed" as the scorer matches: the normalised heading within the
    text, so a heading a parser cannot give as the gold has it (a ligature's glyph missing from
    the text layer, "so ware") is optional too."""
    from tools.evaluate_parse import normalise_heading

    detail = [dict(d, optional=True) if not d.get("optional") and normalise_heading(d["text"]) not in text else d
              for d in gold["heading_detail"]]
    return dict(gold, headings=[d["text"] for d in detail if not d.get("optional")], heading_detail=detail)


def regold(out: Path) -> list[dict]:
    """``out/gold.jsonl`` derived again from the XML files a build left in ``out`` (after a change
    to how gold is read from JATS), without the repositories."""
    gold = [json.loads(x) for x in (out / "gold.jsonl").read_text().splitlines() if x.strip()]
    for i, row in enumerate(gold):
        g = gold_from_jats((out / f"{row['id']}.xml").read_bytes())
        row.update({k: g[k] for k in ("title", "abstract", "headings", "heading_detail")})
        gold[i] = printed_headings(row, pdf_text(out / row["pdf"])[0])
    return write_gold(out, gold, len(gold))


def write_gold(out: Path, gold: list[dict], n_rows: int) -> list[dict]:
    """``out/gold.jsonl`` (one gold row a line), and a line on stderr saying how many of the
    manifest's ``n_rows`` it holds; returns ``gold``."""
    with open(out / "gold.jsonl", "w") as fh:
        for g in gold:
            fh.write(json.dumps(g, ensure_ascii=False) + "\n")
    print(f"{len(gold)} of {n_rows} manifest rows written to {out}", file=sys.stderr)
    return gold


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("survey", help="manifest rows for a repository's fulltext.pdf/fulltext.xml pairs")
    s.add_argument("source")
    s.add_argument("--repo", default=None, help="owner/name to record (default: from the path)")
    s.add_argument("--work", type=Path, default=Path("/tmp/jats_pairs/_clones"))
    s.add_argument("--history", action="store_true",
                   help="PDFs and XMLs paired by the PMC id of their names or folders, or by the same path up to the extension, anywhere in the history "
                        "(not only HEAD's fulltext.pdf/fulltext.xml folders)")
    b = sub.add_parser("build", help="PDFs, XML and gold.jsonl of the manifest's rows")
    b.add_argument("sources", nargs="+", help="git directories or URLs of the manifest's repositories")
    b.add_argument("--out", type=Path, default=Path("/tmp/jats_pairs"))
    b.add_argument("--manifest", type=Path, default=MANIFEST)
    g = sub.add_parser("gold", help="gold.jsonl derived again from a build's XML files (no repositories)")
    g.add_argument("--out", type=Path, default=Path("/tmp/jats_pairs"))
    a = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    if a.cmd == "survey":
        d = git_dir(a.source, a.work)
        repo = a.repo or re.sub(r"^.*?([^/+]+)\+([^/+]+)/repo.*$", r"\1/\2", str(d.resolve()))
        for r in (survey_history if a.history else survey)(d, repo):
            print(json.dumps(r, ensure_ascii=False))
    elif a.cmd == "gold":
        regold(a.out)
    else:
        build(a.sources, a.out, a.manifest)


if __name__ == "__main__":
    main()
