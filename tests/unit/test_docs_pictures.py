"""The reference's pictures (docs/_ext/maumau_spec.py, issue 28), generated without a Sphinx build: every variant page
shows its special cards and its worked example step by step, the Malilla page draws the source's trick move by move
and a whole hand trick by trick, the player's page shows a table; each picture is SVG drawn by the library."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from types import ModuleType
from typing import Any

import pytest

from maumau_rules import Card, Suit, available_variants, parse_cards
from maumau_rules.families.maumau import explain

from ..helpers import docs_extension


@pytest.fixture(scope="module")
def spec() -> ModuleType:
    return docs_extension()


@pytest.fixture(scope="module")
def data(spec: ModuleType) -> Any:
    return spec.SpecData.load()


def _shown(spec: ModuleType, page: str) -> list[str]:
    """The pictures a page shows, in order (each one written by the generator)."""
    names = re.findall(r"\.\. (?:image|figure):: /_generated/pictures/([\w.-]+)\.svg", page)
    assert all(n in spec._PICTURES for n in names)
    return names


def _cards(svg: str) -> list[str]:
    return [e.get("data-card", "") for e in ET.fromstring(svg).iter() if e.get("data-card")]


@pytest.mark.parametrize("v", list(available_variants()), ids=lambda v: v.id)
def test_every_variant_page_shows_its_special_cards_and_its_example(spec: ModuleType, data: Any, v: Any) -> None:
    spec._PICTURES.clear()
    page = spec.page_variant(data, v)
    names = _shown(spec, page)
    for name in names:
        root = ET.fromstring(spec._PICTURES[name])
        assert root.tag == "{http://www.w3.org/2000/svg}svg" and root.get("aria-label")
    if v.family == "malilla":
        order = [Card(r, Suit.OROS).ascii for r in v.family_plan.order]
        assert _cards(spec._PICTURES[f"{v.id}-order"]) == order
        return
    groups = [text for text, _ in explain.card_groups(v)]
    for i, text in enumerate(groups):  # each special card group drawn, with what it does beside it
        assert _cards(spec._PICTURES[f"{v.id}-cards-{i}"]) == [c.ascii for c in parse_cards(text)]
    steps = [n for n in names if n.startswith(f"{v.id}-example-")]
    assert len(steps) >= 2 and steps[-1] == f"{v.id}-example-end"
    assert "maumau-steps" in page and f"Step {len(steps) - 1}: seat" in page


def test_the_malilla_page_draws_the_trick_move_by_move_and_the_hand_trick_by_trick(spec: ModuleType,
                                                                                   data: Any) -> None:
    spec._PICTURES.clear()
    page = spec.page_malilla(data)
    names = _shown(spec, page)
    trick = [n for n in names if n.startswith("scn-mal-02-")]
    assert trick[-1] == "scn-mal-02-end" and len(trick) >= 5
    played = _cards(spec._PICTURES["scn-mal-02-end"])
    for card in ("Ror", "1or", "7or", "2co"):  # the end shows the trick the source plays, and no hand
        assert card in played
    assert len(played) == 4 + 1  # the four cards of the trick and the trump card
    assert len([n for n in names if n.startswith("scn-mal-03-trick-")]) == 10


def test_the_players_page_shows_a_table_of_each_game(spec: ModuleType, data: Any) -> None:
    spec._PICTURES.clear()
    page = spec.page_playing(data)
    assert _shown(spec, page) == ["playing-standard", "playing-malilla"]
    assert "At the table" in page
    for name in ("playing-standard", "playing-malilla"):  # the card just played is ringed, as the page says
        assert 'stroke-dasharray="7 4"' in spec._PICTURES[name]
