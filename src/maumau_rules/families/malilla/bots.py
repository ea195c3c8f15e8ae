"""Computer players for Malilla. A bot sees only a :class:`~maumau_rules.families.malilla.views.MalillaPlayerView` and picks
one of its legal moves, as the Mau-Mau bots of :mod:`maumau_rules.bots` do.

:class:`MalillaHeuristicBot` plays by the source's tips (MAL-TIP-1..7): it plays the malilla (a 7) only when the
trick is surely won, feeds points (Aces and Reyes) to a partner who holds the trick, keeps its trumps for the last
tricks and trumps only when the trick is worth it, counts which 7s and Aces are out, and wins tricks as cheaply as
it can. The random bot is :class:`maumau_rules.bots.RandomBot`.

>>> from maumau_rules.families.malilla.engine import new_hand, apply
>>> from maumau_rules.families.malilla.views import view
>>> s = new_hand("malilla", seed=3)
>>> bot = MalillaHeuristicBot()
>>> while not s.is_over:
...     s = apply(s, bot.choose(view(s, s.seat_to_act)))
>>> len(s.tricks)
10
"""

from __future__ import annotations

from collections import Counter
from typing import Protocol

from ...bots import RandomBot
from ...cards import Card, Rank
from ...moves import Move, Pass, Play, Redeal
from .engine import trick_winner_index
from .plan import SEATS, MalillaPlan
from .views import MalillaPlayerView

__all__ = ["MalillaBot", "MalillaHeuristicBot", "make_bot"]


class MalillaBot(Protocol):
    """Anything that picks a move from a Malilla player's view."""

    def choose(self, view: MalillaPlayerView) -> Move:
        """Return one of ``view.legal_moves``.

        >>> from maumau_rules.families.malilla.engine import new_hand
        >>> from maumau_rules.families.malilla.views import view
        >>> s = new_hand("malilla", seed=2)
        >>> bot: MalillaBot = MalillaHeuristicBot()
        >>> bot.choose(view(s, s.seat_to_act)) in s.legal_moves()
        True
        """


class MalillaHeuristicBot:
    """Plays Malilla by the source's tips (MAL-TIP-1..7); deterministic.

    >>> from maumau_rules.families.malilla.engine import new_hand
    >>> from maumau_rules.families.malilla.views import view
    >>> s = new_hand("malilla", seed=11)
    >>> MalillaHeuristicBot().choose(view(s, s.seat_to_act)) in s.legal_moves()
    True
    """

    def choose(self, view: MalillaPlayerView) -> Move:
        """Pick the best legal move by the heuristics.

        Raises:
            ValueError: the view has no legal moves (it is not this seat's turn).

        >>> from maumau_rules.families.malilla.engine import new_hand
        >>> from maumau_rules.families.malilla.views import view
        >>> s = new_hand("malilla", seed=5)
        >>> MalillaHeuristicBot().choose(view(s, s.seat_to_act)) in s.legal_moves()
        True
        """
        legal = view.legal_moves
        if not legal:
            raise ValueError(f"seat {view.seat} has no legal move: it is not its turn or the hand is over")
        plays = [m for m in legal if isinstance(m, Play)]
        if not plays:
            return self._redeal_answer(view, legal)
        plan: MalillaPlan = view.rules.family_plan
        best: tuple[float, int] | None = None
        choice: Move = plays[0]
        for idx, m in enumerate(plays):
            score = self._score(view, plan, m.card)
            if best is None or (score, -idx) > best:
                best, choice = (score, -idx), m
        return choice

    @staticmethod
    def _redeal_answer(view: MalillaPlayerView, legal: tuple[Move, ...]) -> Move:
        """Ask for a new deal with a long side suit (a long trump suit is a strong hand: keep it); as the partner,
        agree when the own hand holds few points."""
        if Redeal() not in legal:
            return Pass()
        plan: MalillaPlan = view.rules.family_plan
        if view.stage.value == "answer":
            return Redeal() if sum(plan.points[c] for c in view.hand) < 10 else Pass()
        long_suit, count = Counter(c.suit for c in view.hand).most_common(1)[0]
        return Redeal() if long_suit is not view.trump and count >= (plan.redeal_min or 99) else Pass()

    def _score(self, view: MalillaPlayerView, plan: MalillaPlan, card: Card) -> float:
        trump = view.trump
        points = plan.points
        strength = plan.strength
        trick = view.trick
        played = view.played()
        later = [(view.seat - k) % SEATS for k in range(1, SEATS - len(trick))]  # who plays after me
        foes_after = [s for s in later if s % 2 != view.seat % 2]
        voids = _known_voids(view)
        if not trick:  # leading
            score = 0.0
            if self._master(card, plan, played, view.hand):
                safe = card.suit is trump or not any(card.suit in voids[s] for s in range(SEATS) if s % 2 != view.team)
                score += (3.0 + points[card]) if safe else 1.0  # a master card wins unless trumped (MAL-TIP-4)
            if card.suit is trump:
                score -= 4.0 - 0.3 * sum(1 for c in view.hand if c.suit is trump)  # keep trumps (MAL-TIP-5)
            if card.rank is Rank.SEVEN and card.suit is not trump:
                score -= 2.0  # the malilla waits for a sure trick (MAL-TIP-1)
            return score - points[card] * 0.5 + (10 - strength[card]) * 0.05
        w = trick_winner_index(plan, trick, trump)
        winner_seat = (view.leader - w) % SEATS
        top = trick[w]
        at_stake = sum(points[c] for c in trick) + plan.trick_point

        def holds(best: Card) -> bool:
            """Whether ``best`` will most likely keep the trick: nobody after can beat it in its suit, and no
            opponent after is known to be void in it (he could trump)."""
            if not self._master(best, plan, played, view.hand) and best is not card:
                return False
            if best is card and not self._master(card, plan, played, view.hand):
                return not foes_after
            return best.suit is trump or not any(best.suit in voids[s] for s in foes_after)

        if winner_seat == view.partner:
            sure = not foes_after or holds(top)
            mine = (*trick[:w + 1], card)
            if card.suit is trump and top.suit is not trump and trick_winner_index(plan, mine, trump) == len(mine) - 1:
                return -6.0 - points[card]  # never trump the partner's trick (MAL-TIP-5)
            if sure:  # feed the partner: Aces and Reyes (MAL-TIP-3); the malilla only when nobody follows
                return points[card] * 1.5 - (3.0 if card.rank is Rank.SEVEN and foes_after else 0.0)
            return -points[card] - strength[card] * 0.05
        mine = (*trick[:w + 1], card)
        if trick_winner_index(plan, mine, trump) == len(mine) - 1:  # this card takes the lead
            keeps = holds(card)
            score = 5.0 + at_stake * (1.0 if keeps else 0.5) + (3.0 if keeps else 0.0)
            if card.rank is Rank.SEVEN and not keeps:
                score -= 4.0  # protect the malilla (MAL-TIP-1)
            if card.suit is trump and top.suit is not trump and at_stake < 4 and foes_after:
                score -= 2.0  # trump only a trick worth it (MAL-TIP-5)
            return score - points[card] * 0.4 - strength[card] * 0.1  # win as cheaply as possible (MAL-TIP-7)
        return -points[card] * 1.2 - strength[card] * 0.05 - (1.5 if card.suit is trump else 0.0)

    @staticmethod
    def _master(card: Card, plan: MalillaPlan, played: frozenset[Card], hand: tuple[Card, ...]) -> bool:
        """Whether no card still out can beat ``card`` in its suit (the higher ones are played or in the hand); a
        side-suit master can still be trumped, which the callers weigh themselves."""
        strength = plan.strength
        return all(c in played or c in hand for c in plan.cards if c.suit is card.suit and strength[c] > strength[card])


def _known_voids(view: MalillaPlayerView) -> list[set[object]]:
    """The suits each seat has shown it lacks: it played another suit to a trick led in them."""
    voids: list[set[object]] = [set() for _ in range(SEATS)]
    tricks = [(t.leader, t.cards) for t in view.tricks]
    if view.trick:
        tricks.append((view.leader, view.trick))
    for leader, cards in tricks:
        led = cards[0].suit
        for i, card in enumerate(cards[1:], start=1):
            if card.suit is not led:
                voids[(leader - i) % SEATS].add(led)
    return voids


def make_bot(kind: str, seed: int = 0) -> MalillaBot:
    """Build a Malilla bot by name: ``random`` or ``heuristic``.

    Raises:
        ValueError: unknown bot name.

    >>> type(make_bot("heuristic")).__name__, type(make_bot("random", 3)).__name__
    ('MalillaHeuristicBot', 'RandomBot')
    """
    if kind == "random":
        return RandomBot(seed)
    if kind == "heuristic":
        return MalillaHeuristicBot()
    raise ValueError(f"unknown bot {kind!r}: choose 'random' or 'heuristic'")
