"""The floors of the package (docs/architecture.md), checked on the source: no import circle
(module-level and function-level imports alike), click only in the command layer, the task
registry below the methods, and no behaviour chosen by a task's name."""
from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "scholartools"


def _modules() -> dict[str, Path]:
    mods = {}
    for path in PKG.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        mods[".".join(parts)] = path
    return mods


MODULES = _modules()


def _resolve(name: str) -> str | None:
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def imports_of(module: str) -> set[str]:
    """The scholartools modules ``module`` imports anywhere in its body (functions included)."""
    path = MODULES[module]
    is_pkg = path.name == "__init__.py"
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".") if is_pkg else module.split(".")[:-1]
                base = base[:len(base) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            names = [f"{mod}.{a.name}" if f"{mod}.{a.name}" in MODULES else mod for a in node.names]
        for name in names:
            target = _resolve(name) if name.startswith("scholartools") else None
            if target and target != module:
                out.add(target)
    return out


def import_circles() -> list[list[str]]:
    """Strongly connected groups of more than one module in the import graph (Tarjan)."""
    graph = {m: imports_of(m) for m in MODULES}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return groups


def test_the_checker_finds_a_circle(tmp_path, monkeypatch):
    a, b = tmp_path / "a.py", tmp_path / "b.py"
    a.write_text("def f():\n    from scholartools import b\n")
    b.write_text("from scholartools.a import f\n")
    monkeypatch.setitem(MODULES, "scholartools.a", a)
    monkeypatch.setitem(MODULES, "scholartools.b", b)
    assert ["scholartools.a", "scholartools.b"] in import_circles()


def test_no_import_circle():
    assert import_circles() == []


def test_click_only_in_the_command_layer():
    users = sorted(m for m, path in MODULES.items()
                   if not m.startswith("scholartools.cli")
                   and re.search(r"^\s*(import click|from click)", path.read_text(encoding="utf-8"), re.M))
    assert users == []


def test_nothing_below_the_command_layer_imports_it():
    # every command runs through its library function from the API and Dask (no argv, no JSONL)
    users = sorted(f"{m} -> {t}" for m in MODULES if not m.startswith("scholartools.cli")
                   for t in imports_of(m) if t.startswith("scholartools.cli"))
    assert users == []


def test_the_task_registry_imports_nothing_above_the_llm_layer():
    floor = ("scholartools.errors", "scholartools.version", "scholartools.records", "scholartools.embeddings",
             "scholartools.llm")
    above = sorted(m for m in imports_of("scholartools.tasks") if not m.startswith(floor))
    assert above == []


def test_no_behaviour_is_chosen_by_a_task_name():
    switch = re.compile(r"\b(task\.name|task_name|task)\s*(==|!=|in\s*\()\s*[\"'(]")
    found = [f"{m}: {line.strip()}" for m, path in MODULES.items()
             for line in path.read_text(encoding="utf-8").splitlines() if switch.search(line)]
    assert found == []


def test_every_task_command_takes_its_options_from_the_task_dataclasses():
    """st-facets, st-eqsynth and st-extract-limits (like st-judge, st-generate, st-claims) declare no
    option of a task themselves: every task option is a field of the task's options dataclass."""
    declared = re.compile(r"click\.(?:option|Option)\(\[?[\"']([^\"']+)")
    for name in ("facets", "eqsynth", "extract_limits", "judge", "generate", "claims", "agree"):
        flags = declared.findall((PKG / "cli" / f"{name}.py").read_text(encoding="utf-8"))
        assert set(flags) <= {"--task", "--method"}, (name, flags)


def test_a_task_commands_flags_are_its_dataclass_fields():
    import dataclasses

    from scholartools import tasks as registry
    from scholartools.cli.manpages import load_command

    for command in ("st-facets", "st-eqsynth", "st-extract-limits"):
        (task,) = [t for t in registry.tasks_of(command).values() if t.__module__.startswith("scholartools.")]
        params = {p.name for p in load_command(command).params}
        fields = {f.name for f in registry.option_fields(task.options)}
        assert fields and fields <= params, command
        assert all(f.metadata.get("help") for f in dataclasses.fields(task.options)), command


def test_st_agree_flags_are_its_options_dataclass():
    """st-agree is no task, but its flags too are the fields of one dataclass (the API's keywords)."""
    import dataclasses

    from scholartools.agreement.command import AgreeOptions
    from scholartools.cli.manpages import load_command

    names = [f.name for f in dataclasses.fields(AgreeOptions)]
    params = [p.name for p in load_command("st-agree").params]
    assert params[:len(names)] == names
    assert all(f.metadata.get("help") for f in dataclasses.fields(AgreeOptions))


def test_the_runtime_package_never_imports_the_tooling():
    """tools/ (training and evaluation, run from a checkout) is not installed: nothing in the package
    may import it."""
    found = [m for m, path in MODULES.items()
             if re.search(r"^\s*(import tools\b|from tools\b)", path.read_text(encoding="utf-8"), re.M)]
    assert found == []
    assert not (PKG / "limitations" / "evaluate.py").exists()


def test_one_no_value_sentinel():
    """``records.MISSING`` is the one "no value here" sentinel: no other module declares its own
    (a module or class constant made by ``object()``)."""
    def constants(tree):
        for node in tree.body:
            if isinstance(node, ast.ClassDef):
                yield from constants(node)
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                yield node

    made = sorted(f"{m}:{node.lineno}" for m, path in MODULES.items() if m != "scholartools.records"
                  for node in constants(ast.parse(path.read_text(encoding="utf-8")))
                  if isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Name)
                  and node.value.func.id == "object" and not node.value.args)
    assert made == []


def test_one_method_vocabulary():
    """Every command with a --method takes auto|offline|llm (older names of the offline method are
    accepted, not listed)."""
    from scholartools import tasks as registry
    from scholartools.cli import COMMANDS
    from scholartools.cli.manpages import load_command

    methods = {name: p.type.choices for name in COMMANDS for p in load_command(name).params if p.name == "method"}
    assert set(registry.commands()) <= set(methods)
    assert {name: tuple(c) for name, c in methods.items()} == {name: registry.METHODS for name in methods}
