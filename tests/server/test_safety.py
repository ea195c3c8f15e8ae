"""Safety for untrusted clients: every rejection has its reason code, and no move is ever silently
changed into another one (apply raises and leaves the state as it was, or plays exactly that move)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from maumau_rules import (
    Call,
    CallOut,
    Card,
    Deal,
    Draw,
    GameState,
    IllegalMoveError,
    Move,
    Pass,
    Play,
    Reason,
    Suit,
    apply,
    check,
    new_game,
    parse_cards,
)
from maumau_rules.actions import ActionSpace
from maumau_rules.errors import ArgumentTypeError, NotationError
from maumau_rules.moves import MOVE_TYPES, not_a_move
from maumau_rules.notation import dumps
from tests.server._games import playout

C = Card.parse


def table() -> GameState:
    """Seat 0 to act on 9♥ holding J♣ 7♥ 8♥ 9♠ 10♦; seat 1 holds five clubs."""
    hands = (parse_cards("Jc 7h 8h 9s 10d"), parse_cards("7c 8c 9c 10c Qc"))
    used = {*hands[0], *hands[1], C("9h")}
    deck = new_game("standard", 2, seed=0).all_cards()
    stock = tuple(c for c in sorted(deck, key=lambda c: c.sort_key) if c not in used)
    state: GameState = new_game("standard", 2, seed=1, deal=Deal(hands, stock, (C("9h"),), first_player=0))
    return state


def finished() -> GameState:
    states, _ = playout("standard", 3, 11, 12, limit=5000)
    assert states[-1].is_over
    return states[-1]


def rejected(state: GameState, move: Any, reason: Reason, rule_id: str, **kw: Any) -> str:
    """Assert that ``move`` is rejected with ``reason`` by check and by apply, and that nothing changed."""
    before = dumps(state)
    verdict = check(state, move, **kw)
    assert (verdict.ok, verdict.reason, verdict.rule_id) == (False, reason, rule_id), verdict
    with pytest.raises(IllegalMoveError) as info:
        apply(state, move, **kw)
    assert info.value.verdict == verdict
    assert info.value.reason is reason and info.value.rule_id == rule_id
    assert dumps(state) == before
    return verdict.message


def test_the_table_fixture() -> None:
    s = table()
    assert s.seat_to_act == 0 and s.top_card == C("9h") and s.turn == 0
    assert Play(C("Jc"), Suit.HEARTS) in s.legal_moves()


@pytest.mark.parametrize("move", [Draw(), Pass(), Play(C("7h")), CallOut(0)])
def test_moves_after_the_game_ended(move: Move) -> None:
    s = finished()
    msg = rejected(s, move, Reason.GAME_OVER, "R_MATCH")
    assert "the round is over" in msg
    rejected(s, move, Reason.GAME_OVER, "R_MATCH", player=s.seat_to_act, turn=s.turn)


def test_card_not_held() -> None:
    msg = rejected(table(), Play(C("7c")), Reason.CARD_NOT_IN_HAND, "R_MATCH")
    assert msg == "illegal move '7♣' by player 0: player 0 does not hold 7♣"


def test_card_not_in_the_deck() -> None:
    assert "2♥ is not a card of the french-32 deck" in rejected(table(), Play(C("2h")), Reason.WRONG_VARIANT, "R_DEAL")


@pytest.mark.parametrize("wish", ["h", 1, True, Call.MAU, "♥"])
def test_a_wish_that_is_not_a_suit(wish: Any) -> None:
    """A wish that does not exist cannot even be built into a move: a typed error, nothing to apply."""
    with pytest.raises(NotationError) as err:
        Play(C("Jc"), wish)
    assert "is not a Suit" in str(err.value)


def test_a_wish_with_a_card_that_names_no_suit() -> None:
    assert "7♥ does not name a suit" in rejected(table(), Play(C("7h"), Suit.CLUBS), Reason.WISH_NOT_ALLOWED, "R_WILD")


def test_a_wild_card_without_a_wish_is_not_given_a_default() -> None:
    assert "needs a wished suit" in rejected(table(), Play(C("Jc")), Reason.WISH_REQUIRED, "R_WILD")


def test_a_call_that_is_not_due_is_not_dropped() -> None:
    rejected(table(), Play(C("7h"), None, Call.MAU), Reason.CALL_NOT_DUE, "R_ANNOUNCE")


def test_not_your_turn() -> None:
    msg = rejected(table(), Draw(), Reason.NOT_YOUR_TURN, "R_TURN_ORDER", player=1)
    assert msg == "illegal move 'draw' by player 1: it is player 0's turn"


@pytest.mark.parametrize("turn", [1, -1, 99])
def test_stale_moves(turn: int) -> None:
    msg = rejected(table(), Draw(), Reason.STALE_STATE, "R_TURN_ORDER", player=0, turn=turn)
    assert f"was made against turn {turn}, but the game is at turn 0" in msg


def test_other_rejections() -> None:
    s = table()
    rejected(s, Play(C("10d")), Reason.DOES_NOT_MATCH, "R_MATCH")
    rejected(s, Pass(), Reason.PASS_NOT_ALLOWED, "R_DRAW")
    rejected(s, CallOut(1), Reason.NOTHING_TO_CALL_OUT, "R_ANNOUNCE")
    rejected(s, CallOut(7), Reason.NOTHING_TO_CALL_OUT, "R_ANNOUNCE")


@pytest.mark.parametrize("move", ["7h", "draw", None, 3, [1], {"move": "7h"}, object()])
def test_things_that_are_not_moves(move: Any) -> None:
    """``check`` judges them ``not_a_move``; ``apply`` raises the wrong type as an ArgumentTypeError (issue 25),
    with the same message, and nothing changes."""
    s = table()
    before = dumps(s)
    verdict = check(s, move)
    assert (verdict.ok, verdict.reason, verdict.rule_id) == (False, Reason.NOT_A_MOVE, "R_MATCH")
    with pytest.raises(ArgumentTypeError, match="parse_move") as info:
        apply(s, move)
    assert str(info.value) == verdict.message and dumps(s) == before


def test_a_legal_move_is_played_exactly() -> None:
    s = table()
    after = apply(s, Play(C("Jc"), Suit.DIAMONDS), player=0, turn=0)
    assert after.top_card == C("Jc") and after.wished_suit is Suit.DIAMONDS
    assert C("Jc") not in after.hands[0] and after.turn == 1 and after.seat_to_act == 1


@given(st.integers(2, 5), st.integers(0, 5000), st.integers(0, 5000))
def test_check_and_apply_agree_with_legal_moves_on_every_action(players: int, seed: int, move_seed: int) -> None:
    """Across random games, every encodable move and some malformed ones: accepted exactly when legal;
    a rejected move raises with the same verdict (a value that is not a move: ArgumentTypeError) and leaves the state unchanged; an accepted one is played as is."""
    space = ActionSpace.for_variant("standard", players)
    states, _ = playout("standard", players, seed, move_seed, limit=60)
    extra: list[Any] = [Play(C("2h")), CallOut(players + 3), "draw", None]
    for s in states[-3:]:
        legal = set(s.legal_moves())
        before = dumps(s)
        for move in (*space.moves, *extra):
            verdict = check(s, move)
            assert verdict.ok == (move in legal)
            if not verdict.ok and type(move) not in MOVE_TYPES:
                with pytest.raises(ArgumentTypeError) as wrong:
                    apply(s, move)
                assert str(wrong.value) == not_a_move(move)
                assert verdict.message == not_a_move(move) or s.is_over  # check: game over comes first
                continue
            if not verdict.ok:
                with pytest.raises(IllegalMoveError) as info:
                    apply(s, move)
                assert info.value.verdict == verdict
                continue
            after = apply(s, move)
            assert after.turn == s.turn + 1
            if isinstance(move, Play):
                assert move.card in after.discard[len(s.discard) - 1:] or after.is_over
                if move.wish is not None and after.top_card == move.card:
                    assert after.wished_suit is move.wish
        assert dumps(s) == before


# ---------------------------------------------------------------- engine gaps (engine.py is not ours to edit)


def _at_seat_one() -> GameState:
    for seed in range(100):
        states, _ = playout("standard", 3, seed, seed, limit=1)
        if states[1].seat_to_act == 1 and states[1].turn == 1:
            return states[1]
    raise AssertionError("no such game")  # pragma: no cover


def test_bool_seat_and_turn_are_rejected() -> None:
    """JSON ``true`` is not seat 1 and ``1.0`` is not turn 1: only plain integers identify a seat or a turn."""
    s = _at_seat_one()
    move = s.legal_moves()[0]
    assert check(s, move, player=True).reason is Reason.NOT_YOUR_TURN
    assert check(s, move, player=1, turn=True).reason is Reason.STALE_STATE
    assert check(s, move, player=1, turn=float(s.turn)).reason is Reason.STALE_STATE  # type: ignore[arg-type]
    assert check(s, move, player=1, turn=s.turn).ok


def test_callout_with_a_bool_seat_cannot_be_built() -> None:
    """``CallOut(True)`` would compare equal to ``CallOut(1)``; the move type refuses to be built with it."""
    with pytest.raises(NotationError):
        CallOut(True)
    with pytest.raises(NotationError):
        CallOut(-1)


def test_a_play_of_a_non_card_is_not_a_move() -> None:
    """``Play('7h')`` is refused when built; a forged one that bypasses the check is NOT_A_MOVE."""
    with pytest.raises(NotationError):
        Play("7h")  # type: ignore[arg-type]
    forged = object.__new__(Play)
    object.__setattr__(forged, "card", "7h")
    object.__setattr__(forged, "wish", None)
    object.__setattr__(forged, "call", None)
    object.__setattr__(forged, "_attrs_cached_hash", None)
    assert check(table(), forged).reason is Reason.NOT_A_MOVE
