"""Metrics of the five papers, each a pure function over plain values (see the modules).

``scholartools.metrics.score`` maps metric names to functions over records (what ``st-score``
runs; ``score.run(records, "rougeL,fm", ScoreOptions(...), aggregate=True)`` from Python) and
``aggregate`` summarises them. The families live in ``overlap`` (ROUGE, BLEU, Jaccard),
``embedding`` (cosine, BERTScore, keywords), ``pointwise`` (BAGELS), ``fm`` (facet-aware
metric), ``aaar``, ``claimcheck``, ``classification``, ``features`` and ``score_parsing``.
"""
