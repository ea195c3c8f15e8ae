"""The structure the families promise: imports point only down (no cycle in ``src``, type-only imports aside), and
no module outside a family's package names that family's types or modules, but the registry."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

from maumau_rules.families import families

SRC = Path(__file__).resolve().parents[2] / "src" / "maumau_rules"
REGISTRY = SRC / "families" / "__init__.py"


def _module(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _graph() -> dict[str, set[str]]:
    mods = {_module(p): p for p in SRC.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for mod, path in mods.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        typing_only = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
                       and "TYPE_CHECKING" in ast.unparse(node.test) for n in ast.walk(node)}
        base = mod.split(".") if path.name == "__init__.py" else mod.split(".")[:-1]
        deps: set[str] = set()
        for node in ast.walk(tree):
            if id(node) in typing_only:
                continue
            if isinstance(node, ast.ImportFrom):
                up = base[:len(base) - node.level + 1] if node.level else []
                name = ".".join([*up, node.module] if node.module else up) if node.level else str(node.module)
                for alias in node.names:
                    deps.add(f"{name}.{alias.name}" if f"{name}.{alias.name}" in mods else name)
            elif isinstance(node, ast.Import):
                deps.update(a.name for a in node.names)
        graph[mod] = {d for d in deps if d in mods and d != mod}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_import_graph_has_no_cycle() -> None:
    graph = _graph()
    assert "maumau_rules.families.malilla.engine" in graph  # the walk sees the families' modules
    assert _cycles({"a": {"b"}, "b": {"a"}, "c": set()}) == [["a", "b"]]  # and would see a cycle
    assert _cycles(graph) == []


def test_no_shared_module_names_a_family_but_the_registry() -> None:
    for fam in families():
        package = SRC / "families" / fam.name
        types = {c.value_type.__name__ for c in fam.json_codecs} | {fam.state_type.__name__, *fam.exports}
        own = {p.stem for p in package.glob("*.py")} - {"__init__"}
        pattern = re.compile("|".join([*(rf"\b{t}\b" for t in sorted(types)), rf"families\.{fam.name}\b",
                                       rf"\bfrom \.+{fam.name}\b", rf"\b{fam.name}\.({'|'.join(sorted(own))})\b"]))
        naming = sorted(str(p.relative_to(SRC)) for p in SRC.rglob("*.py")
                        if package not in p.parents and pattern.search(p.read_text(encoding="utf-8")))
        assert naming in ([], [str(REGISTRY.relative_to(SRC))]), (fam.name, naming)


def test_the_state_schema_lists_exactly_mau_maus_phases() -> None:
    """The shared schemas module spells Mau-Mau's phases out (it may not import the family); they must agree."""
    from maumau_rules.families.maumau.state import Phase
    from maumau_rules.schemas import SCHEMAS

    assert SCHEMAS["state"]["$defs"]["phase"]["enum"] == [p.value for p in Phase]


@pytest.mark.parametrize("module", ["maumau_rules.families.maumau", "maumau_rules.families.malilla",
                                    "maumau_rules.families.maumau.batch.engine"])
def test_a_family_module_imports_first_thing_in_a_fresh_interpreter(module: str) -> None:
    """``import maumau_rules`` loads no family (they are imported on first use); a family's module imported first
    still finds the shared modules, and the families' public types are served afterwards."""
    code = (f"import importlib, sys\nimportlib.import_module({module!r})\nimport maumau_rules\n"
            "print(maumau_rules.GameState.__name__, maumau_rules.MalillaState.__name__)\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.split() == ["GameState", "MalillaState"]


def test_importing_the_package_loads_no_family() -> None:
    code = "import sys, maumau_rules\nprint(sorted(m for m in sys.modules if m.startswith('maumau_rules.families.')))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and result.stdout.strip() == "[]", result.stdout + result.stderr
