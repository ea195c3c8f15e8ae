"""Verification tools run from the command line (not imported by the core package).

- :mod:`maumau_rules.tools.explore`: every reachable state of a tiny deck, every invariant on each.
- :mod:`maumau_rules.tools.golden`: regenerate or compare the golden games and perft counts.
- :mod:`maumau_rules.tools.fuzz`: a standalone fuzz run of every parser.

>>> import maumau_rules.tools.explore, maumau_rules.tools.golden, maumau_rules.tools.fuzz
"""
