"""Malilla's computer players and ``maumau play --variant malilla``: the bots pick legal moves by the source's tips,
and the terminal game plays a whole match with a human (scripted here), refuses illegal input with its reason, and
saves a match record that validates."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from maumau_rules import Card, Play, apply, find_variant, legal_moves, parse_cards
from maumau_rules.bots import RandomBot
from maumau_rules.cli import main
from maumau_rules.families.malilla.bots import MalillaBot, MalillaHeuristicBot, make_bot
from maumau_rules.families.malilla.engine import deck_order_for, new_hand
from maumau_rules.families.malilla.state import MalillaState, Stage
from maumau_rules.families.malilla.views import view
from maumau_rules.records import loads_records, validate_records
from maumau_rules.scoring import next_round, start_match
from tests.helpers import hand_of_match

MAL = find_variant("malilla")


def test_bots_always_choose_a_legal_move() -> None:
    for seed in range(12):
        s = new_hand(MAL, seed=seed)
        bots: list[MalillaBot] = [MalillaHeuristicBot(), RandomBot(seed), MalillaHeuristicBot(), RandomBot(seed + 1)]
        while not s.is_over:
            move = bots[s.seat_to_act].choose(view(s, s.seat_to_act))
            assert move in legal_moves(s)
            s = apply(s, move)
        assert len(s.tricks) == 10
    with pytest.raises(ValueError, match="no legal move"):
        MalillaHeuristicBot().choose(view(new_hand(MAL, seed=1), (new_hand(MAL, seed=1).seat_to_act + 1) % 4))
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("clever")


def test_the_heuristic_team_beats_the_random_team() -> None:
    """Over 30 matches (fixed seeds) the team playing by the tips wins clearly more than half."""
    wins = 0
    for seed in range(30):
        bots = [make_bot("heuristic"), make_bot("random", seed), make_bot("heuristic"), make_bot("random", seed + 7)]
        m = start_match(MAL, 4, seed)
        while not m.over:
            s = hand_of_match(m)
            while not s.is_over:
                s = apply(s, bots[s.seat_to_act].choose(view(s, s.seat_to_act)))
            m = next_round(m, s)
        wins += m.winner == 0
    assert wins >= 20, wins


def _deal(hands: list[str], dealer: int, trump: str) -> MalillaState:
    s = new_hand(MAL, seed=1, dealer=dealer,
                 deck_order=deck_order_for([parse_cards(h) for h in hands], dealer, Card.parse(trump)))
    while s.stage is not Stage.PLAY:
        s = apply(s, legal_moves(s)[-1])
    return s


HANDS = [
    "2co 4co 5co 2es 3es 4es 5es 2ba 3ba 4ba",
    "7or 3or 6or 6co 7co 6es 7es 5ba 6ba 7ba",
    "1or 5or Sor 3co Sco Ses Ces Sba Cba Rba",
    "Ror 2or 4or Cor 1co Cco Rco 1es Res 1ba",
]


def test_the_heuristic_wins_cheaply_and_feeds_a_winning_partner() -> None:
    """MAL-TIP-7/5: against the malilla the cheapest trump takes the trick; MAL-TIP-3: last to play behind his
    partner's malilla, a player gives his Ace (the richest card) and does not trump his partner."""
    s = _deal(HANDS, 0, "2co")
    for card in ("Ror", "1or", "7or"):
        s = apply(s, Play(Card.parse(card)))
    assert str(MalillaHeuristicBot().choose(view(s, 0))) == "2co"
    feed = ["1ba Rba 2ba 3ba 4ba 5ba 6ba 2es 3es 4es", "3or 5es 6es 7es Ses Ces Res 1es 7ba Sba",
            "7or 1co 2co 3co 4co 5co 6co 7co Sco Cco", "2or 1or 4or 5or 6or Sor Cor Ror Rco Cba"]
    t = _deal(feed, 0, "2es")                 # espadas are trump
    for card in ("2or", "7or", "3or"):        # seat 3 leads, seat 2 (seat 0's partner) wins with the malilla
        t = apply(t, Play(Card.parse(card)))
    assert t.seat_to_act == 0 and t.winning_seat == 2
    assert {str(m) for m in legal_moves(t)} >= {"1ba", "2es"}  # he may trump, but should not
    assert str(MalillaHeuristicBot().choose(view(t, 0))) == "1ba"


def _scripted(out: io.StringIO, first: list[str] | None = None) -> Callable[[str], str]:
    """A 'human' who answers every prompt: the given inputs first, then the first legal move shown."""
    queue = list(first or [])

    def read(prompt: str) -> str:
        if queue:
            return queue.pop(0)
        if "next hand" in prompt:
            return "y"
        if "anyway" in prompt:
            return "n"
        legal = [line for line in out.getvalue().splitlines() if line.startswith("legal: ")]
        return legal[-1][len("legal: "):].split(" · ")[0]

    return read


def test_maumau_play_malilla_plays_a_whole_match_with_a_human(tmp_path: Path) -> None:
    out = io.StringIO()
    save = tmp_path / "m.json"
    code = main(["play", "--variant", "malilla", "--seed", "3", "--save", str(save)], read=_scripted(out), out=out)
    text = out.getvalue()
    assert code == 0 and "match over:" in text and "you are seat 0, your partner seat 2" in text
    assert "your hand:" in text and "trump card" in text and "take the trick" in text
    [record] = loads_records(save.read_text(encoding="utf-8"))
    assert [r.ok for r in validate_records([record])] == [True]
    assert record.result is not None and record.names[0] == "you"


def test_illegal_input_is_explained_and_asked_again() -> None:
    """A card the rules forbid is refused with its reason and rule; the human is asked again."""
    out = io.StringIO()
    answers: list[str] = []
    read = _scripted(out)

    def first_wrong(prompt: str) -> str:
        if not answers and "your move" in prompt:
            legal = [line for line in out.getvalue().splitlines() if line.startswith("legal: ")][-1]
            shown = legal[len("legal: "):].split(" · ")
            hand = [line for line in out.getvalue().splitlines() if line.startswith("your hand: ")][-1].split()[2:]
            wrong = [c for c in hand if c not in shown]
            answers.append(wrong[0] if wrong else "8or")
            return answers[-1]
        return read(prompt)

    code = main(["play", "--variant", "malilla", "--seed", "5", "--rounds", "1"], read=first_wrong, out=out)
    assert code == 0
    # the refusal speaks to the player ("'5co': must follow suit ..."), without the "by player 0" of a server log
    assert "by player 0" not in out.getvalue()
    assert re.search(r"✗ '[^']+': .* \[(must_follow_suit|must_beat|must_trump|forbidden_seven), R_MAL_(FOLLOW|SEVEN)\]"
                     r"|✗ unknown move '8or'", out.getvalue())


def test_table_rules_let_a_broken_rule_stand_when_confirmed() -> None:
    """malilla-table: the human confirms a card that breaks a rule; his team loses the match at once."""
    out = io.StringIO()
    state = {"done": False}
    read = _scripted(out)

    def breaker(prompt: str) -> str:
        if "anyway" in prompt:
            state["done"] = True
            return "y"
        if not state["done"] and "your move" in prompt:
            lines = out.getvalue().splitlines()
            shown = [line for line in lines if line.startswith("legal: ")][-1][len("legal: "):].split(" · ")
            hand = [line for line in lines if line.startswith("your hand: ")][-1].split()[2:]
            wrong = [c for c in hand if c not in shown and "on the table" in out.getvalue().splitlines()[-4]]
            if wrong:
                return wrong[0]
        return read(prompt)

    code = main(["play", "--variant", "malilla-table", "--seed", "2"], read=breaker, out=out)
    text = out.getvalue()
    assert code == 0 and "match over:" in text
    if state["done"]:
        assert "that breaks R_MAL_" in text and "their team wins the match" in text


def test_four_players_only() -> None:
    err = io.StringIO()
    assert main(["play", "--variant", "malilla", "--players", "3", "--bots-only"], out=io.StringIO(), err=err) == 2
    assert "Malilla is for 4 players, not 3" in err.getvalue()
