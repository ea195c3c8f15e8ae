"""Malilla (source 002): the digest's worked examples SCN-MAL-01..03 and every R_MAL_* rule, on explicit deals.

Seats are numbered clockwise and play goes to the right (seat s, then s - 1). In the source's trick example the
order is P1, P2, P4, P3 with P1 and P4 partners: here P1 is seat 3 (he leads, so seat 0 deals), P2 seat 2, P4
seat 1 and P3 seat 0 (the dealer).
"""

from __future__ import annotations

import itertools

import attrs
import pytest

from maumau_rules import (
    Card,
    EndReason,
    IllegalMoveError,
    Pass,
    Play,
    Reason,
    Redeal,
    Suit,
    Variant,
    apply,
    check,
    find_variant,
    legal_moves,
    new_game,
    parse_cards,
)
from maumau_rules.families.malilla import MalillaAlbur, MalillaCapote, MalillaScore
from maumau_rules.families.malilla.engine import deck_order_for, new_hand
from maumau_rules.families.malilla.invariants import check_state
from maumau_rules.families.malilla.plan import team_of
from maumau_rules.families.malilla.state import MalillaState, Stage, Trick
from maumau_rules.families.malilla.views import view
from maumau_rules.records import MatchRecord, first_violation, record_from_rounds
from maumau_rules.scoring import next_round, start_match

MAL = find_variant("malilla")
TABLE = find_variant("malilla-table")


def C(text: str) -> Card:
    return Card.parse(text)


def hand_of(variant: Variant, hands: list[str], dealer: int, trump: str, *, scores: tuple[int, int] = (0, 0),
            round_no: int = 1) -> MalillaState:
    """An explicit deal: ``hands`` by seat (ten cards each), the dealer, and his last card (the trump card)."""
    cards = [parse_cards(h) for h in hands]
    order = deck_order_for(cards, dealer, C(trump))
    return new_hand(variant, seed=1, dealer=dealer, deck_order=order, scores=scores, round_no=round_no)


def pass_redeal(s: MalillaState) -> MalillaState:
    """Everyone answers 'pass' to the question about a new deal."""
    while s.stage is Stage.REDEAL:
        s = apply(s, Pass())
    assert s.stage is Stage.PLAY
    return s


def plays(s: MalillaState) -> list[str]:
    return [str(m) for m in legal_moves(s)]


def play(s: MalillaState, *cards: str) -> MalillaState:
    for text in cards:
        s = apply(s, Play(C(text)))
    return s


# The source's trick (SCN-MAL-02): trump copas, P1 = seat 3 leads the Rey of oros, P2 = seat 2 beats it with the
# Ace, P4 = seat 1 must beat with the 7 (the malilla), P3 = seat 0, the dealer, has no oros and must trump.
EXAMPLE = [
    "2co 4co 5co 2es 3es 4es 5es 2ba 3ba 4ba",   # seat 0 = P3, the dealer; no oros; his last card 2co is trump
    "7or 3or 6or 6co 7co 6es 7es 5ba 6ba 7ba",   # seat 1 = P4: the malilla and a lower oros
    "1or 5or Sor 3co Sco Ses Ces Sba Cba Rba",   # seat 2 = P2: the Ace of oros and a lower one
    "Ror 2or 4or Cor 1co Cco Rco 1es Res 1ba",   # seat 3 = P1: leads the Rey of oros
]


@pytest.mark.rule("R_MAL_DEAL", "R_MAL_TRUMP")
def test_scn_mal_01_trump_reveal() -> None:
    """SCN-MAL-01: the dealer's last card is the 7 of copas: copas are trump, the dealer's team scores its 5 points
    at once, and the player on the dealer's right leads (MAL-TRUMP-1/2, MAL-START-1)."""
    hands = ["1or 2or 3or 4or 5or 6or 1co 2co 3co 7co", "7or Sor Cor Ror 4co 5co 6co Sco 1es 2es",
             "Cco Rco 3es 4es 5es 6es 7es Ses Ces Res", "1ba 2ba 3ba 4ba 5ba 6ba 7ba Sba Cba Rba"]
    s = hand_of(MAL, hands, dealer=0, trump="7co")
    assert s.trump_card == C("7co") and s.trump is Suit.COPAS
    assert C("7co") in s.hands[0] and [len(h) for h in s.hands] == [10, 10, 10, 10]
    assert s.bonus == (5, 0) and s.deferred == (False, False)
    assert s.leader == s.seat_to_act == 3  # the dealer's right
    for seat in range(4):  # everyone sees the trump card and the dealer's team's 5 points, nobody else's cards
        v = view(s, seat)
        assert v.trump_card == C("7co") and v.scores == (5, 0) and v.hand == s.hands[seat]
    # seat 3 holds ten bastos: he may ask for a new deal (R_MAL_REDEAL); he passes, and play begins with him
    assert set(legal_moves(s)) == {Redeal(), Pass()}
    s = pass_redeal(s)
    assert s.seat_to_act == 3 and len(plays(s)) == 10
    # the deal passes to the right after the hand (R_MAL_DEAL rotation "right")
    assert MAL.family_plan.next_dealer(0) == 3


@pytest.mark.rule("R_MAL_TRUMP", "R_MAL_SCORE")
def test_scn_mal_01_a_bonus_that_would_decide_the_match_waits() -> None:
    """MAL-TRUMP-3: at 31 points the dealer's team would reach 35 with the 7's five points alone: they are held
    back, shown as such, and counted after the hand only if nobody has won by then."""
    hands = ["1or 2or 3or 4or 5or 6or 1co 2co 3co 7co", "7or Sor Cor Ror 4co 5co 6co Sco 1es 2es",
             "Cco Rco 3es 4es 5es 6es 7es Ses Ces Res", "1ba 2ba 3ba 4ba 5ba 6ba 7ba Sba Cba Rba"]
    s = hand_of(MAL, hands, dealer=0, trump="7co", scores=(31, 33))
    assert s.bonus == (5, 0) and s.deferred == (True, False)
    assert view(s, 1).scores == (31, 33)  # not yet counted
    scheme = MalillaScore()
    # the hand ends 35-35: nobody scores it, so the held-back 5 count and win the match for the dealer's team
    even = _split(s, 35)
    assert even.points == (35, 35)
    settled = scheme.settle(even)
    assert settled.over and settled.winner == 0 and settled.scores == (36, 33) and settled.points == (5, 0)
    # the other team takes the hand 40-30 and reaches 38 first: the bonus does not count (bonus_order hand_first)
    theirs = _split(s, 30)
    settled = scheme.settle(theirs)
    assert settled.over and settled.winner == 1 and settled.scores == (31, 38) and settled.points == (0, 5)
    # the dealer's team takes the hand 38-32: its 3 and then its 5 ... the 3 alone bring it to 34, the 5 to 39
    ours = _split(s, 38)
    settled = scheme.settle(ours)
    assert settled.over and settled.winner == 0 and settled.scores == (39, 33)
    # with bonus_order = "bonus_first" the held-back points are counted first and win
    first = MAL.with_rules(params={"R_MAL_TRUMP": {"bonus_order": "bonus_first"}})
    flipped = attrs.evolve(theirs, variant=first)
    assert MalillaScore().settle(flipped).winner == 0


@pytest.mark.rule("R_MAL_TRICK", "R_MAL_FOLLOW", "R_MAL_SCORE")
def test_scn_mal_02_the_source_trick() -> None:
    """SCN-MAL-02: Rey of oros led; the Ace beats it; the 7 of oros must beat the Ace; a player with no oros must
    trump the opponent who is winning; the trump takes the trick: 3 + 4 + 5 = 12 card points and 1 for the trick."""
    s = pass_redeal(hand_of(MAL, EXAMPLE, dealer=0, trump="2co"))
    assert s.trump is Suit.COPAS and s.seat_to_act == 3
    s = play(s, "Ror")                                   # P1 leads
    assert plays(s) == ["1or"]                           # P2 must beat the Rey (MAL-TRICK-3)
    assert check(s, Play(C("5or"))).reason is Reason.MUST_BEAT
    assert check(s, Play(C("3co"))).reason is Reason.MUST_FOLLOW_SUIT
    s = play(s, "1or")
    assert s.winning_seat == 2                            # the Ace beats the Rey: P2 ahead (MAL-RANK-3)
    assert plays(s) == ["7or"]                           # P4 must beat P2 with the malilla (MAL-RANK-4)
    v = check(s, Play(C("3or")))
    assert (v.reason, v.rule_id) == (Reason.MUST_BEAT, "R_MAL_FOLLOW") and "1or" in v.message
    s = play(s, "7or")
    assert s.winning_seat == 1
    assert plays(s) == ["2co", "4co", "5co"]             # P3 has no oros: he must trump (MAL-TRICK-4)
    assert check(s, Play(C("2es"))).reason is Reason.MUST_TRUMP
    s = play(s, "2co")
    t = s.tricks[-1]
    assert t.cards == parse_cards("Ror 1or 7or 2co") and t.winner == 0   # P3 takes the trick (MAL-RANK-5)
    assert t.points == 13 and s.points == (13, 0)                       # to P2 + P3 (seats 0 and 2)
    assert s.leader == s.seat_to_act == 0                                # the winner leads next
    check_state(s)


@pytest.mark.rule("R_MAL_SCORE")
def test_scn_mal_03_hand_scoring() -> None:
    """SCN-MAL-03: a hand split 40 to 30 gives the first team 40 - 35 = 5 and the other nothing; 35-35 scores
    nothing for either; every hand holds 70 points (MAL-GOAL-1, MAL-PTS-1/2)."""
    s = pass_redeal(hand_of(MAL, EXAMPLE, dealer=0, trump="2co"))
    done = _split(s, 40)
    assert done.points == (40, 30) and sum(done.points) == 70 and done.winner == 0
    assert MalillaScore().round_points(done) == (5, 0)
    even = _split(s, 35)
    assert even.points == (35, 35) and even.winner is None and MalillaScore().round_points(even) == (0, 0)
    assert MAL.family_plan.hand_total == 70 and MAL.family_plan.half == 35


def _split(s: MalillaState, team0: int) -> MalillaState:
    """A finished hand of ``s`` whose tricks give team 0 exactly ``team0`` points (the rest to team 1)."""
    plan = s.plan
    by_points = sorted(plan.cards, key=lambda c: -plan.points[c])
    tricks: list[tuple[Card, ...]] = [tuple(by_points[i::10]) for i in range(10)]
    values = [sum(plan.points[c] for c in t) + plan.trick_point for t in tricks]
    # choose a set of tricks for team 0 adding up to team0 (a small subset-sum over ten tricks)
    best: list[int] | None = None
    for mask in range(1 << 10):
        if sum(v for i, v in enumerate(values) if mask >> i & 1) == team0:
            best = [i for i in range(10) if mask >> i & 1]
            break
    assert best is not None
    out = []
    leader = s.leader
    for i, four in enumerate(tricks):
        won = 0 if i in best else 1
        out.append(Trick(leader, four, won, values[i]))
        leader = won
    winner = 0 if 2 * team0 > plan.hand_total else 1 if 2 * (plan.hand_total - team0) > plan.hand_total else None
    return attrs.evolve(s, hands=((), (), (), ()), tricks=tuple(out), trick=(), stage=Stage.OVER,
                        end=EndReason.TRICKS, seat_to_act=leader, leader=leader, winner=winner)


# ---------------------------------------------------------------------------------------- following


# Trump copas, seat 0 deals, seat 3 leads the Ace of oros. Seat 2 holds one low oros; seats 1 and 0 hold none.
# Seat 1 (seat 3's partner) holds the Rey and Caballo of copas and eight espadas; seat 0 three low copas.
VOID = [
    "2co 3co 4co 1ba 2ba 3ba 4ba 5ba 6ba 7ba",
    "Rco Cco 1es 2es 3es 4es 5es 6es 7es Ses",
    "2or 1co 5co 6co 7co Sco Ces Sba Cba Rba",
    "1or 3or 4or 5or 6or 7or Sor Cor Ror Res",
]


@pytest.mark.rule("R_MAL_FOLLOW")
def test_with_the_partner_winning_a_player_follows_suit_but_need_not_beat() -> None:
    """CA-M1 (``partner_ahead = "follow_required"``): seat 3 leads the Ace of espadas; seat 2 cannot beat it and
    follows; seat 1's partner is winning, so both his espadas may be played (the 7 would beat, the 6 not), but not
    another suit; with ``"fully_free"`` any card of his hand."""
    s = pass_redeal(hand_of(MAL, EXAMPLE, dealer=0, trump="2co"))
    s = play(s, "1es")
    assert plays(s) == ["Ses", "Ces"]                  # an opponent is winning and they cannot beat the Ace
    s = play(s, "Ses")
    assert plays(s) == ["6es", "7es"]                  # partner winning: follow, but beating is not required
    assert check(s, Play(C("6co"))).reason is Reason.MUST_FOLLOW_SUIT
    free = MAL.with_rules(params={"R_MAL_FOLLOW": {"partner_ahead": "fully_free"}})
    t = play(pass_redeal(hand_of(free, EXAMPLE, dealer=0, trump="2co")), "1es", "Ses")
    # any card, but not the 7s of oros and bastos, side suits not led yet (R_MAL_SEVEN)
    assert sorted(plays(t)) == sorted(str(c) for c in t.hands[1] if c not in (C("7or"), C("7ba")))


@pytest.mark.rule("R_MAL_FOLLOW", "R_MAL_SEVEN")
def test_a_void_player_may_trump_his_partner_unless_the_variant_forbids_it() -> None:
    """CA-M2 (``may_trump_partner``): seat 1 has no oros and his partner's Ace is winning: he plays freely, trumps
    included (not the 7 of espadas, a side 7 whose suit has not been led: R_MAL_SEVEN); with
    ``may_trump_partner = false`` his trumps are refused while he holds other cards."""
    s = play(pass_redeal(hand_of(MAL, VOID, dealer=0, trump="2co")), "1or", "2or")
    assert set(plays(s)) == {"Rco", "Cco", "1es", "2es", "3es", "4es", "5es", "6es", "Ses"}
    v = check(s, Play(C("7es")))
    assert (v.reason, v.rule_id) == (Reason.FORBIDDEN_SEVEN, "R_MAL_SEVEN")
    strict = MAL.with_rules(params={"R_MAL_FOLLOW": {"may_trump_partner": False}})
    t = play(pass_redeal(hand_of(strict, VOID, dealer=0, trump="2co")), "1or", "2or")
    assert "Rco" not in plays(t) and "1es" in plays(t)
    v = check(t, Play(C("Rco")))
    assert (v.reason, v.rule_id) == (Reason.RULE_FORBIDS, "R_MAL_FOLLOW")


@pytest.mark.rule("R_MAL_FOLLOW")
def test_over_trumping_and_under_trumping() -> None:
    """CA-M2: seat 1 trumps with the Rey; seat 0, void in oros, holds only lower trumps: he may play any card
    (``must_undertrump = false``), or must play a trump (``true``); holding the 7 of copas he must over-trump."""
    s = play(pass_redeal(hand_of(MAL, VOID, dealer=0, trump="2co")), "1or", "2or", "Rco")
    assert s.winning_seat == 1 and plays(s) == [str(c) for c in s.hands[0] if c != C("7ba")]  # 7ba: R_MAL_SEVEN
    under = MAL.with_rules(params={"R_MAL_FOLLOW": {"must_undertrump": True}})
    t = play(pass_redeal(hand_of(under, VOID, dealer=0, trump="2co")), "1or", "2or", "Rco")
    assert plays(t) == ["2co", "3co", "4co"]
    assert check(t, Play(C("1ba"))).reason is Reason.MUST_TRUMP
    # swap seat 0's 4co for seat 2's 7co: now seat 0 can over-trump, and must
    over = [VOID[0].replace("4co", "7co"), VOID[1], VOID[2].replace("7co", "4co"), VOID[3]]
    u = play(pass_redeal(hand_of(MAL, over, dealer=0, trump="2co")), "1or", "2or", "Rco")
    assert plays(u) == ["7co"]
    v = check(u, Play(C("3co")))
    assert v.reason is Reason.MUST_TRUMP and "higher than the opponent's R" in v.message


@pytest.mark.rule("R_MAL_SEVEN")
def test_the_forbidden_seven_and_its_scope() -> None:
    """CA-M5: a side 7 not led yet may not be thrown; with ``scope = "hand"`` once its suit was led in the hand it
    may; with ``"trick"`` never on a trick of another suit; ``lead = true`` forbids leading it too; a player with
    nothing else allowed may play it (MAL-TRICK-7)."""
    from maumau_rules.families.malilla.engine import playable

    plan = MAL.family_plan
    hand = parse_cards("7es 3ba 4ba")
    trick = parse_cards("1or")                          # seat 3 led the Ace of oros; seat 2 is void and free
    # seat 2's partner is not ahead (seat 3 is an opponent) but seat 2 holds no trump: any card, but not the 7
    assert playable(plan, hand, trick, 3, Suit.COPAS, {Suit.OROS}) == list(parse_cards("3ba 4ba"))
    assert playable(plan, hand, trick, 3, Suit.COPAS, {Suit.OROS, Suit.ESPADAS}) == list(hand)
    trick_scope = MAL.with_rules(params={"R_MAL_SEVEN": {"scope": "trick"}}).family_plan
    assert playable(trick_scope, hand, trick, 3, Suit.COPAS, {Suit.OROS, Suit.ESPADAS}) == list(parse_cards("3ba 4ba"))
    only = parse_cards("7es 7ba")                        # nothing but forbidden 7s: either may go
    assert playable(plan, only, trick, 3, Suit.COPAS, {Suit.OROS}) == list(only)
    # a trump 7 is never forbidden: with his partner's Ace winning, seat 1 may throw the 7 of copas
    partner_winning = parse_cards("1or 2or")
    assert playable(plan, parse_cards("7co 3ba"), partner_winning, 3, Suit.COPAS, {Suit.OROS}) == list(
        parse_cards("7co 3ba"))
    # leading: allowed by default, forbidden with lead = true until the suit has been led
    assert playable(plan, hand, (), 3, Suit.COPAS, set()) == list(hand)
    lead = MAL.with_rules(params={"R_MAL_SEVEN": {"lead": True}}).family_plan
    assert playable(lead, hand, (), 3, Suit.COPAS, set()) == list(parse_cards("3ba 4ba"))
    assert playable(lead, hand, (), 3, Suit.COPAS, {Suit.ESPADAS}) == list(hand)


# ---------------------------------------------------------------------------------------- tricks


@pytest.mark.rule("R_MAL_TRICK")
def test_trick_winner_rank_order_and_next_leader() -> None:
    """CA-M3/CA-M4: the highest trump wins, else the highest card of the suit led; the default order is
    7 A R C S 6 5 4 3 2; another order changes the winner; with ``next_leader = "next_seat"`` the lead moves on to
    the right instead of going to the winner."""
    from maumau_rules.families.malilla.engine import trick_winner_index

    plan = MAL.family_plan
    assert [str(r) for r in plan.order] == ["7", "A", "R", "C", "S", "6", "5", "4", "3", "2"]
    assert trick_winner_index(plan, parse_cards("Sor Cor 2es 6or"), Suit.COPAS) == 1
    assert trick_winner_index(plan, parse_cards("Sor Cor 2es 6or"), Suit.ESPADAS) == 2
    assert trick_winner_index(plan, parse_cards("2es Ror 7or 1or"), Suit.COPAS) == 0   # other suits never win
    ace_high = MAL.with_rules(params={"R_MAL_TRICK": {"rank_order": ["A", "7", "R", "C", "S", "6", "5", "4", "3",
                                                                     "2"]}})
    assert trick_winner_index(ace_high.family_plan, parse_cards("Ror 1or 7or"), Suit.COPAS) == 1
    rotate = MAL.with_rules(params={"R_MAL_TRICK": {"next_leader": "next_seat"}})
    s = play(pass_redeal(hand_of(rotate, EXAMPLE, dealer=0, trump="2co")), "Ror", "1or", "7or", "2co")
    assert s.tricks[-1].winner == 0 and s.leader == s.seat_to_act == 2    # seat 3 led; seat 2 leads next
    with pytest.raises(Exception, match="rank_order"):
        MAL.with_rules(params={"R_MAL_TRICK": {"rank_order": ["7", "A"]}})


@pytest.mark.rule("R_MAL_TRICK", "R_MAL_SCORE")
def test_a_whole_hand_has_ten_tricks_and_seventy_points() -> None:
    """MAL-PTS-2, MAL-TRICK-8: every legal play to the end gives ten tricks of four cards and 70 points."""
    s = pass_redeal(hand_of(MAL, EXAMPLE, dealer=0, trump="2co"))
    while not s.is_over:
        s = apply(s, legal_moves(s)[-1])
        check_state(s)
    assert len(s.tricks) == 10 and all(len(t.cards) == 4 for t in s.tricks)
    assert sum(s.points) == 70 and s.end is EndReason.TRICKS
    assert s.winner == (0 if s.points[0] > 35 else 1 if s.points[1] > 35 else None)


# ---------------------------------------------------------------------------------------- the end of a hand


@pytest.mark.rule("R_MAL_CAPOTE")
def test_capote_wins_the_match_or_is_scored() -> None:
    """CA-M7: every trick to one team wins the match at once (``mode = "win_match"``), even in a long match to 70;
    with ``"score"`` it is an ordinary hand worth 35."""
    long = MAL.with_rules(params={"R_MAL_SCORE": {"target": 70}})
    s = pass_redeal(hand_of(long, EXAMPLE, dealer=0, trump="2co", scores=(0, 20)))
    capote = _split(s, 70)
    assert capote.capote_team == 0 and capote.points == (70, 0)
    settled = MalillaScore(target=70).settle(capote)
    assert settled.over and settled.winner == 0 and "capote" in settled.why
    scored = attrs.evolve(capote, variant=long.with_rules(MalillaCapote(mode="score")))
    settled = MalillaScore(target=70).settle(scored)
    assert not settled.over and settled.scores == (35, 20)
    assert _split(s, 65).capote_team is None


@pytest.mark.rule("R_MAL_BREACH")
def test_a_broken_rule_is_refused_or_loses_the_match_at_the_table() -> None:
    """CA-M8: in ``malilla`` the Rey of oros's opponent who does not beat it is refused; in ``malilla-table`` the card
    is played, the hand stops, and the offender's team loses the match; a card he does not hold is refused in
    both."""
    s = play(pass_redeal(hand_of(MAL, EXAMPLE, dealer=0, trump="2co")), "Ror")
    with pytest.raises(IllegalMoveError) as err:
        apply(s, Play(C("5or")))
    assert err.value.verdict.reason is Reason.MUST_BEAT and err.value.verdict.rule_id == "R_MAL_FOLLOW"
    m = start_match(TABLE, 4, seed=1)
    t = play(pass_redeal(hand_of(TABLE, EXAMPLE, dealer=0, trump="2co")), "Ror")
    assert check(t, Play(C("5or"))).reason is Reason.MUST_BEAT    # still not a legal move
    after = apply(t, Play(C("5or")))
    assert after.is_over and after.end is EndReason.VIOLATION and after.offender == 2
    assert after.breach is Reason.MUST_BEAT and after.winner is None and C("5or") in after.trick
    check_state(after)
    settled = MalillaScore().settle(after)
    assert settled.over and settled.winner == 1                     # seat 2 is team 0: team 1 wins the match
    with pytest.raises(IllegalMoveError):
        apply(t, Play(C("7or")))                                     # seat 2 does not hold it
    match = attrs.evolve(m, game=after, scores=(0, 0), round_no=1)
    done = next_round(match, after)
    assert done.over and done.winner == 1 and "broke a rule" in done.why


# ---------------------------------------------------------------------------------------- before play


@pytest.mark.rule("R_MAL_REDEAL")
def test_a_new_deal_for_a_long_suit_with_the_partners_agreement() -> None:
    """CA-M9: everyone is asked in turn; a player with seven of a suit may ask, his partner agrees or refuses; on
    agreement the same dealer deals again and the old trump bonus is withdrawn."""
    hands = ["1or 2or 3or 4or 5or 6or 1co 2co 3co 7co", "7or Sor Cor Ror 4co 5co 6co Sco 1es 2es",
             "Cco Rco 3es 4es 5es 6es 7es Ses Ces Res", "1ba 2ba 3ba 4ba 5ba 6ba 7ba Sba Cba Rba"]
    s = hand_of(MAL, hands, dealer=0, trump="7co")
    assert s.stage is Stage.REDEAL and s.seat_to_act == 3 and set(legal_moves(s)) == {Redeal(), Pass()}
    assert check(s, Play(C("1ba"))).reason is Reason.REDEAL_PENDING
    asked = apply(s, Redeal())
    assert asked.stage is Stage.ANSWER and asked.asker == 3 and asked.seat_to_act == 1   # the partner answers
    refused = apply(asked, Pass())
    assert refused.stage is Stage.REDEAL and refused.seat_to_act == 2 and refused.hands == s.hands
    assert set(legal_moves(refused)) == {Redeal(), Pass()}            # seat 2 holds eight espadas
    agreed = apply(apply(refused, Redeal()), Redeal())
    assert agreed.dealer == 0 and agreed.stage is Stage.REDEAL and agreed.seat_to_act == 3 and agreed.asked == 0
    assert agreed.hands != s.hands and agreed.trump_card in agreed.hands[0]
    assert agreed.bonus == (agreed.plan.points[agreed.trump_card], 0)  # the 7's five points are gone
    check_state(agreed)
    # a player without such a suit can only pass; once play has begun nobody may ask
    short = pass_redeal(hand_of(MAL, EXAMPLE, dealer=0, trump="2co"))
    assert check(short, Redeal()).reason is Reason.REDEAL_NOT_ALLOWED
    first = hand_of(MAL, EXAMPLE, dealer=0, trump="2co")
    assert legal_moves(first) == (Pass(),) and check(first, Redeal()).reason is Reason.REDEAL_NOT_ALLOWED
    stays = MAL.with_rules(params={"R_MAL_REDEAL": {"bonus_stands": True}})
    again = apply(apply(hand_of(stays, hands, dealer=0, trump="7co"), Redeal()), Redeal())
    assert again.bonus[0] == 5 + again.plan.points[again.trump_card]


@pytest.mark.rule("R_MAL_ALBUR")
def test_the_albur_before_the_first_hand() -> None:
    """MAL-ALBUR-1 / CA-M9: two cards drawn before the deal; the dealer or his right-hand player, whoever draws the
    higher, scores 5 for his team and leads; with ``hands = "first"`` only before the first hand of a match."""
    albur = MAL.with_rules(MalillaAlbur())
    seen_leaders = set()
    for seed in range(12):
        s = new_hand(albur, seed=seed, dealer=0)
        high, low = s.albur if s.plan.strength[s.albur[0]] > s.plan.strength[s.albur[1]] else s.albur[::-1]
        drawer = 0 if high is s.albur[0] else 3
        assert s.leader == drawer and s.plan.strength[high] > s.plan.strength[low]
        assert s.bonus[team_of(drawer)] >= 5
        assert s.all_cards() == new_hand(MAL, seed=seed, dealer=0).all_cards()   # the cards went back
        seen_leaders.add(drawer)
    assert seen_leaders == {0, 3}
    assert new_hand(albur, seed=1, dealer=0, round_no=2).albur == ()
    every = MAL.with_rules(MalillaAlbur(hands="every"))
    assert len(new_hand(every, seed=1, dealer=0, round_no=2).albur) == 2


@pytest.mark.rule("R_MAL_DEAL")
def test_the_deal_the_teams_and_the_dealer() -> None:
    """MAL-DEAL-1, MAL-GEN-4, MAL-DIR-1, CA-M9: ten cards each, one at a time from the dealer's right; partners
    opposite; the first dealer drawn from the seed (or seat 0); the deal passes to the right (or left)."""
    from maumau_rules import SPANISH_40

    s = new_hand(MAL, dealer=2, deck_order=SPANISH_40.cards())
    assert [str(c) for c in s.hands[1][:3]] == ["1or", "5or", "Cor"]   # cards 0, 4, 8 to seat 1, the right of 2
    assert s.trump_card == C("Rba") and C("Rba") in s.hands[2]
    assert [team_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    assert {new_hand(MAL, seed=seed).dealer for seed in range(40)} == {0, 1, 2, 3}
    zero = MAL.with_rules(params={"R_MAL_DEAL": {"first_dealer": "seat_zero"}})
    assert {new_hand(zero, seed=seed).dealer for seed in range(10)} == {0}
    left = MAL.with_rules(params={"R_MAL_DEAL": {"rotation": "left"}})
    assert left.family_plan.next_dealer(0) == 1 and MAL.family_plan.next_dealer(0) == 3
    with pytest.raises(Exception, match="4 players"):
        new_game(MAL, 3)
    m = start_match(MAL, 4, seed=7)
    dealers = [m.dealer]
    while not m.over and len(dealers) < 4:
        g = m.game
        while not g.is_over:
            g = apply(g, legal_moves(g)[0])
        m = next_round(m, g)
        dealers.append(m.dealer)
    assert all((a - 1) % 4 == b for a, b in itertools.pairwise(dealers))


@pytest.mark.rule("R_MAL_SCORE")
def test_a_match_to_35_and_the_long_version_to_70() -> None:
    """MAL-GOAL-2: a match ends when a team reaches 35 (70 in the long version); its record replays."""
    for target in (35, 70):
        v = MAL.with_rules(params={"R_MAL_SCORE": {"target": target}})
        m = start_match(v, 4, seed=3)
        rounds = []
        while not m.over:
            g = m.game
            moves = []
            while not g.is_over:
                moves.append(legal_moves(g)[0])
                g = apply(g, moves[-1])
            rounds.append(moves)
            before = m.scores
            m = next_round(m, g)
            assert all(a <= b for a, b in zip(before, m.scores, strict=True))
        assert m.winner is not None and max(m.scores) >= target and m.scores[m.winner] == max(m.scores)
        record = record_from_rounds(v, 4, 3, rounds)
        assert isinstance(record, MatchRecord) and first_violation(record) is None
        assert record.result is not None and record.result.winner == m.winner


@pytest.mark.rule("R_MAL_REDEAL")
def test_a_refused_redeal_says_why_before_and_after_the_first_lead() -> None:
    """A leader who may not ask for a new deal (fewer than 7 cards of one suit, so the asking stage was never
    open) is told that, not "only before the first lead" (he was before it); once a card is led, that is the
    reason."""
    from collections import Counter

    from maumau_rules import Pass, Redeal, apply, check, legal_moves

    met = 0
    for seed in range(40):
        s = new_hand("malilla", seed=seed)
        while s.stage is not Stage.PLAY:  # (the asking stage: each seat that may ask declines)
            s = apply(s, Pass())
        if max(Counter(c.suit for c in s.hands[s.seat_to_act]).values()) >= 7:
            continue  # (a leader who could have asked)
        met += 1
        assert "needs 7 cards of one suit" in check(s, Redeal()).message
        led = apply(s, legal_moves(s)[0])
        assert "only before the first lead" in check(led, Redeal()).message
    assert met > 10
