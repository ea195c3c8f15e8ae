"""Malilla's invariants (``spec/invariants.toml``) as executable checks on states and transitions.

The Mau-Mau checks (:mod:`maumau_rules.testing.invariants`) read stocks, discard piles and pending penalties;
Malilla has none of them. These check what a hand of Malilla keeps: the cards (hands, the trick on the table
and the tricks taken hold exactly the deck), the tricks (four cards each, one from each seat in turn, won by
the highest trump or the highest card of the suit led; a quarter of the deck of them in a hand), the points (a
finished hand holds every card point and trick point, 70 with 40 cards), legal moves never empty while the
hand goes on, ``check``/``apply`` accepting exactly them, one seat to act, and views that show nothing hidden.
Each failure raises :class:`~maumau_rules.testing.invariants.InvariantViolation` naming the invariant.

>>> from maumau_rules.families.malilla.engine import new_hand
>>> s = new_hand("malilla", seed=3)
>>> check_state(s); check_rejections(s); check_other_seats(s)
>>> len(state_digest(s))
20
"""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final

import attrs

from ...cards import JOKER, Card, Rank, Suit
from ...errors import IllegalMoveError
from ...moves import Call, CallOut, Draw, Move, Pass, Play, Redeal
from ...reasons import Reason
from ...state import EndReason
from ...testing.invariants import fail as _fail
from ...variants import Variant
from .engine import BREACHES, apply, check, moves_of, trick_winner_index
from .plan import SEATS, MalillaPlan
from .state import MalillaState, Stage, Trick
from .views import public_view, view

__all__ = ["candidate_moves", "check_no_leak", "check_other_seats", "check_rejections", "check_state",
           "check_step", "check_transition", "snapshot", "state_digest"]

_OFF_DECK: Final = (Card(Rank.SEVEN, Suit.HEARTS), JOKER, Card(Rank.JACK, Suit.CLUBS))
"""Cards of another pack: a play of one must be refused."""


def snapshot(state: MalillaState) -> tuple[object, ...]:
    """Every field of ``state`` except the legal-move cache, to prove that a call left it unchanged.

    >>> from maumau_rules.families.malilla.engine import new_hand
    >>> snapshot(new_hand("malilla", seed=1)) == snapshot(new_hand("malilla", seed=1))
    True
    """
    return tuple(getattr(state, f.name) for f in attrs.fields(MalillaState) if f.name != "_legal")


def _canon(value: object) -> object:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Variant):
        return [value.id, value.version]
    if isinstance(value, Trick):
        return [value.leader, [str(c) for c in value.cards], value.winner, value.points]
    if isinstance(value, Stage | EndReason | Reason):
        return value.value
    if isinstance(value, tuple | list):
        return [_canon(v) for v in value]
    if value is None or isinstance(value, bool | int | str):
        return value
    raise TypeError(f"cannot digest {value!r}")  # pragma: no cover - a new field type


def state_digest(state: MalillaState) -> str:
    """A short, stable digest of every field of ``state`` (the same in any process and hash seed).

    >>> from maumau_rules.families.malilla.engine import new_hand
    >>> state_digest(new_hand("malilla", seed=1)) == state_digest(new_hand("malilla", seed=1))
    True
    >>> state_digest(new_hand("malilla", seed=1)) == state_digest(new_hand("malilla", seed=2))
    False
    """
    data = {f.name: _canon(getattr(state, f.name)) for f in attrs.fields(MalillaState) if f.name != "_legal"}
    text = json.dumps(data, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:20]


def candidate_moves(state: MalillaState) -> tuple[Move, ...]:
    """Moves to try against ``state``: every card of the deck (with and without a wish or a call), cards of another
    pack, ``draw``, ``pass``, ``redeal`` and call-outs.

    >>> from maumau_rules.families.malilla.engine import new_hand
    >>> len(candidate_moves(new_hand("malilla", seed=1))) > 50
    True
    """
    plan = state.plan
    out: list[Move] = []
    for card in (*plan.cards, *_OFF_DECK):
        out.append(Play(card))
    for card in state.hands[state.seat_to_act][:2]:
        out += [Play(card, Suit.OROS), Play(card, None, Call.MAU)]
    out += [Draw(), Pass(), Redeal(), CallOut(0), CallOut(5)]
    return tuple(out)


def check_state(state: MalillaState) -> None:
    """Check every invariant that concerns one state alone.

    INV_MAL_CARDS (the hands, the trick and the tricks hold exactly the deck), INV_ONE_SEAT_TO_ACT (a seat, the
    right one for the trick), INV_PLAYABLE (legal moves exactly while the hand goes on, none twice, the cached list
    the generator's), INV_LEGAL_IFF_APPLY (``check`` accepts every listed move), INV_MAL_TRICKS (every finished
    trick: four cards from the four seats in turn, the right winner and points, the next leader) and
    INV_MAL_POINTS (a finished hand holds every point; its winner took more than half).

    Raises:
        InvariantViolation: an invariant does not hold.

    >>> from maumau_rules.families.malilla.engine import new_hand
    >>> check_state(new_hand("malilla", seed=9))
    """
    plan = state.plan
    # INV_MAL_CARDS
    if state.all_cards() != Counter(plan.deck_cards):
        _fail("INV_MAL_CARDS", "the hands and tricks do not hold exactly the deck", state)
    # INV_ONE_SEAT_TO_ACT
    if not 0 <= state.seat_to_act < SEATS:
        _fail("INV_ONE_SEAT_TO_ACT", f"seat_to_act {state.seat_to_act} is not a seat", state)
    if state.stage is Stage.PLAY and state.seat_to_act != (state.leader - len(state.trick)) % SEATS:
        _fail("INV_ONE_SEAT_TO_ACT", f"seat {state.seat_to_act} acts, but the trick led by {state.leader} holds "
                                     f"{len(state.trick)} cards", state)
    if state.stage is Stage.ANSWER and (state.asker is None or state.seat_to_act != (state.asker + 2) % SEATS):
        _fail("INV_ONE_SEAT_TO_ACT", "the answer to a request for a new deal is not the asker's partner's", state)
    # INV_PLAYABLE and the acceptance half of INV_LEGAL_IFF_APPLY
    moves = state.legal_moves()
    if state.is_over:
        if moves:
            _fail("INV_PLAYABLE", f"the hand is over but {len(moves)} moves are legal", state)
    elif not moves:
        _fail("INV_PLAYABLE", "the hand goes on but no move is legal", state)
    if len(set(moves)) != len(moves):
        _fail("INV_PLAYABLE", "a move is listed twice", state)
    if moves != moves_of(dict(state.__dict__), plan):
        _fail("INV_PLAYABLE", "the cached legal moves are not the generator's", state)
    for m in moves:
        if not check(state, m).ok:
            _fail("INV_LEGAL_IFF_APPLY", f"check refuses the listed move {m}", state)
        if isinstance(m, Play) and m.card not in state.hands[state.seat_to_act]:
            _fail("INV_LEGAL_IFF_APPLY", f"the listed move {m} plays a card the player does not hold", state)
    # INV_MAL_TRICKS
    _check_tricks(state, plan)
    # INV_MAL_POINTS
    if state.end is EndReason.TRICKS:
        if len(state.tricks) != plan.tricks_per_hand or any(state.hands):
            _fail("INV_MAL_TRICKS", f"a hand played out holds {len(state.tricks)} tricks, not "
                                    f"{plan.tricks_per_hand}", state)
        if sum(state.points) != plan.hand_total:
            _fail("INV_MAL_POINTS", f"the hand's points add up to {sum(state.points)}, not {plan.hand_total}", state)
        over = [t for t in (0, 1) if 2 * state.points[t] > plan.hand_total]
        if state.winner != (over[0] if over else None):
            _fail("INV_MAL_POINTS", f"winner {state.winner} but the points are {state.points}", state)
    if state.end is EndReason.VIOLATION and (state.offender is None or state.breach not in BREACHES):
        _fail("INV_MAL_POINTS", "a hand stopped by a broken rule names no offender or breach", state)


def _check_tricks(state: MalillaState, plan: MalillaPlan) -> None:
    leader = state.tricks[0].leader if state.tricks else state.leader
    for i, t in enumerate(state.tricks):
        if len(t.cards) != SEATS:
            _fail("INV_MAL_TRICKS", f"trick {i} holds {len(t.cards)} cards", state)
        if t.leader != leader:
            _fail("INV_MAL_TRICKS", f"trick {i} was led by seat {t.leader}, not by seat {leader}", state)
        won = (t.leader - trick_winner_index(plan, t.cards, state.trump)) % SEATS
        if t.winner != won:
            _fail("INV_MAL_TRICKS", f"trick {i} went to seat {t.winner}, but seat {won} won it", state)
        if t.points != sum(plan.points[c] for c in t.cards) + plan.trick_point:
            _fail("INV_MAL_TRICKS", f"trick {i} is worth {t.points} points", state)
        leader = t.winner if plan.next_leader == "trick_winner" else (t.leader - 1) % SEATS
    if state.stage is Stage.PLAY and state.leader != leader:
        _fail("INV_MAL_TRICKS", f"seat {state.leader} leads, but seat {leader} should", state)
    played = len(state.tricks) * SEATS + len(state.trick)
    if sum(state.hand_sizes) != len(plan.cards) - played:
        _fail("INV_MAL_TRICKS", "the hands do not hold the cards not played", state)


def check_transition(before: MalillaState, move: Move, after: MalillaState) -> None:
    """Check one step: the move counter grows by one; a play moves exactly the played card from the mover's hand to
    the table (a finished trick is recorded whole, with its winner); a question or an answer about a new deal moves
    no card, unless a new deal is agreed (then the same dealer deals the whole deck again).

    Raises:
        InvariantViolation: the step breaks an invariant.

    >>> from maumau_rules.families.malilla.engine import new_hand
    >>> s = new_hand("malilla", seed=3); m = s.legal_moves()[0]; check_transition(s, m, apply(s, m))
    """
    if after.turn != before.turn + 1:
        _fail("INV_TERMINATION", f"the move counter went from {before.turn} to {after.turn}", after)
    if after.all_cards() != before.all_cards():
        _fail("INV_MAL_CARDS", "a move created or destroyed a card", after)
    seat = before.seat_to_act
    if isinstance(move, Play):
        for s in range(SEATS):
            want = tuple(c for c in before.hands[s] if c is not move.card) if s == seat else before.hands[s]
            if after.hands[s] != want:
                _fail("INV_MAL_CARDS", f"seat {s}'s hand changed wrongly after {move} by seat {seat}", after)
        on_table = after.trick if (after.trick or after.end is EndReason.VIOLATION) else after.tricks[-1].cards
        if on_table[-1] is not move.card:
            _fail("INV_MAL_CARDS", f"{move.card} is not the last card on the table after it was played", after)
        if len(after.tricks) > len(before.tricks):
            done = after.tricks[-1]
            if done.cards != (*before.trick, move.card) or done.leader != before.leader:
                _fail("INV_MAL_TRICKS", "the finished trick is not the one on the table", after)
    elif isinstance(move, Redeal) and before.stage is Stage.ANSWER:
        if after.dealer != before.dealer or after.tricks or after.trick or after.stage is not Stage.REDEAL:
            _fail("INV_MAL_CARDS", "a new deal did not start the hand again with the same dealer", after)
    elif after.hands != before.hands:
        _fail("INV_MAL_CARDS", f"{move} moved cards", after)


def check_rejections(state: MalillaState, moves: tuple[Move, ...] | None = None) -> None:
    """Every candidate move that is not legal is refused by ``check`` and makes ``apply`` raise, leaving the state
    unchanged; under R_MAL_BREACH ``lose_match`` a card refused by R_MAL_FOLLOW or R_MAL_SEVEN is instead played
    and ends the hand with its player as the offender (INV_LEGAL_IFF_APPLY).

    Raises:
        InvariantViolation: a move is accepted that is not listed, or refused without changing nothing.

    >>> from maumau_rules.families.malilla.engine import new_hand
    >>> check_rejections(new_hand("malilla", seed=5))
    """
    legal = set(state.legal_moves())
    before = snapshot(state)
    for m in candidate_moves(state) if moves is None else moves:
        if m in legal:
            continue
        verdict = check(state, m)
        if verdict.ok or not verdict.rule_id or not verdict.message:
            _fail("INV_LEGAL_IFF_APPLY", f"check accepts {m}, which is not listed", state)
        try:
            after = apply(state, m)
        except IllegalMoveError as exc:
            if exc.verdict != verdict:
                _fail("INV_LEGAL_IFF_APPLY", f"apply and check judge {m} differently", state)
        else:
            table = state.plan.breach == "lose_match" and verdict.reason in BREACHES and isinstance(m, Play)
            if not table or after.end is not EndReason.VIOLATION or after.offender != state.seat_to_act:
                _fail("INV_LEGAL_IFF_APPLY", f"apply accepts {m} ({verdict.reason.value}), which is not listed", state)
            if after.winner is not None or after.breach is not verdict.reason:
                _fail("INV_LEGAL_IFF_APPLY", "a hand stopped by a broken rule has a winner or another breach", state)
        if snapshot(state) != before:
            _fail("INV_LEGAL_IFF_APPLY", f"judging {m} changed the state", state)


def check_other_seats(state: MalillaState) -> None:
    """Only the seat to act has legal moves: another seat's view lists none, and its moves are refused with
    ``not_your_turn`` (``game_over`` once the hand is over) (INV_ONE_SEAT_TO_ACT).

    Raises:
        InvariantViolation: another seat could move.

    >>> from maumau_rules.families.malilla.engine import new_hand
    >>> check_other_seats(new_hand("malilla", seed=5))
    """
    legal = state.legal_moves()
    for seat in range(SEATS):
        pv = view(state, seat)
        if seat != state.seat_to_act and pv.legal_moves:
            _fail("INV_ONE_SEAT_TO_ACT", f"seat {seat} is not to act but its view lists moves", state)
        if seat == state.seat_to_act or not legal:
            continue
        verdict = check(state, legal[0], player=seat)
        if verdict.ok or verdict.reason is not Reason.NOT_YOUR_TURN:
            _fail("INV_ONE_SEAT_TO_ACT", f"seat {seat} may move for seat {state.seat_to_act}", state)
        try:
            apply(state, legal[0], player=seat)
        except IllegalMoveError:
            pass
        else:
            _fail("INV_ONE_SEAT_TO_ACT", f"apply took a move of seat {seat} out of turn", state)
    if state.is_over and legal == () and check(state, Pass()).reason is not Reason.GAME_OVER:
        _fail("INV_ONE_SEAT_TO_ACT", "a move after the end of the hand is not refused as game_over", state)


def _hidden_shuffle(state: MalillaState, keep: set[int], rnd: random.Random, *, keep_rng: bool = False) -> MalillaState:
    """``state`` with the cards of the hands not in ``keep`` shuffled among those hands (sizes kept; the trump card,
    which everyone has seen, stays in the dealer's hand), and another random state (unless ``keep_rng``: a redeal
    by the next move then deals the same cards in both)."""
    others = [s for s in range(SEATS) if s not in keep]
    pool = [c for s in others for c in state.hands[s] if c != state.trump_card]
    rnd.shuffle(pool)
    hands = list(state.hands)
    for s in others:
        n = len(state.hands[s]) - (1 if state.trump_card in state.hands[s] else 0)
        hands[s] = tuple(pool[:n]) + ((state.trump_card,) if state.trump_card in state.hands[s] else ())
        pool = pool[n:]
    return attrs.evolve(state, hands=tuple(hands), rng=state.rng if keep_rng else rnd.getrandbits(64))


def check_no_leak(state: MalillaState, rnd: random.Random, *, moves: int = 3,
                  observers: Sequence[Callable[[Any, int | None], object]] = ()) -> None:
    """Everything public for a player is the same whatever the other hands hold (partners' included), and for a
    spectator whatever every hand holds (INV_NO_LEAK): the view and its JSON, the stage, the seat to act, the verdicts
    on the moves he might try (:func:`maumau_rules.testing.invariants.public_facts`), ``observers``' values (each
    called with a state and a seat, ``None`` for a spectator: a picture of the view, an adapter's observation), and
    the same after each of up to ``moves`` next moves legal in both
    (:func:`maumau_rules.testing.invariants.compare_hidden`).

    Raises:
        InvariantViolation: a view shows something its seat cannot see.

    >>> from maumau_rules.families.malilla.engine import new_hand
    >>> check_no_leak(new_hand("malilla", seed=5), random.Random(1))
    """
    from ...testing.invariants import compare_hidden

    for seat in range(SEATS):
        other = _hidden_shuffle(state, {seat}, rnd)
        if view(other, seat) != view(state, seat) or view(other, seat).to_json() != view(state, seat).to_json():
            _fail("INV_NO_LEAK", f"seat {seat}'s view depends on cards it cannot see", state)
        compare_hidden(state, other, seat, rnd, moves=0, observers=observers)
        compare_hidden(state, _hidden_shuffle(state, {seat}, rnd, keep_rng=True), seat, rnd, moves=moves,
                       observers=observers)
    everyone = _hidden_shuffle(state, set(), rnd)
    if public_view(everyone) != public_view(state):
        _fail("INV_NO_LEAK", "the public view depends on hidden cards", state)
    compare_hidden(state, everyone, None, rnd, moves=0, observers=observers)
    compare_hidden(state, _hidden_shuffle(state, set(), rnd, keep_rng=True), None, rnd, moves=moves,
                   observers=observers)


def check_step(state: MalillaState, rnd: random.Random | None = None) -> Iterator[tuple[Move, MalillaState]]:
    """Every check of one state (its rejections, the other seats and, with ``rnd``, the views), then each legal move
    applied and its transition checked: the successors, for an explorer or a playout.

    Raises:
        InvariantViolation: an invariant fails at this state or on a step from it.

    >>> from maumau_rules.families.malilla.engine import new_hand
    >>> len(list(check_step(new_hand("malilla", seed=5)))) >= 1
    True
    """
    check_state(state)
    check_rejections(state)
    check_other_seats(state)
    if rnd is not None:
        check_no_leak(state, rnd)
    for m in state.legal_moves():
        after = apply(state, m)
        check_transition(state, m, after)
        yield m, after


def public_facts(state: MalillaState, viewer: int | None) -> dict[str, object]:
    """What Malilla shows ``viewer`` besides the view and the verdicts (no windows: nothing more).

    >>> from maumau_rules.families.malilla.engine import new_hand
    >>> public_facts(new_hand("malilla", seed=5), 0)
    {}
    """
    return {}


def move_facts(before: MalillaState, move: Move, seat: int, after: MalillaState, viewer: int | None,
               sees_own: bool) -> dict[str, object]:
    """What ``viewer`` is told about ``move`` by ``seat``: its events (:func:`maumau_rules.events.events_between`)
    and who won the hand.

    >>> from maumau_rules.families.malilla.engine import apply, new_hand
    >>> s = new_hand("malilla", seed=5)
    >>> sorted(move_facts(s, s.legal_moves()[0], s.seat_to_act, apply(s, s.legal_moves()[0]), 0, True))
    ['events', 'winner']
    """
    from ...events import events_between

    out: dict[str, object] = {"events": events_between(before, move, after, player=seat, viewer=None)}
    out["winner"] = (after.is_over, after.winner, after.end)
    return out


def final_summary(s: MalillaState) -> dict[str, object]:
    """The end of a golden game: what the golden files record of a final Malilla state.

    >>> from maumau_rules.families.malilla.engine import new_hand
    >>> sorted(final_summary(new_hand("malilla", seed=1)))[:3]
    ['digest', 'end', 'hand_sizes']
    """
    return {
        "turn": s.turn,
        "hand_sizes": list(s.hand_sizes),
        "tricks": len(s.tricks),
        "points": list(s.points),
        "trump": str(s.trump_card),
        "winner": s.winner,
        "end": s.end.value if s.end is not None else None,
        "digest": state_digest(s),
    }
