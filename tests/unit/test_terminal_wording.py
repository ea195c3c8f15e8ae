"""What a new user reads in the terminal game (issue 25): the human is spoken to in the second person ("you play
again", "CPU 1 calls you out"), never as "player 0"; his turns are numbered one after the other; the hand he is
shown is sorted (a drawn card takes its place); a call is shown beside a player only while it is news. Malilla's
terminal answers the same help commands as Mau-Mau's (``rules``, ``? CARD``), names its rank order and card points,
and says where a hand's result counts the trump bonus."""

from __future__ import annotations

import io
import itertools
import random
import re
from collections.abc import Callable

import pytest

from maumau_rules import Card, available_variants, find_variant
from maumau_rules.cli import main
from maumau_rules.families.malilla.explain import card_points_text, rank_order_text

MAUMAU = [v.id for v in available_variants("maumau")]
MALILLA = [v.id for v in available_variants("malilla")]

THIRD_PERSON_YOU = re.compile(r"\byou (plays|draws|passes|calls|wishes|lets|wins|misses|takes|asks|agrees|refuses|"
                              r"does|goes|must draws|holds|is)\b|\bout you\b|\bby player 0\b|\bP0\b")


def _player(out: io.StringIO, seed: int, first: list[str] | None = None) -> Callable[[str], str]:
    """A scripted human: the given answers first, then a random legal move each turn; yes to every call-out
    question and to another round or hand (so that the game goes on to its end)."""
    rnd = random.Random(seed)
    queue = list(first or [])

    def read(prompt: str) -> str:
        if queue:
            return queue.pop(0)
        if "[y/N]" in prompt:
            return "y" if "call them out" in prompt else "n"
        if "[Y/n]" in prompt:
            return "n"
        legal = [line for line in out.getvalue().splitlines() if line.startswith("legal: ")][-1]
        return rnd.choice(legal[len("legal: "):].split(" · "))

    return read


@pytest.fixture(scope="module")
def games() -> dict[str, str]:
    """One round of every Mau-Mau variant (and one hand of each Malilla variant) with a scripted human."""
    texts = {}
    for vid in MAUMAU + MALILLA:
        v = find_variant(vid)
        out = io.StringIO()
        args = ["play", "--variant", vid, "--seed", "4", "--color", "never", "--rounds", "1"]
        if v.family == "maumau":
            args += ["--players", str(min(v.players[-1], 3))]
        assert main(args, read=_player(out, 4), out=out, err=io.StringIO()) == 0, vid
        texts[vid] = out.getvalue()
    return texts


@pytest.mark.parametrize("vid", MAUMAU + MALILLA)
def test_the_human_is_spoken_to_as_you(games: dict[str, str], vid: str) -> None:
    text = games[vid]
    assert "you " in text
    bad = [line for line in text.splitlines() if THIRD_PERSON_YOU.search(line)]
    assert not bad, bad[:5]


@pytest.mark.parametrize("vid", MAUMAU)
def test_turns_are_numbered_one_after_the_other(games: dict[str, str], vid: str) -> None:
    numbers = [int(n) for n in re.findall(r"── your turn (\d+) ·", games[vid])]
    assert numbers and numbers[0] == 1
    assert all(b - a in (0, 1) for a, b in itertools.pairwise(numbers)), numbers


@pytest.mark.parametrize("vid", MAUMAU + MALILLA)
def test_the_hand_shown_is_sorted(games: dict[str, str], vid: str) -> None:
    hands = [line[len("your hand: "):].split() for line in games[vid].splitlines() if line.startswith("your hand: ")]
    assert hands
    for hand in hands:
        keys = [Card.parse(c).sort_key for c in hand]
        assert keys == sorted(keys), hand


@pytest.mark.parametrize("vid", MAUMAU)
def test_a_call_is_shown_only_beside_a_player_with_one_card(games: dict[str, str], vid: str) -> None:
    calls = re.findall(r"\((\d+), said ", games[vid])
    assert all(n == "1" for n in calls), calls


def test_a_drawn_card_takes_its_place_in_the_hand() -> None:
    """Drawing until a card is shown after 'you drew': the next hand line has it in sorted place."""
    for seed in range(20):
        out = io.StringIO()
        main(["play", "--players", "2", "--seed", str(seed), "--color", "never"],
             read=_player(out, seed, ["draw", "quit"]), out=out, err=io.StringIO())
        text = out.getvalue()
        if "you drew " in text:
            hand = [line for line in text.splitlines() if line.startswith("your hand: ")][-1].split()[2:]
            drawn = re.findall(r"you drew (\S+)", text)[-1]
            assert drawn in hand
            assert [Card.parse(c).sort_key for c in hand] == sorted(Card.parse(c).sort_key for c in hand)
            return
    raise AssertionError("no seed let the human draw a card that he could play")


@pytest.mark.parametrize("vid", MALILLA)
def test_malilla_answers_the_help_commands(vid: str) -> None:
    v = find_variant(vid)
    out = io.StringIO()
    assert main(["play", "--variant", vid, "--seed", "2", "--color", "never", "--rounds", "1"],
                read=_player(out, 2, ["rules", "help", "? 7or", "? R", "? Zz"]), out=out, err=io.StringIO()) == 0
    text = out.getvalue()
    assert "unknown card 'rules'" not in text and "unknown move 'rules'" not in text
    assert v.name + "\n" + "=" * len(v.name) in text  # 'rules' printed the variant's rules
    assert rank_order_text(v) in text and card_points_text(v) in text  # the help names the order and the points
    assert "7or (7 de oros)" in text  # '? 7or'
    assert "Rey de" in text  # '? R': every Rey
    assert "✗" in text and "Traceback" not in text  # '? Zz' is answered with the reason


@pytest.mark.parametrize("seed", range(6))
def test_malilla_hand_result_shows_the_trump_bonus_where_it_counts(seed: int) -> None:
    out = io.StringIO()
    assert main(["play", "--variant", "malilla", "--seed", str(seed), "--color", "never", "--rounds", "1"],
                read=_player(out, seed), out=out, err=io.StringIO()) == 0
    text = out.getvalue()
    deal = re.search(r"trump card (\S+) \(.*?\): .* are trump(; (.*?) scores (\d+) \(the trump bonus\))?", text)
    result = re.search(r"after hand 1: points \d+-\d+, (.*); match", text)
    assert deal is not None and result is not None, text[-400:]
    points = find_variant("malilla").family_plan.points[Card.parse(deal.group(1))]
    if points and "held back" not in text:
        assert deal.group(4) == str(points)
        assert f", {points} trump bonus" in result.group(1) or "broke" in text, result.group(1)
    elif not points:
        assert deal.group(2) is None and "trump bonus" not in result.group(1)
