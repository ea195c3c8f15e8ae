"""The terminal game and ``maumau rules`` in each language (issue 29): a short scripted game in both families, its
help and rules asked for, and no English sentence left in what the player reads; ``maumau rules VARIANT --lang L``
for every registered variant in every language, translated through and through."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest

from maumau_rules import available_variants
from maumau_rules.cli import main
from maumau_rules.i18n import LANGUAGES, gettext, language

from .test_catalogs import _template

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
ROOT = Path(__file__).resolve().parents[2]
ISOLATES = str.maketrans("", "", "\u2066\u2067\u2068\u2069")
PLACEHOLDER = re.compile(r"\{\w*\}|%\(\w+\)[sdr]|%[sdr]")  # str.format's fields and argparse's %-placeholders


@cache
def english_fragments() -> frozenset[str]:
    """The English words of the catalog, as pieces between placeholders long enough to be a sentence's part (a
    translated text must contain none of them)."""
    out = set()
    for m in _template():
        if any(c.startswith("the name of a variant") for c in m.auto_comments):
            continue  # a proper name ('Mau King / Makao') may be written the same in a language
        for msgid in ([m.id] if isinstance(m.id, str) else m.id):
            for piece in PLACEHOLDER.split(msgid):
                piece = piece.strip(" .,;:()'\"—")
                if len(piece) >= 14 and piece.count(" ") >= 2 and not piece.startswith(("R_", "MK-", "MAL-")):
                    out.add(piece)
    return frozenset(out)


def english_left(text: str) -> list[str]:
    flat = re.sub(r"\s+", " ", text.translate(ISOLATES))
    return sorted(f for f in english_fragments() if f in flat)


def _player(out: io.StringIO, lang: str, first: list[str], seed: int) -> Callable[[str], str]:
    """A scripted player who reads the prompts in ``lang``: the given answers first, then a random legal move."""
    rnd = random.Random(seed)
    queue = list(first)
    with language(lang):
        legal, yes = gettext("legal: "), gettext("yes y").split()[0]

    def read(prompt: str) -> str:
        if queue:
            return queue.pop(0)
        if "[" in prompt:  # a call-out question ([y/N] in the language): yes, in the language's word
            return yes
        lines = [line for line in out.getvalue().splitlines() if line.startswith(legal)]
        return rnd.choice(lines[-1][len(legal):].split(" · "))

    return read


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("vid", ["standard", "mau-king", "prsi", "malilla"])
def test_a_short_game_in_each_language(lang: str, vid: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    asks = ["help", "rules", "? 7or" if vid == "malilla" else "? J", "score"]
    args = ["play", "--variant", vid, "--seed", "7", "--rounds", "1", "--color", "never", "--lang", lang]
    if vid != "malilla":
        args += ["--players", "3"]
    code = main(args, read=_player(out, lang, asks, 7), out=out, err=err)
    text = out.getvalue()
    assert code == 0, err.getvalue()
    assert "Traceback" not in text + err.getvalue()
    with language(lang):
        for label in ("legal: ", "your hand: "):
            assert gettext(label) in text
        assert gettext("Setup") in text  # 'rules' answered in the language
    assert not english_left(text), english_left(text)[:5]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_maumau_rules_in_each_language_for_every_variant(lang: str) -> None:
    for v in available_variants():
        out = io.StringIO()
        assert main(["rules", v.id, "--lang", lang, "--width", "100"], out=out) == 0
        assert not english_left(out.getvalue()), (v.id, english_left(out.getvalue())[:5])
        for card in ("7or", "Sba") if v.family == "malilla" else ("J", "7h"):
            out = io.StringIO()
            assert main(["rules", v.id, "--card", card, "--lang", lang], out=out) == 0
            assert out.getvalue().strip() and not english_left(out.getvalue()), (v.id, card, out.getvalue())


def test_the_english_check_finds_english() -> None:
    """The check above is not vacuous: the English rules are full of the catalog's English fragments."""
    out = io.StringIO()
    assert main(["rules", "standard", "--lang", "en"], out=out) == 0
    assert len(english_left(out.getvalue())) > 10


def test_arabic_text_runs_right_to_left_with_cards_isolated() -> None:
    out = io.StringIO()
    assert main(["play", "--bots-only", "--players", "2", "--seed", "3", "--rounds", "1", "--lang", "ar",
                 "--color", "never"], out=out) == 0
    line = next(x for x in out.getvalue().splitlines() if "\u2068P0\u2069" in x)
    assert re.search("[\u0600-\u06ff]", line)  # Arabic words around the isolated values


@pytest.mark.parametrize("lang", ["en", "de", "sr"])
def test_a_house_rule_that_swaps_hands_is_narrated_in_the_language(lang: str) -> None:
    """The effects emit their own events (issue 25): a house rule's swap of hands is shown as 'the hands change',
    with who holds how many cards now, in the terminal's language."""
    out = io.StringIO()
    assert main(["play", "--variant", str(ROOT / "examples" / "house_rules" / "ten_swaps_hands.py"), "--bots-only",
                 "--players", "3", "--seed", "2", "--rounds", "1", "--lang", lang, "--color", "never"], out=out) == 0
    with language(lang):
        head = gettext("the hands change (cards held now: {sizes})").split("{sizes}")[0]
    lines = [line for line in out.getvalue().splitlines() if head in line]
    assert lines and re.search(r"P0 \d+, P1 \d+, P2 \d+\)$", lines[0]), lines[:2]
