"""Mau-Mau's rule-of-thumb computer player: it follows the tips the terminal game teaches (answer a penalty
when it can, keep the wild cards for last, make the call that is due, call out a missed call).

>>> from maumau_rules import new_game
>>> from maumau_rules.views import view
>>> s = new_game("standard", players=2, seed=3)
>>> HeuristicBot().choose(view(s, s.seat_to_act)) in s.legal_moves()
True
"""

from __future__ import annotations

import random
from collections import Counter

from ...game import call_due
from ...moves import CallOut, Draw, Move, Play
from .views import PlayerView

__all__ = ["HeuristicBot"]


class HeuristicBot:
    """Plays by the source's tips (STD-TIP-1..7): keep Jacks for when nothing else fits, hurt a player
    close to finishing with 7s and 8s, wish the suit you hold most, shed high cards early, never forget a call,
    and call out whoever forgets.

    >>> from maumau_rules import new_game, apply
    >>> from maumau_rules.views import view
    >>> s = new_game("standard", players=3, seed=11)
    >>> HeuristicBot().choose(view(s, s.seat_to_act)) in s.legal_moves()
    True

    ``attention`` is the chance that it notices a missed call between turns (1.0: always); ``seed`` drives that
    chance from the bot's own generator.
    """

    def __init__(self, attention: float = 1.0, seed: int = 0) -> None:
        self.attention = attention
        self._rng = random.Random(seed)

    def interject(self, view: PlayerView) -> Move | None:
        """Between turns: call out whoever missed a call, when it notices (STD-TIP-6).

        >>> from maumau_rules import new_game
        >>> from maumau_rules.views import view
        >>> HeuristicBot().interject(view(new_game("standard", players=2, seed=2), 0)) is None
        True
        """
        if view.seat == view.seat_to_act:
            return None
        for m in view.legal_moves:
            if isinstance(m, CallOut) and (self.attention >= 1.0 or self._rng.random() < self.attention):
                return m
        return None

    def choose(self, view: PlayerView) -> Move:
        """Pick the best legal move by the heuristics.

        Raises:
            ValueError: the view has no legal moves.

        >>> from maumau_rules import new_game, Draw
        >>> from maumau_rules.views import view
        >>> s = new_game("standard", players=2, seed=5)
        >>> move = HeuristicBot().choose(view(s, s.seat_to_act))
        >>> move in s.legal_moves() and (move != Draw() or all(str(m) == "draw" for m in s.legal_moves()))
        True
        """
        legal = view.legal_moves
        if not legal:
            raise ValueError(f"seat {view.seat} has no legal move: it is not its turn or the round is over")
        for m in legal:
            if isinstance(m, CallOut):
                return m  # STD-TIP-6: note who forgets "Mau"
        plays = [m for m in legal if isinstance(m, Play)]
        if not plays:
            for m in legal:
                if isinstance(m, Draw):
                    return m
            return legal[0]
        roles = view.rules.plan.roles
        n = len(view.hand_sizes)
        nxt = (view.seat + view.direction) % n
        threat = view.hand_sizes[nxt] <= 2
        best: tuple[float, int] | None = None
        choice: Move = plays[0]
        for idx, m in enumerate(plays):
            score = self._score(view, m, roles.get(m.card, frozenset()), threat)
            if best is None or (score, -idx) > best:
                best, choice = (score, -idx), m
        return choice

    @staticmethod
    def _score(view: PlayerView, m: Play, roles: frozenset[str], threat: bool) -> float:
        card = m.card
        rest = list(view.hand)
        if card in rest:
            rest.remove(card)
        suits = Counter(c.suit for c in rest if c.suit is not None)
        score = 10.0
        if "wild" in roles:
            score -= 8.0 if len(rest) > 1 else 0.0  # STD-TIP-1: keep Jacks
        if "penalty" in roles or "skip" in roles:
            score += 4.0 if threat else 1.0  # STD-TIP-2
        if "again" in roles:
            score += 2.0
        score += int(card.rank) / 20.0  # STD-TIP-5: shed high cards first
        if card.suit is not None:
            score += suits[card.suit] * 0.3  # keep options open in a suit we hold
        if m.wish is not None:
            held = suits.get(m.wish, 0)
            score += held * 0.5  # STD-TIP-3: wish the suit you hold most
            if not held:
                score -= 0.2
        due = call_due(view.rules, view.hand, card)
        if m.call is due:
            score += 5.0  # never forget a call, and say the right word
        return score
