"""What the rules text says of a card agrees with what the engine lets it do (the texts come from the rules)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from maumau_rules import Card, GameState, Play, Variant, apply, available_variants, find_variant, legal_moves, new_game
from maumau_rules.explain import card_help
from tests.helpers import game, play

WILD_VARIANTS = [v for v in available_variants("maumau") if v.rule("R_WILD") is not None]
BARRED = "not while a draw penalty is pending"


@pytest.mark.rule("R_WILD", "R_DRAW_PENALTY")
@pytest.mark.parametrize("variant", WILD_VARIANTS, ids=lambda v: v.id)
def test_a_wild_card_said_to_be_barred_from_a_pending_draw_is_barred(variant: Variant) -> None:
    """Random games: whenever a draw penalty is pending and the seat to act holds a wild card whose help says it
    may not be played then, it is not among the legal moves."""
    for s in _pending_draws(variant, variant.players[1], 12):
        playable = {m.card for m in legal_moves(s) if isinstance(m, Play)}
        for card in set(s.hands[s.seat_to_act]):
            if "wild" in variant.plan.roles.get(card, ()) and BARRED in card_help(variant, card):
                assert card not in playable, (card, s)


def _pending_draws(variant: Variant, players: int, games: int) -> Iterator[GameState]:
    """The states of random games of ``variant`` (seeded by its name) in which a draw penalty is pending."""
    rng = random.Random(variant.id)
    for _game in range(games):
        s = new_game(variant, players, rng.randrange(10_000))
        for _ in range(300):
            if s.is_over:
                break
            if s.pending_draw:
                yield s
            s = apply(s, rng.choice(legal_moves(s)))


@pytest.mark.rule("R_WILD", "R_DRAW_PENALTY")
def test_the_pesten_joker_is_not_said_to_be_barred_from_the_draw_it_stacks_on() -> None:
    """Pesten's Joker is wild and a penalty card that stacks: on a pending +2 it is legal, and its help no longer
    says it may not be played while a draw is pending; a wild card that does not stack keeps the limit (Prší's
    Queen)."""
    s = play(game("pesten", ["2h 3c 4c", "Jo 2c Jh 5d 6d", "Kd Qd 9s"], top="5h"), "2h")
    assert s.pending_draw == 2 and Play(Card.parse("Jo")) in legal_moves(s)
    assert BARRED not in card_help(find_variant("pesten"), Card.parse("Jo"))
    assert BARRED in card_help(find_variant("prsi"), Card.parse("Qc"))


@pytest.mark.rule("R_DRAW_PENALTY")
@pytest.mark.parametrize("variant", available_variants("maumau"), ids=lambda v: v.id)
def test_a_refused_answer_to_a_pending_draw_says_what_may_be_done(variant: Variant) -> None:
    """Random games: a card refused on a pending draw is told to "stack a penalty card or draw" only where a card
    may be played on a pending draw at all; elsewhere (Classic, Neuner, Puque: nothing stacks) to draw, and then
    drawing is the only legal move."""
    from maumau_rules import check

    can_stack = bool(variant.plan.answer_cancel) or any(variant.plan.answer_fit.values())
    for s in _pending_draws(variant, variant.players[0], 8):
        for card in set(s.hands[s.seat_to_act]):
            verdict = check(s, Play(card))
            if verdict.reason.value == "must_answer_draw":
                assert ("stack a penalty card" in verdict.message) is can_stack, verdict.message
                if not can_stack:
                    assert not any(isinstance(m, Play) for m in legal_moves(s)), s


@pytest.mark.rule("R_WILD_FINISH_SERIES", "R_ANNOUNCE")
def test_several_wilds_at_once_are_said_to_need_a_standing_call_where_they_do() -> None:
    """Mau King: throwing only Jacks at once needs "Mau Mau" said with the play before (``opens = after_call``);
    the end-of-round text says so (it did not), and the engine does what it says."""
    from maumau_rules import parse_move
    from maumau_rules.families.maumau.explain import end_rows
    from maumau_rules.families.maumau.state import Phase

    text = dict(end_rows(find_variant("mau-king")))["Several wilds"]
    assert "once the call for them stands" in text and "Mau Mau" in text
    s = game("mau-king", ["Jh Jc", "Kh Qd 9s"], top="10h")
    assert apply(s, parse_move("Jh>c maumau")).phase is Phase.PLAY  # said now: the second Jack cannot follow
    s = play(game("mau-king", ["9h Jh Jc", "Kh Qd 9s"], top="10h"), "9h maumau", "Kh")
    assert apply(s, parse_move("Jh>c")).phase is Phase.SERIES  # said before: the Jacks go together
