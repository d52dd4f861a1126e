"""The numpy MiniLM encoder runs on one BLAS thread unless ST_EMBED_THREADS says otherwise.

The test process already has one BLAS thread (tests/conftest.py), so each test first raises the
process's BLAS to two threads and records the count the forward pass actually ran with: a test
that passed without the limit in :mod:`scholartools.embeddings.minilm` would see 2.
"""

import threading

import numpy  # noqa: F401  (loaded, so that threadpoolctl sees its BLAS)
import pytest
from threadpoolctl import threadpool_info, threadpool_limits

from scholartools import embeddings
from scholartools.embeddings import minilm

TEXTS = ["We propose a new parser.", "Results improve by 3 points."]


def blas() -> int:
    """numpy's BLAS thread count (scipy, loaded by other tests, brings a BLAS of its own)."""
    libs = [i for i in threadpool_info() if i["user_api"] == "blas"]
    return ([i for i in libs if "numpy" in i["filepath"]] or libs)[0]["num_threads"]


@pytest.fixture()
def seen(monkeypatch):
    """The BLAS thread counts the encoder's forward passes ran with."""
    counts = []
    forward, states = minilm.Encoder._forward, minilm.Encoder._states

    def recording(method):
        def run(self, *a, **kw):
            counts.append(blas())
            return method(self, *a, **kw)
        return run

    monkeypatch.setattr(minilm.Encoder, "_forward", recording(forward))
    monkeypatch.setattr(minilm.Encoder, "_states", recording(states))
    monkeypatch.delenv(minilm.THREADS_ENV, raising=False)
    return counts


def test_encode_runs_on_one_blas_thread_and_restores_the_process_setting(seen):
    with threadpool_limits(limits=2, user_api="blas"):
        assert blas() == 2
        vectors = embeddings.encode(TEXTS)
        assert blas() == 2                       # restored after the call
    assert vectors.shape == (2, 384)
    assert seen and set(seen) == {1}


def test_token_states_run_on_one_blas_thread(seen):
    encoder = minilm.load(embeddings.model_path())
    with threadpool_limits(limits=2, user_api="blas"):
        encoder.token_states(TEXTS, max_length=64)
    assert seen and set(seen) == {1}


@pytest.mark.parametrize("value, expected", [("2", 2), ("auto", 2), (" 1 ", 1)])
def test_the_environment_variable_sets_the_count(seen, monkeypatch, value, expected):
    monkeypatch.setenv(minilm.THREADS_ENV, value)
    with threadpool_limits(limits=2, user_api="blas"):
        embeddings.encode(TEXTS)
    assert seen and set(seen) == {expected}


@pytest.mark.parametrize("value", ["0", "-1", "two"])
def test_a_bad_value_is_an_error_naming_the_variable(monkeypatch, value):
    monkeypatch.setenv(minilm.THREADS_ENV, value)
    with pytest.raises(ValueError, match="ST_EMBED_THREADS"):
        embeddings.encode(["a sentence never encoded before in this test file"])


def test_the_limit_holds_until_the_last_overlapping_encode_leaves(monkeypatch):
    """Two Python threads whose encodes overlap: the first to leave must not restore the process's
    thread count under the other (its vectors would change in the last bit). A recording controller
    stands for threadpoolctl's (OpenBLAS ignores a count set from a second Python thread while the
    main thread holds one, so the real library cannot show this here)."""
    events = []

    class Limiter:
        def restore_original_limits(self):
            events.append("restore")

    class Controller:
        def limit(self, limits, user_api):
            events.append(("limit", limits, user_api))
            return Limiter()

    monkeypatch.delenv(minilm.THREADS_ENV, raising=False)
    monkeypatch.setattr(minilm, "_controller", Controller())
    first_in, second_in, first_out = threading.Event(), threading.Event(), threading.Event()

    def first():
        with minilm._blas_limit():
            first_in.set()
            second_in.wait(5)
        events.append("first left")
        first_out.set()

    def second():
        first_in.wait(5)
        with minilm._blas_limit():
            second_in.set()
            first_out.wait(5)
        events.append("second left")

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert events == [("limit", 1, "blas"), "first left", "restore", "second left"]
