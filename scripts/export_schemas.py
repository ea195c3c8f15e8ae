"""Write the published JSON Schemas of maumau_rules to docs/schemas/<type>.json.

Usage: python scripts/export_schemas.py [OUTDIR] [--check]

With ``--check`` nothing is written; the exit code is 1 when a file is missing or out of date
(for CI: the files in docs/schemas/ must equal maumau_rules.schemas.SCHEMAS).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from maumau_rules.schemas import SCHEMAS


def render(schema: dict[str, object]) -> str:
    """The canonical text of one schema file."""
    return json.dumps(schema, ensure_ascii=False, indent=2) + "\n"


def main(argv: list[str]) -> int:
    """Write (or with --check, compare) every schema; return the exit code."""
    check = "--check" in argv
    args = [a for a in argv if a != "--check"]
    out = Path(args[0]) if args else Path(__file__).resolve().parent.parent / "docs" / "schemas"
    stale = []
    if not check:
        out.mkdir(parents=True, exist_ok=True)
    for name, schema in SCHEMAS.items():
        path = out / f"{name}.json"
        text = render(schema)
        if check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(str(path))
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path}")
    if stale:
        print("out of date: " + ", ".join(stale) + " (run python scripts/export_schemas.py)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
