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
    "st-cache": "cache",
}


def load_command(name: str):
    """The click command of ``name`` (``st-score``), its module imported on demand."""
    import importlib

    return importlib.import_module(f"scholartools.cli.{COMMANDS[name]}").main
