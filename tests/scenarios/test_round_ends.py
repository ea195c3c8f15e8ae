"""Every way a round can end names its winner, or a tie, and is scored, in every variant.

* out: a player plays his last card (R_MATCH and the finishing rules);
* blocked: nothing can be drawn and every player passes (R_BLOCKED_END): the fewest cards win, a tie has no winner;
* move limit: R_TURN_LIMIT ends the round, again the fewest cards win;
* elimination: a match of R_SCORE_ELIMINATION ends when one player is left (tests/scoring).
"""

from __future__ import annotations

import pytest

from maumau_rules import (
    Card,
    Deal,
    EndReason,
    GameState,
    Pass,
    Phase,
    Play,
    Reason,
    Suit,
    Variant,
    apply,
    available_variants,
    check,
    legal_moves,
    new_game,
    round_points,
)
from maumau_rules.families.maumau import TurnLimit
from maumau_rules.testing import check_state

VARIANTS = list(available_variants("maumau"))


def _unplayable(v: Variant, top: Card) -> list[Card]:
    """Cards that no rule of ``v`` gives a role, of another suit and rank than ``top``: unplayable on it."""
    return [c for c in v.plan.deck_cards
            if c.suit not in (top.suit, None) and c.rank is not top.rank and not v.plan.roles.get(c)]


def blocked_game(v: Variant, sizes: tuple[int, int]) -> tuple[Variant, GameState]:
    """Two players holding ``sizes`` cards none of which can be played, the stock empty and nothing to
    reshuffle: the round can only be passed to its end."""
    if v.rule("R_RESHUFFLE") is not None:  # with a reshuffle there is always something to draw
        v = v.with_rules(drop=["R_RESHUFFLE"], id=f"{v.id}-no-reshuffle")
    top = next(c for c in v.plan.deck_cards if c.suit is Suit.HEARTS and not v.plan.roles.get(c))
    dead = _unplayable(v, top)
    hands = (tuple(dead[:sizes[0]]), tuple(dead[sizes[0]:sizes[0] + sizes[1]]))
    rest = list(v.plan.deck_cards)
    for c in (*hands[0], *hands[1], top):
        rest.remove(c)
    deal = Deal(hands=hands, stock=(), discard=(*rest, top), first_player=0)
    return v, new_game(v, 2, deal=deal)


@pytest.mark.rule("R_BLOCKED_END")
@pytest.mark.parametrize("v", VARIANTS, ids=lambda v: v.id)
def test_a_blocked_round_names_the_player_with_fewest_cards_and_scores_him(v: Variant) -> None:
    """CA-13: nothing to draw, nobody can play; both pass; the fewest cards win and are scored as a win."""
    v, s = blocked_game(v, (2, 3))
    assert legal_moves(s) == (Pass(),)
    s = apply(apply(s, Pass()), Pass())
    check_state(s)
    assert s.end is EndReason.BLOCKED and s.winner == 0 and s.tied == ()
    points = round_points(s)
    scheme = v.plan.scoring
    assert scheme is not None
    if scheme.higher_is_better:
        assert points[0] > points[1]
    else:
        assert points[0] <= points[1] and points[1] > 0


@pytest.mark.rule("R_BLOCKED_END")
@pytest.mark.parametrize("v", VARIANTS, ids=lambda v: v.id)
def test_a_blocked_round_with_a_tie_names_the_tie(v: Variant) -> None:
    """CA-13: two players with as many cards: no winner, both named as tied; losers' scoring applies to both."""
    v, s = blocked_game(v, (2, 2))
    s = apply(apply(s, Pass()), Pass())
    assert s.end is EndReason.BLOCKED and s.winner is None and s.tied == (0, 1)
    points = round_points(s)
    scheme = v.plan.scoring
    assert scheme is not None
    if not scheme.higher_is_better:
        assert points[0] > 0 and points[1] > 0  # nobody won: both are scored as losers
    else:
        assert points == (0, 0)


@pytest.mark.rule("R_BLOCKED_END")
def test_the_issue_example_crazy_eights_blocked_with_fewer_cards_wins() -> None:
    """The issue's example: 25 against 26 cards, empty stock; two passes block the round; seat 0 wins and
    collects the other hand's points (R_SCORE_WINNER_COLLECTS)."""
    from maumau_rules import FRENCH_52, find_variant

    cards = list(FRENCH_52.cards())
    top = cards.pop()
    v = find_variant("crazy-eights")
    s = new_game(v, 2, deal=Deal(hands=(tuple(cards[:25]), tuple(cards[25:])), stock=(), discard=(top,)))
    while not s.is_over:  # players who can play must play; when nobody can, they pass
        s = apply(s, legal_moves(s)[0])
    assert s.end is EndReason.BLOCKED or s.end is EndReason.EMPTY_HAND
    assert s.winner is not None and round_points(s)[s.winner] > 0


@pytest.mark.rule("R_BLOCKED_END", "R_DRAW")
@pytest.mark.parametrize("v", VARIANTS, ids=lambda v: v.id)
def test_with_nothing_to_draw_a_player_who_can_play_must_play(v: Variant) -> None:
    """R_BLOCKED_END: 'a player who cannot play passes'; one who can may not pass (unless his variant lets him
    pass at any time, R_DRAW pass_without_draw)."""
    v, s = blocked_game(v, (2, 3))
    top = s.top_card
    match = next(c for c in s.stock + s.discard[:-1] if c.suit is top.suit and not v.plan.roles.get(c))
    hands = ((*s.hands[0][:1], match), s.hands[1])
    rest = list(s.discard[:-1])
    rest.remove(match)
    rest.append(s.hands[0][1])
    s = new_game(v, 2, deal=Deal(hands=hands, stock=(), discard=(*rest, top), first_player=0))
    assert Play(match) in legal_moves(s)
    if v.plan.pass_without_draw:
        assert Pass() in legal_moves(s)
    else:
        verdict = check(s, Pass())
        assert Pass() not in legal_moves(s)
        assert (verdict.reason, verdict.rule_id) == (Reason.PASS_NOT_ALLOWED, "R_BLOCKED_END")


@pytest.mark.rule("R_TURN_LIMIT")
@pytest.mark.parametrize("v", VARIANTS, ids=lambda v: v.id)
def test_the_move_limit_names_the_fewest_cards_or_a_tie_and_scores_it(v: Variant) -> None:
    """R_TURN_LIMIT: at the limit the round ends; the one player with the fewest cards wins, else a tie."""
    short = v.with_rules(TurnLimit(max_moves=10), id=f"{v.id}-short")
    ended = 0
    for seed in range(12):
        s = new_game(short, 3 if short.players[1] >= 3 else 2, seed=seed)
        while not s.is_over:
            s = apply(s, legal_moves(s)[-1])
        check_state(s)
        if s.end is not EndReason.TURN_LIMIT:
            continue
        sizes = s.hand_sizes
        fewest = [p for p, n in enumerate(sizes) if n == min(sizes)]
        assert (s.winner, s.tied) == ((fewest[0], ()) if len(fewest) == 1 else (None, tuple(fewest)))
        assert len(round_points(s)) == s.players
        ended += 1
    assert ended >= 6

@pytest.mark.rule("R_MATCH")
@pytest.mark.parametrize("v", VARIANTS, ids=lambda v: v.id)
def test_going_out_names_the_winner_and_scores_him(v: Variant) -> None:
    """R_MATCH: the first player with no cards left wins the round (STD-WIN-1), and is scored as the winner."""
    top = next(c for c in v.plan.deck_cards if c.suit is Suit.HEARTS and not v.plan.roles.get(c))
    last = next(c for c in v.plan.deck_cards if c.suit is Suit.HEARTS and c != top and not v.plan.roles.get(c))
    other = tuple(_unplayable(v, top)[:3])
    rest = list(v.plan.deck_cards)
    for c in (last, *other, top):
        rest.remove(c)
    s = new_game(v, 2, deal=Deal(hands=((last,), other), stock=tuple(rest), discard=(top,), first_player=0))
    s = apply(s, Play(last))
    if s.phase is Phase.FINISHING:  # Mau King: he never said "Zadnja"; nobody says "nisi najavio"
        s = apply(s, Pass())
    assert s.end is EndReason.EMPTY_HAND and s.winner == 0 and s.tied == ()
    points = round_points(s)
    scheme = v.plan.scoring
    assert scheme is not None
    assert (points[0] > points[1]) if scheme.higher_is_better else (points[0] <= 0 < points[1])
