"""The data registry (``registry.json``, shipped with the package) and where each dataset is found."""
from __future__ import annotations

import json
import os
from functools import lru_cache
from pathlib import Path

REGISTRY = Path(__file__).with_name("registry.json")
#: the checkout's root when scholartools runs from one (its parent holds ``shared/``)
CHECKOUT = Path(__file__).resolve().parents[2]


@lru_cache(maxsize=1)
def registry() -> dict:
    """The registry's datasets, name → entry (title, upstream, licence, used_for, files)."""
    return json.loads(REGISTRY.read_text(encoding="utf-8"))["datasets"]


DATASETS: tuple[str, ...] = tuple(registry())


class MissingData(FileNotFoundError):
    """A dataset found nowhere; its message names the dataset, where it was looked for and the
    command that fetches it."""

    def __init__(self, name: str, roots: list[tuple[str, Path]]):
        self.name = name
        where = "; ".join(f"{label} {root / name}" for label, root in roots) or "nowhere"
        super().__init__(f"dataset '{name}' is missing (looked in: {where}); get it with: {fetch_hint(name)}")


def fetch_hint(name: str = "all") -> str:
    return f"make data  (or: python -m scholartools.data fetch {name})"


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "scholartools" / "data"


def shared_external() -> Path:
    """``$ST_SHARED/external``, else ``../shared/external`` beside the checkout."""
    return Path(os.environ.get("ST_SHARED") or CHECKOUT.parent / "shared") / "external"


def data_roots() -> list[tuple[str, Path]]:
    """The folders a dataset is looked for in, in order, each with a label saying where it comes from."""
    roots = []
    if os.environ.get("ST_DATA"):
        roots.append(("ST_DATA", Path(os.environ["ST_DATA"])))
    roots.append(("cache", cache_dir()))
    roots.append(("shared", shared_external()))
    return roots


def rebuildable(f: dict) -> bool:
    """Whether a fetch yields this registry file: downloaded, or derived by code here."""
    from scholartools.data.derive import DERIVATIONS

    return "repo" in f or f.get("derive") in DERIVATIONS


def fetched_files(name: str) -> list[dict]:
    """The registry entries of a dataset's files that a fetch writes (not those made by hand here)."""
    return [f for f in _entry(name)["files"] if rebuildable(f)]


def _entry(name: str) -> dict:
    try:
        return registry()[name]
    except KeyError:
        raise KeyError(f"no dataset '{name}' in the registry (known: {', '.join(DATASETS)})") from None


def find_dataset(name: str) -> Path | None:
    """The first folder of ``name`` that holds every file a fetch yields, or None."""
    need = [f["path"] for f in fetched_files(name)]
    for _, root in data_roots():
        folder = root / name
        if folder.is_dir() and all((folder / p).is_file() for p in need):
            return folder
    return None


class SharedOnlyFile(MissingData):
    """A file of a found dataset that a fetch does not bring (made by hand in the project's shared
    copy): a dataset missing in part, as :class:`MissingData` is one missing whole."""

    def __init__(self, name: str, path: str, how: str):
        self.name, self.path = name, path
        FileNotFoundError.__init__(self, f"{name}/{path} is only in the project's shared copy "
                                         f"(../shared/external/{name}); a fetch does not rebuild it: {how}")


def dataset_dir(name: str) -> Path:
    """The folder of dataset ``name`` (see the module docstring); :class:`MissingData` when absent."""
    folder = find_dataset(name)
    if folder is None:
        raise MissingData(name, data_roots())
    return folder


def data_file(name: str, path: str) -> Path:
    """One file of a dataset. A file made by hand here (never fetched) is taken from the first
    folder that has it; any other file from :func:`dataset_dir`."""
    entry = next((f for f in _entry(name)["files"] if f["path"] == path), None)
    if entry is not None and not rebuildable(entry):
        for _, root in data_roots():
            if (root / name / path).is_file():
                return root / name / path
        raise SharedOnlyFile(name, path, entry.get("made_here") or "made here from " + ", ".join(entry["from"]))
    return dataset_dir(name) / path


def dataset_path(name: str, shared: str | Path | None = None, file: str | None = None) -> Path:
    """The folder of dataset ``name`` for a command with a ``--shared`` option: ``<shared>/external/<name>``
    when a shared folder is named, else where :func:`dataset_dir` finds it (with ``file``, the folder
    that holds that file, for a file made here that only the shared copy has)."""
    if shared:
        return Path(shared) / "external" / name
    if file:
        return data_file(name, file).parents[len(Path(file).parts) - 1]
    return dataset_dir(name)
