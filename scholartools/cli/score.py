"""st-score: every metric of the five papers, per record and aggregated (thin CLI)."""

from __future__ import annotations

import click

from scholartools.cli.base import RecordIO, st_command
from scholartools.cli.types import Finite
from scholartools.metrics.score import METRICS


def _metric_table() -> str:
    import textwrap

    lines = []
    for name, m in METRICS.items():
        slots = ", ".join(f"{k}={v}" for k, v in m.reads.items() if v)
        lines.append(f"  {name}  [{slots}]")
        lines.extend(textwrap.wrap(m.summary, width=92, initial_indent="      ", subsequent_indent="      "))
    return "\n".join(lines)


HELP = """Score records with the metrics of the five papers; writes scores.<metric>.

\b
Each metric reads fields named by slots (defaults in brackets below; dotted paths work
everywhere): --ref/--cand (texts, or lists of texts), --pred/--gold (labels), --ratings and
--mask (FM); --field SLOT=PATH sets any other slot (match, gt_idx, gen_idx, matrix, weights).
A record lacking a field a metric needs becomes an error record naming metric and field.

\b
With --aggregate, summary records marked "aggregate": true follow: one per --group-by value
(in order of first appearance) and one overall (group null). The summary is the mean of each
metric (each part of {p, r, f} dicts), except: eqinfer, critique-prf (P/R/F1 of the positive
class over all records), f1-edit/f1-exact (micro-averaged: sum TP / sum sizes), classification
(accuracy, binary/macro/micro P/R/F1, confusion matrix), win-tie-loss (rates), pointwise
(macro = mean over papers, micro = pooled counts; papers with x=0 or y=0 are skipped). With
bleu, the summary also carries bleu_corpus (sacrebleu corpus BLEU over the group's texts).
When no record could be scored (no input: an upstream step failed; or only error records), no
summary is written: one line on stderr says so and the exit status is 1.

\b
Without --metric, the metrics follow from the first record: fm when it has facet_ratings
(st-facets on summary pairs), facet-coverage when it has facets.reference alone (st-facets on a
paper: which facets its abstract states), rougeL for a reference/candidate pair. So the
design card's `st-parse paper.pdf | st-facets | st-score` scores a paper's abstract's facets.

\b
Fan-in: pointwise / pointwise-conventional read judged pair records
{paper_id, gt_idx, gen_idx, match} (texts in gt / gen) and write ONE record per paper
(--unit-key, default paper_id) with x, y, A_G, A_H, TP, FP, FN, P, R, F1; text metrics named
with them are averaged over the paper's matched pairs only (summaries: mean over papers,
and NAME_pooled_pairs = mean over all matched pairs, as BAGELS's code pools them); a null match is unscored (not a
match; counted in n_unscored); with --group-by a paper is one unit per group value (id
PAPER#GROUP). A record holding a match matrix
(--field matrix=PATH, default match_matrix; rows = GT items) is scored on its own, texts from
ground_truth / generated. itf-idf treats all records (or each --group-by group) as its corpus.

\b
Paper quirks, implemented literally and conventionally:
  pointwise        TP = |M| pairs, FP = GT items unmatched, FN = generated items unmatched
                   (BAGELS's labels: its P behaves like GT recall); --tp matching|gt_covered
  pointwise-conventional  TP = maximum one-to-one matching, FP = y-TP, FN = x-TP
                   (BAGELS's code computed matched-pair ROUGE with the stemmer: add --stemmer)
  bleu vs bleu-nltk, cosine vs bow-cosine: maintained/embedding version vs BAGELS's code
  fm               mask from ratings (0 = absent) unless --mask names a list of facets (or a
                   dict: truthy = present, e.g. reference_facets); weights: --weights, else the
                   record's fm_weights, else .1/.3/.3/.3; ratings (and a mask) may also be
                   ScholarSum's normalised [B, M, R, C] lists (upstream *_list fields)
  bertscore        roberta-large (the papers') is not available offline: default model is the
                   bundled all-MiniLM-L6-v2, layer 6; --bert-model/--bert-layer to change
  questeval, acu, delta  the FM paper's model-based baselines run the algorithm over local
                   checkpoints (--model ROLE=DIR); the authors' weights are not reachable here
                   (docs/fidelity.md). delta is lower-is-better; acu is not the A3CU model

\b
Empty texts: ROUGE, BLEU, Jaccard, cosines and BERTScore score 0; list metrics (s-match,
s-prf, en-prf, aligned-rouge*) score 0 for an empty prediction; f1-edit items with both
sides empty add nothing; itf-idf replaces an empty list by ["None"] as AAAR does; fm is null
when no facet counts or a counted facet's rating is null (unscored); judge-score is null when
no sample parses. Summary records of an earlier st-score ("aggregate": true) pass through
unchanged and are not scored again.

\b
Metrics:
""" + _metric_table() + """

\b
Examples:
  st-score --metric rouge1,rouge2,rougeL --ref reference --cand candidate < pairs.jsonl
  st-parse paper.pdf | st-facets | st-score          # facet-coverage of the abstract
  st-facets -i pairs.jsonl | st-score --metric fm --mask human.facets_present
  st-score --metric rougeL,fm --ratings fm_gpt4.facets --mask human.facets_present \\
           --aggregate --group-by system < scholarsum_pubmed.jsonl
  st-judge --task match < pairs.jsonl | st-score --metric pointwise,rougeL --aggregate
"""


@st_command("st-score")
@click.option("--metric", "metric", metavar="NAME[,NAME…]",
              help="Metrics to compute (see the list above); 'rouge' = rouge1,rouge2,rougeL. "
                   "Default: chosen from the first record (see 'Without --metric' above).")
@click.option("--ref", metavar="FIELD", help="Reference text (or gold list) field for every metric that reads one.")
@click.option("--cand", metavar="FIELD", help="Candidate text (or predicted list) field.")
@click.option("--pred", metavar="FIELD", help="Predicted label / decision field.")
@click.option("--gold", metavar="FIELD", help="Gold label field.")
@click.option("--ratings", metavar="FIELD", help="FM: dict facet → integer rating (default facet_ratings).")
@click.option("--mask", metavar="FIELD", help="FM: list of facets that count (or dict, truthy = present).")
@click.option("--field", "fields", multiple=True, metavar="SLOT=PATH",
              help="Set any slot's field path (match, gt_idx, gen_idx, matrix, weights, …). Repeatable.")
@click.option("--stemmer/--no-stemmer", default=None,
              help="Porter stemmer in ROUGE (default: off for rouge*, on for aligned-rouge* as in AAAR).")
@click.option("--rouge-tokenizer", type=click.Choice(["default", "unicode"]), default="default", show_default=True,
              help="rouge*: rouge-score's tokenizer (the papers'; keeps only a-z and 0-9, so a text in another "
                   "script scores null with a warning) or a Unicode-aware one (letters and digits of any script).")
@click.option("--part", type=click.Choice(["all", "f", "p", "r"]), default="all", show_default=True,
              help="ROUGE/BERTScore: write the {p, r, f} dict, or only that number.")
@click.option("--weights", metavar="SPEC", help="FM weights: background=0.1,method=0.3,… or JSON.")
@click.option("--tp", type=click.Choice(["literal", "matching", "gt_covered"]), default="literal",
              show_default=True, help="pointwise: how TP counts a GT item matched several times.")
@click.option("--unit-key", default="paper_id", show_default=True, metavar="FIELD",
              help="pointwise: field grouping judged pairs into papers.")
@click.option("--group-by", metavar="FIELD", help="Summaries per value of FIELD (and itf-idf corpora).")
@click.option("--aggregate", is_flag=True, help="Add summary records (per --group-by value and overall).")
@click.option("--summary-only", is_flag=True, help="With --aggregate: write only the summary records.")
@click.option("--combine", type=click.Choice(["median", "mean"]),
              help="With --aggregate over records of repeated runs (st-* --runs: 'run' on each record): the overall "
                   "summary is each run's summary combined by median or mean, the runs' kept under 'runs' "
                   "(default: the 'combine' the records carry, the paper's: AAAR median, CLAIMCHECK mean).")
@click.option("--threshold", type=Finite(-1, 1), default=0.5, show_default=True, help="itf-idf similarity threshold τ.")
@click.option("--embed-model", metavar="PATH|MODEL", help="Embedding model for cosine/s-match/s-prf/itf-idf/keywords: a "
              "local sentence-transformers directory (AAAR's all-mpnet-base-v2, downloaded by you), or an API model "
              "through litellm (text-embedding-ada-002, openai/..., cached in the LLM cache; ST_API_BASE). Default "
              "the bundled all-MiniLM-L6-v2, or ST_EMBED_MODEL.")
@click.option("--bert-model", metavar="PATH", help="BERTScore encoder (local path; default the bundled MiniLM).")
@click.option("--bert-layer", type=click.IntRange(0), help="BERTScore layer (default: bert-score's tuned layer, else the last).")
@click.option("--model", "models", multiple=True, metavar="ROLE=DIR",
              help="questeval / acu / delta: a local HuggingFace checkpoint for ROLE (nothing is downloaded): qg and "
                   "qa (QuestEval, seq2seq), nli (ACU's checker) and acu-writer (seq2seq; not needed when records carry "
                   "acus), direction (DELTA's evidence-direction classifier) and io-tagger (BIO token classifier; "
                   "not needed when records carry io_pairs). Repeatable; needs scholartools[torch].")
@click.option("--acu-sep", metavar="TEXT", help="acu: the separator between ACUs in the acu-writer's output "
              "(default: one per line; a SentencePiece writer cannot write newlines).")
@click.option("--positive", metavar="LABEL", help="classification / critique-prf: the positive label.")
@click.option("--keep-claim-prefix", is_flag=True, help="f1-edit/f1-exact: do not strip 'ClaimN:' labels.")
@click.option("--parser", type=click.Choice(["strict", "paper"]), default="strict", show_default=True,
              help="judge-score: strict (labelled or bare numbers, decimals) or PaperRQ's regex cascade.")
@click.option("--scale", metavar="LOW-HIGH", help="judge-score (strict): accepted range, e.g. 1-5.")
@click.option("--batch-size", type=click.IntRange(1), default=512, show_default=True,
              help="Records scored per batch when streaming (embeddings are batched within).")
def main(io: RecordIO, **values):
    from scholartools.errors import UsageError
    from scholartools.metrics import command, engine

    try:
        run = command.prepare(**values)   # the checks and defaults of the library (metrics/command.py)
    except UsageError as exc:
        io.usage_error(str(exc))
    if run.names:
        io.provenance.update(engine.provenance(run.names, run.opts))

    def chosen(names: list[str]) -> None:
        io.provenance.update(engine.provenance(names, run.opts))
        io.log(f"no --metric given; scoring {','.join(names)} (chosen from the first record)")

    scorer = run.scorer(chosen)
    io.map_batch(scorer, scorer.batch_size(run.batch_size))
    if run.aggregate and not scorer.n_scored():   # an all-null summary would read as success
        io.fail(f"no scorable record in {io.n_in} input record(s): nothing to aggregate (exit 1)")
        return
    for rec in scorer.summaries():
        io.write(rec)


main.help = HELP

if __name__ == "__main__":
    main()
