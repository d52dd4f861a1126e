"""st-extract-limits, offline: points, spans, reviews, merge, error records, and a PDF end to end."""
from __future__ import annotations

import pymupdf
from cli_helpers import run_inprocess as run_cli

from scholartools.limitations import segment
from scholartools.limitations.extract import ExtractOptions, extract, merge_points
from scholartools.limitations.reviews import review_texts, weakness_regions
from scholartools.limitations.segment import SegmentOptions



def _run(records, **kw):
    opts = ExtractOptions(**{"segment": SegmentOptions(embeddings=False), **kw})
    return list(extract(records, opts))


# --- segmentation into points -------------------------------------------------------------------

def test_enumerated_points_framing_left_out_and_elaboration_kept():
    text = ("This work has several limitations. First, we only evaluate on English. Extending the study to other "
            "languages is left for future work. Second, the annotated corpus is small (500 sentences). "
            "Despite these limitations, we believe the method is useful.")
    pts = segment.points(text, SegmentOptions(embeddings=False))
    assert pts == ["First, we only evaluate on English. Extending the study to other languages is left for future "
                   "work.", "Second, the annotated corpus is small (500 sentences)."]


def test_paragraphs_bullets_and_cues():
    text = ("Limitations\n"
            "- The model needs a GPU with 40 GB of memory.\n"
            "- Our test set covers news only. This restricts the claims to one domain.\n"
            "Moreover, the human evaluation used three annotators. However, their agreement was high.\n"
            "Another limitation is the latency of the retrieval step.")
    pts = segment.points(text, SegmentOptions(embeddings=False))
    assert pts == ["- The model needs a GPU with 40 GB of memory.",
                   "- Our test set covers news only. This restricts the claims to one domain.",
                   "Moreover, the human evaluation used three annotators. However, their agreement was high.",
                   "Another limitation is the latency of the retrieval step."]
    for p in pts:
        assert p in text


def test_lowercased_glued_heading_and_sub_labels():
    # the form of 60 % of the LimTopic rows: lower-cased, no line breaks, the heading glued on
    text = ("limitations corpus. we use fiction only, which may not represent other genres. "
            "dictionaries. this work relies on liwc, which is proprietary software.")
    pts = segment.points(text, SegmentOptions(embeddings=False))
    assert pts == ["we use fiction only, which may not represent other genres.",
                   "this work relies on liwc, which is proprietary software."]


def test_pdf_line_breaks_inside_a_sentence_do_not_start_a_point():
    text = "Our parser drops tables, so numbers in\ntables are lost. Future work will add them."
    assert segment.points(text, SegmentOptions(embeddings=False)) == [text]


def test_ethics_compliance_is_not_a_limitation_but_a_stated_risk_is():
    text = ("We only test on English data.\nEthics Statement\nAll datasets are publicly available under "
            "CC-BY licences. The model may produce offensive text when prompted adversarially.")
    pts = segment.points(text, SegmentOptions(embeddings=False))
    assert pts == ["We only test on English data.",
                   "The model may produce offensive text when prompted adversarially."]


# --- record level -----------------------------------------------------------------------------

SECTIONS = [
    {"heading": "Abstract", "type": "abstract", "text": "We discuss limitations of prior retrievers."},
    {"heading": "1 Introduction", "type": "introduction", "text": "Prior work has limitations."},
    {"heading": "4 Discussion", "type": "discussion",
     "text": "Gains are consistent. A limitation of our approach is its cost. It needs a GPU."},
    {"heading": "5 Conclusion", "type": "conclusion", "text": "We presented X."},
    {"heading": "6 Limitations", "type": "limitations", "level": 1,
     "text": "Our work has two limitations. First, English only. Second, small data."},
    {"heading": "A1. Did you describe the limitations of your work?", "text": "Section 6"},
]


def test_paper_record_spans_points_and_offsets():
    (out,) = _run([{"id": "p", "sections": SECTIONS}])
    lim = out["limitations"]
    assert lim["author"] == ["A limitation of our approach is its cost. It needs a GPU.", "First, English only.",
                             "Second, small data."]
    assert lim["review"] == [] and lim["merged"] == lim["author"]
    kinds = [(s["source"], s["kind"], s["section"]) for s in lim["spans"]]
    assert kinds == [("paper", "implicit", "4 Discussion"), ("paper", "explicit", "6 Limitations")]
    for span in lim["spans"]:
        sec = SECTIONS[span["section_index"]]["text"]
        assert sec[span["start"]:span["end"]] == span["text"]
    for p in lim["points"]:
        sec = SECTIONS[lim["spans"][p["span"]]["section_index"]]["text"]
        assert sec[p["start"]:p["end"]] == p["text"]


def test_no_limitation_gives_empty_lists_and_missing_fields_are_errors():
    outs = _run([{"id": "a", "sections": [{"heading": "1 Method", "text": "We do X."}]},
                 {"id": "b", "title": "no sections"},
                 {"id": "c", "sections": "not a list"}])
    assert outs[0]["limitations"]["author"] == [] and outs[0]["limitations"]["merged"] == []
    assert outs[1]["error"]["kind"] == "missing_field" and outs[1]["error"]["field"] == "sections"
    assert outs[2]["error"]["kind"] == "bad_value"
    (d,) = _run([{"id": "d", "sections": SECTIONS}], from_field="limitation_text")
    assert d["error"]["kind"] == "missing_field" and d["error"]["field"] == "limitation_text"


def test_from_field_pointer_answers_give_no_point():
    recs = [{"id": str(i), "text": t} for i, t in enumerate(
        ["Section 7", "Left blank.", "Yes, see the Limitations section after the Conclusion section.",
         "Section 5\nA2. Did you discuss any potential risks of your work? Not applicable. Left blank.",
         "", "We only test our parser on English papers."])]
    outs = _run(recs, from_field="text")
    assert [len(o["limitations"]["author"]) for o in outs] == [0, 0, 0, 0, 0, 1]


def test_checklist_glued_to_a_real_section_is_cut_off():
    text = ("Our corpus covers news only.\nA For every submission:\nA1. Did you describe the limitations of your "
            "work? Section 6\nA2. Did you discuss any potential risks of your work? No.")
    (out,) = _run([{"id": "x", "text": text}], from_field="text")
    assert out["limitations"]["author"] == ["Our corpus covers news only."]


# --- reviews and merge ---------------------------------------------------------------------------

REVIEW = ("Summary of the Paper:\nThe paper proposes a retriever.\nStrengths:\nThe method is simple.\n"
          "Weaknesses:\n- The evaluation uses English data only.\n- There is no comparison with dense retrievers.\n"
          "Questions:\nWhy BM25?\n")


def test_weakness_parts_only():
    (text, whole), = review_texts([REVIEW])
    regions = weakness_regions(text, whole)
    assert [(text[s:e], h) for s, e, h in regions] == [
        ("- The evaluation uses English data only.\n- There is no comparison with dense retrievers.", "Weaknesses")]
    mixed = "Strengths and Weaknesses:\nThe idea is novel. However, the paper lacks an ablation.\nRating: 5"
    (t2, w2), = review_texts([{"text": mixed}])
    assert [t2[s:e] for s, e, _ in weakness_regions(t2, w2)] == ["However, the paper lacks an ablation."]
    (t3, w3), = review_texts([{"weaknesses": "Only one dataset."}])
    assert w3 and weakness_regions(t3, w3) == [(0, 17, None)]


def test_reviews_merge_union_and_intersection():
    rec = {"id": "r", "sections": SECTIONS,
           "reviews": [REVIEW, {"weaknesses": "- The evaluation uses English data only."}]}
    (u,) = _run([rec])
    lim = u["limitations"]
    assert lim["review"] == ["- The evaluation uses English data only.",
                             "- There is no comparison with dense retrievers."]   # second reviewer's copy de-duplicated
    assert lim["merged"] == lim["author"] + lim["review"]
    review_spans = [s for s in lim["spans"] if s["source"] == "review"]
    assert [s["review"] for s in review_spans] == [0, 1] and all(s["kind"] == "review" for s in review_spans)
    for p in lim["points"]:
        if p["source"] == "review":
            span = lim["spans"][p["span"]]
            src = rec["reviews"][span["review"]]
            src = src if isinstance(src, str) else src["weaknesses"]
            assert src[p["start"]:p["end"]] == p["text"]
    (i,) = _run([rec], merge="intersection")
    assert i["limitations"]["merged"] == []        # no author point equals a reviewer point


def test_merge_points_by_cosine():
    import numpy as np

    v = {"a": np.array([1.0, 0.0]), "b": np.array([0.0, 1.0]), "a2": np.array([0.96, 0.28]),
         "c": np.array([0.6, 0.8])}
    assert merge_points(["a", "b"], ["a2", "c"], v, "union", 0.9) == ["a", "b", "c"]
    assert merge_points(["a", "b"], ["a2", "c"], v, "intersection", 0.9) == ["a"]
    assert merge_points(["a", "b"], ["c"], v, "union", 0.75) == ["a", "b"]     # c·b = 0.8


# --- the command ---------------------------------------------------------------------------------

def test_cli_streams_records_errors_and_options():
    recs = [{"id": "p", "sections": SECTIONS}, {"id": "q"}, {"id": "r", "sections": SECTIONS}]
    r = run_cli("st-extract-limits", ["--method", "offline", "--no-embeddings"], records=recs)
    assert r.code == 1, r.stderr
    assert [o["id"] for o in r.records] == ["p", "q", "r"]
    assert r.records[1]["error"]["field"] == "sections"
    prov = r.records[0]["provenance"][-1]
    assert prov["command"] == "st-extract-limits" and prov["method"].startswith("offline")
    # options: no implicit spans; another keyword
    r2 = run_cli("st-extract-limits", ["--no-implicit", "--topic-shift", "0"], records=recs[:1])
    assert [s["kind"] for s in r2.records[0]["limitations"]["spans"]] == ["explicit"]
    r3 = run_cli("st-extract-limits", ["--keywords", r"\bcost\b", "--topic-shift", "0"], records=recs[:1])
    assert r3.records[0]["limitations"]["author"][0] == "A limitation of our approach is its cost. It needs a GPU."
    assert run_cli("st-extract-limits", ["--keywords", "(unclosed"], records=recs[:1]).code == 2


def _pdf(path):
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = [72]

    def put(text, size=10, bold=False):
        rect = pymupdf.Rect(72, y[0], 540, y[0] + 300)
        left = page.insert_textbox(rect, text, fontsize=size, fontname="hebo" if bold else "helv")
        y[0] += 300 - left + 6

    put("Sparse Retrieval for Tiny Corpora", 18, True)
    put("Abstract", 12, True)
    put("We study sparse retrieval on tiny corpora. Our method improves recall on three benchmarks.")
    put("1 Introduction", 12, True)
    put("Retrieval matters for question answering. Prior work has known limitations on small collections.")
    put("2 Method", 12, True)
    put("We index documents with a sparse encoder and rank them with BM25.")
    put("3 Discussion", 12, True)
    put("Our results show consistent gains. A limitation of our approach is that it needs synthetic queries "
        "for every new domain, which are costly to produce.")
    put("4 Conclusion", 12, True)
    put("We presented a sparse retriever for tiny corpora.")
    put("5 Limitations", 12, True)
    put("This work has two limitations. First, we evaluate only on English benchmarks, so the results may not "
        "hold for other languages. Second, the corpora are small, and we did not test collections with more "
        "than ten thousand documents.")
    doc.save(path)
    doc.close()


def test_pdf_end_to_end(tmp_path):
    pdf = tmp_path / "paper.pdf"
    _pdf(pdf)
    parsed = run_cli("st-parse", [str(pdf)])
    assert parsed.code == 0, parsed.stderr
    r = run_cli("st-extract-limits", ["--topic-shift", "0"], input=parsed.stdout)
    assert r.code == 0, r.stderr
    lim = r.records[0]["limitations"]
    assert lim["author"] == [
        "A limitation of our approach is that it needs synthetic queries for every new domain, which are costly "
        "to produce.",
        "First, we evaluate only on English benchmarks, so the results may not hold for other languages.",
        "Second, the corpora are small, and we did not test collections with more than ten thousand documents."]
    assert [(s["kind"], s["section"]) for s in lim["spans"]] == [("implicit", "Discussion"),
                                                                 ("explicit", "Limitations")]
    assert lim["spans"][0]["text"].startswith("A limitation of our approach")


def test_implicit_spans_are_about_this_work_and_their_points_stop_at_the_first_non_limitation():
    secs = [{"heading": "3 Method", "text": "To overcome the limitations of prior retrievers, we propose X. "
                                            "X uses Y."},
            {"heading": "4 Analysis", "text": "A limitation of our approach is its cost. It needs a GPU.\n\n"
                                              "Table 3 shows the results per domain.\n\nWe only test English."},
            {"heading": "5 Conclusion", "text": "We presented X."}]
    (out,) = _run([{"id": "w", "sections": secs}])
    lim = out["limitations"]
    assert [(s["section"], s["start"]) for s in lim["spans"]] == [("4 Analysis", 0)]   # not the Method sentence
    assert lim["author"] == ["A limitation of our approach is its cost. It needs a GPU."]
    # the paper's plain keyword rule is an option
    from scholartools.limitations.rules import Rules

    (plain,) = _run([{"id": "w", "sections": secs}], rules=Rules(own_work=False))
    assert [s["section"] for s in plain["limitations"]["spans"]] == ["3 Method", "4 Analysis"]
