"""Languages through the public API (issue 29): a verdict's message in each language with its reason code and rule
ID unchanged, over every registered variant; every message the engines write has a catalog entry; the language of a
block of work is a context variable (each thread its own, nothing global to change); the command reads the locale
variables, the library never; the card names of the glossary parse."""

from __future__ import annotations

import io
import os
import random
import re
import threading
import tomllib
from pathlib import Path

import pytest

from maumau_rules import Card, Play, Rank, Suit, available_variants, check, legal_moves, new_game
from maumau_rules.cli import language_from_environment, main
from maumau_rules.errors import ArgumentError
from maumau_rules.families import family_of
from maumau_rules.i18n import LANGUAGES, current_language, gettext, language, match_message, translate_message
from maumau_rules.reasons import Verdict

from .test_terminal import english_left

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = [v.id for v in available_variants()]


def _refusals(vid: str, seed: int = 0, steps: int = 30) -> list[Verdict]:
    """Refusals met in a random game of ``vid``: every move of the family's action space that is illegal, by the
    seat to act and by another seat, and a stale one."""
    v = next(x for x in available_variants() if x.id == vid)
    players = v.players[0]
    actions = family_of(v).action_moves(v, players)
    rnd = random.Random(seed)
    s = new_game(v, players, seed=seed)
    out: list[Verdict] = []
    for _ in range(steps):
        if s.is_over:
            break
        for move in rnd.sample(actions, min(12, len(actions))):
            for seat in (None, (s.seat_to_act + 1) % players):
                verdict = check(s, move, player=seat)
                if not verdict.ok:
                    out.append(verdict)
        out.append(check(s, actions[0], turn=s.turn + 3))
        s = family_of(v).apply(s, rnd.choice(legal_moves(s)))
    return out


@pytest.mark.parametrize("vid", VARIANTS)
def test_every_verdict_message_has_a_catalog_entry_and_a_translation(vid: str) -> None:
    refusals = _refusals(vid)
    assert len({r.reason for r in refusals}) >= 3
    for verdict in {r.message: r for r in refusals}.values():  # (each sentence once: the same text, the same checks)
        assert match_message(verdict.message) is not None, verdict.message
        assert verdict.message_in("en") == verdict.message
        for lang in LANGUAGES[1:]:
            text = verdict.message_in(lang)
            assert text != verdict.message and text.strip(), (lang, verdict.message)
            # the quoted move (the API's notation) is in every language's sentence
            quoted = verdict.message.split("'")[1] if verdict.message.count("'") >= 2 else ""
            assert quoted in text.replace("\u2068", "").replace("\u2069", ""), (lang, verdict.message, text)
            assert not english_left(text), (lang, verdict.message, text)  # translated through, the reason too
            assert "illegal move" not in text and " by player " not in text, (lang, verdict.message, text)
        assert verdict.reason.value and verdict.rule_id  # unchanged: the verdict itself is never rewritten


def test_a_verdict_in_each_language_keeps_its_reason_and_rule() -> None:
    s = new_game("standard", 3, seed=42)
    v = check(s, legal_moves(s)[0], player=(s.seat_to_act + 1) % 3)
    assert v.reason.value == "not_your_turn" and v.rule_id == "R_TURN_ORDER"
    texts = {lang: v.message_in(lang) for lang in LANGUAGES}
    assert len(set(texts.values())) == len(LANGUAGES)  # six different sentences
    with language("el"):
        assert v.message_in() == texts["el"]
        assert v.to_json()["reason"] == "not_your_turn"  # the JSON form stays the API's: English message, codes
    assert texts["de"].startswith("unzulässiger Zug")
    wrong = check(new_game("malilla", 4, seed=1), Play(Card.parse("Jc")))  # a nested message: who, then why
    assert wrong.message_in("de").endswith("J♣ gehört nicht zum Blatt spanish-40 von 'malilla'"), wrong.message_in("de")
    assert v.message_in("de_DE.UTF-8") == texts["de"]


def test_the_language_is_a_context_of_its_own_in_each_thread() -> None:
    seen: dict[str, str] = {}
    ready = threading.Barrier(len(LANGUAGES))

    def work(lang: str) -> None:
        with language(lang):
            ready.wait(timeout=10)  # every thread is inside its own block at the same time
            seen[lang] = gettext("your hand: ")

    threads = [threading.Thread(target=work, args=(lang,)) for lang in LANGUAGES]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert seen == {lang: gettext("your hand: ", lang) for lang in LANGUAGES}
    assert len(set(seen.values())) == len(LANGUAGES)
    assert current_language() == "en"


def test_blocks_nest_and_a_wrong_language_changes_nothing() -> None:
    with language("tr"):
        with language("sr"):
            assert current_language() == "sr"
        assert current_language() == "tr"
        with pytest.raises(ArgumentError, match="bilinmeyen dil 'xx'"), language("xx"):  # said in the block's language
            pass
        assert current_language() == "tr"
        with pytest.raises(ArgumentError):
            translate_message("there is no player 7", "klingon")
    assert current_language() == "en"


def test_an_unknown_message_is_returned_as_it_is() -> None:
    """A house rule's own message has no catalog entry: it is shown as written, in every language."""
    assert translate_message("the ten may only be played on a Tuesday", "ar") == \
        "the ten may only be played on a Tuesday"
    assert translate_message("illegal move '10h' by player 1: the ten may only be played on a Tuesday", "de") == \
        "unzulässiger Zug '10h' von Spieler 1: the ten may only be played on a Tuesday"


@pytest.mark.parametrize(("env", "expected"), [
    ({"LANGUAGE": "el:de", "LANG": "tr_TR.UTF-8"}, "el"),
    ({"LANGUAGE": "xx:sr_RS@latin"}, "sr"),
    ({"LC_ALL": "ar_EG.UTF-8", "LC_MESSAGES": "de_DE", "LANG": "tr_TR"}, "ar"),
    ({"LC_MESSAGES": "de_AT.UTF-8", "LANG": "tr_TR"}, "de"),
    ({"LANG": "tr_TR.UTF-8"}, "tr"),
    ({"LC_ALL": "C", "LANGUAGE": "de"}, "en"),  # gettext ignores LANGUAGE under the C locale
    ({"LANG": "ja_JP.UTF-8"}, "en"),
    ({}, "en"),
])
def test_the_command_reads_the_locale_variables_in_gettexts_order(env: dict[str, str], expected: str) -> None:
    assert language_from_environment(env) == expected


def test_the_environment_chooses_the_commands_language_and_lang_overrides_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    out = io.StringIO()
    assert main(["rules", "standard", "--width", "80"], out=out) == 0
    assert "Was die Karten bewirken" in out.getvalue()
    out = io.StringIO()
    assert main(["rules", "standard", "--lang", "sr"], out=out) == 0
    assert "Šta karte rade" in out.getvalue()
    err = io.StringIO()
    assert main(["rules", "standard", "--lang", "xx"], out=io.StringIO(), err=err) == 2
    assert "unknown language 'xx'" in err.getvalue()
    assert os.environ["LANG"] == "de_DE.UTF-8"  # nothing changed by the command


def test_the_library_never_reads_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANGUAGE", "de")
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")
    s = new_game("standard", 2, seed=1)
    v = check(s, legal_moves(s)[0], player=1 - s.seat_to_act)
    assert v.message_in() == v.message  # English: only a call or a block chooses the language


GLOSSARY = tomllib.loads((ROOT / "spec" / "glossary.toml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_the_glossarys_card_names_parse(lang: str) -> None:
    """Every rank and suit name of the glossary is accepted by the notation (documented in spec/glossary.toml)."""
    ranks = {"J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING, "A": Rank.ACE}
    suits = {"c": Suit.CLUBS, "s": Suit.SPADES, "h": Suit.HEARTS, "d": Suit.DIAMONDS}
    for r, rank in ranks.items():
        for s, suit in suits.items():
            text = f"{GLOSSARY['rank'][r][lang]} {GLOSSARY['suit'][s][lang]}"
            assert Card.parse(text) == Card(rank, suit), text
    assert Card.parse(f"7 {GLOSSARY['suit']['h'][lang]}") == Card.parse("7h")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_row_label_of_the_rules_text_runs_into_its_text(lang: str) -> None:
    """``maumau rules``: a row label too long for its column of 20 ("Wirkung der letzten Karte:") stands on its own
    line; it ran into its text ("…Karte:Eine als …") in five languages."""
    from maumau_rules.explain import rules_text

    for variant in available_variants():
        with language(lang):
            text = rules_text(variant)
        for line in text.splitlines():
            label = re.match(r"^(\S[^:]*):(\S)", line)
            assert label is None or len(label.group(1)) < 19, (variant.id, line)
