"""benchmarks/latex_corpus printed_gold: a title or abstract counts as gold only where the PDF
prints it (checked on a page drawn with pymupdf)."""

import pymupdf

import benchmarks.latex_corpus as lc

ABSTRACT = ("The growing field of large-scale time domain astronomy requires methods for probabilistic "
            "data analysis that are computationally tractable, even with large datasets.")


def _pdf(tmp_path, lines):
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    y = 80
    for line in lines:
        p.insert_text((72, y), line, fontsize=10, fontname="tiro")
        y += 12
    path = tmp_path / "p.pdf"
    doc.save(path)
    return path


def test_an_abstract_hyphenated_at_a_narrow_columns_line_ends_is_printed(tmp_path):
    # a two-column class sets the abstract in a narrow column: "time do-" / "main astronomy" broke
    # the first eight words, so the gold lost the abstract (7 of quantum two-column's 14)
    pdf = _pdf(tmp_path, ["Fast and scalable modelling", "The growing field of large-scale time do-",
                          "main astronomy requires methods for prob-", "abilistic data analysis that are computation-",
                          "ally tractable, even with large datasets."])
    row = lc.printed_gold({"title": "Fast and scalable modelling", "abstract": ABSTRACT}, pdf)
    assert row["abstract"] == ABSTRACT
    assert row["title"] == "Fast and scalable modelling"


def test_an_abstract_the_pdf_does_not_print_is_no_gold(tmp_path):
    pdf = _pdf(tmp_path, ["Fast and scalable modelling", "Some other text entirely, set on the page."])
    row = lc.printed_gold({"title": "Fast and scalable modelling", "abstract": ABSTRACT}, pdf)
    assert row["abstract"] is None
