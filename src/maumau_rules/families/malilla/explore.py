"""The exhaustive explorer of :mod:`maumau_rules.tools.explore` for Malilla: every state of a Malilla variant
with a tiny Spanish deck (``spanish:7/1``: 8 cards, two each), from every deal up to suit symmetry, checked with
the Malilla invariants; a new deal (R_MAL_REDEAL) is left out of the tiny variants.

>>> v = tiny_malilla("malilla", parse_deck("spanish:7/1"))
>>> explore_malilla(v, list(malilla_deal_set(v, "1", seed=1)), checks="basic").acyclic
True
"""

from __future__ import annotations

import argparse
import itertools
import random
import time
from collections.abc import Iterator, Sequence

from ...cards import SPANISH_SUITS, Card, Suit
from ...deck import DeckSpec, distinct_shuffles
from ...errors import VariantError
from ...tools.explore import ExploreResult, _permute, _walk, parse_deck
from ...variants import Variant, find_variant

__all__ = ["explore_args", "explore_malilla", "malilla_deal_set", "tiny_malilla"]


def tiny_malilla(base: str, deck: DeckSpec) -> Variant:
    """The registered Malilla variant ``base`` with a tiny Spanish deck (every other rule the real one; R_MAL_REDEAL,
    if present, asks for a whole suit of the tiny deck, so that a new deal can happen).

    Raises:
        VariantError: not a Malilla variant, or a deck the rules cannot use.

    >>> v = tiny_malilla("malilla", parse_deck("spanish:7/1"))
    >>> v.family_plan.tricks_per_hand, v.family_plan.redeal_min, v.id
    (2, 2, 'malilla-tiny')
    """
    v = find_variant(base)
    if v.family != "malilla":
        raise VariantError(f"variant {v.id!r} is not a Malilla variant")
    params = {"R_MAL_REDEAL": {"min_suit": len(deck.ranks)}} if v.rule("R_MAL_REDEAL") is not None else {}
    return v.with_rules(params=params, id=f"{v.id}-tiny", name=f"{v.name} (tiny deck)", deck=deck)


def _spanish_perms() -> list[dict[Suit, Suit]]:
    return [dict(zip(SPANISH_SUITS, p, strict=True)) for p in itertools.permutations(SPANISH_SUITS)]


def malilla_deal_set(variant: Variant, mode: str, seed: int = 0, *, symmetry: bool = False
                     ) -> Iterator[tuple[Card, ...]]:
    """Deals (deck orders for dealer 0) to explore a Malilla variant from: ``all`` distinct deals (the hands and the
    trump card), or a number of random ones; with ``symmetry`` one per class of suit permutations (every Malilla
    rule treats the suits alike: trump is whichever suit the dealer's last card has).

    Raises:
        ValueError: ``mode`` is neither ``all`` nor a number.

    >>> v = tiny_malilla("malilla", parse_deck("spanish:7/1"))
    >>> len(list(malilla_deal_set(v, "all"))), len(list(malilla_deal_set(v, "all", symmetry=True)))
    (5040, 228)
    """
    from .engine import deck_order_for

    cards = sorted(set(variant.family_plan.deck_cards), key=lambda c: c.sort_key)
    size = len(cards) // 4
    perms = _spanish_perms()

    def form(hands: Sequence[Sequence[Card]], trump: Card, p: dict[Suit, Suit]) -> tuple[object, ...]:
        return (tuple(tuple(sorted(_permute(c, p).sort_key for c in h)) for h in hands), _permute(trump, p).sort_key)

    def keep(hands: Sequence[Sequence[Card]], trump: Card) -> bool:
        if not symmetry:
            return True
        mine = form(hands, trump, perms[0])
        return all(mine <= form(hands, trump, p) for p in perms[1:])

    if mode == "all":
        def splits(pool: list[Card], k: int) -> Iterator[tuple[tuple[Card, ...], ...]]:
            if k == 0:
                yield ()
                return
            for idx in itertools.combinations(range(len(pool)), size):
                h = tuple(pool[i] for i in idx)
                rest = [c for i, c in enumerate(pool) if i not in idx]
                for more in splits(rest, k - 1):
                    yield (h, *more)

        for hands in splits(cards, 4):
            for trump in hands[0]:
                if keep(hands, trump):
                    yield deck_order_for(hands, 0, trump)
        return
    try:
        n = int(mode)
    except ValueError:
        raise ValueError(f"--deals must be 'all' or a number, not {mode!r}") from None
    def dealt(deck: list[Card]) -> list[list[Card]]:  # dealer 0 deals from the bottom, the last card is trump
        hands: list[list[Card]] = [[] for _ in range(4)]
        for i, c in enumerate(deck):
            hands[(-1 - i) % 4].append(c)
        return hands

    for deck in distinct_shuffles(cards, n, seed, lambda d: form(dealt(d), d[-1], perms[0]),
                                  lambda d: keep(dealt(d), d[-1])):
        yield tuple(deck)


def explore_malilla(variant: Variant, deals: Sequence[Sequence[Card]], *, checks: str = "full",
                    no_leak: bool = True, max_states: int | None = None) -> ExploreResult:
    """Visit every state of a Malilla variant reachable from ``deals`` (deck orders, dealer 0), checking every
    Malilla invariant; the states form no cycle (each move raises the move counter).

    ``checks="full"`` runs :func:`~maumau_rules.families.malilla.invariants.check_step` on every state (rejections, other
    seats, and INV_NO_LEAK when ``no_leak``); ``"basic"`` checks each state and transition only.

    Raises:
        InvariantViolation: an invariant fails somewhere.

    >>> v = tiny_malilla("malilla", parse_deck("spanish:7/1"))
    >>> r = explore_malilla(v, list(malilla_deal_set(v, "3", seed=1)), checks="basic")
    >>> r.states > 30 and r.acyclic and r.longest >= 8
    True
    """
    from .engine import apply as mal_apply
    from .engine import new_hand
    from .invariants import candidate_moves as mal_candidates
    from .invariants import check_state as mal_check_state
    from .invariants import check_step as mal_check_step
    from .invariants import check_transition as mal_check_transition
    from .invariants import snapshot as mal_snapshot
    from .state import MalillaState

    t0 = time.perf_counter()
    rnd = random.Random(0)
    refused = 0

    def key(s: MalillaState) -> tuple[object, ...]:
        return mal_snapshot(s)[1:]  # every field but the variant

    def successors(s: MalillaState) -> list[tuple[object, MalillaState]]:
        nonlocal refused
        if checks == "full":
            legal = set(s.legal_moves())
            refused += sum(1 for m in mal_candidates(s) if m not in legal)
            return list(mal_check_step(s, rnd if no_leak else None))
        mal_check_state(s)
        out: list[tuple[object, MalillaState]] = []
        for m in s.legal_moves():
            t = mal_apply(s, m)
            mal_check_transition(s, m, t)
            out.append((m, t))
        return out

    roots = (new_hand(variant, seed=0, dealer=0, deck_order=order) for order in deals)
    states, transitions, finals, longest = _walk(roots, key, successors, max_states, on_final=mal_check_state)
    return ExploreResult(variant=variant.id, deals=len(deals), states=states, transitions=transitions,
                         final_states=finals, longest=longest, illegal_refused=refused, acyclic=True,
                         seconds=time.perf_counter() - t0)


def explore_args(variant: Variant, a: argparse.Namespace) -> ExploreResult:
    """The Malilla family's exploration for ``python -m maumau_rules.tools.explore --variant malilla``.

    >>> a = argparse.Namespace(deck="spanish:7/1", deals="1", deal_seed=1, symmetry=False, checks="basic",
    ...                        no_leak=False, max_states=None)
    >>> explore_args(find_variant("malilla"), a).acyclic
    True
    """
    mv = tiny_malilla(variant.id, parse_deck(a.deck if a.deck.startswith("spanish") else "spanish:7/1"))
    orders = list(malilla_deal_set(mv, a.deals, a.deal_seed, symmetry=a.symmetry))
    return explore_malilla(mv, orders, checks=a.checks, no_leak=a.no_leak, max_states=a.max_states)
