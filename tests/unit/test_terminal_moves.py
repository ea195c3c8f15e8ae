"""Issue 25: what the terminal shows can be typed back. Every entry of the legal-move line, in every variant of
both families, parses back to the move it shows (copying ``J♣>♣/♠/♥/♦`` gave ``unknown suit``); ``? RANK``
answers for every card of that rank (the help offers it for the special cards: ``J wild``)."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator

import pytest

from examples.house_rules import queen_all_draw, six_must_be_covered, ten_swaps_hands
from maumau_rules import Variant, apply, available_variants, find_variant, legal_moves, new_game, parse_move
from maumau_rules.cli import main
from maumau_rules.cli_play import moves_line
from maumau_rules.errors import NotationError
from maumau_rules.explain import card_help
from maumau_rules.views import view
from tests.helpers import game

VARIANTS = [*available_variants(), queen_all_draw.VARIANT, six_must_be_covered.VARIANT, ten_swaps_hands.VARIANT]


def _script(lines: list[str]) -> Iterator[str]:
    yield from lines


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.id)
def test_every_move_the_terminal_shows_parses_back_to_that_move(variant: Variant) -> None:
    """Random games, every seat's view at every step: the line splits into entries that parse, in order, to
    exactly the seat's legal moves (so any entry, copied, plays what it shows)."""
    rng = random.Random(variant.id)
    shown = 0
    for players in sorted({variant.players[0], min(variant.players[1], variant.players[0] + 1)}):
        s = new_game(variant, players, rng.randrange(1000))
        for _ in range(80):
            if s.is_over:
                break
            for seat in range(players):
                moves = view(s, seat).legal_moves
                if not moves:
                    continue
                entries = moves_line(moves).split(" · ")
                assert [parse_move(e) for e in entries] == list(moves), (variant.id, entries)
                shown += len(entries)
            s = apply(s, rng.choice(legal_moves(s)))
    assert shown > 0


def test_a_wild_card_with_a_call_is_shown_as_moves_one_can_type() -> None:
    """The case met at the terminal: J♦ with the call shown as 'J♦>♣ mau/♠/♥/♦', which did not parse."""
    s = game("standard", ["Jd 9c", "7s 8s"], top="9h")
    line = moves_line(legal_moves(s))
    assert "/" not in line and "J♦>♣ mau" in line and "J♦>♦ mau" in line, line
    for entry in line.split(" · "):
        assert str(parse_move(entry)) == entry


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.id)
def test_help_for_a_rank_answers_for_every_card_of_it(variant: Variant) -> None:
    ranks = sorted({c.rank for c in variant.deck.cards()}, key=lambda r: r.value)
    for rank in ranks:
        text = card_help(variant, rank.symbol)
        cards = [c for c in set(variant.deck.cards()) if c.rank is rank]
        assert all(str(c) in text for c in cards), (rank, text)
        assert text == card_help(variant, rank)
        one = card_help(variant, cards[0])
        assert one.split(": ", 1)[1] in text  # the same words as the card's own help
    with pytest.raises(NotationError, match="nor a rank"):
        card_help(variant, "Zz")


@pytest.mark.parametrize(("variant", "ask", "expect"), [
    ("standard", "? J", "Every J (J♣ J♠ J♥ J♦) in Standard"),
    ("prsi", "? Q", "Every Q (Q♣ Q♠ Q♥ Q♦)"),
    ("faraon", "? J", "J♠ in Faraón (Slovakia): More cards of its rank may follow in the same turn. Wipes out"),
    ("standard", "? Jc", "J♣ in Standard"),
    ("standard", "? Zz", "✗ unknown card 'Zz'"),
    ("malilla", "? 7", "7or (7 de oros) in Malilla"),
    ("malilla", "? Ror", "Ror (Rey de oros) in Malilla"),
])
def test_question_mark_rank_at_the_prompt(variant: str, ask: str, expect: str) -> None:
    """``? J`` at the prompt of the terminal game (both families), as the help offers it."""
    v = find_variant(variant)
    feed = _script([ask, "quit"])
    out, err = io.StringIO(), io.StringIO()
    code = main(["play", "--variant", variant, "--players", str(v.players[0]), "--seed", "3", "--color", "never"],
                read=lambda prompt: next(feed), out=out, err=err)
    assert code == 0, err.getvalue()
    assert expect in out.getvalue(), out.getvalue()[-2000:]
