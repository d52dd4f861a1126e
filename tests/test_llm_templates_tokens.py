"""Templates (rendering, hashing, overrides), cache keys, token and word budgets."""
import hashlib
import os
import sqlite3
import subprocess
import sys

import pytest

from scholartools.llm import cache as cache_mod
from scholartools.llm import tokens
from scholartools.llm.templates import Template, TemplateError, load, parse_template_options

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_render_roles_fields_and_literal_braces():
    text = "## note: not sent\n[system]\nYou rate papers.\n[user]\nAbstract: {{abstract}}\nReturn {\"score\": n} for $x^2$."
    t = Template.from_text("rate", text)
    assert t.fields == ["abstract"]
    msgs = t.render(abstract="We study {{not a field}}.")
    assert msgs == [{"role": "system", "content": "You rate papers."},
                    {"role": "user", "content": 'Abstract: We study {{not a field}}.\nReturn {"score": n} for $x^2$.'}]
    assert t.sha256 == hashlib.sha256(text.encode()).hexdigest()
    with pytest.raises(TemplateError, match="abstract"):
        t.render()


def test_single_message_template_and_override_files(tmp_path):
    f = tmp_path / "mine.txt"
    f.write_text("Summarise: {{text}}")
    t = Template.from_file(str(f))
    assert t.name == "mine" and t.render(text="x") == [{"role": "user", "content": "Summarise: x"}]
    assert parse_template_options([str(f)], ["one"]) == {"": str(f)}
    assert parse_template_options([f"judge={f}"], ["extract", "judge"]) == {"judge": str(f)}
    with pytest.raises(TemplateError, match="NAME=FILE"):
        parse_template_options([str(f)], ["extract", "judge"])
    with pytest.raises(TemplateError, match="no template 'jduge'"):
        parse_template_options([f"jduge={f}"], ["extract", "judge"])
    # an override replaces the shipped template under the shipped name, with its own hash
    over = load("judge", {"judge": str(f)})
    assert over.name == "judge" and over.sha256 == hashlib.sha256(b"Summarise: {{text}}").hexdigest()
    with pytest.raises(TemplateError, match="no template named"):
        load("surely-not-shipped-template")


def test_cache_key_canonical_json():
    base = {"model": "m", "messages": [{"role": "user", "content": "é"}], "params": {"temperature": 0, "top_p": 1}}
    same = {"params": {"top_p": 1.0, "temperature": 0.0}, "messages": [{"content": "é", "role": "user"}], "model": "m",
            "api_key": "sk-secret", "timeout": 3}
    k1, blob = cache_mod.request_key(base)
    k2, _ = cache_mod.request_key(same)
    assert k1 == k2 and k1.startswith("v1:") and b"secret" not in blob
    # the key is sha256 of compact sorted JSON with non-ASCII kept and the schema version
    expect = b'{"cache_schema":1.0,"messages":[{"content":"\xc3\xa9","role":"user"}],"model":"m","params":{"temperature":0.0,"top_p":1.0}}'
    assert blob == expect and k1 == "v1:" + hashlib.sha256(expect).hexdigest()
    assert cache_mod.request_key({**base, "model": "m2"})[0] != k1


def test_cache_file_is_wal_and_inspectable(tmp_path):
    path = tmp_path / "c.sqlite"
    c = cache_mod.ResponseCache(str(path))
    key, blob = cache_mod.request_key({"model": "m", "messages": []})
    c.store(key, blob, {"text": "hi"}, model="m", prompt_tokens=3, completion_tokens=1, cost=None)
    c.close()
    con = sqlite3.connect(path)
    assert con.execute("pragma journal_mode").fetchone()[0] == "wal"
    row = con.execute("select key, request, response, prompt_tokens, cost, created_at from responses").fetchone()
    assert row[0] == key and row[1] == blob.decode() and '"hi"' in row[2] and row[3] == 3 and row[4] is None
    assert row[5][:2] == "20"


def test_default_cache_path_follows_st_cache_then_xdg(monkeypatch, tmp_path):
    monkeypatch.setenv("ST_CACHE", str(tmp_path / "x.sqlite"))
    assert cache_mod.default_path() == str(tmp_path / "x.sqlite")
    monkeypatch.delenv("ST_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache_mod.default_path() == str(tmp_path / "scholartools" / "llm.sqlite")


def test_token_counts_match_known_tiktoken_ids():
    # cl100k_base: "hello world" → [15339, 1917]; o200k_base: "hello world" → [24912, 2375]
    enc = tokens._encoding("cl100k_base")
    assert enc.encode("hello world") == [15339, 1917]
    assert tokens._encoding("o200k_base").encode("hello world") == [24912, 2375]
    assert tokens.count_tokens("hello world") == 2
    assert tokens.encoding_name("openai/gpt-4o-mini") == "o200k_base"
    assert tokens.count_words("  a b\n\nc  ") == 3


def test_tokenizer_needs_no_network():
    code = ("import sys; ev=[]\n"
            "sys.addaudithook(lambda e,a: ev.append(e) if e.startswith('socket.') else None)\n"
            "from scholartools.llm import tokens\n"
            "n = tokens.count_tokens('offline check', 'openai/gpt-4o')\n"
            "print(n, len(ev))")
    env = dict(os.environ, PYTHONPATH=ROOT, TIKTOKEN_CACHE_DIR="")
    env.pop("TIKTOKEN_CACHE_DIR")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert out.stdout.split() == ["2", "0"], out.stderr


def test_truncate_and_split_under_budgets():
    assert tokens.truncate_words("a  b c d", 2) == "a  b"
    assert tokens.truncate_words("a b", 5) == "a b"
    t = tokens.truncate_tokens("one two three four five", 3)
    assert tokens.count_tokens(t) == 3 and "one two three four five".startswith(t)
    paras = ["a b c", "d e f g", "h", "i j k l m n o"]
    chunks = tokens.split_text(paras, 8, unit="words")
    assert chunks == ["a b c\n\nd e f g\n\nh", "i j k l m n o"]
    # a paragraph over budget is split at sentence ends
    assert tokens.split_text(["One two three. Four five six."], 4, unit="words") == ["One two three.", "Four five six."]


def test_split_sections_packs_sections_then_paragraphs():
    sections = [
        {"heading": "Intro", "text": "a b c"},
        {"heading": "Method", "paragraphs": ["d e f g h", "i j k l m"]},
        {"heading": "End", "text": "n o"},
    ]
    chunks = tokens.split_sections(sections, 7, unit="words")
    # Method (11 words with its heading) does not fit: split at its paragraph, heading repeated
    assert chunks == ["Intro\n\na b c", "Method\n\nd e f g h", "Method\n\ni j k l m", "End\n\nn o"]
    assert all(tokens.count_words(c) <= 7 for c in chunks)
    big = tokens.split_sections(sections, 100, unit="words")
    assert len(big) == 1 and big[0].startswith("Intro") and big[0].endswith("n o")


@pytest.mark.parametrize("model", ["openai/gpt-4o-mini", "openai/gpt-4"])
def test_long_texts_counted_line_by_line_equal_their_whole_encoding(model):
    """A long text is counted as the sum of its lines' counts (split before a line that starts
    with a character other than whitespace or "/"), remembered: exactly the count of the whole
    text, also where a split could go wrong (punctuation before the newline, "\\n/" which o200k
    takes as one piece, blank lines, CRLF, spaces before the newline, digits, non-Latin script)."""
    import random

    enc = tokens._encoding(tokens.encoding_name(model))
    rng = random.Random(7)
    atoms = ["word", "Word", " the", ".", ",", "!", "\n", "\n\n", "\r\n", "  \n", "\t", " ", "/", "//", "'s",
             "123", "4567", "é", "ß", "数据", "—", "«", ")", "(", "\u2028", "\u00a0", "-", "*", "#", ":"]
    for _ in range(40):
        text = "".join(rng.choice(atoms) for _ in range(rng.randint(1500, 3000)))
        assert len(text) > tokens._SPLIT_ABOVE
        assert tokens.count_tokens(text, model) == len(enc.encode(text, disallowed_special=()))
    prose = "\n".join(f"Line {i}: results.\n/path/{i} and more text, {i * 37} items." for i in range(400))
    assert tokens.count_tokens(prose, model) == len(enc.encode(prose, disallowed_special=()))
