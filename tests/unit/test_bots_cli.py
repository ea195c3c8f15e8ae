"""Bots and the terminal game."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from maumau_rules import apply, available_variants, find_variant, new_game
from maumau_rules.bots import Bot, RandomBot, make_bot
from maumau_rules.cli import main
from maumau_rules.families.maumau.bots import HeuristicBot
from maumau_rules.views import view


def test_heuristic_bot_beats_random_bot_clearly() -> None:
    wins = 0
    for seed in range(60):
        s = new_game("standard", 2, seed=seed)
        bots: list[Bot] = [HeuristicBot(), RandomBot(seed)]
        while not s.is_over:
            s = apply(s, bots[s.seat_to_act].choose(view(s, s.seat_to_act)))
        wins += s.winner == 0
    assert wins >= 45


def test_bots_refuse_to_move_out_of_turn() -> None:
    s = new_game("standard", 2, seed=1)
    other = view(s, 1 - s.seat_to_act)
    for bot in (HeuristicBot(), RandomBot(1)):
        with pytest.raises(ValueError):
            bot.choose(other)
    with pytest.raises(ValueError):
        make_bot("genius")


def test_bots_only_mode_prints_every_turn_and_finishes_the_match() -> None:
    out = io.StringIO()
    assert main(["play", "--bots-only", "--players", "3", "--seed", "5"], out=out) == 0
    text = out.getvalue()
    assert "match over" in text and text.count(" plays ") > 20


def test_interactive_game_answers_bad_entries_with_reason_and_prompts_again() -> None:
    lines = iter(["zz", "Zh", "pass", "help", "quit"])

    def read(prompt: str) -> str:
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    out = io.StringIO()
    assert main(["play", "--players", "2", "--seed", "3"], read=read, out=out) == 0
    text = out.getvalue()
    assert "unknown move 'zz'" in text
    assert "your hand:" in text and "top card" in text
    assert "[pass_not_allowed, R_DRAW]" in text or "[must_answer_draw" in text
    assert "Traceback" not in text


def test_interactive_game_can_be_played_to_the_end_by_typing_legal_moves() -> None:
    """A scripted human who always types the first legal move finishes a round."""
    out = io.StringIO()

    def read(prompt: str) -> str:
        if prompt.startswith("next round"):
            return "n"
        text = out.getvalue()
        legal_line = [ln for ln in text.splitlines() if ln.startswith("legal: ")][-1]
        return legal_line[len("legal: "):].split(" · ")[0].split("/")[0]  # a wild card's first wish

    assert main(["play", "--players", "2", "--seed", "8", "--rounds", "1"], read=read, out=out) == 0
    assert "after round 1" in out.getvalue()


def test_variants_command_lists_the_registry() -> None:
    out = io.StringIO()
    assert main(["variants"], out=out) == 0
    assert out.getvalue().startswith("standard") or "standard " in out.getvalue()


def test_unknown_variant_is_a_clear_error() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["play", "--bots-only", "--variant", "uno"], out=out, err=err) == 2
    assert "unknown variant 'uno'" in err.getvalue() and out.getvalue() == ""


def test_play_can_save_a_record_that_validates(tmp_path: Path) -> None:
    """``maumau play --save`` writes the records of the rounds played; ``maumau validate`` accepts them."""
    target = tmp_path / "game.json"
    out = io.StringIO()
    assert main(["play", "--bots-only", "--players", "3", "--seed", "4", "--rounds", "2", "--quiet",
                 "--save", str(target)], out=out) == 0
    assert "saved 2 records" in out.getvalue()
    report = io.StringIO()
    assert main(["validate", str(target)], out=report) == 0
    assert report.getvalue().count(": OK") == 2
    text = target.read_text(encoding="utf-8")
    target.write_text(text.replace('"move": "draw"', '"move": "pass"', 1), encoding="utf-8")
    bad = io.StringIO()
    assert main(["validate", str(target)], out=bad) != 0
    assert "INVALID at step" in bad.getvalue()


def test_diff_command_lists_rule_and_parameter_differences() -> None:
    out = io.StringIO()
    assert main(["diff", "prsi", "standard"], out=out) == 0
    text = out.getvalue()
    assert text.startswith("prsi vs standard:")
    assert "R_SKIP.cards" in text and "R_SKIP.passable" in text and "R_ANNOUNCE" in text
    same = io.StringIO()
    assert main(["diff", "standard", "mau-mau"], out=same) == 0
    assert "0 differences" in same.getvalue()


@pytest.mark.parametrize("variant", [v.id for v in available_variants()])
def test_bots_only_mode_plays_every_variant_to_the_end_of_a_match(variant: str) -> None:
    """Issue 3: ``maumau play --variant <name> --bots-only`` runs every variant to the end of a match."""
    out = io.StringIO()
    players = max(3, find_variant(variant).players[0])
    assert main(["play", "--bots-only", "--variant", variant, "--players", str(players), "--seed", "1",
                 "--quiet"], out=out) == 0
    text = out.getvalue()
    assert "match over:" in text and "wins the match" in text
