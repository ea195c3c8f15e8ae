"""Helpers for scenario tests: explicit deals that hold exactly a variant's deck, and short move scripts.

>>> from maumau_rules import find_variant
>>> d = deal_for(find_variant("standard"), ["7h 8h", "9h 10h"], top="Jh")
>>> len(d.stock) + sum(len(h) for h in d.hands) + len(d.discard)
32
"""

from __future__ import annotations

import importlib
import random
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from types import ModuleType

from maumau_rules import (
    Card,
    Deal,
    GameState,
    MalillaState,
    Match,
    Move,
    Play,
    Variant,
    apply,
    find_variant,
    legal_moves,
    new_game,
    parse_cards,
    parse_move,
)

__all__ = ["cards", "deal_for", "game", "hand_of_match", "ids", "play", "played", "random_game"]


def deal_for(
    variant: Variant | str,
    hands: Sequence[str],
    top: str,
    *,
    under: str = "",
    stock_top: str = "",
    dealer: int = 0,
    first_player: int | None = 0,
    start_effects: bool = True,
) -> Deal:
    """A :class:`Deal` with the given hands and top card; every other card of the deck goes into the stock.

    ``under`` lists discard-pile cards below the top card; ``stock_top`` lists the next cards to be
    drawn, first drawn first. The remaining cards go under them in the deck's fixed order.

    >>> d = deal_for("standard", ["7h", "8h"], top="9h", stock_top="Ac Kc")
    >>> str(d.stock[-1]), str(d.stock[-2]), d.first_player
    ('A♣', 'K♣', 0)
    """
    v = find_variant(variant) if isinstance(variant, str) else variant
    parsed = [parse_cards(h) for h in hands]
    discard = (*parse_cards(under), Card.parse(top))
    next_up = parse_cards(stock_top)
    rest: Counter[Card] = Counter(v.plan.deck_cards)
    used: Counter[Card] = Counter(discard)
    used.update(next_up)
    for h in parsed:
        used.update(h)
    if used - rest:
        raise ValueError(f"cards not in the {v.deck} deck (or too many copies): {sorted(map(str, used - rest))}")
    rest -= used
    stock: list[Card] = []
    for card in v.plan.deck_cards:  # the deck's fixed order
        if rest[card]:
            stock.append(card)
            rest[card] -= 1
    stock.extend(reversed(next_up))
    return Deal(hands=tuple(parsed), stock=tuple(stock), discard=discard, dealer=dealer,
                first_player=first_player, start_effects=start_effects)


def game(variant: Variant | str, hands: Sequence[str], top: str, **kw: object) -> GameState:
    """Start a round of ``variant`` from :func:`deal_for` (keyword arguments go to it).

    >>> game("standard", ["7h", "8h", "9h"], top="10h").seat_to_act
    0
    """
    v = find_variant(variant) if isinstance(variant, str) else variant
    state: GameState = new_game(v, len(hands), deal=deal_for(v, hands, top, **kw))  # type: ignore[arg-type]
    return state


def play(state: GameState, *moves: str | Move) -> GameState:
    """Apply moves given in notation (``"7h"``, ``"Jc>h mau"``, ``"draw"``, ``"pass"``) one after another; a
    seat before a colon makes the move from that seat (``"2:callout 0"``: seat 2 calls out seat 0 between turns).

    >>> s = play(game("standard", ["7h 8c", "9h 9c"], top="10h"), "7h")
    >>> s.pending_draw
    2
    """
    for m in moves:
        if isinstance(m, str) and ":" in m:
            seat, _, text = m.partition(":")
            state = apply(state, parse_move(text), player=int(seat))
        else:
            state = apply(state, parse_move(m) if isinstance(m, str) else m)
    return state


def random_game(variant: Variant, players: int, seed: int, max_moves: int = 5000) -> tuple[GameState, int]:
    """Play seeded random legal moves to the end; check conservation and non-empty legal moves on the way.

    Returns the final state and the number of moves.

    >>> s, n = random_game(find_variant("standard"), 3, seed=1)
    >>> s.is_over and n > 0
    True
    """
    rnd = random.Random(seed)
    s = new_game(variant, players, seed=seed)
    deck = Counter(variant.family_plan.deck_cards)  # Mau-Mau or Malilla: both states count all their cards
    n = 0
    while not s.is_over:
        assert s.all_cards() == deck, f"cards not conserved at move {n}"
        moves = legal_moves(s)
        assert moves, f"no legal move at move {n}: {s!r}"
        s = apply(s, rnd.choice(moves))
        n += 1
        assert n <= max_moves, "game did not end"
    assert s.all_cards() == deck
    assert legal_moves(s) == ()
    return s, n


def cards(text: str) -> tuple[Card, ...]:
    """Shorthand for :func:`parse_cards`, sorted like a hand.

    >>> [str(c) for c in cards("Ah 7c")]
    ['7♣', 'A♥']
    """
    return tuple(sorted(parse_cards(text), key=lambda c: c.sort_key))


def ids(items: Iterable[object]) -> list[str]:
    """String forms, for readable assertions.

    >>> ids(parse_cards("7h 8h"))
    ['7♥', '8♥']
    """
    return [str(i) for i in items]


def played(state: GameState) -> set[str]:
    """The cards that some legal move of ``state`` plays, as strings.

    >>> sorted(played(game("standard", ["7h 8c", "9h 10h"], top="Kh")))
    ['7♥']
    """
    return {str(m.card) for m in legal_moves(state) if isinstance(m, Play)}


def hand_of_match(match: Match) -> MalillaState:
    """The current hand of a Malilla match, typed (``Match.game`` is typed for Mau-Mau rounds).

    >>> from maumau_rules.scoring import start_match
    >>> hand_of_match(start_match("malilla", 4, seed=1)).players
    4
    """
    game = match.game
    assert isinstance(game, MalillaState), f"{match.variant.id!r} is not a Malilla match"
    return game


def docs_extension() -> ModuleType:
    """The docs' Sphinx extension that generates the reference from the spec (``docs/_ext/maumau_spec.py``),
    imported without leaving its folder on ``sys.path``."""
    folder = str(Path(__file__).resolve().parents[1] / "docs" / "_ext")
    sys.path.insert(0, folder)
    try:
        return importlib.import_module("maumau_spec")
    finally:
        sys.path.remove(folder)
