"""benchmarks/jats_pairs: gold from a publisher's JATS XML (no PDFs needed)."""

import pytest

from benchmarks.jats_pairs import gold_from_jats, licence_code

XML = b"""<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE article PUBLIC "-//NLM//DTD JATS (Z39.96) Journal Archiving and Interchange DTD v1.1 20151215//EN" "JATS-archivearticle1.dtd">
<article xmlns:xlink="http://www.w3.org/1999/xlink"><front>
<journal-meta><journal-title-group><journal-title>Case Reports in Tests</journal-title></journal-title-group>
<publisher><publisher-name>Example Press</publisher-name></publisher></journal-meta>
<article-meta><article-id pub-id-type="doi">10.1/x</article-id>
<title-group><article-title>Effect of <italic>Ocimum sanctum </italic>in rats<xref ref-type="fn" rid="f1">*</xref></article-title></title-group>
<permissions><license xlink:href="http://creativecommons.org/licenses/by-nc/4.0/"><p>Open.</p></license></permissions>
<abstract abstract-type="graphical"><p>Graphical.</p></abstract>
<abstract><title>Abstract</title><sec><title>Background</title><p>Basil is &ndash; studied.</p></sec>
<sec><title>Results</title><p>It works.</p></sec></abstract></article-meta></front>
<body><sec><label>1.</label><title>Introduction</title><p>Text.</p>
<boxed-text><sec><title>Box heading</title></sec></boxed-text></sec>
<sec><label>2.</label><title>Methods</title><sec><label>2.1.</label><title>Plant material</title><p>x</p></sec>
<sec><p>untitled</p><sec><title>Extraction</title></sec></sec></sec></body>
<back><ack><title>Acknowledgments</title><p>Thanks.</p></ack><fn-group><fn><p>None.</p></fn></fn-group>
<ref-list><title>References</title></ref-list></back></article>"""


def test_gold_from_jats_reads_title_abstract_and_heading_tree():
    g = gold_from_jats(XML)
    assert g["title"] == "Effect of Ocimum sanctum in rats"          # inline space kept, footnote mark dropped
    assert g["abstract"] == "Background Basil is \u2013 studied. Results It works."   # not the graphical one
    assert g["headings"] == ["1. Introduction", "2. Methods", "2.1. Plant material", "Extraction", "Acknowledgments"]
    levels = {h["text"]: h["level"] for h in g["heading_detail"] if not h.get("optional")}
    assert levels["2.1. Plant material"] == 2 and levels["Extraction"] == 2   # an untitled sec adds no level
    optional = {h["text"] for h in g["heading_detail"] if h.get("optional")}
    assert "Conflict of Interests" in optional and "Acknowledgments" not in optional
    assert (g["publisher"], g["journal"], g["licence"], g["doi"]) == ("Example Press", "Case Reports in Tests",
                                                                      "CC BY-NC 4.0", "10.1/x")


def test_licence_code_from_text():
    assert licence_code("This is an open access article distributed under the Creative Commons Attribution "
                        "License, which permits unrestricted use") == "CC BY"
    assert licence_code("Creative Commons Attribution-NonCommercial-ShareAlike 3.0 License") == "CC BY-NC-SA 3.0"


def test_highlights_inside_the_abstract_and_a_licence_link_inside_its_text():
    # a highlights part inside the abstract element is no abstract (it opened the gold abstract),
    # and a licence whose link sits in an ext-link of its text was recorded as that free text
    xml = XML.replace(b'<abstract><title>Abstract</title>',
                      b'<abstract><sec sec-type="highlights"><title>Highlights</title><p>Bullet.</p></sec>'
                      b'<title>Abstract</title>')
    xml = xml.replace(b'<license xlink:href="http://creativecommons.org/licenses/by-nc/4.0/"><p>Open.</p></license>',
                      b'<license><license-p>This work is licensed under Creative Common Attribution-NonCommercial-'
                      b'NoDerivatives 4.0 (<ext-link xlink:href="https://creativecommons.org/licenses/by-nc-nd/4.0/">'
                      b'CC BY-NC-ND 4.0</ext-link>)</license-p></license>')
    assert xml.count(b"highlights") == 1 and xml.count(b"ext-link") == 2   # both edits made
    g = gold_from_jats(xml)
    assert g["abstract"] == "Background Basil is \u2013 studied. Results It works."
    assert g["licence"] == "CC BY-NC-ND 4.0"


def test_a_heading_keeps_the_names_it_cites_and_drops_numeric_markers():
    # "Individual differences (<xref>H1</xref>)" is printed "Individual differences (H1)": the gold
    # read "Individual differences ()", which no parser could match; a superscript "³" stays out
    xml = XML.replace(b"<title>Plant material</title>",
                      b'<title>Plant material (<xref ref-type="bibr" rid="b1">Katz, 1981</xref>)'
                      b'<xref ref-type="bibr" rid="b2">3</xref></title>')
    g = gold_from_jats(xml)
    assert "2.1. Plant material (Katz, 1981)" in g["headings"]
    assert g["title"] == "Effect of Ocimum sanctum in rats"      # a title still drops its marks


def test_sections_europe_pmc_adds_are_optional():
    # a list of supplementary files and "Associated Data" that the conversion appends to the body:
    # many publishers' PDFs print no heading for them (30 of the dev set's misses were these)
    xml = XML.replace(b"</sec></sec></body>",
                      b'</sec></sec><sec sec-type="supplementary-material"><title>Supplementary Material</title></sec>'
                      b'<sec sec-type="associated-data"><title>Associated Data</title><sec><title>Data Availability '
                      b'Statement</title></sec></sec></body>')
    g = gold_from_jats(xml)
    assert g["headings"] == ["1. Introduction", "2. Methods", "2.1. Plant material", "Extraction", "Acknowledgments"]
    optional = {h["text"] for h in g["heading_detail"] if h.get("optional")}
    assert {"Supplementary Material", "Associated Data", "Data Availability Statement"} <= optional


def test_a_pdf_that_is_another_paper_than_its_xml_shows_by_its_title():
    from benchmarks.jats_pairs import title_printed

    title = "Climate-Driven Redistribution of Early-Spring Ephemeral Plant Communities in Cold Arid Deserts"
    assert title_printed(title, "Application of crop growth models in crop yield assessment. Frontiers") < 0.2
    assert title_printed(title, "climate-driven redistribution of early-spring ephemeral plant communities "
                                "in cold arid deserts: evidence") == 1.0
    assert title_printed(None, "anything") == 1.0


def test_a_heading_the_pdf_does_not_print_is_optional():
    # Nature's PDFs print no "Introduction" where the XML has one; a heading whose ligature glyph
    # the text layer lost ("so ware") cannot be given as the XML has it either
    from benchmarks.jats_pairs import printed_headings

    from tools.evaluate_parse import normalise

    g = printed_headings(gold_from_jats(XML), normalise("Effect of Ocimum sanctum in rats 2. Methods 2.1 Plant "
                                                        "material Extraction Acknowledgments Thanks."))
    assert g["headings"] == ["2. Methods", "2.1. Plant material", "Extraction", "Acknowledgments"]
    assert {"text": "1. Introduction", "level": 1, "optional": True} in g["heading_detail"]


def test_a_highlights_section_of_the_body_is_optional():
    g = gold_from_jats(XML.replace(b"<body><sec><label>1.</label>",
                                   b"<body><sec><title>Highlights</title><p>A.</p></sec><sec><label>1.</label>"))
    assert "Highlights" not in g["headings"] and g["headings"][0] == "1. Introduction"
    assert {"text": "Highlights", "level": 1, "optional": True} in g["heading_detail"]


def test_history_pairs_a_pdf_with_its_xml_by_pmc_id_or_by_path_stem():
    from benchmarks.jats_pairs import _pair_key as key

    assert key("documents/pdf/europe_pmc_PMC1234567.pdf") == key("documents/xml/europe_pmc_PMC1234567.xml") == "PMC1234567"
    # a PMC package: the id is in the folder, the files are named by the article
    assert key("oa/PMC7654321/pone.0063616.pdf") == key("oa/PMC7654321/pone.0063616.nxml") == "PMC7654321"
    # no id: the same path up to the extension
    assert key("raw/nihms945382.pdf") == key("raw/nihms945382.nxml") == "raw/nihms945382"
    assert key("raw/a.pdf") != key("raw/b.nxml")
    # folders nested by a crawl: the innermost id is the article's
    assert key("c/PMC13211235/PMC13201855/PMC13199339/fulltext.pdf") == "PMC13199339"


def test_an_xml_without_article_meta_is_no_jats_article():
    with pytest.raises(ValueError, match="article-meta"):
        gold_from_jats(b"<article><front><journal-meta/></front><body/></article>")


def test_the_blind_batches_get_a_pooled_line():
    # every dev split of --jats pooled in one line ("jats-dev*"), beside each split and "all"
    from tools.evaluate_parse import in_set, pooled_names

    gold = [{"set": s} for s in ("jats-dev", "jats-dev28", "jats-test", "jats-dev28")]
    assert pooled_names(gold) == ["jats-dev", "jats-dev28", "jats-test", "jats-dev*", "all"]
    assert [in_set(g, "jats-dev*") for g in gold] == [True, True, False, True]
    assert pooled_names([{"set": "jats-dev"}, {"set": "jats-test"}]) == ["jats-dev", "jats-test", "all"]
    assert pooled_names([{"set": "jats-dev9"}]) == ["jats-dev9"]
