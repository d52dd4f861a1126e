"""The papers' headline tables as Markdown, from what ``st-score`` and ``st-agree`` wrote.

Each builder takes the records the commands produced (summary records of ``st-score
--aggregate``, result records of ``st-agree``, judged records) and lays them out as the paper's
table does; a value that is missing or undefined is written ``—``, never 0. The per-paper
Makefiles (``examples/<paper>/Makefile``) call them through ``python -m scholartools.report``:

* :func:`pointwise_table` — BAGELS's PointWise table: A_G, A_H, P, R, F1 per generation method.
* :func:`correlation_grid` — PaperRQ Table 5: Spearman and Kendall per protocol and aspect,
  with the RQ-length baseline as one more row.
* :func:`agreement_table` — ScholarSum's correlation table: each metric against the human score.
* :func:`claimcheck_table` — CLAIMCHECK: extraction and association F1_edit / F1_exact, the
  verification judge's same / similar / different shares, the weakness labels, edit win/tie/loss.
* :func:`aaar_table` — AAAR-1.0's four tasks with their tables' columns.
* :func:`plan_table` — the calls and estimated cost of a pipeline from its steps' ``--dry-run``
  summaries; its last line is ``calls: N``.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterable, Sequence

from scholartools.datasets import read_jsonl
from scholartools.errors import UsageError
from scholartools.records import parse_pairs

DASH = "—"
SYMBOL = {"pearson": "r", "spearman": "ρ", "kendall": "τ"}


# ---------------------------------------------------------------------------- helpers


def fmt(value: Any, digits: int = 3, percent: bool = False) -> str:
    """A number for a table cell: ``—`` for None or a non-number, percentages with one decimal."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
        return DASH
    if percent:
        return f"{100 * value:.1f}"
    return f"{value:.{digits}f}"


def markdown(header: Sequence[str], rows: Iterable[Sequence[str]], align: str | None = None) -> str:
    """A GitHub Markdown table; ``align`` is one letter per column (``l`` or ``r``, default: first
    column left, the others right)."""
    header = list(header)
    align = align or "l" + "r" * (len(header) - 1)
    rule = ["---:" if a == "r" else ":---" for a in align]
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join(rule) + " |"]
    for row in rows:
        lines.append("| " + " | ".join(str(c).replace("|", "\\|") for c in row) + " |")
    return "\n".join(lines) + "\n"


def overall(records: Iterable[dict]) -> dict | None:
    """The overall summary record of ``st-score --aggregate`` (``aggregate`` true, no group)."""
    found = None
    for rec in records:
        if rec.get("aggregate") and rec.get("group") is None:
            found = rec
    return found


def summary_scores(records: Iterable[dict], metric: str) -> dict | None:
    """``scores[metric]`` of the overall summary record, or None."""
    rec = overall(records)
    return (rec or {}).get("scores", {}).get(metric)


def _get(d: Any, *path: str) -> Any:
    for p in path:
        if not isinstance(d, dict):
            return None
        d = d.get(p)
    return d


def result_value(results: Iterable[dict], measure: str, raters: Sequence[str] | None = None,
                 level: str = "pooled") -> tuple[Any, Any]:
    """(value, n) of the st-agree result for ``measure`` at ``level`` (and these two raters, in
    either order, when given); (None, None) when there is none."""
    for r in results:
        if r.get("measure") != measure or r.get("level", "pooled") != level or r.get("matrix"):
            continue
        if raters is not None and sorted(r.get("raters", [])) != sorted(raters):
            continue
        return r.get("value"), r.get("n")
    return None, None


def _heading(title: str, notes: Sequence[str]) -> str:
    out = f"# {title}\n\n"
    for n in notes:
        if n:
            out += f"{n}\n\n"
    return out


# ---------------------------------------------------------------------------- BAGELS


def pointwise_table(methods: Sequence[tuple[str, dict | None]], title: str = "BAGELS: PointWise evaluation",
                    notes: Sequence[str] = ()) -> str:
    """BAGELS's PointWise table (spec §6.4): one row per generation method, from the summary of
    ``st-score --metric pointwise,pointwise-conventional --aggregate``.

    Columns: papers scored, A_G and A_H (coverage of the ground truth and of the generated
    limitations, %, macro over papers as the paper reports them), P, R, F1 as the paper prints
    them (TP = matched pairs, its FP/FN labels), and P, R, F1 with one-to-one matching and
    conventional FP = y − TP, FN = x − TP. ``methods``: (label, summary record or None).
    """
    header = ["method", "papers", "A_G (%)", "A_H (%)", "P", "R", "F1", "P (1:1)", "R (1:1)", "F1 (1:1)"]
    rows = []
    for label, summary in methods:
        pw = _get(summary, "scores", "pointwise") or {}
        conv = _get(summary, "scores", "pointwise-conventional") or {}
        macro, cmacro = pw.get("macro") or {}, conv.get("macro") or {}
        rows.append([label, fmt(pw.get("n_papers"), 0), fmt(macro.get("A_G"), percent=True),
                     fmt(macro.get("A_H"), percent=True), fmt(macro.get("P")), fmt(macro.get("R")),
                     fmt(macro.get("F1")), fmt(cmacro.get("P")), fmt(cmacro.get("R")), fmt(cmacro.get("F1"))])
    return _heading(title, notes) + markdown(header, rows)


# ---------------------------------------------------------------------------- PaperRQ

#: st-judge's rating protocols under the names PaperRQ's Table 5 gives them
PROTOCOL_NAMES = {"autocalibrate": "AutoCalibrate (Liu et al. 2023b)", "direct": "direct (Wang et al. 2023)",
                  "analyze-rate": "analyze-rate (Chiang & Lee α)", "rate-explain": "rate-explain (Chiang & Lee β)",
                  "geval": "G-Eval (Liu et al. 2023a)", "batch": "BatchEval (Yuan et al. 2023)",
                  "coascore": "CoAScore (Gong & Mao 2023)", "ice": "ICE few-shot (Jain et al. 2023)"}


def correlation_grid(cells: dict[tuple[str, str], list[dict]], rows: Sequence[str], columns: Sequence[str],
                     raters: dict[tuple[str, str], Sequence[str]], measures: Sequence[str] = ("spearman", "kendall"),
                     title: str = "PaperRQ Table 5: correlation with human scores", notes: Sequence[str] = ()) -> str:
    """PaperRQ Table 5's layout: one row per protocol (``rows``), for each aspect (``columns``) one
    column per measure (ρ, τ), and n. ``cells[(row, column)]`` holds the st-agree results of
    that cell and ``raters[(row, column)]`` the two raters whose pair is the cell's value."""
    header = ["protocol"]
    for c in columns:
        header += [f"{c} {SYMBOL.get(m, m)}" for m in measures]
    header.append("n")
    out_rows = []
    for r in rows:
        line = [PROTOCOL_NAMES.get(r, r)]
        ns = []
        for c in columns:
            res = cells.get((r, c), [])
            for m in measures:
                value, n = result_value(res, m, raters.get((r, c)))
                line.append(fmt(value))
                if n is not None:
                    ns.append(n)
        line.append(DASH if not ns else str(min(ns)) if min(ns) == max(ns) else f"{min(ns)}–{max(ns)}")
        out_rows.append(line)
    return _heading(title, notes) + markdown(header, out_rows)


def rq_list(records: Iterable[dict], title: str = "Research questions of the new papers") -> str:
    """The generated research questions (``st-generate --task rq``), one row per paper."""
    rows = []
    for rec in records:
        rq = rec.get("rq") if "error" not in rec else None
        rows.append([str(rec.get("id")), (rec.get("title") or "").strip() or DASH,
                     rq if isinstance(rq, str) else f"({(rec.get('error') or {}).get('kind', 'no reply')})"])
    return f"\n## {title}\n\n" + markdown(["paper", "title", "research question"], rows, "lll")


# ---------------------------------------------------------------------------- ScholarSum


def agreement_table(results: list[dict], reference: str, raters: Sequence[tuple[str, str]],
                    measures: Sequence[str] = ("pearson", "spearman", "kendall"),
                    levels: Sequence[str] = ("pooled",), title: str = "ScholarSum: correlation with human judgement",
                    notes: Sequence[str] = ()) -> str:
    """One row per rater (``(field, label)``), its correlation with ``reference`` for each
    measure and level (st-agree results), and n."""
    header = ["metric"]
    for lv in levels:
        for m in measures:
            header.append(f"{SYMBOL.get(m, m)}" + ("" if len(levels) == 1 else f" ({lv})"))
    header.append("n")
    rows = []
    for field, label in raters:
        line = [label]
        n_pooled = None
        for lv in levels:
            for m in measures:
                value, n = result_value(results, m, [reference, field], lv)
                line.append(fmt(value))
                if lv == "pooled" and n is not None:
                    n_pooled = n
        line.append(DASH if n_pooled is None else str(n_pooled))
        rows.append(line)
    return _heading(title, notes) + markdown(header, rows)


# ---------------------------------------------------------------------------- CLAIMCHECK


def shares(records: Iterable[dict], path: Sequence[str], labels: Sequence[str]) -> tuple[dict, int, int]:
    """({label: share of the scored records}, scored, unscored) of the label at ``path``."""
    counts = {lab: 0 for lab in labels}
    scored = unscored = 0
    for rec in records:
        if "error" in rec:
            unscored += 1
            continue
        v = _get(rec, *path)
        if v in counts:
            counts[v] += 1
            scored += 1
        else:
            unscored += 1
    return ({k: (c / scored if scored else None) for k, c in counts.items()}, scored, unscored)


def means(records: Iterable[dict], paths: Sequence[Sequence[str]]) -> tuple[list, int]:
    """(mean of each numeric field at ``paths``, records with all of them numeric)."""
    sums = [0.0] * len(paths)
    n = 0
    for rec in records:
        vals = [_get(rec, *p) for p in paths]
        if "error" in rec or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in vals):
            continue
        n += 1
        sums = [s + v for s, v in zip(sums, vals)]
    return ([s / n if n else None for s in sums], n)


def _prf(d: dict | None) -> list[str]:
    d = d or {}
    return [fmt(d.get("p")), fmt(d.get("r")), fmt(d.get("f"))]


def claimcheck_table(extraction: dict | None, association: dict | None, compare3: list[dict],
                     labels: list[dict], edits: dict | None, title: str = "CLAIMCHECK: claims, weaknesses, "
                     "verification and edits", notes: Sequence[str] = ()) -> str:
    """CLAIMCHECK's headline numbers (spec §0) as four small tables.

    ``extraction`` / ``association``: overall summary records of ``st-score --metric
    f1-edit,f1-exact``; ``compare3``: judged records (``judge.label``); ``labels``: judged records
    (``judge.objectivity``, ``judge.agreement``, ``judge.types``); ``edits``: the summary of
    ``st-score --metric win-tie-loss,rouge1[,bertscore]``.
    """
    out = _heading(title, notes)
    rows = []
    for label, summary in (("claim extraction (vs annotated claims)", extraction),
                           ("weakness → claim association (vs annotated targets)", association)):
        sc = _get(summary, "scores") or {}
        rows.append([label, fmt(_get(summary, "n"), 0), *_prf(sc.get("f1-edit")), *_prf(sc.get("f1-exact"))])
    out += "## Claims and association (F1_edit / F1_exact, micro)\n\n"
    out += markdown(["step", "units", "P_edit", "R_edit", "F1_edit", "P_exact", "R_exact", "F1_exact"], rows)
    sh, n, unscored = shares(compare3, ("judge", "label"), ("same", "similar", "different"))
    out += "\n## Claim verification: the model's weakness vs the reviewer's\n\n"
    out += markdown(["judged", "same (%)", "similar (%)", "different (%)", "unscored"],
                    [[str(n), fmt(sh["same"], percent=True), fmt(sh["similar"], percent=True),
                      fmt(sh["different"], percent=True), str(unscored)]])
    (obj, agr), n_lab = means(labels, [("judge", "objectivity"), ("judge", "agreement")])
    type_names = ("insufficient", "contradictory", "novelty", "clarity", "related_work", "other")
    type_rows = [r for r in labels if "error" not in r and isinstance(_get(r, "judge", "types"), dict)]
    type_share = {t: (sum(bool(r["judge"]["types"].get(t)) for r in type_rows) / len(type_rows) if type_rows else None)
                  for t in type_names}
    out += "\n## Weakness labels (means over weaknesses; types: share marked)\n\n"
    out += markdown(["labelled", "objectivity (1-5)", "agreement (1-5)", *[f"{t} (%)" for t in type_names]],
                    [[str(n_lab), fmt(obj, 2), fmt(agr, 2), *[fmt(type_share[t], percent=True) for t in type_names]]])
    sc = _get(edits, "scores") or {}
    wtl = sc.get("win-tie-loss") or {}
    out += "\n## Weakness edits: is the rewrite more specific? (both orders)\n\n"
    out += markdown(["pairs", "win (%)", "tie (%)", "loss (%)", "ROUGE-1 F1", "BERTScore F1"],
                    [[fmt(wtl.get("n"), 0), fmt(wtl.get("win"), percent=True), fmt(wtl.get("tie"), percent=True),
                      fmt(wtl.get("loss"), percent=True), fmt(_get(sc, "rouge1", "f")),
                      fmt(_get(sc, "bertscore", "f"))]])
    return out


# ---------------------------------------------------------------------------- AAAR-1.0


def aaar_table(eqinfer: dict | None, entail: dict | None, explain: dict | None, weakness: dict | None,
               critique: dict | None, title: str = "AAAR-1.0: the four tasks", notes: Sequence[str] = ()) -> str:
    """AAAR-1.0's four tables (×100 as the paper prints them): EquationInference F1/P/R
    (Table 1), ExperimentDesign En-F1/En-P/En-R and S-Match (Table 2), PaperWeakness
    S-F1/S-P/S-R and ITF-IDF (Table 6), ReviewCritique P/R/F1 (Table 7). Each argument is the
    overall summary record of that task's ``st-score --aggregate``."""
    def pct(d, *path):
        v = _get(d, "scores", *path)
        return fmt(v * 100 if isinstance(v, (int, float)) and not isinstance(v, bool) else None, 2)

    out = _heading(title, notes)
    out += "## EquationInference (Table 1)\n\n"
    out += markdown(["candidates", "F1", "P", "R"], [[fmt(_get(eqinfer, "n"), 0), pct(eqinfer, "eqinfer", "f"),
                                                      pct(eqinfer, "eqinfer", "p"), pct(eqinfer, "eqinfer", "r")]])
    out += "\n## ExperimentDesign (Table 2)\n\n"
    out += markdown(["papers", "En-F1", "En-P", "En-R", "S-Match"],
                    [[fmt(_get(entail, "n"), 0), pct(entail, "en-prf", "f"), pct(entail, "en-prf", "p"),
                      pct(entail, "en-prf", "r"), pct(explain, "s-match")]])
    out += "\n## PaperWeakness (Table 6)\n\n"
    out += markdown(["papers", "S-F1", "S-P", "S-R", "ITF-IDF"],
                    [[fmt(_get(weakness, "n"), 0), pct(weakness, "s-prf", "f"), pct(weakness, "s-prf", "p"),
                      pct(weakness, "s-prf", "r"), fmt(_get(weakness, "scores", "itf-idf"), 2)]])
    out += "\n## ReviewCritique (Table 7)\n\n"
    out += markdown(["segments", "P", "R", "F1"],
                    [[fmt(_get(critique, "n"), 0), pct(critique, "critique-prf", "p"),
                      pct(critique, "critique-prf", "r"), pct(critique, "critique-prf", "f")]])
    return out


# ---------------------------------------------------------------------------- plan

_DRY = re.compile(r"dry run: (\d+) calls needed, (\d+) cache hits, (\d+) prompt tokens, estimated cost "
                  r"(~\$([0-9.]+)|unknown)(?:[^\n]*?up to (\d+) more on malformed replies)?")


def dry_run_counts(text: str) -> dict:
    """``{calls, cache_hits, prompt_tokens, cost, reasks}`` summed over the ``dry run:`` lines of
    a command's stderr (a step with nothing to ask prints none: zeros; a pipe of dry runs, one
    line per command). ``cost`` is None when some step's model has no known price; ``reasks``
    is the bound on repair re-asks after malformed replies (not in ``calls``)."""
    out = {"calls": 0, "cache_hits": 0, "prompt_tokens": 0, "cost": 0.0, "reasks": 0}
    for m in _DRY.finditer(text):
        out["calls"] += int(m.group(1))
        out["cache_hits"] += int(m.group(2))
        out["prompt_tokens"] += int(m.group(3))
        out["reasks"] += int(m.group(6) or 0)
        if m.group(5) is None or out["cost"] is None:
            out["cost"] = None
        else:
            out["cost"] += float(m.group(5))
    return out


def plan_table(steps: Sequence[tuple[str, str]], model: str | None = None,
               title: str = "plan", group: bool = False, notes: Sequence[str] = ()) -> tuple[str, int]:
    """(the plan as text, total requests) from ``(step, stderr of its --dry-run)`` pairs. With
    ``group``, steps named ``GROUP.PART`` are summed per group (e.g. per protocol over its
    aspects). A step's requests are the calls it needs plus those the cache answers (a plan made
    after a run, or a ``check``, with the same cache counts every request of it). The re-asks
    after malformed replies are a bound beside the count, not in it. ``notes`` (the settings the
    run uses) are printed under the title. The text ends with the line ``calls: N``."""
    counted: dict[str, dict] = {}
    for name, text in steps:
        key = name.split(".")[0] if group else name
        c = dry_run_counts(text)
        if key in counted:
            old = counted[key]
            c = {k: (None if old[k] is None or c[k] is None else old[k] + c[k]) for k in c}
        counted[key] = c
    rows, total, sent, cost, tokens, reasks = [], 0, 0, 0.0, 0, 0
    for name, c in counted.items():
        total += c["calls"] + c["cache_hits"]
        sent += c["calls"]
        tokens += c["prompt_tokens"]
        reasks += c["reasks"]
        cost = None if cost is None or c["cost"] is None else cost + c["cost"]
        rows.append([name, str(c["calls"] + c["cache_hits"]), str(c["cache_hits"]), str(c["prompt_tokens"]),
                     "unknown" if c["cost"] is None else f"${c['cost']:.4f}"])
    head = ["step", "calls", "cached", "prompt tokens", "cost"]
    width = [max(len(r[i]) for r in rows + [head]) for i in range(len(head))]
    lines = [f"{title}" + (f" with {model}" if model else "") + " (nothing was called)"]
    lines += [f"  {part.strip()}" for n in notes for part in n.split(" | ")]
    for r in [head, *rows]:
        lines.append("  ".join([r[0].ljust(width[0])] + [c.rjust(w) for c, w in zip(r[1:], width[1:])]))
    lines.append(f"total cost: {'unknown (no price for the model; --price IN,OUT or a priced MODEL)' if cost is None else f'${cost:.2f}'}"
                 f", {tokens} prompt tokens" + (f"; {total - sent} of the calls answered by the cache" if total > sent else ""))
    lines.append(f"re-asks: up to {reasks} more calls on malformed replies (one repair re-ask per parsed reply; "
                 "none with well-formed replies)")
    lines.append(f"calls: {total}")
    return "\n".join(lines) + "\n", total


# ---------------------------------------------------------------------------- command line


def _pairs(specs: Sequence[str], option: str, shape: str) -> list[tuple[str, str]]:
    """LABEL=FILE arguments in order (:func:`scholartools.records.parse_pairs`); a malformed one
    ends the run with the message."""
    try:
        return parse_pairs(specs, option, shape)
    except UsageError as exc:
        raise SystemExit(str(exc)) from None


def _summary(path: str | None) -> dict | None:
    return overall(read_jsonl(path)) if path else None


def main(argv: list[str] | None = None) -> int:
    import argparse

    ap = argparse.ArgumentParser(prog="python -m scholartools.report", description=__doc__.split("\n\n")[0])
    ap.add_argument("-o", "--output", help="write the table here (default: stdout)")
    ap.add_argument("--note", action="append", default=[], help="a line printed under the title (repeatable)")
    sub = ap.add_subparsers(dest="what", required=True)
    p = sub.add_parser("bagels", help="PointWise table: METHOD=SCORES.jsonl (st-score --aggregate) ...")
    p.add_argument("methods", nargs="+", metavar="METHOD=FILE")
    p = sub.add_parser("paperrq", help="Table 5: PROTOCOL=AGREE.jsonl ... (st-agree --join over the aspects' files)")
    p.add_argument("cells", nargs="+", metavar="PROTOCOL=FILE")
    p.add_argument("--aspects", default="problem,method,format")
    p.add_argument("--baseline", metavar="LABEL=FILE", help="a row of raters human.ASPECT vs BASELINE-FIELD")
    p.add_argument("--baseline-field", default="scores.length.chars")
    p.add_argument("--rqs", metavar="FILE", help="st-generate --task rq output: add its RQs as a second table")
    p = sub.add_parser("scholarsum", help="correlation table from one st-agree result file")
    p.add_argument("results", metavar="AGREE.jsonl")
    p.add_argument("--reference", default="human.overall")
    p.add_argument("--rater", action="append", default=[], metavar="FIELD=LABEL", required=True)
    p.add_argument("--measures", default="pearson,spearman,kendall")
    p.add_argument("--levels", default="pooled")
    p = sub.add_parser("claimcheck", help="CLAIMCHECK tables")
    for name in ("extraction", "association", "compare3", "labels", "edits"):
        p.add_argument(f"--{name}", metavar="FILE")
    p = sub.add_parser("aaar", help="AAAR-1.0 tables (each FILE an st-score --aggregate output)")
    for name in ("eqinfer", "entail", "explain", "weakness", "critique"):
        p.add_argument(f"--{name}", metavar="FILE")
    p = sub.add_parser("plan", help="calls and cost from STEP=STDERR-FILE pairs of --dry-run runs")
    p.add_argument("steps", nargs="+", metavar="STEP=FILE")
    p.add_argument("--model")
    p.add_argument("--title", default="plan")
    p.add_argument("--group", action="store_true", help="sum steps named GROUP.PART per GROUP")
    args = ap.parse_args(argv)

    if args.what == "bagels":
        text = pointwise_table([(lab, _summary(path)) for lab, path in _pairs(args.methods, "bagels", "METHOD=FILE")], notes=args.note)
    elif args.what == "paperrq":
        aspects = [a for a in args.aspects.split(",") if a]
        cells, raters, rows = {}, {}, []
        for label, path in _pairs(args.cells, "paperrq", "PROTOCOL=FILE"):
            rows.append(label)
            res = read_jsonl(path)
            for k, a in enumerate(aspects, 1):
                cells[(label, a)] = res
                raters[(label, a)] = [f"{k}:human.{a}", f"{k}:judge.score"]
        if args.baseline:
            (label, path), = _pairs([args.baseline], "--baseline", "LABEL=FILE")
            rows.append(label)
            res = read_jsonl(path)
            for a in aspects:
                cells[(label, a)] = res
                raters[(label, a)] = [f"human.{a}", args.baseline_field]
        text = correlation_grid(cells, rows, aspects, raters, notes=args.note)
        if args.rqs:
            text += rq_list(read_jsonl(args.rqs))
    elif args.what == "scholarsum":
        raters = _pairs(args.rater, "--rater", "FIELD=LABEL")
        text = agreement_table(read_jsonl(args.results), args.reference, raters,
                               [m for m in args.measures.split(",") if m], [lv for lv in args.levels.split(",") if lv],
                               notes=args.note)
    elif args.what == "claimcheck":
        text = claimcheck_table(_summary(args.extraction), _summary(args.association),
                                read_jsonl(args.compare3) if args.compare3 else [],
                                read_jsonl(args.labels) if args.labels else [], _summary(args.edits), notes=args.note)
    elif args.what == "aaar":
        text = aaar_table(_summary(args.eqinfer), _summary(args.entail), _summary(args.explain),
                          _summary(args.weakness), _summary(args.critique), notes=args.note)
    else:
        steps = [(label, Path(path).read_text(encoding="utf-8")) for label, path in _pairs(args.steps, "plan", "STEP=FILE")]
        text, _ = plan_table(steps, args.model, args.title, args.group, notes=args.note)
    if args.output:
        Path(args.output).parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(args.output + ".part")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(args.output)
    else:
        print(text, end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
