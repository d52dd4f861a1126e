"""No module of the package defines one top-level name twice.

A rule module grows by adding patterns and helpers beside hundreds of others; a second
``_ENUMERATOR = re.compile(…)`` further down silently replaces the first for every function that
used it (issue 36's twenty-fourth round did this twice, and only a corpus regression showed it).
A rebinding that wraps the name itself (``main = st_command("st-agree")(main)``) is no redefinition.
"""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "scholartools"


def _redefined(source: str) -> list[str]:
    seen: set[str] = set()
    twice = []
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names, value = [node.name], None
        elif isinstance(node, ast.Assign):
            names, value = [t.id for t in node.targets if isinstance(t, ast.Name)], node.value
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
            names, value = [node.target.id], node.value
        else:
            continue
        used = {n.id for n in ast.walk(value) if isinstance(n, ast.Name)} if value is not None else set()
        for name in names:
            if name in seen and name not in used:
                twice.append(name)
            seen.add(name)
    return twice


def test_the_check_finds_a_second_definition_and_passes_a_wrapper():
    assert _redefined("import re\nA = re.compile('a')\ndef f(): return A\nA = re.compile('b')\n") == ["A"]
    assert _redefined("def main(): pass\nmain = wrap('x')(main)\n") == []
    assert _redefined("def f(): pass\ndef f(): pass\n") == ["f"]


def test_no_module_defines_a_top_level_name_twice():
    found = {str(p.relative_to(PACKAGE.parent)): names for p in sorted(PACKAGE.rglob("*.py"))
             if (names := _redefined(p.read_text(encoding="utf-8")))}
    assert found == {}
