"""How often a repair re-ask is still needed with and without the provider's JSON mode (issue 35).

The scripted server answers every shipped prompt with ``tests/plausible_replies.py``, made odd
the way models without JSON mode are: for a prompt asking for a JSON object, by a stable hash
of the prompt, a quarter of the replies are cut short (invalid JSON), a quarter use Python's
quotes and a trailing comma (invalid JSON), one in eight names its first field wrongly (valid
JSON, wrong shape) and the rest are as asked. A request with ``response_format={"type":
"json_object"}`` gets what a provider's JSON mode guarantees: syntactically valid JSON, so only
the wrong-field replies remain odd. The figures therefore measure our plumbing (JSON mode sent
where the prompt asks for an object, re-asks where the shape is still wrong), not a real model.

    python benchmarks/json_mode_repairs.py

Prints, per command and in total, the requests that asked for a JSON object and the repair
re-asks, with and without ``--no-json-mode``.
"""
from __future__ import annotations

import json
import re
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import plausible_replies  # noqa: E402
from conftest import invoke  # noqa: E402
from openai_server import ScriptedOpenAIServer  # noqa: E402
from test_golden import JUDGE_ITEM, PAIR, PAPER, PAPER2  # noqa: E402

from scholartools.llm.replies import repair_message  # noqa: E402

REPAIR = repair_message("X").split("X")[1][:40]
ASKS_OBJECT = re.compile(r"\bJSON object\b", re.I)
#: (command, arguments, records): every task whose prompt asks for a JSON object, on small records
N = 8   # variants of each record (distinct prompts)


def _variants(rec: dict, n: int = N) -> list[dict]:
    out = []
    for i in range(n):
        v = dict(rec, id=f"{rec.get('id', 'r')}-{i}")
        for key in ("abstract", "reference", "candidate", "claim", "weakness"):
            if isinstance(v.get(key), str):
                v[key] = f"{v[key]} (Variant {i}.)"
        out.append(v)
    return out


RUNS = [
    ("st-claims", ["--task", "extract"], _variants(PAPER) + _variants(PAPER2)),
    ("st-facets", [], _variants(PAIR)),
    ("st-generate", ["--task", "claim-weakness"], _variants(JUDGE_ITEM | PAPER2)),
    ("st-judge", ["--task", "rate", "--protocol", "batch"], _variants(JUDGE_ITEM)),
]


def odd(body: dict) -> str:
    text = plausible_replies.reply(body)
    prompt = "\n".join(str(m.get("content")) for m in body["messages"])
    if not ASKS_OBJECT.search(prompt) or not text.lstrip().startswith("{"):
        return text
    kind = zlib.crc32(prompt.encode()) % 8
    json_mode = (body.get("response_format") or {}).get("type") == "json_object"
    if kind == 7:   # valid JSON, wrong shape: JSON mode does not help
        value = json.loads(text)
        if value:
            first = next(iter(value))
            value = {"answer" if k == first else k: v for k, v in value.items()}
        return json.dumps(value)
    if json_mode:
        return text
    if kind in (0, 1):
        return text[: max(1, len(text) * 2 // 3)]
    if kind in (2, 3):
        return text.replace('"', "'").rstrip().rstrip("}") + ",}"
    return text


def main() -> None:
    server = ScriptedOpenAIServer().start()
    server.reply(odd)
    totals = {True: [0, 0], False: [0, 0]}
    try:
        print(f"{'command':34s} {'JSON mode':9s} {'asked':>5s} {'re-asks':>7s}")
        for command, args, records in RUNS:
            for mode in (False, True):
                server.reset()
                server.reply(odd)
                plausible_replies._counts.clear()
                argv = args + ["--model", "openai/test-model", "--api-base", server.url, "--no-cache",
                               "--max-concurrency", "1"] + ([] if mode else ["--no-json-mode"])
                code, _, err, _ = invoke(command, argv, records)
                bodies = list(server.requests)
                repairs = sum(1 for b in bodies if REPAIR in str(b["messages"][-1].get("content")))
                asked = sum(1 for b in bodies if ASKS_OBJECT.search(str(b["messages"][0].get("content")) + str(
                    b["messages"][-1].get("content"))) and REPAIR not in str(b["messages"][-1].get("content")))
                totals[mode][0] += asked
                totals[mode][1] += repairs
                print(f"{command + ' ' + ' '.join(args):34s} {'on' if mode else 'off':9s} {asked:5d} {repairs:7d}"
                      + ("" if code == 0 else f"  exit {code}: {err[-200:]}"))
    finally:
        server.stop()
    for mode in (False, True):
        asked, repairs = totals[mode]
        print(f"{'total':34s} {'on' if mode else 'off':9s} {asked:5d} {repairs:7d}  "
              f"({100 * repairs / max(1, asked):.0f}% of the requests re-asked)")


if __name__ == "__main__":
    main()
