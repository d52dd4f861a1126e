"""FM (facet-aware metric): the released ScholarSum totals and hand-computed cases."""

import json

import pytest

from conftest import EXTERNAL, scholarsum_pubmed_pairs as pubmed_pairs
from scholartools.metrics.fm import fm_score, parse_weights, present_from_mask




def test_human_totals_reproduced_from_ratings():
    rows = pubmed_pairs()
    assert len(rows) == 294
    for r in rows:
        # human ratings carry their own zeros: no mask needed
        assert fm_score(r["human"]["facets"]) == pytest.approx(r["human"]["overall"], abs=1e-9), r["id"]


@pytest.mark.parametrize("judge", ["fm_gpt4", "fm_gpt4_alt", "fm_gpt35"])
def test_llm_fm_totals_reproduced_with_human_mask(judge):
    # PROVENANCE quirk 4: the facet mask of every stored total comes from the human ratings
    rows = pubmed_pairs()
    for r in rows:
        present = present_from_mask(r["human"]["facets_present"])
        got = fm_score(r[judge]["facets"], present)
        assert got == pytest.approx(r[judge]["overall"], abs=1e-9), r["id"]


def test_hand_computed_all_present():
    # B 3/3, M 2/4, R 1/4, C 1/3 -> .1*1 + .3*.5 + .3*.25 + .3/3 = .425
    assert fm_score({"background": 3, "method": 2, "result": 1, "conclusion": 1}) == pytest.approx(0.425)


def test_absent_facet_renormalised():
    # method absent (0): (.1*2/3 + .3*1 + .3*2/3) / .7
    got = fm_score({"background": 2, "method": 0, "result": 4, "conclusion": 2})
    assert got == pytest.approx((0.1 * 2 / 3 + 0.3 * 1 + 0.3 * 2 / 3) / 0.7)


def test_mask_overrides_zeros_and_weights_option():
    ratings = {"background": 3, "method": 4, "result": 2, "conclusion": 3}
    # mask keeps only result and conclusion: (.3*.5 + .3*1)/.6 = .75
    assert fm_score(ratings, {"result", "conclusion"}) == pytest.approx(0.75)
    # equal weights: mean of s_f = (1 + 1 + .5 + 1)/4
    w = parse_weights("background=1,method=1,result=1,conclusion=1")
    assert fm_score(ratings, None, w) == pytest.approx(0.875)
    assert parse_weights('{"B": 0.5, "M": 0.5}') == {"background": 0.5, "method": 0.5}


def test_mask_from_reference_facets_dict_and_undefined():
    mask = present_from_mask({"background": "we study x", "method": "", "result": " ", "conclusion": "it works"})
    assert mask == {"background", "conclusion"}
    assert fm_score({"background": 0, "method": 0, "result": 0, "conclusion": 0}) is None
    # an unscored (null) rating of a counted facet leaves FM unscored, not wrong
    assert fm_score({"background": 3, "method": None, "result": 2, "conclusion": 1}) is None
    assert fm_score({"background": 3, "method": None, "result": 2, "conclusion": 1},
                    {"background", "result"}) == pytest.approx((0.1 + 0.3 * 0.5) / 0.4)


def test_out_of_range_rating_rejected():
    with pytest.raises(ValueError):
        fm_score({"background": 4, "method": 1, "result": 1, "conclusion": 1})


def test_upstream_raw_file_lists_reproduce_totals():
    # upstream pubmed.json (first 49 lines = the paper's set): *_list = [B, M, R, C] rating/max
    from scholartools.metrics.fm import ratings_from_list

    lines = (EXTERNAL / "scholarsum" / "pubmed.json").read_text(encoding="utf-8").splitlines()[:49]
    systems = ["gpt35_fm", "llama2_70b", "longt5", "longt5_block", "bigbird_pegasus", "bigbird_pegasus_block"]
    n = 0
    for line in lines:
        doc = json.loads(line)
        for s in systems:
            human = ratings_from_list(doc[f"{s}_human_list"])
            present = present_from_mask(human)
            assert fm_score(human) == pytest.approx(doc[f"{s}_human"], abs=1e-9)
            for judge in ("gpt4_fm", "gpt35_fm"):
                got = fm_score(ratings_from_list(doc[f"{s}_{judge}_list"]), present)
                assert got == pytest.approx(doc[f"{s}_{judge}"], abs=1e-9)
            n += 1
    assert n == 294
    with pytest.raises(ValueError):
        ratings_from_list([0.5, 0.5, 0.5, 0.5])  # 0.5 is not k/3 for background
