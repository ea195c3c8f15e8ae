"""CrossHair checks the zone contracts, and catches a deliberately broken copy (an off-by-one).

The command is the ``contracts`` gate: ``crosshair check --per_condition_timeout=4 src/maumau_rules/zones.py``.
The README's test command runs the off-by-one check (the gate bites); the full pass over every contracted function
(about a minute of CPU) runs in ``nox -s contracts``, which ``.ci/run`` runs after it.
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import maumau_rules.testing.contracts
import maumau_rules.zones

CROSSHAIR = shutil.which("crosshair", path=str(Path(sys.executable).parent)) or shutil.which("crosshair")
pytestmark = [
    pytest.mark.slow(seconds=14),
    pytest.mark.skipif(CROSSHAIR is None, reason="crosshair is not installed (pip install crosshair-tool)"),
]

BROKEN = '''
from collections import Counter

from maumau_rules import rng as _rng
from maumau_rules.cards import Card


def draw_cards(stock: tuple[Card, ...], discard: tuple[Card, ...], n: int, rng: int, reshuffle: bool
               ) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], int]:
    """The real draw_cards with an off-by-one: one card too few is taken into the hand.

    pre: n >= 0
    pre: len(discard) >= 1
    post: Counter(__return__[0] + __return__[1] + __return__[2]) == Counter(stock + discard)
    post: len(__return__[0]) <= n
    """
    got: list[Card] = []
    while len(got) < n:
        if not stock:
            if not reshuffle or len(discard) <= 1:
                break
            stock, rng = _rng.shuffle(discard[:-1], rng)
            discard = discard[-1:]
        take = min(n - len(got), len(stock))
        got.extend(reversed(stock[len(stock) - take + 1:]))  # BUG: + 1 drops a card
        stock = stock[: len(stock) - take]
    return tuple(got), stock, discard, rng


_ = Counter
'''


def _crosshair(target: Path | str) -> subprocess.CompletedProcess[str]:
    assert CROSSHAIR is not None
    return subprocess.run([CROSSHAIR, "check", "--per_condition_timeout=4", str(target)],
                          capture_output=True, text=True, timeout=240)


def _contracted(module: ModuleType) -> list[str]:
    """The qualified names of ``module``'s functions that state CrossHair contracts (``pre:`` / ``post:``)."""
    tree = ast.parse(Path(str(module.__file__)).read_text(encoding="utf-8"))
    return [f"{module.__name__}.{node.name}" for node in tree.body if isinstance(node, ast.FunctionDef)
            and any(tag in (ast.get_docstring(node) or "") for tag in ("pre:", "post:"))]


# One test per function, so that pytest-xdist spreads the CrossHair runs over the workers.
ZONES = _contracted(maumau_rules.zones)
HELPERS = _contracted(maumau_rules.testing.contracts)


def test_crosshair_finds_the_off_by_one(tmp_path: Path) -> None:
    broken = tmp_path / "broken_zones.py"
    broken.write_text(BROKEN, encoding="utf-8")
    r = _crosshair(broken)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "false when calling draw_cards" in r.stdout, r.stdout


def test_every_contracted_function_is_checked() -> None:
    assert ZONES == ["maumau_rules.zones.draw_cards"]
    assert len(HELPERS) >= 4 and "maumau_rules.testing.contracts.shuffle_permutes" in HELPERS


@pytest.mark.nox_session("contracts")
@pytest.mark.parametrize("function", ZONES)
def test_zone_contracts_hold(function: str) -> None:
    r = _crosshair(function)
    assert r.returncode == 0, r.stdout + r.stderr


@pytest.mark.nox_session("contracts")
@pytest.mark.parametrize("function", HELPERS)
def test_transition_helper_contracts_hold(function: str) -> None:
    r = _crosshair(function)
    assert r.returncode == 0, r.stdout + r.stderr
