"""Issue 24: the old import paths of moved modules keep working for one release, with a DeprecationWarning, and give
the one module at its new place (never a second copy loaded under the old name)."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

from maumau_rules.families import MOVED_MODULES, MOVED_NAMES

NEW = importlib.import_module("maumau_rules.families.malilla")
OLD_SUBMODULES = sorted(f"maumau_rules.malilla.{m.name}" for m in pkgutil.iter_modules(NEW.__path__))


@pytest.mark.parametrize("old", sorted({*MOVED_MODULES, *OLD_SUBMODULES}))
def test_an_old_path_imports_in_a_fresh_interpreter_with_a_warning(old: str) -> None:
    """Each old path, imported first thing in a new process, warns and is the module at the new place."""
    new = MOVED_MODULES.get(old, old.replace("maumau_rules.malilla", "maumau_rules.families.malilla", 1))
    code = (f"import importlib, warnings\nwarnings.simplefilter('error', DeprecationWarning)\n"
            f"try:\n    importlib.import_module({old!r})\nexcept DeprecationWarning as w:\n    print('warned', w)\n"
            f"warnings.simplefilter('ignore')\nm = importlib.import_module({old!r})\n"
            f"print(m.__spec__.name, m is importlib.import_module({new!r}) or {old!r} == 'maumau_rules.engine')\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "warned" in result.stdout and "deprecated" in result.stdout, result.stdout
    assert result.stdout.rstrip().endswith("True"), result.stdout


def _moved_names() -> list[tuple[str, str, str]]:
    """(old module, name, new module) for every name a shared module lost to a family's package."""
    out = []
    for old, new in MOVED_NAMES.items():
        place = importlib.import_module(new)
        defined = vars(importlib.import_module(old))
        out += [(old, name, new) for name in place.__all__ if name not in defined]
    return out


MOVED = _moved_names()


def test_the_mau_mau_names_of_the_shared_modules_are_among_the_moved() -> None:
    """What users imported from the shared modules before the move (a sample from each)."""
    served = {(old, name) for old, name, _ in MOVED}
    for item in [("maumau_rules.state", "GameState"), ("maumau_rules.state", "Phase"),
                 ("maumau_rules.views", "PlayerView"), ("maumau_rules.views", "PublicView"),
                 ("maumau_rules.rules", "Wild"), ("maumau_rules.rules", "PlanBuilder"),
                 ("maumau_rules.rules", "WishSuit"), ("maumau_rules.bots", "HeuristicBot"),
                 ("maumau_rules.search", "determinize"), ("maumau_rules.testing", "play_random_game"),
                 ("maumau_rules.testing.invariants", "check_step"), ("maumau_rules.tools.explore", "tiny_variant"),
                 ("maumau_rules.cli", "describe_move"), ("maumau_rules.adapters.encoding", "MauMauObservation")]:
        assert item in served, item


@pytest.mark.parametrize("old,name,new", MOVED, ids=[f"{o}.{n}" for o, n, _ in MOVED])
def test_a_moved_name_is_served_from_its_old_module_with_a_warning(old: str, name: str, new: str) -> None:
    module = importlib.import_module(old)
    with pytest.warns(DeprecationWarning, match=rf"{old}\.{name} is deprecated: import it from {new}"):
        value = getattr(module, name)
    assert value is getattr(importlib.import_module(new), name)


@pytest.mark.parametrize("old", sorted(MOVED_NAMES))
def test_a_name_that_never_was_is_still_an_attribute_error(old: str) -> None:
    with pytest.raises(AttributeError, match=f"module '{old}' has no attribute 'never_was'"):
        getattr(importlib.import_module(old), "never_was")  # noqa: B009  (an attribute the module never had)


def test_the_registry_names_for_type_checkers_exactly_the_families_exports() -> None:
    """families/__init__ lists the families' public types under TYPE_CHECKING (for mypy) and in ``__all__``; both
    must be the union of the families' ``exports``, and maumau_rules serves each one."""
    import ast

    import maumau_rules
    from maumau_rules import families as registry

    exported = {name: obj for fam in registry.families() for name, obj in fam.exports.items()}
    tree = ast.parse(Path(registry.__file__).read_text(encoding="utf-8"))
    typing_blocks = [node for node in tree.body if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)]
    typing_only = {alias.asname or alias.name for block in typing_blocks for node in block.body
                   if isinstance(node, ast.ImportFrom) and node.level == 1 for alias in node.names}  # from .<family>...
    assert typing_only == set(exported)
    assert set(exported) <= set(registry.__all__) and set(exported) <= set(maumau_rules.__all__)
    for name, obj in exported.items():
        assert getattr(maumau_rules, name) is obj and getattr(registry, name) is obj
