"""Write spec/sources/digest-index.json from the maintainers' digest (by default ../shared/seeds/RULES-DIGEST.md).

The index holds facts only (checksum, IDs, tags, hashes of eight-word runs), so that the tests can check
spec/sources against the digest on a clone that does not have it. ``--check`` verifies the committed index.

Usage: python scripts/index_digest.py [DIGEST] [--check]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.spec_sources import DIGEST_INDEX, index_digest  # noqa: E402


def main(argv: list[str]) -> int:
    """Write or check the index; returns the exit status."""
    args = [a for a in argv if a != "--check"]
    digest = Path(args[0]) if args else ROOT.parent / "shared" / "seeds" / "RULES-DIGEST.md"
    text = json.dumps(index_digest(digest.read_text(encoding="utf-8")), indent=1, sort_keys=True) + "\n"
    if "--check" in argv:
        same = DIGEST_INDEX.read_text(encoding="utf-8") == text
        print(f"{DIGEST_INDEX}: {'up to date' if same else 'out of date'}")
        return 0 if same else 1
    DIGEST_INDEX.write_text(text, encoding="utf-8")
    print(f"wrote {DIGEST_INDEX}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
