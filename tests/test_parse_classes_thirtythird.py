"""What the thirty-third round of issue 36 mended (docs/st-parse.md, "Thirty-third round").

Read on the JATS development set's third-level headings numbered "1)", "2)" (Korean society
journals, the class ``tools.heading_classes`` counted at recall .80):

* such items restart under every subsection, numbered or not ("Patient management" / "1) Adherence
  to precautions", "2) Restriction of movement" … "Management" / "1) Adherence …"), and under
  sections numbered "1.", "2." in the same digits: the outline's chain took both series as one and
  kept only the longest run. Digits closed by a parenthesis are now a kind of their own, which
  starts again under any unnumbered heading or member of the digits' chain;
* set in the body's own type, "1) Test subjects", "2) Equipment", "3) Respirator" scored 0.05 and
  the chain began at "4) SWPF" (its capitals scored it): those before it, each apart above with a
  paragraph below, lead the chain in from 1 — all or none, and never a list's items, which follow
  one another.
"""

from pdf_pages import headings_of, hold_scores, para

SHORT = ("The standard precautions and droplet precaution guidelines should be implemented in every ward "
         "and for every patient who is suspected of having the infection or is confirmed to have it.")


def test_items_numbered_with_a_parenthesis_restart_under_each_subsection(tmp_path, monkeypatch):
    # the model unsure of the items (the paper's: 0.22 to 0.42)
    hold_scores(monkeypatch, 0.42, lambda c: c.text[1:2] == ")")

    def draw(p, y):
        for sub, items in (("Patient management", ("Adherence to precautions", "Restriction of movement")),
                           ("Outbreak management", ("Adherence to precautions", "Vaccination",
                                                    "Active surveillance"))):
            p.insert_text((72, y + 14), sub, fontsize=10, fontname="tiit")
            y = para(p, y + 20, SHORT)
            for k, item in enumerate(items, 1):
                p.insert_text((80, y + 12), f"{k}) {item}", fontsize=9.5, fontname="helv")
                y = para(p, y + 16, SHORT)

    heads = headings_of(tmp_path, "items.pdf", draw)
    assert heads[2:] == ["Patient management", "Adherence to precautions", "Restriction of movement",
                         "Outbreak management", "Adherence to precautions", "Vaccination", "Active surveillance"]


def test_items_under_sections_numbered_in_the_same_digits(tmp_path, monkeypatch):
    hold_scores(monkeypatch, 0.9)

    def draw(p, y):
        for sec, items in (("1. Confirmed case", ("Definition", "Testing methods")),
                           ("2. Suspect case", ("Definition", "Definition of the region")),
                           ("3. Close contact", ())):
            p.insert_text((72, y + 14), sec, fontsize=10.5, fontname="tibo")
            y = para(p, y + 20, SHORT)
            for k, item in enumerate(items, 1):
                p.insert_text((72, y + 12), f"{k}) {item}", fontsize=10, fontname="tibo")
                y = para(p, y + 16, SHORT)

    heads = headings_of(tmp_path, "nested.pdf", draw, first_sections=("Case definition",))
    assert heads[1:] == ["Confirmed case", "Definition", "Testing methods", "Suspect case", "Definition",
                         "Definition of the region", "Close contact"]


def _weak_then_capitals(monkeypatch):
    # the paper's scores, set: the body-type items 0.05, "4) SWPF" in capitals 0.42
    from scholartools.parsing.pdf import headings
    score = headings.score

    def paper(cands, model=None):
        score(cands, model)
        for c in cands:
            if c.text[:2] in ("1)", "2)", "3)", "4)"):
                c.p = 0.42 if c.text.startswith("4)") else 0.05
    monkeypatch.setattr(headings, "score", paper)


def test_body_type_items_lead_the_chain_in_from_one(tmp_path, monkeypatch):
    _weak_then_capitals(monkeypatch)

    def draw(p, y):
        for k, item in enumerate(("Test subjects", "Equipment", "Respirator", "SWPF"), 1):
            p.insert_text((72, y + 22), f"{k}) {item}", fontsize=10, fontname="tiro")
            y = para(p, y + 26, SHORT * 2)

    heads = headings_of(tmp_path, "leadin.pdf", draw, first_sections=("Introduction", "Methods"))
    assert heads == ["Introduction", "Methods", "Test subjects", "Equipment", "Respirator", "SWPF"]


def test_a_list_before_the_chain_does_not_lead_it_in(tmp_path, monkeypatch):
    _weak_then_capitals(monkeypatch)

    def draw(p, y):
        # a list's items, one after another (a little spaced, so each is a candidate), then
        # "4) SWPF" apart
        for k, item in enumerate(("Test subjects", "Equipment", "Respirator"), 1):
            p.insert_text((72, y + 18), f"{k}) {item}", fontsize=10, fontname="tiro")
            y += 18
        y = para(p, y + 8, SHORT * 2)
        p.insert_text((72, y + 22), "4) SWPF", fontsize=10, fontname="tiro")
        para(p, y + 26, SHORT * 2)

    heads = headings_of(tmp_path, "list.pdf", draw, first_sections=("Introduction", "Methods"))
    assert "Test subjects" not in heads and "Equipment" not in heads
