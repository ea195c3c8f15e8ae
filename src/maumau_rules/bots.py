"""Computer players. A bot sees only a player's view (:func:`maumau_rules.views.view`) and picks one of its legal
moves. The random and search bots play every family; each family brings its rule-of-thumb bot (``heuristic``,
its ``heuristic_bot`` hook: :mod:`maumau_rules.toolhooks`).

Between turns a bot may also interject: call out a player who missed a call, inside the window the rules open
(a bot's ``interject``). :func:`table_move` asks every seat in turn and returns the next move at a table.

>>> from maumau_rules import new_game, apply
>>> from maumau_rules.views import view
>>> s = new_game("standard", players=2, seed=3)
>>> bot = make_bot("heuristic")
>>> move = bot.choose(view(s, s.seat_to_act))
>>> move in s.legal_moves()
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ._compat import moved_attr
from .errors import BotError
from .game import legal_moves
from .i18n import gettext as _
from .moves import Move
from .views import view

if TYPE_CHECKING:
    from .variants import Variant

__all__ = ["BOT_KINDS", "Bot", "BotError", "RandomBot", "interjection", "make_bot", "table_move"]

BOT_KINDS = ("heuristic", "random", "ismcts")
"""The bots :func:`make_bot` builds by name (``ismcts:N`` gives the search bot N playouts per decision)."""


class Bot(Protocol):
    """Anything that picks a move from a player's view."""

    def choose(self, view: Any) -> Move:
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

    def interject(self, view: Any) -> Move | None:
        """Between turns: a call-out the view allows, half of the time (a random player notices or not).

        >>> from maumau_rules import new_game
        >>> from maumau_rules.views import view
        >>> RandomBot(1).interject(view(new_game("standard", players=2, seed=2), 0)) is None
        True
        """
        if view.seat == view.seat_to_act or not view.legal_moves or self._rng.random() < 0.5:
            return None
        move: Move = self._rng.choice(view.legal_moves)
        return move


def interjection(bot: Bot, view: Any) -> Move | None:
    """What ``bot`` does between turns at ``view``: its ``interject(view)`` when it has one (else nothing).

    >>> from maumau_rules import new_game
    >>> from maumau_rules.views import view
    >>> interjection(make_bot("heuristic"), view(new_game("standard", players=2, seed=2), 1)) is None
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
    >>> seat, move = table_move(s, [make_bot("heuristic"), make_bot("heuristic")])
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
    player, from its ``heuristic_bot`` hook: Mau-Mau's and Malilla's own tips-following bots),
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
            raise BotError(_("bot {value}: the playouts after 'ismcts:' must be a whole number of at least 1")
                .format(value=repr(kind)))
        return SearchBot(int(budget), seed=seed)
    raise BotError(_("unknown bot {value}: choose 'heuristic', 'random', 'ismcts' or 'ismcts:N' (N playouts)")
        .format(value=repr(kind)))


def __getattr__(name: str) -> Any:
    """Names that moved into a family's package (Mau-Mau's ``HeuristicBot``): served for one release with a
    :class:`DeprecationWarning` (docs/stability.rst).

    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")
    ...     from maumau_rules.bots import HeuristicBot
    >>> type(make_bot("heuristic")) is HeuristicBot
    True
    """
    return moved_attr(__name__, name)
