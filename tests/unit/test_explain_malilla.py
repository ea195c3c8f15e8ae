"""``maumau rules`` and :mod:`maumau_rules.explain` for Malilla: every registered variant prints its rules, a Malilla
variant is described from its R_MAL_* rule objects and plan (so a changed parameter changes the text), and a card's
help names its place in the rank order and its points."""

from __future__ import annotations

import io

import pytest

from maumau_rules import Card, Play, Variant, available_variants, find_variant, parse_move
from maumau_rules.cli import main
from maumau_rules.explain import card_help, explainer, move_examples, rules_text, scoring_summary
from maumau_rules.families.malilla import explain as mal
from maumau_rules.families.maumau import explain as maumau_explain

MAL = find_variant("malilla")
ORDER = "7 > Ace > Rey > Caballo > Sota > 6 > 5 > 4 > 3 > 2"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("variant", available_variants(), ids=lambda v: v.id)
def test_maumau_rules_prints_the_rules_of_every_registered_variant(variant: Variant) -> None:
    code, text, err = run("rules", variant.id, "--width", "88")
    assert (code, err) == (0, "")
    lines = text.splitlines()
    assert lines[0] == variant.name and set(lines[1]) == {"="}
    assert all(len(line) <= 88 for line in lines), [line for line in lines if len(line) > 88]
    if variant.family == "malilla":
        for section in ("Setup", "Tricks", "End of the hand and scoring", "Moves"):
            assert f"\n{section}\n{'-' * len(section)}\n" in text
        assert "What the cards do" not in text and "Calls" not in text
        for rule in variant.rules:  # every rule the variant holds is named where it acts
            assert rule.rule_id in text, rule.rule_id
    else:
        assert "\nWhat the cards do\n" in text and "R_MAL_" not in text


def test_maumau_rules_malilla_states_the_source_rules() -> None:
    code, text, _ = run("rules", "malilla", "--width", "100")
    assert code == 0
    flat = " ".join(text.split())
    assert "Within a suit, highest first: 7, Ace, Rey, Caballo, Sota, 6, 5, 4, 3, 2" in flat
    assert "7 = 5, Ace = 4, Rey = 3, Caballo = 2, Sota = 1" in flat
    assert "60 card points and 10 for the 10 tricks make 70 in a hand" in flat
    assert "more than 35 of 70) scores what it took above 35" in flat
    assert "the first team to reach 35 points wins the match (the standard game; the long game plays to 70)" in flat
    assert "scores them for the dealer's team at once" in flat and "held back" in flat
    assert "player on the dealer's right" in flat
    assert "he must still follow suit when he can; when he cannot, he may trump or play any other card" in flat
    assert "capote) wins the match at once" in flat
    assert "7 or more cards of one suit" in flat
    assert "Refused: a card that breaks these duties is refused with its reason code (must_follow_suit, must_beat " \
           "or must_trump (R_MAL_FOLLOW); forbidden_seven (R_MAL_SEVEN))" in flat
    table = " ".join(rules_text("malilla-table").split())
    assert "the hand stops at once and the offender's team loses the match" in table
    assert "Refused:" not in table


def test_a_changed_parameter_changes_the_text() -> None:
    """The text is chosen by the rule objects, not written per variant."""
    house = MAL.with_rules(
        params={"R_MAL_FOLLOW": {"partner_ahead": "fully_free", "must_undertrump": True},
                "R_MAL_SEVEN": {"scope": "trick"}, "R_MAL_TRICK": {"next_leader": "next_seat"},
                "R_MAL_CAPOTE": {"mode": "score"}, "R_MAL_SCORE": {"target": 70, "trick_point": 0},
                "R_MAL_TRUMP": {"bonus": False}},
        drop=["R_MAL_REDEAL"])
    text = " ".join(rules_text(house).split())
    assert "he may play any card of his hand, even one of another suit" in text
    assert "must still play a lower trump" in text
    assert "may never be thrown on a trick of another suit" in text
    assert "The lead passes to the right after every trick" in text
    assert "scores the hand like any other: all 60 points give 30, not the target of 70 by itself" in text
    assert "more than 30 of 60" in text and "reach 70 points" in text
    assert "None: the trump card scores nothing" in text
    assert "redeal" not in text and move_examples(house) == {"play": "7or"}
    albur = MAL.with_rules(params={"R_MAL_ALBUR": {"points": 4, "hands": "every"}})
    assert "Before every hand two cards are drawn" in " ".join(rules_text(albur).split())
    assert "scores 4 for his team" in " ".join(rules_text(albur).split())


def test_card_help_names_the_rank_order_and_the_points() -> None:
    code, text, _ = run("rules", "malilla", "--card", "7or", "--card", "Rco", "--card", "2es")
    assert code == 0
    seven, rey, two = text.splitlines()
    assert seven.startswith("7or (7 de oros) in Malilla (cardgames.zone): 1st of the 10 cards of its suit")
    assert ORDER in seven and "Worth 5 points (R_MAL_SCORE)" in seven and "the malilla" in seven
    assert "gives the dealer's team its 5 points at once (R_MAL_TRUMP)" in seven and "R_MAL_SEVEN" in seven
    assert "3rd of the 10" in rey and "loses to the 7 and Ace" in rey and "Worth 3 points" in rey
    assert "R_MAL_SEVEN" not in rey
    assert "10th of the 10" in two and "the lowest card of its suit" in two and "Worth nothing" in two
    plan = MAL.family_plan
    for card in plan.cards:  # every card: its place in the order and its points
        help_text = card_help(MAL, card)
        place = plan.order.index(card.rank) + 1
        assert f" of the 10 cards of its suit in the order {ORDER}" in help_text
        assert help_text.split(": ", 1)[1].startswith(f"{place}{'st' if place == 1 else 'nd' if place == 2 else 'rd' if place == 3 else 'th'} ")
        points = plan.points[card]
        assert (f"Worth {points} point" if points else "Worth nothing") in help_text
    assert run("rules", "malilla", "--card", "7h")[1] == "7♥ is not a card of Malilla (cardgames.zone) (spanish-40).\n"
    assert run("rules", "malilla", "--card", "zz")[0] == 2


def test_card_help_follows_the_variant_parameters() -> None:
    changed = MAL.with_rules(params={"R_MAL_TRICK": {"rank_order": ["A", "7", "R", "C", "S", "6", "5", "4", "3", "2"]},
                                     "R_MAL_SCORE": {"values": {"7": 10, "A": 11}}})
    text = card_help(changed, Card.parse("7ba"))
    assert "2nd of the 10 cards of its suit in the order Ace > 7 > Rey" in text and "Worth 10 points" in text
    assert "Worth nothing" in card_help(changed, Card.parse("Rba"))


def test_move_examples_and_scoring_summary_for_malilla() -> None:
    examples = move_examples("malilla")
    assert examples == {"play": "7or", "redeal": "redeal", "pass": "pass"}
    for text in examples.values():
        move = parse_move(text)
        assert str(move) == text
    assert isinstance(parse_move(examples["play"]), Play)
    assert scoring_summary("malilla").startswith("High scores are good: a team that takes more than 35 of a hand's "
                                                 "70 points scores the excess; the first team to 35 wins the match")
    assert explainer(MAL) is mal and explainer(find_variant("standard")) is maumau_explain  # each family its own
    assert [name for name, _ in mal.setup_rows(MAL)] == ["Deck", "Players", "Direction", "Dealer", "Deal", "Trump",
                                                         "Trump bonus", "Albur", "New deal", "First lead"]


def test_maumau_diff_names_the_family() -> None:
    code, text, _ = run("diff", "malilla", "standard")
    assert code == 0
    rows = text.splitlines()[4:]
    assert rows[0].split() == ["family", "malilla", "maumau"]
    assert all(row.split()[0] for row in rows if row.strip())  # every row names its aspect
