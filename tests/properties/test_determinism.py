"""INV_DETERMINISM across processes: the same games under PYTHONHASHSEED=1 and =2 give the same digests."""

from __future__ import annotations

import os
import subprocess
import sys

from maumau_rules import available_variants
from maumau_rules.families.maumau.invariants import check_game
from maumau_rules.testing import state_digest

SCRIPT = """
import random
from maumau_rules import apply, available_variants, legal_moves, new_game
from maumau_rules.testing import state_digest
for v in available_variants():
    for k in range(2):
        players = min(v.players[0] + k, v.players[1])  # Malilla is for four players only
        s = new_game(v, players=players, seed=100 + k)
        rnd = random.Random(k)
        while not s.is_over:
            s = apply(s, rnd.choice(legal_moves(s)))
        print(v.id, players, state_digest(s))
"""


def _run(hash_seed: str) -> list[str]:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env, check=True,
                         timeout=300)
    return out.stdout.splitlines()


def test_other_processes_and_hash_seeds_give_the_same_games() -> None:
    one, two = _run("1"), _run("2")
    assert one == two
    assert len(one) == 2 * len(available_variants())
    import random

    from maumau_rules import apply, legal_moves, new_game

    here = []
    for v in available_variants():
        for k in range(2):
            players = min(v.players[0] + k, v.players[1])
            s = new_game(v, players=players, seed=100 + k)
            rnd = random.Random(k)
            while not s.is_over:
                s = apply(s, rnd.choice(legal_moves(s)))
            here.append(f"{v.id} {players} {state_digest(s)}")
    assert here == one


def test_replaying_seed_and_moves_gives_equal_states() -> None:
    for v in available_variants("maumau"):  # check_game is Mau-Mau's; Malilla: tests/properties/test_malilla.py
        final, moves = check_game(v, v.players[0], seed=7, choice_seed=7)
        assert final.turn == len(moves)
