"""Mau-Mau, the first family of our sources: the shedding games (Mau-Mau, Crazy Eights, Pesten, Macau ...)
played by one engine that runs each variant's compiled plan (:mod:`maumau_rules.rules`).

=================================================  ======================================================
Module                                             What
=================================================  ======================================================
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
from .family import FAMILY

__all__ = ["FAMILY"]

register_family(FAMILY)
