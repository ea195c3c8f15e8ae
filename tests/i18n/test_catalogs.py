"""The message catalogs (issue 29): every message of the code is in the template, every template entry is translated
in every language (none missing, fuzzy or stale), each translation has the placeholders of its English form, the
shipped ``.mo`` is the ``.po`` compiled, Arabic isolates every value it puts into a sentence, and the card and game
words follow the glossary (``spec/glossary.toml``)."""

from __future__ import annotations

import gettext
import importlib.util
import io
import re
import tomllib
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from maumau_rules.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
FIELD = re.compile(r"\{(\w*)\}")
FSI, PDI = "\u2068", "\u2069"


@cache
def tool() -> ModuleType:
    """``scripts/i18n.py``, the catalog tool (it needs Babel, a test dependency)."""
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "scripts" / "i18n.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _ids(catalog: Any) -> set[Any]:
    return {m.id if isinstance(m.id, str) else tuple(m.id) for m in catalog if m.id}


@cache
def _template() -> Any:
    return tool().template()


@cache
def _po(lang: str) -> Any:
    return tool().read(tool().po_path(lang))


def test_the_template_holds_every_message_of_the_code() -> None:
    """``scripts/i18n.py extract`` was run: the committed template has exactly the messages the code marks."""
    committed = tool().read(tool().LOCALE / "maumau_rules.pot")
    fresh = _ids(_template())
    assert fresh == _ids(committed), {"not in the template": fresh - _ids(committed),
                                      "no longer in the code": _ids(committed) - fresh}
    assert len(fresh) > 500  # the terminal, the CLI, the verdicts, the rules texts and the variant summaries


def test_the_template_holds_the_spec_texts_a_reader_sees() -> None:
    """Each rule's title and text and each shipped variant's name and summary are catalog entries (spec/README.md:
    the translations of spec/ live in the catalogs), so the completeness checks below cover them too."""
    ids = _ids(_template())
    rules = [tomllib.loads(p.read_text(encoding="utf-8"))["rule"] for p in sorted((ROOT / "spec" / "rules").glob("*.toml"))]
    variants = [tomllib.loads(p.read_text(encoding="utf-8"))["variant"]
                for p in sorted((ROOT / "spec" / "variants").glob("*.toml"))]
    assert len(rules) > 30 and len(variants) > 10
    missing = [(r["id"], f) for r in rules for f in ("title", "text") if r[f] not in ids]
    missing += [(r["id"], p["name"]) for r in rules for p in r.get("params", []) if p["doc"] not in ids]
    missing += [(v["id"], f) for v in variants for f in ("name", "summary") if v.get(f) and v[f] not in ids]
    assert not missing, missing


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated_and_none_is_stale_or_fuzzy(lang: str) -> None:
    po = _po(lang)
    wanted = _ids(_template())
    have = _ids(po)
    assert not wanted - have, f"missing in {lang}: {sorted(map(str, wanted - have))[:5]}"
    assert not have - wanted, f"stale in {lang}: {sorted(map(str, have - wanted))[:5]}"
    assert not po.obsolete
    for m in po:
        if not m.id:
            continue
        assert not m.fuzzy, m.id
        forms = [m.string] if isinstance(m.string, str) else list(m.string)
        assert forms and all(forms), f"{lang}: empty translation of {m.id!r}"
        if not isinstance(m.id, str):
            assert len(forms) == po.num_plurals, (lang, m.id)


def _fields(text: str) -> set[str]:
    return set(FIELD.findall(text))


PERCENT = re.compile(r"%%|%\(\w+\)[sdr]|%[sdr]")  # argparse's words and help texts are %-formatted


def _percents(text: str) -> list[str]:
    return sorted(PERCENT.findall(text))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_have_the_placeholders_of_their_english_form(lang: str) -> None:
    """A translation names the same values as its English form (a plural form may leave out the count it spells out
    in words: Arabic "ورقتان" is "2 cards")."""
    for m in _po(lang):
        if not m.id:
            continue
        for form in ([m.string] if isinstance(m.string, str) else m.string):  # %-formatting fails on one less
            english = m.id if isinstance(m.id, str) else m.id[1]
            if m.flags & {"python-format"} or PERCENT.search(english):
                assert _percents(form) == _percents(english), (lang, m.id, form)
            assert form.endswith("\n") == english.endswith("\n"), (lang, m.id, form)
        if isinstance(m.id, str):
            assert _fields(m.string) == _fields(m.id), (lang, m.id, m.string)
        else:
            english = _fields(m.id[0]) | _fields(m.id[1])
            for form in m.string:
                assert _fields(form) <= english and english - _fields(form) <= {"n"}, (lang, m.id, form)


def test_arabic_isolates_every_value() -> None:
    """Right-to-left text: each value put into an Arabic sentence (a card, a move, a number, a name) sits in a FIRST
    STRONG ISOLATE, so that 'Q♠' or 'J♣>♥' keeps its left-to-right order inside the sentence."""
    for m in _po("ar"):
        for form in ([m.string] if isinstance(m.string, str) else m.string):
            for hit in [*FIELD.finditer(form), *(h for h in PERCENT.finditer(form) if h.group() != "%%")]:
                before, after = form[hit.start() - 1:hit.start()], form[hit.end():hit.end() + 1]
                assert before == FSI and after == PDI, (m.id, form)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_shipped_mo_is_the_po_compiled(lang: str) -> None:
    po_path = tool().po_path(lang)
    mo = po_path.with_suffix(".mo").read_bytes()
    assert mo == tool().compiled(_po(lang)), f"run: python scripts/i18n.py compile ({lang})"
    shipped = gettext.GNUTranslations(io.BytesIO(mo))
    for m in _po(lang):
        if m.id and isinstance(m.id, str):
            assert shipped.gettext(m.id) == m.string


GLOSSARY = tomllib.loads((ROOT / "spec" / "glossary.toml").read_text(encoding="utf-8"))
# the English words whose translations the glossary fixes, with the inflected forms a sentence may need
TERMS = {r"\bJacks?\b": ("rank", "J"), r"\bQueens?\b": ("rank", "Q"), r"\bKings?\b": ("rank", "K"),
         r"\bAces?\b": ("rank", "A"), r"\btricks?\b": ("term", "trick"), r"\btrumps?\b|\btrumped\b": ("term", "trump"),
         r"\bpartner\b": ("term", "partner")}
FORMS = {  # inflections of the glossary's words that the sentences use (the glossary gives the base form)
    ("ar", "J"): ("أولاد",), ("ar", "trump"): ("يقطع", "تقطع", "اقطع", "قطع"), ("ar", "A"): ("آس", "الآس"),
    ("el", "J"): ("Βαλέ",), ("el", "Q"): ("Ντάμ",), ("el", "K"): ("Ρήγ",), ("el", "A"): ("Άσσ",),
    ("el", "trick"): ("λεβέ",), ("el", "trump"): ("ατού", "κόψ", "κόβ", "ξανακόψ"), ("el", "partner"): ("συμπαίκτ",),
    ("sr", "J"): ("žandar", "Žandar"), ("sr", "A"): ("kec", "keč"), ("sr", "trick"): ("štih",),
    ("sr", "trump"): ("adut", "seče", "seci", "preseci"), ("tr", "trump"): ("koz",), ("tr", "trick"): ("el",),
    ("de", "trick"): ("Stich",), ("de", "trump"): ("Trumpf", "stech", "stich", "überstech"),
    ("tr", "partner"): ("eş",), ("ar", "partner"): ("شريك",), ("ar", "trick"): ("لمّة", "لمّات", "للّمّة", "للّمّات"),
    # Czech declines the card words (spodka, spodci, svrška, esa, "n es": n Aces); Dutch plurals (heren, azen) and
    # the verb of the trump (troeven, introeven, overtroeven)
    ("cs", "J"): ("spod",), ("cs", "Q"): ("svrš",), ("cs", "A"): ("esa", "esem", "esu", "esy", " es "),
    ("nl", "K"): ("heren",), ("nl", "A"): ("azen",), ("nl", "trump"): ("troev",),
}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_card_and_game_words_follow_the_glossary(lang: str) -> None:
    """Where an English message names a Jack, a trick, the trump ..., its translation uses the glossary's word."""
    checked = 0
    misses: list[tuple[str, str, tuple[str, ...]]] = []
    for m in _po(lang):
        if not m.id:
            continue
        english = FIELD.sub("", m.id if isinstance(m.id, str) else m.id[-1]).replace("Mau King", "")  # a name: not a King
        translated = m.string if isinstance(m.string, str) else m.string[-1]
        for pattern, (table, key) in TERMS.items():
            if not re.search(pattern, english):
                continue
            if table == "rank" and "Malilla" in english and key != "A":
                continue
            if key in ("trick", "partner") and not _malilla_text(m):
                continue  # "trick" and "partner" are Malilla's words; elsewhere "partner" does not occur
            words = (GLOSSARY[table][key][lang], *FORMS.get((lang, key), ()))
            if not any(w.casefold() in translated.casefold() for w in words):
                misses.append((english[:60], translated[:60], words))
            checked += 1
    assert not misses, misses
    assert checked > 40


def _malilla_text(m: Any) -> bool:
    return any("malilla" in loc for loc, _ in m.locations) or "Malilla" in str(m.id)
