"""Fetch a dataset of the registry from its upstream source into the user's data folder.

Every file with an upstream source is downloaded verbatim from
``$ST_DATA_MIRROR/<owner>/<repo>/<commit>/<path>`` (default mirror: GitHub's raw file server, so
the URL pins the commit) and checked against the registry's SHA-256; every file the project
derived from upstream files is rebuilt by :mod:`scholartools.data.derive` and checked the same
way. A mismatch stops the fetch with an error naming the file, the expected and the actual hash;
nothing is moved into place until every file of the dataset is verified. ``SOURCE.json`` beside
the files keeps the registry's entry (upstream, licence, use) for attribution. The dataset is written
to ``$ST_DATA`` when set, else to the user cache (``~/.cache/scholartools/data``). Nothing is
ever written into the checkout.
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import tempfile
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Callable, TextIO

from scholartools.data.derive import DERIVATIONS
from scholartools.data.catalog import cache_dir, find_dataset, registry, shared_external

DEFAULT_MIRROR = "https://raw.githubusercontent.com"


class FetchError(RuntimeError):
    """A download that failed or a file whose SHA-256 is not the registry's."""


def mirror() -> str:
    return (os.environ.get("ST_DATA_MIRROR") or DEFAULT_MIRROR).rstrip("/")


def file_url(f: dict, base: str | None = None) -> str:
    """The URL of one upstream file: ``<mirror>/<owner>/<repo>/<commit>/<path>``."""
    return f"{base or mirror()}/{f['repo']}/{f['commit']}/{urllib.parse.quote(f['upstream'])}"


def destination() -> Path:
    return Path(os.environ["ST_DATA"]) if os.environ.get("ST_DATA") else cache_dir()


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _verify(name: str, f: dict, data: bytes, origin: str) -> None:
    got = sha256(data)
    if got != f["sha256"]:
        raise FetchError(f"{name}/{f['path']}: checksum mismatch ({origin}): expected sha256 {f['sha256']}, "
                         f"got {got}")


def _download(url: str) -> bytes:
    try:
        with urllib.request.urlopen(url, timeout=120) as resp:
            return resp.read()
    except urllib.error.HTTPError as e:
        raise FetchError(f"{url}: HTTP {e.code} {e.reason}") from None
    except (urllib.error.URLError, OSError) as e:
        raise FetchError(f"{url}: {getattr(e, 'reason', e)}") from None


def fetch(name: str, dest: Path | None = None, force: bool = False,
          log: TextIO | None = sys.stderr, download: Callable[[str], bytes] = _download) -> Path:
    """Fetch dataset ``name`` into ``dest`` (default: :func:`destination`) and return its folder.
    A dataset already found (:func:`~scholartools.data.catalog.find_dataset`) is left as it is
    unless ``force``."""
    entry = registry()[name]
    say = (lambda msg: print(msg, file=log)) if log else (lambda msg: None)
    if not force and (found := find_dataset(name)) is not None:
        say(f"{name}: present at {found}")
        return found
    dest = Path(dest) if dest else destination()
    dest.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(dir=dest, prefix=f".{name}.partial-"))
    try:
        skipped = []
        for f in entry["files"]:
            if "repo" in f:
                url = file_url(f)
                data = download(url)
                _verify(name, f, data, url)
            elif f.get("derive") in DERIVATIONS:
                data = DERIVATIONS[f["derive"]](tmp)
                _verify(name, f, data, f"rebuilt from {', '.join(f['from'])}")
            else:
                skipped.append(f["path"])
                continue
            out = tmp / f["path"]
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_bytes(data)
        # attribution travels with the files: where each came from, its licence, what it is for
        (tmp / "SOURCE.json").write_text(json.dumps(dict(entry, name=name), indent=1, ensure_ascii=False) + "\n",
                                         encoding="utf-8")
        final = dest / name
        if final.exists():
            shutil.rmtree(final)
        os.replace(tmp, final)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    n = len(entry["files"]) - len(skipped)
    say(f"{name}: {n} files fetched and verified into {final}")
    if skipped:
        say(f"{name}: not fetched (made here, only in the project's shared copy): {', '.join(skipped)}")
    return final


def lay_out_mirror(dest: Path, source: Path | None = None, names: list[str] | None = None) -> int:
    """Lay out the upstream files of local copies (``source``: a folder like ``shared/external``)
    under ``dest`` as the upstream URLs expect them (``<owner>/<repo>/<commit>/<path>``), as links,
    so that ``ST_DATA_MIRROR`` can point at a plain HTTP server over ``dest``. Returns the number
    of files laid out."""
    source = Path(source) if source else shared_external()
    n = 0
    for name in names or list(registry()):
        for f in registry()[name]["files"]:
            if "repo" in f:
                target = Path(dest) / f["repo"] / f["commit"] / f["upstream"]
                target.parent.mkdir(parents=True, exist_ok=True)
                if not target.exists():
                    target.symlink_to((source / name / f["path"]).resolve())
                n += 1
    return n
