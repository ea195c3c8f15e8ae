"""Round scoring and matches: win points, penalty points, winner-collects, elimination, shrinking hands, and
the team matches of Malilla.

A :class:`Match` is a frozen value too: it holds the scores and the current round's state. Play the round with
:func:`~maumau_rules.apply`, then call :func:`next_round` with the finished state. Scores are kept by *side*:
in Mau-Mau every seat is a side of its own (``scores[i]`` is seat i's); Malilla has two teams, seats 0 and 2
against seats 1 and 3 (:attr:`Match.sides`), and each hand is scored by its variant's scoring rule
(R_MAL_SCORE). Each family scores its own rounds (:meth:`~maumau_rules.families.GameFamily.next_round`).

>>> from maumau_rules import find_variant, legal_moves, apply
>>> m = start_match(find_variant("standard"), players=2, seed=1)
>>> s = m.game
>>> while not s.is_over:
...     s = apply(s, legal_moves(s)[0])
>>> m2 = next_round(m, s)
>>> sum(m2.scores), m2.round_no
(1, 2)
>>> t = start_match("malilla", players=4, seed=1)
>>> t.sides, t.scores
(((0, 2), (1, 3)), (0, 0))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from .entropy import seed_or_fresh
from .errors import ArgumentError, ArgumentTypeError, shown
from .families import family_named, state_family
from .i18n import gettext as _
from .variants import Variant, find_variant

__all__ = ["Match", "RoundResult", "next_round", "round_points", "start_match"]


@attrs.frozen
class RoundResult:
    """The outcome of one round, in match seats.

    >>> RoundResult(round_no=1, winner=0, points=(1, 0), finish_jacks=0).winner
    0
    """

    round_no: int
    """Which round (1-based)."""
    winner: int | None
    """The side that won the round (a match seat; in Malilla a team), ``None``: no winner."""
    points: tuple[int, ...]
    """Points each side scored this round (each match seat; in Malilla each team)."""
    finish_jacks: int
    """How many Jacks the winner finished with (for Mau King's bonus)."""


@attrs.frozen
class Match:
    """A series of rounds played to the variant's target.

    Seats of a round are mapped to match seats through :attr:`seats` (eliminated players sit out). Scores and
    the winner are by side (:attr:`sides`): a match seat in Mau-Mau, a team in Malilla.
    """

    variant: Variant
    """The variant."""
    players: int
    """Number of match seats."""
    seed: int
    """The match seed; each round's seed is derived from it."""
    round_no: int
    """The current round (1-based)."""
    scores: tuple[int, ...]
    """Each side's total: each match seat's in Mau-Mau, each team's in Malilla."""
    active: tuple[bool, ...]
    """Which match seats still play (others were eliminated)."""
    hand_sizes: tuple[int, ...]
    """Cards each match seat is dealt (for shrinking hands)."""
    dealer: int
    """The dealer of the current round, as a match seat."""
    seats: tuple[int, ...]
    """Match seat of each seat of the current round."""
    game: Any
    """The current round: a state of the variant's family."""
    history: tuple[RoundResult, ...] = ()
    """Results of finished rounds."""
    winner: int | None = None
    """The match winner (a side: a match seat, in Malilla a team), once the match is over."""
    over: bool = False
    """Whether the match has ended."""
    sides: tuple[tuple[int, ...], ...] = ()
    """The match seats of each side when seats score together (Malilla: ``((0, 2), (1, 3))``); empty when
    every seat is a side of its own (Mau-Mau)."""
    why: str = ""
    """How the match was decided, in words, once it is over (Malilla; empty otherwise)."""

    def side_of(self, seat: int) -> int:
        """The side a match seat scores for.

        >>> start_match("standard", 3, 1).side_of(2), start_match("malilla", 4, 1).side_of(3)
        (2, 1)
        """
        for i, members in enumerate(self.sides):
            if seat in members:
                return i
        return seat

    @property
    def scoring(self) -> Any:
        """The variant's scoring rule (``None``: a single round decides).

        >>> start_match("standard", players=2, seed=1).scoring.rule_id
        'R_SCORE_WIN_POINTS'
        """
        return self.variant.plan.scoring


def round_seed(seed: int, round_no: int) -> int:
    """The seed of round ``round_no`` of the match of ``seed`` (every family deals its rounds from it).

    >>> round_seed(1, 1)
    1000004
    """
    return seed * 1_000_003 + round_no


def start_match(variant: Variant | str, players: int, seed: int | None = None, *,
                scores: Sequence[int] | None = None, dealer: int | None = None, round_no: int = 1) -> Match:
    """Start a match and deal its first round, or set one up mid-match: the sides' ``scores`` so far, the
    ``dealer`` (a match seat) and the round's number.

    Without a seed the match takes a fresh one from the operating system's CSPRNG (as
    :func:`~maumau_rules.new_game` does) and keeps it in :attr:`Match.seed`, so the match still replays.

    Raises:
        ArgumentTypeError: ``seed`` is not an integer.
        VariantError: no such variant, a player count outside its range, or bad scores or dealer.

    >>> m = start_match("standard", players=3, seed=4)
    >>> m.round_no, m.scores, m.game.players
    (1, (0, 0, 0), 3)
    >>> start_match("standard", 2).seed != start_match("standard", 2).seed
    True
    >>> t = start_match("malilla", 4, seed=1, scores=(40, 12), dealer=3, round_no=5)
    >>> t.scores, t.dealer, t.game.dealer, t.round_no
    ((40, 12), 3, 3, 5)
    """
    v = find_variant(variant)
    seed = seed_or_fresh(seed)
    if type(round_no) is not int or round_no < 1:
        raise ArgumentError(_("round_no {round_no} must be a positive integer").format(round_no=shown(round_no)))
    match: Match = family_named(v.family).start_match(v, players, seed, scores=scores, dealer=dealer,
                                                      round_no=round_no)
    return match


def round_points(state: Any) -> tuple[int, ...]:
    """Points each side of the finished round ``state`` scores under the variant's scoring rule (without one: a
    point for the winner); multipliers such as R_JACK_FINISH_DOUBLES apply.

    Raises:
        ArgumentError: the round is not over yet; ``ArgumentTypeError`` when ``state`` is not a game state.

    >>> from maumau_rules import find_variant, legal_moves, apply, new_game
    >>> s = new_game("standard", players=2, seed=2)
    >>> while not s.is_over:
    ...     s = apply(s, legal_moves(s)[0])
    >>> sum(round_points(s))
    1
    """
    fam = state_family(state)
    if fam is None:
        raise ArgumentTypeError(_("{state} is not a game state").format(state=shown(state)))
    if not state.is_over:
        raise ArgumentError(_("the round is not over yet: it has no points"))
    return fam.round_points(state)


def next_round(match: Match, finished: Any) -> Match:
    """Score the finished round and deal the next one (or end the match).

    Raises:
        ArgumentError: ``finished`` is not this match's current round, or it is not over, or the match is over
            (``ArgumentTypeError`` when ``match`` or ``finished`` is not a match or a game state).

    >>> m = start_match("standard", players=2, seed=9)
    >>> next_round(m, m.game)
    Traceback (most recent call last):
    ...
    maumau_rules.errors.ArgumentError: the round is not over yet: it has no points
    """
    if type(match) is not Match:
        raise ArgumentTypeError(_("{match} is not a match (start one with start_match)").format(match=shown(match)))
    fam = state_family(finished)
    if fam is None:
        raise ArgumentTypeError(_("{finished} is not a game state").format(finished=shown(finished)))
    if match.over:
        raise ArgumentError(_("the match is over: no more rounds"))
    if finished.variant != match.variant or finished.players != len(match.seats):
        raise ArgumentError(_("that state is not a round of this match"))
    result: Match = fam.next_round(match, finished)
    return result
