"""Structured abstracts on drawn front pages (issue #36, eleventh round): part titles run in
without a colon in the abstract's own type ("Introduction During the …"), the parts going on at the
top of the next column; and a structured abstract without a label, in the body's own type beside a
side column of front-page fields, neither followed by the first heading nor set inset."""

import pymupdf


from pdf_pages import saved_record
from pdf_pages import BODY
from pdf_pages import para

PARTS = [("Introduction", "During the last outbreak we proposed and tested a new protocol for the care of "
          "patients in isolation. The protocol was put in place by training the whole team."),
         ("Methods", "The first phase designed the protocol in three steps, and the second trained two hundred "
          "workers with seminars, practice with the protective gear and simulated cases."),
         ("Results", "The simulations showed faults that earlier phases had not found. Dressing a whole team "
          "took three times as long as dressing one person, and errors were corrected."),
         ("Conclusion", "Training with a simulator during the outbreak prepared the staff in two weeks. What "
          "was learned will help in future outbreaks of infectious disease.")]


_save = saved_record


def test_run_in_part_titles_without_colon_and_the_next_column(tmp_path):
    # "Introduction During the …" right under the "Abstract" label was read as the body's first
    # heading, so no abstract was found; and the parts set at the top of the next column ("Results …",
    # "Conclusion …"), level with the first, were left out though the left column ended a sentence
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((56, 110), "Simulation for training during an outbreak of respiratory disease", fontsize=15,
                  fontname="hebo")
    p.insert_text((56, 132), "Ann Author, Bob Writer and Carl Third", fontsize=11, fontname="tiro")
    p.insert_text((56, 200), "Abstract", fontsize=11, fontname="hebo")
    y = 208
    for title, text in PARTS[:2]:
        y = para(p, y, f"{title} {text}", x=56, w=240, size=9) + 6
    y2 = 208
    for title, text in PARTS[2:]:
        y2 = para(p, y2, f"{title} {text}", x=314, w=240, size=9) + 6
    y = max(y, y2) + 20
    p.insert_text((56, y + 11), "Introduction", fontsize=11, fontname="hebo")
    para(p, y + 16, BODY * 2, x=56, w=240, size=9)
    para(p, y + 6, BODY * 2, x=314, w=240, size=9)
    rec = _save(doc, tmp_path, "runin.pdf")
    want = " ".join(f"{t} {x}" for t, x in PARTS)
    assert rec["abstract"] == " ".join(want.split())
    assert "Introduction" in [s["heading"] for s in rec["sections"]]


UNLABELLED = [("Background", "Airborne infections are a threat to patients whenever they share rooms with "
               "patients who cough up the bacilli, so infectious patients should be kept apart."),
              ("Aim", "This article describes the use of masks and of isolation at district hospitals to "
               "inform future policy and practice."),
              ("Methods", "A qualitative design was used, and fifty focus group participants were chosen from "
               "the staff of seven of the eight hospitals of the district."),
              ("Results", "Isolation rooms were not kept for infectious patients, and masks were not used "
               "consistently by patients, staff or visitors at the hospitals."),
              ("Conclusions", "Training and a quality control programme would reduce the risk of infection at "
               "these hospitals.")]
FIELDS = ["Author:", "Ann Author", "Affiliation:", "School of Health,", "University of the North",
          "Correspondence to:", "Ann Author", "Dates:", "Received: 20 May 2013", "Accepted: 17 July 2014"]


def _unlabelled(tmp_path, name, parts, after):
    """A front page: title, a side column of front-page fields left of a structured abstract
    without a label in the body's type and width to the right margin, ``after`` (a paragraph in
    the body's type, such as the abstract in a second language) under it, then the first heading
    and the body across the page."""
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((47, 80), "Isolating infectious patients at district hospitals", fontsize=20, fontname="hebo")
    for k, text in enumerate(FIELDS):
        p.insert_text((47, 130 + 11 * k), text, fontsize=8, fontname="helv")
    y = 122
    for title, text in parts:
        y = para(p, y, f"{title}: {text}", x=176, w=373, size=9) + 3
    y = para(p, y + 14, after, x=176, w=373, size=9) + 20
    p.insert_text((47, y + 14), "Introduction", fontsize=14, fontname="hebo")
    y = para(p, y + 22, BODY * 2, x=47, w=502, size=9)
    para(p, y + 4, BODY * 2, x=47, w=502, size=9)
    return _save(doc, tmp_path, name)


SECOND = ("Contexte: Les infections aéroportées sont une menace sérieuse pour les personnes qui partagent "
          "des espaces clos avec des patients qui toussent. Les patients infectieux devraient être isolés des "
          "autres patients afin de prévenir leur exposition, et les masques devraient être portés.")


def test_structured_abstract_without_label_beside_a_side_column(tmp_path):
    # five parts opening "Background:", "Aim:", "Methods:" … in the body's type, set to the right
    # margin and followed by a paragraph in a second language: no rule took them (the first heading
    # is not right below, and the block is not inset on both sides), so no abstract was found
    rec = _unlabelled(tmp_path, "unlabelled.pdf", UNLABELLED, SECOND)
    want = " ".join(f"{t}: {x}" for t, x in UNLABELLED)
    assert rec["abstract"] == " ".join(want.split())


def test_structured_abstract_naming_hospitals_is_no_affiliation_block(tmp_path):
    # a study of hospitals names "hospital", "University", "Korea" often enough for the block to
    # read as a list of affiliations, which no abstract is taken from
    parts = [(t, x + " The university hospitals of Korea and the hospital staff of the department took part.")
             for t, x in UNLABELLED]
    rec = _unlabelled(tmp_path, "hospitals.pdf", parts, SECOND)
    want = " ".join(f"{t}: {x}" for t, x in parts)
    assert rec["abstract"] == " ".join(want.split())


def test_body_paragraphs_with_a_colon_are_no_unlabelled_abstract(tmp_path):
    # a paragraph in the body's type with one "Note: …" is no structured abstract: three parts are needed
    parts = [("Note", UNLABELLED[0][1] + " " + UNLABELLED[1][1] + " " + UNLABELLED[2][1])]
    rec = _unlabelled(tmp_path, "plain.pdf", parts, SECOND)
    assert rec["abstract"] is None or not rec["abstract"].startswith("Note:")


def test_larger_bold_run_in_title_on_the_first_line_does_not_set_the_abstracts_type(tmp_path):
    # "Background and objective:" in a bold type a point larger than the abstract opened its first
    # line, whose type was then taken for the abstract's: past 30 words its 9-point lines read as
    # other type, and the abstract ended after five lines
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((147, 70), "A randomised cross-over study of exposure to emissions", fontsize=20, fontname="hebo")
    p.insert_text((147, 100), "Ann Author, Bob Writer and Carl Third", fontsize=11, fontname="tiro")
    p.insert_text((147, 140), "ABSTRACT", fontsize=10, fontname="hebo")
    lead = "Background and objective:"
    p.insert_text((147, 154), lead, fontsize=10, fontname="hebo")
    first = "Road tunnels are"
    p.insert_text((147 + pymupdf.get_text_length(lead + " ", "hebo", 10), 154), first, fontsize=9, fontname="tiro")
    rest = ("increasingly important parts of the roads of cities. However, what they do to the health of the "
            "people who live around them is little known. Our aim was to estimate the short-term effects on "
            "breathing of the emissions from a tunnel's ventilation stack.")
    parts = [("Methods", "We ran a cross-over study in 36 volunteers who went through three exposures, one "
              "before the tunnel opened and two after it, downwind and upwind of the stack."),
             ("Results", "Downwind places were tied to more reports of a dry nose, but not to a weaker lung "
              "function or to more inflammation of the airways."),
             ("Conclusions", "There was no consistent evidence of harm from short exposures downwind of the stack.")]
    y = para(p, 157, rest, x=147, w=190, size=9)
    for title, text in parts:
        y = para(p, y, f"{title}: {text}", x=147, w=190, size=9)
    p.insert_text((147, y + 30), "INTRODUCTION", fontsize=10, fontname="hebo")
    para(p, y + 36, BODY * 2, x=147, w=190, size=9)
    rec = _save(doc, tmp_path, "runin_larger.pdf")
    want = f"{lead} {first} {rest} " + " ".join(f"{t}: {x}" for t, x in parts)
    assert rec["abstract"] == " ".join(want.split())
