"""Seeds and provably fair shuffles (issue 14, findings 1 and 2 for the library).

Unseeded games differ; a fair game's record proves its deal and reshuffles came from the committed seed, and
every kind of tampering (seed, salt, server seed, entropy, deal, a reshuffle, a view) is rejected.
"""

from __future__ import annotations

import io
import itertools
import json
import random
from pathlib import Path

import attrs
import pytest

from maumau_rules import GameState, apply, legal_moves, new_game, start_match
from maumau_rules.cli import main
from maumau_rules.fairness import FairnessError, FairSeed, FairSetup, commitment, verify_record
from maumau_rules.families.maumau.views import PlayerView
from maumau_rules.notation import dumps, loads_view
from maumau_rules.records import (
    GameRecord,
    RecordedMove,
    dumps_record,
    loads_record,
    record_from_history,
    record_from_moves,
    replay,
)
from maumau_rules.views import view


def test_two_unseeded_games_differ() -> None:
    """Finding 1: ``new_game("standard", 3) == new_game("standard", 3)`` was true (default seed 0)."""
    games = [new_game("standard", 3) for _ in range(5)]
    assert len({dumps(g) for g in games}) == 5
    assert new_game("standard", 3) != new_game("standard", 3)
    assert start_match("standard", 2).game != start_match("standard", 2).game


def test_an_unseeded_game_still_replays_from_its_record() -> None:
    rng = random.Random(1)
    s = new_game("standard", 3)
    history = [s]
    while not s.is_over and len(history) < 300:
        s = apply(s, rng.choice(legal_moves(s)))
        history.append(s)
    rec = loads_record(dumps_record(record_from_history(history)))
    assert list(replay(rec)) == history


def test_an_unseeded_match_keeps_its_seed() -> None:
    m = start_match("standard", 2)
    assert start_match("standard", 2, seed=m.seed).game == m.game


def play_fair(players: int, seed_rng: int, *, cheat_at_reshuffle: bool = False, limit: int = 2000
              ) -> tuple[FairSeed, list[GameState], list[PlayerView]]:
    """A fair game played by random moves; seat 0 keeps every view it receives. With ``cheat_at_reshuffle`` the
    'server' swaps two cards of the discard pile just before the first reshuffle (a changed reshuffle)."""
    fair = FairSeed(b"server secret %d" % seed_rng, b"salt").bind(FairSetup.game("standard", players)).with_entropy(
        "seat 0 entropy", "seat 1 entropy")
    rng = random.Random(seed_rng)
    s = new_game("standard", players, fair.game_seed)
    states, kept = [s], [view(s, 0)]
    cheated = False
    while not s.is_over and len(states) < limit:
        move = rng.choice(legal_moves(s))
        if cheat_at_reshuffle and not cheated and not s.stock and len(s.discard) > 3:
            d = list(s.discard)
            d[0], d[1] = d[1], d[0]
            s = attrs.evolve(s, discard=tuple(d), _legal=None)
            cheated = True
            move = next(m for m in legal_moves(s) if m == move)
        s = apply(s, move)
        states.append(s)
        kept.append(view(s, 0))
    return fair, states, kept


def _reshuffling_game() -> tuple[FairSeed, list[GameState], list[PlayerView]]:
    for seed in range(50):
        fair, states, kept = play_fair(2, seed)
        if any(len(b.stock) < len(a.stock) for b, a in itertools.pairwise(states)) and states[-1].is_over:
            return fair, states, kept
    raise AssertionError("no game with a reshuffle")  # pragma: no cover


def _record(fair: FairSeed, states: list[GameState]) -> GameRecord:
    moves = []
    for before, after in itertools.pairwise(states):
        moves.append(next(m for m in legal_moves(before) if apply(before, m) == after))
    return record_from_moves("standard", states[0].players, fair.game_seed, moves, fairness=fair)


def test_a_finished_fair_game_proves_its_deal_and_reshuffles() -> None:
    fair, states, kept = _reshuffling_game()
    rec = loads_record(dumps_record(_record(fair, states)))
    report = verify_record(rec, commitment=fair.commitment, views=kept)
    assert report.reshuffles >= 1 and report.views == len(kept) and report.moves == len(states) - 1
    assert report.game_seed == fair.game_seed == rec.seed


def test_the_commitment_hides_the_seed_and_binds_it() -> None:
    setup = FairSetup.game("standard", 2)
    a, b = FairSeed(bytes(32), b"salt-a", setup=setup), FairSeed(bytes(32), b"salt-b", setup=setup)
    assert a.commitment != b.commitment  # the salt hides the seed
    assert commitment(bytes(32), b"salt-a", setup) == a.commitment and len(a.commitment) == 64
    assert FairSeed(b"\x01" + bytes(31), b"salt-a", setup=setup).commitment != a.commitment


@pytest.mark.parametrize("tamper", ["seed", "server_seed", "salt", "entropy", "commitment"])
def test_a_changed_seed_salt_or_entropy_is_rejected(tamper: str) -> None:
    fair, states, kept = play_fair(2, 3, limit=40)
    rec = _record(fair, states)
    published = fair.commitment
    if tamper == "seed":
        bad = attrs.evolve(rec, seed=rec.seed + 1)
        match = "is not the seed"
    elif tamper == "server_seed":
        other = attrs.evolve(fair, server_seed=b"another secret")
        bad = attrs.evolve(rec, fairness=other, seed=other.game_seed)
        match = "do not give the commitment"
    elif tamper == "salt":
        other = attrs.evolve(fair, salt=b"other salt")
        bad = attrs.evolve(rec, fairness=other)
        match = "do not give the commitment"
    elif tamper == "entropy":  # a server that ignores a seat's entropy (or swaps it) deals another game
        other = attrs.evolve(fair, entropy=("seat 0 entropy", "forged"))
        bad = attrs.evolve(rec, fairness=other, seed=other.game_seed)
        match = r"do not replay|is not the one"
    else:
        bad, published, match = rec, "ab" * 32, "do not give the commitment"
    with pytest.raises(FairnessError, match=match):
        verify_record(bad, commitment=published, views=kept)


def test_a_record_file_with_a_forged_commitment_does_not_read() -> None:
    fair, states, _ = play_fair(2, 3, limit=10)
    doc = _record(fair, states).to_json()
    doc["fairness"]["commitment"] = "00" * 32
    with pytest.raises(FairnessError, match="do not give the commitment"):
        loads_record(json.dumps(doc))


def test_an_explicit_deal_is_rejected_even_the_seeds_own() -> None:
    """A fair game is dealt from its seed alone: a record with an explicit deal proves nothing (issue 23 finding 2),
    whether the deal was changed (seat 0 given a card of seat 1) or is the one the seed gives."""
    fair, states, _ = play_fair(2, 5, limit=1)
    first = states[0]
    hands = [list(h) for h in first.hands]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]  # the server gives seat 0 a card of seat 1
    from maumau_rules import Deal

    deal = Deal(tuple(tuple(h) for h in hands), first.stock, first.discard, first.dealer, first.seat_to_act)
    rec = GameRecord("standard", 1, 2, seed=fair.game_seed, deal=deal, fairness=fair)
    with pytest.raises(FairnessError, match="dealt from an explicit deal"):
        verify_record(rec, commitment=fair.commitment)
    own = GameRecord("standard", 1, 2, seed=fair.game_seed, deal=Deal(first.hands, first.stock, first.discard,
                     first.dealer, first.seat_to_act), fairness=fair)
    with pytest.raises(FairnessError, match="dealt from an explicit deal"):
        verify_record(own, commitment=fair.commitment)
    assert verify_record(attrs.evolve(own, deal=None), commitment=fair.commitment).moves == 0


def test_a_changed_reshuffle_is_rejected() -> None:
    """The server swaps two cards of the discard pile before the first reshuffle: seat 0's views of what it drew
    afterwards cannot be the ones the committed seed gives (or the recorded moves stop replaying)."""
    for seed in range(60):
        fair, states, kept = play_fair(2, seed, cheat_at_reshuffle=True)
        _, honest, _ = play_fair(2, seed)
        if kept == [view(s, 0) for s in honest]:
            continue  # the swap changed nothing seat 0 could see (or no reshuffle happened)
        moves = [next(m for m in legal_moves(b) if apply(b, m).turn == a.turn and apply(b, m).hand_sizes == a.hand_sizes
                      and apply(b, m).discard[-1:] == a.discard[-1:]) for b, a in itertools.pairwise(states)]
        rec = record_from_moves("standard", 2, fair.game_seed, [], fairness=fair)
        rec = attrs.evolve(rec, moves=tuple(RecordedMove(m) for m in moves))
        with pytest.raises(FairnessError, match=r"is not the one the committed seed gives|do not replay"):
            verify_record(rec, commitment=fair.commitment, views=kept)
        return
    raise AssertionError("no game where the swap showed")  # pragma: no cover


def test_a_changed_view_is_rejected() -> None:
    fair, states, kept = play_fair(2, 4, limit=30)
    rec = _record(fair, states)
    forged = attrs.evolve(kept[5], hand=kept[6].hand) if kept[5].hand != kept[6].hand else attrs.evolve(
        kept[5], stock_size=kept[5].stock_size + 1)
    with pytest.raises(FairnessError, match="turn 5 is not the one the committed seed gives"):
        verify_record(rec, commitment=fair.commitment, views=[*kept[:5], forged])


def test_maumau_verify(tmp_path: Path) -> None:
    fair, states, kept = _reshuffling_game()
    path = tmp_path / "game.json"
    path.write_text(dumps_record(_record(fair, states)), encoding="utf-8")
    views = tmp_path / "views.json"
    views.write_text(json.dumps([v.to_json() for v in kept]), encoding="utf-8")
    assert loads_view(json.dumps(kept[3].to_json())) == kept[3]
    out, err = io.StringIO(), io.StringIO()
    assert main(["verify", str(path), "--commitment", fair.commitment, "--views", str(views)], out=out, err=err) == 0
    assert "OK, the deal and" in out.getvalue() and f"{len(kept)} views checked" in out.getvalue()
    out = io.StringIO()
    assert main(["verify", str(path), "--commitment", "cd" * 32], out=out, err=io.StringIO()) == 1
    assert "NOT PROVED" in out.getvalue()
    plain = tmp_path / "plain.json"
    plain.write_text(dumps_record(record_from_moves("standard", 2, 1, ["draw"])), encoding="utf-8")
    out = io.StringIO()
    assert main(["verify", str(plain)], out=out, err=io.StringIO()) == 1
    assert "reveals no committed seed" in out.getvalue()
    assert main(["verify", str(tmp_path / "missing.json")], out=io.StringIO(), err=io.StringIO()) == 3
