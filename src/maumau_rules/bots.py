"""Computer players. A bot sees only a :class:`~maumau_rules.views.PlayerView` and picks one of its legal moves.

Between turns a bot may also interject: call out a player who missed a call, inside the window the rules open
(:meth:`HeuristicBot.interject`). :func:`table_move` asks every seat in turn and returns the next move at a table.

>>> from maumau_rules import new_game, apply
>>> from maumau_rules.views import view
>>> s = new_game("standard", players=2, seed=3)
>>> bot = HeuristicBot()
>>> move = bot.choose(view(s, s.seat_to_act))
>>> move in s.legal_moves()
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from .errors import BotError
from .game import call_due, legal_moves
from .moves import CallOut, Draw, Move, Play
from .views import PlayerView, view

if TYPE_CHECKING:
    from .variants import Variant

__all__ = ["BOT_KINDS", "Bot", "BotError", "HeuristicBot", "RandomBot", "interjection", "make_bot", "table_move"]

BOT_KINDS = ("heuristic", "random", "ismcts")
"""The bots :func:`make_bot` builds by name (``ismcts:N`` gives the search bot N playouts per decision)."""


class Bot(Protocol):
    """Anything that picks a move from a player's view."""

    def choose(self, view: PlayerView) -> Move:
        """Return one of ``view.legal_moves``.

        >>> from maumau_rules import new_game
        >>> from maumau_rules.views import view
        >>> s = new_game("standard", players=2, seed=2)
        >>> bot: Bot = RandomBot(1)
        >>> bot.choose(view(s, s.seat_to_act)) in s.legal_moves()
        True
        """


class RandomBot:
    """Picks a uniformly random legal move, from its own seeded generator (no global randomness); it plays Malilla
    too (its view has legal moves the same way).

    >>> from maumau_rules import new_game
    >>> from maumau_rules.views import view
    >>> s = new_game("standard", players=2, seed=1)
    >>> RandomBot(7).choose(view(s, s.seat_to_act)) == RandomBot(7).choose(view(s, s.seat_to_act))
    True
    """

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: Any) -> Move:
        """Pick a random legal move.

        Raises:
            ValueError: the view has no legal moves (it is not this seat's turn).

        >>> from maumau_rules import new_game
        >>> from maumau_rules.views import view
        >>> s = new_game("standard", players=2, seed=2)
        >>> RandomBot(3).choose(view(s, 1 - s.seat_to_act))
        Traceback (most recent call last):
        ...
        ValueError: seat ... has no legal move: it is not its turn or the round is over
        """
        if not view.legal_moves:
            raise ValueError(f"seat {view.seat} has no legal move: it is not its turn or the round is over")
        move: Move = self._rng.choice(view.legal_moves)
        return move

    def interject(self, view: PlayerView) -> Move | None:
        """Between turns: a call-out the view allows, half of the time (a random player notices or not).

        >>> from maumau_rules import new_game
        >>> from maumau_rules.views import view
        >>> RandomBot(1).interject(view(new_game("standard", players=2, seed=2), 0)) is None
        True
        """
        if view.seat == view.seat_to_act or not view.legal_moves or self._rng.random() < 0.5:
            return None
        return self._rng.choice(view.legal_moves)


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


def interjection(bot: Bot, view: PlayerView) -> Move | None:
    """What ``bot`` does between turns at ``view``: its ``interject(view)`` when it has one (else nothing).

    >>> from maumau_rules import new_game
    >>> from maumau_rules.views import view
    >>> interjection(HeuristicBot(), view(new_game("standard", players=2, seed=2), 1)) is None
    True
    """
    interject = getattr(bot, "interject", None)
    if interject is None or not view.legal_moves or view.seat == view.seat_to_act:
        return None
    move = interject(view)
    return move if move is None or move in view.legal_moves else None


def table_move(state: Any, bots: Sequence[Bot]) -> tuple[int, Move]:
    """The next move at a table of bots, with the seat that makes it: first each other seat, in turn order from
    the seat to act, may interject where the rules give it a move between turns (a call-out); then the seat to act
    chooses. A state of any family will do (a seat with no move between turns is not asked).

    Raises:
        ValueError: the round is over, or there is not one bot per seat.

    >>> from maumau_rules import new_game
    >>> s = new_game("standard", players=2, seed=2)
    >>> seat, move = table_move(s, [HeuristicBot(), HeuristicBot()])
    >>> seat == s.seat_to_act and move in s.legal_moves()
    True
    >>> m = new_game("malilla", players=4, seed=2)
    >>> table_move(m, [RandomBot(s) for s in range(4)])[0] == m.seat_to_act
    True
    """
    n = state.players
    if len(bots) != n:
        raise ValueError(f"{len(bots)} bots for a table of {n} seats")
    if state.is_over:
        raise ValueError("the round is over: no move to make")
    actor = state.seat_to_act
    from .toolhooks import tools_for

    direction = tools_for(state.variant).statistics.direction(state)  # the order in which the others may interject
    for k in range(1, n):
        seat = (actor + k * direction) % n
        if legal_moves(state, seat):
            move = interjection(bots[seat], view(state, seat))
            if move is not None:
                return seat, move
    return actor, bots[actor].choose(view(state, actor))


def make_bot(kind: str, seed: int = 0, *, variant: Variant | str = "standard") -> Bot:
    """Build a bot by name for a game of ``variant``'s family: ``random``, ``heuristic`` (the family's rule-of-thumb
    player, from its ``heuristic_bot`` hook: :class:`HeuristicBot` for Mau-Mau, Malilla's own tips-following bot),
    ``ismcts`` (the search bot of :mod:`maumau_rules.search`, 200 playouts per decision) or ``ismcts:N`` (N
    playouts). The random and search bots play every family.

    Raises:
        BotError: unknown bot name, or a playout count that is not a positive whole number.

    >>> type(make_bot("heuristic")).__name__, make_bot("ismcts:50", seed=3).playouts
    ('HeuristicBot', 50)
    >>> type(make_bot("heuristic", variant="malilla")).__name__
    'MalillaHeuristicBot'
    >>> make_bot("genius")
    Traceback (most recent call last):
    ...
    maumau_rules.errors.BotError: unknown bot 'genius': choose 'heuristic', 'random', 'ismcts' or 'ismcts:N' (N playouts)
    """
    if kind == "random":
        return RandomBot(seed)
    if kind == "heuristic":
        from .toolhooks import tools_for

        bot: Bot = tools_for(variant).heuristic_bot(seed)
        return bot
    name, colon, budget = kind.partition(":") if isinstance(kind, str) else ("", "", "")
    if name == "ismcts":
        from .search import SearchBot

        if not colon:
            return SearchBot(seed=seed)
        if not budget.isdigit() or int(budget) < 1:
            raise BotError(f"bot {kind!r}: the playouts after 'ismcts:' must be a whole number of at least 1")
        return SearchBot(int(budget), seed=seed)
    raise BotError(f"unknown bot {kind!r}: choose 'heuristic', 'random', 'ismcts' or 'ismcts:N' (N playouts)")
