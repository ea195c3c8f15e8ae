"""The adapter examples run (in their quick mode) and report what they played."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(script: str, *args: str) -> str:
    result = subprocess.run([sys.executable, str(ROOT / "examples" / script), "--quick", *args], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout


def test_pettingzoo_random_loop_example_runs() -> None:
    out = _run("pettingzoo_random_loop.py", "--variant", "prsi", "--players", "3")
    m = re.search(r"prsi, 3 players, (\d+) rounds, (\d+) decisions", out)
    assert m is not None and int(m.group(1)) == 5 and int(m.group(2)) > 5
    assert len(re.findall(r"player_\d: mean round reward [+-]\d", out)) == 3


def test_openspiel_mcts_example_runs_and_mcts_beats_random() -> None:
    out = _run("openspiel_mcts_vs_random.py")
    m = re.search(r"MCTS won (\d+) of (\d+) rounds", out)
    assert m is not None and int(m.group(2)) == 6
    mean = re.search(r"mean return: MCTS ([+-][\d.]+), a random bot ([+-][\d.]+)", out)
    assert mean is not None and float(mean.group(1)) > float(mean.group(2))
