"""Standard rules (source 000): the digest's worked examples SCN-STD-01..05 and more, on explicit deals."""

from __future__ import annotations

import copy

import pytest

from maumau_rules import (
    Call,
    CallOut,
    Card,
    Deal,
    Draw,
    EndReason,
    GameState,
    IllegalMoveError,
    Pass,
    Phase,
    Play,
    Reason,
    Suit,
    Variant,
    apply,
    check,
    find_variant,
    legal_moves,
    new_game,
    parse_cards,
    parse_move,
)
from maumau_rules.scoring import round_points
from maumau_rules.variants import SPEC_VARIANTS, variant_from_dict
from tests.helpers import deal_for

STD = find_variant("standard")


def deal(
    hands: list[str], top: str, *, first: int | None, dealer: int = 0, stock_top: str = "", variant: Variant = STD,
    discard_below: str = "", start_effects: bool = False,
) -> GameState:
    """An explicit deal (tests.helpers.deal_for): the given hands and top card, the rest of the deck in the
    stock, with ``stock_top`` drawn next."""
    d = deal_for(variant, hands, top, under=discard_below, stock_top=stock_top, dealer=dealer, first_player=first,
                 start_effects=start_effects)
    state: GameState = new_game(variant, len(hands), seed=1, deal=d)
    return state


def P(text: str) -> Play:
    move = parse_move(text)
    assert isinstance(move, Play)
    return move


@pytest.mark.rule("R_TURN_ORDER", "R_MATCH", "R_START_CARD", "R_DRAW")
def test_scn_std_01_start_example() -> None:
    """SCN-STD-01: dealer P2, start card 9♥ has no effect; P3 (dealer's left) plays first; legal plays are
    exactly P3's hearts, 9s and Jacks, and drawing is allowed (STD-START-4, STD-TURN-4)."""
    s = deal(["Q♠ K♥ 10♣ A♣ 8♣", "7♥ 8♠ 10♥ Q♦ 9♣", "7♠ J♣ K♠ A♦ 8♦"], "9♥", first=None,
             dealer=0, start_effects=True)
    assert s.seat_to_act == 1
    plays = {m.card for m in legal_moves(s) if isinstance(m, Play)}
    assert plays == set(parse_cards("7♥ 10♥ 9♣"))
    assert Draw() in legal_moves(s)


@pytest.mark.rule("R_DRAW_PENALTY", "R_SKIP", "R_WILD", "R_ANNOUNCE", "R_SCORE_WIN_POINTS", "R_MATCH")
def test_scn_std_02_main_example() -> None:
    """SCN-STD-02: the main worked example, steps 1-9 (STD-SEVEN-2/3, STD-EIGHT-1, STD-JACK-1/3/4, STD-MAU-1/2)."""
    # seats 0, 1, 2 = P2, P3, P4; dealer P2; P3 starts.
    s = deal(["Q♠ K♥ 10♣ A♣ 8♣", "7♥ 8♠ 10♥ Q♦ 9♣", "7♠ J♣ K♠ A♦ 8♦"], "9♥", first=1, dealer=0)
    s = apply(s, P("7♥"))                       # 1: pending 2 against P4
    assert (s.seat_to_act, s.pending_draw) == (2, 2)
    s = apply(s, P("7♠"))                       # 2: stacking, pending 4 against P2
    assert (s.seat_to_act, s.pending_draw) == (0, 4)
    assert {type(m) for m in legal_moves(s)} == {Draw}  # P2 has no 7: he can only draw
    before = len(s.hands[0])
    s = apply(s, Draw())                        # 3: draws 4 and loses his turn
    assert len(s.hands[0]) == before + 4 and s.pending_draw == 0 and s.seat_to_act == 1
    s = apply(s, P("8♠"))                       # 4: P4 is skipped
    assert s.seat_to_act == 0
    s = apply(s, P("Q♠"))                       # 5
    assert s.seat_to_act == 1
    # "After a few turns": a Queen on top, P3 {10♥, Q♦}, P4 {J♣}, P2 {K♥}, P3 to play.
    s = deal(["K♥ 8♣", "10♥ Q♦", "J♣ 8♠"], "Q♣", first=1, dealer=0)
    s = apply(s, P("Q♦ mau"))                   # 6: "Mau!" with one card left, no penalty
    assert s.announced[1] is Call.MAU and s.missed_calls == ()
    s = apply(s, P("J♣>♥"))                     # 7: the Jack requests hearts
    assert s.wished_suit is Suit.HEARTS
    assert check(s, P("K♥")).ok                 # 8: K♥ follows the wish
    s = apply(s, P("K♥"))
    s = apply(s, P("10♥"))                      # 9: P3 goes out
    assert s.end is EndReason.EMPTY_HAND and s.winner == 1
    assert round_points(s) == (0, 1, 0)


@pytest.mark.rule("R_NO_FINISH", "R_DRAW", "R_ANNOUNCE")
def test_scn_std_03_jack_cannot_finish() -> None:
    """SCN-STD-03: a lone Jack may not be played (STD-JACK-6); the player draws, may play the drawn card
    if it fits, and must then call "Mau" (STD-MAU-1)."""
    s = deal(["J♣", "7♥ 8♥ 9♥"], "9♦", first=0, stock_top="K♦")
    v = check(s, P("J♣>h"))
    assert (v.ok, v.reason, v.rule_id) == (False, Reason.FINISH_FORBIDDEN, "R_NO_FINISH")
    assert legal_moves(s) == (Draw(),)
    s = apply(s, Draw())
    assert s.phase is Phase.DRAWN and s.drawn == Card.parse("K♦")
    assert set(legal_moves(s)) == {P("K♦"), P("K♦ mau"), Pass()}
    s = apply(s, P("K♦ mau"))
    assert s.hands[0] == parse_cards("J♣") and s.announced[0] is Call.MAU


@pytest.mark.rule("R_SKIP", "R_DEAL")
def test_scn_std_04_two_player_eight() -> None:
    """SCN-STD-04: with two players (6 cards each, STD-DEAL-6) the player of an 8 plays again (STD-EIGHT-2)."""
    s = new_game(STD, players=2, seed=11)
    assert [len(h) for h in s.hands] == [6, 6]
    s = deal(["8♠ 9♠ A♥", "7♥ 8♥ 9♥"], "10♠", first=0)
    s = apply(s, P("8♠"))
    assert s.seat_to_act == 0 and s.phase is Phase.PLAY


@pytest.mark.rule("R_WRONG_CARD")
def test_scn_std_05_wrong_card_table_and_strict_modes() -> None:
    """SCN-STD-05: a wrong card: strict mode rejects it and changes nothing; table mode (STD-PEN-1) returns
    the card to the hand, the player draws one, and the turn ends."""
    s = deal(["10♠ 7♣", "7♥ 8♥ 9♦"], "9♥", first=0, stock_top="A♣")
    with pytest.raises(IllegalMoveError) as err:
        apply(s, P("10♠"))
    assert err.value.verdict.reason is Reason.DOES_NOT_MATCH and err.value.rule_id == "R_MATCH"
    assert s.turn == 0 and s.hands[0] == parse_cards("7♣ 10♠")
    data = copy.deepcopy(SPEC_VARIANTS["standard"])
    data["variant"]["id"] = "standard-table-test"
    data["variant"]["aliases"] = []
    data["rules"]["R_WRONG_CARD"] = {"mode": "penalize", "penalty": 1}
    table = variant_from_dict(data)
    t = deal(["10♠ 7♣", "7♥ 8♥ 9♦"], "9♥", first=0, stock_top="A♣", variant=table)
    t2 = apply(t, P("10♠"))
    assert t2.hands[0] == parse_cards("7♣ A♣ 10♠") and t2.seat_to_act == 1 and t2.top_card == Card.parse("9♥")


@pytest.mark.rule("R_START_CARD", "R_DRAW_PENALTY")
def test_start_seven_makes_first_player_draw_two_or_stack() -> None:
    """STD-START-1: a start 7 makes the first player draw two (he may pass it on with a 7, CA-17)."""
    s = deal(["8♣ 7♣", "9♦ 10♦"], "7♥", first=0, start_effects=True)
    assert s.pending_draw == 2
    assert set(legal_moves(s)) == {P("7♣"), P("7♣ mau"), Draw()}
    s2 = apply(s, Draw())
    assert len(s2.hands[0]) == 4 and s2.seat_to_act == 1


@pytest.mark.rule("R_START_CARD", "R_SKIP")
def test_start_eight_skips_first_player() -> None:
    """STD-START-2: a start 8 makes the first player miss his turn."""
    s = deal(["8♣ 7♣", "9♦ 10♦", "Q♦ K♦"], "8♥", first=1, start_effects=True)
    assert s.seat_to_act == 2


@pytest.mark.rule("R_START_CARD", "R_WILD")
def test_start_jack_allows_any_card_but_a_jack() -> None:
    """STD-START-3: after a start Jack the first player may play any card (no Jack on a Jack, CA-17)."""
    s = deal(["7♣ 9♦ J♦", "8♦ 10♦"], "J♥", first=0, start_effects=True)
    plays = {m.card for m in legal_moves(s) if isinstance(m, Play)}
    assert plays == set(parse_cards("7♣ 9♦"))
    assert check(s, P("J♦>c")).reason is Reason.WILD_ON_WILD


@pytest.mark.rule("R_WILD")
def test_jack_needs_a_wish_and_next_player_must_follow_it_and_not_answer_with_jack() -> None:
    """STD-JACK-1..5: a Jack needs a wish; the next player must follow it, may not answer with a Jack."""
    s = deal(["J♣ 7♦ 8♦", "7♥ 9♥ J♠ 8♠", "Q♦ K♦ A♦"], "9♦", first=0)
    assert check(s, P("J♣")).reason is Reason.WISH_REQUIRED
    assert check(s, P("7♦>h")).reason is Reason.WISH_NOT_ALLOWED
    s = apply(s, P("J♣>♥"))
    assert s.wished_suit is Suit.HEARTS
    plays = {m.card for m in legal_moves(s) if isinstance(m, Play)}
    assert plays == set(parse_cards("7♥ 9♥"))
    assert check(s, P("8♠")).reason is Reason.MUST_FOLLOW_WISH
    assert check(s, P("J♠>h")).reason is Reason.WILD_ON_WILD
    # The wish stays in force when the next player only draws (CA-09).
    s = apply(s, Draw())
    s = apply(s, Pass())
    assert s.seat_to_act == 2 and s.wished_suit is Suit.HEARTS


@pytest.mark.rule("R_ANNOUNCE")
def test_forgotten_mau_costs_two_cards_when_called_out_before_next_player_acts() -> None:
    """STD-MAU-3: forgetting "Mau" costs two cards if noticed before the next player plays."""
    s = deal(["K♦ 8♣", "9♣ 10♦ Q♣", "K♣ A♣ Q♠"], "9♦", first=0)
    s = apply(s, P("K♦"))  # leaves one card, no call
    assert s.missed_calls == (0,) and CallOut(0) in legal_moves(s)
    t = apply(s, CallOut(0))
    assert len(t.hands[0]) == 3 and t.missed_calls == () and t.seat_to_act == 1
    u = apply(s, P("10♦"))  # the next player acts: the window closes
    assert u.missed_calls == () and not any(isinstance(m, CallOut) for m in legal_moves(u))
    assert check(u, CallOut(0)).reason is Reason.NOTHING_TO_CALL_OUT
    assert check(u, CallOut(0), player=2).reason is Reason.NOTHING_TO_CALL_OUT


@pytest.mark.rule("R_ANNOUNCE")
def test_wrong_call_is_rejected() -> None:
    """A call with a play that leaves more than one card is not due (R_ANNOUNCE)."""
    s = deal(["7♦ 8♦ 9♣", "9♥ 10♦"], "9♦", first=0)
    v = check(s, P("7♦ mau"))
    assert (v.reason, v.rule_id) == (Reason.CALL_NOT_DUE, "R_ANNOUNCE")


@pytest.mark.rule("R_RESHUFFLE", "R_DRAW")
def test_reshuffle_discard_pile_when_stock_runs_out() -> None:
    """STD-RESH-1: the discard pile except its top card becomes the new stock."""
    v = STD
    deck = list(v.plan.deck_cards)
    hands = (tuple(deck[0:5]), tuple(deck[5:10]))
    top = deck[10]
    discard = tuple(deck[11:])
    s = new_game(v, 2, seed=3, deal=Deal(hands, (), discard + (top,), first_player=0, start_effects=False))
    assert not s.stock
    s2 = apply(s, Draw())
    assert len(s2.hands[0]) == 6 and s2.discard == (top,) and len(s2.stock) == len(discard) - 1
    assert s2.all_cards() == s.all_cards()


@pytest.mark.rule("R_BLOCKED_END", "R_NO_FINISH")
def test_blocked_round_ends_after_a_round_of_passes() -> None:
    """CA-13: when nothing can be drawn and nobody can play, each player passes; a full round of passes ends
    the round, and a tie for fewest cards has no winner. (Two lone Jacks, no reshuffle in this variant.)"""
    data = copy.deepcopy(SPEC_VARIANTS["standard"])
    data["variant"]["id"], data["variant"]["aliases"] = "standard-no-reshuffle", []
    del data["rules"]["R_RESHUFFLE"]
    v = variant_from_dict(data)
    s = deal(["J♣", "J♠"], "9♥", first=0, variant=v, discard_below=" ".join(
        str(c) for c in v.plan.deck_cards if str(c) not in ("J♣", "J♠", "9♥")))
    assert not s.stock and legal_moves(s) == (Pass(),)
    s = apply(s, Pass())
    assert not s.is_over and s.seat_to_act == 1
    s = apply(s, Pass())
    assert s.end is EndReason.BLOCKED and s.winner is None and legal_moves(s) == ()


@pytest.mark.rule("R_TURN_LIMIT")
def test_turn_limit_ends_every_round() -> None:
    """R_TURN_LIMIT: a round that cycles ends after max_moves moves, fewest cards winning."""
    data = copy.deepcopy(SPEC_VARIANTS["standard"])
    data["variant"]["id"], data["variant"]["aliases"] = "standard-short", []
    data["rules"]["R_TURN_LIMIT"] = {"max_moves": 10}
    v = variant_from_dict(data)
    s = new_game(v, 3, seed=5)
    while not s.is_over:
        s = apply(s, Draw() if Draw() in legal_moves(s) else legal_moves(s)[-1])
    assert s.turn == 10 and s.end is EndReason.TURN_LIMIT


@pytest.mark.rule("R_DRAW")
def test_after_drawing_only_the_drawn_card_may_be_played() -> None:
    """STD-TURN-3/5: after drawing, the drawn card may be played if it fits; no other card."""
    s = deal(["9♦ 10♣", "7♥ 8♥"], "9♥", first=0, stock_top="K♥")
    s = apply(s, Draw())
    assert set(legal_moves(s)) == {P("K♥"), Pass()}
    assert check(s, P("9♦")).reason is Reason.MUST_PLAY_DRAWN
    assert check(s, Draw()).reason is Reason.DRAW_NOT_ALLOWED


@pytest.mark.rule("R_FINAL_CARD_EFFECTS", "R_DRAW_PENALTY")
def test_going_out_with_a_seven_still_makes_the_next_player_draw() -> None:
    """STD-SEVEN-4: a player may go out with a 7; the next player still draws the two cards."""
    s = deal(["7♥", "8♦ 9♦", "K♣ A♣"], "9♥", first=0)
    s = apply(s, P("7♥"))
    assert s.winner == 0 and len(s.hands[1]) == 4 and s.pending_draw == 0


def test_rejected_moves_leave_state_unchanged_and_quote_the_move() -> None:
    """Bad input: every rejection raises IllegalMoveError with a message quoting the move; nothing changes."""
    s = new_game(STD, 3, seed=8)
    snapshot = (s.hands, s.stock, s.discard, s.turn, s.seat_to_act)
    cases: list[tuple[Pass | CallOut, Reason]] = [(Pass(), Reason.PASS_NOT_ALLOWED), (CallOut(1), Reason.NOTHING_TO_CALL_OUT)]
    for move, reason in cases:
        with pytest.raises(IllegalMoveError) as err:
            apply(s, move)
        assert err.value.verdict.reason is reason and repr(str(move)) in str(err.value)
    with pytest.raises(IllegalMoveError) as err:
        apply(s, legal_moves(s)[0], player=(s.seat_to_act + 1) % 3)
    assert err.value.verdict.reason is Reason.NOT_YOUR_TURN
    with pytest.raises(IllegalMoveError) as err:
        apply(s, legal_moves(s)[0], turn=5)
    assert err.value.verdict.reason is Reason.STALE_STATE
    two = Card.parse("2h")
    assert check(s, Play(two)).reason is Reason.WRONG_VARIANT
    assert (s.hands, s.stock, s.discard, s.turn, s.seat_to_act) == snapshot


def test_move_after_game_over_is_rejected() -> None:
    """A move after the round ended is rejected with GAME_OVER."""
    s = deal(["7♥", "8♦ 9♦"], "9♥", first=0)
    s = apply(s, P("7♥"))
    assert s.is_over and legal_moves(s) == ()
    assert check(s, Draw()).reason is Reason.GAME_OVER
