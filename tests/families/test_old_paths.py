"""Issue 24: the old import paths of moved modules keep working for one release, with a DeprecationWarning, and give
the one module at its new place (never a second copy loaded under the old name)."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys

import pytest

from maumau_rules.families import MOVED_MODULES

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
