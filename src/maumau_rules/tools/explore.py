"""Exhaustive explorer: every reachable state of a tiny deck, with the real engine and rule objects.

A registered variant is shrunk to a tiny deck (8-12 cards), a small hand and the smallest move
limit R_TURN_LIMIT allows (10), keeping all its other rules. From each deal of a chosen set, a
depth-first search visits every reachable state once, applies every legal move, and checks every
invariant of ``spec/invariants.toml`` on every state and transition (see
:mod:`maumau_rules.testing.invariants`). The DFS also proves that the state graph has no cycle
(INV_TERMINATION); ``--quotient`` shows why the move limit is needed: without the move counter the
positions of plain Mau-Mau do form cycles.

Deal sets (``--deals``): ``all`` is every deal (each split into hands, each start card, each order
of the stock); ``hands`` is every split and start card with the stock in one fixed order; a number
``N`` is N distinct random deals from ``--deal-seed``. ``--symmetry`` keeps one deal per class of
suit permutations, which is sound only when every rule treats the suits alike (checked).

Malilla variants are explored the same way by their family (``explore_tiny``) on a tiny Spanish deck
(``spanish:7/1``: 8 cards, two each), from every deal up to suit symmetry, with the Malilla invariants; a new deal
for a long suit is kept possible by lowering R_MAL_REDEAL's ``min_suit`` to a whole suit of the tiny deck.

Usage::

    python -m maumau_rules.tools.explore --variant standard --deck ranks:7/8/J --players 2 --hand 2 --deals 2
    python -m maumau_rules.tools.explore --variant malilla --deck spanish:7/1 --deals all --symmetry

>>> r = explore(tiny_variant("standard", parse_deck("ranks:7/8"), players=2, hand=1), players=2,
...             deals=list(deal_set(tiny_variant("standard", parse_deck("ranks:7/8"), 2, 1), 2, "1")))
>>> r.states > 10 and r.transitions >= r.states - 1 and r.acyclic
True
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Final, Protocol, TypeVar

import attrs

from ..cards import Card, Rank, Suit
from ..deck import DeckSpec, distinct_shuffles
from ..errors import MauMauError
from ..families import family_of
from ..game import new_game
from ..rules.plan import SUITS
from ..state import Deal, GameState
from ..testing.invariants import InvariantViolation, check_state, check_step
from ..variants import Variant, find_variant

__all__ = ["ExploreResult", "deal_set", "explore", "explore_args", "main", "parse_deck", "suit_symmetric",
           "tiny_variant"]

_KEY_FIELDS: Final = tuple(f.name for f in attrs.fields(GameState) if f.name not in ("variant", "_legal"))
_QUOTIENT_FIELDS: Final = tuple(n for n in _KEY_FIELDS if n != "turn")


def _key(state: GameState, fields: Sequence[str] = _KEY_FIELDS) -> tuple[object, ...]:
    return tuple(getattr(state, n) for n in fields)


def parse_deck(text: str) -> DeckSpec:
    """Parse a deck: ``ranks:7/8/J`` (ranks in four suits) or anything :meth:`DeckSpec.parse` reads.

    ``ranks:`` is parsed here with :meth:`Rank.parse` because ``DeckSpec.parse`` does not read rank
    letters (see the xfail test in ``tests/fuzz``).

    >>> parse_deck("ranks:7/8/J").size, parse_deck("french-32").size
    (12, 32)
    """
    t = text.strip()
    if t.lower().startswith("ranks:"):
        return DeckSpec(ranks=tuple(Rank.parse(r) for r in t[6:].split("/")))
    return DeckSpec.parse(t)


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
            return masks.of(_permute(c, perm) for c in masks.cards(mask))

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


def _permute(card: Card, perm: dict[Suit, Suit]) -> Card:
    return card if card.suit is None else Card(card.rank, perm[card.suit])


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


@attrs.frozen
class ExploreResult:
    """What an exploration found (every count is over distinct states).

    >>> ExploreResult("v", 1, 1, 0, 1, 0, 0, True).summary().splitlines()[0]
    'explored v from 1 deals: 1 states, 0 transitions, 1 final states'
    """

    variant: str
    deals: int
    states: int
    transitions: int
    final_states: int
    longest: int
    illegal_refused: int
    acyclic: bool
    quotient_states: int | None = None
    quotient_cyclic: bool | None = None
    seconds: float = 0.0

    def summary(self) -> str:
        """A human-readable report.

        >>> "acyclic" in ExploreResult("v", 1, 1, 0, 1, 0, 0, True).summary()
        True
        """
        lines = [
            f"explored {self.variant} from {self.deals} deals: {self.states} states, {self.transitions} transitions, "
            f"{self.final_states} final states",
            f"longest game {self.longest} moves; {self.illegal_refused} illegal moves refused with the state unchanged",
            "state graph: " + ("acyclic (DFS found no cycle)" if self.acyclic else "HAS A CYCLE"),
        ]
        if self.quotient_states is not None:
            lines.append(f"without the move counter: {self.quotient_states} positions, "
                         f"{'a cycle exists (R_TURN_LIMIT is needed)' if self.quotient_cyclic else 'no cycle'}")
        lines.append(f"every invariant held on every state and transition ({self.seconds:.1f} s)")
        return "\n".join(lines)


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

    ``checks="full"`` runs :func:`~maumau_rules.testing.invariants.check_step` on every state
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
        from ..game import apply, legal_moves
        from ..testing.invariants import check_transition
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


class _Node(Protocol):
    """What the walk reads of a state (a Mau-Mau or a Malilla state)."""

    @property
    def is_over(self) -> bool: ...

    @property
    def turn(self) -> int: ...


_S = TypeVar("_S", bound=_Node)


def _walk(roots: Iterable[_S], key: Callable[[_S], tuple[object, ...]],
          successors: Callable[[_S], list[tuple[object, _S]]], max_states: int | None, *,
          on_edge: Callable[[_S, _S], None] | None = None,
          on_final: Callable[[_S], None] | None = None) -> tuple[int, int, int, int]:
    """Depth-first over every state reachable from ``roots``, each once (by ``key``); a state met again while it
    is on the path is a cycle (INV_TERMINATION). ``on_edge`` sees every transition, ``on_final`` every final
    state; ``max_states`` stops taking new states. Returns (states, transitions, final states, longest game).

    >>> from maumau_rules import new_game
    >>> s = new_game("standard", players=2, seed=1)
    >>> _walk([s], lambda s: (s.turn,), lambda s: [], None)
    (1, 0, 0, 0)
    """
    color: dict[tuple[object, ...], int] = {}  # 1 = on the DFS path, 2 = done
    transitions = finals = longest = 0
    for root in roots:
        rk = key(root)
        if rk in color:
            continue
        color[rk] = 1
        stack: list[tuple[tuple[object, ...], _S, Iterator[tuple[object, _S]]]] = [(rk, root, iter(successors(root)))]
        while stack:
            k, s, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                color[k] = 2
                stack.pop()
                if s.is_over:
                    if on_final is not None:
                        on_final(s)
                    finals += 1
                longest = max(longest, s.turn)
                continue
            _, t = nxt
            transitions += 1
            if on_edge is not None:
                on_edge(s, t)
            tk = key(t)
            c = color.get(tk)
            if c == 1:
                raise InvariantViolation("INV_TERMINATION", "the state graph has a cycle", t)
            if c is None:
                if max_states is not None and len(color) >= max_states:
                    continue
                color[tk] = 1
                stack.append((tk, t, iter(successors(t))))
    return len(color), transitions, finals, longest


def _refused_count(s: GameState) -> int:
    from ..game import legal_moves
    from ..testing.invariants import candidate_moves

    legal = set(legal_moves(s))
    return sum(1 for m in candidate_moves(s) if m not in legal)


def _has_cycle(edges: dict[int, set[int]]) -> bool:
    color: dict[int, int] = {}
    for start in list(edges):
        if start in color:
            continue
        color[start] = 1
        stack = [(start, iter(edges.get(start, ())))]
        while stack:
            node, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                color[node] = 2
                stack.pop()
                continue
            c = color.get(nxt)
            if c == 1:
                return True
            if c is None:
                color[nxt] = 1
                stack.append((nxt, iter(edges.get(nxt, ()))))
    return False


def explore_args(variant: Variant, a: argparse.Namespace) -> ExploreResult:
    """The Mau-Mau family's exploration for the command line (:func:`main`): ``variant``'s rules on a tiny deck.

    >>> a = argparse.Namespace(deck="ranks:7/8", players=2, hand=1, max_moves=10, deals="1", deal_seed=0,
    ...                        symmetry=False, checks="basic", no_leak=False, quotient=False, max_states=None)
    >>> explore_args(find_variant("standard"), a).acyclic
    True
    """
    v = tiny_variant(variant.id, parse_deck(a.deck), a.players, a.hand, a.max_moves)
    deals = list(deal_set(v, a.players, a.deals, a.deal_seed, symmetry=a.symmetry))
    return explore(v, a.players, deals, checks=a.checks, no_leak=a.no_leak, quotient=a.quotient,
                   max_states=a.max_states)


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: explore and print the figures; exit status 1 when an invariant fails.

    >>> main(["--deck", "ranks:7/8", "--hand", "1", "--deals", "1", "--checks", "basic"])  # doctest: +ELLIPSIS
    explored standard-tiny from 1 deals: ...
    0
    """
    p = argparse.ArgumentParser(prog="python -m maumau_rules.tools.explore", description=__doc__.split("\n")[0])
    p.add_argument("--variant", default="standard", help="registered variant whose rules are used")
    p.add_argument("--deck", default="ranks:7/8/J", help="tiny deck, e.g. ranks:7/8/J (12 cards)")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--hand", type=int, default=2, help="cards dealt to each player")
    p.add_argument("--max-moves", type=int, default=10, help="R_TURN_LIMIT max_moves (at least 10)")
    p.add_argument("--deals", default="2", help="'all', 'hands' or a number of random deals")
    p.add_argument("--deal-seed", type=int, default=0)
    p.add_argument("--symmetry", action="store_true", help="one deal per suit-permutation class")
    p.add_argument("--checks", choices=("full", "basic"), default="full")
    p.add_argument("--no-leak", action=argparse.BooleanOptionalAction, default=True)
    p.add_argument("--quotient", action="store_true", help="also look for cycles without the move counter")
    p.add_argument("--max-states", type=int, default=None)
    a = p.parse_args(argv)
    try:
        base = find_variant(a.variant)
        r = family_of(base).explore_tiny(base, a)  # each family explores its own tiny decks
    except (MauMauError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except InvariantViolation as exc:
        print(f"INVARIANT VIOLATED: {exc}")
        return 1
    print(r.summary())
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
