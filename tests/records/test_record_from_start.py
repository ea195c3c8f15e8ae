"""Issue 25: a record written from a game's first state and its moves (``record_from_start``), the way a server
that left the seed out holds a game, for every registered variant of both families, the house-rule examples and
every way to set a game up (no seed, a seed, a deck order, an explicit deal); and the wrong types of the
record and engine API say what to do."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from examples.house_rules import queen_all_draw, six_must_be_covered, ten_swaps_hands
from maumau_rules import (
    Deal,
    GameState,
    MalillaState,
    Move,
    Variant,
    apply,
    available_variants,
    check,
    find_variant,
    legal_moves,
    new_game,
    parse_move,
)
from maumau_rules.errors import ArgumentTypeError, IllegalMoveError, NotationError, VariantError
from maumau_rules.reasons import Reason
from maumau_rules.records import (
    dumps_record,
    first_violation,
    loads_record,
    record_from_moves,
    record_from_start,
    replay,
)
from maumau_rules.state import StateError

ROOT = Path(__file__).resolve().parents[2]
VARIANTS: list[Variant] = [*available_variants(), queen_all_draw.VARIANT, six_must_be_covered.VARIANT,
                           ten_swaps_hands.VARIANT]


def _players(v: Variant, k: int) -> int:
    return max(v.players[0], min(v.players[1], 2 + k))


def _play(start: GameState | MalillaState, rng: random.Random, limit: int) -> tuple[
        list[GameState | MalillaState], list[tuple[int, Move]]]:
    """Random legal moves from ``start``, a call-out by another seat whenever one is legal and the coin says so."""
    states: list[GameState | MalillaState] = [start]
    moves: list[tuple[int, Move]] = []
    s = start
    while not s.is_over and len(moves) < limit:
        others = [(seat, m) for seat in range(s.players) if seat != s.seat_to_act for m in legal_moves(s, seat)]
        seat, move = rng.choice(others) if others and rng.random() < 0.5 else (s.seat_to_act,
                                                                                rng.choice(legal_moves(s)))
        s = apply(s, move, player=seat)
        states.append(s)
        moves.append((seat, move))
    return states, moves


def _setups(v: Variant, players: int, seed: int) -> list[GameState | MalillaState]:
    """The first state of a game set up each way: no seed, a seed, a deck order, an explicit deal (Mau-Mau)."""
    starts: list[GameState | MalillaState] = [new_game(v, players), new_game(v, players, seed)]
    order = sorted(v.deck.cards(), key=lambda c: (c.sort_key, str(c)))
    shuffler = random.Random(seed)
    for _ in range(50):  # a deck order whose cut would ask for a new deal (R_CUT) is refused: take the next one
        shuffler.shuffle(order)
        try:
            starts.append(new_game(v, players, deck_order=order))
            break
        except StateError:
            continue
    else:  # pragma: no cover - fifty orders in a row that all redeal
        raise AssertionError(f"{v.id}: no deck order deals")
    if v.family == "maumau":
        dealt = new_game(v, players, seed + 1)
        assert isinstance(dealt, GameState)
        starts.append(new_game(v, players, deal=Deal(dealt.hands, dealt.stock, dealt.discard, first_player=0)))
    return starts


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.id)
def test_a_record_from_the_first_state_and_the_moves_replays_the_game(variant: Variant) -> None:
    """Every setup, both families: the record replays every state, as moves or as notation, and survives JSON."""
    players = _players(variant, 1)
    for k, start in enumerate(_setups(variant, players, seed=7)):
        states, moves = _play(start, random.Random(k), limit=120)
        rec = record_from_start(start, moves)
        assert list(replay(rec)) == states, (variant.id, k)
        assert [(m.seat, m.move) for m in rec.moves] == moves
        assert first_violation(rec) is None
        again = loads_record(dumps_record(rec))
        assert again == rec and list(replay(again))[-1] == states[-1]
        # the moves of the seat to act need no seat; notation is read too
        plain = [(seat, str(m)) if seat != s.seat_to_act else str(m) for s, (seat, m) in zip(states, moves, strict=False)]
        assert record_from_start(start, plain) == rec


@pytest.mark.parametrize("family", ["standard", "malilla"])
def test_the_seed_left_out_is_not_needed(family: str) -> None:
    """The server's way: ``new_game`` without a seed; ``record_from_moves`` cannot be used (it needs the seed)
    and its message points to ``record_from_start``."""
    v = find_variant(family)
    start = new_game(v, v.players[0])
    move = legal_moves(start)[0]
    with pytest.raises(ArgumentTypeError, match="record_from_start"):
        record_from_moves(v, v.players[0], None, [move])  # type: ignore[arg-type]
    rec = record_from_start(start, [move])
    assert list(replay(rec)) == [start, apply(start, move)]


@pytest.mark.parametrize("family", ["standard", "malilla"])
def test_a_record_from_start_refuses_what_is_not_a_first_state_or_a_legal_move(family: str) -> None:
    v = find_variant(family)
    start = new_game(v, v.players[0], 3)
    later = apply(start, legal_moves(start)[0])
    with pytest.raises(NotationError, match="turn 0, not turn 1"):
        record_from_start(later, [])
    for bad in ("state", None, 3, [start]):
        with pytest.raises(ArgumentTypeError, match="must be the first state of a game"):
            record_from_start(bad, [])
    for moves in ("draw", 7, None):
        with pytest.raises(ArgumentTypeError, match="must be a sequence of moves"):
            record_from_start(start, moves)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="a move or a \\(seat, move\\) pair"):
        record_from_start(start, [(0, "draw", "x")])  # type: ignore[list-item]
    with pytest.raises(IllegalMoveError):
        record_from_start(start, [parse_move("callout 9")])
    with pytest.raises(NotationError, match="move 0"):
        record_from_start(start, ["no such move"])


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.id)
@pytest.mark.parametrize("move", ["draw", "7h", "pass", None, 3, ("draw",), {"move": "draw"}])
def test_apply_given_what_is_not_a_move_is_a_type_error_that_names_parse_move(variant: Variant, move: Any) -> None:
    """A string (or anything else) is not a move: ``apply`` raises ArgumentTypeError (text: read it with
    parse_move), ``check`` judges it ``not_a_move`` with the same message, and nothing changes."""
    s = new_game(variant, variant.players[0], 5)
    with pytest.raises(ArgumentTypeError) as err:
        apply(s, move)
    assert not isinstance(err.value, IllegalMoveError)
    verdict = check(s, move)
    assert verdict.reason is Reason.NOT_A_MOVE and str(err.value) == verdict.message
    assert ("parse_move(" if isinstance(move, str) else "parse_move reads notation") in verdict.message
    assert repr(move)[:20] in verdict.message
    if isinstance(move, str):  # the advice works: the parsed move is judged by the rules
        assert check(s, parse_move(move)).reason is not Reason.NOT_A_MOVE


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.id)
@pytest.mark.parametrize("players", ["3", 3.0, None, True, [3]])
def test_a_player_count_that_is_not_an_integer_says_so(variant: Variant, players: Any) -> None:
    with pytest.raises(ArgumentTypeError, match=r"players .* must be an integer"):
        new_game(variant, players)
    with pytest.raises(VariantError, match="players, not 99"):
        new_game(variant, 99)


@pytest.mark.slow(seconds=10)
def test_validate_and_replay_of_a_house_rule_record_point_to_rules(tmp_path: Path) -> None:
    """A record of each house-rule example, read by a process that does not know its rules: ``validate`` and
    ``replay`` say the rule is unknown and how to load it (``--rules``); with ``--rules`` the record is OK."""
    files, examples = [], []
    for module in (queen_all_draw, six_must_be_covered, ten_swaps_hands):
        start = new_game(module.VARIANT, 2)
        path = tmp_path / f"{module.VARIANT.id}.json"
        path.write_text(dumps_record(record_from_start(start, [legal_moves(start)[0]])), encoding="utf-8")
        files.append(str(path))
        examples.append(str(ROOT / "examples" / "house_rules" / f"{module.__name__.rsplit('.', 1)[1]}.py"))
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    cli = [sys.executable, "-m", "maumau_rules.cli"]
    bare = subprocess.run([*cli, "validate", *files], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert bare.returncode == 1
    lines = bare.stdout.splitlines()
    assert len(lines) == 3 and all("unknown rule 'R_HOUSE_" in line and "--rules FILE.py" in line for line in lines)
    replayed = subprocess.run([*cli, "replay", files[0]], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert replayed.returncode == 1 and "--rules FILE.py" in replayed.stderr
    loaded = subprocess.run([*cli, "validate", *(a for e in examples for a in ("--rules", e)), *files],
                            capture_output=True, text=True, env=env, cwd=tmp_path)
    assert loaded.returncode == 0 and loaded.stdout.count(": OK (1 move)") == 3, loaded.stdout + loaded.stderr
