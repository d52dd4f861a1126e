"""Recall of gold headings by how they are printed: body-size bold or italic unnumbered ones apart.

    python -m tools.heading_classes --jats DIR [--jats-split dev] [--misses]

Each gold heading is looked up among the PDF's rows (the first row at or after the previous
match whose normalised text starts with the heading's first words) and classed by the row's
type: ``larger`` (set ≥ 0.6 pt above the body), ``body-styled`` (body size, bold or italic, as
a standalone row or a styled lead), ``body-plain`` (body size, neither), ``smaller``; numbered or
not; run-in (the row goes on after the heading) or standalone. Issue 36's weakest held-out class is
``body-styled``, unnumbered. Prints counts and recall per class (recall: the heading is among
st-parse's matched headings, the scorer's longest common subsequence).
"""

from __future__ import annotations

import click

from scholartools.text.sections import strip_number
from tools.evaluate_parse import heading_misses, jats_gold, normalise, normalise_heading, record_headings


def _classes(path: str, gold: dict) -> list[tuple[str, dict]]:
    from scholartools.parsing.pdf import read_pdf

    doc = read_pdf(path)
    rows, body = doc["rows"], doc["body"]
    norms = [normalise(r.text) for r in rows]
    out = []
    pos = 0
    detail = [h for h in gold.get("heading_detail") or [] if not h.get("optional")]
    for h in detail:
        g = normalise_heading(h["text"])
        if not g:
            continue
        key = " ".join(g.split()[:4])
        found = None
        for k in list(range(pos, len(rows))) + list(range(0, pos)):
            t = norms[k]
            num, rest = strip_number(rows[k].text)
            if t.startswith(key) or num and normalise(rest).startswith(key):
                found = k
                break
        if found is None:
            out.append(("not found", h))
            continue
        pos = found + 1
        r = rows[found]
        num = strip_number(h["text"])[0] or strip_number(r.text)[0]
        runin = len(norms[found].split()) > len(g.split()) + 2
        styled = r.bold >= 0.6 or r.italic >= 0.6 or bool(r.lead) and r.lead_style in ("b", "i") \
            and normalise(r.lead).startswith(key)
        if r.size >= body + 0.6:
            size = "larger"
        elif r.size <= body - 0.6:
            size = "smaller"
        else:
            size = "body-styled" if styled else "body-plain"
        cls = f"{size}, {'numbered' if num else 'unnumbered'}, {'run-in' if runin else 'standalone'}"
        out.append((cls, h))
    return out


@click.command()
@click.option("--jats", required=True, help="folder built by benchmarks/jats_pairs.py build --out DIR")
@click.option("--jats-split", type=click.Choice(["dev", "test"]), default="dev", show_default=True)
@click.option("--misses", is_flag=True, help="list the missed headings of the body-styled unnumbered class")
@click.option("--misses-of", "misses_of", default=None, metavar="PREFIX",
              help="list the missed headings of the classes starting with PREFIX (e.g. 'body-plain')")
def main(jats: str, jats_split: str, misses: bool, misses_of: str | None) -> None:
    from scholartools.parsing.pdf import parse_pdf

    if jats_split == "test" and (misses or misses_of is not None):
        raise click.UsageError("the test half is read as an aggregate only: no --misses there")
    tally: dict[str, list[int]] = {}
    for g in jats_gold(jats, jats_split):
        if not g.get("headings"):
            continue
        rec = parse_pdf(g["path"])
        missed, _ = heading_misses(record_headings(rec), g)
        missed_ids = {id(h) for h in missed}
        for cls, h in _classes(g["path"], g):
            t = tally.setdefault(cls, [0, 0])
            t[0] += 1
            hit = id(h) not in missed_ids
            t[1] += hit
            if not hit and (misses and cls.startswith("body-styled, unnumbered")
                            or misses_of is not None and cls.startswith(misses_of)):
                click.echo(f"  miss {g['id']}: {h['text'][:70]!r} [{cls}]")
    for cls in sorted(tally):
        n, hit = tally[cls]
        click.echo(f"{cls:48s} {n:4d} recall {hit / n:.3f}")
    sel = [v for k, v in tally.items() if k.startswith("body-styled, unnumbered")]
    n = sum(v[0] for v in sel)
    click.echo(f"{'== body-size bold/italic, unnumbered (all)':48s} {n:4d} recall {sum(v[1] for v in sel) / max(n, 1):.3f}")


if __name__ == "__main__":
    main()
