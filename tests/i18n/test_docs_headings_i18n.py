"""The reference's fixed titles in each language (issue 29): the section titles, table titles, table headers and
field names that the docs extension (``docs/_ext/maumau_spec.py``) writes are catalog entries, so a page generated in
a language has none of them in English. The pages are generated here without Sphinx's build (seconds, not the
minutes of ``nox -s docs_i18n``, which builds the whole reference in each language)."""

from __future__ import annotations

import importlib
import re
import sys
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

pytest.importorskip("sphinx", reason="the docs extension needs Sphinx (the [docs] extra)")

from maumau_rules.i18n import LANGUAGES, gettext, language

from .test_catalogs import tool

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
UNDERLINE = re.compile(r"^([=\-~^])\1*$")


@cache
def extension() -> ModuleType:
    sys.path.insert(0, str(ROOT / "docs" / "_ext"))
    try:
        return importlib.import_module("maumau_spec")
    finally:
        sys.path.remove(str(ROOT / "docs" / "_ext"))


@cache
def fixed_titles() -> frozenset[str]:
    """The literal titles of the extension (what ``scripts/i18n.py`` extracts from it)."""
    return frozenset(text for path in sorted((ROOT / "docs" / "_ext").glob("*.py"))
                     for text, _line in tool().docs_titles(path.read_text(encoding="utf-8")))


@cache
def spec_data() -> Any:
    """spec/, the registry and the tests' rule marks, read once (none of it depends on the language)."""
    return extension().SpecData.load()


def pages() -> list[str]:
    """The generated pages that hold the fixed titles: the rules, a Mau-Mau and a Malilla variant, Malilla, the
    variant index, the matrix, the differences, the reason codes, the guide to playing, the sources, the records."""
    ext = extension()
    data = spec_data()
    variants = {v.id: v for v in data.variants}
    return [ext.page_rules(data), ext.page_variant(data, variants["standard"]),
            ext.page_variant(data, variants["malilla"]), ext.page_malilla(data), ext.page_variant_index(data),
            ext.page_matrix(data), ext.page_differences(data), ext.page_differences_of(data, variants["standard"]),
            ext.page_reasons(), ext.page_playing(data), ext.page_sources_index(data), ext.page_records()]


def titles(rst: str) -> set[str]:
    """The section titles, table titles, table header cells and field names of a reST page."""
    lines = rst.splitlines()
    found = {lines[i - 1].strip() for i, line in enumerate(lines) if i and UNDERLINE.match(line) and lines[i - 1].strip()
             and len(line) >= len(lines[i - 1].strip())}
    found |= {m.group(1).strip() for m in re.finditer(r"^\.\. list-table:: (.+)$", rst, re.M)}
    found |= {m.group(1) for m in re.finditer(r"^:([^:\n`]+): ", rst, re.M)}
    for m in re.finditer(r":header-rows: 1\n(?:   :.*\n)*\n((?:   [* ] - .*\n)(?:     - .*\n)*)", rst):
        found |= {c.strip() for c in re.findall(r"- (.*)", m.group(1))}
    return found


def english_titles(lang: str) -> set[str]:
    with language(lang):
        return {t for t in fixed_titles() if gettext(t) != t}


@cache
def shown(lang: str) -> frozenset[str]:
    with language(lang):
        return frozenset(t for page in pages() for t in titles(page))


def test_the_english_pages_show_the_fixed_titles() -> None:
    """Not vacuous: in English the pages show most of the extension's fixed titles, found as titles."""
    found = shown("en") & fixed_titles()
    assert len(fixed_titles()) > 80 and len(found) > 60, sorted(fixed_titles() - found)
    assert {"Rules reference", "Parameters", "Which cards may be played", "Kind", "Worked examples"} <= found


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_fixed_title_is_left_in_english(lang: str) -> None:
    english = english_titles(lang)
    assert len(english) > 70  # the catalog translates them (a few, such as 'ID' or 'Malilla', read the same)
    left = shown(lang) & english
    assert not left, sorted(left)
    with language(lang):
        assert gettext("Rules reference") in shown(lang)
