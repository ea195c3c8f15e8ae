"""Distributed runs on Ray (issue 16): a local Ray instance plays the same games as one process."""

from __future__ import annotations

import pytest

from maumau_rules.simulate import simulate


@pytest.mark.slow
@pytest.mark.nox_session("integration")
def test_a_local_ray_instance_gives_the_same_result_as_one_process() -> None:
    """One light test (Ray starts slowly): a handful of games on ``ray.init(num_cpus=2)``."""
    ray = pytest.importorskip("ray", reason='Ray is not installed: pip install "maumau-rules[ray]"')
    seen: list[tuple[int, int]] = []
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = simulate(["standard", "prsi"], 2, bots=["heuristic", "random"], games=12, seed=6, chunk=4,
                          ray="auto", progress=lambda done, total: seen.append((done, total)))
        assert ray.is_initialized()  # an instance started by the caller is left running
    finally:
        ray.shutdown()
    here = simulate(["standard", "prsi"], 2, bots=["heuristic", "random"], games=12, seed=6, jobs=1)
    assert on_ray == here
    assert seen[-1] == (24, 24) and len(seen) == 6
