"""Exhaustive explorer: every reachable state of a tiny deck, with the real engine and rule objects, for a variant of
any family (each family explores its own tiny decks: its ``explore_tiny``, with its invariants of
``spec/invariants.toml`` on every state and transition, see :mod:`maumau_rules.testing.invariants`).

Mau-Mau shrinks a registered variant to a tiny deck (8-12 cards), a small hand and the smallest move limit, from a
chosen set of deals; Malilla explores a tiny Spanish deck (``spanish:7/1``: 8 cards, two each), from every deal up
to suit symmetry. The walk (shared) visits every reachable state once and proves that the state graph has no
cycle (INV_TERMINATION).

Usage::

    python -m maumau_rules.tools.explore --variant standard --deck ranks:7/8/J --players 2 --hand 2 --deals 2
    python -m maumau_rules.tools.explore --variant malilla --deck spanish:7/1 --deals all --symmetry

>>> parse_deck("ranks:7/8").size
8
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Protocol, TypeVar

import attrs

from .._compat import moved_attr
from ..cards import Card, Rank, Suit
from ..deck import DeckSpec
from ..errors import MauMauError
from ..families import family_of
from ..testing.invariants import InvariantViolation
from ..variants import find_variant

__all__ = ["ExploreResult", "main", "parse_deck"]


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


def _permute(card: Card, perm: dict[Suit, Suit]) -> Card:
    return card if card.suit is None else Card(card.rank, perm[card.suit])


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


def __getattr__(name: str) -> Any:
    """Names that moved into a family's package (Mau-Mau's ``explore``, ``tiny_variant``, ``deal_set``): served
    for one release with a :class:`DeprecationWarning` (docs/stability.rst).

    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")
    ...     from maumau_rules.tools.explore import tiny_variant
    >>> tiny_variant("standard", parse_deck("ranks:7/8"), 2, 1).id
    'standard-tiny'
    """
    return moved_attr(__name__, name)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
