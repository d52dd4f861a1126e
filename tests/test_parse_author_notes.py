"""Author lists and authors' notes are no unlabelled abstract (issue #36, eleventh round), and an
unlabelled abstract in the body's type shows itself by the "Keywords:" row right under it."""

import pymupdf


from pdf_pages import saved_record
from pdf_pages import BODY
from pdf_pages import para

SUMMARY = ("We describe the first cases of the disease found in the country, how they were traced and "
           "which measures stopped the spread to their contacts. ") * 3
NAMES = ["Sibylle Bernard", "Patrick Rolland", "Yassoungo Silue", "Alexandra Mailles", "Christine Campese",
         "Anne Simondon", "Matthieu Mechain", "Laure Meurice", "Mathieu Nguyen", "Clement Bassi",
         "Estelle Yamani", "Sylvie Behillil", "Sophie Ismael", "Duc Nguyen", "Denis Malvy", "Scarlett Georges",
         "Clement Lazarus", "Anouk Tabai", "Morgane Stempfelet", "Vincent Enouf", "Bruno Coignard"]


_save = saved_record


def test_author_list_ending_in_a_group_is_no_abstract(tmp_path):
    # a bold author list of some 60 words whose last piece names a group ("Investigation team14")
    # was no "list of names" (every piece had to be a person's), so it was taken as the abstract
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((43, 80), "First cases of the disease in the country", fontsize=20, fontname="tiro")
    names = " , ".join(f"{n}{k % 9 + 1}" for k, n in enumerate(NAMES)) + " , Investigation team14"
    y = para(p, 100, names, x=43, w=510, size=9, font="hebo")
    y = para(p, y + 6, "Public Health Agency, Direction of Infectious Diseases, Saint-Maurice, France", x=43, w=510, size=9)
    y = para(p, y + 30, SUMMARY, x=43, w=240, size=10)
    p.insert_text((43, y + 18), "Background", fontsize=12, fontname="hebo")
    para(p, y + 24, BODY * 2, x=43, w=240, size=10)
    rec = _save(doc, tmp_path, "group.pdf")
    assert rec["abstract"] == " ".join(SUMMARY.split())


def test_authors_note_with_degrees_is_no_abstract_and_keywords_mark_the_abstract(tmp_path):
    # the abstract in the body's type, "Keywords: …" right under it, then the body; at the foot of
    # the column a note in small print on the authors' posts ("Ann Lee, MS, is …"): no rule took the
    # abstract (the first heading is far below it, and it is not inset), and the note was taken
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 80), "Assessing the stockpiles of protective equipment", fontsize=16, fontname="tiro")
    p.insert_text((72, 104), "Ann Lee, Bob Chen, Carl Wang", fontsize=11, fontname="tiro")
    y = para(p, 130, SUMMARY)
    p.insert_text((72, y + 10), "Keywords: stockpiles, protective equipment, pandemic", fontsize=10, fontname="tiro")
    y = para(p, y + 30, BODY * 2)
    note = ("Ann Lee, MS, is an Emergency Response Officer; Bob Chen, MS, is an Assistant Researcher; "
            "Carl Wang, MD, PhD, is Director; all in the Division of Preparedness, Centers for Disease Control, "
            "Taipei City. Dan Wu, BS, is a contract employee of the Division of Quarantine, also at the Centers "
            "for Disease Control.")
    para(p, y + 20, note, size=8)
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 76), "Strategies of stockpiles", fontsize=12, fontname="tibo")
    para(p, 84, BODY * 2)
    rec = _save(doc, tmp_path, "note.pdf")
    assert rec["abstract"] == " ".join(SUMMARY.split())


def test_authors_note_with_degrees_alone_is_no_abstract(tmp_path):
    # a commentary without an abstract; the authors' posts in small print at the foot of its page
    # were the only paragraph in a type of its own, and so were taken as the abstract
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 80), "Assessing the stockpiles of protective equipment", fontsize=16, fontname="tiro")
    p.insert_text((72, 104), "Ann Lee, Bob Chen, Carl Wang", fontsize=11, fontname="tiro")
    y = 130
    for _ in range(2):
        y = para(p, y, BODY * 2) + 8
    note = ("Ann Lee, MS, is an Emergency Response Officer; Bob Chen, MS, is an Assistant Researcher; Eve Lin, "
            "MS, is a Senior Technical Specialist; Fay Hsu, MS, is Deputy Director; and Carl Wang, MD, PhD, is "
            "Director; all in the Division of Preparedness and Emerging Infectious Diseases, Centers for Disease "
            "Control, Taipei City, Taiwan. Dan Wu, BS, is a contract employee, Division of Quarantine, and Gus "
            "Yang, MD, PhD, is Director, Division of Acute Infectious Diseases, also at the Centers for Disease "
            "Control, Taipei City, Taiwan.")
    para(p, y + 30, note, size=9)
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 76), "Strategies of stockpiles", fontsize=12, fontname="tibo")
    para(p, 84, BODY * 2)
    rec = _save(doc, tmp_path, "commentary.pdf")
    assert rec["abstract"] is None


def test_abstract_naming_laboratories_with_keywords_under_it_is_kept(tmp_path):
    # an unlabelled abstract in a type of its own about laboratories and hospitals in Korea read as
    # a block of affiliations (an institution word one in every 20 words) and was passed over; the
    # "Key Words:" row right under it shows it is the abstract
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((54, 80), "Guidelines for the laboratory diagnosis of a new coronavirus", fontsize=20,
                  fontname="tiro")
    p.insert_text((54, 106), "Ann Lee, Bob Chen and Carl Wang", fontsize=12, fontname="tiro")
    p.insert_text((54, 124), "Department of Laboratory Medicine, University College of Medicine, Seoul, Korea",
                  fontsize=9, fontname="helv")
    summary = ("The outbreak in Korea was unexpected, and laboratory response had to be built up at the "
               "hospitals. Laboratory diagnosis at the hospital laboratories was lacking on site. The laboratory "
               "society of Korea set up a task force for the university hospitals and their laboratories. Its "
               "guideline for laboratory diagnosis was given to every laboratory in Korea.")
    y = para(p, 150, summary, x=54, w=500, size=9, font="helv")
    p.insert_text((54, y + 10), "Key Words: Coronavirus; Laboratory diagnosis; Guideline", fontsize=9,
                  fontname="helv")
    p.insert_text((54, y + 50), "Basic description of the diagnosis", fontsize=12, fontname="hebo")
    para(p, y + 58, BODY * 2, x=54, w=240)
    rec = _save(doc, tmp_path, "laboratories.pdf")
    assert rec["abstract"] == " ".join(summary.split())


def test_line_split_by_a_superscript_stays_in_its_paragraph(tmp_path):
    # "(88.8 per 10⁵ of the population)": the text after the raised 5 is a row of its own, starting
    # mid-line; it opened a new paragraph, so the unlabelled abstract broke in two and neither half
    # was taken (the first is not followed by the heading, the second too short)
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 80), "Screening immigrants for tuberculosis", fontsize=18, fontname="tiro")
    p.insert_text((72, 104), "Ann Lee, Bob Chen, Carl Wang", fontsize=11, fontname="tiro")
    before = ("Tuberculosis is the most important disease screened for in the medical examinations of people "
              "who wish to move abroad. The screening was changed from a test of sputum smears to a complete "
              "culture of the sputum, and we studied what the change did to the number of cases found. Of the "
              "applicants, thirty-six cases were found by the new rule (88.8 per 10")
    after = ("of the population), against only seven by the old rule. In addition, six cases resistant to "
             "drugs were found, two of them resistant to several drugs. The culture found many more cases "
             "than the smears had found before, and so it protects the countries that receive the applicants.")
    y = para(p, 130, before, w=468)
    last = p.get_text("dict", clip=pymupdf.Rect(0, y - 18, 612, y))["blocks"][-1]["lines"][-1]
    x, base = last["bbox"][2], last["spans"][0]["origin"][1]
    p.insert_text((x, base - 5), "5", fontsize=6, fontname="tiro")
    words = after.split()
    head = " " + " ".join(words[:9])
    p.insert_text((x + 3, base), head, fontsize=10, fontname="tiro")
    y = para(p, base + 3, " ".join(words[9:]), w=468)
    p.insert_text((72, y + 20), "Introduction", fontsize=12, fontname="tibo")
    para(p, y + 28, BODY * 2)
    rec = _save(doc, tmp_path, "superscript.pdf")
    assert rec["abstract"] is not None
    assert rec["abstract"].startswith("Tuberculosis is") and rec["abstract"].endswith("receive the applicants.")
    assert "per 10 5 of the population)" in rec["abstract"]
