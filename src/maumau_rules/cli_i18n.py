"""The ``maumau`` command's own words in the players' languages: argparse's usage, help and error words through
the library's catalogs.

argparse writes its words (``usage:``, ``options``, ``the following arguments are required: ...``) through
:func:`gettext.gettext`, which reads the process's global text domain. The ``maumau`` command does not change that
domain (a program that embeds the command keeps its own); inside :func:`argparse_words` argparse's two gettext
functions read the language of the current context (:func:`maumau_rules.i18n.language`) from our catalogs instead:
each thread and task sees its own language, English is argparse's text itself, and a word our catalogs lack comes
from the standard gettext as before. On leaving the last block argparse is as it was.

:data:`ARGPARSE_MESSAGES` lists argparse's words that a user of the command can meet, as Python 3.11 to 3.13 write
them (``tests/i18n/test_cli_i18n.py`` fails on a word of the running Python's argparse that is missing here); the
words that only a programmer meets (a parser built wrong) are left in English.

>>> import argparse, io
>>> from maumau_rules.i18n import language
>>> with language("de"), argparse_words():
...     argparse.ArgumentParser(prog="maumau").format_usage()
'Aufruf: maumau [-h]\\n'
>>> argparse.ArgumentParser(prog="maumau").format_usage()
'usage: maumau [-h]\\n'
"""

from __future__ import annotations

import argparse
import gettext as _stdlib_gettext
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Final

from .i18n import N_, current_language, gettext, ngettext

__all__ = ["ARGPARSE_MESSAGES", "ARGPARSE_PLURALS", "N_plural", "argparse_words"]

ARGPARSE_MESSAGES: Final = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("subcommands"),
    N_("%(heading)s:"),
    N_(" (default: %(default)s)"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("%(prog)s: warning: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unexpected option string: %s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
    N_("command '%(parser_name)s' is deprecated"),
    N_("option '%(option)s' is deprecated"),
    N_("argument '%(argument_name)s' is deprecated"),
)
"""argparse's words that a user of the command meets (usage, help and errors), as catalog entries."""



def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message with plural forms for the catalogs (``scripts/i18n.py`` extracts both forms).

    >>> N_plural("expected %s argument", "expected %s arguments")
    ('expected %s argument', 'expected %s arguments')
    """
    return singular, plural


ARGPARSE_PLURALS: Final = (
    N_plural("expected %s argument", "expected %s arguments"),
)
"""argparse's words with plural forms, as catalog entries."""

_lock = threading.Lock()
_depth = 0
_saved: tuple[object, object] | None = None


def _argparse_gettext(message: str) -> str:
    """argparse's ``_``: the current context's language from our catalogs, else the standard gettext."""
    if current_language() != "en":
        translated = gettext(message)
        if translated != message:
            return translated
    return _stdlib_gettext.gettext(message)


def _argparse_ngettext(singular: str, plural: str, n: int) -> str:
    """argparse's ``ngettext``, the same way."""
    if current_language() != "en":
        translated = ngettext(singular, plural, n)
        if translated not in (singular, plural):
            return translated
    return _stdlib_gettext.ngettext(singular, plural, n)


@contextmanager
def argparse_words() -> Iterator[None]:
    """Inside the block, argparse writes its words in the current context's language (the blocks may nest and
    run in several threads at once; the last one to leave puts argparse back as it was).

    >>> import argparse, io
    >>> from maumau_rules.i18n import language
    >>> with language("tr"), argparse_words():
    ...     "seçenekler" in argparse.ArgumentParser(prog="x").format_help()
    True
    """
    global _depth, _saved
    with _lock:
        if _depth == 0:
            names = vars(argparse)  # (argparse's own module globals; its stub does not declare them)
            _saved = (names["_"], names["ngettext"])
            names["_"], names["ngettext"] = _argparse_gettext, _argparse_ngettext
        _depth += 1
    try:
        yield
    finally:
        with _lock:
            _depth -= 1
            if _depth == 0 and _saved is not None:
                vars(argparse)["_"], vars(argparse)["ngettext"] = _saved
                _saved = None
