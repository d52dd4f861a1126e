"""``st-score``'s options as a library: the option values checked and turned into a scoring run
(:func:`prepare`), and the command's whole output as records in, records out (:func:`stream`),
for the Python API and the Dask runner. The command (``cli/score.py``) declares the flags and
calls :func:`prepare` with all of them; the keyword defaults here are the flags' defaults
(``tests/test_api.py`` checks they agree)."""
from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from scholartools.errors import UsageError
from scholartools.records import parse_field_specs
from scholartools.metrics import engine
from scholartools.metrics.registry import ScoreOptions, parse_metric_list

COMMAND = "st-score"


@dataclass
class ScoreRun:
    """A checked st-score run: the metrics (empty: chosen from the first record), their options,
    ``--aggregate``, ``--summary-only`` and the preferred batch size."""

    names: list[str]
    opts: ScoreOptions
    aggregate: bool
    summary_only: bool
    batch_size: int

    def scorer(self, chosen: Callable[[list[str]], None] | None = None):
        """The batch function: a :class:`~scholartools.metrics.engine.BatchScorer`, or a
        :class:`~scholartools.metrics.engine.DefaultScorer` calling ``chosen(names)`` once it knows them."""
        if self.names:
            return engine.BatchScorer(self.names, self.opts, self.aggregate, self.summary_only)
        return engine.DefaultScorer(self.opts, self.aggregate, self.summary_only, chosen)


def prepare(metric: str | None = None, ref: str | None = None, cand: str | None = None, pred: str | None = None,
            gold: str | None = None, ratings: str | None = None, mask: str | None = None,
            fields: Iterable[str] = (), stemmer: bool | None = None, rouge_tokenizer: str = "default",
            part: str = "all", weights: str | None = None, tp: str = "literal", unit_key: str = "paper_id",
            group_by: str | None = None, aggregate: bool = False, summary_only: bool = False,
            combine: str | None = None, threshold: float = 0.5, embed_model: str | None = None, bert_model: str | None = None,
            bert_layer: int | None = None, positive: str | None = None, keep_claim_prefix: bool = False,
            parser: str = "strict", scale: str | None = None, models: Iterable[str] = (),
            acu_sep: str | None = None,
            batch_size: int = 512) -> ScoreRun:
    """st-score's option values (by the flags' Python names) checked: a :class:`UsageError`
    naming the option when one cannot work."""
    names: list[str] = []
    if metric is not None:
        try:
            names = parse_metric_list(metric)
        except ValueError as exc:
            raise UsageError(str(exc)) from exc
        if not names:
            raise UsageError("--metric names no metric")
    problem = engine.check_combination(names) if names else None
    if problem:
        raise UsageError(problem)
    slot_fields = parse_field_specs(fields)
    for slot, path in (("ref", ref), ("cand", cand), ("pred", pred), ("gold", gold),
                       ("ratings", ratings), ("mask", mask)):
        if path:
            slot_fields[slot] = path
    fm_weights = None
    if weights:
        from scholartools.metrics.fm import parse_weights

        try:
            fm_weights = parse_weights(weights)
        except ValueError as exc:
            raise UsageError(f"--weights: {exc}") from exc
    scale_range = None
    if scale:
        try:
            low, high = (float(v) for v in scale.split("-", 1))
            scale_range = (low, high)
        except ValueError:
            raise UsageError(f"--scale wants LOW-HIGH, got '{scale}'") from None
    if summary_only and not aggregate:
        raise UsageError("--summary-only needs --aggregate")
    if positive is not None:
        try:  # --positive 1 / true means the number / boolean, as labels in JSON records are
            positive = json.loads(positive)
        except ValueError:
            pass
    from scholartools.llm.embeddings import is_api_model

    for opt, path in (("--embed-model", embed_model), ("--bert-model", bert_model)):
        if path and not os.path.isdir(path) and not (opt == "--embed-model" and is_api_model(path)):
            raise UsageError(f"{opt} must be a local model directory (nothing is downloaded): {path}")
    from scholartools.metrics.baselines import check as check_models
    from scholartools.records import parse_pairs

    model_dirs = dict(parse_pairs(models, "--model", "ROLE=DIR"))
    problem = check_models(names, model_dirs)
    if problem:
        raise UsageError(problem)
    for role, path in model_dirs.items():
        if not os.path.isdir(path):
            raise UsageError(f"--model {role}= must be a local model directory (nothing is downloaded): {path}")
    opts = ScoreOptions(fields=slot_fields, use_stemmer=stemmer, rouge_part=part, weights=fm_weights,
                        tp=tp, unit_key=unit_key, group_by=group_by, threshold=threshold,
                        embed_model=embed_model, bert_model=bert_model, bert_layers=bert_layer,
                        positive=positive, strip_claim_prefix=not keep_claim_prefix, parser=parser,
                        scale=scale_range, rouge_tokenizer=rouge_tokenizer, combine=combine,
                        models=model_dirs or None, acu_sep=acu_sep)
    return ScoreRun(names, opts, aggregate, summary_only, batch_size)


def stream(records: Iterable[dict], log: Callable[[str], None] | None = None, **values) -> Iterator[dict]:
    """What ``st-score`` writes, as records: the scored records (error records in place, each with
    the command's provenance entry, without ``seconds``), then the summary records with
    ``aggregate``. ``values`` are the command's options by their Python names (:func:`prepare`)."""
    from scholartools.records import add_provenance, map_batches
    from scholartools.version import __version__

    run = prepare(**values)
    prov: dict = engine.provenance(run.names, run.opts) if run.names else {}

    def chosen(names: list[str]) -> None:
        prov.update(engine.provenance(names, run.opts))
        if log:
            log(f"no --metric given; scoring {','.join(names)} (chosen from the first record)")

    scorer = run.scorer(chosen)
    yield from map_batches(records, scorer, scorer.batch_size(run.batch_size), COMMAND, prov)
    if run.aggregate and not scorer.n_scored():   # the command: one line on stderr, exit 1
        if log:
            log("no scorable record: nothing to aggregate")
        return
    for rec in scorer.summaries():
        yield add_provenance(rec, {"command": COMMAND, "version": __version__, **prov})
