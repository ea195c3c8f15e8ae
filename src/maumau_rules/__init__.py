"""maumau_rules: a typed, side-effect-free rules engine for Mau-Mau and its family of games.

>>> from maumau_rules import find_variant, new_game, legal_moves, check, apply, view
>>> s = new_game(find_variant("standard"), players=3, seed=42)
>>> move = legal_moves(s)[0]
>>> check(s, move).ok
True
>>> s2 = apply(s, move)
>>> s2.turn
1
"""

from typing import TYPE_CHECKING, Any

from . import _compat
from . import families as _families
from .cards import JOKER, Card, Rank, Suit, parse_cards
from .deck import FRENCH_36, FRENCH_52, SKAT_32, SPANISH_40, DeckSpec
from .errors import IllegalMoveError, MauMauError, NotationError, VariantError
from .families import GameFamily as GameFamily
from .families import family_of as family_of
from .families import public_name
from .game import apply, call_due, check, is_legal, legal_moves, new_game, open_windows
from .moves import Call, CallOut, Draw, Move, Pass, Play, Redeal, parse_move
from .reasons import Reason, Verdict
from .scoring import Match, next_round, round_points, start_match
from .state import Deal, EndReason, StateError, Window
from .variants import Variant, available_variants, diff_variants, find_variant, load_variant
from .views import public_view, view

__version__ = "0.1.0"

__all__ = [
    "FRENCH_36",
    "FRENCH_52",
    "JOKER",
    "SKAT_32",
    "SPANISH_40",
    "Call",
    "CallOut",
    "Card",
    "Deal",
    "DeckSpec",
    "Draw",
    "EndReason",
    "IllegalMoveError",
    "Match",
    "MauMauError",
    "Move",
    "NotationError",
    "Pass",
    "Play",
    "Rank",
    "Reason",
    "Redeal",
    "StateError",
    "Suit",
    "Variant",
    "VariantError",
    "Verdict",
    "Window",
    "apply",
    "available_variants",
    "call_due",
    "check",
    "diff_variants",
    "find_variant",
    "is_legal",
    "legal_moves",
    "load_variant",
    "new_game",
    "next_round",
    "open_windows",
    "parse_cards",
    "parse_move",
    "public_view",
    "round_points",
    "start_match",
    "view",
]
__all__ += _families.__all__  # the registry and the families' public types (GameFamily.exports)


def __getattr__(name: str) -> Any:
    """The public names the families add (:attr:`~maumau_rules.families.GameFamily.exports`), e.g. a family's
    state class.

    >>> import maumau_rules
    >>> name = family_of(find_variant("malilla")).state_type.__name__
    >>> getattr(maumau_rules, name) is family_of(find_variant("malilla")).state_type
    True
    """
    if name in _families.__all__:  # the registry's names, the built-in families' types among them
        return getattr(_families, name)
    return public_name(name, registered_only=True)  # a family registered from outside the library


if TYPE_CHECKING:  # the families' public types, for type checkers; at run time __getattr__ serves them on first use
    from .families import *  # noqa: F403

_compat.install()
