"""benchmarks/latex_corpus: the author-compiled pairs' dev-half sources copied for the layout corpus
(what is copied, what is never copied), and tools/train_headings' publisher-family folds."""

import json
import subprocess

from benchmarks.latex_corpus import copy_sources, sources, tex_pair_rows
from tools.train_headings import jats_fold_of


def _repo(path, files):
    subprocess.run(["git", "init", "-q", str(path)], check=True)
    for rel, data in files.items():
        f = path / rel
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_bytes(data)
    subprocess.run(["git", "-C", str(path), "add", "-A"], check=True)
    subprocess.run(["git", "-C", str(path), "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "x"],
                   check=True)
    return subprocess.run(["git", "-C", str(path), "rev-parse", "HEAD"], capture_output=True, text=True,
                          check=True).stdout.strip()


def _manifest(tmp_path, rows):
    m = tmp_path / "manifest.jsonl"
    m.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return m


def test_only_the_dev_half_and_never_a_repository_with_a_test_paper(tmp_path):
    m = _manifest(tmp_path, [
        {"id": "a", "split": "dev", "repo": "o/a", "commit": "c", "tex_path": "main.tex", "licence": "MIT"},
        {"id": "b-dev", "split": "dev", "repo": "o/b", "commit": "c", "tex_path": "x/p.tex", "licence": "MIT"},
        {"id": "b-test", "split": "test", "repo": "o/b", "commit": "c", "tex_path": "y/p.tex", "licence": "MIT"},
        {"id": "c", "split": "test", "repo": "o/c", "commit": "c", "tex_path": "p.tex", "licence": "MIT"}])
    assert [r["id"] for r in tex_pair_rows(m)] == ["a"]


def test_copy_sources_takes_the_text_files_of_the_main_files_folder_at_the_commit(tmp_path):
    doc = b"\\documentclass{article}\\title{T}\\begin{document}\\begin{abstract}A\\end{abstract}\\end{document}"
    commit = _repo(tmp_path / "src", {"paper/main.tex": doc, "paper/sec/intro.tex": b"Hi", "paper/my.sty": b"%",
                                      "paper/fig.png": b"\x89PNG", "other/notes.tex": b"no"})
    (tmp_path / "src" / "paper" / "main.tex").write_bytes(b"changed after the commit")
    m = _manifest(tmp_path, [{"id": "p1", "split": "dev", "repo": "o/src", "commit": commit,
                              "tex_path": "paper/main.tex", "licence": "MIT"},
                             {"id": "p2", "split": "dev", "repo": "o/missing", "commit": "0" * 40,
                              "tex_path": "main.tex", "licence": "MIT"}])
    into = tmp_path / "out"
    rows = copy_sources(into, [str(tmp_path / "src")], m)
    assert rows == [{"name": "p1", "main": "p1/main.tex", "repo": "o/src", "commit": commit, "licence": "MIT"}]
    got = sorted(str(p.relative_to(into / "p1")) for p in (into / "p1").rglob("*") if p.is_file())
    assert got == ["main.tex", "my.sty", "sec/intro.tex"]          # no figure, nothing outside the folder
    assert (into / "p1" / "main.tex").read_bytes() == doc           # the committed bytes, not the work tree's
    assert [json.loads(x)["name"] for x in (into / "sources.jsonl").read_text().splitlines()] == ["p1"]


def test_build_reads_the_copied_sources_after_the_shared_papers(tmp_path, monkeypatch):
    import benchmarks.latex_corpus as lc

    (tmp_path / "latex").mkdir()
    (tmp_path / "latex" / "gold.jsonl").write_text(json.dumps({"name": "shared1", "main": "s/main.tex"}) + "\n")
    monkeypatch.setattr(lc, "dataset_path", lambda name, shared, file=None: tmp_path / name)
    (tmp_path / "extra").mkdir()
    (tmp_path / "extra" / "sources.jsonl").write_text(json.dumps({"name": "p1", "main": "p1/main.tex"}) + "\n")
    got = dict(sources(None, tmp_path / "extra"))
    assert got["shared1"] == tmp_path / "latex" / "s" / "main.tex"
    assert got["p1"] == tmp_path / "extra" / "p1" / "main.tex"
    assert "p1" not in dict(sources(None))


def test_jats_folds_keep_a_publisher_family_in_one_fold():
    assert jats_fold_of("bmc", 5) == jats_fold_of("bmc", 5)
    folds = {jats_fold_of(f, 5) for f in ("bmc", "wiley", "mdpi", "plos", "elsevier", "frontiers", "oup", "acs")}
    assert folds <= set(range(5)) and len(folds) > 1
