"""The adapters are optional: the core, the adapters package and the shared encoding import no extra."""

from __future__ import annotations

import subprocess
import sys

EXTRAS = {"pettingzoo", "gymnasium", "pyspiel", "open_spiel", "numpy"}


def test_core_and_encoding_import_no_extra() -> None:
    code = ("import sys, maumau_rules, maumau_rules.adapters, maumau_rules.adapters.encoding; "
            f"print(sorted(m for m in sys.modules if m.split('.')[0] in {sorted(EXTRAS)!r}))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


def test_each_adapter_imports_its_own_extra_only() -> None:
    code = ("import sys, maumau_rules.adapters.pettingzoo as p; "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'pettingzoo', 'pyspiel', 'open_spiel'}))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "['pettingzoo']"
    code = ("import sys, maumau_rules.adapters.openspiel as o; "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'pettingzoo', 'pyspiel', 'open_spiel'}))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "['pyspiel']"
