"""A round of claim annotation on new papers (issue 37), from st-parse records to the committed
annotation files, as rounds s and t were made (rounds i … r with session scripts that did the same;
fixtures/claims/GUIDELINE.md §1b):

    # 1. one reading file a paper and the annotators' brief (the guideline's §1 and §1b)
    python -m tools.claims_round packets RECORDS.jsonl --out DIR
    # 2. two annotators work apart: each writes DIR/ID.A (or DIR/ID.B), one unit ref a line
    # 3. the pass files, the gold (their union), agreement, and the score of the shipped extractor
    python -m tools.claims_round assemble RECORDS.jsonl DIR [--into fixtures/claims/annotations/pdf] [--blind]

RECORDS.jsonl holds st-parse records whose ``id`` is the paper's short id (the id of
``tools.claims_evaluate.PDF_PAPERS``). A reading file ``ID.read`` lists the paper's annotation
units (:func:`tools.claims_evaluate.gold_units`) in document order under ``## heading [part]``
lines, one ``REF<TAB>text`` a line; the annotator's answer file names the refs of the claims, one a
line (anything after the ref is a comment). ``assemble`` fails, naming the file and line, on a ref
the paper does not have; it writes ``ID.passA``, ``ID.passB`` and ``ID.claims`` (the union: gold)
as ``REF HASH`` lines, and prints per paper the units, each pass's claims, the gold, the passes'
agreement (F1_edit of A against B, CLAIMCHECK's measure) and Cohen's κ over units. ``--blind``
also scores the gold once with the shipped stacked scorer at its threshold: the figure a round
reports before it is split and joins the fit.
"""
from __future__ import annotations

import json
from pathlib import Path

import click

from tools.claims_evaluate import gold_units, unit_hash, unit_kappa

GUIDELINE = Path(__file__).resolve().parents[1] / "fixtures" / "claims" / "GUIDELINE.md"

_BRIEF_HEAD = """# Claim annotation brief

You annotate the claims of scientific papers, sentence by sentence, from the reading files of this
folder (`ID.read`). Work alone: do not read another annotator's answers or any tool's output.

Each reading file lists the paper's units (sentences, as scholartools' splitter cut them) in
document order, under `## heading [part]` lines: `REF<TAB>text`. Write your answer to the file
named in your task (`ID.A` or `ID.B`): the REF of every unit that is a claim, one a line, in any
order; a short comment after the ref is allowed (`3.4  # result`). A claim split over two units:
list both. Do not change the reading files.

The definition is the project's guideline, quoted below (§1 and §1b): read it whole before the
first paper.

"""


def guideline_for_annotators(text: str) -> str:
    """The guideline's claim sections an annotator needs: §1 (the definition) and §1b (real PDFs,
    with every round's readings), without §2–§4 (weaknesses, links, the ReviewCritique split)."""
    lines = text.splitlines()

    def start(prefix):
        return next(i for i, line in enumerate(lines) if line.startswith(prefix))

    one, two, one_b = start("## 1. "), start("## 2. "), start("## 1b. ")
    return "\n".join(lines[one:two] + [""] + lines[one_b:]).rstrip() + "\n"


def reading_file(rec: dict) -> str:
    """The units of ``rec`` under ``## heading [part]`` lines, one ``REF<TAB>text`` a line."""
    out, last = [], None
    for u in gold_units(rec):
        head = (u["section"] or "(untitled)", u["part"])
        if u["figure_index"] is not None:
            head = (f"caption {u['figure_index'] + 1}", "captions")
        if head != last:
            out.append(f"\n## {head[0]} [{head[1]}]")
            last = head
        out.append(f"{u['ref']}\t{' '.join(u['text'].split())}")
    return "\n".join(out).lstrip("\n") + "\n"


def read_answer(path: Path, refs: set[str]) -> list[str]:
    """The refs an annotator's answer file names, in its order, each once; a ref the paper does
    not have is an error naming the file and line."""
    if not path.is_file():
        raise click.ClickException(f"{path}: no answer file (each paper needs ID.A and ID.B)")
    got: list[str] = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        ref = line.split("#", 1)[0].split("\t", 1)[0].strip().split(" ", 1)[0]
        if not ref:
            continue
        if ref not in refs:
            raise click.ClickException(f"{path}:{n}: {ref!r} is not a unit of this paper")
        if ref not in got:
            got.append(ref)
    return got


def agreement(units: list[dict], a: list[str], b: list[str]) -> dict:
    """Two passes' agreement on one paper: F1_edit of A against B (CLAIMCHECK's soft match) and
    Cohen's κ over the units."""
    from scholartools.metrics.claimcheck import span_counts

    text = {u["ref"]: u["text"] for u in units}
    counts = span_counts([text[r] for r in a], [text[r] for r in b])
    return {"counts": counts, "kappa": unit_kappa(units, set(a), set(b))}


def _records(path: str) -> list[dict]:
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


@click.group()
def main():
    """Claim annotation rounds: reading files, and the pass files of two annotators' answers."""


@main.command()
@click.argument("records", type=click.Path(exists=True, dir_okay=False))
@click.option("--out", required=True, type=click.Path(file_okay=False), help="folder for ID.read and brief.md")
def packets(records, out):
    """Write ID.read for each record of RECORDS and the annotators' brief.md into OUT."""
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    brief = _BRIEF_HEAD + guideline_for_annotators(GUIDELINE.read_text(encoding="utf-8"))
    (folder / "brief.md").write_text(brief, encoding="utf-8")
    for rec in _records(records):
        text = reading_file(rec)
        (folder / f"{rec['id']}.read").write_text(text, encoding="utf-8")
        click.echo(f"{rec['id']}\t{len(gold_units(rec))} units")


@main.command()
@click.argument("records", type=click.Path(exists=True, dir_okay=False))
@click.argument("answers", type=click.Path(exists=True, file_okay=False))
@click.option("--into", type=click.Path(file_okay=False), default=None,
              help="write ID.passA / ID.passB / ID.claims here (default: ANSWERS)")
@click.option("--blind", is_flag=True, help="also score the gold with the shipped stacked scorer")
def assemble(records, answers, into, blind):
    """Turn ANSWERS/ID.A and ID.B into pass and gold files; print agreement (and the blind score)."""
    from scholartools.metrics.claimcheck import micro_prf

    src, dst = Path(answers), Path(into or answers)
    dst.mkdir(parents=True, exist_ok=True)
    recs = _records(records)
    pairs, blind_counts, pooled_units, pooled_a, pooled_b = [], [], [], set(), set()
    click.echo("paper\tunits\tA\tB\tgold\tF1_edit\tkappa" + ("\tblind P/R/F" if blind else ""))
    for rec in recs:
        units = gold_units(rec)
        by_ref = {u["ref"]: u for u in units}
        position = {u["ref"]: k for k, u in enumerate(units)}
        a, b = (read_answer(src / f"{rec['id']}.{p}", set(by_ref)) for p in "AB")
        marked = set(a) | set(b)
        gold = [u["ref"] for u in units if u["ref"] in marked]   # document order
        for suffix, refs in (("passA", a), ("passB", b), ("claims", gold)):
            order = sorted(refs, key=position.__getitem__)
            (dst / f"{rec['id']}.{suffix}").write_text(
                "".join(f"{r} {unit_hash(by_ref[r]['text'])}\n" for r in order), encoding="utf-8")
        agree = agreement(units, a, b)
        pairs.append(agree)
        pooled_units += [{"ref": f"{rec['id']}:{u['ref']}"} for u in units]
        pooled_a |= {f"{rec['id']}:{r}" for r in a}
        pooled_b |= {f"{rec['id']}:{r}" for r in b}
        row = f"{rec['id']}\t{len(units)}\t{len(a)}\t{len(b)}\t{len(gold)}\t{agree['counts']['f']:.3f}\t{agree['kappa']:.3f}"
        if blind:
            c = _blind_counts(rec, [by_ref[r]["text"] for r in gold])
            blind_counts.append(c)
            row += f"\t{c['p']:.3f}/{c['r']:.3f}/{c['f']:.3f}"
        click.echo(row)
    pooled = micro_prf([p["counts"] for p in pairs])
    kappa = unit_kappa(pooled_units, pooled_a, pooled_b) if pooled_units else 0.0
    row = f"pooled\t{len(pooled_units)}\t{len(pooled_a)}\t{len(pooled_b)}\t{len(pooled_a | pooled_b)}\t{pooled['f']:.3f}\t{kappa:.3f}"
    if blind:
        got = micro_prf(blind_counts)
        row += f"\t{got['p']:.3f}/{got['r']:.3f}/{got['f']:.3f}"
    click.echo(row)


def _blind_counts(rec: dict, gold: list[str]) -> dict:
    """The shipped stacked extractor's F1_edit counts on one paper against ``gold``."""
    from scholartools.claims.stacked import extract_claims_stacked_many
    from scholartools.metrics.claimcheck import span_counts

    return span_counts([c["text"] for c in extract_claims_stacked_many([rec])[0]], gold)


if __name__ == "__main__":
    main()
