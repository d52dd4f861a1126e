"""Recall levers on top of st-claims' default extraction (issue 37, session 21): where the semantic
scorer's misses are, by section and score band, and what section-aware weights and thresholds,
neighbour and density bonuses, a floor under the MiniLM term, a per-paper calibration of it and a
larger written corpus do to precision and recall — on development data only.

    python benchmarks/claims_recall.py [--json out.json] [--no-rc] [--no-lopo]

Material: the two-pass gold of the nineteen dev PDFs (parts ``dev`` … ``dev6`` of
``tools.claims_evaluate.PDF_PAPERS``; the unseen parts are never read) and, with F1_edit, the two
ReviewCritique dev papers (``fixtures/claims/gold.jsonl``, split ``dev``; evaluation only, they
choose nothing). Each paper's candidates are those of the default scorer
(``scholartools.claims.semantic.cue_candidates``: the cue score with its restatement credit and
previous-kept bonus); every candidate is encoded once with the bundled MiniLM, and ``x`` is the
shipped regression's clipped log-odds. The default keeps ``cue + 0.4 x >= 1.1``, as st-claims does.

Figures are exact units over the distinct candidate sentences of a paper (P / R / F pooled over the
nineteen papers, 954 gold units), by reporting part (``tools.claims_evaluate.gold_units``: abstract,
introduction, body, conclusion, captions) and by dev part; RC is F1_edit (P / R / F, micro) of the
kept sentences against the two papers' gold quotes. ``--no-lopo`` skips the leave-one-part-out
choice of per-section weights and thresholds (six folds: the grid point with the best pooled F on
five dev parts, at the precision the default has on those five, scored on the sixth). Last, an
in-sample grid of two MiniLM weights (one under a cue score, one over it) bounds what a non-linear
use of the term could give on these papers.

The written-corpus variant refits the regression (C = 0.3, as ``tools.claims_semantic_weights``)
on ``fixtures/claims/written`` plus ``session21_claims.txt`` / ``session21_nonclaims.txt`` (92
sentences we wrote in session 21 after reading the dev misses: contribution and summary statements,
results without "we", and their hard non-claims); the shipped weights do not read those two files.
"""
from __future__ import annotations

import argparse
import itertools
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

PARTS = ("abstract", "introduction", "body", "conclusion", "captions")
DEV_PARTS = ("dev", "dev2", "dev3", "dev4", "dev5", "dev6")
WRITTEN = ROOT / "fixtures" / "claims" / "written"
#: the extractor's section kinds grouped for section-aware weights and thresholds
GROUPS = {"abstract": "summary", "conclusion": "summary", "introduction": "introduction", "caption": "caption"}
BANDS = ((1.1, "kept"), (0.7, "0.7-1.1"), (0.3, "0.3-0.7"), (-99.0, "<0.3"))


def _norm(text: str) -> str:
    return " ".join(text.split())


class Table:
    """The candidates of a set of papers as arrays (one row per distinct sentence of a paper, its
    first occurrence): cue score, MiniLM vector and term, extractor kind and group, reporting part,
    cue kinds, label, paper, dev part, and the rows before / after it in the same section (-1 at a
    section's edge)."""

    def __init__(self, rows: list[dict], ngold: dict[str, int], vectors=None, ngold_part: dict | None = None):
        import numpy as np

        self.rows = rows
        self.cue = np.array([r["cue"] for r in rows], dtype=float)
        self.x = np.array([r.get("x", 0.0) for r in rows], dtype=float)
        self.y = np.array([r["gold"] for r in rows], dtype=bool)
        self.pid = np.array([r["pid"] for r in rows])
        self.dev = np.array([r.get("dev", "") for r in rows])
        self.kind = np.array([r["kind"] for r in rows])
        self.group = np.array([GROUPS.get(r["kind"], "body") for r in rows])
        self.part = np.array([r.get("part", "body") for r in rows])
        self.contribution = np.array(["contribution" in r.get("cues", ()) for r in rows], dtype=bool)
        self.texts = [r["text"] for r in rows]
        self.ngold = ngold
        self.ngold_part = ngold_part or {}
        self.vectors = vectors
        sec = [(r["pid"], r["section"]) for r in rows]
        self.prev = np.array([i - 1 if i > 0 and sec[i - 1] == sec[i] else -1 for i in range(len(rows))])
        self.next = np.array([i + 1 if i + 1 < len(rows) and sec[i + 1] == sec[i] else -1 for i in range(len(rows))])

    def counts(self, keep, sel=None, part: str | None = None) -> tuple[int, int, int]:
        """(true, kept, gold) over the rows of ``sel`` (all rows by default); gold counts every gold
        unit of the papers selected (of reporting part ``part`` only, when given), candidates or not."""
        import numpy as np

        sel = np.ones(len(self.y), bool) if sel is None else sel
        papers = set(self.pid[sel].tolist())
        if part is None:
            gold = sum(self.ngold[p] for p in papers)
        else:
            sel = sel & (self.part == part)
            gold = sum(self.ngold_part.get((p, part), 0) for p in papers)
        return int((keep & self.y & sel).sum()), int((keep & sel).sum()), gold


def prf(c: tuple[int, int, int]) -> tuple[float, float, float]:
    tp, n, g = c
    p, r = (tp / n if n else 0.0), (tp / g if g else 0.0)
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def r3(c) -> list[float]:
    return [round(v, 3) for v in prf(c)]


def _rows(rec: dict, pid: str, gold: set[str], part_of: dict[str, str], dev: str = "") -> list[dict]:
    from scholartools.claims.semantic import cue_candidates

    cands, _ = cue_candidates(rec)
    out, seen = [], set()
    for s in cands:
        t = _norm(s.text)
        if t in seen:
            continue
        seen.add(t)
        out.append({"pid": pid, "dev": dev, "text": s.text, "cue": s.score, "kind": s.kind, "cues": list(s.cues),
                    "section": f"{s.kind}:{s.section_index}:{s.figure_index}", "gold": t in gold,
                    "part": part_of.get(t, "body")})
    return out


def _encode(rows: list[dict]):
    """Every row's MiniLM vector (one encode call) and the shipped term ``x``."""
    import numpy as np

    from scholartools import embeddings
    from scholartools.claims.semantic import CLIP, bundled_model, weights

    vectors = embeddings.encode([r["text"] for r in rows], model=bundled_model()) if rows else np.zeros((0, 384))
    w, b = weights()
    for r, x in zip(rows, np.clip(vectors @ w + b, -CLIP, CLIP)):
        r["x"] = float(x)
    return vectors


def dev_table() -> Table:
    """The nineteen dev PDFs' candidates (the unseen parts are not read)."""
    from tools.claims_evaluate import PDF_PAPERS, gold_units, paper_record, resolve_refs

    ann = ROOT / "fixtures" / "claims" / "annotations" / "pdf"
    rows, ngold, ngold_part = [], {}, {}
    for pid, (pdf, part) in PDF_PAPERS.items():
        if part not in DEV_PARTS:
            continue
        rec = dict(paper_record(pdf), id=pid)
        gold = {_norm(u["text"]) for u in resolve_refs(rec, (ann / f"{pid}.claims").read_text(encoding="utf-8").splitlines())}
        part_of = {_norm(u["text"]): u["part"] for u in gold_units(rec)}
        rows.extend(_rows(rec, pid, gold, part_of, part))
        ngold[pid] = len(gold)
        for text in gold:
            key = (pid, part_of.get(text, "body"))
            ngold_part[key] = ngold_part.get(key, 0) + 1
    return Table(rows, ngold, _encode(rows), ngold_part)


def rc_tables() -> tuple[Table, dict[str, list[str]]]:
    """The two ReviewCritique dev papers' candidates and their gold quotes (labels unused: F1_edit)."""
    from claims_quality import GOLD, parsed_papers

    gold = [g for g in (json.loads(line) for line in GOLD.open(encoding="utf-8")) if g["split"] == "dev"]
    recs = parsed_papers(gold)
    rows, quotes = [], {}
    for g in gold:
        quotes[g["id"]] = [c["text"] for c in g["claims"]]
        rows.extend(_rows(recs[g["id"]], g["id"], set(), {}))
    return Table(rows, {p: len(q) for p, q in quotes.items()}, _encode(rows)), quotes


def rc_f1_edit(t: Table, keep, quotes: dict[str, list[str]]) -> list[float]:
    from scholartools.metrics.claimcheck import micro_prf, span_counts

    items = [span_counts([s for s, k, p in zip(t.texts, keep, t.pid) if k and p == pid], q) for pid, q in quotes.items()]
    m = micro_prf(items)
    return [round(m[k], 3) for k in ("p", "r", "f")]


# ------------------------------------------------------------------------------------------ variants

def default(t: Table, w: float = 0.4, th: float = 1.1):
    return t.cue + w * t.x >= th


def by_group(t: Table, cfg: dict[str, tuple[float, float]]):
    """Section-aware weight and threshold: ``cfg`` maps a group (summary, introduction, body,
    caption) to ``(w, th)``; a group not named keeps the default's (0.4, 1.1)."""
    import numpy as np

    keep = np.zeros(len(t.y), bool)
    for g in ("summary", "introduction", "body", "caption"):
        w, th = cfg.get(g, (0.4, 1.1))
        m = t.group == g
        keep[m] = t.cue[m] + w * t.x[m] >= th
    return keep


def neighbour_bonus(t: Table, b: float, side: str = "next", cue_only: bool = True):
    """``b`` more for a candidate whose next (``side="next"``) or both neighbours (``"both"``) in the
    same section are kept — by their cue score at 1.2 (``cue_only``) or by the default."""
    import numpy as np

    kept = t.cue >= 1.2 if cue_only else default(t)
    nxt = np.where(t.next >= 0, kept[np.maximum(t.next, 0)], False)
    if side == "both":
        nxt &= np.where(t.prev >= 0, kept[np.maximum(t.prev, 0)], False)
    return t.cue + 0.4 * t.x + b * nxt >= 1.1


def section_density(t: Table, b: float, center: float):
    """``b`` × (the share of the other candidates of the section the default keeps − ``center``):
    findings cluster in some sections."""
    import numpy as np

    kept = default(t).astype(float)
    keys = [f"{p}|{k}" for p, k in zip(t.pid, (r["section"] for r in t.rows))]
    tot, kep = {}, {}
    for k, v in zip(keys, kept):
        tot[k] = tot.get(k, 0) + 1
        kep[k] = kep.get(k, 0) + v
    share = np.array([(kep[k] - v) / max(1, tot[k] - 1) for k, v in zip(keys, kept)])
    return t.cue + 0.4 * t.x + b * (share - center) >= 1.1


def floor(t: Table, lo: float, where: str):
    """The MiniLM term cannot go under ``lo`` for candidates with a contribution cue
    (``where="contribution"``) or in the abstract and conclusion (``"summary"``)."""
    import numpy as np

    m = t.contribution if where == "contribution" else t.group == "summary"
    x = np.where(m, np.maximum(t.x, lo), t.x)
    return t.cue + 0.4 * x >= 1.1


def paper_calibrated(t: Table, a: float, th: float = 1.1):
    """The MiniLM term shifted by ``a`` × (the paper's median term − the median over all papers):
    some papers' style (systems, medicine) sits low on the written-corpus score."""
    import numpy as np

    med = {p: float(np.median(t.x[t.pid == p])) for p in set(t.pid.tolist())}
    g = float(np.median(t.x))
    shift = np.array([med[p] - g for p in t.pid])
    return t.cue + 0.4 * (t.x - a * shift) >= th


def refit_x(t: Table, extra: bool = True, c: float = 0.3):
    """``t``'s MiniLM term under a regression refitted on the written corpus (plus the session-21
    sentences with ``extra``)."""
    import numpy as np
    from sklearn.linear_model import LogisticRegression

    from scholartools import embeddings
    from scholartools.claims.semantic import CLIP, bundled_model
    from tools.claims_semantic_weights import written_corpus

    texts, labels = written_corpus()
    if extra:
        for name, label in (("session21_claims.txt", 1), ("session21_nonclaims.txt", 0)):
            for line in (WRITTEN / name).read_text(encoding="utf-8").splitlines():
                if line.strip() and not line.startswith("#"):
                    texts.append(line.strip())
                    labels.append(label)
    model = LogisticRegression(C=c, max_iter=3000).fit(embeddings.encode(texts, model=bundled_model()), np.asarray(labels))
    return np.clip(t.vectors @ model.coef_[0] + model.intercept_[0], -CLIP, CLIP)


def variants(t: Table) -> dict:
    """Every variant's keep array over ``t`` (name → array)."""
    out = {"default (cue + 0.4 x >= 1.1)": default(t)}
    for th in (1.0, 1.2):
        out[f"default at {th}"] = default(t, th=th)
    for w, th in ((0.0, 1.1), (0.0, 1.2), (0.2, 1.1), (0.2, 1.2)):
        out[f"abstract + conclusion w {w} th {th}"] = by_group(t, {"summary": (w, th)})
    for w, th in ((0.0, 1.1), (0.4, 1.0), (0.2, 1.1)):
        out[f"introduction w {w} th {th}"] = by_group(t, {"introduction": (w, th)})
    for w, th in ((0.4, 1.0), (0.2, 1.1), (0.6, 1.0)):
        out[f"body w {w} th {th}"] = by_group(t, {"body": (w, th)})
    for b in (0.1, 0.2, 0.3):
        out[f"next kept (cue) +{b}"] = neighbour_bonus(t, b)
    for b in (0.2, 0.5):
        out[f"both neighbours kept +{b}"] = neighbour_bonus(t, b, "both", cue_only=False)
    for b, c in ((0.5, 0.1), (0.5, 0.3), (1.0, 0.1)):
        out[f"section density {b} (centre {c})"] = section_density(t, b, c)
    for lo in (-0.5, 0.0):
        out[f"floor {lo} on contribution cues"] = floor(t, lo, "contribution")
        out[f"floor {lo} in abstract + conclusion"] = floor(t, lo, "summary")
    for a in (0.5, 1.0):
        out[f"per-paper calibration {a}"] = paper_calibrated(t, a)
    if t.vectors is not None:
        for extra in (False, True):
            x = refit_x(t, extra)
            name = "written corpus + session 21 sentences" if extra else "written corpus refitted (check)"
            out[name] = t.cue + 0.4 * x >= 1.1
    return out


def summary(t: Table, keep) -> dict:
    return {"all": r3(t.counts(keep)), "tp_kept_gold": list(t.counts(keep)),
            "by_part": {p: r3(t.counts(keep, part=p)) for p in PARTS},
            "by_dev_part_f": {d: r3(t.counts(keep, t.dev == d))[2] for d in DEV_PARTS}}


def misses_by_band(t: Table) -> dict:
    """Gold / non-gold candidates per reporting part and default score band, and gold units that
    are no candidate."""
    import numpy as np

    s = t.cue + 0.4 * t.x
    out = {}
    for p in PARTS:
        row = {}
        for i, (lo, name) in enumerate(BANDS):
            hi = BANDS[i - 1][0] if i else 99.0
            m = (t.part == p) & (s >= lo) & (s < hi)
            row[name] = [int((m & t.y).sum()), int((m & ~t.y).sum())]
        out[p] = row
    cands = int(t.y.sum())
    out["gold units that are no candidate"] = sum(t.ngold.values()) - cands
    out["demoted by the MiniLM term (cue >= 1.1, default < 1.1): gold / not, by group"] = {
        g: [int(((t.group == g) & (t.cue >= 1.1) & (s < 1.1) & t.y).sum()),
            int(((t.group == g) & (t.cue >= 1.1) & (s < 1.1) & ~t.y).sum())] for g in ("summary", "introduction", "body", "caption")}
    return out


W_GRID = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5)
TH_GRID = tuple(round(0.9 + 0.05 * i, 2) for i in range(11))


def lopo(t: Table, groups: tuple[str, ...]) -> dict:
    """Leave-one-part-out over the six dev parts: each fold picks ``(w, th)`` for every group of
    ``groups`` (the others keep the default's) with the best pooled F on the five other parts among
    the grid points whose precision there is at least the default's, and is scored on its part."""
    import numpy as np

    tot, base, picks = np.zeros(3, int), np.zeros(3, int), {}
    grid = list(itertools.product(W_GRID, TH_GRID))
    for held in DEV_PARTS:
        train, test = t.dev != held, t.dev == held
        target = prf(t.counts(default(t), train))[0]
        best, best_f = {}, -1.0
        for combo in itertools.product(grid, repeat=len(groups)):
            cfg = dict(zip(groups, combo))
            p, _, f = prf(t.counts(by_group(t, cfg), train))
            if p >= target - 1e-9 and f > best_f:
                best, best_f = cfg, f
        picks[held] = {g: list(v) for g, v in best.items()}
        tot += t.counts(by_group(t, best), test)
        base += t.counts(default(t), test)
    return {"groups": list(groups), "held_out_pooled": r3(tuple(int(v) for v in tot)),
            "default_pooled": r3(tuple(int(v) for v in base)), "picks": picks}


def split_weight_grid(t: Table) -> dict:
    """In-sample (all nineteen dev papers, no held-out part): the MiniLM weight ``w_lo`` under a cue
    score of ``split`` and ``w_hi`` at or over it, with threshold ``th`` — the best pooled F among the
    grid points whose precision is at least the default's. An upper bound on what a two-weight use
    of the term can give on these papers."""
    import numpy as np

    target = prf(t.counts(default(t)))[0]
    best = None
    for wl, wh, th, split in itertools.product((0.2, 0.3, 0.4, 0.5, 0.6, 0.8), (0.0, 0.2, 0.3, 0.4, 0.5),
                                               (1.0, 1.05, 1.1, 1.15, 1.2), (1.0, 1.1, 1.2, 1.3)):
        c = t.counts(t.cue + np.where(t.cue < split, wl, wh) * t.x >= th)
        p, _, f = prf(c)
        if p >= target - 1e-9 and (best is None or f > best[0]):
            best = (f, {"w_lo": wl, "w_hi": wh, "th": th, "split": split, "prf": r3(c)})
    return best[1]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--json", help="write the figures here as JSON")
    ap.add_argument("--no-rc", action="store_true", help="leave out the two ReviewCritique dev papers")
    ap.add_argument("--no-lopo", action="store_true", help="leave out the leave-one-part-out choice")
    args = ap.parse_args()
    t = dev_table()
    rc = None if args.no_rc else rc_tables()
    result = {"candidates": len(t.y), "gold": sum(t.ngold.values()), "misses": misses_by_band(t), "variants": {}}
    rc_keep = variants(rc[0]) if rc else {}
    for name, keep in variants(t).items():
        row = summary(t, keep)
        if rc:
            row["rc_dev_f1_edit"] = rc_f1_edit(rc[0], rc_keep[name], rc[1])
        result["variants"][name] = row
        print(f"{name:45s} P/R/F {row['all']} {row['tp_kept_gold']}  RC {row.get('rc_dev_f1_edit')}  "
              f"parts {' '.join(f'{p[:5]} {v[2]}' for p, v in row['by_part'].items())}  dev {row['by_dev_part_f']}", flush=True)
    if not args.no_lopo:
        result["lopo"] = [lopo(t, g) for g in (("summary",), ("introduction",), ("body",), ("summary", "introduction"))]
        for r in result["lopo"]:
            print("lopo", r["groups"], "held out", r["held_out_pooled"], "default", r["default_pooled"], flush=True)
    result["split_weight_in_sample"] = split_weight_grid(t)
    print("two MiniLM weights split by cue score, best in sample:", result["split_weight_in_sample"])
    print(json.dumps(result["misses"], indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
