"""Optional extras: a missing one is an ImportError that names the ``pip install`` command."""

from __future__ import annotations

import importlib
import sys

import pytest

from maumau_rules.extras import MissingExtraError, install_hint, missing_extra, require


def test_strategies_without_hypothesis_say_which_extra_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in [m for m in sys.modules if m == "hypothesis" or m.startswith("hypothesis.")]:
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.delitem(sys.modules, "maumau_rules.testing.strategies", raising=False)
    with pytest.raises(ImportError) as caught:
        importlib.import_module("maumau_rules.testing.strategies")
    error = caught.value
    assert isinstance(error, MissingExtraError) and isinstance(error, ModuleNotFoundError)
    assert 'pip install "maumau-rules[testing]"' in str(error)
    assert str(error).startswith("maumau_rules.testing.strategies needs the optional package 'hypothesis'")
    assert error.extra == "testing" and error.name == "hypothesis"
    assert "maumau_rules.testing.strategies" not in sys.modules  # a failed import leaves nothing half-built


def test_the_core_package_imports_without_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "hypothesis", None)
    assert importlib.import_module("maumau_rules.testing").check_state is not None


def test_the_helper_serves_later_extras_the_same_way() -> None:
    with pytest.raises(MissingExtraError, match=r'maumau-rules\[plot\]') as caught:
        require("surely_not_installed_pkg.sub", "plot", "maumau_rules.plot")
    assert caught.value.name == "surely_not_installed_pkg" and caught.value.extra == "plot"
    assert "'surely_not_installed_pkg'" in str(caught.value)
    assert install_hint("pettingzoo") == 'pip install "maumau-rules[pettingzoo]"'
    own = ModuleNotFoundError("No module named 'maumau_rules.gone'", name="maumau_rules.gone")
    assert missing_extra(own, "testing", "x") is own  # our own missing module is a broken install, not an extra
