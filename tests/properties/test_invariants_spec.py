"""spec/invariants.toml: exactly the agreed invariants, and every check it names exists."""

from __future__ import annotations

import ast
import importlib
import tomllib
from pathlib import Path
from typing import Any

import pytest

from maumau_rules.testing import INVARIANT_IDS
from maumau_rules.tools.golden import SPEC_DIR

ROOT = SPEC_DIR.parent
DATA: dict[str, Any] = tomllib.loads((SPEC_DIR / "invariants.toml").read_text(encoding="utf-8"))
ENTRIES: list[dict[str, Any]] = DATA["invariant"]
KINDS = {"contract", "property", "stateful", "explorer", "golden", "fuzz"}


def test_the_invariant_ids_are_exactly_the_agreed_ones() -> None:
    assert [e["id"] for e in ENTRIES] == list(INVARIANT_IDS)


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["id"] for e in ENTRIES])
def test_entry_is_well_formed(entry: dict[str, Any]) -> None:
    assert entry["title"] and len(entry["statement"]) > 40
    assert entry["checked_by"] and set(entry["checked_by"]) <= KINDS
    assert entry["checks"]


def _defined_names(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.ClassDef)}


def _exists(ref: str) -> bool:
    if "::" in ref:
        file, name = ref.split("::")
        path = ROOT / file
        return path.exists() and name in _defined_names(path)
    try:
        importlib.import_module(ref)
        return True
    except ImportError:
        module, _, attr = ref.rpartition(".")
        return hasattr(importlib.import_module(module), attr)


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["id"] for e in ENTRIES])
def test_every_named_check_exists(entry: dict[str, Any]) -> None:
    missing = [ref for ref in entry["checks"] if not _exists(ref)]
    assert not missing, f"{entry['id']} names checks that do not exist: {missing}"


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["id"] for e in ENTRIES])
def test_each_kind_claimed_has_a_check_of_that_kind(entry: dict[str, Any]) -> None:
    refs = entry["checks"]
    where: dict[str, tuple[str, ...]] = {
        "contract": ("maumau_rules.zones", "maumau_rules.testing.contracts"),
        "property": ("tests/properties/",),
        "stateful": ("tests/stateful/",),
        "explorer": ("maumau_rules.tools.explore", "tests/properties/test_explorer.py",
                     "tests/properties/test_malilla_explorer.py", "tests/golden/test_quick_explore"),
        "golden": ("tests/golden/",),
        "fuzz": ("tests/fuzz/",),
    }
    for kind in entry["checked_by"]:
        assert any(r.startswith(where[kind]) for r in refs), f"{entry['id']} claims {kind} but names no such check"
