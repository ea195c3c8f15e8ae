"""The ``maumau`` command: play in the terminal against the computer, or watch bots play; compare variants;
validate and replay game records (:mod:`maumau_rules.cli_records`).

Errors go to standard error and every outcome has its exit code (:class:`~maumau_rules.exitcodes.ExitCode`:
0 done, 1 an invalid record, 2 a usage error, 3 a file that cannot be used, 130 interrupted).

>>> import io
>>> main(["play", "--bots-only", "--players", "2", "--seed", "1", "--rounds", "1", "--quiet"], out=io.StringIO())
0
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import shutil
import sys
import textwrap
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TextIO

import attrs

from . import __version__
from ._compat import moved_attr
from .cli_i18n import argparse_words
from .cli_play import error_text
from .cli_records import parse_args, variant_argument
from .errors import MauMauError
from .exitcodes import ExitCode, describe_exit_codes
from .explain import card_help, rules_text
from .families import family_of
from .i18n import LANGUAGES, language, ngettext, normalize_language
from .i18n import gettext as _
from .variants import Difference, Variant, available_variants, diff_variants, find_variant, format_value

__all__ = ["diff_table", "language_from_environment", "main"]


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, as gettext reads it: the first of ``LANGUAGE`` (a list such as
    ``sr:de``) that has a catalog, unless the locale is ``C``; else ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, the
    first that is set; English when none names a language with a catalog. Only the ``maumau`` command reads the
    environment: the library takes its language from the call (:mod:`maumau_rules.i18n`).

    >>> language_from_environment({"LANGUAGE": "xx:el", "LANG": "de_DE.UTF-8"})
    'el'
    >>> language_from_environment({"LC_ALL": "tr_TR.UTF-8", "LANG": "de_DE.UTF-8"})
    'tr'
    >>> language_from_environment({"LC_ALL": "C", "LANGUAGE": "de"}), language_from_environment({})
    ('en', 'en')
    """
    env = os.environ if environ is None else environ
    locale_value = next((env[k] for k in ("LC_ALL", "LC_MESSAGES", "LANG") if env.get(k)), "")
    candidates = [] if locale_value in ("C", "POSIX") else env.get("LANGUAGE", "").split(":")
    candidates.append(locale_value)
    for name in candidates:
        if not name:
            continue
        try:
            return normalize_language(name)
        except MauMauError:
            continue
    return "en"


def _wanted_language(argv: Sequence[str]) -> str | None:
    """The ``--lang`` of a command line (read before the parser is built: its help is in that language)."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return None


def _cmd_play(args: argparse.Namespace, read: Callable[[str], str], out: TextIO) -> int:
    try:
        v = variant_argument(args.variant)
    except MauMauError as exc:
        print(f"maumau play: {error_text(exc)}", file=_err(args))
        return int(ExitCode.USAGE)
    return family_of(v).play(v, args, read, out)  # each family has its own terminal loop


def _cmd_rules(args: argparse.Namespace, read: Callable[[str], str], out: TextIO) -> int:
    try:
        v = variant_argument(args.variant)
        if args.card:
            for card in args.card:
                print(card_help(v, card), file=out)
            return int(ExitCode.OK)
    except MauMauError as exc:
        print(f"maumau rules: {error_text(exc)}", file=_err(args))
        return int(ExitCode.USAGE)
    width = args.width or min(100, shutil.get_terminal_size((88, 24)).columns)
    print(rules_text(v, width=width), file=out, end="")
    return int(ExitCode.OK)


def _err(args: argparse.Namespace) -> TextIO:
    err = getattr(args, "err", None)
    return err if err is not None else sys.stderr


def _cmd_variants(args: argparse.Namespace, read: Callable[[str], str], out: TextIO) -> int:
    for v in available_variants():
        lo, hi = v.players
        aliases = ", ".join(v.aliases)
        print(f"{v.id:16} {_(v.name)}  [" + _("{lo}-{hi} players").format(lo=lo, hi=hi) + f", {v.deck}]"
              + (_("  aliases: {aliases}").format(aliases=aliases) if aliases else ""), file=out)
    return 0


def _records_cli() -> Any:
    """The record tools (``validate``, ``replay``, saving), when that module is present."""
    try:
        return importlib.import_module("maumau_rules.cli_records")
    except ImportError:  # pragma: no cover - records tools not installed
        return None


def _cmd_diff(args: argparse.Namespace, read: Callable[[str], str], out: TextIO) -> int:
    try:
        a, b = variant_argument(args.a), variant_argument(args.b)
    except MauMauError as exc:
        print(f"maumau diff: {error_text(exc)}", file=_err(args))
        return int(ExitCode.USAGE)
    width = args.width or shutil.get_terminal_size((100, 24)).columns
    print(diff_table(a, b, width=width), file=out)
    return int(ExitCode.OK)


def diff_table(a: Variant | str, b: Variant | str, *, width: int = 100) -> str:
    """How two variants differ, as an aligned table for a terminal ``width`` columns wide.

    Long values wrap inside their column; a list of specs (draw cards, wild cards) puts one per line and names
    only the settings that differ from their defaults.

    >>> print(diff_table("prsi", "mau-king", width=72))  # doctest: +ELLIPSIS
    prsi vs mau-king: 24 differences
    <BLANKLINE>
    aspect                     prsi                   mau-king
    -------------------------  ---------------------  ---------------------
    deck                       french-32              french-52 x2
    players                    2–5                    2–8
    ...
    R_DRAW_PENALTY.penalties   7 (amount=2)           7 (amount=2)
                                                      2♣ (amount=4,
                                                        target=previous,
                                                        defendable=false)
    ...
    """
    va, vb = find_variant(a) if isinstance(a, str) else a, find_variant(b) if isinstance(b, str) else b
    rows = [_diff_row(d) for d in diff_variants(va, vb)]
    n = len(rows)
    lines = [ngettext("{a} vs {b}: {n} difference", "{a} vs {b}: {n} differences", n).format(a=va.id, b=vb.id, n=n)]
    if not rows:
        return lines[0]
    aspect = _("aspect")
    first = max(len(r[0]) for r in [*rows, (aspect, [], [])])
    rest = max(12, (width - first - 4) // 2)
    lines += ["", f"{aspect:<{first}}  {va.id:<{rest}}  {vb.id}".rstrip(), f"{'-' * first}  {'-' * rest}  {'-' * rest}"]
    for what, left, right in rows:
        col0 = [what]
        col1 = [w for v in left for w in textwrap.wrap(v, rest, subsequent_indent="  ", break_on_hyphens=False)]
        col2 = [w for v in right for w in textwrap.wrap(v, rest, subsequent_indent="  ", break_on_hyphens=False)]
        for i in range(max(len(col0), len(col1), len(col2))):
            cells = [c[i] if i < len(c) else "" for c in (col0, col1, col2)]
            lines.append(f"{cells[0]:<{first}}  {cells[1]:<{rest}}  {cells[2]}".rstrip())
    return "\n".join(lines)


def _diff_row(d: Difference) -> tuple[str, list[str], list[str]]:
    what = d.aspect if d.aspect in ("family", "deck", "players") else d.rule_id + (f".{d.param}" if d.param else "")
    return what, _value_lines(d.aspect, d.left), _value_lines(d.aspect, d.right)


def _value_lines(aspect: str, value: object) -> list[str]:
    """A value as display lines: players as ``2–5``, one line per spec of a list, card values joined."""
    if aspect == "players" and isinstance(value, tuple) and len(value) == 2:
        return [f"{value[0]}–{value[1]}"]
    if isinstance(value, tuple) and value and all(attrs.has(type(v)) for v in value):
        return [_spec_text(v) for v in value]
    if isinstance(value, tuple) and value and all(isinstance(v, tuple) and len(v) == 2 for v in value):
        return [format_value(value).replace(", ", " ").replace("=", " ")]
    return [format_value(value)]


def _spec_text(spec: Any) -> str:
    """``2♣ (amount=4, target=previous)``: the cards, the amount, then the settings that differ from their defaults."""
    fields = attrs.fields(type(spec))
    head = format_value(getattr(spec, fields[0].name))
    extra = [f"{f.name}={format_value(getattr(spec, f.name))}" for f in fields[1:]
             if f.name == "amount" or f.default is attrs.NOTHING
             or isinstance(f.default, attrs.Factory)  # type: ignore[arg-type]
             or getattr(spec, f.name) != f.default]
    return head + (f" ({', '.join(extra)})" if extra else "")


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="maumau", description=_("Mau-Mau in the terminal, and tools for game records."),
                                epilog=describe_exit_codes(), formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--version", action="store_true", help=_("print the version (maumau_rules X.Y.Z) and exit"))
    lang_help = _("the language of the texts: {languages} (default: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG)"
                  ).format(languages=", ".join(LANGUAGES))
    p.add_argument("--lang", default=None, help=lang_help)
    sub = p.add_subparsers(dest="command")
    play = sub.add_parser("play", help=_("play against the computer (or watch bots with --bots-only)"))
    play.add_argument("--variant", default="standard",
                      help=_("variant name or alias (see 'maumau variants'), a variant file (.toml), or a Python "
                             "file of house rules (.py, its VARIANT; or FILE.py:NAME)"))
    play.add_argument("--players", type=int, default=None,
                      help=_("number of players, you included (default 3; Malilla: 4)"))
    play.add_argument("--seed", type=int, default=None, help=_("random seed (default: a fresh one)"))
    play.add_argument("--bots-only", action="store_true", help=_("computer players only; print every turn"))
    play.add_argument("--bot", choices=("heuristic", "random"), default="heuristic", help=_("computer player kind"))
    play.add_argument("--mixed", action="store_true", help=_("seat 1 plays randomly, the others by heuristics"))
    play.add_argument("--rounds", type=int, default=0, help=_("stop after this many rounds (0: play the match out)"))
    play.add_argument("--quiet", action="store_true", help=_("print only round results"))
    play.add_argument("--save", default=None, help=_("save the game record to this JSON file"))
    play.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                      help=_("colour the suits (auto: on a terminal, unless NO_COLOR is set)"))
    play.add_argument("--lang", default=argparse.SUPPRESS, help=lang_help)
    play.set_defaults(func=_cmd_play)
    rules = sub.add_parser("rules", help=_("print a variant's rules, or what a card does in it"))
    rules.add_argument("variant", help=_("variant name or alias, or a variant file"))
    rules.add_argument("--card", action="append", help=_("say what this card does (e.g. 8d); may be repeated"))
    rules.add_argument("--width", type=int, default=0, help=_("line width (default: the terminal's, at most 100)"))
    rules.add_argument("--lang", default=argparse.SUPPRESS, help=lang_help)
    rules.set_defaults(func=_cmd_rules)
    variants = sub.add_parser("variants", help=_("list the variants"))
    variants.add_argument("--lang", default=argparse.SUPPRESS, help=lang_help)
    variants.set_defaults(func=_cmd_variants)
    diff = sub.add_parser("diff", help=_("show how two variants differ, rule by rule"))
    diff.add_argument("a", help=_("first variant"))
    diff.add_argument("b", help=_("second variant"))
    diff.add_argument("--width", type=int, default=0, help=_("table width in columns (default: the terminal's)"))
    diff.add_argument("--lang", default=argparse.SUPPRESS, help=lang_help)
    diff.set_defaults(func=_cmd_diff)
    records = _records_cli()
    if records is not None:
        records.add_subcommands(sub)
    from .cli_simulate import add_subcommand as add_simulate

    add_simulate(sub)
    for command in sub.choices.values():  # every subcommand takes --lang after its name too
        if not any("--lang" in action.option_strings for action in command._actions):
            command.add_argument("--lang", default=argparse.SUPPRESS, help=lang_help)
    return p


def main(argv: Sequence[str] | None = None, *, read: Callable[[str], str] = input, out: TextIO | None = None,
         err: TextIO | None = None) -> int:
    """Run the ``maumau`` command; returns the exit status (:class:`~maumau_rules.exitcodes.ExitCode`).

    Output goes to ``out`` (standard output), errors and usage messages to ``err`` (standard error).

    >>> import io
    >>> buf = io.StringIO()
    >>> main(["variants"], out=buf), "standard" in buf.getvalue()
    (0, True)
    >>> main(["--version"], out=buf) == 0 and buf.getvalue().split()[-2:] == ["maumau_rules", __version__]
    True
    >>> main(["diff", "standard"], out=io.StringIO(), err=io.StringIO())
    2
    """
    stream = out if out is not None else sys.stdout
    errors = err if err is not None else sys.stderr
    argv = list(sys.argv[1:] if argv is None else argv)
    wanted = _wanted_language(argv)
    try:
        lang = language_from_environment() if wanted is None else normalize_language(wanted)
    except MauMauError as exc:
        print(f"maumau: {exc}", file=errors)
        return int(ExitCode.USAGE)
    with language(lang), argparse_words():  # argparse's own words (usage, options, errors) in the language too
        return _main(argv, read, stream, errors)


def _main(argv: list[str], read: Callable[[str], str], stream: TextIO, errors: TextIO) -> int:
    args = parse_args(_parser(), argv, stream, errors)
    if isinstance(args, int):
        return args
    if args.version:
        print(f"maumau_rules {__version__}", file=stream)
        return int(ExitCode.OK)
    if args.command is None:
        args = parse_args(_parser(), ["play", *argv], stream, errors)
        if isinstance(args, int):
            return args
    if getattr(args, "seed", 0) is None:
        import secrets

        args.seed = secrets.randbelow(1_000_000)
    args.out, args.err = stream, errors
    try:
        if args.command in ("play", "variants", "diff", "rules"):
            result: int = args.func(args, read, stream)
        else:
            result = args.func(args)
    except KeyboardInterrupt:
        print("\nmaumau: " + _("interrupted"), file=errors)
        return int(ExitCode.INTERRUPTED)
    except BrokenPipeError:  # the reader stopped reading (``maumau replay g.json | head``): not an error
        _quiet_stdout(stream)
        return int(ExitCode.OK)
    return result


def _quiet_stdout(stream: TextIO) -> None:
    """After a broken pipe, point standard output at /dev/null so that Python's final flush stays silent."""
    if stream is sys.stdout:
        import os

        with contextlib.suppress(OSError, ValueError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())


if __name__ == "__main__":
    raise SystemExit(main())


def __getattr__(name: str) -> Any:
    """Names that moved into a family's package (Mau-Mau's ``describe_move``, ``play_command``): served for one
    release with a :class:`DeprecationWarning` (docs/stability.rst).

    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")
    ...     from maumau_rules.cli import describe_move
    >>> callable(describe_move)
    True
    """
    return moved_attr(__name__, name)
