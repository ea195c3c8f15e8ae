"""The rules reference's Malilla pages (docs/_ext/maumau_spec.py), generated without a Sphinx build: the Malilla page
replays the source's worked trick with each refused move's reason code and rule, the variant pages describe Malilla
from its rules, the matrix and the rules page name each variant's and rule's family, and a scenario file the engine
disagrees with stops the build."""

from __future__ import annotations

import copy
from types import ModuleType
from typing import Any

import pytest

from maumau_rules import available_variants, find_variant

from ..helpers import docs_extension


@pytest.fixture(scope="module")
def spec() -> ModuleType:
    return docs_extension()


@pytest.fixture(scope="module")
def data(spec: ModuleType) -> Any:
    return spec.SpecData.load()


def flat(text: str) -> str:
    return " ".join(text.split())


def test_the_malilla_page_replays_the_source_trick(spec: ModuleType, data: Any) -> None:
    page = flat(spec.page_malilla(data))
    assert page.startswith(".. _malilla: Malilla =======")
    intro = page.split("Variants")[0]  # for players first: the game, then the notation, then the engine
    assert intro.index("four players in two teams") < intro.index("Cards are written") < intro.index("For developers")
    assert "MalillaPlan" not in intro.split("For developers")[0]
    trick = page.split(".. _example-scn-mal-02:")[1].split(".. _example-scn-mal-03:")[0]
    assert "SCN-MAL-02: The source's trick" in trick and "<src-scn-mal-02>" in trick
    # the plays in order, each refused move with its reason code and rule ID
    play = trick.split(".. list-table:: The play")[1]
    plays = [play.index(f"- ``{card}``") for card in ("Ror", "1or", "7or", "2co")]
    assert plays == sorted(plays)
    for move, reason in (("5or", "must_beat"), ("3or", "must_beat"), ("2es", "must_trump")):
        assert f"``{move}`` would be refused: ``{reason}``, :ref:`R_MAL_FOLLOW <rule-r_mal_follow>`" in trick
    # the source's player names, never mixed with seat numbers (issue 25); the seat mapping is said once
    assert "P3 takes the trick for P3 and P2's team: 3 + 4 + 5 + 0 = 12 card points and 1 for the trick, 13" in trick
    assert "The source calls the players P1, P2, P3, P4; this page does too." in trick
    assert "seat 0 (" not in trick and "(seats " not in trick
    assert "The team points stand at 13 to 0." in trick
    hand = page.split(".. _example-scn-mal-03:")[1]
    assert "Team 0 took more than 35 and scores 40 − 35 = 5; team 1 scores nothing for the hand" in hand
    assert "team 1's 3 points" in hand and "The match stands at 5 to 3." in hand
    assert hand.count("``, ``") == 30  # ten tricks of four cards in the tricks table


def test_a_scenario_the_engine_disagrees_with_stops_the_build(spec: ModuleType, data: Any) -> None:
    (name, sc), = [(n, s) for n, s in spec._malilla_scenarios(data) if s["id"] == "SCN-MAL-02"]
    wrong = copy.deepcopy(sc)
    wrong["refused"][0]["reason"] = "must_follow_suit"
    with pytest.raises(spec.ExtensionError, match="expects must_follow_suit/R_MAL_FOLLOW, the engine says must_beat"):
        spec.render_malilla_scenario(data, wrong, name)
    wrong = copy.deepcopy(sc)
    wrong["expect"]["points"] = 12
    with pytest.raises(spec.ExtensionError, match=r"expect\.points is 12, the engine gives 13"):
        spec.render_malilla_scenario(data, wrong, name)
    wrong = copy.deepcopy(sc)
    wrong["moves"][5] = "5or"
    with pytest.raises(spec.ExtensionError, match="is illegal"):
        spec.render_malilla_scenario(data, wrong, name)


def test_malilla_variant_pages_describe_the_game_from_its_rules(spec: ModuleType, data: Any) -> None:
    page = flat(spec.page_variant(data, find_variant("malilla")))
    for section in ("Setup", "Tricks", "End of the hand and scoring", "Rules and settings", "Worked examples"):
        assert f" {section} {'-' * len(section)} " in page
    assert "What the cards do" not in page and "R_MATCH" not in page
    assert ":Family: :ref:`Malilla <malilla>`" in page
    assert "Within a suit, highest first: 7, Ace, Rey, Caballo, Sota, 6, 5, 4, 3, 2" in page
    assert "``must_follow_suit``, ``must_beat`` or ``must_trump``" in page and "Refused:" in page
    assert ":ref:`SCN-MAL-02: The source's trick: beat, beat with the malilla, trump <example-scn-mal-02>`" in page
    table = flat(spec.page_variant(data, find_variant("malilla-table")))
    assert "Played, as at a real table" in table and "(with the rules of ``malilla``)" in table


def test_the_matrix_and_the_rules_page_show_each_family(spec: ModuleType, data: Any) -> None:
    for v in available_variants():
        row = spec.key_settings(v)
        assert row["Family"] == ("Mau-Mau" if v.family == "maumau" else ":ref:`Malilla <malilla>`")
        assert list(row) == list(spec.key_settings(find_variant("standard")))
    malilla = spec.key_settings(find_variant("malilla"))
    assert malilla["Wild"] == malilla["Last-card call"] == "—" and malilla["Scoring"] == "over 35 of 70; to 35"
    assert malilla["Deck"] == "40 Spanish" and malilla["Hand size"] == "10"
    matrix = spec.page_matrix(data)
    assert matrix.count(":ref:`Malilla <malilla>`") >= 3  # the two Malilla rows and the note
    rules = flat(spec.page_rules(data))
    assert "- :ref:`R_MAL_FOLLOW <rule-r_mal_follow>` - Malilla: follow, beat, trump - legality - :ref:`Malilla " \
           "<malilla>` - all Malilla variants" in rules
    assert "- :ref:`R_DEAL <rule-r_deal>` - The deal - setup - Mau-Mau - all Mau-Mau variants" in rules
    index = flat(spec.page_variant_index(data))
    assert "- ``malilla-table`` - :ref:`Malilla <malilla>` -" in index
    differences = spec.differences(find_variant("malilla"), find_variant("standard"))
    assert differences[0] == ("Family", ":ref:`Malilla <malilla>`", "Mau-Mau")
    assert all("<rule->" not in cell for row in differences for cell in row)
    playing = spec.page_playing(data)
    assert "Another game: Malilla" in playing and "``maumau play --variant malilla``" in playing
