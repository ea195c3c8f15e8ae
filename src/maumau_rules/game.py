"""The public game functions, the same for every family: :func:`new_game`, :func:`legal_moves`, :func:`check`,
:func:`apply`, :func:`is_legal`, :func:`open_windows`, :func:`call_due`.

Each goes to the family of the variant or state it is given (:mod:`maumau_rules.families`); this module names
no family's types.

>>> from maumau_rules import find_variant, new_game, legal_moves, check, apply, Draw
>>> s = new_game(find_variant("standard"), players=3, seed=42)
>>> moves = legal_moves(s)
>>> Draw() in moves and check(s, moves[0]).ok
True
>>> s2 = apply(s, moves[0])
>>> s2.turn, s.turn
(1, 0)
>>> t = new_game("malilla", players=4, seed=3)
>>> all(check(t, m).ok for m in legal_moves(t))
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, TypeVar

from .cards import Card
from .entropy import seed_or_fresh
from .errors import ArgumentTypeError, VariantError, shown
from .families import SETUP_OPTIONS, GameFamily, family_named, state_family
from .i18n import gettext
from .moves import Call, Move
from .reasons import Reason, Verdict
from .state import Deal, Window, not_a_state
from .variants import Variant, find_variant

__all__ = ["apply", "call_due", "call_mistake", "check", "is_legal", "legal_moves", "new_game", "open_windows"]

S = TypeVar("S")

_APPLY: Final[dict[type, tuple[Callable[..., Any], Callable[[Any, Move], Any]]]] = {}
"""Each state type's ``apply`` and ``advance``, found once through its family (the hot path of a game loop)."""


def new_game(
    variant: Variant | str,
    players: int,
    seed: int | None = None,
    *,
    deal: Deal | None = None,
    dealer: int | None = None,
    first_player: int | None = None,
    hand_sizes: Sequence[int] | None = None,
    deck_order: Sequence[Card] | None = None,
    cut: int | None = None,
    scores: Sequence[int] | None = None,
    round_no: int | None = None,
) -> Any:
    """Start a round (a hand) of ``variant``: every way to set it up, for every family.

    Args:
        variant: a :class:`~maumau_rules.variants.Variant` or its name.
        players: number of seats.
        seed: any integer; the same seed always gives the same round. Without one (``None``) the seed comes from
            the operating system's CSPRNG (:func:`~maumau_rules.entropy.fresh_seed`, the library's one use of
            outside randomness), so two unseeded games differ; the state carries the generator state, so the game
            still replays (:func:`~maumau_rules.records.record_from_history`). The shuffle generator is for
            reproducibility, not secrecy: keep the seed on the server, or use :mod:`maumau_rules.fairness`.
        deal: an explicit :class:`~maumau_rules.state.Deal` instead of a shuffled one (then ``seed`` only drives
            later shuffles); a trick game's deal names its trump card.
        dealer: the dealer's seat; by default the variant's dealer rule chooses.
        first_player: the seat that plays first (Mau-Mau); by default the variant's R_TURN_ORDER rule chooses.
        hand_sizes: per-seat hand sizes (Mau-Mau matches where hands shrink).
        deck_order: the shuffled deck as it lies face down at a real table; replaces the seeded shuffle (see the
            family's engine for the dealing order).
        cut: where the deck is cut (Mau-Mau's R_CUT); by default from ``seed``.
        scores: mid-match, the sides' scores before this hand (Malilla, whose hands carry them).
        round_no: mid-match, the hand's number in its match (Malilla's R_MAL_ALBUR draws before hand 1).

    Raises:
        VariantError: the player count is outside the variant's range, the deal is impossible, or an option the
            variant's family does not have (:attr:`~maumau_rules.families.GameFamily.setup_options`).
        StateError: an explicit deal does not hold exactly the variant's deck.
        ArgumentError: ``dealer`` or ``first_player`` is not a seat; ``ArgumentTypeError`` (also a ``TypeError``)
            when ``seed``, ``dealer`` or ``first_player`` is not an integer.

    >>> s = new_game("standard", players=2, seed=5)
    >>> [len(h) for h in s.hands], len(s.stock) + len(s.discard)
    ([6, 6], 20)
    >>> new_game("standard", players=2, seed=5) == s
    True

    A real table's deck, top card first: cut under after the fourth card, dealt one at a time from the dealer's
    left (seat 1 first); the next card is the start card, the one after it the first card drawn:

    >>> from maumau_rules import SKAT_32
    >>> order = SKAT_32.cards()  # 7♣ 8♣ 9♣ 10♣ | J♣ Q♣ K♣ A♣ 7♠ ... A♠ | 7♥ 8♥ ...
    >>> t = new_game("standard", players=2, deck_order=order, cut=3, dealer=0)
    >>> [str(c) for c in t.hands[1][:3]], str(t.top_card), str(t.stock[-1])
    (['J♣', 'K♣', '7♠'], '7♥', '8♥')
    >>> new_game("standard", 2) != new_game("standard", 2)  # no seed: a fresh one from the OS CSPRNG
    True
    >>> new_game("malilla", 4, seed=1, scores=(30, 12), dealer=2).scores[:2]
    (30, 12)
    >>> new_game("malilla", 4, seed=1, cut=3)
    Traceback (most recent call last):
    ...
    maumau_rules.errors.VariantError: variant 'malilla' (Malilla) takes no cut: it is set up with a seed, deal, dealer, deck order, round no, scores
    """
    v = find_variant(variant)
    fam = family_named(v.family)
    given = {"deal": deal, "dealer": dealer, "first_player": first_player, "hand_sizes": hand_sizes,
             "deck_order": deck_order, "cut": cut, "scores": scores, "round_no": round_no}
    options = fam.setup_options
    extra = [name for name in SETUP_OPTIONS if given[name] is not None and name not in options]
    if extra:
        takes = ", ".join(n.replace("_", " ") for n in sorted(options))
        raise VariantError(f"variant {v.id!r} ({fam.title}) takes no {', '.join(n.replace('_', ' ') for n in extra)}:"
                           f" it is set up with a seed, {takes}")
    chosen: dict[str, Any] = {k: x for k, x in given.items() if x is not None}
    return fam.new_game(v, players, seed_or_fresh(seed), **chosen)


def legal_moves(state: Any, player: int | None = None) -> tuple[Move, ...]:
    """Every legal move of ``player`` (default: the seat to act), sorted and stable.

    A seat that is not to act has moves only while a window is open for it (a Mau-Mau call-out, see
    :func:`open_windows`). The seat to act's moves are part of the state: they are found once, when the state is
    made.

    Raises:
        ArgumentTypeError: ``state`` is not a game state.

    >>> s = new_game("standard", players=3, seed=42)
    >>> all(check(s, m).ok for m in legal_moves(s)), legal_moves(s, player=(s.seat_to_act + 1) % 3)
    (True, ())
    """
    if player is None:
        try:
            return state._legal  # type: ignore[no-any-return]
        except AttributeError:
            raise not_a_state(state) from None
    fam = _family(state)
    if type(player) is not int:
        raise ArgumentTypeError(gettext("{name} {seat} must be a seat number (an integer)").format(
            name="player", seat=shown(player)))
    return fam.legal_moves(state, player)


def _family(state: object) -> GameFamily:
    fam = state_family(state)
    if fam is None:
        raise not_a_state(state)
    return fam


def open_windows(state: Any) -> tuple[Window, ...]:
    """The windows open in ``state``: who can be called out, by whom, under which rule, and until when (a family
    without calls has none). Raises ``ArgumentTypeError`` when ``state`` is not a game state.

    >>> from maumau_rules import Deal, parse_cards, Play, SKAT_32
    >>> hands = (parse_cards("9h Qh 10c"), parse_cards("9c Qc Ac"))
    >>> rest = [c for c in SKAT_32.cards() if c not in hands[0] + hands[1] + parse_cards("10h")]
    >>> deal = Deal(hands=hands, stock=tuple(rest), discard=parse_cards("10h"), first_player=0)
    >>> s = new_game("standard", 2, deal=deal)
    >>> s = apply(apply(s, Play(parse_cards("9h")[0])), Play(parse_cards("9c")[0]))
    >>> s = apply(s, Play(parse_cards("10c")[0]))  # two cards, one left: "Mau" was due and not said
    >>> [(w.kind, w.offender, w.seats, w.closes) for w in open_windows(s)]
    [('missed_call', 0, (1,), 'next_player')]
    >>> open_windows(new_game("malilla", 4, seed=1))
    ()
    """
    return _family(state).open_windows(state)


def call_due(variant: Variant | str, hand: Sequence[Card], card: Card) -> Call | None:
    """The call due when ``card`` is played from ``hand`` in ``variant`` (R_ANNOUNCE), or ``None`` (also in a
    family without calls).

    Bots and interfaces use it to say the right word; saying another, or nothing, is a legal mistake.

    Raises:
        VariantError: ``variant`` names no variant. ``ArgumentTypeError``: ``hand`` or ``card`` holds no cards.

    >>> from maumau_rules import parse_cards
    >>> call_due("greek-150", parse_cards("7h Jc"), parse_cards("7h")[0]), call_due("standard", parse_cards("7h Jc 8c"), parse_cards("7h")[0])
    (<Call.MAU_MAU: 'maumau'>, None)
    """
    v = find_variant(variant)
    due: Call | None = family_named(v.family).call_due(v, hand, card)
    return due


def call_mistake(variant: Variant | str, hand: Sequence[Card], card: Card, call: Call | None) -> Call | None:
    """The call that was due, when playing ``card`` from ``hand`` saying ``call`` is a mistake the table sees at once
    (R_ANNOUNCE), else ``None`` (also in a family without calls).

    Raises:
        VariantError: ``variant`` names no variant. ``ArgumentTypeError``: ``hand`` or ``card`` holds no cards.

    >>> from maumau_rules import parse_cards
    >>> h = parse_cards("7h Jc")
    >>> call_mistake("classic", h, h[0], None), call_mistake("classic", h, h[0], Call.MAU)
    (<Call.MAU_MAU: 'maumau'>, None)
    >>> call_mistake("malilla", h, h[0], None) is None
    True
    """
    v = find_variant(variant)
    due: Call | None = family_named(v.family).call_mistake(v, hand, card, call)
    return due


def is_legal(state: Any, move: Move) -> bool:
    """Whether ``move`` is legal for the player to act.

    >>> from maumau_rules import Draw, Pass
    >>> s = new_game("standard", players=2, seed=3)
    >>> is_legal(s, Draw()), is_legal(s, Pass())
    (True, False)
    """
    return _family(state).is_legal(state, move)


def check(state: Any, move: Move, *, player: int | None = None, turn: int | None = None) -> Verdict:
    """Judge ``move`` without applying it: a :class:`~maumau_rules.reasons.Verdict` with reason and rule ID.

    Args:
        state: the current state.
        move: the move to judge.
        player: the seat the move comes from (a server passes the client's seat); default: the seat to act. A
            seat that is not to act may move only inside an open window (a call-out, see :func:`open_windows`).
        turn: the state version the client saw (``state.turn``); a different value is a stale move.

    It never raises, whatever objects it is given: a move that is not a move of this library (or a subclass of
    one) is ``not_a_move``, a ``player`` or ``turn`` that is not an integer is ``not_your_turn`` or
    ``stale_state``, and something that is not a game state is ``not_a_move`` too.

    >>> from maumau_rules import Pass
    >>> s = new_game("standard", players=3, seed=42)
    >>> v = check(s, Pass())
    >>> v.ok, v.reason.value, v.rule_id
    (False, 'pass_not_allowed', 'R_DRAW')
    >>> check(s, Pass(), turn=10 ** 5000).message
    "move 'pass' was made against turn <an integer of 16610 bits>, but the game is at turn 0"
    >>> check(42, Pass()).reason.value
    'not_a_move'
    """
    fam = state_family(state)
    if fam is None:
        return Verdict.reject(Reason.NOT_A_MOVE, "R_MATCH", f"{shown(state)} is not a game state: no move fits it")
    return fam.check(state, move, player, turn)


def apply(state: S, move: Move, *, player: int | None = None, turn: int | None = None) -> S:
    """Validate ``move`` and return the next state (of the same family). ``state`` is never changed.

    Args:
        state: the current state.
        move: the move.
        player: the seat the move comes from (default: the seat to act).
        turn: the state version the client saw; a mismatch is rejected as stale.

    Raises:
        IllegalMoveError: the move is illegal; it carries the verdict (reason code, rule ID, message).
        ArgumentTypeError: ``state`` is not a game state.

    >>> from maumau_rules import Pass
    >>> s = new_game("standard", players=2, seed=3)
    >>> apply(s, Pass())
    Traceback (most recent call last):
    ...
    maumau_rules.errors.IllegalMoveError: illegal move 'pass' by player ...: play a card or draw; passing is not allowed now
    """
    try:
        step = _APPLY[type(state)]
    except KeyError:
        fam = _family(state)
        step = _APPLY.setdefault(type(state), (fam.apply, fam.advance))
    except TypeError:  # an unhashable type
        raise not_a_state(state) from None
    known: Any = state  # (a state of a registered family: its turn, seat to act and legal moves are read below)
    if player is None and turn is None:
        for m in known._legal:  # a move legal_moves handed out, found by identity: nothing to check
            if m is move:
                return step[1](state, move)  # type: ignore[no-any-return]
    elif type(turn) is int and type(player) is int and turn == known.turn and player == known.seat_to_act:
        # A server's move, from the seat to act at the turn it saw: judged once. Found among the legal moves (by
        # value: a move read from text is another object), it is applied as the move legal_moves handed out.
        for legal in known._legal:
            if legal is move or (type(legal) is type(move) and legal == move):
                return step[1](state, legal)  # type: ignore[no-any-return]
    return step[0](state, move, player, turn)  # type: ignore[no-any-return]
