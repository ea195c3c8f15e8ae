"""Stable reason codes and verdicts: why a move is accepted or rejected.

A client can switch on :class:`Reason`; the values are stable strings and are never reused.

>>> v = Verdict.reject(Reason.NOT_YOUR_TURN, "R_TURN_ORDER", "it is seat 2's turn")
>>> v.ok, v.reason.value, v.rule_id
(False, 'not_your_turn', 'R_TURN_ORDER')
>>> Verdict.accept().ok
True
"""

from __future__ import annotations

import enum
from typing import Final

import attrs

__all__ = ["Reason", "Verdict"]


class Reason(enum.Enum):
    """Why a move was accepted or rejected. Values are stable and part of the public API.

    >>> Reason("does_not_match")
    <Reason.DOES_NOT_MATCH: 'does_not_match'>
    """

    OK = "ok"
    """The move is legal."""
    GAME_OVER = "game_over"
    """The round has ended; no move is legal."""
    NOT_YOUR_TURN = "not_your_turn"
    """The move was made for a seat that is not to act."""
    STALE_STATE = "stale_state"
    """The move was made against an earlier version of the game (turn counter mismatch)."""
    WRONG_VARIANT = "wrong_variant"
    """The card or state belongs to another variant (e.g. a card that is not in this deck)."""
    CARD_NOT_IN_HAND = "card_not_in_hand"
    """The player does not hold the card."""
    DOES_NOT_MATCH = "does_not_match"
    """The card matches neither the suit nor the rank of the top card."""
    MUST_FOLLOW_WISH = "must_follow_wish"
    """A suit was wished; the card is not of that suit."""
    WILD_ON_WILD = "wild_on_wild"
    """A wild card may not be played on a wild card of the same rank (no Jack on Jack)."""
    WILD_BLOCKED = "wild_blocked"
    """The wild card may not be played on the card the previous player just played."""
    WISH_REQUIRED = "wish_required"
    """A wild card that names a suit was played without a wish."""
    WISH_NOT_ALLOWED = "wish_not_allowed"
    """A wish was given with a card that does not name a suit, or names a suit that may not be wished."""
    MUST_ANSWER_DRAW = "must_answer_draw"
    """A draw penalty is pending: stack a penalty card, cancel it, or draw."""
    MUST_ANSWER_SKIP = "must_answer_skip"
    """A skip is pending: answer with a skip card or pass."""
    MUST_PLAY_DRAWN = "must_play_drawn"
    """After drawing, only the drawn card may be played (or pass)."""
    MUST_CONTINUE_SERIES = "must_continue_series"
    """Within a series only cards of the series rank may follow (or pass)."""
    FINISH_FORBIDDEN = "finish_forbidden"
    """This card may not be played as the last card."""
    DRAW_NOT_ALLOWED = "draw_not_allowed"
    """Drawing is not allowed now (nothing to draw, or already drawn this turn)."""
    PASS_NOT_ALLOWED = "pass_not_allowed"
    """Passing is not allowed now; play or draw."""
    CALL_NOT_DUE = "call_not_due"
    """No call is due with this play (a call is made with the play that leaves one card), or the variant has none.
    (With a call due, the wrong word is a legal mistake that can be called out.)"""
    NOTHING_TO_CALL_OUT = "nothing_to_call_out"
    """That seat made every call that was due, or the window has closed."""
    MUST_DECIDE_FINISH = "must_decide_finish"
    """A player went out without the call he needed: call him out, or let the win stand (pass)."""
    RULE_FORBIDS = "rule_forbids"
    """A rule of the variant forbids this card now (the verdict names the rule; house rules use it)."""
    NOT_A_MOVE = "not_a_move"
    """The object is not a move of this library."""
    MUST_FOLLOW_SUIT = "must_follow_suit"
    """Trick games (Malilla): the player holds a card of the suit led and must play one."""
    MUST_BEAT = "must_beat"
    """Trick games (Malilla): an opponent is winning the trick with the suit led and the player can beat him."""
    MUST_TRUMP = "must_trump"
    """Trick games (Malilla): the player cannot follow suit, an opponent is winning, and he must trump (or play a
    higher trump than the opponent's)."""
    FORBIDDEN_SEVEN = "forbidden_seven"
    """Malilla: the 7 of a side suit that has not been led may not be thrown away (R_MAL_SEVEN)."""
    REDEAL_PENDING = "redeal_pending"
    """Malilla: the question about a new deal comes first: ask for it (or agree) with ``redeal``, or ``pass``."""
    REDEAL_NOT_ALLOWED = "redeal_not_allowed"
    """Malilla: a new deal cannot be asked for now (no suit long enough, or play has begun)."""


@attrs.frozen
class Verdict:
    """The answer of :func:`~maumau_rules.check`: legal or not, why, and which rule decided.

    >>> Verdict.accept()
    Verdict(ok=True, reason=<Reason.OK: 'ok'>, rule_id='', message='legal')
    """

    ok: bool
    """Whether the move is legal."""
    reason: Reason
    """The stable reason code."""
    rule_id: str
    """The ID of the rule that decided (``R_...``); empty when legal."""
    message: str
    """A human-readable, lowercase explanation that quotes the move."""

    @classmethod
    def accept(cls) -> Verdict:
        """The verdict for a legal move.

        >>> Verdict.accept().reason
        <Reason.OK: 'ok'>
        """
        return _OK

    @classmethod
    def reject(cls, reason: Reason, rule_id: str, message: str) -> Verdict:
        """A rejection with its reason, deciding rule and message.

        >>> Verdict.reject(Reason.GAME_OVER, "R_END", "the round is over").ok
        False
        """
        return cls(False, reason, rule_id, message)

    def message_in(self, lang: str | None = None) -> str:
        """The message in ``lang`` (default: the language of the current context, see
        :func:`maumau_rules.i18n.language`); the reason code and the rule ID are the same in every language.

        Raises:
            ArgumentError: ``lang`` names no language with a catalog.

        >>> from maumau_rules import Pass, check, new_game
        >>> v = check(new_game("standard", players=3, seed=42), Pass())
        >>> v.message_in("de").split(": ", 1)[1]
        'spiele eine Karte oder ziehe; Passen ist jetzt nicht erlaubt'
        >>> v.message_in("en") == v.message, v.reason.value
        (True, 'pass_not_allowed')
        """
        from .i18n import gettext, translate_message

        if self.ok:
            return gettext("legal", lang)
        return translate_message(self.message, lang)

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict.

        >>> Verdict.accept().to_json()
        {'ok': True, 'reason': 'ok', 'rule_id': '', 'message': 'legal'}
        """
        return {"ok": self.ok, "reason": self.reason.value, "rule_id": self.rule_id, "message": self.message}


_OK: Final = Verdict(True, Reason.OK, "", "legal")
