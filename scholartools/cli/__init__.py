"""Thin command-line modules, one per ``st-*`` command; the logic lives in the library."""

#: command name → module under scholartools.cli that defines ``main``
COMMANDS = {
    "st-parse": "parse",
    "st-extract-limits": "extract_limits",
    "st-claims": "claims",
    "st-facets": "facets",
    "st-eqsynth": "eqsynth",
    "st-generate": "generate",
    "st-judge": "judge",
    "st-score": "score",
    "st-agree": "agree",
}
