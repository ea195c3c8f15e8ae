"""A quick exhaustive run from explicit deals (fast enough to serve as a mutation-testing runner)."""

from __future__ import annotations

from maumau_rules.families.maumau.explore import deal_set, explore, tiny_variant
from maumau_rules.tools.explore import parse_deck


def test_quick_exhaustive_run_from_explicit_deals() -> None:
    v = tiny_variant("standard", parse_deck("ranks:7/8/J"), players=2, hand=1)
    r = explore(v, 2, list(deal_set(v, 2, "1", seed=5)), max_states=400)
    assert r.acyclic and r.states == 400 and r.final_states > 0


def test_quick_run_of_a_penalize_variant() -> None:
    v = tiny_variant("standard-table", parse_deck("ranks:7/8/J"), players=2, hand=2)
    r = explore(v, 2, list(deal_set(v, 2, "1", seed=1)), max_states=300)
    assert r.acyclic and r.states == 300
