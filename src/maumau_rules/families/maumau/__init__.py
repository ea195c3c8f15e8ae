"""Mau-Mau, the first family of our sources: the shedding games (Mau-Mau, Crazy Eights, Pesten, Macau ...)
played by one engine that runs each variant's compiled plan (:mod:`maumau_rules.rules`).

=================================================  ======================================================
Module                                             What
=================================================  ======================================================
:mod:`maumau_rules.families.maumau.rules`          the ``R_...`` rule objects of the shedding games
:mod:`maumau_rules.families.maumau.effects`        what a card does when it is played: small named operations
:mod:`maumau_rules.families.maumau.plan`           a variant's rules compiled into one plan
:mod:`maumau_rules.families.maumau.turn`           the mutable scratch of one transition, which effects act on
:mod:`maumau_rules.families.maumau.tables`         the plan as flat tables, for the batch engine
:mod:`maumau_rules.families.maumau.state`          :class:`~.state.GameState`, one round as a frozen value
:mod:`maumau_rules.families.maumau.engine`         the turn's structure: setup, legal moves, check, apply
:mod:`maumau_rules.families.maumau.match`          matches: scoring rounds, dealers, elimination
:mod:`maumau_rules.families.maumau.family`         the family object the shared modules go through
=================================================  ======================================================

This package's ``__init__`` registers the family (:func:`~maumau_rules.families.register_family`).

>>> from maumau_rules.families import family_named
>>> family_named("maumau").title
'Mau-Mau'
"""

from .. import register_family
from .effects import (
    AnotherTurn,
    CancelDraw,
    DemandSuit,
    DrawCards,
    Effect,
    FollowAny,
    PendingDraw,
    ReverseDirection,
    SkipNext,
    WishSuit,
)
from .family import FAMILY
from .plan import DrawPolicy, Lead, Masks, MoveMemo, Plan, PlanBuilder, Rejection
from .rules import (
    Announcement,
    BlockedEnd,
    Cut,
    Deal,
    Dealer,
    DrawPenalty,
    DrawRule,
    DrawUntilSuit,
    FinalCardEffects,
    FinishRestriction,
    JackFinishDoubles,
    Matching,
    PlayAgain,
    Reshuffle,
    Reverse,
    ScoreElimination,
    ScoreHandShrink,
    ScorePenaltyPoints,
    ScoreWinnerCollects,
    ScoreWinPoints,
    Series,
    Skip,
    StartCard,
    TurnLimit,
    TurnOrder,
    Wild,
    WildFinishSeries,
    WrongCard,
)
from .turn import Turn

__all__ = [
    "FAMILY",
    "Announcement",
    "AnotherTurn",
    "BlockedEnd",
    "CancelDraw",
    "Cut",
    "Deal",
    "Dealer",
    "DemandSuit",
    "DrawCards",
    "DrawPenalty",
    "DrawPolicy",
    "DrawRule",
    "DrawUntilSuit",
    "Effect",
    "FinalCardEffects",
    "FinishRestriction",
    "FollowAny",
    "JackFinishDoubles",
    "Lead",
    "Masks",
    "Matching",
    "MoveMemo",
    "PendingDraw",
    "Plan",
    "PlanBuilder",
    "PlayAgain",
    "Rejection",
    "Reshuffle",
    "Reverse",
    "ReverseDirection",
    "ScoreElimination",
    "ScoreHandShrink",
    "ScorePenaltyPoints",
    "ScoreWinPoints",
    "ScoreWinnerCollects",
    "Series",
    "Skip",
    "SkipNext",
    "StartCard",
    "Turn",
    "TurnLimit",
    "TurnOrder",
    "Wild",
    "WildFinishSeries",
    "WishSuit",
    "WrongCard",
]

register_family(FAMILY)
