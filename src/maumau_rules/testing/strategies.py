"""Hypothesis strategies for variants, seeds, games, reachable states and moves.

This is the only module of the library that imports Hypothesis; the core package never imports it. Without
Hypothesis, importing it raises an :class:`ImportError` that says to ``pip install "maumau-rules[testing]"``.
Raw ``st.builds`` of a state class mostly yields states no game can reach, so every state here comes
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
from typing import Any, Final

import attrs

from ..extras import missing_extra

try:
    from hypothesis import reject
    from hypothesis import strategies as st
except ModuleNotFoundError as exc:  # the "testing" extra is not installed
    raise missing_extra(exc, "testing", __name__) from exc

from ..cards import FRENCH_SUITS, JOKER, Card, Rank, Suit
from ..deck import DeckSpec
from ..game import apply, legal_moves, new_game
from ..moves import Call, CallOut, Draw, Move, Pass, Play
from ..rules import RULE_CLASSES, Rule, rule_spec
from ..variants import Variant, available_variants, find_variant

__all__ = ["GameSetup", "any_moves", "composed_variants", "games", "moves_for", "player_counts", "reachable_states",
           "rule_objects", "seeds", "setups", "variants"]


@attrs.frozen
class GameSetup:
    """A variant, a player count and a seed: everything :func:`~maumau_rules.new_game` needs.

    >>> GameSetup(find_variant("standard"), 2, 7).start().turn
    0
    """

    variant: Variant
    players: int
    seed: int

    def start(self) -> Any:
        """The opening state.

        >>> GameSetup(find_variant("standard"), 3, 1).start().players
        3
        """
        state: Any = new_game(self.variant, players=self.players, seed=self.seed)
        return state


def _variant(variant: Variant | str | None) -> st.SearchStrategy[Variant]:
    if variant is None:
        return variants()
    return st.just(find_variant(variant) if isinstance(variant, str) else variant)


def variants() -> st.SearchStrategy[Variant]:
    """Every registered Mau-Mau variant (:func:`~maumau_rules.available_variants` of the ``maumau`` family: these
    strategies build Mau-Mau states), shrinking towards the first.

    >>> from hypothesis import find
    >>> find(variants(), lambda v: v.id == "standard").id
    'standard'
    """
    return st.sampled_from(available_variants("maumau"))


_DECKS: Final = ("french-32", "french-32", "french-36", "french-52", "french-32+1j", "french-52+2j", "french-32 x2",
                  "ranks:7/8/9/J/Q/A")
"""Decks for composed variants (the Skat deck twice as often: most rules were written for it)."""
_OPTIONAL: Final = ("R_DEALER", "R_CUT", "R_TURN_ORDER", "R_START_CARD", "R_WILD", "R_NO_FINISH", "R_DRAW_PENALTY",
                    "R_SKIP", "R_REVERSE", "R_PLAY_AGAIN", "R_SERIES", "R_WILD_FINISH_SERIES", "R_DRAW_UNTIL_SUIT",
                    "R_DRAW", "R_FINAL_CARD_EFFECTS", "R_ANNOUNCE", "R_RESHUFFLE", "R_WRONG_CARD", "R_BLOCKED_END")
"""The catalogue's rules a composed variant may hold (R_DEAL, R_MATCH and R_TURN_LIMIT are drawn apart; a
scoring rule adds nothing to a round)."""
_SCORING: Final = ("R_SCORE_WIN_POINTS", "R_SCORE_PENALTY_POINTS", "R_SCORE_WINNER_COLLECTS", "R_SCORE_ELIMINATION",
                   "R_SCORE_HAND_SHRINK")


def _card_sets(ranks: tuple[Rank, ...]) -> st.SearchStrategy[list[str]]:
    """Card selectors over the deck: one or two whole ranks, or a few single cards."""
    rank_tokens = [r.symbol for r in ranks]
    card_tokens = [f"{r.symbol}{s.letter}" for r in ranks if r is not Rank.JOKER for s in FRENCH_SUITS]
    return st.one_of(st.lists(st.sampled_from(rank_tokens), min_size=1, max_size=2, unique=True),
                     st.lists(st.sampled_from(card_tokens), min_size=1, max_size=3, unique=True))


def _param(draw: st.DrawFn, rule_id: str, param: dict[str, Any], ranks: tuple[Rank, ...]) -> Any:
    kind = param["type"]
    if kind == "bool":
        return draw(st.booleans())
    if kind == "choice":
        return draw(st.sampled_from(param["choices"]))
    if kind == "int":
        low = int(param.get("min", 0))
        return draw(st.integers(min_value=low, max_value=max(low, min(int(param.get("max", low + 4)), low + 4))))
    if kind == "text":
        return draw(st.sampled_from(["", "Mau", "Mau-Mau", "Last"])) if param["name"] != "word" else "Mau"
    if kind == "cards":
        return draw(_card_sets(ranks) | st.just([]))
    if kind == "int-list":
        return []
    if kind == "penalty-list":
        def entry(cards: list[str], amount: int, target: str, skip: bool, group: str) -> dict[str, Any]:
            defendable = target == "next" and draw(st.booleans())
            return {"cards": cards, "amount": amount, "target": target, "defendable": defendable,
                    "skip": skip and defendable, "group": group}
        return draw(st.lists(st.builds(entry, _card_sets(ranks), st.integers(1, 4), st.sampled_from(["next", "previous"]),
                                       st.booleans(), st.sampled_from(["", "", "x"])), min_size=1, max_size=2))
    if kind == "wild-list":
        return draw(st.lists(st.builds(lambda cards, wish: {"cards": cards, "wish": wish}, _card_sets(ranks),
                                       st.booleans()), min_size=1, max_size=2))
    return param["default"]  # card-values: the default table


@st.composite
def rule_objects(draw: st.DrawFn, rule_id: str, deck: DeckSpec) -> Rule:
    """One rule of the catalogue with random parameters over ``deck`` (they may still conflict with others).

    >>> from hypothesis import find
    >>> from maumau_rules.deck import SKAT_32
    >>> find(rule_objects("R_SKIP", SKAT_32), lambda r: r.passable).rule_id
    'R_SKIP'
    """
    spec = rule_spec(rule_id)
    params = {p["name"]: _param(draw, rule_id, p, deck.ranks + ((Rank.JOKER,) if deck.jokers else ()))
              for p in spec.get("params", ()) if draw(st.booleans())}
    return RULE_CLASSES[rule_id](**params)


@st.composite
def composed_variants(draw: st.DrawFn, *, with_rules: tuple[str, ...] = ()) -> Variant:
    """House variants composed at random from the whole rule catalogue: a deck, a player range, R_DEAL and
    R_TURN_LIMIT (so every round ends), usually R_MATCH, and any of the other rules with random parameters.
    Combinations the library refuses (:class:`~maumau_rules.errors.VariantError`) are drawn again.

    ``with_rules`` names rules every drawn variant must hold.

    >>> from hypothesis import find, settings
    >>> quick = settings(max_examples=5, database=None, phases=settings.default.phases[2:3])  # generate, no shrink
    >>> v = find(composed_variants(with_rules=("R_REVERSE",)), lambda v: True, settings=quick)
    >>> v.rule("R_REVERSE") is not None and v.rule("R_DEAL") is not None
    True
    """
    from ..errors import VariantError

    for _ in range(20):
        deck = DeckSpec.parse(draw(st.sampled_from(_DECKS)))
        high = draw(st.integers(min_value=2, max_value=5))
        hand = draw(st.integers(min_value=1, max_value=min(7, (deck.size - 1) // high)))
        try:
            rules: list[Rule] = [RULE_CLASSES["R_DEAL"](hand_size=hand)]  # type: ignore[call-arg]
            if draw(st.integers(0, 9)) > 0:
                rules.append(RULE_CLASSES["R_MATCH"]())
            for rule_id in _OPTIONAL:
                if rule_id in with_rules or draw(st.booleans()):
                    rules.append(draw(rule_objects(rule_id, deck)))
            if draw(st.booleans()):
                rules.append(draw(rule_objects(draw(st.sampled_from(_SCORING)), deck)))
            rules.append(RULE_CLASSES["R_TURN_LIMIT"](max_moves=draw(st.integers(min_value=20, max_value=200))))  # type: ignore[call-arg]
            return Variant(id="composed", name="Composed house rules", deck=deck, players=(2, high), rules=tuple(rules))
        except VariantError:
            continue
    reject()
    raise AssertionError("unreachable")  # pragma: no cover


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
def games(draw: st.DrawFn, variant: Variant | str | None = None) -> Any:
    """Opening states of new games.

    >>> from hypothesis import find
    >>> find(games("standard"), lambda s: s.players == 3).turn
    0
    """
    return draw(setups(variant)).start()


@st.composite
def reachable_states(draw: st.DrawFn, variant: Variant | str | None = None, max_steps: int = 300) -> Any:
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


def any_moves(state: Any) -> st.SearchStrategy[Move]:
    """Arbitrary move values, mostly illegal: any card (also outside the deck) with any wish and call,
    ``draw``, ``pass`` and call-outs of any seat number.

    >>> from hypothesis import find
    >>> from maumau_rules import new_game
    >>> isinstance(find(any_moves(new_game("standard", 2, seed=1)), lambda m: isinstance(m, CallOut)), CallOut)
    True
    """
    deck = sorted(set(state.variant.plan.deck_cards), key=lambda c: c.sort_key)
    extra = [Card(Rank.TWO, Suit.HEARTS), JOKER]
    cards = st.sampled_from(deck + extra)
    plays = st.builds(Play, cards, st.none() | st.sampled_from(FRENCH_SUITS), st.none() | st.sampled_from(Call))
    seats = st.integers(min_value=0, max_value=state.players + 2)
    return st.one_of(plays, st.just(Draw()), st.just(Pass()), st.builds(CallOut, seats))


def moves_for(state: Any) -> st.SearchStrategy[Move]:
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
