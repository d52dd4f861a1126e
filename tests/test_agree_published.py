"""st-agree reproduces published meta-evaluation numbers on the external human-labelled data.

* PaperRQ (shared/external/paperrq): RQ length in characters vs the human Problem / Method /
  Format scores, Spearman and Kendall tau-b over the 217 GT rows (specs/seed-rq.md §4.4).
* ScholarSum PubMed (shared/external/scholarsum): Pearson of ROUGE-L, BERTScore and FM(GPT-4)
  against the human total over the 294 (document, system) pairs of the first 49 documents
  (duplicate document excluded): 0.24 / 0.34 / 0.69 in the paper's appendix Fig. 5, 0.239 / 0.342 /
  0.685 to three decimals (specs/seed-facets.md §7-8, PROVENANCE.md).
"""

import orjson
import pytest

from cli_helpers import run_cli
from conftest import EXTERNAL, scholarsum_pubmed_pairs
from scholartools.agreement import agree


def _load(path):
    with open(path, "rb") as f:
        return [orjson.loads(line) for line in f if line.strip()]


@pytest.fixture(scope="module")
def paperrq():
    recs = _load(EXTERNAL / "paperrq" / "dataset.jsonl")
    for r in recs:
        r["rq_chars"] = len(r["rq"])
    return recs


@pytest.fixture(scope="module")
def pubmed():
    recs = scholarsum_pubmed_pairs()
    assert len(recs) == 294 and len({r["doc_id"] for r in recs}) == 49
    return recs


def _values(results, measure, level="pooled"):
    return {tuple(r["raters"]): r for r in results if r["measure"] == measure and r["level"] == level}


def test_paperrq_length_baseline_spearman_and_kendall(paperrq):
    res = agree(paperrq, raters=["rq_chars", "human.problem", "human.method", "human.format"],
                measures="spearman,kendall").results
    rho, tau = _values(res, "spearman"), _values(res, "kendall")
    published = {"human.problem": (0.435, 0.340), "human.method": (0.474, 0.375), "human.format": (0.314, 0.257)}
    for field, (p_rho, p_tau) in published.items():
        assert rho[("rq_chars", field)]["n"] == 217
        assert round(rho[("rq_chars", field)]["value"], 3) == p_rho
        assert round(tau[("rq_chars", field)]["value"], 3) == p_tau
    # inter-criterion Spearman (seed-rq §2.4): P-M .448, P-F .534, M-F .289
    assert round(rho[("human.problem", "human.method")]["value"], 3) == 0.448
    assert round(rho[("human.problem", "human.format")]["value"], 3) == 0.534
    assert round(rho[("human.method", "human.format")]["value"], 3) == 0.289


def test_scholarsum_pubmed_pooled_pearson_cli(pubmed, tmp_path):
    src = tmp_path / "pubmed.jsonl"
    src.write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in pubmed))
    res = run_cli("st-agree", ["-i", str(src), "--rater", "human.overall", "--rater", "rougeL",
                               "--rater", "bertscore", "--rater", "fm_gpt4.overall", "--measure", "pearson"])
    assert res.code == 0, res.stderr
    got = {tuple(r["raters"]): r for r in res.records}
    assert len(res.records) == 6  # every pair, in the order given
    for metric, published in (("rougeL", 0.24), ("bertscore", 0.34), ("fm_gpt4.overall", 0.69)):
        r = got[("human.overall", metric)]
        assert r["n"] == 294 and r["level"] == "pooled" and r["ci"] is None
        assert round(r["value"], 2) == published
    assert [round(got[("human.overall", m)]["value"], 3) for m in ("rougeL", "bertscore", "fm_gpt4.overall")] \
        == [0.239, 0.342, 0.685]
    assert round(got[("rougeL", "bertscore")]["value"], 2) == 0.68  # Fig. 5: ROUGE-L vs BERTScore


def test_scholarsum_pubmed_summary_and_system_levels(pubmed):
    # specs/seed-facets.md §8b: summary-level (per document) and system-level Pearson / Kendall
    res = agree(pubmed, raters=["human.overall", "rougeL", "bertscore", "fm_gpt4.overall"],
                measures="pearson,kendall", levels="per-group,system", group_by="doc_id",
                system_field="system").results
    per_p, sys_p = _values(res, "pearson", "per-group"), _values(res, "pearson", "system")
    sys_k = _values(res, "kendall", "system")
    for metric, (pg, sp, sk) in {"rougeL": (0.325, 0.375, 0.200), "bertscore": (0.354, 0.614, 0.467),
                                 "fm_gpt4.overall": (0.700, 0.966, 0.867)}.items():
        assert round(per_p[("human.overall", metric)]["value"], 3) == pg
        assert round(sys_p[("human.overall", metric)]["value"], 3) == sp
        assert round(sys_k[("human.overall", metric)]["value"], 3) == sk
        assert sys_p[("human.overall", metric)]["n"] == 6
    # PROVENANCE.md human system means
    means = sys_p[("human.overall", "rougeL")]["system_means"]
    assert round(means["llama2_70b"][0], 4) == 0.7704 and round(means["bigbird_pegasus"][0], 4) == 0.6186


def test_scholarsum_bootstrap_ci_brackets_the_estimate_and_fm_beats_rouge(pubmed):
    res = agree(pubmed, raters=["human.overall", "rougeL", "fm_gpt4.overall"], measures="pearson",
                group_by="doc_id", bootstrap=300, seed=1, permutation=300).results
    for r in res:
        if r["measure"] == "pearson" and r["raters"][0] == "human.overall":
            lo, hi = r["ci"]
            assert lo < r["value"] < hi and r["bootstrap"]["resample"] == "group"
    (diff,) = [r for r in res if r["measure"] == "pearson-diff"]
    assert diff["raters"] == ["rougeL", "fm_gpt4.overall"] and diff["reference"] == "human.overall"
    pooled = _values(res, "pearson")
    assert diff["value"] == pytest.approx(pooled[("human.overall", "rougeL")]["value"]
                                          - pooled[("human.overall", "fm_gpt4.overall")]["value"])
    assert round(diff["value"], 2) == round(0.239 - 0.685, 2)
    assert diff["p_value"] < 0.01
