"""Screenshots of the example server's web table, for docs/web-table.rst (PNG files in docs/_static/).

    python scripts/web_table_screenshots.py [--out docs/_static]

It starts the real example server on 127.0.0.1 and drives Debian's headless Chromium through the same harness as
the browser test (tests/server/webtable.py): a game of Prší against a bot, shot after a few moves, with a move
refused; a Malilla hand with three bots, shot in the middle of a trick; and the end of a game with its record
verified. Needs ``apt-get install chromium chromium-driver`` and ``pip install -e ".[test]"``.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "src")]

from tests.server.webtable import TablePage, chromium, example_server  # noqa: E402

SHOTS = ("web-table-maumau.png", "web-table-malilla.png", "web-table-over.png")
"""The files written, in the order they are made."""


def shoot(out: Path) -> list[Path]:
    """Play the games and write the screenshots into ``out``; the paths written."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with tempfile.TemporaryDirectory() as tmp, example_server(Path(tmp) / "games.sqlite3") as url, \
            chromium(Path(tmp), width=1100, height=1250) as driver:
        page = TablePage(driver, url)

        def after(moves: int, name: str, refuse: bool = False) -> Callable[[TablePage], None]:
            """A screenshot once the page's player has made ``moves`` moves (first a refused move)."""
            def take(p: TablePage) -> None:
                if len(p.played) == moves and out / name not in written:
                    if refuse:
                        p.send_text(p.card_not_held())
                    p.driver.save_screenshot(str(out / name))
                    written.append(out / name)
            return take

        page.start("prsi", 2)
        page.play_to_end(0, every=after(1, SHOTS[0], refuse=True))
        page.wait("the verification", "s.verified")
        driver.execute_script("document.getElementById('result').scrollIntoView()")
        driver.save_screenshot(str(out / SHOTS[2]))
        written.append(out / SHOTS[2])

        page = TablePage(driver, url)
        page.start("malilla", 4)
        page.play_to_end(0, every=after(5, SHOTS[1]))
    return written


def main() -> None:
    """Write the screenshots."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "_static")
    for path in shoot(parser.parse_args().out):
        print(path)


if __name__ == "__main__":
    main()
