"""Scoring a parser against gold: title exact match, abstract token-F1, heading P/R/F1.

    python -m tools.evaluate_parse [--set visible|new|dev|test|all] [--peer] [--misses]

reports, per PDF and pooled, title accuracy, abstract token-F1 and heading P/R/F1 of st-parse
(and of pymupdf4llm's Markdown with ``--peer``) on the gold sets: ``visible`` =
``shared/external/pdfs/gold_index.jsonl`` completed by ``fixtures/pdfs/visible_extra.jsonl``
(headings and abstracts annotated here for PDFs whose gold lacks them), ``new`` = the PDFs in
``fixtures/pdfs`` (``dev`` and ``test`` splits; ``test`` was never used for development).
``--misses`` lists, per PDF, the gold headings missed (with their level, run-in flag) and the
predicted headings that match none, and counts misses by class.


The same functions score st-parse's records (tests/test_parse_gold.py) and pymupdf4llm's
Markdown (benchmarks/parse_speed.py), so the two are compared on equal terms:

* title: exact match after Unicode NFKC, case folding, and collapsing whitespace and
  punctuation (the gold writes PDF line breaks as spaces);
* abstract: bag-of-tokens F1 (lower-cased alphanumeric tokens, multiset overlap, as in SQuAD);
* headings: the numbering is stripped ("3.2", "IV.", "A.1", "A1"), the rest normalised like
  titles; a predicted heading counts when it matches a gold heading in order: the matched pairs
  are a longest common subsequence of the two normalised sequences, then back-matter headings
  left over pair by name in any order (a JATS file keeps its back matter in its schema's order,
  not the page's); P = matched / |pred|, R = matched / |gold|. A prediction equal to an optional
  gold heading that matches no required one counts neither way.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter

import click

from scholartools.text.scripts import HAN_KANA
from scholartools.text.sections import APPENDIX_WORDS, strip_number

# a word, or one character of Chinese or Japanese: their text runs on without spaces, so a word
# would be a whole clause and a space a typesetter put beside a Latin word ("が Web で" against
# "がWebで") would change every token around it; scored by character, as is usual for them
_TOKEN = re.compile(rf"[{HAN_KANA}]|(?:(?![{HAN_KANA}])[^\W_])+")


def normalise(text: str | None) -> str:
    """NFKC, case-folded, punctuation to spaces, whitespace collapsed; Chinese and Japanese
    characters one token each."""
    if not text:
        return ""
    text = unicodedata.normalize("NFKC", text).casefold()
    return " ".join(_TOKEN.findall(text))


# an appendix's numbering left by strip_number: a bare letter before a capital ("Appendix A
# Details" as "A Details"), a letter with a period ("B. r Constraints") or with a number ("A1
# Scale dependent systematics", "D1.2 MPI support"), after an appendix's label in any of the
# languages st-parse reads ("Appendiks A Løsning af spiltræ", a Chinese thesis' "附录 A 读学位期间…")
_LETTER_NUMBER = re.compile(rf"^(?:(?i:{APPENDIX_WORDS}|annex)\s+)?(?:[A-Z]\d{{1,2}}(?:\.\d{{1,2}})*\.?|[A-Z]\.)\s+(?=\S)"
                            rf"|^(?:(?i:{APPENDIX_WORDS}|annex)\s+)?[A-Z]\s+(?=[A-Z])"
                            rf"|^(?:附录|附錄|付録)\s*[A-Z]\s*(?=[{HAN_KANA}])")
# a heading's citation at its end, as the source writes it ("[sharpe1,sharpe2]") or the PDF prints
# it ("[10, 11]", "(Dahlmeier and Ng, 2012)"): neither side's words
_CITATION_END = re.compile(r"\s*\[[^\[\]]{1,60}\]$"
                           r"|\s+\([A-ZÀ-Þ][^()]{0,60}?,? (?:19|20)\d\d[a-z]?(?:[,;] (?:19|20)\d\d[a-z]?)*\)$")


_NUMBER_UNIT = re.compile(r"(?<=\d) (?=[^\W\d_])")
# a paragraph's enumerator before its run-in head ("(1) Composition is exact.", "b) Setup."), a
# label like a section's number (st-parse keeps neither in the heading's words)
_ENUMERATOR = re.compile(r"^\(?(?:[a-h]|[ivx]{1,4}|\d{1,2})\)\s+(?=[^\W\d_])")


def normalise_heading(text: str | None) -> str:
    """Heading text without its numbering ("3.2", "IV.", "A.1", a bare appendix letter "A", a
    paragraph's enumerator "(1)"), normalised like titles."""
    if not text:
        return ""
    _, rest = strip_number(_CITATION_END.sub("", unicodedata.normalize("NFKC", text)))
    rest = _ENUMERATOR.sub("", rest)
    # (a number and its unit closed up: TeX's thin space, "0.36\,m", is a kern in the PDF, no
    # space, where the source's text has one: "El Sauce 0.36m", "Exist at 40Myr")
    text = _NUMBER_UNIT.sub("", normalise(_LETTER_NUMBER.sub("", rest)))
    # a heading set in capitals opening with the article reads like an appendix's letter ("A
    # BRIEF INTRODUCTION …" as "BRIEF INTRODUCTION …"): the article is dropped on both sides
    return text[2:] if text.startswith("a ") else text


def title_match(pred: str | tuple | None, gold: str | None) -> bool:
    """Is the title ``pred`` (or one of the titles a record allows: :func:`record_title`) the
    gold's, normalised?"""
    return bool(gold) and any(normalise(p) == normalise(gold) for p in (pred if isinstance(pred, tuple) else (pred,)))


def record_title(record: dict) -> str | tuple | None:
    """A record's title, or its title without and with its subtitle where st-parse found one: a
    gold title holds the subtitle or not as its source's class sets it (LaTeX's ``\\title{… \\\\
    \\large …}`` does; acmart's ``\\subtitle`` and JATS's ``<subtitle>`` do not), so either
    reading counts. (A title's own last line in a smaller type, opening in a capital, would be
    taken for a subtitle and counted with it; one in lower case or on a figure is not:
    ``frontmatter.subtitle_rows``.)"""
    title, sub = record.get("title"), record.get("subtitle")
    return (title, f"{title} {sub}") if title and sub else title


def record_fields(record: dict) -> tuple:
    """(title or titles, abstract, headings) of a record, as :func:`score_corpus` takes them."""
    return record_title(record), record.get("abstract"), record_headings(record)


def token_f1(pred: str | None, gold: str | None) -> float:
    """Multiset token F1 between two texts (0 when either is empty)."""
    p = Counter(normalise(pred).split())
    g = Counter(normalise(gold).split())
    common = sum((p & g).values())
    if not common:
        return 0.0
    prec = common / sum(p.values())
    rec = common / sum(g.values())
    return 2 * prec * rec / (prec + rec)


def heading_counts(pred: list[str], gold: list[str], optional: list[str] = ()) -> tuple[int, int, int]:
    """(matched, n_pred, n_gold) for order-aware heading matching after normalisation.

    Predicted headings equal to an ``optional`` gold heading (a label the annotator left open,
    such as "Highlights" or "CCS Concepts") and matched to no required one count neither as hits
    nor as false positives (:func:`_aligned`)."""
    g = [h for h in (normalise_heading(x) for x in gold) if h]
    pairs, counted = _aligned(pred, g, optional)
    return len(pairs), len(counted), len(g)


def _aligned(pred: list[str], gold: list[str], optional) -> tuple[set[tuple[int, int]], list[int]]:
    """(pairs (i, j) of the order-aware match of the predicted headings ``pred`` to the normalised
    required ``gold`` headings, the indices of the predictions that count). A prediction matched to
    no required heading does not count when its text is an optional heading's: the same words may
    be a required heading elsewhere in the paper (a subsubsection "Correlations between measures"
    in the methods, optional, and a subsection of that name in the results, required), so the
    optional texts do not remove predictions before the match, only unmatched ones after it.
    Back matter left over by the ordered match pairs by name in any order (see below)."""
    opt = {normalise_heading(x) for x in optional}
    masked = [_math_masked(x) for x in optional if "$" in x]
    p = [normalise_heading(x) for x in pred]
    keep = [i for i, h in enumerate(p) if h]
    pairs = {(keep[i], j) for i, j in _lcs_pairs([p[i] for i in keep], gold)}
    hit = {i for i, _ in pairs}
    # back matter pairs by name, in any order: a JATS file keeps its back matter in the order
    # its schema sets (acknowledgements first), not the page's ("Data availability",
    # "Acknowledgements", "Author contributions", "Competing interests" in a Nature paper); a
    # name with its "Statement" or without ("Data Availability Statement", "Data availability"),
    # Nature's "Peer review information" under its XML's "Peer review"
    free = {}
    taken = {j for _, j in pairs}
    for j, g in enumerate(gold):
        if j not in taken and _BACK_MATTER.match(g):
            free.setdefault(_back_name(g), []).append(j)
    for i in keep:
        name = _back_name(p[i])
        if i not in hit and free.get(name):
            pairs.add((i, free[name].pop(0)))
            hit.add(i)
    return pairs, [i for i in keep if i in hit or p[i] not in opt and not any(_fits(p[i].split(), m) for m in masked)]


#: a formula's place in an optional heading whose math the gold could not spell (a paper's own macro,
#: "Internal $\ev$"), or a cross-reference's ("Proof of Theorem $\ref$", benchmarks/tex_pairs.py): up to
#: this many printed tokens
_MATH_TOKENS = 3

# a number the scorer closed up with the word after it (:data:`_NUMBER_UNIT`): "4 2identifying" (a
# word of three letters or more: a unit, "36m", or a formula's symbol, "2π", stays one token)
_GLUED = re.compile(r"(?<=\d)(?=[^\W\d_]{3})")


def _math_masked(text: str) -> list[str | None]:
    """The normalised tokens of a heading with each ``$…$`` formula as None (a wildcard)."""
    out: list[str | None] = []
    for k, part in enumerate(re.split(r"\$[^$]*\$", text)):
        if k:
            out.append(None)
        out += _unglued(normalise_heading(part).split() if k == 0 else normalise(part).split())
    return out


def _unglued(tokens: list[str]) -> list[str]:
    """``tokens`` with a number closed up with its word split again ("2identifying": "2",
    "identifying"): a wildcard's printed number ("Theorem 4.2: Identifying") is no part of the
    word after it."""
    return [t for tok in tokens for t in _GLUED.split(tok)]


def _fits(tokens: list[str], masked: list[str | None]) -> bool:
    """Do ``tokens`` read as ``masked``, each wildcard standing for 0 … :data:`_MATH_TOKENS` tokens?"""
    return _fits_unglued(_unglued(tokens), masked)


def _fits_unglued(tokens: list[str], masked: list[str | None]) -> bool:
    if not masked:
        return not tokens
    head, rest = masked[0], masked[1:]
    if head is not None:
        return bool(tokens) and tokens[0] == head and _fits_unglued(tokens[1:], rest)
    return any(_fits_unglued(tokens[n:], rest) for n in range(min(_MATH_TOKENS, len(tokens)) + 1))


def _back_name(heading: str) -> str:
    """A normalised back-matter heading as :func:`_aligned` pairs it: without "statement",
    "peer review information" (what Nature prints) as "peer review" (what its XML titles), and an
    acknowledgement in one spelling, singular or plural (IEEE's journal class prints the source's
    "Acknowledgment" as "ACKNOWLEDGMENTS")."""
    name = heading.removesuffix(" statement")
    if _ACKNOWLEDGEMENT.fullmatch(name):
        return "acknowledgments"
    return "peer review" if name == "peer review information" else name


_ACKNOWLEDGEMENT = re.compile(r"acknowledge?ments?")


# the back-matter sections a journal prints after the body, normalised (see ``_aligned``)
_BACK_MATTER = re.compile(
    r"(acknowledge?ments?|funding( statement| information| sources?)?|(data|code|data and code|software)"
    r" availability( statement)?|availability of (data|supporting data)( and materials)?|(authors? )?(s )?"
    r"contributions?( statement)?|contributors|(competing|conflicts? of) (financial )?interests?( statement)?"
    r"|declarations?( of (competing |conflicting )?interests?)?|additional information|(supplementary|supporting|supplemental)"
    r" (information|materials?|data)|peer review( information)?|abbreviations|ethics( statement| approval| declarations?)?"
    r"|ethical (approval|statement)|consent for publication|orcid( ids?)?|author information|associated content"
    r"|notes|footnotes|publisher s note|author s notes?|accession codes)$")


def prf(matched: int, n_pred: int, n_gold: int) -> dict:
    p = matched / n_pred if n_pred else 0.0
    r = matched / n_gold if n_gold else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return {"precision": p, "recall": r, "f1": f}


def record_headings(record: dict) -> list[str]:
    """Headings of a paper record's body sections (abstract and references are separate fields,
    front-matter labels such as "Keywords" are not body sections)."""
    out = []
    for sec in record.get("sections") or []:
        if sec.get("type") in ("abstract", "references", "front_matter"):
            continue
        if sec.get("heading"):
            out.append(sec["heading"])
    return out


_MD_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$")
_MD_BOLD_LINE = re.compile(r"^\s*\*\*(.+?)\*\*\s*$")


def markdown_headings(md: str) -> list[str]:
    """Headings of a Markdown text: ``#`` lines (emphasis markers removed)."""
    out = []
    for line in md.splitlines():
        m = _MD_HEADING.match(line)
        if m:
            out.append(re.sub(r"[*_`]+", "", m.group(1)).strip())
    return out


_MD_PLAIN = re.compile(r"[*_`#>]+")
_MD_SUP = re.compile(r"<sup>.*?</sup>", re.S)        # pymupdf4llm 2.x marks superscripts in HTML
_MD_TAG = re.compile(r"</?[a-z]+[^>]*>")
_MD_ABSTRACT = re.compile(r"^\W*(abstract|summary)\b\W*", re.I)


def peer_fields(md: str) -> tuple[str | None, str | None, list[str]]:
    """(title, abstract, body headings) of a Markdown text, scored like st-parse's record
    (superscripts and HTML tags removed, as st-parse drops footnote marks): the title is the first ``#`` heading (when it is not an abstract label), the abstract the text of
    a line opening with "Abstract" up to the next heading, and the headings leave out the title
    and, as :func:`record_headings` does, abstract, references and front-matter labels."""
    from scholartools.text.sections import section_type

    md = _MD_TAG.sub("", _MD_SUP.sub("", md))
    lines = md.splitlines()
    heads = [(i, re.sub(r"[*_`]+", "", m.group(1)).strip()) for i, line in enumerate(lines)
             if (m := _MD_HEADING.match(line))]
    title = None
    if heads and not _MD_ABSTRACT.match(heads[0][1]):
        title = heads[0][1]
    abstract = None
    for i, line in enumerate(lines):
        plain = _MD_PLAIN.sub("", line).strip()
        m = _MD_ABSTRACT.match(plain)
        if not m:
            continue
        parts = [plain[m.end():]]
        for nxt in lines[i + 1:]:
            if _MD_HEADING.match(nxt) or _MD_BOLD_LINE.match(nxt) and parts[-1:] != [""] and len(" ".join(parts)) > 200:
                break
            parts.append(_MD_PLAIN.sub("", nxt).strip())
        abstract = " ".join(" ".join(parts).split()) or None
        break
    body = [h for k, (_, h) in enumerate(heads) if not (k == 0 and title is not None)
            and section_type(h) not in ("abstract", "references", "front_matter")]
    return title, abstract, body


def score_corpus(pairs) -> dict:
    """Aggregate scores over ``(gold_row, title, abstract, headings)`` tuples.

    Title and abstract are averaged over the documents whose gold has them; heading P/R/F1 are
    micro-averaged (matched pairs summed over documents) over documents with gold headings.
    """
    titles, abstracts = [], []
    m = n_p = n_g = 0
    per_doc = []
    for gold, title, abstract, headings in pairs:
        row = {"id": gold["id"]}
        if gold.get("title"):
            row["title"] = title_match(title, gold["title"])
            titles.append(row["title"])
        if gold.get("abstract"):
            row["abstract_f1"] = token_f1(abstract, gold["abstract"])
            abstracts.append(row["abstract_f1"])
        if gold.get("headings"):
            opt = [h["text"] for h in gold.get("heading_detail") or [] if h.get("optional")]
            c = heading_counts(headings, gold["headings"], opt)
            row["headings"] = prf(*c)
            m, n_p, n_g = m + c[0], n_p + c[1], n_g + c[2]
        per_doc.append(row)
    return {
        "title_exact": sum(titles) / len(titles) if titles else None,
        "n_titles": len(titles),
        "abstract_f1": sum(abstracts) / len(abstracts) if abstracts else None,
        "n_abstracts": len(abstracts),
        "headings": prf(m, n_p, n_g),
        "n_heading_docs": sum(1 for r in per_doc if "headings" in r),
        "per_doc": per_doc,
    }


# ---------------------------------------------------------------------------------------------
# command line: gold sets, per-PDF and per-class report

def _lcs_pairs(a: list[str], b: list[str]) -> set[tuple[int, int]]:
    n, m = len(a), len(b)
    dp = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            dp[i][j] = dp[i + 1][j + 1] + 1 if a[i] == b[j] else max(dp[i + 1][j], dp[i][j + 1])
    pairs = set()
    i = j = 0
    while i < n and j < m:
        if a[i] == b[j]:
            pairs.add((i, j))
            i += 1
            j += 1
        elif dp[i + 1][j] >= dp[i][j + 1]:
            i += 1
        else:
            j += 1
    return pairs


def heading_misses(pred: list[str], gold: dict) -> tuple[list[dict], list[str]]:
    """(missed gold headings with their detail, predicted headings matching no gold heading)."""
    detail = gold.get("heading_detail") or [{"text": h, "level": None} for h in gold.get("headings") or []]
    gd = [h for h in detail if not h.get("optional")]
    pairs, counted = _aligned(pred, [normalise_heading(h["text"]) for h in gd],
                              [h["text"] for h in detail if h.get("optional")])
    hit_p = {i for i, _ in pairs}
    hit_g = {j for _, j in pairs}
    return [h for j, h in enumerate(gd) if j not in hit_g], [pred[i] for i in counted if i not in hit_p]


def miss_class(h: dict) -> str:
    if h.get("runin"):
        return "run-in"
    lev = h.get("level")
    return f"level {lev}" if lev else "level ?"


def load_gold(which: str, shared: str | None = None) -> list[dict]:
    """Gold rows (with an absolute ``path``) of a named set."""
    import json
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    out = []
    if which in ("visible", "all"):
        from scholartools.data.catalog import dataset_path

        vis = dataset_path("pdfs", shared, file="gold_index.jsonl")   # --shared, else scholartools.data
        extra = {}
        ep = root / "fixtures" / "pdfs" / "visible_extra.jsonl"
        if ep.exists():
            extra = {g["id"]: g for g in map(json.loads, filter(str.strip, ep.read_text().splitlines()))}
        for g in map(json.loads, filter(str.strip, (vis / "gold_index.jsonl").read_text().splitlines())):
            e = extra.get(g["id"])
            if e:
                g = dict(g)
                for k in ("title", "abstract"):
                    if not g.get(k) and e.get(k):
                        g[k] = e[k]
                if not g.get("headings") or e.get("replaces_headings"):
                    if e.get("replaces_headings"):
                        g["silver_headings"] = g.get("headings")
                    g["headings"] = e["headings"]
                    g["heading_detail"] = e["heading_detail"]
            g["path"] = str(vis / g["pdf"])
            g["set"] = "visible"
            out.append(g)
    if which in ("new", "dev", "test", "all"):
        fx = root / "fixtures" / "pdfs"
        for g in map(json.loads, filter(str.strip, (fx / "gold_index.jsonl").read_text().splitlines())):
            if which in ("dev", "test") and g.get("split") != which:
                continue
            g["path"] = str(fx / g["pdf"])
            g["set"] = g.get("split", "new")
            out.append(g)
    return out


def jats_gold(folder, split: str | None = None) -> list[dict]:
    """The JATS-paired publisher PDFs (benchmarks/jats_pairs.py build --out FOLDER) as sets
    ``jats-dev`` and ``jats-test`` (``split``: only that half)."""
    import json
    from pathlib import Path

    folder = Path(folder)
    out = []
    for line in (folder / "gold.jsonl").read_text().splitlines():
        if line.strip():
            g = json.loads(line)
            if split in (None, g["split"]):
                out.append(dict(g, path=str(folder / g["pdf"]), set=f"jats-{g['split']}"))
    return out


def pooled_names(gold: list[dict]) -> list[str]:
    """The sets to print a line for: each set, then "jats-dev*" (every dev split of --jats pooled:
    the blind batches together) where there are two or more, then "all" where there are two sets
    or more."""
    sets = sorted({g["set"] for g in gold})
    devs = [s for s in sets if s.startswith("jats-dev")]
    return sets + (["jats-dev*"] if len(devs) > 1 else []) + (["all"] if len(sets) > 1 else [])


def in_set(g: dict, name: str) -> bool:
    """Is gold record ``g`` in the set line ``name`` (see :func:`pooled_names`)?"""
    return name == "all" or g["set"] == name or name == "jats-dev*" and g["set"].startswith("jats-dev")


@click.command(help="st-parse against gold: per-PDF and pooled figures.")
@click.option("--set", "which", default="all", type=click.Choice(["visible", "new", "dev", "test", "all", "none"]),
              show_default=True, help="gold set")
@click.option("--shared", default=None, help="a shared folder (default: the pdfs dataset where scholartools.data finds it)")
@click.option("--peer", is_flag=True, help="also score pymupdf4llm's Markdown headings")
@click.option("--misses", is_flag=True, help="list missed and spurious headings per PDF")
@click.option("--only", multiple=True, help="ids containing one of these strings (repeatable)")
@click.option("--jats", "jats", default=None, help="also the JATS-paired publisher PDFs built by "
              "benchmarks/jats_pairs.py build --out DIR, or the author-compiled PDFs built by "
              "benchmarks/tex_pairs.py build --out DIR (sets jats-SPLIT)")
@click.option("--jats-split", default=None,
              help="only this part of --jats, as its gold names it (JATS: dev, dev4 … dev11, test, test2; "
                   "LaTeX pairs: dev, dev2 … (one per blind batch), test; test2 and the dev splits after dev were each scored once "
                   "blind)")
def main(which: str, shared: str | None, peer: bool, misses: bool, only: tuple[str, ...], jats: str | None,
         jats_split: str | None) -> None:
    import time
    from types import SimpleNamespace

    args = SimpleNamespace(set=which, shared=shared, peer=peer, misses=misses, only=list(only))
    from scholartools.parsing import parse_path

    gold = load_gold(args.set, args.shared) if args.set != "none" else []
    if jats:
        gold += jats_gold(jats, jats_split)
    if args.only:
        gold = [g for g in gold if any(s in g["id"] for s in args.only)]
    t = time.perf_counter()
    recs = [parse_path(g["path"]) for g in gold]
    dt = time.perf_counter() - t
    pages = sum(r["source"]["pages"] for r in recs)
    print(f"st-parse: {len(recs)} PDFs, {pages} pages in {dt:.1f} s")
    names = pooled_names(gold)
    for name in names:
        pairs = [(g, r) for g, r in zip(gold, recs) if in_set(g, name)]
        s = score_corpus((g, *record_fields(r)) for g, r in pairs)
        h = s["headings"]
        print(f"[{name}] title {s['title_exact'] or 0:.3f} ({s['n_titles']}) | abstract F1 {s['abstract_f1'] or 0:.3f} "
              f"({s['n_abstracts']}) | headings P {h['precision']:.3f} R {h['recall']:.3f} F1 {h['f1']:.3f} "
              f"({s['n_heading_docs']} docs)")
    classes: dict[str, int] = {}
    fps = 0
    print()
    for g, r in zip(gold, recs):
        row = score_corpus([(g, *record_fields(r))])["per_doc"][0]
        hd = row.get("headings") or {}
        line = f"{g['id'][:48]:48s} {g['set'][:4]:4s} title={'-' if 'title' not in row else int(row['title'])} " \
               f"abs={row.get('abstract_f1', float('nan')):.2f} P={hd.get('precision', float('nan')):.2f} " \
               f"R={hd.get('recall', float('nan')):.2f}"
        if "title" in row and not row["title"]:
            line += f"  | title: {str(r['title'])[:60]!r}"
        print(line)
        if g.get("headings"):
            missed, spurious = heading_misses(record_headings(r), g)
            fps += len(spurious)
            for h in missed:
                classes[miss_class(h)] = classes.get(miss_class(h), 0) + 1
            if args.misses:
                for h in missed:
                    print(f"      miss [{miss_class(h)}] {h['text'][:80]}")
                for x in spurious:
                    print(f"      extra {x[:80]}")
    print("\nmissed gold headings by class:", ", ".join(f"{k}: {v}" for k, v in sorted(classes.items())),
          f"| spurious headings: {fps}")
    if args.peer:
        import pymupdf4llm

        t = time.perf_counter()
        mds = [pymupdf4llm.to_markdown(g["path"], show_progress=False) for g in gold]
        dt = time.perf_counter() - t
        print(f"\npymupdf4llm: {len(mds)} PDFs in {dt:.1f} s")
        for name in names:
            pairs = [(g, md) for g, md in zip(gold, mds) if in_set(g, name)]
            s = score_corpus((g, *peer_fields(md)) for g, md in pairs)
            h = s["headings"]
            print(f"[{name}] pymupdf4llm title {s['title_exact'] or 0:.3f} | abstract F1 {s['abstract_f1'] or 0:.3f} | "
                  f"headings P {h['precision']:.3f} R {h['recall']:.3f} F1 {h['f1']:.3f}")


if __name__ == "__main__":
    main()
