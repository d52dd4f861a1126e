"""Token and word budgets, offline: counting, truncating, splitting text under a budget.

Tokens are counted with tiktoken's ``cl100k_base`` (``o200k_base`` for gpt-4o/o-series names),
read from the encoding files bundled inside litellm (``TIKTOKEN_CACHE_DIR`` points there, so
nothing is downloaded; litellm itself is not imported).  For other model families the count is
an estimate of the same order.  Words are whitespace-separated tokens, as AAAR-1.0 counts its
input budgets.

    count_tokens(text)                       count_words(text)
    truncate_tokens(text, 3000)              truncate_words(text, 2000)
    split_sections(sections, 3000)           # section, then paragraph boundaries
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable, Iterable


class TokenizerUnavailable(RuntimeError):
    pass


@lru_cache(maxsize=4)
def _encoding(name: str):
    from scholartools.llm.env import set_offline_env

    set_offline_env()
    import tiktoken

    try:
        return tiktoken.get_encoding(name)
    except Exception as exc:  # noqa: BLE001 - a download attempt fails offline
        raise TokenizerUnavailable(f"tiktoken encoding {name} is not available offline: {exc}") from exc


def encoding_name(model: str | None) -> str:
    m = (model or "").lower().split("/")[-1]
    if m.startswith(("gpt-4o", "gpt-4.1", "gpt-5", "o1", "o3", "o4", "chatgpt-4o")):
        return "o200k_base"
    return "cl100k_base"


def count_tokens(text: str, model: str | None = None) -> int:
    text, encoding = text or "", encoding_name(model)
    if len(text) < _SPLIT_ABOVE:
        return _count(text, encoding)
    return _count_long(text, encoding)


# The same text is counted many times in a run: the same prompt for each of a protocol's samples
# and each of a task's runs, the same paper under each of its claims, the same instructions in
# every item's prompt. Encoding is the cost (a 10,000-token prompt takes milliseconds), so counts
# are remembered, of a long text line by line: tiktoken's cl100k and o200k split a text into
# pieces by a regular expression before the byte-pair merges, and no piece reaches across a
# newline followed by a character other than whitespace or "/" (o200k's punctuation pieces may
# take "\n/"): the count of a text is the sum of the counts of its parts split there, exactly
# (tests/test_llm_templates_tokens.py checks it against whole-text encoding).
# A long text itself is remembered too (a few hundred: the same prompt comes again within a
# protocol's samples and a task's runs, requested together), so that it is split once, not once a
# request (41,422 requests, 5,600 distinct prompts in PaperRQ's plan).
_LINE_START = re.compile(r"\n(?=[^\s/])")
_SPLIT_ABOVE = 2000


def split_lines(text: str) -> list[str]:
    """``text`` cut after each newline that a character other than whitespace or "/" follows
    (the pieces join to ``text``)."""
    pieces, start = [], 0
    for m in _LINE_START.finditer(text):
        pieces.append(text[start:m.end()])
        start = m.end()
    pieces.append(text[start:])
    return pieces


@lru_cache(maxsize=256)
def _count_long(text: str, encoding: str) -> int:
    return sum(_count(piece, encoding) for piece in split_lines(text))


@lru_cache(maxsize=8192)
def _count(text: str, encoding: str) -> int:
    return len(_encoding(encoding).encode(text, disallowed_special=()))


def count_message_tokens(messages: list[dict], model: str | None = None) -> int:
    """Prompt tokens of chat messages (content plus ~4 tokens of framing per message)."""
    n = 3
    for m in messages:
        content = m.get("content")
        if isinstance(content, list):
            content = " ".join(p.get("text", "") for p in content if isinstance(p, dict))
        n += 4 + count_tokens(str(content or ""), model)
    return n


def count_words(text: str) -> int:
    return len((text or "").split())


def truncate_tokens(text: str, budget: int, model: str | None = None) -> str:
    """The longest prefix of ``text`` with at most ``budget`` tokens."""
    return _truncated(text, budget, encoding_name(model)) if text else text


@lru_cache(maxsize=64)
def _truncated(text: str, budget: int, encoding: str) -> str:
    enc = _encoding(encoding)
    ids = enc.encode(text, disallowed_special=())
    return text if len(ids) <= budget else enc.decode(ids[:max(0, budget)])


def truncate_words(text: str, budget: int) -> str:
    """The first ``budget`` whitespace words of ``text`` (original spacing kept)."""
    if budget <= 0:
        return ""
    m = None
    for i, m in enumerate(re.finditer(r"\S+", text or "")):
        if i + 1 == budget:
            return text[: m.end()]
    return text


def _counter(unit: str, model: str | None) -> Callable[[str], int]:
    if unit == "words":
        return count_words
    if unit == "tokens":
        return lambda t: count_tokens(t, model)
    raise ValueError(f"unit must be 'tokens' or 'words', not {unit!r}")


def split_paragraphs(text: str) -> list[str]:
    return [p.strip() for p in re.split(r"\n\s*\n", text or "") if p.strip()]


def split_text(paragraphs: Iterable[str], budget: int, unit: str = "tokens",
               model: str | None = None, joiner: str = "\n\n") -> list[str]:
    """Pack paragraphs into chunks of at most ``budget`` units, breaking only between paragraphs.

    A single paragraph longer than the budget is split at sentence ends, then hard-truncated
    pieces as a last resort, so every chunk respects the budget.
    """
    count = _counter(unit, model)
    chunks: list[str] = []
    cur: list[str] = []
    cur_n = 0
    sep_n = count(joiner) if unit == "tokens" else 0
    for para in paragraphs:
        n = count(para)
        if n > budget:
            if cur:
                chunks.append(joiner.join(cur))
                cur, cur_n = [], 0
            chunks.extend(_split_long(para, budget, count, unit, model))
            continue
        if cur and cur_n + sep_n + n > budget:
            chunks.append(joiner.join(cur))
            cur, cur_n = [], 0
        cur_n += (sep_n if cur else 0) + n
        cur.append(para)
    if cur:
        chunks.append(joiner.join(cur))
    return chunks


def _split_long(text, budget, count, unit, model) -> list[str]:
    sentences = re.split(r"(?<=[.!?])\s+", text)
    out, cur = [], ""
    for s in sentences:
        cand = f"{cur} {s}" if cur else s
        if count(cand) <= budget:
            cur = cand
            continue
        if cur:
            out.append(cur)
        while count(s) > budget:  # one sentence over budget: cut it
            head = truncate_words(s, budget) if unit == "words" else truncate_tokens(s, budget, model)
            if not head:
                break
            out.append(head)
            s = s[len(head):].lstrip()
        cur = s
    if cur:
        out.append(cur)
    return out


def split_sections(sections: list[dict], budget: int, unit: str = "tokens", model: str | None = None,
                   heading: bool = True) -> list[str]:
    """Chunks of a paper's ``sections`` (paper-record shape) under ``budget``.

    Whole sections are packed together while they fit; a section that does not fit on its own
    is split at paragraph boundaries (``paragraphs`` if present, else blank lines in ``text``),
    and its heading is repeated at the top of each of its chunks.
    """
    count = _counter(unit, model)
    blocks: list[str] = []
    for sec in sections:
        head = (sec.get("heading") or "").strip() if heading else ""
        paras = sec.get("paragraphs") or split_paragraphs(sec.get("text") or "")
        paras = [p if isinstance(p, str) else (p.get("text") or "") for p in paras]
        whole = "\n\n".join([head] + paras if head else paras).strip()
        if not whole:
            continue
        if count(whole) <= budget:
            blocks.append(whole)
            continue
        head_n = count(head + "\n\n") if head else 0
        for part in split_text(paras, max(1, budget - head_n), unit, model):
            blocks.append(f"{head}\n\n{part}" if head else part)
    return split_text(blocks, budget, unit, model)
