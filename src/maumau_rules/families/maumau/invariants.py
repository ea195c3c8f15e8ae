"""Mau-Mau's invariants (``spec/invariants.toml``) as executable checks: its family's
:attr:`~maumau_rules.families.GameFamily.invariants`.

Each check raises :class:`InvariantViolation` (an ``AssertionError`` that names the ``INV_*`` ID) when
a state, a transition or a rejected move breaks an invariant. The same functions run in the
Hypothesis properties, the stateful machine, the exhaustive explorer and the golden-game tests,
so every layer checks exactly the same statements.

>>> from maumau_rules import new_game, legal_moves, apply
>>> s = new_game("standard", players=2, seed=4)
>>> check_state(s)
>>> m = legal_moves(s)[0]
>>> check_transition(s, m, apply(s, m))
>>> [len(succ) for succ in [check_step(s)]] == [len(legal_moves(s))]
True
"""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import Any, Final

import attrs

from ...cards import FRENCH_SUITS, JOKER, Card, Rank, Suit
from ...errors import IllegalMoveError
from ...families import family_of
from ...game import apply, check, legal_moves, new_game, open_windows
from ...moves import Call, CallOut, Draw, Move, Pass, Play
from ...reasons import Reason
from ...state import EndReason
from ...testing.invariants import KNOWN_ENGINE_BUGS, _same_public, compare_hidden
from ...testing.invariants import fail as _fail
from ...variants import Variant
from ...views import view
from .effects import DrawCards, PendingDraw
from .plan import Plan
from .state import GameState, Phase

__all__ = [
    "available_to_draw",
    "candidate_moves",
    "check_game",
    "check_no_leak",
    "check_other_seats",
    "check_rejections",
    "check_state",
    "check_step",
    "check_transition",
    "hidden_permutation",
    "move_facts",
    "play_random_game",
    "public_facts",
    "replay",
    "snapshot",
    "state_digest",
]

_DRAW: Final = Draw()
_PASS: Final = Pass()


_WRONG_CARD_REASONS: Final = frozenset({Reason.DOES_NOT_MATCH, Reason.MUST_FOLLOW_WISH, Reason.WILD_ON_WILD,
                                        Reason.WILD_BLOCKED, Reason.MUST_ANSWER_DRAW, Reason.MUST_ANSWER_SKIP,
                                        Reason.RULE_FORBIDS, Reason.FINISH_FORBIDDEN})
"""Rejections that R_WRONG_CARD ``penalize`` turns into the table penalty (as the rule text says)."""


# ---------------------------------------------------------------------------------------- helpers


def snapshot(state: GameState) -> tuple[object, ...]:
    """Every field of ``state`` except the legal-move cache, to prove that a call left it unchanged.

    >>> from maumau_rules import new_game
    >>> s = new_game("standard", players=2, seed=1)
    >>> snapshot(s) == snapshot(new_game("standard", players=2, seed=1))
    True
    """
    return tuple(getattr(state, f.name) for f in attrs.fields(GameState) if f.name != "_legal")


def _canon(value: object) -> object:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Variant):
        return [value.id, value.version]
    if isinstance(value, Suit | Phase | EndReason | Call):
        return value.value
    if isinstance(value, tuple | list):
        return [_canon(v) for v in value]
    if value is None or isinstance(value, bool | int | str):
        return value
    raise TypeError(f"cannot digest {value!r}")


def state_digest(state: GameState) -> str:
    """A short, stable digest of every field of ``state`` (the same in any process and hash seed).

    It covers every attrs field of :class:`~maumau_rules.families.maumau.state.GameState` except the legal-move
    cache, so a new field changes every digest (regenerate the golden files then). A state of another family is
    digested by its family (:attr:`~maumau_rules.families.GameFamily.invariants`).

    >>> from maumau_rules import new_game
    >>> state_digest(new_game("standard", players=2, seed=1)) == state_digest(new_game("standard", 2, seed=1))
    True
    >>> state_digest(new_game("standard", players=2, seed=1)) == state_digest(new_game("standard", 2, seed=2))
    False
    """
    if type(state) is not GameState:  # a state of another family: its own fields
        return family_of(state).invariants.state_digest(state)
    data = {f.name: _canon(getattr(state, f.name)) for f in attrs.fields(GameState) if f.name != "_legal"}
    text = json.dumps(data, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:20]


def available_to_draw(state: GameState) -> int:
    """How many cards a draw could take now: the stock, plus the discard pile under its top card when
    R_RESHUFFLE is in force.

    >>> from maumau_rules import new_game
    >>> s = new_game("standard", players=2, seed=1); available_to_draw(s) == len(s.stock)
    True
    """
    extra = len(state.discard) - 1 if state.variant.plan.reshuffle else 0
    return len(state.stock) + extra


def _multiset(state: GameState) -> list[tuple[int, int]]:
    """The sorted keys of every card in every zone: equal lists mean equal multisets."""
    keys = [c.sort_key for c in state.stock]
    keys += [c.sort_key for c in state.discard]
    for h in state.hands:
        keys += [c.sort_key for c in h]
    keys.sort()
    return keys


def _deck_multiset(variant: Variant) -> list[tuple[int, int]]:
    return sorted(c.sort_key for c in variant.plan.deck_cards)


def _moved(before: tuple[Card, ...], after: tuple[Card, ...]) -> tuple[Sequence[Card], Sequence[Card]]:
    """The cards that left and entered a zone (fast paths for an unchanged zone and for growing or
    shrinking at the top end)."""
    if before is after or before == after:
        return (), ()
    nb, na = len(before), len(after)
    if na < nb and before[:na] == after:
        return before[na:], ()
    if na > nb and after[:nb] == before:
        return (), after[nb:]
    return before, after


def _conserved(before: GameState, after: GameState) -> bool:
    """Whether a transition moved cards between zones without creating or destroying any."""
    left: list[Card] = []
    came: list[Card] = []
    for zb, za in ((before.stock, after.stock), (before.discard, after.discard),
                   *zip(before.hands, after.hands, strict=False)):
        out, into = _moved(zb, za)
        left += out
        came += into
    if len(before.hands) != len(after.hands) or len(left) != len(came):
        return False
    return Counter(left) == Counter(came)


def _deck_set(state: GameState) -> list[Card]:
    return sorted(set(state.variant.plan.deck_cards), key=lambda c: c.sort_key)


def _off_deck_cards(state: GameState) -> list[Card]:
    """Cards that are not in the variant's deck (moves with them must be rejected)."""
    deck = set(state.variant.plan.deck_cards)
    out = [c for c in (JOKER, Card(Rank.TWO, Suit.HEARTS), Card(Rank.SIX, Suit.CLUBS), Card(Rank.ACE, Suit.SPADES))
           if c not in deck]
    return out[:2]


def candidate_moves(state: GameState, *, full: bool = False) -> tuple[Move, ...]:
    """Moves to try against ``state``: every legal one and many illegal ones.

    With ``full``, every card of the deck with every wish and call; otherwise the cards of the
    player to act, the top card and a card nobody holds. Both add cards outside the deck, ``draw``,
    ``pass`` and call-outs of every seat and of seats that do not exist.

    >>> from maumau_rules import new_game
    >>> s = new_game("standard", players=2, seed=1)
    >>> len(candidate_moves(s, full=True)) > len(candidate_moves(s)) > 10
    True
    """
    wishes: tuple[Suit | None, ...] = (None, *FRENCH_SUITS)
    calls: tuple[Call | None, ...] = (None, *Call)
    out: list[Move] = []
    if full:
        for c in _deck_set(state) + _off_deck_cards(state):
            out += [Play(c, w, k) for w in wishes for k in calls]
    else:
        plan = state.variant.plan
        hand = state.hands[state.seat_to_act]
        pool = list(dict.fromkeys([*hand, state.top_card]))
        others = [c for c in _deck_set(state) if c not in pool]
        for c in pool + others[:1] + _off_deck_cards(state):
            if plan.masks.has(plan.masks.all, c) and plan.wishes_mask & plan.unit[c]:
                out += [Play(c, w, k) for w in wishes for k in calls]
            else:
                out += [Play(c, None, k) for k in calls]
                out.append(Play(c, Suit.HEARTS if c.suit is not Suit.HEARTS else Suit.CLUBS))
    out += [_DRAW, _PASS]
    out += [CallOut(seat) for seat in range(state.players + 2)]
    return tuple(out)


def _pending_amount(plan: Plan, card: Card) -> int:
    """What ``card`` adds to a pending draw (-1: it cannot be on the penalty stack)."""
    amounts = [e.amount for e in plan.effects.get(card, ()) if isinstance(e, PendingDraw)]
    return sum(amounts) if amounts else -1


# ---------------------------------------------------------------------------------------- states


def check_state(state: GameState, *, tolerate: Collection[str] = KNOWN_ENGINE_BUGS, deck: bool = True) -> None:
    """Check every invariant that concerns one state alone.

    INV_CARD_CONSERVATION (the zones hold exactly the deck), INV_ONE_SEAT_TO_ACT (a valid seat),
    INV_PLAYABLE (legal moves exist exactly while the round goes on; none twice; the cached list is
    the one the generator gives), INV_LEGAL_IFF_APPLY (``check`` accepts every listed move),
    INV_TERMINATION (the move counter stays within R_TURN_LIMIT) and INV_PENDING_CONSISTENT.
    ``tolerate`` names :data:`KNOWN_ENGINE_BUGS` not to report. ``deck=False`` skips the comparison of
    every zone with the deck (for playouts whose transitions are each checked to conserve cards).

    Raises:
        InvariantViolation: an invariant does not hold.

    >>> from maumau_rules import new_game
    >>> check_state(new_game("standard", players=4, seed=9))
    """
    plan = state.variant.plan
    n = state.players
    # INV_CARD_CONSERVATION
    if deck and _multiset(state) != _deck_multiset(state.variant):
        have, want = state.all_cards(), Counter(plan.deck_cards)
        _fail("INV_CARD_CONSERVATION",
              f"zones hold {sorted(map(str, (have - want).elements()))} too many and "
              f"{sorted(map(str, (want - have).elements()))} too few", state)
    if not state.discard:
        _fail("INV_CARD_CONSERVATION", "the discard pile is empty", state)
    # INV_ONE_SEAT_TO_ACT
    if not 0 <= state.seat_to_act < n:
        _fail("INV_ONE_SEAT_TO_ACT", f"seat_to_act {state.seat_to_act} is not a seat of {n}", state)
    if state.direction not in (1, -1) or len(state.announced) != n:
        _fail("INV_ONE_SEAT_TO_ACT", f"direction {state.direction}, {len(state.announced)} call slots", state)
    # INV_PLAYABLE and the acceptance half of INV_LEGAL_IFF_APPLY
    moves = legal_moves(state)
    if state.is_over:
        if moves:
            _fail("INV_PLAYABLE", f"the round is over but {len(moves)} moves are legal", state)
    elif not moves:
        _fail("INV_PLAYABLE", "the round goes on but no move is legal", state)
    if len(set(moves)) != len(moves):
        _fail("INV_PLAYABLE", f"a legal move is listed twice: {[str(m) for m in moves]}", state)
    for m in moves:
        if not check(state, m).ok:
            _fail("INV_LEGAL_IFF_APPLY", f"legal move {m} is rejected by check: {check(state, m).message}", state)
    # INV_TERMINATION
    if not 0 <= state.turn <= plan.max_moves:
        _fail("INV_TERMINATION", f"turn {state.turn} is outside 0..{plan.max_moves} (R_TURN_LIMIT)", state)
    if state.turn == plan.max_moves and not state.is_over:
        _fail("INV_TERMINATION", f"the round goes on after R_TURN_LIMIT max_moves={plan.max_moves}", state)
    _check_pending(state, tolerate)


def _check_pending(state: GameState, tolerate: Collection[str]) -> None:
    plan = state.variant.plan
    inv = "INV_PENDING_CONSISTENT"
    amounts = [_pending_amount(plan, c) for c in state.penalty_stack]
    if state.pending_draw != sum(amounts):
        _fail(inv, f"pending_draw={state.pending_draw} but the penalty stack "
                   f"{[str(c) for c in state.penalty_stack]} adds up to {sum(amounts)}", state)
    if any(a <= 0 for a in amounts):
        _fail(inv, f"penalty_stack {[str(c) for c in state.penalty_stack]} holds a card without a pending penalty",
              state)
    if state.pending_skip < 0:
        _fail(inv, f"pending_skip={state.pending_skip} is negative", state)
    if (state.phase is Phase.OVER) != state.is_over:
        _fail(inv, f"phase {state.phase.value} but end={state.end}", state)
    if state.is_over:
        lenient = "end-keeps-turn-state" in tolerate
        if (state.pending_draw or state.penalty_stack or state.pending_skip) and not lenient:
            _fail(inv, f"the round is over ({state.end.value if state.end else ''}) with pending_draw="
                       f"{state.pending_draw}, pending_skip={state.pending_skip}", state)
        if state.missed_calls or (state.drawn is not None and not (lenient and state.end is EndReason.TURN_LIMIT)):
            _fail(inv, "the round is over with an open call-out or a drawn card", state)
        if state.winner is not None and not 0 <= state.winner < state.players:
            _fail(inv, f"winner {state.winner} is not a seat", state)
        if state.end is EndReason.EMPTY_HAND and (state.winner is None or state.hands[state.winner]):
            _fail(inv, "an empty-hand finish without a winner whose hand is empty", state)
        if state.end in (EndReason.BLOCKED, EndReason.TURN_LIMIT):
            sizes = state.hand_sizes
            fewest = [p for p, k in enumerate(sizes) if k == min(sizes)]
            if state.winner != (fewest[0] if len(fewest) == 1 else None):
                _fail(inv, f"a {state.end.value} end with hand sizes {list(sizes)} names winner {state.winner}", state)
        return
    if state.winner is not None:
        _fail(inv, f"winner {state.winner} while the round goes on", state)
    if state.phase is Phase.DRAWN:
        if state.drawn is None or state.drawn not in state.hands[state.seat_to_act]:
            _fail(inv, f"phase drawn but the drawn card {state.drawn} is not in the hand of the seat to act", state)
    elif state.drawn is not None:
        _fail(inv, f"drawn card {state.drawn} outside the drawn phase", state)
    if state.phase is Phase.SERIES and not state.turn_plays:
        _fail(inv, "phase series without a card played this turn", state)
    if (state.pending_draw or state.pending_skip) and state.phase is Phase.DRAWN:
        _fail(inv, f"pending effects in phase {state.phase.value}", state)
    roles = plan.roles.get(state.top_card, frozenset())
    custom = any(not e.role for e in plan.effects.get(state.top_card, ()))
    if state.wished_suit is not None and not ({"wish", "demand"} & roles or custom):
        _fail(inv, f"wished suit {state.wished_suit.symbol} while {state.top_card} is on top", state)
    if state.missed_calls and plan.announcer is None:
        _fail(inv, f"missed_calls={state.missed_calls} without an announcement rule", state)
    if state.phase is Phase.FINISHING:
        empty = [p for p, h in enumerate(state.hands) if not h]
        if plan.announcer is None or len(empty) != 1 or empty[0] == state.seat_to_act or state.drawn is not None:
            _fail(inv, f"phase finishing with empty hands {empty}, seat {state.seat_to_act} to act", state)


# ---------------------------------------------------------------------------------------- transitions


_NOTHING: Final[Counter[Card]] = Counter()


def _gains(before: tuple[Card, ...], after: tuple[Card, ...]) -> tuple[Counter[Card], Counter[Card]]:
    if before == after:
        return _NOTHING, _NOTHING
    b, a = Counter(before), Counter(after)
    return a - b, b - a


def check_transition(before: GameState, move: Move, after: GameState, *, conservation: bool = True,
                     player: int | None = None) -> None:
    """Check one accepted move: INV_CARD_CONSERVATION, INV_HAND_SIZES, INV_TERMINATION, INV_ONE_SEAT_TO_ACT.

    ``player`` is the seat that made it, when it is not the seat to act (a call-out inside an open window): the
    seat to act stays as it was, unless the finisher is called out (then the turn passes on from him).

    A play that is not legal but was accepted (R_WRONG_CARD ``penalize``) is checked as the table
    penalty instead (INV_LEGAL_IFF_APPLY).

    INV_HAND_SIZES: a play takes exactly that card from the mover (who may draw penalty cards for a
    missed or wrong call); other hands only grow, and only for a penalty card or final-card effect; a
    draw gives the mover exactly ``min(k, available)`` cards (``k`` = pending draw or 1); a call-out
    gives the called seat exactly ``min(penalty, available)``; a pass changes no hand. The cards that
    left some zone must be exactly the cards that entered another; ``conservation`` also compares the
    whole multisets (redundant when :func:`check_state` compares both states with the deck).

    Raises:
        InvariantViolation: an invariant does not hold.

    >>> from maumau_rules import new_game, apply, Draw
    >>> s = new_game("standard", players=2, seed=3)
    >>> check_transition(s, Draw(), apply(s, Draw()))
    """
    plan = before.variant.plan
    if isinstance(move, Play) and move not in legal_moves(before):
        _check_wrong_card(before, move, after)  # R_WRONG_CARD penalize: not a play at all
        return
    if after.variant is not before.variant or after.players != before.players:
        _fail("INV_ONE_SEAT_TO_ACT", "a move changed the variant or the seats", after)
    if player is not None and player != before.seat_to_act:
        if not isinstance(move, CallOut) or move.seat == player:
            _fail("INV_ONE_SEAT_TO_ACT", f"seat {player}, not to act, made {move}", after)
        finisher_caught = before.phase is Phase.FINISHING and move.seat == before.finisher
        if not finisher_caught and not after.is_over and (after.seat_to_act != before.seat_to_act
                                                           or after.phase is not before.phase):
            _fail("INV_ONE_SEAT_TO_ACT", f"a call-out by seat {player} changed the seat to act or the phase", after)
    if not _conserved(before, after) or (conservation and _multiset(after) != _multiset(before)):
        _fail("INV_CARD_CONSERVATION", f"move {move} changed the multiset of cards", after)
    if after.turn != before.turn + 1:
        _fail("INV_TERMINATION", f"move {move} took turn {before.turn} to {after.turn}, not +1", after)
    if after.turn > plan.max_moves:
        _fail("INV_TERMINATION", f"turn {after.turn} passes R_TURN_LIMIT max_moves={plan.max_moves}", after)
    _check_hand_sizes(before, move, after)


def _check_hand_sizes(before: GameState, move: Move, after: GameState) -> None:
    plan = before.variant.plan
    inv = "INV_HAND_SIZES"
    seat = before.seat_to_act
    if isinstance(move, Play) and any(not e.role for e in plan.effects.get(move.card, ())):
        # An effect the library does not know (a house rule's own): it may move cards between hands as it
        # likes; conservation (checked by the caller) and the card on top still hold.
        if after.top_card != move.card and not after.turn_plays:
            _fail(inv, f"play {move} did not put the card on top (top is {after.top_card})", after)
        return
    avail = available_to_draw(before)
    gains: list[int] = []
    before_hands, after_hands = before.hands, after.hands  # each read decodes every hand
    for p in range(before.players):
        got, lost = _gains(before_hands[p], after_hands[p])
        if isinstance(move, Play) and p == seat:
            # the played card left; the mover may have drawn penalty cards, even another copy of it
            kept = Counter(before_hands[p])
            kept[move.card] -= 1
            if kept - Counter(after_hands[p]) or len(after_hands[p]) < len(before_hands[p]) - 1:
                _fail(inv, f"play {move} took {sorted(map(str, lost.elements()))} from the mover", after)
            got = Counter(after_hands[p]) - kept
        elif lost:
            _fail(inv, f"move {move} took {sorted(map(str, lost.elements()))} from seat {p}", after)
        gains.append(sum(got.values()))
    match move:
        case Play():
            ann = plan.announcer
            mover_bound = ann.penalty if ann is not None else 0
            if gains[seat] > mover_bound:
                _fail(inv, f"play {move}: the mover drew {gains[seat]} > the call penalty {mover_bound}", after)
            penalty = sum(e.amount for e in plan.effects.get(move.card, ()) if isinstance(e, PendingDraw | DrawCards))
            other_bound = before.pending_draw + penalty if penalty else 0
            for p, g in enumerate(gains):
                if p != seat and g > other_bound:
                    _fail(inv, f"play {move}: seat {p} drew {g} cards (penalty bound {other_bound})", after)
            if after.top_card != move.card:
                _fail(inv, f"play {move} did not put the card on top (top is {after.top_card})", after)
        case Draw():
            want = min(before.pending_draw or 1, avail)
            if (plan.draw_more and before.phase is Phase.PLAY and not before.pending_draw
                    and want <= gains[seat] <= avail):
                # a draw hook (R_DRAW_UNTIL_SUIT, a house rule) may ask for more cards, one at a time: the draw
                # stops at the first card no hook asks more after, or when nothing is left
                asks = [after.drawn is not None and any(more(before, after.drawn) for more in plan.draw_more)]
                if gains[seat] < avail and asks[0]:
                    _fail(inv, f"a draw hook asks for more after {after.drawn}, but the draw stopped", after)
                want = gains[seat]
            if gains[seat] != want:
                _fail(inv, f"draw gave the mover {gains[seat]} cards, not min({before.pending_draw or 1}, "
                           f"{avail} available) = {want}", after)
            if any(g for p, g in enumerate(gains) if p != seat):
                _fail(inv, f"draw changed another hand: gains {gains}", after)
        case Pass() if before.phase is Phase.FINISHING:
            # the win stands: the round ends, and a final-card effect may make others draw what is pending
            if gains[before.finisher or 0] or any(g > before.pending_draw for g in gains):
                _fail(inv, f"letting the win stand moved cards: gains {gains}, pending {before.pending_draw}", after)
        case Pass():
            if any(gains) or after.stock != before.stock or after.discard != before.discard:
                _fail(inv, f"pass moved cards: gains {gains}", after)
        case CallOut():
            ann = plan.announcer
            want = min(ann.penalty if ann is not None else 0, avail)
            for p, g in enumerate(gains):
                exp = want if p == move.seat else 0
                if g != exp:
                    _fail(inv, f"{move}: seat {p} drew {g} cards, expected {exp}", after)
        case _:
            _fail(inv, f"unknown move {move!r} was accepted", after)


def _check_wrong_card(before: GameState, move: Move, after: GameState) -> None:
    """R_WRONG_CARD ``penalize``: the wrong card stays in hand, the mover draws, the turn passes."""
    plan = before.variant.plan
    inv = "INV_LEGAL_IFF_APPLY"
    seat = before.seat_to_act
    verdict = check(before, move)
    wrong = before.variant.rule("R_WRONG_CARD")
    penalty = getattr(wrong, "penalty", 0)
    if not (plan.wrong_card is not None and isinstance(move, Play) and before.phase is Phase.PLAY
            and verdict.reason in _WRONG_CARD_REASONS):
        _fail(inv, f"illegal move {move} ({verdict.reason.value}) was accepted", before)
    if after.all_cards() != before.all_cards() or after.turn != before.turn + 1:
        _fail(inv, f"wrong card {move}: cards or turn counter broken", after)
    before_hands, after_hands = before.hands, after.hands  # each read decodes every hand
    for p in range(before.players):
        got, lost = _gains(before_hands[p], after_hands[p])
        bound = penalty + before.pending_draw if p == seat else 0
        if lost or sum(got.values()) > bound:
            _fail("INV_HAND_SIZES", f"wrong card {move}: seat {p} lost {sorted(map(str, lost.elements()))}, "
                                    f"drew {sum(got.values())} (bound {bound})", after)
    if after.top_card != before.top_card or after.pending_draw:
        _fail(inv, f"wrong card {move} changed the top card or kept the pending draw", after)


def check_rejections(state: GameState, moves: Iterable[Move] | None = None) -> int:
    """INV_LEGAL_IFF_APPLY for the illegal moves among ``moves`` (default :func:`candidate_moves`).

    Each is rejected by ``check`` and makes ``apply`` raise ``IllegalMoveError`` and leave ``state``
    unchanged (under R_WRONG_CARD ``penalize`` a wrong card is instead the table penalty). Returns
    how many illegal moves were tried.

    Raises:
        InvariantViolation: an illegal move is accepted, or a rejection changed the state.

    >>> from maumau_rules import new_game
    >>> check_rejections(new_game("standard", players=2, seed=1)) > 10
    True
    """
    legal = set(legal_moves(state))
    before = snapshot(state)
    tried = 0
    for m in candidate_moves(state) if moves is None else moves:
        if m in legal:
            continue
        tried += 1
        verdict = check(state, m)
        if verdict.ok:
            _fail("INV_LEGAL_IFF_APPLY", f"check accepts {m}, which legal_moves does not list", state)
        try:
            after = apply(state, m)
        except IllegalMoveError as exc:
            if exc.verdict.ok:
                _fail("INV_LEGAL_IFF_APPLY", f"{m} raised with an ok verdict", state)
        else:
            _check_wrong_card(state, m, after)
        if snapshot(state) != before:
            _fail("INV_LEGAL_IFF_APPLY", f"rejecting {m} changed the state", state)
    if set(legal_moves(state)) != legal:
        _fail("INV_LEGAL_IFF_APPLY", "rejections changed the legal moves", state)
    return tried


def check_other_seats(state: GameState) -> list[tuple[int, Move, GameState]]:
    """INV_ONE_SEAT_TO_ACT: only the seat to act makes turns; another seat only calls out inside an open window.

    Every other seat's view and ``legal_moves(state, other)`` list exactly its call-outs of the open windows
    (:func:`~maumau_rules.open_windows`), which ``check`` and ``apply`` accept (each checked by
    :func:`check_transition`); the actor's own moves, a draw and every other call-out by that seat are refused
    with ``NOT_YOUR_TURN`` or ``NOTHING_TO_CALL_OUT`` (``GAME_OVER`` once the round is over). Returns the
    interjections as ``(seat, move, next state)``.

    Raises:
        InvariantViolation: another seat could move, or could not call out.

    >>> from maumau_rules import new_game
    >>> check_other_seats(new_game("standard", players=3, seed=2))
    []
    """
    moves = legal_moves(state)
    if view(state, state.seat_to_act).legal_moves != moves:
        _fail("INV_ONE_SEAT_TO_ACT", "the actor's view does not list the legal moves", state)
    tries: tuple[Move, ...] = (*moves[:1], *moves[-1:], _DRAW, *(CallOut(q) for q in range(state.players)))
    windows = open_windows(state)
    before = snapshot(state)
    out: list[tuple[int, Move, GameState]] = []
    for p in range(state.players):
        if p == state.seat_to_act:
            continue
        mine = legal_moves(state, p)
        expected = tuple(CallOut(o) for o in sorted({w.offender for w in windows if p in w.seats}))  # (one each)
        if mine != expected or view(state, p).legal_moves != mine:
            _fail("INV_ONE_SEAT_TO_ACT", f"seat {p} is not to act; it lists {[str(m) for m in mine]}, its view "
                                         f"{[str(m) for m in view(state, p).legal_moves]}, the windows allow "
                                         f"{[str(m) for m in expected]}", state)
        for m in mine:
            if not check(state, m, player=p).ok:
                _fail("INV_LEGAL_IFF_APPLY", f"check refuses {m} by seat {p}, which legal_moves lists", state)
            after = apply(state, m, player=p)
            check_transition(state, m, after, player=p)
            out.append((p, m, after))
        for m in tries:
            if m in mine:
                continue
            want = (Reason.GAME_OVER if state.is_over else
                    Reason.NOTHING_TO_CALL_OUT if isinstance(m, CallOut) else Reason.NOT_YOUR_TURN)
            try:
                apply(state, m, player=p)
            except IllegalMoveError as exc:
                if exc.verdict.reason is not want:
                    _fail("INV_ONE_SEAT_TO_ACT", f"{m} by seat {p} rejected as {exc.verdict.reason.value}, "
                                                 f"not {want.value}", state)
            else:
                _fail("INV_ONE_SEAT_TO_ACT", f"{m} by seat {p}, who is not to act, was accepted", state)
    if snapshot(state) != before:
        _fail("INV_ONE_SEAT_TO_ACT", "a refused move changed the state", state)
    return out


# ---------------------------------------------------------------------------------------- views


def hidden_permutation(state: GameState, player: int | None, rnd: random.Random, *,
                       keep_stock: bool = False) -> GameState:
    """A state that differs from ``state`` only in cards ``player`` cannot see.

    The stock and the other players' hands are shuffled together and dealt back with the same sizes;
    the random state changes too. With ``player=None`` (a spectator) every hand is shuffled in. With ``keep_stock``
    only the other hands are shuffled among themselves, and the stock and the random state stay: what the next move
    draws is then the same in both states (a draw shows the drawer a card; that card must not differ).

    >>> import random
    >>> from maumau_rules import new_game
    >>> s = new_game("standard", players=3, seed=1)
    >>> t = hidden_permutation(s, 0, random.Random(1))
    >>> t.hands[0] == s.hands[0] and [len(h) for h in t.hands] == [len(h) for h in s.hands]
    True
    >>> hidden_permutation(s, 0, random.Random(1), keep_stock=True).stock == s.stock
    True
    """
    hidden = [p for p in range(state.players) if p != player]
    held = state.hands  # each read decodes every hand
    stock_part = () if keep_stock else state.stock
    pool = list(stock_part) + [c for p in hidden for c in held[p]]
    rnd.shuffle(pool)
    stock = state.stock if keep_stock else tuple(pool[: len(state.stock)])
    pos = len(stock_part)
    hands = list(held)
    for p in hidden:
        k = len(held[p])
        hands[p] = tuple(sorted(pool[pos: pos + k], key=lambda c: c.sort_key))
        pos += k
    drawn = state.drawn
    if drawn is not None and state.seat_to_act != player:
        drawn = rnd.choice(hands[state.seat_to_act])
    rng = state.rng if keep_stock else rnd.getrandbits(64)
    return attrs.evolve(state, hands=tuple(hands), stock=stock, drawn=drawn, rng=rng, _legal=None)


def public_facts(state: GameState, viewer: int | None) -> dict[str, object]:
    """What Mau-Mau shows ``viewer`` besides the view and the verdicts (:func:`maumau_rules.testing.invariants.public_facts`):
    the open windows, the call-outs every other seat is offered and the texts the terminal prints about the windows.

    >>> from maumau_rules import new_game
    >>> sorted(public_facts(new_game("standard", players=3, seed=1), 0))
    ['callouts', 'window_texts', 'windows']
    """
    from .cli import _window_text

    windows = open_windows(state)
    return {"windows": windows, "window_texts": [_window_text(state, w.offender, viewer) for w in windows],
            "callouts": [legal_moves(state, q) for q in range(state.players) if q != state.seat_to_act]}


def _strip_points(events: Sequence[object]) -> list[object]:
    """Events with a round's points left out: when a round ends every hand is shown and counted."""
    from ...events import RoundOver

    return [attrs.evolve(e, points=()) if isinstance(e, RoundOver) else e for e in events]


def move_facts(before: Any, move: Move, seat: int, after: Any,
                viewer: int | None, sees_own: bool) -> dict[str, object]:
    """What ``viewer`` is told about ``move`` by ``seat``: its events and the terminal's line about it (only those
    that name no card he was just shown, unless ``sees_own``: his hand is the same in both worlds).

    >>> from maumau_rules import new_game, apply
    >>> s = new_game("standard", players=2, seed=1)
    >>> m = s.legal_moves()[0]
    >>> sorted(move_facts(s, m, s.seat_to_act, apply(s, m), 0, True))
    ['events', 'line', 'own_events', 'winner']
    """
    out: dict[str, object] = {}
    from ...events import events_between
    from .cli import describe_move

    out["events"] = _strip_points(events_between(before, move, after, player=seat, viewer=None))
    if viewer is not None and sees_own:
        out["own_events"] = _strip_points(events_between(before, move, after, player=seat, viewer=viewer))
    if not after.is_over:  # at the end of the round the line may count the hands, which are then shown
        out["line"] = describe_move(before, move, after, human=viewer if sees_own else None, seat=seat)
    out["winner"] = (after.is_over, after.winner, after.end)
    return out


def check_no_leak(state: GameState, rnd: random.Random, tries: int = 1, *, moves: int = 3,
                  observers: Sequence[Callable[[Any, int | None], object]] = ()) -> None:
    """INV_NO_LEAK: everything public for a seat (or a spectator) is the same for states that differ only in cards
    that seat cannot see: the view, phase, seat to act, windows and call-outs, verdicts, the terminal's texts and
    ``observers``' values (:func:`public_facts`), and what it is told about the next moves (:func:`compare_hidden`).

    Each try compares, for each seat and for a spectator, ``state`` with a :func:`hidden_permutation` of it (stock
    and random state included), and makes up to ``moves`` next moves in ``state`` and a permutation that keeps the
    stock.

    Raises:
        InvariantViolation: something public depends on a hidden card.

    >>> import random
    >>> from maumau_rules import new_game
    >>> check_no_leak(new_game("standard", players=3, seed=1), random.Random(0))
    """
    for _ in range(tries):
        for p in (*range(state.players), None):
            _same_public(state, hidden_permutation(state, p, rnd), p, observers, "the state")
            compare_hidden(state, hidden_permutation(state, p, rnd, keep_stock=True), p, rnd, moves=moves,
                           observers=observers)


# ---------------------------------------------------------------------------------------- whole steps


def check_step(state: GameState, rnd: random.Random | None = None, *, full: bool = False) -> list[
        tuple[Move, GameState]]:
    """Check every invariant at ``state`` and on each of its legal moves; return the successors.

    Runs :func:`check_state`, applies every legal move (also with the actor's seat and turn given,
    which must give an equal state) and :func:`check_transition` on each, :func:`check_rejections`
    (every card of the deck with ``full``), :func:`check_other_seats`, and :func:`check_no_leak` when
    ``rnd`` is given.

    Raises:
        InvariantViolation: an invariant does not hold.

    >>> from maumau_rules import new_game
    >>> succ = check_step(new_game("standard", players=2, seed=1))
    >>> all(t.turn == 1 for _, t in succ)
    True
    """
    check_state(state)
    if legal_moves(attrs.evolve(state, _legal=None)) != legal_moves(state):
        _fail("INV_DETERMINISM", "the cached legal moves differ from a fresh generation", state)
    out: list[tuple[Move, GameState]] = []
    for m in legal_moves(state):
        try:
            after = apply(state, m)
            again = apply(state, m, player=state.seat_to_act, turn=state.turn)
        except IllegalMoveError as exc:
            _fail("INV_LEGAL_IFF_APPLY", f"legal move {m} was rejected: {exc}", state)
        if after != again or snapshot(after) != snapshot(again):
            _fail("INV_DETERMINISM", f"applying {m} twice gave different states", state)
        check_transition(state, m, after)
        out.append((m, after))
    check_rejections(state, candidate_moves(state, full=full))
    check_other_seats(state)
    if rnd is not None:
        check_no_leak(state, rnd)
    return out


TableMove = tuple[int, Move]
"""A move with the seat that made it (the seat to act, or another seat calling out inside an open window)."""


def play_random_game(
    variant: Variant,
    players: int,
    seed: int,
    choice_seed: int,
    *,
    full_every: int = 0,
    max_steps: int | None = None,
    interject: float = 0.3,
) -> tuple[GameState, list[TableMove]]:
    """Play a game with random legal moves, checking the invariants on every state and move.

    Every state gets :func:`check_state` and every move :func:`check_transition`; with
    ``full_every=k > 0`` every k-th state (and the last) also gets the whole :func:`check_step`.
    While a window is open, another seat calls out with probability ``interject`` (a random one of the seats
    that may); otherwise the seat to act moves. Stops at the end of the round or after ``max_steps`` moves.
    Returns the last state and the moves, each with its seat.

    Raises:
        InvariantViolation: an invariant does not hold.

    >>> from maumau_rules import find_variant
    >>> s, moves = play_random_game(find_variant("standard"), 3, seed=1, choice_seed=2)
    >>> s.is_over and len(moves) == s.turn
    True
    """
    rnd = random.Random(choice_seed)
    s = new_game(variant, players=players, seed=seed)
    moves: list[TableMove] = []
    while True:
        if full_every and (s.turn % full_every == 0 or s.is_over):
            check_step(s, rnd)
        else:
            check_state(s, deck=s.turn == 0 or s.is_over)
        if s.is_over or (max_steps is not None and len(moves) >= max_steps):
            return s, moves
        seat = s.seat_to_act
        m = rnd.choice(legal_moves(s))
        if s.missed_calls or s.phase is Phase.FINISHING:
            others = [(p, c) for p in range(players) if p != seat for c in legal_moves(s, p)]
            if others and rnd.random() < interject:
                seat, m = rnd.choice(others)
        t = apply(s, m, player=seat)
        check_transition(s, m, t, conservation=False, player=seat)
        moves.append((seat, m))
        s = t


def replay(variant: Variant, players: int, seed: int, moves: Sequence[Move | TableMove]) -> list[GameState]:
    """The states of a game from its seed and moves (the first is the opening state); a move may come with the
    seat that made it, as ``(seat, move)``.

    >>> from maumau_rules import find_variant, legal_moves
    >>> v = find_variant("standard")
    >>> states = replay(v, 2, 1, [])
    >>> len(states), states[0].turn
    (1, 0)
    """
    states = [new_game(variant, players=players, seed=seed)]
    for m in moves:
        if isinstance(m, tuple):
            states.append(apply(states[-1], m[1], player=m[0]))
        else:
            states.append(apply(states[-1], m))
    return states


def check_game(variant: Variant, players: int, seed: int, choice_seed: int, *, full_every: int = 0) -> tuple[
        GameState, list[TableMove]]:
    """Play a random game with checks (:func:`play_random_game`), then replay it from the seed and its
    moves: every state must be equal (INV_DETERMINISM), and the round must have ended (INV_TERMINATION).

    Raises:
        InvariantViolation: an invariant does not hold.

    >>> from maumau_rules import find_variant
    >>> s, moves = check_game(find_variant("standard"), 2, seed=5, choice_seed=5)
    >>> s.is_over
    True
    """
    final, moves = play_random_game(variant, players, seed, choice_seed, full_every=full_every)
    if not final.is_over or final.turn > final.variant.plan.max_moves:
        _fail("INV_TERMINATION", f"the game did not end within {final.variant.plan.max_moves} moves", final)
    try:
        states = replay(variant, players, seed, moves)
    except IllegalMoveError as exc:
        _fail("INV_DETERMINISM", f"replaying the same seed and moves failed: {exc}", final)
    if states[-1] != final or state_digest(states[-1]) != state_digest(final):
        _fail("INV_DETERMINISM", "replaying the same seed and moves gave another state", final)
    return final, moves
