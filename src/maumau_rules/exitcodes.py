"""The exit codes of the ``maumau`` command: one stable code per kind of outcome, for scripts and CI.

Error messages go to standard error; standard output carries only what the command was asked to print (a
report, a replay, ``--json`` documents), so it can be piped. When several outcomes apply (``validate`` on
many files), the command exits with the highest code.

>>> ExitCode.INPUT.value, ExitCode(1).name
(3, 'INVALID')
"""

from __future__ import annotations

import enum

from .i18n import N_
from .i18n import gettext as _

__all__ = ["ExitCode", "describe_exit_codes"]


class ExitCode(enum.IntEnum):
    """What a ``maumau`` run ended with."""

    OK = 0
    """Done: every record checked is valid, the replay reached its end, the game or listing finished."""
    INVALID = 1
    """A record was read but is not a valid game: a move breaks a rule, the setup or result is wrong, or a
    field is malformed (``validate``, ``replay``)."""
    USAGE = 2
    """The command line is wrong: an unknown command or option, a missing argument, an unknown variant, or a
    record index the file does not have."""
    INPUT = 3
    """A file cannot be used at all: it is missing or unreadable, too large, not UTF-8, or not JSON; or a
    file cannot be written (``play --save``)."""
    INTERRUPTED = 130
    """Stopped with Ctrl-C."""


def describe_exit_codes() -> str:
    """The exit codes as a short text block, for ``maumau --help``.

    >>> print(describe_exit_codes().splitlines()[2])
      1    INVALID      a record is not a valid game (a move breaks a rule, a wrong setup or result)
    """
    # the words in the current language; the codes and their names are the API, the same in every language
    lines = [_("exit codes (errors go to standard error; several outcomes: the highest code):")]
    lines += [f"  {code.value:<4} {code.name:<12} {_(_DOCS[code])}" for code in ExitCode]
    return "\n".join(lines)


_DOCS = {
    ExitCode.OK: N_("done (all records valid, replay complete, game or listing finished)"),
    ExitCode.INVALID: N_("a record is not a valid game (a move breaks a rule, a wrong setup or result)"),
    ExitCode.USAGE: N_("wrong command line (unknown command, option, variant or record index)"),
    ExitCode.INPUT: N_("a file cannot be used (missing, unreadable, too large, not UTF-8, not JSON, not writable)"),
    ExitCode.INTERRUPTED: N_("stopped with Ctrl-C"),
}
