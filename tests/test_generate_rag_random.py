"""BAGELS' "100 random papers" RAG index (Table 4; the authors' GPT-3.5 RAG notebook draws
``df.sample(n=100, random_state=42)``): st-generate --rag --relations random (issue 34 item 6)."""
from __future__ import annotations

import orjson
import pytest

from generate_helpers import llm_args, papers, reply, run
from scholartools.generate.rag import load_corpus, random_sample


def test_random_sample_is_pandas_sample_with_random_state():
    # pandas.DataFrame(range(N)).sample(n=k, random_state=42).index, checked with pandas 3.1.1
    assert random_sample(10, 4, 42) == [8, 1, 5, 0]
    assert random_sample(250, 100, 42)[:5] == [142, 6, 97, 60, 112]
    assert random_sample(3, 100, 42) == [0, 1, 2]                  # fewer papers than asked: all of them


@pytest.fixture(scope="module")
def corpus_file(tmp_path_factory):
    """The ten fixture papers cut to title and abstract (one chunk each: a small index)."""
    path = tmp_path_factory.mktemp("random-rag") / "corpus.jsonl"
    path.write_bytes(b"".join(orjson.dumps({"id": p["id"], "title": p["title"], "abstract": p["abstract"]}) + b"\n"
                              for p in papers()))
    return str(path)


def test_the_same_random_papers_for_every_query_never_the_paper_itself(corpus_file):
    corpus = load_corpus(corpus_file)
    ps = papers()                                                   # p01 … p10; draw [8, 1, 5, 0]
    rel = corpus.relations(ps[3], ("random",), random_k=4, random_seed=42)
    assert [r["paper"] for r in rel["random"]] == ["p01", "p02", "p06", "p09"]
    rel = corpus.relations(ps[1], ("random",), random_k=4, random_seed=42)   # p02 is drawn: left out
    assert [r["paper"] for r in rel["random"]] == ["p01", "p06", "p09"]


def test_rag_random_retrieves_only_from_the_drawn_papers(openai_server, tmp_path, corpus_file):
    openai_server.reply(reply)
    args = llm_args(openai_server, tmp_path / "c.sqlite") + [
        "--task", "limitations", "--rag", corpus_file, "--relations", "random", "--random-k", "4", "--no-rerank",
        "--keep-k", "5"]
    code, out, err = run(args, [papers()[3]])
    assert code == 0, (err, out[0].get("error"))
    rag = out[0]["rag"]
    assert rag["retrieved"] and {r["paper"] for r in rag["retrieved"]} <= {"p01", "p02", "p06", "p09"}
    assert {r["relation"] for r in rag["retrieved"]} == {"random"}
    prov = out[0]["provenance"][-1]["rag"]
    assert prov["relations"] == ["random"] and prov["random"] == {"k": 4, "seed": 42}
