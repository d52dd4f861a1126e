"""The external datasets the demo, the examples and the tests read: where each comes from
(``registry.json``: upstream repository and commit, files, SHA-256, licence, use), where it is
found on this machine, and how to get it (``python -m scholartools.data fetch NAME|all``, or
``make data``).

A dataset's folder is looked for, in this order, in

1. ``$ST_DATA/<name>`` (a folder laid out as ``shared/external``),
2. the user cache, ``${XDG_CACHE_HOME:-~/.cache}/scholartools/data/<name>`` (where a fetch writes),
3. ``../shared/external/<name>`` beside the checkout (``$ST_SHARED/external`` when set),

and the first one that holds every file a fetch yields is used. See :mod:`scholartools.data.fetch`.
"""
from scholartools.data.catalog import (DATASETS, MissingData, data_file, data_roots, dataset_dir,
                                       dataset_path, fetch_hint, find_dataset, registry)

__all__ = ["DATASETS", "MissingData", "data_file", "data_roots", "dataset_dir", "dataset_path", "fetch_hint",
           "find_dataset", "registry"]
