"""The reference in the players' languages (issue 29), built by Sphinx's i18n (``-D language=L``, the catalogs of
``docs/locale`` for the pages written by hand, the library's own catalogs for the pages generated from the spec):
each language builds with ``-W -n``, its pages say their language, the generated pages are in it, the index links
every language, and a screenshot of the Arabic index taken by headless Chromium reads from the right.

Building six references is long (a Sphinx process of a minute or more each): these tests run in ``nox -s
docs_i18n`` (``.ci/run`` runs it after the README's command)."""

from __future__ import annotations

import re
import shutil
import statistics
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from maumau_rules import find_variant
from maumau_rules.explain import setup_rows, summary_text
from maumau_rules.i18n import LANGUAGES, gettext, language

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")


def build(tmp: Path, lang: str) -> Path:
    """The HTML reference in ``lang``, built with -W -n from a copy of docs/ (each build generates its own pages, so
    builds in several languages never share ``docs/_generated``)."""
    tree = tmp / lang
    shutil.copytree(ROOT / "docs", tree / "docs", ignore=shutil.ignore_patterns("_generated", "_build"))
    for entry in ROOT.iterdir():  # the rest of the checkout as it is (the spec, the tests, the changelog ...)
        if entry.name not in ("docs", ".git", "build", ".venv", ".nox"):
            (tree / entry.name).symlink_to(entry)
    out = tree / "html" / lang
    result = subprocess.run([sys.executable, "-m", "sphinx", "-W", "-n", "-q", "-b", "html", "-D", f"language={lang}",
                             "-d", str(tree / "doctrees"), str(tree / "docs"), str(out)],
                            capture_output=True, text=True, timeout=1200, cwd=tree)
    assert result.returncode == 0, f"{lang}: " + (result.stdout + result.stderr)[-4000:]
    return out


def check_language(out: Path, lang: str) -> None:
    index = (out / "index.html").read_text(encoding="utf-8")
    rtl = ' dir="rtl"' if lang == "ar" else ""
    assert re.search(rf'<html class="no-js" lang="{lang}"{rtl} data-content_root', index), index[:300]
    for other in LANGUAGES:  # the index links every language's reference
        assert f'href="../{other}/index.html"' in index
    with language(lang):
        label = setup_rows(find_variant("standard"))[0][0]
        summary = [w for w in (w.strip(".,:;()\"'“”„«»") for w in summary_text(find_variant("standard")).split())
                   if w.isalpha() and len(w) > 3][:4]
    page = (out / "_generated" / "variants" / "standard.html").read_text(encoding="utf-8")
    assert f">{label}<" in page  # the rows that come from the rules are in the language
    words = re.sub(r"<[^>]+>", " ", page)
    assert len(summary) == 4 and all(w in words for w in summary), summary  # the summary is in the language
    assert _page_translation(lang, "Languages") in index  # the index itself, through docs/locale
    rule = tomllib.loads((ROOT / "spec" / "rules" / "R_SKIP.toml").read_text(encoding="utf-8"))["rule"]
    rules_page = re.sub(r"<[^>]+>", " ", (out / "_generated" / "rules.html").read_text(encoding="utf-8"))
    with language(lang):
        title, first = gettext(rule["title"]), gettext(rule["text"]).split(".")[0]
    assert title in rules_page and " ".join(first.split()[:6]) in " ".join(rules_page.split())  # spec texts too


def _page_translation(lang: str, msgid: str) -> str:
    """``msgid`` as docs/locale/LANG/LC_MESSAGES/index.po translates it (itself in English)."""
    if lang == "en":
        return msgid
    from babel.messages.pofile import read_po

    with (ROOT / "docs" / "locale" / lang / "LC_MESSAGES" / "index.po").open("rb") as fh:
        message = read_po(fh).get(msgid)
    assert message is not None and message.string, (lang, msgid)
    return str(message.string)


def ink_edges(png: Path) -> tuple[float, float]:
    """The spread (standard deviation, in pixels) of the left and of the right ends of the text lines of a
    screenshot: the side where lines are aligned spreads little, the ragged side much."""
    from PIL import Image

    image = Image.open(png).convert("L")
    width, height = image.size
    data = image.tobytes()  # one byte per pixel, row after row
    lefts, rights = [], []
    for y in range(120, height):  # below the page's header bar
        row = data[y * width:(y + 1) * width]
        xs = [x for x in range(width) if row[x] < 110]
        if len(xs) >= 3:
            lefts.append(xs[0])
            rights.append(xs[-1])
    assert len(lefts) > 50, "the screenshot shows no text"
    return statistics.pstdev(lefts), statistics.pstdev(rights)


def screenshot(page: Path, png: Path) -> Path:
    # a narrow window: the theme folds its sidebars away, and the page's text fills the width
    subprocess.run([str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    "--window-size=560,1400", f"--screenshot={png}", page.as_uri()],
                   capture_output=True, timeout=120, check=True)
    assert png.exists()
    return png


@pytest.mark.nox_session("docs_i18n")
@pytest.mark.slow(seconds=240)
def test_english_and_arabic_references_and_the_arabic_page_reads_right_to_left(tmp_path: Path) -> None:
    """The English and Arabic references build; in a screenshot the English index's lines start at one left edge
    and the Arabic index's lines at one right edge (the page reads from the right)."""
    en, ar = build(tmp_path, "en"), build(tmp_path, "ar")
    check_language(en, "en")
    check_language(ar, "ar")
    assert CHROMIUM.exists(), "Debian's chromium: apt-get install -y chromium (.ci/run installs it)"
    en_left, en_right = ink_edges(screenshot(en / "index.html", tmp_path / "en.png"))
    ar_left, ar_right = ink_edges(screenshot(ar / "index.html", tmp_path / "ar.png"))
    assert en_left < en_right, (en_left, en_right)  # the control: a left-to-right page is aligned on the left
    assert ar_right < ar_left, (ar_left, ar_right)  # the Arabic page is aligned on the right


@pytest.mark.nox_session("docs_i18n")
@pytest.mark.slow(seconds=120)
@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang not in ("en", "ar")])
def test_the_reference_builds_in_each_language(tmp_path: Path, lang: str) -> None:
    check_language(build(tmp_path, lang), lang)
