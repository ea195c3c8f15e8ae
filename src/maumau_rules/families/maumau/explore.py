"""Mau-Mau's exhaustive explorer (its family's ``explore_tiny``): every reachable state of a tiny deck, with the
real engine and rule objects; :mod:`maumau_rules.tools.explore` is the command line for every family.

A registered variant is shrunk to a tiny deck (8-12 cards), a small hand and the smallest move
limit R_TURN_LIMIT allows (10), keeping all its other rules. From each deal of a chosen set, a
depth-first search visits every reachable state once, applies every legal move, and checks every
invariant of ``spec/invariants.toml`` on every state and transition. The DFS also proves that the state graph has
no cycle (INV_TERMINATION); ``--quotient`` shows why the move limit is needed: without the move counter the
positions of plain Mau-Mau do form cycles.

Deal sets (``--deals``): ``all`` is every deal (each split into hands, each start card, each order
of the stock); ``hands`` is every split and start card with the stock in one fixed order; a number
``N`` is N distinct random deals from ``--deal-seed``. ``--symmetry`` keeps one deal per class of
suit permutations, which is sound only when every rule treats the suits alike (checked).

>>> from maumau_rules.tools.explore import parse_deck
>>> v = tiny_variant("standard", parse_deck("ranks:7/8"), players=2, hand=1)
>>> r = explore(v, players=2, deals=list(deal_set(v, 2, "1")), checks="basic")
>>> r.states > 10 and r.transitions >= r.states - 1 and r.acyclic
True
"""

from __future__ import annotations

import argparse
import itertools
import random
import time
from collections.abc import Iterator, Sequence
from typing import Final

import attrs

from ...cards import Card, Rank, Suit
from ...deck import DeckSpec, distinct_shuffles
from ...game import new_game
from ...state import Deal
from ...tools.explore import ExploreResult, _has_cycle, _permute, _walk, parse_deck
from ...variants import Variant, find_variant
from .invariants import check_state, check_step
from .plan import SUITS
from .state import GameState

__all__ = ["deal_set", "explore", "explore_args", "suit_symmetric",
           "tiny_variant"]

_KEY_FIELDS: Final = tuple(f.name for f in attrs.fields(GameState) if f.name not in ("variant", "_legal"))
_QUOTIENT_FIELDS: Final = tuple(n for n in _KEY_FIELDS if n != "turn")


def _key(state: GameState, fields: Sequence[str] = _KEY_FIELDS) -> tuple[object, ...]:
    return tuple(getattr(state, n) for n in fields)


def tiny_variant(base: str, deck: DeckSpec, players: int, hand: int, max_moves: int = 10) -> Variant:
    """The registered variant ``base`` with a tiny deck, ``hand`` cards each and R_TURN_LIMIT ``max_moves``.

    Built with :meth:`~maumau_rules.variants.Variant.with_rules`, so every other rule object and parameter is
    the real one; only R_DEAL, R_TURN_LIMIT, the deck and the player range (``players`` only) change, and the
    cut (R_CUT) is left out.

    Raises:
        VariantError: the base variant is unknown or the tiny deck cannot be dealt.

    >>> v = tiny_variant("standard", parse_deck("ranks:7/8/J"), players=2, hand=2)
    >>> v.plan.hand_size(2), v.plan.max_moves, len(v.plan.deck_cards), v.id
    (2, 10, 12, 'standard-tiny')
    """
    v = find_variant(base)
    drop = ["R_CUT"] if v.rule("R_CUT") is not None else []
    return v.with_rules(
        drop=drop, params={"R_DEAL": {"hand_size": hand, "two_player_hand_size": 0, "packets": ()},
                           "R_TURN_LIMIT": {"max_moves": max_moves}},
        id=f"{v.id}-tiny", name=f"{v.name} (tiny deck)", players=(players, players), deck=deck)


def suit_symmetric(variant: Variant) -> bool:
    """Whether every rule treats the four suits alike (so deals equal up to a suit permutation play alike):
    each card's effects and roles, the masks of the plan and every legality table are the same under every
    permutation of the suits.

    >>> suit_symmetric(find_variant("standard")), suit_symmetric(find_variant("mau-king"))
    (True, False)
    """
    plan = variant.plan
    masks = plan.masks
    for perm in _suit_perms():
        def p_mask(mask: int, perm: dict[Suit, Suit] = perm) -> int:
            permuted: int = masks.of(_permute(c, perm) for c in masks.cards(mask))
            return permuted

        for card in plan.cards:
            other = _permute(card, perm)
            if plan.effects.get(card) != plan.effects.get(other):
                return False
            for code, table in enumerate(plan.fit):
                lead = code // 2
                if lead in (1, 2, 3, 4):
                    wished = _permute(Card(Rank.SEVEN, SUITS[lead - 1]), perm).suit
                    assert wished is not None
                    code2 = 2 * (1 + SUITS.index(wished)) + code % 2
                else:
                    code2 = code
                if p_mask(table[card]) != plan.fit[code2].get(other, -1):
                    return False
            if p_mask(plan.answer_fit[card]) != plan.answer_fit.get(other, -1):
                return False
        for mask in (plan.wild_mask, plan.no_finish_mask, plan.answer_cancel, plan.skip_answers, plan.series_starts):
            if p_mask(mask) != mask:
                return False
    return True


def _suit_perms() -> list[dict[Suit, Suit]]:
    return [dict(zip(SUITS, p, strict=True)) for p in itertools.permutations(SUITS)]


def _canonical(deal: Deal, perms: list[dict[Suit, Suit]]) -> bool:
    def form(d: Deal, p: dict[Suit, Suit]) -> tuple[object, ...]:
        hands = tuple(tuple(sorted(_permute(c, p).sort_key for c in h)) for h in d.hands)
        return (hands, tuple(_permute(c, p).sort_key for c in d.stock), _permute(d.discard[-1], p).sort_key)

    mine = form(deal, perms[0])
    return all(mine <= form(deal, p) for p in perms[1:])


def deal_set(variant: Variant, players: int, mode: str, seed: int = 0, *, symmetry: bool = False) -> Iterator[Deal]:
    """The deals to explore from: ``all``, ``hands`` (stock in one order) or a number of random deals.

    Raises:
        ValueError: ``mode`` is none of these, or ``symmetry`` is asked for rules that are not suit-symmetric.

    >>> v = tiny_variant("standard", parse_deck("ranks:7/8"), players=2, hand=1)
    >>> len(list(deal_set(v, 2, "hands"))), len(list(deal_set(v, 2, "hands", symmetry=True)))
    (336, 36)
    """
    cards = sorted(variant.plan.deck_cards, key=lambda c: c.sort_key)
    hand = variant.plan.hand_size(players)
    perms = _suit_perms()
    if symmetry and not suit_symmetric(variant):
        raise ValueError(f"the rules of {variant.id!r} are not suit-symmetric")

    def keep(d: Deal) -> bool:
        return not symmetry or _canonical(d, perms)

    if mode in ("all", "hands"):
        yield from (d for d in _all_deals(cards, players, hand, mode == "all") if keep(d))
        return
    try:
        n = int(mode)
    except ValueError:
        raise ValueError(f"--deals must be 'all', 'hands' or a number, not {mode!r}") from None
    def same(deck: list[Card]) -> tuple[object, ...]:
        d = _deal_from(deck, players, hand)
        return (d.hands, d.stock, d.discard)

    for deck in distinct_shuffles(cards, n, seed, same, lambda deck: keep(_deal_from(deck, players, hand))):
        yield _deal_from(deck, players, hand)


def _deal_from(deck: list[Card], players: int, hand: int) -> Deal:
    hands = tuple(tuple(sorted(deck[i * hand:(i + 1) * hand], key=lambda c: c.sort_key)) for i in range(players))
    rest = deck[players * hand:]
    return Deal(hands=hands, stock=tuple(rest[:-1]), discard=(rest[-1],))


def _all_deals(cards: list[Card], players: int, hand: int, every_order: bool) -> Iterator[Deal]:
    def splits(pool: list[Card], k: int) -> Iterator[tuple[tuple[Card, ...], ...]]:
        if k == 0:
            yield ()
            return
        for idx in itertools.combinations(range(len(pool)), hand):
            h = tuple(pool[i] for i in idx)
            rest = [c for i, c in enumerate(pool) if i not in idx]
            for more in splits(rest, k - 1):
                yield (h, *more)

    for hands in splits(cards, players):
        used = [c for h in hands for c in h]
        rest = list(cards)
        for c in used:
            rest.remove(c)
        for i, start in enumerate(rest):
            stock = rest[:i] + rest[i + 1:]
            orders = dict.fromkeys(itertools.permutations(stock)) if every_order else {tuple(stock): None}
            for order in orders:
                yield Deal(hands=hands, stock=order, discard=(start,))


def explore(
    variant: Variant,
    players: int,
    deals: Sequence[Deal],
    *,
    checks: str = "full",
    no_leak: bool = True,
    quotient: bool = False,
    max_states: int | None = None,
) -> ExploreResult:
    """Visit every state reachable from ``deals``, checking every invariant; prove the graph acyclic.

    ``checks="full"`` runs :func:`~maumau_rules.families.maumau.invariants.check_step` on every state
    (rejections, other seats, and INV_NO_LEAK when ``no_leak``); ``"basic"`` checks each state and
    transition only. ``max_states`` stops early (the result then covers fewer states).

    Raises:
        InvariantViolation: an invariant fails somewhere (INV_TERMINATION for a cycle).

    >>> v = tiny_variant("standard", parse_deck("ranks:7/J"), players=2, hand=1)
    >>> explore(v, 2, list(deal_set(v, 2, "1", seed=3)), checks="basic").acyclic
    True
    """
    t0 = time.perf_counter()
    rnd = random.Random(0)
    qids: dict[tuple[object, ...], int] = {}
    qedges: dict[int, set[int]] = {}
    refused = 0

    def successors(s: GameState) -> list[tuple[object, GameState]]:
        nonlocal refused
        if checks == "full":
            before = _refused_count(s)
            out = check_step(s, rnd if no_leak else None)
            refused += before
            return list(out)
        check_state(s)
        from ...game import apply, legal_moves
        from .invariants import check_transition
        res: list[tuple[object, GameState]] = []
        for m in legal_moves(s):
            t = apply(s, m)
            check_transition(s, m, t, conservation=False)
            res.append((m, t))
        return res

    def qid(s: GameState) -> int:
        k = _key(s, _QUOTIENT_FIELDS)
        i = qids.get(k)
        if i is None:
            i = qids[k] = len(qids)
        return i

    def quotient_edge(s: GameState, t: GameState) -> None:
        qedges.setdefault(qid(s), set()).add(qid(t))

    roots = (new_game(variant, players=players, seed=0, deal=deal) for deal in deals)
    states, transitions, finals, longest = _walk(roots, _key, successors, max_states,
                                                 on_edge=quotient_edge if quotient else None)
    qcyc = _has_cycle(qedges) if quotient else None
    return ExploreResult(variant=variant.id, deals=len(deals), states=states, transitions=transitions,
                         final_states=finals, longest=longest, illegal_refused=refused, acyclic=True,
                         quotient_states=len(qids) if quotient else None, quotient_cyclic=qcyc,
                         seconds=time.perf_counter() - t0)


def _refused_count(s: GameState) -> int:
    from ...game import legal_moves
    from .invariants import candidate_moves

    legal = set(legal_moves(s))
    return sum(1 for m in candidate_moves(s) if m not in legal)


def explore_args(variant: Variant, a: argparse.Namespace) -> ExploreResult:
    """The Mau-Mau family's exploration for the command line (:func:`maumau_rules.tools.explore.main`): ``variant``'s rules on a tiny deck.

    >>> a = argparse.Namespace(deck="ranks:7/8", players=2, hand=1, max_moves=10, deals="1", deal_seed=0,
    ...                        symmetry=False, checks="basic", no_leak=False, quotient=False, max_states=None)
    >>> explore_args(find_variant("standard"), a).acyclic
    True
    """
    v = tiny_variant(variant.id, parse_deck(a.deck), a.players, a.hand, a.max_moves)
    deals = list(deal_set(v, a.players, a.deals, a.deal_seed, symmetry=a.symmetry))
    return explore(v, a.players, deals, checks=a.checks, no_leak=a.no_leak, quotient=a.quotient,
                   max_states=a.max_states)


