"""Malilla, the second game of our sources: a Spanish and Mexican trick-taking game for two teams of two with the
40-card Spanish pack (source 002), built on the library's shared core.

It is a family of its own (``family = "malilla"`` in its variant files): its rules compile into a
:class:`~maumau_rules.families.malilla.plan.MalillaPlan` and its engine plays
:class:`~maumau_rules.families.malilla.state.MalillaState` values, behind the same public functions as Mau-Mau
(:func:`~maumau_rules.new_game`, :func:`~maumau_rules.legal_moves`, :func:`~maumau_rules.check`,
:func:`~maumau_rules.apply`, :func:`~maumau_rules.views.view`), with the shared cards, notation, JSON, records,
action codec and match scoring: the shared modules reach it through its
:class:`~maumau_rules.families.GameFamily`, :data:`~maumau_rules.families.malilla.family.FAMILY`, registered here.

==================================================  ======================================================
Module                                              What
==================================================  ======================================================
:mod:`maumau_rules.families.malilla.rules`          the ``R_MAL_*`` rule objects
:mod:`maumau_rules.families.malilla.plan`           the compiled plan, seats and teams
:mod:`maumau_rules.families.malilla.state`          :class:`MalillaState`, :class:`Trick`, :class:`Stage`
:mod:`maumau_rules.families.malilla.engine`         ``new_hand``, ``check``, ``apply``, legality (:func:`playable`)
:mod:`maumau_rules.families.malilla.views`          what a player (or a spectator) may see
:mod:`maumau_rules.families.malilla.bots`           a random and a heuristic computer player
:mod:`maumau_rules.families.malilla.invariants`     the invariants, checked on states and transitions
==================================================  ======================================================

This package's ``__init__`` registers the family (:func:`~maumau_rules.families.register_family`); import the
modules by name.

>>> from maumau_rules import find_variant, new_game, legal_moves
>>> s = new_game(find_variant("malilla"), players=4, seed=1)
>>> type(s).__name__, s.players, len(s.hands[0])
('MalillaState', 4, 10)
"""

from .plan import MalillaPlan, MalillaPlanBuilder, partner, team_of
from .rules import (
    MalillaAlbur,
    MalillaBreach,
    MalillaCapote,
    MalillaDeal,
    MalillaFollow,
    MalillaRedeal,
    MalillaRule,
    MalillaScore,
    MalillaSeven,
    MalillaTrick,
    MalillaTrump,
    compile_plan,
)

__all__ = [
    "FAMILY",
    "MalillaAlbur",
    "MalillaBreach",
    "MalillaCapote",
    "MalillaDeal",
    "MalillaFollow",
    "MalillaPlan",
    "MalillaPlanBuilder",
    "MalillaRedeal",
    "MalillaRule",
    "MalillaScore",
    "MalillaSeven",
    "MalillaTrick",
    "MalillaTrump",
    "compile_plan",
    "partner",
    "team_of",
]

from .. import register_family
from .family import FAMILY

register_family(FAMILY)
