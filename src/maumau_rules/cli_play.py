"""What the terminal games of every family share (``maumau play``): colours, hands and moves in one line, verdicts
and errors in the player's words, the words a player may type, the help and the "another round?" question. Each
family's terminal game is in its package (its :meth:`~maumau_rules.families.GameFamily.play`).

>>> from maumau_rules import Card
>>> [str(c) for c in sorted_hand([Card.parse("Ah"), Card.parse("7c")])]
['7♣', 'A♥']
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from ._compat import moved_attr
from .cards import Card
from .errors import MauMauError
from .i18n import gettext as _
from .i18n import match_message, translate_message
from .moves import Move
from .reasons import Reason, Verdict
from .variants import Variant

__all__ = ["Colours", "error_text", "moves_line", "sorted_hand", "terminal_help", "verdict_text", "wants_another"]


class Colours:
    """ANSI colours for suits and emphasis, or none (``enabled=False``: not a terminal, or ``NO_COLOR``).

    >>> Colours(True).suits("7♥ 8♣").startswith("\\x1b[31m"), Colours(False).suits("7♥")
    (True, '7♥')
    """

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled

    @staticmethod
    def wanted(choice: str, out: TextIO) -> bool:
        """Whether to colour: ``always``, ``never``, or ``auto`` (a terminal, and ``NO_COLOR`` unset).

        >>> import io
        >>> Colours.wanted("auto", io.StringIO()), Colours.wanted("always", io.StringIO())
        (False, True)
        """
        if choice != "auto":
            return choice == "always"
        isatty = getattr(out, "isatty", None)
        return bool(isatty and isatty()) and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"

    def suits(self, text: str) -> str:
        """``text`` with red hearts and diamonds (cards and suit symbols).

        >>> Colours(False).suits("J♦")
        'J♦'
        """
        if not self.enabled:
            return text
        return re.sub(r"((?:10|[2-9JQKA])?[♥♦])", "\x1b[31m\\1\x1b[0m", text)

    def bold(self, text: str) -> str:
        """``text`` in bold.

        >>> Colours(True).bold("you")
        '\\x1b[1myou\\x1b[0m'
        """
        return f"\x1b[1m{text}\x1b[0m" if self.enabled else text


def sorted_hand(hand: Sequence[Card]) -> list[Card]:
    """A hand as the terminal shows it: by suit, then by rank (a drawn card takes its place, not the end).

    >>> from maumau_rules import parse_cards
    >>> [str(c) for c in sorted_hand(parse_cards("Kh 7c 9h 8c"))]
    ['7♣', '8♣', '9♥', 'K♥']
    """
    return sorted(hand, key=lambda c: c.sort_key)


def verdict_text(verdict: Verdict, human: int | None = None) -> str:
    """A refusal as the terminal shows it to the player who made the move: the reason in the current language,
    without the "by player N" that a server log needs (the player knows it was his move), then its reason code
    and rule ID, which are the same in every language.

    >>> from maumau_rules import Pass, check, new_game
    >>> verdict_text(check(new_game("standard", players=2, seed=3), Pass()))
    "'pass': play a card or draw; passing is not allowed now [pass_not_allowed, R_DRAW]"
    """
    text = translate_message(verdict.message, values=None if human is None else {"seat": _("you")})
    found = match_message(verdict.message)
    if found is not None and found[0] == "illegal move {move} by player {seat}: {DETAIL}":
        detail = found[1]["DETAIL"]
        if verdict.reason is Reason.CARD_NOT_IN_HAND:
            inner = match_message(detail)
            card = inner[1]["card"] if inner is not None else detail
            text = _("you do not hold {card}").format(card=card)
        else:
            text = translate_message(detail)
        text = f"{found[1]['move']}: {text}"
    return f"{text} [{verdict.reason.value}, {verdict.rule_id}]"


def error_text(exc: MauMauError) -> str:
    """An error (a move that does not parse, a card that is no card) in the current language.

    >>> from maumau_rules import parse_move
    >>> try:
    ...     parse_move("rules")
    ... except MauMauError as exc:
    ...     error_text(exc).startswith("unknown move 'rules'")
    True
    """
    return translate_message(str(exc))


def moves_line(moves: Sequence[Move]) -> str:
    """The legal moves as the player types them, one entry per move (``J♣>♣ · J♣>♠ · ... · draw``): each entry
    is a move's notation, so that copying it plays that move (:func:`~maumau_rules.moves.parse_move`).

    >>> from maumau_rules import new_game, legal_moves
    >>> moves_line(legal_moves(new_game("standard", players=2, seed=3)))
    '8♣ · 7♠ · K♠ · J♦>♣ · J♦>♠ · J♦>♥ · J♦>♦ · draw'
    """
    return " · ".join(str(m) for m in moves)


_COMMAND_WORDS: dict[str, tuple[str, ...]] = {
    "quit": ("quit", "exit", "q"), "help": ("help", "?", "h", "moves"), "score": ("score",), "yes": ("y", "yes"),
    "no": ("n", "no")}


def _words_for(command: str) -> tuple[str, ...]:
    """What the player may type for ``command``: the English words, and the current language's (its catalog lists
    them, separated by spaces: "quit" in German is "ende beenden")."""
    local = {"quit": _("quit exit"), "help": _("help"), "score": _("score"), "yes": _("yes y"), "no": _("no n")}
    return (*_COMMAND_WORDS[command], *local[command].lower().split())


def terminal_help(v: Variant) -> list[str]:
    """The terminal's help for ``v`` (after the legal moves): how to type a move, then what the rules say, from its
    family's explainer (:func:`maumau_rules.explain.terminal_help`).

    >>> from maumau_rules import find_variant
    >>> any("rank order" in line for line in terminal_help(find_variant("malilla")))
    True
    """
    from .explain import terminal_help as family_help

    return family_help(v)


def wants_another(read: Callable[[str], str], what: str) -> bool:
    """Ask the player whether to play another ``what`` (round, hand): yes unless he answers no or quits, or the
    input ends.

    >>> wants_another(lambda prompt: "", "round"), wants_another(lambda prompt: "n", "hand")
    (True, False)
    """
    try:
        prompt = _("next round? [Y/n] ") if what == "round" else _("next hand? [Y/n] ")
        answer = read(prompt).strip().lower()
        return answer not in _words_for("no") and answer not in _words_for("quit")
    except EOFError:
        return False


def __getattr__(name: str) -> Any:
    """Names that moved into a family's package (Mau-Mau's ``describe_move``, ``play_command``): served for one
    release with a :class:`DeprecationWarning` (docs/stability.rst).

    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")
    ...     from maumau_rules.cli_play import describe_move
    >>> callable(describe_move)
    True
    """
    return moved_attr(__name__, name)
