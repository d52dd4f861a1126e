"""What the twenty-ninth round of issue 36 mended (docs/st-parse.md, "Twenty-ninth round").

Read from the last round's batches, before the round's own were scored:

* a Springer journal's subsection headings are set in the body's type and sentence case, the
  model scoring them near nothing, so their place in the outline decides — but "3.2 Comparison
  with DBSCAN" was not taken for a title in title case ("with" in lower case), and the outline
  dropped it;
* the Royal Society's front page sets its abstract without a label in the body's type, its
  subject areas and keywords in the left margin beside it, and the introduction's first paragraph
  under it before "1. Introduction" on the next page: no abstract was found.
"""

import pymupdf

from pdf_pages import row, saved_record


def test_a_two_level_title_keeps_its_connecting_words_in_lower_case():
    from scholartools.parsing.pdf.headings import Cand, _deep_title

    def deep(text, parts):
        c = Cand(i=0, rows=[0], text=text)
        c.title = text.split(" ", 1)[1]
        return _deep_title(c, parts, [row(text, 100)])

    assert deep("3.2 Comparison with DBSCAN", [3, 2]) and deep("2.4 Transfer from Simulation into Practice", [2, 4])
    assert not deep("3.2 Comparison shows gains", [3, 2])      # a word of its own in lower case: a sentence
    assert not deep("2.1 Models were trained with care", [2, 1])


ABSTRACT = ("Collective dilemmas reward a group only if its pooled contribution crosses a threshold before "
            "a catastrophe strikes, and people cooperate more when more is at stake. We ask whether language "
            "model agents reproduce that sensitivity. Thirteen models played the game in groups of six, and "
            "eleven of them ignore the risk entirely, whereas prompt changes move them by orders of magnitude.")
INTRO = ("The prevention of dangerous climate change is a collective dilemma: many actors must jointly invest "
         "enough to keep a shared catastrophe from occurring, yet each actor is tempted to free-ride on the "
         "investment of others. In laboratory versions of this dilemma cooperation rises steeply with the "
         "announced risk of loss, from essentially zero when the risk is low to about half when it is high.")


def _margin_front(tmp_path, name, keywords_beside=True):
    doc = pymupdf.open()
    p = doc.new_page(width=595, height=842)
    p.insert_text((230, 60), "Language model agents in a collective dilemma", fontsize=17, fontname="helv")
    p.insert_text((230, 90), "Anonymous author(s)", fontsize=12, fontname="helv")
    p.insert_textbox(pymupdf.Rect(236, 120, 548, 420), ABSTRACT, fontsize=9, fontname="tiro")
    if keywords_beside:
        p.insert_text((36, 150), "Keywords:", fontsize=8.5, fontname="hebo")
        p.insert_text((36, 162), "language models, cooperation", fontsize=8.5, fontname="helv")
    p.insert_textbox(pymupdf.Rect(230, 260, 550, 560), INTRO, fontsize=9, fontname="tiro")
    q = doc.new_page(width=595, height=842)
    q.insert_text((48, 70), "1. Introduction", fontsize=13.5, fontname="helv")
    y = 90
    for _ in range(4):
        q.insert_textbox(pymupdf.Rect(48, y, 530, y + 200), INTRO, fontsize=9, fontname="tiro")
        y += 80
    return saved_record(doc, tmp_path, name)




def test_the_abstract_beside_its_keywords_is_found(tmp_path):
    rec = _margin_front(tmp_path, "beside.pdf")
    assert (rec.get("abstract") or "").startswith("Collective dilemmas reward a group")
    # without keywords beside it, the paragraph followed by the introduction's first one is no
    # abstract by this rule
    rec = _margin_front(tmp_path, "alone.pdf", keywords_beside=False)
    assert not (rec.get("abstract") or "").startswith("Collective dilemmas reward a group")
