"""The invariants of ``spec/invariants.toml`` as executable checks, for a state of any family.

Each check raises :class:`InvariantViolation` (an ``AssertionError`` that names the ``INV_*`` ID) when
a state, a transition or a rejected move breaks an invariant. Each family states its invariants in its own
package (:attr:`~maumau_rules.families.GameFamily.invariants`); the functions here ask the state's family, and the
no-leak comparison (:func:`public_facts`, :func:`compare_hidden`) is written once for every family. The same
functions run in the Hypothesis properties, the stateful machine, the exhaustive explorer and the golden-game
tests, so every layer checks exactly the same statements.

>>> from maumau_rules import new_game, legal_moves, apply
>>> for s in (new_game("standard", players=2, seed=4), new_game("malilla", players=4, seed=4)):
...     check_state(s)
...     m = legal_moves(s)[0]
...     check_transition(s, m, apply(s, m))
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final, NoReturn

from .._compat import moved_attr
from ..cards import Suit
from ..families import family_of
from ..game import apply, check, legal_moves
from ..moves import Call, CallOut, Draw, Move, Pass, Play
from ..views import public_view, view

__all__ = [
    "INVARIANT_IDS",
    "KNOWN_ENGINE_BUGS",
    "InvariantViolation",
    "candidate_moves",
    "check_no_leak",
    "check_state",
    "check_transition",
    "compare_hidden",
    "fail",
    "public_facts",
    "state_digest",
]


INVARIANT_IDS: Final = (
    "INV_CARD_CONSERVATION",
    "INV_ONE_SEAT_TO_ACT",
    "INV_HAND_SIZES",
    "INV_PLAYABLE",
    "INV_LEGAL_IFF_APPLY",
    "INV_DETERMINISM",
    "INV_TERMINATION",
    "INV_NO_LEAK",
    "INV_PENDING_CONSISTENT",
    "INV_MAL_CARDS",
    "INV_MAL_TRICKS",
    "INV_MAL_POINTS",
)
"""Every invariant ID, in the order of ``spec/invariants.toml`` (the ``INV_MAL_*`` ones are Malilla's, checked by
its family's invariants)."""


KNOWN_ENGINE_BUGS: Final[frozenset[str]] = frozenset()
"""Engine bugs the checks tolerate by default (each has a strict ``xfail`` test that demonstrates it).

None at present: ``end-keeps-turn-state`` (a finished round kept the pending draw, penalty stack or the
drawn card of the turn it ended) is fixed, so the checks are strict.
"""


_DRAW: Final = Draw()
_PASS: Final = Pass()


class InvariantViolation(AssertionError):
    """An invariant does not hold. ``invariant`` is its ``INV_*`` ID; ``state`` the state concerned.

    >>> e = InvariantViolation("INV_PLAYABLE", "no legal move")
    >>> e.invariant, str(e)
    ('INV_PLAYABLE', 'INV_PLAYABLE: no legal move')
    """

    def __init__(self, invariant: str, message: str, state: object = None) -> None:
        text = f"{invariant}: {message}"
        if state is not None:
            text += f"\n    in {state!r}"
        super().__init__(text)
        self.invariant = invariant
        self.state = state


def fail(invariant: str, message: str, state: object = None) -> NoReturn:
    """Raise :class:`InvariantViolation` for ``invariant`` (every family's checks report through it).

    >>> fail("INV_PLAYABLE", "no legal move")
    Traceback (most recent call last):
    ...
    maumau_rules.testing.invariants.InvariantViolation: INV_PLAYABLE: no legal move
    """
    raise InvariantViolation(invariant, message, state)


def check_state(state: Any) -> None:
    """Every invariant of one state, by its family (:meth:`~maumau_rules.families.FamilyInvariants.check_state`).

    Raises:
        InvariantViolation: the state breaks one.

    >>> from maumau_rules import new_game
    >>> check_state(new_game("malilla", players=4, seed=1))
    """
    family_of(state).invariants.check_state(state)


def check_transition(before: Any, move: Move, after: Any) -> None:
    """Every invariant of one transition, by its family (card conservation, hand sizes, the turn ...).

    Raises:
        InvariantViolation: the transition breaks one.

    >>> from maumau_rules import new_game, apply
    >>> s = new_game("standard", players=2, seed=1)
    >>> check_transition(s, s.legal_moves()[0], apply(s, s.legal_moves()[0]))
    """
    family_of(before).invariants.check_transition(before, move, after)


def state_digest(state: Any) -> str:
    """A short digest of everything in ``state``, by its family (equal states give equal digests).

    >>> from maumau_rules import new_game
    >>> state_digest(new_game("standard", 2, seed=1)) == state_digest(new_game("standard", 2, seed=1))
    True
    """
    return family_of(state).invariants.state_digest(state)


def candidate_moves(state: Any) -> tuple[Move, ...]:
    """Moves worth trying at ``state``, legal or not (for checking the rejections), by its family.

    >>> from maumau_rules import new_game
    >>> s = new_game("malilla", players=4, seed=1)
    >>> set(s.legal_moves()) <= set(candidate_moves(s))
    True
    """
    return family_of(state).invariants.candidate_moves(state)


def _verdicts(state: Any, viewer: int) -> list[tuple[object, ...]]:
    """The verdicts on moves ``viewer`` might try, chosen from what he sees (his hand, the top card, every seat)."""
    tries: list[Move] = [*legal_moves(state, viewer), _DRAW, _PASS, *(CallOut(q) for q in range(state.players))]
    for c in state.hands[viewer]:
        tries += [Play(c), Play(c, Suit.HEARTS), Play(c, None, Call.MAU), Play(c, Suit.CLUBS, Call.MAU_MAU)]
    out: list[tuple[object, ...]] = []
    for m in dict.fromkeys(tries):  # the move itself, not its text: a failure shows its repr
        v = check(state, m, player=viewer)
        out.append((m, v.ok, v.reason, v.rule_id, v.message))
    return out


def public_facts(state: Any, viewer: int | None,
                 observers: Sequence[Callable[[Any, int | None], object]] = ()) -> dict[
        str, object]:
    """Everything ``viewer`` (``None``: a spectator) is shown of ``state``: the view (and its JSON), the phase, the
    seat to act, the verdict (reason, rule, message) on every move the viewer might try, what the family adds
    (:meth:`~maumau_rules.families.FamilyInvariants.public_facts`: Mau-Mau's open windows, the call-outs every seat is
    offered and the texts the terminal prints about them) and ``observers``' values.
    Two states that differ only in cards the viewer cannot see must give equal facts (INV_NO_LEAK).

    >>> from maumau_rules import new_game
    >>> f = public_facts(new_game("standard", players=3, seed=1), 0)
    >>> sorted(f)
    ['callouts', 'json', 'observed', 'phase', 'seat_to_act', 'verdicts', 'view', 'window_texts', 'windows']
    """
    out: dict[str, object] = {}
    if viewer is None:
        pv: object = public_view(state)
    else:
        pv = view(state, viewer)
        out["verdicts"] = _verdicts(state, viewer)
    out["view"] = pv
    out["json"] = pv.to_json()  # type: ignore[attr-defined]
    out["phase"] = getattr(state, "phase", getattr(state, "stage", None))
    out["seat_to_act"] = state.seat_to_act
    out.update(family_of(state).invariants.public_facts(state, viewer))  # the family's own: windows, texts ...
    out["observed"] = [obs(state, viewer) for obs in observers]
    return out


def _common_moves(a: Any, b: Any) -> list[tuple[int, Move]]:
    """The moves (with their seats) legal in both states: the actor's and every interjection."""
    out: list[tuple[int, Move]] = []
    for q in range(a.players):
        theirs = set(legal_moves(b, q))
        out += [(q, m) for m in legal_moves(a, q) if m in theirs]
    return out


def _same_public(state: Any, other: Any, viewer: int | None,
                 observers: Sequence[Callable[[Any, int | None], object]], what: str) -> None:
    fa, fb = public_facts(state, viewer, observers), public_facts(other, viewer, observers)
    for key, value in fa.items():
        if fb[key] != value:
            who = "the public" if viewer is None else f"seat {viewer}"
            fail("INV_NO_LEAK", f"{what}: {who}'s {key} changes when hidden cards are permuted:\n"
                                 f"      {value!r}\n   vs {fb[key]!r}", state)


def compare_hidden(state: Any, other: Any, viewer: int | None,
                   rnd: random.Random, *, moves: int = 3,
                   observers: Sequence[Callable[[Any, int | None], object]] = ()) -> int:
    """INV_NO_LEAK for one pair: ``other`` differs from ``state`` only in cards ``viewer`` cannot see.

    Everything public for the viewer (:func:`public_facts`) must be equal in both; then up to ``moves`` moves legal
    in both (the actor's, and call-outs by any seat) are made in both, and what the viewer is told about each
    (:meth:`~maumau_rules.families.FamilyInvariants.move_facts`: its events, the terminal's line) must be equal, and so must everything public after it. Where the move showed the
    viewer a card (his hand after it differs: a draw is the same card in both only when the stock was kept) only
    what everyone sees is compared. While the actor holds three cards or fewer (the calls, the last cards, going out)
    every common move is made. Returns the number of moves compared.

    Raises:
        InvariantViolation: something public depends on a hidden card.

    >>> import random
    >>> from maumau_rules import new_game
    >>> s = new_game("standard", players=3, seed=1)
    >>> compare_hidden(s, s, 0, random.Random(2)) > 0
    True
    """
    _same_public(state, other, viewer, observers, "the state")
    if state.is_over:
        return 0
    common = _common_moves(state, other)
    rnd.shuffle(common)
    if moves and len(state.hands[state.seat_to_act]) <= 3:  # calls, the last cards, going out: every move
        moves = max(moves, len(common))
    done = 0
    for seat, m in common[:moves]:
        a, b = apply(state, m, player=seat), apply(other, m, player=seat)
        sees_own = viewer is None or a.hands[viewer] == b.hands[viewer]
        told = family_of(state).invariants.move_facts
        ma, mb = told(state, m, seat, a, viewer, sees_own), told(other, m, seat, b, viewer, sees_own)
        if ma != mb:
            fail("INV_NO_LEAK", f"after {m} by seat {seat}, what {viewer} is told changes when hidden cards are "
                                 f"permuted:\n      {ma!r}\n   vs {mb!r}", state)
        _same_public(a, b, None, observers, f"after {m} by seat {seat}")
        if sees_own and viewer is not None:
            _same_public(a, b, viewer, observers, f"after {m} by seat {seat}")
        done += 1
    return done


def check_no_leak(state: Any, rnd: random.Random, *, moves: int = 3,
                  observers: Sequence[Callable[[Any, int | None], object]] = ()) -> None:
    """INV_NO_LEAK at ``state``, for each seat and a spectator, by its family: everything public for a viewer is the
    same for states that differ only in cards that viewer cannot see (:func:`public_facts`), and so is what it is
    told about up to ``moves`` next moves (:func:`compare_hidden`). ``observers`` are called with a state and a seat
    (``None`` for a spectator): a picture, an adapter's observation.

    Raises:
        InvariantViolation: something public depends on a hidden card.

    >>> import random
    >>> from maumau_rules import new_game
    >>> check_no_leak(new_game("malilla", players=4, seed=1), random.Random(0))
    """
    family_of(state).invariants.check_no_leak(state, rnd, moves=moves, observers=observers)


def __getattr__(name: str) -> Any:
    """Names that moved into a family's package (Mau-Mau's ``play_random_game``, ``hidden_permutation``, ...):
    served for one release with a :class:`DeprecationWarning` (docs/stability.rst).

    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")
    ...     from maumau_rules.testing.invariants import play_random_game
    >>> callable(play_random_game)
    True
    """
    return moved_attr(__name__, name)
