"""st-claims offline methods against the hand annotations and the data's own segments, through
the real commands.

    python benchmarks/claims_quality.py [--json out.json] [--baseline REF[,REF]] [--only extraction] [--cues]

* **Claim extraction** — the annotated ReviewCritique papers (``fixtures/claims/gold.jsonl``;
  dev 1–2, test 3, 5–9): ``st-parse --format text`` of each paper's ``body_text`` →
  ``st-claims --task extract`` → ``st-score --metric f1-edit,f1-exact --cand claim_texts
  --ref gold_claims --aggregate`` (CLAIMCHECK's F1 with edit-similarity alignment, micro-averaged).
* **Claim extraction on real PDFs, by part** (issue 37) — the twenty papers of
  ``shared/external/pdfs``, ``fixtures/pdfs`` and ``fixtures/claims/pdfs`` annotated in two passes (twenty-seven since session 15) (``fixtures/claims/annotations/pdf``, guideline
  §1b; dev: eight papers read while writing the cues, dev2: mapreduce04, citesee23 (session 11,
  scored once, then read), dev3: peng04, sundstrom14 (session 12, likewise), dev4: mdrpm, kch14, catch13
  (session 14, likewise), dev5: dvt10, ace14 (session 14, scored once after round f's changes, then read), dev6: s2orc20,
  longeval23 (session 15, scored once, then read), test: fader11, lehr13, test2: papermage, medline07, test3: videodisk97,
  gravdm09, phonefb, wang08 (session 9), each annotated before the extractor was run on it;
  ``unseen`` pools test, test2 and test3): ``st-parse`` of the PDF
  → ``st-claims --task extract`` → ``st-score --metric f1-edit,f1-exact --group-by part`` over one
  record per (paper, part), part = abstract, introduction, body, conclusion, captions; the overall
  row scores each paper whole. Every extraction row is computed twice in the same run: with this
  checkout and with ``--baseline`` (default ``main``: its ``scholartools`` package is exported with
  ``git archive`` and run from a temporary folder). The ReviewCritique rows get the same split.
* **Agreement between the two annotation passes** — CLAIMCHECK's pilot measure: pairwise F1_edit /
  F1_exact of pass A against pass B per paper (micro), and Cohen's kappa over all units, per
  annotation round (``PDF_ROUNDS``).
* **The cue scorer** (``--cues``; issue 37) — ``st-claims --task extract --scorer cues`` (the rules
  alone; the default is ``--scorer semantic`` since session 20) of this checkout on the unseen PDFs
  and the ReviewCritique papers, beside the rows above. Every extraction row has the
  extraction's CPU and wall seconds per paper.
* **Second annotator** (issue 37) — pass C of ``SECOND_ANNOTATOR`` (gravdm09, lehr13), made by another
  annotator blind to passes A / B and the gold: F1_edit / F1_exact and kappa against the gold and
  each pass (inter-annotator agreement), and the extractor scored against pass C beside the gold.
* **Weakness segmentation** — the 60 LLM reviews of ``ReviewCritique_LLM.segments.jsonl`` rebuilt
  as texts (``scholartools.reviewcritique``): ``st-claims --task weaknesses --unit sentence``
  against the data's weakness segments, and ``--unit item`` against the weakness items; dev =
  reviews of papers 0–4 (read while writing the segmenter), test = papers 5–19. Gold spans are
  scored as the data has them and with their list markers ("1.", "-") removed (the segmenter
  leaves markers out of its spans).
* **Association** — the gold weakness items and gold claims of the annotated papers:
  ``st-claims --task associate`` → CLAIMCHECK's CA F1_edit / F1_exact of the target sets
  (``st-score``), grounded / ungrounded accuracy, and Hit@1/3/5 and MRR of the full ranking
  (BM25 alone, cosine alone, the default RRF fusion, score fusion) over grounded weaknesses —
  beside the third-party lexical figures on the real CLAIMCHECK data in the spec (BM25 Hit@1
  .181, Hit@3 .361, Hit@5 .417, MRR .314).

Evaluation only: the ReviewCritique data may not be used to train models (its licence).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from scholartools.data import dataset_dir  # noqa: E402
GOLD = ROOT / "fixtures" / "claims" / "gold.jsonl"
AAAR = dataset_dir("aaar")
PDF_ANN = ROOT / "fixtures" / "claims" / "annotations" / "pdf"
DEV_REVIEWS = range(0, 5)
_MARKER = re.compile(r"^(?:\d{1,2}[.)]|[-*\u2022])\s*")


def st(cmd: str, args: list[str], records: list[dict] | None = None, data: bytes | None = None,
       code: Path = ROOT) -> list[dict]:
    """Run ``python -m scholartools.cli.CMD`` on records; ``code`` is the folder whose
    ``scholartools`` package runs (this checkout, or an exported baseline)."""
    if records is not None:
        data = b"".join(json.dumps(r).encode() + b"\n" for r in records)
    env = dict(os.environ, PYTHONPATH=str(code) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    p = subprocess.run([sys.executable, "-m", f"scholartools.cli.{cmd}", "-q", *args], input=data or b"",
                       capture_output=True, cwd=code, env=env)
    if p.returncode not in (0, 1):
        sys.exit(f"{cmd} {' '.join(args)} failed:\n{p.stderr.decode()}")
    return [json.loads(line) for line in p.stdout.splitlines() if line.strip()]


def aggregate(rows: list[dict], metric: str) -> dict:
    agg = [r for r in rows if r.get("aggregate") and r.get("group") is None][0]
    v = agg["scores"][metric]
    return {k: round(v[k], 3) for k in ("p", "r", "f")}


def parsed_papers(gold: list[dict]) -> dict[str, dict]:
    texts = {i: json.loads(line)["body_text"] for i, line in enumerate((AAAR / "ReviewCritique_LLM.jsonl").open())}
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for g in gold:
            p = Path(tmp) / f"{g['id']}.txt"
            p.write_text(texts[g["paper_idx"]], encoding="utf-8")
            paths.append(str(p))
        recs = st("parse", ["--format", "text", "--paths-from-stdin"], data="\n".join(paths).encode())
    return {r["id"]: r for r in recs}


def timed_extract(recs: list[dict], extra: list[str], code: Path) -> tuple[list[dict], dict]:
    """``st-claims --task extract EXTRA`` on ``recs`` and its CPU and wall seconds per paper (the
    subprocess's, model loading included)."""
    import resource
    import time

    c0, w0 = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    out = st("claims", ["--task", "extract", *extra], recs, code=code)
    c1, wall = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter() - w0
    cpu = (c1.ru_utime + c1.ru_stime) - (c0.ru_utime + c0.ru_stime)
    n = max(1, len(recs))
    return out, {"cpu_s_per_paper": round(cpu / n, 2), "wall_s_per_paper": round(wall / n, 2)}


def extraction(gold: list[dict], papers: dict[str, dict], code: Path = ROOT, extra: tuple[str, ...] = (),
               splits: tuple[str, ...] = ("dev", "test")) -> dict:
    from tools.claims_evaluate import claim_part

    out = {}
    for split in splits:
        recs = [dict(papers[g["id"]], gold_claims=[c["text"] for c in g["claims"]]) for g in gold if g["split"] == split]
        extracted, cost = timed_extract(recs, list(extra), code)
        scored = st("score", ["--metric", "f1-edit,f1-exact", "--cand", "claim_texts", "--ref", "gold_claims",
                              "--aggregate"], extracted)
        out[split] = {"papers": len(recs), "gold": sum(len(r["gold_claims"]) for r in recs),
                      "predicted": sum(len(r["claims"]) for r in extracted),
                      "f1_edit": aggregate(scored, "f1-edit"), "f1_exact": aggregate(scored, "f1-exact"), **cost}
        golds = {g["id"]: [(claim_part(papers[g["id"]], c), c["text"]) for c in g["claims"]] for g in gold}
        out[split]["by_part"] = score_by_part([(r, golds[r["id"]]) for r in extracted])
    return out


def score_by_part(pairs: list[tuple[dict, list[tuple[str, str]]]]) -> dict:
    """``st-score --group-by part`` over one record per (paper, part): the extracted claims of the
    part against its gold ``(part, text)`` pairs."""
    from tools.claims_evaluate import SECTION_PARTS, by_part, claim_part

    rows = []
    for rec, gold in pairs:
        pred = by_part((claim_part(rec, c), c["text"]) for c in rec["claims"])
        ref = by_part(gold)
        rows.extend({"id": f"{rec['id']}:{p}", "part": p, "pred": pred[p], "gold": ref[p]} for p in SECTION_PARTS)
    scored = st("score", ["--metric", "f1-edit,f1-exact", "--cand", "pred", "--ref", "gold", "--aggregate",
                          "--group-by", "part"], rows)
    out = {}
    for p in SECTION_PARTS:
        agg = [r for r in scored if r.get("aggregate") and r.get("group") == p][0]["scores"]
        out[p] = {"gold": sum(len(r["gold"]) for r in rows if r["part"] == p),
                  "predicted": sum(len(r["pred"]) for r in rows if r["part"] == p),
                  "f1_edit": {k: round(agg["f1-edit"][k], 3) for k in ("p", "r", "f")},
                  "f1_exact": {k: round(agg["f1-exact"][k], 3) for k in ("p", "r", "f")}}
    return out


def pdf_papers() -> dict[str, dict]:
    """The annotated PDFs through ``st-parse``, keyed by their ids in ``PDF_PAPERS`` (round i's
    papers as their committed records)."""
    from tools.claims_evaluate import PDF_PAPERS, paper_record, pdf_file

    paths = {str(pdf_file(pdf)): pid for pid, (pdf, _) in PDF_PAPERS.items() if not pdf.startswith("record:")}
    recs = st("parse", ["--paths-from-stdin"], data="\n".join(paths).encode())
    out = {pid: paper_record(pdf) for pid, (pdf, _) in PDF_PAPERS.items() if pdf.startswith("record:")}
    for r in recs:
        src = r.get("source") or {}
        path = src.get("path") if isinstance(src, dict) else None
        pid = paths.get(path) or next(v for k, v in paths.items() if Path(k).stem == r["id"])
        out[pid] = dict(r, id=pid)
    return out


def pdf_gold(papers: dict[str, dict], name: str = "claims") -> dict[str, list[dict]]:
    """The units of annotation file ``annotations/pdf/ID.NAME`` (claims: the adjudicated gold)."""
    from tools.claims_evaluate import resolve_refs

    return {pid: resolve_refs(rec, (PDF_ANN / f"{pid}.{name}").read_text(encoding="utf-8").splitlines())
            for pid, rec in papers.items()}


def pdf_extraction(papers: dict[str, dict], code: Path = ROOT, extra: tuple[str, ...] = (),
                   splits: tuple[str, ...] | None = None) -> dict:
    """Extraction scored per part of ``PDF_PARTS`` (dev, test, test2, test3) and on ``unseen`` (the
    test parts pooled: every paper no cue, weight or threshold was chosen on); ``splits``: only
    these; ``extra``: more st-claims arguments (``--scorer semantic``)."""
    from tools.claims_evaluate import DEV_PARTS, PDF_PAPERS, PDF_PARTS

    gold = pdf_gold(papers)
    out = {}
    for split in splits or (*PDF_PARTS, "unseen"):
        ids = [pid for pid, (_, part) in PDF_PAPERS.items()
               if part == split or (split == "unseen" and part not in DEV_PARTS)]
        recs = [dict(papers[pid], gold_claims=[u["text"] for u in gold[pid]]) for pid in ids]
        extracted, cost = timed_extract(recs, list(extra), code)
        scored = st("score", ["--metric", "f1-edit,f1-exact", "--cand", "claim_texts", "--ref", "gold_claims",
                              "--aggregate"], extracted)
        per_paper = {r["id"]: {k: round(v, 3) for k, v in r["scores"]["f1-edit"].items() if k in ("p", "r", "f")}
                     for r in scored if not r.get("aggregate")}
        out[split] = {"papers": ids, "gold": sum(len(gold[pid]) for pid in ids),
                      "predicted": sum(len(r["claims"]) for r in extracted),
                      "f1_edit": aggregate(scored, "f1-edit"), "f1_exact": aggregate(scored, "f1-exact"), **cost,
                      "per_paper_f1_edit": per_paper,
                      "by_part": score_by_part([(r, [(u["part"], u["text"]) for u in gold[r["id"]]]) for r in extracted])}
    return out


def _pooled_units(papers: dict[str, dict], pids, marked: dict[str, list[dict]]) -> tuple[list[dict], set[str]]:
    """Every unit of ``pids`` with its ref prefixed by the paper id, and the prefixed refs that
    ``marked`` (an annotation file's units per paper) names: kappa's input pooled over papers."""
    from tools.claims_evaluate import gold_units

    units = [dict(u, ref=f"{pid}:{u['ref']}") for pid in pids for u in gold_units(papers[pid])]
    return units, {f"{pid}:{u['ref']}" for pid in pids for u in marked[pid]}


def agreement(papers: dict[str, dict]) -> dict:
    """Pass A against pass B, per annotation round of ``PDF_ROUNDS``: pairwise F1_edit / F1_exact
    (micro over papers) and Cohen's kappa over every unit of the round's papers; and, under
    ``second_annotator``, the second annotator's pass C against the gold and each pass."""
    from tools.claims_evaluate import PDF_ROUNDS, unit_kappa

    a, b = pdf_gold(papers, "passA"), pdf_gold(papers, "passB")
    out = {}
    for name, pids in PDF_ROUNDS.items():
        rows = [{"id": pid, "a": [u["text"] for u in a[pid]], "b": [u["text"] for u in b[pid]]} for pid in pids]
        scored = st("score", ["--metric", "f1-edit,f1-exact", "--cand", "a", "--ref", "b", "--aggregate"], rows)
        units, ra = _pooled_units(papers, pids, a)
        _, rb = _pooled_units(papers, pids, b)
        out[name] = {"papers": list(pids), "units": len(units), "pass_a": sum(len(a[p]) for p in pids),
                     "pass_b": sum(len(b[p]) for p in pids), "f1_edit": aggregate(scored, "f1-edit"),
                     "f1_exact": aggregate(scored, "f1-exact"), "cohen_kappa": round(unit_kappa(units, ra, rb), 3)}
    out["second_annotator"] = second_annotator(papers)
    return out


def second_annotator(papers: dict[str, dict], code: Path = ROOT) -> dict:
    """Inter-annotator agreement (issue 37): pass C of ``SECOND_ANNOTATOR`` (another annotator,
    blind to the first one's files) against the gold (``.claims``), pass A and pass B — F1_edit /
    F1_exact per paper and pooled (micro), Cohen's kappa over the units; and the offline extractor
    scored against the gold and against pass C as if it were gold. The gold stays ``.claims``."""
    from tools.claims_evaluate import SECOND_ANNOTATOR, unit_kappa

    pids = [p for p in SECOND_ANNOTATOR if (PDF_ANN / f"{p}.passC").exists()]
    if not pids:
        return {}
    sub = {p: papers[p] for p in pids}
    c = pdf_gold(sub, "passC")
    out = {"papers": pids, "units": {p: len(_pooled_units(papers, [p], c)[0]) for p in pids},
           "pass_c": {p: len(c[p]) for p in pids}}
    for other in ("claims", "passA", "passB"):
        o = pdf_gold(sub, other)
        rows = [{"id": p, "c": [u["text"] for u in c[p]], "o": [u["text"] for u in o[p]]} for p in pids]
        scored = st("score", ["--metric", "f1-edit,f1-exact", "--cand", "c", "--ref", "o", "--aggregate"], rows)
        res = {"n": {p: len(o[p]) for p in pids}, "f1_edit": aggregate(scored, "f1-edit"),
               "f1_exact": aggregate(scored, "f1-exact")}
        res["per_paper_f1_edit"] = {r["id"]: round(r["scores"]["f1-edit"]["f"], 3) for r in scored if not r.get("aggregate")}
        kappa = {}
        for group in ([[p] for p in pids] + [pids]):
            units, rc = _pooled_units(papers, group, c)
            _, ro = _pooled_units(papers, group, o)
            kappa[group[0] if len(group) == 1 else "pooled"] = round(unit_kappa(units, rc, ro), 3)
        res["cohen_kappa"] = kappa
        out["vs_gold" if other == "claims" else f"vs_{other}"] = res
    gold = pdf_gold(sub)
    recs = [dict(sub[p], gold_claims=[u["text"] for u in gold[p]], pass_c=[u["text"] for u in c[p]]) for p in pids]
    extracted = st("claims", ["--task", "extract"], recs, code=code)
    out["extractor"] = {}
    for ref in ("gold_claims", "pass_c"):
        scored = st("score", ["--metric", "f1-edit,f1-exact", "--cand", "claim_texts", "--ref", ref, "--aggregate"],
                    extracted)
        out["extractor"]["vs_gold" if ref == "gold_claims" else "vs_pass_c"] = {
            "f1_edit": aggregate(scored, "f1-edit"),
            "per_paper_f1_edit": {r["id"]: {k: round(v, 3) for k, v in r["scores"]["f1-edit"].items() if k in ("p", "r", "f")}
                                  for r in scored if not r.get("aggregate")}}
    return out


def export_baseline(ref: str, into: Path) -> Path:
    """``git archive REF scholartools`` unpacked into ``into`` (the baseline's code folder)."""
    arch = subprocess.run(["git", "archive", ref, "scholartools"], cwd=ROOT, capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=arch, check=True)
    return into


def segmentation() -> dict:
    from scholartools.reviewcritique import review_records

    reviews = review_records(AAAR / "ReviewCritique_LLM.segments.jsonl")
    out = {}
    for split, keep in (("dev", lambda i: i in DEV_REVIEWS), ("test", lambda i: i not in DEV_REVIEWS)):
        recs = [r for r in reviews if keep(r["paper_idx"])]
        res = {"reviews": len(recs)}
        for unit, key in (("sentence", "gold_weakness_segments"), ("item", "gold_weakness_items")):
            got = st("claims", ["--task", "weaknesses", "--unit", unit], recs)
            rows = []
            for r in got:
                pred = [w["text"] for w in r["weaknesses"]]
                gold = [w["text"] for w in r[key]]
                rows.append({"id": r["id"], "pred": pred, "gold": gold, "gold_stripped": [_MARKER.sub("", t) for t in gold]})
            for ref in ("gold", "gold_stripped"):
                scored = st("score", ["--metric", "f1-edit,f1-exact", "--cand", "pred", "--ref", ref,
                                      "--keep-claim-prefix", "--aggregate"], rows)
                res[f"{unit}_vs_{key.replace('gold_weakness_', '')}{'' if ref == 'gold' else '_markers_stripped'}"] = {
                    "f1_edit": aggregate(scored, "f1-edit"), "f1_exact": aggregate(scored, "f1-exact"),
                    "predicted": sum(len(x["pred"]) for x in rows), "gold": sum(len(x["gold"]) for x in rows)}
        out[split] = res
    return out


def association(gold: list[dict]) -> dict:
    from scholartools.claims.associate import AssociateOptions, associate
    from tools.claims_evaluate import ranking_scores

    out = {}
    for split in ("dev", "test"):
        papers = [g for g in gold if g["split"] == split]
        recs, golds = [], {}
        for g in papers:
            ws = [dict(w, id=f"{v['model']}.{w['id']}") for v in g["reviews"] for w in v["weaknesses"]]
            for w in ws:
                golds[f"{g['id']}#{w['id']}"] = w["targets"] or []
            recs.append({"id": g["id"], "claims": [{"id": c["id"], "text": c["text"]} for c in g["claims"]],
                         "weaknesses": [{"id": w["id"], "text": w["text"]} for w in ws]})
        kids = st("claims", ["--task", "associate"], recs)
        text = {(g["id"], c["id"]): c["text"] for g in papers for c in g["claims"]}
        for k in kids:
            k["gold_target_claims"] = [f"{t}: {text[(k['paper_id'], t)]}" for t in golds[k["id"]]]
        scored = st("score", ["--metric", "f1-edit,f1-exact", "--cand", "target_claims", "--ref", "gold_target_claims",
                              "--aggregate"], kids)
        grounded = sum((bool(golds[k["id"]]) == bool(k["targets"])) for k in kids)
        n_grounded = sum(bool(v) for v in golds.values())
        res = {"weaknesses": len(kids), "grounded_gold": n_grounded,
               "ca_f1_edit": aggregate(scored, "f1-edit"), "ca_f1_exact": aggregate(scored, "f1-exact"),
               "grounded_accuracy": round(grounded / len(kids), 3),
               "majority_accuracy": round(max(n_grounded, len(kids) - n_grounded) / len(kids), 3)}
        for name, opts, pick in (("bm25", AssociateOptions(fusion="rrf"), "bm25"),
                                 ("dense", AssociateOptions(fusion="rrf"), "dense"),
                                 ("rrf (default)", AssociateOptions(fusion="rrf"), None),
                                 ("score", AssociateOptions(fusion="score"), None)):
            pairs = []
            for r in recs:
                assoc = associate(r["claims"], r["weaknesses"], AssociateOptions(fusion=opts.fusion, candidates=10**6))
                for w, a in zip(r["weaknesses"], assoc):
                    cands = a["candidates"]
                    if pick == "bm25":
                        cands = sorted((c for c in cands if c["rank_bm25"]), key=lambda c: c["rank_bm25"])
                    elif pick == "dense":
                        cands = sorted(cands, key=lambda c: c["rank_dense"])
                    pairs.append(([c["id"] for c in cands], set(golds[f"{r['id']}#{w['id']}"])))
            res[f"ranking_{name}"] = {k: (round(v, 3) if isinstance(v, float) else v)
                                      for k, v in ranking_scores(pairs).items()}
        out[split] = res
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--json", help="write the figures here as JSON")
    ap.add_argument("--baseline", default="main", help="git refs (comma-separated) whose extractors are scored "
                                                       "beside this checkout's ('' to skip)")
    ap.add_argument("--only", choices=("extraction",), help="only the extraction rows (and the pass agreement)")
    ap.add_argument("--cues", action="store_true", help="also this checkout's --scorer cues (the rules alone) on the "
                    "unseen PDFs and the ReviewCritique papers, beside the default (--scorer semantic)")
    args = ap.parse_args()
    gold = [json.loads(line) for line in GOLD.open(encoding="utf-8")]
    papers = parsed_papers(gold)
    pdfs = pdf_papers()
    result = {"annotation_agreement": agreement(pdfs),
              "extraction_pdf": {"this": pdf_extraction(pdfs)}, "extraction": {"this": extraction(gold, papers)}}
    if args.cues:
        cues = ("--scorer", "cues")
        result["extraction_pdf"]["this --scorer cues"] = pdf_extraction(pdfs, extra=cues, splits=("unseen",))
        result["extraction"]["this --scorer cues"] = extraction(gold, papers, extra=cues)
    for ref in filter(None, (args.baseline or "").split(",")):
        with tempfile.TemporaryDirectory() as tmp:
            base = export_baseline(ref, Path(tmp))
            result["extraction_pdf"][ref] = pdf_extraction(pdfs, code=base)
            result["extraction"][ref] = extraction(gold, papers, code=base)
    if not args.only:
        result.update({"segmentation": segmentation(), "association": association(gold)})
    print(json.dumps(result, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
