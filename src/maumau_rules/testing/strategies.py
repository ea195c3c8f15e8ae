"""Hypothesis strategies for variants, seeds, games, reachable states and moves.

This is the only module of the library that imports Hypothesis; the core package never imports it. Without
Hypothesis, importing it raises an :class:`ImportError` that says to ``pip install "maumau-rules[testing]"``.
Raw ``st.builds(GameState, ...)`` mostly yields states no game can reach, so every state here comes
from :func:`~maumau_rules.new_game` and legal moves: it is reachable by construction.

>>> from hypothesis import given, settings
>>> @settings(max_examples=5, database=None)
... @given(reachable_states(variant="standard", max_steps=20))
... def test_seat(s):
...     assert 0 <= s.seat_to_act < s.players
>>> test_seat()
"""

from __future__ import annotations

import random

import attrs

from ..extras import missing_extra

try:
    from hypothesis import strategies as st
except ModuleNotFoundError as exc:  # the "testing" extra is not installed
    raise missing_extra(exc, "testing", __name__) from exc

from ..cards import JOKER, Card, Rank, Suit
from ..engine import apply, legal_moves, new_game
from ..moves import Call, CallOut, Draw, Move, Pass, Play
from ..state import GameState
from ..variants import Variant, available_variants, find_variant

__all__ = ["GameSetup", "any_moves", "games", "moves_for", "player_counts", "reachable_states", "seeds", "setups",
           "variants"]


@attrs.frozen
class GameSetup:
    """A variant, a player count and a seed: everything :func:`~maumau_rules.new_game` needs.

    >>> GameSetup(find_variant("standard"), 2, 7).start().turn
    0
    """

    variant: Variant
    players: int
    seed: int

    def start(self) -> GameState:
        """The opening state.

        >>> GameSetup(find_variant("standard"), 3, 1).start().players
        3
        """
        return new_game(self.variant, players=self.players, seed=self.seed)


def _variant(variant: Variant | str | None) -> st.SearchStrategy[Variant]:
    if variant is None:
        return variants()
    return st.just(find_variant(variant) if isinstance(variant, str) else variant)


def variants() -> st.SearchStrategy[Variant]:
    """Every registered variant (:func:`~maumau_rules.available_variants`), shrinking towards the first.

    >>> from hypothesis import find
    >>> find(variants(), lambda v: v.id == "standard").id
    'standard'
    """
    return st.sampled_from(available_variants())


def player_counts(variant: Variant) -> st.SearchStrategy[int]:
    """Every player count the variant allows.

    >>> from hypothesis import find
    >>> find(player_counts(find_variant("standard")), lambda n: n > 4)
    5
    """
    lo, hi = variant.players
    return st.integers(min_value=lo, max_value=hi)


def seeds() -> st.SearchStrategy[int]:
    """Game seeds (any 32-bit integer).

    >>> from hypothesis import find
    >>> find(seeds(), lambda s: s > 10)
    11
    """
    return st.integers(min_value=0, max_value=2**32 - 1)


@st.composite
def setups(draw: st.DrawFn, variant: Variant | str | None = None) -> GameSetup:
    """A :class:`GameSetup`: a variant (every registered one by default), an allowed player count and a seed.

    >>> from hypothesis import find
    >>> find(setups("standard"), lambda g: g.players == 4).players
    4
    """
    v = draw(_variant(variant))
    return GameSetup(v, draw(player_counts(v)), draw(seeds()))


@st.composite
def games(draw: st.DrawFn, variant: Variant | str | None = None) -> GameState:
    """Opening states of new games.

    >>> from hypothesis import find
    >>> find(games("standard"), lambda s: s.players == 3).turn
    0
    """
    return draw(setups(variant)).start()


@st.composite
def reachable_states(draw: st.DrawFn, variant: Variant | str | None = None, max_steps: int = 300) -> GameState:
    """A state reached from a new game by up to ``max_steps`` random legal moves (fewer if the round ends).

    The moves are chosen by a seeded generator whose seed Hypothesis draws (and shrinks).

    >>> from hypothesis import find
    >>> find(reachable_states("standard", max_steps=50), lambda s: s.turn >= 3).turn
    3
    """
    s = draw(games(variant))
    steps = draw(st.integers(min_value=0, max_value=max_steps))
    rnd = random.Random(draw(st.integers(min_value=0, max_value=2**32 - 1)))
    for _ in range(steps):
        moves = legal_moves(s)
        if not moves:
            break
        s = apply(s, rnd.choice(moves))
    return s


def any_moves(state: GameState) -> st.SearchStrategy[Move]:
    """Arbitrary move values, mostly illegal: any card (also outside the deck) with any wish and call,
    ``draw``, ``pass`` and call-outs of any seat number.

    >>> from hypothesis import find
    >>> from maumau_rules import new_game
    >>> isinstance(find(any_moves(new_game("standard", 2, seed=1)), lambda m: isinstance(m, CallOut)), CallOut)
    True
    """
    deck = sorted(set(state.variant.ruleset.deck_cards), key=lambda c: c.sort_key)
    extra = [Card(Rank.TWO, Suit.HEARTS), JOKER]
    cards = st.sampled_from(deck + extra)
    plays = st.builds(Play, cards, st.none() | st.sampled_from(Suit), st.none() | st.sampled_from(Call))
    seats = st.integers(min_value=0, max_value=state.players + 2)
    return st.one_of(plays, st.just(Draw()), st.just(Pass()), st.builds(CallOut, seats))


def moves_for(state: GameState) -> st.SearchStrategy[Move]:
    """Moves to try against ``state``: a legal one (when there is any) or an arbitrary one.

    >>> from hypothesis import find
    >>> from maumau_rules import new_game
    >>> s = new_game("standard", 2, seed=1)
    >>> find(moves_for(s), lambda m: m in legal_moves(s)) in legal_moves(s)
    True
    """
    legal = legal_moves(state)
    if not legal:
        return any_moves(state)
    return st.one_of(st.sampled_from(legal), any_moves(state))
