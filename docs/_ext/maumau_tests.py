"""Which tests name which rule, read straight from the test files (no earlier pytest run needed).

A test names the rules it covers with ``@pytest.mark.rule("R_SKIP", ...)`` on the function, on its class, or in
a module's ``pytestmark``. :func:`rule_tests` parses every ``tests/**/test_*.py`` with :mod:`ast` and maps each
rule ID to the tests that name it (``tests/unit/test_x.py::test_y``; a parametrized test is listed once).

Anything it cannot read statically (a rule mark built at run time, or attached through ``pytest.param``) is an
error, not a silent omission: the reference must never list fewer tests than pytest collects.
``tests/test_project.py`` checks that this map equals what pytest itself collects.
"""

from __future__ import annotations

import ast
from pathlib import Path


class RuleMarkError(Exception):
    """A rule mark that cannot be read without running the test module."""


def _is_rule_mark(node: ast.AST) -> bool:
    """``pytest.mark.rule(...)`` or ``mark.rule(...)``."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "rule"
            and isinstance(node.func.value, ast.Attribute) and node.func.value.attr == "mark")


def _ids(call: ast.Call, where: str) -> list[str]:
    ids = []
    for arg in call.args:
        if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
            raise RuleMarkError(f"{where}: @pytest.mark.rule takes literal rule IDs, found {ast.unparse(arg)}")
        ids.append(arg.value)
    if not ids:
        raise RuleMarkError(f"{where}: @pytest.mark.rule needs at least one rule ID")
    return ids


def _marks(decorators: list[ast.expr], where: str) -> list[str]:
    return [i for d in decorators if _is_rule_mark(d) for i in _ids(d, where)]  # type: ignore[arg-type]


def _module_marks(tree: ast.Module, where: str) -> list[str]:
    ids: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets):
            values = node.value.elts if isinstance(node.value, ast.List | ast.Tuple) else [node.value]
            ids += [i for v in values if _is_rule_mark(v) for i in _ids(v, where)]  # type: ignore[arg-type]
    return ids


def file_rule_tests(path: Path, root: Path) -> dict[str, list[str]]:
    """Test node ID -> rule IDs, for the tests of one file that name rules."""
    rel = path.relative_to(root).as_posix()
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=rel)
    module = _module_marks(tree, rel)
    out: dict[str, list[str]] = {}
    handled: set[int] = set()

    def visit(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef, prefix: str, inherited: list[str]) -> None:
        node_id = f"{prefix}::{node.name}"
        own = _marks(node.decorator_list, node_id)
        handled.update(id(d) for d in node.decorator_list if _is_rule_mark(d))
        if isinstance(node, ast.ClassDef):
            if node.name.startswith("Test"):
                for child in node.body:
                    if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                        visit(child, node_id, inherited + own)
        elif node.name.startswith("test"):
            ids = list(dict.fromkeys(inherited + own))
            if ids:
                out[node_id] = ids

    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            visit(node, rel, module)
        elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "pytestmark"
                                                  for t in node.targets):
            handled.update(id(n) for n in ast.walk(node) if _is_rule_mark(n))
    stray = [n for n in ast.walk(tree) if _is_rule_mark(n) and id(n) not in handled]
    if stray:
        line = getattr(stray[0], "lineno", "?")
        raise RuleMarkError(f"{rel}:{line}: a rule mark the docs cannot read statically; put "
                            "@pytest.mark.rule(...) on the test function, its class or the module's pytestmark")
    return out


def rule_tests(root: Path) -> dict[str, list[str]]:
    """Rule ID -> the tests under ``root/tests`` that name it, in file order."""
    by_rule: dict[str, list[str]] = {}
    for path in sorted((root / "tests").rglob("test_*.py")):
        for node_id, ids in file_rule_tests(path, root).items():
            for rule_id in ids:
                by_rule.setdefault(rule_id, []).append(node_id)
    return by_rule
