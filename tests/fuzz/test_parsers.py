"""Fuzzing every parser of outside input: a value or a ``MauMauError``, never another exception.

Each Hypothesis test feeds random text and mutations of valid inputs; ``INPUTS`` counts what was
tried (printed at the end of the module with ``-s``). ``test_standalone_run`` runs the seeded fuzzer
of :mod:`maumau_rules.tools.fuzz` as well.
"""

from __future__ import annotations

import contextlib
import random
from collections import Counter
from collections.abc import Callable, Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from maumau_rules import DeckSpec, MauMauError, load_variant
from maumau_rules.rules.base import CardSet
from maumau_rules.tools.fuzz import TARGETS, mutate, run, seeds_for

from ..properties._support import examples

INPUTS: Counter[str] = Counter()
@pytest.fixture(autouse=True, scope="module")
def _report() -> Iterator[None]:
    yield
    print(f"\nfuzz inputs tried: {sum(INPUTS.values())} ({dict(INPUTS)})")


def _feed(name: str, text: str) -> None:
    INPUTS[name] += 1
    fn: Callable[[str], object] = TARGETS[name]
    with contextlib.suppress(MauMauError):
        fn(text)


NAMES = sorted(TARGETS)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=examples(1))
@given(text=st.text(max_size=60))
def test_random_text(name: str, text: str) -> None:
    _feed(name, text)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=examples(1))
@given(data=st.data(), seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_mutated_valid_input(name: str, data: st.DataObject, seed: int) -> None:
    corpus = seeds_for(name) or [""]
    text = mutate(random.Random(seed), data.draw(st.sampled_from(corpus)))
    _feed(name, text)


def test_valid_seeds_parse() -> None:
    for name in NAMES:
        for text in seeds_for(name):
            TARGETS[name](text)


def test_standalone_run() -> None:
    targets = list(NAMES)
    r = run(inputs=400, seed=7, targets=targets)
    INPUTS["standalone"] += r.tried
    assert r.crashes == []
    assert all(c["ok"] + c["error"] == 400 for c in r.per_target.values())


def test_deck_notation_round_trips() -> None:
    d = DeckSpec(ranks=tuple(CardSet.parse(["7", "8", "J"]).ranks))
    assert DeckSpec.parse(str(d)) == d


@pytest.mark.parametrize("extra", [
    'aliases = 0', 'sources = 5', 'version = "x"', 'version = [1]', 'version = inf',
    '[rules.R_DEAL]\npackets = ["a"]',
])
def test_load_variant_rejects_wrong_types_with_variant_error(extra: str) -> None:
    text = '[variant]\nid = "t"\nname = "T"\ndeck = "french-32"\nplayers = [2, 4]\n' + extra
    with pytest.raises(MauMauError):
        load_variant(text)


@pytest.mark.parametrize("text", ["callout ²", "callout ⑻"])
def test_callout_with_unicode_digits_is_a_notation_error(text: str) -> None:
    from maumau_rules import parse_move

    with pytest.raises(MauMauError):
        parse_move(text)
