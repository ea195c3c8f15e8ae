"""Regenerate ``src/maumau_rules/_spec_data.py`` from ``spec/variants/*.toml``.

Run: ``python scripts/gen_spec_data.py``. A test fails when the generated module is out of date, so
the spec stays the single source of truth and the installed package needs no file I/O.
"""

from __future__ import annotations

import pprint
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET = ROOT / "src" / "maumau_rules" / "_spec_data.py"


def render() -> str:
    """Return the text of the generated module."""
    variants = []
    for path in sorted((ROOT / "spec" / "variants").glob("*.toml")):
        variants.append(tomllib.loads(path.read_text(encoding="utf-8")))
    body = pprint.pformat(variants, width=110, sort_dicts=False)
    return (
        '"""Generated from spec/variants/*.toml by scripts/gen_spec_data.py. Do not edit."""\n\n'
        "from typing import Any, Final\n\n"
        f"VARIANTS: Final[list[dict[str, Any]]] = {body}\n"
    )


def main() -> int:
    """Write the module, or with ``--check`` report whether it is up to date."""
    text = render()
    if "--check" in sys.argv:
        current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
        if current != text:
            print(f"{TARGET} is out of date: run python scripts/gen_spec_data.py")
            return 1
        return 0
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
