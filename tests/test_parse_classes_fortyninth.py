"""Issue 36, forty-ninth round: what the forty-eighth round left (docs/st-parse.md, "Forty-ninth
round")."""
from __future__ import annotations

from pdf_pages import front_rows, row, vetoed


def _dashed_leads(rest_starts, p=0.35):
    """Three paragraphs opening with a bold-italic run-in lead closed by a period, the text going on
    after ``rest_starts[k]`` (Physical Review's "*Introduction.*—The …"), scored ``p`` each."""
    from scholartools.parsing.pdf.headings import FEATURES, Cand

    titles = ["Introduction", "Necessary condition for shift invariance", "Summary and outlook"]
    rows, cands = [], []
    for k, (title, rest) in enumerate(zip(titles, rest_starts)):
        r = row(f"{title}.{rest} circuit depth required by the standard", 100 + 60 * k, x1=299)
        r.lead, r.lead_style, r.lead_size, r.lead_family, r.first_in_block = f"{title}.", "b", 10.0, "sfbi", True
        rows.append(r)
        rows.append(row("by the standard transform presents challenges.", 112 + 60 * k, x1=299))
        cands.append(Cand(i=2 * k, rows=[2 * k], text=title, runin=True, p=p, title=title,
                          rest=f"{rest} circuit depth", feats=[0.0] * len(FEATURES)))
    return rows, cands


def test_run_in_heads_closed_by_a_dash_make_a_series():
    # "Introduction.—The O(n2) circuit depth …": the text goes on with a capital past the dash
    from scholartools.parsing.pdf.headings import _runin_series

    rows, cands = _dashed_leads(["—The", "—The", "— We"])
    _runin_series(rows, cands, 0.5)
    assert [c.p > 0.5 for c in cands] == [True, True, True]


def test_a_dash_before_lower_case_text_opens_no_series():
    # control: the lead's text goes on in lower case past the dash (a phrase, not a head)
    from scholartools.parsing.pdf.headings import _runin_series

    rows, cands = _dashed_leads(["—the", "—the", "—we"])
    _runin_series(rows, cands, 0.5)
    assert [c.p > 0.5 for c in cands] == [False, False, False]


def test_the_text_going_on_with_a_capital_reads_past_the_dash():
    from scholartools.parsing.pdf.headings import _rest_capital

    assert [_rest_capital(s) for s in ("—The", "– We", "The", "—the", "", "—")] == [True, True, True, False, False, False]


_vetoed = vetoed


def _table_head(below="2021 2022 2023 2024", beside="Gmina"):
    """A table's heads: ``beside`` spanning two rows (half a line lower), a head over its years,
    then ``below`` under it; a paragraph's last line above."""
    return [row("że miasto-rdzeń nie różniło się tu znacząco od gmin ościennych.", 282, size=12.0, x0=65, x1=391),
            row(beside, 317, size=12.0, x0=112, x1=147),
            row("Małżeństwa zawarte na 1000 ludności", 310, size=12.0, x0=279, x1=472),
            row(below, 330, size=12.0, x0=288, x1=487)]


def test_a_tables_column_head_over_its_row_of_figures_is_no_heading():
    assert _vetoed(_table_head(), [(2, "Małżeństwa zawarte na 1000 ludności")]) == [True]


def test_a_heading_over_text_or_beside_a_line_number_stays():
    # controls: text under it, not figures; a manuscript's line number beside it, no letter in it
    assert _vetoed(_table_head(below="Liczba zawartych małżeństw w gminach ościennych"),
                   [(2, "Małżeństwa zawarte na 1000 ludności")]) == [False]
    assert _vetoed(_table_head(beside="120"), [(2, "Małżeństwa zawarte na 1000 ludności")]) == [False]


def _long_table(pages):
    """A table's bold column heads, cut by wide gaps, set atop the table on each of ``pages``, a
    cell under them on the left."""
    rows = []
    for page in pages:
        head = row("Autor, año Enfoque Aplicación Hallazgo clave Limitación", 110, size=12.0, bold=1.0,
                   page=page, x0=77, x1=527)
        head.gap = 3.6
        rows += [head, row("Análisis de", 140, size=12.0, page=page, x0=265, x1=342),
                 row("datos biológi-", 158, size=12.0, page=page, x0=265, x1=344)]
    return rows


def test_a_long_tables_heads_set_again_on_its_next_pages_are_no_heading():
    text = "Autor, año Enfoque Aplicación Hallazgo clave Limitación"
    assert _vetoed(_long_table([6, 7]), [(0, text), (3, text)]) == [True, True]
    # control: set once
    assert _vetoed(_long_table([6]), [(0, text)]) == [False]


def test_a_papers_hypotheses_in_a_series_are_no_headings():
    # "**H1 (search improves matching).** Moving from limited search …", H2 … H7
    names = ["search improves matching", "bargaining is redistributive", "multi-attribute bargaining creates surplus"]
    rows = [row(f"H{k + 1} ({n}). Moving from limited search to full-", 100 + 40 * k, x0=134, x1=478)
            for k, n in enumerate(names)]
    texts = [(k, f"H{k + 1} ({n})") for k, n in enumerate(names)]
    assert _vetoed(rows, texts, runin=True) == [True, True, True]
    # control: two of them are no series
    assert _vetoed(rows[:2], texts[:2], runin=True) == [False, False]


def _notation(n=4):
    """A notation table: each line a bold symbol at x 118 and its meaning at x 187 beside it."""
    pairs = [("Q, R", "Factors resulting from Householder QR factorization algorithms"),
             ("Pv, Pi", "HH transformation corresponding to v, ith HH transformation in HQR"),
             ("X, W, Y", "WY representation of successive HH transformations"),
             ("fl(x)", "Quantity x calculated from floating point operations")][:n]
    rows = []
    for k, (symbol, meaning) in enumerate(pairs):
        rows += [row(symbol, 422 + 12 * k, bold=1.0, x0=118, x1=118 + 5 * len(symbol)),
                 row(meaning, 422 + 12 * k, x0=187, x1=487)]
    return rows


def test_a_notation_tables_symbol_beside_its_meaning_is_no_heading():
    assert _vetoed(_notation(), [(0, "Q, R"), (4, "X, W, Y")]) == [True, True]
    # control: one line so set is no table (a heading with a margin note beside it)
    assert _vetoed(_notation(1), [(0, "Q, R")]) == [False]
    # control: a heading at the foot of a page's left column, the right column's lines beside it
    # and its paragraph's (a journal's two columns: "Introduction" at x 57, the next column at 300)
    rows = [row("Introduction", 687, bold=1.0, x0=57, x1=116)]
    rows += [row("A large number of bacterial species play a major role in", 700 + 12 * k, x0=57, x1=283)
             for k in range(3)]
    rows += [row("entrenchment inside the root canal system and these", 687 + 12 * k, x0=300, x1=527)
             for k in range(4)]
    for r in rows[4:]:
        r.col = 1
    assert _vetoed(rows, [(0, "Introduction")]) == [False]
    for r in rows[4:]:   # (also where the page's columns were not told apart)
        r.col = 0
    assert _vetoed(rows, [(0, "Introduction")]) == [False]
    # control: a journal's box of abbreviations in two columns, its heading over the left one, the
    # right one's first entry beside it: the heading is a standard section's
    rows = [row("Abbreviations", 503, bold=1.0, x0=51, x1=115)]
    rows += [row(f"{a}  {b}", 515 + 12 * k, x0=51, x1=180) for k, (a, b) in
             enumerate([("HA", "Haemagglutinin"), ("het", "Heterozygous"), ("HI", "Hyperinsulinism")])]
    rows += [row(f"{a}  {b}", 503 + 12 * k, x0=306, x1=531) for k, (a, b) in
             enumerate([("IC50", "Concentration producing half-maximal"), ("KATP", "ATP-sensitive potassium"),
                        ("Kir6.2", "Inwardly rectifying potassium"), ("SUR1", "Sulfonylurea receptor 1")])]
    assert _vetoed(rows, [(0, "Abbreviations")]) == [False]


def _cover(lines):
    """A cover's rows at x 89 (:func:`pdf_pages.front_rows`)."""
    return front_rows(lines, x0=89)


def test_a_covers_title_field_gives_the_title():
    # a school's cover: the kind of work set larger, the title as a field ("Thema: …") over two lines
    from scholartools.parsing.pdf.frontmatter import title_rows, title_text

    rows = _cover([("Martin-Andersen-Nexö-Gymnasium Dresden", 84, 14.5, 1.0),
                   ("Dokumentation zur Besonderen Lernleistung", 158, 14.5, 1.0),
                   ("Thema: Verifizierte Implementierung einer", 235, 12.0, 0.2),
                   ("Mapping-Datenbank in Coq", 249, 12.0, 0.0),
                   ("vorgelegt von: Benno Fünfstück", 373, 12.0, 0.5)])
    got = title_rows(rows, 11.0, 0, 842.0)
    assert title_text(got) == "Verifizierte Implementierung einer Mapping-Datenbank in Coq"
    # control: a cover without the field keeps the largest group
    rows = _cover([("Dokumentation zur Besonderen Lernleistung", 158, 14.5, 1.0),
                   ("Verifizierte Implementierung einer Mapping-Datenbank in Coq", 235, 12.0, 0.2),
                   ("vorgelegt von: Benno Fünfstück", 373, 12.0, 0.5)])
    assert title_text(title_rows(rows, 11.0, 0, 842.0)) == "Dokumentation zur Besonderen Lernleistung"


def test_a_thesis_kind_over_the_title_is_no_part_of_it():
    from scholartools.parsing.pdf.frontmatter import _is_type_label, title_rows, title_text

    rows = _cover([("OTTO-VON-GUERICKE-UNIVERSITÄT MAGDEBURG", 67, 14.0, 0.0),
                   ("Diplomarbeit", 259, 17.5, 0.0), ("Titel der Arbeit", 293, 17.5, 0.0),
                   ("Manfred Mustermann", 322, 9.5, 0.0)])
    assert title_text(title_rows(rows, 11.0, 0, 842.0)) == "Titel der Arbeit"
    assert [_is_type_label(t) for t in ("Master's Thesis", "PhD Thesis", "Tesis de Maestría", "Masterarbeit",
                                        "Thesis of the Week", "Arbeit und Struktur")] == [True] * 4 + [False] * 2
