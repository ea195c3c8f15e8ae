"""The whole ``maumau`` command in each language (issue 29): every subcommand's help, its usage errors and the
outcomes of the record and simulation tools, found by walking the parser (a new subcommand or option is covered
without a new test), with no English left: neither a sentence of the catalog's English nor any English sentence at
all (a text that never went through the catalogs). argparse's own words come from our catalogs: every word of the
running Python's argparse that a user can meet is one of :data:`~maumau_rules.cli_i18n.ARGPARSE_MESSAGES`."""

from __future__ import annotations

import argparse
import io
import re
import threading
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from maumau_rules import available_variants
from maumau_rules.cli import _parser, main
from maumau_rules.cli_i18n import ARGPARSE_MESSAGES, ARGPARSE_PLURALS, argparse_words
from maumau_rules.cli_records import save_record
from maumau_rules.fairness import FairSeed, FairSetup
from maumau_rules.i18n import LANGUAGES, gettext, language
from maumau_rules.records import record_from_moves

from .test_catalogs import _po
from .test_terminal import english_left

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]

# argparse's words that only a programmer meets (a parser built wrong raises them at once): left in English
PROGRAMMER_WORDS = {
    ".__call__() not defined", "conflicting subparser: %s", "conflicting subparser alias: %s",
    'argument "-" with mode %r', "cannot merge actions - two groups are named %r",
    "'required' is an invalid argument for positionals",
    "invalid option string %(option)r: must start with a character %(prefix_chars)r",
    "dest= is required for options like %r", "invalid conflict_resolution value: %r",
    "mutually exclusive arguments must be optional", "cannot have multiple subparser arguments", "%r is not callable",
    ("conflicting option string: %s", "conflicting option strings: %s"),
}

# words of English that the other languages do not use (a line with two of them is English left over); Dutch writes
# two of them itself ("is" is, "of" is "or"), so they are no sign of English in a Dutch line
ENGLISH_WORDS = frozenset({"the", "and", "of", "is", "are", "with", "this", "that", "from", "which", "not", "has",
                           "have", "or", "by", "be", "its", "their", "been", "into", "when", "each", "every"})
SHARED_WORDS = {"nl": frozenset({"is", "of"})}
_CODE = re.compile(r"'[^']*'|\"[^\"]*\"|--?[\w-]+|\b[A-Z][A-Z0-9_]+\b|\b\w+_\w+\b|\S*[/\\.]\S+|\[[^\]]*\]|\{[^}]*\}")


# what the operating system and Python's json module say (values here, as the strerror of a file that is missing)
EXTERNAL = ("No such file or directory", "Expecting value")


@cache
def english_vocabulary(lang: str) -> frozenset[str]:
    """The words of the catalog's English that the language's translations never use (a word that both share, such
    as 'JSON' or 'Malilla', is no sign of English)."""
    english: set[str] = set()
    used: set[str] = set()
    for m in _po(lang):
        for msgid in ([m.id] if isinstance(m.id, str) else m.id):
            english.update(w.lower() for w in re.findall(r"[A-Za-z]{3,}", _CODE.sub(" ", msgid)))
        for form in ([m.string] if isinstance(m.string, str) else m.string):
            used.update(w.lower() for w in re.findall(r"[A-Za-z]{3,}", form))
    names: set[str] = set()  # the variants' IDs and aliases are names (the API), the same in every language
    for v in available_variants():
        for name in (v.id, *v.aliases):
            names.update(w.lower() for w in re.findall(r"[A-Za-z]{3,}", name))
    return frozenset(english - used - names)


def english_sentences(text: str, lang: str = "en") -> list[str]:
    """The lines of ``text`` that read as English: two or more English function words, or three words of the
    catalog's English that the language never uses, outside the parts that are code (quoted inputs, options,
    metavariables, reason codes, rule IDs, paths, choices)."""
    vocabulary = english_vocabulary(lang) if lang != "en" else frozenset()
    english_words = ENGLISH_WORDS - SHARED_WORDS.get(lang, frozenset())
    found = []
    for line in text.splitlines():
        for external in EXTERNAL:
            line = line.replace(external, " ")
        words = [w.lower() for w in re.findall(r"[A-Za-z]+", _CODE.sub(" ", line))]
        if sum(w in english_words for w in words) >= 2 or (lang != "en" and sum(w in vocabulary for w in words) >= 3):
            found.append(line.strip())
    return found


def run(*argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err, read=lambda _prompt: "q")
    return code, out.getvalue() + err.getvalue()


def subcommands() -> dict[str, argparse.ArgumentParser]:
    """The ``maumau`` command's subcommands, as its parser has them (in English)."""
    action = next(a for a in _parser()._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def usage_errors(name: str, parser: argparse.ArgumentParser) -> Iterator[list[str]]:
    """Command lines that each parser error of a subcommand answers: an unknown option, a missing positional
    argument, a choice that is not one, a value of the wrong type, an option without its value."""
    yield [name, "--no-such-option"]
    positionals = [a for a in parser._actions if not a.option_strings and a.nargs != 0]
    if positionals:
        yield [name]
    filler = ["standard"] * len(positionals)
    for action in parser._actions:
        if not action.option_strings or action.nargs == 0 or "--lang" in action.option_strings:
            continue
        option = action.option_strings[-1]
        if action.choices:
            yield [name, *filler, option, "not-a-choice"]
        elif action.type is int:
            yield [name, *filler, option, "many"]
        if action.nargs is None:
            yield [name, *filler, option]


@cache
def record_files(tmp: Path) -> dict[str, str]:
    """Files for the record tools: a good record, one with an illegal move, a fair one, JSON that is no record,
    a text that is no JSON, and a missing file."""
    save_record(tmp / "good.json", record_from_moves("standard", 2, 3, ["draw"]))
    good = (tmp / "good.json").read_text(encoding="utf-8")
    (tmp / "bad.json").write_text(good.replace('"draw"', '"pass"'), encoding="utf-8")
    fair = FairSeed(b"secret", b"salt").bind(FairSetup.game("standard", 2))
    save_record(tmp / "fair.json", record_from_moves("standard", 2, fair.game_seed, ["draw"], fairness=fair))
    (tmp / "list.json").write_text("[1, 2]", encoding="utf-8")
    (tmp / "notes.json").write_text("hello there", encoding="utf-8")
    return {k: str(tmp / f"{k}.json") for k in ("good", "bad", "fair", "list", "notes", "missing")}


def outcomes(files: dict[str, str]) -> Iterator[list[str]]:
    """What the record and simulation tools say when they run: each kind of report and each kind of failure."""
    for kind in ("good", "bad", "list", "notes", "missing"):
        yield ["validate", files[kind]]
    yield ["validate", files["good"], files["bad"], "--rules", files["missing"] + ".py"]
    for kind in ("good", "bad", "missing"):
        yield ["replay", files[kind]]
    yield ["replay", files["good"], "--index", "4"]
    yield ["verify", files["fair"]]
    yield ["verify", files["good"]]
    yield ["verify", files["fair"], "--commitment", "00" * 32]
    yield ["verify", files["fair"], "--views", files["list"]]
    yield ["simulate", "prsi", "-n", "3", "--players", "2", "--jobs", "1", "--no-progress"]
    yield ["simulate", "prsi", "-n", "3", "--players", "9", "--jobs", "1", "--no-progress"]
    yield ["simulate", "prsi", "-n", "3", "--jobs", "1", "--plot", "out", "--plot-format", "gif"]
    yield ["variants"]
    yield ["diff", "standard", "uno"]
    yield ["rules", "uno"]


def command_lines(tmp: Path) -> list[tuple[list[str], bool]]:
    """Every command line to try, each with whether argparse answers it (help or a usage error)."""
    lines: list[list[str]] = [["--help"], ["--no-such-option"], ["no-such-command"]]
    for name, parser in subcommands().items():
        lines.append([name, "--help"])
        lines += usage_errors(name, parser)
    return [(argv, True) for argv in lines] + [(argv, False) for argv in outcomes(record_files(tmp))]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_subcommand_its_help_errors_and_outcomes_are_in_the_language(lang: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    tmp = tmp_path_factory.getbasetemp() / "cli-i18n"
    tmp.mkdir(exist_ok=True)
    lines = command_lines(tmp)
    assert len(lines) > 60 and {argv[0] for argv, _parsed in lines} >= set(subcommands())
    with language(lang):
        usage = gettext("usage: ")
    left: dict[str, list[str]] = {}
    for argv, by_argparse in lines:
        _code, text = run("--lang", lang, *argv)
        assert text.strip() and "Traceback" not in text, (argv, text)
        if by_argparse:
            assert usage in text, (argv, text[:200])  # argparse's own words, in the language
        english = english_left(text) + english_sentences(text, lang)
        if english:
            left[" ".join(argv)] = english[:3]
    assert not left, left


def test_the_english_checks_find_english(tmp_path: Path) -> None:
    """Not vacuous: the same command lines in English are full of both kinds of English."""
    for argv in (["validate", "--help"], ["simulate", "--help"], ["validate"], ["verify", "--help"]):
        _code, text = run(*argv, "--lang", "en")
        assert english_left(text) and english_sentences(text), argv
    files = record_files(tmp_path)
    _code, text = run("replay", files["good"], "--index", "4", "--lang", "en")
    assert english_sentences(text), text


def _argparse_words() -> set[str | tuple[str, str]]:
    """Every word of the running Python's argparse (its ``_()`` and ``ngettext()`` calls)."""
    from babel.messages.extract import extract_python

    found: set[str | tuple[str, str]] = set()
    with open(argparse.__file__, "rb") as fh:
        for _line, _func, message, _comments in extract_python(fh, {"_": None, "ngettext": (1, 2)}, [], {}):
            if isinstance(message, str):
                found.add(message)
            elif message and message[0] is not None and message[1] is not None:
                found.add((message[0], message[1]))
    return found


def test_every_argparse_word_a_user_meets_is_in_the_catalogs() -> None:
    words = _argparse_words()
    assert "usage: " in words and len(words) > 25
    ours: set[str | tuple[str, str]] = {*ARGPARSE_MESSAGES, *ARGPARSE_PLURALS}
    assert not words - ours - PROGRAMMER_WORDS, sorted(map(str, words - ours - PROGRAMMER_WORDS))


def test_argparse_is_as_it_was_outside_the_block_and_each_thread_keeps_its_language() -> None:
    before = vars(argparse)["_"], vars(argparse)["ngettext"]
    seen: dict[str, str] = {}
    barrier = threading.Barrier(2)

    def work(lang: str) -> None:
        with language(lang), argparse_words():
            barrier.wait(timeout=10)
            seen[lang] = argparse.ArgumentParser(prog="x").format_usage()
            barrier.wait(timeout=10)

    threads = [threading.Thread(target=work, args=(lang,)) for lang in ("de", "el")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert seen == {"de": "Aufruf: x [-h]\n", "el": "χρήση: x [-h]\n"}
    assert (vars(argparse)["_"], vars(argparse)["ngettext"]) == before
    assert argparse.ArgumentParser(prog="x").format_usage() == "usage: x [-h]\n"
