"""``python -m scholartools.data``: list the registry's datasets, say where each is found, fetch them.

    python -m scholartools.data [--data DIR] fetch NAME|all [--force]   # download, verify, write to
                                                           # DIR (ST_DATA) or the user cache
    python -m scholartools.data path NAME ...              # the folder of each (exit 2 naming a missing one)
    python -m scholartools.data list                       # one line per dataset: name, where found
    python -m scholartools.data table                      # the README's table (Markdown)
"""
from __future__ import annotations

import argparse
import os
import sys

from scholartools.data.fetch import FetchError, fetch
from scholartools.data.catalog import DATASETS, MissingData, dataset_dir, find_dataset, registry


def markdown_table() -> str:
    """The registry as the README's data table: dataset, upstream, licence, used for."""
    rows = ["| dataset | upstream | licence | used for |", "|---|---|---|---|"]
    for name, e in registry().items():
        repos = [u.split("@") for u in e["upstream"]]
        ups = ("; ".join(f"`{r}` @ `{c[:8]}`" for r, c in repos) if len(repos) <= 3
               else f"{len(repos)} repositories, e.g. `{repos[0][0]}` (each file's commit in the registry)")
        rows.append(f"| `{name}` | {ups} | {e['licence']} | {e['used_for']} |")
    return "\n".join(rows) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m scholartools.data", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", metavar="DIR", help="a data folder looked in first and fetched into (as ST_DATA)")
    sub = ap.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("fetch", help="download and verify datasets (NAME ... or all)")
    f.add_argument("names", nargs="+", metavar="NAME")
    f.add_argument("--force", action="store_true", help="fetch even when the dataset is found already")
    p = sub.add_parser("path", help="print the folder of each dataset")
    p.add_argument("names", nargs="+", metavar="NAME")
    sub.add_parser("list", help="each dataset and where it is found")
    sub.add_parser("table", help="the README's Markdown table of the registry")
    args = ap.parse_args(argv)
    if args.data:
        os.environ["ST_DATA"] = os.path.abspath(args.data)
    names = getattr(args, "names", [])
    if names == ["all"]:
        names = list(DATASETS)
    unknown = [n for n in names if n not in DATASETS]
    if unknown:
        print(f"python -m scholartools.data: unknown dataset {', '.join(unknown)} (known: {', '.join(DATASETS)}, all)",
              file=sys.stderr)
        return 2
    if args.cmd == "fetch":
        failed = 0
        for name in names:
            try:
                fetch(name, force=args.force)
            except FetchError as e:
                print(f"python -m scholartools.data: {e}", file=sys.stderr)
                failed += 1
        return 1 if failed else 0
    if args.cmd == "path":
        missing = 0
        for name in names:
            try:
                print(dataset_dir(name))
            except MissingData as e:
                print(str(e), file=sys.stderr)
                missing += 1
        return 2 if missing else 0
    if args.cmd == "list":
        for name in DATASETS:
            print(f"{name}\t{find_dataset(name) or 'missing'}")
        return 0
    sys.stdout.write(markdown_table())
    return 0


if __name__ == "__main__":
    sys.exit(main())
