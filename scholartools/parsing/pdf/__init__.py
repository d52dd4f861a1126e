"""PDF → paper record with pymupdf's text dictionaries (no layout model, no OCR).

One pass over the pages (``get_text("dict")`` once per page, the document closed at the end),
then document-level statistics and structure: see :mod:`.extract`, :mod:`.layout`,
:mod:`.structure`, :mod:`.hidden`.
"""

from __future__ import annotations

import os

from scholartools import recache as re
from scholartools.errors import RecordError
from scholartools.vocabulary import DOI_RE

PARSER = "scholartools-pdf"


def _open(path: str):
    from scholartools.parsing.pdf import messages
    from scholartools.parsing.pdf.mupdf import load

    pymupdf = load()

    messages.capture()
    messages.take()   # anything said before this file is not this file's

    if not os.path.exists(path):
        raise RecordError("unreadable_file", f"{path}: no such file", source=path)
    if os.path.getsize(path) == 0:
        raise RecordError("empty_file", f"{path}: the file is empty", source=path)
    try:
        doc = pymupdf.open(path, filetype="pdf")
    except Exception as exc:  # pymupdf raises its own FileDataError / RuntimeError kinds
        raise RecordError("not_pdf", f"{path}: not a readable PDF ({exc})", source=path) from None
    if doc.needs_pass:
        doc.close()
        raise RecordError("encrypted", f"{path}: the PDF is encrypted and needs a password", source=path)
    if doc.page_count == 0:
        doc.close()
        raise RecordError("empty_file", f"{path}: the PDF has no pages", source=path)
    return doc


def _garbled_rows(rows) -> list:
    """The rows that read as a Chinese or Japanese font's broken map (:func:`scripts.garbled_cjk`),
    two or more of them, else []: the row's characters are wrong, and no parser of the text layer
    reads them better (a thesis whose heading font maps its glyphs to rare ideographs and symbols)."""
    from scholartools.text.scripts import garbled_cjk

    found = [r for r in rows if garbled_cjk(r.text)]
    return found if len(found) >= 2 else []


def read_pdf(path: str, max_pages: int | None = None, check_clipping: bool = True) -> dict:
    """Rows of a PDF in reading order with the document's statistics, in one pass over the pages.

    Returns ``{"rows", "body", "pages", "used", "page_height", "warnings", "metadata_title",
    "first_text"}``; :func:`parse_pdf` builds the record from it and `tools/train_headings.py`
    reads the same rows.
    """
    from scholartools.parsing.pdf import hidden
    from scholartools.parsing.pdf.extract import page_rows, page_size
    from scholartools.parsing.pdf.layout import LINE_CHARS, body_size, drop_running_text, order_page
    from scholartools.parsing.pdf.mupdf import load

    pymupdf = load()

    doc = _open(path)
    warnings: list[dict] = []
    # no ICC colour management while the text is read: colours only feed the white-text and
    # dark-fill checks, and MuPDF's first two ICC links to sRGB cost 4 % of st-parse on a
    # small PDF (once per process); without them MuPDF converts by formula (CMYK black → 0x000000,
    # not 0x231F20). Process-wide state: turned on again after the pages, as pymupdf starts.
    pymupdf.TOOLS.set_icc(False)
    try:
        if doc.is_encrypted or doc.metadata and doc.metadata.get("encryption"):
            warnings.append({"kind": "encrypted", "message": "the PDF is encrypted (opened without a password)"})
        n_pages = doc.page_count
        use = n_pages if not max_pages else min(n_pages, max_pages)
        flags = pymupdf.TEXT_PRESERVE_WHITESPACE | pymupdf.TEXT_CID_FOR_UNKNOWN_UNICODE
        xflags = flags | pymupdf.TEXT_COLLECT_VECTORS
        infinite = pymupdf.INFINITE_RECT()
        pages: list[list] = []
        heights: list[float] = []
        widths: list[float] = []
        n_chars = 0
        pages_with_images_no_text = 0
        metadata_title = (doc.metadata or {}).get("title") or None
        first_text = ""
        visible: list = []   # text a reader sees, page by page (clipping applied), or the page's rows
        forms_read: dict = {}   # the document's forms as _may_clip_text found them
        drawn: dict = {}   # large streams' decompressed sizes as _heavy_drawing found them
        for pno in range(use):
            try:
                page = doc.load_page(pno)
                heavy = _heavy_drawing(doc, page, drawn)
                d = page.get_text("dict", flags=flags if heavy else xflags, clip=infinite)
            except Exception as exc:
                warnings.append({"kind": "damaged", "page": pno + 1, "message": f"page {pno + 1} unreadable: {exc}"})
                pages.append([])
                heights.append(792.0)
                widths.append(612.0)
                continue
            size = page_size(page)
            rows, suspects, vectors = page_rows(d, pno, size)
            if heavy:   # (no vectors read: white or tiny text cannot be told from a figure's labels)
                suspects = [x for x in suspects if not (x["white"] or x["tiny"])]
            warnings.extend(hidden.judge(page, suspects, vectors))
            chars = sum(r.nchars for r in rows)
            if check_clipping and chars and not heavy and _may_clip_text(doc, page, forms_read):
                found, seen = _clipped(page, flags, rows, pno, size, vectors)
                warnings.extend(found)
                visible.append(seen)
            else:  # nothing can be clipped: the rows are what a reader sees (joined if needed)
                visible.append(rows)
            n_chars += chars
            if chars < 20 and page.get_images(full=False):
                pages_with_images_no_text += 1
            if pno == 0:
                first_text = " ".join(r.text for r in rows[:80])
            pages.append(rows)
            widths.append(size[0])
            heights.append(size[1])
            del page, d
        repaired = bool(getattr(doc, "is_repaired", False))
    finally:
        doc.close()
        pymupdf.TOOLS.set_icc(True)
    if repaired:
        warnings.append({"kind": "damaged", "message": "the PDF's cross-reference table was broken and repaired"})
    from scholartools.parsing.pdf.messages import take

    warnings.extend({"kind": "mupdf_message", "message": m} for m in dict.fromkeys(take()))
    if n_chars == 0 and not pages_with_images_no_text:
        raise RecordError("empty_file", f"{path}: the PDF has no text and no images", source=path)
    if pages_with_images_no_text and pages_with_images_no_text >= 0.5 * use:
        warnings.append({"kind": "no_text_layer",
                         "message": f"{pages_with_images_no_text} of {use} pages are images without a text layer "
                                    "(scanned without OCR); their text is missing"})

    all_rows = [r for rows in pages for r in rows]
    garbled = _garbled_rows(all_rows)
    if garbled:
        warnings.append({"kind": "garbled_text",
                         "message": f"{len(garbled)} rows hold the characters a font's broken map gives for Chinese or "
                                    f"Japanese (first on page {garbled[0].page + 1}: {garbled[0].text[:40]!r}); their "
                                    "text, headings among it, is not what the page shows"})
    if any(w.get("kind") == "hidden_text" for w in warnings):
        from scholartools.parsing.pdf.hidden import drop_artefacts

        warnings = drop_artefacts(warnings, " ".join(v if isinstance(v, str) else " ".join(r.text for r in v)
                                                    for v in visible))
    for w in warnings:
        w.pop("_row", None)
    body = body_size(all_rows, LINE_CHARS)
    drop_running_text(pages, heights)
    ordered = []
    for rows, w in zip(pages, widths):
        ordered.extend(order_page(rows, w))
    heights.sort()
    return {"rows": ordered, "body": body, "pages": n_pages, "used": use, "warnings": warnings,
            "page_height": heights[len(heights) // 2] if heights else 792.0,
            "metadata_title": metadata_title, "first_text": first_text}


def parse_pdf(path: str, max_pages: int | None = None, references: bool = True,
              sections_only: bool = False, check_clipping: bool = True) -> dict:
    """Parse one PDF into the structured fields of a paper record (see :mod:`scholartools.parsing.record`)."""
    import gc

    from scholartools.parsing.pdf.mupdf import load
    from scholartools.parsing.pdf.structure import build

    load()   # pymupdf imported (and its objects frozen: mupdf._freeze_import) before the collector pauses
    # no cyclic garbage collection while parsing: the text dictionaries and rows form no reference
    # cycles (a collection after a parse finds none), but their allocations started ~25
    # collections a PDF, each scanning pymupdf's bindings (1.5 % of the instructions on small PDFs)
    collecting = gc.isenabled()
    gc.disable()
    try:
        doc = read_pdf(path, max_pages=max_pages, check_clipping=check_clipping)
        n_pages, use = doc["pages"], doc["used"]
        rec = build(doc["rows"], doc["body"], use, references=references, sections_only=sections_only,
                    page_height=doc["page_height"])
    finally:
        if collecting:
            gc.enable()
    metadata_title = doc["metadata_title"]
    if not rec.get("title") and metadata_title and len(metadata_title.split()) >= 3 \
            and not re.search(r"\.(pdf|dvi|docx?|tex)$|^microsoft|untitled", metadata_title, re.I):
        rec["title"] = metadata_title.strip()
    first_text = doc["first_text"]
    # every DOI holds "10." (the pattern opens with \b, so without it the search tries every position)
    m = DOI_RE.search(first_text) if "10." in first_text else None
    if m:
        rec["doi"] = m.group(1)
    rec["source"] = {"pages": n_pages}
    if max_pages and use < n_pages:
        rec["source"]["pages_parsed"] = use
    rec["warnings"] = doc["warnings"]
    return rec


# a clip operator "W n" / "W* n" (not inside a longer word: the byte before W is checked by
# hand, since a pattern that starts with a look-behind is scanned byte by byte, not searched
# for its literal W: 13 ms against 1 ms over the content of 25 pages)
_CLIP_OP = re.compile(rb"W\*?\s+n(?![A-Za-z])")
_LETTERS = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
_TEXT_OR_FORM = re.compile(rb"(?<![A-Za-z])BT(?![A-Za-z])|/([^\s/\[\]<>()]+)\s+Do(?![A-Za-z])")


#: bytes of a page's content streams and forms, decompressed, over which its vector graphics are
#: not read (a map drawn as 2.6 million paths, 261 MB in a form of 2.7 MB: MuPDF's dict of them
#: took 16 s and their figure cells 10 s more, for one page of a five-page paper; its text alone
#: 3 s). Only streams of over :data:`DRAWING_PEEK` bytes as stored are decompressed to tell.
DRAWING_BUDGET = 60_000_000
DRAWING_PEEK = 1_000_000


def _heavy_drawing(doc, page, sizes: dict | None = None) -> bool:
    """Do the page's content streams and forms hold more than :data:`DRAWING_BUDGET` bytes of
    drawing? Then its text is read without its vector graphics: no figure cells or rules on it,
    and none of its white or tiny text judged hidden (a figure's labels cannot be told apart
    without them). (Of 18,779 pages of 1,293 PDFs, two are: the map's, 261 MB, and an engineering
    paper's plots, 80 MB.) ``sizes`` (xref → decompressed size) carries what one page learnt to
    the next, as :func:`_may_clip_text`'s ``forms_read`` does: pages sharing one resource
    dictionary list every form of the document, and a large form was decompressed on each."""
    known = {} if sizes is None else sizes
    try:
        total = 0
        for xref in [*page.get_contents(), *(x[0] for x in page.get_xobjects())]:
            if xref not in known:
                kind, length = doc.xref_get_key(xref, "Length")
                known[xref] = len(doc.xref_stream(xref) or b"") if kind == "int" and int(length) > DRAWING_PEEK else 0
            total += known[xref]
        return total > DRAWING_BUDGET
    except Exception:
        return False


def _may_clip_text(doc, page, forms_read: dict | None = None) -> bool:
    """Could a clipping path on this page cut away text? (A clip operator followed, before the
    graphics state is restored, by text or by a form that holds text; forms are read one level
    deep.) Reading the content streams costs far less than a second text extraction, which
    :func:`_clipped` then runs only where this says yes.

    ``forms_read`` (xref → :func:`_clip_findings` of the form's stream) carries what one page
    learnt of a form to the next: a document whose pages share one resource dictionary lists
    every form of the document on every page, and decompressing each again per page cost
    seconds on papers with many figures."""
    read = {} if forms_read is None else forms_read

    def findings(xref: int) -> tuple[bool, frozenset, bool]:
        if xref not in read:
            read[xref] = _clip_findings(doc.xref_stream(xref) or b"")
        return read[xref]

    try:
        forms = {name: xref for xref, name, _inv, _bbox in page.get_xobjects()}
        streams = [_clip_findings(page.read_contents())] + [findings(x) for x in forms.values()]
        for text, names, _holds in streams:
            if text or any(findings(forms[n])[2] for n in names if n in forms):
                return True
    except Exception:
        return True
    return False


def _clip_findings(data: bytes) -> tuple[bool, frozenset, bool]:
    """What a content stream holds for :func:`_may_clip_text`: (text drawn under a clip
    operator before the graphics state is restored, the names of the forms drawn there, any
    text at all)."""
    text, names = False, set()
    for m in _CLIP_OP.finditer(data):
        if m.start() and data[m.start() - 1] in _LETTERS:
            continue
        end = data.find(b"Q", m.end())
        seg = data[m.end(): end if end >= 0 else len(data)]
        if b"BT" not in seg and b"Do" not in seg:
            continue   # neither text nor a form: nothing the pattern below could find
        for t in _TEXT_OR_FORM.finditer(seg):
            if t.group(1) is None:
                text = True
                break
            names.add(t.group(1).decode("latin-1"))
        if text:
            break
    return text, frozenset(names), b"BT" in data


def _clipped(page, flags: int, rows, pno: int, size: tuple[float, float], vectors: list) -> tuple[list[dict], str]:
    """(hidden-text warnings for text cut away by clipping paths on this page (usually none),
    the page's text with clipping applied).

    A cheap count of the page's characters with clipping applied is compared with the
    unclipped rows first; the detailed comparison runs only where characters went missing.
    Text among a figure's paths (a plot clips its own annotations) is not reported.
    """
    from scholartools.parsing.pdf.hidden import in_graphics
    from scholartools.parsing.pdf.mupdf import load

    pymupdf = load()

    pw, ph = size
    inside = "".join("".join(r.text.split()) for r in rows if r.x1 > 0 and r.x0 < pw and r.y1 > 0 and r.y0 < ph)
    tp = page.get_textpage(flags=flags | pymupdf.TEXT_CLIP)   # (read once: its text, and its spans if needed)
    clipped = tp.extractText()
    got = "".join(clipped.split())
    # quick exit: nothing clipped when every character of the rows survives clipping
    if len(got) >= len(inside) and inside in got:
        return [], clipped
    _drop_clipped_copies(tp, rows, clipped)
    from scholartools.parsing.pdf.extract import fix_accents

    got = fix_accents(got)
    pool: dict[str, int] = {}
    for w in fix_accents(clipped).split():
        pool[w] = pool.get(w, 0) + 1
    out = []
    for r in rows:
        t = "".join(r.text.split())
        if t in got:
            continue
        words = r.text.split()
        missing = []
        for w in words:
            if pool.get(w, 0) > 0:
                pool[w] -= 1
            else:
                missing.append(w)
        if len(missing) >= 2 and len(missing) >= 0.5 * len(words) \
                and not in_graphics((r.x0, r.y0, r.x1, r.y1), vectors):
            out.append({"kind": "hidden_text", "reason": "clipped", "page": pno + 1,
                        "bbox": [round(r.x0, 1), round(r.y0, 1), round(r.x1, 1), round(r.y1, 1)],
                        "text": " ".join(missing), "_row": r.text})
    return out, clipped


def _drop_clipped_copies(textpage, rows, clipped: str) -> None:
    """Rows that a clipping path hides wholly and that repeat what a reader sees on the page (a
    typesetter's overflow or a draft's copy left under the clip: a journal's back matter set twice,
    once in a face the clip hides) are dropped: a reader reads them once. Not reported either
    (:func:`hidden.drop_artefacts`); hidden text that repeats nothing stays for the warnings. A row
    is hidden when under a fifth of its letters, in runs of eight, are in the clipped text's spans
    across its line (spans overlapping it by half the lower one's height: a formula's tall glyph
    makes a row taller than its words; a copy set a point or two off a visible line shares its
    place, not its letters; letters and digits only, as spans split words at superscripts)."""
    from bisect import bisect_left, bisect_right

    from scholartools.parsing.pdf.hidden import repeats, words_of

    vis = words_of(clipped)
    spans = [(s["bbox"], _compact(s["text"])) for b in textpage.extractDICT()["blocks"]
             for line in b.get("lines", ()) for s in line["spans"] if s["text"].strip()]
    order = sorted(range(len(spans)), key=lambda k: spans[k][0][1])   # the spans by their tops
    tops = [spans[k][0][1] for k in order]
    tallest = max((y1 - y0 for (_x0, y0, _x1, y1), _t in spans), default=0.0)
    for r in rows:
        key = _compact(r.text)
        runs = [key[k:k + 8] for k in range(0, len(key) - 7, 8)]
        if len(runs) < 3 or len(r.text.split()) < 3:   # (a word or two: a table's cell, "ParainĘuenza")
            continue
        # (the spans whose tops can reach the row, in the text page's order)
        near = sorted(order[bisect_left(tops, r.y0 - tallest):bisect_right(tops, r.y1)])
        shown = "".join(ws for (x0, y0, x1, y1), ws in (spans[k] for k in near)
                        if x0 < r.x1 and r.x0 < x1 and min(y1, r.y1) - max(y0, r.y0) >= 0.5 * min(y1 - y0, r.y1 - r.y0))
        if sum(run in shown for run in runs) < 0.2 * len(runs) and repeats(r.text, vis):
            r.drop = True


def _compact(text: str) -> str:
    """``text``'s letters and digits in lower case, nothing between them."""
    return "".join(ch for ch in text.lower() if ch.isalnum())
