"""The model-based baselines of the FM paper (QuestEval, ACU, DELTA) as ``st-score`` metrics: the
local checkpoints each needs (``st-score --model ROLE=DIR``), and the scorers built from them,
loaded once per process.

Nothing is downloaded: every role names a local HuggingFace directory. The paper's own weights are
not reachable here; docs/fidelity.md says so, and the tests build tiny random models instead.
"""
from __future__ import annotations

from typing import Any

#: role → what it is (the --model ROLE=DIR of st-score)
ROLES = {
    "qg": "QuestEval's question generator (seq2seq)",
    "qa": "QuestEval's question answerer (seq2seq)",
    "acu-writer": "ACU's writer: reference -> one atomic content unit per line (seq2seq)",
    "nli": "ACU's NLI checker (sequence classification, an entailment label in id2label)",
    "io-tagger": "DELTA's intervention/outcome tagger (token classification, BIO labels)",
    "direction": "DELTA's evidence-direction classifier (sequence classification, 3 classes)",
}
#: metric → the roles it always needs, and the role it needs only when a record lacks the field
NEEDS = {"questeval": ("qg", "qa"), "acu": ("nli",), "delta": ("direction",)}
UNLESS_FIELD = {"acu": "acu-writer", "delta": "io-tagger"}

_LOADED: dict[tuple, Any] = {}


def check(names: list[str], models: dict[str, str]) -> str | None:
    """Why ``models`` (role → directory) cannot serve the metrics ``names``, or None."""
    unknown = sorted(set(models) - set(ROLES))
    if unknown:
        return f"--model: unknown role(s) {', '.join(unknown)} (known: {', '.join(ROLES)})"
    for name in names:
        missing = [r for r in NEEDS.get(name, ()) if r not in models]
        if missing:
            return (f"--metric {name} needs " + " and ".join(f"--model {r}=DIR ({ROLES[r]})" for r in missing)
                    + ": a local checkpoint directory; nothing is downloaded")
    return None


def _get(key: tuple, build):
    if key not in _LOADED:
        _LOADED[key] = build()
    return _LOADED[key]


def questeval(models: dict[str, str]):
    from scholartools.metrics.questeval import Seq2SeqQuestions

    return _get(("questeval", models["qg"], models["qa"]), lambda: Seq2SeqQuestions(models["qg"], models["qa"]))


def acu_checker(models: dict[str, str]):
    from scholartools.metrics.acu import NLIChecker

    return _get(("nli", models["nli"]), lambda: NLIChecker(models["nli"]))


def acu_writer(models: dict[str, str]):
    from scholartools.metrics.acu import Seq2SeqWriter

    return _get(("acu-writer", models["acu-writer"]), lambda: Seq2SeqWriter(models["acu-writer"]))


def delta_direction(models: dict[str, str]):
    from scholartools.metrics.delta import DirectionClassifier

    return _get(("direction", models["direction"]), lambda: DirectionClassifier(models["direction"]))


def delta_tagger(models: dict[str, str]):
    from scholartools.metrics.delta import Tagger

    return _get(("io-tagger", models["io-tagger"]), lambda: Tagger(models["io-tagger"]))


def provenance(names: list[str], models: dict[str, str]) -> dict:
    """The checkpoints each baseline named in ``names`` uses."""
    out = {}
    for name in names:
        if name in NEEDS:
            roles = NEEDS[name] + ((UNLESS_FIELD[name],) if name in UNLESS_FIELD else ())
            out[name] = {r: models[r] for r in roles if r in models}
    return out
