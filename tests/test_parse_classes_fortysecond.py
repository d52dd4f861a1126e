"""Issue 36, forty-second round (session 30): a run-in title with a formula in it — a chemical
formula's subscripts, an italic variable — read to its closing stop, where it stopped at the
formula's first piece and the whole line (title and the sentence after it) was taken for a heading
(JATS dev ``acs-pmc8277170``, docs/st-parse.md, "Forty-second round")."""
from __future__ import annotations

import pymupdf
import pytest

from types import SimpleNamespace

from pdf_pages import BODY, para, row, saved_record

#: the pieces of a run-in title and the sentence after it: (text, font, size, baseline shift)
_SYNTHESIS = (("{n}. Synthesis of [NBu", "{face}", 9, 0), ("4", "{face}", 6, 2), ("]", "{face}", 9, 0),
              ("2", "{face}", 6, 2), ("[Pt", "{face}", 9, 0), ("6", "{face}", 6, 2), ("Ni", "{face}", 9, 0),
              ("x", "tiit", 6, 2), ("(CO)", "{face}", 9, 0), ("12", "{face}", 6, 2), ("] (", "{face}", 9, 0),
              ("x", "tiit", 9, 0), (" = {v}).", "{face}", 9, 0),
              (" A solution of the salt in acetone was stirred for two hours", "tiro", 9, 0))


def _line(page, x, y, pieces, **fill):
    for text, font, size, dy in pieces:
        text, font = text.format(**fill), font.format(**fill)
        page.insert_text((x, y + dy), text, fontsize=size, fontname=font)
        x += pymupdf.get_text_length(text, font, size)


def _paper(tmp_path, face: str, close: str = "."):
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 80), "Heterometallic platinum nickel carbonyl clusters", fontsize=17, fontname="tiro")
    p.insert_text((72, 105), "Jane Doe and John Smith", fontsize=11, fontname="tiro")
    p.insert_text((72, 130), "1. Introduction", fontsize=11, fontname="tibo")
    y = para(p, 136, BODY * 2, size=9)
    p.insert_text((72, y + 16), "2. Experimental Section", fontsize=11, fontname="tibo")
    y += 22
    for n, v in (("2.1", "1.25"), ("2.2", "3.24"), ("2.3", "4.41")):
        pieces = list(_SYNTHESIS)
        pieces[12] = (" = {v})" + close, "{face}", 9, 0)
        _line(p, 72, y + 10, pieces, n=n, v=v, face=face)
        y = para(p, y + 12, BODY, size=9)
    return saved_record(doc, tmp_path, f"{face}.pdf")


def test_a_bold_run_in_title_with_a_formula_is_read_to_its_stop(tmp_path):
    # before: no lead, and the line as a whole, "… (x = 1.25). A solution of the salt in acetone
    # was stirred for two hours", was the heading
    heads = [s["heading"] for s in _paper(tmp_path, "hebo")["sections"] if s["heading"]]
    assert [h for h in heads if "Synthesis" in h] == [f"Synthesis of [NBu4]2[Pt6Nix(CO)12] (x = {v})"
                                                      for v in ("1.25", "3.24", "4.41")], heads


def test_a_run_in_title_in_a_face_of_its_own_with_a_formula_is_its_rows_lead(tmp_path):
    # a publisher's coded font names say neither bold nor italic: the title's face differs from the
    # text's, and the lead is read to the stop before the text's face (before: none)
    from scholartools.parsing.pdf import read_pdf

    _paper(tmp_path, "helv")
    rows = [r for r in read_pdf(str(tmp_path / "helv.pdf"))["rows"] if "Synthesis" in r.text]
    assert [(r.lead, r.lead_style) for r in rows] == [
        (f"2.{k}. Synthesis of [NBu4]2[Pt6Nix(CO)12] (x = {v}).", "f") for k, v in ((1, "1.25"), (2, "3.24"), (3, "4.41"))]


def test_a_formula_in_a_run_in_title_with_no_stop_makes_no_lead(tmp_path):
    # control: without its closing stop the formula's pieces do not carry a lead to the text's face
    from scholartools.parsing.pdf import read_pdf

    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    pieces = list(_SYNTHESIS)
    pieces[12] = (" = {v})", "{face}", 9, 0)
    _line(p, 72, 100, pieces, n="2.1", v="1.25", face="helv")
    path = tmp_path / "nostop.pdf"
    doc.save(path)
    row = next(r for r in read_pdf(str(path))["rows"] if "Synthesis" in r.text)
    assert row.lead == ""


def _outline(texts):
    from scholartools.parsing.pdf.headings import FEATURES, Cand, number_and_title

    rows = [row(t, 60 + 20 * k) for k, (t, _) in enumerate(texts)]
    cands = [Cand(i=k, rows=[k], text=t, runin=False, p=p, title=t, feats=[0.0] * len(FEATURES))
             for k, (t, p) in enumerate(texts)]
    for c in cands:
        c.number, c.title = number_and_title(c.text, c.runin)
    return rows, cands


def test_the_ninth_lettered_subsection_is_the_letter_i_not_the_roman_one():
    # an IEEE review (round dev61's NLOS_Overview): "H. Sparse …" then "I. Arbitrary Relay
    # Surfaces …" under "III. NEW SCENES"; read as the roman I it broke the sections' chain and
    # "IV. CONCLUSION" was dropped
    from scholartools.parsing.pdf.headings import _plausible_sequence

    letters = [(f"{ch}. Subsection {ch.lower()}", 0.88) for ch in "ABCDEFGHIJ"]
    rows, cands = _outline([("I. INTRODUCTION", 0.55), ("II. ACTIVE METHODS", 0.5), ("A. Hardware", 0.88),
                            ("B. Models", 0.88), ("III. NEW SCENES", 0.49), *letters, ("IV. CONCLUSION", 0.53)])
    _plausible_sequence(cands, 0.4, rows)
    assert [c.text for c in cands if c.p >= 0.4] == [c.text for c in cands]
    assert [c.letter for c in cands].index(True) == 13   # "I. Subsection i"


def test_a_section_in_capitals_at_the_bodys_size_fills_the_step_between_its_neighbours():
    # "V. NEW NLOS SCENES": its capitals outnumber its small capitals, so it takes the body's size
    # and the model scores it 0.046, between "IV. DEEP LEARNING METHODS" and "VI. CONCLUSION"; the
    # letters under it start again after it
    from scholartools.parsing.pdf.headings import _plausible_sequence

    rows, cands = _outline([("I. INTRODUCTION", 0.55), ("II. METHODS", 0.5), ("III. PASSIVE METHODS", 0.49),
                            ("IV. DEEP LEARNING METHODS", 0.47), ("A. Priors", 0.89), ("B. Networks", 0.9),
                            ("C. Challenges", 0.9), ("V. NEW NLOS SCENES", 0.046), ("A. Two Bounce Imaging", 0.89),
                            ("B. Keyhole Imaging", 0.9), ("VI. CONCLUSION", 0.53)])
    _plausible_sequence(cands, 0.4, rows)
    assert [c.text for c in cands if c.p >= 0.4] == [c.text for c in cands]
    # control: the same row not in capitals is too weak to be a step
    rows, cands = _outline([("IV. Deep Learning Methods", 0.47), ("V. New scenes", 0.046), ("VI. Conclusion", 0.53)])
    _plausible_sequence(cands, 0.4, rows)
    assert cands[1].p == 0.0


@pytest.mark.parametrize("title", ["[Pt(Phen)(SSDACH)(Indomethacin)(OH)](NO3)2 (1)", "cis-[PtCl2(TMSO)2]",
                                   "trans-[PtCl2(dstp)(DPSO)]"])
def test_a_chemical_formula_opens_a_title_as_a_capital_does(title):
    # MDPI's fourth level, numbered "3.5.1." in the body's type: a complex's formula is its title
    from scholartools.parsing.pdf.headings import _opens_capital

    assert _opens_capital(title)
    assert not _opens_capital("(in press) as reported")
    assert not _opens_capital("cis and trans isomers")


def test_three_rows_in_the_headings_face_smaller_than_they_are_are_the_level_under_them():
    # an R Journal paper: 12 pt bold sections over a 9 pt body, and 10 pt bold subsections the model
    # scores 0.36-0.38; a table's bold cells share the style and stay out
    from scholartools.parsing.pdf.headings import FEATURES, Cand, _level_under_headings

    texts = [("Introduction", 12.0, 0.91), ("Common attributes of messy outputs", 10.0, 0.36),
             ("Case studies", 12.0, 0.9), ("Split-apply-combine using broom", 10.0, 0.38),
             ("Bootstrapped confidence intervals", 10.0, 0.37), ("MASS", 10.0, 0.26), ("Discussion", 12.0, 0.92)]
    rows = [row(t, 60 + 30 * k, size=s, bold=1.0) for k, (t, s, _) in enumerate(texts)]
    cands = []
    for k, (t, s, p) in enumerate(texts):
        feats = [0.0] * len(FEATURES)
        feats[FEATURES.index("next_bodyish")] = 1.0
        cands.append(Cand(i=k, rows=[k], text=t, p=p, title=t, feats=feats, skey=(s, True, False, "body", False)))
    st = SimpleNamespace(body=9.0)
    _level_under_headings(rows, cands, st, 0.4)
    assert [c.text for c in cands if c.p >= 0.4] == [t for t, _, p in texts if p != 0.26]
    # two of them are not a level
    for c in cands:
        c.p = min(c.p, 0.38) if c.skey[0] == 10.0 else c.p
    cands[4].p = 0.2
    _level_under_headings(rows, cands, st, 0.4)
    assert [c.text for c in cands if c.p >= 0.4] == ["Introduction", "Case studies", "Discussion"]


def test_a_bold_labels_colon_in_the_texts_face_is_no_formula_piece():
    # an example's fields ("**Id**: 87_1", "**Document**: The most famous …", a Grobid test paper):
    # the label's lead stays the bold word; a formula's pieces need the title's style after them
    from pdf_pages import span
    from scholartools.parsing.pdf.extract import _row_from_spans

    r = _row_from_spans([span("Id", 100, "Times-Bold", 20), span(":", 110, "Times-Roman", 4),
                         span(" 87_1", 115, "Courier", 4)], 0, 1)
    assert (r.lead, r.lead_style) == ("Id", "b")
    r = _row_from_spans([span("2.1. Synthesis of [NBu", 100, "Times-Bold", 20), span("4", 210, "Times-Bold", 20, 6.0),
                         span("] (", 215, "Times-Bold", 20), span("x", 230, "Times-Italic", 6),
                         span(" = 1.25).", 235, "Times-Bold", 20), span(" A solution was stirred", 280, "Times-Roman", 4)],
                        0, 1)
    assert (r.lead, r.lead_style) == ("2.1. Synthesis of [NBu4] (x = 1.25).", "b")


def test_the_gutter_search_counts_the_rows_crossing_each_edge_as_a_pass_over_them_would():
    # one sort of the rows instead of a pass per edge (a page of a table's cells has hundreds)
    import random

    from scholartools.parsing.pdf.layout import _crossing

    rng = random.Random(42)
    for _ in range(200):
        rows = []
        for _ in range(rng.randint(0, 40)):
            x0 = round(rng.uniform(50, 500), 1)
            w = rng.choice([rng.uniform(0, 6), rng.uniform(0, 300), 4.0, 2.0])
            rows.append(SimpleNamespace(x0=x0, x1=round(x0 + w, 1), nchars=rng.randint(0, 80)))
        edges = sorted({round(rng.uniform(50, 500), 1) for _ in range(20)} | {round(r.x0 + 2, 1) for r in rows[:4]}
                       | {round(r.x1 - 2, 1) for r in rows[:4]})
        assert _crossing(rows, edges) == [sum(r.nchars for r in rows if r.x0 < m - 2 and r.x1 > m + 2) for m in edges]


def _footnote_rows(n_small: int, rng=None):
    """A page's column: body rows, then ``n_small`` small rows (every one a candidate), then the
    next column's body going on in lower case."""
    from scholartools.parsing.pdf.headings import FEATURES, Cand

    rows = [row("the body breaks off in the middle of", 60, size=10.0)]
    rows += [row(f"Small note {k}", 80 + k, size=8.0) for k in range(n_small)]
    rows.append(row("goes on in the next column", 60, size=10.0, page=0))
    rows[-1].col = 1
    if rng is not None:   # some rows of the run in another column or at the body's size
        for r in rows[1:-1]:
            if rng.random() < 0.2:
                r.size = 10.0
            if rng.random() < 0.1:
                r.col = 1
    cands = [Cand(i=k, rows=[k] if rng is None or rng.random() < 0.8 else [k, min(k + 2, len(rows) - 2)],
                  text=rows[k].text, p=0.5, title=rows[k].text, feats=[0.0] * len(FEATURES))
             for k in range(1, len(rows) - 1)]
    return rows, cands


def _interrupted_by_walking(rows, cands, body):
    """The rule as it was written before (a walk from every candidate), for the comparison."""
    from scholartools.parsing.pdf.headings import sent_end

    heads = {c.i for c in cands if c.p >= 0.3}
    n = len(rows)
    for c in cands:
        r = rows[c.i]
        if r.size >= body - 0.6:
            continue
        a, b = c.i, c.rows[-1]
        while a > 0 and rows[a - 1].size < body - 0.6 and (rows[a - 1].page, rows[a - 1].col) == (r.page, r.col):
            a -= 1
        while b + 1 < n and rows[b + 1].size < body - 0.6 and (rows[b + 1].page, rows[b + 1].col) == (r.page, r.col):
            b += 1
        before = rows[a - 1] if a else None
        after = rows[b + 1] if b + 1 < n else None
        if before is None or after is None or a - 1 in heads or before.kind != "text" or after.kind != "text" \
                or (before.page, before.col) != (r.page, r.col) or (after.page, after.col) == (r.page, r.col) \
                or abs(before.size - body) >= 0.6 or abs(after.size - body) >= 0.6 \
                or sent_end(before.text.rstrip()) or not after.text[:1].islower():
            continue
        c.p = 0.0


def test_footnotes_a_sentence_runs_around_are_found_in_one_pass():
    # an R Journal paper set mostly in small type (code, tables) took 44 s in this rule alone: the
    # walk from every candidate to its run's ends was quadratic; the ends are now found once
    import random
    import time

    from scholartools.parsing.pdf.headings import _inside_interrupted_sentence

    st = SimpleNamespace(body=10.0)
    rows, cands = _footnote_rows(6000)
    t = time.process_time()
    _inside_interrupted_sentence(rows, cands, st)
    assert time.process_time() - t < 2.0   # the walk: about 20 s on this machine
    assert all(c.p == 0.0 for c in cands)
    rng = random.Random(7)
    for _ in range(30):
        rows, cands = _footnote_rows(rng.randint(1, 30), rng)
        cands2 = [type(c)(i=c.i, rows=list(c.rows), text=c.text, p=c.p, title=c.title, feats=c.feats) for c in cands]
        _inside_interrupted_sentence(rows, cands, st)
        _interrupted_by_walking(rows, cands2, 10.0)
        assert [c.p for c in cands] == [c.p for c in cands2]


def test_a_numbered_list_of_affiliations_is_no_outline():
    # an APA manuscript's 25 affiliations numbered by their marks over two front pages: a chain of
    # 25 steps lifted every one; an outline whose titles name no institution keeps its chain
    from scholartools.parsing.pdf.headings import _plausible_sequence

    names = ["Analytics", "Department of Vision Sciences", "Department of Psychology", "Illumin Analytics",
             "Stevens Institute of Technology", "Department of Neuroscience", "University of Leuven",
             "Applied Memory Research Laboratory", "Franklin and Marshall College"]
    rows, cands = _outline([(f"{k} {t}", 0.002) for k, t in enumerate(names, 1)]
                           + [("1 Introduction", 0.9), ("2 Methods", 0.9), ("3 Results", 0.9)])
    _plausible_sequence(cands, 0.4, rows)
    assert [c.text for c in cands if c.p >= 0.4] == ["1 Introduction", "2 Methods", "3 Results"]
    rows, cands = _outline([("1 Introduction", 0.9), ("2 Hospital records", 0.3), ("3 Analysis", 0.9),
                            ("4 School of thought", 0.3), ("5 Conclusion", 0.9)])
    _plausible_sequence(cands, 0.4, rows)
    assert all(c.p >= 0.4 for c in cands)
