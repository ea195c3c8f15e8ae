"""Rewrite (or with ``--check`` verify) the variant table in README.md from the registry."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from maumau_rules import available_variants

README = Path(__file__).resolve().parents[1] / "README.md"
PATTERN = re.compile(r"(<!-- variants:start -->\n)(.*?)(<!-- variants:end -->)", re.S)


def table() -> str:
    """The Markdown table of every registered variant."""
    rows = ["| id | name | family | players | deck |", "|---|---|---|---|---|"]
    for v in available_variants():
        lo, hi = v.players
        name = v.name + (" (from public sources)" if v.external else "")
        rows.append(f"| {v.id} | {name} | {v.family} | {lo}–{hi} | {v.deck} |")
    return "\n".join(rows) + "\n"


def main() -> int:
    """Rewrite the table, or check it with ``--check``."""
    text = README.read_text(encoding="utf-8")
    new = PATTERN.sub(lambda m: m.group(1) + table() + m.group(3), text)
    if "--check" in sys.argv:
        if new != text:
            print("README.md variant table is out of date: run python scripts/gen_readme_variants.py")
            return 1
        return 0
    README.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
