"""``st-score`` as a library: :func:`run` scores records with metrics named by string.

    from scholartools.metrics.score import ScoreOptions, run
    out = run(records, "rougeL,fm", ScoreOptions(fields={"ref": "abstract"}), aggregate=True)

The work is done in separate rooms, imported in one direction (see :mod:`.registry`):
:mod:`.registry` (what a metric is, options, reading slots), :mod:`.catalog` (every metric,
registered), :mod:`.engine` (scoring records, the PointWise fan-in) and :mod:`.aggregate`
(summaries).
"""

from __future__ import annotations

from scholartools.metrics.catalog import METRICS  # noqa: F401  (filled by importing the catalog)
from scholartools.metrics.engine import check_combination, is_fanin, run, score_pointwise, score_records  # noqa: F401
from scholartools.metrics.registry import Metric, ScoreOptions, parse_metric_list, replace  # noqa: F401
