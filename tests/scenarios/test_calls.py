"""Calls, call-outs and mistakes as they happen at a real table, in every variant where they apply (R_ANNOUNCE).

* A missed call can be called out by any other seat, whether or not it is its turn, until the window closes
  (STD-MAU-3, GR-MAU-2, MK-ANN-3); with two players also after a card that gives the offender another turn.
* Saying the wrong word is a legal move and a mistake that can be called out (GR-MAU-5, CA-11) once the card it
  was about is shown, when its player goes out with it: before that nobody else can tell (issue 23).
* "Nobody noticed" can be played: the window closes, and it is recorded and replayed.
* Going out without the call the variant needs waits for a call-out or for the win to be let stand
  (GR-MAU-5, MK-ANN-4), and both outcomes can be played.
"""

from __future__ import annotations

import random

import pytest

from maumau_rules import (
    Call,
    CallOut,
    Card,
    Draw,
    Pass,
    Phase,
    Play,
    Reason,
    Suit,
    Variant,
    apply,
    available_variants,
    call_due,
    check,
    legal_moves,
    open_windows,
    parse_move,
    view,
)
from maumau_rules.bots import table_move
from maumau_rules.families.maumau import Announcement
from maumau_rules.families.maumau.bots import HeuristicBot
from maumau_rules.families.maumau.state import GameState
from maumau_rules.records import dumps_record, loads_record, record_from_moves, replay
from tests.helpers import game

CALLOUT_VARIANTS = [v for v in available_variants("maumau")
                    if isinstance(v.plan.announcer, Announcement) and v.plan.announcer.enforcement == "callout"]
JACK_WORD_VARIANTS = [v for v in CALLOUT_VARIANTS if v.plan.announcer is not None and v.plan.announcer.jack_call]
FINISH_VARIANTS = [v for v in CALLOUT_VARIANTS
                   if isinstance(v.plan.announcer, Announcement) and v.plan.announcer.unannounced_finish != "allowed"]


def _ann(v: Variant) -> Announcement:
    ann = v.plan.announcer
    assert isinstance(ann, Announcement)
    return ann


def plain(v: Variant, suit: Suit, k: int, skip: tuple[Card, ...] = ()) -> list[str]:
    """``k`` cards of ``suit`` that no rule of ``v`` gives an effect (no role, not wild)."""
    out: list[str] = []
    for card in v.plan.deck_cards:
        if card.suit is suit and not v.plan.roles.get(card) and card not in skip and str(card) not in out:
            out.append(str(card))
    assert len(out) >= k, f"{v.id}: only {out} are plain in {suit}"
    return out[:k]


def three_seats(v: Variant) -> tuple[GameState, int, int]:
    """Seat 0 holds two plain hearts and plays one without a call; returns the state, the next player and the
    third seat."""
    hearts = plain(v, Suit.HEARTS, 3)
    clubs = plain(v, Suit.CLUBS, 3)
    spades = plain(v, Suit.SPADES, 3)
    s = game(v, [" ".join(hearts[:2]), " ".join(clubs), " ".join(spades)], top=hearts[2])
    s = apply(s, Play(Card.parse(hearts[0])))  # one card left: the call was due and nothing was said
    nxt = s.seat_to_act
    return s, nxt, 3 - nxt


@pytest.mark.rule("R_ANNOUNCE")
@pytest.mark.parametrize("v", CALLOUT_VARIANTS, ids=lambda v: v.id)
def test_any_other_seat_calls_out_a_missed_call_before_the_next_player_moves(v: Variant) -> None:
    """STD-MAU-3, GR-MAU-2, MK-ANN-3: the player who is not to act calls out; the seat to act stays."""
    s, nxt, third = three_seats(v)
    assert s.missed_calls == (0,) and legal_moves(s, third) == (CallOut(0),) and legal_moves(s, 0) == ()
    assert view(s, third).legal_moves == (CallOut(0),)
    assert [(w.kind, w.offender, w.seats) for w in open_windows(s)] == [("missed_call", 0, (1, 2))]
    t = apply(s, CallOut(0), player=third)
    assert len(t.hands[0]) == 1 + _ann(v).penalty and t.missed_calls == () and t.seat_to_act == nxt
    assert check(t, CallOut(0), player=third).reason is Reason.NOTHING_TO_CALL_OUT  # once is enough
    assert check(s, CallOut(0), player=0).reason is Reason.NOTHING_TO_CALL_OUT  # nobody calls himself out
    assert check(s, Pass(), player=third).reason is Reason.NOT_YOUR_TURN  # only call-outs between turns


@pytest.mark.rule("R_ANNOUNCE")
@pytest.mark.parametrize("v", CALLOUT_VARIANTS, ids=lambda v: v.id)
def test_nobody_noticed_the_window_closes(v: Variant) -> None:
    """STD-MAU-3 'before the next player plays'; MK-ANN-3 until the offender's next move: once the window has
    closed nobody can call him out, and the missed call costs nothing."""
    s, nxt, third = three_seats(v)
    t = apply(s, legal_moves(s)[0])  # the next player moves on (he does not call out)
    if _ann(v).window == "until_own_turn":  # still open until the offender moves again
        assert t.missed_calls == (0,) and CallOut(0) in legal_moves(t, third if t.seat_to_act != third else nxt)
        while t.seat_to_act != 0 and not t.is_over:
            t = apply(t, next(m for m in legal_moves(t) if not isinstance(m, CallOut)))
        t = apply(t, legal_moves(t)[0])
    assert t.missed_calls == () and not any(legal_moves(t, p) for p in range(3) if p != t.seat_to_act)
    assert check(t, CallOut(0), player=third).reason in (Reason.NOTHING_TO_CALL_OUT, Reason.GAME_OVER)


def _after_again_card(v: Variant, card: Card) -> GameState:
    """Two players; seat 0 plays ``card`` from two cards without the call that was due."""
    hearts = plain(v, Suit.HEARTS, 2, skip=(card,))
    s = game(v, [f"{card} {hearts[0]}", " ".join(plain(v, Suit.CLUBS, 3))], top=hearts[1])
    return apply(s, Play(card, wish=Suit.HEARTS if "wish" in v.plan.roles.get(card, ()) else None))


def _again_cards(v: Variant) -> list[Card]:
    """The hearts that give their player another turn at once with two players (play again, a skip, a reverse)."""
    out: list[Card] = []
    for card in v.plan.deck_cards:
        if (card.suit is Suit.HEARTS and card not in out and {"skip", "again", "reverse"} & v.plan.roles.get(card, set())
                and _after_again_card(v, card).seat_to_act == 0):
            out.append(card)
    return out


TWO_PLAYER_AGAIN = [(v, card) for v in CALLOUT_VARIANTS for card in _again_cards(v)]


def test_every_variant_with_calls_has_a_card_that_gives_another_turn_with_two_players() -> None:
    """The issue's list: an 8 (Standard, Classic, Neuner, Greek, Mau King, Pesten, Tschau Sepp), an Ace (Classic,
    Neuner, Mau King, Puque), a 7 or King (Pesten), a 2 (Puque): each variant with calls has at least one."""
    found = {v.id: sorted(c.rank.name for vv, c in TWO_PLAYER_AGAIN if vv == v) for v in CALLOUT_VARIANTS}
    assert all(found.values()), found
    assert found["pesten"] == ["EIGHT", "KING", "SEVEN"] and found["mau-king"] == ["ACE", "EIGHT"]


@pytest.mark.rule("R_ANNOUNCE", "R_PLAY_AGAIN", "R_SKIP", "R_REVERSE")
@pytest.mark.parametrize(("v", "card"), TWO_PLAYER_AGAIN, ids=[f"{v.id}-{c}" for v, c in TWO_PLAYER_AGAIN])
def test_two_players_the_opponent_calls_out_after_a_play_again_card(v: Variant, card: Card) -> None:
    """Issue: with two players a forgotten call on a card that gives another turn (an 8, an Ace, a 7 or King in
    Pesten) can be called out by the opponent, although the offender acts again at once."""
    s = _after_again_card(v, card)
    assert s.seat_to_act == 0 and s.missed_calls == (0,) and legal_moves(s, 1) == (CallOut(0),)
    caught = apply(s, CallOut(0), player=1)
    assert len(caught.hands[0]) == 1 + _ann(v).penalty and caught.seat_to_act == 0
    unnoticed = apply(s, Play(s.hands[0][0]))  # the offender plays on and goes out: nobody called
    if unnoticed.phase is Phase.FINISHING:  # MK-ANN-4: going out unannounced waits for 'nisi najavio'
        # one call-out of the offender, listed once, even where his missed call's window is still open beside
        # the finish's (Greek, Classic: it was listed twice)
        assert "unannounced_finish" in {w.kind for w in open_windows(unnoticed)}
        assert unnoticed.seat_to_act == 1 and legal_moves(unnoticed) == (Pass(), CallOut(0))
        assert legal_moves(unnoticed, 0) == () and view(unnoticed, 1).legal_moves == (Pass(), CallOut(0))
        unnoticed = apply(unnoticed, Pass())  # ...which nobody says
    assert unnoticed.is_over and unnoticed.winner == 0


def _kept(v: Variant, keep_jack: bool) -> tuple[GameState, Card, Card]:
    """Seat 0 holds a plain heart and, to keep, a Jack (the card the Jack word is for) or another plain heart."""
    hearts = plain(v, Suit.HEARTS, 3)
    jack = next(c for c in v.plan.deck_cards if "wish" in v.plan.roles.get(c, ()) and c.suit is Suit.CLUBS)
    kept = jack if keep_jack else Card.parse(hearts[2])
    s = game(v, [f"{hearts[0]} {kept}", " ".join(plain(v, Suit.CLUBS, 3)), " ".join(plain(v, Suit.SPADES, 3))],
             top=hearts[1])
    return s, Card.parse(hearts[0]), kept


@pytest.mark.rule("R_ANNOUNCE")
@pytest.mark.parametrize("keep_jack", [True, False], ids=["jack-kept", "other-kept"])
@pytest.mark.parametrize("v", JACK_WORD_VARIANTS, ids=lambda v: v.id)
def test_a_wrong_word_is_judged_when_the_card_is_shown(v: Variant, keep_jack: bool) -> None:
    """GR-MAU-4/5, WIKI-MAU-3, MK-MM-1, issue 23: 'Mau' when the card kept is a Jack ('Mau Mau' is due), or 'Mau
    Mau' when it is not, is legal; nobody else can tell at the play, so no window opens and the table sees the same
    as after the right word. When he goes out with that card it is shown: any other seat may call him out (the card
    stays, he draws the penalty, play goes on) or the next player lets the win stand."""
    s, first, kept = _kept(v, keep_jack)
    due = Call.MAU_MAU if keep_jack else Call.MAU
    wrong_word = Call.MAU if keep_jack else Call.MAU_MAU
    assert call_due(v, s.hands[0], first) is due
    wrong, right = Play(first, call=wrong_word), Play(first, call=due)
    assert check(s, wrong).ok and wrong in legal_moves(s)
    t = apply(s, wrong)
    assert t.announced[0] is wrong_word and t.missed_calls == () and open_windows(t) == ()
    assert all(legal_moves(t, p) == () for p in (1, 2) if p != t.seat_to_act)
    # the same play with the same word from a hand keeping the other kind of card: the table sees nothing else
    other, _, _ = _kept(v, not keep_jack)
    u = apply(other, wrong)
    assert (u.missed_calls, u.phase, u.seat_to_act, u.announced) == (t.missed_calls, t.phase, t.seat_to_act,
                                                                      t.announced)
    while t.seat_to_act != 0:  # the others draw (or pass): the top card stays
        t = apply(t, next(m for m in legal_moves(t) if isinstance(m, Draw | Pass)))
    out = Play(kept, wish=Suit.HEARTS if keep_jack else None)
    shown = apply(t, out)
    assert shown.phase is Phase.FINISHING and not shown.is_over and shown.finisher == 0
    assert [(w.kind, w.offender) for w in open_windows(shown)] == [("unannounced_finish", 0)]
    third = next(p for p in (1, 2) if p != shown.seat_to_act)
    caught = apply(shown, CallOut(0), player=third)
    assert len(caught.hands[0]) == _ann(v).penalty and caught.top_card == kept and not caught.is_over
    stands = apply(shown, Pass())
    assert stands.is_over and stands.winner == 0
    # the right word: he simply goes out
    t = apply(s, right)
    assert t.missed_calls == ()
    while t.seat_to_act != 0:
        t = apply(t, next(m for m in legal_moves(t) if isinstance(m, Draw | Pass)))
    done = apply(t, out)
    assert done.is_over and done.winner == 0


@pytest.mark.rule("R_ANNOUNCE")
def test_a_call_with_a_play_that_leaves_more_cards_or_an_unknown_word_is_refused() -> None:
    """A call goes with the play that leaves one card; a variant without a Jack word has no 'Mau Mau' call."""
    s = game("standard", ["9h Qh 10c", "9c Qc Ac"], top="10h")
    v1 = check(s, Play(Card.parse("9h"), call=Call.MAU))
    assert (v1.reason, v1.rule_id) == (Reason.CALL_NOT_DUE, "R_ANNOUNCE") and "leaves" in v1.message
    s = game("standard", ["9h Qh", "9c Qc Ac"], top="10h")
    v2 = check(s, Play(Card.parse("9h"), call=Call.MAU_MAU))
    assert v2.reason is Reason.CALL_NOT_DUE and "not a call of this variant" in v2.message


@pytest.mark.rule("R_ANNOUNCE")
@pytest.mark.parametrize("v", FINISH_VARIANTS, ids=lambda v: v.id)
def test_going_out_without_the_call_waits_for_a_call_out_or_lets_the_win_stand(v: Variant) -> None:
    """GR-MAU-5 ('if an opponent catches him'), MK-ANN-4 ('nisi najavio'): the round waits in phase finishing;
    a call-out by any other seat gives the penalty and play goes on from him; a pass lets the win stand."""
    ann = _ann(v)
    hearts = plain(v, Suit.HEARTS, 3)
    jack = next(c for c in v.plan.deck_cards if "wish" in v.plan.roles.get(c, ()) and c.suit is Suit.HEARTS)
    last = Play(jack, wish=Suit.HEARTS) if ann.unannounced_finish == "jack_penalty" else Play(Card.parse(hearts[1]))
    s = game(v, [f"{hearts[0]} {last.card}", " ".join(plain(v, Suit.CLUBS, 3)),
                 " ".join(plain(v, Suit.SPADES, 3))], top=hearts[2])
    s = apply(s, Play(Card.parse(hearts[0])))  # nothing said; nobody calls him out
    while s.seat_to_act != 0:
        s = apply(s, next(m for m in legal_moves(s) if isinstance(m, Draw | Pass)))  # the top card stays
    assert len(s.hands[0]) == 1
    s = apply(s, last)
    assert s.phase is Phase.FINISHING and s.finisher == 0 and not s.is_over and s.seat_to_act != 0
    assert [(w.kind, w.offender, w.closes) for w in open_windows(s)] == [("unannounced_finish", 0, "decision")]
    other = 3 - s.seat_to_act
    assert legal_moves(s) == (Pass(), CallOut(0)) and legal_moves(s, other) == (CallOut(0),)
    verdict = check(s, Play(s.hands[s.seat_to_act][0]))
    assert (verdict.reason, verdict.rule_id) == (Reason.MUST_DECIDE_FINISH, "R_ANNOUNCE")
    caught = apply(s, CallOut(0), player=other)
    assert not caught.is_over and caught.phase is Phase.PLAY and len(caught.hands[0]) == ann.penalty
    assert caught.top_card == last.card and caught.seat_to_act != 0  # the card stays; play goes on from him
    by_actor = apply(s, CallOut(0))
    assert by_actor == caught
    stands = apply(s, Pass())
    assert stands.is_over and stands.winner == 0 and stands.hands[0] == ()


@pytest.mark.rule("R_ANNOUNCE")
def test_mau_king_finishing_without_zadnja_both_outcomes_and_their_records() -> None:
    """MK-ANN-4: P0 forgets 'Zadnja', nobody calls him out before his next move, he plays his last card: 'nisi
    najavio' from a player who is not to act gives two cards; letting it stand gives him the round. Both are
    recorded with their seats and replay exactly."""
    base = ["Kd 5d", "5h 5s 3c", "Kh 6s 3h"]
    moves: list[str | tuple[int, str]] = ["Kd", "Kh", "5h", "5d"]
    s = game("mau-king", base, top="9d")
    for m in moves:
        s = apply(s, Play(Card.parse(str(m))))
    assert s.phase is Phase.FINISHING and s.seat_to_act == 2
    from tests.helpers import deal_for

    deal = deal_for("mau-king", base, top="9d")
    for tail, winner in (([(1, "callout 0")], None), (["pass"], 0)):
        rec = record_from_moves("mau-king", 3, 0, [*moves, *tail], deal=deal)
        again = loads_record(dumps_record(rec))
        states = list(replay(again))
        assert states[-1].winner == winner and again.moves[-1].seat == (1 if winner is None else 2)
        assert (states[-1].is_over, len(states[-1].hands[0])) == ((True, 0) if winner == 0 else (False, 2))


@pytest.mark.rule("R_ANNOUNCE")
def test_heuristic_bots_call_out_between_turns() -> None:
    """Bots use the windows: with two players, after a skip, the opponent bot calls out a missed 'Mau'."""
    s = game("standard", ["8h 9h", "9c 10c Qc"], top="Kh")
    s = apply(s, Play(Card.parse("8h")))  # an 8 with two players: seat 0 plays again; 'Mau' was due
    assert s.seat_to_act == 0 and s.missed_calls == (0,)
    seat, move = table_move(s, [HeuristicBot(), HeuristicBot()])
    assert (seat, move) == (1, CallOut(0))
    inattentive = HeuristicBot(attention=0.0)
    assert table_move(s, [HeuristicBot(), inattentive])[0] == 0  # nobody noticed: seat 0 plays on


@pytest.mark.rule("R_ANNOUNCE")
@pytest.mark.parametrize(("vid", "seed"), [("greek-150", 4), ("classic", 96)])
def test_a_finisher_whose_missed_call_is_still_open_is_called_out_once(vid: str, seed: int) -> None:
    """Random play (the seed's own) reaches a finisher who missed his call at two cards and went out unannounced
    before that window closed: two windows on one offender. Every seat lists one call-out of him (it was listed
    twice). The call-out answers the finish (no win: the penalty, play goes on); the missed call, a mistake of its
    own, can still be called out, once."""
    from maumau_rules import new_game
    from maumau_rules.families.maumau.invariants import check_other_seats, check_state

    rng = random.Random(seed)
    s = new_game(vid, 2, seed=seed)
    while not (s.phase is Phase.FINISHING and s.finisher in s.missed_calls):
        assert not s.is_over, "the seed's game no longer reaches the case"
        s = apply(s, rng.choice(legal_moves(s)))
    finisher = s.finisher
    assert finisher is not None and {w.kind for w in open_windows(s)} == {"missed_call", "unannounced_finish"}
    assert legal_moves(s) == (Pass(), CallOut(finisher)) and view(s, s.seat_to_act).legal_moves == legal_moves(s)
    check_state(s)
    check_other_seats(s)
    caught = apply(s, CallOut(finisher))
    assert caught.phase is Phase.PLAY and len(caught.hands[finisher]) == _ann(caught.variant).penalty
    assert [w.kind for w in open_windows(caught)] == ["missed_call"]
    assert legal_moves(caught).count(CallOut(finisher)) == 1
    check_state(caught)


@pytest.mark.rule("R_ANNOUNCE", "R_WILD")
@pytest.mark.parametrize("v", [v for v in available_variants("maumau") if isinstance(v.plan.announcer, Announcement)
                               and v.plan.announcer.jack_call], ids=lambda v: v.id)
def test_the_rules_text_names_the_cards_the_second_call_word_is_for(v: Variant) -> None:
    """The rules text says which kept card takes the second word: the engine's (``call_due``), the wishing cards
    (Neuner's 9s and Joker; the text said "a Jack" in every variant), and its examples are plays of a plain card."""
    from maumau_rules.families.maumau.explain import _plain_card, _wishing_cards, announce_text, move_examples

    plain = _plain_card(v.plan)
    assert not v.plan.roles.get(plain)
    text = announce_text(v)
    listed = _wishing_cards(v.plan)
    assert f"one of {listed}," in text and f"{plain.ascii} maumau" in text and "Jack," not in text
    for card in v.plan.deck_cards:  # the word due when ``card`` is kept
        if card == plain:
            continue
        due = call_due(v, (plain, card), plain)
        assert (due is Call.MAU_MAU) == (str(card) in listed.split()), (card, due)
    for key in ("call", "jack_call"):
        move = parse_move(move_examples(v)[key])
        assert isinstance(move, Play) and move.card == plain
