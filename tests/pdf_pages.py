"""Pages drawn with pymupdf for st-parse's layout tests: a body paragraph, a front page (title,
authors, labelled abstract) and a document whose second page a test draws, parsed to its headings;
and a text row built by hand for the tests that call the layout rules on rows. Shared by the
heading and journal-layout test files so each test draws only what it is about."""

import pymupdf

from scholartools.parsing import parse_path
from scholartools.parsing.pdf.extract import Row

BODY = ("Scholarly documents present their argument in sections, and each section opens with a heading "
        "that a reader recognises by its typography rather than by any fixed rule about fonts or sizes. This "
        "paragraph is ordinary body text set in the document's body font, long enough to wrap over several "
        "lines of the column so that the parser can measure the body style and spacing.")


def para(page, y, text=BODY, x=72, w=468, size=10, font="tiro"):
    """``text`` in a box from ``y``; the top of the next paragraph."""
    rc = page.insert_textbox(pymupdf.Rect(x, y, x + w, y + 300), text, fontsize=size, fontname=font)
    return y + (300 - rc if rc >= 0 else 300) + 4


def front(p):
    """Title, authors and a labelled abstract at the top of ``p``; the y below the abstract."""
    p.insert_text((72, 80), "Relative cues for section headings in documents", fontsize=17, fontname="tiro")
    p.insert_text((72, 105), "Jane Doe and John Smith", fontsize=11, fontname="tiro")
    p.insert_text((72, 130), "Abstract", fontsize=12, fontname="tibo")
    return para(p, 136, "We test how the parser reads this kind of page. " * 8)


def headings_of(tmp_path, name, draw, first_sections=("Introduction", "Methods")):
    """A front page with ``first_sections`` (bold 12 pt, each with a paragraph), then a page that
    ``draw(page, 60)`` fills; st-parse's section headings of the saved PDF."""
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    y = front(p)
    for heading in first_sections:
        p.insert_text((72, y + 20), heading, fontsize=12, fontname="tibo")
        y = para(p, y + 26)
    draw(doc.new_page(width=612, height=792), 60)
    path = tmp_path / name
    doc.save(path)
    rec = parse_path(str(path))
    return [s["heading"] for s in rec["sections"] if s["heading"]]


def saved_record(doc, tmp_path, name):
    """``doc`` saved as ``tmp_path / name`` and parsed: st-parse's record."""
    path = tmp_path / name
    doc.save(path)
    return parse_path(str(path))


def with_content(doc, tmp_path, name: str, content: bytes):
    """``doc`` saved, then ``content`` (raw page operators: text under a clipping path, say)
    appended to its first page's stream and saved again as ``tmp_path / name``; that path."""
    first = tmp_path / ("_" + name)
    doc.save(first)
    doc.close()
    doc = pymupdf.open(first)
    xref = doc[0].get_contents()[0]
    doc.update_stream(xref, doc.xref_stream(xref) + content)
    path = tmp_path / name
    doc.save(path)
    doc.close()
    return path


def hold_scores(monkeypatch, cap: float, which=lambda c: True) -> None:
    """The heading model's scores of the candidates ``which`` accepts held at ``cap`` at most: a
    drawn page stands for a layout where the model was unsure of rows it scored higher here."""
    _clamp_scores(monkeypatch, 0.0, cap, which)


def lift_scores(monkeypatch, floor: float, which) -> None:
    """The heading model's scores of the candidates ``which`` accepts raised to ``floor`` at least:
    a drawn page stands for a layout where the model was surer of rows it scored lower here."""
    _clamp_scores(monkeypatch, floor, 1.0, which)


def _clamp_scores(monkeypatch, lo: float, hi: float, which) -> None:
    from scholartools.parsing.pdf import headings
    score = headings.score

    def clamped(cands, model=None):
        score(cands, model)
        for c in cands:
            if which(c):
                c.p = min(max(c.p, lo), hi)
    monkeypatch.setattr(headings, "score", clamped)


def row(text, y, size=10.0, bold=0.0, page=0, x0=72.0, x1=300.0):
    """A body-family text row of one line at ``y`` (in capitals when its text is), for the rules
    that read rows."""
    r = Row(page, 3)
    r.text, r.x0, r.x1, r.y0, r.y1, r.size, r.nchars = text, x0, x1, y, y + size, size, len(text)
    r.col, r.bold, r.italic, r.family, r.kind, r.lead, r.gap = 0, bold, 0.0, "body", "text", "", 0.0
    r.upper, r.math, r.fig, r.underline, r.neighbours = text.isupper(), 0.0, False, False, 0
    return r


def vetoed(rows, texts, runin=False, body=12.0):
    """Which of the unnumbered candidates ``texts`` ((row, text) pairs, scored 0.9) the heading
    vetoes (``headings._vetoes``) rule out, the body set at ``body`` pt in the family "body"."""
    from types import SimpleNamespace

    from scholartools.parsing.pdf.headings import Cand, _vetoes

    st = SimpleNamespace(body=body, body_family="body")
    cands = [Cand(i=k, rows=[k], text=t, runin=runin, p=0.9, title=t, feats=[]) for k, t in texts]
    _vetoes(rows, cands, st)
    return [c.p == 0 for c in cands]


def front_rows(lines, x0=72.0):
    """A front page of ``(text, y, size, bold)`` rows, each in a MuPDF block of its own, 6 pt a
    character wide, for the title rules."""
    rows = []
    for k, (text, y, size, bold) in enumerate(lines):
        r = row(text, y, size=size, bold=bold, x0=x0, x1=x0 + 6 * len(text))
        r.block = k
        rows.append(r)
    return rows


def small_row(text, y, size=8.0, x0=72.0, x1=300.0):
    """A row of a front page's small print (kind "small": authors, addresses, an abstract set
    under the body's size), for the front-matter rules."""
    r = row(text, y, size, x0=x0, x1=x1)
    r.kind = "small"
    return r


def block(rows, b):
    """``rows`` put in MuPDF block ``b`` (for the reading-order rules, which keep blocks whole)."""
    for r in rows:
        r.block = b
    return rows


def span(text, x0, font, flags, size=10.0):
    """A text span as MuPDF's ``get_text("dict")`` gives it, on one line at y = 100, five points a
    character wide, for the rules that build a row from its spans (``extract._row_from_spans``)."""
    return {"text": text, "bbox": (x0, 100.0, x0 + 5 * len(text), 100.0 + size), "size": size, "font": font,
            "flags": flags, "origin": (x0, 108.0)}
